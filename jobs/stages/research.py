"""A research round: one search worker per sub-question, in up to 6 parallel lanes. The worker
loop (agents/search_worker.py) decides; this stage keeps its turns as steps and writes what
they claim: the job's sent queries, the pages it reads, the sub-question's outcome."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.db import IntegrityError, transaction

from agents.search_worker import EarlierQuery, Next, Outcome, SearchTurn, SearchWorker
from agents.sources.urls import domain_of, normalise, url_hash
from jobs.models import Job, JobQuery, Note, Source, Step, SubQuestion
from jobs.runtime import events
from jobs.runtime.ledger import BudgetExceeded
from jobs.runtime.steps import RunContext, StepResult, run_step, step_key, stored_output
from jobs.runtime.transitions import job_transition
from jobs.stages.lifecycle import research_budget_spent


class WorkerRows:
    """The research stage's side of a worker loop (agents.search_worker.WorkerStore): turns
    are steps of kind "search", reads are the read stage's steps, queries and pages are claimed
    once per job."""

    def __init__(self, ctx: RunContext, sq: SubQuestion):
        self.ctx = ctx
        self.sq = sq

    def prefetch(self) -> None:
        self.ctx.prefetch(sq_id=self.sq.pk)

    def run_turn(self, turn: int, fn: Callable[[], SearchTurn]) -> SearchTurn:
        def step():
            out = fn()
            if not out.finished:
                return StepResult(output=out.to_dict())
            done = {
                "status": SubQuestion.Status.DONE,
                "summary": out.arguments["summary"][:4000],
                "not_found": out.arguments["not_found"],
            }
            return StepResult(output=out.to_dict(), updates=[(SubQuestion, self.sq.pk, done)])

        return SearchTurn.from_dict(run_step(self.ctx, kind="search", counter=turn, sq_id=self.sq.pk, fn=step))

    def read_output(self, url: str) -> dict | None:
        key = step_key(self.ctx.job_id, self.sq.pk, "read", url_hash(url))
        if key not in self.ctx.replay:
            if self.ctx.loaded(key):
                return None  # this task's prefetch read every finished step of this worker
            found = stored_output(key)
            if found is None:
                return None
            self.ctx.replay[key] = found
        return self.ctx.replay[key]

    def claim_query(self, normalised: str, query: str, turn: int) -> EarlierQuery | None:
        key = step_key(self.ctx.job_id, self.sq.pk, "search", turn)
        job_id = self.ctx.job.pk
        try:
            with transaction.atomic():
                row, created = JobQuery.objects.get_or_create(
                    job_id=job_id, normalised=normalised, defaults={"query": query[:300], "step_key": key}
                )
        except IntegrityError:
            row, created = JobQuery.objects.get(job_id=job_id, normalised=normalised), False
        # The same turn run again (its step did not commit) may send its own query again.
        if created or row.step_key == key:
            return None
        sq_part, turn_part = row.step_key.split(":")[1], row.step_key.rsplit(":", 1)[-1]
        earlier = stored_output(row.step_key)
        results = None
        if earlier is not None and not earlier.get("error"):
            results = earlier.get("results") or []
        return EarlierQuery(
            query=row.query,
            sq_id=int(sq_part) if sq_part.isdigit() else None,
            turn=int(turn_part) if turn_part.isdigit() else None,
            results=results,
            provider=(earlier or {}).get("provider", ""),
        )

    def claim_pages(self, pages: dict[str, dict]) -> set[str]:
        # One source row per page and job (fetched once); every sub-question reads it once, so
        # which worker asked first changes nothing a worker sees. The row names the lowest
        # sub-question that read it, whatever the order they came in. All the turn's pages in
        # three statements: the new rows (a row a twin worker inserted first is kept), then
        # the rows a later sub-question claimed first handed to this one.
        job_id, sq_id = self.ctx.job.pk, self.sq.pk
        Source.objects.bulk_create(
            [
                Source(
                    job_id=job_id,
                    url_hash=url_hash(url),
                    sq_id=sq_id,
                    url=normalise(url) if url.startswith("http") else url,
                    domain=result["domain"] or domain_of(url),
                    title=result["title"][:500],
                    quality=result["quality"],
                )
                for url, result in pages.items()
            ],
            ignore_conflicts=True,
        )
        hashes = [url_hash(url) for url in pages]
        Source.objects.filter(job_id=job_id, url_hash__in=hashes, sq_id__gt=sq_id).update(sq_id=sq_id)
        return set(pages)

    def emit(self, event_type: str, data: dict) -> None:
        events.emit(self.ctx.job_id, event_type, data)


def worker_for(ctx: RunContext, sq: SubQuestion) -> SearchWorker:
    return SearchWorker(job=ctx.job, sq=sq, store=WorkerRows(ctx, sq))


def start_round(ctx: RunContext, round_no: int) -> list[int]:
    """Mark the job researching `round_no`; return the sub-questions still to research."""
    job_transition(ctx.job.pk, to=Job.Status.RESEARCHING, epoch=ctx.epoch, round=round_no)
    return list(
        SubQuestion.objects.filter(job=ctx.job, round=round_no)
        .exclude(status__in=SubQuestion.FINISHED_STATUSES)
        .order_by("position")
        .values_list("pk", flat=True)
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
    if sq.status in SubQuestion.FINISHED_STATUSES:
        return Outcome(Next.DONE)
    if sq.status == SubQuestion.Status.PENDING:
        SubQuestion.objects.filter(pk=sq_id, status=SubQuestion.Status.PENDING).update(
            status=SubQuestion.Status.RUNNING
        )
    try:
        outcome = worker_for(ctx, sq).advance()
    except BudgetExceeded as exc:
        _finish_sq(sq_id, SubQuestion.Status.DONE, f"stopped: {exc.dimension} budget reached")
        research_budget_spent(ctx.job, exc)
        return Outcome(Next.DONE)
    if outcome.kind is Next.DONE:
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
