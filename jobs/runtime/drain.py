"""The drain mark: a job one of whose tasks died waits for the steps its survivors have in flight.

When the sweeper finds a dead task on a job whose epoch other live workers still work on, it
marks that epoch draining (Redis `lease:draining:<job>` = epoch) instead of fencing it at once.
While the mark stands no task of that epoch starts a new step (jobs/runtime/steps.py); steps
already in flight finish and commit under it. The sweeper takes the job over once no live claim
of the epoch is left, or once DRAIN_GRACE_SECONDS have passed since the mark (jobs/runtime/lease.py).

The grace is measured on the Redis clock (the mark's own TTL), so sweepers on hosts whose clocks
disagree agree on when it ends. The mark outlives its grace by DRAIN_LINGER_SWEEPS sweeps, so
the sweep that takes the job over still finds it and new steps stay stopped until then; the
takeover removes it (the old epoch's tasks are then stale dispatches). Losing
the mark costs only speed: the next sweep marks the job again and waits one more grace.
"""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings

logger = logging.getLogger(__name__)

# A mark read from Redis is trusted this long in this process. Every task and every step of a
# job reads it (about 150 reads per report at model speed zero); most of them follow one
# another within milliseconds. A step that starts this much after the mark was set is still
# stopped at its commit, fenced by the takeover's epoch: the mark only saves work.
READ_TTL_SECONDS = 0.5
_read_lock = threading.Lock()
_reads: dict[tuple[str, int], tuple[float, bool]] = {}

# The mark stays this many sweep intervals past its grace (the takeover is due by then).
DRAIN_LINGER_SWEEPS = 2

# KEYS[1] the mark; ARGV: epoch, grace ms, linger ms. Returns {grace ms left (0 when passed),
# 1 when this call set the mark}. A mark of another epoch is replaced (an older takeover's).
_MARK = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', tonumber(ARGV[2]) + tonumber(ARGV[3]))
  return {tonumber(ARGV[2]), 1}
end
local left = redis.call('PTTL', KEYS[1]) - tonumber(ARGV[3])
if left < 0 then left = 0 end
return {left, 0}
"""


def _key(job_id) -> str:
    return f"lease:draining:{job_id}"


def _linger_ms() -> int:
    return int(DRAIN_LINGER_SWEEPS * settings.SWEEP_INTERVAL_SECONDS * 1000)


def mark(job_id, epoch: int) -> tuple[float, bool]:
    """Mark `epoch` of the job draining unless it already is. Returns (seconds of grace left,
    0 when it has passed; whether this call set the mark). Raises redis errors."""
    from jobs.runtime.redis_client import redis_client

    grace_ms = int(settings.DRAIN_GRACE_SECONDS * 1000)
    left_ms, new = redis_client().register_script(_MARK)(keys=[_key(job_id)], args=[int(epoch), grace_ms, _linger_ms()])
    forget_reads()
    return int(left_ms) / 1000, bool(new)


def is_draining(job_id, epoch: int) -> bool:
    """Whether `epoch` of the job is draining (as read at most READ_TTL_SECONDS ago). False when
    Redis cannot tell: the mark only saves work, and a step the mark would have stopped is
    fenced at its commit after the takeover."""
    from jobs.runtime.redis_client import redis_client

    now = time.monotonic()
    cache_key = (str(job_id), int(epoch))
    with _read_lock:
        read = _reads.get(cache_key)
    if read is not None and now - read[0] < READ_TTL_SECONDS:
        return read[1]
    try:
        value = redis_client().get(_key(job_id))
    except Exception:  # noqa: BLE001 - see the docstring
        logger.warning("drain mark of job %s not read", job_id)
        return False
    draining = value is not None and value.decode() == str(int(epoch))
    with _read_lock:
        if len(_reads) > 4096:  # forget reads too old to be trusted
            for stale in [k for k, (at, _) in _reads.items() if now - at >= READ_TTL_SECONDS]:
                del _reads[stale]
        _reads[cache_key] = (now, draining)
    return draining


def forget_reads() -> None:
    """Read the mark from Redis next time (after this process set or removed one)."""
    with _read_lock:
        _reads.clear()


def clear(job_id) -> None:
    """The job was taken over: its old epoch's tasks are fenced by the epoch from here on, and
    say so (a stale dispatch), not that they wait for a takeover. Quiet: the mark expires anyway."""
    from jobs.runtime.redis_client import redis_client

    try:
        redis_client().delete(_key(job_id))
    except Exception:  # noqa: BLE001
        logger.warning("drain mark of job %s not removed", job_id)
    forget_reads()
