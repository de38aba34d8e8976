"""The offline search worker picks pages to read from their titles and their addresses, and
once its notes hold a figure for an amount it spreads its remaining reading over sites it has
not read: a rival figure lives on another publisher's page (when turns remain it first asks for
a second source: test_offline_worker_asks_a_second_source_for_a_figure.py). Invented names and
pages only."""

from agents import context
from agents.engine import worker
from tests.helpers import search_observation, worker_decision

QUESTION = "How many tonnes of resin did Pellbrook Polymers ship in 2025?"


def _decide(
    *, subquestion: str, results: list[str], history: list[context.Entry] = (), notes=(), turn=2, task=QUESTION
):
    return worker_decision(
        task,
        subquestion,
        [search_observation(subquestion, results), *history],
        queries_sent=[subquestion],
        notes=notes,
        turn=turn,
        pages_read=len(history) and 1,
    )


def _result(i: int, title: str, url: str, domain: str, quality: float = 0.7) -> str:
    return f"{i}. {title} | {url} | {domain} | 2026-01-10 | quality {quality:.2f}"


def test_a_result_whose_title_shares_no_asked_word_is_read_when_its_address_names_the_subject():
    results = [
        _result(
            1,
            "Annual report 2025",
            "https://pellbrook-polymers.example/investors/annual-2025",
            "pellbrook-polymers.example",
        ),
        _result(
            2, "Garden furniture trends", "https://home-weekly.example/garden/furniture-trends", "home-weekly.example"
        ),
    ]
    out = _decide(subquestion="How many tonnes of resin did Pellbrook Polymers ship in 2025?", results=results)
    assert out["tool"] == "fetch_pages"
    assert out["arguments"]["urls"] == ["https://pellbrook-polymers.example/investors/annual-2025"]


def test_an_address_word_counts_less_than_a_title_word():
    results = [
        _result(1, "Our sites", "https://pellbrook-polymers.example/resin-tonnes", "pellbrook-polymers.example"),
        _result(2, "Pellbrook Polymers resin tonnes shipped", "https://trade-desk.example/a/b", "trade-desk.example"),
    ]
    out = _decide(subquestion="How many tonnes of resin did Pellbrook Polymers ship in 2025?", results=results)
    assert out["arguments"]["urls"][0] == "https://trade-desk.example/a/b"


def test_once_a_figure_is_noted_the_worker_reads_another_site_before_the_subjects_next_page():
    # Turn 4: too late for the two second-source searches, a read and the finish.
    subquestion = "How many tonnes of resin did Pellbrook Polymers ship in 2025?"
    own = "https://pellbrook-polymers.example"
    results = [
        _result(
            1, "Pellbrook Polymers resin shipments 2025", f"{own}/news/shipments-2025", "pellbrook-polymers.example"
        ),
        _result(2, "Pellbrook Polymers resin grades", f"{own}/products/resin-grades", "pellbrook-polymers.example"),
        _result(3, "Pellbrook Polymers resin plants", f"{own}/sites/resin-plants", "pellbrook-polymers.example"),
        _result(
            4,
            "Resin makers: Pellbrook estimate",
            "https://polymer-ledger.example/2025/11/estimate",
            "polymer-ledger.example",
        ),
    ]
    read = context.Entry(
        turn=2,
        kind="observation",
        tool="fetch_pages",
        handle="r_2_read",
        text=f"read {own}/news/shipments-2025 : 1 notes [1]",
        arguments={"urls": [f"{own}/news/shipments-2025"]},
    )
    notes = [("Pellbrook Polymers shipped 61,000 tonnes of resin in 2025.", "pellbrook-polymers.example")]
    out = _decide(subquestion=subquestion, results=results, history=[read], notes=notes, turn=4)
    assert out["tool"] == "fetch_pages"
    assert out["arguments"]["urls"][0] == "https://polymer-ledger.example/2025/11/estimate"
    assert set(out["arguments"]["urls"]) == {
        "https://polymer-ledger.example/2025/11/estimate",
        f"{own}/products/resin-grades",
        f"{own}/sites/resin-plants",
    }


def test_without_a_figure_noted_the_best_titles_are_read_in_order():
    subquestion = "Which customers does Pellbrook Polymers supply with resin?"
    own = "https://pellbrook-polymers.example"
    results = [
        _result(1, "Pellbrook Polymers resin customers", f"{own}/customers", "pellbrook-polymers.example"),
        _result(2, "Pellbrook Polymers resin customers in Asia", f"{own}/customers/asia", "pellbrook-polymers.example"),
        _result(3, "Resin buyers", "https://polymer-ledger.example/buyers", "polymer-ledger.example"),
    ]
    out = _decide(subquestion=subquestion, results=results, turn=2)
    assert out["arguments"]["urls"][:2] == [f"{own}/customers", f"{own}/customers/asia"]


def test_address_words_come_from_the_host_and_path_of_web_addresses_only():
    words = worker.url_terms("https://www.pellbrook-polymers.example/investors/annual-2025")
    assert {"pellbrook", "polym", "investor", "annual"} <= words
    assert "www" not in words and "example" not in words
    assert worker.url_terms("upload://7/12/resin-notes.md") == set()


def test_a_title_that_names_asked_words_is_not_outranked_by_its_address():
    results = [
        _result(1, "Resin shipments at Pellbrook", "https://trade-desk.example/x/y", "trade-desk.example"),
        _result(
            2,
            "Resin shipments at Pellbrook",
            "https://pellbrook-polymers.example/tonnes-of-resin",
            "pellbrook-polymers.example",
        ),
    ]
    out = _decide(subquestion="How many tonnes of resin did Pellbrook Polymers ship in 2025?", results=results)
    assert out["arguments"]["urls"] == [
        "https://trade-desk.example/x/y",
        "https://pellbrook-polymers.example/tonnes-of-resin",
    ]


def test_a_one_word_title_lets_the_address_say_whose_section_it_is():
    # "Plants" on the company's own site is its table of plants; the registry's entry is about
    # another plant, and the news pages name the company but no plant.
    results = [
        _result(
            1,
            "Registry entry: Kessby resin plant (Pellbrook Polymers)",
            "https://registry.example/sites/kessby",
            "registry.example",
            quality=0.9,
        ),
        _result(2, "Resin output at Pellbrook Polymers", "https://trade-desk.example/a/b", "trade-desk.example", 0.85),
        _result(3, "Pellbrook Polymers resin output", "https://chem-wire.example/c/d", "chem-wire.example", 0.8),
        _result(4, "Plants", "https://pellbrook-polymers.example/plants", "pellbrook-polymers.example"),
    ]
    out = _decide(
        subquestion="What is the annual capacity of Pellbrook Polymers' resin plant in Tarrow?", results=results
    )
    assert "https://pellbrook-polymers.example/plants" in out["arguments"]["urls"], out


CHAIN = "Which company buys the resin made at the Lund plant, and in which towns does that company mould its parts?"


def test_a_later_link_reads_a_page_titled_with_the_name_round_one_found():
    # Round two asks about Harlow Plastics, which the question never names: its "About" page
    # shares no word with the question, yet it is the page to read when nothing else is.
    results = [
        _result(1, "About Harlow Plastics", "https://harlow-plastics.example/about", "harlow-plastics.example"),
        _result(2, "Garden furniture trends", "https://home-weekly.example/garden/furniture", "home-weekly.example"),
    ]
    out = _decide(subquestion="In which towns does Harlow Plastics mould its parts?", results=results, task=CHAIN)
    assert out["tool"] == "fetch_pages"
    assert out["arguments"]["urls"] == ["https://harlow-plastics.example/about"]


def test_with_notes_in_hand_a_page_that_only_names_the_asked_name_waits_for_a_better_query():
    results = [
        _result(1, "Harlow Plastics opens a warehouse", "https://trade.example/harlow", "trade.example"),
    ]
    out = _decide(
        subquestion="In which towns does Harlow Plastics mould its parts?",
        results=results,
        task=CHAIN,
        notes=[("Harlow Plastics buys resin from the Lund plant of Vessel Chemicals.", "trade.example")],
    )
    assert out["tool"] != "fetch_pages"


def test_a_title_naming_the_thing_asked_by_name_is_read_without_the_questions_words():
    # Round two asks about one member by name; the question's own words ("battery", "suppliers")
    # are not in every title about that member ("… how much does Tessel really supply?").
    task = "Compare the battery suppliers of the three largest electric tractor makers"
    results = [
        _result(
            1,
            "Orvane Agrar: how much does Tessel really supply?",
            "https://farm-data.example/n/1",
            "farm-data.example",
        ),
        _result(
            2,
            "Cell origin disclosure: Orvane Agrar, model year 2026",
            "https://registry.example/f/2",
            "registry.example",
        ),
        _result(3, "Harvest festival dates", "https://village-news.example/p/3", "village-news.example"),
        _result(4, "Battery supplier league table 2025", "https://league.example/t/4", "league.example"),
    ]
    out = _decide(
        subquestion="Which battery suppliers does Orvane Agrar use, and for which products?",
        results=results,
        task=task,
    )
    assert out["tool"] == "fetch_pages"
    urls = out["arguments"]["urls"]
    assert {"https://farm-data.example/n/1", "https://registry.example/f/2"} <= set(urls), urls
    assert "https://village-news.example/p/3" not in urls


def test_with_no_title_on_the_task_and_no_notes_the_searchs_first_results_are_read():
    # "Contracts for difference" holds the asked price in a table row, but neither its title nor
    # its address says so: the search ranked it first, and that is all there is to go on.
    results = [
        _result(
            1, "Contracts for difference: awards", "https://licensing.example/auctions/round-4", "licensing.example"
        ),
        _result(2, "Projects", "https://builder.example/projects", "builder.example"),
        _result(3, "Harbour news", "https://harbour.example/news", "harbour.example"),
        _result(4, "Contracts for difference: awards", "https://thin.example/cfd", "thin.example", quality=0.2),
    ]
    out = _decide(
        subquestion="What is the strike price of Kelby Rise?",
        results=results,
        task="What is the strike price of Kelby Rise?",
    )
    assert out["tool"] == "fetch_pages"
    assert out["arguments"]["urls"] == [
        "https://licensing.example/auctions/round-4",
        "https://builder.example/projects",
    ]


def test_a_how_many_question_searches_without_many():
    # "many" and "much" only say a figure is asked: as query words they match every page.
    query = worker.query_from("How many tonnes of resin did Pellbrook Polymers ship in 2025?")
    assert "many" not in query.lower().split() and "Pellbrook" in query, query
    assert "much" not in worker.query_from("How much resin did Pellbrook Polymers ship?").lower().split()


def test_before_its_first_notes_the_worker_also_reads_the_searchs_first_result():
    # The register ranked first says nothing asked in its title; its row holds the answer.
    results = [
        _result(1, "Registered plants", "https://polymer-register.example/plants", "polymer-register.example"),
        _result(2, "Pellbrook Polymers at a glance", "https://blog.example/pellbrook", "blog.example"),
        _result(3, "Garden furniture trends", "https://home-weekly.example/garden", "home-weekly.example"),
    ]
    out = _decide(subquestion="How many tonnes of resin did Pellbrook Polymers ship in 2025?", results=results)
    assert out["arguments"]["urls"] == ["https://blog.example/pellbrook", "https://polymer-register.example/plants"]
    # a farm ranked first is not read for its rank
    results[0] = _result(1, "Registered plants", "https://polymer-register.example/plants", "x.example", 0.2)
    out = _decide(subquestion="How many tonnes of resin did Pellbrook Polymers ship in 2025?", results=results)
    assert out["arguments"]["urls"] == ["https://blog.example/pellbrook"]
