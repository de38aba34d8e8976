"""schemathesis against the generated OpenAPI schema, in-process through the WSGI app, with
data that fits the schema (positive) and data that breaks it (negative):

- no request gets a 5xx;
- every status code, content type, header and body the API answers is the one the schema
  lists for it (response conformance);
- the API accepts what the schema allows (positive data is never a 400) and refuses what the
  schema refuses (negative data is always a 4xx): the schema and the API say the same thing;
- operations refuse requests without credentials and answer 405 to methods they lack.

Path ids point at real jobs and notes of the signed-in user in positive mode, so the handlers
past the 404 run (a fresh job awaiting approval for each plan and cancel request); the event
stream keeps random ids (under WSGI a real stream would never end). DELETE gets a finished
job or an upload of its own each time."""

import re
import uuid

import pytest
import schemathesis
from django.db import connection
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as hypothesis_settings
from hypothesis.errors import Unsatisfiable
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    ignored_auth,
    negative_data_rejection,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)

from agents.uploads import upload_create
from jobs.models import Job
from tests.factories import JobFactory, SubQuestionFactory, finished_job

pytestmark = pytest.mark.django_db
EXAMPLES_PER_OPERATION_AND_MODE = 25
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    unsupported_method,
    ignored_auth,
]
# Operations without parameters or a body have no negative form.
NO_NEGATIVE_FORM = {"GET /v1/settings", "GET /v1/webhooks", "GET /v1/watches"}
# A webhook URL that fits the schema can still name a host that does not resolve or resolves to a
# refused address (checked at registration, outside any schema): positive cases get one the test
# setting allows, as path ids get real rows.
ALLOWED_WEBHOOK_URL = "http://127.0.0.1:8799/hooks"


@pytest.fixture(autouse=True)
def keep_the_test_connection_open():
    """The WSGI handler closes the database connection after each request; the test's
    transaction lives on it (Django's own test client disconnects the same handler). And
    generating examples can take longer than the idle-in-transaction timeout between queries."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET idle_in_transaction_session_timeout = 0")
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def alice_world(alice, no_enqueue, settings):
    settings.API_USER_THROTTLE_RATE = "100000/min"
    settings.MAX_ACTIVE_JOBS_PER_USER = 100_000  # valid creates are 202, not the per-user limit's 429
    settings.MAX_DAILY_USD_PER_USER = 1e9
    settings.FETCH_ALLOW_LOOPBACK_HOSTS = ["127.0.0.1:8799"]
    done = finished_job(user=alice)
    return {"alice": alice, "token": Token.objects.create(user=alice).key, "done": done, "note": done.notes.get()}


def load_schema():
    from research_project.wsgi import application

    return schemathesis.openapi.from_wsgi("/v1/schema", application)


def failure_key(operation, mode, exc) -> tuple:
    text = str(exc)
    titles = tuple(re.findall(r"^- (ST\d+ .*)$", text, re.M)) or (text.split("\n")[0][:120],)
    return operation.label, mode.value, titles


def point_at_real_rows(case, world) -> None:
    """Positive cases: path ids of the signed-in user's rows, fresh where the call uses one up."""
    params = case.path_parameters or {}
    if "job_id" in params and not case.path.endswith("/events"):
        if case.method == "DELETE":  # a finished job of its own to delete
            params["job_id"] = str(finished_job(user=world["alice"]).pk)
        elif case.path.endswith(("/plan", "/cancel")):
            waiting = JobFactory(user=world["alice"], status=Job.Status.AWAITING_APPROVAL)
            SubQuestionFactory(job=waiting, position=0)
            params["job_id"] = str(waiting.pk)
        else:
            params["job_id"] = str(world["done"].pk)
    if "note_id" in params:
        params["note_id"] = world["note"].pk
    if case.path == "/v1/webhooks" and case.method == "POST" and isinstance(case.body, dict):
        case.body["url"] = ALLOWED_WEBHOOK_URL
    if "upload_id" in params:
        params["upload_id"] = upload_create(
            user=world["alice"],
            filename="memo.txt",
            enqueue=False,
            content=f"A memo {uuid.uuid4()}.".encode(),
            content_type="text/plain",
        ).pk


def failures_of(operation, mode, world) -> dict[tuple, str]:
    """Every distinct failure of the checks on generated cases of one operation and mode."""
    headers = {"Authorization": f"Token {world['token']}"}
    failures: dict[tuple, str] = {}

    @given(case=operation.as_strategy(generation_mode=mode))
    @hypothesis_settings(
        max_examples=EXAMPLES_PER_OPERATION_AND_MODE,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    def check(case):
        if mode == GenerationMode.POSITIVE:
            point_at_real_rows(case, world)
        try:
            case.call_and_validate(headers=headers, checks=CHECKS)
        except (Exception, BaseExceptionGroup) as exc:  # noqa: BLE001 - every distinct failure is listed, not the first
            failures.setdefault(failure_key(operation, mode, exc), f"{exc}\n    body sent: {case.body!r:.300}")

    try:
        check()
    except Unsatisfiable:
        failures[(operation.label, mode.value, ("no examples could be generated",))] = ""
    return failures


def test_generated_requests_get_no_5xx_and_the_api_and_schema_agree(alice_world):
    # The operations are walked here rather than with schemathesis' pytest plugin, whose lazy
    # loader does not run on pytest 9 (it reads a private attribute pytest 9 removed).
    operations = [result.ok() for result in load_schema().get_all_operations()]
    assert len(operations) >= 16
    failures: dict[tuple, str] = {}
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            if mode == GenerationMode.NEGATIVE and operation.label in NO_NEGATIVE_FORM:
                continue
            failures.update(failures_of(operation, mode, alice_world))
    assert not failures, "\n\n".join(f"{key}:\n{detail}" for key, detail in failures.items())
