"""Services: every write the API, the pages, the admin and the CLI make to jobs goes here."""

from __future__ import annotations

import uuid
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from agents import prompts
from jobs import followups, selectors
from jobs.models import Job, Step, SubQuestion, UserSettings
from jobs.runtime import events, experiments, telemetry
from jobs.runtime.errors import ApplicationError
from jobs.runtime.transitions import job_transition

QUESTION_MIN_CHARS = 10
QUESTION_MAX_CHARS = 2000
MAX_BUDGET_MINUTES = 120
MAX_BUDGET_USD = 100.0
MIN_BUDGET_USD = 0.01
SOURCES = ("web", "uploads")
EDITED_PLAN_MIN = 1
EDITED_PLAN_MAX = 8
SUBQUESTION_MIN_CHARS = 8
SUBQUESTION_MAX_CHARS = 400


def _validate_question(question) -> str:
    """The question with its whitespace runs collapsed. At least QUESTION_MIN_CHARS once
    collapsed, at most QUESTION_MAX_CHARS as sent (the API schema states both)."""
    if not isinstance(question, str):
        raise ApplicationError("question must be a string", field="question")
    if len(question) > QUESTION_MAX_CHARS:
        raise ApplicationError(f"question must be at most {QUESTION_MAX_CHARS} characters", field="question")
    if "\x00" in question:  # PostgreSQL text cannot hold it
        raise ApplicationError("question must not contain NUL (U+0000)", field="question")
    question = " ".join(question.split())
    if len(question) < QUESTION_MIN_CHARS:
        raise ApplicationError(f"question must be at least {QUESTION_MIN_CHARS} characters", field="question")
    if len(question) > QUESTION_MAX_CHARS:
        raise ApplicationError(f"question must be at most {QUESTION_MAX_CHARS} characters", field="question")
    return question


def max_budget_tokens() -> int:
    """The largest token cap a job may ask for: ten times the default."""
    return 10 * settings.DEFAULT_BUDGET_TOKENS


def _validate_budget(budget: dict | None) -> tuple[int, int, float]:
    """(tokens, micro-dollars, minutes) from the request, defaults from settings."""
    budget = budget or {}
    if not isinstance(budget, dict):
        raise ApplicationError("budget must be an object", field="budget")
    unknown = set(budget) - {"max_minutes", "max_usd", "max_tokens"}
    if unknown:
        raise ApplicationError(f"unknown budget fields: {sorted(unknown)}", field="budget")
    minutes = budget.get("max_minutes", settings.DEFAULT_BUDGET_MINUTES)
    usd = budget.get("max_usd", settings.DEFAULT_BUDGET_USD)
    tokens = budget.get("max_tokens", settings.DEFAULT_BUDGET_TOKENS)
    for name, value in (("max_minutes", minutes), ("max_usd", usd), ("max_tokens", tokens)):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ApplicationError(f"{name} must be a number", field=f"budget.{name}")
        if value <= 0:
            raise ApplicationError(f"{name} must be greater than zero", field=f"budget.{name}")
    if minutes > MAX_BUDGET_MINUTES:
        raise ApplicationError(f"max_minutes must be at most {MAX_BUDGET_MINUTES}", field="budget.max_minutes")
    if not MIN_BUDGET_USD <= usd <= MAX_BUDGET_USD:
        raise ApplicationError(f"max_usd must be between {MIN_BUDGET_USD} and {MAX_BUDGET_USD}", field="budget.max_usd")
    if int(tokens) != tokens or tokens > max_budget_tokens():
        raise ApplicationError(
            f"max_tokens must be a whole number up to {max_budget_tokens()}", field="budget.max_tokens"
        )
    return int(tokens), round(usd * 1_000_000), float(minutes)


def _has_uploads(user) -> bool:
    from agents.models import Document

    return Document.objects.filter(collection="uploads", owner=user, status=Document.Status.READY).exists()


def _follow_up_parent(user, follow_up_of) -> Job | None:
    """The user's finished job a follow-up is asked from; another user's job is 'no such job'."""
    if follow_up_of in (None, ""):
        return None
    try:
        uuid.UUID(str(follow_up_of))
    except ValueError:
        raise ApplicationError("follow_up_of must be a job id", field="follow_up_of") from None
    try:
        parent = selectors.job_get_for_user(user=user, job_id=follow_up_of)
    except ApplicationError:
        raise ApplicationError("follow_up_of: no such job of yours", field="follow_up_of", status=404) from None
    if parent.status != Job.Status.DONE:
        raise ApplicationError(
            f"follow_up_of: only a finished report can be followed up (that job is {parent.status})",
            field="follow_up_of",
            status=409,
        )
    return parent


def job_create(
    *,
    user,
    question,
    depth: str | None = None,
    sources: list | None = None,
    budget: dict | None = None,
    require_approval: bool | None = None,
    variant: str | None = None,
    follow_up_of=None,
    enforce_limits: bool = True,
) -> Job:
    """Validate, store the job with its budgets and deadline, and enqueue it after commit.
    `require_approval=None` takes the user's default (UserSettings). `follow_up_of` names the
    user's finished job this question follows up (its planner then sees what that report
    covered). `enforce_limits=False` is for operators' own commands (benchmarks, evaluation),
    never for requests.

    Raises ApplicationError naming the bad field (400), or 429 when the user already has
    MAX_ACTIVE_JOBS_PER_USER open jobs or the job's cap would pass MAX_DAILY_USD_PER_USER;
    nothing is stored then."""
    question = _validate_question(question)
    depth = depth or Job.Depth.DEEP
    if depth not in Job.Depth.values:
        raise ApplicationError(f"depth must be one of {list(Job.Depth.values)}", field="depth")
    sources = list(sources) if sources is not None else ["web"]
    if not isinstance(sources, list) or not sources or any(s not in SOURCES for s in sources):
        raise ApplicationError(f"sources must be a non-empty list of {list(SOURCES)}", field="sources")
    if len(sources) > 1:
        # A worker that reads private uploads gets no web search (a query is a way to send data
        # out), so one job researches either the web or the uploads, never both.
        raise ApplicationError(
            "sources: name one source; research the web and your uploads in separate jobs", field="sources"
        )
    if sources == ["uploads"] and not _has_uploads(user):
        raise ApplicationError(
            "sources: you have no ready uploads to research; upload files first (or wait until they are read)",
            field="sources",
            status=409,
        )
    tokens, usd_micros, minutes = _validate_budget(budget)
    parent = _follow_up_parent(user, follow_up_of)
    if require_approval is None:
        require_approval = user_settings_get(user=user).require_approval
    now = timezone.now()
    with transaction.atomic():
        # One user's creates are serialised on their user row, so two at once cannot both
        # slip under the limits.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        if enforce_limits:
            _check_user_limits(user=user, usd_micros=usd_micros, now=now)
        job = Job.objects.create(
            user=user,
            question=question,
            depth=depth,
            sources=sources,
            require_approval=bool(require_approval),
            budget_tokens=tokens,
            budget_usd_micros=usd_micros,
            deadline_at=now + timedelta(minutes=minutes),
            prompt_version=prompts.version(),
            variant=experiments.assign(user) if variant is None else variant,
            lease_expires_at=now + timedelta(seconds=settings.LEASE_TTL_SECONDS),
            follow_up_of=parent,
            follow_up_missed=followups.asks_for_missing(
                follow_up=question, question=parent.question, report=parent.report
            )
            if parent
            else None,
        )
        transaction.on_commit(lambda: _enqueue_start(job))
        transaction.on_commit(lambda: telemetry.count("jobs_created"))
    return job


OPEN_STATUSES = (*Job.ACTIVE_STATUSES, Job.Status.AWAITING_APPROVAL)


def _check_user_limits(*, user, usd_micros: int, now) -> None:
    """Raise ApplicationError(429) when a new job with this money cap would pass the user's
    limits. An open job counts at its cap (it may spend all of it), a finished one at what it
    spent; the day is the UTC day."""
    active = Job.objects.filter(user=user, status__in=OPEN_STATUSES).count()
    if active >= settings.MAX_ACTIVE_JOBS_PER_USER:
        raise ApplicationError(
            f"you already have {active} jobs running (limit {settings.MAX_ACTIVE_JOBS_PER_USER}); "
            "wait for one to finish or cancel one",
            status=429,
            extra={"limit": "active_jobs", "active_jobs": active, "max_active_jobs": settings.MAX_ACTIVE_JOBS_PER_USER},
        )
    day_start = now.replace(hour=0, minute=0, second=0, microsecond=0)
    today = Job.objects.filter(user=user, created_at__gte=day_start)
    spent = today.exclude(status__in=OPEN_STATUSES).aggregate(n=Sum("usd_used_micros"))["n"] or 0
    reserved = today.filter(status__in=OPEN_STATUSES).aggregate(n=Sum("budget_usd_micros"))["n"] or 0
    limit_micros = round(settings.MAX_DAILY_USD_PER_USER * 1_000_000)
    if spent + reserved + usd_micros > limit_micros:
        raise ApplicationError(
            f"this job's cap of {usd_micros / 1e6:.2f} USD would pass your daily limit of "
            f"{settings.MAX_DAILY_USD_PER_USER:.2f} USD ({(spent + reserved) / 1e6:.2f} USD already committed today)",
            field="budget.max_usd",
            status=429,
            extra={
                "limit": "daily_usd",
                "committed_usd": round((spent + reserved) / 1e6, 6),
                "max_daily_usd": settings.MAX_DAILY_USD_PER_USER,
            },
        )


def user_settings_get(*, user) -> UserSettings:
    """The user's settings row, or an unsaved one with the defaults."""
    return UserSettings.objects.filter(user=user).first() or UserSettings(user=user)


def user_settings_update(*, user, require_approval: bool) -> UserSettings:
    if not isinstance(require_approval, bool):
        raise ApplicationError("require_approval must be true or false", field="require_approval")
    row, _ = UserSettings.objects.update_or_create(user=user, defaults={"require_approval": require_approval})
    return row


def _enqueue_start(job: Job) -> None:
    from jobs.tasks import job_start

    job_start.delay(str(job.pk), job.epoch)


def job_cancel(*, job: Job) -> Job:
    """Stop the job: no new step starts; what is done is kept. Raises ApplicationError when the
    job already ended."""
    moved = job_transition(job.pk, to=Job.Status.CANCELLED, stopped_reason="cancelled by the user")
    job.refresh_from_db()
    if not moved:
        raise ApplicationError(f"the job is already {job.status}", field="job_id", status=409)
    events.emit(job.pk, "cancelled", {"reason": job.stopped_reason})
    return job


def job_delete(*, user, job_id) -> None:
    """Delete one of `user`'s finished (done, failed or cancelled) jobs with everything it made:
    its report, sub-questions, steps, sources, notes, claims, model calls, queries, clicks and
    feedback (the rows cascade), its events, its Redis keys (ledger, event counter, locks) and
    the stored objects only it held (step outputs, trajectories, page texts no other job or the
    page cache holds). A follow-up asked from it stays, unlinked. Nothing of anyone else's is
    touched. Raises ApplicationError: 404 for a job that is not the user's, 409 while it runs."""
    from django_eventstream.models import Event

    from agents.sources import store
    from jobs.models import PageCache, ProviderCall, Source
    from jobs.runtime.redis_client import redis_client

    job = selectors.job_get_for_user(user=user, job_id=job_id)
    with transaction.atomic():
        locked = Job.objects.select_for_update().get(pk=job.pk)
        if locked.status not in Job.TERMINAL_STATUSES:
            raise ApplicationError(
                f"the job is {locked.status}; cancel it before deleting it", field="job_id", status=409
            )
        refs = (
            set(Source.objects.filter(job=locked).values_list("content_ref", flat=True))
            | set(Step.objects.filter(job=locked).values_list("output_ref", flat=True))
            | set(ProviderCall.objects.filter(job=locked).values_list("trajectory_ref", flat=True))
        ) - {""}
        Event.objects.filter(channel=events.channel_for(locked.pk)).delete()
        locked.delete()
    still_held = (
        set(Source.objects.filter(content_ref__in=refs).values_list("content_ref", flat=True))
        | set(Step.objects.filter(output_ref__in=refs).values_list("output_ref", flat=True))
        | set(ProviderCall.objects.filter(trajectory_ref__in=refs).values_list("trajectory_ref", flat=True))
        | set(PageCache.objects.filter(content_ref__in=refs).values_list("content_ref", flat=True))
    )
    for ref in refs - still_held:
        store.delete(ref)
    # Every key naming the job (ledger hashes, the event id counter, locks): found by its id,
    # so a key added later by the runtime is not left behind.
    r = redis_client()
    keys = list(r.scan_iter(match=f"*{job.pk}*", count=1000))
    if keys:
        r.delete(*keys)


def _require_awaiting(job: Job) -> None:
    if job.status != Job.Status.AWAITING_APPROVAL:
        raise ApplicationError(f"the plan is not awaiting approval (job is {job.status})", field="approve", status=409)


def plan_approve(*, job: Job, edited_plan: list[str] | None = None) -> Job:
    """Approve the plan, optionally replacing its sub-questions, and start research.
    Raises ApplicationError for a job not awaiting approval or an invalid edited plan."""
    _require_awaiting(job)
    if edited_plan is not None:
        if not isinstance(edited_plan, list) or not EDITED_PLAN_MIN <= len(edited_plan) <= EDITED_PLAN_MAX:
            raise ApplicationError(
                f"edited_plan must list {EDITED_PLAN_MIN} to {EDITED_PLAN_MAX} sub-questions", field="edited_plan"
            )
        cleaned = []
        for i, item in enumerate(edited_plan):
            text = item.get("text") if isinstance(item, dict) else item
            if (
                not isinstance(text, str)
                or not SUBQUESTION_MIN_CHARS <= len(text.strip()) <= SUBQUESTION_MAX_CHARS
                or "\x00" in text
            ):
                raise ApplicationError(
                    f"edited_plan[{i}] must be a sub-question of {SUBQUESTION_MIN_CHARS} to "
                    f"{SUBQUESTION_MAX_CHARS} characters (no NUL)",
                    field=f"edited_plan[{i}]",
                )
            section = item.get("section") if isinstance(item, dict) else None
            if isinstance(item, dict) and "section" in item and (not isinstance(section, str) or "\x00" in section):
                raise ApplicationError(
                    f"edited_plan[{i}].section must be a string without NUL", field=f"edited_plan[{i}].section"
                )
            cleaned.append((" ".join(text.split()), section))
    now = timezone.now()
    with transaction.atomic():
        locked = Job.objects.select_for_update().get(pk=job.pk)
        _require_awaiting(locked)
        if edited_plan is not None:
            headings = [s["heading"] for s in locked.outline] or ["Findings"]
            SubQuestion.objects.filter(job=locked, round=1).delete()
            SubQuestion.objects.bulk_create(
                [
                    SubQuestion(
                        job=locked,
                        round=1,
                        position=i,
                        text=text,
                        section=section if section in headings else headings[min(i, len(headings) - 1)],
                    )
                    for i, (text, section) in enumerate(cleaned)
                ]
            )
        new_epoch = locked.epoch + 1
        locked.step_seq += 1
        Step.objects.create(
            job=locked,
            seq=locked.step_seq,
            kind=Step.Kind.PLAN,
            step_key=f"{locked.pk}:-:plan:approved",
            output={"approved": True, "edited": edited_plan is not None},
            epoch=new_epoch,
            started_at=now,
        )
        job_transition(
            locked.pk,
            to=Job.Status.PLANNING,
            epoch=locked.epoch,
            new_epoch=new_epoch,
            step_seq=locked.step_seq,
            lease_owner="approval",
            lease_expires_at=now + timedelta(seconds=settings.LEASE_TTL_SECONDS),
        )
        transaction.on_commit(lambda: _enqueue_resume(str(locked.pk), new_epoch))
    job.refresh_from_db()
    return job


def _enqueue_resume(job_id: str, epoch: int) -> None:
    from jobs.tasks import job_resume

    job_resume.delay(job_id, epoch)


def claim_override_set(*, claim, verdict: str, note: str, reviewer):
    """A reviewer's verdict on a report claim, recorded with who and when. The model's verdict
    and the claim's history are never changed; an empty verdict clears the override."""
    from jobs.models import ReportClaim

    if verdict and verdict not in ReportClaim.Verdict.values:
        raise ApplicationError(
            f"override_verdict must be one of {list(ReportClaim.Verdict.values)}", field="override_verdict"
        )
    fields = {
        "override_verdict": verdict or "",
        "override_note": (note or "").strip(),
        "override_by": reviewer if verdict else None,
        "override_at": timezone.now() if verdict else None,
    }
    ReportClaim.objects.filter(pk=claim.pk).update(**fields)
    for name, value in fields.items():
        setattr(claim, name, value)
    return claim


def citation_check_rerun(*, job: Job) -> Job:
    """Run the citation check of a finished report again: every drafted sentence is judged
    anew under new step keys (the drafts themselves are replayed, not rewritten), and the
    report, its claims and its metrics are replaced. Reviewers' verdicts on sentences that are
    still there are kept. Raises ApplicationError (409) unless the job is done."""
    from django.db.models import F

    now = timezone.now()
    with transaction.atomic():
        locked = Job.objects.select_for_update().get(pk=job.pk)
        if locked.status != Job.Status.DONE:
            raise ApplicationError(
                f"only a finished report can be checked again (job is {locked.status})", field="job_id", status=409
            )
        new_epoch = locked.epoch + 1
        job_transition(
            locked.pk,
            to=Job.Status.CHECKING,
            from_statuses=[Job.Status.DONE],
            epoch=locked.epoch,
            new_epoch=new_epoch,
            check_generation=F("check_generation") + 1,
            lease_owner="recheck",
            lease_expires_at=now + timedelta(seconds=settings.LEASE_TTL_SECONDS),
            finished_at=None,
        )
        transaction.on_commit(lambda: _enqueue_write(str(locked.pk), new_epoch))
    job.refresh_from_db()
    return job


def _enqueue_write(job_id: str, epoch: int) -> None:
    from jobs.tasks import write_report

    write_report.delay(job_id, epoch)
