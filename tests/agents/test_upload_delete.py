"""upload_delete removes an upload and everything kept to find and read it (its row and so its
full-text entry, its passages and embeddings, its owner's page cache entry, its stored bytes
and cleaned text), while a report that quoted it keeps its quotes and nothing of another user's
(bob uploaded the same bytes) is touched."""

import pytest
from django.db import connection

from agents.models import Document, DocumentChunk
from agents.sources import documents, pages, store
from agents.uploads import upload_delete
from jobs import selectors
from jobs.models import PageCache
from jobs.runtime.errors import ApplicationError
from tests.documents import make_pdf
from tests.factories import JobFactory, NoteFactory, SourceFactory, ready_upload

pytestmark = pytest.mark.django_db
QUOTE = "Fjordline Cells AS supplies the LFP battery cells for the Norvik Skarv."
MEMO = [QUOTE, "Kaiyo Battery Works supplies the pouch cells for the Norvik Fjord."]


def stored(ref: str) -> bool:
    return store._storage().exists(ref)


def index_rows(doc_id: int) -> int:
    """Rows of the full-text index for a document: SQLite's FTS5 table; PostgreSQL's tsvector
    lives in the document row itself."""
    with connection.cursor() as cur:
        if connection.vendor == "sqlite":
            cur.execute("SELECT count(*) FROM documents_fts WHERE rowid = %s", [doc_id])
        else:
            cur.execute("SELECT count(*) FROM documents WHERE id = %s AND search_vector IS NOT NULL", [doc_id])
        return cur.fetchone()[0]


@pytest.fixture
def alices_cited_memo(alice):
    """Alice's memo (a unique body), read by one of her jobs whose note quotes it."""
    memo = ready_upload(
        user=alice,
        filename="memo.pdf",
        content=make_pdf(MEMO + [f"Owner {alice.username}."]),
        content_type="application/pdf",
    )
    page = pages.get_page(memo.url, owner=alice)  # what a job reading it stores (and caches)
    job = JobFactory(user=alice, status="done")
    source = SourceFactory(job=job, url=memo.url, content_ref=page.content_ref)
    text = store.get_text(page.content_ref)
    start = text.index(QUOTE)
    note = NoteFactory(job=job, source=source, quote=QUOTE, claim=QUOTE, char_start=start, char_end=start + len(QUOTE))
    return memo, note


def test_deleting_an_upload_leaves_nothing_of_it_and_the_report_keeps_its_quote(alice, alices_cited_memo):
    memo, note = alices_cited_memo
    assert memo.status == "ready" and memo.chunks.exists() and index_rows(memo.pk) == 1
    raw_ref = memo.raw_ref
    assert stored(raw_ref) and PageCache.objects.filter(url=memo.url).exists()

    upload_delete(user=alice, upload_id=memo.pk)

    assert not Document.objects.filter(pk=memo.pk).exists()
    assert not DocumentChunk.objects.filter(document_id=memo.pk).exists()
    assert index_rows(memo.pk) == 0
    assert documents.search("Fjordline Skarv", collection="uploads", owner=alice) == []
    assert documents.semantic_search("who supplies battery cells", owner=alice) == []
    assert not PageCache.objects.filter(url=memo.url).exists()
    assert not stored(raw_ref)
    # The report's note still shows its quote on the page text its source kept.
    context = selectors.note_in_context(note=note)
    assert context["quote_found"] and context["quote"] == QUOTE


def test_bobs_copy_of_the_same_file_is_untouched(alice, bob):
    body = make_pdf(MEMO)
    alices = ready_upload(user=alice, filename="memo.pdf", content=body, content_type="application/pdf")
    bobs = ready_upload(user=bob, filename="memo.pdf", content=body, content_type="application/pdf")
    assert alices.raw_ref == bobs.raw_ref  # stored once, content-addressed
    bobs_chunks = list(bobs.chunks.values_list("pk", flat=True))

    upload_delete(user=alice, upload_id=alices.pk)

    bobs.refresh_from_db()
    assert bobs.status == "ready" and stored(bobs.raw_ref)
    assert list(bobs.chunks.values_list("pk", flat=True)) == bobs_chunks
    assert [h.url for h in documents.search("Fjordline Skarv", collection="uploads", owner=bob)] == [bobs.url]
    assert index_rows(bobs.pk) == 1


def test_bob_cannot_delete_alices_upload(alice, bob):
    memo = ready_upload(user=alice, filename="memo.pdf", content=make_pdf(MEMO), content_type="application/pdf")
    with pytest.raises(ApplicationError) as refused:
        upload_delete(user=bob, upload_id=memo.pk)
    assert refused.value.status == 404
    memo.refresh_from_db()
    assert memo.status == "ready" and memo.chunks.exists() and stored(memo.raw_ref)


def test_an_upload_deleted_while_processing_is_not_read_later(alice):
    from agents.uploads import upload_create, upload_process

    doc = upload_create(
        user=alice, filename="memo.pdf", content=make_pdf(MEMO), content_type="application/pdf", enqueue=False
    )
    upload_delete(user=alice, upload_id=doc.pk)
    assert upload_process(upload_id=doc.pk) is None
    assert not Document.objects.filter(pk=doc.pk).exists()
