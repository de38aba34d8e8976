"""The research pipeline, stage by stage. Tasks (jobs/tasks.py) are thin: they take ids, hold
the lease, call one function here and decide what to enqueue next.

plan -> [awaiting_approval] -> round 1 (one worker per sub-question, readers under each)
     -> gap check -> [round 2] -> write (section by section) -> check -> done
"""
from __future__ import annotations

import logging
import time

from django.conf import settings

from django.utils import timezone

from agents import gap_check, planner, reader, writer
from agents.digests import key_claims
from agents.engine import text as tx
from agents.llm import ModelOutputError
from agents.search_worker import Outcome, SearchWorker
from agents.sources import dedupe, pages, store
from agents.sources.documents import collection_markers
from agents.sources.urls import url_hash
from citations import check as citation_check
from citations import metrics
from jobs import budget, events, experiments
from jobs.budget import Phase
from jobs.errors import PermanentStepError, TransientStepError
from jobs.ledger import BudgetExceeded
from jobs.models import Job, Note, ReportClaim, Source, Step, SubQuestion
from jobs.steps import RunContext, StepResult, run_step, step_key

logger = logging.getLogger(__name__)

MAX_ROUNDS = 2
FETCH_ATTEMPTS = 3
FETCH_BACKOFF_SECONDS = 0.5


# --- plan ------------------------------------------------------------------------------------
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
        plan = planner.make_plan(question=job.question, depth=job.depth, sources=job.sources, collection_markers=markers,
                                 prompt_name=experiments.overrides(job).get("planner_prompt", "planner"),
                                 earlier=_earlier_report(job))

        def write_rows(step):
            _replace_plan(job, plan["subquestions"], plan["outline"])
            return None

        return StepResult(output=plan, write_rows=write_rows)

    plan = run_step(ctx, kind="plan", counter=0, fn=fn)
    awaiting = job.require_approval and not _approved(job)
    if awaiting:
        Job.objects.filter(pk=job.pk, epoch=ctx.epoch, status=Job.Status.PLANNING).update(
            status=Job.Status.AWAITING_APPROVAL, lease_expires_at=None, lease_owner=""
        )
    # Emitted after the status change: a client that approves on plan_ready finds the plan
    # awaiting approval (before, a quick client got 409 and a page reloaded too early).
    events.emit(ctx.job_id, "plan_ready", {
        "subquestions": list(SubQuestion.objects.filter(job=job, round=1).values("sq_id", "text", "section")),
        "outline": plan["outline"], "awaiting_approval": bool(awaiting),
    })
    return "awaiting_approval" if awaiting else "research"


def _approved(job: Job) -> bool:
    return Step.objects.filter(job=job, step_key=step_key(job.pk, None, "plan", "approved")).exists()


def _replace_plan(job: Job, subquestions: list[dict], outline: list[dict]) -> None:
    SubQuestion.objects.filter(job=job, round=1).delete()
    SubQuestion.objects.bulk_create([
        SubQuestion(job=job, round=1, position=i, text=s["text"], section=s["section"])
        for i, s in enumerate(subquestions)
    ])
    Job.objects.filter(pk=job.pk).update(outline=outline)
    job.outline = outline


# --- research rounds ---------------------------------------------------------------------
def start_round(ctx: RunContext, round_no: int) -> list[int]:
    """Mark the job researching `round_no`; return the sub-questions still to research."""
    Job.objects.filter(pk=ctx.job.pk, epoch=ctx.epoch, status__in=Job.ACTIVE_STATUSES).update(
        status=Job.Status.RESEARCHING, round=round_no
    )
    return list(
        SubQuestion.objects.filter(job=ctx.job, round=round_no)
        .exclude(status__in=[SubQuestion.Status.DONE, SubQuestion.Status.FAILED, SubQuestion.Status.NOT_RESEARCHED])
        .order_by("position").values_list("pk", flat=True)
    )


def lanes(sq_ids: list[int], width: int | None = None) -> list[list[int]]:
    """Spread sub-questions over at most `width` (MAX_PARALLEL_WORKERS, design: 6) sequential
    lanes: at most that many workers of one job run at a time, and a lane never waits on another."""
    width = width or settings.MAX_PARALLEL_WORKERS
    out = [[] for _ in range(min(width, len(sq_ids)))]
    for i, sq_id in enumerate(sq_ids):
        out[i % len(out)].append(sq_id)
    return out


def advance_subquestion(ctx: RunContext, sq_id: int) -> Outcome:
    sq = SubQuestion.objects.get(pk=sq_id, job=ctx.job)
    if sq.status in {SubQuestion.Status.DONE, SubQuestion.Status.FAILED, SubQuestion.Status.NOT_RESEARCHED}:
        return Outcome("done")
    SubQuestion.objects.filter(pk=sq_id, status=SubQuestion.Status.PENDING).update(status=SubQuestion.Status.RUNNING)
    try:
        outcome = SearchWorker(ctx, sq).advance()
    except BudgetExceeded as exc:
        _finish_sq(sq_id, SubQuestion.Status.DONE, f"stopped: {exc.dimension} budget reached")
        _research_budget_spent(ctx.job, exc)
        return Outcome("done")
    if outcome.kind == "done":
        turns = Step.objects.filter(job=ctx.job, sq_id=sq_id, kind="search").values_list("output", flat=True)
        if any(t.get("search_unavailable") for t in turns) and not Note.objects.filter(sq_id=sq_id).exists():
            _finish_sq(sq_id, SubQuestion.Status.NOT_RESEARCHED, "every search provider failed")
    return outcome


def _finish_sq(sq_id: int, status: str, error: str) -> None:
    SubQuestion.objects.filter(pk=sq_id).update(status=status, error=error[:2000])


def fail_subquestion(sq_id: int, error: str) -> None:
    SubQuestion.objects.filter(pk=sq_id).exclude(status=SubQuestion.Status.DONE).update(
        status=SubQuestion.Status.FAILED, error=error[:2000]
    )


def read_one(ctx: RunContext, sq_id: int, url: str) -> dict:
    """Fetch (cached) and read one page for one sub-question; both are steps."""
    h = url_hash(url)
    source = Source.objects.get(job=ctx.job, url_hash=h)

    def fetch_fn():
        last_error = ""
        for attempt in range(FETCH_ATTEMPTS):
            try:
                page = pages.get_page(url, owner=ctx.job.user)
                break
            except TransientStepError as exc:
                last_error = str(exc)
                if attempt + 1 < FETCH_ATTEMPTS:
                    time.sleep(FETCH_BACKOFF_SECONDS * 2 ** attempt)
            except PermanentStepError as exc:
                return StepResult(output={"error": str(exc)[:500]}, write_rows=_source_error(source.pk, str(exc)))
        else:
            return StepResult(output={"error": last_error[:500]}, write_rows=_source_error(source.pk, last_error))

        def write_rows(step):
            from agents.sources.quality import score_page

            text = store.get_text(page.content_ref)
            Source.objects.filter(pk=source.pk).update(
                content_ref=page.content_ref, content_chars=len(text), title=(page.title or source.title)[:500],
                published_at=page.published, fetched_at=page.fetched_at,
                quality=score_page(url, page.title or source.title, text, page.published),
            )
            return None

        return StepResult(output={"content_ref": page.content_ref, "from_cache": page.from_cache}, output_ref=page.content_ref,
                          write_rows=write_rows)

    fetched = run_step(ctx, kind="fetch", counter=h, fn=fetch_fn)
    if fetched.get("error"):
        return run_step(ctx, kind="read", counter=h, sq_id=sq_id, fn=lambda: StepResult(output={"error": fetched["error"], "notes": []}))
    source.refresh_from_db()
    sq = SubQuestion.objects.get(pk=sq_id)

    def read_fn():
        page_text = store.get_text(source.content_ref)
        others = {s.pk: store.get_text(s.content_ref) for s in Source.objects.filter(job=ctx.job, duplicate_of__isnull=True)
                  .exclude(pk=source.pk).exclude(content_ref="").only("pk", "content_ref")}
        original = dedupe.near_duplicate_of(page_text, others)
        if original is not None:
            def mark(step):
                Source.objects.filter(pk=source.pk).update(duplicate_of_id=original)
                return None

            return StepResult(output={"error": f"near-duplicate of source {original}, not read again", "notes": [],
                                      "duplicate_of": original}, write_rows=mark)
        try:
            result = reader.read_page(subquestion=sq.text, page_text=page_text, url=source.url, title=source.title,
                                      published=source.published_at.isoformat() if source.published_at else "")
        except BudgetExceeded as exc:
            _research_budget_spent(ctx.job, exc)
            return StepResult(output={"error": f"not read: {exc.dimension} budget reached", "notes": []})
        except ModelOutputError as exc:
            return StepResult(output={"error": f"reader output invalid: {exc}"[:500], "notes": []})

        def write_rows(step):
            created = Note.objects.bulk_create([
                Note(job_id=ctx.job.pk, sq_id=sq_id, source_id=source.pk, claim=n["claim"], quote=n["quote"],
                     char_start=n["char_start"], char_end=n["char_end"])
                for n in result.notes
            ])
            ids = [n.pk for n in created]
            if any(i is None for i in ids):  # backends without RETURNING on bulk insert
                ids = list(Note.objects.filter(job_id=ctx.job.pk, sq_id=sq_id, source_id=source.pk)
                           .order_by("note_id").values_list("note_id", flat=True))
            return {
                "notes": [{"id": i, "claim": n["claim"], "domain": source.domain} for i, n in zip(ids, result.notes)],
                "other_findings": result.other_findings,
                "rejected": result.rejected,
                "page_tokens_est": len(page_text) // 4,
            }

        return StepResult(output={"notes": []}, write_rows=write_rows)

    out = run_step(ctx, kind="read", counter=h, sq_id=sq_id, fn=read_fn)
    events.emit(ctx.job_id, "source_read", {"sq_id": sq_id, "url": source.url, "title": source.title,
                                            "notes": len(out.get("notes", [])), "error": out.get("error", "")})
    return out


def record_read_failure(ctx: RunContext, sq_id: int, url: str, error: str) -> dict:
    """Store a failed read under the read step's key, so the worker's loop goes on without it."""
    return run_step(ctx, kind="read", counter=url_hash(url), sq_id=sq_id,
                    fn=lambda: StepResult(output={"error": error[:500], "notes": []}))


def _source_error(source_id: int, error: str):
    def write_rows(step):
        Source.objects.filter(pk=source_id).update(fetch_error=error[:500])
        return None

    return write_rows


# --- gap check ---------------------------------------------------------------------------
def after_round(ctx: RunContext, round_no: int) -> tuple[str, int]:
    """Decide what follows round `round_no`: ("round", 2) or ("write", 0)."""
    job = ctx.job
    # Sub-questions a dead header task left unfinished are reported, not waited for.
    SubQuestion.objects.filter(job=job, round=round_no, status__in=[SubQuestion.Status.PENDING, SubQuestion.Status.RUNNING]).update(
        status=SubQuestion.Status.FAILED, error="its worker did not finish"
    )
    if round_no >= MAX_ROUNDS:
        return "write", 0
    if not budget.second_round_allowed(job):
        budget.record_stop(job, "less than 30% of the budget left after round one: no second round")
        return "write", 0
    if budget.search_stop_reason(job):
        return "write", 0
    sqs = list(SubQuestion.objects.filter(job=job).order_by("round", "position"))

    claims_by_sq: dict[int, list[str]] = {}
    for sq_id, claim in Note.objects.filter(job=job).order_by("note_id").values_list("sq_id", "claim"):
        claims_by_sq.setdefault(sq_id, []).append(claim)

    def fn():
        other = [o for o in (Step.objects.filter(job=job, kind="read").values_list("output", flat=True)) if o.get("other_findings")]
        try:
            decision = gap_check.check_gaps(
                question=job.question, outline=job.outline,
                subquestions=[{"text": s.text, "section": s.section, "status": s.status, "summary": s.summary,
                               "not_found": s.not_found, "key_notes": key_claims(claims_by_sq.get(s.pk, []))} for s in sqs],
                other_findings=[o["other_findings"] for o in other][:20],
            )
        except (BudgetExceeded, ModelOutputError) as exc:
            if isinstance(exc, BudgetExceeded):
                _research_budget_spent(job, exc)
            decision = {"enough": True, "reason": f"gap check skipped: {exc}", "new_subquestions": []}

        def write_rows(step):
            if not decision["enough"]:
                SubQuestion.objects.bulk_create([
                    SubQuestion(job=job, round=round_no + 1, position=i, text=s["text"], section=s["section"])
                    for i, s in enumerate(decision["new_subquestions"])
                ])
            return None

        return StepResult(output=decision, write_rows=write_rows)

    decision = run_step(ctx, kind="gap_check", counter=round_no, fn=fn)
    if decision["enough"]:
        return "write", 0
    events.emit(ctx.job_id, "gap_found", {"reason": decision["reason"], "new_subquestions": decision["new_subquestions"]})
    return "round", round_no + 1


def _research_budget_spent(job: Job, exc: BudgetExceeded) -> None:
    budget.record_stop(job, f"research stopped early: the {exc.dimension} budget left for research was spent")


# --- write and check ---------------------------------------------------------------------
def _notes_for_sections(job: Job) -> dict[str, list[Note]]:
    headings = [s["heading"] for s in job.outline]
    by_heading = {h: [] for h in headings}
    notes = Note.objects.filter(job=job).select_related("source", "sq").order_by("sq__round", "sq__position", "note_id")
    for note in notes:
        heading = note.sq.section if note.sq.section in by_heading else headings[0]
        by_heading[heading].append(note)
    return by_heading


def write_and_check(ctx: RunContext) -> None:
    job = ctx.job
    Job.objects.filter(pk=job.pk, epoch=ctx.epoch, status__in=Job.ACTIVE_STATUSES).update(status=Job.Status.WRITING)
    ctx.prefetch(kind__in=["write", "check"])
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

    Job.objects.filter(pk=job.pk, epoch=ctx.epoch, status__in=Job.ACTIVE_STATUSES).update(status=Job.Status.CHECKING)
    checked, check_stop = citation_check.check_draft(ctx, merge_repeated_sentences(drafted))
    if check_stop:
        budget.record_stop(job, check_stop)
    _finish(ctx, checked)


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


def _finish(ctx: RunContext, checked: list) -> None:
    job = ctx.job
    precision = metrics.precision(checked)
    coverage = metrics.coverage(checked)

    def fn():
        return StepResult(output={"sentences": len(checked)}, write_rows=lambda step: _store_report(job, checked, precision, coverage))

    run_step(ctx, kind="check", counter=citation_check.generation_key(ctx, "final"), fn=fn, phase=Phase.WRITING)
    job.refresh_from_db()
    events.emit(ctx.job_id, "done", {"precision": precision, "coverage": coverage, "stopped_reason": job.stopped_reason,
                                     "sentences": sum(1 for c in checked if c.outcome != "dropped")})


def _store_report(job: Job, checked: list, precision, coverage) -> None:
    # A re-run of the check keeps what reviewers said about a sentence that is still there.
    reviewed = {c.sentence: c for c in ReportClaim.objects.filter(job=job).exclude(override_verdict="")}
    ReportClaim.objects.filter(job=job).delete()
    ReportClaim.objects.bulk_create([
        ReportClaim(job=job, section=c.heading[:200], section_index=c.section_index, position=c.position,
                    sentence=c.text, note_ids=c.note_ids, verdict=c.verdict, reason=c.reason[:2000],
                    outcome=c.outcome, history=c.history, single_source=c.single_source,
                    **_carried_review(reviewed.get(c.text)))
        for c in checked
    ])
    job.refresh_from_db()
    report = build_report(job, checked, precision, coverage)
    Job.objects.filter(pk=job.pk).update(
        report=report, citation_precision=precision, citation_coverage=coverage, status=Job.Status.DONE,
        finished_at=timezone.now(), lease_expires_at=None, lease_owner="",
    )


def _carried_review(previous) -> dict:
    if previous is None:
        return {}
    return {"override_verdict": previous.override_verdict, "override_by_id": previous.override_by_id,
            "override_at": previous.override_at, "override_note": previous.override_note}


def build_report(job: Job, checked: list, precision, coverage) -> dict:
    """The report in the design's shape."""
    sections, cited = [], []
    for heading_index, section in enumerate(job.outline):
        sentences = [
            {"text": c.text, "citations": c.note_ids, "verdict": c.verdict, "single_source": c.single_source}
            for c in checked if c.section_index == heading_index and c.outcome != ReportClaim.Outcome.DROPPED
        ]
        if sentences:
            sections.append({"heading": section["heading"], "sentences": sentences})
            for s in sentences:
                cited.extend(s["citations"])
    notes = Note.objects.filter(job=job, note_id__in=set(cited)).select_related("source")
    source_ids = []
    for note in sorted(notes, key=lambda n: cited.index(n.note_id)):
        if note.source_id not in source_ids:
            source_ids.append(note.source_id)
    sources = Source.objects.in_bulk(source_ids)
    not_found = []
    for sq in SubQuestion.objects.filter(job=job).order_by("round", "position"):
        if sq.status == SubQuestion.Status.NOT_RESEARCHED:
            not_found.append(f"Could not be researched (search unavailable): {sq.text}")
        elif sq.status == SubQuestion.Status.FAILED:
            not_found.append(f"Could not be researched ({sq.error or 'failed'}): {sq.text}")
        else:
            not_found.extend(x for x in sq.not_found if x)
    drafted = len(checked)
    return {
        "sections": sections,
        "sources": [
            {"source_id": s.source_id, "url": s.url, "title": s.title, "domain": s.domain,
             "published_at": s.published_at.isoformat() if s.published_at else None,
             "fetched_at": s.fetched_at.isoformat() if s.fetched_at else None, "quality": s.quality}
            for s in (sources[i] for i in source_ids)
        ],
        "not_found": list(dict.fromkeys(not_found)),
        "stopped_reason": job.stopped_reason or None,
        "metrics": {
            "citation_precision": precision, "citation_coverage": coverage,
            "precision_gate": metrics.passes_gate(precision),
            "sentences_drafted": drafted,
            "sentences_rewritten": sum(1 for c in checked if c.outcome == ReportClaim.Outcome.REWRITTEN),
            "sentences_dropped": sum(1 for c in checked if c.outcome == ReportClaim.Outcome.DROPPED),
        },
    }


# --- failure -------------------------------------------------------------------------------
def fail_job(job_id, epoch: int, error: str) -> None:
    n = Job.objects.filter(pk=job_id, epoch=epoch, status__in=Job.ACTIVE_STATUSES).update(
        status=Job.Status.FAILED, error=error[:4000], finished_at=timezone.now(), lease_expires_at=None, lease_owner="",
    )
    if n:
        events.emit(job_id, "failed", {"error": error[:500]})


def resume_point(job: Job) -> tuple[str, int]:
    """Where a re-dispatched job continues: ("plan"|"round"|"after_round"|"write", round)."""
    if job.status == Job.Status.PLANNING:
        return "plan", 0
    if job.status == Job.Status.RESEARCHING:
        pending = SubQuestion.objects.filter(job=job, round=job.round).exclude(
            status__in=[SubQuestion.Status.DONE, SubQuestion.Status.FAILED, SubQuestion.Status.NOT_RESEARCHED]
        ).exists()
        return ("round" if pending else "after_round"), job.round
    return "write", job.round

