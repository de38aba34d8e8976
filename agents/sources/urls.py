"""URL normalisation (courlan) and the hashes pages and sources are keyed by."""

from __future__ import annotations

import hashlib
from urllib.parse import urlsplit

from courlan import normalize_url


def normalise(url: str) -> str:
    """A canonical form of `url`: lower-case host, no fragment, sorted query, no tracking."""
    try:
        normalised = normalize_url(url.strip())
    except (ValueError, TypeError):
        normalised = url.strip()
    return normalised.split("#", 1)[0]


def url_hash(url: str) -> str:
    return hashlib.sha256(normalise(url).encode("utf-8")).hexdigest()


def domain_of(url: str) -> str:
    if url.startswith("upload://"):
        return "uploads"  # upload://<user_id>/<doc_id>/<name>: its "host" is a user id
    host = (urlsplit(url).hostname or "").lower()
    return host[4:] if host.startswith("www.") else host
