"""Running the project's entry points as a user would (a fresh process, a chosen environment) and
finding the processes they left behind.

Every process a run starts inherits its environment, so a marker variable set for the run finds
them all, whoever their parent is now (an orphan's parent is init). redis-server writes its
process title over its environment, so it is found by its socket under the run's var/ instead."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

from django.conf import settings

# The variables that choose the mode, the key and the addresses: a test names the ones it wants.
MODE_VARIABLES = (
    "DATABASE_URL",
    "REDIS_URL",
    "DJANGO_SECRET_KEY",
    "DJANGO_SETTINGS_MODULE",
    "DJANGO_DEBUG",
    "DJANGO_ALLOWED_HOSTS",
    "RESEARCH_VAR_DIR",
)
MARKER = "RESEARCH_TEST_RUN"


def project_env(**overrides: str) -> dict:
    """This process's environment without the mode variables, a fresh run marker, and overrides."""
    env = {k: v for k, v in os.environ.items() if k not in MODE_VARIABLES and k != MARKER}
    env.update({"PYTHONWARNINGS": "ignore", "PYTHONUNBUFFERED": "1", MARKER: uuid.uuid4().hex})
    env.update(overrides)
    return env


def run(args: list[str], env: dict, timeout: float = 120, **kwargs) -> subprocess.CompletedProcess:
    """Run `python <args>` in the project directory; text output."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        **kwargs,
    )


def processes_of_run(env: dict) -> list[tuple[int, str]]:
    """(pid, command line) of every live process whose environment carries this run's marker, or
    whose command line names the run's var/ (RESEARCH_VAR_DIR)."""
    needle = f"{MARKER}={env[MARKER]}".encode()
    var = env.get("RESEARCH_VAR_DIR")
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
            if needle not in (entry / "environ").read_bytes().split(b"\0") and not (var and f"{var}/" in cmdline):
                continue
            if (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] == "Z":
                continue  # a zombie has exited; it only waits for its parent to notice
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
        found.append((int(entry.name), cmdline))
    return found


def left_behind(env: dict, grace_seconds: float = 10) -> list[tuple[int, str]]:
    """The run's processes still alive after a grace period (a SIGKILLed parent's children get
    their own SIGKILL from the kernel a moment later)."""
    deadline = time.monotonic() + grace_seconds
    while True:
        alive = processes_of_run(env)
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.1)


def kill_all(processes: list[tuple[int, str]]) -> None:
    """Clean up after a failed test: only the processes the test's own run started."""
    for pid, _ in processes:
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass
