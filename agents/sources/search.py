"""Search providers behind one interface, and what every search costs.

`run_search` picks the provider chain from settings (SEARCH_PROVIDER, SEARCH_FALLBACK_PROVIDER),
charges each query to the job's ledger like model tokens (SEARCH_PRICE_USD), records it in
provider_calls, and falls back to the next provider when one fails.
"""
from __future__ import annotations

import logging
import time
from dataclasses import asdict, dataclass

from django.conf import settings

from agents.sources import documents
from agents.sources.quality import score_result
from agents.sources.urls import domain_of
from jobs import ledger
from jobs.budget import caps
from jobs.errors import TransientStepError
from jobs.steps import current_scope

logger = logging.getLogger(__name__)
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


class SearchUnavailable(TransientStepError):
    """Every provider failed for this query."""


class LocalCorpusProvider:
    """The bundled demo corpus (full-text search in the database)."""

    name = "local"

    def search(self, query: str, *, owner=None) -> list[Result]:
        return [
            Result(url=h.url, title=h.title, snippet=h.snippet, published=h.published.isoformat() if h.published else "",
                   domain=h.domain, quality=h.quality)
            for h in documents.search(query, limit=RESULTS_PER_QUERY)
        ]


class UploadsProvider:
    """The job owner's private upload collection. Never sends anything outside."""

    name = "uploads"

    def search(self, query: str, *, owner=None) -> list[Result]:
        if owner is None:
            return []
        return [
            Result(url=h.url, title=h.title, snippet=h.snippet, published=h.published.isoformat() if h.published else "",
                   domain=h.domain or "uploads", quality=h.quality)
            for h in documents.search(query, collection="uploads", owner=owner, limit=RESULTS_PER_QUERY)
        ]


def provider(name: str):
    from agents.sources import web_search

    registry = {"local": LocalCorpusProvider, "uploads": UploadsProvider, **web_search.PROVIDERS}
    try:
        return registry[name]()
    except KeyError:
        raise ValueError(f"unknown search provider {name!r}; one of {sorted(registry)}") from None


def chain_for(sources: list[str]) -> list[str]:
    """Provider names to try in order for a job researching `sources`."""
    if sources == ["uploads"]:
        return ["uploads"]
    names = [settings.SEARCH_PROVIDER]
    fallback = getattr(settings, "SEARCH_FALLBACK_PROVIDER", "")
    if fallback and fallback not in names:
        names.append(fallback)
    return names


def _charge(provider_name: str, query: str, ok: bool, latency_ms: int, error: str = "") -> int:
    from jobs.models import ProviderCall

    scope = current_scope.get()
    price = 0 if provider_name in {"local", "uploads"} and not settings.CHARGE_LOCAL_SEARCH else round(settings.SEARCH_PRICE_USD * 1_000_000)
    if scope is None:
        return price
    cap_tokens, cap_usd = caps(scope.job, scope.phase)
    reservation = ledger.reserve(scope.job.pk, tokens=0, usd_micros=price, cap_tokens=cap_tokens, cap_usd_micros=cap_usd)
    ProviderCall.objects.create(
        job_id=scope.job.pk, step_key=scope.step_key, epoch=scope.epoch, kind=ProviderCall.Kind.SEARCH, role="search",
        model=provider_name, usd_micros=price, latency_ms=latency_ms, ok=ok, error=error[:500],
        messages=[{"role": "query", "content": query}],
    )
    ledger.settle(reservation, tokens=0, usd_micros=price)
    scope.usage.add(model="", tokens_in=0, tokens_out=0, usd_micros=price)
    return price


def run_search(query: str, *, sources: list[str], owner=None) -> tuple[str, list[Result]]:
    """(provider used, results). Raises SearchUnavailable when every provider failed."""
    errors = []
    for name in chain_for(sources):
        started = time.monotonic()
        try:
            results = provider(name).search(query, owner=owner)
        except Exception as exc:  # noqa: BLE001 - any provider failure moves to the next one
            _charge(name, query, False, int((time.monotonic() - started) * 1000), f"{type(exc).__name__}: {exc}")
            logger.warning("search provider %s failed: %s", name, exc)
            errors.append(f"{name}: {exc}")
            continue
        _charge(name, query, True, int((time.monotonic() - started) * 1000))
        for r in results:
            if not r.domain:
                object.__setattr__(r, "domain", domain_of(r.url))
        return name, [r if r.quality else Result(**{**r.to_dict(), "quality": score_result(r.url, r.title, r.snippet)}) for r in results]
    raise SearchUnavailable("; ".join(errors) or "no search provider configured")
