"""Follow-up questions asked from a finished report, and the design's online signal built on
them: does a follow-up ask for something the report missed?

The judgement is lexical and cheap, so it runs on every follow-up without a model call: the
follow-up's content terms (stemmed, stopwords dropped) that neither the report's sentences nor
the original question contain are what it asks beyond the report. When at least half of its
terms are such new terms, it asks for something the report missed; a follow-up that mostly
re-asks what the report covers ("which of these has the largest plant?") does not.
"""

from __future__ import annotations

from agents import text as tx

MISSED_SHARE = 0.5


def report_terms(report: dict | None) -> set[str]:
    """Every content term of the report's headings and sentences."""
    found: set[str] = set()
    for section in (report or {}).get("sections", []):
        found |= tx.term_set(section.get("heading", ""))
        for sentence in section.get("sentences", []):
            found |= tx.term_set(sentence.get("text", ""))
    return found


def terms_missing(*, follow_up: str, question: str, report: dict | None) -> list[str]:
    """The follow-up's content terms that the report and the original question never use, in
    the order the follow-up uses them."""
    known = report_terms(report) | tx.term_set(question)
    return list(dict.fromkeys(t for t in tx.terms(follow_up) if t not in known))


def asks_for_missing(*, follow_up: str, question: str, report: dict | None) -> bool:
    asked = set(tx.terms(follow_up))
    if not asked:
        return False
    return len(terms_missing(follow_up=follow_up, question=question, report=report)) / len(asked) >= MISSED_SHARE
