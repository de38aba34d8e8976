"""A background sentence on a page about the asked thing ("Array cables connect the turbines of
a wind farm to its offshore substation", on a page whose title names Holm Flats) names nothing:
its capitalised first word is no partner of Holm Flats, so the note is off the question's topic.
A one-word name the notes write capitalised mid-sentence elsewhere stays a name. Invented wind world."""

from citations.selection import select
from tests.helpers import evidence_note

QUESTION = "What is the installed capacity of the Holm Flats wind farm?"
OUTLINE = [{"heading": "S", "purpose": "The wind farm's capacity"}]
TITLE = "Holm Flats wind farm - Westmark Offshore"


def _note(i, text, **fields):
    return evidence_note(i, text, "westmark-offshore.example", "2025-03-01", title=TITLE, **fields)


NOTES = [
    _note(1, "Holm Flats has an installed capacity of 480 MW and 40 turbines."),
    _note(2, "Array cables connect the turbines of a wind farm to its offshore substation."),
    _note(3, "Grid operators plan new onshore connections years before a wind farm is finished."),
    _note(4, "Kessel Haven is the port that services the Holm Flats wind farm."),
    _note(5, "Holm Flats is serviced from Kessel Haven, a port on the west coast."),
]


def test_background_that_names_nothing_is_off_topic_and_names_stay_names():
    withheld = select(question=QUESTION, outline=OUTLINE, notes=NOTES)["withheld"]
    assert withheld.get("2") == "off the question's topic", withheld
    assert withheld.get("3") == "off the question's topic", withheld
    assert "1" not in withheld and "4" not in withheld, withheld


def test_background_is_off_topic_too_when_only_the_plan_names_the_subject():
    """A chain's question names nothing ("the wind farm that has ordered the most powerful
    turbines"); once its plan names Holm Flats, a sentence naming nothing is background."""
    question = "Which port will be used to install the wind farm that has ordered the most powerful turbines?"
    notes = [
        _note(1, "Holm Flats will be installed from the port of Kessel Haven."),
        _note(2, "Wind farms are usually designed to operate for about thirty years."),
    ]
    planned = ["Which port will be used to install Holm Flats?"]
    withheld = select(question=question, outline=OUTLINE, notes=notes, subquestions={"S": planned})["withheld"]
    assert withheld.get("2") == "off the question's topic", withheld
    assert "1" not in withheld, withheld
    # Before the plan names anything, the background is not judged by what it names.
    assert "2" not in select(question=question, outline=OUTLINE, notes=notes)["withheld"]
