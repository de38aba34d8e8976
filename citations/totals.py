"""Totals: a question that asks for a combined or total figure ("What is the combined capacity
of the plants that …", "Which wind farms use …, and what is their combined capacity?") is
answered with the sum of the figures the report's checked sentences cite, when no source states
it, and says that it is a sum and of what. A source that states the whole is quoted instead.

Which figures are added is decided from the report alone, whichever model wrote it:
- each figure is a fact (citations/facts.py) of a note a shipped sentence cites, measuring the
  asked attribute ("capacity"), in one unit, for a whole period (not "the first half");
- its thing belongs to the asked set: some shipped sentence or cited quote names it together
  with the question's own names ("Brenning BT-15", "Zephyrine Auto");
- one figure per thing; a thing with two different figures makes the total unknowable, and
  nothing is added.
The sentence cites every note it adds, and the arithmetic is stored beside it (`computed`), so a
reader checks each addend against its quote and the sum by hand."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from agents import text as tx
from citations import facts as fx
from citations.evidence import EvidenceNote

# "combined capacity", "total installed capacity", "aggregate output": the words after the
# marker, up to the first word that ends the noun phrase.
_TOTAL_RE = re.compile(r"\b(?:combined|total|aggregate|joint)\s+((?:[a-z][a-z-]*\s+){0,2}[a-z][a-z-]*)\b", re.I)
_PHRASE_END = frozenset("of for in at by from across and or is are was were with that which".split())
# "the largest total installed capacity" ranks totals; it does not ask for one.
_RANKING_RE = re.compile(r"\b(?:largest|biggest|highest|lowest|smallest|most|least|greatest)\s+$", re.I)
_NUMBER_RE = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")
MIN_ADDENDS = 2


@dataclass(frozen=True)
class Addend:
    name: str  # the thing, as a sentence names it
    value: str  # the figure as written ("1,200 MW")
    amount: Decimal
    unit: str
    note_id: int


def asked_total(question: str) -> tuple[str, ...]:
    """The words of the attribute whose total the question asks for ("capacity"), or () when it
    asks for none."""
    for m in _TOTAL_RE.finditer(question):
        if _RANKING_RE.search(question[: m.start()]):
            continue
        words = []
        for w in m.group(1).split():
            if w.lower() in _PHRASE_END:
                break
            words.append(w.lower())
        if words:
            return tuple(words)
    return ()


def _marker_in(marker: str, text: str) -> bool:
    """Every word of the question's name is a word of `text` ("Brenning BT-15" in "80 BT-15
    turbines from Brenning Turbines"; not in "40 BT-12 turbines … from Brenning Turbines")."""
    words = set(re.findall(r"[\w-]+", text))
    return all(w in words for w in re.findall(r"[\w-]+", marker))


def _figure(value_text: str) -> tuple[Decimal, str] | None:
    m = _NUMBER_RE.search(value_text)
    if not m:
        return None
    unit = value_text[m.end() :].strip()
    return Decimal(m.group(0).replace(",", "")), unit


def _format(amount: Decimal, like: list[str]) -> str:
    places = max((len(v.split(".", 1)[1]) if "." in v else 0) for v in like)
    text = f"{amount:,.{places}f}"
    return text if any("," in v for v in like) or amount < 10000 else text.replace(",", "")


def _display_name(fact: fx.Fact, others: set[str]) -> str | None:
    """The thing's own name as the note writes it: its first name that the other addends do not
    share (the plant "Toledo", not its owner "Granite Cell Industries"); None when it has none."""
    names = [n for n in tx.entities(fact.claim) if n.lower() not in others]
    for name in names:
        if name.lower() in fact.subject or any(part in fact.subject for part in name.lower().split()):
            return name
    return names[0] if names else None


def _owner_of_thing(name: str, claim: str) -> bool:
    """The claim makes `name` the owner of what it is about: "… of Name", "Name's …", "Name
    (also) operates / runs / owns / has / built …"."""
    n = re.escape(name)
    return bool(
        re.search(
            rf"\b(?:of|by)\s+(?:the\s+)?{n}\b|\b{n}(?:['\u2019]s\b|\s+(?:also\s+)?(?:operates|runs|owns|has|built|opened)\b)",
            claim,
            re.I,
        )
    )


def _lead(fact: fx.Fact, own: frozenset) -> str | None:
    """The name the fact's claim is first about, among the thing's own names (lower-cased)."""
    for name in tx.entities(fact.claim):
        low = name.lower()
        if low in own:
            return low
        hit = next((n for n in own if n in low or low in n), None)
        if hit:
            return hit
    return None


def _opening_word_only(name: str, claim: str, texts: list[str]) -> bool:
    """`name` is one capitalised word that opens its claim and that no text writes capitalised
    inside a sentence: the claim's first word, not a name."""
    if " " in name.strip() or not claim.lstrip().startswith(name):
        return False
    return name.lower() not in {n.lower() for n in tx.inner_names(texts)}


def total_sentence(question: str, sentences: list[dict], notes: dict[int, EvidenceNote]) -> dict | None:
    """The report sentence giving the asked total (see the module docstring), or None."""
    attribute = asked_total(question)
    if not attribute:
        return None
    measure = {fx._key(w) for w in attribute} & fx.MEASURE_KEYS or {fx._key(attribute[-1])}
    markers = [n for n in tx.names(question) if fx._key(n.split()[-1]) not in measure]
    if not markers:
        return None
    marker_words = {w.lower() for m in markers for w in re.findall(r"[\w-]+", m)}
    cited = list(dict.fromkeys(i for s in sentences for i in s.get("citations", []) if i in notes))
    texts = [s["text"] for s in sentences] + [notes[i].quote for i in cited]
    candidates: list[tuple[fx.Fact, frozenset]] = []
    for note_id in cited:
        for fact in fx.extract(notes[note_id]):
            if fact.period_part or fact.quantity.dimension in ("percent", fx.FOUNDED):
                continue
            if not measure & fact.attribute:
                continue
            # The thing's own names: not the question's ("Brenning Turbines" of "Brenning BT-15").
            own = frozenset(n for n in fact.subject if not set(re.findall(r"[\w-]+", n)) & marker_words)
            lead = _lead(fact, own)
            if not own or len(own) < len(fact.subject) and lead is None:
                continue  # a figure about the question's own names is not one of the set's
            # The thing the figure is about belongs to the set: a text names it with the question's
            # names, or names so its owner, of which the claim says it is a part ("the Toledo
            # plant of Granite", "Granite also operates a plant in Saltillo").
            if lead is None or not any(
                name in t.lower() and all(_marker_in(m, t) for m in markers)
                for name in [lead, *(n for n in own if n != lead and _owner_of_thing(n, fact.claim))]
                for t in texts
            ):
                continue
            candidates.append((fact, own))
    if not candidates:
        return None
    # One kind of quantity: the one most things have ("900 MW" of each farm, not "60" turbines).
    things: dict[str, set] = {}
    for fact, own in candidates:
        things.setdefault(fact.quantity.dimension, set()).add(own)
    dimension = max(things, key=lambda d: (len(things[d]), d != "count"))
    candidates = [(f, own) for f, own in candidates if f.quantity.dimension == dimension]
    shared = frozenset.intersection(*(own for _, own in candidates)) if len(candidates) > 1 else frozenset()
    wholes = [f for f, own in candidates if own <= shared]
    by_thing: dict[frozenset, fx.Fact] = {}
    for fact, own in candidates:
        thing = own - shared
        if not thing:
            continue
        known = next((k for k in by_thing if k & thing), None)
        if known is None:
            by_thing[thing] = fact
        elif not fx.same_value(by_thing[known].quantity, fact.quantity):
            return None  # two figures for one thing: the sum is not known
    addends = []
    for fact in by_thing.values():
        figure = _figure(fact.value_text)
        if figure is None:
            return None
        name = _display_name(fact, set(shared))
        if name is None or _opening_word_only(name, fact.claim, texts):
            # an addend the sentence could not name: "Desalination capacity … stood at 491,000"
            # and "Seawater desalination capacity … reached 473,000" are two counts of one
            # whole, not the capacities of things called Desalination and Seawater
            return None
        addends.append(Addend(name, fact.value_text, figure[0], figure[1], fact.note_id))
    if len({a.unit.lower() for a in addends}) > 1:
        return None
    label = " ".join(attribute)
    if wholes and len({w.quantity.value for w in wholes}) == 1:
        whole = wholes[0]
        return {
            "text": f"The combined {label} is {whole.value_text}.",
            "citations": [whole.note_id],
            "single_source": False,
            "kind": "total",
        }
    if len(addends) < MIN_ADDENDS:
        return None
    total = sum((a.amount for a in addends), Decimal(0))
    result = f"{_format(total, [a.value for a in addends])} {addends[0].unit}".strip()
    listed = ", ".join(f"{a.name} ({a.value})" for a in addends[:-1]) + f" and {addends[-1].name} ({addends[-1].value})"
    return {
        "text": f"The combined {label} of {listed} is {result}, the sum of the figures the sources give.",
        "citations": list(dict.fromkeys(a.note_id for a in addends)),
        "single_source": False,
        "kind": "total",
        "computed": {
            "operation": "sum",
            "result": result,
            "addends": [{"name": a.name, "value": a.value, "note_id": a.note_id} for a in addends],
        },
    }
