"""pytest's settings (pytest.ini; the worker and web processes tests start inherit them): base plus
an explicit key, so a test run against PostgreSQL needs no DJANGO_SECRET_KEY while production.py
still refuses to start without one. Never chosen by the environment."""

from research_project.settings.base import *  # noqa: F403

TEST_SECRET_KEY = "test-only-key-for-pytest-sessions-never-used-by-a-running-service"
SECRET_KEY = env("DJANGO_SECRET_KEY") or TEST_SECRET_KEY  # noqa: F405

# A second test session running beside the first (tests/beside_sessions.py) gets its own test
# database: pytest-django would otherwise drop and create the one the first session uses.
TEST_SESSION_SUFFIX = env("TEST_SESSION_SUFFIX", "")  # noqa: F405
if TEST_SESSION_SUFFIX:
    _db = DATABASES["default"]  # noqa: F405
    if _db["ENGINE"] == "django.db.backends.sqlite3":
        _db["TEST"] = {"NAME": str(VAR_DIR / f"test-{TEST_SESSION_SUFFIX}.sqlite3")}  # noqa: F405
    else:
        _db["TEST"] = {"NAME": f"test_{_db['NAME']}_{TEST_SESSION_SUFFIX}"}
