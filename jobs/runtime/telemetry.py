"""The service's own counters for operators (Prometheus: jobs/metrics.py serves them).

Workers and web processes on any number of machines add to process-local counters (no I/O on
the hot path); a daemon thread per process adds what accumulated to one Redis hash every
TELEMETRY_FLUSH_SECONDS in a single pipeline, so every web process serves the fleet's totals.
A process killed with -9 loses at most its last interval of counts (metrics, not the record:
the step log and provider_calls are). Counters only grow; Prometheus' rate() makes them per
second.

Names are `name` or `name|label=value,...` fields of the hash COUNTERS_KEY; a histogram is a
counter per bucket (`name_bucket|le=...`) plus `name_sum` and `name_count`.
"""

from __future__ import annotations

import atexit
import logging
import os
import threading
from collections import defaultdict

from django.conf import settings

logger = logging.getLogger(__name__)

COUNTERS_KEY = "telemetry:counters"
# Task dispatch latency buckets (seconds): the design asks p95 <= 2 s.
DISPATCH_BUCKETS_SECONDS = (0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60)

_lock = threading.Lock()
_pending: dict[str, float] = defaultdict(float)
_thread: threading.Thread | None = None
_pid: int | None = None


def field(name: str, **labels) -> str:
    if not labels:
        return name
    return name + "|" + ",".join(f"{k}={labels[k]}" for k in sorted(labels))


def parse_field(raw: str) -> tuple[str, dict]:
    name, _, rest = raw.partition("|")
    labels = dict(item.split("=", 1) for item in rest.split(",") if "=" in item) if rest else {}
    return name, labels


def count(name: str, value: float = 1, **labels) -> None:
    """Add `value` to counter `name` with `labels` (in this process; flushed to Redis soon)."""
    if not settings.TELEMETRY_ENABLED:
        return
    key = field(name, **labels)
    with _lock:
        _pending[key] += value
        _ensure_flusher()


def observe(name: str, seconds: float, buckets=DISPATCH_BUCKETS_SECONDS) -> None:
    """Record one observation of histogram `name`."""
    if not settings.TELEMETRY_ENABLED:
        return
    with _lock:
        for bound in buckets:
            if seconds <= bound:
                _pending[field(f"{name}_bucket", le=str(float(bound)))] += 1
        _pending[field(f"{name}_bucket", le="+Inf")] += 1
        _pending[f"{name}_sum"] += seconds
        _pending[f"{name}_count"] += 1
        _ensure_flusher()


def _ensure_flusher() -> None:
    # Called under _lock. A forked child (prefork pool) has no flusher thread: start one per process.
    global _thread, _pid
    if _thread is not None and _thread.is_alive() and _pid == os.getpid():
        return
    if _pid is not None and _pid != os.getpid():
        _pending.clear()  # counts inherited from the parent: the parent flushes them
    _pid = os.getpid()
    _thread = threading.Thread(target=_run, name="telemetry-flusher", daemon=True)
    _thread.start()


def flush() -> None:
    """Add the counts accumulated in this process to Redis (one pipeline) and start afresh."""
    with _lock:
        batch = dict(_pending)
        _pending.clear()
    if not batch:
        return
    from jobs.runtime.redis_client import redis_client

    try:
        pipe = redis_client().pipeline(transaction=False)
        for key, value in batch.items():
            pipe.hincrbyfloat(COUNTERS_KEY, key, value)
        pipe.execute()
    except Exception:  # noqa: BLE001 - Redis down: keep the counts for the next flush
        with _lock:
            for key, value in batch.items():
                _pending[key] += value
        logger.warning("could not flush telemetry counters", exc_info=True)


def _run() -> None:
    stop = threading.Event()
    while not stop.wait(settings.TELEMETRY_FLUSH_SECONDS):
        flush()


def totals() -> dict[str, float]:
    """Every counter of the fleet (what has been flushed): {field: value}."""
    from jobs.runtime.redis_client import redis_client

    return {k.decode(): float(v) for k, v in redis_client().hgetall(COUNTERS_KEY).items()}


def record_dispatch_latency(task=None, **kwargs) -> None:
    """task_prerun: seconds between a task message leaving its producer and the task starting."""
    import time

    sent_at = getattr(task.request, "sent_at", None) if task is not None else None
    if sent_at:
        observe("dispatch_latency_seconds", max(0.0, time.time() - float(sent_at)))


atexit.register(flush)
