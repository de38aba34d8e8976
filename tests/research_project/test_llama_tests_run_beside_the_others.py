"""The llama.cpp tests run in a second pytest session beside the rest (tests/llama_session.py):
it must never share the first session's Redis database or test database."""

import os
import subprocess
import sys

from django.conf import settings

from tests import llama_session


def test_the_second_session_gets_another_database_of_the_same_redis_server():
    assert llama_session.other_redis_db("redis://127.0.0.1:6379/0") == "redis://127.0.0.1:6379/8"
    assert llama_session.other_redis_db("redis://:secret@cache:6380/11") == "redis://:secret@cache:6380/3"
    assert llama_session.other_redis_db("redis://127.0.0.1:6379") == "redis://127.0.0.1:6379/8"


def test_an_embedded_redis_on_a_socket_keeps_the_llama_tests_in_the_main_session():
    assert llama_session.other_redis_db(f"unix://{settings.VAR_DIR}/redis.sock") is None


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
    assert "llama" in second and second not in (first, name, f"test_{name}")
