"""A check batch (and the comparison table's check) loads the few notes its sentences cite, not
every note of the job: ids of another job's notes, or ids that are not whole numbers, load
nothing, so stage one still calls them foreign."""

import pytest

from citations.check import stage_one
from jobs.stages.check import cited_notes
from tests.factories import JobFactory, NoteFactory

pytestmark = pytest.mark.django_db


def test_only_the_cited_notes_of_this_job_are_loaded_with_their_sources(django_assert_num_queries):
    job = JobFactory()
    cited, other = NoteFactory(job=job), NoteFactory(job=job)
    with django_assert_num_queries(1):
        known = cited_notes(job.pk, [cited.note_id, cited.note_id])
        assert known[cited.note_id].source.url  # loaded with the note, no second query
    assert set(known) == {cited.note_id}
    assert other.note_id not in known


def test_a_note_of_another_job_or_an_id_that_is_no_number_is_not_known():
    job, stranger = JobFactory(), NoteFactory()
    assert cited_notes(job.pk, [stranger.note_id, "12", True, None]) == {}
    notes, problem = stage_one([stranger.note_id], cited_notes(job.pk, [stranger.note_id]))
    assert notes == [] and "not notes of this job" in problem


def test_no_cited_ids_cost_no_query(django_assert_num_queries):
    job = JobFactory()
    with django_assert_num_queries(0):
        assert cited_notes(job.pk, []) == {}
