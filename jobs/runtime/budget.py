"""The design's budget rules, read from the ledger and the deadline.

- Research may spend up to the cap minus what is kept for writing and checking
  (60,000 tokens, 120 s, WRITING_RESERVE_USD); writing and checking may use the whole cap.
- At 70% of any budget no new searches start.
- No second round when less than 30% of any budget is left.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from django.conf import settings
from django.utils import timezone

from jobs.runtime import ledger


class Phase(str, Enum):
    RESEARCH = "research"
    WRITING = "writing"


@dataclass(frozen=True)
class BudgetState:
    tokens_used: int
    usd_used_micros: int
    seconds_elapsed: float
    budget_tokens: int
    budget_usd_micros: int
    budget_seconds: float

    @property
    def fractions(self) -> dict[str, float]:
        return {
            "tokens": self.tokens_used / self.budget_tokens,
            "usd": self.usd_used_micros / self.budget_usd_micros,
            "time": self.seconds_elapsed / self.budget_seconds if self.budget_seconds > 0 else 1.0,
        }

    @property
    def most_used(self) -> tuple[str, float]:
        dim, frac = max(self.fractions.items(), key=lambda kv: kv[1])
        return dim, frac


def writing_reserve(job) -> tuple[int, int, float]:
    """(tokens, micro-dollars, seconds) kept back for writing and checking; at most half of
    each budget so that a small budget still leaves room to research."""
    total_seconds = (job.deadline_at - job.created_at).total_seconds()
    return (
        min(settings.WRITING_RESERVE_TOKENS, job.budget_tokens // 2),
        min(int(settings.WRITING_RESERVE_USD * 1_000_000), job.budget_usd_micros // 2),
        min(settings.WRITING_RESERVE_SECONDS, total_seconds / 2),
    )


def caps(job, phase: Phase) -> tuple[int, int]:
    """(token cap, micro-dollar cap) a reservation in `phase` is checked against."""
    if phase is Phase.WRITING:
        return job.budget_tokens, job.budget_usd_micros
    keep_tokens, keep_usd, _ = writing_reserve(job)
    return job.budget_tokens - keep_tokens, job.budget_usd_micros - keep_usd


def state(job) -> BudgetState:
    tokens, usd = ledger.used(job.pk)
    return BudgetState(
        tokens_used=tokens,
        usd_used_micros=usd,
        seconds_elapsed=(timezone.now() - job.created_at).total_seconds(),
        budget_tokens=job.budget_tokens,
        budget_usd_micros=job.budget_usd_micros,
        budget_seconds=(job.deadline_at - job.created_at).total_seconds(),
    )


def research_time_left(job) -> float:
    """Seconds research may still use before the writing reserve."""
    _, _, keep_seconds = writing_reserve(job)
    return (job.deadline_at - timezone.now()).total_seconds() - keep_seconds


def search_stop_reason(job) -> str:
    """Why no new search may start now ("" when one may)."""
    s = state(job)
    dim, frac = s.most_used
    if frac >= settings.STOP_SEARCH_AT_FRACTION:
        return f"{dim} budget {frac:.0%} used"
    if research_time_left(job) <= 0:
        return "time reserved for writing reached"
    return ""


def second_round_allowed(job) -> bool:
    _, frac = state(job).most_used
    return (1.0 - frac) >= settings.SECOND_ROUND_MIN_LEFT_FRACTION and research_time_left(job) > 0


def record_stop(job, reason: str, *, warn: bool = True) -> bool:
    """Store why research stopped early (the first reason wins) and tell the user once with a
    budget_warning event. Returns True when this call recorded it."""
    from jobs.models import Job
    from jobs.runtime import events

    reason = reason[:200]
    recorded = bool(Job.objects.filter(pk=job.pk, stopped_reason="").update(stopped_reason=reason))
    if recorded:
        job.stopped_reason = reason
        if warn:
            events.emit(job.pk, "budget_warning", {"reason": reason})
    return recorded
