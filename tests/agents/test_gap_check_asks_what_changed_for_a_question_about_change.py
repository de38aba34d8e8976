"""A question about how a set's relations changed is not covered by who each member's partners
are today: the gap check asks, for a member whose notes state no change, how it changed over the
question's period. A question about the relations themselves is covered by them. Invented
tractor makers, not the demo corpus."""

from tests.helpers import offline_gap_decision

OUTLINE = [
    {"heading": "Overview", "purpose": "The makers."},
    {"heading": "Cell suppliers by maker", "purpose": "Each maker's cell suppliers."},
]
LISTING = "The three largest electric tractor makers are Orvane Tractors, Pellan Farm Machines and Halden Agri."
TODAY = [
    "Orvane Tractors buys its battery cells from Tessel Energy and Quarrow Cells.",
    "Pellan Farm Machines buys its battery cells from Quarrow Cells.",
    "Halden Agri added Marrow Cells as a second cell supplier in March 2024.",
]


def _sq(text, notes):
    return {
        "text": text,
        "section": OUTLINE[1]["heading"],
        "status": "done",
        "summary": f"{len(notes)} notes",
        "not_found": [],
        "key_notes": notes,
        "hop": 1,
        "round": 1,
    }


def _decide(question):
    researched = [
        _sq("Which electric tractor makers are the three largest?", [LISTING]),
        _sq("Who are the battery cell suppliers of each of the three largest makers?", TODAY),
    ]
    return offline_gap_decision(question, OUTLINE, researched)


def test_members_without_a_stated_change_are_asked_how_they_changed():
    out = _decide(
        "How have the battery cell suppliers of the three largest electric tractor makers changed since 2023?"
    )
    assert not out["enough"]
    asked = [s["text"] for s in out["new_subquestions"]]
    assert asked == [
        "How did the battery cell suppliers of Orvane Tractors change since 2023?",
        "How did the battery cell suppliers of Pellan Farm Machines change since 2023?",
    ], asked
    assert "Halden Agri" not in out["reason"]  # its note says what changed


def test_a_question_about_the_suppliers_themselves_is_covered_by_them():
    out = _decide("Compare the battery cell suppliers of the three largest electric tractor makers")
    assert out["enough"], out
