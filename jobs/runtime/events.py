"""Emitting and storing job events (django-eventstream's storage): stored for replay
(Last-Event-ID) and fanned out to every web process through Redis pub/sub. One channel per
job; serving it to its owner is the top floor's (jobs/events.py).

Types (the design's): plan_ready search source_read gap_found section_drafted claim_checked
budget_warning done failed, plus compacting (a worker's context is being compacted) and
cancelled.
"""

from __future__ import annotations

import json
import logging
import time
from contextlib import contextmanager, nullcontext

from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, connection, transaction
from django.db.models import Max
from django_eventstream import send_event
from django_eventstream.event import Event as StreamEvent
from django_eventstream.storage import DjangoModelStorage, EventDoesNotExist
from redis.exceptions import LockError

from jobs.runtime import rows

logger = logging.getLogger(__name__)

EVENT_TYPES = (
    "plan_ready",
    "search",
    "source_read",
    "gap_found",
    "section_drafted",
    "claim_checked",
    "budget_warning",
    "compacting",
    "done",
    "failed",
    "cancelled",
)
CHANNEL_PREFIX = "job-"


def channel_for(job_id) -> str:
    return f"{CHANNEL_PREFIX}{job_id}"


def job_id_from_channel(channel: str) -> str | None:
    return channel[len(CHANNEL_PREFIX) :] if channel.startswith(CHANNEL_PREFIX) else None


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
    if event_type in FOLLOW_UP_EVENT_TYPES:
        _enqueue_follow_ups(job_id, event_type)


# Events whose delivery to the owner's webhooks (and, for a watch run, the comparison with the
# report before it) happens in a task of its own: never inside the job's own steps.
FOLLOW_UP_EVENT_TYPES = frozenset({"plan_ready", "done", "failed", "cancelled"})
FOLLOW_UP_TASK = "jobs.tasks.job_event_follow_ups"


def _enqueue_follow_ups(job_id, event_type: str) -> None:
    """After commit, send the follow-up task by name when the job is a watch run or its owner has
    an active webhook. Never raises: a broker that is down must not fail the job's step."""
    from django.db.models import Q

    from jobs.models import Job
    from research_project.celery import app

    try:
        wanted = (
            Job.objects.filter(pk=job_id)
            .filter(Q(watch__isnull=False) | Q(user__webhook_endpoints__active=True))
            .exists()
        )
        if wanted:
            transaction.on_commit(lambda: _send_follow_ups(app, str(job_id), event_type))
    except Exception:  # noqa: BLE001 - see the docstring
        logger.exception("could not enqueue the follow-ups of %s for job %s", event_type, job_id)


def _send_follow_ups(app, job_id: str, event_type: str) -> None:
    try:
        app.send_task(FOLLOW_UP_TASK, (job_id, event_type))
    except Exception:  # noqa: BLE001 - the event stays stored; the job goes on
        logger.exception("could not send the follow-ups of %s for job %s", event_type, job_id)


PUBLISH_LOCK_SECONDS = 5  # one store + publish takes milliseconds; a dead holder frees it after this


@contextmanager
def _publish_lock(channel: str):
    from jobs.runtime.redis_client import redis_client

    lock = redis_client().lock(
        f"events:publish:{channel}", timeout=PUBLISH_LOCK_SECONDS, blocking_timeout=PUBLISH_LOCK_SECONDS
    )
    acquired = lock.acquire()
    try:
        yield
    finally:
        if acquired:
            try:
                lock.release()
            except LockError:  # expired while held: the next emitter already took over
                pass


TRIM_EVERY_SECONDS = 3600
TRIM_CHECK_SECONDS = 60


class JobEventStorage(DjangoModelStorage):
    """django-eventstream's database storage with one insert per event instead of five round
    trips: event ids come from a Redis counter per channel (re-seeded from the table when Redis
    lost it), the current id from the table, and old events are trimmed once an hour rather
    than on every append. Events stay in the events table for replay (Last-Event-ID)."""

    def append_event(self, channel, event_type, data):
        from django_eventstream.models import Event

        from jobs.runtime.redis_client import redis_client

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
                    # Plain SQL: one event per read and per check batch, and the ORM's create
                    # costs several times the statement (eid is always set, so Event.save has
                    # nothing to add).
                    rows.insert(
                        Event,
                        {
                            "channel": channel,
                            "type": event_type,
                            "eid": eid,
                            "data": json.dumps(data, cls=DjangoJSONEncoder),
                        },
                    )
                break
            except IntegrityError:
                r.delete(counter)  # reseed from the table and try again
        else:
            raise RuntimeError(f"could not store an event on {channel}")
        if self._trim_due() and r.set("eventstream:trimmed", "1", nx=True, ex=TRIM_EVERY_SECONDS):
            self.trim_event_log()
        return StreamEvent(channel, event_type, data, id=eid)

    _next_trim_check = 0.0

    @classmethod
    def _trim_due(cls) -> bool:
        """Whether this process should ask Redis if a trim is due: at most once a minute, not
        once per event (the trim itself runs once an hour across all processes)."""
        now = time.monotonic()
        if now < cls._next_trim_check:
            return False
        cls._next_trim_check = now + TRIM_CHECK_SECONDS
        return True

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
