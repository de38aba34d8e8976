"""What a search provider returns: one result, the same shape for every provider."""

from __future__ import annotations

from dataclasses import asdict, dataclass

RESULTS_PER_QUERY = 8


@dataclass(frozen=True)
class Result:
    url: str
    title: str
    snippet: str
    published: str  # ISO date or ""
    domain: str
    quality: float

    def to_dict(self) -> dict:
        return asdict(self)
