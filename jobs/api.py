"""REST API of the design: one class per operation; each validates, calls one service or
selector, and serialises the result. ApplicationError becomes a 4xx JSON body naming the field."""
from __future__ import annotations

from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView, exception_handler as drf_exception_handler

from jobs import selectors, services
from jobs.errors import ApplicationError


def exception_handler(exc, context):
    if isinstance(exc, ApplicationError):
        body = {"error": exc.message}
        if exc.field:
            body["field"] = exc.field
        body.update(exc.extra)
        return Response(body, status=exc.status)
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(exc, serializers.ValidationError) and isinstance(response.data, dict):
        field = next(iter(response.data), None)
        detail = response.data[field] if field else response.data
        message = detail[0] if isinstance(detail, list) and detail else detail
        response.data = {"error": str(message), "field": field, "errors": response.data}
    return response


class BudgetSerializer(serializers.Serializer):
    max_minutes = serializers.FloatField(required=False)
    max_usd = serializers.FloatField(required=False)
    max_tokens = serializers.IntegerField(required=False)


class JobCreateApi(APIView):
    class InputSerializer(serializers.Serializer):
        question = serializers.CharField(trim_whitespace=True, allow_blank=True)
        depth = serializers.CharField(required=False)
        sources = serializers.ListField(child=serializers.CharField(), required=False)
        budget = serializers.DictField(required=False)
        require_approval = serializers.BooleanField(required=False, default=False)

    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        job = services.job_create(user=request.user, **data.validated_data)
        return Response({"job_id": str(job.pk), "status": job.status}, status=status.HTTP_202_ACCEPTED)


class JobDetailApi(APIView):
    def get(self, request, job_id):
        job = selectors.job_get_for_user(user=request.user, job_id=job_id)
        body = {
            "job_id": str(job.pk), "question": job.question, "status": job.status, "depth": job.depth,
            "plan": selectors.job_plan(job=job), "progress": selectors.job_progress(job=job),
            "stopped_reason": job.stopped_reason or None, "error": job.error or None,
        }
        if job.report is not None:
            body["report"] = job.report
        return Response(body)
