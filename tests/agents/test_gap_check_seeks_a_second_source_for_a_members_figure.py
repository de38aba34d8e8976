"""A member of the question's set whose suppliers are known only from a figure that one source
gives (the gap prompt's single_source) is researched again in round two, by name, so a second,
independent source can confirm or dispute it; a member with a corroborated figure, or whose
link states no figure, is covered. Invented tractor makers, not the demo corpus."""

from tests.helpers import offline_gap_decision, researched_subquestion

OUTLINE = [
    {"heading": "Overview", "purpose": "The makers."},
    {"heading": "Cell suppliers by maker", "purpose": "Each maker's cell suppliers."},
]
QUESTION = "Compare the battery cell suppliers of the three largest electric tractor makers"
LISTING = "The three largest electric tractor makers are Orvane Tractors, Pellan Farm Machines and Halden Agri."
ORVANE = "Orvane Tractors buys 70% of its cells from Tessel Energy and 30% from Quarrow Cells."
PELLAN = "Pellan Farm Machines buys 55% of its cells from Quarrow Cells and 45% from Marrow Cells."
HALDEN = "Halden Agri buys its battery cells from Marrow Cells."


def _sq(text, notes, hop):
    return researched_subquestion(text, hop, notes, OUTLINE[1]["heading"])


def _decide(single_source):
    researched = [
        _sq("Which electric tractor makers are the three largest?", [LISTING], 1),
        _sq("Who are the battery cell suppliers of each of the three largest makers?", [ORVANE, PELLAN, HALDEN], 2),
    ]
    return offline_gap_decision(QUESTION, OUTLINE, researched, single_source=single_source)


def test_a_member_known_only_from_a_single_source_figure_is_asked_again():
    out = _decide([ORVANE])
    assert not out["enough"], out
    assert [s["text"] for s in out["new_subquestions"]] == [
        "Which battery cell suppliers does Orvane Tractors use, and for which products?"
    ]
    assert "one source" in out["reason"]


def test_members_whose_figures_have_a_second_source_are_covered():
    assert _decide([])["enough"]
    # Halden Agri's link states no figure: there is no key number to confirm.
    out = _decide([HALDEN])
    assert out["enough"], out
