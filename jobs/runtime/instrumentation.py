"""Counters a benchmark reads from a worker process (BENCH_COUNT_QUERIES=1): database round
trips, and CPU seconds spent inside the offline engine (the "model"), so orchestration cost
can be told apart from model cost."""

from __future__ import annotations

import re
import resource
import threading
from collections import Counter

_lock = threading.Lock()
_counters = {"db_queries": 0, "engine_cpu_s": 0.0, "engine_calls": 0}
_statements: Counter = Counter()


def add(name: str, value) -> None:
    with _lock:
        _counters[name] += value


def count_query(execute, sql, params, many, context):
    with _lock:  # raw text: normalised in snapshot(), not per query (the count is part of what is measured)
        _counters["db_queries"] += 1
        _statements[sql[:160]] += 1
    return execute(sql, params, many, context)


def install_query_counter(sender, connection, **kwargs) -> None:
    if count_query not in connection.execute_wrappers:
        connection.execute_wrappers.append(count_query)


def snapshot() -> dict:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    with _lock:
        counters, raw = dict(_counters), list(_statements.items())
    statements: Counter = Counter()
    for sql, n in raw:
        statements[re.sub(r"\s+", " ", sql)[:90]] += n
    return {
        **counters,
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "sys_s": usage.ru_stime,
        "context_switches": usage.ru_nvcsw + usage.ru_nivcsw,
        "top_statements": statements.most_common(25),
    }


DISPATCH_SAMPLES_KEY = "bench:dispatch_ms"


def stamp_sent_at(headers=None, **kwargs) -> None:
    """before_task_publish: note when a task message left its producer."""
    import time

    if headers is not None:
        headers.setdefault("sent_at", time.time())


def record_dispatch_latency(task=None, **kwargs) -> None:
    """task_prerun: how long the task waited between being sent and starting (benchmarks)."""
    import time

    from jobs.runtime.redis_client import redis_client

    sent_at = getattr(task.request, "sent_at", None) if task is not None else None
    if sent_at:
        redis_client().rpush(DISPATCH_SAMPLES_KEY, round((time.time() - float(sent_at)) * 1000, 1))


# --- cProfile over every task a worker runs (BENCH_PROFILE=path: stats written there at exit).
_profile_local = threading.local()
_profile_stats = None


def profile_task_start(**kwargs) -> None:
    import cProfile
    import time

    # This thread's CPU time, not wall time: threads of one process wait on each other (GIL).
    _profile_local.profile = cProfile.Profile(time.thread_time)
    _profile_local.profile.enable()


def profile_task_end(**kwargs) -> None:
    import pstats

    global _profile_stats
    profile = getattr(_profile_local, "profile", None)
    if profile is None:
        return
    profile.disable()
    _profile_local.profile = None
    with _lock:
        if _profile_stats is None:
            _profile_stats = pstats.Stats(profile)
        else:
            _profile_stats.add(profile)


def dump_profile(path: str) -> None:
    with _lock:
        if _profile_stats is not None:
            _profile_stats.dump_stats(path)
