"""Sessions of the official MCP Python SDK client (a client this project did not write) against
this project's MCP server: over stdio (a `manage.py mcp` subprocess) and over Streamable HTTP
(the ASGI app under uvicorn)."""

from __future__ import annotations

import json
import os
import sys
from contextlib import asynccontextmanager

from django.conf import settings
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import create_mcp_http_client, streamable_http_client

from tests.workers import test_database_url


@asynccontextmanager
async def stdio_session(username: str, *, spawn_worker: bool = False):
    args = [str(settings.BASE_DIR / "manage.py"), "mcp", "--user", username] + (
        ["--spawn-worker"] if spawn_worker else []
    )
    env = {
        **os.environ,
        "DATABASE_URL": test_database_url(),
        "REDIS_URL": settings.REDIS_URL,
        "DB_CONN_MAX_AGE": "0",
        "PYTHONWARNINGS": "ignore",
    }
    params = StdioServerParameters(command=sys.executable, args=args, env=env, cwd=str(settings.BASE_DIR))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


@asynccontextmanager
async def http_session(url: str, token: str):
    client = create_mcp_http_client(headers={"Authorization": f"Bearer {token}"})
    async with client, streamable_http_client(f"{url}/mcp", http_client=client) as streams:
        read, write = streams[0], streams[1]
        async with ClientSession(read, write) as session:
            await session.initialize()
            yield session


def payload(result) -> dict:
    """A tool result's JSON (its structured content, else its first text block)."""
    if result.structured_content:
        return result.structured_content
    return json.loads(result.content[0].text)


def error_body(result) -> dict:
    """The API error body inside a tool error ("Error executing tool x: {...}")."""
    assert result.is_error, result
    text = result.content[0].text
    return json.loads(text[text.index("{") :])
