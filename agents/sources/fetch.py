"""Safe fetching of web pages with requests.

- http and https only;
- the host is resolved once and every address is checked: private, loopback, link-local
  (cloud metadata included), CGNAT, multicast, reserved, unspecified and IPv4-mapped/6to4/
  Teredo forms of those are refused; decimal and octal spellings of an address resolve to the
  same address and are refused the same way;
- the connection goes to the address that was checked (no DNS-rebinding gap), with TLS still
  verified against the host name;
- redirects are followed by hand, each target checked again;
- a size cap, a connect and a read timeout plus a deadline for the whole fetch (a server
  that drips one byte at a time never trips a read timeout), allowed content types and an
  honest User-Agent.

A test may allow named loopback servers with FETCH_ALLOW_LOOPBACK_HOSTS (`host:port` pairs:
one server, never every port of a host); production never does.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit, urlunsplit

import requests
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from requests.adapters import HTTPAdapter
from urllib3 import exceptions as urllib3_errors

from jobs.runtime.errors import PermanentStepError, TransientStepError

MAX_BYTES = 5 * 1024 * 1024
MAX_REDIRECTS = 5
CONNECT_TIMEOUT_SECONDS = 5
READ_TIMEOUT_SECONDS = 20
# The whole fetch, redirects and body included: a 5 MB page at a slow 100 kB/s takes 50 s.
TOTAL_TIMEOUT_SECONDS = 60
READ_CHUNK_BYTES = 64 * 1024
USER_AGENT = "DeepResearchBot/1.0 (self-hosted research service; reads public pages to cite them)"
ALLOWED_CONTENT_TYPES = ("text/html", "application/xhtml+xml", "application/pdf", "text/plain", "text/markdown")
_CGNAT = ipaddress.ip_network("100.64.0.0/10")
_METADATA_V6 = ipaddress.ip_address("fd00:ec2::254")
# NAT64 gateways map 64:ff9b::a.b.c.d to the IPv4 address a.b.c.d.
_NAT64 = ipaddress.ip_network("64:ff9b::/96")


class FetchRefused(PermanentStepError):
    """The URL may not be fetched (scheme, address or content type)."""


class FetchFailed(PermanentStepError):
    """The page could not be fetched and a retry will not help (4xx, too large, bad body)."""


class FetchUnavailable(TransientStepError):
    """The page could not be fetched now (timeout, connection error, 5xx)."""


@dataclass(frozen=True)
class Fetched:
    url: str
    final_url: str
    content_type: str
    body: bytes


def _address_refused(ip: ipaddress._BaseAddress) -> str:
    if isinstance(ip, ipaddress.IPv6Address):
        for embedded in (ip.ipv4_mapped, ip.sixtofour, ip.teredo[1] if ip.teredo else None):
            if embedded is not None:
                reason = _address_refused(embedded)
                if reason:
                    return f"embedded IPv4 {embedded} is {reason}"
        if ip in _NAT64:
            embedded = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
            reason = _address_refused(embedded)
            if reason:
                return f"NAT64 of {embedded}, which is {reason}"
        if ip == _METADATA_V6:
            return "a cloud metadata address"
    if ip.is_loopback:
        return "loopback"
    if ip.is_link_local:
        return "link-local (cloud metadata lives there)"
    if isinstance(ip, ipaddress.IPv4Address) and ip in _CGNAT:
        return "carrier-grade NAT"
    if ip.is_private:
        return "private"
    if ip.is_multicast:
        return "multicast"
    if ip.is_reserved or ip.is_unspecified:
        return "reserved"
    if not ip.is_global and not (isinstance(ip, ipaddress.IPv6Address) and ip in _NAT64):
        # Whatever else IANA lists as not globally reachable (benchmarking, documentation,
        # IETF protocol assignments...): nothing a public page lives on.
        return "not a public address"
    return ""


def _allowed_loopback_servers() -> set[tuple[str, int]]:
    """FETCH_ALLOW_LOOPBACK_HOSTS as {(lower-case host, port)}. Raises ImproperlyConfigured for
    an entry without a port: a bare host would open every service listening on it."""
    servers = set()
    for entry in settings.FETCH_ALLOW_LOOPBACK_HOSTS:
        parts = urlsplit(f"//{entry.strip()}")
        try:
            port = parts.port
        except ValueError:
            port = None
        if not parts.hostname or port is None:
            raise ImproperlyConfigured(
                f"FETCH_ALLOW_LOOPBACK_HOSTS entries are host:port (an IPv6 host in brackets); {entry!r} is not"
            )
        servers.add((parts.hostname.lower(), port))
    return servers


def loopback_allowed(host: str, port: int) -> bool:
    """Whether FETCH_ALLOW_LOOPBACK_HOSTS names this exact host and port (a test's local server;
    the outgoing webhook check asks the same). Raises ImproperlyConfigured for a bad entry."""
    return (host.strip("[]").lower(), int(port)) in _allowed_loopback_servers()


def resolve_checked(host: str, port: int) -> str:
    """Resolve `host` and return one address safe to connect to. Raises FetchRefused."""
    allowed_loopback = loopback_allowed(host, port)
    try:
        infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except socket.gaierror as exc:
        raise FetchFailed(f"cannot resolve host {host!r}") from exc
    addresses = []
    for info in infos:
        ip = ipaddress.ip_address(info[4][0].split("%")[0])
        reason = _address_refused(ip)
        if reason and not (allowed_loopback and ip.is_loopback):
            raise FetchRefused(f"{host} resolves to {ip}, which is {reason}")
        addresses.append(str(ip))
    if not addresses:
        raise FetchFailed(f"no address for {host!r}")
    return addresses[0]


class PinnedAdapter(HTTPAdapter):
    """Connects to a checked IP while TLS verifies the real host name (page fetches and
    webhook deliveries)."""

    def __init__(self, hostname: str, **kwargs):
        self._hostname = hostname
        super().__init__(**kwargs)

    def init_poolmanager(self, *args, **kwargs):
        kwargs["server_hostname"] = self._hostname
        kwargs["assert_hostname"] = self._hostname
        super().init_poolmanager(*args, **kwargs)


def _one_request(url: str) -> tuple[requests.Session, requests.Response]:
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https"}:
        raise FetchRefused(f"scheme {parts.scheme or '(none)'!r} is not fetched; only http and https")
    if not parts.hostname:
        raise FetchRefused("the URL has no host")
    if parts.username or parts.password:
        raise FetchRefused("URLs with credentials are not fetched")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    ip = resolve_checked(parts.hostname, port)
    ip_host = f"[{ip}]" if ":" in ip else ip
    pinned = urlunsplit((parts.scheme, f"{ip_host}:{port}", parts.path or "/", parts.query, ""))
    session = requests.Session()
    session.trust_env = False  # no proxy from the environment can bypass the address check
    session.verify = settings.FETCH_CA_BUNDLE or True  # an internal CA, else certifi's bundle
    session.mount(f"{parts.scheme}://", PinnedAdapter(parts.hostname, max_retries=0))
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    host_header = host if parts.port is None else f"{host}:{parts.port}"
    try:
        return session, session.get(
            pinned,
            headers={"Host": host_header, "User-Agent": USER_AGENT, "Accept": ", ".join(ALLOWED_CONTENT_TYPES)},
            timeout=(CONNECT_TIMEOUT_SECONDS, READ_TIMEOUT_SECONDS),
            allow_redirects=False,
            stream=True,
        )
    except (requests.Timeout, requests.ConnectionError) as exc:
        session.close()
        raise FetchUnavailable(f"{parts.hostname}: {type(exc).__name__}") from exc


def fetch(url: str) -> Fetched:
    """Fetch `url` safely. Raises FetchRefused, FetchFailed or FetchUnavailable."""
    current = url
    deadline = time.monotonic() + TOTAL_TIMEOUT_SECONDS
    for _ in range(MAX_REDIRECTS + 1):
        session, response = _one_request(current)
        try:
            if response.is_redirect or response.status_code in (301, 302, 303, 307, 308):
                location = response.headers.get("location")
                if not location:
                    raise FetchFailed(f"redirect without a location from {current}")
                current = urljoin(current, location)
                continue
            return _read(url, current, response, deadline)
        finally:
            response.close()
            session.close()
    raise FetchFailed(f"more than {MAX_REDIRECTS} redirects from {url}")


def _read(url: str, final_url: str, response: requests.Response, deadline: float) -> Fetched:
    if response.status_code >= 500 or response.status_code == 429:
        raise FetchUnavailable(f"HTTP {response.status_code} from {final_url}")
    if response.status_code >= 400:
        raise FetchFailed(f"HTTP {response.status_code} from {final_url}")
    content_type = (response.headers.get("content-type") or "text/html").split(";")[0].strip().lower()
    if content_type not in ALLOWED_CONTENT_TYPES:
        raise FetchRefused(f"content type {content_type!r} is not read")
    declared = response.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > MAX_BYTES:
        raise FetchFailed(f"page of {declared} bytes is over the {MAX_BYTES}-byte cap")
    body = bytearray()
    try:
        while True:
            # read1 returns what has arrived (decompressed, at most READ_CHUNK_BYTES) instead of
            # blocking for a full chunk, so the deadline is checked while a slow server drips.
            chunk = response.raw.read1(READ_CHUNK_BYTES, decode_content=True)
            if not chunk:
                break
            body.extend(chunk)
            if len(body) > MAX_BYTES:
                raise FetchFailed(f"page is over the {MAX_BYTES}-byte cap")
            if time.monotonic() > deadline:
                raise FetchUnavailable(f"{final_url}: not read within {TOTAL_TIMEOUT_SECONDS} s")
    except (urllib3_errors.ReadTimeoutError, urllib3_errors.ProtocolError, OSError) as exc:
        raise FetchUnavailable(f"{final_url}: {type(exc).__name__} while reading") from exc
    except urllib3_errors.DecodeError as exc:
        raise FetchFailed(f"{final_url}: the body does not decode ({exc})") from exc
    return Fetched(url=url, final_url=final_url, content_type=content_type, body=bytes(body))
