"""The citation check of a drafted report, sentence by sentence.

Stage 1 (code, zero tokens): every cited note must be a note of this job, and its quote must
be exactly the stored page's characters at its offsets. Stage 2 (small model): the judge.
An unsupported sentence goes back to the writer once with the verdict as feedback, is judged
again, and is dropped if still unsupported. No sentence ships with an unsupported verdict.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from agents.engine import text as tx
from agents.llm import ModelOutputError
from agents.sources import store
from citations import judge as judging
from citations.quotes import verify
from jobs import events
from jobs.budget import Phase
from jobs.ledger import BudgetExceeded
from jobs.models import Note, ReportClaim
from jobs.steps import RunContext, StepResult, run_step

SUPPORTED = ReportClaim.Verdict.SUPPORTED
PARTIAL = ReportClaim.Verdict.PARTIAL
UNSUPPORTED = ReportClaim.Verdict.UNSUPPORTED


@dataclass
class CheckedSentence:
    section_index: int
    heading: str
    position: int
    text: str
    note_ids: list
    verdict: str
    reason: str
    outcome: str
    history: list = field(default_factory=list)
    single_source: bool = False
    factual: bool = True
    cited: bool = True


def stage_one(job_id, note_ids: list, known: dict | None = None) -> tuple[list[Note], str]:
    """(notes that pass, reason for any that fail). Notes of other jobs never pass.
    `known` is the job's notes by id when the caller already loaded them."""
    if known is not None:
        notes = [known[i] for i in dict.fromkeys(note_ids) if i in known]
    else:
        notes = list(Note.objects.filter(job_id=job_id, note_id__in=note_ids).select_related("source"))
    found = {n.note_id for n in notes}
    problems = []
    foreign = [i for i in note_ids if i not in found]
    if foreign:
        problems.append(f"note ids {foreign} are not notes of this job")
    good = []
    for note in notes:
        page = store.get_text(note.source.content_ref) if note.source.content_ref else ""
        if verify(page, note.quote, note.char_start, note.char_end):
            good.append(note)
        else:
            problems.append(f"quote of note {note.note_id} is not at its offsets in the stored page")
    order = {i: k for k, i in enumerate(note_ids)}
    good.sort(key=lambda n: order.get(n.note_id, 0))
    return good, "; ".join(problems)


def is_factual(text: str) -> bool:
    """A sentence that states something checkable: a name or a figure."""
    return bool(tx.entities(text) or tx.numbers(text))


def _single_source(text: str, notes: list[Note]) -> bool:
    figures = [n for n in tx.numbers(text) if not tx.is_year(n)]
    return bool(figures) and len({n.source.domain for n in notes}) < 2


def generation_key(ctx: RunContext, counter: str) -> str:
    """A check step's counter within the job's current check generation (a re-run of the
    citation check asks the judge again under new keys)."""
    generation = getattr(ctx.job, "check_generation", 0)
    return f"g{generation}-{counter}" if generation else counter


def _judge_step(ctx: RunContext, counter: str, text: str, notes: list[Note]) -> dict:
    def fn():
        return StepResult(output=judging.judge(text, notes))

    return run_step(ctx, kind="check", counter=generation_key(ctx, counter), fn=fn, phase=Phase.WRITING)


def check_sentence(ctx: RunContext, index: int, draft: dict, known: dict | None = None) -> CheckedSentence:
    text, ids = draft["text"], list(draft["note_ids"])
    history = [{"stage": "draft", "text": text, "note_ids": ids}]
    checked = CheckedSentence(draft["section_index"], draft["heading"], draft["position"], text, ids,
                              UNSUPPORTED, "", ReportClaim.Outcome.DROPPED, history,
                              factual=is_factual(text), cited=bool(ids))
    notes, problem = stage_one(ctx.job_id, ids, known)
    if draft.get("cited_outside"):
        problem = "; ".join(p for p in [problem, f"cited notes {draft['cited_outside']} it was not given"] if p)
    if not notes:
        checked.reason = f"stage 1: {problem or 'the sentence cites no note'}"
        history.append({"stage": "stage1", "verdict": UNSUPPORTED, "reason": checked.reason})
        return checked
    verdict = _judge_step(ctx, f"{index}", text, notes)
    history.append({"stage": "judge", "verdict": verdict["verdict"], "reason": verdict["reason"],
                    "stage1": problem})
    if verdict["verdict"] != UNSUPPORTED:
        checked.note_ids = [n.note_id for n in notes]
        checked.verdict, checked.reason, checked.outcome = verdict["verdict"], verdict["reason"], ReportClaim.Outcome.KEPT
        checked.single_source = _single_source(text, notes)
        return checked
    # One rewrite with the verdict as feedback, then judged again; dropped if still unsupported.
    rewrite = run_step(ctx, kind="write", counter=generation_key(ctx, f"rewrite-{index}"), phase=Phase.WRITING,
                       fn=lambda: StepResult(output=judging.rewrite(text, verdict["verdict"], verdict["reason"], notes)))
    history.append({"stage": "rewrite", "text": rewrite["text"], "note_ids": rewrite["note_ids"], "drop": rewrite["drop"]})
    checked.reason = verdict["reason"]
    if rewrite["drop"] or not rewrite["text"].strip():
        return checked
    new_notes, problem = stage_one(ctx.job_id, [i for i in rewrite["note_ids"] if i in ids], known)
    if not new_notes:
        history.append({"stage": "stage1", "verdict": UNSUPPORTED, "reason": problem or "rewrite cites no note it was given"})
        return checked
    second = _judge_step(ctx, f"{index}-2", rewrite["text"], new_notes)
    history.append({"stage": "judge", "verdict": second["verdict"], "reason": second["reason"]})
    if second["verdict"] == UNSUPPORTED:
        checked.reason = second["reason"]
        return checked
    checked.text, checked.note_ids = rewrite["text"], [n.note_id for n in new_notes]
    checked.verdict, checked.reason, checked.outcome = second["verdict"], second["reason"], ReportClaim.Outcome.REWRITTEN
    checked.single_source = _single_source(checked.text, new_notes)
    return checked


def check_draft(ctx: RunContext, drafted: list[dict]) -> tuple[list[CheckedSentence], str]:
    """Check every drafted sentence; returns (checked, stopped_reason). Sentences that could
    not be checked (budget spent) are dropped, never shipped unchecked."""
    out, stopped = [], ""
    known = {n.note_id: n for n in Note.objects.filter(job_id=ctx.job_id).select_related("source")}
    for index, draft in enumerate(drafted):
        if stopped:
            out.append(CheckedSentence(draft["section_index"], draft["heading"], draft["position"], draft["text"],
                                       draft["note_ids"], UNSUPPORTED, f"not checked: {stopped}",
                                       ReportClaim.Outcome.DROPPED, [{"stage": "draft", "text": draft["text"]}],
                                       factual=is_factual(draft["text"]), cited=bool(draft["note_ids"])))
            continue
        try:
            checked = check_sentence(ctx, index, draft, known)
        except BudgetExceeded as exc:
            stopped = f"{exc.dimension} budget exhausted during citation checks"
            out.append(CheckedSentence(draft["section_index"], draft["heading"], draft["position"], draft["text"],
                                       draft["note_ids"], UNSUPPORTED, f"not checked: {stopped}",
                                       ReportClaim.Outcome.DROPPED, [{"stage": "draft", "text": draft["text"]}]))
            continue
        except ModelOutputError as exc:
            checked = CheckedSentence(draft["section_index"], draft["heading"], draft["position"], draft["text"],
                                      draft["note_ids"], UNSUPPORTED, f"judge failed: {exc}",
                                      ReportClaim.Outcome.DROPPED, [{"stage": "draft", "text": draft["text"]}])
        out.append(checked)
        events.emit(ctx.job_id, "claim_checked", {"index": index, "verdict": checked.verdict, "outcome": checked.outcome})
    return out, stopped
