"""Gap check: the outer loop and the only place the plan changes. Code decides whether a
second round may run at all (at most two rounds; none with less than 30% of a budget left)."""

from __future__ import annotations

from agents import gap_check
from agents.digests import key_claims, relevant_claims
from agents.llm import ModelOutputError
from citations import corroboration, credibility
from jobs.models import Step, SubQuestion
from jobs.runtime import budget, events
from jobs.runtime.ledger import BudgetExceeded
from jobs.runtime.steps import RunContext, StepResult, run_step
from jobs.stages.evidence import evidence_notes
from jobs.stages.lifecycle import research_budget_spent
from jobs.stages.read import notes_in_reading_order

MAX_ROUNDS = 2


def after_round(ctx: RunContext, round_no: int) -> tuple[str, int]:
    """Decide what follows round `round_no`: ("round", 2) or ("write", 0)."""
    job = ctx.job
    # Sub-questions a dead header task left unfinished are reported, not waited for.
    SubQuestion.objects.filter(
        job=job, round=round_no, status__in=[SubQuestion.Status.PENDING, SubQuestion.Status.RUNNING]
    ).update(status=SubQuestion.Status.FAILED, error="its worker did not finish")
    if round_no >= MAX_ROUNDS:
        return "write", 0
    if not budget.second_round_allowed(job):
        budget.record_stop(job, "less than 30% of the budget left after round one: no second round")
        return "write", 0
    if budget.search_stop_reason(job):
        return "write", 0
    sqs = list(SubQuestion.objects.filter(job=job).order_by("round", "position"))

    claims_by_sq: dict[int, list[str]] = {}
    # In an order that does not depend on which reader finished first.
    notes = notes_in_reading_order(job)
    for note in notes:
        claims_by_sq.setdefault(note.sq_id, []).append(note.claim)

    def fn():
        key_notes = {
            s.pk: (
                relevant_claims(claims_by_sq.get(s.pk, []), s.text) if s.hop else key_claims(claims_by_sq.get(s.pk, []))
            )
            for s in sqs
        }
        shown = {c for claims in key_notes.values() for c in claims}
        # Pages are not read here: a copy's identical long quote still counts as its origin's.
        weighed = credibility.assess(evidence_notes(notes, with_pages=False))
        single = list(dict.fromkeys(n.claim for n in corroboration.single_source(weighed) if n.claim in shown))
        other = [
            o
            for o in (Step.objects.filter(job=job, kind="read").order_by("step_key").values_list("output", flat=True))
            if o.get("other_findings")
        ]
        try:
            decision = gap_check.check_gaps(
                question=job.question,
                outline=job.outline,
                subquestions=[
                    {
                        "text": s.text,
                        "section": s.section,
                        "status": s.status,
                        "summary": s.summary,
                        "not_found": s.not_found,
                        "key_notes": key_notes[s.pk],
                        "hop": s.hop,
                        "round": s.round,
                    }
                    for s in sqs
                ],
                other_findings=[o["other_findings"] for o in other][:20],
                single_source=single,
            )
        except (BudgetExceeded, ModelOutputError) as exc:
            if isinstance(exc, BudgetExceeded):
                research_budget_spent(job, exc)
            decision = {"enough": True, "reason": f"gap check skipped: {exc}", "new_subquestions": [], "unanswered": []}

        def write_rows(step):
            if not decision["enough"]:
                SubQuestion.objects.bulk_create(
                    [
                        SubQuestion(
                            job=job,
                            round=round_no + 1,
                            position=i,
                            text=s["text"],
                            section=s["section"],
                            hop=s.get("hop") or 0,
                        )
                        for i, s in enumerate(decision["new_subquestions"])
                    ]
                )
            return None

        return StepResult(output=decision, write_rows=write_rows)

    decision = run_step(ctx, kind="gap_check", counter=round_no, fn=fn)
    if decision["enough"]:
        return "write", 0
    events.emit(
        ctx.job_id, "gap_found", {"reason": decision["reason"], "new_subquestions": decision["new_subquestions"]}
    )
    return "round", round_no + 1


def unanswered_for(job) -> list[str]:
    """What the report must say the sources do not state, most important first: each a clause
    completing "The sources found do not state …" (agents/gap_check.unanswered_parts over the
    job's sub-questions, their note counts and the gap check's own statements). [] when the
    evidence answers the question. For the writer stage."""
    from django.db.models import Count

    rows = SubQuestion.objects.filter(job=job).annotate(note_count=Count("notes")).order_by("round", "position")
    gap_said = [
        u
        for out in Step.objects.filter(job=job, kind="gap_check").values_list("output", flat=True)
        for u in (out or {}).get("unanswered", [])
    ]
    return gap_check.unanswered_parts(
        question=job.question,
        subquestions=[
            {
                "text": s.text,
                "hop": s.hop,
                "round": s.round,
                "status": s.status,
                "notes": s.note_count,
                "not_found": s.not_found,
            }
            for s in rows
        ],
        gap_unanswered=gap_said,
    )
