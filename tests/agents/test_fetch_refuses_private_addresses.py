"""SSRF: no fetch reaches a private, loopback, link-local, CGNAT or otherwise non-public
address, however it is spelled, resolved or redirected to; only http and https. The one
loopback server (host:port) a test names in FETCH_ALLOW_LOOPBACK_HOSTS is the only exception."""

import socket
import ssl
import subprocess

import pytest

from agents.sources import fetch
from agents.sources.fetch import FetchRefused, FetchUnavailable
from tests.local_http import LocalServer, Reply

REAL_GETADDRINFO = socket.getaddrinfo


@pytest.fixture
def allowed_server(settings):
    """A local web server the fetcher may reach (its host is named in the setting)."""
    with LocalServer(default=Reply(body="<html><body><p>An allowed page.</p></body></html>")) as server:
        settings.FETCH_ALLOW_LOOPBACK_HOSTS = [f"127.0.0.1:{server.port}"]
        yield server


@pytest.fixture
def resolve_as(monkeypatch):
    """Make chosen host names resolve to chosen addresses (as a hostile DNS would)."""
    table = {}

    def fake(host, port, *args, **kwargs):
        if host in table:
            family = socket.AF_INET6 if ":" in table[host] else socket.AF_INET
            return [(family, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (table[host], port))]
        return REAL_GETADDRINFO(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", fake)
    return table


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/",
        "http://localhost/",
        "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
        "http://[::ffff:127.0.0.1]/",
        "http://[::1]/",
        "http://100.64.0.1/",
        "http://10.0.0.5/",
        "http://192.168.1.1/",
        "http://172.16.0.1/",
        "http://0.0.0.0/",
        "http://2130706433/",  # 127.0.0.1 as one decimal number
        "http://0177.0.0.1/",  # 127.0.0.1 in octal
        "http://0x7f.1/",  # 127.0.0.1 in hex, short form
        "http://[64:ff9b::a9fe:a9fe]/",  # NAT64 of 169.254.169.254
        "http://224.0.0.1/",  # multicast
        "http://198.18.0.1/",  # benchmarking range, not public
    ],
)
def test_private_loopback_link_local_and_odd_spellings_are_refused(url, settings):
    settings.FETCH_ALLOW_LOOPBACK_HOSTS = []
    with pytest.raises(FetchRefused):
        fetch.fetch(url)


def test_an_allowed_loopback_name_does_not_open_other_loopback_spellings(allowed_server):
    for url in (
        f"http://localhost:{allowed_server.port}/",
        f"http://2130706433:{allowed_server.port}/",
        f"http://[::ffff:127.0.0.1]:{allowed_server.port}/",
    ):
        with pytest.raises(FetchRefused):
            fetch.fetch(url)
    assert allowed_server.requests == []


def test_a_public_looking_name_that_resolves_to_a_private_address_is_refused(resolve_as):
    resolve_as["public.example"] = "10.0.0.5"
    with pytest.raises(FetchRefused, match="10.0.0.5"):
        fetch.fetch("http://public.example/annual-report")


def test_an_allowed_name_that_resolves_off_loopback_is_still_refused(resolve_as, settings):
    settings.FETCH_ALLOW_LOOPBACK_HOSTS = ["fixture.test:80"]
    resolve_as["fixture.test"] = "192.168.0.10"
    with pytest.raises(FetchRefused):
        fetch.fetch("http://fixture.test/")


@pytest.mark.parametrize(
    "target",
    [
        "http://169.254.169.254/latest/meta-data/",
        "http://10.0.0.5/internal",
        "http://localhost/admin",
        "file:///etc/passwd",
        "gopher://127.0.0.1:6379/_FLUSHALL",
    ],
)
def test_a_redirect_from_an_allowed_server_to_a_private_address_or_scheme_is_refused(allowed_server, target):
    allowed_server.routes["/go"] = Reply(status=302, headers={"Location": target})
    with pytest.raises(FetchRefused):
        fetch.fetch(f"{allowed_server.url}/go")
    assert [r.path for r in allowed_server.requests] == ["/go"]


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "gopher://127.0.0.1:70/",
        "ftp://ftp.example/x",
        "dict://127.0.0.1:11211/",
        "http://user:pass@public.example/",
    ],
)
def test_schemes_other_than_http_and_https_and_urls_with_credentials_are_refused(url):
    with pytest.raises(FetchRefused):
        fetch.fetch(url)


def test_the_connection_goes_to_the_address_that_was_checked(resolve_as, settings, monkeypatch):
    """DNS rebinding: the name resolves to the allowed loopback the first time and elsewhere
    the second; the fetch must connect to the first answer and resolve only once."""
    answers = ["127.0.0.1", "127.0.0.2"]  # 127.0.0.2: loopback too, but nothing listens there
    lookups = []

    def rebinding(host, port, *args, **kwargs):
        if host == "rebind.test":
            lookups.append(host)
            address = answers[min(len(lookups) - 1, 1)]
            return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (address, port))]
        return REAL_GETADDRINFO(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    with LocalServer(default=Reply(body="<p>pinned</p>")) as server:
        port = server.port
        settings.FETCH_ALLOW_LOOPBACK_HOSTS = [f"rebind.test:{port}"]
        fetched = fetch.fetch(f"http://rebind.test:{port}/page")
    assert fetched.body == b"<p>pinned</p>"
    assert lookups == ["rebind.test"]
    assert server.requests[0].headers["host"] == f"rebind.test:{port}"


# --- HTTPS: the pinned connection still verifies the certificate against the real host name ---


def _openssl(*args, cwd):
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


@pytest.fixture(scope="module")
def test_ca(tmp_path_factory):
    """A throwaway CA and two server certificates it signed: one for the host the test fetches,
    one for another name."""
    d = tmp_path_factory.mktemp("tls")
    _openssl(
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        "ca.key",
        "-out",
        "ca.pem",
        "-days",
        "2",
        "-subj",
        "/CN=research test CA",
        cwd=d,
    )
    for name in ("pinned.test", "elsewhere.test"):
        _openssl(
            "req",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            f"{name}.key",
            "-out",
            f"{name}.csr",
            "-subj",
            f"/CN={name}",
            cwd=d,
        )
        (d / f"{name}.ext").write_text(f"subjectAltName=DNS:{name}\n")
        _openssl(
            "x509",
            "-req",
            "-in",
            f"{name}.csr",
            "-CA",
            "ca.pem",
            "-CAkey",
            "ca.key",
            "-CAcreateserial",
            "-out",
            f"{name}.pem",
            "-days",
            "2",
            "-extfile",
            f"{name}.ext",
            cwd=d,
        )
    return d


def https_server(test_ca, cert_name: str, seen_sni: list) -> LocalServer:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(test_ca / f"{cert_name}.pem", test_ca / f"{cert_name}.key")
    context.sni_callback = lambda sock, server_name, ctx: seen_sni.append(server_name)
    return LocalServer(default=Reply(body="<p>over TLS</p>"), tls=context)


@pytest.fixture
def pinned_host(resolve_as, settings, test_ca):
    resolve_as["pinned.test"] = "127.0.0.1"
    settings.FETCH_CA_BUNDLE = str(test_ca / "ca.pem")
    return settings


def test_https_connects_to_the_checked_address_and_verifies_the_real_host_name(pinned_host, test_ca):
    sni = []
    with https_server(test_ca, "pinned.test", sni) as server:
        port = server.port
        pinned_host.FETCH_ALLOW_LOOPBACK_HOSTS = [f"pinned.test:{port}"]
        fetched = fetch.fetch(f"https://pinned.test:{port}/page")
    assert fetched.body == b"<p>over TLS</p>"
    # TLS spoke the host name (SNI) although the socket went to the pinned IP.
    assert sni == ["pinned.test"]
    assert server.requests[0].headers["host"] == f"pinned.test:{port}"


def test_https_refuses_a_certificate_for_another_name(pinned_host, test_ca):
    with https_server(test_ca, "elsewhere.test", []) as server:
        pinned_host.FETCH_ALLOW_LOOPBACK_HOSTS = [f"pinned.test:{server.port}"]
        with pytest.raises(FetchUnavailable, match="SSLError"):
            fetch.fetch(f"https://pinned.test:{server.port}/page")
    assert server.requests == []


def test_https_refuses_a_certificate_from_an_untrusted_ca(pinned_host, test_ca):
    pinned_host.FETCH_CA_BUNDLE = ""  # certifi's bundle does not know the test CA
    with https_server(test_ca, "pinned.test", []) as server:
        pinned_host.FETCH_ALLOW_LOOPBACK_HOSTS = [f"pinned.test:{server.port}"]
        with pytest.raises(FetchUnavailable, match="SSLError"):
            fetch.fetch(f"https://pinned.test:{server.port}/page")
    assert server.requests == []
