"""The Prometheus endpoint (`/metrics`): django-prometheus' request, response, database and
cache metrics of the web process serving the scrape, plus the service's own figures for the
whole fleet, read at scrape time from the shared stores (so any web process answers the same):

- research_jobs{status}: jobs planning, awaiting approval, researching, writing or checking now;
- research_jobs_created_total, research_jobs_finished_total{status}: done, failed, cancelled;
- research_steps_total{kind}: steps committed (rate() = steps per second);
- research_model_tokens_total{kind,direction}, research_model_usd_total{kind}: what the model
  calls of committed steps spent;
- research_lease_takeovers_total: jobs the sweeper re-dispatched after their lease lapsed;
- research_leases_lapsed: active jobs whose lease has expired and is not yet taken over;
- research_queue_depth{queue}: task messages waiting in the broker;
- research_task_dispatch_latency_seconds: a task's wait from its message being sent to its start.

Counters come from jobs/runtime/telemetry.py (flushed by every process to Redis). With
METRICS_TOKEN set the endpoint asks for `Authorization: Bearer <token>`.
"""

from __future__ import annotations

import hmac

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily

from jobs.models import Job
from jobs.runtime import telemetry

PREFIX = "research_"
# Statuses shown as a gauge (indexed: jobs_status_lease_expires_at); ended jobs are counters.
OPEN_STATUSES = (*Job.ACTIVE_STATUSES, Job.Status.AWAITING_APPROVAL)
COUNTERS = {
    "jobs_created": ("Jobs created.", ()),
    "jobs_finished": ("Jobs that ended, by final status.", ("status",)),
    "steps": ("Steps committed, by kind (rate() = steps per second).", ("kind",)),
    "model_tokens": (
        "Model tokens spent by committed steps, by step kind and direction (in, out).",
        ("kind", "direction"),
    ),
    "model_usd": ("Dollars spent on model calls by committed steps, by step kind.", ("kind",)),
    "lease_takeovers": ("Jobs re-dispatched by the sweeper after their lease lapsed.", ()),
}
DISPATCH = "dispatch_latency_seconds"


def _families(with_samples: bool):
    totals = telemetry.totals() if with_samples else {}
    by_name: dict[str, list] = {}
    for raw, value in totals.items():
        name, labels = telemetry.parse_field(raw)
        by_name.setdefault(name, []).append((labels, value))
    out = []
    for name, (doc, label_names) in COUNTERS.items():
        family = CounterMetricFamily(PREFIX + name, doc, labels=label_names)
        for labels, value in by_name.get(name, []):
            family.add_metric([labels.get(n, "") for n in label_names], value)
        out.append(family)
    jobs = GaugeMetricFamily(PREFIX + "jobs", "Jobs not ended, by status.", labels=("status",))
    lapsed = GaugeMetricFamily(PREFIX + "leases_lapsed", "Active jobs whose lease expired and was not taken over yet.")
    queue = GaugeMetricFamily(PREFIX + "queue_depth", "Task messages waiting in the broker queue.", labels=("queue",))
    buckets = sorted(
        ((labels["le"], value) for labels, value in by_name.get(f"{DISPATCH}_bucket", [])), key=lambda b: float(b[0])
    )
    dispatch = HistogramMetricFamily(
        PREFIX + "task_dispatch_latency_seconds", "Seconds from a task message being sent to the task starting."
    )
    if with_samples:
        from django.db.models import Count

        counts = dict(Job.objects.filter(status__in=OPEN_STATUSES).values_list("status").annotate(n=Count("pk")))
        for status in OPEN_STATUSES:
            jobs.add_metric([status], counts.get(status, 0))
        lapsed.add_metric(
            [], Job.objects.filter(status__in=Job.ACTIVE_STATUSES, lease_expires_at__lt=timezone.now()).count()
        )
        name = settings.CELERY_TASK_DEFAULT_QUEUE
        queue.add_metric([name], _queue_depth(name))
        if buckets:
            dispatch.add_metric([], buckets, sum(v for _, v in by_name.get(f"{DISPATCH}_sum", [])))
    return [*out, jobs, lapsed, queue, dispatch]


def _queue_depth(queue: str) -> int:
    from jobs.runtime.redis_client import redis_client

    pipe = redis_client().pipeline(transaction=False)
    for key in [queue] + [f"{queue}\x06\x16{p}" for p in (3, 6, 9)]:  # kombu's priority sub-queues
        pipe.llen(key)
    return sum(pipe.execute())


class ServiceCollector:
    """A prometheus_client collector; describe() touches no store (registration happens at
    start-up, where nothing may be reached)."""

    def describe(self):
        return _families(with_samples=False)

    def collect(self):
        return _families(with_samples=True)


_registered = False


def register() -> None:
    global _registered
    if _registered:
        return
    from prometheus_client import REGISTRY

    REGISTRY.register(ServiceCollector())
    _registered = True


def metrics_view(request: HttpRequest) -> HttpResponse:
    token = settings.METRICS_TOKEN
    if token:
        given = request.headers.get("Authorization", "")
        if not hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
            return HttpResponse(
                "metrics need Authorization: Bearer <METRICS_TOKEN>\n", status=401, content_type="text/plain"
            )
    from django_prometheus.exports import ExportToDjangoView

    return ExportToDjangoView(request)
