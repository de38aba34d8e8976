"""Check: every drafted sentence through stage one (code) and the judge (small model). An
unsupported sentence goes back to the writer once with the verdict as feedback, is judged
again, and is dropped if still unsupported. No sentence ships with an unsupported verdict.
Sentences are independent: the task graph checks them in batches, all batches at once."""

from __future__ import annotations

from dataclasses import asdict

from django.conf import settings

from agents.llm import ModelOutputError
from citations import judge as judging
from citations.check import (
    NOT_CHECKED,
    SUPPORTED,
    UNSUPPORTED,
    CheckedSentence,
    composed_problem,
    is_factual,
    quoted_word_for_word,
    single_source,
    stage_one,
)
from jobs.models import Note, ReportClaim
from jobs.runtime import events
from jobs.runtime.budget import Phase
from jobs.runtime.ledger import BudgetExceeded
from jobs.runtime.steps import RunContext, StepResult, run_step, step_key


def generation_key(ctx: RunContext, counter: str) -> str:
    """A check step's counter within the job's current check generation (a re-run of the
    citation check asks the judge again under new keys)."""
    generation = getattr(ctx.job, "check_generation", 0)
    return f"g{generation}-{counter}" if generation else counter


QUOTED_REASON = "the sentence is its cited quote, word for word (checked in code: no judge call)"


def checked_in_code(text: str, notes: list[Note]) -> bool:
    """The sentence is one of its cited quotes and CHECK_QUOTES_IN_CODE is on: no judge call."""
    return settings.CHECK_QUOTES_IN_CODE and quoted_word_for_word(text, notes)


def _judge_step(ctx: RunContext, counter: str, text: str, notes: list[Note]) -> dict:
    if checked_in_code(text, notes):
        # The page says exactly this (stage one): a judge could only agree. No step, no call:
        # the same inputs give the same verdict on a replay.
        return {"verdict": SUPPORTED, "reason": QUOTED_REASON}
    return run_step(
        ctx,
        kind="check",
        counter=generation_key(ctx, counter),
        phase=Phase.WRITING,
        fn=lambda: StepResult(output=judging.judge(text, notes)),
    )


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
    rewrite = run_step(
        ctx,
        kind="write",
        counter=generation_key(ctx, f"rewrite-{index}"),
        phase=Phase.WRITING,
        fn=lambda: StepResult(output=judging.rewrite(text, verdict["verdict"], verdict["reason"], notes)),
    )
    history.append(
        {"stage": "rewrite", "text": rewrite["text"], "note_ids": rewrite["note_ids"], "drop": rewrite["drop"]}
    )
    checked.reason = verdict["reason"]
    if rewrite["drop"] or not rewrite["text"].strip():
        return checked
    new_notes, problem = stage_one([i for i in rewrite["note_ids"] if i in ids], known)
    if not new_notes:
        history.append(
            {"stage": "stage1", "verdict": UNSUPPORTED, "reason": problem or "rewrite cites no note it was given"}
        )
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
    checked.verdict, checked.reason, checked.outcome = (
        second["verdict"],
        second["reason"],
        ReportClaim.Outcome.REWRITTEN,
    )
    checked.single_source = single_source(checked.text, new_notes)
    return checked


def cited_notes(job_id, note_ids) -> dict:
    """The job's notes among `note_ids`, by id, with their sources: all a check needs (a rewrite
    may only cite notes its sentence was given), so a batch loads its own few notes rather than
    every note of the job. Ids that are not whole numbers are no note of any job."""
    ids = {i for i in note_ids if isinstance(i, int) and not isinstance(i, bool)}
    if not ids:
        return {}
    return {n.note_id: n for n in Note.objects.filter(job_id=job_id, note_id__in=ids).select_related("source")}


def check_draft(
    ctx: RunContext, drafted: list[dict], *, first_index: int = 0, announce: bool = True
) -> tuple[list[CheckedSentence], str]:
    """Check every drafted sentence (the first one is sentence `first_index` of the report, which
    numbers its step keys); returns (checked, stopped_reason). Sentences that could not be
    checked (budget spent) are dropped, never shipped unchecked. `announce`: one claim_checked
    event per sentence (a check batch sends one for the batch instead)."""
    out, stopped = [], ""
    known = cited_notes(ctx.job_id, [i for d in drafted for i in d["note_ids"]])
    for index, draft in enumerate(drafted, start=first_index):
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
        if announce:
            events.emit(
                ctx.job_id, "claim_checked", {"index": index, "verdict": checked.verdict, "outcome": checked.outcome}
            )
    return out, stopped


def batches(count: int, size: int, judged: list[bool] | None = None) -> list[tuple[int, int]]:
    """[start, stop) ranges covering `count` drafted sentences, each checked by one task, all at
    once: at most `size` sentences that ask the judge in each (`judged`, one flag per sentence;
    all of them when not given). A sentence checked in code (its cited quote word for word) takes
    milliseconds: it rides along, up to CODE_CHECKED_PER_BATCH x `size` sentences in a batch."""
    size = max(1, size)
    judged = [True] * count if judged is None else judged
    out, start, asks = [], 0, 0
    for index in range(count):
        if index > start and (asks + judged[index] > size or index - start >= CODE_CHECKED_PER_BATCH * size):
            out.append((start, index))
            start, asks = index, 0
        asks += judged[index]
    if count:
        out.append((start, count))
    return out


CODE_CHECKED_PER_BATCH = 3


def asks_judge(drafted: list[dict], job_id) -> list[bool]:
    """Whether each drafted sentence will ask the judge (what sizes the check's batches): all do
    unless CHECK_QUOTES_IN_CODE, when a sentence that is one of its cited quotes does not."""
    if not settings.CHECK_QUOTES_IN_CODE:
        return [True] * len(drafted)
    known = cited_notes(job_id, [i for d in drafted for i in d["note_ids"]])
    return [not checked_in_code(d["text"], [known[i] for i in d["note_ids"] if i in known]) for d in drafted]


def _batch_keys(ctx: RunContext, start: int, stop: int) -> list[str]:
    keys = []
    for index in range(start, stop):
        keys += [
            step_key(ctx.job_id, None, "check", generation_key(ctx, f"{index}")),
            step_key(ctx.job_id, None, "check", generation_key(ctx, f"{index}-2")),
            step_key(ctx.job_id, None, "write", generation_key(ctx, f"rewrite-{index}")),
        ]
    return keys


def check_batch(ctx: RunContext, drafts: list[dict], first_index: int) -> dict:
    """Check sentences first_index.. of the report (one task of the check chord); returns
    {"start", "checked": [CheckedSentence as JSON], "stopped"} for the chord's body."""
    ctx.prefetch(step_key__in=_batch_keys(ctx, first_index, first_index + len(drafts)))
    checked, stopped = check_draft(ctx, drafts, first_index=first_index, announce=False)
    outcomes = [c.outcome for c in checked]
    events.emit(
        ctx.job_id,
        "claim_checked",
        {
            "index": first_index,
            "count": len(checked),
            "kept": outcomes.count(ReportClaim.Outcome.KEPT),
            "rewritten": outcomes.count(ReportClaim.Outcome.REWRITTEN),
            "dropped": outcomes.count(ReportClaim.Outcome.DROPPED),
        },
    )
    return {"start": first_index, "checked": [asdict(c) for c in checked], "stopped": stopped}


def merge_batches(ctx: RunContext, drafted: list[dict], outputs: list) -> tuple[list[CheckedSentence], str]:
    """The checked report from the outputs of the check batches (in any order); sentences no
    batch reported (a batch that failed for good) are checked here, their finished steps
    replayed. Returns (checked in report order, the first stop reason by position)."""
    checked: list[CheckedSentence | None] = [None] * len(drafted)
    stops: dict[int, str] = {}
    for out in outputs or []:
        if not isinstance(out, dict) or "checked" not in out:
            continue
        for offset, item in enumerate(out["checked"]):
            if out["start"] + offset < len(checked):
                checked[out["start"] + offset] = CheckedSentence(**item)
        if out.get("stopped"):
            stops[out["start"]] = out["stopped"]
    index = 0
    while index < len(checked):
        if checked[index] is not None:
            index += 1
            continue
        stop = index
        while stop < len(checked) and checked[stop] is None:
            stop += 1
        redone, stopped = check_draft(ctx, drafted[index:stop], first_index=index)
        checked[index:stop] = redone
        if stopped:
            stops[index] = stopped
        index = stop
    return list(checked), stops[min(stops)] if stops else ""


__all__ = ["batches", "check_batch", "check_draft", "check_sentence", "generation_key", "is_factual", "merge_batches"]
