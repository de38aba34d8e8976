"""Real Celery worker processes for tests, started against the test database and Redis."""

from __future__ import annotations

from django.conf import settings
from django.db import connection

from jobs.worker_process import WorkerProcess as _WorkerProcess


def test_database_url() -> str:
    sd = connection.settings_dict
    if connection.vendor == "postgresql":
        auth = sd["USER"] + (f":{sd['PASSWORD']}" if sd.get("PASSWORD") else "")
        return f"postgres://{auth}@{sd['HOST'] or '127.0.0.1'}:{sd['PORT'] or 5432}/{sd['NAME']}"
    return f"sqlite:///{sd['NAME']}"


class WorkerProcess(_WorkerProcess):
    def __init__(self, *, env: dict | None = None, **kwargs):
        base = {"DATABASE_URL": test_database_url(), "REDIS_URL": settings.REDIS_URL, "DB_CONN_MAX_AGE": "0"}
        super().__init__(env={**base, **(env or {})}, **kwargs)
