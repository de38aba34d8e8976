"""Server-rendered pages: ask, my jobs, the live job page with plan review, the report with
checkable citations, exports, settings and the staff metrics. Views only parse the form, call
one service or selector and render; Django's autoescape covers every piece of web text."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from agents import uploads
from jobs import docx_export, online, report_markdown, reports, selectors, services, watches, webhooks
from jobs.api import JobDetailOutputSerializer
from jobs.models import Job
from jobs.runtime.errors import ApplicationError

JOBS_PER_PAGE = 20
UPLOADS_PER_PAGE = 50


def _job_or_404(request, job_id) -> Job:
    """The signed-in user's job; another user's job is a 404 like a missing one."""
    try:
        return selectors.job_get_for_user(user=request.user, job_id=job_id)
    except ApplicationError:
        raise Http404("no such job") from None


def home(request):
    return redirect("page-job-list" if request.user.is_authenticated else "login")


@login_required
@require_GET
def job_list(request):
    page = Paginator(selectors.job_list_for_user(user=request.user), JOBS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "research/job_list.html", {"page": page})


@login_required
@require_http_methods(["GET", "POST"])
def ask(request):
    user_settings = services.user_settings_get(user=request.user)
    form = {
        "question": "",
        "depth": "deep",
        "sources": ["web"],
        "max_minutes": "",
        "max_usd": "",
        "require_approval": user_settings.require_approval,
    }
    error = None
    if request.method == "POST":
        form = {
            "question": request.POST.get("question", ""),
            "depth": request.POST.get("depth") or None,
            "sources": request.POST.getlist("sources") or ["web"],
            "max_minutes": request.POST.get("max_minutes", "").strip(),
            "max_usd": request.POST.get("max_usd", "").strip(),
            "require_approval": request.POST.get("require_approval") == "on",
            "follow_up_of": request.POST.get("follow_up_of", ""),
        }
        try:
            budget = {k: _number(form[k], field=f"budget.{k}") for k in ("max_minutes", "max_usd") if form[k]}
            job = services.job_create(
                user=request.user,
                question=form["question"],
                depth=form["depth"],
                sources=form["sources"],
                budget=budget,
                require_approval=form["require_approval"],
                follow_up_of=form["follow_up_of"] or None,
            )
            return redirect("page-job", job_id=job.pk)
        except ApplicationError as exc:
            error = exc
    return render(request, "research/ask.html", {"form": form, "error": error}, status=error.status if error else 200)


def _number(raw: str, *, field: str) -> float:
    try:
        return float(raw)
    except ValueError:
        raise ApplicationError(f"{field.split('.')[-1]} must be a number", field=field) from None


@login_required
@require_GET
def job_page(request, job_id):
    """The live page while the job runs (plan, progress, events, cancel; plan review when it
    waits for approval); the report when it is done."""
    job = _job_or_404(request, job_id)
    context = {
        "job": job,
        "progress": selectors.job_progress(job=job),
        "plan": reports.subquestion_progress(job=job),
        "estimate": selectors.job_estimate(job=job),
        "events": reports.event_log(job=job),
        "timeline": reports.job_timeline(job=job),
        "trust": reports.trust_panel(job=job),
        "follow_ups": job.follow_ups.order_by("created_at").only("pk", "question"),
    }
    context["last_event_id"] = context["events"][-1]["id"] if context["events"] else ""
    if job.status == Job.Status.DONE and job.report is not None:
        context["report"] = reports.report_view(job=job)
        context["feedback"] = online.report_feedback_for(user=request.user, job=job)
        context["require_approval"] = services.user_settings_get(user=request.user).require_approval
        return render(request, "research/report.html", context)
    return render(request, "research/job.html", context)


@login_required
@require_POST
def plan_review(request, job_id):
    """Approve the plan as it is, or start with the edited sub-questions (blank rows dropped)."""
    job = _job_or_404(request, job_id)
    edited = None
    if request.POST.get("action") == "edit":
        edited = [t for t in (x.strip() for x in request.POST.getlist("sq")) if t]
    try:
        services.plan_approve(job=job, edited_plan=edited)
        messages.success(request, "Plan approved: research has started.")
    except ApplicationError as exc:
        messages.error(request, f"{exc.field}: {exc.message}" if exc.field else exc.message)
    return redirect("page-job", job_id=job.pk)


@login_required
@require_POST
def watch_create(request, job_id):
    """Watch a finished report's question (daily or weekly, a money cap per run)."""
    try:
        budget = {"max_usd": float(request.POST["max_usd"])} if request.POST.get("max_usd") else None
        watches.watch_create(user=request.user, job_id=job_id, schedule=request.POST.get("schedule", ""), budget=budget)
        messages.success(request, "Watching: the question will be researched again on its schedule (see Settings).")
    except ValueError:
        messages.error(request, "max_usd: must be a number")
    except ApplicationError as exc:
        if exc.status == 404:
            raise Http404("no such job") from None
        messages.error(request, f"{exc.field}: {exc.message}" if exc.field else exc.message)
    return redirect("page-job", job_id=job_id)


@login_required
@require_POST
def cancel(request, job_id):
    job = _job_or_404(request, job_id)
    try:
        services.job_cancel(job=job)
        messages.success(request, "Job cancelled.")
    except ApplicationError as exc:
        messages.error(request, exc.message)
    return redirect("page-job", job_id=job.pk)


@login_required
@require_POST
def job_delete(request, job_id):
    """Delete a finished job with its report, notes, claims and events."""
    try:
        services.job_delete(user=request.user, job_id=job_id)
    except ApplicationError as exc:
        if exc.status == 404:
            raise Http404("no such job") from None
        messages.error(request, exc.message)
        return redirect("page-job", job_id=job_id)
    messages.success(request, "Job deleted, with its report, notes and events.")
    return redirect("page-job-list")


@login_required
@require_http_methods(["GET", "POST"])
def upload_list(request):
    """My uploads with their status (processing, ready, rejected and why); upload one or several."""
    if request.method == "POST":
        files = request.FILES.getlist("files")
        if not files:
            messages.error(request, "Choose one or more files to upload.")
        for f in files:
            if f.size > settings.UPLOAD_MAX_BYTES:
                messages.error(
                    request, f"{f.name}: the file is {f.size} bytes; the limit is {settings.UPLOAD_MAX_BYTES} bytes"
                )
                continue
            try:
                doc = uploads.upload_create(
                    user=request.user,
                    filename=f.name,
                    content=f.read(),
                    content_type=f.content_type or "application/octet-stream",
                )
            except ApplicationError as exc:
                messages.error(request, f"{f.name}: {exc.message}")
                continue
            messages.success(request, f"{doc.filename}: uploaded; it is {doc.get_status_display().lower()}.")
        return redirect("page-uploads")
    page = Paginator(uploads.upload_list_for_user(user=request.user), UPLOADS_PER_PAGE).get_page(
        request.GET.get("page")
    )
    processing = any(doc.status == doc.Status.PROCESSING for doc in page.object_list)  # the page reloads itself then
    return render(
        request,
        "research/uploads.html",
        {"page": page, "processing": processing, "max_mb": settings.UPLOAD_MAX_BYTES // 2**20},
    )


@login_required
@require_POST
def upload_delete(request, upload_id):
    try:
        uploads.upload_delete(user=request.user, upload_id=upload_id)
    except ApplicationError:
        raise Http404("no such upload") from None
    messages.success(request, "File deleted.")
    return redirect("page-uploads")


@login_required
@require_POST
def feedback(request, job_id):
    job = _job_or_404(request, job_id)
    try:
        online.report_feedback_set(
            user=request.user, job=job, rating=request.POST.get("rating", ""), comment=request.POST.get("comment", "")
        )
        messages.success(request, "Thank you for the feedback.")
    except ApplicationError as exc:
        messages.error(request, f"{exc.field}: {exc.message}" if exc.field else exc.message)
    return redirect("page-job", job_id=job.pk)


DOCX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


@login_required
@require_GET
def export(request, job_id, fmt: str):
    """The report as Markdown, a standalone HTML page, the API's JSON, or DOCX (citations as footnotes)."""
    job = _job_or_404(request, job_id)
    if job.report is None:
        raise Http404("no report yet")
    name = f"report-{job.pk}"
    if fmt == "md":
        response = HttpResponse(report_markdown.render(job), content_type="text/markdown; charset=utf-8")
    elif fmt == "docx":
        response = HttpResponse(docx_export.render(job), content_type=DOCX_CONTENT_TYPE)
    elif fmt == "json":
        body = json.dumps(JobDetailOutputSerializer(job).data, cls=DjangoJSONEncoder, indent=2)
        response = HttpResponse(body, content_type="application/json")
    else:
        html = render_to_string("research/report_export.html", {"job": job, "report": reports.report_view(job=job)})
        response = HttpResponse(html, content_type="text/html; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.{fmt}"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def user_settings(request):
    """Defaults for new jobs, webhooks (add: the secret is shown once; delete) and watches (stop)."""
    new_secret = None
    if request.method == "POST":
        action = request.POST.get("action", "settings")
        try:
            if action == "webhook_add":
                endpoint = webhooks.webhook_create(
                    user=request.user,
                    url=request.POST.get("url", "").strip(),
                    events=request.POST.getlist("events") or None,
                    description=request.POST.get("description", ""),
                )
                new_secret = endpoint.secret
                messages.success(request, f"Webhook added for {endpoint.url}.")
            elif action == "webhook_delete":
                webhooks.webhook_delete(user=request.user, webhook_id=request.POST.get("webhook_id"))
                messages.success(request, "Webhook deleted.")
            elif action == "watch_delete":
                watches.watch_delete(user=request.user, watch_id=request.POST.get("watch_id"))
                messages.success(request, "Stopped watching.")
            else:
                services.user_settings_update(
                    user=request.user, require_approval=request.POST.get("require_approval") == "on"
                )
                messages.success(request, "Settings saved.")
        except ApplicationError as exc:
            messages.error(request, f"{exc.field}: {exc.message}" if exc.field else exc.message)
        if new_secret is None:
            return redirect("page-settings")
    return render(
        request,
        "research/settings.html",
        {
            "settings": services.user_settings_get(user=request.user),
            "webhooks": webhooks.webhook_list_for_user(user=request.user),
            "webhook_events": webhooks.EVENTS,
            "watches": watches.watch_list_for_user(user=request.user),
            "new_secret": new_secret,
        },
    )


@staff_member_required
@require_GET
def metrics(request):
    try:
        days = min(max(int(request.GET.get("days", 30)), 1), 365)
    except ValueError:
        days = 30
    rows = online.online_metrics(days=days)
    if request.GET.get("format") == "json":
        return JsonResponse({"days": days, "rows": rows}, encoder=DjangoJSONEncoder)
    return render(request, "research/metrics.html", {"rows": rows, "days": days})


HEALTH_RETRY_AFTER_SECONDS = 5


@require_GET
def healthz(request):
    """GET /healthz: 200 when the database answers, at least one worker has a fresh heartbeat
    and beat ticked recently; 503 otherwise. JSON always, no login (for load balancers and
    process supervisors): workers (name, pid, seconds since their heartbeat), beat (alive,
    seconds since its last tick), database and redis (ok or the error)."""
    from django.db import connection

    from jobs.runtime import health

    body: dict = {
        "database": "ok",
        "redis": "ok",
        "workers": [],
        "workers_alive": 0,
        "beat": {"alive": False, "seconds_since_tick": None},
    }
    try:
        connection.ensure_connection()
    except Exception as exc:  # noqa: BLE001 - reported, not raised
        body["database"] = f"unreachable: {type(exc).__name__}"
    try:
        body.update(health.report())
    except Exception as exc:  # noqa: BLE001
        body["redis"] = f"unreachable: {type(exc).__name__}"
    ok = body["database"] == "ok" and body["redis"] == "ok" and body["workers_alive"] > 0 and body["beat"]["alive"]
    body["status"] = "ok" if ok else "unavailable"
    response = JsonResponse(body, status=200 if ok else 503)
    if not ok:
        response["Retry-After"] = str(HEALTH_RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response
