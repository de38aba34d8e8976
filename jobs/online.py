"""The design's online signals: citation clicks and thumbs per report (services), and the staff
metrics built from them and from the jobs (selector): share of runs that finish, share that
stop on a budget, citation click rate, follow-up questions (and those that ask for something
the report missed, jobs/followups.py), thumbs, cost and minutes per report, per day and per
experiment variant (Job.variant)."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Avg, Count, DurationField, ExpressionWrapper, F, Q
from django.db.models.functions import TruncDate
from django.utils import timezone

from jobs.models import CitationClick, Job, Note, ReportFeedback
from jobs.runtime.errors import ApplicationError

COMMENT_MAX_CHARS = 2000
RATINGS = {"up": ReportFeedback.Rating.UP, "down": ReportFeedback.Rating.DOWN}
# The pipeline's stopped_reason says "... budget ..." when money or tokens ran low and "time
# reserved for writing reached" when the clock did (jobs/runtime/budget.py, jobs/stages/).
BUDGET_STOP = Q(stopped_reason__icontains="budget") | Q(stopped_reason__icontains="time reserved")


def citation_click_record(*, user, job: Job, note_id) -> CitationClick:
    """Record that `user` opened a citation of their own report. Raises ApplicationError(404)
    for a note that is not of this job."""
    note = Note.objects.filter(pk=note_id, job=job).first() if str(note_id).isdigit() else None
    if note is None:
        raise ApplicationError("no such note in this job", field="note_id", status=404)
    return CitationClick.objects.create(job=job, note=note, user=user)


def report_feedback_set(*, user, job: Job, rating: str, comment: str = "") -> ReportFeedback:
    """Thumbs up or down (one per user and report; a second vote replaces the first).
    Raises ApplicationError for a report that is not finished or a bad rating or comment."""
    if job.status != Job.Status.DONE:
        raise ApplicationError(f"only a finished report can be rated (job is {job.status})", field="job_id", status=409)
    if rating not in RATINGS:
        raise ApplicationError(f"rating must be one of {sorted(RATINGS)}", field="rating")
    comment = (comment or "").strip()
    if len(comment) > COMMENT_MAX_CHARS:
        raise ApplicationError(f"comment must be at most {COMMENT_MAX_CHARS} characters", field="comment")
    row, _ = ReportFeedback.objects.update_or_create(
        job=job, user=user, defaults={"rating": RATINGS[rating], "comment": comment}
    )
    return row


def report_feedback_for(*, user, job: Job) -> ReportFeedback | None:
    return ReportFeedback.objects.filter(job=job, user=user).first()


def online_metrics(*, days: int = 30) -> list[dict]:
    """One row per (day, variant) for jobs created in the last `days` days, newest first."""
    since = timezone.now() - timedelta(days=days)
    jobs = Job.objects.filter(created_at__gte=since).annotate(day=TruncDate("created_at"))
    done = Q(status=Job.Status.DONE)
    runs = jobs.values("day", "variant").annotate(
        runs=Count("pk"),
        finished=Count("pk", filter=Q(status__in=Job.TERMINAL_STATUSES)),
        done=Count("pk", filter=done),
        budget_stopped=Count("pk", filter=BUDGET_STOP),
        usd_micros=Avg("usd_used_micros", filter=done),
        duration=Avg(ExpressionWrapper(F("finished_at") - F("created_at"), output_field=DurationField()), filter=done),
        tokens=Avg("tokens_used", filter=done),
    )
    rows = {(r["day"], r["variant"]): r for r in runs}
    clicked = (
        jobs.filter(done)
        .values("day", "variant")
        .annotate(
            clicked=Count("pk", filter=Q(citation_clicks__isnull=False), distinct=True),
            clicks=Count("citation_clicks", distinct=True),
            followed=Count("pk", filter=Q(follow_ups__isnull=False), distinct=True),
            missed=Count("pk", filter=Q(follow_ups__follow_up_missed=True), distinct=True),
        )
    )
    thumbs = jobs.values("day", "variant").annotate(
        up=Count("feedback", filter=Q(feedback__rating=1), distinct=True),
        down=Count("feedback", filter=Q(feedback__rating=-1), distinct=True),
    )
    for extra in (clicked, thumbs):
        for r in extra:
            rows[(r["day"], r["variant"])].update({k: v for k, v in r.items() if k not in ("day", "variant")})
    out = []
    for (day, variant), r in sorted(rows.items(), key=lambda kv: (kv[0][0], kv[0][1]), reverse=True):
        terminal, done_n = r["finished"], r["done"]
        out.append(
            {
                "day": day,
                "variant": variant or "-",
                "runs": r["runs"],
                "finished_runs": terminal,
                "reports": done_n,
                "finish_rate": done_n / terminal if terminal else None,
                "budget_stop_rate": r["budget_stopped"] / r["runs"] if r["runs"] else None,
                "citation_click_rate": r.get("clicked", 0) / done_n if done_n else None,
                "citation_clicks": r.get("clicks", 0),
                "follow_up_rate": r.get("followed", 0) / done_n if done_n else None,
                "missed_follow_up_rate": r.get("missed", 0) / done_n if done_n else None,
                "thumbs_up": r.get("up", 0),
                "thumbs_down": r.get("down", 0),
                "usd_per_report": r["usd_micros"] / 1e6 if r["usd_micros"] is not None else None,
                "minutes_per_report": r["duration"].total_seconds() / 60 if r["duration"] is not None else None,
                "tokens_per_report": round(r["tokens"]) if r["tokens"] is not None else None,
            }
        )
    return out
