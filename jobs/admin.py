"""Admin: review jobs, their plans, the read-only step log, sources, notes and claims."""
from __future__ import annotations

from django.contrib import admin

from jobs.models import Job, JobQuery, Note, PageCache, ProviderCall, ReportClaim, Source, Step, SubQuestion


class ReadOnlyAdminMixin:
    """The step log and provider calls are the record of what happened: never edited."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SubQuestionInline(admin.TabularInline):
    model = SubQuestion
    extra = 0
    fields = ("round", "position", "text", "section", "status", "summary", "not_found")
    readonly_fields = fields
    can_delete = False


class StepInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Step
    extra = 0
    fields = ("seq", "kind", "step_key", "model", "tokens_in", "tokens_out", "usd_micros", "epoch", "created_at")
    readonly_fields = fields
    ordering = ("seq",)


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    list_display = ("job_id", "user", "question_short", "status", "round", "tokens_used", "usd", "citation_precision",
                    "stopped_reason", "created_at")
    list_filter = ("status", "depth", "created_at", "variant")
    search_fields = ("question", "job_id", "user__username")
    readonly_fields = ("job_id", "epoch", "step_seq", "lease_owner", "lease_expires_at", "tokens_used", "usd_used_micros",
                       "prompt_version", "report", "created_at", "updated_at", "finished_at")
    inlines = [SubQuestionInline, StepInline]
    date_hierarchy = "created_at"

    @admin.display(description="question")
    def question_short(self, obj):
        return obj.question[:80]

    @admin.display(description="USD")
    def usd(self, obj):
        return f"{obj.usd_used_micros / 1e6:.4f}"


@admin.register(SubQuestion)
class SubQuestionAdmin(admin.ModelAdmin):
    list_display = ("sq_id", "job", "round", "position", "text", "status")
    list_filter = ("status", "round")
    search_fields = ("text", "job__job_id")


@admin.register(Step)
class StepAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("step_key", "kind", "seq", "model", "tokens_in", "tokens_out", "usd_micros", "epoch", "created_at")
    list_filter = ("kind", "model")
    search_fields = ("step_key", "job__job_id")


@admin.register(Source)
class SourceAdmin(admin.ModelAdmin):
    list_display = ("source_id", "job", "domain", "title", "quality", "published_at", "fetched_at", "fetch_error")
    list_filter = ("domain",)
    search_fields = ("url", "title", "job__job_id")


@admin.register(Note)
class NoteAdmin(admin.ModelAdmin):
    list_display = ("note_id", "job", "sq", "source", "claim", "char_start", "char_end")
    search_fields = ("claim", "quote", "job__job_id")
    readonly_fields = ("quote", "char_start", "char_end", "source", "job", "sq")


@admin.register(ReportClaim)
class ReportClaimAdmin(admin.ModelAdmin):
    list_display = ("claim_id", "job", "section", "sentence", "verdict", "outcome", "single_source", "override_verdict")
    list_filter = ("verdict", "outcome", "single_source", "override_verdict")
    search_fields = ("sentence", "job__job_id")
    readonly_fields = ("job", "section", "sentence", "note_ids", "verdict", "reason", "outcome", "history")


@admin.register(PageCache)
class PageCacheAdmin(admin.ModelAdmin):
    list_display = ("url", "title", "content_type", "fetched_at", "expires_at")
    search_fields = ("url", "title")


@admin.register(ProviderCall)
class ProviderCallAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("id", "job", "kind", "role", "model", "tokens_in", "tokens_out", "usd_micros", "latency_ms", "ok", "created_at")
    list_filter = ("kind", "role", "model", "ok")
    search_fields = ("step_key", "job__job_id")


@admin.register(JobQuery)
class JobQueryAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("job", "query", "normalised", "step_key", "created_at")
    search_fields = ("query", "job__job_id")
