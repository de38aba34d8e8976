"""Test setup. Tests hit the real database and the real Redis: PostgreSQL and the Redis server
in CI (DATABASE_URL, REDIS_URL), the SQLite file and embedded Redis on a laptop without them,
where tests marked `postgres` are skipped by name. The settings are research_project.settings.test
(pytest.ini): the mode's settings plus an explicit test-only secret key.

The session prepares var/ and, without REDIS_URL, starts the embedded Redis, which it owns and
stops at its end (research_project/startup.py); the workers and web servers it starts get
REDIS_URL and start nothing of their own.

Two kinds of database access:
- `db` (pytest-django): each test in a transaction rolled back at its end;
- `live`: committed writes that real worker processes can see. The demo corpus is loaded once
  per session into the live database; live tests create their own users and jobs, so they
  never need the tables emptied.
"""

from __future__ import annotations

import uuid

import pytest
from django.db import connection

from tests.workers import WorkerProcess


def pytest_sessionstart(session):
    from research_project.startup import start_embedded_services

    start_embedded_services()


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    # Last: after pytest's runner has torn down the session fixtures (workers, web servers) that
    # use the Redis, also when the run was interrupted.
    from research_project.startup import stop_embedded_services
    from tests import model_servers

    model_servers.stop_background_build(getattr(session.config, "_llama_build", None))
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    for second in getattr(session.config, "_beside_sessions", []):
        if exitstatus == pytest.ExitCode.INTERRUPTED:
            second.stop()
        elif not second.finish(reporter.write_line if reporter else print) and session.exitstatus == 0:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
    stop_embedded_services()


def pytest_report_header(config):
    from django.conf import settings

    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    redis = f"embedded redis ({settings.REDIS_URL})" if settings.EMBEDDED_REDIS else settings.REDIS_URL
    lines = [f"settings: {settings.SETTINGS_MODULE}; database: {engine}; redis: {redis}"]
    if engine != "postgresql":
        lines.append("PostgreSQL not configured: falling back to SQLite; tests marked 'postgres' are skipped.")
    return lines


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """After pytest-django has ordered the tests: refuse flushing tests, skip the PostgreSQL
    ones on SQLite, and run the tests that mostly wait (llama.cpp, real workers) in sessions
    beside this one (tests/beside_sessions.py), or the llama.cpp ones last while their server
    builds meanwhile."""
    from django.conf import settings

    from tests import beside_sessions, model_servers

    flushing = [
        item.nodeid
        for item in items
        if (m := item.get_closest_marker("django_db")) and (m.kwargs.get("transaction") or (m.args and m.args[0]))
    ]
    if flushing:
        # pytest-django empties every table after such a test, and it runs them before the live
        # tests: the demo corpus and the rows of module fixtures would be gone under them.
        raise pytest.UsageError(
            "django_db(transaction=True) flushes the tables the live tests share; "
            f"use the `live` fixture (committed writes) instead: {', '.join(flushing)}"
        )
    llama = [item for item in items if "llama" in item.keywords]
    others = [item for item in items if "llama" not in item.keywords]
    config._beside_sessions = []
    beside = (
        not config.option.collectonly
        and beside_sessions.other_redis_db(settings.REDIS_URL) is not None
        and not beside_sessions.is_beside_session()
    )
    if llama and others and beside:
        # Mostly waiting (a compile, jobs running to a deadline): in a session beside these.
        _run_beside(config, items, "llama", llama)
    elif llama:
        # On a clean machine the server's build takes minutes of CPU: niced in the background,
        # it uses what the rest of the suite leaves idle instead of being waited for.
        items[:] = others + llama
        if others and not config.option.collectonly:
            config._llama_build = model_servers.start_background_build()
    workers = [item for item in items if "worker" in item.keywords and "llama" not in item.keywords]
    if workers and len(workers) < len(items) and beside:
        # Mostly waiting too (workers starting, leases lapsing, jobs finishing): beside the rest,
        # in two sessions that take their modules in turn (a module's fixtures stay in one).
        modules = list(dict.fromkeys(item.nodeid.split("::")[0] for item in workers))
        for i, suffix in enumerate(("workers", "workers2")):
            mine = set(modules[i::2])
            chosen = [item for item in workers if item.nodeid.split("::")[0] in mine]
            if chosen:
                _run_beside(config, items, suffix, chosen)

    if settings.DATABASES["default"]["ENGINE"].endswith("postgresql"):
        return
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(pytest.mark.skip(reason=f"{item.name} needs PostgreSQL (set DATABASE_URL)"))


def _run_beside(config, items, suffix: str, chosen) -> None:
    """Move the `chosen` items out of this session into session `suffix` of their own, started now."""
    from django.conf import settings

    from tests import beside_sessions

    config.hook.pytest_deselected(items=chosen)
    ids = {item.nodeid for item in chosen}
    items[:] = [item for item in items if item.nodeid not in ids]
    redis_url = beside_sessions.other_redis_db(settings.REDIS_URL, suffix)
    config._beside_sessions.append(
        beside_sessions.SecondSession(suffix, [item.nodeid for item in chosen], redis_url, settings.BASE_DIR)
    )


@pytest.fixture(scope="session")
def django_db_setup(django_test_environment, django_db_blocker):
    """Always create the test database: live tests use it without pytest-django's db marker
    (their writes must be committed for worker processes to see them)."""
    from django.test.utils import setup_databases, teardown_databases

    with django_db_blocker.unblock():
        config = setup_databases(verbosity=0, interactive=False, aliases={"default"})
    yield
    with django_db_blocker.unblock():
        connection.close()
        teardown_databases(config, verbosity=0)


@pytest.fixture(scope="session")
def live_db(django_db_setup, django_db_blocker):
    """The test database with committed data and the demo corpus loaded once."""
    from agents.management.commands.load_demo_corpus import load

    with django_db_blocker.unblock():
        load()
        yield
        _end_other_sessions()
        connection.close()


OTHER_SESSIONS_GRACE_SECONDS = 5


def _end_other_sessions():
    """Worker and web processes of this session are stopped by now (they depend on live_db),
    but PostgreSQL may hold their sessions a moment longer, and the test database cannot be
    dropped while it does: wait for them, then end what is left."""
    import time

    if connection.vendor != "postgresql":
        return
    others = "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
    deadline = time.monotonic() + OTHER_SESSIONS_GRACE_SECONDS
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute(others)
            if not cursor.fetchall():
                return
            time.sleep(0.2)
        cursor.execute(f"SELECT pg_terminate_backend(pid) FROM ({others}) AS o")


@pytest.fixture
def live(live_db, django_db_blocker):
    with django_db_blocker.unblock():
        yield
        connection.close()


@pytest.fixture(scope="module")
def live_worker(live_db, django_db_blocker):
    """A real Celery worker process (threads pool, with the sweeper beat) for one test module.
    Module scope: modules that kill their own workers never share the queue with this one."""
    from research_project.celery import app

    app.control.purge()
    with django_db_blocker.unblock():
        worker = WorkerProcess().start()
    yield worker
    worker.stop()


@pytest.fixture
def make_user():
    from tests.factories import UserFactory

    def make(name: str | None = None):
        return UserFactory(username=f"{name or 'user'}-{uuid.uuid4().hex[:8]}")

    return make


@pytest.fixture
def alice(db, make_user):
    return make_user("alice")


@pytest.fixture
def bob(db, make_user):
    return make_user("bob")


@pytest.fixture
def charlie(db, make_user):
    return make_user("charlie")


@pytest.fixture(scope="session")
def live_web(live_db, django_db_blocker):
    """The web app under uvicorn (ASGI) on 127.0.0.1:87xx, on the live test database."""
    from tests.web_server import WebServerProcess

    with django_db_blocker.unblock():
        server = WebServerProcess().start()
    yield server
    server.stop()


@pytest.fixture
def no_enqueue(monkeypatch):
    """No worker runs: job_create and plan_approve store their rows but enqueue nothing."""
    from jobs import services

    started, resumed = [], []
    monkeypatch.setattr(services, "_enqueue_start", lambda job: started.append(job.pk))
    monkeypatch.setattr(services, "_enqueue_resume", lambda job_id, epoch: resumed.append((job_id, epoch)))
    return {"started": started, "resumed": resumed}


@pytest.fixture
def api_for():
    """api_for(user) -> a DRF APIClient signed in as user (None: anonymous)."""
    from rest_framework.test import APIClient

    def make(user=None):
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return make


@pytest.fixture(autouse=True)
def api_throttles_out_of_the_way(settings):
    """Throttle counters live in Redis and are keyed by user id; on SQLite a rolled-back test's
    ids come back in the next test, so counts would carry over. Tests that are about throttling
    set their own rate (and clear their key)."""
    settings.API_USER_THROTTLE_RATE = settings.API_ANON_THROTTLE_RATE = "1000000/min"
