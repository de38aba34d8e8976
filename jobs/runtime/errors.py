"""Errors the layers agree on. The API turns ApplicationError into a 4xx JSON body."""

from __future__ import annotations


class ApplicationError(Exception):
    """Bad input or a request the current state does not allow.

    `field` names the input at fault; `status` is the HTTP status the API answers with.
    """

    def __init__(self, message: str, *, field: str | None = None, status: int = 400, extra: dict | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.status = status
        self.extra = extra or {}


class JobStopped(Exception):
    """The job was cancelled or finished: do no more work on it."""


class LeaseLost(JobStopped):
    """A newer dispatch (a higher epoch) owns the job; this runner's writes are refused."""


class JobDraining(LeaseLost):
    """A task of this epoch died and the epoch is draining before a takeover: start no new step
    (steps in flight finish and commit; jobs/runtime/drain.py)."""


class PermanentStepError(Exception):
    """A step failed in a way a retry cannot fix (bad page, refused URL, invalid output)."""


class TransientStepError(Exception):
    """A step failed in a way a retry with backoff may fix (timeout, 429, 5xx, lost connection)."""
