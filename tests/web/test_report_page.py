"""The report page: sections with numbered citation markers, the evidence (quote in its
surrounding text), the source list, not found, the trust panel, the timeline, exports."""

import json

import pytest
from django.test import Client

from tests.factories import finished_job

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_client(alice):
    client = Client()
    client.force_login(alice)
    return client


def test_the_report_page_shows_markers_evidence_sources_trust_and_timeline(alice, alice_client):
    job = finished_job(user=alice)
    note_id = job.report["sections"][0]["sentences"][0]["citations"][0]
    html = alice_client.get(f"/research/{job.pk}").content.decode()
    assert f'<a class="cite" href="#note-{note_id}" data-note="{note_id}"' in html
    assert ">[1]</a>" in html
    assert f'id="note-{note_id}"' in html and "<mark>Voltara Motors buys its cells from Helion Cells.</mark>" in html
    assert "Intro text about the company." in html  # the text around the quote
    assert 'href="https://voltara.example/press"' in html
    assert "Nothing on Kestrel&#x27;s cathode suppliers." in html
    assert "Citation precision</dt><dd>100%" in html and "Citation coverage</dt><dd>90%" in html
    assert "Sentences rewritten</dt><dd>1" in html and "Sentences dropped</dt><dd>1" in html
    assert "12,345" in html and "$0.0679" in html
    assert '<svg class="timeline"' in html and html.count("<rect ") == 3


@pytest.mark.parametrize(
    "fmt, content_type, needle",
    [
        ("md", "text/markdown", "## Sources"),
        ("html", "text/html", "<mark>Voltara Motors buys its cells from Helion Cells.</mark>"),
        ("json", "application/json", '"sections"'),
    ],
)
def test_the_report_exports_as_markdown_html_and_json(alice, alice_client, fmt, content_type, needle):
    job = finished_job(user=alice)
    response = alice_client.get(f"/research/{job.pk}/export.{fmt}")
    assert response.status_code == 200
    assert response["Content-Type"].startswith(content_type)
    assert needle in response.content.decode()
    if fmt == "json":
        assert json.loads(response.content)["report"]["sources"][0]["url"] == "https://voltara.example/press"
