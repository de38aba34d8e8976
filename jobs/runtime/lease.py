"""One lease per job, with fencing.

Every task working on a job holds the lease through `hold()`. One keeper thread per process
renews all held leases every LEASE_RENEW_SECONDS. When every worker on a job has died, the
lease lapses after LEASE_TTL_SECONDS; the sweeper bumps the job's epoch (the lease
generation) and re-dispatches it from the step log. A runner of an older epoch finds its
renewal refused, is marked lost, and every write it then tries is refused by the epoch check
in the step commit (jobs/runtime/steps.py).
"""
from __future__ import annotations

import json
import logging
import os
import re
import socket
import threading
from contextlib import contextmanager
from datetime import datetime, timedelta

from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.utils import timezone

from jobs.runtime.errors import JobStopped, LeaseLost

logger = logging.getLogger(__name__)

OWNER = f"{socket.gethostname()}:{os.getpid()}"
# Jobs one sweep takes over at most; the next sweep (10 s later) takes the rest.
SWEEP_BATCH = 500


def _active_statuses():
    from jobs.models import Job

    return Job.ACTIVE_STATUSES


def renew(job_id, epoch: int) -> bool:
    """Extend the lease if `epoch` still owns an active job. Returns False when fenced."""
    from jobs.models import Job

    return bool(
        Job.objects.filter(pk=job_id, epoch=epoch, status__in=_active_statuses()).update(
            lease_owner=OWNER[:200],
            lease_expires_at=timezone.now() + timedelta(seconds=settings.LEASE_TTL_SECONDS),
        )
    )


class _Keeper:
    def __init__(self):
        self._lock = threading.Lock()
        self._held: dict[tuple[str, int], int] = {}
        self._lost: set[tuple[str, int]] = set()
        self._thread: threading.Thread | None = None
        self._pid = None

    def _ensure_thread(self):
        # A forked child (prefork pool) has no keeper thread: start one per process.
        if self._thread is None or not self._thread.is_alive() or self._pid != os.getpid():
            self._pid = os.getpid()
            self._thread = threading.Thread(target=self._run, name="lease-keeper", daemon=True)
            self._thread.start()

    def acquire(self, job_id: str, epoch: int) -> None:
        key = (str(job_id), int(epoch))
        with self._lock:
            self._held[key] = self._held.get(key, 0) + 1
            self._ensure_thread()

    def release(self, job_id: str, epoch: int) -> None:
        key = (str(job_id), int(epoch))
        with self._lock:
            n = self._held.get(key, 0) - 1
            if n <= 0:
                self._held.pop(key, None)
                self._lost.discard(key)
            else:
                self._held[key] = n

    def is_lost(self, job_id, epoch) -> bool:
        return (str(job_id), int(epoch)) in self._lost

    def mark_lost(self, job_id, epoch) -> None:
        with self._lock:
            self._lost.add((str(job_id), int(epoch)))

    def renew_all(self) -> None:
        with self._lock:
            keys = list(self._held)
        for job_id, epoch in keys:
            try:
                if not renew(job_id, epoch):
                    self.mark_lost(job_id, epoch)
            except Exception:  # noqa: BLE001 - a database hiccup must not kill the keeper
                logger.exception("lease renewal failed for %s", job_id)

    def _run(self):
        stop = threading.Event()
        try:
            while not stop.wait(settings.LEASE_RENEW_SECONDS):
                close_old_connections()
                self.renew_all()
        finally:
            connection.close()


keeper = _Keeper()


@contextmanager
def hold(job_id, epoch: int):
    """Hold the job's lease while the block runs. Raises LeaseLost when `epoch` is stale and
    JobStopped when the job is no longer active."""
    from jobs.models import Job

    if not renew(job_id, epoch):
        current = Job.objects.filter(pk=job_id).values_list("epoch", "status").first()
        if current and current[0] != epoch:
            raise LeaseLost(f"job {job_id}: epoch {epoch} replaced by {current[0]}")
        raise JobStopped(f"job {job_id} is not active")
    keeper.acquire(job_id, epoch)
    try:
        yield
    finally:
        keeper.release(job_id, epoch)


def check(job_id, epoch: int) -> None:
    """Raise LeaseLost when the keeper saw this epoch fenced."""
    if keeper.is_lost(job_id, epoch):
        raise LeaseLost(f"job {job_id}: lease of epoch {epoch} lost")


_UUID_RE = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def queued_job_ids() -> set[str]:
    """Jobs with a task message waiting in the broker queue. Their next step is only waiting for
    a free worker, not lost: under a backlog a lease may lapse while work is queued, and taking
    the job over then would only redo work. (Messages a dead worker had reserved are not in the
    queue, so crashes are still detected.)"""
    from jobs.runtime.redis_client import redis_client

    r = redis_client()
    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    keys = [queue] + [f"{queue}\x06\x16{p}" for p in (3, 6, 9)]  # kombu's priority sub-queues
    found = set()
    for key in keys:
        for raw in r.lrange(key, 0, -1):
            try:
                headers = json.loads(raw).get("headers", {})
            except (ValueError, AttributeError):
                continue
            if headers.get("task") == "jobs.tasks.sweep_job":
                continue  # a lease check is not work on the job
            argsrepr = headers.get("argsrepr", "")
            found.update(_UUID_RE.findall(argsrepr or "")[:1])
    return found


def expiring_before_next_sweep() -> list[tuple[str, datetime]]:
    """Active jobs whose lease was not renewed for a whole renewal period and lapses before the
    next sweep: (job_id, lease_expires_at). A healthy job's lease always lies 20-30 s ahead, so
    only jobs whose workers stopped renewing show up here. Checking each exactly at its expiry
    (instead of at the next sweep) keeps kill-to-resume at the 30 s expiry, not 30 s + a sweep."""
    from jobs.models import Job

    now = timezone.now()
    return [
        (str(pk), expires)
        for pk, expires in Job.objects.filter(
            status__in=_active_statuses(), lease_expires_at__gte=now,
            lease_expires_at__lt=now + timedelta(seconds=settings.SWEEP_INTERVAL_SECONDS),
        ).values_list("pk", "lease_expires_at")[:SWEEP_BATCH]
    ]


def take_over_expired(job_ids=None) -> list[tuple[str, int]]:
    """Bump the epoch of every active job (or of `job_ids`) whose lease lapsed and that has no
    task waiting in the queue; return (job_id, new_epoch) for each job this call took over.
    The conditional update makes two sweepers safe."""
    from jobs.models import Job

    now = timezone.now()
    taken = []
    scope = Job.objects.filter(status__in=_active_statuses(), lease_expires_at__lt=now)
    if job_ids is not None:
        scope = scope.filter(pk__in=list(job_ids))
    waiting = queued_job_ids()
    if waiting:
        # Queued work keeps its job's lease: it is behind a backlog, not lost.
        scope.filter(pk__in=waiting).update(
            lease_expires_at=now + timedelta(seconds=settings.LEASE_TTL_SECONDS), lease_owner="queued"
        )
    with transaction.atomic():
        # A row locked by a runner committing a step (or by a stopped one, until PostgreSQL
        # ends its idle transaction) is skipped this round instead of blocking the sweeper.
        expired = list(scope.select_for_update(skip_locked=True).values_list("pk", "epoch")[:SWEEP_BATCH])
        for job_id, epoch in expired:
            won = Job.objects.filter(pk=job_id, epoch=epoch, lease_expires_at__lt=now).update(
                epoch=epoch + 1,
                lease_owner="sweeper",
                lease_expires_at=now + timedelta(seconds=settings.LEASE_TTL_SECONDS),
            )
            if won:
                taken.append((str(job_id), epoch + 1))
    if taken:
        from jobs.runtime import telemetry

        telemetry.count("lease_takeovers", len(taken))
    return taken
