"""Thin Celery tasks: take ids, hold the job's lease, call the pipeline, enqueue what follows.

No task waits on another task. A sub-question worker that needs pages read replaces itself
with a chord of reader tasks whose body continues the worker; a round is a chord of up to 6
lanes of workers whose body is the gap check. Transient errors retry with backoff here;
permanent ones mark the sub-question (or the job) failed and the graph moves on. A worker
process that dies is covered by the lease sweeper.
"""
from __future__ import annotations

import logging
from contextlib import contextmanager
from datetime import timedelta

import redis
from celery import chain, chord, shared_task
from celery.exceptions import Ignore, Retry
from django.db import DatabaseError, InterfaceError, OperationalError
from kombu.exceptions import OperationalError as KombuOperationalError

from jobs import lease, pipeline
from jobs.errors import JobStopped, LeaseLost, TransientStepError
from jobs.models import Job
from jobs.steps import RunContext

logger = logging.getLogger(__name__)

TRANSIENT_ERRORS = (TransientStepError, OperationalError, InterfaceError, redis.exceptions.ConnectionError,
                    redis.exceptions.TimeoutError, KombuOperationalError)
# A scheduled lease check runs this long after the expiry it waits for (clock skew between hosts).
SWEEP_JOB_MARGIN_MS = 250
TASK_OPTIONS = {
    "bind": True,
    "acks_late": True,
    "autoretry_for": TRANSIENT_ERRORS,
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": 5,
}


@contextmanager
def running(job_id: str, epoch: int):
    """Load the job and hold its lease; yields a RunContext, or None when this dispatch is stale
    (a newer epoch owns the job) or the job is no longer active. LeaseLost and JobStopped raised
    by the work end it quietly: another dispatch owns the job, or nobody should work on it."""
    held = lease.hold(job_id, epoch)
    try:
        held.__enter__()
    except (LeaseLost, JobStopped) as exc:
        logger.info("not running job %s at epoch %s: %s", job_id, epoch, exc)
        yield None
        return
    try:
        job = Job.objects.select_related("user").get(pk=job_id)
        yield RunContext(job=job, epoch=epoch)
    except LeaseLost as exc:
        logger.info("stale dispatch: %s", exc)
    except JobStopped as exc:
        logger.info("job stopped: %s", exc)
    finally:
        held.__exit__(None, None, None)


def _reraise_control(exc: BaseException) -> bool:
    return isinstance(exc, (Ignore, Retry, *TRANSIENT_ERRORS))


# --- entry points ------------------------------------------------------------------------
@shared_task(name="jobs.tasks.job_start", **TASK_OPTIONS)
def job_start(self, job_id: str, epoch: int):
    with running(job_id, epoch) as ctx:
        if ctx is None:
            return
        try:
            outcome = pipeline.plan_stage(ctx)
        except Exception as exc:
            if _reraise_control(exc):
                raise
            logger.exception("planning failed for %s", job_id)
            pipeline.fail_job(job_id, epoch, f"planning failed: {exc}")
            return
        if outcome == "research":
            dispatch_round(ctx, 1)


@shared_task(name="jobs.tasks.job_resume", **TASK_OPTIONS)
def job_resume(self, job_id: str, epoch: int):
    """Continue a job from its step log (after a lease expired, or after plan approval)."""
    with running(job_id, epoch) as ctx:
        if ctx is None:
            return
        where, round_no = pipeline.resume_point(ctx.job)
        logger.warning("resuming job %s at %s (round %s, epoch %s)", job_id, where, round_no, epoch)
        if where == "plan":
            job_start.delay(job_id, epoch)
        elif where == "round":
            dispatch_round(ctx, round_no)
        elif where == "after_round":
            round_done.delay(job_id, round_no, epoch)
        else:
            write_report.delay(job_id, epoch)


def dispatch_round(ctx: RunContext, round_no: int) -> None:
    sq_ids = pipeline.start_round(ctx, round_no)
    job_id, epoch = ctx.job_id, ctx.epoch
    if not sq_ids:
        round_done.delay(job_id, round_no, epoch)
        return
    header = []
    for lane in pipeline.lanes(sq_ids):
        sigs = [sq_work.si(job_id, sq_id, epoch) for sq_id in lane]
        header.append(sigs[0] if len(sigs) == 1 else chain(*sigs))
    body = round_done.si(job_id, round_no, epoch).on_error(round_failed.s(job_id=job_id, round_no=round_no, epoch=epoch))
    chord(header)(body)


# --- research ----------------------------------------------------------------------------
@shared_task(name="jobs.tasks.sq_work", **TASK_OPTIONS)
def sq_work(self, job_id: str, sq_id: int, epoch: int):
    with running(job_id, epoch) as ctx:
        if ctx is None:
            return {"sq_id": sq_id, "stale": True}
        try:
            outcome = pipeline.advance_subquestion(ctx, sq_id)
        except Exception as exc:
            if _reraise_control(exc) or isinstance(exc, JobStopped):
                raise
            logger.exception("sub-question %s failed", sq_id)
            pipeline.fail_subquestion(sq_id, f"{type(exc).__name__}: {exc}")
            return {"sq_id": sq_id, "failed": True}
        if outcome.kind == "fetch":
            readers = [read_page.si(job_id, sq_id, url, epoch) for url in outcome.urls]
            raise self.replace(chord(readers, sq_work.si(job_id, sq_id, epoch)))
        return {"sq_id": sq_id}


@shared_task(name="jobs.tasks.read_page", **TASK_OPTIONS)
def read_page(self, job_id: str, sq_id: int, url: str, epoch: int):
    with running(job_id, epoch) as ctx:
        if ctx is None:
            return
        try:
            out = pipeline.read_one(ctx, sq_id, url)
        except Exception as exc:
            if _reraise_control(exc) or isinstance(exc, JobStopped):
                raise
            logger.exception("reading %s failed", url)
            out = pipeline.record_read_failure(ctx, sq_id, url, f"{type(exc).__name__}: {exc}")
        return {"url": url, "notes": len(out.get("notes", []))}


@shared_task(name="jobs.tasks.round_done", **TASK_OPTIONS)
def round_done(self, job_id: str, round_no: int, epoch: int):
    with running(job_id, epoch) as ctx:
        if ctx is None:
            return
        try:
            what, next_round = pipeline.after_round(ctx, round_no)
        except Exception as exc:
            if _reraise_control(exc) or isinstance(exc, JobStopped):
                raise
            logger.exception("gap check failed for %s", job_id)
            what, next_round = "write", 0
        if what == "round":
            dispatch_round(ctx, next_round)
        else:
            write_report.delay(job_id, epoch)


@shared_task(name="jobs.tasks.round_failed")
def round_failed(request, exc, traceback, job_id: str, round_no: int, epoch: int):
    """A header task failed for good: go on with what the round produced."""
    logger.error("a worker of job %s round %s failed: %s", job_id, round_no, exc)
    round_done.delay(job_id, round_no, epoch)


@shared_task(name="jobs.tasks.write_report", **TASK_OPTIONS)
def write_report(self, job_id: str, epoch: int):
    with running(job_id, epoch) as ctx:
        if ctx is None:
            return
        try:
            pipeline.write_and_check(ctx)
        except Exception as exc:
            if _reraise_control(exc) or isinstance(exc, JobStopped):
                raise
            logger.exception("writing failed for %s", job_id)
            pipeline.fail_job(job_id, epoch, f"writing failed: {exc}")


# --- housekeeping ------------------------------------------------------------------------
@shared_task(name="jobs.tasks.sweep_expired_leases")
def sweep_expired_leases():
    """Re-dispatch every active job whose lease lapsed (all its workers died), and schedule a
    check at the exact expiry of each lease that lapses before the next sweep."""
    taken = _redispatch(lease.take_over_expired())
    for job_id, expires_at in lease.expiring_before_next_sweep():
        sweep_job.apply_async((job_id,), eta=expires_at + timedelta(milliseconds=SWEEP_JOB_MARGIN_MS))
    return taken


@shared_task(name="jobs.tasks.sweep_job", ignore_result=True)
def sweep_job(job_id: str):
    """Take one job over if its lease has lapsed by now (a renewal since scheduling wins)."""
    return _redispatch(lease.take_over_expired([job_id]))


def _redispatch(taken) -> int:
    for job_id, epoch in taken:
        logger.warning("lease of job %s expired; re-dispatching at epoch %s", job_id, epoch)
        job_resume.delay(job_id, epoch)
    return len(taken)


@shared_task(name="jobs.tasks.process_stats")
def process_stats():
    """CPU seconds, engine CPU and database round trips of the worker process that runs this
    (benchmarks take one snapshot before and one after a batch of jobs)."""
    import os

    from jobs.instrumentation import snapshot

    return {**snapshot(), "pid": os.getpid()}


@shared_task(name="jobs.tasks.cleanup_trajectories")
def cleanup_trajectories():
    from jobs.trajectories import trajectories_expire

    return trajectories_expire()
