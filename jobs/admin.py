"""Admin: review jobs, their plans, the read-only step log, sources, notes and claims."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html

from jobs import reports, services
from jobs.models import (
    Job,
    JobQuery,
    Note,
    PageCache,
    ProviderCall,
    ReportClaim,
    Source,
    Step,
    SubQuestion,
    Watch,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEndpoint,
)
from jobs.runtime.errors import ApplicationError


class ReadOnlyAdminMixin:
    """The step log, provider calls, sub-questions, sources and notes are the record of what
    happened: never edited."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SubQuestionInline(admin.TabularInline):
    model = SubQuestion
    extra = 0
    fields = ("round", "position", "hop", "text", "section", "status", "summary", "not_found")
    readonly_fields = fields
    can_delete = False


class StepInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Step
    extra = 0
    fields = ("seq", "kind", "step_key", "model", "tokens_in", "tokens_out", "usd_micros", "epoch", "created_at")
    readonly_fields = fields
    ordering = ("seq",)


class SourceInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Source
    extra = 0
    fields = ("source_id", "domain", "title", "url", "quality", "published_at", "fetched_at", "fetch_error")
    readonly_fields = fields


class NoteInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Note
    extra = 0
    fields = ("note_id", "sq", "source", "claim", "quote", "char_start", "char_end")
    readonly_fields = fields


class ClaimInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = ReportClaim
    extra = 0
    fields = ("section", "position", "sentence", "note_ids", "verdict", "outcome", "override_verdict", "override_by")
    readonly_fields = fields
    show_change_link = True


class CostFilter(admin.SimpleListFilter):
    title = "cost"
    parameter_name = "cost"
    BANDS = {"lt010": (0, 100_000), "010-050": (100_000, 500_000), "gte050": (500_000, None)}

    def lookups(self, request, model_admin):
        return [("lt010", "under $0.10"), ("010-050", "$0.10 to $0.50"), ("gte050", "$0.50 or more")]

    def queryset(self, request, queryset):
        if self.value() not in self.BANDS:
            return queryset
        low, high = self.BANDS[self.value()]
        queryset = queryset.filter(usd_used_micros__gte=low)
        return queryset.filter(usd_used_micros__lt=high) if high is not None else queryset


class PrecisionFilter(admin.SimpleListFilter):
    title = "citation precision"
    parameter_name = "precision"

    def lookups(self, request, model_admin):
        gate = f"{settings.CITATION_PRECISION_GATE:.0%}"
        return [("below", f"below the {gate} gate"), ("passes", f"{gate} or more"), ("none", "not measured")]

    def queryset(self, request, queryset):
        gate = settings.CITATION_PRECISION_GATE
        return {
            "below": lambda: queryset.filter(citation_precision__lt=gate),
            "passes": lambda: queryset.filter(citation_precision__gte=gate),
            "none": lambda: queryset.filter(citation_precision__isnull=True),
        }.get(self.value(), lambda: queryset)()


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    """A job's page is for reading: status, question, budgets and the rest change only through
    the actions, which call the services (an edit here would bypass their checks, the lease and
    the events). Jobs are neither added nor deleted from admin forms."""

    list_display = (
        "job_id",
        "user",
        "question_short",
        "status",
        "round",
        "tokens_used",
        "usd",
        "citation_precision",
        "passes_release_gate",
        "stopped_reason",
        "created_at",
    )
    list_filter = ("status", CostFilter, PrecisionFilter, "depth", "created_at", "variant", "follow_up_missed")
    actions = ["cancel_jobs", "verify_cited_quotes", "rerun_citation_check", "delete_finished_jobs"]
    search_fields = ("question", "job_id", "user__username")
    readonly_fields = (
        "job_id",
        "model_calls",
        "epoch",
        "step_seq",
        "lease_owner",
        "lease_expires_at",
        "tokens_used",
        "usd_used_micros",
        "prompt_version",
        "report",
        "created_at",
        "updated_at",
        "finished_at",
        "follow_up_missed",
    )
    raw_id_fields = ("follow_up_of",)
    inlines = [SubQuestionInline, StepInline, SourceInline, NoteInline, ClaimInline]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        # The list (and its actions) keeps the user's permission; one job's page is view-only.
        return obj is None and super().has_change_permission(request)

    def has_delete_permission(self, request, obj=None):
        # Only the action below deletes, through the service (events, stored objects, Redis).
        return obj is None and super().has_delete_permission(request)

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # Django's own delete would bypass job_delete
        return actions

    @admin.display(description="model calls and trajectories")
    def model_calls(self, obj):
        url = reverse("admin:jobs_providercall_changelist") + f"?job__job_id__exact={obj.pk}"
        return format_html('<a href="{}">{} calls</a>', url, obj.provider_calls.count())

    date_hierarchy = "created_at"

    def _for_each(self, request, queryset, service, done: str):
        """Call `service(job=...)` on each selected job; report how many took and why others did not."""
        ok, skipped = 0, []
        for job in queryset:
            try:
                service(job=job)
                ok += 1
            except ApplicationError as exc:
                skipped.append(f"{job.pk}: {exc.message}")
        self.message_user(request, f"{done} {ok} jobs", messages.SUCCESS)
        if skipped:
            self.message_user(request, "skipped: " + "; ".join(skipped), messages.WARNING)

    @admin.action(description="Cancel the selected jobs", permissions=["change"])
    def cancel_jobs(self, request, queryset):
        self._for_each(request, queryset, services.job_cancel, "Cancelled")

    @admin.action(
        description="Delete the selected finished jobs (report, notes, claims, events)", permissions=["delete"]
    )
    def delete_finished_jobs(self, request, queryset):
        self._for_each(request, queryset, lambda job: services.job_delete(user=job.user, job_id=job.pk), "Deleted")

    @admin.action(
        description="Re-run the citation check (quotes and the support judge) on finished reports",
        permissions=["change"],
    )
    def rerun_citation_check(self, request, queryset):
        self._for_each(request, queryset, services.citation_check_rerun, "Citation check started again on")

    @admin.action(description="Re-check cited quotes against the stored pages (stage 1, no model call)")
    def verify_cited_quotes(self, request, queryset):
        for job in queryset.exclude(report__isnull=True):
            result = reports.cited_quotes_check(job=job)
            level = messages.SUCCESS if not result["missing"] else messages.ERROR
            self.message_user(
                request,
                f"job {job.pk}: {result['found']} of {result['cited']} cited quotes found on their "
                f"stored pages" + (f"; missing: notes {result['missing']}" if result["missing"] else ""),
                level,
            )

    @admin.display(description="precision gate", boolean=True)
    def passes_release_gate(self, obj):
        """None until the job has a report; False flags a job below CITATION_PRECISION_GATE."""
        if obj.citation_precision is None:
            return None
        return obj.citation_precision >= settings.CITATION_PRECISION_GATE

    @admin.display(description="question")
    def question_short(self, obj):
        return obj.question[:80]

    @admin.display(description="USD")
    def usd(self, obj):
        return f"{obj.usd_used_micros / 1e6:.4f}"


@admin.register(SubQuestion)
class SubQuestionAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("sq_id", "job", "round", "position", "text", "status")
    list_filter = ("status", "round")
    search_fields = ("text", "job__job_id")


@admin.register(Step)
class StepAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("step_key", "kind", "seq", "model", "tokens_in", "tokens_out", "usd_micros", "epoch", "created_at")
    list_filter = ("kind", "model")
    search_fields = ("step_key", "job__job_id")


@admin.register(Source)
class SourceAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("source_id", "job", "domain", "title", "quality", "published_at", "fetched_at", "fetch_error")
    list_filter = ("domain",)
    search_fields = ("url", "title", "job__job_id")


@admin.register(Note)
class NoteAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("note_id", "job", "sq", "source", "claim", "char_start", "char_end")
    search_fields = ("claim", "quote", "job__job_id")
    readonly_fields = ("quote", "char_start", "char_end", "source", "job", "sq")


@admin.register(ReportClaim)
class ReportClaimAdmin(admin.ModelAdmin):
    """Claim review: a reviewer sets override_verdict (and a note); who and when are recorded by
    services.claim_override_set. The model's verdict and the history stay as they were."""

    list_display = (
        "claim_id",
        "job",
        "section",
        "sentence",
        "verdict",
        "outcome",
        "single_source",
        "override_verdict",
        "override_by",
        "override_at",
    )
    list_filter = ("verdict", "outcome", "single_source", "override_verdict")
    search_fields = ("sentence", "job__job_id")
    fields = (
        "job",
        "section",
        "sentence",
        "note_ids",
        "verdict",
        "reason",
        "outcome",
        "history",
        "override_verdict",
        "override_note",
        "override_by",
        "override_at",
    )
    readonly_fields = (
        "job",
        "section",
        "sentence",
        "note_ids",
        "verdict",
        "reason",
        "outcome",
        "history",
        "override_by",
        "override_at",
    )

    def has_add_permission(self, request):
        return False

    def save_model(self, request, obj, form, change):
        services.claim_override_set(
            claim=obj,
            verdict=form.cleaned_data.get("override_verdict", ""),
            note=form.cleaned_data.get("override_note", ""),
            reviewer=request.user,
        )


@admin.register(PageCache)
class PageCacheAdmin(admin.ModelAdmin):
    list_display = ("url", "title", "content_type", "fetched_at", "expires_at")
    search_fields = ("url", "title")


@admin.register(ProviderCall)
class ProviderCallAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Every model and search call, with what the model saw (messages) and, for looping
    agents, the full uncompressed trajectory kept apart from it."""

    list_display = (
        "id",
        "job",
        "kind",
        "role",
        "model",
        "tokens_in",
        "tokens_out",
        "usd_micros",
        "latency_ms",
        "ok",
        "created_at",
    )
    list_filter = ("kind", "role", "model", "ok")
    search_fields = ("step_key", "job__job_id")
    fields = (
        "job",
        "step_key",
        "epoch",
        "kind",
        "role",
        "model",
        "tokens_in",
        "tokens_out",
        "usd_micros",
        "latency_ms",
        "ok",
        "error",
        "seen_by_model",
        "response",
        "full_trajectory",
        "created_at",
    )
    readonly_fields = fields

    @admin.display(description="what the model saw")
    def seen_by_model(self, obj):
        return format_html(
            "<pre style='white-space:pre-wrap'>{}</pre>",
            "\n\n".join(f"[{m.get('role')}]\n{m.get('content')}" for m in obj.messages or []),
        )

    @admin.display(description="full trajectory (uncompressed)")
    def full_trajectory(self, obj):
        if not obj.trajectory_ref:
            return "(same as what the model saw, or past retention)"
        from agents.sources import store

        try:
            entries = json.loads(store.get_text(obj.trajectory_ref))
        except (FileNotFoundError, OSError, ValueError):
            return "(deleted)"
        return format_html("<pre style='white-space:pre-wrap'>{}</pre>", "\n".join(entries))


@admin.register(JobQuery)
class JobQueryAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("job", "query", "normalised", "step_key", "created_at")
    search_fields = ("query", "job__job_id")


# --- integrations ---------------------------------------------------------------------------------
class WebhookAttemptInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = WebhookAttempt
    extra = 0
    fields = ("number", "status_code", "latency_ms", "error", "created_at")
    readonly_fields = fields


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Every delivery with each attempt's status and latency (the log the spec asks for)."""

    list_display = ("id", "event_type", "endpoint", "job", "status", "attempts", "created_at", "finished_at")
    list_filter = ("status", "event_type")
    search_fields = ("message_id", "endpoint__url")
    readonly_fields = (
        "endpoint",
        "job",
        "message_id",
        "event_key",
        "event_type",
        "payload",
        "status",
        "attempts",
        "created_at",
        "finished_at",
    )
    inlines = [WebhookAttemptInline]


@admin.register(WebhookEndpoint)
class WebhookEndpointAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "url", "events", "active", "created_at")
    list_filter = ("active",)
    exclude = ("secret",)
    readonly_fields = ("user", "url", "events", "created_at")


@admin.register(Watch)
class WatchAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "question", "schedule", "next_run_at", "last_run_at", "last_error", "active")
    list_filter = ("schedule", "active")
    readonly_fields = ("user", "origin", "question", "depth", "sources", "last_run_at", "last_error", "created_at")
