"""Write: the writer drafts the report section by section from the outline and the notes only
(never raw pages), one step per section (the sections of a job are drafted at once, one task
each); then the check stage judges the draft and the report stage stores it."""
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


def start_writing(ctx: RunContext) -> list[int]:
    """Move the job to writing (noting why research stopped, if it stopped early); returns the
    indexes of the outline sections that have notes, each drafted by one step."""
    job = ctx.job
    job_transition(job.pk, to=Job.Status.WRITING, epoch=ctx.epoch, from_statuses=Job.ACTIVE_STATUSES)
    evidence.run(ctx)  # which notes each section gets (one step)
    research_stop = budget.search_stop_reason(job)
    if research_stop:
        budget.record_stop(job, f"writing started early: {research_stop}")
    by_heading = _notes_for_sections(job)
    return [index for index, section in enumerate(job.outline) if by_heading.get(section["heading"])]


def _section_sentences(section: dict, index: int, out: dict) -> list[dict]:
    return [{**sentence, "section_index": index, "heading": section["heading"], "position": position}
            for position, sentence in enumerate(out["sentences"])]


def write_section(ctx: RunContext, index: int, notes: list[Note] | None = None) -> list[dict]:
    """Draft outline section `index` from its notes (one step, replayed when it exists);
    returns its drafted sentences. Sections are independent, so they may be drafted at once."""
    job = ctx.job
    section = job.outline[index]
    if notes is None:
        notes = _notes_for_sections(job).get(section["heading"], [])

    def fn():
        try:
            return StepResult(output=writer.draft_section(question=job.question, outline=job.outline,
                                                          heading=section["heading"], purpose=section["purpose"],
                                                          notes=notes))
        except BudgetExceeded as exc:
            return StepResult(output={"sentences": [], "error": f"{exc.dimension} budget exhausted"})

    out = run_step(ctx, kind="write", counter=index, fn=fn, phase=Phase.WRITING)
    if out.get("error"):
        budget.record_stop(job, f"report cut short: {out['error']} while writing")
    events.emit(ctx.job_id, "section_drafted", {"heading": section["heading"], "sentences": len(out["sentences"])})
    return _section_sentences(section, index, out)


def write_sections(ctx: RunContext) -> list[dict]:
    """Draft every section that has notes, one after another in this task; returns the drafted
    sentences in report order."""
    by_heading = _notes_for_sections(ctx.job)
    drafted: list[dict] = []
    for index, section in enumerate(ctx.job.outline):
        notes = by_heading.get(section["heading"], [])
        if notes:
            drafted.extend(write_section(ctx, index, notes))
    return drafted


def drafted_sentences(ctx: RunContext, indexes: list[int]) -> list[dict]:
    """The drafted sentences of sections `indexes` in report order, repeats merged (what the
    check judges, numbered as its step keys count): read from their write steps in one query;
    a section whose step is missing (its task failed for good) is drafted here."""
    from jobs.runtime.steps import step_key

    keys = {index: step_key(ctx.job_id, None, "write", index) for index in indexes}
    missing = [k for k in keys.values() if k not in ctx.replay]
    if missing:
        ctx.prefetch(step_key__in=missing)
    drafted: list[dict] = []
    for index in sorted(indexes):
        out = ctx.replay.get(keys[index])
        drafted.extend(_section_sentences(ctx.job.outline[index], index, out) if out is not None
                       else write_section(ctx, index))
    # Disagreements are stated in sentences built in code (every model's report has them).
    drafted += evidence.disagreement_drafts(evidence.run(ctx), drafted)
    return merge_repeated_sentences(drafted)


def start_checking(ctx: RunContext) -> None:
    job_transition(ctx.job.pk, to=Job.Status.CHECKING, epoch=ctx.epoch, from_statuses=Job.ACTIVE_STATUSES)


def finish_report(ctx: RunContext, checked: list, check_stop: str) -> None:
    """Store the checked sentences as the report; the job ends done."""
    if check_stop:
        budget.record_stop(ctx.job, check_stop)
    report.finish(ctx, checked)


def write_and_check(ctx: RunContext) -> None:
    """Write, check and store the report in this one task (sections one after another, then
    every sentence); the job ends done. The task graph does the same in parallel (jobs/tasks.py:
    a chord of section tasks, then a chord of check batches)."""
    ctx.prefetch(kind__in=["write", "check"])
    start_writing(ctx)
    drafted = write_sections(ctx)
    drafted += evidence.disagreement_drafts(evidence.run(ctx), drafted)
    start_checking(ctx)
    checked, check_stop = check.check_draft(ctx, merge_repeated_sentences(drafted))
    finish_report(ctx, checked, check_stop)


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
