"""`load_uploads` on a busy machine: embeddings take seconds per file, and PostgreSQL ends a
session that sits idle inside a transaction for DB_IDLE_IN_TRANSACTION_TIMEOUT_MS (10 s by
default), so they must be computed with no transaction open. 70 files load with the default
settings."""

import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection

from agents.models import Document, DocumentChunk
from agents.sources import embeddings
from agents.uploads import upload_create, upload_process
from tests.workers import test_database_url as database_url

pytestmark = [pytest.mark.postgres]

FILES = 70
PARAGRAPH = (
    "Kaiyo Battery Works supplies pouch cells to Norvik Motors from its plant in Sendai. "
    "The contract covers {n} gigawatt-hours a year until 2031, with a price reviewed every spring. "
)


def _open_transaction() -> bool:
    """Whether this connection holds a transaction open on the server (not only Django's flag)."""
    if connection.in_atomic_block:
        return True
    raw = connection.connection
    if raw is None:
        return False
    import psycopg

    return raw.info.transaction_status != psycopg.pq.TransactionStatus.IDLE


def test_embeddings_are_computed_with_no_transaction_open(live, monkeypatch):
    user = get_user_model().objects.create(username=f"embedder-{os.getpid()}-{id(monkeypatch)}")
    seen = []
    real_embed = embeddings.embed

    def embed(texts):
        seen.append(_open_transaction())
        return real_embed(texts)

    monkeypatch.setattr(embeddings, "embed", embed)
    try:
        doc = upload_create(
            user=user,
            filename="memo.md",
            content=(PARAGRAPH.format(n=7) * 40).encode(),
            content_type="text/markdown",
            enqueue=False,
        )
        doc = upload_process(upload_id=doc.pk)
        assert doc.status == Document.Status.READY, doc.reason
        assert seen and not any(seen), "embeddings were computed inside a database transaction"
        assert DocumentChunk.objects.filter(document=doc).exists()
    finally:
        Document.objects.filter(owner=user).delete()
        user.delete()


def test_seventy_files_load_with_the_default_settings(live, tmp_path):
    for i in range(FILES):
        # One passage each (embedding a passage takes ~2 s on this busy machine).
        (tmp_path / f"memo-{i:02d}.md").write_text(f"# Memo {i}\n\n" + PARAGRAPH.format(n=i))
    username = f"loader-{os.getpid()}"
    env = {k: v for k, v in os.environ.items() if not k.startswith("DB_")}
    env.update(DATABASE_URL=database_url(), REDIS_URL=settings.REDIS_URL, PYTHONWARNINGS="ignore")
    try:
        result = subprocess.run(
            [sys.executable, "manage.py", "load_uploads", str(tmp_path), "--user", username],
            cwd=settings.BASE_DIR,
            env=env,
            capture_output=True,
            text=True,
            timeout=1200,
        )
        assert result.returncode == 0, result.stderr[-3000:]
        assert f"{FILES} files ready, 0 rejected, 0 skipped, 0 refused" in result.stdout, result.stdout[-2000:]
        user = get_user_model().objects.get(username=username)
        assert Document.objects.filter(owner=user, status=Document.Status.READY).count() == FILES
    finally:
        Document.objects.filter(owner__username=username).delete()
        get_user_model().objects.filter(username=username).delete()
