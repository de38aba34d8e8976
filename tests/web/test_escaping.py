"""Page text from the web is always escaped: a stored page, quote, title, heading or question
holding <script> renders as text on the report page, the live page and the HTML export, and a
javascript: URL never becomes a link."""

import pytest
from django.test import Client

from jobs.runtime import events
from tests.factories import JobFactory, finished_job

pytestmark = pytest.mark.django_db
SCRIPT = '<script>alert("pwned")</script>'


@pytest.fixture
def hostile(alice):
    quote = f"Voltara buys cells {SCRIPT} from Helion."
    page = f"<img src=x onerror=alert(1)> before the quote. {quote} After {SCRIPT}."
    job = finished_job(user=alice, page_text=page, quote=quote, title=f"Title {SCRIPT}")
    job.question = f"Who supplies Voltara? {SCRIPT}"
    job.report["sections"][0]["heading"] = f"Heading {SCRIPT}"
    job.report["not_found"] = [f"Missing {SCRIPT}"]
    job.save()
    client = Client()
    client.force_login(alice)
    return job, client


def assert_escaped(html: str):
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;" in html
    assert "<img src=x" not in html


def test_the_report_page_escapes_page_text_quotes_titles_and_headings(hostile):
    job, client = hostile
    html = client.get(f"/research/{job.pk}").content.decode()
    assert_escaped(html)
    assert "Title &lt;script&gt;" in html and "Heading &lt;script&gt;" in html and "Missing &lt;script&gt;" in html
    assert "&lt;img src=x onerror=alert(1)&gt; before the quote." in html  # the text around the quote, escaped


def test_the_html_export_escapes_page_text(hostile):
    job, client = hostile
    assert_escaped(client.get(f"/research/{job.pk}/export.html").content.decode())


def test_the_live_page_escapes_plan_and_event_text(alice):
    job = JobFactory(user=alice, question=f"Question {SCRIPT}")
    job.subquestions.create(round=1, position=0, text=f"Sub {SCRIPT}", section="Overview")
    events.emit(
        job.pk,
        "source_read",
        {"sq_id": 1, "url": "https://x.example", "title": f"Page {SCRIPT}", "notes": 1, "error": ""},
    )
    client = Client()
    client.force_login(alice)
    html = client.get(f"/research/{job.pk}").content.decode()
    assert_escaped(html)
    assert "Sub &lt;script&gt;" in html and "Page &lt;script&gt;" in html


def test_a_javascript_url_is_never_a_link(alice):
    job = finished_job(user=alice, url="https://ok.example/a")
    source = job.job_sources.get()
    job.report["sources"][0]["url"] = "javascript:alert(1)"
    job.save()
    client = Client()
    client.force_login(alice)
    html = client.get(f"/research/{job.pk}").content.decode()
    assert 'href="javascript:' not in html
    assert source.title in html
