"""Error answers shared by the API and Django's error views.

Under /v1 every error is JSON `{error, field}`: Django's own 400/403/404/500 views (an unknown
path, a failure outside DRF) answer JSON there and keep their HTML pages elsewhere. An outage
of PostgreSQL or Redis is a 503 with `retry_after_seconds` and a Retry-After header, not a 500:
the request was fine, the service will be back.
"""

from __future__ import annotations

import logging
import sys

import redis
from django.db import InterfaceError, OperationalError
from django.http import JsonResponse
from django.views import defaults

logger = logging.getLogger(__name__)

API_PREFIX = "/v1"
# Errors that mean a store is unreachable (down, restarting, out of connections), not a bug.
OUTAGE_ERRORS = (OperationalError, InterfaceError, redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)
# What a client is told to wait: PostgreSQL and Redis restarts measured 5-30 s; a client that
# comes back after 5 s and is told again loses little and never hammers a recovering store.
OUTAGE_RETRY_AFTER_SECONDS = 5


def is_api_request(request) -> bool:
    return request.path == API_PREFIX or request.path.startswith(API_PREFIX + "/")


def json_error(message: str, *, status: int, field: str | None = None, extra: dict | None = None) -> JsonResponse:
    return JsonResponse({"error": message, "field": field, **(extra or {})}, status=status)


def is_outage(exc: BaseException | None) -> bool:
    return isinstance(exc, OUTAGE_ERRORS)


def outage_body(exc: BaseException) -> tuple[dict, dict]:
    """(JSON body, headers) of the 503 for an outage error. Logs one warning line naming it."""
    store = (
        "Redis"
        if isinstance(exc, (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError))
        else "the database"
    )
    logger.warning("answering 503: %s is unreachable (%s: %s)", store, type(exc).__name__, str(exc)[:200])
    body = {
        "error": f"the service is briefly unavailable ({store} cannot be reached); try again shortly",
        "field": None,
        "retry_after_seconds": OUTAGE_RETRY_AFTER_SECONDS,
    }
    return body, {"Retry-After": str(OUTAGE_RETRY_AFTER_SECONDS)}


def outage_response(exc: BaseException) -> JsonResponse:
    body, headers = outage_body(exc)
    response = JsonResponse(body, status=503)
    for name, value in headers.items():
        response[name] = value
    return response


# --- Django's error views (research_project/urls.py names them) -------------------------------
def bad_request(request, exception):
    if is_api_request(request):
        return json_error("bad request: the request could not be read", status=400)
    return defaults.bad_request(request, exception)


def permission_denied(request, exception):
    if is_api_request(request):
        return json_error("forbidden", status=403)
    return defaults.permission_denied(request, exception)


def page_not_found(request, exception):
    if is_api_request(request):
        return json_error("no such API path", status=404)
    return defaults.page_not_found(request, exception)


def server_error(request):
    """Called by Django inside its exception handling, so sys.exc_info() is the failure."""
    exc = sys.exc_info()[1]
    if is_outage(exc):
        return outage_response(exc) if is_api_request(request) else _outage_page(exc)
    if is_api_request(request):
        return json_error("internal error: the failure was logged", status=500)
    return defaults.server_error(request)


def _outage_page(exc):
    from django.http import HttpResponse

    body, headers = outage_body(exc)
    response = HttpResponse(f"<h1>Briefly unavailable</h1><p>{body['error']}.</p>", status=503)
    response["Retry-After"] = headers["Retry-After"]
    return response
