"""Redis restarting under two real workers, more than once, leaves as many live workers as
before: a worker that a broker hiccup ends (kombu's restore_unacked raised AttributeError when
Redis came back) is started again by research_project.respawn, as the Procfile and `serve`
run it, and each live worker says so in Redis (GET /healthz counts them).

The Redis here is the test's own redis-server on another port: restarting the shared one
would pull it from under everything else using it."""

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.test import Client

from jobs.runtime import health
from research_project import child_processes
from tests.workers import test_database_url as database_url

pytestmark = [
    pytest.mark.worker,
    pytest.mark.postgres,
    pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server on PATH"),
]

RESTARTS = 3
# Heartbeats every 0.5 s expire after 1.5 s; a worker reconnects to the broker within seconds.
FAST = {"LEASE_RENEW_SECONDS": "0.5", "LEASE_TTL_SECONDS": "3", "SWEEP_INTERVAL_SECONDS": "1"}
BACK_WITHIN_SECONDS = 60


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class OwnRedis:
    """A redis-server without persistence: a restart loses everything, as in the issue."""

    def __init__(self, tmp: Path):
        self.port = _free_port()
        self.dir = tmp
        self.proc = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self):
        self.proc = child_processes.popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.dir),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        client = redis.Redis.from_url(self.url)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with contextlib.suppress(redis.ConnectionError):
                if client.ping():
                    return self
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)


def _start_supervised_worker(name: str, env: dict, log: Path, beat: bool) -> subprocess.Popen:
    cmd = [
        sys.executable,
        "-m",
        "research_project.respawn",
        "--name",
        name,
        "--",
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
        "2",
        "-n",
        f"{name}@localhost",
        "--loglevel",
        "INFO",
        "--without-gossip",
        "--without-mingle",
    ]
    if beat:
        cmd += ["-B", "--scheduler", "celery.beat:Scheduler"]
    with open(log, "wb") as out:
        return child_processes.popen(cmd, env=env, cwd=settings.BASE_DIR, stdout=out, stderr=subprocess.STDOUT)


def _live_workers(client: redis.Redis) -> set[str]:
    with contextlib.suppress(redis.ConnectionError):
        return {k.decode()[len(health.WORKER_PREFIX) :] for k in client.scan_iter(match=f"{health.WORKER_PREFIX}*")}
    return set()


def _wait_for_workers(client, names: set[str], logs) -> float:
    started = time.monotonic()
    while _live_workers(client) != names:
        assert time.monotonic() - started < BACK_WITHIN_SECONDS, (
            f"live workers {_live_workers(client)} != {names}:\n" + "\n".join(p.read_text()[-2000:] for p in logs)
        )
        time.sleep(0.2)
    return time.monotonic() - started


def test_two_workers_are_both_alive_after_redis_restarts_three_times(live, tmp_path):
    own = OwnRedis(tmp_path).start()
    env = {
        **os.environ,
        **FAST,
        "PYTHONWARNINGS": "ignore",
        "REDIS_URL": own.url,
        "DATABASE_URL": database_url(),
        "DB_CONN_MAX_AGE": "0",
    }
    tag = uuid.uuid4().hex[:6]
    names = {f"a-{tag}@localhost", f"b-{tag}@localhost"}
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    supervisors = [
        _start_supervised_worker(f"a-{tag}", env, logs[0], beat=True),
        _start_supervised_worker(f"b-{tag}", env, logs[1], beat=False),
    ]
    client = redis.Redis.from_url(own.url)
    try:
        _wait_for_workers(client, names, logs)
        for _ in range(RESTARTS):
            own.stop()
            time.sleep(2)  # the workers see the broker gone and start reconnecting
            own.start()
            _wait_for_workers(client, names, logs)
            assert all(s.poll() is None for s in supervisors)
        # Beat ticks again too (its sweeper records each tick).
        deadline = time.monotonic() + BACK_WITHIN_SECONDS
        while client.get(health.BEAT_KEY) is None:
            assert time.monotonic() < deadline, logs[0].read_text()[-3000:]
            time.sleep(0.2)
    finally:
        for s in supervisors:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(s.pid, signal.SIGTERM)
        for s in supervisors:
            try:
                s.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(s.pid, signal.SIGKILL)
        own.stop()


def test_healthz_reports_workers_and_beat(live, settings):
    """GET /healthz: 503 with no worker heartbeat and no beat tick; 200 once both are fresh."""
    from jobs.runtime.redis_client import redis_client

    r = redis_client()
    for key in r.scan_iter(match=f"{health.WORKER_PREFIX}*"):
        r.delete(key)
    r.delete(health.BEAT_KEY)
    client = Client()
    response = client.get("/healthz")
    assert response.status_code == 503 and response["Retry-After"]
    body = response.json()
    assert body["status"] == "unavailable" and body["workers_alive"] == 0 and body["beat"]["alive"] is False
    health.worker_beat("w1@host")
    health.beat_ticked()
    body = client.get("/healthz").json()
    assert body["status"] == "ok" and body["workers_alive"] == 1 and body["workers"][0]["name"] == "w1@host"
    assert body["beat"]["alive"] is True and body["database"] == "ok" and body["redis"] == "ok"
    health.worker_gone("w1@host")
    assert client.get("/healthz").status_code == 503
