"""Facts: (subject, attribute, value, date, source) read from notes with general patterns
(capitalised names, figures with their scale and unit, years), never a list of one corpus's
words. Two facts are about the same thing (same_key) when they name the same subject, measure
the same kind of quantity for the same period and share their attribute words; then they either
agree (same value) or disagree.

A fact is kept only when its figure is in the note's quote, so whatever is said about it can be
checked against the quote."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from agents import text as tx
from citations.evidence import EvidenceNote

TERM_PREFIX_CHARS = 5  # "deliveries"/"delivered" -> "deliv"
ATTRIBUTE_OVERLAP = 0.3  # shared attribute words / the smaller set's words
MEASURE_WORD_WEIGHT = 2  # a shared word naming the measure counts as this many shared words
SAME_VALUE_REL_TOL = 0.005  # "1.82 million" == "1,820,000"; "about 70%" == "70%"
DISAGREEMENT_MAX_RATIO = 1.5  # two values further apart than this are rarely one quantity disputed
# (a plant's 52 GWh and its owner's 114 GWh): sized on rival estimates
# of one figure, which differ by a few to 25 percent

_SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "bn": 1e9, "trillion": 1e12}
# Measurement units by dimension, with a factor to one base unit per dimension.
_UNITS = {
    "%": ("percent", 1.0),
    "percent": ("percent", 1.0),
    "per cent": ("percent", 1.0),
    "wh": ("energy", 1.0),
    "kwh": ("energy", 1e3),
    "mwh": ("energy", 1e6),
    "gwh": ("energy", 1e9),
    "twh": ("energy", 1e12),
    "w": ("power", 1.0),
    "kw": ("power", 1e3),
    "mw": ("power", 1e6),
    "gw": ("power", 1e9),
    "kg": ("mass", 1.0),
    "t": ("mass", 1e3),
    "tonnes": ("mass", 1e3),
    "tonne": ("mass", 1e3),
    "tons": ("mass", 1e3),
    "ton": ("mass", 1e3),
    "kt": ("mass", 1e6),
    "mt": ("mass", 1e9),
    "km": ("length", 1e3),
    "m": ("length", 1.0),
    "miles": ("length", 1609.0),
    "mi": ("length", 1609.0),
    "$": ("usd", 1.0),
    "usd": ("usd", 1.0),
    "dollars": ("usd", 1.0),
    "€": ("eur", 1.0),
    "eur": ("eur", 1.0),
    "euros": ("eur", 1.0),
    "£": ("gbp", 1.0),
    "gbp": ("gbp", 1.0),
    "yen": ("jpy", 1.0),
    "¥": ("jpy", 1.0),
    "years": ("years", 1.0),
    "year": ("years", 1.0),
    "months": ("months", 1.0),
    "days": ("days", 1.0),
    "hours": ("hours", 1.0),
}
_QUANTITY_RE = re.compile(
    r"(?P<cur>[$€£¥])?\s?(?<![\w.,\-])(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\w,]*\d)"
    r"(?:\s?(?P<scale>thousand|million|billion|bn|trillion)\b)?"
    r"(?:\s?(?P<unit>%|per cent|percent|[A-Za-z€$£¥]+))?",
    re.I,
)
# A founding year is a fact like a figure ("founded in 1996"): sources that give two are disputed.
# Only founding: other dated events ("opened in 2019") are often of two different things.
_FOUNDED_RE = re.compile(
    r"\b(?:founded|established|incorporated|set up|formed)\b[^.;]{0,40}?\b(?:in|since)\s+(?P<year>(?:19|20)\d\d)\b",
    re.I,
)
FOUNDED = "year founded"  # the dimension of a founding year
_YEAR_RE = re.compile(r"(?<![\d.,])(?:19|20)\d\d(?!\d|[.,]\d|%)")
_DATEISH_RE = re.compile(r"\b\d{4}-\d{2}(?:-\d{2})?\b")
# Words that say how a figure is known or hedged, not what it measures.
_NOT_ATTRIBUTE = frozenset(
    tx.terms(
        "about around roughly approximately nearly almost some estimate estimated estimates expects expected "
        "according said says told report reports reported stated states claims claimed figure figures number "
        "now currently still also just over under least more less than up down total new year years per cent "
        "percent company group firm people familiar analyst analysts source sources data"
    )
)
_MONTHS = frozenset("january february march april may june july august september october november december".split())
_REPORTING_RE = re.compile(
    r"[^,.;]{0,25}?\b(?:lists?|listed|estimat\w*|counts?|counted|says?|said|reports?|reported|ranks?|"
    r"ranked|puts?|gives?|expects?|mapped|calculat\w*|finds?|found|shows?|writes?|wrote|notes?|"
    r"noted|records?|recorded|puts)\b"
)
# Phrases that make a figure one of a part of the period ("in the first nine months of 2025",
# "fourth-quarter deliveries", "H1"). An ordinal alone is not one: "the second phase of the
# plant", "its first full year of operation" are about the whole period.
_PERIOD_ORDINAL = r"(?:first|second|third|fourth|last|final)"
_PERIOD_COUNT = r"(?:two|three|four|five|six|seven|eight|nine|ten|eleven)"
_PART_OF_PERIOD_RE = re.compile(
    rf"\b(?:{_PERIOD_ORDINAL}[\s-]+(?:{_PERIOD_COUNT}[\s-]+)?(?:quarters?|half|halves|months?|weeks?)"
    rf"|{_PERIOD_COUNT}[\s-]+months?|quarterly|half[\s-]year(?:ly)?|[qh][1-4]|ytd|year[\s-]to[\s-]date"
    r"|so far|preliminary)\b",
    re.I,
)
_CHANGE_RE = re.compile(r"\b(?:from|on|over|compared with)\s+(?:about\s+|the\s+)?[$€£]?\d", re.I)  # "up from 36 GWh"
_REPORTED_RE = re.compile(
    r"\b(?:earlier|previous|older|some|other|several|media|press|outdated)\s+(?:media\s+|press\s+)?"
    r"(?:reports?|estimates?|figures?|articles?|sources?|accounts?)\b|\bwas previously\b|"
    r"\bhad (?:been )?(?:put|reported|estimated)\b|"
    r"\b(?:said|says|told|announced)\b[^.;]{0,40}?\bthat\b",
    re.I,
)
_ATTRIBUTION_RE = re.compile(
    r",\s*(?:according to|as reported by|(?:\w+\s+){0,3}(?:said|says|told|writes|wrote))\b.*$", re.I
)


@dataclass(frozen=True)
class Quantity:
    value: float  # in the dimension's base unit, scale applied
    dimension: str  # "percent", "energy", "mass", "usd", ... or "count"
    text: str  # as written: "1.82 million", "48 GWh", "70%"
    start: int
    end: int


@dataclass
class Fact:
    note_id: int
    subject: frozenset  # entity names (lower-cased, possessives split)
    attribute: frozenset  # attribute word keys
    quantity: Quantity
    period: str  # the year the figure is for ("" when the clause names none)
    date: str | None  # the source's publication date
    domain: str
    origin: str
    credibility: float
    claim: str
    attribute_words: tuple = field(default_factory=tuple)  # as written, in order
    page: object = None  # the page it was read from (its source id, or url)
    period_part: frozenset = frozenset()  # word keys of the part of the period ("first nine months")
    sizes_subject: bool = False  # the figure describes a thing by its size ("the 1,000 MW wind farm")
    source_name: str = ""  # how a sentence names the source ("Northgate Research"; an upload's file name)
    per_year: bool = False  # written as a yearly rate ("60,000 tonnes a year", "Capacity (tonnes per year)")
    change: bool = False  # a percent that measures a change ("up 11% on 2024"), not a level or a share

    @property
    def value_text(self) -> str:
        return self.quantity.text


def quantities(text: str) -> list[Quantity]:
    """Figures in `text` that are not years or dates, with scale and unit."""
    out = []
    dates = [m.span() for m in _DATEISH_RE.finditer(text)]
    for m in _QUANTITY_RE.finditer(text):
        raw = m.group("num")
        if any(a <= m.start("num") < b for a, b in dates):
            continue
        if (
            re.fullmatch(r"(?:19|20)\d\d", raw)
            and not m.group("scale")
            and not m.group("cur")
            and (m.group("unit") or "").lower() not in {"%", "percent", "gwh", "mwh", "kwh", "tonnes", "t"}
        ):
            continue
        value = float(raw.replace(",", ""))
        scale = (m.group("scale") or "").lower()
        if scale:
            value *= _SCALES[scale]
        unit_word = (m.group("unit") or "").lower()
        dimension, factor = _UNITS.get(unit_word, ("", 1.0))
        if not dimension and m.group("cur"):
            dimension, factor = _UNITS[m.group("cur")]
        end = m.end() if dimension and unit_word in _UNITS else (m.end("scale") if scale else m.end("num"))
        start = m.start("cur") if m.group("cur") else m.start("num")
        out.append(Quantity(value * factor, dimension or "count", text[start:end].strip(), start, end))
    return out


def founding_years(text: str) -> list[Quantity]:
    """Founding years in `text` as quantities of their own dimension ("founded in 1996")."""
    return [
        Quantity(float(m.group("year")), FOUNDED, m.group("year"), m.start("year"), m.end("year"))
        for m in _FOUNDED_RE.finditer(text)
    ]


def _entity_keys(text: str) -> list[str]:
    out = []
    for name in tx.entities(text):
        for part in re.split(r"['\u2019](?:s\b)?\s*", name):
            part = part.strip()
            if (
                len(part) >= 3
                and part.lower() not in _MONTHS
                and part.lower() not in _UNITS
                and part.lower() not in _SCALES
            ):
                out.append(part.lower())
    return out


def _is_publisher(entity: str, note: EvidenceNote) -> bool:
    """The source naming itself ("CellMarket Weekly", "The European Battery Registry" on ebr...)."""
    label = re.split(r"[.\-]", (note.domain or "").lower())
    squashed = re.sub(r"[^a-z0-9]", "", entity)
    initials = "".join(w[0] for w in entity.split() if w)
    site = re.sub(r"[^a-z0-9]", "", (note.domain or "").split(".")[0])
    return bool(site) and (
        squashed == site
        or site.startswith(squashed)
        and len(squashed) >= 5
        or squashed.startswith(site)
        and len(site) >= 5
        or (len(initials) >= 3 and initials == label[0])
    )


def subject_names(text: str, note: EvidenceNote) -> list[str]:
    """The names a text is about, in order: the source naming itself as the one who reports
    ("CellMarket Weekly has mapped...", "The European Battery Registry lists...") is left out
    when other names remain; a company's own page stating its own figures keeps its name."""
    names = list(dict.fromkeys(_entity_keys(text)))
    others = [e for e in names if not (_is_publisher(e, note) and _reports(e, text))]
    return others or names


def _title_subject(note: EvidenceNote) -> list[str]:
    """For a text that names nothing ("The project will cost 5.1 billion euros"): the names its
    page's title shares with the sub-question it was read for, the thing that page is about
    ("Final investment decision for Merrow Deep", asked about Merrow Deep). Empty when the title
    names nothing that was asked."""
    asked = set(_entity_keys(note.subquestion or ""))
    return [e for e in dict.fromkeys(_entity_keys(note.title or "")) if e in asked]


def _reports(entity: str, text: str) -> bool:
    """The name opens the text as the one who reports, estimates or lists."""
    head = re.sub(r"^\W*(?:the\s+)?", "", text.lower())
    return head.startswith(entity) and bool(_REPORTING_RE.match(head[len(entity) :]))


def _key(word: str) -> str:
    return tx.stem(word.lower())[:TERM_PREFIX_CHARS]


def _nearest_year(text: str, q: Quantity) -> str:
    years = [
        (min(abs(m.start() - q.end), abs(q.start - m.end())), m.group(0))
        for m in _YEAR_RE.finditer(text)
        if not (q.start <= m.start() < q.end)
    ]
    return min(years)[1] if years else ""


# A percent that measures a change: "an increase of 13%", "up 11%", "rose 11%", "13% more".
_CHANGE_BEFORE_RE = re.compile(
    r"\b(?:up|down|rise|rose|risen|rising|fell|fallen|falling|increase[sd]?|decrease[sd]?|grew|grown|growth|"
    r"gain(?:ed)?|drop(?:ped)?|declined?|jump(?:ed)?|climb(?:ed)?)(?:\s+(?:of|by))?\s*(?:about\s+|some\s+)?$",
    re.I,
)
_CHANGE_AFTER_RE = re.compile(r"^\s*(?:more|less|higher|lower|up|down)\b", re.I)
# The period a change is measured against: "up 11% on 2024", "13% over the 1.61 million … in 2024".
_BASE_RE = re.compile(r"\b(?:on|over|from|compared\s+with|than|versus|vs\.?)\b", re.I)


def _is_change(text: str, q: Quantity) -> bool:
    return q.dimension == "percent" and bool(
        _CHANGE_BEFORE_RE.search(text[max(0, q.start - 30) : q.start]) or _CHANGE_AFTER_RE.match(text[q.end :])
    )


def _change_period(text: str, q: Quantity) -> str:
    """The year a change is for: the nearest year that is not its base ("1.79 million in 2025,
    up 11% on 2024" is 2025's change); "" when only the base is named."""
    years = []
    for m in _YEAR_RE.finditer(text):
        if q.start <= m.start() < q.end:
            continue
        base = m.start() >= q.end and _BASE_RE.search(text[q.end : m.start()])
        if not base:
            years.append((min(abs(m.start() - q.end), abs(q.start - m.end())), m.group(0)))
    return min(years)[1] if years else ""


def extract(note: EvidenceNote) -> list[Fact]:
    """Facts stated by a note's claim (or by its quote when the claim states no figure) whose
    figure the quote holds."""
    quote_numbers = set(tx.numbers(note.quote))
    facts = []
    for text in (note.claim, note.quote):
        facts = _extract_from(text, note, quote_numbers)
        if facts:
            break
    return facts


def _extract_from(text: str, note: EvidenceNote, quote_numbers: set) -> list[Fact]:
    if _REPORTED_RE.search(text):
        return []  # "Earlier reports put it at 45 GWh": what others said, not this source's figure
    qs = quantities(text) + founding_years(text)
    if not qs:
        return []
    body = _ATTRIBUTION_RE.sub("", text) or text
    subject = frozenset(subject_names(body, note) or _title_subject(note))
    if not subject:
        return []
    entity_words = {w for e in _entity_keys(body) for w in e.split()}
    figures = {t for q in qs for t in tx.numbers(q.text)}
    attribute_words = []
    for w in tx.words(body):
        lw = w.lower()
        if (
            lw in tx.STOPWORDS
            or lw in entity_words
            or lw[0].isdigit()
            or lw in _MONTHS
            or lw in _UNITS
            or lw in _SCALES
            or _key(w) in _NOT_ATTRIBUTE
            or len(lw) < 3
        ):
            continue
        attribute_words.append(w)
    attribute = frozenset(_key(w) for w in attribute_words)
    period_part = frozenset(
        _key(w) for m in _PART_OF_PERIOD_RE.finditer(body) for w in re.findall(r"[a-z0-9]+", m.group(0).lower())
    )
    out = []
    seen = set()
    changes = [_is_change(text, q) for q in qs]
    # A change ("up 5% on 2024") is a kind of its own beside a level of the same year ("45% in 2025").
    kinds = [
        (
            q.dimension,
            "" if q.dimension == FOUNDED else _change_period(text, q) if change else _nearest_year(text, q),
            change,
        )
        for q, change in zip(qs, changes)
    ]
    for q, (dimension, period, change) in zip(qs, kinds):
        # "48 GWh, up from 36 GWh": the first figure of a kind is the one the note states; but
        # "60% from Kaiyo and 40% from Borealis" gives each figure its own subject, which one
        # clause-free set of names cannot say: such figures are not compared.
        if kinds.count((dimension, period, change)) > 1 and not _CHANGE_RE.search(text):
            continue
        if (dimension, period, change) in seen:
            continue
        seen.add((dimension, period, change))
        if not set(tx.numbers(q.text)) & quote_numbers and not (
            set(tx.numbers(q.text)) <= figures and _figure_in(q, note.quote)
        ):
            continue
        out.append(
            Fact(
                note_id=note.id,
                subject=subject,
                attribute=attribute,
                quantity=q,
                period=period,
                date=note.published,
                domain=note.source_label,
                origin=note.origin or note.domain,
                credibility=note.credibility if note.credibility is not None else note.quality,
                claim=note.claim,
                attribute_words=tuple(dict.fromkeys(attribute_words)),
                page=note.source_id if note.source_id is not None else (note.url or note.domain),
                period_part=period_part,
                sizes_subject=_sizes_a_thing(text, q),
                source_name=note.source_name,
                per_year=_per_year(text, q),
                change=change,
            )
        )
    return out


# What a figure measures, in any field: two figures that name different measures are different facts.
MEASURE_KEYS = frozenset(
    _key(w)
    for w in (
        "capacity output production produced deliveries delivered sales sold revenue turnover profit employees staff "
        "share price cost costs orders range weight budget population value volume shipments shipped installed "
        "generation generated demand exports imports workforce headcount"
    ).split()
)


# Words for one measure: "shipped" and "delivered" count what left the maker; "output" and
# "production" what it made. Two figures naming words of one group name the same measure.
_SAME_MEASURE = (
    "deliveries delivered shipments shipped",
    "output production produced generation generated",
    "sales sold",
    "revenue turnover",
    "employees staff workforce headcount",
    # A project's approved budget and its later cost estimate are the same amount of money.
    "cost costs budget",
)
_MEASURE_OF = {_key(w): _key(group.split()[0]) for group in _SAME_MEASURE for w in group.split()}


def _measures(attribute: frozenset) -> set[str]:
    """The measures an attribute names, each word of one measure mapped to that measure's key."""
    return {_MEASURE_OF.get(k, k) for k in attribute & MEASURE_KEYS}


# Units a thing is sized in when the figure stands before its noun ("the 1,000 MW wind farm",
# "a 48 GWh plant", "the €5 billion project"): the figure is that thing's size in the unit's
# measure, so it is the same quantity as a figure in the same unit that names its measure
# ("has a capacity of 1,050 MW"). Counts, shares and durations do not size a thing this way
# ("a 25-year contract", "a 70% stake" are about something else).
_SIZING_DIMENSIONS = frozenset({"energy", "power", "mass", "length", "usd", "eur", "gbp", "jpy"})
_DETERMINER_BEFORE_RE = re.compile(r"\b(?:the|a|an|its|their|his|her|our)\s+(?:planned\s+|new\s+)?$", re.I)
_NOUN_AFTER_RE = re.compile(r"^[\s\-\u2011]*([a-z][a-z\-]+)")


def _sizes_a_thing(text: str, q: Quantity) -> bool:
    if q.dimension not in _SIZING_DIMENSIONS or not _DETERMINER_BEFORE_RE.search(text[: q.start]):
        return False
    after = _NOUN_AFTER_RE.match(text[q.end :])
    noun = after.group(1).lower() if after else ""
    # "the 45 GWh figure", "an estimated 48 GWh" name a figure, not a thing
    return bool(noun) and noun not in tx.STOPWORDS and _key(noun) not in _NOT_ATTRIBUTE


# A yearly rate: "60,000 tonnes of cathode material a year", "1,100 km per year", "annual
# capacity of 35,000 tonnes", a table's "Capacity (tonnes per year): 35,000".
_RATE_AFTER_RE = re.compile(
    r"^(?:\s+of\s+(?:[\w\-]+\s+){0,3}?)?\s*(?:a|per|each|every)\s+year\b|^\s*(?:annually|per\s+annum)\b", re.I
)
_RATE_BEFORE_RE = re.compile(r"\b(?:annual|yearly|per\s+year|a\s+year|per\s+annum)\b[^.;:\d]{0,40}:?\s*$", re.I)


def _per_year(text: str, q: Quantity) -> bool:
    return bool(
        _RATE_AFTER_RE.match(text[q.end : q.end + 60]) or _RATE_BEFORE_RE.search(text[max(0, q.start - 60) : q.start])
    )


def _figure_in(q: Quantity, quote: str) -> bool:
    return any(same_value(q, other) for other in quantities(quote))


def _entities_match(a: str, b: str) -> bool:
    return a == b or a.startswith(b + " ") or b.startswith(a + " ")


def _subject_covered(small: frozenset, large: frozenset) -> bool:
    return all(any(_entities_match(s, t) for t in large) for s in small)


def same_subject(a: Fact, b: Fact) -> bool:
    """The same named things: one fact's names all found in the other's (a name matching its
    longer form: "Voltara" and "Voltara Motors")."""
    small, large = (a.subject, b.subject) if len(a.subject) <= len(b.subject) else (b.subject, a.subject)
    return bool(small) and _subject_covered(small, large)


def same_key(a: Fact, b: Fact) -> bool:
    """Facts about one quantity: same subject, same dimension, same period (or one unstated),
    and enough attribute words in common."""
    if a.quantity.dimension != b.quantity.dimension or a.change != b.change or not same_subject(a, b):
        return False  # a change ("up 11%") is not a level or a share ("45% of its cells")
    if a.period and b.period and a.period != b.period:
        return False
    for rate, total in ((a, b), (b, a)):
        # A yearly rate with no year ("runs a plant with 60,000 tonnes a year": what it can make)
        # is not one year's total ("delivered 41,000 tonnes in 2024").
        if rate.per_year and not rate.period and total.period and not total.per_year:
            return False
    if not a.attribute or not b.attribute:
        return False
    if a.period_part != b.period_part:
        return False  # nine months against a full year
    ma, mb = _measures(a.attribute), _measures(b.attribute)
    if ma and mb and not ma & mb:
        return False  # a plant's capacity against what it delivered
    for sized, other, measure, named in ((a, b, ma, mb), (b, a, mb, ma)):
        # "the 1,000 MW wind farm" is the farm's size in the unit both figures are written in: the
        # same quantity as a figure that names its measure ("a capacity of 1,050 MW"), when it names
        # at least the things that figure is about
        if sized.sizes_subject and not measure and named and _subject_covered(other.subject, sized.subject):
            return True
    # A shared word naming the measure ("cost", "capacity") is the head of both attributes: it
    # weighs MEASURE_WORD_WEIGHT context words, so a long clause ("including the export cables
    # and the onshore substation") does not hide that both figures are the project's cost.
    shared = len(a.attribute & b.attribute) + (MEASURE_WORD_WEIGHT - 1) * len(ma & mb)
    return shared >= 1 and shared / min(len(a.attribute), len(b.attribute)) >= ATTRIBUTE_OVERLAP


def same_value(a, b) -> bool:
    qa = a.quantity if isinstance(a, Fact) else a
    qb = b.quantity if isinstance(b, Fact) else b
    if qa.dimension != qb.dimension:
        return False
    if qa.dimension == FOUNDED:
        return qa.value == qb.value  # 1987 is not 1996 "within half a percent"
    return math.isclose(qa.value, qb.value, rel_tol=SAME_VALUE_REL_TOL, abs_tol=1e-9)


def close_enough_to_dispute(a: Fact, b: Fact) -> bool:
    lo, hi = sorted([abs(a.quantity.value), abs(b.quantity.value)])
    return lo > 0 and hi / lo <= DISAGREEMENT_MAX_RATIO


def extract_all(notes: list[EvidenceNote]) -> list[Fact]:
    return [f for n in notes for f in extract(n)]
