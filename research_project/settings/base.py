"""Settings shared by every mode, from environment variables with safe defaults for the embedded
laptop mode. research_project/settings/__init__.py explains how a mode is chosen.

Importing this starts nothing and creates nothing: var/, the secret key and the embedded Redis are
prepared by the process that needs them (research_project/startup.py). Every variable read here is
documented in README.md ("Configuration").
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

import dj_database_url
from kombu import Exchange, Queue

from research_project import embedded_redis
from research_project.environment import (  # noqa: F401  (env_* are used by the mode modules too)
    BASE_DIR,
    DEFAULT_ALLOWED_HOSTS,
    env,
    env_bool,
    env_float,
    env_int,
    env_json,
    env_list,
    var_dir,
)

VAR_DIR = var_dir()

DEBUG = env_bool("DJANGO_DEBUG", False)
# SECRET_KEY is set by the mode: embedded.py (generated under var/), production.py (required).
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", DEFAULT_ALLOWED_HOSTS)
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI files served locally (no CDN)
    "django_eventstream",
    "django_prometheus",
    "jobs",
    "agents",
    "citations",
]

MIDDLEWARE = [
    "django_prometheus.middleware.PrometheusBeforeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_prometheus.middleware.PrometheusAfterMiddleware",
]

# --- Operational metrics (jobs/metrics.py, /metrics for Prometheus).
# Set to require `Authorization: Bearer <token>` on /metrics (Prometheus: `authorization`).
METRICS_TOKEN = env("METRICS_TOKEN", "")
# The service's counters (steps, tokens, dollars, takeovers, dispatch latency) kept per process
# and added to Redis every this many seconds in one pipeline (jobs/runtime/telemetry.py).
TELEMETRY_ENABLED = env_bool("TELEMETRY_ENABLED", True)
TELEMETRY_FLUSH_SECONDS = env_float("TELEMETRY_FLUSH_SECONDS", 5)

ROOT_URLCONF = "research_project.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]
WSGI_APPLICATION = "research_project.wsgi.application"
ASGI_APPLICATION = "research_project.asgi.application"

# --- Database: PostgreSQL in production and CI, a SQLite file for the embedded default.
DATABASE_URL = env("DATABASE_URL", f"sqlite:///{VAR_DIR / 'research.sqlite3'}")
DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=env_int("DB_CONN_MAX_AGE", 60))}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A stopped or hung worker must not hold a row lock forever: PostgreSQL ends a session
    # that sits idle inside a transaction this long (steps commit in milliseconds).
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = (
        f"-c idle_in_transaction_session_timeout={env_int('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 10000)}"
    )
    # Django binds parameters on the client, so psycopg never prepares a statement; without this
    # it still keeps a count of every statement it sees for preparing (about 2% of a worker's CPU).
    DATABASES["default"]["OPTIONS"]["prepare_threshold"] = None
# A connection pool per process (Django 5.2 + psycopg_pool): a thread gives its connection back
# before it waits on a model or a page (jobs/runtime/connections.py), so threads waiting on the
# network hold no PostgreSQL connection and a few connections serve many threads.
DB_POOL = env_bool("DB_POOL", False) and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
if DB_POOL:
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # pooled connections go back to the pool, not away
    DATABASES["default"]["OPTIONS"]["pool"] = {
        "min_size": env_int("DB_POOL_MIN_SIZE", 2),
        "max_size": env_int("DB_POOL_MAX_SIZE", 12),
        # A thread waits this long for a free connection before the task fails (and retries).
        "timeout": env_float("DB_POOL_TIMEOUT_SECONDS", 30),
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several worker threads write at once: WAL and IMMEDIATE transactions instead of
    # "database is locked" errors.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 30,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: broker, chord results, budget ledger, rate limiter, event pub/sub.
# Unset: the embedded Redis on var/redis.sock, which the process start runs (startup.py).
EMBEDDED_REDIS = not env("REDIS_URL")
REDIS_URL = env("REDIS_URL") or embedded_redis.url_for(VAR_DIR)


def _redis_kwargs(url: str) -> dict:
    parsed = urlparse(url)
    if parsed.scheme == "unix":
        return {"unix_socket_path": parsed.path}
    return {
        "host": parsed.hostname or "127.0.0.1",
        "port": parsed.port or 6379,
        "db": int((parsed.path or "/0").lstrip("/") or 0),
        "password": parsed.password,
    }


def _celery_url(url: str) -> str:
    # kombu spells a unix socket "redis+socket://"; redis-py spells it "unix://".
    return "redis+socket://" + url[len("unix://") :] if url.startswith("unix://") else url


REDIS_KWARGS = _redis_kwargs(REDIS_URL)
# The service's own Redis pool per process (ledger, leases, events): a thread waits up to the
# timeout for a free connection rather than failing (redis-py's default pool refuses a 101st).
REDIS_MAX_CONNECTIONS = env_int("REDIS_MAX_CONNECTIONS", 200)
REDIS_POOL_TIMEOUT_SECONDS = env_float("REDIS_POOL_TIMEOUT_SECONDS", 10)

# --- Celery (read by research_project/celery.py through the CELERY_ namespace).
# Longest a message may stay unacknowledged before Redis hands it to another worker. It must
# exceed every countdown we use (at most a few minutes of retry backoff); recovery from a dead
# worker does not wait for it, because the lease sweeper re-dispatches after 30 s.
CELERY_VISIBILITY_TIMEOUT_SECONDS = env_int("CELERY_VISIBILITY_TIMEOUT_SECONDS", 3600)
CELERY_BROKER_URL = _celery_url(REDIS_URL)
CELERY_RESULT_BACKEND = _celery_url(REDIS_URL)
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": CELERY_VISIBILITY_TIMEOUT_SECONDS}
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"visibility_timeout": CELERY_VISIBILITY_TIMEOUT_SECONDS}
CELERY_RESULT_EXPIRES = 24 * 3600
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fixup closes every database connection before and after each task unless told
# how many tasks one may serve: a new PostgreSQL session (a forked backend, its catalog caches
# cold) for each of a report's ~40 tasks. Worker threads keep theirs
# (DB_CONN_MAX_AGE, or the pool's); jobs/runtime/connections.py closes a broken or aged one
# before a task.
CELERY_DB_REUSE_MAX = env_int("CELERY_DB_REUSE_MAX", 1000)
# Celery's time limits. They bind only the prefork pool: the threads pool every worker here
# runs (`--pool threads`) ignores both, so they are a backstop for a prefork deployment, not
# the bound. The bound is in code: each model call's timeout is at most the time the job has
# left and a call that overruns it is abandoned (jobs/runtime/deadline.py); a fetch has its own
# total deadline (agents/sources/fetch.py); the sweeper ends a job past its deadline plus
# DEADLINE_GRACE_SECONDS whatever its tasks do.
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 600)
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 660)
CELERY_TASK_ALWAYS_EAGER = False
# The queue a process sends to and, as a worker, consumes. A pool of workers configured
# differently (another search provider, another model server) gets its own queue; tests use
# that to run a worker with other provider settings beside the module's worker.
CELERY_TASK_DEFAULT_QUEUE = env("CELERY_TASK_DEFAULT_QUEUE", "celery")
# Publish through the anonymous exchange straight to the queue: routing then does not depend
# on the binding table in Redis, so a Redis that lost its data (restart, FLUSHALL) still
# delivers new messages instead of dead-lettering them.
CELERY_TASK_DEFAULT_EXCHANGE = ""
CELERY_TASK_DEFAULT_ROUTING_KEY = CELERY_TASK_DEFAULT_QUEUE
CELERY_TASK_QUEUES = [Queue(CELERY_TASK_DEFAULT_QUEUE, Exchange(""), routing_key=CELERY_TASK_DEFAULT_QUEUE)]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_HIJACK_ROOT_LOGGER = False

# --- Lease, sweeper and resume (the design's numbers; tests shorten them).
LEASE_RENEW_SECONDS = env_float("LEASE_RENEW_SECONDS", 10)
LEASE_TTL_SECONDS = env_float("LEASE_TTL_SECONDS", 30)
SWEEP_INTERVAL_SECONDS = env_float("SWEEP_INTERVAL_SECONDS", 10)
# A dead task's job waits this long at most for the steps other workers have in flight on it
# (they commit under the old epoch instead of running again after the takeover). 4.5 s: the
# 30 s heartbeat expiry, the grace and the checks' two 0.25 s margins stay within the 35 s the
# design allows from a kill to the resume.
DRAIN_GRACE_SECONDS = env_float("DRAIN_GRACE_SECONDS", 4.5)
CELERY_BEAT_SCHEDULE = {
    "sweep-expired-leases": {"task": "jobs.tasks.sweep_expired_leases", "schedule": SWEEP_INTERVAL_SECONDS},
    "cleanup-trajectories": {"task": "jobs.tasks.cleanup_trajectories", "schedule": 24 * 3600},
    "watches-run-due": {"task": "jobs.tasks.watches_run_due", "schedule": env_float("WATCH_TICK_SECONDS", 60)},
}

# --- Budgets (design: 600,000-token cap; 60,000 tokens and 120 s kept for writing/checking).
DEFAULT_BUDGET_TOKENS = env_int("DEFAULT_BUDGET_TOKENS", 600_000)
DEFAULT_BUDGET_USD = env_float("DEFAULT_BUDGET_USD", 1.00)
DEFAULT_BUDGET_MINUTES = env_float("DEFAULT_BUDGET_MINUTES", 15)
WRITING_RESERVE_TOKENS = env_int("WRITING_RESERVE_TOKENS", 60_000)
WRITING_RESERVE_SECONDS = env_int("WRITING_RESERVE_SECONDS", 120)
# The writer and the checks cost ~0.084 USD at the design's prices; keep 0.10 back.
WRITING_RESERVE_USD = env_float("WRITING_RESERVE_USD", 0.10)
STOP_SEARCH_AT_FRACTION = 0.70
# Write and check in parallel: one task per section, then check batches all at once (false:
# everything one after another in one task, as before; benchmarks compare the two).
WRITE_CHECK_PARALLEL = env_bool("WRITE_CHECK_PARALLEL", True)
# Sentences per check task. A judge call takes ~2 s at the design's speed (1 s to the first token,
# ~50 tokens at 50 tokens/s) and a rewrite ~3 s more: 4 sentences keep a batch near the design's
# 10 s of checks, while ~60 sentences make ~15 tasks, not 60.
CHECK_BATCH_SENTENCES = env_int("CHECK_BATCH_SENTENCES", 4)
# A sentence that is one of its cited quotes word for word is supported by stage one itself: no
# judge call (about three in four of the offline engine's sentences). False: the judge sees all.
CHECK_QUOTES_IN_CODE = env_bool("CHECK_QUOTES_IN_CODE", True)
SECOND_ROUND_MIN_LEFT_FRACTION = 0.30

# --- Models, one litellm model string per role. "offline/..." is the bundled extractive engine.
MODEL_LARGE = env("MODEL_LARGE", "offline/large")
MODEL_SMALL = env("MODEL_SMALL", "offline/small")
MODEL_TIMEOUT_SECONDS = env_float("MODEL_TIMEOUT_SECONDS", 120)
# Prices in USD per million tokens for models litellm's map does not know (the design's).
PRICE_SMALL_PER_MTOK = (env_float("PRICE_SMALL_IN", 0.25), env_float("PRICE_SMALL_OUT", 1.25))
PRICE_LARGE_PER_MTOK = (env_float("PRICE_LARGE_IN", 3.0), env_float("PRICE_LARGE_OUT", 15.0))
# Per-role overrides (MODEL_PLANNER, MODEL_READER, ...); empty = the role's tier model.
MODEL_ROLE_OVERRIDES = {
    role: env(f"MODEL_{role.upper()}")
    for role in ("planner", "gap_check", "writer", "worker", "reader", "judge")
    if env(f"MODEL_{role.upper()}")
}
# Per tier: an OpenAI-compatible / Ollama / vLLM server for the tier's models, and fallback
# models tried in order when the primary keeps failing transiently.
MODEL_TIER_CONNECTIONS = {
    tier: {"api_base": env(f"MODEL_{tier.upper()}_API_BASE"), "api_key": env(f"MODEL_{tier.upper()}_API_KEY")}
    for tier in ("large", "small")
}
MODEL_FALLBACKS = {
    tier: [m.strip() for m in env(f"MODEL_{tier.upper()}_FALLBACKS").split(",") if m.strip()]
    for tier in ("large", "small")
}
# {"model": {"in": USD per million input tokens, "out": ...}}: wins over litellm's price map.
MODEL_PRICES = env_json("MODEL_PRICES", {})
# {"model": {"rpm": requests, "tpm": tokens, "window_seconds": 60, "max_concurrent": calls in
# flight}}: shared by every worker (Redis). max_concurrent 1 suits a server that answers one
# request at a time (llama.cpp, Ollama with one slot); a call waiting for a slot does not spend
# its own timeout.
MODEL_RATE_LIMITS = env_json("MODEL_RATE_LIMITS", {})
# Longest a call waits for rate-limit capacity before it fails as a transient error.
RATE_LIMIT_MAX_WAIT_SECONDS = env_float("RATE_LIMIT_MAX_WAIT_SECONDS", 60)
# {"model": "json_schema" | "json_object" | "prompt"}: the structured-output form to ask a model
# for, instead of learning it from the endpoint's refusals (agents/llm.py).
MODEL_OUTPUT_MODES = env_json("MODEL_OUTPUT_MODES", {})
# {"reader": 3000, "planner": 1500, ...}: reply limits (max_tokens) per role or prompt name;
# unset: the larger of the prompt file's max_tokens and what the role's schema can need.
MODEL_MAX_TOKENS = env_json("MODEL_MAX_TOKENS", {})
# A reply cut off at its limit is asked again once with twice the limit, at most this.
MODEL_MAX_TOKENS_CEILING = env_int("MODEL_MAX_TOKENS_CEILING", 8192)
# A job still active this long after its deadline is ended by the sweeper, whatever its tasks do.
DEADLINE_GRACE_SECONDS = env_float("DEADLINE_GRACE_SECONDS", 30)
# A job re-dispatched by the sweeper more than this many times without a new step ends failed.
POISON_REDISPATCHES = env_int("POISON_REDISPATCHES", 3)

# --- Search and pages.
SEARCH_PROVIDER = env("SEARCH_PROVIDER", "local")
SEARCH_PRICE_USD = env_float("SEARCH_PRICE_USD", 0.005)
# {"brave": 0.005, "tavily": 0.008}: USD per query by provider; others cost SEARCH_PRICE_USD.
SEARCH_PRICES = env_json("SEARCH_PRICES", {})
SEARCH_TIMEOUT_SECONDS = env_float("SEARCH_TIMEOUT_SECONDS", 10)
# Attempts per provider on transient errors (429, 5xx, timeouts) before the fallback is tried.
SEARCH_ATTEMPTS = env_int("SEARCH_ATTEMPTS", 3)
SEARXNG_URL = env("SEARXNG_URL", "")
BRAVE_API_KEY = env("BRAVE_API_KEY", "")
BRAVE_API_URL = env("BRAVE_API_URL", "https://api.search.brave.com/res/v1/web/search")
TAVILY_API_KEY = env("TAVILY_API_KEY", "")
TAVILY_API_URL = env("TAVILY_API_URL", "https://api.tavily.com/search")
# Which ddgs backend the "duckduckgo" provider asks (ddgs' own names).
DDGS_BACKEND = env("DDGS_BACKEND", "duckduckgo")
# Uploads: one file's size cap.
UPLOAD_MAX_BYTES = env_int("UPLOAD_MAX_BYTES", 20 * 1024 * 1024)
OBJECT_STORE_ROOT = Path(env("OBJECT_STORE_ROOT", str(VAR_DIR / "objects")))
PAGE_CACHE_TTL_SECONDS = env_int("PAGE_CACHE_TTL_SECONDS", 7 * 24 * 3600)
# Tests name one loopback host here; production leaves it empty (see agents/sources/fetch.py).
FETCH_ALLOW_LOOPBACK_HOSTS = env_list("FETCH_ALLOW_LOOPBACK_HOSTS")
# Webhooks (jobs/webhooks.py): the first retry waits this long, each next one 4 times longer.
WEBHOOK_RETRY_BASE_SECONDS = env_float("WEBHOOK_RETRY_BASE_SECONDS", 10)
WEBHOOK_MAX_ATTEMPTS = env_int("WEBHOOK_MAX_ATTEMPTS", 6)
# A PEM bundle of extra trusted CAs for fetching (an internal CA); empty: certifi's bundle.
FETCH_CA_BUNDLE = env("FETCH_CA_BUNDLE", "")

# --- Events (django-eventstream): stored for replay, fanned out through Redis pub/sub.
EVENTSTREAM_STORAGE_CLASS = "jobs.runtime.events.JobEventStorage"
EVENTSTREAM_REDIS = REDIS_KWARGS
EVENTSTREAM_CHANNELMANAGER_CLASS = "jobs.events.JobChannelManager"

# --- Trajectories (full, uncompressed model calls) are kept this long.
TRAJECTORY_RETENTION_DAYS = env_int("TRAJECTORY_RETENTION_DAYS", 30)

# --- Test hooks: a test can make workers pause inside a step of one kind to kill them there.
STEP_PAUSE_KIND = env("RESEARCH_STEP_PAUSE_KIND", "")
STEP_PAUSE_JOB = env("RESEARCH_STEP_PAUSE_JOB", "")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "jobs.schema.ResearchAutoSchema",
    "EXCEPTION_HANDLER": "jobs.api.exception_handler",
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "DEFAULT_THROTTLE_CLASSES": ["jobs.throttles.UserThrottle", "jobs.throttles.AnonThrottle"],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Deep research API",
    "VERSION": "1.0.0",
    "DESCRIPTION": "Ask an open question; get a report in which every sentence cites a checkable quote.",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}
# --- Web and API limits (jobs/services.py, jobs/api.py).
# Requests per user (and per client address for anonymous ones) across the whole API.
API_USER_THROTTLE_RATE = env("API_USER_THROTTLE_RATE", "300/min")
API_ANON_THROTTLE_RATE = env("API_ANON_THROTTLE_RATE", "60/min")
# A user may have this many jobs planning, awaiting approval, researching or writing at once.
MAX_ACTIVE_JOBS_PER_USER = env_int("MAX_ACTIVE_JOBS_PER_USER", 3)
# Dollars a user may commit per UTC day: spent by finished jobs plus the caps of open ones.
MAX_DAILY_USD_PER_USER = env_float("MAX_DAILY_USD_PER_USER", 20.0)
# Throttle counters must be shared by every web process: they live in Redis.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "research-cache",
    }
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True
STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"  # made by the process start (whitenoise warns if it is missing)
# Serve app static files (pages' CSS/JS, Swagger UI) without a collectstatic step.
WHITENOISE_USE_FINDERS = True
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/research/"
LOGOUT_REDIRECT_URL = "/accounts/login/"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", "WARNING")},
    "loggers": {"LiteLLM": {"level": "ERROR"}, "httpx": {"level": "WARNING"}},
}

# --- Object storage for raw and cleaned page bodies (content_ref). Filesystem by default;
# set PAGE_STORAGE_BACKEND=storages.backends.s3.S3Storage (+ AWS_* variables) for S3.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage", "OPTIONS": {"location": VAR_DIR / "media"}},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
    "pages": {
        "BACKEND": env("PAGE_STORAGE_BACKEND", "django.core.files.storage.FileSystemStorage"),
        "OPTIONS": {"location": str(OBJECT_STORE_ROOT)} if not env("PAGE_STORAGE_BACKEND") else {},
    },
}

# --- The simulated provider around the offline engine (agents/engine/simulate.py).
ENGINE_FIXED_LATENCY_SECONDS = env_float("ENGINE_FIXED_LATENCY_SECONDS", 0)
ENGINE_TOKENS_PER_SECOND = env_float("ENGINE_TOKENS_PER_SECOND", 0)
ENGINE_FAULTS = env("ENGINE_FAULTS", "")
ENGINE_COUNT_CALLS = env_bool("ENGINE_COUNT_CALLS", False)
ENGINE_LATENCY_BY_SCHEMA = env_json("ENGINE_LATENCY_BY_SCHEMA", {})
ENGINE_LATENCY_SCALE = env_float("ENGINE_LATENCY_SCALE", 1)
# Sub-question workers of one job running at once (the lanes of a round chord; design: 6).
MAX_PARALLEL_WORKERS = env_int("MAX_PARALLEL_WORKERS", 6)
SEARCH_FALLBACK_PROVIDER = env("SEARCH_FALLBACK_PROVIDER", "")
# The local corpus costs nothing to query; benchmarks set this to price it like a web search.
CHARGE_LOCAL_SEARCH = env_bool("CHARGE_LOCAL_SEARCH", True)
# Tokens a search worker's prompt may grow to before its history is compacted (at 75%).
WORKER_CONTEXT_TOKENS = env_int("WORKER_CONTEXT_TOKENS", 6000)
# Release gate: a job whose citation precision is below this is flagged (design: 95%).
CITATION_PRECISION_GATE = env_float("CITATION_PRECISION_GATE", 0.95)
# Threads of the worker that `manage.py research --spawn-worker` starts.
DEMO_WORKER_CONCURRENCY = env_int("DEMO_WORKER_CONCURRENCY", 8)

# Tests that run real worker processes need a test database those processes can open too.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test.sqlite3")}

# Benchmarks: count database round trips and engine CPU in worker processes (jobs/instrumentation.py).
BENCH_COUNT_QUERIES = env_bool("BENCH_COUNT_QUERIES", False)
# Benchmarks: profile every task of a worker process with cProfile; the stats go to this file at exit.
BENCH_PROFILE = env("BENCH_PROFILE", "")

# --- Experiments (jobs/experiments.py): variant name -> overrides, as JSON.
EXPERIMENT_NAME = env("EXPERIMENT_NAME", "default")
EXPERIMENT_VARIANTS = env_json("EXPERIMENT_VARIANTS", {})
