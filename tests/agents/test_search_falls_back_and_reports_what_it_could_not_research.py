"""Search provider failure end to end, through a real Celery worker that searches fake
SearXNG and Brave APIs on 127.0.0.1 and fetches real pages from a local web server:
the first provider down -> the fallback is used and the job reports from the pages it found;
both down -> every sub-question is marked not researched and the report's not_found names it.

The worker runs with its own provider settings on its own queue, so the session's worker
(plain local search) never picks these jobs up."""

import json
import uuid
from pathlib import Path

import pytest
from django.db import close_old_connections

from agents.sources import documents
from jobs import services
from jobs.models import Job, ProviderCall, Source, SubQuestion
from tests.helpers import wait_for_job
from tests.local_http import LocalServer, Reply
from tests.workers import WorkerProcess

pytestmark = [pytest.mark.worker]

CORPUS = Path(__file__).resolve().parents[2] / "agents" / "sources" / "demo_corpus"
QUEUE = f"test-search-fallback-{uuid.uuid4().hex[:6]}"
QUESTION = "Which battery suppliers does Norvik Electric use?"


class FakeWeb:
    """The demo corpus served as real web pages, a fake SearXNG and a fake Brave API whose
    answers come from the corpus' full-text index, with a switch to take each API down."""

    def __init__(self):
        manifest = json.loads((CORPUS / "manifest.json").read_text(encoding="utf-8"))
        self.files = {e["url"]: e["file"].split("/", 1)[1] for e in manifest}
        self.down = {"searxng": True, "brave": False}
        self.web = LocalServer(default=self._page)
        self.searxng = LocalServer({"/search": lambda r: self._api("searxng", r)})
        self.brave = LocalServer({"/res/v1/web/search": lambda r: self._api("brave", r)})

    def __enter__(self):
        for server in (self.web, self.searxng, self.brave):
            server.start()
        return self

    def __exit__(self, *exc):
        for server in (self.web, self.searxng, self.brave):
            server.stop()

    def _page(self, request):
        path = CORPUS / "pages" / request.path.lstrip("/")
        if not path.is_file():
            return Reply(status=404, body="no such page")
        return Reply(body=path.read_bytes())

    def _hits(self, query: str) -> list[dict]:
        try:
            hits = documents.search(query, limit=8)
        finally:
            close_old_connections()
        return [
            {
                "url": f"{self.web.url}/{self.files[h.url]}",
                "title": h.title,
                "snippet": h.snippet,
                "date": h.published.isoformat() if h.published else None,
            }
            for h in hits
            if h.url in self.files
        ]

    def _api(self, name: str, request):
        if self.down[name]:
            return Reply(status=503, body="down for maintenance")
        hits = self._hits(request.query["q"][0])
        return Reply.json(
            {
                "web": {
                    "results": [
                        {"url": h["url"], "title": h["title"], "description": h["snippet"], "page_age": h["date"]}
                        for h in hits
                    ]
                }
            }
        )


@pytest.fixture(scope="module")
def fake_web(live_db, django_db_blocker):
    with django_db_blocker.unblock(), FakeWeb() as web:
        yield web


@pytest.fixture(scope="module")
def search_worker_process(fake_web, live_db, django_db_blocker):
    env = {
        "CELERY_TASK_DEFAULT_QUEUE": QUEUE,
        "SEARCH_PROVIDER": "searxng",
        "SEARXNG_URL": fake_web.searxng.url,
        "SEARCH_FALLBACK_PROVIDER": "brave",
        "BRAVE_API_URL": f"{fake_web.brave.url}/res/v1/web/search",
        "BRAVE_API_KEY": "test-brave-key",
        "SEARCH_ATTEMPTS": "2",
        "FETCH_ALLOW_LOOPBACK_HOSTS": f"127.0.0.1:{fake_web.web.port}",
    }
    with django_db_blocker.unblock():
        worker = WorkerProcess(env=env, beat=False).start()
    yield worker
    worker.stop()


def run_job(make_user, monkeypatch, question: str = QUESTION) -> Job:
    from jobs.tasks import job_start

    monkeypatch.setattr(
        services, "_enqueue_start", lambda job: job_start.apply_async((str(job.pk), job.epoch), queue=QUEUE)
    )
    job = services.job_create(user=make_user("fallback"), question=question, depth="quick")
    return wait_for_job(job.pk, timeout=180)


def test_when_the_first_provider_is_down_the_fallback_finds_the_pages_and_the_job_reports(
    fake_web, search_worker_process, live, make_user, monkeypatch
):
    fake_web.down.update(searxng=True, brave=False)
    job = run_job(make_user, monkeypatch)
    assert job.status == Job.Status.DONE, job.error
    calls = ProviderCall.objects.filter(job=job, kind="search")
    assert calls.filter(model="searxng", ok=False).exists() and not calls.filter(model="searxng", ok=True).exists()
    assert calls.filter(model="brave", ok=True).exists()
    assert all(c.usd_micros == 0 for c in calls.filter(ok=False))
    read = Source.objects.filter(job=job, fetched_at__isnull=False)
    assert read.exists() and all(s.url.startswith(fake_web.web.url) for s in read)
    sentences = [s for section in job.report["sections"] for s in section["sentences"]]
    assert sentences and all(s["citations"] for s in sentences)
    assert "Borealis Power Systems" in " ".join(s["text"] for s in sentences)


def test_when_every_provider_is_down_each_subquestion_is_reported_as_not_researched(
    fake_web, search_worker_process, live, make_user, monkeypatch
):
    fake_web.down.update(searxng=True, brave=True)
    job = run_job(make_user, monkeypatch, question="Which battery suppliers does Kestrel Automotive use?")
    assert job.status == Job.Status.DONE, job.error
    subquestions = list(SubQuestion.objects.filter(job=job))
    assert subquestions and all(sq.status == SubQuestion.Status.NOT_RESEARCHED for sq in subquestions)
    for sq in subquestions:
        assert f"Could not be researched (search unavailable): {sq.text}" in job.report["not_found"]
    assert not Source.objects.filter(job=job).exists()
    assert not ProviderCall.objects.filter(job=job, kind="search", ok=True).exists()
