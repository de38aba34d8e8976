"""A percent that measures a change ("an increase of 13% on … 2024", "up 11% on 2024") is a fact
about the change for the year measured, not about the base year's level, and never the same
quantity as a share ("45% of its cells"): two sources that differ on it disagree on "the change
in deliveries … in 2025"."""

from citations import credibility
from citations import disagreements as dis
from citations import facts as fx
from tests.helpers import evidence_note

ACTUAL = (
    "Orvane Motors delivered 1.82 million electric vehicles in 2025, an increase of 13% on the 1.61 million "
    "vehicles delivered in 2024."
)
ESTIMATE = "Northgate Research expects Orvane Motors to report 1.79 million deliveries in 2025, up 11% on 2024."


def facts(*claims):
    notes = [evidence_note(i, c, f"s{i}.example") for i, c in enumerate(claims, 1)]
    credibility.assess(notes)
    return fx.extract_all(notes)


def test_the_change_is_for_the_year_measured_not_its_base():
    changes = [f for f in facts(ACTUAL, ESTIMATE) if f.change]
    assert [(f.value_text, f.period) for f in changes] == [("13%", "2025"), ("11%", "2025")]
    assert not any(f.change for f in facts("Brisco Works supplied 45% of the cells of Orvane Motors in 2025."))
    assert [f.period for f in facts("Nickel output of Orvane Mining rose 11% in 2024.") if f.change] == ["2024"]


def test_two_sources_on_the_change_disagree_on_the_change():
    texts = [d.sentence()["text"] for d in dis.find(facts(ACTUAL, ESTIMATE)) if d.stated]
    assert any(t.startswith("Sources disagree on the change in deliveries for Orvane Motors in 2025:") for t in texts)
    assert not any("in 2024" in t.split(":")[0] for t in texts), texts


def test_a_change_and_a_share_are_not_one_quantity():
    change = facts("Orvane Motors deliveries rose 12% in 2025.")[0]
    share = facts("Orvane Motors deliveries were 11% of the market in 2025.")[0]
    assert change.change and not share.change
    assert not fx.same_key(change, share)


def test_the_offline_judge_supports_the_disagreement_sentence():
    from agents.engine import writer

    sentence = (
        "Sources disagree on the change in deliveries for Orvane Motors in 2025: Northgate Research reported 11% "
        "on 18 December 2025, while Orvane Motors reported 13% on 6 January 2026."
    )
    quotes = (
        f'<quote domain="orvane.example" source="Orvane Motors" published="2026-01-06">{ACTUAL}</quote>\n'
        f'<quote domain="northgate.example" source="Northgate Research" published="2025-12-18">{ESTIMATE}</quote>\n'
    )
    assert writer.judge(f"<sentence>\n{sentence}\n</sentence>\n<quotes>\n{quotes}</quotes>")["verdict"] == "supported"


def test_a_level_and_a_change_of_one_year_are_both_read():
    found = facts("Brisco Works supplied 45% of the cells of Orvane Motors in 2025, up 5% on 2024.")
    assert sorted((f.value_text, f.period, f.change) for f in found) == [("45%", "2025", False), ("5%", "2025", True)]
