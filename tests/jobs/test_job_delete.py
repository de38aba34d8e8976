"""job_delete removes a finished job and everything it made (report, sub-questions, steps,
sources, notes, claims, model calls, clicks, feedback, events, its Redis keys and the stored
objects only it held), refuses a running job, and touches nothing of anyone else's: bob's job
that read the same page keeps its page text, notes and events."""

import pytest
from django_eventstream.models import Event

from agents.sources import store
from jobs import online, selectors, services
from jobs.models import (
    CitationClick,
    Job,
    JobQuery,
    Note,
    ProviderCall,
    ReportClaim,
    ReportFeedback,
    Source,
    Step,
    SubQuestion,
)
from jobs.runtime import events
from jobs.runtime.errors import ApplicationError
from jobs.runtime.redis_client import redis_client
from tests.factories import JobFactory, finished_job

pytestmark = pytest.mark.django_db
SHARED_PAGE = "Intro text about the company. " * 12 + "Voltara Motors buys its cells from Helion Cells." + " More." * 20
JOB_TABLES = (SubQuestion, Step, Source, Note, ReportClaim, ProviderCall, JobQuery, CitationClick, ReportFeedback)


def stored(ref: str) -> bool:
    return store._storage().exists(ref)


def a_full_job(user, *, page_text=SHARED_PAGE):
    """A finished job with rows in every table that hangs off a job, events, Redis keys and a
    stored trajectory of its own."""
    job = finished_job(user=user, page_text=page_text)
    note = job.notes.get()
    ReportClaim.objects.create(
        job=job, section="Overview", sentence=note.quote, note_ids=[note.pk], verdict="supported"
    )
    trajectory = store.put_text("trajectory", f"the whole loop of {job.pk}")
    ProviderCall.objects.create(
        job=job, step_key=f"{job.pk}:-:plan:0", kind="model", role="planner", trajectory_ref=trajectory
    )
    JobQuery.objects.create(job=job, normalised="voltara cells", query="Voltara cells", step_key=f"{job.pk}:1:search:0")
    online.citation_click_record(user=user, job=job, note_id=note.pk)
    online.report_feedback_set(user=user, job=job, rating="up", comment="useful")
    for _ in range(3):
        events.emit(job.pk, "search", {"sq_id": 1, "query": "q", "results": 1, "provider": "local"})
    redis_client().hset(f"ledger:{job.pk}", mapping={"tokens": 10, "usd": 5})
    return job, trajectory


def test_deleting_a_finished_job_leaves_nothing_of_it(alice, bob):
    job, trajectory = a_full_job(alice)
    bobs, _ = a_full_job(bob)
    page_ref = job.job_sources.get().content_ref
    assert page_ref == bobs.job_sources.get().content_ref  # the same page, stored once

    services.job_delete(user=alice, job_id=job.pk)

    assert not Job.objects.filter(pk=job.pk).exists()
    for table in JOB_TABLES:
        assert not table.objects.filter(job_id=job.pk).exists(), table.__name__
    assert not Event.objects.filter(channel=events.channel_for(job.pk)).exists()
    assert list(redis_client().scan_iter(match=f"*{job.pk}*")) == []
    assert not stored(trajectory)
    # Bob's job is whole: rows, events, Redis ledger, and the page text both jobs read.
    assert Job.objects.filter(pk=bobs.pk, status="done").exists()
    for table in (SubQuestion, Step, Source, Note, ReportClaim, ProviderCall, JobQuery, CitationClick, ReportFeedback):
        assert table.objects.filter(job_id=bobs.pk).exists(), table.__name__
    assert len(events.stored_events(bobs.pk)) == 3
    assert redis_client().exists(f"ledger:{bobs.pk}")
    assert stored(page_ref)
    assert selectors.note_in_context(note=bobs.notes.get())["quote_found"]


def test_a_page_only_the_deleted_job_read_is_deleted_with_it(alice):
    job, _ = a_full_job(alice, page_text=SHARED_PAGE + f" Only {alice.username} read this.")
    page_ref = job.job_sources.get().content_ref
    services.job_delete(user=alice, job_id=job.pk)
    assert not stored(page_ref)


def test_a_follow_up_of_the_deleted_job_stays_unlinked(alice, no_enqueue):
    parent = finished_job(user=alice)
    child = services.job_create(user=alice, question="Which plants does Helion Cells run?", follow_up_of=parent.pk)
    services.job_delete(user=alice, job_id=parent.pk)
    child.refresh_from_db()
    assert child.follow_up_of is None


@pytest.mark.parametrize("status", ["planning", "awaiting_approval", "researching", "writing", "checking"])
def test_a_job_that_has_not_ended_is_not_deleted(alice, status):
    job = JobFactory(user=alice, status=status)
    with pytest.raises(ApplicationError) as refused:
        services.job_delete(user=alice, job_id=job.pk)
    assert refused.value.status == 409
    assert Job.objects.filter(pk=job.pk).exists()


def test_bob_cannot_delete_alices_job(alice, bob):
    job, trajectory = a_full_job(alice)
    with pytest.raises(ApplicationError) as refused:
        services.job_delete(user=bob, job_id=job.pk)
    assert refused.value.status == 404
    assert Note.objects.filter(job=job).exists() and len(events.stored_events(job.pk)) == 3 and stored(trajectory)


def test_the_api_deletes_a_finished_job_and_refuses_a_running_one(alice, api_for):
    done, running = finished_job(user=alice), JobFactory(user=alice, status="researching")
    assert api_for(alice).delete(f"/v1/research/{done.pk}").status_code == 204
    assert api_for(alice).get(f"/v1/research/{done.pk}").status_code == 404
    response = api_for(alice).delete(f"/v1/research/{running.pk}")
    assert (response.status_code, response.json()["field"]) == (409, "job_id")
