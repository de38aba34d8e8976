"""Creating a job: defaults, budgets, and bad input that leaves nothing behind."""

import pytest
from rest_framework.test import APIClient

from jobs import services
from jobs.models import Job
from jobs.runtime.errors import ApplicationError

pytestmark = pytest.mark.django_db(transaction=False)


@pytest.fixture(autouse=True)
def no_enqueue(monkeypatch):
    # These tests are about validation and the stored row; no worker runs here (a fake enqueue).
    monkeypatch.setattr(services, "_enqueue_start", lambda job: None)


def test_it_stores_budgets_deadline_and_prompt_version(alice):
    job = services.job_create(
        user=alice,
        question="Compare the battery suppliers of the five largest electric car makers",
        budget={"max_minutes": 5, "max_usd": 0.5},
    )
    assert job.status == Job.Status.PLANNING
    assert job.budget_tokens == 600_000
    assert job.budget_usd_micros == 500_000
    assert 299 <= (job.deadline_at - job.created_at).total_seconds() <= 301
    assert job.prompt_version.startswith("p-")
    assert job.sources == ["web"] and job.depth == "deep"


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"question": ""}, "question"),
        ({"question": "   "}, "question"),
        ({"question": "x" * 5000}, "question"),
        ({"depth": "medium"}, "depth"),
        ({"sources": ["web", "intranet"]}, "sources"),
        ({"sources": []}, "sources"),
        ({"sources": ["web", "uploads"]}, "sources"),
        ({"sources": ["uploads"]}, "sources"),  # alice has uploaded nothing
        ({"budget": {"max_usd": 0}}, "budget.max_usd"),
        ({"budget": {"max_usd": -1}}, "budget.max_usd"),
        ({"budget": {"max_minutes": 0}}, "budget.max_minutes"),
        ({"budget": {"max_minutes": -5}}, "budget.max_minutes"),
        ({"budget": {"max_minutes": "ten"}}, "budget.max_minutes"),
        ({"budget": {"max_gpus": 3}}, "budget"),
    ],
)
def test_bad_input_names_the_field_and_stores_nothing(alice, kwargs, field):
    args = {"question": "Compare the battery suppliers of the five largest electric car makers", **kwargs}
    with pytest.raises(ApplicationError) as err:
        services.job_create(user=alice, **args)
    assert err.value.field == field
    assert Job.objects.count() == 0


@pytest.mark.parametrize(
    "body, field",
    [
        ({"question": ""}, "question"),
        ({"question": "y" * 5000}, "question"),
        ({"question": "What are the battery suppliers of Voltara Motors?", "depth": "ultra"}, "depth"),
        ({"question": "What are the battery suppliers of Voltara Motors?", "sources": ["ftp"]}, "sources"),
        ({"question": "What are the battery suppliers of Voltara Motors?", "budget": {"max_usd": 0}}, "budget.max_usd"),
        ({}, "question"),
    ],
)
def test_the_api_answers_bad_input_with_a_4xx_json_error_naming_the_field(alice, body, field):
    client = APIClient()
    client.force_authenticate(alice)
    response = client.post("/v1/research", body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert response.json()["error"]
    assert Job.objects.count() == 0


def test_the_api_accepts_a_valid_question_with_202(alice):
    client = APIClient()
    client.force_authenticate(alice)
    response = client.post(
        "/v1/research", {"question": "What are the battery suppliers of Voltara Motors?"}, format="json"
    )
    assert response.status_code == 202
    assert response.json()["status"] == "planning"
    assert Job.objects.get(pk=response.json()["job_id"]).user == alice
