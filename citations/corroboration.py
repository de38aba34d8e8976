"""Corroboration before round two: which notes state a key figure that no second, independent
source gives (the design: "two independent domains for key numbers").

A note's figure is corroborated when a note from another origin (syndicated copies are one
origin, citations/credibility.assess) names at least two of the same things and states the same
figure: the table row "Maker: Kestrel Automotive; … Sunmark Energy NMC 70%" is corroborated by
"Sunmark Energy supplies 70% of Kestrel Automotive's cells" on another site, not by "Sunmark
Energy delivered 72 GWh for Kestrel Automotive". The gap check reads the single-source ones and
may spend round two on finding the second source (agents/gap_check.py). Pure: no database."""

from __future__ import annotations

from citations import facts as fx
from citations.evidence import EvidenceNote

MIN_SHARED_NAMES = 2  # a figure is about a relation or a ranked thing: one shared name is too loose


def _names(note: EvidenceNote) -> list[str]:
    return fx.subject_names(note.claim, note)


def _shared_names(a: list[str], b: list[str]) -> int:
    return sum(1 for x in a if any(fx._entities_match(x, y) for y in b))


def _origin(note: EvidenceNote) -> str:
    return note.origin or note.domain or note.url


def single_source(notes: list[EvidenceNote]) -> list[EvidenceNote]:
    """The notes (in the order given) that state a figure about two or more named things where
    no note of another origin names two of those things with one of those figures."""
    read = [(n, _names(n), fx.quantities(n.claim)) for n in notes]
    out = []
    for note, names, figures in read:
        if len(names) < MIN_SHARED_NAMES or not figures:
            continue
        corroborated = any(
            _origin(other) != _origin(note)
            and _shared_names(names, other_names) >= MIN_SHARED_NAMES
            and any(fx.same_value(f, g) for f in figures for g in other_figures)
            for other, other_names, other_figures in read
        )
        if not corroborated:
            out.append(note)
    return out
