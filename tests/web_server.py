"""A real ASGI server (uvicorn) for tests: the web app on 127.0.0.1 against the test database
and the test Redis, in its own process, so SSE streams, Redis fan-out and pages are exercised
as in production."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
from django.conf import settings

from research_project import child_processes
from tests.workers import test_database_url

PORT_RANGE = range(8700, 8800)  # the ports this project's tests may use
READY_TIMEOUT_SECONDS = 30
SESSION_END_GRACE_SECONDS = 0.5


def free_port() -> int:
    # A random order: test runs of several checkouts on one machine would all race for the
    # first free port of the range.
    for port in random.sample(PORT_RANGE, len(PORT_RANGE)):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port in 8700-8799")


class WebServerProcess:
    def __init__(self, *, env: dict | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.extra_env = env or {}
        self.proc: subprocess.Popen | None = None
        self.log_path = Path(settings.VAR_DIR) / f"uvicorn-{self.port}.log"

    def start(self) -> WebServerProcess:
        env = {
            **os.environ,
            "DATABASE_URL": test_database_url(),
            "REDIS_URL": settings.REDIS_URL,
            "DB_CONN_MAX_AGE": "0",
            "PYTHONWARNINGS": "ignore",
            **{k: str(v) for k, v in self.extra_env.items()},
        }
        cmd = [
            sys.executable,
            "-m",
            "uvicorn",
            "research_project.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--lifespan",
            "off",
            "--log-level",
            "warning",
        ]
        log = open(self.log_path, "wb")
        self.proc = child_processes.popen(cmd, env=env, cwd=settings.BASE_DIR, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + READY_TIMEOUT_SECONDS
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"uvicorn exited with {self.proc.returncode}:\n{self.log()}")
            try:
                if httpx.get(f"{self.url}/accounts/login/", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"uvicorn not ready on {self.url}:\n{self.log()}")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:] if self.log_path.exists() else ""

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:  # open SSE connections keep it waiting
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
            # PostgreSQL ends the server's sessions a moment after its sockets close; dropping
            # the test database right away would find them still there.
            time.sleep(SESSION_END_GRACE_SECONDS)
