"""Near-duplicate pages (syndicated copies of one press release): the same text on another
domain is not an independent source, and reading it again wastes a model call."""

from __future__ import annotations

from agents import text as tx

SHINGLE_WORDS = 5
NEAR_DUPLICATE_JACCARD = 0.5


def shingles(text: str) -> set[tuple[str, ...]]:
    words = [w.lower() for w in tx.words(text)]
    return {tuple(words[i : i + SHINGLE_WORDS]) for i in range(max(0, len(words) - SHINGLE_WORDS + 1))}


def near_duplicate_of(text: str, others: dict[int, str]) -> int | None:
    """The id of the first text in `others` this one nearly duplicates, or None."""
    mine = shingles(text)
    if not mine:
        return None
    for other_id, other_text in others.items():
        if tx.jaccard(mine, shingles(other_text)) >= NEAR_DUPLICATE_JACCARD:
            return other_id
    return None
