"""REST API of the design: one class per operation; each validates, calls one service or
selector, and serialises the result. ApplicationError becomes a 4xx JSON body naming the field.

Where the design puts two operations on one URL (GET and POST /v1/research), each keeps its own
class and a small class joins them for the URL (`JobCollectionApi`); the operation classes name
their serializers explicitly so the join cannot mix them up.
"""
from __future__ import annotations

import json
from importlib import import_module

from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.exceptions import Throttled
from rest_framework.pagination import PageNumberPagination
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from jobs import events, online, selectors, services
from jobs.runtime.errors import ApplicationError


# --- errors --------------------------------------------------------------------------------
def _first_error(detail, path: str = "") -> tuple[str, str]:
    """(field path, message) of the first leaf of a DRF error structure. Nested serializer
    fields are joined with dots (`budget.max_minutes`); list positions are not named, so a bad
    item of `sources` reports the field `sources`."""
    if isinstance(detail, dict) and detail:
        key, value = next(iter(detail.items()))
        if isinstance(key, int) or str(key).isdigit() or key == "non_field_errors":
            return _first_error(value, path)
        return _first_error(value, f"{path}.{key}" if path else str(key))
    if isinstance(detail, list) and detail:
        return _first_error(detail[0], path)
    return path, str(detail)


def exception_handler(exc, context):
    if isinstance(exc, ApplicationError):
        body = {"error": exc.message, "field": exc.field}
        body.update(exc.extra)
        return Response(body, status=exc.status)
    if isinstance(exc, Http404):
        return Response({"error": "not found", "field": None}, status=404)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, serializers.ValidationError):
        field, message = _first_error(response.data)
        response.data = {"error": message, "field": field or None, "errors": response.data}
    elif isinstance(response.data, dict) and "detail" in response.data:
        body = {"error": str(response.data["detail"]), "field": None}
        if isinstance(exc, Throttled) and exc.wait is not None:
            body["retry_after_seconds"] = round(exc.wait)
        response.data = body
    return response


ErrorSerializer = inline_serializer("Error", {
    "error": serializers.CharField(help_text="what is wrong, in a sentence"),
    "field": serializers.CharField(allow_null=True, help_text="the input at fault (dotted path), if any"),
})


def errors(*codes: int) -> dict:
    text = {400: "invalid input (the body names the field)", 401: "not authenticated",
            404: "no such job or note (another user's job is also 404)", 409: "the job's state does not allow it",
            429: "throttled, or a per-user limit (active jobs, daily dollars) reached",
            501: "not available in this build"}
    return {c: OpenApiResponse(ErrorSerializer, description=text.get(c, "")) for c in codes}


# --- shared output shapes ----------------------------------------------------------------------
class PlanItemSerializer(serializers.Serializer):
    sq_id = serializers.IntegerField()
    text = serializers.CharField()
    status = serializers.CharField()
    round = serializers.IntegerField()
    section = serializers.CharField()
    hop = serializers.IntegerField(help_text="0: context; 1-3: its place in the chain of facts that answers the question "
                                             "(a later hop uses what the one before it found)")


class ProgressSerializer(serializers.Serializer):
    sources_read = serializers.IntegerField()
    tokens_used = serializers.IntegerField()
    usd_used = serializers.FloatField()
    seconds_elapsed = serializers.FloatField()


class EstimateSerializer(serializers.Serializer):
    subquestions = serializers.IntegerField()
    tokens = serializers.IntegerField()
    usd = serializers.FloatField()
    minutes = serializers.FloatField()
    capped_by_budget = serializers.BooleanField()


class ReportSentenceSerializer(serializers.Serializer):
    text = serializers.CharField()
    citations = serializers.ListField(child=serializers.IntegerField(), help_text="note ids: GET /v1/notes/{note_id}")
    verdict = serializers.CharField(required=False)
    single_source = serializers.BooleanField(required=False)


class ReportSectionSerializer(serializers.Serializer):
    heading = serializers.CharField()
    sentences = ReportSentenceSerializer(many=True)


class ReportSourceSerializer(serializers.Serializer):
    source_id = serializers.IntegerField()
    url = serializers.CharField()
    title = serializers.CharField(allow_blank=True)
    domain = serializers.CharField(required=False)
    published_at = serializers.CharField(allow_null=True, required=False)
    fetched_at = serializers.CharField(allow_null=True)


class ReportSerializer(serializers.Serializer):
    sections = ReportSectionSerializer(many=True)
    sources = ReportSourceSerializer(many=True)
    not_found = serializers.ListField(child=serializers.CharField())
    stopped_reason = serializers.CharField(allow_null=True, required=False)
    metrics = serializers.DictField(required=False, help_text="citation precision and coverage, sentences rewritten and dropped")


class JobDetailOutputSerializer(serializers.Serializer):
    job_id = serializers.UUIDField(source="pk")
    question = serializers.CharField()
    status = serializers.CharField()
    depth = serializers.CharField()
    sources = serializers.ListField(child=serializers.CharField())
    require_approval = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    plan = serializers.SerializerMethodField()
    plan_scope = serializers.CharField(help_text="what the planner narrowed a broad question to, shown before research "
                                                 "starts; empty when the question was researched as asked")
    progress = serializers.SerializerMethodField()
    estimate = serializers.SerializerMethodField()
    stopped_reason = serializers.SerializerMethodField()
    error = serializers.SerializerMethodField()
    report = serializers.SerializerMethodField()
    follow_up_of = serializers.UUIDField(source="follow_up_of_id", allow_null=True)
    follow_ups = serializers.SerializerMethodField()

    @extend_schema_field(serializers.ListField(child=serializers.UUIDField()))
    def get_follow_ups(self, job):
        return [str(pk) for pk in job.follow_ups.order_by("created_at").values_list("pk", flat=True)]

    @extend_schema_field(PlanItemSerializer(many=True))
    def get_plan(self, job):
        return selectors.job_plan(job=job)

    @extend_schema_field(ProgressSerializer)
    def get_progress(self, job):
        return selectors.job_progress(job=job)

    @extend_schema_field(EstimateSerializer(allow_null=True))
    def get_estimate(self, job):
        return selectors.job_estimate(job=job)

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_stopped_reason(self, job):
        return job.stopped_reason or None

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_error(self, job):
        return job.error or None

    @extend_schema_field(ReportSerializer(allow_null=True))
    def get_report(self, job):
        return job.report


JOB_ID = OpenApiParameter("job_id", OpenApiTypes.UUID, OpenApiParameter.PATH)


# --- research jobs -------------------------------------------------------------------------
class JobCreateApi(APIView):
    class InputSerializer(serializers.Serializer):
        class BudgetSerializer(serializers.Serializer):
            max_minutes = serializers.FloatField(required=False, help_text=f"0 < minutes <= {services.MAX_BUDGET_MINUTES}")
            max_usd = serializers.FloatField(required=False, help_text=f"{services.MIN_BUDGET_USD} <= USD <= {services.MAX_BUDGET_USD}")
            max_tokens = serializers.IntegerField(required=False, help_text="token cap (default DEFAULT_BUDGET_TOKENS)")

        question = serializers.CharField(allow_blank=True, help_text=f"{services.QUESTION_MIN_CHARS} to {services.QUESTION_MAX_CHARS} characters")
        depth = serializers.ChoiceField(choices=["quick", "deep"], required=False)
        sources = serializers.ListField(child=serializers.ChoiceField(choices=list(services.SOURCES)), required=False)
        budget = BudgetSerializer(required=False)
        require_approval = serializers.BooleanField(required=False, allow_null=True, default=None,
                                                    help_text="stop after planning until the plan is approved; default: the user's setting")
        follow_up_of = serializers.UUIDField(required=False, allow_null=True,
                                             help_text="a finished job of yours that this question follows up")

    class OutputSerializer(serializers.Serializer):
        job_id = serializers.UUIDField()
        status = serializers.CharField()

    @extend_schema(operation_id="research_create", description="Start a research job. Answers 202 with its id; follow it with GET /v1/research/{job_id} or its event stream. 429 when you have too many open jobs or today's dollars would pass your limit.", request=InputSerializer,
                   responses={202: OutputSerializer, **errors(400, 401, 429)})
    def post(self, request):
        data = JobCreateApi.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        job = services.job_create(user=request.user, **data.validated_data)
        return Response(JobCreateApi.OutputSerializer({"job_id": job.pk, "status": job.status}).data,
                        status=status.HTTP_202_ACCEPTED)


class JobListPagination(PageNumberPagination):
    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100


class JobListApi(APIView):
    # drf-spectacular reads this to wrap the list in the paginator's envelope.
    pagination_class = JobListPagination

    class OutputSerializer(serializers.Serializer):
        job_id = serializers.UUIDField(source="pk")
        question = serializers.CharField()
        status = serializers.CharField()
        depth = serializers.CharField()
        tokens_used = serializers.IntegerField()
        usd_used = serializers.SerializerMethodField()
        created_at = serializers.DateTimeField()
        finished_at = serializers.DateTimeField(allow_null=True)

        def get_usd_used(self, job) -> float:
            return round(job.usd_used_micros / 1e6, 6)

    @extend_schema(operation_id="research_list", description='My jobs, newest first, paginated.', responses={200: OutputSerializer(many=True), **errors(401)})
    def get(self, request):
        paginator = JobListPagination()
        page = paginator.paginate_queryset(selectors.job_list_for_user(user=request.user), request, view=self)
        return paginator.get_paginated_response(JobListApi.OutputSerializer(page, many=True).data)


class JobCollectionApi(JobCreateApi, JobListApi):
    """/v1/research: GET lists my jobs (JobListApi), POST starts one (JobCreateApi)."""


class JobDetailApi(APIView):
    @extend_schema(operation_id="research_retrieve", description="A job: status, plan (with an estimate of tokens, dollars and minutes), progress, and the report when done. Another user's job is 404.", parameters=[JOB_ID],
                   responses={200: JobDetailOutputSerializer, **errors(401, 404)})
    def get(self, request, job_id):
        job = selectors.job_get_for_user(user=request.user, job_id=job_id)
        return Response(JobDetailOutputSerializer(job).data)


@extend_schema_field({"oneOf": [
    {"type": "string"},
    {"type": "object", "properties": {"text": {"type": "string"}, "section": {"type": "string"}}, "required": ["text"]},
]})
class PlanItemField(serializers.JSONField):
    pass


class PlanApproveApi(APIView):
    class InputSerializer(serializers.Serializer):
        approve = serializers.BooleanField(required=False, help_text="true: start research with the plan as it is")
        edited_plan = serializers.ListField(child=PlanItemField(), required=False, allow_empty=True,
                                            help_text=f"{services.EDITED_PLAN_MIN} to {services.EDITED_PLAN_MAX} sub-questions "
                                                      "(strings, or {text, section}); replaces the plan and starts research")

        def validate(self, attrs):
            if "edited_plan" not in attrs and attrs.get("approve") is not True:
                raise serializers.ValidationError({"approve": "send {\"approve\": true} or {\"edited_plan\": [...]}"})
            return attrs

    @extend_schema(operation_id="research_plan_approve", description='Approve the plan of a job awaiting approval, or replace it with an edited plan (1 to 8 sub-questions); research starts. 409 when the plan is not awaiting approval.', parameters=[JOB_ID], request=InputSerializer,
                   responses={202: JobDetailOutputSerializer, **errors(400, 401, 404, 409)})
    def post(self, request, job_id):
        job = selectors.job_get_for_user(user=request.user, job_id=job_id)
        data = PlanApproveApi.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        job = services.plan_approve(job=job, edited_plan=data.validated_data.get("edited_plan"))
        return Response(JobDetailOutputSerializer(job).data, status=status.HTTP_202_ACCEPTED)


class JobCancelApi(APIView):
    class OutputSerializer(serializers.Serializer):
        job_id = serializers.UUIDField(source="pk")
        status = serializers.CharField()
        stopped_reason = serializers.CharField()

    @extend_schema(operation_id="research_cancel", description='Cancel a job: no new step starts, what is done is kept. 409 when the job already ended.', parameters=[JOB_ID], request=None,
                   responses={200: OutputSerializer, **errors(401, 404, 409)})
    def post(self, request, job_id):
        job = selectors.job_get_for_user(user=request.user, job_id=job_id)
        job = services.job_cancel(job=job)
        return Response(JobCancelApi.OutputSerializer(job).data)


# --- events (server-sent) ---------------------------------------------------------------------
class EventStreamRenderer(BaseRenderer):
    """Lets a client send `Accept: text/event-stream`; error bodies are still JSON text."""

    media_type = "text/event-stream"
    format = "sse"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return json.dumps(data).encode() if data is not None else b""


class JobEventsApi(APIView):
    renderer_classes = [JSONRenderer, EventStreamRenderer]

    @extend_schema(
        operation_id="research_events", description="Server-sent events of one job, owner only, stored for replay: " + ", ".join(events.EVENT_TYPES) + ". Each event has an id; reconnect with Last-Event-ID to get what you missed, in order.", parameters=[
            JOB_ID,
            OpenApiParameter("Last-Event-ID", str, OpenApiParameter.HEADER, required=False,
                             description="resume after this event id (as sent in each event's `id:`); "
                                         "without it every stored event of the job is sent first"),
            OpenApiParameter("lastEventId", str, required=False, description="the same, as a query parameter"),
        ],
        responses={(200, "text/event-stream"): OpenApiResponse(
            OpenApiTypes.STR, description="server-sent events: " + " | ".join(events.EVENT_TYPES)), **errors(401, 404)},
    )
    def get(self, request, job_id):
        job = selectors.job_get_for_user(user=request.user, job_id=job_id)
        return events.stream_response(request._request, job_id=job.pk)


# --- notes ----------------------------------------------------------------------------------
class NoteDetailApi(APIView):
    class OutputSerializer(serializers.Serializer):
        class SourceSerializer(serializers.Serializer):
            source_id = serializers.IntegerField()
            url = serializers.CharField(allow_blank=True, help_text="http(s) only; empty when the stored URL is not")
            title = serializers.CharField(allow_blank=True)
            domain = serializers.CharField()
            published_at = serializers.DateField(allow_null=True)
            fetched_at = serializers.DateTimeField(allow_null=True)

        note_id = serializers.IntegerField()
        job_id = serializers.UUIDField()
        sq_id = serializers.IntegerField()
        claim = serializers.CharField()
        quote = serializers.CharField()
        char_start = serializers.IntegerField()
        char_end = serializers.IntegerField()
        quote_found = serializers.BooleanField(help_text="the stored page holds the quote at these offsets")
        before = serializers.CharField(allow_blank=True, help_text="up to 250 characters of the page before the quote")
        after = serializers.CharField(allow_blank=True, help_text="up to 250 characters after it")
        source = SourceSerializer()

    @extend_schema(operation_id="notes_retrieve", description='A note of one of my jobs: its claim, the exact quote and the text around it in the stored page, and its source.', parameters=[OpenApiParameter("note_id", int, OpenApiParameter.PATH)],
                   responses={200: OutputSerializer, **errors(401, 404)})
    def get(self, request, note_id):
        note = selectors.note_get_for_user(user=request.user, note_id=note_id)
        return Response(NoteDetailApi.OutputSerializer(selectors.note_in_context(note=note)).data)


# --- uploads ----------------------------------------------------------------------------------
UPLOAD_MAX_BYTES = 20 * 1024 * 1024  # a long PDF report; bigger files belong in a corpus import


def _upload_service():
    """agents.uploads.upload_create when this build has it, else None."""
    try:
        return import_module("agents.uploads").upload_create
    except (ImportError, AttributeError):
        return None


class UploadCreateApi(APIView):
    parser_classes = [MultiPartParser, FormParser]

    class InputSerializer(serializers.Serializer):
        file = serializers.FileField()

    class OutputSerializer(serializers.Serializer):
        upload_id = serializers.CharField()
        filename = serializers.CharField()

    @extend_schema(operation_id="uploads_create", description='Upload a private document for research with sources=["uploads"]. 501 when this build has no uploads service.', request={"multipart/form-data": InputSerializer},
                   responses={201: OutputSerializer, **errors(400, 401, 501)})
    def post(self, request):
        upload_create = _upload_service()
        if upload_create is None:
            raise ApplicationError("uploads are not available in this build (agents.uploads is missing)", status=501)
        data = UploadCreateApi.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        f = data.validated_data["file"]
        if f.size > UPLOAD_MAX_BYTES:
            raise ApplicationError(f"file must be at most {UPLOAD_MAX_BYTES // (1024 * 1024)} MB", field="file")
        upload = upload_create(user=request.user, filename=f.name, content=f.read(),
                               content_type=f.content_type or "application/octet-stream")
        upload_id = getattr(upload, "pk", None) or (upload.get("upload_id") if isinstance(upload, dict) else upload)
        return Response({"upload_id": str(upload_id), "filename": f.name}, status=status.HTTP_201_CREATED)


# --- online signals -----------------------------------------------------------------------------
class CitationClickCreateApi(APIView):
    class InputSerializer(serializers.Serializer):
        note_id = serializers.IntegerField()

    @extend_schema(operation_id="research_citation_click", description='Record that a citation of my report was opened (the report page calls this).', parameters=[JOB_ID], request=InputSerializer,
                   responses={204: None, **errors(400, 401, 404)})
    def post(self, request, job_id):
        job = selectors.job_get_for_user(user=request.user, job_id=job_id)
        data = CitationClickCreateApi.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        online.citation_click_record(user=request.user, job=job, note_id=data.validated_data["note_id"])
        return Response(status=status.HTTP_204_NO_CONTENT)


class ReportFeedbackApi(APIView):
    class InputSerializer(serializers.Serializer):
        rating = serializers.ChoiceField(choices=sorted(online.RATINGS))
        comment = serializers.CharField(required=False, allow_blank=True, max_length=online.COMMENT_MAX_CHARS)

    class OutputSerializer(serializers.Serializer):
        rating = serializers.SerializerMethodField()
        comment = serializers.CharField()
        updated_at = serializers.DateTimeField()

        def get_rating(self, row) -> str:
            return "up" if row.rating > 0 else "down"

    @extend_schema(operation_id="research_feedback", description='Thumbs up or down, with an optional comment, on my finished report (a second vote replaces the first).', parameters=[JOB_ID], request=InputSerializer,
                   responses={200: OutputSerializer, **errors(400, 401, 404, 409)})
    def post(self, request, job_id):
        job = selectors.job_get_for_user(user=request.user, job_id=job_id)
        data = ReportFeedbackApi.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        row = online.report_feedback_set(user=request.user, job=job, **data.validated_data)
        return Response(ReportFeedbackApi.OutputSerializer(row).data)


# --- user settings -----------------------------------------------------------------------------
class UserSettingsSerializer(serializers.Serializer):
    require_approval = serializers.BooleanField(help_text="new jobs wait for plan approval unless the request says otherwise")


class UserSettingsDetailApi(APIView):
    @extend_schema(operation_id="settings_retrieve", description='My defaults for new jobs.', responses={200: UserSettingsSerializer, **errors(401)})
    def get(self, request):
        return Response(UserSettingsSerializer(services.user_settings_get(user=request.user)).data)


class UserSettingsUpdateApi(APIView):
    @extend_schema(operation_id="settings_update", description='Replace my defaults for new jobs.', request=UserSettingsSerializer,
                   responses={200: UserSettingsSerializer, **errors(400, 401)})
    def put(self, request):
        data = UserSettingsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        row = services.user_settings_update(user=request.user, **data.validated_data)
        return Response(UserSettingsSerializer(row).data)


class UserSettingsApi(UserSettingsDetailApi, UserSettingsUpdateApi):
    """/v1/settings: GET reads (UserSettingsDetailApi), PUT replaces (UserSettingsUpdateApi)."""
