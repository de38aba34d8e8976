"""Load a bundled corpus (default: agents/sources/demo_corpus) into the local search index.

The local index holds one public corpus at a time: loading a corpus removes the public pages of
any other (`--corpus agents/sources/heldout_corpus` swaps the demo corpus for the held-out one;
running the command again without `--corpus` swaps it back). Users' uploads are never touched.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from agents.models import Document
from agents.sources import quality, store
from agents.sources.clean import clean
from agents.sources.documents import document_ingest, index_document
from agents.sources.pages import page_cache_key
from agents.sources.urls import normalise
from jobs.models import PageCache

DEFAULT_DIR = Path(__file__).resolve().parents[2] / "sources" / "demo_corpus"


def _manifest(directory: Path) -> list[dict]:
    return json.loads((Path(directory) / "manifest.json").read_text(encoding="utf-8"))


def remove_other_corpora(directory: Path = DEFAULT_DIR) -> int:
    """Delete the public documents of the local index that are not pages of this corpus.
    Returns how many were removed."""
    wanted = {normalise(entry["url"]) for entry in _manifest(directory)}
    stale = Document.objects.filter(collection=Document.DEMO_COLLECTION, owner=None).exclude(url__in=wanted)
    removed = stale.count()
    if removed:
        stale.delete()
    return removed


def load(directory: Path = DEFAULT_DIR, *, replace: bool = True) -> tuple[int, int]:
    """Load a corpus directory (manifest.json + pages/) into the local index, idempotently.
    With `replace`, public pages of another corpus are removed first. Returns (documents added,
    documents already present). Raises OSError or ValueError for a missing or bad manifest."""
    directory = Path(directory)
    if replace:
        remove_other_corpora(directory)
    manifest = _manifest(directory)
    added = present = 0
    existing = dict(
        Document.objects.filter(collection=Document.DEMO_COLLECTION, owner=None).values_list("url", "raw_ref")
    )
    for entry in manifest:
        body = (directory / entry["file"]).read_bytes()
        url = normalise(entry["url"])
        if url in existing and existing[url] != store.ref_of("raw", body):
            # Another page under the same address (another corpus's, or this page edited): loaded anew.
            Document.objects.filter(collection=Document.DEMO_COLLECTION, owner=None, url=url).delete()
            del existing[url]
        if url in existing:
            present += 1
            if not _reclean_if_stale(normalise(entry["url"]), body):
                _rescore(normalise(entry["url"]))
            continue
        published = dt.date.fromisoformat(entry["published"]) if entry.get("published") else None
        # A page read before under this address (an earlier load of this or another corpus) is
        # cleaned anew: the cached copy would hide the page now loaded.
        PageCache.objects.filter(url_hash=page_cache_key(normalise(entry["url"]), None)).delete()
        document_ingest(
            url=entry["url"],
            body=body,
            content_type="text/html",
            title=entry.get("title"),
            published=published,
            kind=entry.get("kind", ""),
        )
        added += 1
    return added, present


# What the extractor made of markup that cleaning now writes as sentences (agents/sources/tables.py):
# a table ("|---|---|") and a definition list ("- Name" then "- Role"). A page cleaned before
# still holds the mark; checking for it spares cleaning every page on every load.
_STALE_MARKS = ((b"<table", "|---"), (b"<dl", "\n- "))


def _reclean_if_stale(url: str, body: bytes) -> bool:
    """Clean a loaded page again when its stored text predates table rows and definition lists
    as sentences; its page cache entry goes too, so the next read gets the new text. True when
    it changed."""
    doc = Document.objects.filter(collection=Document.DEMO_COLLECTION, owner=None, url=url).first()
    lowered = body.lower()
    if doc is None or not any(tag in lowered and mark in doc.text for tag, mark in _STALE_MARKS):
        return False
    page = clean(body, doc.content_type or "text/html", url)
    if page.text == doc.text:
        return False
    doc.text = page.text
    doc.quality = quality.score_page(url, doc.title, page.text, doc.published)
    with transaction.atomic():
        doc.save(update_fields=["text", "quality"])
        index_document(doc)
        PageCache.objects.filter(url_hash=page_cache_key(url, None)).delete()
    return True


def _rescore(url: str) -> bool:
    """Score a loaded page again when the quality signals changed since it was loaded (the
    score a search result shows comes from the index). True when its score changed."""
    doc = Document.objects.filter(collection=Document.DEMO_COLLECTION, owner=None, url=url).first()
    if doc is None:
        return False
    score = quality.score_page(url, doc.title, doc.text, doc.published)
    if abs(score - (doc.quality or 0.0)) < 1e-9:
        return False
    Document.objects.filter(pk=doc.pk).update(quality=score)
    return True


class Command(BaseCommand):
    help = (
        "Load a bundled corpus into the local search index (idempotent; replaces any other public corpus). "
        "Default: the demo corpus."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--corpus",
            "--dir",
            dest="corpus",
            default=str(DEFAULT_DIR),
            metavar="DIR",
            help="a corpus folder with manifest.json and pages/; any other public corpus in the index "
            "is replaced (default: the bundled demo corpus, %(default)s)",
        )

    def handle(self, *args, **options):
        directory = Path(options["corpus"])
        if not (directory / "manifest.json").exists():
            raise CommandError(f"{directory} has no manifest.json")
        removed = remove_other_corpora(directory)
        added, present = load(directory, replace=False)
        self.stdout.write(
            f"corpus {directory.name}: {added} documents added, {present} already loaded, "
            f"{removed} pages of another corpus removed"
        )
