"""The one model client. Every model call in the project goes through `complete_json`.

It picks the model for the role, checks the budget before the call (a ledger reservation),
waits for the model's shared rate limit, calls litellm with a JSON-schema response format,
validates the reply (one repair attempt, then ModelOutputError), settles the ledger to the
real usage, and records the call (role, model, tokens, micro-dollars, latency, what the
model saw) in provider_calls.

Models: one per tier (MODEL_LARGE, MODEL_SMALL), overridable per role (MODEL_PLANNER, ...),
with an optional api_base/api_key per tier for Ollama, vLLM or any OpenAI-compatible server,
and fallback models per tier tried in order when the primary keeps failing transiently.
Errors: 429, 5xx, timeouts and lost connections are retried with backoff (honouring
Retry-After); 400, 401, 403, 404 and context-window errors are not (ModelCallRefused).
"""
from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from functools import cache

import jsonschema
import litellm
from django.conf import settings

from agents import rate_limit
from agents.prompts import RenderedPrompt
from agents.schemas import SCHEMAS
from jobs.runtime import experiments
from jobs.runtime.errors import PermanentStepError, TransientStepError
from jobs.runtime.metering import PaidCall, metered_call
from jobs.runtime.retry import MODEL_ATTEMPTS, backoff_seconds
from jobs.runtime.steps import current_scope

logger = logging.getLogger(__name__)

LARGE_ROLES = frozenset({"planner", "gap_check", "writer"})
SMALL_ROLES = frozenset({"worker", "reader", "judge"})
BACKOFF_BASE_SECONDS = 1.0
BACKOFF_CAP_SECONDS = 30.0
# A provider asking for a longer pause than this is treated as down for now: the next
# fallback model is tried (or the task retries later) instead of parking a worker thread.
RETRY_AFTER_CAP_SECONDS = 60.0
# Status codes a retry can fix: timeout, conflict, too early, rate limit; and every 5xx.
TRANSIENT_STATUS_CODES = frozenset({408, 409, 425, 429})
# The tokenizer that counts prompts for budget reservations when the model's own is unknown.
FALLBACK_TOKENIZER_MODEL = "gpt-4o"


class ModelOutputError(PermanentStepError):
    """The model's reply did not match its schema, even after one repair attempt."""


class ModelCallRefused(PermanentStepError):
    """The provider refused the call (bad request, auth, unknown model, context window):
    repeating it cannot help."""


@dataclass(frozen=True)
class ModelReply:
    """A model's answer: its text, parsed data (once validated), and what it cost, summed over
    a repair attempt when there was one."""

    data: dict
    model: str
    tokens_in: int
    tokens_out: int
    usd_micros: int
    latency_ms: int
    text: str = ""

    def plus(self, earlier: ModelReply) -> ModelReply:
        """This reply, costing also what `earlier` (the rejected first attempt) cost."""
        return ModelReply(data=self.data, model=self.model, text=self.text,
                          tokens_in=self.tokens_in + earlier.tokens_in, tokens_out=self.tokens_out + earlier.tokens_out,
                          usd_micros=self.usd_micros + earlier.usd_micros, latency_ms=self.latency_ms + earlier.latency_ms)


def tier_for(role: str) -> str:
    if role in LARGE_ROLES:
        return "large"
    if role in SMALL_ROLES:
        return "small"
    raise ValueError(f"unknown role {role!r}")


def model_for(role: str) -> str:
    """The role's primary model: the job's experiment variant (e.g. reader_model), the role's
    own override (MODEL_READER, ...) or its tier's model."""
    scope = current_scope.get()
    if scope is not None:
        variant_model = experiments.overrides(scope.job).get(f"{role}_model")
        if variant_model:
            return variant_model
    override = settings.MODEL_ROLE_OVERRIDES.get(role)
    if override:
        return override
    return settings.MODEL_LARGE if tier_for(role) == "large" else settings.MODEL_SMALL


def _fallback_entries(role: str) -> list[tuple[str, str]]:
    """(model, api_base) of each fallback of the role's tier: `model` or `model|api_base`."""
    entries = []
    for raw in settings.MODEL_FALLBACKS.get(tier_for(role), []):
        model, _, api_base = raw.partition("|")
        entries.append((model.strip(), api_base.strip()))
    return entries


def models_for(role: str) -> list[str]:
    """The primary model, then the tier's fallbacks, in the order they are tried."""
    primary = model_for(role)
    return [primary] + [m for m, _ in _fallback_entries(role) if m != primary]


def connection_for(role: str, model: str) -> dict:
    """api_base / api_key for a call. The tier's server (MODEL_<TIER>_API_BASE/_API_KEY) is
    for its primary models, role overrides included; a fallback names its own server after a
    `|`, and otherwise uses litellm's defaults for its provider (e.g. OPENAI_API_KEY)."""
    if model == model_for(role):
        conn = settings.MODEL_TIER_CONNECTIONS.get(tier_for(role), {})
        return {k: v for k, v in conn.items() if v}
    api_base = next((base for m, base in _fallback_entries(role) if m == model), "")
    return {"api_base": api_base} if api_base else {}


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
    """Cost of a call: MODEL_PRICES, else litellm's price map, else the design's assumed
    prices for the role's tier."""
    override = settings.MODEL_PRICES.get(model)
    if override:
        return round(tokens_in * float(override["in"]) + tokens_out * float(override["out"]))
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

# 400 (context window included), 401, 403, 404, 422 and provider errors of no known class.
_PERMANENT = (
    litellm.BadRequestError,
    litellm.AuthenticationError,
    litellm.PermissionDeniedError,
    litellm.NotFoundError,
    litellm.UnprocessableEntityError,
    litellm.APIError,
)


def is_transient(exc: Exception) -> bool:
    """True for errors a retry may fix (429, 5xx, timeouts, lost connections)."""
    if isinstance(exc, _TRANSIENT):
        return True
    status = getattr(exc, "status_code", None)
    return isinstance(status, int) and (status in TRANSIENT_STATUS_CODES or status >= 500)


def _retry_after_seconds(exc: Exception) -> float | None:
    """The provider's requested pause (Retry-After in seconds, or retry-after-ms), if any."""
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None) or {}
    if not hasattr(headers, "get"):
        return None
    try:
        if headers.get("retry-after-ms") is not None:
            return float(headers.get("retry-after-ms")) / 1000
        value = headers.get("retry-after")
        return float(value) if value is not None else None
    except ValueError:
        return None  # an HTTP date: fall back to our own backoff


def _call_litellm(*, model: str, role: str, messages: list, schema_name: str, max_tokens: int, estimate_tokens: int):
    """One model's call with retries on 429/5xx/timeouts (honouring Retry-After), each
    attempt admitted by the model's shared rate limiter first.

    Raises TransientStepError when the model keeps failing, ModelCallRefused at once for a
    permanent error."""
    attempt = 0
    while True:
        rate_limit.acquire(model, tokens=estimate_tokens)
        try:
            return litellm.completion(
                model=model,
                messages=messages,
                max_tokens=max_tokens,
                temperature=0,
                timeout=settings.MODEL_TIMEOUT_SECONDS,
                # The retry loop here is the only one: the provider SDK must not retry too.
                max_retries=0,
                response_format={
                    "type": "json_schema",
                    "json_schema": {"name": schema_name, "schema": SCHEMAS[schema_name], "strict": False},
                },
                metadata=_metadata(),
                **connection_for(role, model),
            )
        except Exception as exc:  # noqa: BLE001 - classified below; anything else is not ours to retry
            if not is_transient(exc):
                if isinstance(exc, _PERMANENT) or getattr(exc, "status_code", None):
                    raise ModelCallRefused(f"{model}: {type(exc).__name__}: {str(exc)[:300]}") from exc
                raise  # not a provider error (a bug, or the offline engine's own): let it surface
            attempt += 1
            if attempt >= MODEL_ATTEMPTS:
                raise TransientStepError(f"{model}: {type(exc).__name__} after {attempt} attempts") from exc
            asked = _retry_after_seconds(exc)
            if asked is not None and asked > RETRY_AFTER_CAP_SECONDS:
                raise TransientStepError(f"{model}: asked to wait {asked:.0f} s, longer than we hold a worker") from exc
            wait = backoff_seconds(attempt, base=BACKOFF_BASE_SECONDS, cap=BACKOFF_CAP_SECONDS, retry_after=asked)
            logger.warning("%s: %s, retry %d in %.1fs", model, type(exc).__name__, attempt, wait)
            time.sleep(wait)


def _call_with_fallbacks(*, role: str, messages: list, schema_name: str, max_tokens: int, estimate_tokens: int):
    """(response, model that answered): the primary model first, then each fallback when the
    one before it kept failing transiently. Permanent errors are not passed on to a fallback:
    a bad request is bad for every model."""
    models = models_for(role)
    for index, model in enumerate(models):
        try:
            return _call_litellm(model=model, role=role, messages=messages, schema_name=schema_name,
                                 max_tokens=max_tokens, estimate_tokens=estimate_tokens), model
        except TransientStepError as exc:
            if index + 1 == len(models):
                raise
            logger.warning("%s failed (%s); falling back to %s", model, exc, models[index + 1])
    raise AssertionError("unreachable: models_for always names one model")


def _metadata() -> dict:
    scope = current_scope.get()
    return {"step_key": scope.step_key, "job_id": str(scope.job.pk)} if scope else {}


@cache
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
    first = _one_call(prompt, messages, trajectory)
    try:
        return _with_data(first, parse_reply(first.text, prompt.schema))
    except ValueError as first_error:
        repair = messages + [
            {"role": "assistant", "content": first.text},
            {"role": "user", "content": f"Your reply was rejected: {first_error}. Reply again with only the JSON object."},
        ]
        second = _one_call(prompt, repair, trajectory)
        try:
            data = parse_reply(second.text, prompt.schema)
        except ValueError as exc:
            raise ModelOutputError(f"{prompt.name}: {exc}") from exc
        return _with_data(second, data).plus(first)


def _with_data(reply: ModelReply, data: dict) -> ModelReply:
    return ModelReply(data=data, model=reply.model, text=reply.text, tokens_in=reply.tokens_in,
                      tokens_out=reply.tokens_out, usd_micros=reply.usd_micros, latency_ms=reply.latency_ms)


def _one_call(prompt: RenderedPrompt, messages: list, trajectory: list | None) -> ModelReply:
    """One metered provider call (reserved, recorded, settled); its reply not yet parsed."""
    role = prompt.role
    primary = model_for(role)
    estimate_in = reservation_estimate(messages)

    def call() -> PaidCall[str]:
        response, model = _call_with_fallbacks(role=role, messages=messages, schema_name=prompt.schema,
                                               max_tokens=prompt.max_tokens, estimate_tokens=estimate_in + prompt.max_tokens)
        text = response.choices[0].message.content or ""
        usage = getattr(response, "usage", None)
        tokens_in = int(getattr(usage, "prompt_tokens", 0) or count_tokens(model, messages))
        tokens_out = int(getattr(usage, "completion_tokens", 0) or count_tokens(model, [{"role": "assistant", "content": text}]))
        return PaidCall(value=text, model=model, tokens_in=tokens_in, tokens_out=tokens_out,
                        usd_micros=price_usd_micros(model, role, tokens_in, tokens_out), messages=messages,
                        response=text, trajectory_ref=_store_trajectory(trajectory) if current_scope.get() else "")

    paid = metered_call(kind="model", role=role, model=primary, call=call,
                        reserve_tokens=estimate_in + prompt.max_tokens,
                        reserve_usd_micros=price_usd_micros(primary, role, estimate_in, prompt.max_tokens))
    return ModelReply(data={}, model=paid.model, text=paid.value, tokens_in=paid.tokens_in, tokens_out=paid.tokens_out,
                      usd_micros=paid.usd_micros, latency_ms=paid.latency_ms)


def _store_trajectory(trajectory: list | None) -> str:
    """The full uncompressed history of a loop, kept apart from what the model saw."""
    if not trajectory:
        return ""
    from agents.sources import store

    return store.put_text("trajectory", json.dumps(trajectory, ensure_ascii=False))
