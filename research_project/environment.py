"""Reading the environment: typed helpers, where var/ is, and which mode the environment asks for.

Shared by the settings modules and by the process start (research_project/startup.py), which runs
before Django reads its settings. Nothing here starts, creates or writes anything.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

DEFAULT_ALLOWED_HOSTS = "localhost,127.0.0.1,[::1],testserver"
# Host names that only this machine reaches: with DJANGO_DEBUG off, any other name in
# DJANGO_ALLOWED_HOSTS means the service is exposed, so it needs a key of its own.
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "[::1]", "::1", "testserver"})
SECRET_KEY_FILE_NAME = "secret_key"


def env(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    return raw.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    return int(raw) if raw not in (None, "") else default


def env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return float(raw) if raw not in (None, "") else default


def env_json(name: str, default):
    raw = os.environ.get(name)
    return json.loads(raw) if raw not in (None, "") else default


def env_list(name: str, default: str = "") -> list[str]:
    """A comma-separated variable as a list, empty items dropped."""
    return [item.strip() for item in env(name, default).split(",") if item.strip()]


def var_dir() -> Path:
    """RESEARCH_VAR_DIR: the SQLite file, the embedded Redis, the secret key, objects, reports."""
    return Path(env("RESEARCH_VAR_DIR", str(BASE_DIR / "var")))


def secret_key_file() -> Path:
    return var_dir() / SECRET_KEY_FILE_NAME


def allowed_hosts() -> list[str]:
    return env_list("DJANGO_ALLOWED_HOSTS", DEFAULT_ALLOWED_HOSTS)


def is_local_host(host: str) -> bool:
    return host in LOCAL_HOSTS or host.endswith(".localhost")


def production_reason() -> str | None:
    """Why this environment is not the embedded laptop mode, or None when it is.

    Not embedded: DATABASE_URL names a database server (anything but SQLite), or DJANGO_DEBUG is
    off and DJANGO_ALLOWED_HOSTS names a host other than this machine.
    """
    database_url = env("DATABASE_URL")
    if database_url and not database_url.startswith("sqlite"):
        return "DATABASE_URL names a database server"
    if not env_bool("DJANGO_DEBUG", False):
        exposed = [host for host in allowed_hosts() if not is_local_host(host)]
        if exposed:
            return f"DJANGO_ALLOWED_HOSTS names {exposed[0]} with DJANGO_DEBUG off"
    return None


class SecretKeyMissing(ImproperlyConfigured):
    """Outside the embedded mode DJANGO_SECRET_KEY is required; manage.py prints this alone."""


def secret_key_from_environment() -> str:
    """DJANGO_SECRET_KEY. Raises SecretKeyMissing, a one-sentence error, when it is unset."""
    key = env("DJANGO_SECRET_KEY")
    if not key:
        reason = production_reason() or "the production settings were chosen"
        raise SecretKeyMissing(
            f"DJANGO_SECRET_KEY is not set and this is not the embedded mode ({reason}), so the service "
            "refuses to start: set DJANGO_SECRET_KEY to a long random string, for example the output of "
            "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`."
        )
    return key
