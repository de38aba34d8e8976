"""Source quality on the demo corpus: every content-farm page scores below every primary
source (regulators' registries and filings, makers' and suppliers' own pages), and the page
signals alone (listicle tone, ads, keyword stuffing, no date) pull a farm page down even on a
neutral domain. Scores are computed exactly as ingestion computes them: cleaned text, then
quality.score_page."""

import datetime as dt
import json
from pathlib import Path

import pytest

from agents.engine.worker import MIN_QUALITY
from agents.sources import clean, quality

CORPUS = Path(__file__).resolve().parents[2] / "agents" / "sources" / "demo_corpus"
PRIMARY_KINDS = {"regulator", "maker", "supplier"}


def _scored_corpus() -> dict[str, list[tuple[float, str, str, str]]]:
    manifest = json.loads((CORPUS / "manifest.json").read_text(encoding="utf-8"))
    by_kind: dict[str, list] = {}
    for entry in manifest:
        page = clean.clean_html((CORPUS / entry["file"]).read_text(encoding="utf-8"), entry["url"])
        published = dt.date.fromisoformat(entry["published"]) if entry.get("published") else page.published
        title = entry.get("title") or page.title
        score = quality.score_page(entry["url"], title, page.text, published)
        by_kind.setdefault(entry["kind"], []).append((score, entry["url"], title, page.text))
    return by_kind


@pytest.fixture(scope="module")
def corpus():
    return _scored_corpus()


def test_every_farm_page_scores_below_every_primary_source(corpus):
    farms = corpus["farm"]
    primary = [p for kind in PRIMARY_KINDS for p in corpus[kind]]
    assert len(farms) >= 5 and len(primary) >= 20
    worst_primary = min(primary)
    best_farm = max(farms)
    assert best_farm[0] < worst_primary[0], (best_farm[1], worst_primary[1])


def test_farm_pages_score_below_the_corpus_average(corpus):
    everything = [p[0] for pages in corpus.values() for p in pages]
    average = sum(everything) / len(everything)
    assert all(score < average - 0.2 for score, *_ in corpus["farm"])


def test_farm_signals_alone_pull_a_page_down_on_a_neutral_domain(corpus):
    farm_score, _, farm_title, farm_text = max(corpus["farm"])
    primary_score, _, primary_title, primary_text = max(corpus["regulator"])
    on_neutral_farm = quality.score_page("https://neutral-site.example/a", farm_title, farm_text, None)
    on_neutral_primary = quality.score_page(
        "https://neutral-site.example/b", primary_title, primary_text, dt.date(2025, 1, 1)
    )
    assert on_neutral_farm < on_neutral_primary


def test_a_search_result_from_a_farm_domain_has_a_low_prior():
    farm = quality.score_result(
        "https://top10-ev-facts.example/top-10-ev-battery-suppliers-2025",
        "Top 10 EV battery suppliers 2025 (you won't believe #3)",
    )
    registry = quality.score_result(
        "https://ebr-europa.example/registry/plants/hu/szeged-helion", "Registry entry: Helion Cells, Szeged"
    )
    assert farm < MIN_QUALITY <= registry  # the offline worker does not read results below MIN_QUALITY


THREAD = (
    "Which cable maker is best?\n"
    "reel_rita wrote: Moerdijk is booked until 2028, I heard.\n"
    "splice_sven wrote: Dunmore makes 700 km a year, someone said.\n"
    "Posted by tide_tom: no idea, ask Hallam Wire.\n"
)
NEWS = (
    "Hallam Wire opened its Dunmore plant in 2016. Its chief executive said: the plant makes 700 km of "
    "cable a year. Hallam Wire said: a second line follows in 2027.\n"
)


def test_a_thread_of_users_posts_scores_below_the_same_words_in_a_news_page():
    from citations import credibility

    assert quality.user_thread(THREAD) and not quality.user_thread(NEWS)
    url = "https://cable-chat.example/threads/best-cable-maker"
    assert quality.score_page(url, "Best cable maker?", THREAD, dt.date(2025, 5, 1)) < quality.score_page(
        url, "Best cable maker?", NEWS, dt.date(2025, 5, 1)
    )
    assert credibility.content_score(THREAD, "", "2025-05-01") < credibility.content_score(NEWS, "", "2025-05-01")


FARM_PAGE = """Which regional railway is the most popular? We ranked the top lines for you.
Trains are the future of travel and the future is here.
The Harbour Line carried 9 million passengers in 2025, a true record breaker.
Share this list with everyone who loves trains.
Keep scrolling for even more amazing railway facts.
regional trains facts best trains list battery train hydrogen train railway ranking rail news."""

NEWS_PAGE = """The Harbour Line carried 6.8 million passengers in 2025, the operator said on 10 February 2026.
The figure counts every journey recorded by the ticket gates and the season-ticket scans.
Passenger numbers rose by a fifth after the timetable change of last spring, the report shows."""


def test_a_keyword_list_line_and_engagement_bait_mark_a_farm_whatever_its_domain():
    from citations import credibility

    assert quality.keyword_line(FARM_PAGE) and quality.engagement_bait(FARM_PAGE)
    assert not quality.keyword_line(NEWS_PAGE) and not quality.engagement_bait(NEWS_PAGE)
    # below the cut under which a source's claims are not stated, the news page well above it
    assert credibility.content_score(FARM_PAGE, "Top Regional Trains Ranked") < credibility.LOW_QUALITY
    assert credibility.content_score(NEWS_PAGE, "Harbour Line passenger numbers", "2026-02-10") > credibility.DOUBTFUL
    # and a worker does not pick the farm to read, on a domain that says nothing
    farm = quality.score_page("https://railnews.example/top", "Top Regional Trains Ranked", FARM_PAGE, None)
    news = quality.score_page("https://railnews.example/harbour", "Harbour Line", NEWS_PAGE, dt.date(2026, 2, 10))
    assert farm < MIN_QUALITY <= news


def test_a_table_row_or_a_heading_is_no_keyword_list():
    assert not quality.keyword_line("Export cable factories — Factory: Moerdijk; Annual output (km): 1,100.")
    assert not quality.keyword_line("Offshore Wind Farms In Operation And Under Construction Across Europe")
    assert not quality.keyword_line("wind farms of the north sea and the baltic sea in one list")
