"""Uploads: each user's private collection of documents (PDF, HTML, Markdown, text, DOCX),
searchable through the same provider interface as the web (UploadsProvider) with the
database's full-text search, and readable only by their owner.

An upload is stored at once (`processing`) and read by a worker: its text extracted under
limits in a capped child process, indexed, its passages embedded; then it is `ready`, or
`rejected` with the reason. Only ready uploads are searched, read or listed to a model.

An upload's URL is upload://<user_id>/<doc_id>/<name>; agents/sources/pages.py reads it from
the stored document for its owner only, so another user's job can neither find nor read it.
"""

from __future__ import annotations

import hashlib
import re
import uuid
from pathlib import PurePath

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from agents.models import Document, DocumentChunk
from agents.sources import clean as cleaning
from agents.sources import store
from agents.sources.documents import document_chunks, index_document
from agents.sources.quality import UPLOAD_QUALITY
from jobs.runtime.errors import ApplicationError

COLLECTION = "uploads"
FILENAME_MAX_CHARS = 200
DOCX_TYPE = cleaning.DOCX_TYPE
# The content types an upload may have, with the file extensions that imply each one.
UPLOAD_TYPES: dict[str, tuple[str, ...]] = {
    "application/pdf": (".pdf",),
    "text/html": (".html", ".htm"),
    "text/markdown": (".md", ".markdown"),
    "text/plain": (".txt", ".text"),
    DOCX_TYPE: (".docx",),
}
# Declared types that say nothing (a browser or client that did not know): decide by extension.
UNINFORMATIVE_TYPES = {"", "application/octet-stream", "binary/octet-stream"}
_UNSAFE_NAME_CHARS = re.compile(r"[^A-Za-z0-9._-]+")


def upload_url(*, user_id, doc_id, filename: str) -> str:
    return f"upload://{user_id}/{doc_id}/{filename}"


def _clean_filename(filename) -> tuple[str, str]:
    """(display name, URL-safe name). Raises ApplicationError(field="filename")."""
    if not isinstance(filename, str):
        raise ApplicationError("filename must be a string", field="filename")
    display = PurePath(filename.replace("\\", "/")).name.strip()  # never a path, only its last part
    if not display or display in {".", ".."}:
        raise ApplicationError("filename must name a file", field="filename")
    if len(display) > FILENAME_MAX_CHARS:
        raise ApplicationError(f"filename must be at most {FILENAME_MAX_CHARS} characters", field="filename")
    safe = _UNSAFE_NAME_CHARS.sub("-", display).strip("-.") or "document"
    return display, safe


def _content_type_for(display_name: str, declared) -> str:
    """The upload's content type: the declared one when it is allowed, else the one its
    extension implies. Raises ApplicationError(field="content_type")."""
    declared = (declared or "").split(";")[0].strip().lower()
    if declared in UPLOAD_TYPES:
        return declared
    if declared in UNINFORMATIVE_TYPES:
        suffix = PurePath(display_name).suffix.lower()
        for content_type, suffixes in UPLOAD_TYPES.items():
            if suffix in suffixes:
                return content_type
        raise ApplicationError(
            f"cannot tell the type of {display_name!r}; upload PDF, HTML, Markdown, text or DOCX "
            f"(extensions {', '.join(s for group in UPLOAD_TYPES.values() for s in group)})",
            field="content_type",
        )
    raise ApplicationError(
        f"content type {declared!r} is not accepted; one of {sorted(UPLOAD_TYPES)}", field="content_type"
    )


def _check_body(content) -> None:
    """Raises ApplicationError(field="content") for an empty or oversized body. What the body
    holds (a real PDF, UTF-8 text, readable text at all) is judged by upload_process."""
    if not isinstance(content, (bytes, bytearray)):
        raise ApplicationError("content must be bytes", field="content")
    if not content:
        raise ApplicationError("the file is empty", field="content")
    if len(content) > settings.UPLOAD_MAX_BYTES:
        raise ApplicationError(
            f"the file is {len(content)} bytes; the limit is {settings.UPLOAD_MAX_BYTES} bytes",
            field="content",
            status=413,
        )


def _content_problem(content: bytes, content_type: str) -> str:
    """Why a body is not what its type says, or ""."""
    if content_type == "application/pdf" and not content[:1024].lstrip().startswith(b"%PDF-"):
        return "the file is labelled PDF but is not a PDF"
    if content_type == DOCX_TYPE and not content[:4] == b"PK\x03\x04":
        return "the file is labelled DOCX but is not a DOCX (zip) file"
    if content_type.startswith("text/"):
        try:
            content.decode("utf-8")
        except UnicodeDecodeError as exc:
            return f"the text is not UTF-8 (byte {exc.start})"
    return ""


def upload_create(*, user, filename: str, content: bytes, content_type: str = "", enqueue: bool = True) -> Document:
    """Store one file in `user`'s private upload collection, to be read by a worker
    (agents.tasks.upload_process, enqueued after commit unless `enqueue` is false). Answers at
    once: the upload is `processing` until the worker marks it `ready` or `rejected` with a
    reason.

    Returns the document (the existing one when the same user uploads the same bytes under
    the same name again). Raises ApplicationError naming the field at fault: filename,
    content_type (not PDF, HTML, Markdown, text or DOCX) or content (empty, or too large: 413)."""
    if user is None or not getattr(user, "pk", None):
        raise ApplicationError("an upload needs a saved user", field="user")
    display, safe = _clean_filename(filename)
    content_type = _content_type_for(display, content_type)
    _check_body(content)
    content = bytes(content)
    digest = hashlib.sha256(content).hexdigest()
    existing = Document.objects.filter(
        collection=COLLECTION, owner=user, raw_ref=f"raw/{digest[:2]}/{digest}", url__endswith=f"/{safe}"
    ).first()
    if existing:
        return existing
    raw_ref = store.put_bytes("raw", content)
    with transaction.atomic():
        doc = Document.objects.create(
            owner=user,
            collection=COLLECTION,
            url=f"upload://{user.pk}/pending/{uuid.uuid4().hex}",
            title=display[:500],
            filename=display,
            kind="upload",
            content_type=content_type,
            raw_ref=raw_ref,
            text="",
            size_bytes=len(content),
            quality=UPLOAD_QUALITY,
            status=Document.Status.PROCESSING,
        )
        doc.url = upload_url(user_id=user.pk, doc_id=doc.pk, filename=safe)
        doc.save(update_fields=["url"])
        if enqueue:
            transaction.on_commit(lambda: _enqueue_process(doc.pk))
    return doc


def _enqueue_process(upload_id: int) -> None:
    from agents.tasks import upload_process as task

    task.delay(upload_id)


def upload_process(*, upload_id: int) -> Document | None:
    """Read a `processing` upload: extract its text under the limits (agents/sources/extract.py,
    in a capped child process), then index it and store its passages' embeddings. Marks it
    `ready`, or `rejected` with the reason. Returns the document, or None when it is gone (deleted
    meanwhile). An upload that is no longer processing is returned as it is: a second delivery
    of the task does nothing."""
    from agents.sources.extract import ExtractionRefused, extract

    doc = Document.objects.filter(pk=upload_id, collection=COLLECTION).first()
    if doc is None or doc.status != Document.Status.PROCESSING:
        return doc
    try:
        body = store.get_bytes(doc.raw_ref)
    except (FileNotFoundError, OSError):
        return _reject(doc, "its stored bytes are missing; upload it again")
    problem = _content_problem(body, doc.content_type)
    if problem:
        return _reject(doc, problem)
    try:
        page = extract(body, doc.content_type)
    except ExtractionRefused as refused:
        return _reject(doc, refused.reason)
    doc.text, doc.published = page.text, page.published
    doc.title = (page.title or doc.filename or doc.title)[:500]
    chunks = document_chunks(doc)  # embeddings take seconds: outside the transaction
    with transaction.atomic():
        locked = Document.objects.select_for_update().filter(pk=doc.pk, status=Document.Status.PROCESSING).first()
        if locked is None:  # deleted, or finished by a twin delivery, meanwhile
            return Document.objects.filter(pk=doc.pk).first()
        Document.objects.filter(pk=doc.pk).update(
            text=doc.text,
            title=doc.title,
            published=doc.published,
            status=Document.Status.READY,
            reason="",
            processed_at=timezone.now(),
        )
        index_document(doc)
        DocumentChunk.objects.filter(document=doc).delete()
        DocumentChunk.objects.bulk_create(chunks)
    doc.refresh_from_db()
    return doc


def _reject(doc: Document, reason: str) -> Document:
    reason = f"not read: {reason}"[:500]
    Document.objects.filter(pk=doc.pk, status=Document.Status.PROCESSING).update(
        status=Document.Status.REJECTED, reason=reason, processed_at=timezone.now()
    )
    doc.refresh_from_db()
    return doc


def upload_delete(*, user, upload_id) -> None:
    """Delete one of `user`'s uploads and everything kept to find and read it: its row (and so
    its full-text index entry), its passages and their embeddings, the page cache entry of its
    owner, and its stored bytes and cleaned text unless something else still holds the same
    object (another upload of the same bytes, a cached web page, or the source of a report that
    cited it: reports keep their quotes). Nothing of any other user's is touched.
    Raises ApplicationError(404) for an upload that is not the user's."""
    from agents.sources.pages import page_cache_key
    from jobs.models import PageCache, Source

    doc = upload_get_for_user(user=user, upload_id=upload_id)
    cache = PageCache.objects.filter(url_hash=page_cache_key(doc.url, user))
    refs = (
        {doc.raw_ref} | set(cache.values_list("content_ref", flat=True)) | set(cache.values_list("raw_ref", flat=True))
    )
    with transaction.atomic():
        cache.delete()
        DocumentChunk.objects.filter(document=doc).delete()
        Document.objects.filter(pk=doc.pk).delete()
    still_held = (
        set(Document.objects.filter(raw_ref__in=refs).values_list("raw_ref", flat=True))
        | set(PageCache.objects.filter(content_ref__in=refs).values_list("content_ref", flat=True))
        | set(PageCache.objects.filter(raw_ref__in=refs).values_list("raw_ref", flat=True))
        | set(Source.objects.filter(content_ref__in=refs).values_list("content_ref", flat=True))
    )
    for ref in refs - still_held - {""}:
        store.delete(ref)


# --- selectors ------------------------------------------------------------------------------
def upload_list_for_user(*, user) -> QuerySet[Document]:
    """The user's uploads, newest first (every status)."""
    return Document.objects.filter(collection=COLLECTION, owner=user).order_by("-created_at", "-pk")


def upload_get_for_user(*, user, upload_id) -> Document:
    """The user's upload. Raises ApplicationError(404) for an upload that is not theirs or does
    not exist: the two are indistinguishable on purpose."""
    try:
        upload_id = int(upload_id)
    except (TypeError, ValueError):
        raise ApplicationError("no such upload", field="upload_id", status=404) from None
    doc = upload_list_for_user(user=user).filter(pk=upload_id).first()
    if doc is None:
        raise ApplicationError("no such upload", field="upload_id", status=404)
    return doc


def upload_content_type_for_path(path: PurePath) -> str:
    """The content type a file's extension implies, or "" when it is not an accepted type."""
    suffix = path.suffix.lower()
    return next((t for t, suffixes in UPLOAD_TYPES.items() if suffix in suffixes), "")
