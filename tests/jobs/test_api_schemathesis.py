"""schemathesis against the generated OpenAPI schema, in-process through the WSGI app: no
input it generates makes any endpoint answer 5xx. Path ids point at a real job and note of the
signed-in user, so the handlers past the 404 are exercised too (except the event stream, which
would stream forever under WSGI; its ids stay random and answer 404)."""
import sys
import types

import pytest
import schemathesis
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error

from jobs.models import Job
from tests.factories import JobFactory, SubQuestionFactory, finished_job

pytestmark = pytest.mark.django_db
EXAMPLES_PER_OPERATION = 25


@pytest.fixture(autouse=True)
def keep_the_test_connection_open():
    """The WSGI handler closes the database connection after each request; the test's
    transaction lives on it (Django's own test client disconnects the same handler)."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


schema = schemathesis.pytest.from_fixture("web_schema")


@pytest.fixture
def alice_world(alice, no_enqueue, settings):
    settings.API_USER_THROTTLE_RATE = "100000/min"
    done = finished_job(user=alice)
    waiting = JobFactory(user=alice, status=Job.Status.AWAITING_APPROVAL)
    SubQuestionFactory(job=waiting, position=0)
    return {"token": Token.objects.create(user=alice).key, "done": done, "waiting": waiting, "note": done.notes.get()}


def load_schema():
    from research_project.wsgi import application

    return schemathesis.openapi.from_wsgi("/v1/schema", application)


@pytest.fixture
def uploads_service(monkeypatch):
    """A stand-in for agents.uploads (another branch builds it), so the upload endpoint runs
    its whole path instead of answering its documented 501."""
    fake = types.ModuleType("agents.uploads")
    fake.upload_create = lambda **kwargs: types.SimpleNamespace(pk=1)
    monkeypatch.setitem(sys.modules, "agents.uploads", fake)


def test_no_generated_request_gets_a_5xx(alice_world, uploads_service):
    # The operations are walked here rather than with schemathesis' pytest plugin, whose lazy
    # loader does not run on pytest 9 (it reads a private attribute pytest 9 removed).
    headers = {"Authorization": f"Token {alice_world['token']}"}
    operations = [result.ok() for result in load_schema().get_all_operations()]
    assert len(operations) >= 12
    for operation in operations:
        @given(case=operation.as_strategy())
        @hypothesis_settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, database=None,
                             suppress_health_check=list(HealthCheck))
        def check(case):
            params = case.path_parameters or {}
            if "job_id" in params and not case.path.endswith("/events"):
                params["job_id"] = str(alice_world["waiting"].pk if case.path.endswith(("/plan", "/cancel"))
                                       else alice_world["done"].pk)
            if "note_id" in params:
                params["note_id"] = alice_world["note"].pk
            case.call_and_validate(headers=headers, checks=[not_a_server_error])

        check()
