"""Content-addressed object storage for page bodies: raw bytes and cleaned text.

A content_ref is `<kind>/<sha256[:2]>/<sha256>`; the same body is stored once however many
jobs read it, and a ref never changes meaning (stage-1 citation checks rely on that).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

from django.core.files.base import ContentFile
from django.core.files.storage import storages


def _storage():
    return storages["pages"]


def ref_of(kind: str, data: bytes) -> str:
    """The content_ref `data` has (or would have) when stored."""
    digest = hashlib.sha256(data).hexdigest()
    return f"{kind}/{digest[:2]}/{digest}"


def put_bytes(kind: str, data: bytes) -> str:
    """Store `data` and return its content_ref."""
    ref = ref_of(kind, data)
    storage = _storage()
    if not storage.exists(ref):
        storage.save(ref, ContentFile(data))
    return ref


def put_text(kind: str, text: str) -> str:
    return put_bytes(kind, text.encode("utf-8"))


def get_bytes(ref: str) -> bytes:
    with _storage().open(ref, "rb") as fh:
        return fh.read()


@lru_cache(maxsize=512)
def get_text(ref: str) -> str:
    """The stored text behind a content_ref (cached: refs are immutable)."""
    return get_bytes(ref).decode("utf-8")


def delete(ref: str) -> None:
    """Remove a stored object (trajectory cleanup); a missing one is fine."""
    get_text.cache_clear()
    storage = _storage()
    if storage.exists(ref):
        storage.delete(ref)
