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
