"""What a composed sentence may say, checked in code whichever model wrote it: plain functions
of text, shared by the citation check (citations/check.py) and the offline engine's judge.

A writer that composes one sentence from several notes ("Norvik Electric buys cells from Kaiyo
Battery Works (60%) and Borealis Power Systems (40%)") must not bring in a name or a figure that
none of the cited quotes holds:

- names: capitalised multi-word names ("Kaiyo Battery Works", "European Battery Registry"), a
  possessive "'s" set aside, found case-insensitively in a quote or in the cited sources' own
  names (a sentence may attribute: "CellMarket Weekly counts seven suppliers");
- figures: numbers with a unit, a scale word or a percent ("60%", "12 GWh", "1.82 million",
  "35,000 tonnes", "$4.2 billion"), found in a quote as the same quantity ("1.82 million" is
  "1,820,000"); a quote's bare number ("52" in a table cell) matches any unit.

Also the writer's voice: page text in the first person ("we use the latest official figure"), a
reply in a thread ("Yes, the Meridian also uses …") or a post behind a site's label ("Thread
marked as answered: …") is the source speaking, never the report (`source_voice`), and a
source's name for attributing it (`source_label`)."""

from __future__ import annotations

import functools
import re
from collections import Counter

from agents import text as tx

_SCALES = {
    "thousand": 1e3,
    "million": 1e6,
    "millions": 1e6,
    "billion": 1e9,
    "billions": 1e9,
    "bn": 1e9,
    "trillion": 1e12,
}
_UNIT_WORDS = {
    "%": "%",
    "percent": "%",
    "per cent": "%",
    "pct": "%",
    "gwh": "gwh",
    "mwh": "mwh",
    "kwh": "kwh",
    "twh": "twh",
    "wh": "wh",
    "gw": "gw",
    "mw": "mw",
    "kw": "kw",
    "km": "km",
    "kg": "kg",
    "t": "t",
    "tonnes": "t",
    "tonne": "t",
    "tons": "t",
    "ton": "t",
    "mt": "mt",
    "usd": "usd",
    "eur": "eur",
    "euros": "eur",
    "euro": "eur",
    "dollars": "usd",
    "gbp": "gbp",
    "yen": "jpy",
    "km/h": "km/h",
    "mph": "mph",
    "hours": "h",
    "h": "h",
    "minutes": "min",
    "years": "years",
    "months": "months",
    "vehicles": "vehicles",
    "cars": "vehicles",
    "units": "units",
    "people": "people",
    "employees": "people",
    "workers": "people",
    "staff": "people",
    "jobs": "jobs",
    "plants": "plants",
    "sites": "sites",
    "cells": "cells",
    "chargers": "chargers",
    "turbines": "turbines",
    "homes": "homes",
    "households": "homes",
    "mw/h": "mw/h",
    # volumes and lengths ("41.2 million cubic metres", "500 litres"), and common counted nouns
    "cubic": "m3",
    "litres": "l",
    "liters": "l",
    "metres": "m",
    "meters": "m",
    "hectares": "ha",
    "barrels": "bbl",
    "passengers": "passengers",
    "customers": "customers",
}
_CURRENCY = {"$": "usd", "€": "eur", "£": "gbp", "¥": "jpy"}
_FIGURE_RE = re.compile(
    # "BT-15" (a designation's number) is no figure: "80 BT-15 turbines" is not 15 turbines
    r"(?P<cur>[$€£¥])?\s?(?<![\w.])(?<![A-Za-z]-)(?P<num>\d+(?:[.,]\d+)*)(?:\s?(?P<scale>thousand|millions?|billions?|bn|trillion)\b)?"
    r"(?:\s?(?P<unit>%|per cent|percent|pct\b|[A-Za-z/]+))?"
)
_NAME_CONNECTORS = frozenset({"of", "de", "&", "and"})
_FIRST_PERSON_RE = re.compile(r"\b(?:[Ww]e|[Oo]ur|[Oo]urs|us|[Mm]y|I)\b(?!\.)")
_QUOTED_SPAN_RE = re.compile(r"[\"\u201c][^\"\u201c\u201d]*[\"\u201d]")
_POSSESSIVE_RE = re.compile(r"(?:'s|\u2019s|'|\u2019)$")


def _number(raw: str) -> float | None:
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", raw):
        raw = raw.replace(",", "")
    elif re.fullmatch(r"\d+,\d+", raw):
        raw = raw.replace(",", ".")
    try:
        return float(raw)
    except ValueError:
        return None


def is_unit_word(word: str) -> bool:
    """A word that gives a figure's unit ("tonnes", "percent", "vehicles")."""
    return word.lower() in _UNIT_WORDS


def quantities(text: str) -> list[tuple[float, str, str]]:
    """Every number in `text` as (value with its scale applied, canonical unit or "", the text
    as written). Years stand as bare numbers."""
    out = []
    for m in _FIGURE_RE.finditer(text):
        value = _number(m.group("num"))
        if value is None:
            continue
        scale = (m.group("scale") or "").lower()
        value *= _SCALES.get(scale, 1)
        unit_word = (m.group("unit") or "").lower()
        unit = _UNIT_WORDS.get(unit_word, "")
        if m.group("cur"):
            unit = _CURRENCY[m.group("cur")]
        written = m.group(0).strip()
        if not unit and unit_word and not scale:
            written = written[: len(written) - len(m.group("unit"))].strip()
        out.append((round(value, 6), unit, written))
    return out


def figures(text: str) -> list[tuple[float, str, str]]:
    """The figures a sentence states: numbers with a unit, a scale word, a currency or a percent."""
    out = []
    for value, unit, written in quantities(text):
        if unit or re.search(r"thousand|million|billion|bn|trillion", written, re.I):
            out.append((value, unit, written))
    return out


def names(text: str) -> list[str]:
    """Capitalised multi-word names in `text` ("Kaiyo Battery Works"), possessives set aside."""
    out = []
    for name in tx.entities(text):
        # "Sunmark Energy's Ostrava plant": a possessive ends one name.
        runs, current = [], []
        for word in name.split():
            current.append(_POSSESSIVE_RE.sub("", word))
            if _POSSESSIVE_RE.search(word):
                runs.append(current)
                current = []
        runs.append(current)
        for words in runs:
            while words and words[-1].lower() in _NAME_CONNECTORS:
                words.pop()
            if len([w for w in words if w[:1].isupper()]) >= 2:
                out.append(" ".join(words))
    return list(dict.fromkeys(out))


def _squash(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def name_in(name: str, texts: list[str]) -> bool:
    wanted = _squash(name)
    return bool(wanted) and any(wanted in _squash(t) for t in texts)


def figure_in(figure: tuple[float, str, str], texts: list[str]) -> bool:
    value, unit, _ = figure
    for t in texts:
        for v, u, _ in quantities(t):
            if abs(v - value) <= 1e-6 * max(1.0, abs(value)) and (u == unit or not u or not unit):
                return True
    return False


def unquoted(sentence: str, quotes: list[str], source_names: list[str] = ()) -> list[str]:
    """The names and figures of `sentence` that none of `quotes` holds (a name may also be one of
    the cited sources' own names, for attribution). [] when the sentence brings in nothing new."""
    missing = [n for n in names(sentence) if not name_in(n, quotes) and not name_in(n, list(source_names))]
    missing += [f[2] for f in figures(sentence) if not figure_in(f, quotes)]
    return missing


def clauses(sentence: str) -> list[str]:
    """A composed sentence's parts that can stand alone ("A; B", "A, while B")."""
    body = sentence.strip()
    parts = re.split(r";\s+|,\s+while\s+|,\s+whereas\s+", body)
    return [p.strip() for p in parts if p.strip()]


def first_person(text: str) -> bool:
    """True when `text` speaks as "we", "our", "us" or "my" outside quotation marks: the
    source's own voice, never the report's."""
    bare = _QUOTED_SPAN_RE.sub(" ", text)
    return any(m.group(0) != "I" or _lone_i(bare, m) for m in _FIRST_PERSON_RE.finditer(bare))


# A reply in a thread ("Yes, the Meridian also uses …", "Thanks, that helps"): someone answering
# someone, not a finding stated.
_REPLY_RE = re.compile(
    r"^\s*(?:yes|no|yeah|yep|nope|thanks|thank you|agreed|exactly|correct|right|well|sure|ok|okay|indeed)"
    r"\s*[,.!:](?!\s*\d)",
    re.I,
)
# A site's label before a post's words ("Thread marked as answered: the Arc uses …", "Update:
# the plant …"): a capitalised word and a few lower-case ones, a colon, then a lower-case start.
_LABEL_RE = re.compile(r"^\s*[A-Z][a-z]+(?:\s+[a-z]+){0,4}:\s+(?=[a-z])")
# A poster's handle before a post's words ("kabel_kari wrote: Skarvholm runs …").
_POSTER_RE = re.compile(r"^\s*@?[\w.\-]{2,32}\s+(?:wrote|writes|said|says|posted|replied)\s*:\s+(?=\S)")


def _label(text: str) -> re.Match | None:
    return _LABEL_RE.match(text) or _POSTER_RE.match(text)


def is_post(text: str) -> bool:
    """A post in a thread, under its poster's handle ("kabel_kari wrote: …"): its "we" is the
    poster's, not the site's."""
    return bool(_POSTER_RE.match(text))


def source_voice(text: str) -> bool:
    """The source speaking, never the report: first-person words (`first_person`), a reply in a
    thread, or a site's label or a poster's handle before a post's words. Such a note is
    attributed to its source."""
    if tx.is_table_row(text) or text.startswith("Sources disagree"):
        return False
    return first_person(text) or bool(_REPLY_RE.match(text)) or bool(_label(text))


def without_label(text: str) -> str:
    """`text` without a site's label or a poster's handle before a post's words ("Thread marked
    as answered: the Arc uses …" -> "The Arc uses …", "kabel_kari wrote: Skarvholm runs …" ->
    "Skarvholm runs …")."""
    m = _label(text)
    if not m or tx.is_table_row(text) or text.startswith("Sources disagree"):
        return text
    rest = text[m.end() :]
    return rest[:1].upper() + rest[1:]


# A sentence that opens by pointing back to one before it ("The two suppliers will continue …",
# "They also …", "This plant …"): out of its page, a reader cannot tell what it is about.
_POINTS_BACK_RE = re.compile(
    r"^\s*(?:it|its|they|their|these|this|those|such|both|the\s+(?:two|three|four|five|both|latter|former|same))\b",
    re.I,
)


def points_back(text: str) -> bool:
    """The sentence opens by pointing back to an earlier one instead of naming its subject."""
    return bool(_POINTS_BACK_RE.match(text))


def _lone_i(text: str, m: re.Match) -> bool:
    """ "I" as a pronoun ("I think"), not a numeral ("World War I", "Phase I")."""
    before = text[: m.start()].rstrip()
    return (
        not before
        or before.endswith((".", "!", "?", ",", ";", ":", '"'))
        or bool(
            re.match(r"\s+(?:am|was|have|had|think|believe|use|used|will|would|can|could|say|said)\b", text[m.end() :])
        )
    )


# A title part that can be a site's name: a few capitalised words ("Halden Blue Energy", "The
# Nacelle Report"), no figure; a headline ("Astrafell orders reach 8.9 GW") is not one.
_SITE_NAME_RE = re.compile(
    r"^(?:[A-Z][\w&'.\-]*|of|and|&|de|for|the)(?:\s+(?:[A-Z][\w&'.\-]*|of|and|&|de|for|the)){0,5}$"
)
# How much of the domain's label a site's name must begin with when it is not the whole label
# ("haldenblue" of "Halden Blue Energy"; "offshorelicensing" of "offshore-licensing-gov").
SITE_NAME_PREFIX_SHARE = 0.75
SITE_NAME_MIN_PREFIX = 5
# How much of a page's text is searched for its site's name (its header and first paragraphs).
SITE_NAME_TEXT_CHARS = 4000


def _common_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _names_site(part: str, label: str) -> bool:
    """Whether a title part is the site's own name: it squashes to the domain's label, or (a
    name the domain shortens: "Halden Blue Energy" on haldenblue.example) it and the label begin
    alike over most of the label, and it reads as a name rather than a headline."""
    squashed, wanted = _squash(part), _squash(label)
    if not squashed or not wanted:
        return False
    if squashed == wanted:
        return True
    if not _SITE_NAME_RE.match(part) or any(c.isdigit() for c in part):
        return False
    # a domain that is the name's initials ("European Battery Registry" on ebr.europa.example)
    initials = "".join(w[0] for w in part.split() if w[:1].isupper() and w != "The").lower()
    if len(wanted) >= 2 and initials == wanted:
        return True
    bare = re.sub(r"^the", "", squashed)
    shared = max(_common_prefix(squashed, wanted), _common_prefix(bare, wanted))
    return shared >= SITE_NAME_MIN_PREFIX and shared >= SITE_NAME_PREFIX_SHARE * len(wanted)


def _domain_label(domain: str) -> str:
    return (domain or "").lower().removeprefix("www.").split(".")[0]


def names_the_site(name: str, domain: str) -> bool:
    """Whether `name` is the name of the site at `domain` ("Halden Blue Energy" of
    haldenblue.example): a sentence may attribute to a cited source by it."""
    return _names_site(name, _domain_label(domain))


def site_names_in(sentence: str, domain: str) -> list[str]:
    """The names `sentence` gives the site at `domain` ("Halden Blue Energy" for
    haldenblue.example): the citation check and the judge accept them as the source's own."""
    return [n for n in names(sentence) if names_the_site(n, domain)]


_TITLE_SEPARATOR_RE = re.compile(r"\s+[|\-\u2013\u2014:\u00b7]\s+")


def title_parts(title: str) -> list[str]:
    """A page title's parts between separators, in order ("Merrow Deep offshore wind farm -
    Corrievale Renewables" -> the page's heading, then the site's name); [] for no title."""
    return [p.strip() for p in _TITLE_SEPARATOR_RE.split(title or "") if p.strip()]


def source_label(title: str, domain: str, text: str = "") -> str:
    """What to call a source when attributing to it: the site's own name when the page title
    carries it ("2025 battery map | CellMarket Weekly" on cellmarket-weekly.example gives
    "CellMarket Weekly"), else a name in the page's `text` that the domain shortens ("Halden
    Blue Energy" on haldenblue.example: pages often lose the site's name from their title), else
    its domain's first label in words ("Cellmarket Weekly"). Title parts are tried last first:
    sites put their name at the end."""
    return _source_label(title or "", domain or "", (text or "")[:SITE_NAME_TEXT_CHARS])


@functools.lru_cache(maxsize=4096)
def _source_label(title: str, domain: str, text: str) -> str:
    # Cached: every note, check and judge call names its source again (thousands per report).
    label = _domain_label(domain)
    parts = title_parts(title)
    for i, part in reversed(list(enumerate(parts))):
        # A title's first part is the page's own heading: only an exact match makes it the name.
        if _squash(part) == _squash(label) or (i > 0 and _names_site(part, label)):
            return part
    if text:
        # Every mention counts: a menu run on into the name ("Halden Blue Energy News About")
        # is there once, the name itself in every paragraph that names the publisher.
        # Line by line: a heading without a full stop would run on into the next line's name
        # ("… in the European Union" + "The European Battery Registry recorded …").
        # A sentence's opening "The" is no part of the name, unless the site is called so ("The Verge").
        found = Counter(
            _without_the(n, label) for line in text.splitlines() for n in names(line) if _names_site(n, label)
        )
        if found:
            return max(found, key=lambda n: (found[n], -len(n)))
    words = [w for w in re.split(r"[-_]+", label) if w]
    return " ".join(w[:1].upper() + w[1:] for w in words) or (domain or "the source")


def _without_the(name: str, label: str) -> str:
    bare = re.sub(r"^The\s+", "", name)
    return bare if bare != name and _names_site(bare, label) else name


def is_title(sentence: str, titles: list[str]) -> bool:
    """True when `sentence` is one of the cited pages' titles (or a part of one between
    separators): a heading is not a finding."""
    s = _squash(sentence)
    if not s:
        return False
    for title in titles:
        parts = [title] + title_parts(title)
        if any(s == _squash(p) for p in parts if p):
            return True
    return False


_ITEM = r"[A-Z][\w&'\-]*(?:\s+(?:of\s+|de\s+|&\s+)?[A-Z][\w&'\-]*)*(?:\s*\([^()]*\))?"
_LIST_RE = re.compile(rf"^(?P<prefix>.*?\S)\s+(?P<items>{_ITEM}(?:,\s+{_ITEM})*,?\s+and\s+{_ITEM})(?P<tail>[.!?]?)$")


def distributed(clause: str) -> list[str]:
    """A clause that ends in a list of names shares its beginning with each ("Norvik Electric
    buys cells from Kaiyo Battery Works (60%) and Borealis Power Systems (40%)" -> "Norvik
    Electric buys cells from Kaiyo Battery Works (60%)", "Norvik Electric buys cells from
    Borealis Power Systems (40%)"): each part is one statement to check against one quote.
    [clause] when it ends in no such list."""
    m = _LIST_RE.match(clause.strip())
    if not m or not names(m.group("prefix")) and not tx.entities(m.group("prefix")):
        return [clause]
    items = [i.strip() for i in re.split(r",\s+and\s+|,\s+|\s+and\s+(?=[A-Z])", m.group("items")) if i.strip()]
    if len(items) < 2:
        return [clause]
    return [f"{m.group('prefix')} {item}" for item in items]


_MONTH_NAMES = "January February March April May June July August September October November December".split()
# A date as written_date writes it ("8 January 2026"): the one pattern every reader of a written date uses.
WRITTEN_DATE_RE = rf"\d{{1,2}} (?:{'|'.join(_MONTH_NAMES)}) \d{{4}}"
# "… in 2025 (Corvane Materials, 24 February 2026)." : the dated sources the report's code adds
# to a sentence's end (jobs/stages/write.py). Who said it and when, not part of the claim.
_DATED_SOURCE = rf"[^()]*, (?:{WRITTEN_DATE_RE}|undated)"
DATED_SOURCES_TAIL_RE = re.compile(rf"\s*\((?:{_DATED_SOURCE})(?:; {_DATED_SOURCE})*\)(?=[.!?]?\s*$)")


def without_dated_sources(text: str) -> str:
    """`text` without the dated sources at its end."""
    return DATED_SOURCES_TAIL_RE.sub("", text)


def written_date(iso: str | None) -> str:
    """A source's date as a reader writes it ("2026-01-08" -> "8 January 2026"), "undated" when
    there is none; anything else as given."""
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", iso or "")
    if not m:
        return iso or "undated"
    return f"{int(m.group(3))} {_MONTH_NAMES[int(m.group(2)) - 1]} {m.group(1)}"


def _items(value: str) -> list[str]:
    """A table cell's names ("Helion Cells (55%), Quanta Battery Company (45%)") one by one; a
    figure's own comma ("1,820,000") is not a separator."""
    return [i.strip() for i in re.split(r",\s+", value) if i.strip()]


def listed(items: list[str]) -> str:
    """Names as a list: "A", "A and B", "A, B and C"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


_NO_HEAD_WORDS = frozenset({"to", "of", "with", "by", "for", "from", "in", "on", "at"})


def side_by_side(attribute: str, rows: list[tuple[str, str]]) -> str:
    """One sentence that sets a comparison table's rows side by side ("The battery suppliers of
    Voltara Motors are Helion Cells (55%) and Quanta Battery Company (45%); those of Kestrel
    Automotive are …"), each clause checkable against its row's notes: every clause names its
    row ("those of X are", distributed over its list by `distributed`) and holds only that
    row's names and figures. "" for fewer than two rows."""
    rows = [(entity, _items(value)) for entity, value in rows if entity and value and value.strip()]
    attribute = attribute.strip()
    if len(rows) < 2 or not attribute or attribute.split()[-1].lower() in _NO_HEAD_WORDS:
        return ""  # "linked to" names no thing a row has: "The linked to of X is …" says nothing
    head = attribute.split()[-1].lower()
    many = head.endswith("s") and not head.endswith("ss")
    verb, again = ("are", "those") if many else ("is", "that")
    clauses = [f"the {attribute} of {rows[0][0]} {verb} {listed(rows[0][1])}"]
    clauses += [f"{again} of {entity} {verb} {listed(items)}" for entity, items in rows[1:]]
    text = "; ".join(clauses[:-1]) + "; and " + clauses[-1] + "."
    return text[:1].upper() + text[1:]


def _row_terms(text: str) -> set[str]:
    return {tx.synonym(t)[:5] for t in tx.terms(text) if not tx.is_year(t)}


def capitalised_words(texts: list[str]) -> frozenset[str]:
    """Words (lower-cased) that some prose text writes capitalised after its first word and no
    text writes in lower case: the words of names ("northgate" of "… estimated by Northgate
    Research"), not an ordinary word a name also uses ("cell" of "Granite Cell Industries" and
    "LFP cells"). A table row's text is left out: each of its headers starts with a capital."""
    capital, lower = set(), set()
    for text in texts:
        lower.update(w for w in re.findall(r"\b[a-z][\w'\-]*", text))
        if tx.is_table_row(text):
            continue
        # Each sentence's or label's first word is capitalised whatever it is, and so is a
        # label ("Operator: …").
        for part in re.split(r"[.!?:;]\s+", text):
            words = re.findall(r"[A-Za-z][\w'\-]*(?!\w*:)", part)
            capital.update(w.lower() for w in words[1:] if w[:1].isupper())
    seen = {w.rstrip("s") for w in lower}  # "cells" and "cell" are one word here
    return frozenset(w for w in capital if w.rstrip("s") not in seen)


def _header_phrase(header: str, names: frozenset = frozenset()) -> str:
    """A header as words of a sentence: its first word lower-cased unless it is an acronym or
    one of `names` ("Annual capacity" -> "annual capacity"; "NMC share" and, when the notes
    write "Northgate" as a name, "Northgate estimate" stay)."""
    first = header.split(" ", 1)[0]
    if first.lower() in names or not (first[1:].islower() or len(first) == 1):
        return header
    return header[:1].lower() + header[1:]


_YES_NO = frozenset({"yes", "no", "y", "n", "true", "false", "\u2713", "\u2714", "\u2717", "x"})


def _cell_phrase(header: str, value: str, names: frozenset) -> str:
    """One cell as words: "annual capacity 48 GWh"; a yes/no cell keeps its colon ("from 2027:
    yes"), which says the header is a question the cell answers."""
    if not header:
        return value
    if value.strip().lower() in _YES_NO:
        return f"{_header_phrase(header, names)}: {value.strip().lower()}"
    return f"{_header_phrase(header, names)} {value}"


def _names_something(value: str) -> bool:
    """A cell that names a thing ("Tanaka-Rhee Motors", "Moerdijk"), not a period or a figure
    ("Full year 2025", "2024", "Q3")."""
    return any(w[:1].isupper() and w[1:2].islower() for w in value.split()) and not tx.numbers(value)


# The header of a column that holds the values of a table of fields ("Field | Value").
_VALUE_HEADERS = frozenset({"value", "values", "detail", "details", "entry"})
# Words a table's caption uses for its rows as a whole ("Voltara Motors technical data").
_CAPTION_WORDS = frozenset(
    "data details specifications specs figures overview facts statistics results summary production output "
    "for of by per in from".split()
)


_ITEM_HEADERS = frozenset(
    "model factory plant project name site product item farm wind farm facility unit vessel ship mill mine "
    "station port city town maker company supplier".split()
)


def _record_subject(context: str) -> str:
    """The context when it names the one thing the row is about, a register entry's ("Greyhaven
    Bank — Operator: …", "Skarvholm offshore wind farm — Owner: …"), not a table's caption: it
    opens with a name, and the words after it name no set (no plural, no caption word such as
    "production" or "for", no year, comma or parenthesis). "" otherwise ("Cable production —
    Factory: Orkanger; …", "Contracts for difference — Project: …" are tables)."""
    if not context or re.search(r"[\d,(]", context):
        return ""
    found = tx.entities(context)
    if not found or not context.startswith(found[0]):
        return ""
    rest = context[len(found[0]) :].split()
    if any((w.endswith("s") and not w.endswith("ss")) or w.lower() in _CAPTION_WORDS for w in rest):
        return ""
    if found[0].endswith("s") and " " not in found[0]:
        return ""  # "Contracts …": a capitalised plural opens a caption, not a name
    return context


def _owned_table(publisher: str) -> str:
    return (publisher + ("' table" if publisher.endswith("s") else "'s table")) if publisher else "the table"


def _table_phrase(context: str, publisher: str) -> str:
    """ "the table “Export cable factories”", or "Castellan Cables' table “…”" with its publisher."""
    own = _owned_table(publisher)
    return f"{own} \u201c{context}\u201d" if context else own


def without_publisher(text: str, publisher: str) -> str:
    """A row's sentence calling the table `publisher`'s, with "the table" instead: for a sentence
    that names its source after it ("… (Northgate Research, 20 February 2026)")."""
    return text.replace(f"{_owned_table(publisher)} \u201c", "the table \u201c") if publisher else text


def row_sentence(row: str, asked: str = "", names: frozenset = frozenset(), publisher: str = "") -> str:
    """A table row written as text ("Context — Header: value; Header: value.", agents/sources/
    tables.py) as a sentence that keeps every cell's header and value word for word, so the
    judge and the reader can check it against the row:

        "Tanaka-Rhee Motors has rank 5; headquarters Busan, South Korea; and 2025 deliveries
        870,000, according to the table “Electric car makers ranked by 2025 deliveries”."

    The row's subject is its first cell that names something (a rank is not a subject), or the
    context when it names the one thing the row is about (a register entry: "Greyhaven Bank has
    operator Corrievale Renewables and registered capacity 1,200 MW."); a row whose cells name
    nothing opens with its first cell ("For period Full year 2025, the table …
    gives …"). With `asked` (a question), only the cells whose header or value shares a word
    with it are given beside the subject, when any does: an answer states what was asked. A
    header's first word is lower-cased unless it is an acronym or one of `names`
    (`capitalised_words` of the other notes). With `publisher` (the name of the site whose page
    holds the table), the table is called theirs ("according to Castellan Cables' table “Export
    cable factories”"): a reader weighs a table's figures by who gave them, and a sibling row
    ("Nordenham has country Germany …") says whose it is. `row` unchanged when it is not a
    table row."""
    if not tx.is_table_row(row):
        return row
    context, fields = tx.row_parts(row)
    fields = [(h, v) for h, v in fields if v]
    if len(fields) < 2:
        return row
    if len(fields) == 2 and fields[1][0].lower() in _VALUE_HEADERS and fields[0][1]:
        # A table of fields and values ("Field: Operator; Value: Borealis Power Systems"): the
        # row says what one field holds.
        where = _table_phrase(context, publisher)
        return f"According to {where}, the {_header_phrase(fields[0][1], names)} is {fields[1][1]}."
    # A row whose first cell says which item it is ("Model: AW-14", "Factory: Orkanger") is a
    # table's, whatever its caption ("Turbine range"): only a register entry lacks that cell.
    record = "" if fields[0][0].lower() in _ITEM_HEADERS else _record_subject(context)
    key = (
        None
        if record
        else next(
            (i for i, (h, v) in enumerate(fields) if h.lower() not in tx.RANK_HEADERS and _names_something(v)), None
        )
    )
    named = key is not None
    key = key if named else 0
    rest = fields if record else [f for i, f in enumerate(fields) if i != key]
    if asked:
        wanted = _row_terms(asked)
        focused = [(h, v) for h, v in rest if _row_terms(f"{h} {v}") & wanted]
        rest = focused or rest
    parts = [_cell_phrase(h, v, names) for h, v in rest]
    joiner = "; " if any(re.search(r",\s", p) for p in parts) else ", "
    listed = " and ".join(parts) if len(parts) <= 2 else joiner.join(parts[:-1]) + f"{joiner}and " + parts[-1]
    if record:
        return f"{record} has {listed}."
    table = _table_phrase(context, publisher)
    header, value = fields[key]
    if named:
        return f"{value} has {listed}, according to {table}."
    subject = f"{_header_phrase(header, names)} {value}" if header else value
    return f"For {subject}, {table} gives {listed}."


# A timeline's item ("2025: Voltara Motors delivers 1.82 million vehicles."): a year or a date,
# a colon, and what happened.
_TIMELINE_ITEM_RE = re.compile(
    rf"^(?P<when>(?:19|20)\d\d|{WRITTEN_DATE_RE}|(?:{'|'.join(_MONTH_NAMES)}) (?:19|20)\d\d):\s+(?P<what>[A-Z].+)$"
)


def as_sentence(claim: str, asked: str = "", names: frozenset = frozenset(), publisher: str = "") -> str:
    """A note's claim as the report's sentence: a table row said as a sentence (`row_sentence`),
    a timeline's item as "In 2025, Voltara Motors delivers 1.82 million vehicles."; any other
    claim as it is."""
    if tx.is_table_row(claim):
        return row_sentence(claim, asked, names, publisher)
    m = _TIMELINE_ITEM_RE.match(claim.strip())
    if m:
        when = m.group("when")
        return f"{'On' if when[:1].isdigit() and not tx.is_year(when) else 'In'} {when}, {m.group('what')}"
    return claim
