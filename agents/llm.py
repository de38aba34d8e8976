"""The one model client. Every model call in the project goes through `complete_json`.

It picks the model for the role, checks the budget before the call (a ledger reservation),
calls litellm with a JSON-schema response format, validates the reply (one repair attempt,
then ModelOutputError), settles the ledger to the real usage, and records the call (role,
model, tokens, micro-dollars, latency, what the model saw) in provider_calls.
"""
from __future__ import annotations

import json
import logging
import random
import time
from dataclasses import dataclass
from functools import lru_cache

import jsonschema
import litellm
from django.conf import settings

from agents.prompts import RenderedPrompt
from agents.schemas import SCHEMAS
from jobs import ledger
from jobs.budget import caps
from jobs.errors import PermanentStepError, TransientStepError
from jobs.steps import current_scope

logger = logging.getLogger(__name__)

LARGE_ROLES = frozenset({"planner", "gap_check", "writer"})
SMALL_ROLES = frozenset({"worker", "reader", "judge"})
MAX_TRANSIENT_RETRIES = 4
BACKOFF_BASE_SECONDS = 1.0
BACKOFF_CAP_SECONDS = 30.0
# The tokenizer that counts prompts for budget reservations when the model's own is unknown.
FALLBACK_TOKENIZER_MODEL = "gpt-4o"


class ModelOutputError(PermanentStepError):
    """The model's reply did not match its schema, even after one repair attempt."""


@dataclass(frozen=True)
class ModelReply:
    data: dict
    model: str
    tokens_in: int
    tokens_out: int
    usd_micros: int
    latency_ms: int


def tier_for(role: str) -> str:
    if role in LARGE_ROLES:
        return "large"
    if role in SMALL_ROLES:
        return "small"
    raise ValueError(f"unknown role {role!r}")


def model_for(role: str) -> str:
    return settings.MODEL_LARGE if tier_for(role) == "large" else settings.MODEL_SMALL


def count_tokens(model: str, messages: list) -> int:
    try:
        return litellm.token_counter(model=model, messages=messages)
    except Exception:  # noqa: BLE001 - unknown model: count with a common tokenizer
        return litellm.token_counter(model=FALLBACK_TOKENIZER_MODEL, messages=messages)


def reservation_estimate(messages: list) -> int:
    """An upper bound on a prompt's tokens for the budget reservation, without tokenizing:
    tokenizers give about 4 characters per token on English text, so characters / 3 (plus
    a per-message overhead) errs high. The settled usage is the provider's exact count."""
    return sum(len(m.get("content") or "") // 3 + 8 for m in messages)


def price_usd_micros(model: str, role: str, tokens_in: int, tokens_out: int) -> int:
    """Cost of a call: litellm's price map, or the design's assumed prices for its tier."""
    if not model.startswith("offline/"):
        try:
            cost_in, cost_out = litellm.cost_per_token(model=model, prompt_tokens=tokens_in, completion_tokens=tokens_out)
            return round((cost_in + cost_out) * 1_000_000)
        except Exception:  # noqa: BLE001 - model not in the map: fall through to the tier price
            pass
    per_in, per_out = settings.PRICE_LARGE_PER_MTOK if tier_for(role) == "large" else settings.PRICE_SMALL_PER_MTOK
    return round(tokens_in * per_in + tokens_out * per_out)


_TRANSIENT = (
    litellm.RateLimitError,
    litellm.Timeout,
    litellm.APIConnectionError,
    litellm.InternalServerError,
    litellm.ServiceUnavailableError,
)


def _retry_after_seconds(exc: Exception) -> float | None:
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None) or {}
    value = headers.get("retry-after") if hasattr(headers, "get") else None
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


def _call_litellm(*, model: str, messages: list, schema_name: str, max_tokens: int):
    """One provider call with retries on 429/5xx/timeouts (honouring Retry-After)."""
    attempt = 0
    while True:
        try:
            return litellm.completion(
                model=model,
                messages=messages,
                max_tokens=max_tokens,
                temperature=0,
                timeout=settings.MODEL_TIMEOUT_SECONDS,
                response_format={
                    "type": "json_schema",
                    "json_schema": {"name": schema_name, "schema": SCHEMAS[schema_name], "strict": False},
                },
                metadata=_metadata(),
            )
        except _TRANSIENT as exc:
            attempt += 1
            if attempt > MAX_TRANSIENT_RETRIES:
                raise TransientStepError(f"{model}: {type(exc).__name__} after {attempt} attempts") from exc
            wait = _retry_after_seconds(exc)
            if wait is None:
                wait = min(BACKOFF_CAP_SECONDS, BACKOFF_BASE_SECONDS * 2 ** (attempt - 1)) * (0.5 + random.random() / 2)
            logger.warning("%s: %s, retry %d in %.1fs", model, type(exc).__name__, attempt, wait)
            time.sleep(wait)


def _metadata() -> dict:
    scope = current_scope.get()
    return {"step_key": scope.step_key, "job_id": str(scope.job.pk)} if scope else {}


@lru_cache(maxsize=None)
def _validator(schema_name: str):
    """A compiled validator per schema: jsonschema.validate would re-check the schema itself
    on every call."""
    schema = SCHEMAS[schema_name]
    return jsonschema.validators.validator_for(schema)(schema)


def parse_reply(text: str, schema_name: str) -> dict:
    """Parse and validate a reply; raises ValueError with a message a model can act on."""
    cleaned = (text or "").strip()
    if cleaned.startswith("```"):
        cleaned = cleaned.strip("`")
        cleaned = cleaned[cleaned.find("{"):]
    if not cleaned:
        raise ValueError("the reply was empty; reply with one JSON object")
    try:
        data = json.loads(cleaned)
    except json.JSONDecodeError as exc:
        raise ValueError(f"the reply was not valid JSON ({exc.msg} at position {exc.pos}); reply with one JSON object only") from exc
    try:
        _validator(schema_name).validate(data)
    except jsonschema.ValidationError as exc:
        path = "/".join(str(p) for p in exc.absolute_path) or "(top level)"
        raise ValueError(f"the reply does not match the schema at {path}: {exc.message}") from exc
    return data


def complete_json(prompt: RenderedPrompt, *, trajectory: list | None = None) -> ModelReply:
    """Call the model for `prompt.role` and return its validated JSON reply.

    Raises BudgetExceeded before a call the budget cannot pay for, TransientStepError when the
    provider keeps failing, ModelOutputError when the reply stays invalid after one repair.
    """
    messages = list(prompt.messages)
    reply = _one_call(prompt, messages, trajectory)
    try:
        data = parse_reply(reply[0], prompt.schema)
        return _finish(reply, data)
    except ValueError as first_error:
        repair = messages + [
            {"role": "assistant", "content": reply[0] or ""},
            {"role": "user", "content": f"Your reply was rejected: {first_error}. Reply again with only the JSON object."},
        ]
        second = _one_call(prompt, repair, trajectory)
        try:
            data = parse_reply(second[0], prompt.schema)
        except ValueError as exc:
            raise ModelOutputError(f"{prompt.name}: {exc}") from exc
        return _finish(second, data, previous=reply)


def _finish(reply, data, previous=None) -> ModelReply:
    _, model, t_in, t_out, usd, ms = reply
    if previous is not None:
        t_in, t_out, usd, ms = t_in + previous[2], t_out + previous[3], usd + previous[4], ms + previous[5]
    return ModelReply(data=data, model=model, tokens_in=t_in, tokens_out=t_out, usd_micros=usd, latency_ms=ms)


def _one_call(prompt: RenderedPrompt, messages: list, trajectory: list | None):
    """Reserve, call, settle and record one provider call. Returns (text, model, in, out, usd, ms)."""
    from jobs.models import ProviderCall

    role = prompt.role
    model = model_for(role)
    scope = current_scope.get()
    estimate_in = reservation_estimate(messages)
    reservation = None
    if scope is not None:
        cap_tokens, cap_usd = caps(scope.job, scope.phase)
        reservation = ledger.reserve(
            scope.job.pk,
            tokens=estimate_in + prompt.max_tokens,
            usd_micros=price_usd_micros(model, role, estimate_in, prompt.max_tokens),
            cap_tokens=cap_tokens,
            cap_usd_micros=cap_usd,
        )
    started = time.monotonic()
    try:
        response = _call_litellm(model=model, messages=messages, schema_name=prompt.schema, max_tokens=prompt.max_tokens)
    except Exception:
        if reservation is not None:
            ledger.release(reservation)
        raise
    latency_ms = int((time.monotonic() - started) * 1000)
    text = response.choices[0].message.content or ""
    usage = getattr(response, "usage", None)
    tokens_in = int(getattr(usage, "prompt_tokens", 0) or count_tokens(model, messages))
    tokens_out = int(getattr(usage, "completion_tokens", 0) or count_tokens(model, [{"role": "assistant", "content": text}]))
    usd = price_usd_micros(model, role, tokens_in, tokens_out)
    if scope is not None:
        # The durable record first: a ledger rebuilt after a Redis loss sums these rows.
        ProviderCall.objects.create(
            job_id=scope.job.pk, step_key=scope.step_key, epoch=scope.epoch, kind=ProviderCall.Kind.MODEL, role=role, model=model,
            tokens_in=tokens_in, tokens_out=tokens_out, usd_micros=usd, latency_ms=latency_ms,
            messages=messages, response=text,
            trajectory_ref=_store_trajectory(trajectory, messages),
        )
        ledger.settle(reservation, tokens=tokens_in + tokens_out, usd_micros=usd)
        scope.usage.add(model=model, tokens_in=tokens_in, tokens_out=tokens_out, usd_micros=usd)
    return text, model, tokens_in, tokens_out, usd, latency_ms


def _store_trajectory(trajectory: list | None, messages: list) -> str:
    """The full uncompressed history of a loop, kept apart from what the model saw."""
    if not trajectory:
        return ""
    from agents.sources import store

    return store.put_text("trajectory", json.dumps(trajectory, ensure_ascii=False))
