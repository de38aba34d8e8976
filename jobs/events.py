"""Job events through django-eventstream: stored for replay (Last-Event-ID) and fanned out
to every web process through Redis pub/sub. One channel per job, readable by its owner only.

Types (the design's): plan_ready search source_read gap_found section_drafted claim_checked
budget_warning done failed, plus compacting (a worker's context is being compacted) and
cancelled.
"""
from __future__ import annotations

import logging
import uuid

from django_eventstream import send_event
from django_eventstream.channelmanager import DefaultChannelManager

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
    try:
        send_event(channel_for(job_id), event_type, {"job_id": str(job_id), **(data or {})})
    except Exception:  # noqa: BLE001 - events are best effort; the step log is the record
        logger.exception("could not emit %s for job %s", event_type, job_id)


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
