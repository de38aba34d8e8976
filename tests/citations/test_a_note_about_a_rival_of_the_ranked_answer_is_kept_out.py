"""A question about one place in a ranking ("ranked third"), once the plan named what holds it:
the other names the notes rank are rivals. A note about a rival that names nothing the plan
resolved (its supplier, its rank) is kept out, and so is one whose subject is a rival; a partner
of the answer ("Brenner Drives supplies Orlen Rail") is no rival, even when a rival buys from it."""

from citations.selection import select
from tests.helpers import evidence_note

QUESTION = "Which tram maker ranked third by 2025 orders, and which company supplies its motors?"
NOTES = [
    evidence_note(1, "Orlen Rail ranked third among tram makers by 2025 orders.", "rail-wire.example"),
    evidence_note(2, "Brenner Drives supplies the motors of Orlen Rail.", "brenner.example"),
    evidence_note(
        3, "Tram makers ranked by 2025 orders — Rank: 2; Maker: Castor Trams; 2025 orders: 410.", "a.example"
    ),
    evidence_note(4, "Vessel Motion supplies the motors of Castor Trams.", "vessel.example"),
    evidence_note(5, "Castor Trams said that Orlen Rail won most of its 2025 orders in Poland.", "castor.example"),
    evidence_note(6, "Castor Trams buys its motors from Brenner Drives.", "trade.example"),
    evidence_note(7, "Brenner Drives builds its tram motors in Graz.", "brenner.example"),
]
OUTLINE = [{"heading": "S", "purpose": "the maker and the supplier of its motors"}]
ROUND_ONE = ["Which tram maker ranked third by 2025 orders?"]


def test_notes_about_a_rival_are_kept_out_once_the_plan_named_the_answer():
    out = select(
        question=QUESTION,
        outline=OUTLINE,
        notes=NOTES,
        subquestions={"S": [*ROUND_ONE, "Which company supplies the motors of Orlen Rail?"]},
    )
    assert sorted(out["sections"]["S"]) == [1, 2, 5, 7], out["withheld"]
    for rival in ("3", "4", "6"):
        assert out["withheld"][rival] == "a rival in the ranking the question asks about"


def test_before_the_plan_named_the_answer_the_ranking_is_the_evidence():
    out = select(question=QUESTION, outline=OUTLINE, notes=NOTES, subquestions={"S": ROUND_ONE})
    assert {3, 4, 6} <= set(out["sections"]["S"]), out["withheld"]
