"""Paid calls, metered in one place: caps -> reserve -> call -> record -> settle.

Every call that costs money (a model call, a search query) runs through `metered_call`
inside a step. The budget is reserved in the job's Redis ledger before the call (BudgetExceeded
when the cap cannot pay for it), the call is recorded in provider_calls (the durable record a
ledger rebuilt after a Redis loss sums), the ledger is settled to what the call really used,
and the step's usage grows by it. Outside a step (tests, the eval judge) nothing is metered.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from jobs.runtime import ledger, rows
from jobs.runtime.budget import caps
from jobs.runtime.connections import release_for_wait
from jobs.runtime.steps import current_scope

T = TypeVar("T")


@dataclass
class PaidCall(Generic[T]):
    """What a call returns to `metered_call`: its value, what it used, and what to record."""

    value: T
    model: str
    tokens_in: int = 0
    tokens_out: int = 0
    usd_micros: int = 0
    messages: list = field(default_factory=list)
    response: str = ""
    trajectory_ref: str = ""
    latency_ms: int = 0


def metered_call(
    *,
    kind: str,
    role: str,
    model: str,
    reserve_tokens: int,
    reserve_usd_micros: int,
    call: Callable[[], PaidCall[T]],
    record_failure: bool = False,
    failure_messages: list | None = None,
) -> PaidCall[T]:
    """Run `call` paid for by the current step's job; returns its PaidCall with latency_ms set.

    The call is recorded as started (a provider_calls row, unsettled, with its reservation)
    before it is sent and settled after it, so a call in flight when its worker dies is still
    on record: the takeover of the job counts it at its reservation.

    Raises BudgetExceeded before the call when the reservation does not fit the cap of the
    step's phase; re-raises whatever `call` raises, after releasing the reservation (and, with
    `record_failure`, recording the failed call at no charge)."""
    from jobs.models import ProviderCall
    from jobs.runtime.lease import OWNER

    scope = current_scope.get()
    reservation = started_pk = None
    if scope is not None:
        cap_tokens, cap_usd = caps(scope.job, scope.phase)
        reservation = ledger.reserve(
            scope.job.pk,
            tokens=reserve_tokens,
            usd_micros=reserve_usd_micros,
            cap_tokens=cap_tokens,
            cap_usd_micros=cap_usd,
        )
        try:
            started_pk = rows.insert(
                ProviderCall,
                {
                    "job": scope.job.pk,
                    "step_key": scope.step_key,
                    "epoch": scope.epoch,
                    "kind": kind,
                    "role": role,
                    "model": model,
                    "settled": False,
                    "reserved_tokens": max(0, int(reserve_tokens)),
                    "reserved_usd_micros": max(0, int(reserve_usd_micros)),
                    "reservation_id": reservation.res_id,
                    "owner": OWNER[:200],
                    "messages": failure_messages or [],
                },
            )
        except Exception:
            ledger.release(reservation)
            raise
    release_for_wait()  # no database connection held while the provider answers
    started = time.monotonic()
    try:
        paid = call()
    except Exception as exc:
        if started_pk is not None:
            if record_failure:
                ProviderCall.objects.filter(pk=started_pk).update(
                    settled=True, latency_ms=_ms_since(started), ok=False, error=f"{type(exc).__name__}: {exc}"[:500]
                )
                ledger.settle(reservation, tokens=0, usd_micros=0, call_id=started_pk)
            else:
                # Not worth a record: count nothing for it (undoing what a rebuild may have
                # counted at its reservation meanwhile), then forget it.
                ledger.settle(reservation, tokens=0, usd_micros=0, call_id=started_pk)
                ProviderCall.objects.filter(pk=started_pk).delete()
        raise
    paid.latency_ms = _ms_since(started)
    if started_pk is not None:
        # Counted in the ledger first, then marked settled: a crash between the two leaves the
        # row unsettled, and a takeover then finds it already counted (never counted twice).
        # The jobs row's copy of the totals is written by the UPDATE that commits the step.
        counted = ledger.count_call(
            reservation,
            tokens=paid.tokens_in + paid.tokens_out,
            usd_micros=paid.usd_micros,
            call_id=started_pk,
            mirror=False,
        )
        scope.ledger_totals = counted.totals
        scope.ledger_generations.add(counted.generation)
        # Marked settled by the statement that commits the step (or on its own if the step
        # fails): a crash before then leaves it to the takeover, which finds it counted.
        scope.defer_update(
            ProviderCall,
            started_pk,
            settled=True,
            model=paid.model,
            tokens_in=paid.tokens_in,
            tokens_out=paid.tokens_out,
            usd_micros=paid.usd_micros,
            latency_ms=paid.latency_ms,
            messages=paid.messages,
            response=paid.response,
            trajectory_ref=paid.trajectory_ref,
            ok=True,
            error="",
        )
        scope.counted_calls.append((started_pk, paid.tokens_in + paid.tokens_out, paid.usd_micros))
        scope.usage.add(
            model=paid.model if kind == "model" else "",
            tokens_in=paid.tokens_in,
            tokens_out=paid.tokens_out,
            usd_micros=paid.usd_micros,
        )
    return paid


def settle_abandoned_calls(job_id, *, before_epoch: int) -> int:
    """Count every call of `job_id` started under an epoch before `before_epoch` and never
    settled (its worker died inside it) at its reservation, and mark it settled so; a call the
    ledger already counted (it returned, and its worker died before the step's commit) keeps
    the amount counted. Returns how many. Called by the takeover of a job."""
    from jobs.models import ProviderCall

    n = 0
    for row in ProviderCall.objects.filter(job_id=job_id, settled=False, epoch__lt=before_epoch):
        returned = ledger.counted(job_id, row.pk)
        if returned is not None:
            # The call returned and the ledger counted what it used; its worker died before the
            # step's commit marked the row settled. The row takes the ledger's amount.
            tokens, usd = returned
            n += ProviderCall.objects.filter(pk=row.pk, settled=False).update(
                settled=True,
                tokens_in=tokens,
                tokens_out=0,
                usd_micros=usd,
                ok=False,
                error="the worker died before its step was stored: counted as the call returned",
            )
            continue
        ledger.settle_abandoned(
            job_id,
            call_id=row.pk,
            res_id=row.reservation_id,
            tokens=row.reserved_tokens,
            usd_micros=row.reserved_usd_micros,
        )
        n += ProviderCall.objects.filter(pk=row.pk, settled=False).update(
            settled=True,
            tokens_in=row.reserved_tokens,
            tokens_out=0,
            usd_micros=row.reserved_usd_micros,
            ok=False,
            error="the worker died during the call: counted at its reservation",
        )
    return n


def _ms_since(started: float) -> int:
    return int((time.monotonic() - started) * 1000)
