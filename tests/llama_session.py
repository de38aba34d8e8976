"""The llama.cpp tests in a second pytest session that runs beside the rest of the suite.

They spend most of their time waiting: building llama-cpp-python on a clean machine (minutes of
one compiler), then two jobs that run to their 5-minute deadlines on a one-request-at-a-time
server. Run after the others they add about nine minutes to the suite; beside them, about one.
The second session gets its own test database (TEST_SESSION_SUFFIX, research_project/settings/
test.py) and its own Redis database (broker, ledger, events), so neither sees the other's
workers or jobs; it runs niced, so the main session's timing tests keep their CPU.

Only when REDIS_URL names a Redis server (redis://host:port/N, as in CI): the embedded Redis
of a laptop run listens on a socket with one database, and there the llama tests simply run
last in the main session."""

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

SUFFIX = "llama"
SECOND_REDIS_DB_OFFSET = 8  # db N -> N + 8 (mod 16): far from the few the main session's tests use
WAIT_SECONDS = 40 * 60
NICENESS = "5"


def is_second_session() -> bool:
    return os.environ.get("TEST_SESSION_SUFFIX") == SUFFIX


def other_redis_db(url: str) -> str | None:
    """The same Redis server with another database number, or None (a unix socket)."""
    parsed = urlparse(url)
    if parsed.scheme not in ("redis", "rediss"):
        return None
    db = int((parsed.path or "/0").lstrip("/") or 0)
    return parsed._replace(path=f"/{(db + SECOND_REDIS_DB_OFFSET) % 16}").geturl()


class SecondSession:
    """`python -m pytest NODEIDS` in its own session (killed if this process dies), output to
    a log that `finish` prints."""

    def __init__(self, nodeids: list[str], redis_url: str, base_dir: Path):
        self.log_path = base_dir / "var" / "llama-session.log"
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "TEST_SESSION_SUFFIX": SUFFIX, "REDIS_URL": redis_url}
        self.started = time.monotonic()
        with open(self.log_path, "wb") as log:
            self.proc = child_processes.popen(
                ["nice", "-n", NICENESS, sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *nodeids],
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
            write_line(f"the llama session did not end in {WAIT_SECONDS // 60} minutes: stopped")
        write_line("")
        write_line(f"== the llama.cpp tests, run beside the others ({self.log_path}):")
        for line in self.log_path.read_text(errors="replace").splitlines()[-60:]:
            write_line(line)
        # 5: no test collected (every llama test deselected by -k or -m): nothing failed
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
