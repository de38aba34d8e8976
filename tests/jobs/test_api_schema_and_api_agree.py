"""The API refuses what its schema refuses and the schema refuses what the API refuses, on the
cases found by hand: 0 is not a boolean and not a string, an empty question, empty sources,
zero budgets and `{}` as a plan are refused by both; a page past the last is a listed 404; the
event stream is described as text/event-stream and its errors as JSON."""

import json

import pytest
from django.test import Client
from jsonschema import Draft4Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT4

from jobs.models import Job
from tests.factories import JobFactory, SubQuestionFactory, finished_job

pytestmark = pytest.mark.django_db
QUESTION = "Which battery suppliers does Norvik Electric use?"


@pytest.fixture(scope="module")
def openapi():
    from drf_spectacular.generators import SchemaGenerator

    return _nullable_as_draft4(
        json.loads(json.dumps(SchemaGenerator().get_schema(request=None, public=True), default=str))
    )


def schema_accepts(openapi, path: str, method: str, body) -> bool:
    """Whether the request body schema of an operation accepts `body` (OpenAPI 3.0 schema
    objects are JSON Schema draft 4 for these purposes)."""
    schema = openapi["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]
    registry = Registry().with_resource("urn:openapi", Resource(contents=openapi, specification=DRAFT4))
    schema = json.loads(json.dumps(schema).replace('"#/components', '"urn:openapi#/components'))
    return Draft4Validator(schema, registry=registry).is_valid(body)


def _nullable_as_draft4(node):
    """OpenAPI 3.0's `nullable: true` spelled as JSON Schema: null is one more allowed type."""
    if isinstance(node, dict):
        node = {k: _nullable_as_draft4(v) for k, v in node.items()}
        if node.pop("nullable", False):
            node = {"anyOf": [node, {"type": "null"}]}
        return node
    if isinstance(node, list):
        return [_nullable_as_draft4(v) for v in node]
    return node


@pytest.mark.parametrize(
    "body",
    [
        {"question": QUESTION, "require_approval": 0},
        {"question": QUESTION, "require_approval": "true"},
        {"question": 1234567890123},
        {"question": ""},
        {"question": "   short   "},
        {"question": QUESTION, "sources": []},
        {"question": QUESTION, "sources": ["web", "web"]},
        {"question": QUESTION, "budget": {"max_minutes": 0}},
        {"question": QUESTION, "budget": {"max_usd": 0}},
        {"question": QUESTION, "budget": {"max_tokens": 0}},
        {"question": QUESTION, "budget": {"max_tokens": "5000"}},
        {"question": QUESTION, "budget": {"max_tokens": 5000.0}},
        {"question": QUESTION, "follow_up_of": "nope"},
    ],
)
def test_job_create_bodies_the_api_refuses_the_schema_refuses_too(alice, api_for, openapi, no_enqueue, body):
    response = api_for(alice).post("/v1/research", body, format="json")
    assert response.status_code == 400, response.json()
    assert not schema_accepts(openapi, "/v1/research", "post", body)
    assert not Job.objects.filter(user=alice).exists()


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"approve": False},
        {"approve": 1},
        {"edited_plan": []},
        {"edited_plan": ["too short"[:5]]},
        {"edited_plan": [{"section": "Overview"}]},
    ],
)
def test_plan_bodies_the_api_refuses_the_schema_refuses_too(alice, api_for, openapi, no_enqueue, body):
    job = JobFactory(user=alice, status=Job.Status.AWAITING_APPROVAL)
    SubQuestionFactory(job=job, position=0)
    response = api_for(alice).post(f"/v1/research/{job.pk}/plan", body, format="json")
    assert response.status_code == 400, response.json()
    assert not schema_accepts(openapi, "/v1/research/{job_id}/plan", "post", body)
    job.refresh_from_db()
    assert job.status == Job.Status.AWAITING_APPROVAL


def test_a_comment_of_0_is_refused_as_the_schema_says_it_is_a_string(alice, api_for, openapi):
    job = finished_job(user=alice)
    response = api_for(alice).post(f"/v1/research/{job.pk}/feedback", {"rating": "up", "comment": 0}, format="json")
    assert (response.status_code, response.json()["field"]) == (400, "comment")
    assert not schema_accepts(openapi, "/v1/research/{job_id}/feedback", "post", {"rating": "up", "comment": 0})
    assert not job.feedback.exists()


def test_settings_take_true_or_false_only(alice, api_for, openapi):
    for value in (0, 1, "true", "on"):
        response = api_for(alice).put("/v1/settings", {"require_approval": value}, format="json")
        assert (response.status_code, response.json()["field"]) == (400, "require_approval")
        assert not schema_accepts(openapi, "/v1/settings", "put", {"require_approval": value})
    assert api_for(alice).put("/v1/settings", {"require_approval": True}, format="json").json() == {
        "require_approval": True
    }


def test_bodies_the_schema_allows_are_accepted(alice, api_for, openapi, no_enqueue):
    for body in (
        {"question": "  What   do cells cost?  ", "require_approval": None, "budget": {"max_tokens": 5000}},
        {"question": QUESTION, "sources": ["web"], "budget": {"max_minutes": 0.5, "max_usd": 0.01}},
    ):
        assert schema_accepts(openapi, "/v1/research", "post", body)
        assert api_for(alice).post("/v1/research", body, format="json").status_code == 202


def test_a_page_past_the_last_is_a_404_the_schema_lists(alice, api_for, openapi):
    JobFactory(user=alice)
    response = api_for(alice).get("/v1/research", {"page": 9})
    assert (response.status_code, response.json()["field"]) == (404, "page")
    assert "404" in openapi["paths"]["/v1/research"]["get"]["responses"]
    for bad in ({"page": 0}, {"page": "last"}, {"page_size": 0}, {"page_size": 101}):
        assert api_for(alice).get("/v1/research", bad).status_code == 400


def test_the_event_stream_is_described_as_text_event_stream_and_its_errors_as_json(alice, openapi):
    responses = openapi["paths"]["/v1/research/{job_id}/events"]["get"]["responses"]
    assert list(responses["200"]["content"]) == ["text/event-stream"]
    assert "text/event-stream" in responses["200"]["content"]["text/event-stream"]["schema"]["description"]
    for status in ("400", "401", "404"):
        assert list(responses[status]["content"]) == ["application/json"]
    job_of_someone_else = JobFactory()
    Client().force_login(alice)
    client = Client()
    client.force_login(alice)
    response = client.get(f"/v1/research/{job_of_someone_else.pk}/events", HTTP_ACCEPT="text/event-stream")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["error"] == "no such job"
