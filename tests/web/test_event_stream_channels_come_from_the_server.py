"""The event stream's channel and user come from the URL and the login only. django-eventstream
would take both from a client-sent `es-meta` token (signed with SECRET_KEY) or from `channel` /
`channels` query parameters; whoever holds the key could then read any job through their own
job's URL. Those parameters are refused, naming the parameter, and nothing of the other job
is sent."""

import threading
import time
import uuid

import httpx
import jwt
import pytest
from django.conf import settings
from rest_framework.authtoken.models import Token

from jobs.runtime import events
from tests.factories import JobFactory, UserFactory

READ_SECONDS = 3
ALICE_SECRET = "alice-secret-query"


def user_with_token(name):
    user = UserFactory(username=f"{name}-{uuid.uuid4().hex[:8]}")
    return user, Token.objects.create(user=user).key


@pytest.fixture
def alice_and_bob_jobs(live):
    from django_eventstream.models import Event

    alice, _ = user_with_token("alice")
    bob, bob_token = user_with_token("bob")
    alice_job, bob_job = JobFactory(user=alice), JobFactory(user=bob)
    for i in range(3):
        events.emit(
            alice_job.pk, "search", {"sq_id": 1, "query": f"{ALICE_SECRET} {i}", "results": i, "provider": "local"}
        )
    events.emit(bob_job.pk, "search", {"sq_id": 2, "query": "bob's own query", "results": 1, "provider": "local"})
    yield {"alice": alice, "alice_job": alice_job, "bob_job": bob_job, "bob_token": bob_token}
    Event.objects.filter(channel__in=[events.channel_for(alice_job.pk), events.channel_for(bob_job.pk)]).delete()
    alice_job.delete()
    bob_job.delete()


def read_for_a_while(url: str, *, token: str, params: dict) -> tuple[int, str, str]:
    """(status, content type, what arrived within READ_SECONDS): a stream that opens is read
    until then, so whatever it would have sent of another job is caught."""
    received = b""
    with httpx.stream(
        "GET", url, params=params, headers={"Authorization": f"Token {token}"}, timeout=READ_SECONDS + 5
    ) as r:
        deadline = time.monotonic() + READ_SECONDS
        try:
            for chunk in r.iter_raw():
                received += chunk
                if time.monotonic() > deadline:
                    break
        except httpx.ReadTimeout:
            pass
        return r.status_code, r.headers.get("content-type", ""), received.decode("utf-8", "replace")


def signed_meta(**claims) -> str:
    return jwt.encode(
        {"exp": int(time.time()) + 3600, **claims}, settings.SECRET_KEY.encode("utf-8"), algorithm="HS256"
    )


@pytest.mark.parametrize("parameter", ["es-meta", "channel", "channels"])
def test_bob_cannot_read_alices_events_through_his_own_job_url(live_web, alice_and_bob_jobs, parameter):
    w = alice_and_bob_jobs
    alice_channel = events.channel_for(w["alice_job"].pk)
    value = signed_meta(channels=[alice_channel], user=w["alice"].pk) if parameter == "es-meta" else alice_channel
    # Ask for alice's stored events from the start, and publish a live one while reading.
    params = {parameter: value, "lastEventId": events.event_id(w["alice_job"].pk, 0)}
    live_event = threading.Timer(
        1.0,
        lambda: events.emit(
            w["alice_job"].pk,
            "search",
            {"sq_id": 1, "query": f"{ALICE_SECRET} live", "results": 1, "provider": "local"},
        ),
    )
    live_event.start()
    try:
        status, content_type, body = read_for_a_while(
            f"{live_web.url}/v1/research/{w['bob_job'].pk}/events", token=w["bob_token"], params=params
        )
    finally:
        live_event.join()
    assert ALICE_SECRET not in body
    assert status == 400
    assert content_type.startswith("application/json")
    assert httpx.Response(400, content=body).json()["field"] == parameter


def test_a_last_event_id_naming_another_job_resumes_nothing_of_it(live_web, alice_and_bob_jobs):
    w = alice_and_bob_jobs
    alice_last = events.event_id(w["alice_job"].pk, 0)
    with httpx.stream(
        "GET",
        f"{live_web.url}/v1/research/{w['bob_job'].pk}/events",
        headers={"Authorization": f"Token {w['bob_token']}", "Last-Event-ID": alice_last},
        timeout=READ_SECONDS + 5,
    ) as r:
        assert r.status_code == 200
        received, deadline = "", time.monotonic() + READ_SECONDS
        for chunk in r.iter_text():
            received += chunk
            if "bob's own query" in received or time.monotonic() > deadline:
                break
    assert "bob's own query" in received
    assert ALICE_SECRET not in received
