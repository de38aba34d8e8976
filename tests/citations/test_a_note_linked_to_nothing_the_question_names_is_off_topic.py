"""A question that names something is about it: a note that names only other things, linked to
nothing the question names, is off topic even when it uses the question's words (another maker's
battery capacity, for a question about one pickup's). A partner's partner is linked (the cell
maker of the pickup, named with it); so is a note that says a relation in other words ("counts
… among its customers" for a question about suppliers)."""

from citations.selection import select
from tests.helpers import evidence_note

QUESTION = "What is the usable battery capacity of Orvane Motors' electric pickup, and who supplies its cells?"
OUTLINE = [{"heading": "S", "purpose": "the battery of the pickup"}]
NOTES = [
    evidence_note(1, "The Orvane Ridge pickup of Orvane Motors has a usable battery capacity of 123 kWh.", "a.example"),
    evidence_note(2, "Brisco Works makes the cells of the Orvane Ridge.", "b.example"),
    evidence_note(3, "Brisco Works has a usable capacity of 40 GWh at its Tarrow plant.", "b.example"),
    evidence_note(4, "Brisco Works counts four truck builders among its customers.", "b.example"),
    evidence_note(5, "The Halden Skarv battery has a usable capacity of 58 kWh.", "c.example"),
    evidence_note(6, "The Halden Skarv is the first Halden Auto model with an LFP battery.", "c.example"),
]


def test_notes_about_things_linked_to_nothing_the_question_names_are_off_topic():
    out = select(question=QUESTION, outline=OUTLINE, notes=NOTES)
    assert sorted(out["sections"]["S"]) == [1, 2, 3, 4], out["withheld"]
    assert out["withheld"]["5"] == out["withheld"]["6"] == "off the question's topic"


def test_a_question_that_names_nothing_keeps_a_note_that_shares_its_words():
    out = select(question="What usable battery capacity do electric pickups have?", outline=OUTLINE, notes=NOTES)
    assert 5 in out["sections"]["S"], out["withheld"]


def test_a_person_on_the_own_site_of_the_named_body_is_linked_to_it():
    # The leadership page of Tessel Water Authority (tessel-water.example, a site name the domain
    # shortens) lists its chair without repeating its name.
    notes = [
        evidence_note(1, "Mira Holt: Chair of the Board.", "tessel-water.example"),
        evidence_note(2, "Tessel Water Authority is governed by a board of the towns it serves.", "a.example"),
        evidence_note(3, "Brenmoor Ports has ordered two new cranes for its container quay.", "brenmoor-ports.example"),
    ]
    out = select(
        question="Who chairs the board of the Tessel Water Authority?",
        outline=[{"heading": "S", "purpose": "its board"}],
        notes=notes,
    )
    assert 1 in out["sections"]["S"], out["withheld"]
    assert out["withheld"]["3"] == "off the question's topic"
