"""A question about what is not (or no longer) in its set ("among the five largest in 2024 but
not in 2025") is answered by a name outside the set: notes about names outside it are not kept
out, while the same notes are kept out of a question about the set's members."""

from citations.selection import select
from tests.helpers import evidence_note

FIVE_2025 = "The five largest turbine makers of 2025 are Aldwind, Borrasca, Cefiro, Dunmore and Etesian."
NOTES = [
    evidence_note(1, FIVE_2025, "wind-review.example", "2026-01-10"),
    evidence_note(2, "Fohn Turbines was the sixth-largest turbine maker in 2025.", "fohn.example", "2026-01-05"),
    evidence_note(3, "Fohn Turbines buys its blades from Gale Composites.", "fohn.example", "2026-01-05"),
]
OUTLINE = [{"heading": "S", "purpose": "turbine makers and their blade suppliers"}]


def test_names_outside_the_set_are_kept_when_the_question_asks_what_left_it():
    out = select(
        question="Which maker was among the five largest turbine makers in 2024 but not in 2025, and who supplies "
        "its blades?",
        outline=OUTLINE,
        notes=NOTES,
    )
    assert out["scope"]["peers"] == []
    assert out["sections"]["S"] == [1, 2, 3]


def test_the_same_notes_are_kept_out_of_a_question_about_the_sets_members():
    out = select(question="Who supplies blades to the five largest turbine makers?", outline=OUTLINE, notes=NOTES)
    assert out["withheld"]["2"] == out["withheld"]["3"] == "outside the question's set"
