"""Every error under /v1 is a JSON body {error, field}: malformed input is a 4xx naming what
is wrong, an unknown path a JSON 404, and even an unexpected failure is JSON, never Django's
HTML page. Pages outside /v1 keep their HTML error pages."""

import json

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.factories import JobFactory

pytestmark = pytest.mark.django_db
NESTING_LEVELS = 10_000


@pytest.fixture
def client_of(alice):
    """A plain Django client with alice's token that returns server errors as responses
    instead of raising them (as a real client would see them)."""
    token = Token.objects.create(user=alice).key
    return Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Token {token}")


def assert_json_error(response, status: int) -> dict:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) >= {"error", "field"} and isinstance(body["error"], str) and body["error"]
    return body


def test_a_garbage_es_meta_on_ones_own_event_stream_is_a_400_naming_it(client_of, alice):
    job = JobFactory(user=alice)
    body = assert_json_error(client_of.get(f"/v1/research/{job.pk}/events", {"es-meta": "x"}), 400)
    assert body["field"] == "es-meta"


def test_a_malformed_last_event_id_is_a_400_naming_it(client_of, alice):
    job = JobFactory(user=alice)
    body = assert_json_error(client_of.get(f"/v1/research/{job.pk}/events", HTTP_LAST_EVENT_ID="error"), 400)
    assert body["field"] == "Last-Event-ID"


def test_a_json_body_nested_ten_thousand_levels_deep_is_a_400(client_of, alice, no_enqueue):
    deep = "[" * NESTING_LEVELS + "]" * NESTING_LEVELS
    body = '{"question": "What do cells cost in 2025?", "sources": ' + deep + "}"
    response = client_of.post("/v1/research", body, content_type="application/json")
    assert "nested" in assert_json_error(response, 400)["error"]
    assert not alice.jobs.exists()


@pytest.mark.parametrize("path", ["/v1/research/settings", "/v1/nothing-here", "/v1/research/%s/nothing", "/v1/"])
def test_an_unknown_path_under_v1_is_a_json_404(client_of, alice, path):
    job = JobFactory(user=alice)
    response = client_of.get(path % job.pk if "%s" in path else path)
    if path == "/v1/research/settings":  # a job id that is not one: the detail view's 404
        assert assert_json_error(response, 404)["field"] == "job_id"
    else:
        assert assert_json_error(response, 404)["error"] == "no such API path"


def test_an_unknown_path_for_an_anonymous_client_is_a_json_404_too():
    assert_json_error(Client().get("/v1/nothing-here"), 404)


def test_a_method_the_path_does_not_have_is_a_json_405(client_of):
    assert_json_error(client_of.delete("/v1/settings"), 405)


def test_an_unexpected_failure_is_a_json_500_not_an_html_page(client_of, monkeypatch):
    from jobs import selectors

    def broken(**kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(selectors, "job_list_for_user", broken)
    body = assert_json_error(client_of.get("/v1/research"), 500)
    assert "a bug" not in json.dumps(body)  # no internals in the answer


def test_pages_outside_v1_keep_their_html_404(client_of):
    response = client_of.get("/research/no-such-page")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
