"""A simulated provider around the offline engine, for tests and benchmarks.

- ENGINE_FIXED_LATENCY_SECONDS: wait this long before every answer;
- ENGINE_TOKENS_PER_SECOND: then wait for the reply's tokens at this rate (0 = instant);
- ENGINE_FAULTS: comma-separated `fault:schema:count` (count calls of that schema fail this
  way, shared by every process through Redis), fault one of 429, timeout, 500, 400 (the
  provider refuses the request: permanent), malformed_json, bad_quote; schema `*` matches any;
- ENGINE_COUNT_CALLS: count calls per step key in Redis (tests read `engine:calls:<step_key>`);
- ENGINE_LATENCY_BY_SCHEMA: JSON seconds before answering, per schema (plan, worker_action, ...),
  added to the fixed latency; ENGINE_LATENCY_SCALE divides every simulated wait (latencies and
  the time output takes at ENGINE_TOKENS_PER_SECOND), so the design's timings can be replayed
  faster in the same proportions.
"""

from __future__ import annotations

import json
import time

import httpx
import litellm
from django.conf import settings

from jobs.runtime.redis_client import redis_client


def _faults() -> list[tuple[str, str, int]]:
    raw = getattr(settings, "ENGINE_FAULTS", "") or ""
    out = []
    for item in raw.split(","):
        parts = item.strip().split(":")
        if len(parts) == 3:
            out.append((parts[0], parts[1], int(parts[2])))
    return out


def _take(fault: str, schema: str) -> bool:
    """True when this call should suffer `fault` (consumes one of its count)."""
    for name, wanted, count in _faults():
        if name != fault or wanted not in {schema, "*"}:
            continue
        key = f"engine:faults:{name}:{wanted}"
        used = redis_client().incr(key)
        return used <= count
    return False


def _response(status: int) -> httpx.Response:
    return httpx.Response(
        status,
        headers={"retry-after": "0.05"},
        request=httpx.Request("POST", "http://offline.invalid/v1/chat/completions"),
    )


def before_call(model: str, schema: str, metadata: dict) -> None:
    if getattr(settings, "ENGINE_COUNT_CALLS", False) and metadata.get("step_key"):
        redis_client().incr(f"engine:calls:{metadata['step_key']}")
    delay = float(getattr(settings, "ENGINE_FIXED_LATENCY_SECONDS", 0) or 0)
    delay += float((getattr(settings, "ENGINE_LATENCY_BY_SCHEMA", {}) or {}).get(schema, 0))
    if delay:
        time.sleep(delay / _scale())
    if _take("429", schema):
        raise litellm.RateLimitError(
            "simulated rate limit", llm_provider="offline", model=model, response=_response(429)
        )
    if _take("400", schema):
        raise litellm.BadRequestError(
            "simulated refused request", model=model, llm_provider="offline", response=_response(400)
        )
    if _take("500", schema):
        raise litellm.InternalServerError(
            "simulated server error", llm_provider="offline", model=model, response=_response(500)
        )
    if _take("timeout", schema):
        raise litellm.Timeout("simulated timeout", model=model, llm_provider="offline")


def corrupt(text: str, schema: str) -> str:
    if _take("malformed_json", schema):
        return text[: max(1, len(text) // 2)]
    if schema == "reader_notes" and _take("bad_quote", schema):
        data = json.loads(text)
        for note in data.get("notes", [])[:1]:
            note["quote"] = note["quote"].replace("a", "4", 1) + " (as invented by the model)"
        return json.dumps(data)
    return text


def _scale() -> float:
    return max(1e-9, float(getattr(settings, "ENGINE_LATENCY_SCALE", 1) or 1))


def after_call(completion_tokens: int) -> None:
    rate = float(getattr(settings, "ENGINE_TOKENS_PER_SECOND", 0) or 0)
    if rate > 0:
        time.sleep(completion_tokens / rate / _scale())
