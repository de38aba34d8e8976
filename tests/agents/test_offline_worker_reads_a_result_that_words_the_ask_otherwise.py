"""The offline search worker weighs a result's title in synonyms: "output fell" is on the task of
a sub-question asking which maker "produced fewer" tonnes, so that page is read before one that
only shares the subject's word. Converse relations are not synonyms: a page on whom a company
supplies does not say who supplies it. Invented names and pages only."""

from agents import text as tx
from tests.helpers import search_observation, worker_decision

QUESTION = "Which of the three largest resin makers produced fewer tonnes in 2025 than in 2024?"


def _decide(subquestion: str, results: list[str]) -> dict:
    return worker_decision(
        QUESTION, subquestion, [search_observation(subquestion, results)], queries_sent=[subquestion]
    )


def _result(i: int, title: str, url: str, quality: float) -> str:
    domain = url.split("/")[2]
    return f"{i}. {title} | {url} | {domain} | 2026-01-10 | quality {quality:.2f}"


def test_a_title_that_says_the_ask_in_a_synonym_is_read_before_one_sharing_only_the_subject():
    falling = "https://plastics-wire.example/marrow-output-2025"
    results = [
        _result(1, "The three largest resin makers of 2024", "https://plastics-wire.example/top-three-2024", 0.4),
        _result(2, "Resin makers in Europe", "https://polymer-news.example/resin-makers", 0.4),
        _result(3, "Orlen Resins company overview", "https://orlen-resins.example/company", 0.7),
        _result(4, "Marrow Plastics resin output fell", falling, 0.4),
    ]
    out = _decide(QUESTION, results)
    assert out["tool"] == "fetch_pages"
    assert falling in out["arguments"]["urls"]
    assert "https://orlen-resins.example/company" not in out["arguments"]["urls"]


def test_words_of_one_meaning_meet_and_the_two_sides_of_a_relation_do_not():
    assert tx.synonym_terms("output fell") == tx.synonym_terms("output fewer")
    assert tx.synonym_terms("deliveries declined") == tx.synonym_terms("deliveries dropped")
    assert tx.synonym_terms("sales grew") == tx.synonym_terms("sales rose")
    assert tx.synonym_terms("sales grew") != tx.synonym_terms("sales fell")
    assert tx.synonym_terms("Orlen buys resin") != tx.synonym_terms("Orlen supplies resin")
