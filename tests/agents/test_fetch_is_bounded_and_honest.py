"""What a fetch of an allowed page does: follows redirects (checking each), sends an honest
User-Agent, refuses content types it does not read, caps the body size, and gives up on a
server that is too slow, whether it stalls or drips."""

import gzip
import time

import pytest

from agents.sources import fetch
from agents.sources.fetch import FetchFailed, FetchRefused, FetchUnavailable
from tests.local_http import LocalServer, Reply

PAGE = b"<html><head><title>T</title></head><body><p>Hello.</p></body></html>"


@pytest.fixture
def server(settings):
    with LocalServer({"/page": Reply(body=PAGE)}) as srv:
        settings.FETCH_ALLOW_LOOPBACK_HOSTS = [f"127.0.0.1:{srv.port}"]
        yield srv


def test_a_redirect_on_an_allowed_host_is_followed_and_the_final_url_kept(server):
    server.routes["/old"] = Reply(status=301, headers={"Location": "/moved"})
    server.routes["/moved"] = Reply(status=302, headers={"Location": f"{server.url}/page"})
    fetched = fetch.fetch(f"{server.url}/old")
    assert fetched.body == PAGE
    assert fetched.final_url == f"{server.url}/page"
    assert [r.path for r in server.requests] == ["/old", "/moved", "/page"]


def test_a_redirect_loop_ends_after_the_redirect_limit(server):
    server.routes["/loop"] = Reply(status=302, headers={"Location": "/loop"})
    with pytest.raises(FetchFailed, match="redirects"):
        fetch.fetch(f"{server.url}/loop")
    assert len(server.hits("/loop")) == fetch.MAX_REDIRECTS + 1


def test_the_user_agent_names_the_bot(server):
    fetch.fetch(f"{server.url}/page")
    assert server.requests[0].headers["user-agent"] == fetch.USER_AGENT
    assert "DeepResearchBot" in fetch.USER_AGENT


@pytest.mark.parametrize("content_type", ["image/png", "application/octet-stream", "application/zip", "video/mp4"])
def test_content_types_it_does_not_read_are_refused(server, content_type):
    server.routes["/file"] = Reply(body=b"\x89PNG....", content_type=content_type)
    with pytest.raises(FetchRefused, match="content type"):
        fetch.fetch(f"{server.url}/file")


def test_a_body_over_the_size_cap_is_refused_when_declared(server, monkeypatch):
    monkeypatch.setattr(fetch, "MAX_BYTES", 10_000)
    server.routes["/big"] = Reply(body=b"x" * 20_000)
    with pytest.raises(FetchFailed, match="cap"):
        fetch.fetch(f"{server.url}/big")


def test_a_body_over_the_size_cap_is_cut_off_when_not_declared(server, monkeypatch):
    monkeypatch.setattr(fetch, "MAX_BYTES", 100_000)
    server.routes["/stream"] = Reply(body=(b"y" * 10_000 for _ in range(1000)))  # 10 MB, no length
    with pytest.raises(FetchFailed, match="cap"):
        fetch.fetch(f"{server.url}/stream")


def test_a_server_that_stalls_times_out(server, monkeypatch):
    monkeypatch.setattr(fetch, "READ_TIMEOUT_SECONDS", 0.3)
    server.routes["/stall"] = Reply(body=PAGE, delay_seconds=2)
    with pytest.raises(FetchUnavailable, match="Timeout"):
        fetch.fetch(f"{server.url}/stall")


def test_a_server_that_drips_bytes_is_cut_off_at_the_total_deadline(server, monkeypatch):
    monkeypatch.setattr(fetch, "TOTAL_TIMEOUT_SECONDS", 0.8)
    # Each byte arrives well within the read timeout; the whole page would take 20 s.
    server.routes["/drip"] = Reply(body=(b"z" for _ in range(400)), chunk_pause_seconds=0.05)
    started = time.monotonic()
    with pytest.raises(FetchUnavailable, match="within"):
        fetch.fetch(f"{server.url}/drip")
    assert time.monotonic() - started < 5  # cut off near the deadline, not after the whole drip


def test_server_errors_are_transient_and_client_errors_permanent(server):
    server.routes["/busy"] = Reply(status=503)
    server.routes["/gone"] = Reply(status=404)
    with pytest.raises(FetchUnavailable):
        fetch.fetch(f"{server.url}/busy")
    with pytest.raises(FetchFailed):
        fetch.fetch(f"{server.url}/gone")


def test_a_compressed_body_is_decoded_and_capped_on_its_decoded_size(server, monkeypatch):
    server.routes["/gz"] = Reply(body=gzip.compress(PAGE), headers={"Content-Encoding": "gzip"})
    assert fetch.fetch(f"{server.url}/gz").body == PAGE
    monkeypatch.setattr(fetch, "MAX_BYTES", 100_000)
    server.routes["/bomb"] = Reply(body=gzip.compress(b"\0" * 5_000_000), headers={"Content-Encoding": "gzip"})
    with pytest.raises(FetchFailed, match="cap"):
        fetch.fetch(f"{server.url}/bomb")
