"""What a process of this service prepares when it starts, in one function that every entry point
calls explicitly (importing the settings starts and creates nothing):

    manage.py              main(), before Django reads its settings (not for --help)
    asgi.py, wsgi.py       before the application is built (uvicorn, the Procfile, docker)
    celery worker / beat   the worker_init and beat_init signals (research_project/celery.py)
    pytest                 the session's start and finish (tests/conftest.py)

A new kind of process (another server, a script that uses Redis) must call
`start_embedded_services()` the same way.
"""

from __future__ import annotations

import atexit
import os

from research_project import embedded_redis, environment, secret_key

# The settings modules that take their key from var/secret_key when DJANGO_SECRET_KEY is unset;
# production and test settings never read the file, so processes running them do not make it.
SETTINGS_WITH_A_GENERATED_KEY = ("research_project.settings", "research_project.settings.embedded")

_redis: embedded_redis.OwnedRedis | None = None
_started_in_pid: int | None = None


def start_embedded_services(*, redis: bool = True) -> None:
    """Prepare this process's embedded services; a second call in the same process does nothing.

    - makes the var/ folder (RESEARCH_VAR_DIR) and var/static/ (whitenoise serves from it);
    - in the embedded mode with DJANGO_SECRET_KEY unset, makes the secret key file
      (var/secret_key, owner-only) on first run;
    - when REDIS_URL is unset and `redis` is true, starts the embedded redis-server on
      var/redis.sock unless one already answers. A server started here belongs to this process:
      it is stopped when the process exits (`stop_embedded_services`, also registered with
      atexit) and the kernel kills it if the process is killed. Call from the main thread.

    Raises RuntimeError when the embedded Redis does not come up.
    """
    global _redis, _started_in_pid
    if _started_in_pid == os.getpid():
        return
    _started_in_pid, _redis = os.getpid(), None  # a forked child owns nothing of its parent's
    var = environment.var_dir()
    (var / "static").mkdir(parents=True, exist_ok=True)
    settings_module = os.environ.get("DJANGO_SETTINGS_MODULE", "research_project.settings")
    if (
        settings_module in SETTINGS_WITH_A_GENERATED_KEY
        and not environment.env("DJANGO_SECRET_KEY")
        and environment.production_reason() is None
    ):
        secret_key.ensure(environment.secret_key_file())
    if redis and not environment.env("REDIS_URL"):
        _redis = embedded_redis.start(var)
        if _redis is not None:
            atexit.register(stop_embedded_services)


def owns_embedded_redis() -> bool:
    """True while this process runs an embedded Redis it started."""
    return _redis is not None and _redis.owner_pid == os.getpid() and _redis.proc.poll() is None


def stop_embedded_services() -> None:
    """Stop the embedded Redis this process started, if any (idempotent). Stop the workers and
    servers that use it first."""
    global _redis
    if owns_embedded_redis():
        _redis.stop()
    _redis = None
