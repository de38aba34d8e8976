"""A key number needs two independent sources (the design's corroboration rule, before round
two): a note whose figure no other origin gives about the same things is single-source; one
another site repeats is not, nor is a syndicated copy a second source. Invented tractor makers,
not the demo corpus."""

from citations import corroboration, credibility
from citations.evidence import EvidenceNote


def _note(i, claim, domain, quote=None):
    return EvidenceNote(id=i, claim=claim, quote=quote or claim, domain=domain, url=f"https://{domain}/{i}")


def _single(notes):
    return [n.id for n in corroboration.single_source(credibility.assess(notes))]


def test_a_figure_only_one_site_gives_is_single_source():
    notes = [
        _note(1, "Orvane Tractors buys 70% of its cells from Tessel Energy.", "farm-data.example"),
        _note(2, "Tessel Energy delivered 9 GWh of cells to Orvane Tractors in 2025.", "tractor-news.example"),
    ]
    # The two sites name the same pair, but neither repeats the other's figure.
    assert _single(notes) == [1, 2]


def test_the_same_figure_on_another_site_corroborates_it():
    notes = [
        _note(1, "Orvane Tractors buys 70% of its cells from Tessel Energy.", "farm-data.example"),
        _note(2, "Tessel Energy supplies 70 percent of the cells of Orvane Tractors.", "tractor-news.example"),
        _note(3, "Pellan Farm Machines buys 40% of its cells from Quarrow Cells.", "farm-data.example"),
    ]
    assert _single(notes) == [3]


def test_one_site_twice_or_a_copy_is_still_one_source():
    claim = "Orvane Tractors buys 70% of its cells from Tessel Energy, the company said on Monday."
    notes = [
        _note(1, claim, "farm-data.example"),
        _note(2, "Tessel Energy supplies 70% of the cells of Orvane Tractors.", "farm-data.example"),
        _note(3, claim, "syndicated-wire.example"),
    ]
    assert credibility.assess(list(notes))[2].origin == "farm-data.example"  # a copy, not a second source
    assert _single(notes) == [1, 2, 3]


def test_a_note_without_a_figure_or_about_one_thing_is_not_weighed():
    notes = [
        _note(1, "Orvane Tractors buys its cells from Tessel Energy.", "farm-data.example"),
        _note(2, "Orvane Tractors delivered 41,000 tractors in 2025.", "farm-data.example"),
    ]
    assert _single(notes) == []
