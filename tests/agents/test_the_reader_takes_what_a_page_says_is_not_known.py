"""A page's statement that what is asked is not known or not done yet ("No engine order has been
placed and the route has not been decided.") is the answer the page gives when the question has
none: the offline reader reads it with the sentence just before that names the asked thing,
and its note opens with that name, its quote reaching back to it. A statement after a new
paragraph, or after a sentence about something else, is not given that subject. Invented
ferry world."""

from agents.engine import reader

PAGE = (
    "Tessvik Line\n"
    "Tessvik Line runs two ferries between Bremhaven and Ostrand. Its ferries have 40 LNG engines from Kessel Maritime.\n"
    "Tessvik Line is planning a third ferry for a longer route. No engine order has been placed and the route has not been decided.\n"
    "Crew transfer vessels take technicians out when the sea is calm enough.\n"
)
ASK = "How many engines will the third ferry of Tessvik Line have?"


def _notes(page=PAGE, ask=ASK):
    return reader.read(ask, page, title="Tessvik Line")["notes"]


def test_an_absence_is_read_with_the_sentence_that_names_what_it_is_about():
    notes = {n["claim"]: n for n in _notes()}
    claim = "For Tessvik Line, no engine order has been placed and the route has not been decided."
    assert claim in notes, list(notes)
    note = notes[claim]
    assert note["quote"] == (
        "Tessvik Line is planning a third ferry for a longer route. "
        "No engine order has been placed and the route has not been decided."
    )
    assert PAGE[note["char_start"] : note["char_end"]] == note["quote"]


def test_a_pointing_absence_names_what_it_points_to():
    # Its own paragraph: "The company" says what it is about.
    page = (
        "Tessvik Line is planning a third ferry for a longer route.\n"
        "The company has not said which engines the ferry would use.\n"
    )
    claims = [n["claim"] for n in _notes(page)]
    assert "Tessvik Line has not said which engines the ferry would use." in claims, claims


def test_an_absence_about_something_else_gets_no_subject():
    page = (
        "Tessvik Line runs two ferries between Bremhaven and Ostrand.\n\n"
        "No engine order has been placed and the route has not been decided.\n"
        "Brask Ferries is planning a new ferry. No engine order has been placed for it yet, Brask Ferries said.\n"
    )
    claims = [n["claim"] for n in _notes(page)]
    assert not any(c.startswith("For Tessvik Line") for c in claims), claims


def test_an_absence_of_something_not_asked_is_not_read():
    page = "Tessvik Line is planning a third ferry for a longer route. No new captain has been named.\n"
    claims = [n["claim"] for n in _notes(page)]
    assert not any("captain" in c for c in claims), claims
