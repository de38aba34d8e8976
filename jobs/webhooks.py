"""Signed webhooks (the Standard Webhooks spec, standardwebhooks.com): a user registers URLs for
job events (done, failed, cancelled, plan_ready); each event becomes one delivery per endpoint,
POSTed by a Celery task with retries and backoff, never inside the job's own steps.

Every POST carries `webhook-id` (the delivery's message id, the same on every attempt),
`webhook-timestamp` (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of
"<id>.<timestamp>.<body>" under the endpoint's secret>`; the body is
`{"type": "<event>", "timestamp": "<ISO 8601>", "data": {...}}`. A 2xx answer is success; any
other answer (redirects included: they are not followed), a timeout or a refused address is a
failed attempt, logged with its status and latency (admin: Webhook deliveries).

The target address is checked like a fetched page (agents/sources/fetch.py): private, loopback
and link-local addresses are refused unless FETCH_ALLOW_LOOPBACK_HOSTS names the host:port
(tests), and the connection goes to the address that was checked.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
import uuid
from urllib.parse import urlsplit, urlunsplit

import requests
from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, transaction
from django.utils import timezone

from agents.sources.fetch import FetchFailed, FetchRefused, PinnedAdapter, resolve_checked
from jobs.models import Job, WebhookAttempt, WebhookDelivery, WebhookEndpoint
from jobs.runtime.errors import ApplicationError

EVENTS = tuple(WebhookEndpoint.Event.values)
MAX_ENDPOINTS_PER_USER = 10
URL_MAX_CHARS = 2000
SECRET_BYTES = 24
CONNECT_TIMEOUT_SECONDS = 5
# A receiver should answer at once and do its work later (the spec asks for a quick 2xx).
READ_TIMEOUT_SECONDS = 15
ERROR_MAX_CHARS = 500
USER_AGENT = "DeepResearch-Webhooks/1.0"


# --- registration ---------------------------------------------------------------------------------
def check_target(url: str) -> tuple[str, str, int, str]:
    """(scheme, host, port, checked ip) of a webhook URL. Raises ApplicationError (field url)
    for another scheme, credentials in the URL, or a host that resolves to a refused address."""
    if not isinstance(url, str) or not url or len(url) > URL_MAX_CHARS:
        raise ApplicationError(f"url must be an http(s) URL of at most {URL_MAX_CHARS} characters", field="url")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ApplicationError("url must be an http(s) URL with a host", field="url")
    if parts.username or parts.password:
        raise ApplicationError("url must not hold credentials; authenticate with the signature", field="url")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise ApplicationError("url has an invalid port", field="url") from None
    try:
        ip = resolve_checked(parts.hostname, port)
    except (FetchRefused, FetchFailed) as exc:
        raise ApplicationError(f"refused: {exc}", field="url") from None
    return parts.scheme, parts.hostname, port, ip


def webhook_create(*, user, url: str, events: list | None = None, description: str = "") -> WebhookEndpoint:
    """Register an endpoint for `events` (default: all four). The secret is made here and shown
    to its owner once. Raises ApplicationError naming the field (400), or 409 past
    MAX_ENDPOINTS_PER_USER endpoints."""
    events = list(EVENTS) if events is None else events
    if not isinstance(events, list) or not events or any(e not in EVENTS for e in events):
        raise ApplicationError(f"events must be a non-empty list of {list(EVENTS)}", field="events")
    if not isinstance(description, str) or len(description) > 200 or "\x00" in description:
        raise ApplicationError("description must be text of at most 200 characters", field="description")
    check_target(url)
    if WebhookEndpoint.objects.filter(user=user).count() >= MAX_ENDPOINTS_PER_USER:
        raise ApplicationError(
            f"you already have {MAX_ENDPOINTS_PER_USER} webhooks; delete one first", field="url", status=409
        )
    secret = "whsec_" + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode()
    return WebhookEndpoint.objects.create(
        user=user, url=url, events=sorted(set(events)), description=description, secret=secret
    )


def webhook_list_for_user(*, user):
    return WebhookEndpoint.objects.filter(user=user).order_by("id")


def webhook_delete(*, user, webhook_id) -> None:
    """Delete one of the user's endpoints with its delivery log. Raises ApplicationError(404)."""
    try:
        webhook_id = int(webhook_id)
    except (TypeError, ValueError):
        raise ApplicationError("no such webhook", field="webhook_id", status=404) from None
    deleted, _ = WebhookEndpoint.objects.filter(pk=webhook_id, user=user).delete()
    if not deleted:
        raise ApplicationError("no such webhook", field="webhook_id", status=404)


# --- fan-out ------------------------------------------------------------------------------------
def _event_id(job_id: str, event_type: str) -> int:
    """The id of the job's latest stored event of this type (0 if none): a second `done` after a
    re-check is a new event; the same task delivered twice finds the same one."""
    from django_eventstream.models import Event

    from jobs.runtime.events import channel_for

    row = Event.objects.filter(channel=channel_for(job_id), type=event_type).order_by("-eid").first()
    return row.eid if row else 0


def event_payload(job: Job, event_type: str) -> dict:
    """The body of a delivery: {type, timestamp, data} with the job's state after the event."""
    data = {
        "job_id": str(job.pk),
        "question": job.question,
        "status": job.status,
        "url": f"/research/{job.pk}",
        "api_url": f"/v1/research/{job.pk}",
        "stopped_reason": job.stopped_reason or None,
        "error": job.error or None,
    }
    if event_type == "plan_ready":
        data["plan"] = [
            {"sq_id": sq.sq_id, "text": sq.text, "section": sq.section}
            for sq in job.subquestions.filter(round=1).order_by("position")
        ]
        data["plan_scope"] = job.plan_scope
    if event_type == "done":
        data["citation_precision"] = job.citation_precision
        data["sources"] = len((job.report or {}).get("sources", []))
    if job.watch_id:
        data["watch_id"] = job.watch_id
        data["what_changed"] = job.what_changed
    return {"type": event_type, "timestamp": timezone.now().isoformat(), "data": data}


def deliveries_create(*, job_id: str, event_type: str) -> list[int]:
    """One pending delivery per active endpoint of the job's owner that wants `event_type`;
    returns the ids of the new ones (none when this event was already fanned out)."""
    job = Job.objects.select_related("user").get(pk=job_id)
    key = f"{job.pk}:{event_type}:{_event_id(job_id, event_type)}"
    payload = json.loads(json.dumps(event_payload(job, event_type), cls=DjangoJSONEncoder))
    created = []
    for endpoint in WebhookEndpoint.objects.filter(user=job.user, active=True):
        if event_type not in endpoint.events:
            continue
        try:
            with transaction.atomic():
                delivery = WebhookDelivery.objects.create(
                    endpoint=endpoint,
                    job=job,
                    event_key=key,
                    event_type=event_type,
                    payload=payload,
                    message_id=f"msg_{uuid.uuid4().hex}",
                )
        except IntegrityError:  # already fanned out (the task ran twice)
            continue
        created.append(delivery.pk)
    return created


# --- sending ------------------------------------------------------------------------------------
def sign(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    """The Standard Webhooks signature header value: "v1,<base64 HMAC-SHA256>"."""
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{message_id}.{timestamp}.".encode() + body
    return "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()


def _post(url: str, headers: dict, body: bytes) -> int:
    """POST to the checked address of `url`; the HTTP status. Raises ApplicationError for a
    refused address and requests' errors for no answer."""
    scheme, host, port, ip = check_target(url)
    parts = urlsplit(url)
    ip_host = f"[{ip}]" if ":" in ip else ip
    pinned = urlunsplit((scheme, f"{ip_host}:{port}", parts.path or "/", parts.query, ""))
    host_header = (f"[{host}]" if ":" in host else host) + (f":{parts.port}" if parts.port else "")
    with requests.Session() as session:
        session.trust_env = False  # no proxy from the environment bypasses the address check
        session.verify = settings.FETCH_CA_BUNDLE or True
        session.mount(f"{scheme}://", PinnedAdapter(host, max_retries=0))
        response = session.post(
            pinned,
            data=body,
            headers={**headers, "Host": host_header},
            timeout=(CONNECT_TIMEOUT_SECONDS, READ_TIMEOUT_SECONDS),
            allow_redirects=False,
        )
        response.close()
        return response.status_code


def delivery_attempt(*, delivery_id: int) -> bool | None:
    """POST the delivery once and log the attempt. True: delivered (2xx); False: this attempt
    failed (the caller retries or gives up); None: nothing to do (already delivered or the
    endpoint is gone or inactive)."""
    delivery = WebhookDelivery.objects.select_related("endpoint").filter(pk=delivery_id).first()
    if delivery is None or delivery.status == WebhookDelivery.Status.SUCCEEDED or not delivery.endpoint.active:
        return None
    endpoint = delivery.endpoint
    body = json.dumps(delivery.payload, separators=(",", ":")).encode()
    timestamp = int(time.time())
    headers = {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "webhook-id": delivery.message_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": sign(endpoint.secret, delivery.message_id, timestamp, body),
    }
    number = delivery.attempts + 1
    started = time.monotonic()
    status_code, error = None, ""
    try:
        status_code = _post(endpoint.url, headers, body)
        if not 200 <= status_code < 300:
            error = f"HTTP {status_code}"
    except ApplicationError as exc:
        error = exc.message
    except requests.RequestException as exc:
        error = f"{type(exc).__name__}: {exc}"
    latency_ms = round((time.monotonic() - started) * 1000)
    ok = not error
    with transaction.atomic():
        WebhookAttempt.objects.create(
            delivery=delivery,
            number=number,
            status_code=status_code,
            latency_ms=latency_ms,
            error=error[:ERROR_MAX_CHARS],
        )
        WebhookDelivery.objects.filter(pk=delivery.pk).update(
            attempts=number,
            status=WebhookDelivery.Status.SUCCEEDED if ok else WebhookDelivery.Status.PENDING,
            finished_at=timezone.now() if ok else None,
        )
    return ok


def delivery_give_up(*, delivery_id: int) -> None:
    WebhookDelivery.objects.filter(pk=delivery_id).exclude(status=WebhookDelivery.Status.SUCCEEDED).update(
        status=WebhookDelivery.Status.FAILED, finished_at=timezone.now()
    )


def retry_delay_seconds(attempt: int) -> float:
    """Seconds before attempt `attempt + 1`: WEBHOOK_RETRY_BASE_SECONDS times 4**(attempt - 1)
    (default 10 s, 40 s, 2.7 min, 11 min, 43 min: about an hour over WEBHOOK_MAX_ATTEMPTS = 6)."""
    return settings.WEBHOOK_RETRY_BASE_SECONDS * 4 ** max(attempt - 1, 0)
