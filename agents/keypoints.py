"""Deterministic key-point judge: is each expected point present in a report, does the report
contradict it, and is a known answer stated. Used by `manage.py eval` directly (judge
"match") and, through the model client, as the offline engine's answer to the key-point
prompt (judge "llm" on the offline engine).

- present: the sentences that name the point's subject cover at least PRESENT_RECALL of the
  point's names, figures and content words (a word in another form, a change in other words:
  "rose" is "up from"), every figure and the direction of every change included;
- contradicted: a sentence about the same subject and the same measure states a different
  figure and is not itself reporting a disagreement between sources or quoting a source;
- known answer: every name and figure of the answer appears in the report.
"""

from __future__ import annotations

import os
import re

from agents import composition
from agents import text as tx

PRESENT_RECALL = 0.7
# "Fathom Analytics writes: “…”": a source's words quoted, not the report's own statement.
_ATTRIBUTED_RE = re.compile(r"^[A-Z][\w&'.\- ]{0,60} writes: \u201c")
SAME_MEASURE_JACCARD = 0.3


def _anchors(text: str) -> set[str]:
    return {e.lower() for e in tx.entities(text)} | {n for n in tx.numbers(text)}


def _figures(text: str) -> set[str]:
    return {n for n in tx.numbers(text) if not tx.is_year(n)}


def _point_figures(point: str) -> list[str]:
    """The point's figures as written with their scale ("1.46 million"), else as numbers."""
    out = []
    for _, _, written in composition.quantities(point):
        number = tx.numbers(written)
        if number and not tx.is_year(number[0]):
            out.append(written if re.search(r"thousand|million|billion|bn|trillion", written, re.I) else number[0])
    return out or sorted(_figures(point))


def _amounts(text: str) -> set[float]:
    return {value for value, _, written in composition.quantities(text) if not tx.is_year(tx.numbers(written)[0])}


def _name_terms(text: str) -> set[str]:
    """The content words of the names `text` gives ("greyhaven", "bank")."""
    return _terms(" ".join(tx.entities(text)))


def _terms(text: str) -> set[str]:
    """Content words, a hyphenated compound as its parts ("fourth-quarter" is "fourth quarter")."""
    return tx.term_set(re.sub(r"(?<=[a-z])-(?=[a-z])", " ", text))


# A change in an amount said in other words: "rose from 41,000" is "up from 41,000".
_CHANGE_WORDS = {
    "~rise": "rise rises rose risen rising grew grow grows grown growing increase increased increases increasing "
    "climb climbed climbs gain gained gains",
    "~fall": "fall falls fell fallen falling drop dropped drops decline declined declines declining decrease "
    "decreased decreases shrank shrink shrinks",
}
_CHANGE_STEMS = {t: change for change, words in _CHANGE_WORDS.items() for t in tx.term_set(words)}
_CHANGE_PHRASE_RE = {"~rise": re.compile(r"\bup from\b", re.I), "~fall": re.compile(r"\bdown from\b", re.I)}
NEAR_PREFIX = 6  # letters two forms of one word share at least ("deliveri", "deliver")


def _with_changes(items: set[str], text: str) -> set[str]:
    """`items` with each change word replaced by the change it names."""
    out = {_CHANGE_STEMS.get(t, t) for t in items}
    return out | {change for change, phrase in _CHANGE_PHRASE_RE.items() if phrase.search(text)}


def _near(word: str, have: set[str]) -> bool:
    """Whether another form of `word` is had: the stemmer leaves "deliveries" as "deliveri" and
    "delivered" as "deliver"; forms that share all but one letter of the shorter (at least
    NEAR_PREFIX letters) are one word."""
    if not word.isalpha() or len(word) < NEAR_PREFIX:
        return False
    for h in have:
        if h.isalpha() and len(h) >= NEAR_PREFIX and h[:NEAR_PREFIX] == word[:NEAR_PREFIX]:
            shared = len(os.path.commonprefix([h, word]))
            if shared >= min(len(h), len(word)) - 1:
                return True
    return False


def _subject(point: str) -> str:
    """The point's first name; a lone capitalised word that opens it is its first word
    ("Deliveries grew 13%", "Fourth-quarter deliveries were …"), and then every sentence of
    the report is weighed."""
    names = tx.names(point)
    return names[0] if names else ""


def judge_point(point: str, sentences: list[str]) -> dict:
    subject = _subject(point)
    related = [s for s in sentences if subject and subject.lower() in s.lower()] or sentences
    window = " ".join(related)
    wanted = _terms(point) | _anchors(point)
    have = _terms(window) | _anchors(window) | {w.lower() for w in tx.words(window)}
    # a figure as a quantity: "1.46 million" is stated by a table's "1,460,000"
    stated = set(tx.numbers(window))
    amounts = _amounts(window)
    found = [f for f in _point_figures(point) if f in stated or _amounts(f) & amounts]
    figures_ok = len(found) == len(_point_figures(point))
    have |= {t for f in found for t in _terms(f) | _anchors(f)}
    wanted, have = _with_changes(wanted, point), _with_changes(have, window)
    recall = sum(1 for w in wanted if w in have or _near(w, have)) / len(wanted) if wanted else 0.0
    # A change is a figure's direction: "rose" is not stated by "fell".
    changes_ok = all(c in have for c in wanted if c in _CHANGE_WORDS)
    present = recall >= PRESENT_RECALL and figures_ok and changes_ok
    contradicted = False
    point_terms = _terms(point) - _figures(point)
    # A measure word must be shared too: two sentences about one wind farm share its name, not
    # a measure ("uses 80 turbines" against "Registered capacity: 1,200 MW").
    point_measure = point_terms - _name_terms(point)
    for sentence in related:
        if sentence.startswith("Sources disagree") or _ATTRIBUTED_RE.match(sentence) or not subject:
            continue
        # The dated sources at a sentence's end say who said it and when ("(Sunmark Energy,
        # 14 May 2024)"): their day is no figure about the subject.
        figures = _figures(composition.without_dated_sources(sentence))
        if figures and _figures(point) and not (figures & _figures(point)):
            terms = _terms(sentence) - figures
            same_measure = tx.jaccard(point_terms, terms) >= SAME_MEASURE_JACCARD and bool(
                point_measure & (terms - _name_terms(sentence))
            )
            if same_measure:
                contradicted = True
                break
    return {"present": present, "contradicted": contradicted, "recall": round(recall, 3)}


def answer_correct(answer: str, report_text: str) -> bool:
    """Every name and figure of the known answer appears in the report (case and punctuation
    ignored); an answer with neither must appear as a whole."""
    normal = re.sub(r"[^a-z0-9. ]+", " ", report_text.lower())
    anchors = [e.lower() for e in tx.entities(answer)] + tx.numbers(answer)
    if not anchors:
        anchors = [w.lower() for w in tx.words(answer) if w.lower() not in tx.STOPWORDS]
    return bool(anchors) and all(re.sub(r"[^a-z0-9. ]+", " ", a) in normal for a in anchors)


def judge_report(points: list[str], sentences: list[str]) -> list[dict]:
    return [{"index": i, **judge_point(p, sentences)} for i, p in enumerate(points)]
