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
    add("db_queries", 1)
    with _lock:
        _statements[re.sub(r"\s+", " ", sql)[:90]] += 1
    return execute(sql, params, many, context)


def install_query_counter(sender, connection, **kwargs) -> None:
    if count_query not in connection.execute_wrappers:
        connection.execute_wrappers.append(count_query)


def snapshot() -> dict:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    with _lock:
        return {**_counters, "cpu_s": usage.ru_utime + usage.ru_stime, "top_statements": _statements.most_common(25)}
