"""Load the bundled demo corpus (agents/sources/demo_corpus) into the local search index."""
from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from django.core.management.base import BaseCommand

from agents.models import Document
from agents.sources.documents import document_ingest
from agents.sources.urls import normalise

DEFAULT_DIR = Path(__file__).resolve().parents[2] / "sources" / "demo_corpus"


def load(directory: Path = DEFAULT_DIR) -> tuple[int, int]:
    """(documents added, documents already present)."""
    manifest = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
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
    help = "Load the bundled demo corpus into the local search index (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument("--dir", default=str(DEFAULT_DIR), metavar="DIR",
                            help="a corpus folder with manifest.json (default: the bundled demo corpus, %(default)s)")

    def handle(self, *args, **options):
        added, present = load(Path(options["dir"]))
        self.stdout.write(f"demo corpus: {added} documents added, {present} already loaded")
