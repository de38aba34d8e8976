"""Text primitives for the offline engine: sentences with exact offsets, content terms,
named entities and figures. Everything here is deterministic.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from functools import lru_cache

import snowballstemmer

STOPWORDS = frozenset(
    """
a about above after again against all also am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further had
has have having he her here hers him his how i if in into is it its itself just me more most my
no nor not now of off on once only or other our ours out over own same she should so some such
than that the their theirs them then there these they this those through to too under until up
very was we were what when where which while who whom why will with would you your yours
compare comparison describe explain list tell give show find according among per via within
across how's what's which's whose there's it's one's let's
""".split()
)

_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'\-]*[A-Za-z]|[A-Za-z]|\d+(?:[.,]\d+)*")
_NUMBER_RE = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*(?:\s?%|\s?(?:GWh|MWh|kWh|million|billion|percent))?")
# One stemmer per thread: a snowball stemmer keeps the word it works on in the instance, so two
# threads of a worker sharing one got each other's stems ("electric" -> "supplies"), and the
# cache below kept them for the life of the process: the same job planned differently by chance.
_local = threading.local()


def thread_stemmer():
    """This thread's English snowball stemmer."""
    stemmer = getattr(_local, "stemmer", None)
    if stemmer is None:
        stemmer = _local.stemmer = snowballstemmer.stemmer("english")
    return stemmer


# A table row as the cleaner writes it (agents/sources/tables.py: "Context — Header: value;
# Header: value."): a sentence that is a list of header/value pairs about one row's subject.
TABLE_ROW_RE = re.compile(r"^(?:[^;]{1,160} \u2014 )?[^:;]{1,80}: [^;]+(?:; [^;]+)+\.$")


def is_table_row(sentence: str) -> bool:
    return TABLE_ROW_RE.match(sentence.strip()) is not None


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    return thread_stemmer().stemWord(word)


def words(text: str) -> list[str]:
    return _WORD_RE.findall(text)


def terms(text: str) -> list[str]:
    """Lower-cased, stemmed content words and numbers (stopwords dropped), in order."""
    out = []
    for w in words(text):
        lw = w.lower()
        if lw in STOPWORDS:
            continue
        out.append(lw if lw[0].isdigit() else stem(lw))
    return out


# Texts short enough to remember: sentences, claims, questions and titles are weighed again and
# again (every note against every wording of every section); whole pages are not.
_CACHED_TEXT_CHARS = 2000


@lru_cache(maxsize=32768)
def _term_frozenset(text: str) -> frozenset[str]:
    return frozenset(terms(text))


def frozen_terms(text: str) -> frozenset[str]:
    """term_set(text) for a caller that only reads it (no copy)."""
    if len(text) > _CACHED_TEXT_CHARS:
        return frozenset(terms(text))
    return _term_frozenset(text)


def term_set(text: str) -> set[str]:
    """The set of terms(text), a fresh set the caller may change."""
    if len(text) > _CACHED_TEXT_CHARS:
        return set(terms(text))
    return set(_term_frozenset(text))


# Words that say the same thing: "established in" says when a company was founded, a title
# where "deliveries fall" speaks of a maker that "delivered fewer" vehicles. Each group's first
# word stands for all of them (synonym()).
SYNONYM_GROUPS = (
    "founded founding founder established formed",
    "headquarters headquartered based",
    "fewer lower fall falls fell fallen falling decline declines declined declining drop drops dropped "
    "slip slips slipped shrink shrinks shrank decrease decreases decreased",
    "higher rise rises rose risen rising grow grows grew grown growth increase increases increased gain gains "
    "gained climb climbs climbed",
)
# Words of one relation seen from either side, or of one measure: a note that "buys cells from"
# a company speaks of the suppliers a question asks for. Kin for judging a note's topic, but not
# for choosing what to read: a page on who a company supplies does not say who supplies it.
KINDRED_GROUPS = SYNONYM_GROUPS + (
    "supply supplies supplied supplier suppliers buy buys bought purchase purchases purchased sources sourced "
    "sourcing customer customers sell sells sold ship ships shipped",
    "profit profits revenue revenues earnings income turnover",
)
_SYNONYM_STEMS = {stem(w): stem(group.split()[0]) for group in SYNONYM_GROUPS for w in group.split()}


def synonym(term: str) -> str:
    """The term that stands for `term`'s group of SYNONYM_GROUPS (a stem, as terms() gives), or
    `term` itself."""
    return _SYNONYM_STEMS.get(term, term)


def synonym_terms(text: str) -> set[str]:
    """term_set(text) with each term replaced by synonym(term)."""
    return {synonym(t) for t in frozen_terms(text)}


def numbers(text: str) -> list[str]:
    """Figures in a text, normalised ("1,820,000" -> "1820000"; "45 GWh" -> "45")."""
    out = []
    for m in _NUMBER_RE.finditer(text):
        digits = re.match(r"\d+(?:[.,]\d+)*", m.group(0)).group(0)
        if re.fullmatch(r"\d{1,3}(?:,\d{3})+", digits):
            digits = digits.replace(",", "")
        out.append(digits)
    return out


def is_year(value: str) -> bool:
    return bool(re.fullmatch(r"(19|20)\d\d", value))


def states_figure(text: str) -> bool:
    """A figure other than a year ("48 GWh", "Annual output: 800")."""
    return any(not is_year(n) for n in numbers(text))


# Words that say how far a figure can be trusted: not confirmed, not approved, an estimate, a
# possible phase, "according to people familiar with …". An analyst reads these beside the figure.
_CAVEAT_RE = re.compile(
    r"\b(?:(?:not|never|yet to)\s+(?:\w+\s+){0,2}?(?:confirm|approv|verif|decid|includ|disclos|final|sign)\w*"
    r"|not\s+taken\s+an?\s+(?:\w+\s+)?decision|unconfirmed|unverified|unofficial|preliminary|provisional"
    r"|tentative|speculative|rumou?r\w*|according to (?:people|persons|sources) familiar"
    r"|refers? to an?\s+(?:possible|planned|proposed)|could (?:take|raise|reach|bring|lift)\b)",
    re.I,
)


def qualifies_figure(text: str) -> bool:
    """A sentence that states a figure and says how far it can be trusted ("Sunmark Energy has
    not confirmed the 45 GWh figure", "This is a preliminary estimate of 44%")."""
    return states_figure(text) and bool(_CAVEAT_RE.search(text))


def calls(sentence: str, name: str, noun: str) -> bool:
    """Whether `sentence` calls `name` a `noun` (a word stem: "farm"): "Merrow Deep is a 1,440 MW
    offshore wind farm", "Greyhaven Bank, the wind farm of …", "the Lyngrev Nord offshore wind
    farm", "wind farm Holm Flats"."""
    n = re.escape(name)
    return bool(
        re.search(
            rf"{n}(?:['\u2019]s)?\s+(?:[\w-]+\s+){{0,3}}?{noun}|{noun}\w*\s+{n}"
            rf"|{n}(?:,|\s+(?:is|was|will be))\s+(?:the|a|an|its)\s+(?:[\w,.-]+\s+){{0,4}}?{noun}",
            sentence,
            re.I,
        )
    )


@dataclass(frozen=True)
class Sentence:
    start: int
    end: int
    text: str


# A sentence ends at . ! or ? (optionally followed by a closing quote or bracket) when
# whitespace and an upper-case letter, digit or opening quote follow. Abbreviations and
# decimals do not end sentences.
_BOUNDARY_RE = re.compile(r"[.!?][\"'\u201d\u2019)\]]*(?=\s+[\"'\u201c\u2018(\[]?[A-Z0-9])")
_ABBREVIATIONS = frozenset(
    "mr mrs ms dr prof inc ltd co corp no vs etc e.g i.e approx st jr sr fig u.s u.k jan feb mar apr jun jul aug sep sept oct nov dec".split()
)


def sentences(text: str) -> list[Sentence]:
    """Split `text` into sentences whose offsets index `text` exactly (text[s.start:s.end] == s.text)."""
    out: list[Sentence] = []
    for block in re.finditer(r"[^\n]+", text):
        base = block.start()
        chunk = block.group(0)
        start = 0
        for m in _BOUNDARY_RE.finditer(chunk):
            before = chunk[start : m.start()].split()
            last = before[-1].lower().rstrip(".") if before else ""
            if last in _ABBREVIATIONS or (len(last) == 1 and last.isalpha()):
                continue
            _append(out, text, base + start, base + m.end())
            start = m.end()
        _append(out, text, base + start, base + len(chunk))
    return out


_BULLET_RE = re.compile(r"(?:[-*\u2022\u2013]|\d{1,2}[.)])\s+")


def _append(out: list[Sentence], text: str, start: int, end: int) -> None:
    while start < end and text[start].isspace():
        start += 1
    bullet = _BULLET_RE.match(text, start, end)
    if bullet:  # a list item: the sentence starts after its marker
        start = bullet.end()
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        out.append(Sentence(start, end, text[start:end]))


_ENTITY_RE = re.compile(r"\b(?:[A-Z][a-zA-Z0-9&'\-]+)(?:\s+(?:of\s+|de\s+|&\s+)?[A-Z][a-zA-Z0-9&'\-]+)*")
_ENTITY_STOP = frozenset(
    "The A An In On At For From By This That These Those It Its Our We They He She Their According "
    "However While When Where Which What Who Why How And But Or If As After Before Since During Also "
    "Unlike Both Each Every Some Most Many Several Other Meanwhile Overall Sources Source Even Still Yet "
    "Despite Although Though Because Until Once Today Now Last Next Earlier Later Only All Any Together "
    "Including Between With Without Under Over Across Instead Then Thus Hence Also Such No Not Whether "
    "Where Here There Cheaper Smaller Larger Higher Lower New Old First Second Third Fourth Fifth".split()
)
_MONTHS = frozenset("January February March April May June July August September October November December".split())


def row_parts(row: str) -> tuple[str, list[tuple[str, str]]]:
    """("Context", [(header, value), ...]) of a table row written as text
    ("Context — Header: value; Header: value.", agents/sources/tables.py); a cell without a
    header has "" as its header."""
    body = row.strip().rstrip(".")
    context, dash, rest = body.partition(" \u2014 ")
    if not dash:
        context, rest = "", body
    fields = []
    for part in rest.split("; "):
        header, colon, value = part.partition(": ")
        fields.append((header.strip(), value.strip()) if colon else ("", part.strip()))
    return context.strip(), fields


RANK_HEADERS = frozenset({"rank", "position", "place", "ranking", "#", "no.", "no"})


def row_rank(row: str) -> int:
    """The rank a table row gives itself ("… — Rank: 2; Maker: …"), 0 when it gives none."""
    for header, value in row_parts(row)[1]:
        if header.lower().rstrip(":") in RANK_HEADERS and value.strip().isdigit():
            return int(value.strip())
    return 0


def entities(text: str) -> list[str]:
    """A fresh list of _named_things(text), the caller may change it."""
    if len(text) > _CACHED_TEXT_CHARS:
        return _named_things(text)
    return list(_cached_named_things(text))


@lru_cache(maxsize=32768)
def _cached_named_things(text: str) -> tuple[str, ...]:
    return tuple(_named_things(text))


def _named_things(text: str) -> list[str]:
    """Capitalised names (one or more words) in order of appearance, without sentence-initial
    function words or month names. A table row is about its cells: their names come first (the
    row's key cell leads), then the context's; a header ("Rank", "Cell supplier") is a name only
    when it is one of several words ("Voltara Motors: 55%"), and the context's lone first word
    ("Electric car makers ranked …") is its first word, not a name."""
    if is_table_row(text):
        context, fields = row_parts(text)
        out = []
        for header, value in fields:
            out += [n for n in _entities(header) if " " in n]
            out += _entities(value)
        out += [n for n in _entities(context) if " " in n or not context.startswith(n)]
        return list(dict.fromkeys(out))
    return _entities(text)


def _entities(text: str) -> list[str]:
    out = []
    for m in _ENTITY_RE.finditer(text):
        parts = m.group(0).split()
        while parts and (parts[0] in _ENTITY_STOP or parts[0] in _MONTHS):
            parts = parts[1:]
        while parts and parts[-1] in _MONTHS:
            parts = parts[:-1]
        if not parts:
            continue
        name = " ".join(parts)
        if len(name) < 3 or name.isupper() and len(name) <= 3 and len(parts) == 1:
            continue
        out.append(name)
    return out


def names(text: str, known: frozenset | set = frozenset()) -> list[str]:
    """entities(text) without a lone capitalised word that opens the text ("Technology",
    "Offshore turbines are …"): that is the text's first word or a heading, unless `known`
    (lower-cased) says it is a name ("Skarvholm is an offshore wind farm")."""
    head = text.lstrip()
    return [n for n in entities(text) if " " in n or not head.startswith(n) or n.lower() in known]


def inner_names(texts: list[str]) -> set[str]:
    """One-word names (lower-cased) that some text writes capitalised after its first word: a
    word capitalised only where a sentence starts may be an ordinary word."""
    out: set[str] = set()
    for text in texts:
        head = text.lstrip()
        out.update(n.lower() for n in entities(text) if " " not in n and not head.startswith(n))
    return out


def jaccard(a: set, b: set) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def normalise_space(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()
