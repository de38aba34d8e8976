"""The database itself enforces the schema's invariants."""

import pytest
from django.db import IntegrityError, transaction

from tests.factories import JobFactory, NoteFactory, SourceFactory, StepFactory

pytestmark = pytest.mark.django_db


def test_the_database_rejects_a_duplicate_step_key():
    step = StepFactory(step_key="job:-:plan:0")
    with pytest.raises(IntegrityError), transaction.atomic():
        StepFactory(job=step.job, step_key="job:-:plan:0")


def test_the_database_rejects_a_duplicate_url_within_a_job():
    source = SourceFactory(url_hash="a" * 64)
    with pytest.raises(IntegrityError), transaction.atomic():
        SourceFactory(job=source.job, url_hash="a" * 64)


def test_the_same_url_may_be_a_source_of_two_jobs():
    SourceFactory(url_hash="b" * 64)
    SourceFactory(url_hash="b" * 64)


@pytest.mark.parametrize("field, value", [("budget_tokens", 0), ("budget_usd_micros", 0), ("question", "")])
def test_the_database_rejects_an_empty_budget_or_question(field, value):
    with pytest.raises(IntegrityError), transaction.atomic():
        JobFactory(**{field: value})


def test_the_database_rejects_a_note_with_an_empty_span():
    with pytest.raises(IntegrityError), transaction.atomic():
        NoteFactory(char_start=5, char_end=5)
