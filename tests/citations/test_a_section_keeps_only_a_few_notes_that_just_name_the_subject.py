"""A note that names the question's subject but says nothing of what is asked ("Orvane Motors has
about 54,000 employees", for its pickup's battery) is background: a section keeps the first few
of them, not the subject's whole file. Copies of a kept note stay with it, and a note that speaks
of what is asked is never counted as background."""

from citations import selection
from citations.selection import select
from tests.helpers import evidence_note

QUESTION = "What is the usable battery capacity of Orvane Motors' electric pickup?"
OUTLINE = [{"heading": "S", "purpose": "the battery of the pickup"}]
BACKGROUND = [
    "Orvane Motors has about 54,000 employees.",
    "Orvane Motors was founded in 2012 in Tarrow.",
    "Orvane Motors charges 4,500 dollars for its driving assistant.",
    "Orvane Motors plans to open a showroom in Halden.",
    "Orvane Motors sponsors the Tarrow football club.",
    "Orvane Motors will publish its results on 28 January.",
]


def test_only_the_first_few_background_notes_of_a_section_are_kept():
    assert selection.MAX_NAMES_ONLY_CLAIMS == 4
    notes = [
        evidence_note(
            1, "The Orvane Ridge pickup of Orvane Motors has a usable battery capacity of 123 kWh.", "a.example"
        ),
        *[evidence_note(i, text, f"site{i}.example") for i, text in enumerate(BACKGROUND, 2)],
        evidence_note(8, BACKGROUND[0], "copy.example"),
        evidence_note(9, "Orvane Motors builds the battery packs of its pickup in Tarrow.", "b.example"),
    ]
    out = select(question=QUESTION, outline=OUTLINE, notes=notes)
    assert sorted(out["sections"]["S"]) == [1, 2, 3, 4, 5, 8, 9], out["withheld"]
    for dropped in ("6", "7"):
        assert out["withheld"][dropped] == "background on the question's subject beyond what a section needs"
