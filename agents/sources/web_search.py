"""Web search providers: SearXNG (self-hosted JSON API), Brave Search API, Tavily and
DuckDuckGo (through the `ddgs` package). The registry `PROVIDERS` is what
agents/sources/search.py looks names up in; it adds the retries, the fallback and the price.

A provider raises SearchTransient for what a retry may fix (429, 5xx, timeouts, lost
connections) and SearchPermanent for what it cannot (missing key, 4xx, a body that is not
the API's JSON); either way the next provider of the chain is tried in the end. Every HTTP
call has a connect and a read timeout. Results carry url, title, snippet and the date when
the API gives one.
"""

from __future__ import annotations

import html
import re

import requests
from django.conf import settings

from agents.sources.results import RESULTS_PER_QUERY, Result

CONNECT_TIMEOUT_SECONDS = 5
USER_AGENT = "DeepResearchBot/1.0 (self-hosted research service)"
_TAG_RE = re.compile(r"<[^>]+>")
_ISO_DATE_RE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


class SearchProviderError(Exception):
    """A search provider failed for one query."""

    retry_after_seconds: float | None = None


class SearchTransient(SearchProviderError):
    """The provider failed in a way a retry with backoff may fix."""

    def __init__(self, message: str, retry_after_seconds: float | None = None):
        super().__init__(message)
        self.retry_after_seconds = retry_after_seconds


class SearchPermanent(SearchProviderError):
    """The provider refused the query or is not configured: retrying it cannot help."""


def _text(value) -> str:
    """A title or snippet as plain text (APIs mark matches with <strong> and escape entities)."""
    return " ".join(html.unescape(_TAG_RE.sub("", str(value or ""))).split())


def iso_date(value) -> str:
    """ "YYYY-MM-DD" from an API's date field, or "" when it holds no ISO date."""
    m = _ISO_DATE_RE.search(str(value or ""))
    return f"{m.group(1)}-{m.group(2)}-{m.group(3)}" if m else ""


def _retry_after(response: requests.Response) -> float | None:
    try:
        return float(response.headers.get("retry-after"))
    except (TypeError, ValueError):
        return None


def http_json(
    method: str,
    url: str,
    *,
    name: str,
    params: dict | None = None,
    json_body: dict | None = None,
    headers: dict | None = None,
) -> dict:
    """One API call with timeouts. Returns the decoded JSON object.
    Raises SearchTransient (timeout, connection, 429, 5xx) or SearchPermanent (other 4xx, not JSON)."""
    try:
        response = requests.request(
            method,
            url,
            params=params,
            json=json_body,
            headers={"User-Agent": USER_AGENT, "Accept": "application/json", **(headers or {})},
            timeout=(CONNECT_TIMEOUT_SECONDS, settings.SEARCH_TIMEOUT_SECONDS),
        )
    except (requests.Timeout, requests.ConnectionError) as exc:
        raise SearchTransient(f"{name}: {type(exc).__name__}") from exc
    if response.status_code == 429 or response.status_code >= 500:
        raise SearchTransient(f"{name}: HTTP {response.status_code}", retry_after_seconds=_retry_after(response))
    if response.status_code >= 400:
        raise SearchPermanent(f"{name}: HTTP {response.status_code}: {response.text[:200]}")
    try:
        data = response.json()
    except ValueError as exc:
        raise SearchPermanent(f"{name}: the answer is not JSON") from exc
    if not isinstance(data, dict):
        raise SearchPermanent(f"{name}: the answer is not a JSON object")
    return data


def _results(items, *, url_key: str, title_key: str, snippet_key: str, date_keys: tuple[str, ...]) -> list[Result]:
    out, seen = [], set()
    for item in items or []:
        if not isinstance(item, dict):
            continue
        url = str(item.get(url_key) or "").strip()
        if not url.startswith(("http://", "https://")) or url in seen:
            continue
        seen.add(url)
        published = next((d for d in (iso_date(item.get(k)) for k in date_keys) if d), "")
        out.append(
            Result(
                url=url,
                title=_text(item.get(title_key))[:300],
                snippet=_text(item.get(snippet_key))[:600],
                published=published,
                domain="",
                quality=0.0,
            )
        )
        if len(out) >= RESULTS_PER_QUERY:
            break
    return out


class SearxngProvider:
    """A self-hosted SearXNG instance's JSON API (its settings must enable the json format)."""

    name = "searxng"

    def search(self, query: str, *, owner=None) -> list[Result]:
        if not settings.SEARXNG_URL:
            raise SearchPermanent("searxng: SEARXNG_URL is not set")
        data = http_json(
            "GET",
            settings.SEARXNG_URL.rstrip("/") + "/search",
            name=self.name,
            params={"q": query, "format": "json", "pageno": 1, "safesearch": 1},
        )
        return _results(
            data.get("results"),
            url_key="url",
            title_key="title",
            snippet_key="content",
            date_keys=("publishedDate", "pubdate"),
        )


class BraveProvider:
    """Brave Search API (web results)."""

    name = "brave"

    def search(self, query: str, *, owner=None) -> list[Result]:
        if not settings.BRAVE_API_KEY:
            raise SearchPermanent("brave: BRAVE_API_KEY is not set")
        data = http_json(
            "GET",
            settings.BRAVE_API_URL,
            name=self.name,
            params={"q": query, "count": RESULTS_PER_QUERY},
            headers={"X-Subscription-Token": settings.BRAVE_API_KEY},
        )
        return _results(
            (data.get("web") or {}).get("results"),
            url_key="url",
            title_key="title",
            snippet_key="description",
            date_keys=("page_age", "age"),
        )


class TavilyProvider:
    """Tavily search API."""

    name = "tavily"

    def search(self, query: str, *, owner=None) -> list[Result]:
        if not settings.TAVILY_API_KEY:
            raise SearchPermanent("tavily: TAVILY_API_KEY is not set")
        data = http_json(
            "POST",
            settings.TAVILY_API_URL,
            name=self.name,
            json_body={
                "query": query,
                "max_results": RESULTS_PER_QUERY,
                "search_depth": "basic",
                "include_answer": False,
            },
            headers={"Authorization": f"Bearer {settings.TAVILY_API_KEY}"},
        )
        return _results(
            data.get("results"), url_key="url", title_key="title", snippet_key="content", date_keys=("published_date",)
        )


class DuckDuckGoProvider:
    """DuckDuckGo through the `ddgs` package (no key; it scrapes the HTML endpoint, so it uses
    ddgs' own HTTP client rather than requests, with the same timeout)."""

    name = "duckduckgo"

    def search(self, query: str, *, owner=None) -> list[Result]:
        from ddgs import DDGS
        from ddgs.exceptions import DDGSException, RatelimitException, TimeoutException

        try:
            items = DDGS(timeout=max(1, int(settings.SEARCH_TIMEOUT_SECONDS))).text(
                query, max_results=RESULTS_PER_QUERY, backend=settings.DDGS_BACKEND
            )
        except (RatelimitException, TimeoutException) as exc:
            raise SearchTransient(f"duckduckgo: {type(exc).__name__}: {exc}") from exc
        except DDGSException as exc:
            if "no results" in str(exc).lower():
                return []
            raise SearchTransient(f"duckduckgo: {exc}") from exc
        return _results(items, url_key="href", title_key="title", snippet_key="body", date_keys=("date",))


PROVIDERS: dict = {p.name: p for p in (SearxngProvider, BraveProvider, TavilyProvider, DuckDuckGoProvider)}
