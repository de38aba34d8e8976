"""Each web search provider against a local fake of its API on 127.0.0.1 (base URLs are
settings): the request it sends, the results it maps (url, title, snippet, date), its
timeouts, and the retry with backoff on transient errors."""

import pytest

from agents.sources import search
from agents.sources.web_search import PROVIDERS, SearchPermanent, SearchTransient
from tests.local_http import LocalServer, Reply, sequence

SEARXNG_ANSWER = {
    "query": "helion cells szeged",
    "results": [
        {
            "url": "https://helion-cells.example/press/szeged-expansion",
            "title": "Helion Cells expands <b>Szeged</b>",
            "content": "Helion Cells said on Tuesday that Szeged now makes 60 GWh.",
            "publishedDate": "2025-09-02T08:00:00",
        },
        {
            "url": "https://metro-business-times.example/industry/helion",
            "title": "Helion at Szeged",
            "content": "Capacity figures differ.",
            "publishedDate": None,
        },
        {"url": "ftp://old.example/file", "title": "not a web page", "content": ""},
    ],
}
BRAVE_ANSWER = {
    "type": "search",
    "web": {
        "results": [
            {
                "url": "https://kestrel-auto.example/news/cell-supply-2025",
                "title": "Kestrel &amp; its cell suppliers",
                "description": "Kestrel buys <strong>LFP</strong> cells from Sunmark Energy.",
                "page_age": "2025-03-14T00:00:00",
                "age": "March 14, 2025",
            },
            {
                "url": "https://cell-watch.example/p/kestrel-supplier-shuffle",
                "title": "Supplier shuffle",
                "description": "Granite is out.",
                "age": "2 days ago",
            },
        ]
    },
}
TAVILY_ANSWER = {
    "query": "norvik borealis",
    "results": [
        {
            "url": "https://norvik-electric.example/press/borealis-lfp-contract",
            "title": "Norvik signs Borealis",
            "content": "Norvik Electric added Borealis Power Systems as an LFP supplier.",
            "score": 0.91,
            "published_date": "Tue, 04 Jun 2024 10:00:00 GMT",
        },
        {
            "url": "https://northern-ledger.example/business/norvik-skarv-borealis",
            "title": "Skarv uses Borealis cells",
            "content": "The Skarv uses cells from Borealis.",
            "score": 0.7,
            "published_date": "2024-11-20",
        },
    ],
}
DDG_HTML = """<!DOCTYPE html><html><body><div class="results">
<div class="result results_links web-result"><div class="links_main links_deep result__body">
  <h2 class="result__title"><a class="result__a" href="https://voltara-motors.example/newsroom/cell-partners-extended">Voltara extends cell partners</a></h2>
  <a class="result__snippet" href="https://voltara-motors.example/newsroom/cell-partners-extended">Voltara Motors extended its contracts with Helion Cells and Quanta.</a>
</div></div>
<div class="result results_links web-result"><div class="links_main links_deep result__body">
  <h2 class="result__title"><a class="result__a" href="https://the-daily-current.example/business/voltara-record-2025-deliveries">Voltara record deliveries</a></h2>
  <a class="result__snippet" href="https://the-daily-current.example/business/voltara-record-2025-deliveries">Voltara delivered 1.82 million cars in 2025.</a>
</div></div>
</div></body></html>"""


@pytest.fixture
def quick_retries(monkeypatch, settings):
    monkeypatch.setattr(search, "SEARCH_BACKOFF_BASE_SECONDS", 0.01)
    settings.SEARCH_ATTEMPTS = 3


def test_searxng_is_asked_for_json_and_its_results_carry_url_title_snippet_and_date(settings):
    with LocalServer({"/search": Reply.json(SEARXNG_ANSWER)}) as server:
        settings.SEARXNG_URL = server.url + "/"
        results = PROVIDERS["searxng"]().search("helion cells szeged")
    [request] = server.hits("/search")
    assert request.query["q"] == ["helion cells szeged"] and request.query["format"] == ["json"]
    assert [r.url for r in results] == [
        "https://helion-cells.example/press/szeged-expansion",
        "https://metro-business-times.example/industry/helion",
    ]
    assert results[0].title == "Helion Cells expands Szeged"
    assert results[0].snippet == "Helion Cells said on Tuesday that Szeged now makes 60 GWh."
    assert (results[0].published, results[1].published) == ("2025-09-02", "")


def test_brave_sends_its_key_and_maps_web_results(settings):
    with LocalServer({"/res/v1/web/search": Reply.json(BRAVE_ANSWER)}) as server:
        settings.BRAVE_API_URL = server.url + "/res/v1/web/search"
        settings.BRAVE_API_KEY = "brave-test-key"
        results = PROVIDERS["brave"]().search("kestrel cell suppliers")
    [request] = server.hits("/res/v1/web/search")
    assert request.headers["x-subscription-token"] == "brave-test-key"
    assert request.query["q"] == ["kestrel cell suppliers"] and request.query["count"] == ["8"]
    assert results[0].title == "Kestrel & its cell suppliers"
    assert results[0].snippet == "Kestrel buys LFP cells from Sunmark Energy."
    assert (results[0].published, results[1].published) == ("2025-03-14", "")


def test_tavily_posts_the_query_with_a_bearer_key_and_maps_results(settings):
    with LocalServer({"/search": Reply.json(TAVILY_ANSWER)}) as server:
        settings.TAVILY_API_URL = server.url + "/search"
        settings.TAVILY_API_KEY = "tvly-test"
        results = PROVIDERS["tavily"]().search("norvik borealis")
    [request] = server.hits("/search")
    assert request.method == "POST"
    assert request.headers["authorization"] == "Bearer tvly-test"
    assert request.json()["query"] == "norvik borealis" and request.json()["max_results"] == 8
    assert [r.url for r in results][0] == "https://norvik-electric.example/press/borealis-lfp-contract"
    assert (results[0].published, results[1].published) == ("", "2024-11-20")


def test_duckduckgo_goes_through_ddgs_and_maps_its_html_results(monkeypatch):
    from ddgs.engines.duckduckgo import Duckduckgo

    with LocalServer({"/html/": Reply(body=DDG_HTML)}) as server:
        monkeypatch.setattr(Duckduckgo, "search_url", server.url + "/html/")  # ddgs' endpoint, pointed at the fake
        results = PROVIDERS["duckduckgo"]().search("voltara cell partners")
    [request] = server.hits("/html/")
    assert request.method == "POST" and b"q=voltara+cell+partners" in request.body
    assert {r.url for r in results} == {
        "https://voltara-motors.example/newsroom/cell-partners-extended",
        "https://the-daily-current.example/business/voltara-record-2025-deliveries",
    }
    titles = {r.url: r.title for r in results}
    assert titles["https://voltara-motors.example/newsroom/cell-partners-extended"] == "Voltara extends cell partners"


def test_a_provider_without_its_key_refuses_permanently(settings):
    settings.BRAVE_API_KEY = ""
    with pytest.raises(SearchPermanent, match="BRAVE_API_KEY"):
        PROVIDERS["brave"]().search("anything")


def test_429_and_5xx_are_transient_and_other_4xx_permanent(settings):
    with LocalServer(
        {"/search": sequence(Reply(status=429, headers={"Retry-After": "2"}), Reply(status=502), Reply(status=403))}
    ) as server:
        settings.SEARXNG_URL = server.url
        with pytest.raises(SearchTransient) as rate_limited:
            PROVIDERS["searxng"]().search("q1")
        assert rate_limited.value.retry_after_seconds == 2
        with pytest.raises(SearchTransient):
            PROVIDERS["searxng"]().search("q2")
        with pytest.raises(SearchPermanent):
            PROVIDERS["searxng"]().search("q3")


def test_a_slow_api_times_out_as_a_transient_error(settings):
    with LocalServer({"/search": Reply(body="{}", content_type="application/json", delay_seconds=1.5)}) as server:
        settings.SEARXNG_URL = server.url
        settings.SEARCH_TIMEOUT_SECONDS = 0.3
        with pytest.raises(SearchTransient, match="Timeout"):
            PROVIDERS["searxng"]().search("slow")


def test_a_transient_error_is_retried_on_the_same_provider_before_any_fallback(settings, quick_retries, db):
    answers = sequence(Reply(status=503), Reply(status=503), Reply.json(SEARXNG_ANSWER))
    with LocalServer({"/search": answers}) as server:
        settings.SEARXNG_URL = server.url
        settings.SEARCH_PROVIDER, settings.SEARCH_FALLBACK_PROVIDER = "searxng", "local"
        used, results = search.run_search("helion szeged", sources=["web"])
    assert used == "searxng"
    assert len(server.hits("/search")) == 3
    assert results[0].domain == "helion-cells.example" and results[0].quality > 0


def test_search_prices_are_per_provider(settings):
    settings.SEARCH_PRICES = {"tavily": 0.008}
    settings.SEARCH_PRICE_USD = 0.005
    assert search.price_usd_micros("tavily") == 8000
    assert search.price_usd_micros("brave") == 5000
