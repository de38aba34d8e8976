"""The offline opening weighs notes in synonyms: for "which mill rolled fewer tonnes", the note
saying a mill's output fell answers, not the note listing the mills that shares more of the
question's other words (an invented steel world)."""

from tests.helpers import writer_note, writer_opening

QUESTION = "Which of the three largest steel mills rolled fewer tonnes in 2025 than in 2024?"


def opening(notes):
    return writer_opening(QUESTION, notes, purpose="Which mill rolled fewer tonnes.")


LIST = writer_note(1, "The three largest steel mills in 2025 were Tarrow, Harrow and Dunmere, by tonnes rolled.")
FELL = writer_note(
    2, "Of the three largest steel mills, only Dunmere saw its output fall, to 1.2 million tonnes in 2025."
)
OTHER = writer_note(3, "Harrow opened a second rolling line in 2025.")


def test_the_note_that_says_the_ask_in_a_synonym_opens_the_report():
    assert opening([LIST, OTHER, FELL])[0] == FELL["claim"]
