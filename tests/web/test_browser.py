"""In headless Chromium, against the app under uvicorn with a real Celery worker: log in, ask a
question with plan approval, approve the plan when the page shows it (pushed by SSE), wait for
the report, click a citation and see its exact quote highlighted in its surrounding text."""

import shutil
import tempfile
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings

from jobs.models import CitationClick, Job, Note

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.worker,
    pytest.mark.skipif(
        CHROMIUM is None, reason="chromium is not installed (apt-get install -y chromium chromium-driver)"
    ),
]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
QUESTION = "Which battery suppliers does Norvik Electric use?"
PLAN_TIMEOUT_MS = 60_000
REPORT_TIMEOUT_MS = 240_000


@pytest.fixture
def chromium_page(monkeypatch):
    # Playwright's sync API keeps an event loop in this thread; the test's own ORM reads are
    # plain synchronous queries, which Django would otherwise refuse next to a running loop.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    profile = tempfile.mkdtemp(prefix="chromium-profile-")
    with sync_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        page = context.new_page()
        yield page
        context.close()
    shutil.rmtree(profile, ignore_errors=True)


def test_a_user_asks_approves_the_plan_reads_the_report_and_opens_a_citation(
    live_web, live_worker, live, chromium_page
):
    from tests.factories import UserFactory

    user = UserFactory(username=f"erin-{uuid.uuid4().hex[:6]}")
    user.set_password("browser-test-password")
    user.save()
    page = chromium_page
    page.goto(f"{live_web.url}/accounts/login/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", "browser-test-password")
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_web.url}/research/")

    page.goto(f"{live_web.url}/research/new")
    page.fill("#question", QUESTION)
    page.check("input[name=depth][value=quick]")
    page.check("#require_approval")
    page.click("#ask")
    page.wait_for_url(f"{live_web.url}/research/*")
    job = Job.objects.get(user=user)
    assert job.require_approval

    # The page reloads itself when the plan_ready event arrives over SSE.
    page.wait_for_selector("#approve", timeout=PLAN_TIMEOUT_MS)
    assert "Estimate before any worker starts" in page.inner_text("#plan-review")
    page.click("#approve")
    page.wait_for_selector("article.report", timeout=REPORT_TIMEOUT_MS)
    job.refresh_from_db()
    assert job.status == Job.Status.DONE, job.error

    marker = page.locator("a.cite").first
    note = Note.objects.get(pk=int(marker.get_attribute("data-note")))
    marker.click()
    popover = page.locator("#citation-popover")
    popover.wait_for(state="visible", timeout=10_000)
    assert page.inner_text("#citation-popover [data-field=quote]") == note.quote
    assert page.inner_text("#citation-popover [data-field=domain]") == note.source.domain
    assert page.locator("#citation-popover mark[data-field=quote]").count() == 1
    context_text = page.inner_text("#citation-popover p")
    assert note.quote in context_text and len(context_text) > len(note.quote)
    Path(settings.VAR_DIR, "browser-report.png").write_bytes(page.screenshot(full_page=False))
    deadline = time.monotonic() + 10
    while not CitationClick.objects.filter(job=job, note=note).exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert CitationClick.objects.filter(job=job, note=note, user=user).exists()
