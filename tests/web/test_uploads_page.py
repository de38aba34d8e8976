"""From the browser: the uploads page lists my files with their status (processing, ready,
rejected and why), uploads one or several at once, and deletes a file; a finished job's page
deletes the job. Another user's files and jobs are 404 there."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from agents.models import Document
from jobs.models import Job
from tests.documents import make_pdf
from tests.factories import JobFactory, finished_job, ready_upload

pytestmark = pytest.mark.django_db
MEMO = ["Fjordline Cells AS supplies the LFP battery cells for the Norvik Skarv."]


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_page_lists_my_files_with_their_status_and_why_a_file_was_rejected(alice, bob):
    ready_upload(user=alice, filename="memo.pdf", content=make_pdf(MEMO), content_type="application/pdf")
    ready_upload(user=alice, filename="broken.pdf", content=b"not a pdf", content_type="application/pdf")
    ready_upload(
        user=bob, filename="bobs-notes.txt", content=b"Bob's notes on the Lisbon trip.", content_type="text/plain"
    )
    html = client_of(alice).get("/research/uploads").content.decode()
    assert "memo.pdf" in html and "Ready" in html
    assert "broken.pdf" in html and "Rejected" in html and "not a PDF" in html
    assert "bobs-notes.txt" not in html


def test_several_files_are_uploaded_at_once_and_shown_processing(
    alice, django_capture_on_commit_callbacks, monkeypatch
):
    from agents import uploads

    enqueued = []
    monkeypatch.setattr(uploads, "_enqueue_process", enqueued.append)
    files = [
        SimpleUploadedFile("a.txt", b"First file with enough words.", "text/plain"),
        SimpleUploadedFile("b.md", b"# Second\n\nAnother file with words.", "text/markdown"),
        SimpleUploadedFile("c.png", b"\x89PNG\r\n", "image/png"),
    ]
    with django_capture_on_commit_callbacks(execute=True):
        response = client_of(alice).post("/research/uploads", {"files": files}, follow=True)
    html = response.content.decode()
    docs = Document.objects.filter(owner=alice).order_by("filename")
    assert [(d.filename, d.status) for d in docs] == [("a.txt", "processing"), ("b.md", "processing")]
    assert sorted(enqueued) == sorted(d.pk for d in docs)
    assert "c.png" in html and "not accepted" in html  # the refused one says why
    assert '<meta http-equiv="refresh"' in html  # the page follows the processing ones


def test_a_file_is_deleted_from_the_page_and_bob_cannot_delete_it(alice, bob):
    doc = ready_upload(user=alice, filename="memo.pdf", content=make_pdf(MEMO), content_type="application/pdf")
    assert client_of(bob).post(f"/research/uploads/{doc.pk}/delete").status_code == 404
    assert Document.objects.filter(pk=doc.pk).exists()
    response = client_of(alice).post(f"/research/uploads/{doc.pk}/delete", follow=True)
    assert response.status_code == 200 and "File deleted" in response.content.decode()
    assert not Document.objects.filter(pk=doc.pk).exists()


def test_the_ask_page_links_to_the_uploads_page(alice):
    assert 'href="/research/uploads"' in client_of(alice).get("/research/new").content.decode()


def test_a_finished_job_is_deleted_from_its_page_a_running_one_offers_no_delete(alice, bob):
    done, running = finished_job(user=alice), JobFactory(user=alice, status="researching")
    assert 'id="delete-job"' in client_of(alice).get(f"/research/{done.pk}").content.decode()
    assert 'id="delete-job"' not in client_of(alice).get(f"/research/{running.pk}").content.decode()
    assert client_of(bob).post(f"/research/{done.pk}/delete").status_code == 404
    response = client_of(alice).post(f"/research/{done.pk}/delete", follow=True)
    assert response.redirect_chain[-1][0] == "/research/"
    assert not Job.objects.filter(pk=done.pk).exists()
    client_of(alice).post(f"/research/{running.pk}/delete")
    assert Job.objects.filter(pk=running.pk).exists()
