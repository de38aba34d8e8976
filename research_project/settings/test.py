"""pytest's settings (pytest.ini; the worker and web processes tests start inherit them): base plus
an explicit key, so a test run against PostgreSQL needs no DJANGO_SECRET_KEY while production.py
still refuses to start without one. Never chosen by the environment."""

from research_project.settings.base import *  # noqa: F403

TEST_SECRET_KEY = "test-only-key-for-pytest-sessions-never-used-by-a-running-service"
SECRET_KEY = env("DJANGO_SECRET_KEY") or TEST_SECRET_KEY  # noqa: F405
