"""Nothing a command starts outlives it: `research --spawn-worker` starts its own embedded Redis
(no REDIS_URL) and a worker with beat, and when it ends (done, Ctrl-C, killed) neither is left
running and no beat schedule file is left in var/; a pytest session that started the embedded
Redis stops it at its end."""

import os
import signal
import subprocess
import sys
import uuid

import pytest
from django.conf import settings

from tests import workers
from tests.processes import kill_all, left_behind, processes_of_run, project_env, run

pytestmark = pytest.mark.worker
QUESTION = "Which battery suppliers does Norvik Electric use?"
JOB_TIMEOUT_SECONDS = 240


def research_env(var):
    """The test database (its demo corpus is loaded) and the test settings; no REDIS_URL, so the
    command starts and owns an embedded Redis in its own var/."""
    return project_env(
        RESEARCH_VAR_DIR=str(var),
        DATABASE_URL=workers.test_database_url(),
        DB_CONN_MAX_AGE="0",
        DJANGO_SETTINGS_MODULE="research_project.settings.test",
    )


def research_cmd(*extra):
    return ["manage.py", "research", QUESTION, "--depth", "quick", "--user", f"orphans-{uuid.uuid4().hex[:8]}", *extra]


def start_research(env):
    return subprocess.Popen(
        [sys.executable, *research_cmd("--spawn-worker")],
        cwd=settings.BASE_DIR,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )


def wait_for_line(proc, text: str) -> list[str]:
    lines = []
    for line in proc.stdout:
        lines.append(line)
        if text in line:
            return lines
    raise AssertionError(f"{text!r} never printed:\n{''.join(lines)}")


def assert_it_started_a_redis_and_a_worker(env):
    running = " ".join(cmd for _, cmd in processes_of_run(env))
    assert "redis-server" in running and "celery" in running, running


@pytest.fixture(scope="module")
def finished_run(live_db, tmp_path_factory):
    """One `research --spawn-worker` run to its end: (its result, its environment, its var/)."""
    var = tmp_path_factory.mktemp("research-run") / "var"
    env = research_env(var)
    try:
        result = run(research_cmd("--spawn-worker"), env, timeout=JOB_TIMEOUT_SECONDS)
        yield result, left_behind(env), var
    finally:
        kill_all(processes_of_run(env))


def test_research_with_spawn_worker_stops_its_worker_and_its_redis(finished_run):
    result, remaining, var = finished_run
    assert result.returncode == 0, result.stdout + result.stderr
    assert (var / "redis.log").exists()  # the command started its own embedded Redis
    assert remaining == []
    assert not (var / "redis.sock").exists()


def test_no_beat_schedule_file_is_left_in_var(finished_run):
    result, _, var = finished_run
    assert result.returncode == 0, result.stdout + result.stderr
    assert (var / "reports").is_dir()
    assert not list(var.glob("beat-*")) and not list(var.glob("celerybeat-schedule*"))


def test_nothing_is_printed_between_done_and_the_report(finished_run):
    result, _, _ = finished_run
    assert result.returncode == 0, result.stdout + result.stderr
    after_done = result.stdout.split("\ndone\n", 1)[1]
    assert after_done.lstrip("\n").startswith(f"# {QUESTION}"), after_done[:300]
    assert "Warm shutdown" not in result.stdout + result.stderr


def test_ctrl_c_during_the_job_stops_the_worker_and_the_redis(live, tmp_path):
    env = research_env(tmp_path / "var")
    proc = start_research(env)
    try:
        wait_for_line(proc, "queued")
        assert_it_started_a_redis_and_a_worker(env)

        os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C sends to the foreground group
        proc.wait(timeout=60)

        assert proc.returncode != 0
        assert left_behind(env) == []
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        kill_all(processes_of_run(env))


def test_a_killed_command_takes_its_worker_and_its_redis_with_it(live, tmp_path):
    env = research_env(tmp_path / "var")
    proc = start_research(env)
    try:
        wait_for_line(proc, "queued")
        assert_it_started_a_redis_and_a_worker(env)

        proc.kill()  # SIGKILL: no handler, no atexit; the kernel ends its children
        proc.wait(timeout=10)

        assert left_behind(env) == []
    finally:
        kill_all(processes_of_run(env))


def test_a_pytest_session_stops_the_embedded_redis_it_started(tmp_path):
    var = tmp_path / "var"
    env = project_env(RESEARCH_VAR_DIR=str(var))  # no REDIS_URL: the session starts its own
    try:
        result = run(["-m", "pytest", "tests/jobs/test_child_processes_die_with_their_starter.py"], env, timeout=180)

        assert result.returncode == 0, result.stdout + result.stderr
        assert f"embedded redis (unix://{var}/redis.sock)" in result.stdout
        assert (var / "redis.log").exists()
        assert left_behind(env) == []
        assert not (var / "redis.sock").exists()
    finally:
        kill_all(processes_of_run(env))


def test_serve_stops_web_worker_beat_and_then_the_redis_it_shares_with_them(live, tmp_path):
    from tests.web_server import free_port

    var = tmp_path / "var"
    env = research_env(var)
    proc = subprocess.Popen(
        [
            sys.executable,
            "manage.py",
            "serve",
            "--port",
            str(free_port()),
            "--concurrency",
            "2",
            "--user",
            f"serve-{uuid.uuid4().hex[:8]}",
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
    try:
        wait_for_line(proc, "Log in as")
        running = " ".join(cmd for _, cmd in processes_of_run(env))
        assert all(name in running for name in ("redis-server", "uvicorn", "celery", " worker ", " beat ")), running

        os.killpg(proc.pid, signal.SIGINT)
        output, _ = proc.communicate(timeout=60)

        assert "stopped web, worker and beat and the embedded Redis" in output
        assert left_behind(env) == []
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        kill_all(processes_of_run(env))
