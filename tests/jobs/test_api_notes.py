"""GET /v1/notes/{note_id}: a note of my job with its quote inside the stored page's text."""

import pytest

from tests.factories import NoteFactory, SourceFactory, finished_job

pytestmark = pytest.mark.django_db


def test_a_note_comes_with_its_quote_and_250_characters_each_side(alice, api_for):
    page = "A" * 400 + "Helion Cells supplies Voltara Motors." + "B" * 400
    job = finished_job(user=alice, page_text=page, quote="Helion Cells supplies Voltara Motors.")
    note = job.notes.get()
    body = api_for(alice).get(f"/v1/notes/{note.pk}").json()
    assert body["quote"] == "Helion Cells supplies Voltara Motors." and body["quote_found"] is True
    assert body["before"] == "A" * 250 and body["after"] == "B" * 250
    assert body["before"] + body["quote"] + body["after"] in page
    assert body["source"]["url"] == "https://voltara.example/press" and body["source"]["domain"] == "voltara.example"
    assert body["job_id"] == str(job.pk)


def test_a_note_whose_quote_is_not_on_the_stored_page_says_so(alice, api_for):
    from agents.sources import store

    job = finished_job(user=alice)
    note = job.notes.get()
    note.source.content_ref = store.put_text("text", "A different page.")
    note.source.save()
    body = api_for(alice).get(f"/v1/notes/{note.pk}").json()
    assert body["quote_found"] is False and body["before"] == "" and body["after"] == ""


def test_a_source_url_that_is_not_http_is_never_returned_as_a_link(alice, api_for):
    job = finished_job(user=alice)
    source = SourceFactory(job=job, url="javascript:alert(1)")
    note = NoteFactory(job=job, source=source, sq=job.subquestions.get())
    assert api_for(alice).get(f"/v1/notes/{note.pk}").json()["source"]["url"] == ""


@pytest.mark.parametrize("note_id", ["999999999", "abc", "-1"])
def test_an_unknown_note_is_404(alice, api_for, note_id):
    response = api_for(alice).get(f"/v1/notes/{note_id}")
    assert response.status_code == 404 and response.json()["field"] == "note_id"
