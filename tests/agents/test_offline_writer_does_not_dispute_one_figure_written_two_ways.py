"""The offline writer states that sources disagree only when their figures differ as quantities
for one period: "1.82 million vehicles" and "1,820,000 vehicles" are one figure written two ways,
and 2024's and 2025's deliveries are two facts."""

from agents.engine import writer
from tests.helpers import writer_note, writer_prompt


def drafted(notes):
    prompt = writer_prompt(
        "How many vehicles did Orvane Motors deliver in 2025?",
        notes,
        heading="Deliveries",
        purpose="Vehicles delivered in 2025.",
    )
    return [s["text"] for s in writer.write_section(prompt)["sentences"]]


def test_one_figure_written_two_ways_is_not_a_disagreement():
    texts = drafted(
        [
            writer_note(1, "Orvane Motors delivered 1.82 million vehicles in 2025.", "orvane.example"),
            writer_note(2, "In 2025 Orvane Motors delivered 1,820,000 vehicles.", "autowire.example"),
        ]
    )
    assert texts and not any(t.startswith("Sources disagree") for t in texts)


def test_two_different_figures_are_still_stated_with_both_sources():
    texts = drafted(
        [
            writer_note(1, "Orvane Motors delivered 1.82 million vehicles in 2025.", "orvane.example"),
            writer_note(2, "In 2025 Orvane Motors delivered 1.79 million vehicles.", "autowire.example"),
        ]
    )
    assert any(t.startswith("Sources disagree") and "1.79 million" in t and "1.82 million" in t for t in texts)


def test_two_years_figures_are_not_a_disagreement():
    texts = drafted(
        [
            writer_note(1, "Orvane Motors delivered 1.61 million vehicles in 2024.", "orvane.example"),
            writer_note(2, "Orvane Motors delivered 1,820,000 vehicles in 2025.", "autowire.example"),
        ]
    )
    assert texts and not any(t.startswith("Sources disagree") for t in texts), texts
