"""Is the service alive: worker heartbeats and beat's last tick, kept in Redis.

Each Celery worker process writes `health:worker:<name>` every HEALTH_BEAT_SECONDS (a thread
started when the worker is ready; it keeps writing through Redis restarts), expiring after
three beats, so a worker that died disappears from the list within HEALTH_WORKER_TTL. Beat's
sweeper task (sent every SWEEP_INTERVAL_SECONDS) records when it last ran: beat is alive
when that is recent. `report()` is what GET /healthz returns.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time

from django.conf import settings

from jobs.runtime.redis_client import redis_client

logger = logging.getLogger(__name__)

WORKER_PREFIX = "health:worker:"
BEAT_KEY = "health:beat"
# A beat that missed three sweeps in a row is not ticking.
BEAT_STALE_SWEEPS = 3
WORKER_STALE_BEATS = 3


def beat_seconds() -> float:
    return float(settings.LEASE_RENEW_SECONDS)


def _worker_ttl_ms() -> int:
    return int(beat_seconds() * WORKER_STALE_BEATS * 1000)


def worker_beat(name: str) -> None:
    redis_client().set(
        f"{WORKER_PREFIX}{name}", json.dumps({"pid": os.getpid(), "at": time.time()}), px=_worker_ttl_ms()
    )


def worker_gone(name: str) -> None:
    redis_client().delete(f"{WORKER_PREFIX}{name}")


def start_worker_heartbeat(name: str) -> threading.Thread:
    """Write this worker's heartbeat now and every beat_seconds() from a daemon thread."""

    def loop():
        while True:
            try:
                worker_beat(name)
            except Exception:  # noqa: BLE001 - Redis restarting: try again next beat
                logger.warning("worker heartbeat not written", exc_info=True)
            time.sleep(beat_seconds())

    thread = threading.Thread(target=loop, name="health-heartbeat", daemon=True)
    thread.start()
    return thread


def beat_ticked() -> None:
    redis_client().set(BEAT_KEY, str(time.time()))


def report() -> dict:
    """{"workers": [{"name", "pid", "seconds_since_heartbeat"}], "workers_alive": n,
    "beat": {"alive", "seconds_since_tick"}}. Raises redis errors when Redis is unreachable."""
    r = redis_client()
    now = time.time()
    keys = sorted(k.decode() for k in r.scan_iter(match=f"{WORKER_PREFIX}*", count=500))
    values = r.mget(keys) if keys else []
    workers = []
    for key, raw in zip(keys, values):
        if raw is None:
            continue
        data = json.loads(raw)
        workers.append(
            {
                "name": key[len(WORKER_PREFIX) :],
                "pid": data.get("pid"),
                "seconds_since_heartbeat": round(now - float(data.get("at", now)), 1),
            }
        )
    tick = r.get(BEAT_KEY)
    since_tick = round(now - float(tick), 1) if tick else None
    beat_alive = since_tick is not None and since_tick <= BEAT_STALE_SWEEPS * settings.SWEEP_INTERVAL_SECONDS
    return {
        "workers": workers,
        "workers_alive": len(workers),
        "beat": {"alive": beat_alive, "seconds_since_tick": since_tick},
    }
