"""Getting the cleaned text of a page, through the page cache.

A URL of the local corpus (or of the job owner's uploads) is read from its stored document;
any other URL is fetched safely from the web. Either way the body is cleaned and stored
(content_ref) and the page cache, keyed by the normalised URL's hash, makes a repeated
fetch free until it expires.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from agents.sources import clean as cleaning
from agents.sources import documents, fetch, store
from agents.sources.urls import normalise, url_hash
from jobs.models import PageCache
from jobs.runtime.errors import PermanentStepError


@dataclass(frozen=True)
class Page:
    url: str
    url_hash: str
    content_ref: str
    title: str
    published: dt.date | None
    content_type: str
    fetched_at: dt.datetime
    from_cache: bool


def page_cache_key(url: str, owner) -> str:
    """The page cache key of `url` as `owner` (a user, a user's id, or None) reads it. Uploads
    are private: their cache entries are keyed by owner too."""
    owner_id = getattr(owner, "pk", owner)
    return url_hash(url if url.startswith("http") else f"{'-' if owner_id is None else owner_id}:{url}")


def get_page(url: str, *, owner=None) -> Page:
    """The cleaned page at `url` as `owner` (a user, a user's id, or None) reads it. Raises
    FetchRefused, FetchFailed (permanent), FetchUnavailable (transient) or PermanentStepError
    when the body has no readable text."""
    key = page_cache_key(url, owner)
    now = timezone.now()
    cached = PageCache.objects.filter(url_hash=key, expires_at__gt=now).first()
    if cached:
        return Page(
            url=cached.url,
            url_hash=key,
            content_ref=cached.content_ref,
            title=cached.title,
            published=cached.published_at,
            content_type=cached.content_type,
            fetched_at=cached.fetched_at,
            from_cache=True,
        )
    doc = documents.find(url, owner=owner)
    if doc is not None:
        content_ref = store.put_text("page", doc.text)
        title, published, content_type, raw_ref = doc.title, doc.published, doc.content_type, doc.raw_ref
    else:
        if not url.startswith(("http://", "https://")):
            raise fetch.FetchRefused(f"{url!r} is neither a web page nor a document you can read")
        fetched = fetch.fetch(url)
        try:
            page = cleaning.clean(fetched.body, fetched.content_type, fetched.final_url)
        except cleaning.CleaningFailed as exc:
            raise PermanentStepError(f"{url}: {exc}") from exc
        content_ref = store.put_text("page", page.text)
        raw_ref = store.put_bytes("raw", fetched.body)
        title, published, content_type = page.title, page.published, fetched.content_type
    # One upsert statement (INSERT … ON CONFLICT DO UPDATE), not a locked read then a write.
    fields = {
        "url": normalise(url) if url.startswith("http") else url,
        "content_ref": content_ref,
        "raw_ref": raw_ref,
        "title": title[:500],
        "published_at": published,
        "content_type": content_type,
        "fetched_at": now,
        "expires_at": now + timedelta(seconds=settings.PAGE_CACHE_TTL_SECONDS),
    }
    PageCache.objects.bulk_create(
        [PageCache(url_hash=key, **fields)],
        update_conflicts=True,
        unique_fields=["url_hash"],
        update_fields=list(fields),
    )
    return Page(
        url=url,
        url_hash=key,
        content_ref=content_ref,
        title=title,
        published=published,
        content_type=content_type,
        fetched_at=now,
        from_cache=False,
    )
