"""Selectors: every read of jobs for a user goes through here, so ownership is checked once."""

from __future__ import annotations

import uuid

from django.db.models import QuerySet
from django.utils import timezone

from jobs import estimates
from jobs.models import Job, Note, Source
from jobs.runtime.errors import ApplicationError


def job_list_for_user(*, user) -> QuerySet[Job]:
    return Job.objects.filter(user=user).order_by("-created_at")


def job_get_for_user(*, user, job_id) -> Job:
    """The user's job. Raises ApplicationError(404) for a job that is not theirs or does not
    exist: the two are indistinguishable on purpose."""
    try:
        uuid.UUID(str(job_id))
    except ValueError:
        raise ApplicationError("no such job", field="job_id", status=404) from None
    job = Job.objects.filter(pk=job_id, user=user).first()
    if job is None:
        raise ApplicationError("no such job", field="job_id", status=404)
    return job


def job_progress(*, job: Job) -> dict:
    end = job.finished_at or timezone.now()
    return {
        "sources_read": Source.objects.filter(job=job, fetched_at__isnull=False).count(),
        "tokens_used": job.tokens_used,
        "usd_used": round(job.usd_used_micros / 1_000_000, 6),
        "seconds_elapsed": round((end - job.created_at).total_seconds(), 1),
    }


def job_plan(*, job: Job) -> list[dict]:
    return [
        {
            "sq_id": sq.sq_id,
            "text": sq.text,
            "status": sq.status,
            "round": sq.round,
            "section": sq.section,
            "hop": sq.hop,
        }
        for sq in job.subquestions.order_by("round", "position")
    ]


def job_estimate(*, job: Job) -> dict | None:
    """Tokens, dollars and minutes the current round-one plan should take (jobs/estimates.py);
    None while there is no plan yet."""
    planned = job.subquestions.filter(round=1).count()
    if not planned:
        return None
    return estimates.estimate_plan(
        subquestions=planned,
        budget_tokens=job.budget_tokens,
        budget_usd_micros=job.budget_usd_micros,
        budget_seconds=(job.deadline_at - job.created_at).total_seconds(),
    )


# A note is shown with this many characters of its stored page on each side of the quote
# (the design's "500 characters around a quote").
NOTE_CONTEXT_CHARS_EACH_SIDE = 250


def safe_url(url: str) -> str:
    """`url` if it is http(s), else "": a stored URL never becomes a javascript: link."""
    return url if isinstance(url, str) and url.lower().startswith(("http://", "https://")) else ""


def note_get_for_user(*, user, note_id) -> Note:
    """A note of one of the user's jobs. Raises ApplicationError(404) otherwise."""
    try:
        note_id = int(note_id)
    except (TypeError, ValueError):
        raise ApplicationError("no such note", field="note_id", status=404) from None
    note = Note.objects.filter(pk=note_id, job__user=user).select_related("source").first()
    if note is None:
        raise ApplicationError("no such note", field="note_id", status=404)
    return note


def note_in_context(*, note: Note) -> dict:
    """The note with its quote inside the surrounding text of its stored page:
    {before, quote, after, quote_found} plus its source's title, domain and dates.
    `quote_found` says the stored page holds the quote at the stored offsets."""
    from agents.sources import store

    source = note.source
    try:
        page = store.get_text(source.content_ref) if source.content_ref else ""
    except (FileNotFoundError, OSError):
        page = ""
    found = page[note.char_start : note.char_end] == note.quote
    pad = NOTE_CONTEXT_CHARS_EACH_SIDE
    return {
        "note_id": note.note_id,
        "job_id": str(note.job_id),
        "sq_id": note.sq_id,
        "claim": note.claim,
        "quote": note.quote,
        "char_start": note.char_start,
        "char_end": note.char_end,
        "quote_found": found,
        "before": page[max(0, note.char_start - pad) : note.char_start] if found else "",
        "after": page[note.char_end : note.char_end + pad] if found else "",
        "source": {
            "source_id": source.source_id,
            "url": safe_url(source.url),
            "title": source.title,
            "domain": source.domain,
            "published_at": source.published_at,
            "fetched_at": source.fetched_at,
        },
    }
