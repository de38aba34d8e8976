"""Where a job is in its life: failing it, finding where a re-dispatched job continues, and
noting why research stopped early."""
from __future__ import annotations

from jobs.models import Job, SubQuestion
from jobs.runtime import budget, events
from jobs.runtime.ledger import BudgetExceeded
from jobs.runtime.transitions import job_transition


def fail_job(job_id, epoch: int, error: str) -> None:
    if job_transition(job_id, to=Job.Status.FAILED, epoch=epoch, error=error[:4000]):
        events.emit(job_id, "failed", {"error": error[:500]})


def resume_point(job: Job) -> tuple[str, int]:
    """Where a re-dispatched job continues: ("plan"|"round"|"after_round"|"write", round)."""
    if job.status == Job.Status.PLANNING:
        return "plan", 0
    if job.status == Job.Status.RESEARCHING:
        pending = SubQuestion.objects.filter(job=job, round=job.round).exclude(
            status__in=SubQuestion.FINISHED_STATUSES).exists()
        return ("round" if pending else "after_round"), job.round
    return "write", job.round


def research_budget_spent(job: Job, exc: BudgetExceeded) -> None:
    budget.record_stop(job, f"research stopped early: the {exc.dimension} budget left for research was spent")
