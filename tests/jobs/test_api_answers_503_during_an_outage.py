"""While PostgreSQL or Redis cannot be reached, the API answers 503 with a JSON body
{error, field, retry_after_seconds} and a Retry-After header (token authentication reads the
database, the throttles count in Redis), and answers normally again once the store is back.

The web server (uvicorn, ASGI) reaches each store through a TCP proxy the test cuts; the
shared PostgreSQL and Redis servers are never stopped."""

from urllib.parse import urlsplit, urlunsplit

import httpx
import pytest
from django.conf import settings
from rest_framework.authtoken.models import Token

from tests.factories import UserFactory
from tests.tcp_proxy import TcpProxy
from tests.web_server import WebServerProcess
from tests.workers import test_database_url as database_url

TIMEOUT_SECONDS = 30


def through(proxy: TcpProxy, url: str) -> str:
    parts = urlsplit(url)
    auth = parts.netloc.rpartition("@")[0]
    return urlunsplit(parts._replace(netloc=f"{auth + '@' if auth else ''}127.0.0.1:{proxy.port}"))


@pytest.fixture
def alice_token(live):
    import uuid

    alice = UserFactory(username=f"alice-{uuid.uuid4().hex[:8]}")
    yield Token.objects.create(user=alice).key
    alice.delete()


def assert_503(response):
    assert response.status_code == 503, response.text[:300]
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert body["error"] and body["field"] is None
    assert body["retry_after_seconds"] > 0
    assert response.headers["retry-after"] == str(body["retry_after_seconds"])


@pytest.mark.postgres
def test_the_api_answers_503_json_while_postgresql_is_unreachable_and_recovers(alice_token):
    db = urlsplit(database_url())
    proxy = TcpProxy(db.hostname, db.port).start()
    web = WebServerProcess(env={"DATABASE_URL": through(proxy, database_url())}).start()
    headers = {"Authorization": f"Token {alice_token}"}
    try:
        assert httpx.get(f"{web.url}/v1/research", headers=headers, timeout=TIMEOUT_SECONDS).status_code == 200
        proxy.cut()
        assert_503(httpx.get(f"{web.url}/v1/research", headers=headers, timeout=TIMEOUT_SECONDS))
        assert_503(
            httpx.post(
                f"{web.url}/v1/research",
                headers=headers,
                timeout=TIMEOUT_SECONDS,
                json={"question": "Which battery suppliers does Norvik Electric use?"},
            )
        )
        # A browser's session cookie is looked up in the database too.
        assert_503(httpx.get(f"{web.url}/v1/settings", cookies={"sessionid": "x" * 32}, timeout=TIMEOUT_SECONDS))
        proxy.restore()
        assert httpx.get(f"{web.url}/v1/research", headers=headers, timeout=TIMEOUT_SECONDS).status_code == 200
    finally:
        web.stop()
        proxy.stop()
    assert "Traceback" not in web.log()


def test_the_api_answers_503_json_while_redis_is_unreachable_and_recovers(alice_token):
    redis_url = settings.REDIS_URL
    if not redis_url.startswith("redis://"):
        pytest.skip("needs Redis over TCP (set REDIS_URL)")
    target = urlsplit(redis_url)
    proxy = TcpProxy(target.hostname, target.port or 6379).start()
    web = WebServerProcess(env={"REDIS_URL": through(proxy, redis_url)}).start()
    headers = {"Authorization": f"Token {alice_token}"}
    try:
        assert httpx.get(f"{web.url}/v1/settings", headers=headers, timeout=TIMEOUT_SECONDS).status_code == 200
        proxy.cut()
        assert_503(httpx.get(f"{web.url}/v1/settings", headers=headers, timeout=TIMEOUT_SECONDS))
        assert_503(
            httpx.post(
                f"{web.url}/v1/research",
                headers=headers,
                timeout=TIMEOUT_SECONDS,
                json={"question": "Which battery suppliers does Norvik Electric use?"},
            )
        )
        proxy.restore()
        assert httpx.get(f"{web.url}/v1/settings", headers=headers, timeout=TIMEOUT_SECONDS).status_code == 200
    finally:
        web.stop()
        proxy.stop()
    assert "Traceback" not in web.log()
