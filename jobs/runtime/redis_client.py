"""One Redis connection pool per process for the ledger, rate limiter, slots and events."""

from __future__ import annotations

from functools import lru_cache

import redis
from django.conf import settings


def make_pool(max_connections: int, timeout: float) -> redis.ConnectionPool:
    """A pool whose threads wait for a free connection (up to `timeout` seconds) when all
    `max_connections` are in use: redis-py's default pool raises "Too many connections" at its
    101st, which a worker with more threads than that reached in the ledger and the leases."""
    return redis.BlockingConnectionPool.from_url(
        settings.REDIS_URL, health_check_interval=30, max_connections=max_connections, timeout=timeout
    )


@lru_cache(maxsize=1)
def _pool() -> redis.ConnectionPool:
    # getattr: a helper process may configure Django with only REDIS_URL (the rate limiter's tests)
    return make_pool(
        getattr(settings, "REDIS_MAX_CONNECTIONS", 200), getattr(settings, "REDIS_POOL_TIMEOUT_SECONDS", 10.0)
    )


@lru_cache(maxsize=1)
def redis_client() -> redis.Redis:
    """The process's client (thread-safe: each command borrows a pool connection). Built once:
    constructing a client costs ~0.3 ms of CPU, and the hot path asks for it thousands of times
    per report."""
    return redis.Redis(connection_pool=_pool())
