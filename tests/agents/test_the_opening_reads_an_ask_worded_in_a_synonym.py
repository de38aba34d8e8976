"""The offline opening weighs notes in synonyms: for "which mill rolled fewer tonnes", the note
saying a mill's output fell answers, not the note listing the mills that shares more of the
question's other words (an invented steel world)."""

from agents.engine import writer
from tests.helpers import writer_note, writer_prompt

QUESTION = "Which of the three largest steel mills rolled fewer tonnes in 2025 than in 2024?"


def opening(notes):
    prompt = writer_prompt(
        QUESTION,
        notes,
        heading="Answer",
        purpose="Which mill rolled fewer tonnes.",
        mode="answer",
        subquestions=[{"id": 1, "hop": 0, "round": 1, "text": QUESTION}],
    )
    return [s["text"] for s in writer.write_section(prompt)["sentences"]]


LIST = writer_note(1, "The three largest steel mills in 2025 were Tarrow, Harrow and Dunmere, by tonnes rolled.")
FELL = writer_note(
    2, "Of the three largest steel mills, only Dunmere saw its output fall, to 1.2 million tonnes in 2025."
)
OTHER = writer_note(3, "Harrow opened a second rolling line in 2025.")


def test_the_note_that_says_the_ask_in_a_synonym_opens_the_report():
    assert opening([LIST, OTHER, FELL])[0] == FELL["claim"]
