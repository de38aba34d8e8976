"""Evaluation of finished jobs against a question file (manage.py eval).

A question (one JSON object per line):
    {"id", "question", "key_points": [...], "known_answer": str|null, "hops": int,
     "corpus": "demo" | "web" | "uploads:<username>",
     # optional ground-truth annotations read by the answer metrics below:
     "answerable": bool (default true),
     "false_claims": [{"id", "claim", "must_contain": [...], "true_value": str|null, "sources": [...]}],
     "disagreements": [{"id", "subject", "values": [{"value", "date", "source"}, ...]}],
     "table_facts": [{"id", "statement", "value", "anchors": [...], "url"}],
     "topic_terms": [...], "scope_entities": [...]}
A corpus directory (`--corpus`) may hold a facts.json whose "false_claims" (same shape as
above) apply to every question, and whose "entities" ([{"name", "aliases", "kind"}]) name the
world's actors for the off-topic check. Each run of a question becomes one row of metrics; rows
are summarised by question and by experiment variant with mean and spread (max - min).

Metrics (n/a when a question carries no annotation for them):
- key_point_coverage, contradictions: the key-point judge (matcher or LLM).
- known_answer_correct: every name and figure of the known answer appears in the report
  (figures compared as quantities: "12,400" matches "12,400 chargers", "1.82 million" matches
  "1,820,000"; this measure's own matcher, independent of the offline engine's).
- known_answer_early: the same, within the report's first EARLY_SENTENCES sentences.
- absence_stated (questions with "answerable": false): one of the first ABSENCE_SENTENCES
  sentences says the sources do not hold the answer (ABSENCE_RE).
- false_claims: report sentences that state a claim the ground truth marks false: every
  `must_contain` item is in the sentence, the `true_value` is not, and the sentence neither
  names one of the claim's `sources` nor attributes or hedges it (HEDGE_RE: "claims",
  "incorrectly", "a blog says", ...; a bare "according to our sources" is the farm's own voice).
  false_claim_reports is 1 when a report has at least one (its mean is the share of reports).
- off_topic_share: share of report sentences off the question's topic. A sentence is off
  topic when the first entity it names (its subject, usually) is out of the question's scope
  (entities from facts.json; in scope = named in the question, key points, known answer or
  scope_entities; this rule is off when nothing is in scope), or when none of its content words (entity names
  and other proper nouns dropped, stems compared on their first TERM_PREFIX_CHARS letters)
  occurs in the question, key points, known answer or topic_terms.
- disagreements_stated: share of the question's disagreements that the report states in one
  place, each distinct value with one of its dates: one sentence, or one entry of the report
  JSON's `disagreements` list (any shape; its string values are searched).
- table_facts_noted / table_facts_stated: share of the question's table-only facts that a note's
  quote / a report sentence contains (the value and every anchor).
- template_plan_share: share of the job's sub-questions that quote the question back (a run of
  question words at least max(QUOTE_MIN_WORDS, QUOTE_MIN_SHARE of the question) long) or come
  from a fixed template (the content words the sub-question adds to its question, at least
  TEMPLATE_MIN_FIXED_WORDS of them, recur in the same order in the plans of at least
  TEMPLATE_MIN_QUESTIONS different questions of the same evaluation; with fewer questions only
  the quote rule can fire).
- verbatim_copy_share: share of cited report sentences that are exactly one of their cited
  quotes (case, spacing, quote marks and final punctuation ignored).
Values ("48 GWh", "1.82 million", "70%", "900 nacelles") compare as quantities: "1,820,000"
matches "1.82 million"; a unit or counted noun must agree when the text names one (a bare
figure, as in a table cell, matches). Dates match written as ISO,
"6 January 2026", "January 6, 2026" or "January 2026".
"""

from __future__ import annotations

import functools
import json
import math
import re
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from agents import keypoints
from agents import text as tx
from jobs.models import Job, Note, ProviderCall, Source, Step, SubQuestion

METRICS = (
    "citation_precision",
    "citation_coverage",
    "key_point_coverage",
    "known_answer_correct",
    "known_answer_early",
    "absence_stated",
    "contradictions",
    "false_claims",
    "false_claim_reports",
    "off_topic_share",
    "disagreements_stated",
    "table_facts_noted",
    "table_facts_stated",
    "template_plan_share",
    "verbatim_copy_share",
    "searches",
    "pages_read",
    "duplicate_fetch_share",
    "rounds",
    "notes_in_report_share",
    "tokens",
    "usd",
    "seconds",
)
ANSWER_METRICS = (
    "key_point_coverage",
    "known_answer_correct",
    "known_answer_early",
    "absence_stated",
    "contradictions",
    "false_claims",
    "false_claim_reports",
    "off_topic_share",
    "disagreements_stated",
    "table_facts_noted",
    "table_facts_stated",
    "template_plan_share",
    "verbatim_copy_share",
)
TRAJECTORY_METRICS = (
    "citation_precision",
    "citation_coverage",
    "searches",
    "pages_read",
    "rounds",
    "notes_in_report_share",
    "tokens",
    "usd",
    "seconds",
)
COUNT_METRICS = {"searches", "pages_read", "rounds", "contradictions", "false_claims", "seconds"}

EARLY_SENTENCES = 5  # "within the first 5 sentences" (issue 13's target)
ABSENCE_SENTENCES = 2  # the opening must say the answer is not in the sources
QUOTE_MIN_WORDS = 5
QUOTE_SHORTEST_WORDS = 3  # repeating one or two words of a very short question is not quoting it
QUOTE_MIN_SHARE = 0.8  # reusing a clause of a long question ("the five largest electric car makers") is fine
TEMPLATE_MIN_QUESTIONS = 3
TEMPLATE_MIN_FIXED_WORDS = 2  # "background explains", "main actors", "sources report different figures"
TERM_PREFIX_CHARS = 5  # "supplier"/"supplies"/"supply" share "suppl"

ABSENCE_RE = re.compile(
    r"\b(?:(?:do|does|did) not (?:state|say|give|report|mention|disclose|contain|include|provide|reveal)|"
    r"(?:not|never) (?:stated|given|reported|disclosed|mentioned|published|found|available|known)|"
    r"no (?:source|page|document|figure|information|data|evidence)s?\b|could not (?:find|be found|establish|confirm)|"
    r"(?:is|are|remains?) unknown|none of the sources)",
    re.I,
)
HEDGE_RE = re.compile(
    r"\b(?:claim(?:s|ed|ing)?|alleg\w*|incorrect\w*|wrong(?:ly)?|false(?:ly)?|erroneous\w*|unverified|unconfirmed|"
    r"unsupported|disputed|contradict\w*|rumou?r\w*|not supported|content farm|as (?:reported|stated|claimed) by)\b|"
    r"\b(?:blog|site|website|page|forum|post|listicle)s?\b[^.]{0,40}?\b(?:says?|said|reports?|reported|writes?|wrote|"
    r"states?|stated|lists?|gives?)\b",
    re.I,
)
STOPWORDS = frozenset(
    """
a about above after again against all also am an and any are as at be because been before being below between
both but by can could did do does doing down during each few for from further had has have having he her here
hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other
our ours out over own same she should so some such than that the their theirs them then there these they this
those through to too under until up very was we were what when where which while who whom why will with would
you your yours compare comparison describe explain list tell give show find according among per via within
across many much whose including
""".split()
)
_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'\-]*[A-Za-z]|[A-Za-z]")
_SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "bn": 1e9}
_UNITS = {
    "%": "%",
    "percent": "%",
    "per cent": "%",
    "gwh": "gwh",
    "mwh": "mwh",
    "kwh": "kwh",
    "twh": "twh",
    "gw": "gw",
    "mw": "mw",
    "kw": "kw",
    "km": "km",
    "kg": "kg",
    "t": "t",
    "tonnes": "t",
    "tons": "t",
    "tonne": "t",
    "ton": "t",
    "usd": "usd",
    "eur": "eur",
    "euros": "eur",
    "euro": "eur",
    "dollars": "usd",
    "$": "usd",
    "€": "eur",
    "£": "gbp",
    "gbp": "gbp",
    "years": "years",
    "year": "years",
    "months": "months",
    "people": "people",
    "employees": "people",
    "jobs": "people",
    "hours": "hours",
    "days": "days",
}
_QUANTITY_RE = re.compile(
    r"(?P<cur>[$€£])?\s?(?<![\w.,])(?<![A-Za-z]-)(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\w,]*\d)"
    r"(?:\s?(?P<scale>thousand|million|billion|bn)\b)?"
    r"(?:\s?(?P<unit>%|per cent|percent|[A-Za-z€$£]+))?",
    re.I,
)
_MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]


def _stem(word: str) -> str:
    # Uncached (this measure's matcher is its own), but the stemmer is one per thread: a snowball
    # stemmer is not safe to share between threads (agents/text.py).
    return tx.thread_stemmer().stemWord(word)


@dataclass
class Question:
    id: str
    question: str
    key_points: list
    known_answer: str | None = None
    corpus: str = "demo"
    hops: int = 1
    answerable: bool = True
    false_claims: list = field(default_factory=list)
    disagreements: list = field(default_factory=list)
    table_facts: list = field(default_factory=list)
    topic_terms: list = field(default_factory=list)
    scope_entities: list = field(default_factory=list)
    extra: dict = field(default_factory=dict)

    @property
    def sources(self) -> list[str]:
        return ["uploads"] if self.corpus.startswith("uploads") else ["web"]

    @property
    def owner(self) -> str | None:
        return self.corpus.split(":", 1)[1] if self.corpus.startswith("uploads:") else None


_LIST_FIELDS = ("false_claims", "disagreements", "table_facts", "topic_terms", "scope_entities")


def load_questions(path: Path) -> list[Question]:
    """Questions from a JSONL file. Raises ValueError naming the line of a bad entry."""
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            known = {"id", "question", "key_points", "known_answer", "corpus", "hops", "answerable", *_LIST_FIELDS}
            lists = {name: list(raw.get(name) or []) for name in _LIST_FIELDS}
            for claim in lists["false_claims"]:
                if not claim.get("must_contain"):
                    raise ValueError(f"false claim {claim.get('id')!r} has no must_contain")
            for d in lists["disagreements"]:
                if len({v["value"] for v in d["values"]}) < 2:
                    raise ValueError(f"disagreement {d.get('id')!r} needs two different values")
            out.append(
                Question(
                    id=str(raw["id"]),
                    question=raw["question"],
                    key_points=list(raw.get("key_points", [])),
                    known_answer=raw.get("known_answer"),
                    corpus=raw.get("corpus", "demo"),
                    hops=int(raw.get("hops", 1)),
                    answerable=bool(raw.get("answerable", True)),
                    **lists,
                    extra={k: v for k, v in raw.items() if k not in known},
                )
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}:{number}: {exc}") from exc
    return out


@dataclass
class GroundTruth:
    """What a corpus's facts.json says about every question: claims that are false, and the
    world's entities (for the off-topic check). Empty when the corpus has no facts.json."""

    false_claims: list = field(default_factory=list)
    entities: list = field(default_factory=list)

    @classmethod
    def load(cls, directory: Path | None) -> GroundTruth:
        path = Path(directory) / "facts.json" if directory else None
        if not path or not path.exists():
            return cls()
        facts = json.loads(path.read_text(encoding="utf-8"))
        return cls(
            false_claims=[c for c in facts.get("false_claims", []) if isinstance(c, dict)],
            entities=[e for e in facts.get("entities", []) if isinstance(e, dict)],
        )


# --- text helpers (independent of the offline engine's, so the measure does not move with it) --
def _norm(text: str) -> str:
    text = (text or "").replace("\u00a0", " ").replace("\u2019", "'").replace("\u2018", "'")
    text = text.replace("\u201c", '"').replace("\u201d", '"').replace("\u2013", "-").replace("\u2014", "-")
    return re.sub(r"\s+", " ", text).strip()


def _quantities(text: str) -> list[tuple[float, str, str]]:
    out = []
    for m in _QUANTITY_RE.finditer(_norm(text)):
        value = float(m.group("num").replace(",", ""))
        if m.group("scale"):
            value *= _SCALES[m.group("scale").lower()]
        word = (m.group("unit") or "").lower()
        unit = _UNITS.get(word, "")
        if not unit and m.group("cur"):
            unit = _UNITS[m.group("cur")]
        out.append((value, unit, "" if unit or word in STOPWORDS else word))
    return out


def quantities(text: str) -> list[tuple[float, str]]:
    """(value, unit) of every figure in `text`: "1.82 million" -> (1820000.0, ""),
    "48 GWh" -> (48.0, "gwh"), "70%" -> (70.0, "%"), "$12" -> (12.0, "usd")."""
    return [(v, u) for v, u, _ in _quantities(text)]


def _same_quantity(wanted: tuple[float, str, str], found: tuple[float, str, str]) -> bool:
    """Same number; a unit or counted noun the value names must be the one the text names, but a
    bare figure (a table cell under a "GWh" header) matches."""
    if not math.isclose(wanted[0], found[0], rel_tol=1e-9, abs_tol=1e-9):
        return False
    if wanted[1]:
        return found[1] == wanted[1] or (not found[1] and not found[2])
    if wanted[2]:
        return (not found[1] and not found[2]) or _stem_key(found[2] or "-") == _stem_key(wanted[2])
    return True


def value_in(value: str, text: str) -> bool:
    """True when `text` states `value`: as a quantity when the value is one figure (with an
    optional unit or counted noun of one or two words: "48 GWh", "900 nacelles", "41.2 million
    cubic metres"), otherwise as a case-insensitive
    phrase on word boundaries."""
    wanted = _quantities(value)
    if len(wanted) == 1 and re.fullmatch(
        r"[\s$€£]*[\d.,]+\s*(?:thousand|million|billion|bn)?\s*(?:%|per cent|\S+(?:\s+\S+)?)?\s*", _norm(value), re.I
    ):
        return any(_same_quantity(wanted[0], q) for q in _quantities(text))
    return re.search(r"(?<![\w])" + re.escape(_norm(value).lower()) + r"(?![\w])", _norm(text).lower()) is not None


def date_in(iso: str, text: str) -> bool:
    """True when `text` gives the date `iso` (YYYY-MM-DD or YYYY-MM) to at least the month."""
    parts = iso.split("-")
    year, month = parts[0], int(parts[1])
    day = int(parts[2]) if len(parts) > 2 else None
    low = _norm(text).lower()
    if iso in low or f"{year}-{month:02d}" in low:
        return True
    full = _MONTHS[month - 1]
    mon = rf"(?:{full}|{full[:3]}\.?|{full[:4]}\.?)"
    patterns = [rf"\b{mon},?\s+{year}\b"]
    if day:
        patterns += [rf"\b{day}(?:st|nd|rd|th)?\s+{mon},?\s+{year}\b", rf"\b{mon}\s+{day}(?:st|nd|rd|th)?,?\s+{year}\b"]
    return any(re.search(p, low) for p in patterns)


def _stem_key(word: str) -> str:
    return _stem(word.lower())[:TERM_PREFIX_CHARS]


def topic_terms(text: str, entities: list[dict] = ()) -> set[str]:
    """Stem keys of the content words of `text`, proper nouns dropped: the names of `entities`,
    and any capitalised word that is not the first of the text, unless it is an acronym such as
    NMC or GWh."""
    text = _norm(text)
    for e in entities:
        text = _entity_pattern(_names(e)).sub(" ", text)
    out = set()
    for i, m in enumerate(_WORD_RE.finditer(text.strip())):
        w = m.group(0)
        if w.lower() in STOPWORDS or len(w) < 2:
            continue
        acronym = sum(c.isupper() for c in w) >= 2
        if w[0].isupper() and not acronym and i > 0:
            continue
        out.add(w.lower() if acronym else _stem_key(w))
    return out


def _norm_sentence(text: str) -> str:
    text = _norm(text).lower().strip().strip("\"'")
    return re.sub(r"[\s.!?;:,\"']+$", "", text)


def _words(text: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[A-Za-z0-9]+(?:'[a-z]+)?", _norm(text))]


_NAME_RE = re.compile(r"[A-Z][\w'\-]*(?:\s+(?:(?:of|de|&)\s+)?[A-Z0-9][\w'\-]*)*")
_ANSWER_STOP = frozenset("The A An In On At For From By And Or Both Each About Around Roughly Starting Since".split())


def answer_parts(answer: str) -> list[str]:
    """What a known answer is made of: its figures ("48 GWh", "2027", "35,000 tonnes") and its
    names (runs of capitalised words); an answer with neither is its content words."""
    text = _norm(answer)
    figures, rest, last = [], [], 0
    for m in _QUANTITY_RE.finditer(text):
        unit = m.group("unit") or ""
        known_unit = unit.lower() in _UNITS
        end = m.end() if known_unit or not unit else m.start("unit")
        figures.append(" ".join(x for x in (m.group("num"), m.group("scale"), unit if known_unit else "") if x))
        rest.append(text[last : m.start()])
        last = end
    rest = " ".join(rest + [text[last:]])
    names = []
    for m in _NAME_RE.finditer(rest):
        words = m.group(0).split()
        while words and words[0] in _ANSWER_STOP:
            words = words[1:]
        if words:
            names.append(" ".join(words))
    if figures or names:
        return figures + names
    return [w for w in re.findall(r"[A-Za-z]+", text) if w.lower() not in STOPWORDS]


def answer_in(answer: str, text: str) -> bool:
    """Every figure and name of the known answer is in `text` (figures compared as quantities,
    names case-insensitively)."""
    parts = answer_parts(answer)
    return bool(parts) and all(value_in(p, text) for p in parts)


# --- answer metrics on plain data (unit-tested with hand-built reports) -----------------------
def answer_correct(known_answer: str | None, sentences: list[str]) -> float | None:
    if not known_answer:
        return None
    return 1.0 if answer_in(known_answer, " ".join(sentences)) else 0.0


def answer_early(known_answer: str | None, sentences: list[str]) -> float | None:
    return answer_correct(known_answer, sentences[:EARLY_SENTENCES])


def absence_stated(question: Question, sentences: list[str]) -> float | None:
    if question.answerable:
        return None
    return 1.0 if any(ABSENCE_RE.search(s) for s in sentences[:ABSENCE_SENTENCES]) else 0.0


def states_false_claim(claim: dict, sentence: str) -> bool:
    """The sentence states the false claim as fact (see the module docstring)."""
    if not all(value_in(item, sentence) for item in claim["must_contain"]):
        return False
    if claim.get("true_value") and value_in(claim["true_value"], sentence):
        return False
    low = _norm(sentence).lower()
    if any(s and s.lower() in low for s in claim.get("sources", [])):
        return False
    return not HEDGE_RE.search(sentence)


def false_claim_hits(claims: list[dict], sentences: list[str]) -> list[dict]:
    """[{claim id, sentence}] for every sentence that states one of `claims` (one hit per sentence)."""
    hits = []
    for sentence in sentences:
        claim = next((c for c in claims if states_false_claim(c, sentence)), None)
        if claim:
            hits.append({"claim": claim.get("id", claim.get("claim", "")), "sentence": sentence})
    return hits


@functools.lru_cache(maxsize=4096)
def _entity_pattern(names: tuple[str, ...]) -> re.Pattern:
    ordered = sorted(names, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(n) for n in ordered) + r")(?![\w-])")


def _names(entity: dict) -> tuple[str, ...]:
    return tuple(sorted({entity["name"], *entity.get("aliases", [])}))


def _entities_in(text: str, entities: list[dict]) -> set[str]:
    text = _norm(text)
    return {e["name"] for e in entities if _entity_pattern(_names(e)).search(text)}


def _first_entity(text: str, entities: list[dict]) -> str | None:
    """The entity named first in `text` (its grammatical subject, in most report sentences)."""
    text = _norm(text)
    found = [(m.start(), e["name"]) for e in entities for m in [_entity_pattern(_names(e)).search(text)] if m]
    return min(found)[1] if found else None


def off_topic_sentences(question: Question, sentences: list[str], entities: list[dict]) -> list[str]:
    scope_text = " ".join(
        [question.question, *question.key_points, question.known_answer or "", *question.scope_entities]
    )
    in_scope = _entities_in(scope_text, entities) | set(question.scope_entities)
    vocabulary = set()
    for text in [question.question, *question.key_points, question.known_answer or "", *question.topic_terms]:
        vocabulary |= topic_terms(text, entities)
    out = []
    for sentence in sentences:
        subject = _first_entity(sentence, entities) if in_scope else None
        if (subject and subject not in in_scope) or not (topic_terms(sentence, entities) & vocabulary):
            out.append(sentence)
    return out


def disagreement_places(sentences: list[str], report: dict) -> list[str]:
    places = list(sentences)
    for entry in (report or {}).get("disagreements") or []:
        places.append(" ".join(_strings(entry)))
    return places


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [str(value)] if value is not None else []


def disagreement_stated(disagreement: dict, places: list[str]) -> str | None:
    """The first place that gives every distinct value with one of its dates, or None."""
    dates_by_value: dict[str, list[str]] = {}
    for v in disagreement["values"]:
        dates_by_value.setdefault(v["value"], []).append(v.get("date") or "")

    def complete(place: str) -> bool:
        return all(
            value_in(value, place) and any(d and date_in(d, place) for d in dates)
            for value, dates in dates_by_value.items()
        )

    return next((p for p in places if complete(p)), None)


def table_fact_in(fact: dict, text: str) -> bool:
    low = _norm(text).lower()
    return value_in(fact["value"], text) and all(a.lower() in low for a in fact.get("anchors", []))


def verbatim_copies(cited: list[tuple[str, list[str]]]) -> tuple[int, int]:
    """(sentences that are exactly one of their quotes, cited sentences) over (sentence, quotes) pairs."""
    pairs = [(s, qs) for s, qs in cited if qs]
    copies = sum(1 for s, qs in pairs if _norm_sentence(s) in {_norm_sentence(q) for q in qs})
    return copies, len(pairs)


def quotes_question(subquestion: str, question: str) -> bool:
    """The sub-question repeats a run of the question's words at least max(QUOTE_MIN_WORDS,
    QUOTE_MIN_SHARE of the question) long (the whole question when it is shorter, and never
    fewer than QUOTE_SHORTEST_WORDS)."""
    q, s = _words(question), _words(subquestion)
    if not q or not s:
        return False
    need = max(QUOTE_SHORTEST_WORDS, min(len(q), max(QUOTE_MIN_WORDS, math.ceil(QUOTE_MIN_SHARE * len(q)))))
    longest = 0
    previous = [0] * (len(s) + 1)
    for i in range(1, len(q) + 1):
        current = [0] * (len(s) + 1)
        for j in range(1, len(s) + 1):
            if q[i - 1] == s[j - 1]:
                current[j] = previous[j - 1] + 1
                longest = max(longest, current[j])
        previous = current
    return longest >= need


def skeleton(subquestion: str, question: str) -> tuple[str, ...]:
    """The words a sub-question adds to its question: its content words (stopwords and numbers
    dropped) whose stems are not in the question, in order. A planner's fixed template leaves
    the same skeleton whatever the question ("background explains", "sources report different
    figures")."""
    q = {_stem(w) for w in _words(question)}
    return tuple(w for w in _words(subquestion) if w not in STOPWORDS and not w[0].isdigit() and _stem(w) not in q)


def _is_fixed_template(words: tuple[str, ...]) -> bool:
    return len(words) >= TEMPLATE_MIN_FIXED_WORDS


def template_flags(plans: dict[str, list[tuple[str, str]]]) -> dict[str, list[bool]]:
    """For each job's plan ({job_id: ((question_id, question), [sub-questions])}), one flag per
    sub-question: it quotes the question, or its skeleton recurs in TEMPLATE_MIN_QUESTIONS questions."""
    questions_by_skeleton: dict[tuple, set[str]] = {}
    for (question_id, question), subquestions in plans.values():
        for sq in subquestions:
            questions_by_skeleton.setdefault(skeleton(sq, question), set()).add(question_id)
    out = {}
    for job_id, ((_, question), subquestions) in plans.items():
        out[job_id] = [
            quotes_question(sq, question)
            or (
                _is_fixed_template(skeleton(sq, question))
                and len(questions_by_skeleton[skeleton(sq, question)]) >= TEMPLATE_MIN_QUESTIONS
            )
            for sq in subquestions
        ]
    return out


def mark_template_plans(rows: list[dict]) -> None:
    """Fill each row's template_plan_share from the plans of every row of the evaluation."""
    plans = {r["job_id"]: ((r["question_id"], r["question"]), r.get("plan") or []) for r in rows}
    flags = template_flags(plans)
    for r in rows:
        f = flags[r["job_id"]]
        r["template_plan_share"] = (sum(f) / len(f)) if f else None
        r.setdefault("details", {})["template_subquestions"] = [sq for sq, bad in zip(r.get("plan") or [], f) if bad]


def answer_metrics(
    question: Question, report: dict, cited: list[tuple[str, list[str]]], note_quotes: list[str], truth: GroundTruth
) -> tuple[dict, dict]:
    """(metrics, details) of one report against its question's annotations and the corpus's
    ground truth. `cited` pairs each report sentence, in order, with the quotes of its notes;
    `note_quotes` are the quotes of every note of the job (read or not by the writer)."""
    sentences = [s for s, _ in cited]
    claims = list(question.false_claims) + [
        c for c in truth.false_claims if c.get("id") not in {q.get("id") for q in question.false_claims}
    ]
    hits = false_claim_hits(claims, sentences)
    off_topic = off_topic_sentences(question, sentences, truth.entities)
    places = disagreement_places(sentences, report)
    stated_in = {
        d.get("id") or f"disagreement {i}": disagreement_stated(d, places) for i, d in enumerate(question.disagreements)
    }
    stated = [d for i, d in enumerate(question.disagreements) if stated_in[d.get("id") or f"disagreement {i}"]]
    noted = [f for f in question.table_facts if any(table_fact_in(f, q) for q in note_quotes)]
    said = [f for f in question.table_facts if any(table_fact_in(f, s) for s in sentences)]
    copies, cited_count = verbatim_copies(cited)

    def share(part: list, whole: list):
        return len(part) / len(whole) if whole else None

    metrics = {
        "known_answer_early": answer_early(question.known_answer, sentences),
        "absence_stated": absence_stated(question, sentences),
        "false_claims": len(hits),
        "false_claim_reports": 1.0 if hits else 0.0,
        "off_topic_share": share(off_topic, sentences),
        "disagreements_stated": share(stated, question.disagreements),
        "table_facts_noted": share(noted, question.table_facts),
        "table_facts_stated": share(said, question.table_facts),
        "verbatim_copy_share": copies / cited_count if cited_count else None,
    }
    details = {
        "false_claims": hits,
        "off_topic": off_topic,
        "disagreements_stated_in": {k: v for k, v in stated_in.items() if v},
        "disagreements_missing": [d.get("id") for d in question.disagreements if d not in stated],
        "table_facts_not_noted": [f.get("id") for f in question.table_facts if f not in noted],
        "first_sentences": sentences[:EARLY_SENTENCES],
    }
    return metrics, details


# --- rows from finished jobs ----------------------------------------------------------------
def report_sentences(job: Job) -> list[str]:
    return [s["text"] for section in (job.report or {}).get("sections", []) for s in section["sentences"]]


def judge_key_points(points: list[str], sentences: list[str], judge: str) -> list[dict]:
    """Per key point {present, contradicted}: the deterministic matcher, or an LLM judge through
    the model client (which on the offline engine runs the same matcher)."""
    if judge == "match" or not points:
        return keypoints.judge_report(points, sentences)
    from agents import prompts
    from agents.llm import complete_json

    reply = complete_json(prompts.render("keypoint_judge", points=points, sentences=sentences)).data
    by_index = {v["index"]: v for v in reply["verdicts"]}
    return [by_index.get(i, {"index": i, "present": False, "contradicted": False}) for i in range(len(points))]


def job_metrics(job: Job, question: Question, judge: str, truth: GroundTruth | None = None) -> dict:
    """One row: every metric of METRICS except template_plan_share (mark_template_plans fills it
    once all rows are in), plus the job's plan and a `details` dict saying what each metric found."""
    truth = truth or GroundTruth()
    sentences = report_sentences(job)
    verdicts = judge_key_points(question.key_points, sentences, judge)
    fetch_steps = Step.objects.filter(job=job, kind="fetch")
    fetches = fetch_steps.count()
    duplicates = Source.objects.filter(job=job, duplicate_of__isnull=False).count()
    quotes = dict(Note.objects.filter(job=job).values_list("note_id", "quote"))
    notes = len(quotes)
    report_items = [s for section in (job.report or {}).get("sections", []) for s in section["sentences"]]
    cited = {i for s in report_items for i in s["citations"]}
    pairs = [(s["text"], [quotes[i] for i in s["citations"] if i in quotes]) for s in report_items]
    answers, details = answer_metrics(question, job.report or {}, pairs, list(quotes.values()), truth)
    plan = list(SubQuestion.objects.filter(job=job).order_by("round", "position").values_list("text", flat=True))
    end = job.finished_at or job.updated_at
    return {
        "question_id": question.id,
        "question": question.question,
        "job_id": str(job.pk),
        "status": job.status,
        "variant": job.variant,
        "citation_precision": job.citation_precision,
        "citation_coverage": job.citation_coverage,
        "key_point_coverage": (sum(v["present"] for v in verdicts) / len(verdicts)) if verdicts else None,
        "known_answer_correct": answer_correct(question.known_answer, sentences),
        "contradictions": sum(1 for v in verdicts if v["contradicted"]),
        **answers,
        "template_plan_share": None,
        "searches": ProviderCall.objects.filter(job=job, kind="search").count(),
        "pages_read": Source.objects.filter(job=job, fetched_at__isnull=False).count(),
        "duplicate_fetch_share": duplicates / fetches if fetches else 0.0,
        "rounds": job.round,
        "notes_in_report_share": len(cited) / notes if notes else 0.0,
        "tokens": job.tokens_used,
        "usd": job.usd_used_micros / 1e6,
        "seconds": (end - job.created_at).total_seconds(),
        "plan": plan,
        "details": details,
    }


def summarise(rows: list[dict], key: str) -> dict:
    """{group: {metric: {"mean", "spread"}}} grouping rows by `key`."""
    groups: dict[str, list[dict]] = {}
    for row in rows:
        groups.setdefault(str(row.get(key) or "-"), []).append(row)
    out = {}
    for name, members in groups.items():
        out[name] = {"runs": len(members)}
        for metric in METRICS:
            values = [r[metric] for r in members if r.get(metric) is not None]
            if values:
                out[name][metric] = {"mean": statistics.mean(values), "spread": max(values) - min(values)}
    return out


def summarise_runs(rows: list[dict]) -> dict:
    """{"all": {metric: {"mean", "spread"}}} over repeats: each repeat's mean over its questions,
    then the mean of those and their spread (max - min), so the spread says how much one whole
    evaluation run differs from another. Rows without a "run" index count as one repeat."""
    by_run: dict[int, list[dict]] = {}
    for row in rows:
        by_run.setdefault(int(row.get("run") or 0), []).append(row)
    out = {"runs": len(rows), "repeats": len(by_run)}
    for metric in METRICS:
        means = []
        for members in by_run.values():
            values = [r[metric] for r in members if r.get(metric) is not None]
            if values:
                means.append(statistics.mean(values))
        if means:
            out[metric] = {"mean": statistics.mean(means), "spread": max(means) - min(means)}
    return {"all": out}


def markdown_table(summary: dict, title: str, shown: tuple = TRAJECTORY_METRICS) -> str:
    lines = [f"### {title}", "", "| | runs | " + " | ".join(shown) + " |", "|---" * (len(shown) + 2) + "|"]
    for name, metrics in summary.items():
        cells = []
        for metric in shown:
            m = metrics.get(metric)
            if m is None:
                cells.append("n/a")
            elif metric in {"tokens"}:
                cells.append(f"{m['mean']:,.0f} ±{m['spread']:,.0f}")
            elif metric in {"usd"}:
                cells.append(f"{m['mean']:.3f} ±{m['spread']:.3f}")
            elif metric in COUNT_METRICS:
                cells.append(f"{m['mean']:.1f} ±{m['spread']:.1f}")
            else:
                cells.append(f"{m['mean']:.0%} ±{m['spread']:.0%}")
        lines.append(f"| {name} | {metrics['runs']} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
