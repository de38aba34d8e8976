"""The job's event stream through django-eventstream under a real ASGI server (uvicorn):
stored events replay in order from Last-Event-ID, new events published from another process
arrive through Redis pub/sub, and only the job's owner can open it."""

import threading
import time
import uuid

import httpx
import pytest
from rest_framework.authtoken.models import Token

from jobs.runtime import events
from tests.factories import JobFactory, UserFactory

READ_TIMEOUT_SECONDS = 20


def user_with_token(name):
    user = UserFactory(username=f"{name}-{uuid.uuid4().hex[:8]}")
    return user, Token.objects.create(user=user).key


def read_events(response, count: int) -> list[dict]:
    """Parse SSE blocks until `count` job events arrived (stream-open and keep-alive skipped)."""
    out, block = [], {}
    for line in response.iter_lines():
        if line == "":
            if block.get("event") and block["event"] not in ("stream-open", "keep-alive"):
                out.append(block)
                if len(out) == count:
                    return out
            block = {}
        elif not line.startswith(":") and ":" in line:
            key, _, value = line.partition(":")
            block[key] = value[1:] if value.startswith(" ") else value
    return out


@pytest.fixture
def alice_job(live):
    alice, token = user_with_token("alice")
    job = JobFactory(user=alice)
    for i in range(5):
        events.emit(job.pk, "search", {"sq_id": 1, "query": f"query {i}", "results": i, "provider": "local"})
    yield job, token
    from django_eventstream.models import Event

    Event.objects.filter(channel=events.channel_for(job.pk)).delete()
    job.delete()


def test_a_client_resuming_from_last_event_id_gets_the_missed_events_in_order_then_live_ones(live_web, alice_job):
    job, token = alice_job
    stored = events.stored_events(job.pk)
    resume_after = events.event_id(job.pk, stored[1]["eid"])
    headers = {"Authorization": f"Token {token}", "Last-Event-ID": resume_after, "Accept": "text/event-stream"}
    later = threading.Timer(
        1.0,
        lambda: events.emit(job.pk, "done", {"precision": 1.0, "coverage": 1.0, "stopped_reason": "", "sentences": 3}),
    )
    with httpx.stream(
        "GET", f"{live_web.url}/v1/research/{job.pk}/events", headers=headers, timeout=READ_TIMEOUT_SECONDS
    ) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        later.start()
        got = read_events(response, 4)
    later.join()
    assert [e["event"] for e in got] == ["search", "search", "search", "done"]
    assert ['"query 2"' in got[0]["data"], '"query 3"' in got[1]["data"], '"query 4"' in got[2]["data"]] == [True] * 3
    assert [e["id"] for e in got[:3]] == [events.event_id(job.pk, s["eid"]) for s in stored[2:]]
    assert got[3]["id"] == events.event_id(job.pk, events.stored_events(job.pk)[-1]["eid"])


def test_a_client_connecting_without_last_event_id_gets_every_stored_event_first(live_web, alice_job):
    job, token = alice_job
    with httpx.stream(
        "GET",
        f"{live_web.url}/v1/research/{job.pk}/events",
        headers={"Authorization": f"Token {token}"},
        timeout=READ_TIMEOUT_SECONDS,
    ) as response:
        got = read_events(response, 5)
    assert [e["data"].split('"query": ')[1].split(",")[0] for e in got] == [f'"query {i}"' for i in range(5)]


def test_bob_gets_404_for_alices_event_stream_and_an_anonymous_client_401(live_web, alice_job):
    job, _ = alice_job
    _, bob_token = user_with_token("bob")
    started = time.monotonic()
    response = httpx.get(
        f"{live_web.url}/v1/research/{job.pk}/events",
        headers={"Authorization": f"Token {bob_token}"},
        timeout=READ_TIMEOUT_SECONDS,
    )
    assert response.status_code == 404
    assert response.json()["error"] == "no such job"
    assert time.monotonic() - started < READ_TIMEOUT_SECONDS  # answered, not streamed
    anonymous = httpx.get(f"{live_web.url}/v1/research/{job.pk}/events", timeout=READ_TIMEOUT_SECONDS)
    assert anonymous.status_code == 401


def test_events_emitted_by_many_threads_reach_a_live_client_in_id_order(live_web, alice_job, monkeypatch):
    import random

    from django.db import connection
    from django_eventstream import eventstream

    job, token = alice_job
    last = events.stored_events(job.pk)[-1]["eid"]
    publish = eventstream.redis_client.publish

    def slow_publish(*args, **kwargs):  # a thread descheduled between storing and publishing
        time.sleep(random.uniform(0, 0.05))
        return publish(*args, **kwargs)

    monkeypatch.setattr(eventstream.redis_client, "publish", slow_publish)

    def emit(i):
        events.emit(
            job.pk, "source_read", {"sq_id": i, "url": f"https://p{i}.example", "title": "t", "notes": 1, "error": ""}
        )
        connection.close()

    emitters = [threading.Thread(target=emit, args=(i,)) for i in range(12)]
    headers = {"Authorization": f"Token {token}", "Last-Event-ID": events.event_id(job.pk, last)}
    with httpx.stream(
        "GET", f"{live_web.url}/v1/research/{job.pk}/events", headers=headers, timeout=READ_TIMEOUT_SECONDS
    ) as response:
        time.sleep(0.5)  # the stream is open and caught up
        for t in emitters:
            t.start()
        got = read_events(response, 12)
    for t in emitters:
        t.join()
    ids = [int(e["id"].rsplit(":", 1)[1]) for e in got]
    assert ids == list(range(last + 1, last + 13))
