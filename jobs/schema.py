"""OpenAPI naming for nested serializers: every API class names its own InputSerializer and
OutputSerializer, so components are named after the qualified class
(`JobCreateApi.InputSerializer` -> `JobCreateInput`) instead of colliding as `Input`."""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema


class ResearchAutoSchema(AutoSchema):
    """Also: a view with `request_body_required = True` marks its request body required (a
    request given as a raw schema is optional to drf-spectacular, while the API refuses an
    empty body)."""

    def _get_request_body(self, direction="request"):
        body = super()._get_request_body(direction)
        if body is not None and getattr(self.view, "request_body_required", False):
            body["required"] = True
        return body

    def get_serializer_name(self, serializer, direction):
        qualname = type(serializer).__qualname__
        if "." not in qualname:
            return super().get_serializer_name(serializer, direction)
        parts = [p.removesuffix("Api").removesuffix("Serializer") for p in qualname.split(".")]
        return "".join(parts)
