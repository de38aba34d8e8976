"""Documents of the local corpus and of users' upload collections: ingesting them and
searching them with the database's full-text search (PostgreSQL tsvector or SQLite FTS5)."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from django.contrib.postgres.search import SearchHeadline, SearchQuery, SearchVector
from django.db import connection, transaction

from agents import text as tx
from agents.models import Document
from agents.sources import clean as cleaning
from agents.sources import quality, store
from agents.sources.urls import domain_of, normalise

SNIPPET_WORDS = 30
TF_SHARE = 0.1
# Pages about the corpus itself (its "about" notice) are documentation, not part of its world.
UNSEARCHED_KINDS = ("about",)


@dataclass(frozen=True)
class SearchHit:
    url: str
    title: str
    snippet: str
    published: dt.date | None
    domain: str
    quality: float
    document_id: int


def document_ingest(
    *,
    url: str,
    body: bytes,
    content_type: str,
    collection: str = Document.DEMO_COLLECTION,
    owner=None,
    title: str | None = None,
    published: dt.date | None = None,
    kind: str = "",
) -> Document:
    """Store a document's raw body, clean it and index it. Returns the existing document when
    the same URL is already in the collection. Raises CleaningFailed for an unreadable body."""
    url = normalise(url) if url.startswith("http") else url
    existing = Document.objects.filter(collection=collection, owner=owner, url=url).first()
    if existing:
        return existing
    page = cleaning.clean(body, content_type, url)
    raw_ref = store.put_bytes("raw", body)
    doc = Document(
        owner=owner,
        collection=collection,
        url=url,
        title=(title or page.title or url)[:500],
        published=published or page.published,
        kind=kind,
        content_type=content_type,
        raw_ref=raw_ref,
        text=page.text,
        size_bytes=len(body),
    )
    doc.quality = quality.score_page(url, doc.title, page.text, doc.published)
    with transaction.atomic():
        doc.save()
        index_document(doc)
    return doc


def index_document(doc: Document) -> None:
    """Make a saved document searchable. PostgreSQL: fill its tsvector (SQLite's FTS5 table
    is kept in step by triggers)."""
    if connection.vendor == "postgresql":
        Document.objects.filter(pk=doc.pk).update(
            search_vector=SearchVector("title", weight="A", config="english")
            + SearchVector("text", weight="B", config="english")
        )


def _query_terms(query: str) -> list[str]:
    words = [w.lower() for w in re.findall(r"[A-Za-z0-9]+", query)]
    return list(dict.fromkeys(w for w in words if w not in tx.STOPWORDS and len(w) > 1))[:16]


def search(query: str, *, collection: str = Document.DEMO_COLLECTION, owner=None, limit: int = 8) -> list[SearchHit]:
    """Rank documents of one collection (of one owner) for `query`: any term may match, more
    and rarer terms rank higher. Returns at most `limit` hits."""
    terms = _query_terms(query)
    if not terms:
        return []
    if connection.vendor == "postgresql":
        rows = _search_postgres(terms, collection, owner, limit)
    else:
        rows = _search_sqlite(terms, collection, owner, limit)
    return [
        SearchHit(
            url=d.url,
            title=d.title,
            snippet=snippet,
            published=d.published,
            domain=domain_of(d.url),
            quality=d.quality,
            document_id=d.pk,
        )
        for d, snippet in rows
    ]


# Rank by which of the query's terms a page holds, each weighted by how rare it is in the
# collection (BM25's inverse document frequency): "Katowice" outweighs "cells" and "plant". A
# term's frequency within the page only breaks ties (TF_SHARE), so a page that repeats a name in
# its title and text does not outrank one that holds more of the question's terms. One statement:
# built as an ORM expression (a sum over up to 16 terms) it cost more to compile than to run.
# Every CTE is MATERIALIZED and each page's tsvector is detoasted once (`|| ''::tsvector`, the
# same vector): left to the planner, which guesses one row per CTE, the statement re-read every
# page's stored vector for each term and recounted the collection for every match (41 ms per
# search on the demo corpus under load, 70 ms alone; 6 ms now, the same ranking).
_POSTGRES_RANK_SQL = """
WITH terms AS MATERIALIZED (
    SELECT DISTINCT to_tsquery('english', t) AS tq FROM unnest(%(terms)s::text[]) AS t
), docs AS MATERIALIZED (
    SELECT id, search_vector || ''::tsvector AS search_vector FROM documents
    WHERE collection = %(collection)s AND {owner} AND status = 'ready' AND NOT (kind = ANY(%(unsearched)s))
), hits AS MATERIALIZED (
    SELECT docs.id, terms.tq, ts_rank(docs.search_vector, terms.tq) AS tf
    FROM docs JOIN terms ON docs.search_vector @@ terms.tq
), df AS MATERIALIZED (
    SELECT tq, count(*) AS n FROM hits GROUP BY tq
), total AS MATERIALIZED (SELECT count(*) AS n FROM docs)
SELECT hits.id
FROM hits JOIN df ON df.tq = hits.tq CROSS JOIN total
GROUP BY hits.id
ORDER BY sum(ln((total.n - df.n + 0.5) / (df.n + 0.5) + 1) * (1 + %(tf_share)s * hits.tf)) DESC, hits.id
LIMIT %(limit)s
"""


def _search_postgres(terms, collection, owner, limit):
    params = {
        "collection": collection,
        "owner": None if owner is None else owner.pk,
        "unsearched": list(UNSEARCHED_KINDS),
        "terms": terms,
        "tf_share": TF_SHARE,
        "limit": limit,
    }
    owner_sql = "owner_id IS NULL" if owner is None else "owner_id = %(owner)s"
    with connection.cursor() as cur:
        cur.execute(_POSTGRES_RANK_SQL.format(owner=owner_sql), params)
        ranked = [pk for (pk,) in cur.fetchall()]
    either = SearchQuery(" | ".join(terms), search_type="raw", config="english")
    docs = Document.objects.annotate(
        snippet=SearchHeadline(
            "text", either, config="english", start_sel="", stop_sel="", max_words=SNIPPET_WORDS, min_words=12
        )
    ).in_bulk(ranked)
    return [(docs[pk], re.sub(r"\s+", " ", docs[pk].snippet)) for pk in ranked if pk in docs]


def _search_sqlite(terms, collection, owner, limit):
    match = " OR ".join(f'"{t}"' for t in terms)
    owner_sql = "d.owner_id IS NULL" if owner is None else "d.owner_id = %s"
    params = [match, collection] + ([] if owner is None else [owner.pk]) + [limit]
    with connection.cursor() as cur:
        cur.execute(
            f"""SELECT d.id, snippet(documents_fts, 1, '', '', '…', {SNIPPET_WORDS})
                FROM documents_fts JOIN documents d ON d.id = documents_fts.rowid
                WHERE documents_fts MATCH %s AND d.collection = %s AND {owner_sql} AND d.kind NOT IN ('about')
                  AND d.status = 'ready'
                ORDER BY bm25(documents_fts, 4.0, 1.0), d.id LIMIT %s""",
            params,
        )
        found = cur.fetchall()
    docs = Document.objects.in_bulk([pk for pk, _ in found])
    return [(docs[pk], re.sub(r"\s+", " ", snippet)) for pk, snippet in found if pk in docs]


def find(url: str, owner=None) -> Document | None:
    """The document behind `url` in the demo corpus or in the uploads of `owner` (a user or a
    user's id), if any."""
    key = normalise(url) if url.startswith("http") else url
    qs = Document.objects.filter(url=key, status=Document.Status.READY)
    owner_id = getattr(owner, "pk", owner)
    if owner_id is None:
        return qs.filter(owner__isnull=True).first()
    return qs.filter(owner_id=owner_id).first() or qs.filter(owner__isnull=True).first()


CHUNK_WORDS = 120
MARKER_TITLE_CHARS = 100
SEMANTIC_MIN_SIMILARITY = 0.25


def chunk_and_embed(doc: Document) -> int:
    """Split a document into passages of about CHUNK_WORDS words (whole sentences) and store
    each with its embedding, replacing its chunks. Returns the number of chunks."""
    from agents.models import DocumentChunk

    chunks = document_chunks(doc)
    with transaction.atomic():
        DocumentChunk.objects.filter(document=doc).delete()
        DocumentChunk.objects.bulk_create(chunks)
    return len(chunks)


def document_chunks(doc: Document) -> list:
    """The passages of a saved document with their embeddings, as unsaved DocumentChunk rows.
    Computing embeddings takes seconds: callers do it outside any transaction."""
    from agents.models import DocumentChunk
    from agents.sources import embeddings

    spans, start, words = [], None, 0
    for sentence in tx.sentences(doc.text):
        if start is None:
            start = sentence.start
        words += len(sentence.text.split())
        end = sentence.end
        if words >= CHUNK_WORDS:
            spans.append((start, end))
            start, words = None, 0
    if start is not None:
        spans.append((start, end))
    if not spans and doc.text.strip():
        spans = [(0, len(doc.text))]
    vectors = embeddings.embed([f"{doc.title}. {doc.text[a:b]}" for a, b in spans])
    return [
        DocumentChunk(document=doc, position=i, char_start=a, char_end=b, vector=embeddings.to_bytes(v))
        for i, ((a, b), v) in enumerate(zip(spans, vectors))
    ]


def semantic_search(description: str, *, owner, collection: str = "uploads", limit: int = 8) -> list[SearchHit]:
    """The owner's documents ranked by how close their best passage is in meaning to
    `description` (cosine of MiniLM embeddings), closest first."""
    import numpy as np

    from agents.models import DocumentChunk
    from agents.sources import embeddings

    docs = {d.pk: d for d in Document.objects.filter(collection=collection, owner=owner, status=Document.Status.READY)}
    missing = [d for d in docs.values() if not d.chunks.exists()]
    for doc in missing:  # documents stored before they had embeddings
        chunk_and_embed(doc)
    rows = list(
        DocumentChunk.objects.filter(document_id__in=docs).values_list(
            "document_id", "char_start", "char_end", "vector"
        )
    )
    if not rows:
        return []
    matrix = np.vstack([embeddings.from_bytes(bytes(r[3])) for r in rows])
    scores = matrix @ embeddings.embed([description])[0]
    best: dict[int, tuple[float, int, int]] = {}
    for (doc_id, start, end, _), score in zip(rows, scores):
        if score > best.get(doc_id, (-2.0,))[0]:
            best[doc_id] = (float(score), start, end)
    ranked = sorted(((s, d, a, b) for d, (s, a, b) in best.items() if s >= SEMANTIC_MIN_SIMILARITY), reverse=True)[
        :limit
    ]
    return [
        SearchHit(
            url=docs[d].url,
            title=docs[d].title,
            snippet=docs[d].text[a:b][:300],
            published=docs[d].published,
            domain=domain_of(docs[d].url),
            quality=docs[d].quality,
            document_id=d,
        )
        for _, d, a, b in ranked
    ]


def find_by_name(name: str, *, owner, collection: str = "uploads", limit: int = 8) -> list[SearchHit]:
    """The owner's documents whose file name or title contains every word of `name`."""
    words = [w.lower() for w in re.findall(r"[A-Za-z0-9]+", name)]
    if not words:
        return []
    qs = Document.objects.filter(collection=collection, owner=owner, status=Document.Status.READY)
    hits = []
    for doc in qs.order_by("title", "pk"):
        haystack = f"{doc.title} {doc.url.rsplit('/', 1)[-1]}".lower()
        if all(w in haystack for w in words):
            hits.append(
                SearchHit(
                    url=doc.url,
                    title=doc.title,
                    snippet=doc.text[:300],
                    published=doc.published,
                    domain=domain_of(doc.url),
                    quality=doc.quality,
                    document_id=doc.pk,
                )
            )
    return hits[:limit]


def collection_markers(*, owner, collection: str = "uploads", limit: int = 50) -> list[str]:
    """Markers of a collection, not its content (seed 000): file name, title, size, date."""
    out = []
    for doc in Document.objects.filter(collection=collection, owner=owner, status=Document.Status.READY).order_by(
        "title", "pk"
    )[:limit]:
        filename = doc.url.rsplit("/", 1)[-1]
        date = doc.published.isoformat() if doc.published else "undated"
        title = doc.title if doc.title and doc.title != filename else "(no title)"
        out.append(f"{filename} | {title[:MARKER_TITLE_CHARS]} | {doc.size_bytes // 1024 or 1} KB | {date}")
    return out
