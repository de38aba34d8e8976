"""Start, signal and stop a real `celery worker` process: used by `research --spawn-worker`,
`eval --spawn-worker`, the benchmarks and the tests (which kill them with real signals).

The worker is a child that dies with its starter (research_project.child_processes) and uses
its starter's Redis (REDIS_URL is passed explicitly, so it never starts or owns one). Its beat
keeps the schedule in memory: a worker this short-lived leaves no schedule file behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

from django.conf import settings

from research_project import child_processes

READY_TIMEOUT_SECONDS = 60
# Celery's base scheduler: the sweeper's 10 s interval needs no memory of past runs.
IN_MEMORY_SCHEDULER = "celery.beat:Scheduler"


class WorkerProcess:
    """One worker process (threads pool), with the sweeper beat unless beat=False."""

    def __init__(
        self,
        *,
        beat: bool = True,
        concurrency: int = 8,
        env: dict | None = None,
        name: str | None = None,
        log_to_file: bool = True,
        loglevel: str = "INFO",
    ):
        """log_to_file: the worker's output goes to var/<name>.log; otherwise its log lines (at
        `loglevel`) go to this process's stderr and its stdout (the "Warm shutdown" line) nowhere."""
        self.name = name or f"w-{uuid.uuid4().hex[:8]}@localhost"
        self.beat = beat
        self.concurrency = concurrency
        self.env = env or {}
        self.loglevel = loglevel
        self.proc: subprocess.Popen | None = None
        self.log_path = Path(settings.VAR_DIR) / f"{self.name.split('@')[0]}.log" if log_to_file else None

    def start(self, wait: bool = True) -> WorkerProcess:
        env = {
            **os.environ,
            "PYTHONWARNINGS": "ignore",
            "REDIS_URL": settings.REDIS_URL,
            **{k: str(v) for k, v in self.env.items()},
        }
        cmd = [
            sys.executable,
            "-m",
            "celery",
            "--quiet",
            "-A",
            "research_project",
            "worker",
            "--pool",
            "threads",
            "--concurrency",
            str(self.concurrency),
            "-n",
            self.name,
            "--loglevel",
            self.loglevel,
            "--without-gossip",
            "--without-mingle",
        ]
        if self.beat:
            cmd += ["-B", "--scheduler", IN_MEMORY_SCHEDULER]
        if self.log_path:
            with open(self.log_path, "wb") as out:
                self.proc = child_processes.popen(
                    cmd, env=env, cwd=settings.BASE_DIR, stdout=out, stderr=subprocess.STDOUT
                )
        else:
            self.proc = child_processes.popen(cmd, env=env, cwd=settings.BASE_DIR, stdout=subprocess.DEVNULL)
        if wait:
            self.wait_ready()
        return self

    def wait_ready(self) -> None:
        from research_project.celery import app

        deadline = time.monotonic() + READY_TIMEOUT_SECONDS
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"worker exited with {self.proc.returncode}:\n{self.log()}")
            if app.control.ping(destination=[self.name], timeout=0.5):
                return
        raise RuntimeError(f"worker {self.name} not ready:\n{self.log()}")

    def log(self, tail: int | None = 4000) -> str:
        """The end of the worker's log (its last `tail` characters; None: all of it)."""
        if self.log_path and self.log_path.exists():
            text = self.log_path.read_text(errors="replace")
            return text[-tail:] if tail else text
        return ""

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
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()
