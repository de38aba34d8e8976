"""Job events through django-eventstream: stored for replay (Last-Event-ID) and fanned out
to every web process through Redis pub/sub. One channel per job, readable by its owner only.

Types (the design's): plan_ready search source_read gap_found section_drafted claim_checked
budget_warning done failed, plus compacting (a worker's context is being compacted) and
cancelled.
"""
from __future__ import annotations

import json
import logging
import uuid
from contextlib import contextmanager

from contextlib import nullcontext

from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, connection, transaction
from django.db.models import Max
from django.http import StreamingHttpResponse
from django_eventstream import send_event
from django_eventstream.channelmanager import DefaultChannelManager
from django_eventstream.event import Event as StreamEvent
from django_eventstream.storage import DjangoModelStorage, EventDoesNotExist
from redis.exceptions import LockError

logger = logging.getLogger(__name__)

EVENT_TYPES = (
    "plan_ready", "search", "source_read", "gap_found", "section_drafted", "claim_checked",
    "budget_warning", "compacting", "done", "failed", "cancelled",
)
CHANNEL_PREFIX = "job-"


def channel_for(job_id) -> str:
    return f"{CHANNEL_PREFIX}{job_id}"


def job_id_from_channel(channel: str) -> str | None:
    return channel[len(CHANNEL_PREFIX):] if channel.startswith(CHANNEL_PREFIX) else None


def emit(job_id, event_type: str, data: dict | None = None) -> None:
    """Store and publish one event. Never raises: progress reporting must not fail a step."""
    if event_type not in EVENT_TYPES:
        raise ValueError(f"unknown event type {event_type!r}")
    channel = channel_for(job_id)
    try:
        # Worker threads of one job emit at once. Storing (which numbers the event) and
        # publishing happen under one per-job lock, so live subscribers receive events in id
        # order: a client that resumes from the last id it saw then misses nothing.
        with _publish_lock(channel):
            send_event(channel, event_type, {"job_id": str(job_id), **(data or {})})
    except Exception:  # noqa: BLE001 - events are best effort; the step log is the record
        logger.exception("could not emit %s for job %s", event_type, job_id)


PUBLISH_LOCK_SECONDS = 5  # one store + publish takes milliseconds; a dead holder frees it after this


@contextmanager
def _publish_lock(channel: str):
    from jobs.redis_client import redis_client

    lock = redis_client().lock(f"events:publish:{channel}", timeout=PUBLISH_LOCK_SECONDS,
                               blocking_timeout=PUBLISH_LOCK_SECONDS)
    acquired = lock.acquire()
    try:
        yield
    finally:
        if acquired:
            try:
                lock.release()
            except LockError:  # expired while held: the next emitter already took over
                pass


def describe(event_type: str, data: dict) -> str:
    """One line for a person (the CLI and the live page). Raises KeyError for a malformed event."""
    if event_type == "plan_ready":
        lines = [f"plan: {len(data['subquestions'])} sub-questions"]
        lines += [f"  - {sq['text']}" for sq in data["subquestions"]]
        return "\n".join(lines)
    if event_type == "search":
        return f"search [sq {data['sq_id']}]: {data['query']!r} -> {data['results']} results"
    if event_type == "source_read":
        status = data.get("error") or f"{data['notes']} notes"
        return f"read   [sq {data['sq_id']}]: {data.get('title') or data['url']} ({status})"
    if event_type == "gap_found":
        return "gap check: " + data["reason"] + "".join(f"\n  + {s['text']}" for s in data["new_subquestions"])
    if event_type == "section_drafted":
        return f"drafted: {data['heading']} ({data['sentences']} sentences)"
    if event_type == "claim_checked":
        return f"checked claim {data['index'] + 1}: {data['verdict']} ({data['outcome']})"
    if event_type == "budget_warning":
        return f"budget: {data['reason']}"
    if event_type == "compacting":
        return f"compacting worker context [sq {data['sq_id']}] at {data['tokens']} tokens"
    if event_type == "done":
        return "done"
    if event_type == "failed":
        return f"FAILED: {data.get('error')}"
    return f"{event_type}: {json.dumps(data)[:200]}"


class JobChannelManager(DefaultChannelManager):
    """A channel `job-<uuid>` is readable only by the job's owner."""

    def can_read_channel(self, user, channel):
        from jobs.models import Job

        job_id = job_id_from_channel(channel)
        if job_id is None or user is None or not user.is_authenticated:
            return False
        try:
            uuid.UUID(job_id)
        except ValueError:
            return False
        return Job.objects.filter(pk=job_id, user=user).exists()

    def is_channel_reliable(self, channel):
        return True


TRIM_EVERY_SECONDS = 3600


class JobEventStorage(DjangoModelStorage):
    """django-eventstream's database storage with one insert per event instead of five round
    trips: event ids come from a Redis counter per channel (re-seeded from the table when Redis
    lost it), the current id from the table, and old events are trimmed once an hour rather
    than on every append. Events stay in the events table for replay (Last-Event-ID)."""

    def append_event(self, channel, event_type, data):
        from django_eventstream.models import Event
        from jobs.redis_client import redis_client

        r = redis_client()
        counter = f"eventstream:eid:{channel}"
        for _attempt in range(3):
            eid = r.incr(counter)
            if eid == 1:  # a new channel, or a counter Redis lost: continue after the table
                latest = Event.objects.filter(channel=channel).aggregate(m=Max("eid"))["m"] or 0
                if latest:
                    r.set(counter, latest)
                    eid = r.incr(counter)
            try:
                # A savepoint only inside someone's transaction; alone, the insert autocommits.
                with transaction.atomic() if connection.in_atomic_block else nullcontext():
                    Event.objects.create(channel=channel, type=event_type, eid=eid,
                                         data=json.dumps(data, cls=DjangoJSONEncoder))
                break
            except IntegrityError:
                r.delete(counter)  # reseed from the table and try again
        else:
            raise RuntimeError(f"could not store an event on {channel}")
        if r.set("eventstream:trimmed", "1", nx=True, ex=TRIM_EVERY_SECONDS):
            self.trim_event_log()
        return StreamEvent(channel, event_type, data, id=eid)

    def get_current_id(self, channel):
        from django_eventstream.models import Event

        return Event.objects.filter(channel=channel).aggregate(m=Max("eid"))["m"] or 0

    def get_events(self, channel, last_id, limit=100):
        from django_eventstream.models import Event

        current = self.get_current_id(channel)
        if last_id >= current:
            if last_id > current:
                raise EventDoesNotExist(f"No such event {last_id}", current)
            return []
        if last_id and not Event.objects.filter(channel=channel, eid=last_id).exists():
            raise EventDoesNotExist(f"No such event {last_id}", current)
        rows = Event.objects.filter(channel=channel, eid__gt=last_id).order_by("eid")[:limit]
        return [StreamEvent(e.channel, e.type, json.loads(e.data), id=e.eid) for e in rows]


def stored_events(job_id, *, after_eid: int = 0) -> list[dict]:
    """The job's stored events in order: [{eid, type, data}] (data decoded)."""
    from django_eventstream.models import Event

    rows = Event.objects.filter(channel=channel_for(job_id), eid__gt=after_eid).order_by("eid")
    out = []
    for eid, event_type, raw in rows.values_list("eid", "type", "data"):
        data = json.loads(raw)  # django-eventstream stores the JSON text JSON-encoded once more
        out.append({"eid": eid, "type": event_type, "data": json.loads(data) if isinstance(data, str) else data})
    return out


def event_id(job_id, eid: int) -> str:
    """The SSE `id:` django-eventstream gives event `eid` of a job (what Last-Event-ID echoes)."""
    from django_eventstream.utils import make_id

    return make_id({channel_for(job_id): eid})


def stream_response(http_request, *, job_id):
    """The SSE response for one job's channel, served by django-eventstream (which checks the
    channel manager again, holds the connection and takes live events from Redis pub/sub).

    With Last-Event-ID (header or `lastEventId` query parameter) the stream resumes after that
    event, in order. Without it every stored event of the job is sent first, so a client that
    connects late (or a page that loads mid-run) misses nothing. The caller checks ownership."""
    from django_eventstream.utils import sse_encode_event
    from django_eventstream.views import events as eventstream_view

    resuming = http_request.META.get("HTTP_LAST_EVENT_ID") or any(http_request.GET.getlist("lastEventId"))
    history = ""
    if not resuming:
        stored = stored_events(job_id)
        if stored:
            history = "".join(
                sse_encode_event(e["type"], json.dumps(e["data"]), event_id=event_id(job_id, e["eid"])) for e in stored
            )
            # The live part starts after the last event sent here.
            http_request.META["HTTP_LAST_EVENT_ID"] = event_id(job_id, stored[-1]["eid"])
    response = eventstream_view(http_request, channel=channel_for(job_id))
    if isinstance(response, StreamingHttpResponse):
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"  # a reverse proxy must not buffer the stream
        if history:
            response.streaming_content = _prepend(history.encode(), response.streaming_content)
    return response


async def _prepend(first: bytes, rest):
    yield first
    async for chunk in rest:
        yield chunk
