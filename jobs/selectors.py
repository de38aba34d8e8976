"""Selectors: every read of jobs for a user goes through here, so ownership is checked once."""
from __future__ import annotations

import uuid

from django.db.models import Count, QuerySet
from django.utils import timezone

from jobs.errors import ApplicationError
from jobs.models import Job, Source


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
        {"sq_id": sq.sq_id, "text": sq.text, "status": sq.status, "round": sq.round, "section": sq.section}
        for sq in job.subquestions.order_by("round", "position")
    ]


def job_counts_by_status(*, user) -> dict:
    return dict(Job.objects.filter(user=user).values_list("status").annotate(n=Count("pk")))
