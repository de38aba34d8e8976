"""The offline planner's sub-questions read as English where they are built from the question's
grammar: a superlative question ranks the things it asks about by what ranks them ("Rank the
wind farms by the powerful turbines they have ordered"), never "List the wind farm has by …";
a padding angle on "the installed capacity of the Skarvholm wind farm" names it owner first
("the Skarvholm wind farm's installed capacity"), so it neither quotes the question nor drops
its grammar. A possessive that would bind to the wrong noun is not written (invented names)."""

from agents import questions as qtext
from agents.engine import planner


def texts(question: str) -> list[str]:
    return [sq["text"] for sq in planner.plan(question, "deep")["subquestions"]]


def test_a_superlative_ranks_the_things_asked_about_by_what_ranks_them():
    plan = texts("Which wind farm has ordered the most powerful turbines?")
    assert "Rank the wind farms by the powerful turbines they have ordered." in plan
    assert "How many powerful turbines has each of those wind farms ordered?" in plan
    plan = texts("Which resin maker shipped the most pellets in 2025?")
    assert "Rank the resin makers by the pellets they shipped in 2025." in plan
    assert "How many pellets did each of those resin makers ship in 2025?" in plan
    assert "Rank the battery suppliers by total installed capacity." in texts(
        "Which battery supplier has the largest total installed capacity?"
    )


def test_a_question_about_one_thing_of_the_largest_is_not_read_as_a_ranking():
    assert not any(
        t.startswith(("List the is", "Rank the is"))
        for t in texts("What is the capacity of the largest plant of Orlen Resins?")
    )


def test_a_padding_topic_names_the_owner_first():
    clause = qtext.absence_clause("What is the installed capacity of the Skarvholm wind farm?")
    assert planner._owner_first(clause) == "the Skarvholm wind farm's installed capacity"
    assert planner._owner_first("what the revenue of Castellan Cables was") == "Castellan Cables' revenue"
    assert planner._owner_first("what the capacity of the largest plant of Orlen Resins is") == ""
    assert planner._owner_first("what the combined capacity of the wind farms that use the BT-15 turbine is") == ""


def test_a_past_verb_goes_back_to_its_base_form():
    verbs = ["delivered", "produced", "shipped", "supplied", "used", "focused", "planned", "sold", "operated"]
    assert [qtext.base_of_past(v) for v in verbs] == [
        "deliver",
        "produce",
        "ship",
        "supply",
        "use",
        "focus",
        "plan",
        "sell",
        "operate",
    ]


def test_a_comparison_of_a_sets_focus_asks_what_changed_and_what_is_announced():
    """An analyst comparing suppliers says who supplies now and what is about to change (a new
    supplier from next year, a pilot without volume), not only who supplied before."""
    plan = texts("Compare the cathode suppliers of the three largest tractor makers")
    assert any(t.startswith("Which changes to the three largest makers' cathode suppliers") for t in plan), plan
    assert any("made or announced since" in t for t in plan), plan
