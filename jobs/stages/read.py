"""Read: fetch one page (cached, a step) and read it against one sub-question (a step that
writes the notes). Only notes go back to the worker."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict

from django.db import connection
from django.db.models import Q, Subquery

from agents import reader
from agents.llm import ModelOutputError
from agents.sources import dedupe, pages, store
from agents.sources.quality import score_page
from agents.sources.urls import url_hash
from jobs.models import Note, Source, Step, SubQuestion
from jobs.runtime import events
from jobs.runtime.errors import PermanentStepError, TransientStepError
from jobs.runtime.ledger import BudgetExceeded
from jobs.runtime.retry import FETCH_ATTEMPTS, backoff_seconds
from jobs.runtime.steps import NewRows, RunContext, StepResult, run_step, step_key
from jobs.stages.lifecycle import research_budget_spent

FETCH_BACKOFF_SECONDS = 0.5
FETCH_BACKOFF_CAP_SECONDS = 4.0


def read_one(ctx: RunContext, sq_id: int, url: str) -> dict:
    """Fetch (cached) and read one page for one sub-question; both are steps."""
    h = url_hash(url)
    turns = _prefetch(ctx, sq_id, h)
    source = (
        Source.objects.filter(job=ctx.job, url_hash=h)
        .annotate(sq_text=Subquery(SubQuestion.objects.filter(pk=sq_id).values("text")[:1]))
        .get()
    )
    fetched = run_step(ctx, kind="fetch", counter=h, fn=lambda: _fetch(ctx, url, source))
    if fetched.get("error"):
        return run_step(
            ctx,
            kind="read",
            counter=h,
            sq_id=sq_id,
            fn=lambda: StepResult(output={"error": fetched["error"], "notes": []}),
        )
    if fetched.get("content_ref") != source.content_ref:
        source.refresh_from_db()  # fetched by a twin, or before the row was read: its own values
    out = run_step(ctx, kind="read", counter=h, sq_id=sq_id, fn=lambda: _read(ctx, sq_id, source, turns))
    events.emit(
        ctx.job_id,
        "source_read",
        {
            "sq_id": sq_id,
            "url": source.url,
            "title": source.title,
            "notes": len(out.get("notes", [])),
            "error": out.get("error", ""),
        },
    )
    return out


def _fetch(ctx: RunContext, url: str, source: Source) -> StepResult:
    last_error = ""
    for attempt in range(1, FETCH_ATTEMPTS + 1):
        try:
            page = pages.get_page(url, owner=ctx.job.user_id)  # the id: no query for the user row
            break
        except TransientStepError as exc:
            last_error = str(exc)
            if attempt < FETCH_ATTEMPTS:
                time.sleep(backoff_seconds(attempt, base=FETCH_BACKOFF_SECONDS, cap=FETCH_BACKOFF_CAP_SECONDS))
        except PermanentStepError as exc:
            return StepResult(output={"error": str(exc)[:500]}, updates=_source_error(source.pk, str(exc)))
    else:
        return StepResult(output={"error": last_error[:500]}, updates=_source_error(source.pk, last_error))

    text = store.get_text(page.content_ref)
    fields = {
        "content_ref": page.content_ref,
        "content_chars": len(text),
        "title": (page.title or source.title)[:500],
        "published_at": page.published,
        "fetched_at": page.fetched_at,
        "quality": score_page(url, page.title or source.title, text, page.published),
    }
    for name, value in fields.items():  # the reader reads this page next: no second query for it
        setattr(source, name, value)
    return StepResult(
        output={"content_ref": page.content_ref, "from_cache": page.from_cache},
        output_ref=page.content_ref,
        updates=[(Source, source.pk, fields)],
    )


def _prefetch(ctx: RunContext, sq_id: int, h: str) -> list[dict]:
    """The outputs of the page's fetch and read steps (replayed at no cost, or known not to have
    finished: no lookup of their own) and of the sub-question's search turns, in one query."""
    keys = [step_key(ctx.job_id, None, "fetch", h), step_key(ctx.job_id, sq_id, "read", h)]
    turns = []
    for key, kind, output in Step.objects.filter(
        Q(step_key__in=keys) | Q(sq_id=sq_id, kind=Step.Kind.SEARCH), job_id=ctx.job.pk
    ).values_list("step_key", "kind", "output"):
        if key in keys:
            ctx.replay[key] = output
        elif kind == Step.Kind.SEARCH:
            turns.append(output)
    ctx.loaded_keys |= set(keys)
    return turns


def _read(ctx: RunContext, sq_id: int, source: Source, turns: list[dict]) -> StepResult:
    page_text = store.get_text(source.content_ref)
    others = {
        pk: dedupe.stored_shingles(ref)
        for pk, ref in Source.objects.filter(job=ctx.job, url_hash__in=_read_before(turns, source))
        .exclude(pk=source.pk)
        .exclude(content_ref="")
        .order_by("url_hash")
        .values_list("pk", "content_ref")
    }
    original = dedupe.near_duplicate_among(dedupe.stored_shingles(source.content_ref), others)
    if original is not None:
        return StepResult(
            output={
                "error": f"near-duplicate of source {original}, not read again",
                "notes": [],
                "duplicate_of": original,
            },
            updates=[(Source, source.pk, {"duplicate_of": original})],
        )
    try:
        result = reader.read_page(
            subquestion=source.sq_text,
            page_text=page_text,
            url=source.url,
            title=source.title,
            published=source.published_at.isoformat() if source.published_at else "",
        )
    except BudgetExceeded as exc:
        research_budget_spent(ctx.job, exc)
        return StepResult(output={"error": f"not read: {exc.dimension} budget reached", "notes": []})
    except ModelOutputError as exc:
        return StepResult(output={"error": f"reader output invalid: {exc}"[:500], "notes": []})

    return StepResult(
        output={
            "other_findings": result.other_findings,
            "rejected": result.rejected,
            "page_tokens_est": len(page_text) // 4,
        },
        new_rows=NewRows(
            Note,
            [
                {
                    "job_id": ctx.job.pk,
                    "sq_id": sq_id,
                    "source_id": source.pk,
                    "claim": n["claim"],
                    "quote": n["quote"],
                    "char_start": n["char_start"],
                    "char_end": n["char_end"],
                }
                for n in result.notes
            ],
            key="notes",
            entries=[{"claim": n["claim"], "domain": source.domain} for n in result.notes],
        ),
    )


# The writing tasks of a job (evidence, each section, the check's drafts) each need all its
# notes in reading order: once research has ended they no longer change, so a worker process
# keeps the last few jobs' lists, keyed by what would change them (notes and search turns).
READING_ORDER_CACHE_JOBS = 32
_reading_order_cache: OrderedDict[tuple, list[Note]] = OrderedDict()
_reading_order_lock = threading.Lock()


def _notes_version(job) -> tuple:
    """(job, notes, highest note id, search turns) in one round trip."""
    pk = Note._meta.get_field("job").get_db_prep_value(job.pk, connection)
    with connection.cursor() as cur:
        cur.execute(
            f"SELECT (SELECT COUNT(*) FROM {Note._meta.db_table} WHERE job_id = %s), "
            f"(SELECT MAX(note_id) FROM {Note._meta.db_table} WHERE job_id = %s), "
            f"(SELECT COUNT(*) FROM {Step._meta.db_table} WHERE job_id = %s AND kind = %s)",
            [pk, pk, pk, Step.Kind.SEARCH],
        )
        return (str(job.pk), *cur.fetchone())


def notes_in_reading_order(job, notes=None) -> list[Note]:
    """The job's notes (or `notes`, with sq and source loaded) in the order their workers chose
    the pages: sub-question (round, position), the turn and place in that turn's list where
    its worker chose the page, then the reader's own order within the page. Note ids follow the
    order in which parallel readers happened to finish; this order does not. The job's own
    list is shared by the callers of one process: treat it as read-only."""
    if notes is not None:
        return _in_reading_order(job, notes)
    version = _notes_version(job)
    with _reading_order_lock:
        cached = _reading_order_cache.get(version)
        if cached is not None:
            _reading_order_cache.move_to_end(version)
            return list(cached)
    ordered = _in_reading_order(job, Note.objects.filter(job=job).select_related("source", "sq"))
    with _reading_order_lock:
        _reading_order_cache[version] = ordered
        while len(_reading_order_cache) > READING_ORDER_CACHE_JOBS:
            _reading_order_cache.popitem(last=False)
    return list(ordered)


def _in_reading_order(job, notes) -> list[Note]:
    chosen: dict[tuple[int, str], tuple[int, int]] = {}
    for sq_id, out in Step.objects.filter(job=job, kind="search").values_list("sq_id", "output"):
        for i, url in enumerate(out.get("claimed", [])):
            chosen.setdefault((sq_id, url_hash(url)), (out.get("turn", 0), i))
    unknown = (10**6, 0)  # a note whose page no stored turn chose (written by hand): last
    return sorted(
        notes,
        key=lambda n: (
            n.sq.round,
            n.sq.position,
            *chosen.get((n.sq_id, n.source.url_hash), unknown),
            n.source.url,
            n.note_id,
        ),
    )


def _read_before(turns: list[dict], source: Source) -> list[str]:
    """The url hashes of the pages a sub-question's worker chose (its search `turns`) in turns
    before the one that chose `source`. A page is a near-duplicate only of those: they were all
    read before this turn's pages, whatever the timing, whereas the pages other workers (or this
    turn's other reads) have fetched so far depend on scheduling."""
    turns = sorted(turns, key=lambda out: out.get("turn", 0))
    before: list[str] = []
    for out in turns:
        hashes = [url_hash(u) for u in out.get("claimed", [])]
        if source.url_hash in hashes:
            return before
        before.extend(hashes)
    return before


def record_read_failure(ctx: RunContext, sq_id: int, url: str, error: str) -> dict:
    """Store a failed read under the read step's key, so the worker's loop goes on without it."""
    return run_step(
        ctx,
        kind="read",
        counter=url_hash(url),
        sq_id=sq_id,
        fn=lambda: StepResult(output={"error": error[:500], "notes": []}),
    )


def _source_error(source_id: int, error: str) -> list:
    return [(Source, source_id, {"fetch_error": error[:500]})]
