"""Thin Celery tasks: take ids, hold the job's lease, call one stage (jobs/stages/), enqueue what follows.

No task waits on another task. A sub-question worker that needs one page read reads it itself;
one that needs several replaces itself with a chord of reader tasks whose body continues it; a round is a chord of up to 6
lanes of workers whose body is the gap check. Transient errors retry with backoff here;
permanent ones mark the sub-question (or the job) failed and the graph moves on. A worker
process that dies is covered by the lease sweeper.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import contextmanager
from datetime import timedelta

import redis
from celery import chain, chord, shared_task
from celery.exceptions import Ignore, Retry
from celery.signals import worker_ready, worker_shutdown
from django.conf import settings
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as KombuOperationalError

from agents.search_worker import Next
from jobs.runtime import drain, health, lease
from jobs.runtime.errors import JobDraining, JobStopped, LeaseLost, TransientStepError
from jobs.runtime.retry import TASK_BACKOFF_MAX_SECONDS, TASK_BACKOFF_SECONDS, TASK_MAX_RETRIES
from jobs.runtime.steps import RunContext
from jobs.stages import check, gap, lifecycle, plan, read, research, write

logger = logging.getLogger(__name__)

TRANSIENT_ERRORS = (
    TransientStepError,
    OperationalError,
    InterfaceError,
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    KombuOperationalError,
)
# A scheduled lease check runs this long after the expiry it waits for (clock skew between hosts).
SWEEP_JOB_MARGIN_MS = 250
TASK_OPTIONS = {
    "bind": True,
    "acks_late": True,
    "autoretry_for": TRANSIENT_ERRORS,
    "retry_backoff": TASK_BACKOFF_SECONDS,
    "retry_backoff_max": TASK_BACKOFF_MAX_SECONDS,
    "retry_jitter": True,
    "max_retries": TASK_MAX_RETRIES,
    # The worker logs each result; a check batch returns its checked sentences (kilobytes).
    "resultrepr_maxsize": 200,
    # Nothing reads a job task's stored result: a chord's body gets its header's results from the
    # chord's own join set in Redis (written whether or not the result is stored), and no one
    # waits on a task. Storing it cost a GET, a SETEX and a PUBLISH per task (about 200 commands
    # per report) and kept every result, a check batch's kilobytes included, for a day.
    "ignore_result": True,
}


@contextmanager
def running(job_id: str, epoch: int):
    """Load the job and hold its lease; yields a RunContext, or None when this dispatch is stale
    (a newer epoch owns the job), its epoch is draining, or the job is no longer active.
    LeaseLost and JobStopped raised by the work end it quietly: another dispatch owns the job,
    or nobody should work on it, or (JobDraining) a takeover is coming and no new step may start."""
    if drain.is_draining(job_id, epoch):
        # A task of a draining epoch has no step in flight: it does not start. Run, it would
        # only move the graph on past work its drained siblings left undone (a chord body of
        # readers that stopped would send them again; a round's body would mark unfinished
        # sub-questions failed); the takeover redoes that work from the step log instead.
        logger.info("not running job %s at epoch %s: draining before a takeover", job_id, epoch)
        yield None
        return
    held = lease.hold(job_id, epoch)
    try:
        job = held.__enter__()
    except (LeaseLost, JobStopped) as exc:
        logger.info("not running job %s at epoch %s: %s", job_id, epoch, exc)
        yield None
        return
    try:
        yield RunContext(job=job, epoch=epoch)
    except JobDraining as exc:
        logger.info("not starting a step: %s", exc)
    except LeaseLost as exc:
        logger.info("stale dispatch: %s", exc)
    except JobStopped as exc:
        logger.info("job stopped: %s", exc)
    finally:
        held.__exit__(None, None, None)
    # A draining job is taken over once its survivors are gone: this task may have been the
    # last, so check now rather than at the end of the grace.
    if drain.is_draining(job_id, epoch):
        try:
            sweep_job.delay(job_id)
        except Exception:  # noqa: BLE001 - the check at the grace's end follows anyway
            logger.warning("drain check of job %s not queued", job_id, exc_info=True)


def _is_control(exc: BaseException) -> bool:
    """Exceptions the wrapper must let through: Celery's own, transient ones (Celery retries
    the task), and JobStopped / LeaseLost (running() ends the task quietly)."""
    return isinstance(exc, (Ignore, Retry, JobStopped, *TRANSIENT_ERRORS))


def job_task(
    name: str, *, on_failure: Callable | None = None, when_stale: Callable | None = None, chord_body: bool = False
):
    """A Celery task working on one job under its lease. The task takes (job_id, *args, epoch)
    as message arguments (names and argument order are the wire format: keep them); the
    decorated function gets (task, ctx, *args). A permanent failure is logged and handed to
    `on_failure(ctx, exc, *args)`, whose return value is the task's; transient errors retry
    the task (TASK_OPTIONS) and, once its retries are spent, go to `on_failure` too; a stale
    dispatch returns `when_stale(job_id, *args)` or None. Every error is noted as the job's
    last error (what a job ended by the sweeper reports). A chord body (`chord_body=True`)
    receives its header's results before job_id, and the decorated function gets them as its
    first argument after ctx."""

    def decorate(fn):
        def task(self, *message):
            if chord_body:
                results, job_id, *args = message
                args = [results, *args]
            else:
                job_id, *args = message
            *middle, epoch = args
            with running(job_id, epoch) as ctx:
                if ctx is None:
                    return when_stale(job_id, *middle) if when_stale else None
                try:
                    return fn(self, ctx, *middle)
                except Exception as exc:
                    transient = isinstance(exc, TRANSIENT_ERRORS)
                    if transient or not _is_control(exc):
                        lifecycle.note_error(job_id, f"{name.rsplit('.', 1)[-1]}: {type(exc).__name__}: {exc}")
                    if transient and on_failure is not None and self.request.retries >= self.max_retries:
                        # Out of retries: fail the step's work for good now, not at the next sweep.
                        logger.error(
                            "%s for job %s failed after %d retries: %s", name, job_id, self.request.retries, exc
                        )
                        return on_failure(ctx, exc, *middle)
                    if _is_control(exc) or on_failure is None:
                        raise
                    logger.exception("%s failed for job %s", name, job_id)
                    return on_failure(ctx, exc, *middle)

        task.__doc__ = fn.__doc__
        task.__name__ = fn.__name__
        return shared_task(name=name, **TASK_OPTIONS)(task)

    return decorate


def _fail_job(stage: str):
    def handler(ctx: RunContext, exc: Exception, *args):
        lifecycle.fail_job(ctx.job_id, ctx.epoch, f"{stage} failed: {exc}")

    return handler


# --- entry points ------------------------------------------------------------------------
@job_task("jobs.tasks.job_start", on_failure=_fail_job("planning"))
def job_start(task, ctx: RunContext):
    if plan.plan_stage(ctx) == "research":
        dispatch_round(ctx, 1)


@job_task("jobs.tasks.job_resume")
def job_resume(task, ctx: RunContext):
    """Continue a job from its step log (after a lease expired, or after plan approval)."""
    job_id, epoch = ctx.job_id, ctx.epoch
    where, round_no = lifecycle.resume_point(ctx.job)
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
    sq_ids = research.start_round(ctx, round_no)
    job_id, epoch = ctx.job_id, ctx.epoch
    if not sq_ids:
        round_done.delay(job_id, round_no, epoch)
        return
    header = []
    for lane in research.lanes(sq_ids):
        sigs = [sq_work.si(job_id, sq_id, epoch) for sq_id in lane]
        header.append(sigs[0] if len(sigs) == 1 else chain(*sigs))
    body = round_done.si(job_id, round_no, epoch).on_error(
        round_failed.s(job_id=job_id, round_no=round_no, epoch=epoch)
    )
    chord(header)(body)


# --- research ----------------------------------------------------------------------------
def _sq_failed(ctx: RunContext, exc: Exception, sq_id: int):
    research.fail_subquestion(sq_id, f"{type(exc).__name__}: {exc}")
    return {"sq_id": sq_id, "failed": True}


@job_task("jobs.tasks.sq_work", on_failure=_sq_failed, when_stale=lambda job_id, sq_id: {"sq_id": sq_id, "stale": True})
def sq_work(task, ctx: RunContext, sq_id: int):
    outcome = research.advance_subquestion(ctx, sq_id)
    # A turn that reads one page reads it here and the loop goes on in this task: a chord of one
    # reader would only add two tasks and a join, and read no sooner. Several pages are read at
    # once, by a chord of reader tasks whose body continues the loop.
    while outcome.kind is Next.FETCH and len(outcome.urls) == 1 and _read_here(ctx, sq_id, outcome.urls[0]):
        outcome = research.advance_subquestion(ctx, sq_id)
    if outcome.kind is Next.FETCH:
        readers = [read_page.si(ctx.job_id, sq_id, url, ctx.epoch) for url in outcome.urls]
        raise task.replace(chord(readers, sq_work.si(ctx.job_id, sq_id, ctx.epoch)))
    return {"sq_id": sq_id}


def _read_here(ctx: RunContext, sq_id: int, url: str) -> bool:
    """Read one page inside the worker's task; False when it failed transiently (a reader task
    then retries it with backoff, as for any page). A permanent failure is recorded as the
    page's read, as a reader task's would be."""
    try:
        read.read_one(ctx, sq_id, url)
    except TRANSIENT_ERRORS:
        return False
    except Exception as exc:
        if _is_control(exc):
            raise
        logger.exception("reading %s for job %s failed", url, ctx.job_id)
        _read_failed(ctx, exc, sq_id, url)
    return True


def _read_failed(ctx: RunContext, exc: Exception, sq_id: int, url: str):
    out = read.record_read_failure(ctx, sq_id, url, f"{type(exc).__name__}: {exc}")
    return {"url": url, "notes": len(out.get("notes", []))}


@job_task("jobs.tasks.read_page", on_failure=_read_failed)
def read_page(task, ctx: RunContext, sq_id: int, url: str):
    out = read.read_one(ctx, sq_id, url)
    return {"url": url, "notes": len(out.get("notes", []))}


def _write_after_failed_gap_check(ctx: RunContext, exc: Exception, round_no: int):
    write_report.delay(ctx.job_id, ctx.epoch)


@job_task("jobs.tasks.round_done", on_failure=_write_after_failed_gap_check)
def round_done(task, ctx: RunContext, round_no: int):
    what, next_round = gap.after_round(ctx, round_no)
    if what == "round":
        dispatch_round(ctx, next_round)
    else:
        write_report.delay(ctx.job_id, ctx.epoch)


@shared_task(name="jobs.tasks.round_failed")
def round_failed(request, exc, traceback, job_id: str, round_no: int, epoch: int):
    """A header task failed for good: go on with what the round produced."""
    logger.error("a worker of job %s round %s failed: %s", job_id, round_no, exc)
    round_done.delay(job_id, round_no, epoch)


# --- write and check -----------------------------------------------------------------------
@job_task("jobs.tasks.write_report", on_failure=_fail_job("writing"))
def write_report(task, ctx: RunContext):
    """Start writing: a chord of one task per section whose body starts the check (or, with
    WRITE_CHECK_PARALLEL off, everything one after another in this task)."""
    if not settings.WRITE_CHECK_PARALLEL:
        write.write_and_check(ctx)
        return
    indexes = write.start_writing(ctx)
    job_id, epoch = ctx.job_id, ctx.epoch
    body = check_report.si(job_id, indexes, epoch)
    if not indexes:
        body.delay()
        return
    chord([write_section.si(job_id, index, epoch) for index in indexes])(
        body.on_error(write_failed.s(job_id=job_id, indexes=indexes, epoch=epoch))
    )


@job_task("jobs.tasks.write_section", on_failure=_fail_job("writing"))
def write_section(task, ctx: RunContext, index: int):
    return {"index": index, "sentences": len(write.write_section(ctx, index))}


@shared_task(name="jobs.tasks.write_failed")
def write_failed(request, exc, traceback, job_id: str, indexes: list, epoch: int):
    """A section task failed for good (retries spent): the check drafts what is missing itself."""
    logger.error("a section of job %s failed: %s", job_id, exc)
    check_report.delay(job_id, indexes, epoch)


@job_task("jobs.tasks.check_report", on_failure=_fail_job("checking"))
def check_report(task, ctx: RunContext, indexes: list):
    """Chord body of the sections: the drafted sentences checked by a chord of batches (each with
    at most CHECK_BATCH_SENTENCES sentences that ask the judge) whose body assembles the report."""
    drafted = write.drafted_sentences(ctx, indexes)
    write.start_checking(ctx)
    job_id, epoch = ctx.job_id, ctx.epoch
    ranges = check.batches(len(drafted), settings.CHECK_BATCH_SENTENCES, check.asks_judge(drafted, job_id))
    if not ranges:
        write.finish_report(ctx, *check.merge_batches(ctx, drafted, []))
        return
    header = [check_batch.si(job_id, start, drafted[start:stop], epoch) for start, stop in ranges]
    chord(header)(
        assemble_report.s(job_id, indexes, epoch).on_error(check_failed.s(job_id=job_id, indexes=indexes, epoch=epoch))
    )


@job_task("jobs.tasks.check_batch", on_failure=lambda ctx, exc, start, drafts: {"start": start, "failed": str(exc)})
def check_batch(task, ctx: RunContext, start: int, drafts: list):
    return check.check_batch(ctx, drafts, start)


@shared_task(name="jobs.tasks.check_failed")
def check_failed(request, exc, traceback, job_id: str, indexes: list, epoch: int):
    """A check batch failed for good (retries spent): assemble anyway; the body checks what no
    batch reported, replaying the steps that finished."""
    logger.error("a check batch of job %s failed: %s", job_id, exc)
    assemble_report.delay([], job_id, indexes, epoch)


@job_task("jobs.tasks.assemble_report", on_failure=_fail_job("checking"), chord_body=True)
def assemble_report(task, ctx: RunContext, outputs: list, indexes: list):
    drafted = write.drafted_sentences(ctx, indexes)
    write.finish_report(ctx, *check.merge_batches(ctx, drafted, outputs))


# --- housekeeping ------------------------------------------------------------------------
@worker_ready.connect
def _start_health_heartbeat(sender=None, **_kwargs):
    """Every worker process says it is alive (GET /healthz counts them)."""
    health.start_worker_heartbeat(getattr(sender, "hostname", None) or lease.OWNER)


@worker_shutdown.connect
def _stop_health_heartbeat(sender=None, **_kwargs):
    try:
        health.worker_gone(getattr(sender, "hostname", None) or lease.OWNER)
    except Exception:  # noqa: BLE001 - Redis gone: the heartbeat expires on its own
        pass


@shared_task(name="jobs.tasks.sweep_expired_leases")
def sweep_expired_leases():
    """End every job past its deadline plus the grace period; re-dispatch every active job whose
    lease lapsed (all its workers died) or one of whose tasks died (its worker's heartbeat lapsed
    while others still work on the job), unless it is a poison job; and schedule a check at the
    exact expiry of each lease or heartbeat that lapses before the next sweep."""
    try:
        health.beat_ticked()
    except Exception:  # noqa: BLE001 - health is reported, not required
        logger.warning("beat tick not recorded", exc_info=True)
    for job_id in lifecycle.end_overdue_jobs():
        logger.warning("job %s ended: past its deadline", job_id)
    taken = _sweep_and_redispatch(None)
    for job_id, expires_at in lease.expiring_before_next_sweep():
        sweep_job.apply_async((job_id,), eta=expires_at + timedelta(milliseconds=SWEEP_JOB_MARGIN_MS))
    # A worker's heartbeat that lapses before the next sweep gets a check at its expiry too, so
    # a task that died is taken over about LEASE_TTL_SECONDS after its worker's last beat (plus
    # the drain grace when other workers still work on its job).
    for job_id, seconds in lease.scan_claims().lapsing:
        _check_later(job_id, seconds)
    return taken


@shared_task(name="jobs.tasks.sweep_job", ignore_result=True)
def sweep_job(job_id: str):
    """Take one job over if its lease has lapsed by now, or a worker working on it died and its
    drain is over (a renewal since scheduling wins)."""
    return _sweep_and_redispatch([job_id])


def _sweep_and_redispatch(job_ids) -> int:
    """One sweep: re-dispatch the jobs it took over; a drain it began gets a check at the end
    of its grace, so the takeover waits no longer than the grace for survivors."""
    outcome = lease.sweep(job_ids)
    for job_id, seconds in outcome.drains:
        _check_later(job_id, seconds)
    return _redispatch(outcome.taken)


def _check_later(job_id: str, seconds: float) -> None:
    sweep_job.apply_async((job_id,), countdown=seconds + SWEEP_JOB_MARGIN_MS / 1000)


def _redispatch(taken) -> int:
    sent = 0
    for job_id, epoch in taken:
        if lifecycle.is_poisoned(job_id):
            logger.error("job %s ended failed: re-dispatched again and again without a new step", job_id)
            continue
        logger.warning("lease of job %s expired or one of its workers died; re-dispatching at epoch %s", job_id, epoch)
        job_resume.delay(job_id, epoch)
        sent += 1
    return sent


@shared_task(name="jobs.tasks.process_stats")
def process_stats():
    """CPU seconds, engine CPU and database round trips of the worker process that runs this
    (benchmarks take one snapshot before and one after a batch of jobs)."""
    import os

    from jobs.runtime.instrumentation import snapshot

    return {**snapshot(), "pid": os.getpid()}


@shared_task(name="jobs.tasks.cleanup_trajectories")
def cleanup_trajectories():
    from jobs.trajectories import trajectories_expire

    return trajectories_expire()


# --- integrations: webhooks and watched questions ---------------------------------------------
@shared_task(
    name="jobs.tasks.job_event_follow_ups",
    bind=True,
    acks_late=True,
    autoretry_for=TRANSIENT_ERRORS,
    retry_backoff=TASK_BACKOFF_SECONDS,
    retry_backoff_max=TASK_BACKOFF_MAX_SECONDS,
    max_retries=TASK_MAX_RETRIES,
)
def job_event_follow_ups(self, job_id: str, event_type: str):
    """After a job's plan_ready, done, failed or cancelled event (jobs/runtime/events.py): a
    finished watch run is compared with the report before it, then one signed delivery per
    webhook of the owner's is queued. Runs outside the job: a slow receiver never holds it."""
    from jobs import watches, webhooks

    if event_type == "done":
        watches.watch_run_compare(job_id=job_id)
    for delivery_id in webhooks.deliveries_create(job_id=job_id, event_type=event_type):
        webhook_deliver.delay(delivery_id)


@shared_task(name="jobs.tasks.webhook_deliver", bind=True, acks_late=True, max_retries=None)
def webhook_deliver(self, delivery_id: int):
    """One attempt at a delivery; a failed one is retried after webhooks.retry_delay_seconds
    until WEBHOOK_MAX_ATTEMPTS attempts, then the delivery is marked failed."""
    from django.conf import settings

    from jobs import webhooks
    from jobs.models import WebhookDelivery

    ok = webhooks.delivery_attempt(delivery_id=delivery_id)
    if ok is False:
        attempts = WebhookDelivery.objects.values_list("attempts", flat=True).get(pk=delivery_id)
        if attempts >= settings.WEBHOOK_MAX_ATTEMPTS:
            webhooks.delivery_give_up(delivery_id=delivery_id)
            return {"delivery_id": delivery_id, "status": "failed", "attempts": attempts}
        raise self.retry(countdown=webhooks.retry_delay_seconds(attempts))
    return {"delivery_id": delivery_id, "delivered": ok}


@shared_task(name="jobs.tasks.watches_run_due")
def watches_run_due():
    """Start the run of every watch that is due (the beat sends this every WATCH_TICK_SECONDS)."""
    from jobs import watches

    return watches.watches_run_due()
