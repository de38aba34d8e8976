"""Write: the writer drafts the report section by section from the outline and the notes only
(never raw pages); then the check stage judges the draft and the report stage stores it."""
from __future__ import annotations

from agents import text as tx
from agents import writer
from jobs.models import Job, Note
from jobs.runtime import budget, events
from jobs.runtime.budget import Phase
from jobs.runtime.ledger import BudgetExceeded
from jobs.runtime.steps import RunContext, StepResult, run_step
from jobs.runtime.transitions import job_transition
from jobs.stages import check, evidence, report


def _notes_for_sections(job: Job) -> dict[str, list[Note]]:
    """The notes each section's writer gets: those the evidence stage selected (credible,
    relevant, in the section whose purpose they fit)."""
    return evidence.notes_by_section(job)


def write_sections(ctx: RunContext) -> list[dict]:
    """Draft every section that has notes; returns the drafted sentences in report order."""
    job = ctx.job
    research_stop = budget.search_stop_reason(job)
    if research_stop:
        budget.record_stop(job, f"writing started early: {research_stop}")
    by_heading = _notes_for_sections(job)
    drafted: list[dict] = []
    for index, section in enumerate(job.outline):
        notes = by_heading.get(section["heading"], [])
        if not notes:
            continue

        def fn(section=section, notes=notes):
            try:
                return StepResult(output=writer.draft_section(question=job.question, outline=job.outline,
                                                              heading=section["heading"], purpose=section["purpose"],
                                                              notes=notes))
            except BudgetExceeded as exc:
                return StepResult(output={"sentences": [], "error": f"{exc.dimension} budget exhausted"})

        out = run_step(ctx, kind="write", counter=index, fn=fn, phase=Phase.WRITING)
        if out.get("error"):
            budget.record_stop(job, f"report cut short: {out['error']} while writing")
        for position, sentence in enumerate(out["sentences"]):
            drafted.append({**sentence, "section_index": index, "heading": section["heading"], "position": position})
        events.emit(ctx.job_id, "section_drafted", {"heading": section["heading"], "sentences": len(out["sentences"])})
    return drafted


def write_and_check(ctx: RunContext) -> None:
    """Write, check and store the report; the job ends done."""
    job_transition(ctx.job.pk, to=Job.Status.WRITING, epoch=ctx.epoch, from_statuses=Job.ACTIVE_STATUSES)
    ctx.prefetch(kind__in=["write", "check"])
    selection = evidence.run(ctx)
    drafted = write_sections(ctx)
    # Disagreements are stated in sentences built in code (every model's report has them).
    drafted += evidence.disagreement_drafts(selection, drafted)
    job_transition(ctx.job.pk, to=Job.Status.CHECKING, epoch=ctx.epoch, from_statuses=Job.ACTIVE_STATUSES)
    checked, check_stop = check.check_draft(ctx, merge_repeated_sentences(drafted))
    if check_stop:
        budget.record_stop(ctx.job, check_stop)
    report.finish(ctx, checked)


def _sentence_key(text: str) -> str:
    return tx.normalise_space(text).lower().rstrip(".!?;: ")


def merge_repeated_sentences(drafted: list[dict]) -> list[dict]:
    """Sections are written apart, so two of them may state the same claim (notes from two
    sub-questions, or two pages that say the same). A reader should meet it once: the first
    occurrence stays, with the note ids of every repeat added (more sources for one claim)."""
    first: dict[str, dict] = {}
    out = []
    for sentence in drafted:
        key = _sentence_key(sentence["text"])
        if key in first:
            kept = first[key]
            kept["note_ids"] = list(dict.fromkeys([*kept["note_ids"], *sentence["note_ids"]]))
            continue
        first[key] = {**sentence, "note_ids": list(sentence["note_ids"])}
        out.append(first[key])
    return out
