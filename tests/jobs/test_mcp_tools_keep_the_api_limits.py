"""The MCP tools keep the API's per-user limits (checked in-process with the SDK's own client):
today's dollars (429, nothing stored), the request throttle on the API's counters, and bad
arguments answered like the API (400 naming the field)."""

import asyncio
import uuid

import pytest
from mcp import Client

from jobs.mcp_server import build_server
from jobs.models import Job
from tests.factories import UserFactory
from tests.mcp_clients import error_body

pytestmark = pytest.mark.postgres


def call(user_id: int, *calls):
    async def run():
        async with Client(build_server(user_id=user_id)) as client:
            return [await client.call_tool(name, args) for name, args in calls]

    return asyncio.run(run())


def test_a_job_past_the_daily_dollars_is_a_429_and_nothing_is_stored(live, settings):
    settings.MAX_DAILY_USD_PER_USER = 0.5
    alice = UserFactory(username=f"alice-{uuid.uuid4().hex[:8]}")
    (result,) = call(
        alice.pk,
        ("start_research", {"question": "Which battery suppliers does Voltara use?", "budget": {"max_usd": 1.0}}),
    )
    body = error_body(result)
    assert body["status"] == 429 and body["field"] == "budget.max_usd" and body["limit"] == "daily_usd"
    assert not Job.objects.filter(user=alice).exists()


def test_tool_calls_count_on_the_apis_throttle(live, settings):
    from django.core.cache import cache

    settings.API_USER_THROTTLE_RATE = "2/min"
    alice = UserFactory(username=f"alice-{uuid.uuid4().hex[:8]}")
    cache.delete(f"throttle_user_{alice.pk}")
    first, second, third = call(alice.pk, *[("list_my_jobs", {})] * 3)
    assert not first.is_error and not second.is_error
    body = error_body(third)
    assert body["status"] == 429 and body["retry_after_seconds"] > 0


def test_bad_arguments_are_400s_naming_the_field(live):
    alice = UserFactory(username=f"alice-{uuid.uuid4().hex[:8]}")
    budget, fmt, limit = call(
        alice.pk,
        ("start_research", {"question": "Which battery suppliers does Voltara use?", "budget": {"max_minutes": 0}}),
        ("get_report", {"job_id": str(uuid.uuid4()), "format": "pdf"}),
        ("list_my_jobs", {"limit": 0}),
    )
    assert error_body(budget)["field"] == "budget.max_minutes"
    assert error_body(fmt) == {"error": "format must be one of ['markdown', 'json']", "field": "format", "status": 400}
    assert error_body(limit)["field"] == "limit"
    assert not Job.objects.filter(user=alice).exists()
