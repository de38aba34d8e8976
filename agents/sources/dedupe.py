"""Near-duplicate pages (syndicated copies of one press release): the same text on another
domain is not an independent source, and reading it again wastes a model call."""

from __future__ import annotations

from functools import lru_cache

from agents import text as tx

SHINGLE_WORDS = 5
NEAR_DUPLICATE_JACCARD = 0.5


def shingles(text: str) -> set[tuple[str, ...]]:
    words = [w.lower() for w in tx.words(text)]
    return {tuple(words[i : i + SHINGLE_WORDS]) for i in range(max(0, len(words) - SHINGLE_WORDS + 1))}


def near_duplicate_among(mine: set, others: dict) -> int | None:
    """The id of the first shingle set in `others` that `mine` nearly duplicates, or None."""
    if not mine:
        return None
    for other_id, theirs in others.items():
        if tx.jaccard(mine, theirs) >= NEAR_DUPLICATE_JACCARD:
            return other_id
    return None


@lru_cache(maxsize=1024)
def stored_shingles(content_ref: str) -> frozenset:
    """The shingles of a stored page. A page's text never changes under its reference (the
    store is content-addressed), and every read of a job compares its page with each page the
    job read before it: each is read from the store and cut into shingles once."""
    from agents.sources import store

    return frozenset(shingles(store.get_text(content_ref)))
