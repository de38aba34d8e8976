"""A who-question about a role is answered by the person in it: the opening leads with the note
that names someone beside a role word ("Oskar Lenz has been chief executive …") over one that
only repeats the ask's nouns ("The chief executive of Tessel Water presented …"); an entry of a
list of people ("Mira Holt: Chair of the Board.") is a statement, not a heading; and "its" in
"…, and who is its chief executive?" is the named thing, so both parts are answered. Invented
names only."""

from agents.engine import question as qshape
from agents.engine import writer
from tests.helpers import writer_note, writer_prompt


def _opening(question: str, claims: list[str]) -> list[str]:
    notes = [writer_note(i + 1, c, domain="tessel-water.example") for i, c in enumerate(claims)]
    out = writer.write_answer(writer_prompt(question, notes, heading="Answer", purpose="The answer.", mode="answer"))
    return [s["text"] for s in out["sentences"]]


def test_the_person_in_the_role_comes_before_a_sentence_that_only_names_the_role():
    opening = _opening(
        "Who is the chief executive of Tessel Water?",
        [
            "The chief executive of Tessel Water presented the new pricing plan to the board of Tessel Water in March 2025.",
            "Tessel Water runs two treatment plants north of Dunmere.",
            "Oskar Lenz has been chief executive since March 2023, after six years as director of operations.",
        ],
    )
    assert opening[0].startswith("Oskar Lenz")


def test_a_list_entry_of_a_person_is_no_heading_and_both_parts_are_answered():
    question = "Who chairs the board of Tessel Water, and who is its chief executive?"
    assert qshape.parse(question).asks == (
        "Who chairs the board of Tessel Water",
        "who is Tessel Water's chief executive",
    )
    assert not writer._heading_like("Mira Holt: Chair of the Board.")
    assert writer._heading_like("Dunmere and Orvelle, 15 September 2025.")
    opening = _opening(
        question,
        [
            "DUNMERE, 4 March 2024 - The board of Tessel Water today approved the construction of the Harrow Weir "
            "plant north of Dunmere.",
            "Tessel Water is governed by a board of members appointed by the towns it serves.",
            "Mira Holt: Chair of the Board.",
            "Oskar Lenz: Chief Executive since March 2023.",
        ],
    )
    assert opening[:2] == ["Mira Holt: Chair of the Board.", "Oskar Lenz: Chief Executive since March 2023."]
