"""A worker or web server started by `serve`, `research --spawn-worker`, a benchmark or a test
dies with whoever started it, even when that process is killed outright: an orphaned worker
would keep consuming the queue with stale settings."""

import os
import signal
import subprocess
import sys
import textwrap
import time

from django.conf import settings

STARTER = textwrap.dedent("""
    import sys, time
    from research_project import child_processes
    child = child_processes.popen([sys.executable, "-c", "import time; time.sleep(120)"])
    print(child.pid, flush=True)
    time.sleep(120)
""")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie waiting for its reaper is dead too.
    with open(f"/proc/{pid}/stat") as f:
        return f.read().split(") ", 1)[1][0] != "Z"


def test_a_child_dies_when_its_starter_is_killed():
    starter = subprocess.Popen(
        [sys.executable, "-c", STARTER],
        cwd=settings.BASE_DIR,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(settings.BASE_DIR)},
    )
    child_pid = int(starter.stdout.readline())
    try:
        assert alive(child_pid)
        assert os.getsid(child_pid) == child_pid  # its own session: a signal to the starter's group misses it
        starter.send_signal(signal.SIGKILL)
        starter.wait(timeout=10)
        deadline = time.monotonic() + 5
        while alive(child_pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(child_pid), "the child outlived its starter"
    finally:
        if alive(child_pid):
            os.kill(child_pid, signal.SIGKILL)
