"""`make run` (manage.py serve): starts web, worker and beat, prints the address and a login,
and that login works on the printed address."""

import os
import re
import signal
import subprocess
import sys
import time

import httpx
import pytest
from django.conf import settings

from tests import workers
from tests.web_server import free_port

pytestmark = pytest.mark.worker
STARTUP_TIMEOUT_SECONDS = 90


def test_serve_prints_an_address_and_a_login_that_works(live, tmp_path):
    port = free_port()
    user = f"runner{port}"
    env = {
        **os.environ,
        "DATABASE_URL": workers.test_database_url(),
        "REDIS_URL": settings.REDIS_URL,
        "DB_CONN_MAX_AGE": "0",
        "PYTHONWARNINGS": "ignore",
        "PYTHONUNBUFFERED": "1",
    }
    proc = subprocess.Popen(
        [
            sys.executable,
            "manage.py",
            "serve",
            "--port",
            str(port),
            "--user",
            user,
            "--concurrency",
            "2",
            "--login-file",
            str(tmp_path / "login.txt"),
        ],
        cwd=settings.BASE_DIR,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    lines = []
    try:
        deadline = time.monotonic() + STARTUP_TIMEOUT_SECONDS
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line and proc.poll() is not None:
                break
            lines.append(line)
            if "Log in as" in line:
                break
        output = "".join(lines)
        address = re.search(r"Open (http://127\.0\.0\.1:\d+)/", output)
        login = re.search(r"Log in as (\S+) with password (\S+)", output)
        assert address and login, output
        assert login.group(1) == user
        with httpx.Client(base_url=address.group(1), follow_redirects=False, timeout=10) as client:
            page = client.get("/accounts/login/")
            token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
            response = client.post(
                "/accounts/login/", data={"username": user, "password": login.group(2), "csrfmiddlewaretoken": token}
            )
            assert response.status_code == 302 and response.headers["location"] == "/research/"
            assert client.get("/research/").status_code == 200
            # The worker runs under research_project.respawn: killed, it is started again, and
            # /healthz shows the new process.
            killed = _worker_pid(client)
            os.kill(killed, signal.SIGKILL)
            deadline = time.monotonic() + STARTUP_TIMEOUT_SECONDS
            while _worker_pid(client, other_than=killed) is None:
                assert time.monotonic() < deadline, "the killed worker was not started again"
                assert proc.poll() is None, "serve exited when its worker died"
                time.sleep(0.5)
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        from django.contrib.auth import get_user_model

        get_user_model().objects.filter(username=user).delete()


def _worker_pid(client: httpx.Client, other_than: int | None = None) -> int | None:
    """The pid of serve's worker (Celery's default name, celery@<host>; the tests' own workers
    are named w-...) with a fresh heartbeat on /healthz, other than `other_than`."""
    deadline = time.monotonic() + STARTUP_TIMEOUT_SECONDS
    while True:
        pids = [
            w["pid"]
            for w in client.get("/healthz").json()["workers"]
            if w["name"].startswith("celery@") and w["pid"] != other_than and _is_celery(w["pid"])
        ]
        if pids or other_than is not None:
            return pids[0] if pids else None
        assert time.monotonic() < deadline, "no worker heartbeat on /healthz"
        time.sleep(0.5)


def _is_celery(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return b"celery" in f.read()
    except OSError:
        return False
