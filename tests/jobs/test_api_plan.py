"""POST /v1/research/{job_id}/plan: approve, or replace with an edited plan of 1 to 8."""

import pytest

from jobs.models import Job, Step
from tests.factories import JobFactory, SubQuestionFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def waiting(alice):
    job = JobFactory(user=alice, status=Job.Status.AWAITING_APPROVAL, require_approval=True)
    for i in range(4):
        SubQuestionFactory(job=job, position=i)
    return job


def test_approving_starts_research_at_a_new_epoch(
    alice, api_for, waiting, no_enqueue, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = api_for(alice).post(f"/v1/research/{waiting.pk}/plan", {"approve": True}, format="json")
    assert response.status_code == 202
    assert response.json()["status"] == "planning" and response.json()["estimate"]["subquestions"] == 4
    waiting.refresh_from_db()
    assert waiting.epoch == 2
    assert Step.objects.filter(job=waiting, step_key=f"{waiting.pk}:-:plan:approved").exists()
    assert no_enqueue["resumed"] == [(str(waiting.pk), 2)]


def test_an_edited_plan_replaces_the_subquestions(alice, api_for, waiting, no_enqueue):
    plan = ["Which cells does Voltara Motors buy?", {"text": "Where are Helion Cells' plants?", "section": "Overview"}]
    response = api_for(alice).post(f"/v1/research/{waiting.pk}/plan", {"edited_plan": plan}, format="json")
    assert response.status_code == 202
    assert [p["text"] for p in response.json()["plan"]] == [plan[0], plan[1]["text"]]
    assert response.json()["estimate"]["subquestions"] == 2


@pytest.mark.parametrize(
    "body, field",
    [
        ({"edited_plan": []}, "edited_plan"),
        ({"edited_plan": [f"Sub-question number {i} about batteries?" for i in range(20)]}, "edited_plan"),
        ({"edited_plan": ["ok?"]}, "edited_plan[0]"),
        ({"edited_plan": [{"section": "Overview"}]}, "edited_plan[0]"),
        ({"edited_plan": "one long string, not a list"}, "edited_plan"),
        ({"approve": False}, "approve"),
        ({}, "approve"),
        ({"approve": "maybe"}, "approve"),
    ],
)
def test_a_bad_plan_request_is_400_naming_the_field_and_changes_nothing(
    alice, api_for, waiting, no_enqueue, body, field
):
    before = list(waiting.subquestions.values_list("text", flat=True))
    response = api_for(alice).post(f"/v1/research/{waiting.pk}/plan", body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == field
    waiting.refresh_from_db()
    assert waiting.status == "awaiting_approval"
    assert list(waiting.subquestions.values_list("text", flat=True)) == before
    assert no_enqueue["resumed"] == []


@pytest.mark.parametrize("status", ["planning", "researching", "done", "cancelled"])
def test_approving_a_plan_that_is_not_awaiting_approval_is_409(alice, api_for, no_enqueue, status):
    job = JobFactory(user=alice, status=status)
    response = api_for(alice).post(f"/v1/research/{job.pk}/plan", {"approve": True}, format="json")
    assert response.status_code == 409
    assert "not awaiting approval" in response.json()["error"]
