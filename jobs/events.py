"""The event stream served to clients: who may read a job's channel (its owner only), the
SSE response with the stored history first, and one line per event for people (CLI, live
page). Emitting and storing events is the runtime's (jobs/runtime/events.py)."""
from __future__ import annotations

import json
import uuid

from django.http import StreamingHttpResponse
from django_eventstream.channelmanager import DefaultChannelManager

from jobs.runtime.events import EVENT_TYPES, channel_for, event_id, job_id_from_channel, stored_events

__all__ = ["EVENT_TYPES", "JobChannelManager", "describe", "stream_response"]


def describe(event_type: str, data: dict) -> str:
    """One line for a person (the CLI and the live page). Raises KeyError for a malformed event."""
    if event_type == "plan_ready":
        lines = [f"plan: {len(data['subquestions'])} sub-questions"]
        if data.get("scope"):
            lines.append(f"  narrowed: {data['scope']}")
        lines += [f"  - {sq['text']}" + (f" (hop {sq['hop']})" if sq.get("hop") else "") for sq in data["subquestions"]]
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
