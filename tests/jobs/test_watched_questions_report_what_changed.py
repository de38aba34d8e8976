"""Watched questions through a real worker whose beat starts due watches: the run is an ordinary
job of the user's (counted against their daily dollars), and when it is done it says what
changed against the report before it: a figure whose value differs (old and new, with the
sources and dates of both), a claim the evidence no longer supports and a claim added. The
comparison is on the run's API JSON, its report page and the `done` webhook."""

import time
import uuid
from datetime import timedelta

import pytest
from django.utils import timezone
from standardwebhooks.webhooks import Webhook

from jobs import services, watches, webhooks
from jobs.models import Job, Watch
from jobs.runtime.errors import ApplicationError
from tests.factories import JobFactory, UserFactory
from tests.helpers import wait_for_job
from tests.local_http import LocalServer, Reply
from tests.workers import WorkerProcess

QUESTION = "How many cars did Voltara Motors deliver in 2025?"
INVENTED = "Voltara Motors also bought every battery cell from Orion Cell Works under a contract of 2019."


@pytest.fixture(scope="module")
def receiver():
    with LocalServer(routes={"/hooks": Reply(status=204)}) as server:
        yield server


@pytest.fixture(scope="module")
def watch_worker(receiver, live_db, django_db_blocker):
    from research_project.celery import app

    app.control.purge()
    with django_db_blocker.unblock():
        worker = WorkerProcess(
            env={"WATCH_TICK_SECONDS": "1", "FETCH_ALLOW_LOOPBACK_HOSTS": f"127.0.0.1:{receiver.port}"}
        ).start()
    yield worker
    worker.stop()


def bump_first_figure(text: str) -> tuple[str, str, str]:
    """The sentence with its first figure's last digit changed: (new text, old figure, new figure)."""
    figure = watches.figures(text)[0]
    i = max(j for j, ch in enumerate(figure) if ch.isdigit())
    changed = figure[:i] + str((int(figure[i]) + 1) % 10) + figure[i + 1 :]
    return text.replace(figure, changed, 1), figure, changed


@pytest.fixture(scope="module")
def watch_run(watch_worker, receiver, live_db, django_db_blocker):
    """A real report, edited to play the earlier report (one figure different, an invented claim,
    one real sentence missing), watched, and a run the beat starts once the watch is due."""
    from django.conf import settings as dj_settings

    with django_db_blocker.unblock():
        alice = UserFactory(username=f"alice-{uuid.uuid4().hex[:8]}")
        origin = wait_for_job(services.job_create(user=alice, question=QUESTION, depth="quick").pk, timeout=240)
        assert origin.status == Job.Status.DONE, origin.error
        report = origin.report
        sentences = [
            (si, ti, t["text"]) for si, s in enumerate(report["sections"]) for ti, t in enumerate(s["sentences"])
        ]
        with_figure = next((x for x in sentences if watches.figures(x[2])), None)
        assert with_figure, "the report states no figure"
        si, ti, text = with_figure
        edited, real_figure, earlier_figure = bump_first_figure(text)
        report["sections"][si]["sentences"][ti]["text"] = edited
        removed = next(x for x in sentences if x[:2] != (si, ti))
        del report["sections"][removed[0]]["sentences"][removed[1]]
        citations = report["sections"][si]["sentences"][0]["citations"] if report["sections"][si]["sentences"] else []
        report["sections"][si]["sentences"].append({"text": INVENTED, "citations": citations})
        Job.objects.filter(pk=origin.pk).update(report=report)

        allowed = dj_settings.FETCH_ALLOW_LOOPBACK_HOSTS
        dj_settings.FETCH_ALLOW_LOOPBACK_HOSTS = [f"127.0.0.1:{receiver.port}"]
        try:
            endpoint = webhooks.webhook_create(
                user=alice, url=f"http://127.0.0.1:{receiver.port}/hooks", events=["done"]
            )
        finally:
            dj_settings.FETCH_ALLOW_LOOPBACK_HOSTS = allowed
        watch = watches.watch_create(user=alice, job_id=origin.pk, schedule="daily")
        assert watch.next_run_at > timezone.now() + timedelta(hours=23)
        Watch.objects.filter(pk=watch.pk).update(next_run_at=timezone.now() - timedelta(seconds=1))
        run = None
        deadline = timezone.now() + timedelta(seconds=60)
        while run is None and timezone.now() < deadline:
            run = Job.objects.filter(watch=watch).first()
            time.sleep(0.2)
        assert run is not None, watch_worker.log()
        run = wait_for_job(run.pk, timeout=240)
        for _ in range(300):
            run.refresh_from_db()
            if run.what_changed is not None and any(r.path == "/hooks" for r in receiver.requests):
                break
            time.sleep(0.2)
        watch.refresh_from_db()
        return {
            "alice": alice,
            "origin": origin,
            "run": run,
            "watch": watch,
            "edited": edited,
            "removed": removed[2],
            "real_figure": real_figure,
            "earlier_figure": earlier_figure,
            "endpoint": endpoint,
        }


pytestmark = [pytest.mark.worker, pytest.mark.postgres]


def test_the_beat_starts_the_due_run_as_a_job_of_the_user_and_moves_the_schedule(watch_run):
    run, watch = watch_run["run"], watch_run["watch"]
    assert run.status == Job.Status.DONE, run.error
    assert run.user_id == watch_run["alice"].pk and run.question == QUESTION
    assert run.budget_usd_micros == watch.budget_usd_micros
    assert watch.last_run_at is not None and watch.last_error == ""
    assert watch.next_run_at > timezone.now() + timedelta(hours=23)
    assert Job.objects.filter(watch=watch).count() == 1


def test_the_run_says_which_figure_changed_with_both_values_and_sources(watch_run):
    changed = watch_run["run"].what_changed
    assert changed["previous_job_id"] == str(watch_run["origin"].pk)
    figures = [f for f in changed["figures_changed"] if f["previous_claim"] == watch_run["edited"]]
    assert figures, changed["figures_changed"]
    assert {"old": watch_run["earlier_figure"], "new": watch_run["real_figure"]} in figures[0]["changes"]
    for side in ("old_sources", "new_sources"):
        assert figures[0][side] and {"url", "title", "published_at", "fetched_at"} <= set(figures[0][side][0])


def test_the_run_lists_claims_no_longer_supported_and_claims_added(watch_run):
    changed = watch_run["run"].what_changed
    assert INVENTED in [c["text"] for c in changed["claims_no_longer_supported"]]
    assert watch_run["removed"] in [c["text"] for c in changed["claims_added"]]
    assert changed["summary"].startswith(f"{len(changed['claims_added'])} claims added")


def test_what_changed_is_in_the_api_json_and_on_the_report_page(watch_run, live, api_for, client):
    run = watch_run["run"]
    body = api_for(watch_run["alice"]).get(f"/v1/research/{run.pk}").json()
    assert body["what_changed"] == run.what_changed and body["watch_id"] == watch_run["watch"].pk
    client.force_login(watch_run["alice"])
    page = client.get(f"/research/{run.pk}").content.decode()
    assert 'id="what-changed"' in page and "Figures that changed" in page
    assert f"{watch_run['earlier_figure']} → {watch_run['real_figure']}" in page


def test_the_done_webhook_carries_what_changed(watch_run, receiver):
    posts = [r for r in receiver.requests if r.path == "/hooks"]
    assert posts
    payload = Webhook(watch_run["endpoint"].secret).verify(posts[-1].body, posts[-1].headers)
    assert payload["type"] == "done" and payload["data"]["job_id"] == str(watch_run["run"].pk)
    assert payload["data"]["what_changed"] == watch_run["run"].what_changed


def test_a_due_run_past_the_daily_limit_does_not_start_and_says_why(db, settings, no_enqueue):
    settings.MAX_DAILY_USD_PER_USER = 1.5
    bob = UserFactory(username="bob-watch")
    origin = JobFactory(
        user=bob,
        status=Job.Status.DONE,
        report={"sections": [], "sources": [], "not_found": []},
        budget_usd_micros=1_000_000,
        sources=["web"],
    )
    watch = watches.watch_create(user=bob, job_id=origin.pk, schedule="weekly")
    JobFactory(user=bob, budget_usd_micros=1_000_000)  # an open job holding 1 USD of today's 1.5
    Watch.objects.filter(pk=watch.pk).update(next_run_at=timezone.now())
    assert watches.watches_run_due() == 0
    watch.refresh_from_db()
    assert "daily limit" in watch.last_error
    assert watch.next_run_at > timezone.now() + timedelta(days=6)
    assert not Job.objects.filter(watch=watch).exists()


def test_only_a_finished_report_of_ones_own_can_be_watched(db, settings):
    alice, bob = UserFactory(username="alice-w2"), UserFactory(username="bob-w2")
    running = JobFactory(user=alice)
    done = JobFactory(user=alice, status=Job.Status.DONE, report={"sections": []})
    with pytest.raises(ApplicationError) as info:
        watches.watch_create(user=alice, job_id=running.pk, schedule="daily")
    assert info.value.status == 409
    with pytest.raises(ApplicationError) as info:
        watches.watch_create(user=bob, job_id=done.pk, schedule="daily")
    assert info.value.status == 404
    with pytest.raises(ApplicationError) as info:
        watches.watch_create(user=alice, job_id=done.pk, schedule="hourly")
    assert info.value.field == "schedule"
    assert not Watch.objects.exists()


def _report(*texts):
    return {"sections": [{"heading": "S", "sentences": [{"text": t, "citations": []} for t in texts]}], "sources": []}


def test_a_claim_stated_again_is_paired_with_itself_and_one_that_drops_a_figure_is_a_new_claim(db):
    user = UserFactory(username=f"carol-{uuid.uuid4().hex[:8]}")
    both = "Orvane Tractors is the largest tractor maker by 2025 deliveries and delivered 412,000 tractors."
    previous = JobFactory(user=user, status=Job.Status.DONE, report=_report(both, "Orvane Tractors sells 14 models."))
    current = JobFactory(
        user=user,
        status=Job.Status.DONE,
        report=_report(
            "Orvane Tractors is the largest tractor maker by 2025 deliveries.", both, "Orvane Tractors sells 15 models."
        ),
    )
    changed = watches.compare_reports(previous, current)
    assert [c["text"] for c in changed["claims_added"]] == [
        "Orvane Tractors is the largest tractor maker by 2025 deliveries."
    ]
    assert changed["claims_no_longer_supported"] == []
    assert [(c["previous_claim"], c["changes"]) for c in changed["figures_changed"]] == [
        ("Orvane Tractors sells 14 models.", [{"old": "14", "new": "15"}])
    ]
