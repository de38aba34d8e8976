"""Plan: the planner's sub-questions and outline, saved as rows; awaiting approval when the
user asked to see the plan first."""

from __future__ import annotations

from agents import planner
from agents.sources.documents import collection_markers
from jobs.models import Job, Step, SubQuestion
from jobs.runtime import budget, events, experiments
from jobs.runtime.deadline import DeadlineReached
from jobs.runtime.ledger import BudgetExceeded
from jobs.runtime.steps import RunContext, StepResult, run_step, step_key
from jobs.runtime.transitions import job_transition


def _earlier_report(job) -> dict | None:
    """What the planner of a follow-up sees of the report it follows: the question and headings."""
    parent = job.follow_up_of
    if parent is None or not parent.report:
        return None
    return {"question": parent.question, "headings": [s["heading"] for s in parent.report.get("sections", [])]}


def plan_stage(ctx: RunContext) -> str:
    """Plan the job. Returns "awaiting_approval" or "research"."""
    job = ctx.job

    def fn():
        markers = collection_markers(owner=job.user) if "uploads" in job.sources else []
        try:
            plan = planner.make_plan(
                question=job.question,
                depth=job.depth,
                sources=job.sources,
                collection_markers=markers,
                prompt_name=experiments.overrides(job).get("planner_prompt", "planner"),
                earlier=_earlier_report(job),
            )
        except BudgetExceeded as exc:
            # The smallest budgets the API accepts cannot pay for the planner's reservation.
            # The job still runs within them and ends done, saying why: the question is its
            # own single sub-question, researched and written only as far as the budget goes.
            if isinstance(exc, DeadlineReached):  # the planner did not answer within the time budget
                budget.record_stop(job, f"not planned, researched as one sub-question: {exc}")
            else:
                budget.record_stop(
                    job,
                    f"budget too small to plan ({exc.dimension}): the question was researched "
                    "as one sub-question, as far as the budget allowed",
                )
            plan = unplanned(job.question)

        def write_rows(step):
            _replace_plan(job, plan["subquestions"], plan["outline"], plan.get("scope", ""))
            return None

        return StepResult(output=plan, write_rows=write_rows)

    plan = run_step(ctx, kind="plan", counter=0, fn=fn)
    awaiting = job.require_approval and not _approved(job)
    if awaiting:
        job_transition(job.pk, to=Job.Status.AWAITING_APPROVAL, epoch=ctx.epoch)
    # Emitted after the status change: a client that approves on plan_ready finds the plan
    # awaiting approval (before, a quick client got 409 and a page reloaded too early).
    events.emit(
        ctx.job_id,
        "plan_ready",
        {
            "subquestions": list(
                SubQuestion.objects.filter(job=job, round=1).values("sq_id", "text", "section", "hop")
            ),
            "outline": plan["outline"],
            "scope": plan.get("scope", ""),
            "awaiting_approval": bool(awaiting),
        },
    )
    return "awaiting_approval" if awaiting else "research"


def _approved(job: Job) -> bool:
    return Step.objects.filter(job=job, step_key=step_key(job.pk, None, "plan", "approved")).exists()


def _replace_plan(job: Job, subquestions: list[dict], outline: list[dict], scope: str) -> None:
    SubQuestion.objects.filter(job=job, round=1).delete()
    SubQuestion.objects.bulk_create(
        [
            SubQuestion(job=job, round=1, position=i, text=s["text"], section=s["section"], hop=s.get("hop") or 0)
            for i, s in enumerate(subquestions)
        ]
    )
    Job.objects.filter(pk=job.pk).update(outline=outline, plan_scope=scope)
    job.outline = outline
    job.plan_scope = scope


def unplanned(question: str) -> dict:
    """The plan of a job whose budget cannot pay for the planner: the question itself."""
    return {
        "subquestions": [{"text": question, "section": "Answer", "hop": 0}],
        "outline": [{"heading": "Answer", "purpose": "What the sources say about the question."}],
        "scope": "",
    }
