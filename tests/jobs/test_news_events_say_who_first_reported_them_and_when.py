"""An event told as news ("Orvane Tractors has opened a plant in Lund") says nothing of when it
happened once the news is old: in any section, such a sentence without a year ends with its
earliest dated source ("(Orvane Tractors, 6 January 2026)"), built in code from the cited
notes' sources; so does a sentence placed by the page's own date ("yesterday", "this week"). Sentences that say how a thing stands, give a year, are already attributed,
quote a source or have only undated sources are left as they are. Invented names."""

from datetime import date

import pytest

from jobs.stages.write import with_dated_events
from tests.helpers import notes_from_sources

pytestmark = pytest.mark.django_db


@pytest.fixture
def notes(alice):
    return notes_from_sources(
        alice,
        {
            "press": ("orvane-tractors.example", "Orvane Tractors", date(2026, 1, 6)),
            "copy": ("farm-wire.example", "Farm Wire", date(2026, 1, 9)),
            "undated": ("blog.example", "Tractor Blog", None),
        },
    )


def draft(text: str, *notes, section: int = 2) -> dict:
    return {"text": text, "note_ids": [n.pk for n in notes], "section_index": section, "heading": "Plants"}


def test_a_news_event_ends_with_its_earliest_dated_source(notes):
    out = with_dated_events([draft("Orvane Tractors has opened a plant in Lund.", notes["copy"], notes["press"])])
    assert out[0]["text"] == "Orvane Tractors has opened a plant in Lund (Orvane Tractors, 6 January 2026)."


def test_a_time_only_the_pages_date_places_ends_with_its_source(notes):
    # "yesterday" is a day only the source's date says, in 2025 as much as now.
    out = with_dated_events([draft("The first tractors left the Lund plant yesterday.", notes["press"])])
    assert out[0]["text"] == "The first tractors left the Lund plant yesterday (Orvane Tractors, 6 January 2026)."
    out = with_dated_events([draft("Orvane Tractors will open a plant in 2027, it said this week.", notes["press"])])
    assert out[0]["text"].endswith("this week (Orvane Tractors, 6 January 2026).")


def test_what_is_no_undated_news_event_is_left_as_it_is(notes):
    kept = [
        draft("Orvane Tractors has been the largest maker in Sweden.", notes["press"]),  # how it stands
        draft("Orvane Tractors makes tractors in Lund.", notes["press"]),  # no event
        draft("Orvane Tractors makes tractors in Lund today.", notes["undated"]),  # no date to give
        draft("Orvane Tractors has opened a plant in Lund in 2025.", notes["press"]),  # a year dates it
        draft("Orvane Tractors has opened a plant in Lund.", notes["undated"]),  # no date to give
        draft("Orvane Tractors has opened a plant in Lund (Farm Wire, 9 January 2026).", notes["copy"]),
        draft("Farm Wire writes: \u201cOrvane Tractors has opened a plant in Lund.\u201d", notes["copy"]),
    ]
    assert with_dated_events(kept) == kept
