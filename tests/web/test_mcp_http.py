"""The MCP server over Streamable HTTP at /mcp of the ASGI app (uvicorn), driven by the official
MCP client SDK with API tokens: alice's job follows with progress notifications and ends with a
report; bob's token cannot see it; a bad or missing token is refused before any tool runs."""

import asyncio
import uuid

import httpx
import pytest
from mcp import MCPError
from rest_framework.authtoken.models import Token

from jobs.models import Job
from tests.factories import UserFactory
from tests.mcp_clients import error_body, http_session, payload

pytestmark = [pytest.mark.worker, pytest.mark.postgres]

QUESTION = "Which battery suppliers does Kestrel Automotive use?"


def user_with_token(name: str):
    user = UserFactory(username=f"{name}-{uuid.uuid4().hex[:8]}")
    return user, Token.objects.create(user=user).key


@pytest.fixture(scope="module")
def http_run(live_web, live_worker, live_db, django_db_blocker):
    with django_db_blocker.unblock():
        alice, alice_token = user_with_token("alice")
        bob, bob_token = user_with_token("bob")
    progress = []

    async def on_progress(value, total, message):
        progress.append((value, message))

    async def run():
        async with http_session(live_web.url, alice_token) as session:
            status = payload(
                await session.call_tool(
                    "start_research",
                    {"question": QUESTION, "depth": "quick", "wait_seconds": 240},
                    progress_callback=on_progress,
                    read_timeout_seconds=300,
                )
            )
            report = payload(await session.call_tool("get_report", {"job_id": status["job_id"], "format": "json"}))
            again = payload(await session.call_tool("research_status", {"job_id": status["job_id"], "wait_seconds": 5}))
        async with http_session(live_web.url, bob_token) as session:
            bob_sees = (
                await session.call_tool("research_status", {"job_id": status["job_id"]}),
                await session.call_tool("get_report", {"job_id": status["job_id"]}),
                payload(await session.call_tool("list_my_jobs", {})),
            )
        return status, report, again, bob_sees

    with django_db_blocker.unblock():
        status, report, again, bob_sees = asyncio.run(run())
    return {
        "status": status,
        "report": report,
        "again": again,
        "bob_sees": bob_sees,
        "progress": progress,
        "alice": alice,
        "bob": bob,
    }


def test_alices_job_runs_to_done_with_progress_notifications_over_http(http_run, live):
    assert http_run["status"]["status"] == "done", http_run["status"]
    messages = [m for _, m in http_run["progress"]]
    assert messages[0].startswith("plan_ready:") and messages[-1].startswith("done")
    assert Job.objects.get(pk=http_run["status"]["job_id"]).user_id == http_run["alice"].pk
    assert http_run["report"]["report"]["sections"]
    assert http_run["again"]["status"] == "done"  # a wait on an ended job returns at once


def test_bobs_token_cannot_see_alices_job(http_run):
    status, report, listed = http_run["bob_sees"]
    assert error_body(status) == {"error": "no such job", "field": "job_id", "status": 404}
    assert error_body(report)["status"] == 404
    assert listed == {"jobs": []}


@pytest.mark.parametrize("authorization", [None, "Bearer not-a-token", "Basic YWxpY2U6cHc="])
def test_a_missing_or_bad_token_is_refused_before_any_tool_runs(live_web, authorization):
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    if authorization:
        headers["Authorization"] = authorization
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "list_my_jobs", "arguments": {}}}
    response = httpx.post(f"{live_web.url}/mcp", json=body, headers=headers, timeout=10)
    assert response.status_code == 401
    assert response.json()["error"] in ("invalid token", "send your API token as 'Authorization: Bearer <token>'")


def test_the_sdk_client_with_a_bad_token_cannot_connect(live_web):
    async def run():
        async with http_session(live_web.url, "not-a-token") as session:
            await session.call_tool("list_my_jobs", {})

    with pytest.raises(BaseExceptionGroup) as info:  # the SDK's task groups wrap the refusal
        asyncio.run(run())
    assert info.group_contains(MCPError)
