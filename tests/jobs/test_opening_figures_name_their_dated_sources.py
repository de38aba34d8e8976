"""A figure in the opening says who gave it and when ("… (Orvane Tractors, 6 January 2026)."),
built in code from the cited notes' sources, so a reader weighs it by its source and its age.
Invented names, not the demo corpus."""

from datetime import date

import pytest

from jobs.stages.write import with_dated_figures
from tests.helpers import notes_from_sources

pytestmark = pytest.mark.django_db


@pytest.fixture
def notes(alice):
    return notes_from_sources(
        alice,
        {
            "press": ("orvane-tractors.example", "Orvane Tractors", date(2026, 1, 6)),
            "registry": ("farm-machine-registry.example", "Farm Machine Registry", date(2025, 3, 30)),
            "undated": ("blog.example", "Tractor Blog", None),
        },
    )


def draft(text: str, *notes, section: int = 0) -> dict:
    return {"text": text, "note_ids": [n.pk for n in notes], "section_index": section, "heading": "Answer"}


def test_an_opening_figure_ends_with_its_sources_and_their_dates(notes):
    out = with_dated_figures(
        [draft("Orvane Tractors sold 41,000 tractors in 2025.", notes["press"], notes["registry"])]
    )
    assert out[0]["text"] == (
        "Orvane Tractors sold 41,000 tractors in 2025 (Orvane Tractors, 6 January 2026; "
        "Farm Machine Registry, 30 March 2025)."
    )


def test_what_is_not_an_opening_figure_from_a_dated_source_is_left_as_it_is(notes):
    kept = [
        draft("Orvane Tractors is based in Lund.", notes["press"]),  # no figure
        draft("Orvane Tractors was founded in 1998.", notes["press"]),  # a year is not a figure
        draft("Orvane Tractors sold 41,000 tractors.", notes["undated"]),  # no date to give
        draft("Orvane Tractors sold 41,000 tractors.", notes["press"], section=1),  # not the opening
        draft("Sources disagree on sales: 41,000 (Orvane Tractors, 6 January 2026).", notes["press"]),
    ]
    assert with_dated_figures(kept) == kept


def test_a_table_called_its_publishers_is_the_table_before_its_dated_source(notes):
    text = (
        "Orvane Tractors has 2025 sales 41,000, according to Farm Machine Registry's table "
        "\u201cTractor makers by 2025 sales\u201d."
    )
    out = with_dated_figures([draft(text, notes["registry"])])
    assert out[0]["text"] == (
        "Orvane Tractors has 2025 sales 41,000, according to the table \u201cTractor makers by 2025 sales\u201d "
        "(Farm Machine Registry, 30 March 2025)."
    )
