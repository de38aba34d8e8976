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

from agents.models import Document
from agents.sources.documents import document_ingest
from agents.sources.urls import normalise

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
    existing = set(Document.objects.filter(collection=Document.DEMO_COLLECTION, owner=None).values_list("url", flat=True))
    for entry in manifest:
        if normalise(entry["url"]) in existing:
            present += 1
            continue
        body = (directory / entry["file"]).read_bytes()
        published = dt.date.fromisoformat(entry["published"]) if entry.get("published") else None
        document_ingest(url=entry["url"], body=body, content_type="text/html", title=entry.get("title"),
                        published=published, kind=entry.get("kind", ""))
        added += 1
    return added, present


class Command(BaseCommand):
    help = ("Load a bundled corpus into the local search index (idempotent; replaces any other public corpus). "
            "Default: the demo corpus.")

    def add_arguments(self, parser):
        parser.add_argument("--corpus", "--dir", dest="corpus", default=str(DEFAULT_DIR), metavar="DIR",
                            help="a corpus folder with manifest.json and pages/; any other public corpus in the index "
                                 "is replaced (default: the bundled demo corpus, %(default)s)")

    def handle(self, *args, **options):
        directory = Path(options["corpus"])
        if not (directory / "manifest.json").exists():
            raise CommandError(f"{directory} has no manifest.json")
        removed = remove_other_corpora(directory)
        added, present = load(directory, replace=False)
        self.stdout.write(f"corpus {directory.name}: {added} documents added, {present} already loaded, "
                          f"{removed} pages of another corpus removed")
