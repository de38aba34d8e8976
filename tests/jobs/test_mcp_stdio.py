"""The MCP server over stdio (`manage.py mcp --user alice --spawn-worker`), driven by the
official MCP client SDK: a job started with a wait reports its progress as MCP progress
notifications and ends with a report whose citations resolve through get_note; another user's
stdio server cannot see the job."""

import asyncio
import uuid

import pytest

from jobs.models import Job
from tests.mcp_clients import error_body, payload, stdio_session

pytestmark = [pytest.mark.worker, pytest.mark.postgres]

QUESTION = "Which battery suppliers does Voltara Motors use?"


@pytest.fixture(scope="module")
def stdio_run(live_db, django_db_blocker):
    """One stdio session of alice with its own worker: the tools list, a quick job followed to
    its end with progress, its report in both formats, one note and the job list."""
    alice = f"alice-{uuid.uuid4().hex[:8]}"
    progress = []

    async def on_progress(value, total, message):
        progress.append((value, message))

    async def run():
        async with stdio_session(alice, spawn_worker=True) as session:
            tools = await session.list_tools()
            status = payload(
                await session.call_tool(
                    "start_research",
                    {"question": QUESTION, "depth": "quick", "wait_seconds": 240},
                    progress_callback=on_progress,
                    read_timeout_seconds=300,
                )
            )
            markdown = payload(
                await session.call_tool("get_report", {"job_id": status["job_id"], "format": "markdown"})
            )
            report = payload(await session.call_tool("get_report", {"job_id": status["job_id"], "format": "json"}))
            cited = [i for s in report["report"]["sections"] for sent in s["sentences"] for i in sent["citations"]]
            note = payload(await session.call_tool("get_note", {"note_id": cited[0]})) if cited else None
            listed = payload(await session.call_tool("list_my_jobs", {}))
            bad_depth = await session.call_tool("start_research", {"question": QUESTION, "depth": "forever"})
            short = await session.call_tool("start_research", {"question": "short"})
            return {
                "tools": tools,
                "status": status,
                "markdown": markdown,
                "report": report,
                "note": note,
                "cited": cited,
                "listed": listed,
                "bad_depth": bad_depth,
                "short": short,
            }

    with django_db_blocker.unblock():
        out = asyncio.run(run())
    out["progress"] = progress
    out["alice"] = alice
    return out


def test_it_lists_the_five_research_tools(stdio_run):
    names = {t.name for t in stdio_run["tools"].tools}
    assert {"start_research", "research_status", "get_report", "get_note", "list_my_jobs"} <= names


def test_a_waited_job_ends_done_and_its_progress_arrives_as_notifications(stdio_run):
    assert stdio_run["status"]["status"] == "done", stdio_run["status"]
    assert stdio_run["status"]["report_ready"] is True
    values = [v for v, _ in stdio_run["progress"]]
    assert values == sorted(values) and len(values) >= 5
    messages = [m for _, m in stdio_run["progress"]]
    assert messages[0].startswith("plan_ready: plan:")
    assert any(m.startswith("source_read:") for m in messages)
    assert messages[-1].startswith("done")


def test_the_report_comes_in_markdown_and_json_and_its_citations_resolve(stdio_run, live):
    assert stdio_run["markdown"]["markdown"].startswith(f"# {QUESTION}")
    assert "## Sources" in stdio_run["markdown"]["markdown"]
    assert stdio_run["report"]["report"] == Job.objects.get(pk=stdio_run["status"]["job_id"]).report
    note = stdio_run["note"]
    assert note["note_id"] == stdio_run["cited"][0] and note["quote_found"] is True
    assert note["quote"] and note["source"]["url"].startswith("http")


def test_list_my_jobs_shows_the_job(stdio_run):
    assert [j["job_id"] for j in stdio_run["listed"]["jobs"]] == [stdio_run["status"]["job_id"]]


def test_bad_input_is_the_apis_400_naming_the_field(stdio_run, live):
    assert error_body(stdio_run["bad_depth"])["field"] == "depth"
    body = error_body(stdio_run["short"])
    assert body["field"] == "question" and body["status"] == 400
    assert Job.objects.filter(user__username=stdio_run["alice"]).count() == 1  # nothing else was stored


def test_bob_cannot_see_alices_job_or_note(stdio_run, live_db, django_db_blocker):
    job_id = stdio_run["status"]["job_id"]

    async def run():
        async with stdio_session(f"bob-{uuid.uuid4().hex[:8]}") as session:
            return (
                await session.call_tool("research_status", {"job_id": job_id}),
                await session.call_tool("get_report", {"job_id": job_id}),
                await session.call_tool("get_note", {"note_id": stdio_run["cited"][0]}),
                payload(await session.call_tool("list_my_jobs", {})),
            )

    with django_db_blocker.unblock():
        status, report, note, listed = asyncio.run(run())
    assert error_body(status) == {"error": "no such job", "field": "job_id", "status": 404}
    assert error_body(report)["status"] == 404
    assert error_body(note) == {"error": "no such note", "field": "note_id", "status": 404}
    assert listed == {"jobs": []}
