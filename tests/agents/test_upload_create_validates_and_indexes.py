"""upload_create stores PDF, HTML, Markdown, text and DOCX files in the user's private
collection at once (processing); upload_process then reads, cleans and indexes them for
full-text search (ready), or rejects a body that is not what it says with the reason. A file of
another type, empty, too large or badly named is refused by upload_create with an
ApplicationError naming the field. And the load_uploads command loads a folder."""

import datetime as dt

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from agents.models import Document
from agents.sources import documents
from agents.uploads import upload_create
from jobs.runtime.errors import ApplicationError
from tests.documents import make_docx, make_pdf
from tests.factories import ready_upload

MEMO_LINES = [
    "Norvik Electric internal supplier memo, March 2025.",
    "Fjordline Cells AS supplies the LFP battery cells for the Norvik Skarv from its plant in Mo i Rana.",
    "Kaiyo Battery Works supplies the pouch cells for the Norvik Fjord under a contract signed in 2023.",
]


def test_a_pdf_upload_is_stored_cleaned_indexed_and_addressed_by_an_upload_url(alice):
    doc = ready_upload(
        user=alice,
        filename="Supplier memo (2025).pdf",
        content=make_pdf(MEMO_LINES, title="Norvik supplier memo", created=dt.date(2025, 3, 14)),
        content_type="application/pdf",
    )
    assert doc.url == f"upload://{alice.pk}/{doc.pk}/Supplier-memo-2025-.pdf"
    assert (doc.owner, doc.collection, doc.title, doc.published) == (
        alice,
        "uploads",
        "Norvik supplier memo",
        dt.date(2025, 3, 14),
    )
    assert "Fjordline Cells AS supplies the LFP battery cells" in doc.text
    hits = documents.search("Fjordline cells Skarv", collection="uploads", owner=alice)
    assert [h.url for h in hits] == [doc.url]


@pytest.mark.parametrize(
    "filename, content_type, body",
    [
        ("notes.md", "text/markdown", b"# Notes\n\nFjordline Cells AS supplies LFP cells to Norvik Electric.\n"),
        ("notes.txt", "text/plain", b"Fjordline Cells AS supplies LFP cells to Norvik Electric for the Skarv."),
        (
            "page.html",
            "text/html",
            (
                b"<html><head><title>Memo</title></head><body><article><p>Fjordline Cells AS supplies LFP "
                b"cells to Norvik Electric for the Skarv, the memo says.</p></article></body></html>"
            ),
        ),
        (
            "memo.docx",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            make_docx(["Fjordline Cells AS supplies LFP cells to Norvik Electric for the Skarv."], title="Memo"),
        ),
    ],
)
def test_markdown_text_html_and_docx_are_accepted_and_searchable(alice, filename, content_type, body):
    doc = ready_upload(user=alice, filename=filename, content=body, content_type=content_type)
    assert doc.content_type == content_type
    assert "Fjordline Cells AS supplies LFP cells to Norvik Electric" in doc.text
    assert documents.search("Fjordline Norvik", collection="uploads", owner=alice)[0].url == doc.url


def test_an_uninformative_declared_type_is_decided_by_the_extension(alice):
    doc = ready_upload(
        user=alice, filename="memo.pdf", content=make_pdf(MEMO_LINES), content_type="application/octet-stream"
    )
    assert doc.content_type == "application/pdf"


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"filename": "photo.png", "content": b"\x89PNG\r\n", "content_type": "image/png"}, "content_type"),
        ({"filename": "archive.bin", "content": b"data", "content_type": ""}, "content_type"),
        ({"filename": "empty.txt", "content": b"", "content_type": "text/plain"}, "content"),
        ({"filename": "", "content": b"some text here", "content_type": "text/plain"}, "filename"),
        ({"filename": "../..", "content": b"some text here", "content_type": "text/plain"}, "filename"),
        ({"filename": "x" * 250 + ".txt", "content": b"some text here", "content_type": "text/plain"}, "filename"),
    ],
)
def test_bad_uploads_are_refused_naming_the_field(alice, kwargs, field):
    with pytest.raises(ApplicationError) as refused:
        upload_create(user=alice, **kwargs)
    assert refused.value.field == field
    assert not Document.objects.filter(owner=alice).exists()


@pytest.mark.parametrize(
    "kwargs, reason",
    [
        ({"filename": "fake.pdf", "content": b"just text, not a pdf", "content_type": "application/pdf"}, "not a PDF"),
        ({"filename": "fake.docx", "content": b"just text", "content_type": ""}, "not a DOCX"),
        (
            {"filename": "latin1.txt", "content": "Caf\u00e9 Lumen".encode("latin-1"), "content_type": "text/plain"},
            "not UTF-8",
        ),
        (
            {
                "filename": "nav.html",
                "content": b"<html><body><nav>Home</nav></body></html>",
                "content_type": "text/html",
            },
            "no readable text",
        ),
    ],
)
def test_a_body_that_is_not_what_it_says_is_rejected_with_the_reason(alice, kwargs, reason):
    doc = upload_create(user=alice, enqueue=False, **kwargs)
    assert doc.status == Document.Status.PROCESSING and doc.text == ""
    doc = ready_upload(user=alice, **kwargs)
    assert doc.status == Document.Status.REJECTED
    assert reason in doc.reason
    assert documents.search("Lumen Home text pdf", collection="uploads", owner=alice) == []
    assert not doc.chunks.exists()


def test_a_file_over_the_size_limit_is_refused_with_413(alice, settings):
    settings.UPLOAD_MAX_BYTES = 1000
    with pytest.raises(ApplicationError) as refused:
        upload_create(user=alice, filename="big.txt", content=b"word " * 400, content_type="text/plain")
    assert (refused.value.field, refused.value.status) == ("content", 413)


def test_a_path_in_the_filename_is_reduced_to_its_last_part(alice):
    doc = upload_create(
        user=alice, filename="../../etc/notes.txt", content=b"Five words are in here.", content_type="text/plain"
    )
    assert doc.url.endswith("/notes.txt") and ".." not in doc.url


def test_uploading_the_same_file_again_returns_the_same_document(alice):
    body = make_pdf(MEMO_LINES)
    first = upload_create(user=alice, filename="memo.pdf", content=body, content_type="application/pdf")
    again = upload_create(user=alice, filename="memo.pdf", content=body, content_type="application/pdf")
    assert again.pk == first.pk
    assert Document.objects.filter(owner=alice).count() == 1


def test_load_uploads_loads_a_folder_into_the_named_users_collection(alice, tmp_path, capsys):
    (tmp_path / "memo.pdf").write_bytes(make_pdf(MEMO_LINES))
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "notes.md").write_text("# Notes\n\nKaiyo Battery Works supplies pouch cells to Norvik.\n")
    (tmp_path / "photo.png").write_bytes(b"\x89PNG\r\n")
    call_command("load_uploads", str(tmp_path), "--user", alice.username)
    call_command("load_uploads", str(tmp_path), "--user", alice.username)  # idempotent
    out = capsys.readouterr().out
    assert "2 files ready, 0 rejected, 1 skipped, 0 refused" in out
    docs = Document.objects.filter(owner=alice, collection="uploads")
    assert sorted(d.url.rsplit("/", 1)[1] for d in docs) == ["memo.pdf", "notes.md"]


def test_research_on_uploads_refuses_a_user_who_has_none(bob):
    with pytest.raises(CommandError, match="no uploads"):
        call_command(
            "research",
            "Which battery suppliers does Norvik Electric use?",
            "--sources",
            "uploads",
            "--user",
            bob.username,
            "--quiet",
        )
