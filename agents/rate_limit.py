"""A global rate limiter per model: requests and tokens per window, shared by every worker
process through Redis.

The design's peak is about 21 million input tokens per minute, so many workers share one
provider quota. Each call asks for capacity first and waits for it (bounded) instead of
collecting 429s from the provider.

The limiter is a sliding-window log kept in Redis and decided by one Lua script, so the
check and the admission are one atomic step however many processes ask at once; the clock
is the Redis server's, so workers on machines with skewed clocks still agree. For any
interval of `window_seconds`, the admitted requests never exceed `requests` and the admitted
token estimates never exceed `tokens`. A token estimate is the prompt plus max_tokens (what
providers themselves count against a quota); one call larger than the whole token limit is
counted as the limit, so it is admitted when the window is empty instead of never.
"""

from __future__ import annotations

import random
import time
import uuid
from dataclasses import dataclass

from django.conf import settings

from jobs.runtime.errors import TransientStepError
from jobs.runtime.redis_client import redis_client

DEFAULT_WINDOW_SECONDS = 60
# Spreads the waiters that wake for the same freed slot, so they do not all retry at once.
WAKE_JITTER_SECONDS = 0.02

_ACQUIRE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[5])
local start = now - window
local max_requests, max_tokens = tonumber(ARGV[3]), tonumber(ARGV[4])
local tokens = tonumber(ARGV[2])
if max_tokens > 0 and tokens > max_tokens then tokens = max_tokens end

redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', start)
local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', start)
if #expired > 0 then
  local freed = 0
  for _, member in ipairs(expired) do freed = freed + tonumber(string.match(member, ':(%d+)$')) end
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', start)
  redis.call('DECRBY', KEYS[3], freed)
end
local used_tokens = tonumber(redis.call('GET', KEYS[3]) or '0')
if used_tokens < 0 or redis.call('ZCARD', KEYS[2]) == 0 then
  used_tokens = 0
  redis.call('SET', KEYS[3], 0)
end

local wait = 0
if max_requests > 0 and redis.call('ZCARD', KEYS[1]) >= max_requests then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  wait = tonumber(oldest[2]) + window - now
end
if max_tokens > 0 and used_tokens + tokens > max_tokens then
  local need = used_tokens + tokens - max_tokens
  local entries = redis.call('ZRANGE', KEYS[2], 0, -1, 'WITHSCORES')
  local freed = 0
  for i = 1, #entries, 2 do
    freed = freed + tonumber(string.match(entries[i], ':(%d+)$'))
    if freed >= need then
      local w = tonumber(entries[i + 1]) + window - now
      if w > wait then wait = w end
      break
    end
  end
end
if wait > 0 then return {0, wait, now} end

redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZADD', KEYS[2], now, ARGV[1] .. ':' .. tokens)
redis.call('INCRBY', KEYS[3], tokens)
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], window * 2) end
return {1, 0, now}
"""


class RateLimitWaitExceeded(TransientStepError):
    """No capacity came free for this model within the longest allowed wait."""


@dataclass(frozen=True)
class Limit:
    requests: int = 0  # per window; 0 = unlimited
    tokens: int = 0  # per window; 0 = unlimited
    window_seconds: float = DEFAULT_WINDOW_SECONDS


@dataclass(frozen=True)
class Admission:
    admitted_at_ms: int  # Redis server time of the admission
    waited_seconds: float


def limit_for(model: str) -> Limit | None:
    """The configured limit of `model` (MODEL_RATE_LIMITS), or None when it has none."""
    raw = settings.MODEL_RATE_LIMITS.get(model)
    if not raw:
        return None
    return Limit(
        requests=int(raw.get("rpm", 0)),
        tokens=int(raw.get("tpm", 0)),
        window_seconds=float(raw.get("window_seconds", DEFAULT_WINDOW_SECONDS)),
    )


def _keys(model: str) -> list[str]:
    # One hash tag, so the three keys live on one node of a Redis Cluster.
    return [f"ratelimit:{{{model}}}:requests", f"ratelimit:{{{model}}}:tokens", f"ratelimit:{{{model}}}:token_sum"]


def try_acquire(model: str, *, tokens: int, limit: Limit) -> tuple[bool, float, int]:
    """One atomic attempt: (admitted, seconds to wait before the next attempt, server ms)."""
    script = redis_client().register_script(_ACQUIRE)
    ok, wait_ms, now_ms = script(
        keys=_keys(model),
        args=[uuid.uuid4().hex, max(0, int(tokens)), limit.requests, limit.tokens, int(limit.window_seconds * 1000)],
    )
    return ok == 1, wait_ms / 1000, int(now_ms)


def acquire(
    model: str, *, tokens: int, limit: Limit | None = None, max_wait_seconds: float | None = None
) -> Admission | None:
    """Wait until `model` has capacity for one request of `tokens`, then take it.

    Returns None when the model has no limit. Raises RateLimitWaitExceeded when no capacity
    came free within `max_wait_seconds` (RATE_LIMIT_MAX_WAIT_SECONDS by default)."""
    limit = limit or limit_for(model)
    if limit is None or (limit.requests <= 0 and limit.tokens <= 0):
        return None
    max_wait = settings.RATE_LIMIT_MAX_WAIT_SECONDS if max_wait_seconds is None else max_wait_seconds
    started = time.monotonic()
    while True:
        admitted, wait, now_ms = try_acquire(model, tokens=tokens, limit=limit)
        waited = time.monotonic() - started
        if admitted:
            return Admission(admitted_at_ms=now_ms, waited_seconds=waited)
        if waited + wait > max_wait:
            raise RateLimitWaitExceeded(
                f"{model}: no rate-limit capacity within {max_wait:.0f} s "
                f"({limit.requests} requests / {limit.tokens} tokens per {limit.window_seconds:.0f} s)"
            )
        time.sleep(wait + random.random() * WAKE_JITTER_SECONDS)


# --- Concurrency: at most `max_concurrent` calls in flight per model, across every worker --------
# A slot is a member of a sorted set scored by when it lapses (its holder's call timeout plus a
# margin), so a slot whose worker died frees itself; a call that ends releases it at once.
_SLOT_ACQUIRE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) * 2)
  return 1
end
return 0
"""
# How often a waiting call looks for a free slot (with jitter, so waiters do not move as one).
SLOT_POLL_SECONDS = 0.1
# A slot outlives its call's timeout by this much before it lapses on its own.
SLOT_MARGIN_SECONDS = 10.0


class SlotWaitExceeded(TransientStepError):
    """No call slot of the model came free within the wait allowed."""


def max_concurrent_for(model: str) -> int:
    """MODEL_RATE_LIMITS[model]["max_concurrent"], 0 when unlimited."""
    raw = settings.MODEL_RATE_LIMITS.get(model) or {}
    return max(0, int(raw.get("max_concurrent", 0) or 0))


@dataclass
class Slot:
    model: str
    member: str

    def release(self) -> None:
        redis_client().zrem(_slot_key(self.model), self.member)


def _slot_key(model: str) -> str:
    return f"ratelimit:{{{model}}}:slots"


def acquire_slot(model: str, *, hold_seconds: float, max_wait_seconds: float) -> Slot | None:
    """Wait (at most `max_wait_seconds`) for one of the model's call slots and take it for at
    most `hold_seconds`; None when the model has no max_concurrent. Raises SlotWaitExceeded."""
    limit = max_concurrent_for(model)
    if limit <= 0:
        return None
    script = redis_client().register_script(_SLOT_ACQUIRE)
    member = uuid.uuid4().hex
    started = time.monotonic()
    while True:
        if script(keys=[_slot_key(model)], args=[member, limit, int((hold_seconds + SLOT_MARGIN_SECONDS) * 1000)]) == 1:
            return Slot(model=model, member=member)
        if time.monotonic() - started >= max_wait_seconds:
            raise SlotWaitExceeded(f"{model}: all {limit} call slots stayed busy for {max_wait_seconds:.0f} s")
        time.sleep(SLOT_POLL_SECONDS * (0.5 + random.random()))
