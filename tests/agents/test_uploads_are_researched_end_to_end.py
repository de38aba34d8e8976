"""`sources: ["uploads"]` end to end through a real Celery worker: alice's PDF upload is
searched, read and cited with exact quotes; no query leaves the machine (the worker's web
search points at a tripwire server that must see nothing); bob's job on the same question
finds and cites nothing of alice's; the CLI researches a collection.

The worker runs on its own queue with the tripwire as its web search provider."""

import uuid

import pytest
from django.core.management import call_command

from agents.sources import store
from jobs import services
from jobs.models import Job, Note, ProviderCall, Source
from tests.documents import make_pdf
from tests.factories import ready_upload
from tests.helpers import wait_for_job
from tests.local_http import LocalServer, Reply
from tests.workers import WorkerProcess

pytestmark = [pytest.mark.worker]

QUEUE = f"test-uploads-{uuid.uuid4().hex[:6]}"
QUESTION = "Which battery suppliers does Norvik Electric use?"
MEMO = [
    "Norvik Electric internal supplier memo, March 2025.",
    "Norvik Electric buys its battery cells from two suppliers in 2025.",
    "Fjordline Cells AS supplies the LFP battery cells for the Norvik Skarv from its plant in Mo i Rana.",
    "Kaiyo Battery Works supplies the pouch battery cells for the Norvik Fjord under a contract signed in 2023.",
    "Fjordline Cells AS delivered 4.2 GWh of battery cells to Norvik Electric in 2024.",
    "The memo recommends that Norvik Electric adds a third battery supplier by 2027.",
]


@pytest.fixture(scope="module")
def tripwire():
    """A web search API that records every query it is sent: uploads research must send none."""
    with LocalServer(default=Reply.json({"results": []})) as server:
        yield server


@pytest.fixture(scope="module")
def uploads_worker(tripwire, live_db, django_db_blocker):
    env = {"CELERY_TASK_DEFAULT_QUEUE": QUEUE, "SEARCH_PROVIDER": "searxng", "SEARXNG_URL": tripwire.url}
    with django_db_blocker.unblock():
        worker = WorkerProcess(env=env, beat=False).start()
    yield worker
    worker.stop()


@pytest.fixture
def on_uploads_queue(monkeypatch):
    from jobs.tasks import job_start

    monkeypatch.setattr(
        services, "_enqueue_start", lambda job: job_start.apply_async((str(job.pk), job.epoch), queue=QUEUE)
    )


@pytest.fixture
def alice_with_memo(live, make_user):
    alice = make_user("alice")
    memo = ready_upload(
        user=alice,
        filename="norvik-supplier-memo.pdf",
        content=make_pdf(MEMO, title="Norvik supplier memo"),
        content_type="application/pdf",
    )
    return alice, memo


def research_uploads(user) -> Job:
    job = services.job_create(user=user, question=QUESTION, depth="quick", sources=["uploads"])
    return wait_for_job(job.pk, timeout=180)


def report_sentences(job):
    return [s for section in job.report["sections"] for s in section["sentences"]]


def test_a_pdf_upload_is_researched_and_cited_with_exact_quotes_without_any_web_search(
    uploads_worker, tripwire, on_uploads_queue, alice_with_memo
):
    alice, memo = alice_with_memo
    job = research_uploads(alice)
    assert job.status == Job.Status.DONE, job.error
    sentences = report_sentences(job)
    assert sentences and all(s["citations"] for s in sentences)
    assert "Fjordline Cells" in " ".join(s["text"] for s in sentences)
    cited = Note.objects.filter(job=job, note_id__in={i for s in sentences for i in s["citations"]}).select_related(
        "source"
    )
    assert cited
    for note in cited:
        assert note.source.url == memo.url
        assert store.get_text(note.source.content_ref)[note.char_start : note.char_end] == note.quote
    assert {s["url"] for s in job.report["sources"]} == {memo.url}
    searches = ProviderCall.objects.filter(job=job, kind="search")
    assert searches.exists() and set(searches.values_list("model", flat=True)) <= {
        "uploads",
        "uploads_name",
        "uploads_meaning",
    }
    assert tripwire.requests == []
    worker_prompts = [c.messages[0]["content"] for c in ProviderCall.objects.filter(job=job, role="worker")]
    assert worker_prompts and all("### find_files_by_term" in p and "### search\n" not in p for p in worker_prompts)


def test_bobs_job_on_the_same_question_finds_and_cites_nothing_of_alices(
    uploads_worker, tripwire, on_uploads_queue, alice_with_memo, make_user
):
    _, memo = alice_with_memo
    bob = make_user("bob")
    ready_upload(
        user=bob,
        filename="holiday.txt",
        content=b"Bob's notes about a holiday in Lisbon in May 2025.",
        content_type="text/plain",
    )
    job = research_uploads(bob)
    assert job.status == Job.Status.DONE, job.error
    assert not Source.objects.filter(job=job, url=memo.url).exists()
    assert not Source.objects.filter(job=job, url__startswith=f"upload://{memo.owner_id}/").exists()
    assert "Fjordline" not in str(job.report)
    assert job.report["not_found"]
    assert tripwire.requests == []


def test_the_cli_researches_a_users_collection(uploads_worker, on_uploads_queue, alice_with_memo, capsys):
    alice, memo = alice_with_memo
    call_command(
        "research",
        QUESTION,
        "--sources",
        "uploads",
        "--user",
        alice.username,
        "--depth",
        "quick",
        "--quiet",
        "--timeout",
        "180",
    )
    out = capsys.readouterr().out
    assert memo.url in out
    assert "Fjordline Cells" in out
