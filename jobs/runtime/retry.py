"""The one retry policy: how long to wait between attempts, and how many attempts there are.

Transient failures (429, 5xx, timeouts, lost connections) are retried at two levels, and the
levels multiply, so the whole budget is written down here:

- inside one step, per provider: a model gets MODEL_ATTEMPTS attempts, then the next model of
  its tier's fallback list gets as many; a search provider gets SEARCH_ATTEMPTS (a setting),
  then the fallback provider; a page fetch gets FETCH_ATTEMPTS;
- the task: a step that still fails transiently fails its Celery task, which is retried
  TASK_MAX_RETRIES times with backoff (finished steps replay for free, so only the failing
  step runs again).

Worst case for one model step with no fallback: MODEL_ATTEMPTS x (TASK_MAX_RETRIES + 1)
= 5 x 6 = 30 requests over about 7 minutes (attempt backoff 1-8 s, task backoff up to 60 s).
Past that the sub-question, the read (or the job) fails with the last error at once (the task's
on_failure); the lease sweeper does not retry a task that failed, it only re-dispatches work
whose worker died.

Only transient errors are retried at all: a provider error whose body says the request was
invalid is permanent whatever its status (agents/llm.py classify), and a refused structured-
output form steps down instead of being retried. Three bounds stop the product from running
on: every call's timeout, backoff included, fits in the time the job has left (DeadlineReached
instead of another attempt; jobs/runtime/deadline.py); a job past its deadline plus
DEADLINE_GRACE_SECONDS is ended by the sweeper; a job re-dispatched more than
POISON_REDISPATCHES times without a new step ends failed (jobs/stages/lifecycle.py).
"""

from __future__ import annotations

import random

# Attempts at one model before its fallback is tried (the first try plus four retries).
MODEL_ATTEMPTS = 5
# Attempts at one page before the read is recorded as failed.
FETCH_ATTEMPTS = 3
# Celery retries of a task whose step failed transiently (its decorator's max_retries).
TASK_MAX_RETRIES = 5
TASK_BACKOFF_SECONDS = 2
TASK_BACKOFF_MAX_SECONDS = 60


def backoff_seconds(attempt: int, *, base: float, cap: float, retry_after: float | None = None) -> float:
    """Seconds to wait before retry number `attempt` (1 = the first retry): the provider's
    Retry-After when it gave one (capped), else exponential from `base` with "equal jitter"
    (between half and all of base x 2^(attempt-1), at most `cap`), so retries of many workers
    hitting one provider do not arrive together."""
    if retry_after is not None:
        return min(max(0.0, retry_after), cap)
    return min(cap, base * 2 ** (attempt - 1)) * (0.5 + random.random() / 2)
