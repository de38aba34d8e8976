"""One lease per job, with fencing, and a claim per worker process on each job it works on.

Every task working on a job holds the lease through `hold()`. One keeper thread per process
renews all held leases every LEASE_RENEW_SECONDS. When every worker on a job has died, the
lease lapses after LEASE_TTL_SECONDS; the sweeper bumps the job's epoch (the lease
generation) and re-dispatches it from the step log.

A job's lease stays alive while any worker runs one of its tasks, so a lapsed lease alone
would notice a dead worker only after the survivors' tasks end. So each process also claims
the jobs it works on (Redis hash `lease:claims:<job>`, field `<owner>|<epoch>`) and keeps a
heartbeat (`lease:alive:<owner>`, renewed with the leases, expiring after LEASE_TTL_SECONDS).
A claim of the job's current epoch whose owner's heartbeat is gone is a task that died. When
no other owner holds a live claim of that epoch, the sweeper takes the job over at once. When
survivors do, fencing them at once would throw their steps in flight away and run them again;
so the sweeper marks the epoch draining instead (jobs/runtime/drain.py): no task of it starts
a new step, the steps in flight commit, and the job is taken over as soon as no live claim of
the epoch is left (each task that ends during a drain asks for a check) or DRAIN_GRACE_SECONDS
after the mark (a check is scheduled at the grace's end), whichever comes first. Kill to
resume is then at most the heartbeat expiry plus the grace. Redis losing the claims or the
mark loses nothing but speed: the keeper writes the claims again on its next beat, a lost mark
is set again by the next sweep (one more grace), and the lapsed lease still catches a job all
of whose workers died. A runner of an older epoch finds its renewal refused, is marked lost,
and every write it then tries is refused by the epoch check in the step commit
(jobs/runtime/steps.py).
"""

from __future__ import annotations

import json
import logging
import os
import re
import socket
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.utils import timezone

from jobs.runtime import drain
from jobs.runtime.errors import JobStopped, LeaseLost

logger = logging.getLogger(__name__)

OWNER = f"{socket.gethostname()}:{os.getpid()}"
# Jobs one sweep takes over at most; the next sweep (10 s later) takes the rest.
SWEEP_BATCH = 500
# A job's claims hash outlives any task (a week); the keeper refreshes it while it works.
CLAIMS_TTL_SECONDS = 7 * 24 * 3600


def _active_statuses():
    from jobs.models import Job

    return Job.ACTIVE_STATUSES


def _claims_key(job_id) -> str:
    return f"lease:claims:{job_id}"


def _alive_key(owner: str) -> str:
    return f"lease:alive:{owner}"


def _claim_field(epoch: int) -> str:
    return f"{OWNER}|{int(epoch)}"


def beat(claims: list[tuple[str, int]]) -> None:
    """This process is alive (for LEASE_TTL_SECONDS), and works on `claims` (job, epoch)."""
    from jobs.runtime.redis_client import redis_client

    pipe = redis_client().pipeline(transaction=False)
    pipe.set(_alive_key(OWNER), "1", px=int(settings.LEASE_TTL_SECONDS * 1000))
    for job_id, epoch in claims:
        pipe.hset(_claims_key(job_id), _claim_field(epoch), int(epoch))
        pipe.expire(_claims_key(job_id), CLAIMS_TTL_SECONDS)
    pipe.execute()


def unclaim(job_id, epoch: int) -> None:
    from jobs.runtime.redis_client import redis_client

    redis_client().hdel(_claims_key(job_id), _claim_field(epoch))


def renew(job_id, epoch: int):
    """Extend the lease if `epoch` still owns an active job. Returns the job as its row now is
    (a task works with it: no second read), or None when fenced."""
    from jobs.models import Job

    meta = Job._meta
    active = list(_active_statuses())
    expires = timezone.now() + timedelta(seconds=settings.LEASE_TTL_SECONDS)
    params = [
        OWNER[:200],
        meta.get_field("lease_expires_at").get_db_prep_value(expires, connection),
        meta.pk.get_db_prep_value(job_id, connection),
        int(epoch),
        *active,
    ]
    marks = ", ".join(["%s"] * len(active))
    rows = Job.objects.raw(
        f"UPDATE {meta.db_table} SET lease_owner = %s, lease_expires_at = %s "
        f"WHERE job_id = %s AND epoch = %s AND status IN ({marks}) RETURNING *",
        params,
    )
    job = next(iter(rows), None)
    if job is not None:
        keeper.renewed([(str(job_id), int(epoch))])
    return job


def owned(job_id, epoch: int):
    """The job, if `epoch` still owns it and it is active, read without renewing the lease (this
    process renewed it less than LEASE_RENEW_SECONDS ago); None otherwise."""
    from jobs.models import Job

    # One raw statement: read by every task, the ORM's query building cost more than the read.
    meta = Job._meta
    active = list(_active_statuses())
    marks = ", ".join(["%s"] * len(active))
    rows = Job.objects.raw(
        f"SELECT * FROM {meta.db_table} WHERE job_id = %s AND epoch = %s AND status IN ({marks})",
        [meta.pk.get_db_prep_value(job_id, connection), int(epoch), *active],
    )
    return next(iter(rows), None)


# The keeper renews every lease its process holds in one UPDATE per this many jobs: one round
# trip per renewal, with hundreds of jobs in flight and hundreds of threads wanting the GIL, let
# renewals fall behind the 30 s expiry (16 of 278 jobs lapsed in `bench concurrency`).
RENEW_BATCH = 500


def renew_many(keys: list[tuple[str, int]]) -> set[tuple[str, int]]:
    """Extend the leases of the (job, epoch) pairs that still own active jobs, in one UPDATE;
    returns the pairs renewed."""
    from jobs.models import Job

    if not keys:
        return set()
    meta = Job._meta
    active = list(_active_statuses())
    expires = timezone.now() + timedelta(seconds=settings.LEASE_TTL_SECONDS)
    pairs = ", ".join(["(%s, %s)"] * len(keys))
    params = [OWNER[:200], meta.get_field("lease_expires_at").get_db_prep_value(expires, connection), *active]
    for job_id, epoch in keys:
        params += [meta.pk.get_db_prep_value(job_id, connection), int(epoch)]
    marks = ", ".join(["%s"] * len(active))
    with connection.cursor() as cur:
        cur.execute(
            f"UPDATE {meta.db_table} SET lease_owner = %s, lease_expires_at = %s "
            f"WHERE status IN ({marks}) AND (job_id, epoch) IN (VALUES {pairs}) RETURNING job_id, epoch",
            params,
        )
        rows = cur.fetchall()
    return {(str(meta.pk.to_python(job_id)), int(epoch)) for job_id, epoch in rows}


class _Keeper:
    """The leases this process holds, renewed by one thread; and its heartbeat with its claims,
    written by another (a renewal blocked on a locked job row must not stop the heartbeat, or
    a live worker would look dead)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._held: dict[tuple[str, int], int] = {}
        self._lost: set[tuple[str, int]] = set()
        # When this process last extended each lease (monotonic seconds): a task that starts
        # within LEASE_RENEW_SECONDS of it reads the job instead of writing the row again.
        self._renewed_at: dict[tuple[str, int], float] = {}
        self._threads: list[threading.Thread] = []
        self._pid = None

    def _ensure_threads(self):
        # A forked child (prefork pool) has no keeper threads: start them once per process.
        if self._pid != os.getpid() or not all(t.is_alive() for t in self._threads) or not self._threads:
            self._pid = os.getpid()
            self._threads = [
                threading.Thread(target=self._run, name="lease-keeper", daemon=True),
                threading.Thread(target=self._heartbeat, name="lease-heartbeat", daemon=True),
            ]
            for thread in self._threads:
                thread.start()

    def acquire(self, job_id: str, epoch: int) -> None:
        key = (str(job_id), int(epoch))
        with self._lock:
            first = key not in self._held
            self._held[key] = self._held.get(key, 0) + 1
            self._ensure_threads()
            if first:
                _quietly(beat, [key])

    def release(self, job_id: str, epoch: int) -> None:
        key = (str(job_id), int(epoch))
        with self._lock:  # with the heartbeat's lock: a beat never writes back a released claim
            n = self._held.get(key, 0) - 1
            if n <= 0:
                self._held.pop(key, None)
                self._lost.discard(key)
                _quietly(unclaim, *key)
            else:
                self._held[key] = n

    def renewed(self, keys) -> None:
        now = time.monotonic()
        with self._lock:
            for key in keys:
                self._renewed_at[key] = now
            if len(self._renewed_at) > RENEW_BATCH:  # forget leases not extended for a whole expiry
                self._renewed_at = {k: t for k, t in self._renewed_at.items() if now - t < settings.LEASE_TTL_SECONDS}

    def renewed_recently(self, job_id, epoch) -> bool:
        at = self._renewed_at.get((str(job_id), int(epoch)))
        return at is not None and time.monotonic() - at < settings.LEASE_RENEW_SECONDS

    def is_lost(self, job_id, epoch) -> bool:
        return (str(job_id), int(epoch)) in self._lost

    def mark_lost(self, job_id, epoch) -> None:
        with self._lock:
            self._lost.add((str(job_id), int(epoch)))

    def beat_all(self) -> None:
        with self._lock:
            _quietly(beat, list(self._held))

    def renew_all(self) -> None:
        with self._lock:
            keys = list(self._held)
        from jobs.models import Job

        for start in range(0, len(keys), RENEW_BATCH):
            batch = keys[start : start + RENEW_BATCH]
            try:
                renewed = renew_many(batch)
                self.renewed(renewed)
                missed = [key for key in batch if key not in renewed]
                # A row this connection cannot see is not fenced: the step's own checks find a
                # deleted job gone (and a test's uncommitted job is only invisible from here).
                visible = {
                    str(pk) for pk in Job.objects.filter(pk__in=[j for j, _ in missed]).values_list("pk", flat=True)
                }
                for job_id, epoch in missed:
                    if job_id in visible:
                        self.mark_lost(job_id, epoch)
            except Exception:  # noqa: BLE001 - a database hiccup must not kill the keeper
                logger.exception("lease renewal failed for %d jobs", len(batch))

    def _run(self):
        stop = threading.Event()
        try:
            while not stop.wait(settings.LEASE_RENEW_SECONDS):
                close_old_connections()
                self.renew_all()
        finally:
            connection.close()

    def _heartbeat(self):
        stop = threading.Event()
        while not stop.wait(settings.LEASE_RENEW_SECONDS):
            self.beat_all()


keeper = _Keeper()


def _quietly(fn, *args) -> None:
    """Heartbeats and claims only speed detection up: a Redis hiccup must not fail a task."""
    try:
        fn(*args)
    except Exception:  # noqa: BLE001
        logger.warning("heartbeat or claim not written (%s)", fn.__name__, exc_info=True)


@contextmanager
def hold(job_id, epoch: int):
    """Hold the job's lease while the block runs; yields the job, read by the renewal. Raises
    LeaseLost when `epoch` is stale and JobStopped when the job is no longer active."""
    from jobs.models import Job

    # The claim before the renewal: a sweeper that looked at the claims before this one was
    # written holds the job row's lock while it decides, and the renewal waits for that lock,
    # so this task either counts as a survivor or finds the new epoch before any step.
    keeper.acquire(job_id, epoch)
    try:
        # The design renews a lease every LEASE_RENEW_SECONDS, not on every task: a task that
        # starts soon after this process extended it only reads the row (no row version, no wait
        # on the row's lock behind other tasks' step commits). Such a task does not wait for a
        # deciding sweeper; if the sweeper then bumps the epoch, the task is still fenced (at its
        # first step's lookup, else at that step's commit): at most that one step is redone.
        job = owned(job_id, epoch) if keeper.renewed_recently(job_id, epoch) else renew(job_id, epoch)
        if job is None:
            current = Job.objects.filter(pk=job_id).values_list("epoch", "status").first()
            if current and current[0] != epoch:
                raise LeaseLost(f"job {job_id}: epoch {epoch} replaced by {current[0]}")
            raise JobStopped(f"job {job_id} is not active")
        yield job
    finally:
        keeper.release(job_id, epoch)


def check(job_id, epoch: int) -> None:
    """Raise LeaseLost when the keeper saw this epoch fenced, or JobStopped when what failed its
    renewal was the job ending (cancelled while a step ran) rather than another epoch."""
    if keeper.is_lost(job_id, epoch):
        from jobs.models import Job

        current = Job.objects.filter(pk=job_id).values_list("epoch", "status").first()
        if current and current[0] == epoch and current[1] not in _active_statuses():
            raise JobStopped(f"job {job_id} is {current[1]}")
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
            status__in=_active_statuses(),
            lease_expires_at__gte=now,
            lease_expires_at__lt=now + timedelta(seconds=settings.SWEEP_INTERVAL_SECONDS),
        ).values_list("pk", "lease_expires_at")[:SWEEP_BATCH]
    ]


def claims(job_ids=None) -> dict[str, list[tuple[str, int, int | None]]]:
    """{job_id: [(owner, epoch, heartbeat ms left or None when dead)]} for every job with a
    claim (or for `job_ids`)."""
    from jobs.runtime.redis_client import redis_client

    r = redis_client()
    if job_ids is None:
        keys = [k.decode() for k in r.scan_iter(match="lease:claims:*", count=500)]
    else:
        keys = [_claims_key(j) for j in job_ids]
    out: dict[str, list] = {}
    for key in keys:
        fields = r.hgetall(key)
        if not fields:
            continue
        rows = []
        for name in fields:
            owner, _, epoch = name.decode().rpartition("|")
            rows.append((owner, int(epoch)))
        pipe = r.pipeline(transaction=False)
        for owner, _ in rows:
            pipe.pttl(_alive_key(owner))
        ttls = pipe.execute()
        out[key.split(":", 2)[2]] = [
            (o, e, ttl if ttl is not None and ttl >= 0 else None) for (o, e), ttl in zip(rows, ttls)
        ]
    return out


@dataclass
class ClaimScan:
    """What the claims say: `dead` {job_id: epoch} for jobs with a claim of their current epoch
    whose owner's heartbeat is gone; `survived`, those of them on whose epoch another owner
    still holds a live claim; `lapsing` [(job_id, seconds)] for current claims whose heartbeat
    lapses before the next sweep."""

    dead: dict[str, int] = field(default_factory=dict)
    survived: set[str] = field(default_factory=set)
    lapsing: list[tuple[str, float]] = field(default_factory=list)


def scan_claims(job_ids=None) -> ClaimScan:
    """Read the claims of every job (or of `job_ids`); stale claims (older epochs, dead owners)
    are removed."""
    from jobs.models import Job
    from jobs.runtime.redis_client import redis_client

    found = claims(job_ids)
    scan = ClaimScan()
    if not found:
        return scan
    current = dict(Job.objects.filter(pk__in=list(found), status__in=_active_statuses()).values_list("pk", "epoch"))
    current = {str(k): v for k, v in current.items()}
    alive, stale = set(), []
    for job_id, rows in found.items():
        epoch_now = current.get(job_id)
        for owner, epoch, ttl_ms in rows:
            if epoch_now is None or epoch != epoch_now:
                if ttl_ms is None or epoch_now is None:
                    stale.append((job_id, f"{owner}|{epoch}"))
                continue
            if ttl_ms is None:
                scan.dead[job_id] = epoch  # removed as stale once the takeover has moved the epoch on
                continue
            alive.add(job_id)
            if ttl_ms < settings.SWEEP_INTERVAL_SECONDS * 1000:
                scan.lapsing.append((job_id, ttl_ms / 1000))
    scan.survived = alive & set(scan.dead)
    if stale:
        pipe = redis_client().pipeline(transaction=False)
        for job_id, fld in stale:
            pipe.hdel(_claims_key(job_id), fld)
        pipe.execute()
    return scan


@dataclass
class Sweep:
    """`taken` [(job_id, new epoch)]; `drains` [(job_id, seconds of grace left)] for jobs this
    sweep marked draining (a check is due when their grace ends)."""

    taken: list[tuple[str, int]] = field(default_factory=list)
    drains: list[tuple[str, float]] = field(default_factory=list)


def take_over_expired(job_ids=None) -> list[tuple[str, int]]:
    """sweep(job_ids).taken: the jobs this call took over, with their new epochs."""
    return sweep(job_ids).taken


def sweep(job_ids=None) -> Sweep:
    """Bump the epoch of every active job (or of `job_ids`) whose lease lapsed and that has no
    task waiting in the queue, or that has a task whose worker died (a claim without a
    heartbeat) and whose drain is over (no other live claim of its epoch, or the grace passed);
    mark draining those whose drain has not begun. The conditional update makes two sweepers
    safe. Calls the old epochs' dead workers left unsettled are then counted at their
    reservation."""
    try:
        scan = scan_claims(job_ids)
    except Exception:  # noqa: BLE001 - without Redis, the lapsed lease still works
        logger.warning("claims not read", exc_info=True)
        scan = ClaimScan()
    ready, drains = _drained(scan)
    taken, late_drains = _take_over(job_ids, ready)
    drains += late_drains
    if taken:
        from jobs.runtime.metering import settle_abandoned_calls

        for job_id, epoch in taken:
            try:
                settle_abandoned_calls(job_id, before_epoch=epoch)
            except Exception:  # noqa: BLE001 - a rebuild counts them at their reservation anyway
                logger.exception("abandoned calls of job %s not settled", job_id)
    return Sweep(taken=taken, drains=drains)


def _drained(scan: ClaimScan) -> tuple[dict[str, int], list[tuple[str, float]]]:
    """({job_id: epoch} of jobs with a dead task to take over now, [(job_id, grace left)] for
    drains begun now). Without survivors the takeover is immediate; with them the epoch drains
    first."""
    ready, drains = {}, []
    for job_id, epoch in scan.dead.items():
        if job_id not in scan.survived:
            ready[job_id] = epoch
            continue
        try:
            left, new = drain.mark(job_id, epoch)
        except Exception:  # noqa: BLE001 - no mark, no drain: fence the survivors as before
            logger.warning("drain mark of job %s not set", job_id, exc_info=True)
            ready[job_id] = epoch
            continue
        if left <= 0:
            ready[job_id] = epoch
        elif new:
            drains.append((job_id, left))
    return ready, drains


def _take_over(job_ids, dead: dict[str, int]) -> tuple[list[tuple[str, int]], list[tuple[str, float]]]:
    """`dead`: {job_id: the epoch whose task died and whose drain is over}. Returns (taken,
    drains begun when a task claimed such an epoch since the first look)."""
    from django.db.models import Q

    from jobs.models import Job

    now = timezone.now()
    taken, drains = [], []
    scope = Job.objects.filter(Q(lease_expires_at__lt=now) | Q(pk__in=list(dead)), status__in=_active_statuses())
    if job_ids is not None:
        scope = scope.filter(pk__in=list(job_ids))
    waiting = queued_job_ids()
    waiting -= set(dead)  # a dead task is lost whatever else of its job waits in the queue
    if waiting:
        # Queued work keeps its job's lease: it is behind a backlog, not lost.
        scope.filter(pk__in=waiting, lease_expires_at__lt=now).update(
            lease_expires_at=now + timedelta(seconds=settings.LEASE_TTL_SECONDS), lease_owner="queued"
        )
    with transaction.atomic():
        # A row locked by a runner committing a step (or by a stopped one, until PostgreSQL
        # ends its idle transaction) is skipped this round instead of blocking the sweeper.
        expired = list(
            scope.select_for_update(skip_locked=True).values_list("pk", "epoch", "lease_expires_at")[:SWEEP_BATCH]
        )
        for job_id, epoch, expires_at in expired:
            if not expires_at or expires_at >= now:
                # A dead task counts for the epoch it died in: a takeover since then is not repeated.
                if dead.get(str(job_id)) != epoch:
                    continue
                ready, late = _drained_under_lock(str(job_id))
                drains += late
                if str(job_id) not in ready:
                    continue
            won = Job.objects.filter(pk=job_id, epoch=epoch).update(
                epoch=epoch + 1,
                lease_owner="sweeper",
                lease_expires_at=now + timedelta(seconds=settings.LEASE_TTL_SECONDS),
            )
            if won:
                taken.append((str(job_id), epoch + 1))
    if taken:
        from jobs.runtime import telemetry

        telemetry.count("lease_takeovers", len(taken))
        for job_id, _ in taken:
            drain.clear(job_id)
    return taken, drains


def _drained_under_lock(job_id: str) -> tuple[dict[str, int], list[tuple[str, float]]]:
    """_drained for one job, looked at again while the sweeper holds its row: a task that
    claimed the epoch since the first look is a survivor too (see hold())."""
    try:
        return _drained(scan_claims([job_id]))
    except Exception:  # noqa: BLE001 - without Redis, go by the first look
        logger.warning("claims of job %s not read again", job_id, exc_info=True)
        return {job_id: 0}, []
