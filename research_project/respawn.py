"""Keep one process running: start it again when it exits on its own.

    python -m research_project.respawn --name worker -- python -m celery -A research_project worker ...

Used by the Procfile and by `manage.py serve` for the Celery worker and beat: a worker can die
of a broker hiccup (kombu's restore_unacked raised AttributeError when Redis came back, and the
worker exited), and a service with no worker queues jobs forever. SIGTERM or SIGINT to this
process is passed on to the child (its whole session) and ends the loop once the child has
stopped; a child that keeps dying is restarted with a growing pause (RESTART_PAUSE_SECONDS,
doubled up to RESTART_PAUSE_MAX_SECONDS, back to the start after it ran RESTART_RESET_SECONDS).
Production supervisors (systemd, supervisord) do the same; see README "Running in production".
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time

from research_project import child_processes

RESTART_PAUSE_SECONDS = 1.0
RESTART_PAUSE_MAX_SECONDS = 30.0
RESTART_RESET_SECONDS = 60.0
STOP_TIMEOUT_SECONDS = 20.0


def run(cmd: list[str], name: str) -> int:
    stopping = {"signal": None}
    child = {"proc": None}

    def forward(signum, _frame):
        stopping["signal"] = signum
        proc = child["proc"]
        if proc is not None and proc.poll() is None:
            try:
                os.killpg(proc.pid, signum)
            except ProcessLookupError:
                pass

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    pause = RESTART_PAUSE_SECONDS
    restarts = 0
    while True:
        started = time.monotonic()
        child["proc"] = proc = child_processes.popen(cmd)
        while True:
            try:
                code = proc.wait(timeout=STOP_TIMEOUT_SECONDS if stopping["signal"] else None)
                break
            except Exception:  # noqa: BLE001 - TimeoutExpired after a stop signal: kill it
                os.killpg(proc.pid, signal.SIGKILL)
        if stopping["signal"] is not None:
            return 0
        if time.monotonic() - started >= RESTART_RESET_SECONDS:
            pause = RESTART_PAUSE_SECONDS
        restarts += 1
        print(f"[respawn] {name} exited with {code}; restart {restarts} in {pause:.0f} s", file=sys.stderr, flush=True)
        deadline = time.monotonic() + pause
        while time.monotonic() < deadline and stopping["signal"] is None:
            time.sleep(0.1)
        if stopping["signal"] is not None:
            return 0
        pause = min(pause * 2, RESTART_PAUSE_MAX_SECONDS)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m research_project.respawn",
        description="Run a command and start it again whenever it exits on its own.",
    )
    parser.add_argument("--name", default="child", help="how the command is called in log lines (default: child)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    args = parser.parse_args(argv)
    cmd = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not cmd:
        parser.error("no command given (put it after --)")
    return run(cmd, args.name)


if __name__ == "__main__":
    sys.exit(main())
