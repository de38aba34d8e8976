"""A disagreement weighs each value against the leading one. A page that states this year's
figure and last year's ("48,000 tonnes in 2025, up from 41,000 tonnes in 2024") is not withheld
as an outweighed figure: it states the leading value. Last year's figure, linked to this year's
only through a third page that names no year, is not one of this disagreement's values."""

from citations import disagreements, facts
from citations.selection import select
from tests.helpers import evidence_note


def note(i, text, domain, published):
    return evidence_note(i, text, domain, published, quality=0.7, source_id=i)


NOTES = [
    note(
        1,
        "Ostmark Alloys delivered 48,000 tonnes of cathode material in 2025, up from 41,000 tonnes in 2024.",
        "ostmark-alloys.example",
        "2026-02-24",
    ),
    note(
        2,
        "Ostmark Alloys is on course to ship about 52,000 tonnes of cathode material in 2025, a trade weekly estimates.",
        "trade-weekly.example",
        "2025-12-01",
    ),
    note(
        3,
        "Ostmark Alloys, based in Lund, runs a cathode plant in Mora with 60,000 tonnes a year.",
        "metals-daily.example",
        "2025-09-30",
    ),
]


def test_a_value_linked_to_the_leading_one_only_through_another_is_not_part_of_its_disagreement():
    found = disagreements.find(facts.extract_all(NOTES))
    assert found, "this year's figures disagree"
    for d in found:
        values = [s.representative.value_text for s in d.sides + d.minority]
        # last year's figure is never a rival of this year's, directly or through the yearless one
        assert not ("41,000 tonnes" in values and "48,000 tonnes" in values), values
        lead = d.sides[0]
        for side in d.sides[1:]:
            assert not {f.page for f in side.facts} & {f.page for f in lead.facts}


def test_the_note_that_states_the_leading_value_reaches_the_writer():
    out = select(
        question="How much cathode material did Ostmark Alloys deliver in 2025?",
        outline=[{"heading": "S", "purpose": "Cathode material deliveries"}],
        notes=NOTES,
    )
    stated = [d for d in out["disagreements"] if "48,000 tonnes" in [v["value"] for v in d["values"]]]
    assert stated and stated[0]["values"][0]["value"] == "48,000 tonnes"
    assert "1" not in out["withheld"], out["withheld"]
    assert 1 in out["sections"]["S"]
