"""research_project.settings picks embedded or production from the environment: production for a
database server, or for a non-local host with DJANGO_DEBUG off; embedded otherwise."""

import pytest

from research_project.environment import production_reason


@pytest.fixture
def environment(monkeypatch):
    for name in ("DATABASE_URL", "DJANGO_DEBUG", "DJANGO_ALLOWED_HOSTS"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_no_database_url_and_local_hosts_is_the_embedded_mode(environment):
    assert production_reason() is None


def test_a_sqlite_database_url_is_the_embedded_mode(environment):
    environment.setenv("DATABASE_URL", "sqlite:////tmp/x.sqlite3")
    assert production_reason() is None


def test_a_postgresql_database_url_is_production(environment):
    environment.setenv("DATABASE_URL", "postgres://u@db.internal:5432/research")
    assert production_reason() == "DATABASE_URL names a database server"


def test_a_public_host_with_debug_off_is_production(environment):
    environment.setenv("DJANGO_ALLOWED_HOSTS", "localhost,research.example.com")
    assert production_reason() == "DJANGO_ALLOWED_HOSTS names research.example.com with DJANGO_DEBUG off"


def test_a_public_host_with_debug_on_stays_embedded(environment):
    environment.setenv("DJANGO_ALLOWED_HOSTS", "research.example.com")
    environment.setenv("DJANGO_DEBUG", "true")
    assert production_reason() is None


def test_local_host_names_stay_embedded(environment):
    environment.setenv("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver,app.localhost")
    assert production_reason() is None
