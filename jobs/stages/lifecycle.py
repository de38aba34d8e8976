"""Where a job is in its life: failing it, finding where a re-dispatched job continues, noting
why research stopped early, and ending a job that would otherwise never end (past its deadline
plus a grace period, or re-dispatched again and again without a new step: a "poison job")."""

from __future__ import annotations

from datetime import timedelta

import redis
from django.conf import settings
from django.utils import timezone

from jobs.models import Job, SubQuestion
from jobs.runtime import budget, events
from jobs.runtime.ledger import BudgetExceeded
from jobs.runtime.redis_client import redis_client
from jobs.runtime.transitions import job_transition


def fail_job(job_id, epoch: int, error: str) -> None:
    if job_transition(job_id, to=Job.Status.FAILED, epoch=epoch, error=error[:4000]):
        events.emit(job_id, "failed", {"error": error[:500]})


def resume_point(job: Job) -> tuple[str, int]:
    """Where a re-dispatched job continues: ("plan"|"round"|"after_round"|"write", round)."""
    if job.status == Job.Status.PLANNING:
        return "plan", 0
    if job.status == Job.Status.RESEARCHING:
        pending = (
            SubQuestion.objects.filter(job=job, round=job.round)
            .exclude(status__in=SubQuestion.FINISHED_STATUSES)
            .exists()
        )
        return ("round" if pending else "after_round"), job.round
    return "write", job.round


def research_budget_spent(job: Job, exc: BudgetExceeded) -> None:
    budget.record_stop(job, f"research stopped early: the {exc.dimension} budget left for research was spent")


# --- No job stays active forever --------------------------------------------------------
LAST_ERROR_TTL_SECONDS = 24 * 3600
POISON_TTL_SECONDS = 24 * 3600
# Jobs one sweep ends at most for being past their deadline; the next sweep ends the rest.
OVERDUE_BATCH = 100


def _last_error_key(job_id) -> str:
    return f"job:last_error:{job_id}"


def note_error(job_id, error: str) -> None:
    """Remember the latest error a task of the job met (for a job the sweeper has to end)."""
    try:
        redis_client().set(_last_error_key(job_id), error[:1000], ex=LAST_ERROR_TTL_SECONDS)
    except redis.exceptions.RedisError:
        pass


def last_error(job_id) -> str:
    try:
        raw = redis_client().get(_last_error_key(job_id))
    except redis.exceptions.RedisError:
        return ""
    return (raw.decode() if isinstance(raw, bytes) else raw) or ""


def _with_last_error(job_id, reason: str) -> str:
    error = last_error(job_id)
    return f"{reason}; last error: {error}" if error else reason


def end_overdue_jobs() -> list[str]:
    """Fail every active job still running DEADLINE_GRACE_SECONDS after its deadline, whatever
    its tasks are doing (they find the job failed at their next step and stop); returns their ids."""
    cutoff = timezone.now() - timedelta(seconds=settings.DEADLINE_GRACE_SECONDS)
    ended = []
    overdue = Job.objects.filter(status__in=Job.ACTIVE_STATUSES, deadline_at__lt=cutoff).values_list(
        "pk", "status", "deadline_at"
    )
    for job_id, status, deadline_at in overdue[:OVERDUE_BATCH]:
        late = (timezone.now() - deadline_at).total_seconds()
        reason = _with_last_error(job_id, f"the time budget ran out: still {status} {late:.0f} s after the deadline")
        if job_transition(job_id, to=Job.Status.FAILED, from_statuses=[status], error=reason[:4000]):
            events.emit(job_id, "failed", {"error": reason[:500]})
            ended.append(str(job_id))
    return ended


def is_poisoned(job_id) -> bool:
    """Count one more re-dispatch of the job; True (and the job failed with its last error) when
    it has been re-dispatched more than POISON_REDISPATCHES times without a new step in between."""
    row = Job.objects.filter(pk=job_id).values_list("step_seq", "epoch").first()
    if row is None:
        return False
    step_seq, epoch = row
    key = f"job:redispatches:{job_id}"
    try:
        r = redis_client()
        seen_seq, count = r.hmget(key, "seq", "count")
        count = int(count) + 1 if seen_seq is not None and int(seen_seq) == step_seq else 1
        r.hset(key, mapping={"seq": step_seq, "count": count})
        r.expire(key, POISON_TTL_SECONDS)
    except redis.exceptions.RedisError:
        return False
    if count <= settings.POISON_REDISPATCHES:
        return False
    reason = _with_last_error(job_id, f"stopped after {count} re-dispatches without progress")
    if job_transition(job_id, to=Job.Status.FAILED, epoch=epoch, error=reason[:4000]):
        events.emit(job_id, "failed", {"error": reason[:500]})
    return True


# --- The real cause, when the model's output is what failed ------------------------------
# How a read step's error starts when the reader model (not the page) failed.
READER_MODEL_FAILURES = ("reader output invalid", "ModelOutputError", "ModelCallRefused")


def reader_model_failure(job: Job) -> str:
    """ "the reader model's replies could not be used: …" when no read gave a note and the reader
    model (replies unusable or refused) is what made most reads fail, else ""."""
    from jobs.models import Note, Step

    if Note.objects.filter(job=job).exists():
        return ""
    errors = [
        out.get("error", "") for out in Step.objects.filter(job=job, kind="read").values_list("output", flat=True)
    ]
    model_errors = [e for e in errors if e.startswith(READER_MODEL_FAILURES)]
    # The reader model is the cause when it failed at least as many reads as every other cause
    # (pages that could not be fetched, budget) together.
    if not model_errors or 2 * len(model_errors) < len([e for e in errors if e]):
        return ""
    cause = model_errors[-1]
    for prefix in ("reader output invalid: ", "ModelOutputError: ", "ModelCallRefused: "):
        cause = cause.removeprefix(prefix)
    return f"the reader model's replies could not be used ({len(model_errors)} of {len(errors)} reads failed): {cause}"


def record_model_failure(job: Job) -> str:
    """Store the reader model's failure as why the job stopped, over any budget reason (the
    budget ran out because nothing could be read, not the other way round)."""
    reason = reader_model_failure(job)
    if reason:
        Job.objects.filter(pk=job.pk).update(stopped_reason=reason[:200])
        job.stopped_reason = reason[:200]
        events.emit(job.pk, "budget_warning", {"reason": reason[:500]})
    return reason


def not_found_of(sq: SubQuestion) -> list[str]:
    """The sub-question's Not found entries, each reason attached to its sub-question: the
    worker lists the sub-question itself (when it found nothing) and "research stopped: why"."""
    items = [x for x in sq.not_found if x]
    reasons = [x for x in items if x.startswith("research stopped")]
    rest = [x for x in items if not x.startswith("research stopped")]
    if not reasons:
        return rest
    why = "; ".join(r.removeprefix("research stopped").lstrip(": ") for r in reasons)
    if sq.text in rest:
        return [f"{x} (research stopped: {why})" if x == sq.text else x for x in rest]
    return [*rest, f"{sq.text} (research stopped early: {why})"]
