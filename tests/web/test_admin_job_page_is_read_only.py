"""The admin's job page shows a job and changes it only through admin actions (which call the
services): status, question, budgets and the rest cannot be edited there, nor jobs added or
deleted around the services; sub-questions, sources and notes are records, read-only too."""

import pytest
from django.test import Client

from jobs.models import Job
from tests.factories import JobFactory, UserFactory, finished_job

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(db):
    client = Client()
    client.force_login(UserFactory(username="reviewer", is_staff=True, is_superuser=True))
    return client


def test_the_job_page_has_no_editable_field_and_no_save_button(alice, staff_client):
    job = JobFactory(user=alice, status=Job.Status.RESEARCHING)
    html = staff_client.get(f"/admin/jobs/job/{job.pk}/change/").content.decode()
    assert job.question in html  # shown
    for field in ("status", "question", "budget_tokens", "require_approval", "sources", "depth"):
        assert f'name="{field}"' not in html, field
    assert 'name="_save"' not in html


def test_posting_an_edit_to_the_job_page_changes_nothing(alice, staff_client):
    job = JobFactory(user=alice, status=Job.Status.RESEARCHING)
    response = staff_client.post(
        f"/admin/jobs/job/{job.pk}/change/",
        {
            "question": "Edited behind the services' back",
            "status": "done",
            "depth": "quick",
            "sources": '["web"]',
            "budget_tokens": 1,
            "budget_usd_micros": 1,
            "deadline_at_0": "2030-01-01",
            "deadline_at_1": "00:00:00",
            "round": 0,
            "outline": "[]",
            "_save": "Save",
        },
    )
    assert response.status_code == 403
    job.refresh_from_db()
    assert (job.status, job.question) == (Job.Status.RESEARCHING, JobFactory._meta.declarations["question"])


def test_jobs_cannot_be_added_or_deleted_from_the_admin_forms(alice, staff_client):
    job = finished_job(user=alice)
    assert staff_client.get("/admin/jobs/job/add/").status_code == 403
    assert staff_client.post(f"/admin/jobs/job/{job.pk}/delete/", {"post": "yes"}).status_code == 403
    assert Job.objects.filter(pk=job.pk).exists()


@pytest.mark.parametrize("model", ["subquestion", "source", "note"])
def test_sub_questions_sources_and_notes_are_read_only(alice, staff_client, model):
    job = finished_job(user=alice)
    row = {"subquestion": job.subquestions.get(), "source": job.job_sources.get(), "note": job.notes.get()}[model]
    html = staff_client.get(f"/admin/jobs/{model}/{row.pk}/change/").content.decode()
    assert 'name="_save"' not in html
    assert (
        staff_client.post(
            f"/admin/jobs/{model}/{row.pk}/change/", {"text": "edited", "title": "edited", "claim": "edited"}
        ).status_code
        == 403
    )


def test_the_cancel_action_still_works_from_the_read_only_list(alice, staff_client):
    job = JobFactory(user=alice, status=Job.Status.PLANNING)
    staff_client.post("/admin/jobs/job/", {"action": "cancel_jobs", "_selected_action": [job.pk]})
    job.refresh_from_db()
    assert job.status == Job.Status.CANCELLED


def test_the_delete_action_deletes_finished_jobs_through_the_service(alice, staff_client):
    from django_eventstream.models import Event

    from jobs.runtime import events

    done, running = finished_job(user=alice), JobFactory(user=alice, status=Job.Status.RESEARCHING)
    events.emit(done.pk, "done", {})
    staff_client.post("/admin/jobs/job/", {"action": "delete_finished_jobs", "_selected_action": [done.pk, running.pk]})
    assert not Job.objects.filter(pk=done.pk).exists()
    assert not Event.objects.filter(channel=events.channel_for(done.pk)).exists()
    assert Job.objects.filter(pk=running.pk).exists()
    assert "delete_selected" not in staff_client.get("/admin/jobs/job/").content.decode()
