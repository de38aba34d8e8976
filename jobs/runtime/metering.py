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

from jobs.runtime import ledger
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


def metered_call(*, kind: str, role: str, model: str, reserve_tokens: int, reserve_usd_micros: int,
                 call: Callable[[], PaidCall[T]], record_failure: bool = False,
                 failure_messages: list | None = None) -> PaidCall[T]:
    """Run `call` paid for by the current step's job; returns its PaidCall with latency_ms set.

    Raises BudgetExceeded before the call when the reservation does not fit the cap of the
    step's phase; re-raises whatever `call` raises, after releasing the reservation (and, with
    `record_failure`, recording the failed call at no charge)."""
    from jobs.models import ProviderCall

    scope = current_scope.get()
    reservation = None
    if scope is not None:
        cap_tokens, cap_usd = caps(scope.job, scope.phase)
        reservation = ledger.reserve(scope.job.pk, tokens=reserve_tokens, usd_micros=reserve_usd_micros,
                                     cap_tokens=cap_tokens, cap_usd_micros=cap_usd)
    release_for_wait()  # no database connection held while the provider answers
    started = time.monotonic()
    try:
        paid = call()
    except Exception as exc:
        if scope is not None and record_failure:
            failed = ProviderCall.objects.create(
                job_id=scope.job.pk, step_key=scope.step_key, epoch=scope.epoch, kind=kind, role=role, model=model,
                latency_ms=_ms_since(started), ok=False, error=f"{type(exc).__name__}: {exc}"[:500],
                messages=failure_messages or [],
            )
            ledger.settle(reservation, tokens=0, usd_micros=0, call_id=failed.pk)
        elif reservation is not None:
            ledger.release(reservation)
        raise
    paid.latency_ms = _ms_since(started)
    if scope is not None:
        row = ProviderCall.objects.create(
            job_id=scope.job.pk, step_key=scope.step_key, epoch=scope.epoch, kind=kind, role=role, model=paid.model,
            tokens_in=paid.tokens_in, tokens_out=paid.tokens_out, usd_micros=paid.usd_micros,
            latency_ms=paid.latency_ms, messages=paid.messages, response=paid.response, trajectory_ref=paid.trajectory_ref,
        )
        ledger.settle(reservation, tokens=paid.tokens_in + paid.tokens_out, usd_micros=paid.usd_micros, call_id=row.pk)
        scope.usage.add(model=paid.model if kind == "model" else "", tokens_in=paid.tokens_in,
                        tokens_out=paid.tokens_out, usd_micros=paid.usd_micros)
    return paid


def _ms_since(started: float) -> int:
    return int((time.monotonic() - started) * 1000)
