"""Per-report citation metrics.

- precision: share of shipped cited sentences whose quotes exist (stage 1) and that the judge
  found supported; a partial verdict does not count as support.
- coverage: share of the writer's factual sentences (a name or a figure) that ship with a
  citation. Measured against the draft, so an uncited sentence the check dropped still counts
  against it, and a cited sentence that was dropped (its citation failed) is not covered: an
  empty report (every sentence dropped) has coverage 0, never 100%.
"""

from __future__ import annotations

from django.conf import settings


def precision(checked) -> float | None:
    shipped = [c for c in checked if c.outcome != "dropped" and c.note_ids]
    if not shipped:
        return None
    return sum(1 for c in shipped if c.verdict == "supported") / len(shipped)


def coverage(checked) -> float | None:
    factual = [c for c in checked if c.factual]
    if not factual:
        return None
    return sum(1 for c in factual if c.cited and c.outcome != "dropped" and c.note_ids) / len(factual)


def dropped_counts(checked) -> dict:
    """Dropped sentences by why: the judge found them unsupported, or they could not be checked
    (the judge's reply was unusable, or the budget ran out first). Not checked is no verdict."""
    dropped = [c for c in checked if c.outcome == "dropped"]
    not_checked = sum(1 for c in dropped if c.verdict == "not_checked")
    return {"sentences_unsupported": len(dropped) - not_checked, "sentences_not_checked": not_checked}


def passes_gate(value: float | None) -> bool:
    return value is not None and value >= settings.CITATION_PRECISION_GATE
