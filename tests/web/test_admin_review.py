"""Admin: claim review records who and when without touching the claim's history; the cancel
action; the cost and precision filters."""

import pytest
from django.test import Client

from jobs.models import Job, ReportClaim
from tests.factories import JobFactory, UserFactory, finished_job

pytestmark = pytest.mark.django_db


@pytest.fixture
def reviewer(db):
    user = UserFactory(username="reviewer", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(user)
    return user, client


def test_a_reviewer_overrides_a_verdict_and_who_and_when_are_recorded(alice, reviewer):
    user, client = reviewer
    job = finished_job(user=alice)
    history = [{"text": "v1", "note_ids": [1], "verdict": "partial", "reason": "", "stage": "draft"}]
    claim = ReportClaim.objects.create(
        job=job, section="Overview", sentence="A sentence.", note_ids=[1], verdict="partial", history=history
    )
    response = client.post(
        f"/admin/jobs/reportclaim/{claim.pk}/change/",
        {"override_verdict": "supported", "override_note": "checked the plant registry"},
    )
    assert response.status_code == 302
    claim.refresh_from_db()
    assert (claim.override_verdict, claim.override_by, claim.override_note) == (
        "supported",
        user,
        "checked the plant registry",
    )
    assert claim.override_at is not None
    assert claim.verdict == "partial" and claim.history == history


def test_the_cancel_action_cancels_open_jobs_and_reports_finished_ones(alice, reviewer):
    _, client = reviewer
    running, done = JobFactory(user=alice, status="researching"), JobFactory(user=alice, status="done")
    response = client.post(
        "/admin/jobs/job/", {"action": "cancel_jobs", "_selected_action": [running.pk, done.pk]}, follow=True
    )
    running.refresh_from_db()
    done.refresh_from_db()
    assert (running.status, done.status) == (Job.Status.CANCELLED, Job.Status.DONE)
    html = response.content.decode()
    assert "Cancelled 1 jobs" in html and f"{done.pk}: the job is already done" in html


def test_jobs_filter_by_cost_and_precision(alice, reviewer):
    _, client = reviewer
    cheap = JobFactory(user=alice, usd_used_micros=50_000, citation_precision=0.99)
    dear = JobFactory(user=alice, usd_used_micros=700_000, citation_precision=0.80)
    html = client.get("/admin/jobs/job/?cost=gte050").content.decode()
    assert str(dear.pk) in html and str(cheap.pk) not in html
    html = client.get("/admin/jobs/job/?precision=below").content.decode()
    assert str(dear.pk) in html and str(cheap.pk) not in html
    assert client.get(f"/admin/jobs/job/{dear.pk}/change/").status_code == 200


def test_the_quote_recheck_action_reports_a_cited_quote_missing_from_its_page(alice, reviewer):
    from agents.sources import store

    _, client = reviewer
    good, bad = finished_job(user=alice), finished_job(user=alice)
    source = bad.notes.get().source
    source.content_ref = store.put_text("text", "The page changed and the quote is gone.")
    source.save()
    html = client.post(
        "/admin/jobs/job/", {"action": "verify_cited_quotes", "_selected_action": [good.pk, bad.pk]}, follow=True
    ).content.decode()
    assert f"Job {good.pk}: 1 of 1 cited quotes found" in html
    assert (
        f"Job {bad.pk}: 0 of 1 cited quotes found on their stored pages; missing: notes [{bad.notes.get().pk}]" in html
    )
