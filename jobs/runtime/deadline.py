"""The job's deadline as a hard limit on every call a step makes.

Celery's threads pool (every worker here runs `--pool threads`) ignores task time limits, so
nothing outside the code bounds a hung call. This module does:

- `seconds_left(job, phase)`: time a call of `phase` may still take. Research stops where the
  writing reserve begins (jobs/runtime/budget.py); writing and checking may run to the deadline.
- `DeadlineReached`: the time budget is spent. It is a BudgetExceeded of dimension "time", so
  every stage already handles it the way it handles a spent token budget: research stops and
  writing starts with what exists, a check that cannot run drops its sentence as not checked.
- `call_with_deadline(fn, seconds)`: runs `fn` in a daemon thread and waits at most `seconds`.
  A call still running then is abandoned (its thread ends whenever the provider answers or its
  own socket timeout fires; nothing waits for it) and CallAbandoned, a transient error, is
  raised, so the step retries or fails cleanly instead of parking its worker thread forever.
"""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Callable
from typing import TypeVar

from django.db import connection
from django.utils import timezone

from jobs.runtime.errors import TransientStepError
from jobs.runtime.ledger import BudgetExceeded

T = TypeVar("T")

# A call that would get less than this is not started: no provider answers a prompt that fast.
MIN_CALL_SECONDS = 3.0


class DeadlineReached(BudgetExceeded):
    """The job's time budget (for this phase) is spent: no new call starts."""

    def __init__(self, detail: str = ""):
        super().__init__("time")
        self.detail = detail

    def __str__(self) -> str:
        return f"the time budget ran out: {self.detail}" if self.detail else "the time budget ran out"


class CallAbandoned(TransientStepError):
    """A call ran past its deadline and was abandoned (the provider never answered in time)."""


def seconds_left(job, phase) -> float:
    """Seconds a call in `phase` may still use: to the start of the writing reserve while
    researching, to the deadline while writing and checking."""
    from jobs.runtime.budget import Phase, writing_reserve

    left = (job.deadline_at - timezone.now()).total_seconds()
    if phase is Phase.RESEARCH:
        left -= writing_reserve(job)[2]
    return left


def call_with_deadline(fn: Callable[[], T], seconds: float, *, what: str = "call") -> T:
    """`fn()` if it returns (or raises) within `seconds`; CallAbandoned otherwise. `fn` runs in a
    daemon thread with this thread's context variables (the step scope), and its own database
    connection is closed when it ends."""
    box: dict = {}
    done = threading.Event()
    context = contextvars.copy_context()

    def run():
        try:
            box["value"] = context.run(fn)
        except BaseException as exc:  # noqa: BLE001 - handed back to the waiting thread
            box["error"] = exc
        finally:
            done.set()
            connection.close()  # this thread's own, if fn opened one

    thread = threading.Thread(target=run, name=f"deadline-{what}", daemon=True)
    thread.start()
    if not done.wait(max(0.0, seconds)):
        raise CallAbandoned(f"{what}: no answer within {seconds:.0f} s; abandoned")
    if "error" in box:
        raise box["error"]
    return box["value"]
