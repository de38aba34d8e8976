"""A disagreement sentence goes to the section that holds most of its notes, but the opening
gets it only when the opening cites one of its notes: a dispute about another figure (another
customer's share of the cells, for the question of who supplies a plant's cathode material)
belongs in the body. Notes the plan's own "Answer" section holds are then written in the first
section after the opening, and the disagreement goes there (an invented chemicals world)."""

from jobs.stages.evidence import disagreement_drafts


def drafted(heading: str, index: int, position: int, note_ids: list[int]) -> dict:
    return {
        "text": f"{heading} sentence {position}.",
        "note_ids": note_ids,
        "section_index": index,
        "heading": heading,
        "position": position,
    }


DRAFTED = [
    drafted("Answer", 0, 0, [1]),
    drafted("Answer", 0, 1, [2]),
    drafted("The answer in detail", 1, 0, [3]),
    drafted("Context", 2, 0, [4]),
]


def selection(disputed: list[int], sections: dict[str, list[int]]) -> dict:
    return {
        "sections": sections,
        "disagreements": [
            {
                "id": "d1",
                "values": [{"note_ids": disputed[:1]}, {"note_ids": disputed[1:]}],
                "draft": {
                    "text": "Sources disagree on the share: A reported 70%, while B estimated 65%.",
                    "note_ids": disputed,
                },
                "basis": [],
            }
        ],
    }


def placed(chosen: dict) -> list[tuple[int, str]]:
    return [(d["section_index"], d["heading"]) for d in disagreement_drafts(chosen, DRAFTED)]


def test_a_dispute_the_opening_does_not_cite_goes_to_the_first_section_after_it():
    # Notes 7 and 8 are in the plan's "Answer" section, whose notes the report writes as
    # "The answer in detail"; the opening cites neither.
    chosen = selection([7, 8], {"Answer": [1, 2, 7, 8], "Context": [4]})
    assert placed(chosen) == [(1, "The answer in detail")]


def test_a_dispute_elsewhere_goes_to_the_section_holding_most_of_its_notes():
    chosen = selection([7, 8], {"Answer": [1, 2, 7], "Context": [4, 8, 9]})
    chosen["disagreements"][0]["values"].append({"note_ids": [9]})
    assert placed(chosen) == [(2, "Context")]


def test_a_dispute_about_a_figure_the_opening_states_stays_in_the_opening():
    chosen = selection([2, 8], {"Answer": [1, 2, 8], "Context": [4]})
    assert placed(chosen) == [(0, "Answer")]
