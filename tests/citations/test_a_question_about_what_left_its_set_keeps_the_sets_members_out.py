"""Once the plan has named what left a set ("Which maker was among the three largest tractor
makers in 2023 but not in 2024, and who supplies its engines?" -> Brask Machinery, asked by name
in round two), the members of the latest set are the answer's rivals: a note about another
member's engines is kept out; the listing of the set (what the answer left) and the notes about
the maker that left stay. While the plan has named no one outside the set, nothing is kept out
for it. Invented tractor world."""

from citations.selection import select
from tests.helpers import evidence_note

QUESTION = (
    "Which maker was among the three largest tractor makers by deliveries in 2023 but not in 2024, "
    "and which company supplies its engines?"
)
OUTLINE = [{"heading": "S", "purpose": "The maker and its engine supplier"}]
LISTING = (
    "The three largest tractor makers by deliveries in 2024 are Orvane Tractors, Pellan Farm Machines and Halden Agri."
)
RIVAL = "Orvane Tractors buys the engines of its tractors from Kessel Motorenwerk."
ANSWER = "Brask Machinery buys the engines of its tractors from Tolm Diesel."
NOTES = [
    evidence_note(1, LISTING, "farm-machine-weekly.example", "2025-01-20"),
    evidence_note(2, RIVAL, "orvane.example", "2024-06-01"),
    evidence_note(3, ANSWER, "brask.example", "2024-09-01"),
]


def _withheld(subquestions):
    out = select(question=QUESTION, outline=OUTLINE, notes=NOTES, subquestions={"S": subquestions})
    return out["withheld"]


def test_a_note_about_another_member_is_kept_out_once_the_plan_named_what_left():
    withheld = _withheld(
        [
            "Which tractor makers are the three largest by deliveries?",
            "Which company supplies Brask Machinery's engines?",
        ]
    )
    assert "rival" in withheld.get("2", ""), withheld
    assert "1" not in withheld and "3" not in withheld, withheld


def test_nothing_is_kept_out_for_it_before_the_plan_names_what_left():
    withheld = _withheld(["Which tractor makers are the three largest by deliveries?"])
    assert "rival" not in withheld.get("2", ""), withheld
