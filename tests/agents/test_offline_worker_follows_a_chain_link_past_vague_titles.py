"""A chain's later link asks about a name round one found ("Which company built the trains for
the Pellow Valley Line?"). The pages that answer it have vague titles ("Our network"), so the
search observation says which of the sub-question's names a result's snippet holds
(`mentions:`, checked in code: the worker never sees the snippet) and the offline worker reads
those first. A where-question is answered by a place: notes that say who makes the thing
("The axles come from Tamsin Gears") lead to a search for that name, not to finish. Invented
names and pages only."""

from agents import context
from agents.digests import note_digest
from agents.engine import worker
from agents.search_worker import mentions
from agents.sources.results import Result
from tests.helpers import search_observation, worker_decision

QUESTION = "Who is the chief executive of the company that built the trains for the busiest line in 2025?"


def _result(i: int, title: str, url: str, mentioned: str = "") -> str:
    domain = url.split("/")[2]
    line = f"{i}. {title} | {url} | {domain} | 2026-01-10 | quality 0.70"
    return line + (f" | mentions: {mentioned}" if mentioned else "")


def test_mentions_lists_the_asked_names_a_snippet_holds_as_whole_words():
    result = Result(
        url="https://quarnby-rail.example/network",
        title="Our network",
        snippet="maintained by our own staff. Pellow Valley Line The Pellow",
        published="",
        domain="quarnby-rail.example",
        quality=0.7,
    )
    assert mentions(result, ["Pellow Valley Line", "Quarnby Rail", "Pellow"]) == ["Pellow Valley Line", "Pellow"]
    other = Result(
        url="https://x.example/a",
        title="Pellowshire timetable",
        snippet="",
        published="",
        domain="x.example",
        quality=0.7,
    )
    assert mentions(other, ["Pellow"]) == []


def test_a_result_that_mentions_the_found_link_is_read_before_titles_that_share_generic_words():
    subquestion = "Which company built the trains for Pellow Valley Line?"
    results = [
        _result(1, "Our lines", "https://brenmoor-tog.example/lines"),
        _result(2, "Our network", "https://quarnby-rail.example/network", "Pellow Valley Line"),
        _result(3, "Battery trains", "https://holtz-bahn.example/battery-trains"),
        _result(4, "Hydrogen train", "https://serrano-rail.example/hydrogen"),
    ]
    out = worker_decision(QUESTION, subquestion, [search_observation(subquestion, results)], queries_sent=[subquestion])
    assert out["tool"] == "fetch_pages"
    assert out["arguments"]["urls"][0] == "https://quarnby-rail.example/network"


def test_a_mention_of_a_name_the_question_already_gives_adds_nothing():
    # Round one's names are in the question: titles decide as before.
    subquestion = "Which company built the trains for Quarnby Rail?"
    results = [
        _result(1, "Our network", "https://quarnby-rail.example/network", "Quarnby Rail"),
        _result(2, "Who built our trains", "https://quarnby-rail.example/fleet"),
    ]
    out = worker_decision(
        "Which company built the trains for Quarnby Rail?",
        subquestion,
        [search_observation(subquestion, results)],
        queries_sent=[subquestion],
    )
    assert out["arguments"]["urls"][0] == "https://quarnby-rail.example/fleet"


def test_a_digest_names_the_places_a_claim_locates_something_in():
    assert "places: Orvieto; Italy" in note_digest("Tamsin Gears makes the axles at its plant in Orvieto, Italy.")
    assert "places" not in note_digest("The axles come from Tamsin Gears.")


WHERE = "Where are the axles made for the trains that run on Pellow Valley Line?"
NOTES_WITHOUT_PLACE = [
    ("The axles come from Tamsin Gears.", "serrano-rail.example"),
    ("Pellow Valley Line is worked by 12 SR-40 trains.", "quarnby-rail.example"),
    ("The SR-40 trains run on the Pellow Valley Line every hour.", "quarnby-rail.example"),
    ("The axles of the SR-40 were made to a new design.", "serrano-rail.example"),
]


def _where_decision(notes):
    url = "https://serrano-rail.example/sr-40"
    read = context.Entry(
        turn=2, kind="observation", tool="fetch_pages", handle="r_2_read", text=f"read {url} : 4 notes [1]"
    )
    return worker_decision(
        "Where are the axles made for the trains that run on Quarnby Rail's newest line?",
        WHERE,
        [search_observation(WHERE, [_result(1, "SR-40 regional train", url, "Pellow Valley Line")]), read],
        queries_sent=[WHERE],
        notes=notes,
        turn=3,
        pages_read=1,
    )


def test_a_where_question_whose_notes_name_no_place_searches_the_maker_they_name():
    out = _where_decision([*NOTES_WITHOUT_PLACE])
    assert out["tool"] == "search"
    assert out["arguments"]["query"].startswith("Tamsin Gears ")


def test_a_where_question_answered_with_a_place_finishes():
    notes = [*NOTES_WITHOUT_PLACE, ("Tamsin Gears makes the axles at its plant in Orvieto.", "tamsin-gears.example")]
    out = _where_decision(notes)
    assert out["tool"] == "finish"


def test_place_missing_is_empty_for_a_question_that_does_not_ask_where():
    notes = [{"digest": note_digest(c), **worker._parse_digest(note_digest(c))} for c, _ in NOTES_WITHOUT_PLACE]
    assert worker.place_missing("Which company makes the axles of the SR-40?", notes) == []
    assert worker.place_missing(WHERE, notes)[0] == "Tamsin Gears"


def test_a_title_that_says_the_asked_thing_still_comes_before_a_mere_mention():
    # The snippet is a window of the page: "About Tamsin Gears" mentions the found town, "Our
    # plants" says what is asked; the mention lifts a title only when nothing else does.
    subquestion = "Which axle plant supplies Orvelle?"
    results = [
        _result(1, "About Tamsin Gears", "https://tamsin-gears.example/about", "Orvelle"),
        _result(2, "Our plants", "https://tamsin-gears.example/plants"),
    ]
    out = worker_decision(
        "In which town is the axle plant that supplies the factory of Quarnby Rail's largest supplier?",
        subquestion,
        [search_observation(subquestion, results)],
        queries_sent=[subquestion],
    )
    assert out["arguments"]["urls"][0] == "https://tamsin-gears.example/plants"
