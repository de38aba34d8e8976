"""A broad question ("Tell me about batteries") gets a plan that says what it was narrowed to:
stored with the plan, in the plan_ready event, in the API's job and on the approval page, so
with plan approval on the user sees it before research starts."""

import pytest
from django.test import Client

from jobs.models import Job
from jobs.runtime import events
from jobs.runtime.steps import RunContext
from jobs.stages import plan

pytestmark = pytest.mark.django_db


def _planned(api, question):
    created = api.post("/v1/research", {"question": question, "require_approval": True}, format="json")
    assert created.status_code == 202, created.json()
    job = Job.objects.get(pk=created.json()["job_id"])
    assert plan.plan_stage(RunContext(job=job, epoch=job.epoch)) == "awaiting_approval"
    return job


def test_a_broad_question_shows_what_it_was_narrowed_to_before_research_starts(alice, api_for, no_enqueue):
    job = _planned(api_for(alice), "Tell me about batteries")
    body = api_for(alice).get(f"/v1/research/{job.pk}").json()
    assert body["status"] == "awaiting_approval"
    assert "narrows it to" in body["plan_scope"] and "batteries" in body["plan_scope"]
    assert Job.objects.get(pk=job.pk).plan_scope == body["plan_scope"]
    assert all("hop" in item for item in body["plan"]) and len(body["plan"]) >= 4
    ready = [e for e in events.stored_events(job.pk) if e["type"] == "plan_ready"]
    assert ready and ready[-1]["data"]["scope"] == body["plan_scope"] and ready[-1]["data"]["awaiting_approval"]
    client = Client()
    client.force_login(alice)
    page = client.get(f"/research/{job.pk}").content.decode()
    assert 'id="plan-scope-review"' in page and "narrows it to" in page
    assert not job.subquestions.exclude(status="pending").exists()  # nothing researched yet


def test_a_specific_question_is_not_narrowed(alice, api_for, no_enqueue):
    job = _planned(api_for(alice), "Which battery suppliers does Norvik Electric use?")
    body = api_for(alice).get(f"/v1/research/{job.pk}").json()
    assert body["plan_scope"] == ""
    client = Client()
    client.force_login(alice)
    assert 'id="plan-scope-review"' not in client.get(f"/research/{job.pk}").content.decode()


def test_another_user_sees_no_scope_of_alices_job(alice, bob, api_for, no_enqueue):
    job = _planned(api_for(alice), "Tell me about batteries")
    assert api_for(bob).get(f"/v1/research/{job.pk}").status_code == 404
