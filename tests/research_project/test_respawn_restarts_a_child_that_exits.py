"""research_project.respawn (the Procfile's and `serve`'s wrapper around the Celery worker and
beat) starts its command again when it exits on its own, and on SIGTERM stops it and ends."""

import os
import signal
import subprocess
import sys
import time

from research_project import child_processes


def test_a_child_that_exits_is_started_again_and_sigterm_stops_both(tmp_path):
    starts = tmp_path / "starts"
    child = f"import os; open({str(starts)!r}, 'a').write(str(os.getpid()) + chr(10)); raise SystemExit(3)"
    proc = child_processes.popen(
        [sys.executable, "-m", "research_project.respawn", "--name", "flaky", "--", sys.executable, "-c", child],
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while not starts.exists() or len(starts.read_text().split()) < 2:
            assert time.monotonic() < deadline, "the child was not started again"
            assert proc.poll() is None, proc.stderr.read().decode()
            time.sleep(0.1)
        pids = starts.read_text().split()
        assert len(set(pids)) == len(pids) >= 2
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
    assert proc.wait(timeout=30) == 0
    assert b"flaky exited with 3; restart 1" in proc.stderr.read()


def test_sigterm_reaches_a_long_running_child(tmp_path):
    marker, ready = tmp_path / "stopped", tmp_path / "ready"
    child = (
        "import signal, sys, time\n"
        f"signal.signal(signal.SIGTERM, lambda *a: (open({str(marker)!r}, 'w').write('x'), sys.exit(0)))\n"
        f"open({str(ready)!r}, 'w').write('x')\n"
        "time.sleep(60)\n"
    )
    proc = child_processes.popen([sys.executable, "-m", "research_project.respawn", "--", sys.executable, "-c", child])
    deadline = time.monotonic() + 30
    while not ready.exists():
        assert time.monotonic() < deadline
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGTERM)
    assert proc.wait(timeout=30) == 0
    assert marker.exists()
