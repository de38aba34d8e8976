"""REST API of the design: one class per operation; each validates, calls one service or
selector, and serialises the result. ApplicationError becomes a 4xx JSON body naming the field.

Where the design puts two operations on one URL (GET and POST /v1/research), each keeps its own
class and a small class joins them for the URL (`JobCollectionApi`); the operation classes name
their serializers explicitly so the join cannot mix them up.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import RegexValidator
from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiRequest,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, ParseError, Throttled
from rest_framework.pagination import PageNumberPagination
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from agents import uploads
from jobs import events, http_errors, online, selectors, services, watches, webhooks
from jobs.api_fields import (
    NUL_FREE_PATTERN,
    StrictBooleanField,
    StrictCharField,
    StrictFloatField,
    StrictIntegerField,
    StrictUUIDField,
    collapsed_min_length_pattern,
    stripped_length_pattern,
)
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
    if http_errors.is_outage(exc):  # token lookup, session, throttle counters: a store is down
        body, headers = http_errors.outage_body(exc)
        return Response(body, status=503, headers=headers)
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


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser, refusing with a 400 (instead of a 500 further on) a body nested deeper
    than Python's recursion limit and text that is not Unicode (an unpaired surrogate escape
    such as "\\ud800", which no database column can store)."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - the body is nested too deeply") from None
        if not _is_unicode(data):
            raise ParseError("JSON parse error - the body holds an unpaired surrogate (not Unicode text)")
        return data


def _is_unicode(value) -> bool:
    """Whether every string in a parsed JSON value (keys included) encodes as UTF-8."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


class ApiView(APIView):
    """The API's base view: JSON bodies through BoundedJSONParser."""

    parser_classes = [BoundedJSONParser]


ErrorSerializer = inline_serializer(
    "Error",
    {
        "error": serializers.CharField(help_text="what is wrong, in a sentence"),
        "field": serializers.CharField(allow_null=True, help_text="the input at fault (dotted path), if any"),
    },
)


OutageSerializer = inline_serializer(
    "Outage",
    {
        "error": serializers.CharField(help_text="which store cannot be reached"),
        "field": serializers.CharField(allow_null=True),
        "retry_after_seconds": serializers.IntegerField(help_text="also sent as the Retry-After header"),
    },
)


def errors(*codes: int) -> dict:
    """The error responses of an operation, each a JSON {error, field}; every operation can
    also answer 503 while PostgreSQL or Redis is unreachable."""
    text = {
        400: "invalid input (the body names the field)",
        401: "not authenticated",
        404: "no such job or note (another user's job is also 404)",
        409: "the job's state does not allow it",
        413: "the file is larger than UPLOAD_MAX_BYTES",
        415: "the body is not in the media type this operation takes",
        429: "throttled, or a per-user limit (active jobs, daily dollars) reached",
        501: "not available in this build",
    }
    out = {c: OpenApiResponse(ErrorSerializer, description=text.get(c, "")) for c in codes}
    out[503] = OpenApiResponse(
        OutageSerializer, description="PostgreSQL or Redis is briefly unreachable; retry after Retry-After seconds"
    )
    return out


# --- shared output shapes ----------------------------------------------------------------------
class PlanItemSerializer(serializers.Serializer):
    sq_id = serializers.IntegerField()
    text = serializers.CharField()
    status = serializers.CharField()
    round = serializers.IntegerField()
    section = serializers.CharField()
    hop = serializers.IntegerField(
        help_text="0: context; 1-3: its place in the chain of facts that answers the question "
        "(a later hop uses what the one before it found)"
    )


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
    kind = serializers.ChoiceField(
        choices=["absence", "total"],
        required=False,
        help_text="absence: the opening sentence saying what the sources found do not state "
        "(said by the service, citing nothing); total: the combined figure a question asks for, "
        "summed by the service from the figures of the notes it cites (see `computed`) or quoted "
        "from the one note that states it",
    )
    computed = serializers.DictField(
        required=False,
        help_text="for a summed total: {operation: sum, result, addends: [{name, value, note_id}]}",
    )


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


class ComparisonCellSerializer(serializers.Serializer):
    value = serializers.CharField()
    citations = serializers.ListField(
        child=serializers.IntegerField(),
        min_length=1,
        help_text="note ids whose quotes hold the value: GET /v1/notes/{note_id}",
    )


class ComparisonRowSerializer(serializers.Serializer):
    entity = serializers.CharField()
    cells = serializers.ListField(
        child=ComparisonCellSerializer(allow_null=True),
        help_text="one per attribute, in order; null where no note gives it",
    )


class ComparisonTableSerializer(serializers.Serializer):
    entities = serializers.ListField(child=serializers.CharField())
    attributes = serializers.ListField(child=serializers.CharField())
    rows = ComparisonRowSerializer(many=True)


class ReportSerializer(serializers.Serializer):
    sections = ReportSectionSerializer(many=True, help_text="the first, Answer, answers the question in 2-4 sentences")
    sources = ReportSourceSerializer(many=True)
    not_found = serializers.ListField(child=serializers.CharField())
    unanswered = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text='what the sources found do not state, as clauses completing "The '
        'sources found do not state …" (the report opens with that sentence)',
    )
    comparison_table = ComparisonTableSerializer(
        allow_null=True,
        required=False,
        help_text="comparison questions: entity x attribute, every cell citing its notes",
    )
    stopped_reason = serializers.CharField(allow_null=True, required=False)
    metrics = serializers.DictField(
        required=False,
        help_text="citation precision and coverage; sentences rewritten and dropped, the dropped ones split into "
        "sentences_unsupported (judged so) and sentences_not_checked (the judge could not be used); "
        "notes rejected because their quote is not on the page",
    )


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
    plan_scope = serializers.CharField(
        help_text="what the planner narrowed a broad question to, shown before research "
        "starts; empty when the question was researched as asked"
    )
    progress = serializers.SerializerMethodField()
    estimate = serializers.SerializerMethodField()
    stopped_reason = serializers.SerializerMethodField()
    error = serializers.SerializerMethodField()
    report = serializers.SerializerMethodField()
    follow_up_of = serializers.UUIDField(source="follow_up_of_id", allow_null=True)
    follow_ups = serializers.SerializerMethodField()
    watch_id = serializers.IntegerField(
        allow_null=True, help_text="the watch this job is a run of (null: not a watch run)"
    )
    what_changed = serializers.DictField(
        allow_null=True,
        help_text=(
            "a finished watch run against the report before it: {previous_job_id, previous_finished_at, claims_added, "
            "claims_no_longer_supported, figures_changed: [{claim, previous_claim, changes: [{old, new}], old_sources, "
            "new_sources}], summary}; each claim carries its sources with their dates"
        ),
    )

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
def schema_field(field_class, schema: dict):
    """`field_class` described in the OpenAPI schema by `schema` (what the service accepts)."""
    return extend_schema_field(schema)(type(field_class.__name__, (field_class,), {}))


QUESTION_SCHEMA = {
    "type": "string",
    "maxLength": services.QUESTION_MAX_CHARS,
    "pattern": collapsed_min_length_pattern(services.QUESTION_MIN_CHARS),
    "description": f"{services.QUESTION_MIN_CHARS} to {services.QUESTION_MAX_CHARS} characters "
    "(runs of whitespace count as one space)",
}


class JobCreateApi(ApiView):
    class InputSerializer(serializers.Serializer):
        class BudgetSerializer(serializers.Serializer):
            max_minutes = schema_field(
                StrictFloatField,
                {
                    "type": "number",
                    "minimum": 0,
                    "exclusiveMinimum": True,
                    "maximum": services.MAX_BUDGET_MINUTES,
                    "description": f"0 < minutes <= {services.MAX_BUDGET_MINUTES}",
                },
            )(required=False)
            max_usd = schema_field(
                StrictFloatField,
                {
                    "type": "number",
                    "minimum": services.MIN_BUDGET_USD,
                    "maximum": services.MAX_BUDGET_USD,
                    "description": f"{services.MIN_BUDGET_USD} <= USD <= {services.MAX_BUDGET_USD}",
                },
            )(required=False)
            max_tokens = schema_field(
                StrictIntegerField,
                {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": services.max_budget_tokens(),
                    "description": "token cap (default DEFAULT_BUDGET_TOKENS)",
                },
            )(required=False)

        question = schema_field(StrictCharField, QUESTION_SCHEMA)(trim_whitespace=False)
        depth = serializers.ChoiceField(choices=["quick", "deep"], required=False)
        sources = serializers.ListField(
            child=serializers.ChoiceField(choices=list(services.SOURCES)),
            required=False,
            min_length=1,
            max_length=1,
            help_text="one source: the web or your uploads (research them in separate jobs)",
        )
        budget = BudgetSerializer(required=False)
        require_approval = StrictBooleanField(
            required=False,
            allow_null=True,
            default=None,
            help_text="stop after planning until the plan is approved; default: the user's setting",
        )
        follow_up_of = StrictUUIDField(
            required=False,
            allow_null=True,
            help_text="a finished job of yours that this question follows up (404 when it is not yours)",
        )

    class OutputSerializer(serializers.Serializer):
        job_id = serializers.UUIDField()
        status = serializers.CharField()

    @extend_schema(
        operation_id="research_create",
        description="Start a research job. Answers 202 with its id; follow it with GET /v1/research/{job_id} or its event stream. 404 when follow_up_of is not a job of yours; 409 when it is not finished, or when you ask to research your uploads and have none ready; 429 when you have too many open jobs or today's dollars would pass your limit.",
        request=InputSerializer,
        responses={202: OutputSerializer, **errors(400, 401, 404, 409, 415, 429)},
    )
    def post(self, request):
        data = JobCreateApi.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        job = services.job_create(user=request.user, **data.validated_data)
        return Response(
            JobCreateApi.OutputSerializer({"job_id": job.pk, "status": job.status}).data,
            status=status.HTTP_202_ACCEPTED,
        )


class JobListPagination(PageNumberPagination):
    """Page numbers and sizes as the schema states them: `page` >= 1 (a page past the last is
    404), `page_size` 1..100; anything else is a 400 naming the parameter."""

    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100
    last_page_strings = ()

    def paginate_queryset(self, queryset, request, view=None):
        for name, limit in (("page", None), ("page_size", self.max_page_size)):
            raw = request.query_params.get(name)
            if raw is None:
                continue
            if not raw.isdigit() or int(raw) < 1 or (limit is not None and int(raw) > limit):
                bound = f"1 to {limit}" if limit else "1 or more"
                raise ApplicationError(f"{name} must be a whole number, {bound}", field=name)
        try:
            return super().paginate_queryset(queryset, request, view)
        except NotFound:
            raise ApplicationError("no such page", field="page", status=404) from None

    def get_schema_operation_parameters(self, view):
        return [
            {
                "name": "page",
                "required": False,
                "in": "query",
                "description": "page number (a page past the last is 404)",
                "schema": {"type": "integer", "minimum": 1},
            },
            {
                "name": "page_size",
                "required": False,
                "in": "query",
                "description": "results per page",
                "schema": {"type": "integer", "minimum": 1, "maximum": self.max_page_size},
            },
        ]


class JobListApi(ApiView):
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

    @extend_schema(
        operation_id="research_list",
        description="My jobs, newest first, paginated. A page past the last is 404.",
        responses={200: OutputSerializer(many=True), **errors(400, 401, 404)},
    )
    def get(self, request):
        paginator = JobListPagination()
        page = paginator.paginate_queryset(selectors.job_list_for_user(user=request.user), request, view=self)
        return paginator.get_paginated_response(JobListApi.OutputSerializer(page, many=True).data)


class JobCollectionApi(JobCreateApi, JobListApi):
    """/v1/research: GET lists my jobs (JobListApi), POST starts one (JobCreateApi)."""


class JobDetailApi(ApiView):
    @extend_schema(
        operation_id="research_retrieve",
        description="A job: status, plan (with an estimate of tokens, dollars and minutes), progress, and the report when done. Another user's job is 404.",
        parameters=[JOB_ID],
        responses={200: JobDetailOutputSerializer, **errors(401, 404)},
    )
    def get(self, request, job_id):
        job = selectors.job_get_for_user(user=request.user, job_id=job_id)
        return Response(JobDetailOutputSerializer(job).data)


class JobDeleteApi(ApiView):
    @extend_schema(
        operation_id="research_destroy",
        description="Delete a finished (done, failed or cancelled) job of "
        "mine with its report, notes, claims and events. 409 while "
        "it runs: cancel it first.",
        parameters=[JOB_ID],
        responses={204: None, **errors(401, 404, 409)},
    )
    def delete(self, request, job_id):
        services.job_delete(user=request.user, job_id=job_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class JobResourceApi(JobDetailApi, JobDeleteApi):
    """/v1/research/{job_id}: GET shows the job (JobDetailApi), DELETE removes it (JobDeleteApi)."""


PLAN_TEXT_SCHEMA = {
    "type": "string",
    "pattern": stripped_length_pattern(services.SUBQUESTION_MIN_CHARS, services.SUBQUESTION_MAX_CHARS),
    "description": f"a sub-question of {services.SUBQUESTION_MIN_CHARS} to {services.SUBQUESTION_MAX_CHARS} characters",
}


PLAN_ITEM_SCHEMA = {
    "oneOf": [
        PLAN_TEXT_SCHEMA,
        {
            "type": "object",
            "properties": {"text": PLAN_TEXT_SCHEMA, "section": {"type": "string", "pattern": NUL_FREE_PATTERN}},
            "required": ["text"],
        },
    ]
}


@extend_schema_field(PLAN_ITEM_SCHEMA)
class PlanItemField(serializers.JSONField):
    pass


# What the plan endpoint accepts, as a schema: {"approve": true}, or {"edited_plan": [...]}.
PLAN_APPROVE_REQUEST_SCHEMA = {
    "type": "object",
    "properties": {
        "approve": {"type": "boolean", "description": "true: start research with the plan as it is"},
        "edited_plan": {
            "type": "array",
            "items": PLAN_ITEM_SCHEMA,
            "minItems": services.EDITED_PLAN_MIN,
            "maxItems": services.EDITED_PLAN_MAX,
            "description": f"{services.EDITED_PLAN_MIN} to {services.EDITED_PLAN_MAX} sub-questions "
            "(strings, or {text, section}); replaces the plan and starts research",
        },
    },
    "anyOf": [{"required": ["approve"], "properties": {"approve": {"enum": [True]}}}, {"required": ["edited_plan"]}],
}


class PlanApproveApi(ApiView):
    request_body_required = True  # jobs/schema.py: a raw request schema is optional by default

    class InputSerializer(serializers.Serializer):
        approve = StrictBooleanField(required=False, help_text="true: start research with the plan as it is")
        edited_plan = serializers.ListField(
            child=PlanItemField(),
            required=False,
            allow_empty=True,
            help_text=f"{services.EDITED_PLAN_MIN} to {services.EDITED_PLAN_MAX} sub-questions "
            "(strings, or {text, section}); replaces the plan and starts research",
        )

        def validate(self, attrs):
            if "edited_plan" not in attrs and attrs.get("approve") is not True:
                raise serializers.ValidationError({"approve": 'send {"approve": true} or {"edited_plan": [...]}'})
            return attrs

    @extend_schema(
        operation_id="research_plan_approve",
        description="Approve the plan of a job awaiting approval, or replace it with an edited plan (1 to 8 sub-questions); research starts. 409 when the plan is not awaiting approval.",
        parameters=[JOB_ID],
        request={"application/json": PLAN_APPROVE_REQUEST_SCHEMA},
        responses={202: JobDetailOutputSerializer, **errors(400, 401, 404, 409, 415)},
    )
    def post(self, request, job_id):
        job = selectors.job_get_for_user(user=request.user, job_id=job_id)
        data = PlanApproveApi.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        job = services.plan_approve(job=job, edited_plan=data.validated_data.get("edited_plan"))
        return Response(JobDetailOutputSerializer(job).data, status=status.HTTP_202_ACCEPTED)


class JobCancelApi(ApiView):
    class OutputSerializer(serializers.Serializer):
        job_id = serializers.UUIDField(source="pk")
        status = serializers.CharField()
        stopped_reason = serializers.CharField()

    @extend_schema(
        operation_id="research_cancel",
        description="Cancel a job: no new step starts, what is done is kept. 409 when the job already ended.",
        parameters=[JOB_ID],
        request=None,
        responses={200: OutputSerializer, **errors(401, 404, 409)},
    )
    def post(self, request, job_id):
        job = selectors.job_get_for_user(user=request.user, job_id=job_id)
        job = services.job_cancel(job=job)
        return Response(JobCancelApi.OutputSerializer(job).data)


# --- events (server-sent) ---------------------------------------------------------------------
SSE_SCHEMA = {
    "type": "string",
    "description": "text/event-stream (not JSON): blocks of `event: <type>`, `id: <event id>` and `data: <JSON "
    "object>` lines separated by blank lines; types: "
    + ", ".join(events.EVENT_TYPES)
    + " (and the stream's own stream-open, keep-alive, stream-reset, stream-error)",
}


class JobEventsApi(ApiView):
    """The stream itself is django-eventstream's response; DRF only renders this view's errors,
    always as JSON (whatever the Accept header asks for, e.g. `text/event-stream`)."""

    renderer_classes = [JSONRenderer]

    def perform_content_negotiation(self, request, force=False):
        return JSONRenderer(), JSONRenderer.media_type

    @extend_schema(
        operation_id="research_events",
        description="Server-sent events of one job, owner only, stored for replay: "
        + ", ".join(events.EVENT_TYPES)
        + ". Each event has an id; reconnect with Last-Event-ID to get what you missed, in order. The channel and reader come from the URL and your login: es-meta, channel and channels are refused (400). Errors are JSON.",
        parameters=[
            JOB_ID,
            OpenApiParameter(
                "Last-Event-ID",
                str,
                OpenApiParameter.HEADER,
                required=False,
                description="resume after this event id (as sent in each event's `id:`); "
                "without it every stored event of the job is sent first",
            ),
            OpenApiParameter("lastEventId", str, required=False, description="the same, as a query parameter"),
        ],
        responses={
            (200, "text/event-stream"): OpenApiResponse(
                SSE_SCHEMA, description="the job's events as server-sent events"
            ),
            **errors(400, 401, 404),
        },
    )
    def get(self, request, job_id):
        job = selectors.job_get_for_user(user=request.user, job_id=job_id)
        return events.stream_response(request._request, job_id=job.pk, user=request.user)


# --- notes ----------------------------------------------------------------------------------
class NoteDetailApi(ApiView):
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

    @extend_schema(
        operation_id="notes_retrieve",
        description="A note of one of my jobs: its claim, the exact quote and the text around it in the stored page, and its source.",
        parameters=[OpenApiParameter("note_id", int, OpenApiParameter.PATH)],
        responses={200: OutputSerializer, **errors(401, 404)},
    )
    def get(self, request, note_id):
        note = selectors.note_get_for_user(user=request.user, note_id=note_id)
        return Response(NoteDetailApi.OutputSerializer(selectors.note_in_context(note=note)).data)


# --- uploads ----------------------------------------------------------------------------------
UPLOAD_ID = OpenApiParameter("upload_id", int, OpenApiParameter.PATH)


class UploadOutputSerializer(serializers.Serializer):
    upload_id = serializers.IntegerField(source="pk")
    filename = serializers.CharField()
    content_type = serializers.CharField()
    size_bytes = serializers.IntegerField()
    status = serializers.ChoiceField(
        choices=["processing", "ready", "rejected"],
        help_text="processing until a worker has read it; then ready (searchable) or rejected",
    )
    reason = serializers.SerializerMethodField(help_text="why it was rejected")
    title = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    processed_at = serializers.DateTimeField(allow_null=True)

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_reason(self, doc):
        return doc.reason or None


class UploadCreateApi(ApiView):
    parser_classes = [MultiPartParser, FormParser]

    class InputSerializer(serializers.Serializer):
        file = schema_field(serializers.FileField, {"type": "string", "format": "binary", "minLength": 1})()

    @extend_schema(
        operation_id="uploads_create",
        description="Upload a private document (PDF, HTML, Markdown, text or DOCX, by its part's content type or "
        'its file name\'s extension) for research with sources=["uploads"]. Answers at once with '
        "status processing; a worker reads it under limits (expanded size, pages, text length) and "
        "marks it ready or rejected with the reason: follow it with GET /v1/uploads/{upload_id}.",
        request={
            "multipart/form-data": OpenApiRequest(
                InputSerializer, encoding={"file": {"contentType": ", ".join(uploads.UPLOAD_TYPES)}}
            )
        },
        responses={202: UploadOutputSerializer, **errors(400, 401, 413, 415)},
    )
    def post(self, request):
        data = UploadCreateApi.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        f = data.validated_data["file"]
        if f.size > settings.UPLOAD_MAX_BYTES:
            raise ApplicationError(
                f"the file is {f.size} bytes; the limit is {settings.UPLOAD_MAX_BYTES} bytes", field="file", status=413
            )
        try:
            upload = uploads.upload_create(
                user=request.user,
                filename=f.name,
                content=f.read(),
                content_type=f.content_type or "application/octet-stream",
            )
        except ApplicationError as exc:
            if exc.field in ("content", "content_type", "filename"):
                exc.field = "file"  # the API has one input: the file part (its bytes, type and name)
            raise
        return Response(UploadOutputSerializer(upload).data, status=status.HTTP_202_ACCEPTED)


class UploadListApi(ApiView):
    pagination_class = JobListPagination

    @extend_schema(
        operation_id="uploads_list",
        description="My uploads, newest first, with their status and, when rejected, why.",
        responses={200: UploadOutputSerializer(many=True), **errors(400, 401, 404)},
    )
    def get(self, request):
        paginator = JobListPagination()
        page = paginator.paginate_queryset(uploads.upload_list_for_user(user=request.user), request, view=self)
        return paginator.get_paginated_response(UploadOutputSerializer(page, many=True).data)


class UploadCollectionApi(UploadCreateApi, UploadListApi):
    """/v1/uploads: GET lists my uploads (UploadListApi), POST adds one (UploadCreateApi)."""


class UploadDetailApi(ApiView):
    @extend_schema(
        operation_id="uploads_retrieve",
        description="One of my uploads: its status and, when rejected, why. Another user's upload is 404.",
        parameters=[UPLOAD_ID],
        responses={200: UploadOutputSerializer, **errors(401, 404)},
    )
    def get(self, request, upload_id):
        return Response(
            UploadOutputSerializer(uploads.upload_get_for_user(user=request.user, upload_id=upload_id)).data
        )


class UploadDeleteApi(ApiView):
    @extend_schema(
        operation_id="uploads_destroy",
        description="Delete one of my uploads with its passages, embeddings, "
        "index entry and stored bytes. Reports that cited it keep "
        "their quotes.",
        parameters=[UPLOAD_ID],
        responses={204: None, **errors(401, 404)},
    )
    def delete(self, request, upload_id):
        uploads.upload_delete(user=request.user, upload_id=upload_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class UploadResourceApi(UploadDetailApi, UploadDeleteApi):
    """/v1/uploads/{upload_id}: GET shows it (UploadDetailApi), DELETE removes it (UploadDeleteApi)."""


# --- online signals -----------------------------------------------------------------------------
class CitationClickCreateApi(ApiView):
    class InputSerializer(serializers.Serializer):
        note_id = StrictIntegerField()

    @extend_schema(
        operation_id="research_citation_click",
        description="Record that a citation of my report was opened (the report page calls this).",
        parameters=[JOB_ID],
        request=InputSerializer,
        responses={204: None, **errors(400, 401, 404, 415)},
    )
    def post(self, request, job_id):
        job = selectors.job_get_for_user(user=request.user, job_id=job_id)
        data = CitationClickCreateApi.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        online.citation_click_record(user=request.user, job=job, note_id=data.validated_data["note_id"])
        return Response(status=status.HTTP_204_NO_CONTENT)


class ReportFeedbackApi(ApiView):
    class InputSerializer(serializers.Serializer):
        rating = serializers.ChoiceField(choices=sorted(online.RATINGS))
        comment = StrictCharField(
            required=False, allow_blank=True, max_length=online.COMMENT_MAX_CHARS, trim_whitespace=False
        )

    class OutputSerializer(serializers.Serializer):
        rating = serializers.SerializerMethodField()
        comment = serializers.CharField()
        updated_at = serializers.DateTimeField()

        def get_rating(self, row) -> str:
            return "up" if row.rating > 0 else "down"

    @extend_schema(
        operation_id="research_feedback",
        description="Thumbs up or down, with an optional comment, on my finished report (a second vote replaces the first).",
        parameters=[JOB_ID],
        request=InputSerializer,
        responses={200: OutputSerializer, **errors(400, 401, 404, 409, 415)},
    )
    def post(self, request, job_id):
        job = selectors.job_get_for_user(user=request.user, job_id=job_id)
        data = ReportFeedbackApi.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        row = online.report_feedback_set(user=request.user, job=job, **data.validated_data)
        return Response(ReportFeedbackApi.OutputSerializer(row).data)


# --- user settings -----------------------------------------------------------------------------
class UserSettingsSerializer(serializers.Serializer):
    require_approval = StrictBooleanField(help_text="new jobs wait for plan approval unless the request says otherwise")


class UserSettingsDetailApi(ApiView):
    @extend_schema(
        operation_id="settings_retrieve",
        description="My defaults for new jobs.",
        responses={200: UserSettingsSerializer, **errors(401)},
    )
    def get(self, request):
        return Response(UserSettingsSerializer(services.user_settings_get(user=request.user)).data)


class UserSettingsUpdateApi(ApiView):
    @extend_schema(
        operation_id="settings_update",
        description="Replace my defaults for new jobs.",
        request=UserSettingsSerializer,
        responses={200: UserSettingsSerializer, **errors(400, 401, 415)},
    )
    def put(self, request):
        data = UserSettingsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        row = services.user_settings_update(user=request.user, **data.validated_data)
        return Response(UserSettingsSerializer(row).data)


class UserSettingsApi(UserSettingsDetailApi, UserSettingsUpdateApi):
    """/v1/settings: GET reads (UserSettingsDetailApi), PUT replaces (UserSettingsUpdateApi)."""


# --- webhooks -------------------------------------------------------------------------------------
class WebhookOutputSerializer(serializers.Serializer):
    webhook_id = serializers.IntegerField(source="pk")
    url = serializers.CharField()
    events = serializers.ListField(child=serializers.CharField())
    description = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()


WEBHOOK_URL_PATTERN = r"^https?://[^\s\x00]+$"


class WebhookCreateApi(ApiView):
    class InputSerializer(serializers.Serializer):
        url = schema_field(
            StrictCharField,
            {
                "type": "string",
                "maxLength": webhooks.URL_MAX_CHARS,
                "pattern": WEBHOOK_URL_PATTERN,
                "description": "http(s); a host that resolves to a private, loopback or link-local address is refused (400)",
            },
        )(
            max_length=webhooks.URL_MAX_CHARS,
            validators=[RegexValidator(WEBHOOK_URL_PATTERN, "Must be an http(s) URL.")],
        )
        events = serializers.ListField(
            child=serializers.ChoiceField(choices=list(webhooks.EVENTS)),
            required=False,
            min_length=1,
            help_text="default: all of " + ", ".join(webhooks.EVENTS),
        )
        description = StrictCharField(required=False, allow_blank=True, max_length=200)

    class OutputSerializer(WebhookOutputSerializer):
        secret = serializers.CharField(
            help_text="whsec_...: verify each delivery's webhook-signature with it (shown only here)"
        )

    @extend_schema(
        operation_id="webhooks_create",
        description="Register a URL for signed deliveries (Standard Webhooks) "
        "of my jobs' events. The answer holds the signing secret, shown only once. 409 past 10 webhooks.",
        request=InputSerializer,
        responses={201: OutputSerializer, **errors(400, 401, 409, 415)},
    )
    def post(self, request):
        data = WebhookCreateApi.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        endpoint = webhooks.webhook_create(user=request.user, **data.validated_data)
        return Response(WebhookCreateApi.OutputSerializer(endpoint).data, status=status.HTTP_201_CREATED)


class WebhookListApi(ApiView):
    @extend_schema(
        operation_id="webhooks_list",
        description="My webhooks (without their secrets).",
        responses={200: WebhookOutputSerializer(many=True), **errors(401)},
    )
    def get(self, request):
        return Response(WebhookOutputSerializer(webhooks.webhook_list_for_user(user=request.user), many=True).data)


class WebhookCollectionApi(WebhookCreateApi, WebhookListApi):
    """/v1/webhooks: GET lists (WebhookListApi), POST registers (WebhookCreateApi)."""


class WebhookDeleteApi(ApiView):
    @extend_schema(
        operation_id="webhooks_destroy",
        description="Delete one of my webhooks with its delivery log.",
        parameters=[OpenApiParameter("webhook_id", int, OpenApiParameter.PATH)],
        responses={204: None, **errors(401, 404)},
    )
    def delete(self, request, webhook_id):
        webhooks.webhook_delete(user=request.user, webhook_id=webhook_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


# --- watched questions ----------------------------------------------------------------------------
class WatchOutputSerializer(serializers.Serializer):
    watch_id = serializers.IntegerField(source="pk")
    origin_job_id = serializers.UUIDField(source="origin_id", allow_null=True)
    question = serializers.CharField()
    schedule = serializers.CharField()
    max_usd = serializers.SerializerMethodField()
    max_tokens = serializers.IntegerField(source="budget_tokens")
    next_run_at = serializers.DateTimeField()
    last_run_at = serializers.DateTimeField(allow_null=True)
    last_error = serializers.CharField(
        allow_blank=True, help_text="why the last due run did not start, e.g. the daily limit"
    )
    runs = serializers.SerializerMethodField()

    def get_max_usd(self, watch) -> float:
        return watch.budget_usd_micros / 1e6

    @extend_schema_field(serializers.ListField(child=serializers.UUIDField()))
    def get_runs(self, watch):
        return [str(pk) for pk in watch.runs.order_by("created_at").values_list("pk", flat=True)]


class WatchCreateApi(ApiView):
    class InputSerializer(serializers.Serializer):
        class BudgetSerializer(serializers.Serializer):
            max_usd = schema_field(
                StrictFloatField,
                {
                    "type": "number",
                    "minimum": services.MIN_BUDGET_USD,
                    "maximum": services.MAX_BUDGET_USD,
                    "description": f"{services.MIN_BUDGET_USD} <= USD <= {services.MAX_BUDGET_USD} per run",
                },
            )(required=False)
            max_tokens = schema_field(
                StrictIntegerField,
                {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": services.max_budget_tokens(),
                    "description": "token cap per run",
                },
            )(required=False)

        schedule = serializers.ChoiceField(choices=["daily", "weekly"])
        budget = BudgetSerializer(
            required=False,
            help_text="each run's caps (default: the watched job's); runs count against your daily dollars",
        )

    @extend_schema(
        operation_id="research_watch",
        description="Research this finished report's question again daily or "
        "weekly; each run's report says what changed against the one before it (what_changed). 409 when "
        "the job is not done.",
        parameters=[JOB_ID],
        request=InputSerializer,
        responses={201: WatchOutputSerializer, **errors(400, 401, 404, 409, 415)},
    )
    def post(self, request, job_id):
        data = WatchCreateApi.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        watch = watches.watch_create(user=request.user, job_id=job_id, **data.validated_data)
        return Response(WatchOutputSerializer(watch).data, status=status.HTTP_201_CREATED)


class WatchListApi(ApiView):
    @extend_schema(
        operation_id="watches_list",
        description="My watched questions.",
        responses={200: WatchOutputSerializer(many=True), **errors(401)},
    )
    def get(self, request):
        return Response(WatchOutputSerializer(watches.watch_list_for_user(user=request.user), many=True).data)


class WatchDeleteApi(ApiView):
    @extend_schema(
        operation_id="watches_destroy",
        description="Stop watching (the runs stay).",
        parameters=[OpenApiParameter("watch_id", int, OpenApiParameter.PATH)],
        responses={204: None, **errors(401, 404)},
    )
    def delete(self, request, watch_id):
        watches.watch_delete(user=request.user, watch_id=watch_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
