import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "research_project.settings")

from research_project.startup import start_embedded_services  # noqa: E402

# The server's start (uvicorn imports this module once per process): var/, the secret key and,
# without REDIS_URL, the embedded Redis, owned by this server process.
start_embedded_services()

from django.core.asgi import get_asgi_application  # noqa: E402

django_application = get_asgi_application()

MCP_PATH = "/mcp"
_mcp_application = None


def mcp_application():
    """The MCP endpoint, built on its first request: a server that is never asked for MCP does not
    pay for importing the SDK at start."""
    global _mcp_application
    if _mcp_application is None:
        from jobs.mcp_server import McpHttpApp

        _mcp_application = McpHttpApp()
    return _mcp_application


async def application(scope, receive, send):
    """Django, except /mcp: the MCP server's Streamable HTTP endpoint (jobs/mcp_server.py)."""
    if scope["type"] == "http" and scope["path"].rstrip("/") == MCP_PATH:
        await mcp_application()({**scope, "path": MCP_PATH}, receive, send)
        return
    await django_application(scope, receive, send)
