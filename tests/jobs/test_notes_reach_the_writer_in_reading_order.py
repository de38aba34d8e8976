"""Notes reach the gap check and the writer in the order their workers chose the pages, not in
note-id order (which follows whichever parallel reader finished first)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from agents.sources.urls import url_hash
from jobs.stages.read import notes_in_reading_order
from tests.factories import JobFactory, NoteFactory, SourceFactory, StepFactory, SubQuestionFactory

pytestmark = pytest.mark.django_db


def test_notes_are_ordered_by_subquestion_turn_and_place_in_the_turn_whatever_their_ids():
    job = JobFactory()
    first, second = SubQuestionFactory(job=job, position=0), SubQuestionFactory(job=job, position=1)
    urls = ["https://b.example/one", "https://a.example/two", "https://c.example/three"]
    sources = {u: SourceFactory(job=job, url=u, url_hash=url_hash(u)) for u in urls}
    # The first worker chose b then a in turn 2, c in turn 4; the second worker chose c in turn 2.
    StepFactory(
        job=job,
        sq=first,
        kind="search",
        step_key=f"{job.pk}:{first.pk}:search:2",
        output={"turn": 2, "claimed": urls[:2]},
    )
    StepFactory(
        job=job,
        sq=first,
        kind="search",
        step_key=f"{job.pk}:{first.pk}:search:4",
        output={"turn": 4, "claimed": urls[2:]},
    )
    StepFactory(
        job=job,
        sq=second,
        kind="search",
        step_key=f"{job.pk}:{second.pk}:search:2",
        output={"turn": 2, "claimed": urls[2:]},
    )
    # Readers finished in the opposite order: ids ascend against the reading order.
    made = [
        NoteFactory(job=job, sq=sq, source=sources[u], claim=f"{sq.position} {u} {i}")
        for sq, u, i in [
            (second, urls[2], 0),
            (first, urls[2], 0),
            (first, urls[1], 0),
            (first, urls[1], 1),
            (first, urls[0], 0),
        ]
    ]
    assert [n.note_id for n in made] == sorted(n.note_id for n in made)
    ordered = [n.claim for n in notes_in_reading_order(job)]
    assert ordered == [f"0 {urls[0]} 0", f"0 {urls[1]} 0", f"0 {urls[1]} 1", f"0 {urls[2]} 0", f"1 {urls[2]} 0"]


def test_the_order_is_read_once_per_process_until_a_note_or_a_search_turn_is_added():
    job = JobFactory()
    sq = SubQuestionFactory(job=job, position=0)
    urls = ["https://b.example/one", "https://a.example/two"]
    sources = {u: SourceFactory(job=job, url=u, url_hash=url_hash(u)) for u in urls}
    StepFactory(job=job, sq=sq, kind="search", step_key=f"{job.pk}:{sq.pk}:search:1", output={"claimed": urls[:1]})
    NoteFactory(job=job, sq=sq, source=sources[urls[0]], claim="first")
    assert [n.claim for n in notes_in_reading_order(job)] == ["first"]
    with CaptureQueriesContext(connection) as again:
        assert [n.claim for n in notes_in_reading_order(job)] == ["first"]
    assert len(again.captured_queries) == 1  # only the check that nothing changed
    # A note on a page no turn chose yet goes last; once a turn chose it, it moves up.
    NoteFactory(job=job, sq=sq, source=sources[urls[1]], claim="second")
    assert [n.claim for n in notes_in_reading_order(job)] == ["first", "second"]
    StepFactory(
        job=job, sq=sq, kind="search", step_key=f"{job.pk}:{sq.pk}:search:0", output={"turn": -1, "claimed": urls[1:]}
    )
    assert [n.claim for n in notes_in_reading_order(job)] == ["second", "first"]
