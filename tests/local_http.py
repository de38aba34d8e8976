"""Real HTTP servers on 127.0.0.1 that tests start: the fake web, fake search APIs and a fake
OpenAI-compatible model server. Each records every request it receives (with its arrival
time), so tests assert on what really went over the wire."""

from __future__ import annotations

import json
import ssl
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit


@dataclass
class Request:
    method: str
    path: str
    query: dict
    headers: dict  # lower-case names
    body: bytes
    at: float  # time.monotonic() on arrival

    def json(self):
        return json.loads(self.body.decode("utf-8"))


@dataclass
class Reply:
    status: int = 200
    body: bytes | str | Iterable[bytes] = b""
    headers: dict = field(default_factory=dict)
    content_type: str = "text/html; charset=utf-8"
    delay_seconds: float = 0.0  # before the status line
    chunk_pause_seconds: float = 0.0  # between chunks of an iterable body

    @classmethod
    def json(cls, data, status: int = 200, headers: dict | None = None) -> Reply:
        return cls(status=status, body=json.dumps(data), headers=headers or {}, content_type="application/json")


Handler = Callable[[Request], Reply]


class LocalServer:
    """A threaded HTTP server on 127.0.0.1 with a free port. `routes` maps a path to a
    handler (or a Reply); `default` answers every other path (404 when None)."""

    def __init__(
        self,
        routes: dict[str, Handler | Reply] | None = None,
        default: Handler | Reply | None = None,
        tls: ssl.SSLContext | None = None,
    ):
        self.routes = dict(routes or {})
        self.default = default
        self.tls = tls  # serve HTTPS with this server-side context
        self.requests: list[Request] = []
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    # --- lifecycle ---------------------------------------------------------------------
    def __enter__(self) -> LocalServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> LocalServer:
        server_ref = self

        class _Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"  # one request per connection; the body ends at close

            def log_message(self, *args):
                pass

            def _handle(self):
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                parts = urlsplit(self.path)
                request = Request(
                    method=self.command,
                    path=parts.path,
                    query=parse_qs(parts.query),
                    headers={k.lower(): v for k, v in self.headers.items()},
                    body=body,
                    at=time.monotonic(),
                )
                with server_ref._lock:
                    server_ref.requests.append(request)
                reply = server_ref._reply_for(request)
                if reply.delay_seconds:
                    time.sleep(reply.delay_seconds)
                try:
                    self._send(reply)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (size cap, timeout): that is what some tests want

            def _send(self, reply: Reply):
                self.send_response(reply.status)
                self.send_header("Content-Type", reply.content_type)
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                if isinstance(reply.body, (bytes, str)):
                    data = reply.body.encode("utf-8") if isinstance(reply.body, str) else reply.body
                    if "content-length" not in {k.lower() for k in reply.headers}:
                        self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                    return
                self.end_headers()
                for chunk in reply.body:
                    self.wfile.write(chunk)
                    self.wfile.flush()
                    if reply.chunk_pause_seconds:
                        time.sleep(reply.chunk_pause_seconds)

            do_GET = do_POST = do_HEAD = _handle

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self._server.daemon_threads = True
        if self.tls is not None:
            self._server.socket = self.tls.wrap_socket(self._server.socket, server_side=True)
        threading.Thread(target=self._server.serve_forever, name="local-http", daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    # --- addresses and answers ---------------------------------------------------------
    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def url(self) -> str:
        return f"{'https' if self.tls else 'http'}://127.0.0.1:{self.port}"

    def hits(self, path: str) -> list[Request]:
        with self._lock:
            return [r for r in self.requests if r.path == path]

    def _reply_for(self, request: Request) -> Reply:
        target = self.routes.get(request.path, self.default)
        if target is None:
            return Reply(status=404, body="not found")
        return target(request) if callable(target) else target


def sequence(*replies: Reply) -> Handler:
    """A handler answering with `replies` in order, then repeating the last one."""
    lock = threading.Lock()
    state = {"i": 0}

    def handle(_request: Request) -> Reply:
        with lock:
            i = min(state["i"], len(replies) - 1)
            state["i"] += 1
        return replies[i]

    return handle


def chat_completion(
    content: dict | str, *, model: str = "fake-model", prompt_tokens: int = 120, completion_tokens: int = 30
) -> Reply:
    """A chat-completions reply in the OpenAI protocol with its usage block."""
    text = content if isinstance(content, str) else json.dumps(content)
    return Reply.json(
        {
            "id": "chatcmpl-local-1",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            },
        }
    )
