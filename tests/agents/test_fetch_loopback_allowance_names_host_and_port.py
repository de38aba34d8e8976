"""FETCH_ALLOW_LOOPBACK_HOSTS names `host:port` pairs: allowing one local server opens that
server only, not every other port of the same host (where a database or an admin panel may
listen). An entry without a port is a configuration error, said as such."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from agents.sources import fetch
from agents.sources.fetch import FetchRefused
from tests.local_http import LocalServer, Reply


def test_allowing_one_loopback_port_does_not_open_another_port_of_the_same_host(settings):
    with (
        LocalServer(default=Reply(body="<p>allowed</p>")) as allowed,
        LocalServer(default=Reply(body="<p>an internal service</p>")) as other,
    ):
        settings.FETCH_ALLOW_LOOPBACK_HOSTS = [f"127.0.0.1:{allowed.port}"]
        assert fetch.fetch(f"http://127.0.0.1:{allowed.port}/page").body == b"<p>allowed</p>"
        with pytest.raises(FetchRefused, match="loopback"):
            fetch.fetch(f"http://127.0.0.1:{other.port}/admin")
    assert other.requests == []


def test_a_redirect_from_the_allowed_port_to_another_local_port_is_refused(settings):
    with LocalServer(default=Reply(body="<p>internal</p>")) as other, LocalServer() as allowed:
        allowed.routes["/go"] = Reply(status=302, headers={"Location": f"http://127.0.0.1:{other.port}/secret"})
        settings.FETCH_ALLOW_LOOPBACK_HOSTS = [f"127.0.0.1:{allowed.port}"]
        with pytest.raises(FetchRefused):
            fetch.fetch(f"http://127.0.0.1:{allowed.port}/go")
    assert other.requests == []


def test_an_entry_without_a_port_is_refused_as_a_configuration_error(settings):
    settings.FETCH_ALLOW_LOOPBACK_HOSTS = ["localhost"]
    with pytest.raises(ImproperlyConfigured, match="host:port"):
        fetch.loopback_allowed("localhost", 8000)


@pytest.mark.parametrize(
    "entry, host, port, allowed",
    [
        ("127.0.0.1:8001", "127.0.0.1", 8001, True),
        ("127.0.0.1:8001", "127.0.0.1", 8002, False),
        ("LocalHost:80", "localhost", 80, True),
        ("[::1]:9000", "::1", 9000, True),
        ("[::1]:9000", "::1", 9001, False),
    ],
)
def test_entries_match_host_and_port_exactly(settings, entry, host, port, allowed):
    settings.FETCH_ALLOW_LOOPBACK_HOSTS = [entry]
    assert fetch.loopback_allowed(host, port) is allowed
