"""The MCP server: the research API as Model Context Protocol tools, for agents and desktop
clients. Two transports share one tool set:

- stdio (`python manage.py mcp --user alice`): the user is fixed by the operator who starts it;
- Streamable HTTP at /mcp in the ASGI app (research_project/asgi.py): every request carries an
  API token (`Authorization: Bearer <token>` or `Token <token>`), checked before the MCP SDK
  sees the request; a missing or unknown token is a 401 JSON body.

Every tool calls the same serializers, services and selectors as the REST API (jobs/api.py),
so ownership (another user's job or note is "no such job"), the per-user limits (open jobs,
daily dollars) and the error texts are the API's. An ApplicationError reaches the client as a
tool error whose text is the API's JSON body plus its HTTP status.

Progress: `start_research` and `research_status` take `wait_seconds`; while they wait, each
event of the job (plan ready, searches, pages read, sections drafted, ...) is sent as an MCP
progress notification (progress = the event's id, message = the CLI's line for it) to a client
that asked for progress, and the call returns when the job ends, awaits approval, or the wait
is over.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.transport_security import TransportSecuritySettings
from rest_framework import serializers

from jobs import api, events, report_markdown, selectors, services
from jobs.models import Job
from jobs.runtime.errors import ApplicationError

SERVER_NAME = "deep-research"
# The longest one tool call follows a job: long enough for a quick job on a laptop, short enough
# that a client's own request timeout (often 5-10 minutes) does not cut the call first.
MAX_WAIT_SECONDS = 300
# How often a waiting call looks for new events (the CLI polls at the same rate).
POLL_SECONDS = 0.5
LIST_LIMIT_MAX = 100
REPORT_FORMATS = ("markdown", "json")
# The request scope key under which the HTTP transport's token check leaves the user's id.
SCOPE_USER_KEY = "research_user_id"

INSTRUCTIONS = (
    "Deep research with cited reports. start_research starts a job (pass wait_seconds to follow it "
    "with progress notifications); research_status tells where it is; get_report returns the report "
    "(markdown or json) once the job is done; get_note returns the exact quote behind a citation "
    "(a note id from the json report) with the page text around it and its source; list_my_jobs lists "
    "your jobs, newest first."
)


class _User:
    """Who the tools act for: a fixed user (stdio) or the one the request's token named (HTTP)."""

    def __init__(self, fixed_user_id: int | None):
        self.fixed_user_id = fixed_user_id

    def _user_id(self, ctx: Context) -> int:
        if self.fixed_user_id is not None:
            return self.fixed_user_id
        request = ctx.request_context.request
        user_id = getattr(request, "scope", {}).get(SCOPE_USER_KEY) if request is not None else None
        if user_id is None:  # the token check runs before every HTTP request; never reached
            raise ToolError(json.dumps({"error": "not authenticated", "field": None, "status": 401}))
        return user_id

    async def user_id(self, ctx: Context) -> int:
        """The acting user's id, after the API's per-user throttle (one tool call counts as one
        API request, on the same counters). Raises ToolError 429 when throttled."""
        user_id = self._user_id(ctx)
        await sync_to_async(_throttle)(user_id)
        return user_id


def _throttle(user_id: int) -> None:
    from types import SimpleNamespace

    from jobs.throttles import UserThrottle

    throttle = UserThrottle()
    caller = SimpleNamespace(user=SimpleNamespace(pk=user_id, is_authenticated=True))
    if not throttle.allow_request(caller, None):
        wait = throttle.wait()
        raise ToolError(
            json.dumps(
                {
                    "error": "Request was throttled.",
                    "field": None,
                    "status": 429,
                    "retry_after_seconds": round(wait) if wait is not None else None,
                }
            )
        )


def _tool_error(exc: ApplicationError) -> ToolError:
    """The API's error body for `exc`, with its HTTP status, as a tool error."""
    return ToolError(json.dumps({"error": exc.message, "field": exc.field, "status": exc.status, **exc.extra}))


def _validation_error(exc: serializers.ValidationError) -> ToolError:
    field, message = api._first_error(exc.detail)
    return ToolError(json.dumps({"error": message, "field": field or None, "status": 400}))


def _get_user(user_id: int):
    return get_user_model().objects.get(pk=user_id)


def _status(job: Job) -> dict:
    """The API's job detail without the report (get_report returns it)."""
    data = api.JobDetailOutputSerializer(job).data
    data.pop("report", None)
    data["report_ready"] = job.status == Job.Status.DONE and job.report is not None
    return json.loads(json.dumps(data, default=str))


def _start(user_id: int, arguments: dict) -> dict:
    user = _get_user(user_id)
    data = api.JobCreateApi.InputSerializer(data=arguments)
    try:
        data.is_valid(raise_exception=True)
    except serializers.ValidationError as exc:
        raise _validation_error(exc) from None
    try:
        job = services.job_create(user=user, **data.validated_data)
    except ApplicationError as exc:
        raise _tool_error(exc) from None
    return {"job_id": str(job.pk), "status": job.status}


def _job_for(user_id: int, job_id: str) -> Job:
    try:
        return selectors.job_get_for_user(user=_get_user(user_id), job_id=job_id)
    except ApplicationError as exc:
        raise _tool_error(exc) from None


def _job_status(user_id: int, job_id: str) -> dict:
    return _status(_job_for(user_id, job_id))


def _report(user_id: int, job_id: str, fmt: str) -> dict:
    job = _job_for(user_id, job_id)
    if job.status != Job.Status.DONE or job.report is None:
        raise _tool_error(
            ApplicationError(f"the report is not ready (job is {job.status})", field="job_id", status=409)
        )
    if fmt == "markdown":
        return {"job_id": str(job.pk), "format": "markdown", "markdown": report_markdown.render(job)}
    return {"job_id": str(job.pk), "format": "json", "report": job.report}


def _note(user_id: int, note_id: int) -> dict:
    try:
        note = selectors.note_get_for_user(user=_get_user(user_id), note_id=note_id)
    except ApplicationError as exc:
        raise _tool_error(exc) from None
    data = api.NoteDetailApi.OutputSerializer(selectors.note_in_context(note=note)).data
    return json.loads(json.dumps(data, default=str))


def _list(user_id: int, limit: int) -> dict:
    jobs = selectors.job_list_for_user(user=_get_user(user_id))[:limit]
    return {
        "jobs": [
            {
                "job_id": str(j.pk),
                "question": j.question,
                "status": j.status,
                "depth": j.depth,
                "created_at": j.created_at.isoformat(),
                "finished_at": j.finished_at.isoformat() if j.finished_at else None,
            }
            for j in jobs
        ]
    }


def _events_after(job_id: str, after_eid: int) -> tuple[list[dict], str]:
    return events.stored_events(job_id, after_eid=after_eid), Job.objects.values_list("status", flat=True).get(
        pk=job_id
    )


# A wait ends when the job reaches one of these: nothing more happens without the user.
_WAIT_ENDS = (*Job.TERMINAL_STATUSES, Job.Status.AWAITING_APPROVAL)


async def _follow(ctx: Context, job_id: str, wait_seconds: float) -> None:
    """Send each event of the job as a progress notification until the job ends or awaits
    approval, or `wait_seconds` pass."""
    deadline = time.monotonic() + min(max(wait_seconds, 0), MAX_WAIT_SECONDS)
    last = 0
    while True:
        rows, status = await sync_to_async(_events_after)(job_id, last)
        for row in rows:
            last = row["eid"]
            try:
                message = events.describe(row["type"], row["data"])
            except (KeyError, TypeError):
                message = row["type"]
            await ctx.report_progress(progress=last, message=f"{row['type']}: {message}")
        if status in _WAIT_ENDS and not rows:
            return
        if time.monotonic() >= deadline:
            return
        await asyncio.sleep(POLL_SECONDS)


def build_server(*, user_id: int | None = None) -> MCPServer:
    """The MCP server with the research tools. `user_id`: the one user every call acts for
    (stdio); None: the user comes from each HTTP request's token (http_app)."""
    who = _User(user_id)
    mcp = MCPServer(SERVER_NAME, instructions=INSTRUCTIONS)

    @mcp.tool(
        description="Start a research job on a question; answers {job_id, status}. depth: quick or deep "
        '(default deep); sources: ["web"] or ["uploads"]; budget: {max_minutes, max_usd, '
        "max_tokens}. With wait_seconds > 0 (at most 300) the call follows the job, sending each "
        "event as a progress notification, and answers with its status when it ends, awaits plan "
        "approval, or the wait is over. Errors are the REST API's {error, field, status}: 400 bad "
        "input, 429 too many open jobs or today's dollars used up."
    )
    async def start_research(
        question: str,
        ctx: Context,
        depth: str | None = None,
        sources: list[str] | None = None,
        budget: dict[str, Any] | None = None,
        require_approval: bool | None = None,
        wait_seconds: float = 0,
    ) -> dict[str, Any]:
        uid = await who.user_id(ctx)
        arguments = {
            "question": question,
            "depth": depth,
            "sources": sources,
            "budget": budget,
            "require_approval": require_approval,
        }
        started = await sync_to_async(_start)(uid, {k: v for k, v in arguments.items() if v is not None})
        if wait_seconds > 0:
            await _follow(ctx, started["job_id"], wait_seconds)
            return await sync_to_async(_job_status)(uid, started["job_id"])
        return started

    @mcp.tool(
        description="Where one of your jobs is: status, plan, progress (sources read, tokens, dollars, "
        "seconds), stopped_reason, error, report_ready. With wait_seconds > 0 (at most 300) it "
        "first follows the job with progress notifications until it ends, awaits approval, or "
        "the wait is over. Another user's job is 'no such job' (404)."
    )
    async def research_status(job_id: str, ctx: Context, wait_seconds: float = 0) -> dict[str, Any]:
        uid = await who.user_id(ctx)
        await sync_to_async(_job_status)(uid, job_id)  # ownership first: no events of another's job
        if wait_seconds > 0:
            await _follow(ctx, job_id, wait_seconds)
        return await sync_to_async(_job_status)(uid, job_id)

    @mcp.tool(
        description="The report of one of your finished jobs. format markdown: numbered citations and a "
        "source list; json: sections of sentences whose citations are note ids (get_note), "
        "sources, not_found and metrics. 409 while the job is not done."
    )
    async def get_report(job_id: str, ctx: Context, format: str = "markdown") -> dict[str, Any]:  # noqa: A002 - the tool's documented argument name
        if format not in REPORT_FORMATS:
            raise ToolError(
                json.dumps({"error": f"format must be one of {list(REPORT_FORMATS)}", "field": "format", "status": 400})
            )
        return await sync_to_async(_report)(await who.user_id(ctx), job_id, format)

    @mcp.tool(
        description="One citation of your reports: the claim, the exact quote, up to 250 characters of the "
        "stored page on each side, and its source (url, title, domain, dates)."
    )
    async def get_note(note_id: int, ctx: Context) -> dict[str, Any]:
        return await sync_to_async(_note)(await who.user_id(ctx), note_id)

    @mcp.tool(
        description="Your research jobs, newest first (at most `limit`, 1 to 100): id, question, status, "
        "depth, created_at, finished_at."
    )
    async def list_my_jobs(ctx: Context, limit: int = 20) -> dict[str, Any]:
        if not 1 <= limit <= LIST_LIMIT_MAX:
            raise ToolError(
                json.dumps({"error": f"limit must be between 1 and {LIST_LIMIT_MAX}", "field": "limit", "status": 400})
            )
        return await sync_to_async(_list)(await who.user_id(ctx), limit)

    return mcp


# --- Streamable HTTP ----------------------------------------------------------------------------
def _token_user_id(key: str) -> int | None:
    from rest_framework.authtoken.models import Token

    token = Token.objects.select_related("user").filter(key=key).first()
    return token.user_id if token is not None and token.user.is_active else None


def _bearer(scope) -> str:
    for name, value in scope.get("headers", []):
        if name == b"authorization":
            scheme, _, key = value.decode("latin-1").partition(" ")
            if scheme.lower() in ("bearer", "token"):
                return key.strip()
    return ""


async def _send_json(send, status: int, body: dict, headers: list | None = None) -> None:
    payload = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})


class McpHttpApp:
    """The /mcp endpoint: the token check, then the SDK's Streamable HTTP app (stateless: any web
    process answers any request, none holds a session). The SDK's session manager needs a
    running task group; it is started on the first request (the server runs with --lifespan off)
    and lives as long as the process."""

    def __init__(self):
        self._server = build_server()
        # Every request carries an API token, which a page in a browser (the DNS-rebinding
        # attacker) does not have: the Host/Origin allow-list is not needed, and would have to
        # repeat ALLOWED_HOSTS.
        self._app = self._server.streamable_http_app(
            streamable_http_path="/mcp",
            stateless_http=True,
            transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        )
        self._ready: asyncio.Event | None = None
        self._runner: asyncio.Task | None = None

    async def _ensure_running(self) -> None:
        if self._ready is None:
            self._ready = asyncio.Event()
            manager = self._server.session_manager

            async def run():
                async with manager.run():
                    self._ready.set()
                    await asyncio.Event().wait()  # until the process ends

            self._runner = asyncio.get_running_loop().create_task(run())
        await self._ready.wait()

    async def __call__(self, scope, receive, send) -> None:
        key = _bearer(scope)
        user_id = await sync_to_async(_token_user_id)(key) if key else None
        if user_id is None:
            await _send_json(
                send,
                401,
                {
                    "error": "send your API token as 'Authorization: Bearer <token>'" if not key else "invalid token",
                    "field": None,
                },
                headers=[(b"www-authenticate", b'Bearer realm="mcp"')],
            )
            return
        await self._ensure_running()
        await self._app({**scope, SCOPE_USER_KEY: user_id}, receive, send)
