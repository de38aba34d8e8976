"""Once its notes hold a figure for what an amount sub-question measures, the offline search
worker asks for a second source of it before reading on: the words that found the first pages
find more of the same site, so it searches the figure's subject with "estimate" and with what
is measured, and reads those results from sites it has not read, a title giving another value
first. Invented names and pages only."""

import datetime as dt

import pytest

from agents import context
from agents.digests import note_digest
from agents.engine import worker
from agents.search_worker import Next
from agents.sources.documents import document_ingest
from jobs.models import Note, Source, Step
from jobs.runtime.steps import RunContext
from jobs.stages import read, research
from tests.factories import JobFactory, SubQuestionFactory
from tests.helpers import worker_decision

SUBQUESTION = "How many tonnes of resin did Pellbrook Polymers ship in 2025?"
OWN = "https://pellbrook-polymers.example"
FIRST_QUERY = "tonnes resin Pellbrook Polymers ship 2025"


def _result(i: int, title: str, url: str, quality: float = 0.6) -> str:
    return f"{i}. {title} | {url} | {worker.site_of(url)} | 2026-01-10 | quality {quality:.2f}"


def _search(turn: int, query: str, results: list[str]) -> context.Entry:
    return context.Entry(
        turn=turn,
        kind="observation",
        tool="search",
        handle=f"r_{turn}",
        text="\n".join([f"query: {query}", f"{len(results)} results:", *results]),
        arguments={"query": query},
    )


def _read(turn: int, urls: list[str]) -> context.Entry:
    return context.Entry(
        turn=turn,
        kind="observation",
        tool="fetch_pages",
        handle=f"r_{turn}_read",
        text="\n".join(f"read {u} : 1 notes [{i}]" for i, u in enumerate(urls)),
        arguments={"urls": urls},
    )


def _decide(*, history, queries, notes, turn, pages_read, subquestion=SUBQUESTION):
    return worker_decision(
        subquestion, subquestion, history, queries_sent=queries, notes=notes, turn=turn, pages_read=pages_read
    )


FIRST_RESULTS = [
    _result(1, "Pellbrook Polymers resin shipments 2025", f"{OWN}/news/shipments-2025"),
    _result(2, "Pellbrook Polymers resin grades", f"{OWN}/products/resin-grades"),
    _result(3, "Pellbrook Polymers resin plants", f"{OWN}/sites/resin-plants"),
    _result(4, "Pellbrook Polymers resin customers", f"{OWN}/customers"),
]
READ_FIRST = [f"{OWN}/news/shipments-2025", f"{OWN}/products/resin-grades", f"{OWN}/sites/resin-plants"]
FIGURE = [("Pellbrook Polymers shipped 61,000 tonnes of resin in 2025.", "pellbrook-polymers.example")]


def test_with_a_figure_noted_it_searches_the_subject_with_estimate_then_with_what_is_measured():
    history = [_search(1, FIRST_QUERY, FIRST_RESULTS), _read(2, READ_FIRST)]
    out = _decide(history=history, queries=[FIRST_QUERY], notes=FIGURE, turn=3, pages_read=3)
    assert (out["tool"], out["arguments"]) == ("search", {"query": "Pellbrook Polymers estimate"})
    history.append(_search(3, "Pellbrook Polymers estimate", FIRST_RESULTS))
    out = _decide(
        history=history, queries=[FIRST_QUERY, "Pellbrook Polymers estimate"], notes=FIGURE, turn=4, pages_read=3
    )
    assert (out["tool"], out["arguments"]) == ("search", {"query": "Pellbrook Polymers tonnes"})


def test_a_rival_figure_the_second_wordings_found_is_read_first_and_nothing_else_they_found():
    second = [
        _result(1, "Pellbrook Polymers resin customers", f"{OWN}/customers"),
        _result(2, "Pellbrook Polymers sponsors a rowing club", "https://river-sports.example/pellbrook-rowing"),
        _result(3, "Resin shipments at Pellbrook Polymers, reviewed", "https://polymer-ledger.example/review"),
        _result(4, "Pellbrook Polymers: 58,000 tonnes expected", "https://trade-desk.example/pellbrook-58000"),
    ]
    history = [
        _search(1, FIRST_QUERY, FIRST_RESULTS),
        _read(2, READ_FIRST),
        _search(3, "Pellbrook Polymers estimate", second[:2]),
        _search(4, "Pellbrook Polymers tonnes", second[2:]),
    ]
    queries = [FIRST_QUERY, "Pellbrook Polymers estimate", "Pellbrook Polymers tonnes"]
    out = _decide(history=history, queries=queries, notes=FIGURE, turn=5, pages_read=3)
    assert out["tool"] == "fetch_pages"
    # The rival figure (58,000 against the noted 61,000), then the first wording's best unread
    # result; the second wordings' other pages would only take the place of the first's.
    assert out["arguments"]["urls"] == ["https://trade-desk.example/pellbrook-58000", f"{OWN}/customers"]


def test_a_title_is_a_rival_figure_when_it_names_the_subject_and_another_value_in_the_noted_unit():
    notes = [{"names": ["Pellbrook Polymers", "GWh"], "figures": ["52 GWh", "2025"], "terms": ["capacity"]}]
    subject = ["Pellbrook Polymers"]
    assert worker.rival_figure("Pellbrook Polymers' Ghent plant hits 60 GWh", notes, subject)
    assert not worker.rival_figure("Pellbrook Polymers' Ghent plant: 52 GWh", notes, subject)  # the same value
    assert not worker.rival_figure("Pellbrook Polymers hires 60 engineers", notes, subject)  # another unit
    assert not worker.rival_figure("Ghent plant hits 60 GWh", notes, subject)  # another subject, maybe
    assert not worker.rival_figure("Pellbrook Polymers results 2024", notes, subject)  # a year


def test_a_title_announcing_an_estimate_of_the_subject_is_a_rival_figures_page():
    notes = [{"figures": ["52 GWh"], "names": ["Pellbrook Polymers"]}]
    subject = ["Pellbrook Polymers"]
    assert worker.rival_figure("2025 capacity preview: Pellbrook to lead", notes, subject)
    assert worker.rival_figure("Analysts' forecasts for Pellbrook Polymers", notes, subject)
    assert not worker.rival_figure("Analysts' forecasts for Ghent plants", notes, subject)  # another subject
    assert not worker.rival_figure("Pellbrook Polymers opens a lab", notes, subject)


def test_a_figure_about_something_else_sends_no_second_source_search():
    notes = [("Pellbrook Polymers employs 2,300 people in Ghent.", "pellbrook-polymers.example")]
    history = [_search(1, FIRST_QUERY, FIRST_RESULTS), _read(2, READ_FIRST)]
    out = _decide(history=history, queries=[FIRST_QUERY], notes=notes, turn=3, pages_read=3)
    assert out["tool"] == "fetch_pages"
    assert out["arguments"]["urls"] == [f"{OWN}/customers"]


def test_without_turns_for_both_searches_a_read_and_the_finish_it_reads_on():
    history = [_search(1, FIRST_QUERY, FIRST_RESULTS), _read(2, READ_FIRST)]
    out = _decide(history=history, queries=[FIRST_QUERY], notes=FIGURE, turn=4, pages_read=3)
    assert out["tool"] == "fetch_pages"


def test_a_source_named_with_according_to_is_not_taken_for_the_subject():
    subquestion = "According to the Polymer Registry, what is the capacity of the Ghent plant of Pellbrook Polymers?"
    notes = [
        {
            "digest": note_digest(
                "The Polymer Registry lists a capacity of 90,000 tonnes for the Ghent plant of Pellbrook Polymers."
            )
        }
    ]
    notes = [{**n, **worker._parse_digest(n["digest"])} for n in notes]
    queries = worker.corroboration_queries(subquestion, worker.measuring_notes(subquestion, notes))
    assert queries == ["Ghent Pellbrook Polymers estimate", "Ghent Pellbrook Polymers capacity"]
    own = "According to Pellbrook Polymers itself, what is the capacity of its plant in Ghent?"
    assert worker.corroboration_subject(own, notes) == ["Pellbrook Polymers", "Ghent"]


# --- end to end on the database: the local corpus, the offline engine, the real step rows ---------


def _page(url: str, title: str, text: str, published: dt.date) -> None:
    body = f"<html><head><title>{title}</title></head><body><article><h1>{title}</h1>{text}</article></body></html>"
    document_ingest(url=url, body=body.encode(), content_type="text/html", published=published)


@pytest.fixture
def resin_corpus(db):
    # The subject's own site answers the first query's words on every page; the rival figure is
    # on another publisher's page worded differently, which the first query does not reach.
    topics = ["Europe", "Asia", "Americas", "Africa", "Oceania", "the Nordics", "Iberia", "the Baltics", "Canada"]
    for i, region in enumerate(topics):
        _page(
            f"{OWN}/news/resin-shipments-{i}",
            f"Pellbrook Polymers resin shipments 2025: {region}",
            f"<p>Pellbrook Polymers shipped 61,000 tonnes of resin in 2025, the company said.</p>"
            f"<p>Pellbrook Polymers ships resin to {region} from its plant in Ghent, and resin shipments "
            f"to {region} grew in 2025.</p>",
            dt.date(2026, 1, 12),
        )
    _page(
        "https://trade-desk.example/pellbrook-58000",
        "Pellbrook Polymers: 58,000 tonnes expected",
        "<p>We estimate that Pellbrook Polymers sold about 58,000 tonnes of polymer granulate last year.</p>",
        dt.date(2025, 11, 20),
    )


def _run(job, sq) -> None:
    ctx = RunContext(job=job, epoch=job.epoch)
    for _ in range(10):
        outcome = research.advance_subquestion(ctx, sq.pk)
        if outcome.kind is Next.DONE:
            return
        for url in outcome.urls:  # what the reader tasks do between two runs of the loop
            read.read_one(ctx, sq.pk, url)
    raise AssertionError("the worker did not finish")


def test_a_worker_reads_the_rival_figure_its_first_query_did_not_reach(alice, resin_corpus):
    job = JobFactory(user=alice, question=SUBQUESTION)
    sq = SubQuestionFactory(job=job, text=SUBQUESTION)
    _run(job, sq)
    turns = [s.output for s in Step.objects.filter(sq=sq, kind="search").order_by("seq")]
    searches = [t for t in turns if t["tool"] == "search"]
    rival = "https://trade-desk.example/pellbrook-58000"
    assert rival not in [r["url"] for r in searches[0]["results"]]  # the first wording misses it
    assert [t["arguments"]["query"] for t in searches[1:]] == [
        "Pellbrook Polymers estimate",
        "Pellbrook Polymers tonnes",
    ]
    assert Source.objects.filter(job=job, url=rival).exists()
    quotes = list(Note.objects.filter(sq=sq).values_list("quote", flat=True))
    assert any("58,000 tonnes" in q for q in quotes) and any("61,000 tonnes" in q for q in quotes)


def test_a_figure_worded_unlike_the_question_is_corroborated_in_its_sources_words():
    # The notes give the amount asked for without the question's word for it ("capacity"):
    # another source words the figure as the notes do, so the second query uses theirs.
    subquestion = "How much new resin capacity did Pellbrook Polymers book in 2025?"
    notes = [("Pellbrook Polymers booked 61,000 tonnes of new resin orders in 2025.", "pellbrook-polymers.example")]
    query = "Pellbrook Polymers much new resin capacity book 2025"
    history = [_search(1, query, FIRST_RESULTS), _read(2, READ_FIRST)]
    out = _decide(history=history, queries=[query], notes=notes, turn=3, pages_read=3, subquestion=subquestion)
    assert (out["tool"], out["arguments"]) == ("search", {"query": "Pellbrook Polymers estimate"})
    history.append(_search(3, "Pellbrook Polymers estimate", FIRST_RESULTS))
    out = _decide(
        history=history,
        queries=[query, "Pellbrook Polymers estimate"],
        notes=notes,
        turn=4,
        pages_read=3,
        subquestion=subquestion,
    )
    assert (out["tool"], out["arguments"]) == ("search", {"query": "Pellbrook Polymers orders"})


def test_the_sources_own_word_skips_words_of_time_and_rank():
    notes = [
        {
            "names": ["Pellbrook Polymers"],
            "figures": ["61,000 tonnes"],
            "terms": ["first", "full", "year", "booked", "resin", "orders"],
        }
    ]
    found, word = worker.worded_otherwise("How much resin capacity did Pellbrook Polymers book?", notes)
    assert found == notes and word == "orders"


def test_a_figure_about_another_named_thing_is_not_corroborated():
    # The notes hold a capacity, but of another car than the one asked about: the asked figure
    # is still to find, so the worker reads on rather than asking for a second source.
    subquestion = "What is the usable battery capacity of the Pellbrook Arc?"
    notes = [("The Kessel Nova battery has a usable capacity of 58 kWh.", "kessel.example")]
    query = "usable battery capacity Pellbrook Arc"
    history = [_search(1, query, FIRST_RESULTS), _read(2, READ_FIRST)]
    out = _decide(history=history, queries=[query], notes=notes, turn=3, pages_read=3, subquestion=subquestion)
    assert out["tool"] == "fetch_pages"


def test_for_an_amount_the_data_sheet_is_read_before_pages_that_only_name_the_subject():
    subquestion = "What is the usable battery capacity of the Pellbrook Arc?"
    results = [
        _result(1, "About Pellbrook Motors", "https://pellbrook-motors.example/about"),
        _result(2, "Technical data", "https://pellbrook-motors.example/models/technical-data"),
        _result(3, "Pellbrook Motors careers", "https://pellbrook-motors.example/careers"),
        _result(4, "Pellbrook Motors in the community", "https://pellbrook-motors.example/community"),
    ]
    query = "usable battery capacity Pellbrook Arc"
    out = _decide(
        history=[_search(1, query, results)], queries=[query], notes=[], turn=2, pages_read=0, subquestion=subquestion
    )
    assert out["tool"] == "fetch_pages"
    assert out["arguments"]["urls"][0] == "https://pellbrook-motors.example/models/technical-data"
