"""Database connections are not held across waits.

A worker thread spends most of a step waiting on a model or a page. With the connection pool
(DB_POOL), the thread gives its connection back to the pool before such a wait and takes one
again at its next query, so the connections a worker process needs follow the queries it runs at
once, not the threads it has (278 jobs in flight keep ~560 tasks waiting on models at once;
PostgreSQL allows ~100 connections). Without the pool this does nothing: closing would mean a
new PostgreSQL session after every wait.
"""

from __future__ import annotations

from django.conf import settings
from django.db import close_old_connections, connection


def release_for_wait() -> None:
    """Return this thread's connection to the pool unless a transaction is open on it."""
    if not settings.DB_POOL or connection.in_atomic_block or connection.connection is None:
        return
    connection.close()


def close_old_before_task(sender=None, **_) -> None:
    """Celery's task_prerun: a worker thread's connection outlives its tasks
    (CELERY_DB_REUSE_MAX), so, as between two requests, one that broke or passed
    DB_CONN_MAX_AGE is closed first. Not for a task applied in the caller's thread (eager):
    that is the caller's connection, maybe inside its transaction."""
    if not _in_callers_thread(sender):
        close_old_connections()


def release_after_task(sender=None, **_) -> None:
    """Celery's task_postrun: with the pool, a worker thread gives its connection back when its
    task ends. Waiting for the next task is a wait too: a process's idle threads (hundreds, for
    a fleet of jobs waiting on models) would otherwise each keep a connection, the pool would run
    dry, and the lease keeper, waiting for one, would let leases lapse. Not for an eager task
    (the caller's connection)."""
    if not _in_callers_thread(sender):
        release_for_wait()


def _in_callers_thread(task) -> bool:
    """The task was applied eagerly: it runs on its caller's connection, maybe in its transaction."""
    return bool(getattr(getattr(task, "request", None), "is_eager", False))
