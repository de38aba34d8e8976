"""One Redis connection pool per process for the ledger, rate limiter, slots and events."""
from __future__ import annotations

from functools import lru_cache

import redis
from django.conf import settings


@lru_cache(maxsize=1)
def _pool() -> redis.ConnectionPool:
    return redis.ConnectionPool.from_url(settings.REDIS_URL, health_check_interval=30)


def redis_client() -> redis.Redis:
    return redis.Redis(connection_pool=_pool())
