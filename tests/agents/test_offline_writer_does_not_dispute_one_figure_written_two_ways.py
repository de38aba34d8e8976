"""The offline writer states that sources disagree only when their figures differ as quantities
for one period: "1.82 million vehicles" and "1,820,000 vehicles" are one figure written two ways,
and 2024's and 2025's deliveries are two facts."""

from agents import prompts
from agents.engine import writer


def view(i, claim, domain):
    return {
        "id": i,
        "claim": claim,
        "quote": claim,
        "domain": domain,
        "source": domain,
        "published": "2026-01-10",
        "quality": "0.70",
        "sq": 1,
        "hop": 0,
        "context": "",
        "disputed": "",
    }


def drafted(notes):
    prompt = prompts.render(
        "writer",
        question="How many vehicles did Orvane Motors deliver in 2025?",
        outline=[{"heading": "Deliveries", "purpose": "Vehicles delivered in 2025."}],
        heading="Deliveries",
        purpose="Vehicles delivered in 2025.",
        notes=notes,
        feedback="",
        mode="section",
        unanswered=[],
        subquestions=[],
    )
    return [s["text"] for s in writer.write_section(prompt.messages[1]["content"])["sentences"]]


def test_one_figure_written_two_ways_is_not_a_disagreement():
    texts = drafted(
        [
            view(1, "Orvane Motors delivered 1.82 million vehicles in 2025.", "orvane.example"),
            view(2, "In 2025 Orvane Motors delivered 1,820,000 vehicles.", "autowire.example"),
        ]
    )
    assert texts and not any(t.startswith("Sources disagree") for t in texts)


def test_two_different_figures_are_still_stated_with_both_sources():
    texts = drafted(
        [
            view(1, "Orvane Motors delivered 1.82 million vehicles in 2025.", "orvane.example"),
            view(2, "In 2025 Orvane Motors delivered 1.79 million vehicles.", "autowire.example"),
        ]
    )
    assert any(t.startswith("Sources disagree") and "1.79 million" in t and "1.82 million" in t for t in texts)


def test_two_years_figures_are_not_a_disagreement():
    texts = drafted(
        [
            view(1, "Orvane Motors delivered 1.61 million vehicles in 2024.", "orvane.example"),
            view(2, "Orvane Motors delivered 1,820,000 vehicles in 2025.", "autowire.example"),
        ]
    )
    assert texts and not any(t.startswith("Sources disagree") for t in texts), texts
