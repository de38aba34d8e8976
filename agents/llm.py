"""The one model client. Every model call in the project goes through `complete_json`.

It picks the model for the role, checks the budget before the call (a ledger reservation),
waits for the model's shared rate limit and a call slot (MODEL_RATE_LIMITS max_concurrent),
calls litellm asking for structured output in the strongest form the endpoint accepts,
parses the reply leniently and validates it against the full schema (a cut-off reply is asked
again with a larger limit once, an invalid one gets one repair turn quoting the parser's
error, then ModelOutputError), settles the ledger to the real usage, and records the call
(role, model, tokens, micro-dollars, latency, what the model saw) in provider_calls.

Models: one per tier (MODEL_LARGE, MODEL_SMALL), overridable per role (MODEL_PLANNER, ...),
with an optional api_base/api_key per tier for Ollama, vLLM or any OpenAI-compatible server,
and fallback models per tier tried in order when the primary keeps failing transiently.
Structured output: response_format json_schema, else json_object with the schema (in the
prompt too), else the schema in the prompt alone; a refusal steps down once and the form that
worked is remembered per model and server in Redis.
Errors, classified by what they say: 429, 5xx, timeouts and lost connections are retried with
backoff (honouring Retry-After); 4xx, context-window errors and any status whose body says the
request was invalid are not (ModelCallRefused, with the provider's words).
Time: every call's timeout is at most the time the job has left, and a call that overruns it
is abandoned (jobs/runtime/deadline.py): Celery's threads pool enforces no time limit.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import re
import time
from dataclasses import dataclass
from functools import cache

import jsonschema
import litellm
import redis
from django.conf import settings

from agents import rate_limit
from agents.prompts import RenderedPrompt
from agents.schemas import SCHEMAS
from jobs.runtime import deadline, experiments
from jobs.runtime.errors import PermanentStepError, TransientStepError
from jobs.runtime.metering import PaidCall, metered_call
from jobs.runtime.redis_client import redis_client
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
    finish_reason: str = ""

    def plus(self, earlier: ModelReply) -> ModelReply:
        """This reply, costing also what `earlier` (a rejected attempt) cost."""
        return dataclasses.replace(
            self,
            tokens_in=self.tokens_in + earlier.tokens_in,
            tokens_out=self.tokens_out + earlier.tokens_out,
            usd_micros=self.usd_micros + earlier.usd_micros,
            latency_ms=self.latency_ms + earlier.latency_ms,
        )


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


def is_offline_engine(model: str) -> bool:
    """The bundled offline engine (offline/large, offline/small): ours, priced at the design's
    prices, asked in json_schema form only."""
    return model.startswith("offline/")


def price_usd_micros(model: str, role: str, tokens_in: int, tokens_out: int) -> int:
    """Cost of a call: MODEL_PRICES, else litellm's price map, else the design's assumed
    prices for the role's tier."""
    override = settings.MODEL_PRICES.get(model)
    if override:
        return round(tokens_in * float(override["in"]) + tokens_out * float(override["out"]))
    if not is_offline_engine(model):
        try:
            cost_in, cost_out = litellm.cost_per_token(
                model=model, prompt_tokens=tokens_in, completion_tokens=tokens_out
            )
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

# What a provider's error text says when the request itself was invalid, whatever status it came
# with: llama-cpp-python answers a response_format it does not know with HTTP 500 and a pydantic
# error ("Input should be 'text' or 'json_object'"); repeating such a request cannot help.
INVALID_REQUEST_MARKERS = (
    "input should be",
    "validation error",
    "extra inputs are not permitted",
    "field required",
    "unsupported",
    "not supported",
    "unrecognized request argument",
    "unknown parameter",
    "invalid_request_error",
    "invalid request",
    "invalid schema",
    "invalid json schema",
    "context length",
    "context_length",
    "context window",
    "maximum context",
    "missing credentials",
)
# What an endpoint says when it does not take the structured-output form asked for.
OUTPUT_MODE_REFUSAL_MARKERS = (
    "response_format",
    "json_schema",
    "json_object",
    "'text' or",
    "grammar",
    "schema",
    "structured output",
    "guided_json",
)
# Statuses an endpoint refuses an unknown request field with (llama-cpp-python: 500).
OUTPUT_MODE_REFUSAL_STATUSES = frozenset({400, 415, 422, 500, 501})

PERMANENT, TRANSIENT, NOT_A_PROVIDER_ERROR = "permanent", "transient", "other"


def _error_text(exc: Exception) -> str:
    return f"{exc} {getattr(exc, 'body', '') or ''}".lower()


def says_invalid_request(exc: Exception) -> bool:
    text = _error_text(exc)
    return any(marker in text for marker in INVALID_REQUEST_MARKERS)


def classify(exc: Exception) -> str:
    """PERMANENT when repeating the request cannot help (4xx, or any status whose body says the
    request was invalid: an unsupported parameter, a bad schema, a context too long),
    TRANSIENT for what a retry may fix (429, other 5xx, timeouts, lost connections),
    NOT_A_PROVIDER_ERROR for anything else (a bug, or the offline engine's own error)."""
    status = getattr(exc, "status_code", None)
    is_provider_error = isinstance(exc, (*_TRANSIENT, *_PERMANENT)) or isinstance(status, int)
    if not is_provider_error:
        return NOT_A_PROVIDER_ERROR
    if isinstance(exc, (litellm.Timeout, litellm.RateLimitError)):
        return TRANSIENT
    if isinstance(exc, litellm.ContextWindowExceededError) or says_invalid_request(exc):
        return PERMANENT
    if isinstance(exc, _TRANSIENT) or (isinstance(status, int) and (status in TRANSIENT_STATUS_CODES or status >= 500)):
        return TRANSIENT
    return PERMANENT


def is_transient(exc: Exception) -> bool:
    """True for errors a retry may fix (429, 5xx that do not say the request was invalid,
    timeouts, lost connections)."""
    return classify(exc) == TRANSIENT


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


def _provider_message(exc: Exception) -> str:
    """The provider's own words, without litellm's class-name prefixes."""
    text = str(exc)
    for prefix in ("litellm.", type(exc).__name__ + ":", "OpenAIException -", "OpenAIException"):
        text = text.strip()
        if text.startswith(prefix):
            text = text[len(prefix) :]
    text = text.strip()
    if text.startswith(type(exc).__name__ + ":"):
        text = text[len(type(exc).__name__) + 1 :]
    return " ".join(text.split())[:500]


# --- structured output: the strongest form the endpoint accepts, remembered per model -------
# json_schema: response_format json_schema (OpenAI, vLLM, Ollama >= 0.5, LM Studio).
# json_object: response_format json_object with the schema beside it (llama-cpp-python turns it
#   into a grammar; others ignore it) and the schema in the prompt.
# prompt: no response_format; the schema in the prompt.
# Every reply is validated against the full schema in code, whatever the form.
OUTPUT_MODES = ("json_schema", "json_object", "prompt")
OUTPUT_MODE_TTL_SECONDS = 7 * 24 * 3600  # a server upgraded meanwhile is asked again a week later
# llama.cpp cannot compile a grammar repeating a rule more than about 1000 times: a schema with
# a larger maxLength or maxItems kills llama-cpp-python's server (SIGSEGV). Larger limits are
# left out of the schema sent (still checked on the reply).
SENT_SCHEMA_LIMIT_CAP = 1000


def _mode_key(model: str, conn: dict) -> str:
    return f"llm:output_mode:{model}|{conn.get('api_base', '')}"


def output_mode(model: str, conn: dict) -> str:
    """The structured-output form to ask `model` (at `conn`) for: MODEL_OUTPUT_MODES, else what
    an earlier refusal taught (Redis), else litellm's capability data, else json_schema. The
    offline engine is ours and picks its algorithm by the json_schema's name: always that."""
    configured = settings.MODEL_OUTPUT_MODES.get(model)
    if configured in OUTPUT_MODES:
        return configured
    if is_offline_engine(model):
        return OUTPUT_MODES[0]
    try:
        remembered = redis_client().get(_mode_key(model, conn))
    except redis.exceptions.RedisError:
        remembered = None
    if remembered:
        remembered = remembered.decode() if isinstance(remembered, bytes) else remembered
        if remembered in OUTPUT_MODES:
            return remembered
    try:
        supports = litellm.get_model_info(model).get("supports_response_schema")
    except Exception:  # noqa: BLE001 - not in litellm's map: learn from the endpoint
        supports = None
    return "json_object" if supports is False else "json_schema"


def remember_output_mode(model: str, conn: dict, mode: str) -> None:
    try:
        redis_client().set(_mode_key(model, conn), mode, ex=OUTPUT_MODE_TTL_SECONDS)
    except redis.exceptions.RedisError:
        logger.warning("could not remember output mode %s of %s", mode, model)


def refuses_output_mode(exc: Exception) -> bool:
    """The endpoint refused the structured-output form (not the prompt, not the key)."""
    status = getattr(exc, "status_code", None)
    if isinstance(exc, litellm.ContextWindowExceededError) or status not in OUTPUT_MODE_REFUSAL_STATUSES:
        return False
    text = _error_text(exc)
    return "connection error" not in text and any(marker in text for marker in OUTPUT_MODE_REFUSAL_MARKERS)


def sent_schema(schema: dict) -> dict:
    """The schema as sent to the endpoint: limits above SENT_SCHEMA_LIMIT_CAP left out."""
    if isinstance(schema, dict):
        return {
            k: sent_schema(v)
            for k, v in schema.items()
            if not (k in ("maxLength", "maxItems") and isinstance(v, int) and v > SENT_SCHEMA_LIMIT_CAP)
        }
    if isinstance(schema, list):
        return [sent_schema(v) for v in schema]
    return schema


def _schema_instruction(schema_name: str) -> str:
    return (
        "Reply with one JSON object and nothing else: no prose, no code fences. It must match this JSON "
        f"schema:\n{json.dumps(SCHEMAS[schema_name], separators=(',', ':'))}"
    )


def messages_for_mode(messages: list, schema_name: str, mode: str) -> list:
    """The messages sent in `mode`: json_object and prompt carry the schema in the system message."""
    if mode == "json_schema":
        return messages
    instruction = _schema_instruction(schema_name)
    if messages and messages[0].get("role") == "system":
        return [{**messages[0], "content": f"{messages[0]['content']}\n\n{instruction}"}, *messages[1:]]
    return [{"role": "system", "content": instruction}, *messages]


def _response_format(schema_name: str, mode: str) -> dict:
    schema = sent_schema(SCHEMAS[schema_name])
    if mode == "json_schema":
        return {
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": schema_name, "schema": schema, "strict": False},
            }
        }
    if mode == "json_object":
        return {"response_format": {"type": "json_object", "schema": schema}}
    return {}


# --- time: every call ends by the job's deadline --------------------------------------------
# A call abandoned by call_with_deadline gets this long past its own socket timeout first.
HARD_DEADLINE_MARGIN_SECONDS = 5.0


def call_seconds_left() -> float | None:
    """Seconds the current step's calls may still use (None outside a step)."""
    scope = current_scope.get()
    return None if scope is None else deadline.seconds_left(scope.job, scope.phase)


def _time_left_or_stop(model: str) -> float | None:
    left = call_seconds_left()
    if left is not None and left < deadline.MIN_CALL_SECONDS:
        raise deadline.DeadlineReached(f"{max(left, 0):.0f} s left, too little for a call to {model}")
    return left


def _send(
    *, model: str, conn: dict, messages: list, schema_name: str, mode: str, max_tokens: int, estimate_tokens: int
):
    """One HTTP request to the model: admitted by its rate limit, holding one of its call slots
    (the wait for either is not part of the call's timeout), bounded by the time left."""
    rate_limit.acquire(model, tokens=estimate_tokens)
    left = _time_left_or_stop(model)
    timeout = settings.MODEL_TIMEOUT_SECONDS if left is None else min(settings.MODEL_TIMEOUT_SECONDS, left)
    if rate_limit.max_concurrent_for(model):
        wait = settings.RATE_LIMIT_MAX_WAIT_SECONDS if left is None else max(0.0, left - deadline.MIN_CALL_SECONDS)
        try:
            slot = rate_limit.acquire_slot(
                model, hold_seconds=timeout + HARD_DEADLINE_MARGIN_SECONDS, max_wait_seconds=wait
            )
        except rate_limit.SlotWaitExceeded:
            if left is not None:
                raise deadline.DeadlineReached(f"{model}: no call slot free before the time budget ran out") from None
            raise
        left = _time_left_or_stop(model)  # the wait is not counted against the call's own timeout
        timeout = settings.MODEL_TIMEOUT_SECONDS if left is None else min(settings.MODEL_TIMEOUT_SECONDS, left)
    else:
        slot = None
    kwargs = dict(
        model=model,
        messages=messages_for_mode(messages, schema_name, mode),
        max_tokens=max_tokens,
        temperature=0,
        timeout=timeout,
        # The retry loop here is the only one: the provider SDK must not retry too.
        max_retries=0,
        metadata=_metadata(),
        **_response_format(schema_name, mode),
        **conn,
    )

    def call():
        try:
            return litellm.completion(**kwargs)
        finally:
            if slot is not None:
                slot.release()  # when the request really ends, even after it was abandoned

    return deadline.call_with_deadline(call, timeout + HARD_DEADLINE_MARGIN_SECONDS, what=model)


def _call_litellm(*, model: str, role: str, messages: list, schema_name: str, max_tokens: int, estimate_tokens: int):
    """One model's call with retries on 429/5xx/timeouts (honouring Retry-After). A refused
    structured-output form steps down to the next (remembered for the model) at no attempt's cost.

    Raises TransientStepError when the model keeps failing, ModelCallRefused at once for a
    permanent error, DeadlineReached when the time budget is spent."""
    conn = connection_for(role, model)
    mode = output_mode(model, conn)
    attempt = 0
    while True:
        try:
            return _send(
                model=model,
                conn=conn,
                messages=messages,
                schema_name=schema_name,
                mode=mode,
                max_tokens=max_tokens,
                estimate_tokens=estimate_tokens,
            )
        except (deadline.DeadlineReached, rate_limit.SlotWaitExceeded):
            raise
        except deadline.CallAbandoned as exc:
            kind, error = TRANSIENT, exc
        except Exception as exc:  # noqa: BLE001 - classified below; anything else is not ours to retry
            # The offline engine's own errors (their tracebacks say "schema") are no refusal.
            if refuses_output_mode(exc) and mode != OUTPUT_MODES[-1] and not is_offline_engine(model):
                weaker = OUTPUT_MODES[OUTPUT_MODES.index(mode) + 1]
                logger.warning(
                    "%s refused response format %s (%s); asking for %s from now on",
                    model,
                    mode,
                    _provider_message(exc)[:200],
                    weaker,
                )
                remember_output_mode(model, conn, weaker)
                mode = weaker
                continue
            kind, error = classify(exc), exc
            if kind == NOT_A_PROVIDER_ERROR:
                raise  # not a provider error (a bug, or the offline engine's own): let it surface
            if kind == PERMANENT:
                raise ModelCallRefused(
                    f"the {role} model {model} refused the request: {_provider_message(exc)}"
                ) from exc
        attempt += 1
        if attempt >= MODEL_ATTEMPTS:
            raise TransientStepError(
                f"{model}: {type(error).__name__} after {attempt} attempts: {_provider_message(error)[:200]}"
            ) from error
        asked = _retry_after_seconds(error)
        if asked is not None and asked > RETRY_AFTER_CAP_SECONDS:
            raise TransientStepError(f"{model}: asked to wait {asked:.0f} s, longer than we hold a worker") from error
        wait = backoff_seconds(attempt, base=BACKOFF_BASE_SECONDS, cap=BACKOFF_CAP_SECONDS, retry_after=asked)
        left = call_seconds_left()
        if left is not None and left - wait < deadline.MIN_CALL_SECONDS:
            raise deadline.DeadlineReached(
                f"the {role} model {model} did not answer in time ({type(error).__name__}: "
                f"{_provider_message(error)[:150]}), and no time is left to retry"
            ) from error
        logger.warning("%s: %s, retry %d in %.1fs", model, type(error).__name__, attempt, wait)
        time.sleep(wait)


def _call_with_fallbacks(*, role: str, messages: list, schema_name: str, max_tokens: int, estimate_tokens: int):
    """(response, model that answered): the primary model first, then each fallback when the
    one before it kept failing transiently. Permanent errors are not passed on to a fallback:
    a bad request is bad for every model."""
    models = models_for(role)
    for index, model in enumerate(models):
        try:
            return _call_litellm(
                model=model,
                role=role,
                messages=messages,
                schema_name=schema_name,
                max_tokens=max_tokens,
                estimate_tokens=estimate_tokens,
            ), model
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


_DECODER = json.JSONDecoder(strict=False)  # raw control characters inside strings are allowed
_TRAILING_COMMA = re.compile(r",\s*([}\]])")
_FENCE = re.compile(r"^```[a-zA-Z0-9_-]*\s*|\s*```\s*$")
_SMART_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"'})


def _first_object(text: str) -> dict:
    """The first JSON object in `text` (prose or a second object after it ignored)."""
    start = text.find("{")
    if start < 0:
        raise json.JSONDecodeError("no JSON object in the reply", text, 0)
    data, _ = _DECODER.raw_decode(text, start)
    if not isinstance(data, dict):
        raise json.JSONDecodeError("the reply is not a JSON object", text, start)
    return data


def loads_lenient(text: str) -> dict:
    """Parse a model's JSON reply, repairing the common damage before giving up: code fences,
    prose around the object, raw control characters (a newline) inside strings, trailing commas,
    typographic quotes used as JSON quotes. Raises json.JSONDecodeError for the original text."""
    cleaned = _FENCE.sub("", (text or "").strip())
    try:
        return _first_object(cleaned)
    except json.JSONDecodeError as first_error:
        for repaired in (
            _TRAILING_COMMA.sub(r"\1", cleaned),
            _TRAILING_COMMA.sub(r"\1", cleaned.translate(_SMART_QUOTES)),
        ):
            if repaired == cleaned:
                continue
            try:
                return _first_object(repaired)
            except json.JSONDecodeError:
                pass
        raise first_error


def parse_reply(text: str, schema_name: str) -> dict:
    """Parse (leniently) and validate a reply; raises ValueError with a message a model can act on:
    the parser's own error and where, or the schema path that failed."""
    if not (text or "").strip():
        raise ValueError("the reply was empty; reply with one JSON object")
    try:
        data = loads_lenient(text)
    except json.JSONDecodeError as exc:
        near = exc.doc[max(0, exc.pos - 40) : exc.pos + 40] if exc.doc else ""
        raise ValueError(
            f'the reply was not valid JSON: the parser said "{exc.msg}" at line {exc.lineno} column '
            f"{exc.colno} (near {near!r}); reply with one JSON object only"
        ) from exc
    try:
        _validator(schema_name).validate(data)
    except jsonschema.ValidationError as exc:
        path = "/".join(str(p) for p in exc.absolute_path) or "(top level)"
        raise ValueError(f"the reply does not match the schema at {path}: {exc.message}") from exc
    return data


# --- reply limits ---------------------------------------------------------------------------
# Characters per token when sizing a reply limit from a schema (English prose: about 4).
CHARS_PER_TOKEN = 4
# A string without maxLength, and an array without maxItems, counted as this much when sizing.
UNBOUNDED_STRING_CHARS = 400
UNBOUNDED_ARRAY_ITEMS = 8
# No reply limit sized from a schema exceeds this; a cut-off reply is retried once at twice its
# limit, up to MODEL_MAX_TOKENS_CEILING.
SIZED_LIMIT_CAP_TOKENS = 2048


def _schema_chars(schema: dict) -> int:
    """An upper bound on the characters of a reply matching `schema` (keys and quotes included)."""
    kind = schema.get("type")
    if kind == "object":
        props = schema.get("properties", {})
        return 2 + sum(len(name) + 4 + _schema_chars(sub) for name, sub in props.items())
    if kind == "array":
        items = schema.get("maxItems", UNBOUNDED_ARRAY_ITEMS)
        return 2 + items * (_schema_chars(schema.get("items", {})) + 1)
    if kind == "string":
        if "enum" in schema:
            return 2 + max(len(str(v)) for v in schema["enum"])
        return 2 + schema.get("maxLength", UNBOUNDED_STRING_CHARS)
    if kind in ("integer", "number"):
        return 12
    if kind == "boolean":
        return 5
    return UNBOUNDED_STRING_CHARS


def sized_reply_limit(schema_name: str) -> int:
    """The reply limit a schema needs at most, in tokens (capped at SIZED_LIMIT_CAP_TOKENS)."""
    return min(SIZED_LIMIT_CAP_TOKENS, _schema_chars(SCHEMAS[schema_name]) // CHARS_PER_TOKEN + 16)


def reply_limit(prompt: RenderedPrompt) -> int:
    """max_tokens of a prompt's call: MODEL_MAX_TOKENS for the prompt (by name, else by role),
    else the larger of the prompt file's max_tokens and what its schema can need."""
    configured = settings.MODEL_MAX_TOKENS.get(prompt.name) or settings.MODEL_MAX_TOKENS.get(prompt.role)
    if configured:
        return int(configured)
    return max(prompt.max_tokens, sized_reply_limit(prompt.schema))


def complete_json(prompt: RenderedPrompt, *, trajectory: list | None = None) -> ModelReply:
    """Call the model for `prompt.role` and return its validated JSON reply.

    A reply cut off at its limit is asked again once with twice the limit; a reply that still
    does not parse or validate gets one repair turn quoting the parser's (or validator's) error.
    Raises BudgetExceeded before a call the budget cannot pay for (DeadlineReached when the time
    budget is spent), TransientStepError when the provider keeps failing, ModelCallRefused when
    it refuses the request, ModelOutputError when the reply stays invalid after the repair.
    """
    messages = list(prompt.messages)
    limit = reply_limit(prompt)
    reply = _one_call(prompt, messages, trajectory, max_tokens=limit)
    try:
        return _with_data(reply, parse_reply(reply.text, prompt.schema))
    except ValueError as exc:
        error = exc
    if reply.finish_reason == "length":
        larger = min(max(limit * 2, limit + 1), max(settings.MODEL_MAX_TOKENS_CEILING, limit))
        if larger > limit:
            logger.info("%s: reply cut off at %d tokens; asking again with %d", prompt.name, limit, larger)
            longer = _one_call(prompt, messages, trajectory, max_tokens=larger)
            try:
                return _with_data(longer, parse_reply(longer.text, prompt.schema)).plus(reply)
            except ValueError as exc:
                error, reply, limit = exc, longer.plus(reply), larger
    repair = messages + [
        {"role": "assistant", "content": reply.text},
        {
            "role": "user",
            "content": f"Your reply was rejected: {error}. Reply again with only the corrected JSON object.",
        },
    ]
    second = _one_call(prompt, repair, trajectory, max_tokens=limit)
    try:
        data = parse_reply(second.text, prompt.schema)
    except ValueError as exc:
        raise ModelOutputError(f"{prompt.name}: {exc}") from exc
    return _with_data(second, data).plus(reply)


def _with_data(reply: ModelReply, data: dict) -> ModelReply:
    return dataclasses.replace(reply, data=data)


def _one_call(prompt: RenderedPrompt, messages: list, trajectory: list | None, *, max_tokens: int) -> ModelReply:
    """One metered provider call (reserved, recorded, settled); its reply not yet parsed."""
    role = prompt.role
    primary = model_for(role)
    estimate_in = reservation_estimate(messages)
    box = {}

    def call() -> PaidCall[str]:
        response, model = _call_with_fallbacks(
            role=role,
            messages=messages,
            schema_name=prompt.schema,
            max_tokens=max_tokens,
            estimate_tokens=estimate_in + max_tokens,
        )
        choice = response.choices[0]
        text = choice.message.content or ""
        box["finish_reason"] = getattr(choice, "finish_reason", "") or ""
        usage = getattr(response, "usage", None)
        tokens_in = int(getattr(usage, "prompt_tokens", 0) or count_tokens(model, messages))
        tokens_out = int(
            getattr(usage, "completion_tokens", 0) or count_tokens(model, [{"role": "assistant", "content": text}])
        )
        return PaidCall(
            value=text,
            model=model,
            tokens_in=tokens_in,
            tokens_out=tokens_out,
            usd_micros=price_usd_micros(model, role, tokens_in, tokens_out),
            messages=messages,
            response=text,
            trajectory_ref=_store_trajectory(trajectory) if current_scope.get() else "",
        )

    paid = metered_call(
        kind="model",
        role=role,
        model=primary,
        call=call,
        reserve_tokens=estimate_in + max_tokens,
        reserve_usd_micros=price_usd_micros(primary, role, estimate_in, max_tokens),
    )
    return ModelReply(
        data={},
        model=paid.model,
        text=paid.value,
        tokens_in=paid.tokens_in,
        tokens_out=paid.tokens_out,
        usd_micros=paid.usd_micros,
        latency_ms=paid.latency_ms,
        finish_reason=box.get("finish_reason", ""),
    )


def _store_trajectory(trajectory: list | None) -> str:
    """The full uncompressed history of a loop, kept apart from what the model saw."""
    if not trajectory:
        return ""
    from agents.sources import store

    return store.put_text("trajectory", json.dumps(trajectory, ensure_ascii=False))
