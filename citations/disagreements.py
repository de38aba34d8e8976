"""Disagreements: facts about one subject and attribute (facts.same_key) with different values.

Facts with the same value are one side; sides are weighed by their independent credible origins
(syndicated copies are one origin), then by their best credibility, then by the latest date.
- A side whose every source is low quality, against a side with a credible source, is a
  minority claim: it is not stated as fact (the caller withholds its notes) and is listed with
  attribution.
- Otherwise the sides disagree: the report states the disagreement in one sentence with every
  value, its source and its date (sentence(), built in code so every model's report has it, in a
  form the citation check accepts: each value stands in a clause with its cited quote's source).
  The values of the sides that do not lead are stated only there, attributed.
A page that gives two values itself (a change over time: "from 36 GWh to 48 GWh") is not a
disagreement; one publisher's two pages that differ (a revised estimate) are."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from agents import text as tx
from agents.composition import written_date
from citations import credibility
from citations import facts as fx

MAX_ATTRIBUTE_WORDS = 3
# Words a side's own claim must add to the disagreement sentence for it to be quoted as well.
MIN_BASIS_TERMS = 3
MAX_CAVEATS = 2  # quoted qualifications of a value that does not lead, per disagreement


@dataclass
class Side:
    facts: list

    @property
    def credible_origins(self) -> set:
        return {f.origin for f in self.facts if not credibility.is_low_quality(f.credibility)}

    @property
    def origins(self) -> set:
        return {f.origin for f in self.facts}

    @property
    def best_credibility(self) -> float:
        return max(f.credibility for f in self.facts)

    @property
    def latest(self) -> str:
        return max((f.date or "" for f in self.facts), default="")

    @property
    def strength(self) -> tuple:
        return (len(self.credible_origins), round(self.best_credibility, 2), len(self.origins), self.latest)

    @property
    def representative(self) -> fx.Fact:
        """The fact a sentence cites for this value: dated first, then most credible, latest."""
        return max(self.facts, key=lambda f: (bool(f.date), f.credibility, f.date or "", -f.note_id))

    @property
    def note_ids(self) -> list[int]:
        return sorted({f.note_id for f in self.facts})

    @property
    def low_quality(self) -> bool:
        return not self.credible_origins


# A side whose own words say its value is reckoned, not counted.
_ESTIMATE_RE = re.compile(r"\b(?:estimat\w*|expect\w*|forecast\w*|on course|project(?:s|ed|ion))\b", re.I)


def _side_clause(fact) -> str:
    """One side as a reader says it: who gives the value, how and when ("CellMarket Weekly
    estimated 52,000 tonnes on 1 December 2025"), so the sentence has a verb for every value."""
    source = fact.source_name or fact.domain
    verb = "estimated" if _ESTIMATE_RE.search(fact.claim) else "reported"
    when = f" on {written_date(fact.date)}" if fact.date else " (undated)"
    return f"{source} {verb} {fact.value_text}{when}"


@dataclass
class Disagreement:
    id: str
    sides: list  # leading side first
    minority: list = field(default_factory=list)  # low-quality sides outweighed by a credible one

    @property
    def stated(self) -> bool:
        """Two or more credible sides: the report states the disagreement."""
        return len(self.sides) >= 2

    @property
    def subject_text(self) -> str:
        """The leading claim's names that every other side's claim names too."""
        lead = self.sides[0].representative
        others = [s.representative.claim.lower() for s in self.sides[1:] + self.minority]
        names = [e for e in dict.fromkeys(fx._entity_keys(lead.claim)) if all(e in o for o in others)]
        return ", ".join(names or _subject_order(lead))

    @property
    def attribute_text(self) -> str:
        """The attribute words every side uses, in the leading claim's order, each in its
        longest written form ("deliveries" over "delivered")."""
        reps = [s.representative for s in self.sides + self.minority]
        shared = set.intersection(*(set(r.attribute) for r in reps)) if reps else set()
        if not shared:
            # "the 1,000 MW wind farm" against "a capacity of 1,050 MW": the measure one side names
            shared = set().union(*(set(r.attribute) & fx.MEASURE_KEYS for r in reps))
        forms: dict[str, str] = {}
        for r in reps:
            for w in r.attribute_words:
                k = fx._key(w)
                if k in shared and (len(w), w.lower()) > (len(forms.get(k, "")), forms.get(k, "")):
                    forms[k] = w.lower()
        # The verb right after a name ("Granite Cell Industries supplies 30% of …") says what the
        # name does, not what is measured: "supplies cells used" would read as a noun.
        lead = reps[0]
        verbs = {
            fx._key(m.group(1))
            for name in lead.subject
            for m in re.finditer(rf"\b{re.escape(name)}(?:['\u2019]s)?\s+([a-z]+)\b", lead.claim, re.I)
        } - fx.MEASURE_KEYS
        order = [fx._key(w) for w in lead.attribute_words]
        keys = sorted(shared - verbs or shared, key=lambda k: order.index(k) if k in order else len(order))
        text = " ".join(forms[k] for k in keys[:MAX_ATTRIBUTE_WORDS])
        of_what = re.search(rf"{re.escape(lead.quantity.text)}\s+of\b", lead.claim)
        if lead.quantity.dimension == "percent" and of_what and fx._key("share") not in shared:
            return f"the share of {text}" if text else "the share"  # "30% of the cells": a share
        if all(r.change for r in reps):
            return f"the change in {text}" if text else "the change"  # "up 11% on 2024"
        return text

    def sentence(self) -> dict:
        """{"text", "note_ids"}: one sentence giving every credible side's value with its source and date."""
        subject = _display_subject(self.sides[0].representative, self.subject_text)
        attribute = self.attribute_text
        phrase = _subject_phrase([s.representative.claim for s in self.sides], self.subject_text.split(", "))
        if phrase and attribute:
            about = f"the {attribute} of {phrase}"  # "the capacity of Sunmark Energy's Ostrava plant"
        else:
            about = f"{attribute} for {subject}" if attribute else subject
        period = self.sides[0].representative.period
        if period and period not in about:
            about = f"{about} in {period}"
        clauses = [_side_clause(s.representative) for s in self.sides]
        text = f"Sources disagree on {about}: " + ", while ".join(clauses) + "."
        return {"text": text, "note_ids": [s.representative.note_id for s in self.sides]}

    def basis(self, quotes: dict[int, str]) -> list[dict]:
        """[{"text", "note_ids"}]: for each side that does not lead, its source's own words,
        quoted and attributed ("Fathom Analytics writes: “Based on grid data for January to
        November, we estimate …”"), when they say more than the disagreement sentence (how the
        figure was reached, what it covers): a reader weighing the values needs that, and a value
        that does not lead is never the report's own statement."""
        said = tx.term_set(self.sentence()["text"])
        out = []
        for side in self.sides[1:]:
            rep = side.representative
            # The quote, not the reader's claim: words in quotation marks are the page's own.
            words = (quotes.get(rep.note_id) or "").strip().rstrip(".")
            if not words or len(tx.term_set(words) - said) < MIN_BASIS_TERMS:
                continue
            name = rep.source_name or rep.domain
            out.append({"text": f"{name} writes: \u201c{words}.\u201d", "note_ids": [rep.note_id]})
        return out

    def caveats(self, notes: list) -> list[dict]:
        """[{"text", "note_ids"}]: what any source says about how far a value that does not lead
        can be trusted ("CellMarket Weekly writes: “Sunmark Energy itself has not confirmed the
        45 GWh figure.”", "… refers to a possible third phase that Helion Cells has not approved"),
        quoted and attributed after the disagreement: a reader weighing the values needs it most.
        A note qualifies when it names the disputed subject, states that value and qualifies it
        (tx.qualifies_figure); at most MAX_CAVEATS, the most credible first."""
        subject = set(self.subject_text.split(", "))
        # A side's representative is quoted by basis(); its other notes may qualify its value.
        wanted = [
            (s.representative.quantity.value, s.representative.quantity.dimension, {s.representative.note_id})
            for s in self.sides[1:]
        ]
        found = []
        for note in notes:
            words = (note.quote or "").strip()
            if not words or not tx.qualifies_figure(words) or not subject & set(fx._entity_keys(words)):
                continue
            values = {(q.value, q.dimension) for q in fx.quantities(words)}
            if any((v, d) in values and note.id not in ids for v, d, ids in wanted):
                found.append(note)
        found.sort(key=lambda n: (-(n.credibility or 0.0), n.id))
        representatives = {s.representative.note_id for s in self.sides}
        # What basis() quotes, and its syndicated copies, is said once.
        seen = {" ".join(n.quote.lower().split()) for n in notes if n.id in representatives}
        out = []
        for note in found:
            key = " ".join(note.quote.lower().split())
            if key in seen:
                continue  # a syndicated copy says the same
            seen.add(key)
            words = note.quote.strip().rstrip(".")
            out.append({"text": f"{note.source_name} writes: \u201c{words}.\u201d", "note_ids": [note.id]})
            if len(out) == MAX_CAVEATS:
                break
        return out

    def to_json(self) -> dict:
        def side_json(side: Side, leading: bool) -> dict:
            rep = side.representative
            return {
                "value": rep.value_text,
                "date": rep.date,
                "domain": rep.domain,
                "note_id": rep.note_id,
                "note_ids": side.note_ids,
                "independent_sources": len(side.credible_origins) or len(side.origins),
                "sources": sorted({(f.domain, f.date or "undated") for f in side.facts}),
                "credibility": round(side.best_credibility, 2),
                "leading": leading,
            }

        return {
            "id": self.id,
            "subject": self.subject_text,
            "attribute": self.attribute_text,
            "period": self.sides[0].representative.period or None,
            "values": [side_json(s, i == 0) for i, s in enumerate(self.sides)],
            "minority": [side_json(s, False) for s in self.minority],
            "sentence": self.sentence()["text"] if self.stated else "",
        }


def _subject_order(fact: fx.Fact) -> list[str]:
    low = fact.claim.lower()
    return sorted(fact.subject, key=lambda e: low.find(e) if e in low else len(low))


def _subject_phrase(claims: list[str], names: list[str]) -> str:
    """A noun phrase of the claims that joins two of the subject's names as they are written:
    "Sunmark Energy's Ostrava plant", "the Szeged plant of Helion Cells" (for the names
    Ostrava, Sunmark Energy and Czech Republic); "" when no claim has one."""
    if len(names) < 2:
        return ""
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    owned = re.compile(rf"\b(?P<a>{alternatives})['\u2019]s\s+(?P<b>{alternatives})\s+(?P<noun>[a-z][\w-]*)\b", re.I)
    of = re.compile(rf"\bthe\s+(?P<b>{alternatives})\s+(?P<noun>[a-z][\w-]*)\s+of\s+(?P<a>{alternatives})\b", re.I)
    for claim in claims:
        for pattern in (owned, of):
            m = pattern.search(claim)
            if m and m.group("a").lower() != m.group("b").lower() and m.group("noun").lower() not in tx.STOPWORDS:
                return m.group(0) if pattern is owned else m.group(0)[0].lower() + m.group(0)[1:]
    return ""


def _display_subject(fact: fx.Fact, subject: str) -> str:
    """The subject's names as the claim writes them (case kept)."""
    out = []
    for name in subject.split(", "):
        at = fact.claim.lower().find(name)
        out.append(fact.claim[at : at + len(name)] if at >= 0 else name)
    return " and ".join(out)


def find(facts: list[fx.Fact]) -> list[Disagreement]:
    """Disagreements among `facts`, most independent sources first, ids "d1", "d2", ..."""
    n = len(facts)
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    conflicts = []
    for i in range(n):
        for j in range(i + 1, n):
            a, b = facts[i], facts[j]
            if a.note_id == b.note_id or not fx.same_key(a, b):
                continue
            if fx.same_value(a, b):
                parent[root(i)] = root(j)
            elif a.page != b.page and fx.close_enough_to_dispute(a, b):
                conflicts.append((i, j))
    # A page that gives both values describes a change, not a dispute.
    sides_of: dict[int, list[int]] = {}
    for i in range(n):
        sides_of.setdefault(root(i), []).append(i)
    linked: dict[int, set] = {}
    for i, j in conflicts:
        ri, rj = root(i), root(j)
        if ri == rj:
            continue
        if {facts[k].page for k in sides_of[ri]} & {facts[k].page for k in sides_of[rj]}:
            continue
        linked.setdefault(ri, set()).add(rj)
        linked.setdefault(rj, set()).add(ri)
    seen: set = set()
    out = []
    for start in linked:
        if start in seen:
            continue
        stack, group = [start], []
        while stack:
            r = stack.pop()
            if r in seen:
                continue
            seen.add(r)
            group.append(r)
            stack.extend(linked.get(r, ()))
        ranked = sorted(group, key=lambda r: Side([facts[k] for k in sides_of[r]]).strength, reverse=True)
        # Each value is weighed against the leading one: a value that disputes only another
        # side (last year's figure, linked through a third page that gives no year) is not part
        # of this disagreement.
        ranked = [ranked[0]] + [r for r in ranked[1:] if r in linked[ranked[0]]]
        if len(ranked) < 2:
            continue
        sides = [Side([facts[k] for k in sides_of[r]]) for r in ranked]
        lead = sides[0]
        credible = [s for s in sides if not (s.low_quality and not lead.low_quality)]
        minority = [s for s in sides if s.low_quality and not lead.low_quality]
        out.append(Disagreement(id="", sides=credible, minority=minority))
    out.sort(key=lambda d: (-sum(len(s.origins) for s in d.sides), d.sides[0].representative.note_id))
    for k, d in enumerate(out, 1):
        d.id = f"d{k}"
    return out
