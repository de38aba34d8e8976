"""Tests that mostly wait, in pytest sessions of their own that run beside the main one.

- The llama.cpp tests: building llama-cpp-python on a clean machine (minutes of one compiler),
  then two jobs that run to their 5-minute deadlines on a one-request-at-a-time server. Run
  after the others they add about nine minutes to the suite; beside them, about one. Niced, so
  the other sessions' timing tests keep their CPU.
- The tests that run real Celery workers (marked `worker`): each starts, kills and stops worker
  processes and waits for jobs, leases and sweeps, most of the time on an idle CPU. In one
  session with the rest, they were half of the suite's wall time.

Each session beside the main one gets its own test database (TEST_SESSION_SUFFIX,
research_project/settings/test.py) and its own Redis database (broker, ledger, events), so none
sees another's workers or jobs.

Only when REDIS_URL names a Redis server (redis://host:port/N, as in CI): the embedded Redis
of a laptop run listens on a socket with one database, and there every test runs in the main
session (the llama tests last)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

from research_project import child_processes

# Redis database N -> N + offset (mod 16): far from each other and from the few the main
# session's own tests use.
REDIS_DB_OFFSETS = {"llama": 8, "workers": 12, "workers2": 4}
WAIT_SECONDS = 40 * 60
NICENESS = {"llama": "5", "workers": "0", "workers2": "0"}


def is_beside_session() -> bool:
    """Whether this session is one of those beside the main one (which start none of their own)."""
    return os.environ.get("TEST_SESSION_SUFFIX") in REDIS_DB_OFFSETS


def other_redis_db(url: str, suffix: str = "llama") -> str | None:
    """The same Redis server with session `suffix`'s database number, or None (a unix socket)."""
    parsed = urlparse(url)
    if parsed.scheme not in ("redis", "rediss"):
        return None
    db = int((parsed.path or "/0").lstrip("/") or 0)
    return parsed._replace(path=f"/{(db + REDIS_DB_OFFSETS[suffix]) % 16}").geturl()


class SecondSession:
    """`python -m pytest NODEIDS` in session `suffix` of its own (killed if this process dies),
    output to a log that `finish` prints."""

    def __init__(self, suffix: str, nodeids: list[str], redis_url: str, base_dir: Path, pytest_args=()):
        self.suffix = suffix
        self.log_path = base_dir / "var" / f"{suffix}-session.log"
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "TEST_SESSION_SUFFIX": suffix, "REDIS_URL": redis_url}
        self.started = time.monotonic()
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *pytest_args, *nodeids]
        with open(self.log_path, "wb") as log:
            self.proc = child_processes.popen(
                ["nice", "-n", NICENESS[suffix], *cmd],
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=base_dir,
                env=env,
            )

    def finish(self, write_line) -> bool:
        """Wait for it, print its output, and say whether it passed."""
        try:
            self.proc.wait(timeout=max(1.0, WAIT_SECONDS - (time.monotonic() - self.started)))
        except subprocess.TimeoutExpired:
            self.stop()
            write_line(f"the {self.suffix} session did not end in {WAIT_SECONDS // 60} minutes: stopped")
        write_line("")
        write_line(f"== the {self.suffix} tests, run beside the others ({self.log_path}):")
        for line in self.log_path.read_text(errors="replace").splitlines()[-60:]:
            write_line(line)
        # 5: no test collected (every one deselected by -k or -m): nothing failed
        return self.proc.returncode in (0, 5)

    def stop(self) -> None:
        """Ctrl-C (pytest tears its fixtures down: servers, workers), then SIGKILL to its group."""
        for sig, grace in ((signal.SIGINT, 30), (signal.SIGKILL, 10)):
            if self.proc.poll() is not None:
                return
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, sig)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=grace)
