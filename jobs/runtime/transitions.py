"""The job's state machine: every status change of a job goes through `job_transition`.

    planning ─▶ awaiting_approval ─▶ planning (approved: a new epoch)
    planning | researching ─▶ researching ─▶ writing ─▶ checking ─▶ done ─▶ checking (re-check)
    any active or awaiting_approval ─▶ cancelled;  any active ─▶ failed

A transition is one conditional UPDATE: it happens only from a status listed for it (and, when
`epoch` is given, only for the dispatch that owns the job), so a late or stale task can never
move a job backwards or revive one that ended.
"""

from __future__ import annotations

import logging

import redis
from django.utils import timezone

from jobs.models import Job
from jobs.runtime import ledger, telemetry

logger = logging.getLogger(__name__)

S = Job.Status
ACTIVE = frozenset(Job.ACTIVE_STATUSES)
# to -> the statuses it may be entered from
ALLOWED_FROM: dict[str, frozenset] = {
    S.AWAITING_APPROVAL: frozenset({S.PLANNING}),
    S.PLANNING: frozenset({S.AWAITING_APPROVAL}),
    S.RESEARCHING: ACTIVE,
    S.WRITING: ACTIVE,
    S.CHECKING: ACTIVE | {S.DONE},
    S.DONE: frozenset({S.CHECKING}) | ACTIVE,
    S.FAILED: ACTIVE,
    S.CANCELLED: ACTIVE | {S.AWAITING_APPROVAL},
}
# Leaving for one of these releases the lease: no task works on the job any more.
RELEASES_LEASE = frozenset({S.AWAITING_APPROVAL, S.DONE, S.FAILED, S.CANCELLED})
ENDS_JOB = frozenset(Job.TERMINAL_STATUSES)


def job_transition(
    job_id, *, to: str, epoch: int | None = None, new_epoch: int | None = None, from_statuses=None, **fields
) -> bool:
    """Move the job to status `to` if it is in a status `to` may follow (or in `from_statuses`,
    a narrower set) and, when `epoch` is given, still at that epoch; `new_epoch` starts a new
    lease generation (a new dispatch owns the job). Sets `fields` in the same UPDATE; ending the
    job stamps finished_at and releasing it clears the lease.
    Returns True when the job moved, False when it was not in a state that allows the move."""
    allowed = ALLOWED_FROM[to] if from_statuses is None else ALLOWED_FROM[to] & frozenset(from_statuses)
    rows = Job.objects.filter(pk=job_id, status__in=list(allowed))
    if epoch is not None:
        rows = rows.filter(epoch=epoch)
    if new_epoch is not None:
        fields["epoch"] = new_epoch
    if to in RELEASES_LEASE:
        fields.setdefault("lease_expires_at", None)
        fields.setdefault("lease_owner", "")
    if to in ENDS_JOB:
        fields.setdefault("finished_at", timezone.now())
        fields.update(_ledger_copy(job_id))
    moved = bool(rows.update(status=to, **fields))
    if moved and to in ENDS_JOB:
        telemetry.count("jobs_finished", status=to)
    return moved


def _ledger_copy(job_id) -> dict:
    """The ledger's totals for the ending job's row. Steps copy them when they commit; a call
    whose step then failed is counted only in the ledger until this last copy."""
    try:
        tokens, usd = ledger.used(job_id)
    except redis.exceptions.RedisError:
        logger.warning("ledger of job %s unreadable: its row keeps the last copied totals", job_id, exc_info=True)
        return {}
    # Exact, not the greatest copy so far: a step may have copied totals a ledger rebuilt
    # mid-step over-counted before its calls were confirmed (ledger.confirm).
    return {"tokens_used": tokens, "usd_used_micros": usd}
