"""The llama.cpp tests and the real-worker tests run in pytest sessions beside the rest
(tests/beside_sessions.py): none may share another's Redis database or test database."""

import os
import subprocess
import sys

from django.conf import settings

from tests import beside_sessions


def test_the_second_session_gets_another_database_of_the_same_redis_server():
    assert beside_sessions.other_redis_db("redis://127.0.0.1:6379/0") == "redis://127.0.0.1:6379/8"
    assert beside_sessions.other_redis_db("redis://:secret@cache:6380/11") == "redis://:secret@cache:6380/3"
    assert beside_sessions.other_redis_db("redis://127.0.0.1:6379") == "redis://127.0.0.1:6379/8"
    assert beside_sessions.other_redis_db("redis://127.0.0.1:6379/0", "workers") == "redis://127.0.0.1:6379/12"
    offsets = set(beside_sessions.REDIS_DB_OFFSETS.values())
    assert 0 not in offsets and len(offsets) == len(beside_sessions.REDIS_DB_OFFSETS)


def test_an_embedded_redis_on_a_socket_keeps_every_test_in_the_main_session():
    assert beside_sessions.other_redis_db(f"unix://{settings.VAR_DIR}/redis.sock") is None


def _test_database_names(**env) -> tuple[str, str]:
    """DATABASES' NAME and TEST NAME as the test settings give them in a fresh process."""
    code = (
        "import os; os.environ['DJANGO_SETTINGS_MODULE'] = 'research_project.settings.test'; "
        "from django.conf import settings; d = settings.DATABASES['default']; "
        "print(d['NAME']); print(d.get('TEST', {}).get('NAME') or '')"
    )
    base = {k: v for k, v in os.environ.items() if k != "TEST_SESSION_SUFFIX"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env={**base, **env}
    ).stdout.split("\n")
    return out[0], out[1]


def test_the_second_session_creates_its_own_test_database():
    name, first = _test_database_names()
    _, second = _test_database_names(TEST_SESSION_SUFFIX="llama")
    _, third = _test_database_names(TEST_SESSION_SUFFIX="workers")
    assert "llama" in second and second not in (first, name, f"test_{name}")
    assert "workers" in third and third not in (first, second, name, f"test_{name}")
