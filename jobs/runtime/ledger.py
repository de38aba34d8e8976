"""The per-job budget ledger in Redis: tokens and integer micro-dollars.

Reserve before a paid call (atomic Lua: refuse when used + reserved + estimate > cap), settle
to the actual usage after it. Reservations carry an expiry, so a worker that died mid-call
does not hold budget forever; the call itself was recorded as started with its reservation
before it was sent (jobs/runtime/metering.py), and the takeover of its job counts it at that
reservation (`settle_abandoned`): the provider may have served it. When the ledger is missing
(Redis restarted or flushed) it is rebuilt from the provider_calls rows, under a lock, before
anything new is granted.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass

from django.conf import settings
from django.db.models.functions import Greatest

from jobs.runtime.redis_client import redis_client

LEDGER_TTL_SECONDS = 7 * 24 * 3600
# A reservation outlives the longest single call (the hard task time limit) and no more.
RESERVATION_TTL_MS = int(settings.CELERY_TASK_TIME_LIMIT * 1000)
REBUILD_LOCK_SECONDS = 10

# Two hashes per job. The ledger, "ledger:<job>": "tokens" and "usd" (the totals) and "c:<provider_calls
# row id>" what was counted for that call ("tokens:usd"), "gen" the build's generation (the jobs
# row's ledger_generation, bumped by each build); one TTL, set when it is built. The open
# reservations, "ledger:<job>:r": "<id>" -> "tokens:usd:expiry ms" (the ledger's TTL from when it
# is created, so what a dead worker left goes in the end), emptied as calls settle, so
# a reservation reads only the calls in flight, never every call counted before it (reading one
# hash for both made each reservation cost as much as the job's calls so far). A ledger without
# "tokens" is missing (Redis restarted or flushed, or the TTL ran out): the caller rebuilds it.
_RESERVE = """
local totals = redis.call('HMGET', KEYS[1], 'tokens', 'usd')
if not totals[1] then return {-1, 'missing'} end
local now = tonumber(ARGV[6])
local used_t, used_u, rt, ru = tonumber(totals[1]), tonumber(totals[2] or '0'), 0, 0
local open = redis.call('HGETALL', KEYS[2])
local expired = {}
for i = 1, #open, 2 do
  local t, u, exp = string.match(open[i + 1], '(%d+):(%d+):(%d+)')
  if tonumber(exp) < now then expired[#expired + 1] = open[i] else rt = rt + tonumber(t); ru = ru + tonumber(u) end
end
if #expired > 0 then redis.call('HDEL', KEYS[2], unpack(expired)) end
if used_t + rt + tonumber(ARGV[2]) > tonumber(ARGV[4]) then return {0, 'tokens'} end
if used_u + ru + tonumber(ARGV[3]) > tonumber(ARGV[5]) then return {0, 'usd'} end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2] .. ':' .. ARGV[3] .. ':' .. (now + tonumber(ARGV[7])))
if #open == 0 then redis.call('EXPIRE', KEYS[2], tonumber(ARGV[8])) end
return {1, 'ok'}
"""

# Counting a call: "c:<row id>" holds the amount the ledger counted for each provider_calls row
# ("tokens:usd"). Counting a call again counts only the difference, so a call is counted once
# whoever gets there first: its own settle, a takeover that counts an abandoned call at its
# reservation (ARGV[5] = 1: only if nothing was counted for it yet), or a rebuild after a Redis
# loss (which records every row it summed). Counting into a missing ledger would create a
# partial one: the caller rebuilds it and counts again. Returns the totals and the ledger's
# generation ("gen", the jobs row's ledger_generation when it was built; -1 when it has none).
_COUNT = """
local got = redis.call('HMGET', KEYS[1], 'tokens', 'usd', 'c:' .. ARGV[2], 'gen')
if ARGV[1] ~= '' then redis.call('HDEL', KEYS[2], ARGV[1]) end
if not got[1] then return {-1, -1, -1} end
local t, u, gen = tonumber(got[1]), tonumber(got[2] or '0'), tonumber(got[4] or '-1')
local dt, du = tonumber(ARGV[3]), tonumber(ARGV[4])
if ARGV[2] == '' then
  t, u = t + dt, u + du
  redis.call('HSET', KEYS[1], 'tokens', t, 'usd', u)
  return {t, u, gen}
end
if got[3] then
  if ARGV[5] == '1' then return {t, u, gen} end
  local pt, pu = string.match(got[3], '(%d+):(%d+)')
  dt, du = dt - tonumber(pt), du - tonumber(pu)
end
t, u = t + dt, u + du
redis.call('HSET', KEYS[1], 'tokens', t, 'usd', u, 'c:' .. ARGV[2], ARGV[3] .. ':' .. ARGV[4])
return {t, u, gen}
"""


# Confirming calls once their rows say they are settled: a Redis loss between a call's count
# and its step's commit has a rebuild count the row at its reservation; each (row id, tokens,
# micro-dollars) in ARGV is counted again at what the row now holds (only the difference).
_CONFIRM = """
local fields = {'tokens', 'usd'}
for i = 1, #ARGV, 3 do fields[#fields + 1] = 'c:' .. ARGV[i] end
local got = redis.call('HMGET', KEYS[1], unpack(fields))
if not got[1] then return 0 end
local dt, du, changed = 0, 0, {}
for i = 1, #ARGV, 3 do
  local prev = got[2 + (i + 2) / 3]
  local now = ARGV[i + 1] .. ':' .. ARGV[i + 2]
  if prev and prev ~= now then
    local pt, pu = string.match(prev, '(%d+):(%d+)')
    dt = dt + tonumber(ARGV[i + 1]) - tonumber(pt)
    du = du + tonumber(ARGV[i + 2]) - tonumber(pu)
    changed[#changed + 1] = 'c:' .. ARGV[i]
    changed[#changed + 1] = now
  end
end
if #changed == 0 then return 1 end
redis.call('HSET', KEYS[1], 'tokens', tonumber(got[1]) + dt, 'usd', tonumber(got[2] or '0') + du, unpack(changed))
return 1
"""


class BudgetExceeded(Exception):
    """A reservation would cross the job's cap. `dimension` is "tokens" or "usd"."""

    def __init__(self, dimension: str):
        super().__init__(f"budget exceeded: {dimension}")
        self.dimension = dimension


@dataclass(frozen=True)
class Counted:
    """The job's totals after a call was counted, and the generation of the ledger that counted
    it (-1: a ledger built before generations, or none found)."""

    tokens: int
    usd_micros: int
    generation: int

    @property
    def totals(self) -> tuple[int, int]:
        return self.tokens, self.usd_micros


@dataclass(frozen=True)
class Reservation:
    job_id: str
    res_id: str
    tokens: int
    usd_micros: int


def _key(job_id) -> str:
    return f"ledger:{job_id}"


def _reservations_key(job_id) -> str:
    return f"ledger:{job_id}:r"


_registered: dict = {}


def _script(source: str):
    """A registered script of the current client (registering hashes its source: once, not per call)."""
    r = redis_client()
    got = _registered.get(source)
    if got is None or got.registered_client is not r:
        got = _registered[source] = r.register_script(source)
    return got


def ensure(job_id) -> None:
    """Create the ledger if it is missing, from the provider_calls rows (the durable record)."""
    r = redis_client()
    key = _key(job_id)
    while not r.hexists(key, "tokens"):
        lock = f"ledger:{job_id}:rebuild"
        if r.set(lock, "1", nx=True, ex=REBUILD_LOCK_SECONDS):
            try:
                if not r.hexists(key, "tokens"):
                    # The generation first, the rows after: a step that commits before this bump
                    # has its rows settled when they are read; one that commits after it sees a
                    # generation other than its calls' and confirms them.
                    generation = _next_generation(job_id)
                    tokens, usd, per_call = _rows(job_id)
                    pipe = r.pipeline()  # MULTI: totals and the rows behind them appear together
                    # The rows count every call in flight at its reservation: its open
                    # reservation, if Redis still has it, would count it twice.
                    pipe.delete(key, _reservations_key(job_id))
                    counted = {f"c:{pk}": f"{t}:{u}" for pk, (t, u) in per_call.items()}
                    stamp = {} if generation is None else {"gen": generation}
                    pipe.hset(key, mapping={"tokens": tokens, "usd": usd, **stamp, **counted})
                    pipe.expire(key, LEDGER_TTL_SECONDS)
                    pipe.execute()
            finally:
                r.delete(lock)
        else:
            time.sleep(0.02)


def _next_generation(job_id) -> int | None:
    """Bump the jobs row's ledger_generation and return it (None when the job has no row)."""
    from django.db import connection

    from jobs.models import Job

    pk = Job._meta.pk.get_db_prep_value(job_id, connection)
    with connection.cursor() as cur:
        cur.execute(
            "UPDATE jobs SET ledger_generation = ledger_generation + 1 WHERE job_id = %s RETURNING ledger_generation",
            [pk],
        )
        row = cur.fetchone()
    return None if row is None else int(row[0])


def spent_from_rows(job_id) -> tuple[int, int]:
    tokens, usd, _ = _rows(job_id)
    return tokens, usd


def _rows(job_id) -> tuple[int, int, dict[int, tuple[int, int]]]:
    """(tokens, micro-dollars, {row id: (tokens, micro-dollars)}) of the job's provider_calls,
    read in one query. A call still unsettled (in flight, or abandoned by a dead worker) counts
    at its reservation: the provider may have served it."""
    from jobs.models import ProviderCall

    per_call = {}
    for pk, settled, t_in, t_out, usd, r_tokens, r_usd in ProviderCall.objects.filter(job_id=job_id).values_list(
        "pk", "settled", "tokens_in", "tokens_out", "usd_micros", "reserved_tokens", "reserved_usd_micros"
    ):
        per_call[pk] = (t_in + t_out, usd) if settled else (r_tokens, r_usd)
    return sum(t for t, _ in per_call.values()), sum(u for _, u in per_call.values()), per_call


def reserve(job_id, *, tokens: int, usd_micros: int, cap_tokens: int, cap_usd_micros: int) -> Reservation:
    """Hold `tokens` and `usd_micros` against the caps. Raises BudgetExceeded."""
    reserve_script = _script(_RESERVE)
    res_id = uuid.uuid4().hex
    for _attempt in range(3):
        ok, why = reserve_script(
            keys=[_key(job_id), _reservations_key(job_id)],
            args=[
                res_id,
                int(tokens),
                int(usd_micros),
                int(cap_tokens),
                int(cap_usd_micros),
                int(time.time() * 1000),
                RESERVATION_TTL_MS,
                LEDGER_TTL_SECONDS,
            ],
        )
        if ok == 1:
            return Reservation(str(job_id), res_id, int(tokens), int(usd_micros))
        if ok == 0:
            raise BudgetExceeded(why.decode() if isinstance(why, bytes) else why)
        ensure(job_id)
    raise RuntimeError("ledger could not be rebuilt")


def settle(
    reservation: Reservation, *, tokens: int, usd_micros: int, call_id: int | None = None, mirror: bool = True
) -> tuple[int, int]:
    """Replace the reservation by the actual usage (of provider_calls row `call_id`); returns
    the job's totals (tokens, micro-dollars). With `mirror` the totals are copied to the jobs
    row now; without, the caller copies them (a step does so in the UPDATE that commits it)."""
    return count_call(reservation, tokens=tokens, usd_micros=usd_micros, call_id=call_id, mirror=mirror).totals


def count_call(
    reservation: Reservation, *, tokens: int, usd_micros: int, call_id: int | None = None, mirror: bool = True
) -> Counted:
    """`settle`, also saying which generation of the ledger counted the call."""
    return _count(
        reservation.job_id, reservation.res_id, call_id, tokens, usd_micros, only_if_uncounted=False, mirror=mirror
    )


def confirm(job_id, calls: list[tuple[int, int, int]]) -> None:
    """Make what the ledger counted for each (provider_calls row id, tokens, micro-dollars)
    match what its row now holds, once the rows are settled: a ledger rebuilt between a call's
    settle and its step's commit counted that row at its reservation. One command for them all;
    nothing to do when the ledger is missing (its rebuild reads the settled rows)."""
    if calls:
        args = [str(x) for call in calls for x in call]
        _script(_CONFIRM)(keys=[_key(job_id)], args=args)


def settle_abandoned(job_id, *, call_id: int, res_id: str, tokens: int, usd_micros: int) -> None:
    """Count a call whose worker died before settling it at its reservation (`tokens`,
    `usd_micros`), unless something already counted it. A settle that still comes later (the
    worker was only slow) replaces it by the actual usage."""
    _count(job_id, res_id, call_id, tokens, usd_micros, only_if_uncounted=True)


def _count(
    job_id, res_id: str, call_id, tokens: int, usd_micros: int, *, only_if_uncounted: bool, mirror: bool = True
) -> Counted:
    count_script = _script(_COUNT)
    keys = [_key(job_id), _reservations_key(job_id)]
    args = [
        res_id or "",
        "" if call_id is None else str(call_id),
        int(tokens),
        int(usd_micros),
        "1" if only_if_uncounted else "0",
    ]
    total_tokens, total_usd, generation = count_script(keys=keys, args=args)
    if total_tokens < 0:
        # The ledger was lost: the rebuild sums the row (settled, or at its reservation); the
        # count then adds only what differs from what the rebuild counted.
        ensure(job_id)
        total_tokens, total_usd, generation = count_script(keys=keys, args=args)
        if total_tokens < 0:
            (total_tokens, total_usd), generation = used(job_id), -1
    if mirror:
        mirror_totals(job_id, total_tokens, total_usd)
    return Counted(int(total_tokens), int(total_usd), int(generation))


def mirror_totals(job_id, tokens: int, usd_micros: int) -> None:
    """Copy the ledger's totals to the jobs row (what the API and admin show); never lowers it."""
    from jobs.models import Job

    Job.objects.filter(pk=job_id).update(
        tokens_used=Greatest("tokens_used", tokens), usd_used_micros=Greatest("usd_used_micros", usd_micros)
    )


def release(reservation: Reservation) -> None:
    """Give a reservation back unused (the call never reached the provider)."""
    redis_client().hdel(_reservations_key(reservation.job_id), reservation.res_id)


def counted(job_id, call_id) -> tuple[int, int] | None:
    """(tokens, micro-dollars) the ledger counted for provider_calls row `call_id`, or None
    when it counted nothing for it (or lost what it counted)."""
    raw = redis_client().hget(_key(job_id), f"c:{call_id}")
    if raw is None:
        return None
    tokens, usd = raw.decode().split(":")
    return int(tokens), int(usd)


def used(job_id) -> tuple[int, int]:
    """(tokens, micro-dollars) settled so far; rebuilds the ledger when it is missing."""
    tokens, usd = redis_client().hmget(_key(job_id), "tokens", "usd")
    if tokens is None:
        ensure(job_id)
        tokens, usd = redis_client().hmget(_key(job_id), "tokens", "usd")
    return int(tokens or 0), int(usd or 0)


def reserved(job_id) -> tuple[int, int]:
    now = int(time.time() * 1000)
    t = u = 0
    for raw in redis_client().hvals(_reservations_key(job_id)):
        rt, ru, exp = (int(x) for x in raw.decode().split(":"))
        if exp >= now:
            t, u = t + rt, u + ru
    return t, u
