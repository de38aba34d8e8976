"""The opening says "The sources found do not state …" only when nothing states the answer: the
word that names the kind of answer ("the most recent estimate of what X will cost") is not a word a
note must say, a body named by its initials ("TWA") is named, and a claim to check about an amount
is answered by the amount. Invented names only."""

from agents.engine import writer
from tests.helpers import writer_note, writer_prompt


def _answer(question: str, claims: list[str]) -> dict:
    notes = [writer_note(i + 1, c) for i, c in enumerate(claims)]
    return writer.write_answer(writer_prompt(question, notes, heading="Answer", purpose="The answer.", mode="answer"))


def test_the_latest_estimate_of_a_cost_is_answered_by_the_cost_the_notes_give():
    out = _answer(
        "What is the most recent estimate of what the Harrow Weir plant will cost?",
        [
            "For Harrow Weir, the board approved a budget of 320 million euros in 2023.",
            "The regulator now puts the cost of the Harrow Weir plant at 385 million euros.",
        ],
    )
    assert out["unanswered"] == []
    assert any("385 million euros" in s["text"] for s in out["sentences"])


def test_a_body_is_named_by_its_initials():
    note = writer_note(1, "The regulator put non-revenue water at TWA at 23% in 2024.")
    assert writer._names(note, "Tessel Water Authority")
    assert not writer._names(writer_note(2, "The TW brand sells filters."), "Tessel Water")


def test_a_claim_to_check_is_answered_by_the_amount_not_called_unanswered():
    out = _answer(
        "Is it true that Tessel Water loses about a third of its water before it reaches homes?",
        [
            "The regulator says Tessel Water loses 31% of its water in leaks.",
            "Tessel Water runs two treatment plants north of Dunmere.",
        ],
    )
    assert out["unanswered"] == []
    assert "31%" in out["sentences"][0]["text"]


def test_a_figure_asked_for_comes_from_its_source_in_its_own_voice_before_a_plain_sentence_without_it():
    out = _answer(
        "How much will the Harrow Weir plant cost?",
        [
            "The regulator has completed its review of the cost of the Harrow Weir plant, which Tessel Water is building.",
            "We now estimate the cost of the Harrow Weir plant at 385 million euros.",
        ],
    )
    assert "385 million euros" in out["sentences"][0]["text"]


def test_a_request_in_two_parts_is_answered_by_its_first_part_figures():
    out = _answer(
        "Give me the total water storage of the Dalmere region in 2025 according to both surveys, "
        "and explain why their totals differ.",
        [
            "Water storage in the Dalmere region stood at 41,000 cubic metres in November 2025, by the Brenn count.",
            "Reservoir storage in the Dalmere region reached 38,500 cubic metres at the end of 2025.",
        ],
    )
    assert out["unanswered"] == []
    assert "41,000 cubic metres" in out["sentences"][0]["text"]


def test_what_a_request_does_not_find_is_said_as_a_clause():
    from agents import questions as qtext

    assert qtext.absence_clause("Rank the tidal plants of Dalmere by output.") == (
        "how the tidal plants of Dalmere rank by output"
    )
    assert qtext.absence_clause("Give me the total output of the Dalmere tidal plants.") == (
        "the total output of the Dalmere tidal plants"
    )
