"""Searchable documents: the bundled demo corpus and each user's private uploads.

Full-text search is one interface over two backends (agents/sources/local_search.py):
PostgreSQL's tsvector with a GIN index, SQLite's FTS5 in the embedded mode.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.postgres.search import SearchVectorField
from django.db import models


class Document(models.Model):
    DEMO_COLLECTION = "demo"

    class Status(models.TextChoices):
        # An upload is stored at once and read by a worker (agents.tasks.upload_process):
        # processing until then, ready when its text is indexed, rejected with a reason.
        PROCESSING = "processing"
        READY = "ready"
        REJECTED = "rejected"

    id = models.BigAutoField(primary_key=True)
    # The demo corpus is public (owner null); an upload collection belongs to one user.
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="documents"
    )
    collection = models.CharField(max_length=100, default=DEMO_COLLECTION)
    url = models.CharField(max_length=2000)
    title = models.CharField(max_length=500, blank=True, default="")
    published = models.DateField(null=True, blank=True)
    kind = models.CharField(max_length=20, blank=True, default="")
    content_type = models.CharField(max_length=100, default="text/html")
    raw_ref = models.CharField(max_length=255)
    text = models.TextField()
    size_bytes = models.PositiveIntegerField(default=0)
    quality = models.FloatField(default=0.5)
    search_vector = SearchVectorField(null=True, editable=False)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.READY)
    # Why a rejected upload was not read, in a sentence its owner can act on.
    reason = models.CharField(max_length=500, blank=True, default="")
    filename = models.CharField(max_length=200, blank=True, default="")  # as uploaded (uploads only)
    processed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "documents"
        indexes = [models.Index(fields=["owner", "collection", "status"], name="documents_owner_status")]
        constraints = [
            models.UniqueConstraint(fields=["collection", "owner", "url"], name="documents_unique_url"),
        ]

    def __str__(self) -> str:
        return self.title or self.url


class DocumentChunk(models.Model):
    """A passage of an uploaded document with its sentence embedding (all-MiniLM-L6-v2),
    for semantic search over a user's files."""

    id = models.BigAutoField(primary_key=True)
    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="chunks")
    position = models.PositiveIntegerField()
    char_start = models.PositiveIntegerField()
    char_end = models.PositiveIntegerField()
    vector = models.BinaryField()

    class Meta:
        db_table = "document_chunks"
        constraints = [models.UniqueConstraint(fields=["document", "position"], name="document_chunks_unique_position")]

    def __str__(self) -> str:
        return f"{self.document_id}#{self.position}"
