"""/v1/uploads: POST stores the file and answers 202 with status processing at once (a worker
reads it); GET lists my uploads and GET /v1/uploads/{id} shows one, with its status and, when
rejected, why. Another user's upload is 404; a file of another type, an empty one or one over
the size limit is refused, naming the field."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from agents.models import Document
from tests.documents import make_pdf
from tests.factories import ready_upload

pytestmark = pytest.mark.django_db
MEMO = ["Fjordline Cells AS supplies the LFP battery cells for the Norvik Skarv."]


def test_an_upload_is_accepted_at_once_as_processing_and_enqueued_after_commit(
    alice, api_for, django_capture_on_commit_callbacks, monkeypatch
):
    from agents import uploads

    enqueued = []
    monkeypatch.setattr(uploads, "_enqueue_process", enqueued.append)
    with django_capture_on_commit_callbacks(execute=True):
        response = api_for(alice).post(
            "/v1/uploads",
            {"file": SimpleUploadedFile("memo.pdf", make_pdf(MEMO), "application/pdf")},
            format="multipart",
        )
    assert response.status_code == 202, response.json()
    body = response.json()
    assert (body["filename"], body["status"], body["reason"], body["content_type"]) == (
        "memo.pdf",
        "processing",
        None,
        "application/pdf",
    )
    assert enqueued == [body["upload_id"]]
    assert Document.objects.get(pk=body["upload_id"]).owner == alice


def test_an_upload_shows_ready_or_rejected_with_the_reason(alice, api_for):
    ready = ready_upload(user=alice, filename="memo.pdf", content=make_pdf(MEMO), content_type="application/pdf")
    rejected = ready_upload(
        user=alice, filename="fake.pdf", content=b"not a pdf at all", content_type="application/pdf"
    )
    listed = api_for(alice).get("/v1/uploads").json()
    assert listed["count"] == 2
    by_name = {u["filename"]: u for u in listed["results"]}
    assert by_name["memo.pdf"]["status"] == "ready" and by_name["memo.pdf"]["reason"] is None
    assert by_name["fake.pdf"]["status"] == "rejected" and "not a PDF" in by_name["fake.pdf"]["reason"]
    one = api_for(alice).get(f"/v1/uploads/{rejected.pk}").json()
    assert (one["upload_id"], one["status"]) == (rejected.pk, "rejected")
    assert api_for(alice).get(f"/v1/uploads/{ready.pk}").json()["processed_at"]


def test_another_users_upload_is_404_and_not_listed(alice, bob, api_for):
    doc = ready_upload(user=alice, filename="memo.pdf", content=make_pdf(MEMO), content_type="application/pdf")
    assert api_for(bob).get(f"/v1/uploads/{doc.pk}").status_code == 404
    assert api_for(bob).get("/v1/uploads").json()["count"] == 0


@pytest.mark.parametrize(
    "upload, status",
    [
        (SimpleUploadedFile("photo.png", b"\x89PNG\r\n", "image/png"), 400),
        (SimpleUploadedFile("empty.txt", b"", "text/plain"), 400),
    ],
)
def test_a_file_of_another_type_or_empty_is_refused_naming_the_file(alice, api_for, upload, status):
    response = api_for(alice).post("/v1/uploads", {"file": upload}, format="multipart")
    assert (response.status_code, response.json()["field"]) == (status, "file")
    assert not Document.objects.filter(owner=alice).exists()


def test_a_file_over_the_size_limit_is_413(alice, api_for, settings):
    settings.UPLOAD_MAX_BYTES = 100
    response = api_for(alice).post(
        "/v1/uploads", {"file": SimpleUploadedFile("a.txt", b"x" * 101, "text/plain")}, format="multipart"
    )
    assert (response.status_code, response.json()["field"]) == (413, "file")


def test_an_upload_without_a_file_is_400_naming_the_field(alice, api_for):
    response = api_for(alice).post("/v1/uploads", {}, format="multipart")
    assert response.status_code == 400 and response.json()["field"] == "file"
