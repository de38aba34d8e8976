"""What of a note the search worker (the one model that holds tools) may see: a digest made by
code of the names, figures and key terms in the reader's claim, never the page's own words.
Page text never reaches a model call that holds tools (ARCHITECTURE invariant 6); injected
instructions have nothing to travel in.

Also the key claims of a sub-question that the gap check (no tools) reads next to a worker's
own summary."""

from __future__ import annotations

import re
from functools import lru_cache

from agents import text as tx

MAX_TERMS = 6
KEY_CLAIMS_MAX = 8
KEY_CLAIMS_MAX_CHARS = 1200


@lru_cache(maxsize=4096)  # every turn of a worker renders the digest of every note it took
def note_digest(claim: str) -> str:
    """`names: A; B | places: B | figures: 1.82 million, 2025 | terms: nmc, pouch` for one claim."""
    names = list(dict.fromkeys(tx.entities(claim)))
    name_words = {w.lower() for n in names for w in n.split()}
    figures = list(dict.fromkeys(m.group(0).strip() for m in tx._NUMBER_RE.finditer(claim)))
    terms = [
        w.lower()
        for w in tx.words(claim)
        if w.lower() not in tx.STOPWORDS and w.lower() not in name_words and not w[0].isdigit() and len(w) > 2
    ]
    parts = []
    if names:
        parts.append("names: " + "; ".join(names))
    places: list[str] = []
    for n in names:
        # "in Orvieto, Italy": a place, and the place that follows it in a list.
        after = "|".join(re.escape(p) + r"," for p in places)
        if re.search(
            rf"(?:\b(?:in|at|near|outside)\s+(?:the\s+)?{'|' + after if after else ''})\s*{re.escape(n)}\b", claim
        ):
            places.append(n)
    if places:
        # Where something is ("its plant in Maribor"): what a "Where …?" sub-question waits for.
        parts.append("places: " + "; ".join(places))
    if figures:
        parts.append("figures: " + ", ".join(figures))
    if terms:
        parts.append("terms: " + ", ".join(list(dict.fromkeys(terms))[:MAX_TERMS]))
    return " | ".join(parts) or "terms: (none)"


def key_claims(claims: list[str]) -> list[str]:
    """Claims that together name as many different things as all of them do: taken greedily by
    how many names and figures each adds that earlier picks did not."""
    chosen, seen, size = [], set(), 0
    remaining = list(claims)
    while remaining and len(chosen) < KEY_CLAIMS_MAX:
        best = max(remaining, key=lambda c: len(set(tx.entities(c)) - seen) + 0.5 * len(set(tx.numbers(c)) - seen))
        gain = set(tx.entities(best)) | set(tx.numbers(best))
        if chosen and not gain - seen:
            break
        if size + len(best) > KEY_CLAIMS_MAX_CHARS:
            break
        chosen.append(best)
        seen |= gain
        size += len(best)
        remaining.remove(best)
    return sorted(chosen, key=claims.index)


def relevant_claims(claims: list[str], subquestion: str, limit: int = KEY_CLAIMS_MAX) -> list[str]:
    """The key claims of a sub-question for the gap check: those that name the most different
    things (key_claims), then those that share the most of the sub-question's own terms, so a
    claim that answers it ("Voltara Motors was the largest maker in 2025") is not left out for
    naming nothing new. In the order the notes were taken, at most KEY_CLAIMS_MAX_CHARS long."""
    chosen = key_claims(claims)
    wanted = tx.term_set(subquestion)
    ranked = sorted((c for c in claims if c not in chosen), key=lambda c: -len(wanted & tx.term_set(c)))
    size = sum(len(c) for c in chosen)
    for claim in ranked:
        if (
            len(chosen) >= limit + 2
            or size + len(claim) > KEY_CLAIMS_MAX_CHARS * 1.5
            or not wanted & tx.term_set(claim)
        ):
            break
        chosen.append(claim)
        size += len(claim)
    return sorted(chosen, key=claims.index)
