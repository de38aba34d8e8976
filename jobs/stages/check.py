"""Check: every drafted sentence through stage one (code) and the judge (small model). An
unsupported sentence goes back to the writer once with the verdict as feedback, is judged
again, and is dropped if still unsupported. No sentence ships with an unsupported verdict."""
from __future__ import annotations

from agents.llm import ModelOutputError
from citations import judge as judging
from citations.check import (
    NOT_CHECKED,
    UNSUPPORTED,
    CheckedSentence,
    composed_problem,
    is_factual,
    single_source,
    stage_one,
)
from jobs.models import Note, ReportClaim
from jobs.runtime import events
from jobs.runtime.budget import Phase
from jobs.runtime.ledger import BudgetExceeded
from jobs.runtime.steps import RunContext, StepResult, run_step


def generation_key(ctx: RunContext, counter: str) -> str:
    """A check step's counter within the job's current check generation (a re-run of the
    citation check asks the judge again under new keys)."""
    generation = getattr(ctx.job, "check_generation", 0)
    return f"g{generation}-{counter}" if generation else counter


def _judge_step(ctx: RunContext, counter: str, text: str, notes: list[Note]) -> dict:
    return run_step(ctx, kind="check", counter=generation_key(ctx, counter), phase=Phase.WRITING,
                    fn=lambda: StepResult(output=judging.judge(text, notes)))


def check_sentence(ctx: RunContext, index: int, draft: dict, known: dict) -> CheckedSentence:
    text, ids = draft["text"], list(draft["note_ids"])
    history = [{"stage": "draft", "text": text, "note_ids": ids}]
    checked = CheckedSentence.dropped(draft, "", history)
    notes, problem = stage_one(ids, known)
    if draft.get("cited_outside"):
        problem = "; ".join(p for p in [problem, f"cited notes {draft['cited_outside']} it was not given"] if p)
    if not notes:
        checked.reason = f"stage 1: {problem or 'the sentence cites no note'}"
        history.append({"stage": "stage1", "verdict": UNSUPPORTED, "reason": checked.reason})
        return checked
    # Names and figures a composed sentence states must be in its quotes (code, every model).
    text, composed = composed_problem(text, notes)
    if composed:
        history.append({"stage": "composed", "text": text, "reason": composed})
        if not text:
            checked.reason = f"composed-sentence rule: {composed}"
            return checked
        checked.text = text
    verdict = _judge_step(ctx, f"{index}", text, notes)
    history.append({"stage": "judge", "verdict": verdict["verdict"], "reason": verdict["reason"], "stage1": problem})
    if verdict["verdict"] == NOT_CHECKED:
        return CheckedSentence.not_checked(draft, verdict["reason"], history)
    if verdict["verdict"] != UNSUPPORTED:
        checked.note_ids = [n.note_id for n in notes]
        repaired = text != draft["text"]
        checked.verdict, checked.reason = verdict["verdict"], verdict["reason"]
        checked.outcome = ReportClaim.Outcome.REWRITTEN if repaired else ReportClaim.Outcome.KEPT
        checked.single_source = single_source(text, notes)
        return checked
    # One rewrite with the verdict as feedback, then judged again; dropped if still unsupported.
    rewrite = run_step(ctx, kind="write", counter=generation_key(ctx, f"rewrite-{index}"), phase=Phase.WRITING,
                       fn=lambda: StepResult(output=judging.rewrite(text, verdict["verdict"], verdict["reason"], notes)))
    history.append({"stage": "rewrite", "text": rewrite["text"], "note_ids": rewrite["note_ids"], "drop": rewrite["drop"]})
    checked.reason = verdict["reason"]
    if rewrite["drop"] or not rewrite["text"].strip():
        return checked
    new_notes, problem = stage_one([i for i in rewrite["note_ids"] if i in ids], known)
    if not new_notes:
        history.append({"stage": "stage1", "verdict": UNSUPPORTED, "reason": problem or "rewrite cites no note it was given"})
        return checked
    rewritten, composed = composed_problem(rewrite["text"], new_notes)
    if composed:
        history.append({"stage": "composed", "text": rewritten, "reason": composed})
        if not rewritten:
            checked.reason = f"composed-sentence rule: {composed}"
            return checked
        rewrite = {**rewrite, "text": rewritten}
    second = _judge_step(ctx, f"{index}-2", rewrite["text"], new_notes)
    history.append({"stage": "judge", "verdict": second["verdict"], "reason": second["reason"]})
    if second["verdict"] == NOT_CHECKED:
        return CheckedSentence.not_checked(draft, second["reason"], history)
    if second["verdict"] == UNSUPPORTED:
        checked.reason = second["reason"]
        return checked
    checked.text, checked.note_ids = rewrite["text"], [n.note_id for n in new_notes]
    checked.verdict, checked.reason, checked.outcome = second["verdict"], second["reason"], ReportClaim.Outcome.REWRITTEN
    checked.single_source = single_source(checked.text, new_notes)
    return checked


def check_draft(ctx: RunContext, drafted: list[dict]) -> tuple[list[CheckedSentence], str]:
    """Check every drafted sentence; returns (checked, stopped_reason). Sentences that could
    not be checked (budget spent) are dropped, never shipped unchecked."""
    out, stopped = [], ""
    known = {n.note_id: n for n in Note.objects.filter(job_id=ctx.job_id).select_related("source")}
    for index, draft in enumerate(drafted):
        if stopped:
            out.append(CheckedSentence.not_checked(draft, stopped))
            continue
        try:
            checked = check_sentence(ctx, index, draft, known)
        except BudgetExceeded as exc:
            stopped = f"{exc.dimension} budget exhausted during citation checks"
            out.append(CheckedSentence.not_checked(draft, stopped))
            continue
        except ModelOutputError as exc:
            checked = CheckedSentence.dropped(draft, f"judge failed: {exc}")
        out.append(checked)
        events.emit(ctx.job_id, "claim_checked", {"index": index, "verdict": checked.verdict, "outcome": checked.outcome})
    return out, stopped


__all__ = ["check_draft", "check_sentence", "generation_key", "is_factual"]
