"""Watched questions: a finished report's question researched again on a schedule (daily or
weekly), each run compared with the report before it.

The schedule is the watch row itself (one row per watch: `next_run_at`); the existing beat sends
jobs.tasks.watches_run_due every WATCH_TICK_SECONDS, which starts every due watch under a row
lock (two beats never start the same run). A run is an ordinary job created by job_create with
the watch's caps and the user's limits enforced: it counts against the user's daily dollars,
and when the limit (or the open-jobs limit) refuses it the watch records why and tries at its
next time.

What changed (stored on the run as `what_changed`, shown on the report page, in the API JSON and
in the `done` webhook): the shipped sentences of both reports are matched by their words with
figures masked. A new sentence without a match is a claim added; an old one without a match is
a claim no longer supported; a matched pair whose figures differ is a figure changed, with the
old and new values and the sources (title, URL, publication and fetch dates) of both.
"""

from __future__ import annotations

import re
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from jobs import selectors, services
from jobs.models import Job, Note, Watch
from jobs.runtime.errors import ApplicationError

SCHEDULE_INTERVALS = {Watch.Schedule.DAILY: timedelta(days=1), Watch.Schedule.WEEKLY: timedelta(days=7)}
MAX_WATCHES_PER_USER = 20
# Two sentences state the same claim when this share of their words (figures masked) agree:
# high enough that two different suppliers' sentences do not match, low enough that a reworded
# sentence about the same fact does.
SAME_CLAIM_JACCARD = 0.6
_NUMBER = re.compile(r"(?<![\w.])[-+]?\d[\d,]*(?:\.\d+)?(?:\s?%)?")
_WORD = re.compile(r"[a-z0-9#]+")


# --- services -------------------------------------------------------------------------------------
def watch_create(*, user, job_id, schedule: str, budget: dict | None = None) -> Watch:
    """Watch one of the user's finished reports. `budget` ({max_usd, max_tokens}) caps each run,
    by default the watched job's own caps. Raises ApplicationError: 404 not the user's job, 409
    not finished or too many watches, 400 a bad field."""
    job = selectors.job_get_for_user(user=user, job_id=job_id)
    if job.status != Job.Status.DONE:
        raise ApplicationError(
            f"only a finished report can be watched (job is {job.status})", field="job_id", status=409
        )
    if schedule not in SCHEDULE_INTERVALS:
        raise ApplicationError(f"schedule must be one of {list(Watch.Schedule.values)}", field="schedule")
    budget = budget or {}
    if not isinstance(budget, dict) or set(budget) - {"max_usd", "max_tokens"}:
        raise ApplicationError("budget takes max_usd and max_tokens", field="budget")
    tokens, usd_micros, _ = services._validate_budget(
        {
            "max_usd": budget.get("max_usd", job.budget_usd_micros / 1e6),
            "max_tokens": budget.get("max_tokens", job.budget_tokens),
        }
    )
    if Watch.objects.filter(user=user, active=True).count() >= MAX_WATCHES_PER_USER:
        raise ApplicationError(
            f"you already watch {MAX_WATCHES_PER_USER} questions; stop one first", field="job_id", status=409
        )
    return Watch.objects.create(
        user=user,
        origin=job,
        question=job.question,
        depth=job.depth,
        sources=job.sources,
        schedule=schedule,
        budget_usd_micros=usd_micros,
        budget_tokens=tokens,
        next_run_at=timezone.now() + SCHEDULE_INTERVALS[schedule],
    )


def watch_list_for_user(*, user):
    return Watch.objects.filter(user=user, active=True).order_by("id")


def watch_delete(*, user, watch_id) -> None:
    """Stop watching: the schedule row goes; its runs stay as ordinary jobs. 404 if not the user's."""
    try:
        watch_id = int(watch_id)
    except (TypeError, ValueError):
        raise ApplicationError("no such watch", field="watch_id", status=404) from None
    deleted, _ = Watch.objects.filter(pk=watch_id, user=user).delete()
    if not deleted:
        raise ApplicationError("no such watch", field="watch_id", status=404)


def watches_run_due(*, now=None) -> int:
    """Start a run of every active watch whose time has come and that has no run still open; move
    its next time on by its interval. Returns how many runs started."""
    now = now or timezone.now()
    started = 0
    with transaction.atomic():
        due = list(
            Watch.objects.select_for_update(skip_locked=True)
            .select_related("user")
            .filter(active=True, next_run_at__lte=now)
        )
        for watch in due:
            watch.next_run_at = now + SCHEDULE_INTERVALS[watch.schedule]
            if Job.objects.filter(watch=watch, status__in=services.OPEN_STATUSES).exists():
                watch.last_error = "the previous run was still open"
                watch.save(update_fields=["next_run_at", "last_error"])
                continue
            try:
                with transaction.atomic():
                    job = services.job_create(
                        user=watch.user,
                        question=watch.question,
                        depth=watch.depth,
                        sources=watch.sources,
                        budget={"max_usd": watch.budget_usd_micros / 1e6, "max_tokens": watch.budget_tokens},
                        require_approval=False,
                    )
                    Job.objects.filter(pk=job.pk).update(watch=watch)
            except ApplicationError as exc:
                watch.last_error = exc.message[:500]
            else:
                watch.last_error = ""
                watch.last_run_at = now
                started += 1
            watch.save(update_fields=["next_run_at", "last_error", "last_run_at"])
    return started


def previous_report_job(job: Job) -> Job | None:
    """The report a watch run is compared with: the watch's last finished run before it, else the
    report the watch was made from."""
    if job.watch_id is None:
        return None
    earlier = (
        Job.objects.filter(watch_id=job.watch_id, status=Job.Status.DONE, created_at__lt=job.created_at)
        .order_by("-created_at")
        .first()
    )
    return earlier or job.watch.origin


def watch_run_compare(*, job_id: str) -> dict | None:
    """Compare a finished watch run with the report before it and store the result on the run.
    Returns it (None for a job that is not a finished watch run)."""
    job = Job.objects.select_related("watch").filter(pk=job_id).first()
    if job is None or job.watch_id is None or job.status != Job.Status.DONE:
        return None
    previous = previous_report_job(job)
    changes = (
        compare_reports(previous, job)
        if previous is not None and previous.report
        else {
            "previous_job_id": None,
            "claims_added": [],
            "claims_no_longer_supported": [],
            "figures_changed": [],
            "summary": "no earlier report to compare with",
        }
    )
    Job.objects.filter(pk=job.pk).update(what_changed=changes)
    job.what_changed = changes
    return changes


# --- comparison -----------------------------------------------------------------------------------
def _claims(job: Job) -> list[dict]:
    """The report's sentences with their sources: [{text, heading, sources: [...]}]."""
    report = job.report or {}
    ids = {i for s in report.get("sections", []) for sent in s["sentences"] for i in sent.get("citations", [])}
    notes = {n.note_id: n for n in Note.objects.filter(job=job, note_id__in=ids).select_related("source")}
    out = []
    for section in report.get("sections", []):
        for sentence in section["sentences"]:
            sources, seen = [], set()
            for note_id in sentence.get("citations", []):
                note = notes.get(note_id)
                if note is None or note.source_id in seen:
                    continue
                seen.add(note.source_id)
                s = note.source
                sources.append(
                    {
                        "title": s.title,
                        "url": selectors.safe_url(s.url),
                        "domain": s.domain,
                        "published_at": s.published_at.isoformat() if s.published_at else None,
                        "fetched_at": s.fetched_at.isoformat() if s.fetched_at else None,
                    }
                )
            out.append({"text": sentence["text"], "heading": section["heading"], "sources": sources})
    return out


def _masked_words(text: str) -> set[str]:
    return set(_WORD.findall(_NUMBER.sub(" # ", text.lower())))


def figures(text: str) -> list[str]:
    """The figures of a sentence in order ("42%", "1,200", "3.5")."""
    return [m.group(0).strip() for m in _NUMBER.finditer(text)]


def _similarity(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 0.0


def compare_reports(previous: Job, current: Job) -> dict:
    """{previous_job_id, claims_added, claims_no_longer_supported, figures_changed, summary}."""
    old, new = _claims(previous), _claims(current)
    old_words = [_masked_words(c["text"]) for c in old]
    # A claim stated again word for word is the same claim; only the rest are paired by likeness,
    # each with an earlier claim not yet paired that states as many figures (a sentence that
    # drops or adds a figure says something else, not a changed value).
    exact = {c["text"]: i for i, c in enumerate(old)}
    matched_old: set[int] = {exact[c["text"]] for c in new if c["text"] in exact}
    added, changed = [], []
    for claim in new:
        if claim["text"] in exact:
            continue
        words = _masked_words(claim["text"])
        count = len(figures(claim["text"]))
        best, best_i = 0.0, None
        for i, ow in enumerate(old_words):
            if i in matched_old or len(figures(old[i]["text"])) != count:
                continue
            score = _similarity(words, ow)
            if score > best:
                best, best_i = score, i
        if best_i is None or best < SAME_CLAIM_JACCARD:
            added.append(claim)
            continue
        matched_old.add(best_i)
        before, after = figures(old[best_i]["text"]), figures(claim["text"])
        if before != after:
            changed.append(
                {
                    "claim": claim["text"],
                    "previous_claim": old[best_i]["text"],
                    "changes": [{"old": o, "new": n} for o, n in _figure_pairs(before, after)],
                    "old_sources": old[best_i]["sources"],
                    "new_sources": claim["sources"],
                }
            )
    gone = [c for i, c in enumerate(old) if i not in matched_old]
    return {
        "previous_job_id": str(previous.pk),
        "previous_finished_at": previous.finished_at.isoformat() if previous.finished_at else None,
        "claims_added": added,
        "claims_no_longer_supported": gone,
        "figures_changed": changed,
        "summary": f"{len(added)} claims added, {len(gone)} no longer supported, {len(changed)} with changed figures",
    }


def _figure_pairs(before: list[str], after: list[str]) -> list[tuple[str | None, str | None]]:
    """Old and new value of each figure that differs, by position."""
    pairs = []
    for i in range(max(len(before), len(after))):
        o = before[i] if i < len(before) else None
        n = after[i] if i < len(after) else None
        if o != n:
            pairs.append((o, n))
    return pairs
