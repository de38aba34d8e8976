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
    if event_type == "claim_checked" and "count" in data:
        return (
            f"checked claims {data['index'] + 1}-{data['index'] + data['count']}: {data['kept']} kept, "
            f"{data['rewritten']} rewritten, {data['dropped']} dropped"
        )
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
    """A channel `job-<uuid>` is readable only by the job's owner. Channels are never taken
    from a request (stream_response names the one channel)."""

    def get_channels_for_request(self, request, view_kwargs):
        return set()

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


# Query parameters through which django-eventstream lets a client pick the channels and the
# user of a stream. This service picks both on the server; a request naming them is refused.
CLIENT_CHANNEL_PARAMETERS = ("es-meta", "channel", "channels")


def _requested_last_eid(http_request, channel: str) -> int | None:
    """The event id of `channel` the client resumes after (Last-Event-ID header, else the last
    non-empty `lastEventId` parameter), or None when it names none of this channel's events.
    Raises ApplicationError(400) for an id that does not parse."""
    from urllib.parse import unquote

    from jobs.runtime.errors import ApplicationError

    raw = http_request.META.get("HTTP_LAST_EVENT_ID") or next(
        (v for v in reversed(http_request.GET.getlist("lastEventId")) if v), ""
    )
    found = None
    for part in raw.split(",") if raw else []:
        name, sep, eid = part.rpartition(":")
        if not sep or not eid.isdigit():
            raise ApplicationError(
                "Last-Event-ID must be an event id this stream sent (job-<job_id>:<n>)", field="Last-Event-ID"
            )
        if unquote(name) == channel:
            found = int(eid)
    return found


def stream_response(http_request, *, job_id, user):
    """The SSE response for one job's channel, served by django-eventstream's stream (which
    checks the channel manager again, holds the connection and takes live events from Redis
    pub/sub). The channel and the user are the ones given here: django-eventstream's own request
    parsing, which would take them from a client-sent `es-meta` token or `channel(s)`
    parameters, is not used.

    With Last-Event-ID (header or `lastEventId` query parameter) naming an event of this job
    the stream resumes after it, in order. Without it every stored event of the job is sent
    first, so a client that connects late (or a page that loads mid-run) misses nothing. The
    caller checks ownership. Raises ApplicationError(400) for a parameter naming channels or a
    malformed Last-Event-ID."""
    from django_eventstream.eventrequest import EventRequest
    from django_eventstream.utils import add_default_headers, sse_encode_event
    from django_eventstream.views import Listener, stream

    from jobs.runtime.errors import ApplicationError

    for name in CLIENT_CHANNEL_PARAMETERS:
        if name in http_request.GET:
            raise ApplicationError(
                f"{name} is not accepted: a stream's channel and reader come from its URL and your login", field=name
            )
    channel = channel_for(job_id)
    last_eid = _requested_last_eid(http_request, channel)
    history = ""
    if last_eid is None:
        stored = stored_events(job_id)
        if stored:
            history = "".join(
                sse_encode_event(e["type"], json.dumps(e["data"]), event_id=event_id(job_id, e["eid"])) for e in stored
            )
            last_eid = stored[-1]["eid"]  # the live part starts after the last event sent here
    event_request = EventRequest()  # filled from the server's side only
    event_request.channels = {channel}
    event_request.channel_last_ids = {channel: str(last_eid)} if last_eid is not None else {}
    event_request.is_next = event_request.is_recover = False
    event_request.user = user
    listener = Listener()
    listener.user_id = user.pk
    listener.channels = event_request.channels
    response = StreamingHttpResponse(stream(event_request, listener), content_type="text/event-stream")
    add_default_headers(response, request=http_request)
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a reverse proxy must not buffer the stream
    if history:
        response.streaming_content = _prepend(history.encode(), response.streaming_content)
    return response


async def _prepend(first: bytes, rest):
    yield first
    async for chunk in rest:
        yield chunk
