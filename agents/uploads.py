"""Uploads: each user's private collection of documents (PDF, HTML, Markdown, text, DOCX),
searchable through the same provider interface as the web (UploadsProvider) with the
database's full-text search, and readable only by their owner.

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

from agents.models import Document
from agents.sources import clean as cleaning
from agents.sources import store
from agents.sources.documents import chunk_and_embed, index_document
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
            field="content_type")
    raise ApplicationError(f"content type {declared!r} is not accepted; one of {sorted(UPLOAD_TYPES)}",
                           field="content_type")


def _check_body(content, content_type: str) -> None:
    """Raises ApplicationError(field="content") for an empty, oversized or mislabelled body."""
    if not isinstance(content, (bytes, bytearray)):
        raise ApplicationError("content must be bytes", field="content")
    if not content:
        raise ApplicationError("the file is empty", field="content")
    if len(content) > settings.UPLOAD_MAX_BYTES:
        raise ApplicationError(f"the file is {len(content)} bytes; the limit is {settings.UPLOAD_MAX_BYTES} bytes",
                               field="content", status=413)
    if content_type == "application/pdf" and not bytes(content[:1024]).lstrip().startswith(b"%PDF-"):
        raise ApplicationError("the file is labelled PDF but is not a PDF", field="content")
    if content_type == DOCX_TYPE and not bytes(content[:4]) == b"PK\x03\x04":
        raise ApplicationError("the file is labelled DOCX but is not a DOCX (zip) file", field="content")
    if content_type.startswith("text/"):
        try:
            bytes(content).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ApplicationError(f"the text is not UTF-8 (byte {exc.start})", field="content") from exc


def upload_create(*, user, filename: str, content: bytes, content_type: str = "") -> Document:
    """Store, clean and index one file in `user`'s private upload collection.

    Returns the document (the existing one when the same user uploads the same bytes under
    the same name again). Raises ApplicationError naming the field at fault: filename,
    content_type (not PDF, HTML, Markdown, text or DOCX) or content (empty, too large, not
    what its type says, or without readable text)."""
    if user is None or not getattr(user, "pk", None):
        raise ApplicationError("an upload needs a saved user", field="user")
    display, safe = _clean_filename(filename)
    content_type = _content_type_for(display, content_type)
    _check_body(content, content_type)
    content = bytes(content)
    digest = hashlib.sha256(content).hexdigest()
    existing = Document.objects.filter(collection=COLLECTION, owner=user, raw_ref=f"raw/{digest[:2]}/{digest}",
                                       url__endswith=f"/{safe}").first()
    if existing:
        return existing
    try:
        page = cleaning.clean(content, content_type)
    except cleaning.CleaningFailed as exc:
        raise ApplicationError(f"no readable text in {display!r}: {exc}", field="content") from exc
    raw_ref = store.put_bytes("raw", content)
    with transaction.atomic():
        doc = Document.objects.create(
            owner=user, collection=COLLECTION, url=f"upload://{user.pk}/pending/{uuid.uuid4().hex}",
            title=(page.title or display)[:500], published=page.published, kind="upload", content_type=content_type,
            raw_ref=raw_ref, text=page.text, size_bytes=len(content), quality=UPLOAD_QUALITY,
        )
        doc.url = upload_url(user_id=user.pk, doc_id=doc.pk, filename=safe)
        doc.save(update_fields=["url"])
        index_document(doc)
        chunk_and_embed(doc)
    return doc


def upload_content_type_for_path(path: PurePath) -> str:
    """The content type a file's extension implies, or "" when it is not an accepted type."""
    suffix = path.suffix.lower()
    return next((t for t, suffixes in UPLOAD_TYPES.items() if suffix in suffixes), "")
