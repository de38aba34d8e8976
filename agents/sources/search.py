"""Search providers behind one interface, and what every search costs.

`run_search` picks the provider chain from settings (SEARCH_PROVIDER, SEARCH_FALLBACK_PROVIDER),
charges each query to the job's ledger like model tokens (SEARCH_PRICES / SEARCH_PRICE_USD),
records it in provider_calls, retries a provider with backoff on transient errors and falls
back to the next provider when one keeps failing. The web providers live in web_search.py.
"""

from __future__ import annotations

import logging
import time

from django.conf import settings

from agents.sources import documents, web_search
from agents.sources.quality import score_result
from agents.sources.results import RESULTS_PER_QUERY, Result
from agents.sources.urls import domain_of
from agents.sources.web_search import SearchPermanent
from jobs.runtime import ledger
from jobs.runtime.errors import TransientStepError
from jobs.runtime.metering import PaidCall, metered_call
from jobs.runtime.retry import backoff_seconds

logger = logging.getLogger(__name__)
# Backoff between attempts at one provider; a provider's Retry-After wins, up to the cap.
SEARCH_BACKOFF_BASE_SECONDS = 0.5
SEARCH_BACKOFF_CAP_SECONDS = 8.0


class SearchUnavailable(TransientStepError):
    """Every provider failed for this query."""


class LocalCorpusProvider:
    """The bundled demo corpus (full-text search in the database)."""

    name = "local"

    def search(self, query: str, *, owner=None) -> list[Result]:
        return [
            Result(
                url=h.url,
                title=h.title,
                snippet=h.snippet,
                published=h.published.isoformat() if h.published else "",
                domain=h.domain,
                quality=h.quality,
            )
            for h in documents.search(query, limit=RESULTS_PER_QUERY)
        ]


class UploadsProvider:
    """The job owner's private upload collection. Never sends anything outside."""

    name = "uploads"

    def search(self, query: str, *, owner=None) -> list[Result]:
        if owner is None:
            return []
        return [
            Result(
                url=h.url,
                title=h.title,
                snippet=h.snippet,
                published=h.published.isoformat() if h.published else "",
                domain=h.domain or "uploads",
                quality=h.quality,
            )
            for h in documents.search(query, collection="uploads", owner=owner, limit=RESULTS_PER_QUERY)
        ]


class UploadsByNameProvider:
    """The owner's uploads whose file name or title holds the words asked for."""

    name = "uploads_name"

    def search(self, query: str, *, owner=None) -> list[Result]:
        if owner is None:
            return []
        return [_upload_result(h) for h in documents.find_by_name(query, owner=owner, limit=RESULTS_PER_QUERY)]


class UploadsByMeaningProvider:
    """The owner's uploads closest in meaning to a description (local MiniLM embeddings)."""

    name = "uploads_meaning"

    def search(self, query: str, *, owner=None) -> list[Result]:
        if owner is None:
            return []
        return [_upload_result(h) for h in documents.semantic_search(query, owner=owner, limit=RESULTS_PER_QUERY)]


def _upload_result(h) -> Result:
    return Result(
        url=h.url,
        title=h.title,
        snippet=h.snippet,
        published=h.published.isoformat() if h.published else "",
        domain=h.domain or "uploads",
        quality=h.quality,
    )


LOCAL_PROVIDERS = frozenset({"local", "uploads", "uploads_name", "uploads_meaning"})


def provider(name: str):
    registry = {
        "local": LocalCorpusProvider,
        "uploads": UploadsProvider,
        "uploads_name": UploadsByNameProvider,
        "uploads_meaning": UploadsByMeaningProvider,
        **web_search.PROVIDERS,
    }
    try:
        return registry[name]()
    except KeyError:
        raise ValueError(f"unknown search provider {name!r}; one of {sorted(registry)}") from None


def chain_for(sources: list[str]) -> list[str]:
    """Provider names to try in order for a job researching `sources`.

    A job with uploads in scope searches the uploads only: a query sent to a web search
    engine is a way to send private data out (design: workers that read uploads get no web
    search)."""
    if "uploads" in sources:
        return ["uploads"]
    names = [settings.SEARCH_PROVIDER]
    fallback = getattr(settings, "SEARCH_FALLBACK_PROVIDER", "")
    if fallback and fallback not in names:
        names.append(fallback)
    return names


def price_usd_micros(provider_name: str) -> int:
    """What one query to `provider_name` costs: SEARCH_PRICES, else SEARCH_PRICE_USD; the local
    corpus and uploads are free unless CHARGE_LOCAL_SEARCH prices them like the web."""
    if provider_name in LOCAL_PROVIDERS and not settings.CHARGE_LOCAL_SEARCH:
        return 0
    return round(float(settings.SEARCH_PRICES.get(provider_name, settings.SEARCH_PRICE_USD)) * 1_000_000)


def _paid_query(provider_name: str, query: str, owner) -> list[Result]:
    """One query to one provider, paid like a model call (jobs/runtime/metering.py): the price
    is reserved first (BudgetExceeded when it cannot be paid), the call is recorded in
    provider_calls, and only an answered query is charged."""
    price = price_usd_micros(provider_name)

    def call() -> PaidCall[list[Result]]:
        results = provider(provider_name).search(query, owner=owner)
        return PaidCall(
            value=results, model=provider_name, usd_micros=price, messages=[{"role": "query", "content": query}]
        )

    return metered_call(
        kind="search",
        role="search",
        model=provider_name,
        reserve_tokens=0,
        reserve_usd_micros=price,
        call=call,
        record_failure=True,
        failure_messages=[{"role": "query", "content": query}],
    ).value


def _finalise(results: list[Result]) -> list[Result]:
    out = []
    for r in results:
        domain = r.domain or domain_of(r.url)
        quality = r.quality or score_result(r.url, r.title, r.snippet)
        out.append(Result(**{**r.to_dict(), "domain": domain, "quality": quality}))
    return out


def run_search(
    query: str, *, sources: list[str], owner=None, providers: list[str] | None = None
) -> tuple[str, list[Result]]:
    """(provider used, results). Each provider is retried with backoff on transient errors
    (SEARCH_ATTEMPTS), then the next one is tried. Raises SearchUnavailable when every
    provider failed, BudgetExceeded when the job cannot pay for a query."""
    errors = []
    for name in providers or chain_for(sources):
        for attempt in range(1, max(1, settings.SEARCH_ATTEMPTS) + 1):
            try:
                results = _paid_query(name, query, owner)
            except ledger.BudgetExceeded:
                raise
            except (SearchPermanent, ValueError) as exc:
                logger.warning("search provider %s refused: %s", name, exc)
                errors.append(f"{name}: {exc}")
                break
            except Exception as exc:  # noqa: BLE001 - transient, or a provider bug: retry, then fall back
                logger.warning("search provider %s failed (attempt %d): %s", name, attempt, exc)
                if attempt >= settings.SEARCH_ATTEMPTS:
                    errors.append(f"{name}: {exc}")
                    break
                time.sleep(
                    backoff_seconds(
                        attempt,
                        base=SEARCH_BACKOFF_BASE_SECONDS,
                        cap=SEARCH_BACKOFF_CAP_SECONDS,
                        retry_after=getattr(exc, "retry_after_seconds", None),
                    )
                )
                continue
            return name, _finalise(results)
    raise SearchUnavailable("; ".join(errors) or "no search provider configured")
