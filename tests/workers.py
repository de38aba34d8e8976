"""Real Celery worker processes for tests: started against the test database and the test
Redis, killed with real signals."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

from django.conf import settings
from django.db import connection

from research_project.celery import app

READY_TIMEOUT_SECONDS = 60


def test_database_url() -> str:
    sd = connection.settings_dict
    if connection.vendor == "postgresql":
        auth = sd["USER"] + (f":{sd['PASSWORD']}" if sd.get("PASSWORD") else "")
        return f"postgres://{auth}@{sd['HOST'] or '127.0.0.1'}:{sd['PORT'] or 5432}/{sd['NAME']}"
    return f"sqlite:///{sd['NAME']}"


class WorkerProcess:
    """One `celery worker` process (with the sweeper beat unless beat=False)."""

    def __init__(self, *, beat: bool = True, concurrency: int = 8, env: dict | None = None, name: str | None = None):
        self.name = name or f"test-{uuid.uuid4().hex[:8]}@localhost"
        self.beat = beat
        self.concurrency = concurrency
        self.extra_env = env or {}
        self.proc: subprocess.Popen | None = None
        self.log_path = Path(settings.VAR_DIR) / f"{self.name.split('@')[0]}.log"

    def start(self) -> "WorkerProcess":
        env = {
            **os.environ,
            "DATABASE_URL": test_database_url(),
            "REDIS_URL": settings.REDIS_URL,
            "PYTHONWARNINGS": "ignore",
            "DB_CONN_MAX_AGE": "0",
            **{k: str(v) for k, v in self.extra_env.items()},
        }
        cmd = [sys.executable, "-m", "celery", "-A", "research_project", "worker", "--pool", "threads",
               "--concurrency", str(self.concurrency), "-n", self.name, "--loglevel", "INFO",
               "--without-gossip", "--without-mingle"]
        if self.beat:
            cmd += ["-B", "-s", str(Path(settings.VAR_DIR) / f"beat-{self.name.split('@')[0]}")]
        log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(cmd, env=env, cwd=settings.BASE_DIR, stdout=log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        self.wait_ready()
        return self

    def wait_ready(self) -> None:
        deadline = time.monotonic() + READY_TIMEOUT_SECONDS
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"worker exited with {self.proc.returncode}:\n{self.log()}")
            if app.control.ping(destination=[self.name], timeout=0.5):
                return
        raise RuntimeError(f"worker {self.name} not ready:\n{self.log()}")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:] if self.log_path.exists() else ""

    def signal(self, sig: int) -> None:
        os.killpg(self.proc.pid, sig)

    def kill(self) -> None:
        """kill -9 the worker and everything it started."""
        if self.proc and self.proc.poll() is None:
            self.signal(signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()
