"""The one step runner: at-least-once execution, exactly-once effect.

Every unit of work (plan, each search turn, each fetch, each read, gap check, each section
written, each citation check) runs through `run_step`:

1. `step_key` is derived from the position in the work (job, sub-question, kind, counter), so
   a retry or a re-dispatch computes the same key.
2. If a step row with that key exists, its stored output is returned (replay, no cost).
3. The job must still be active under this task's epoch (fencing), checked before the work;
   and the epoch must not be draining (a task of it died: steps in flight finish, no new one
   starts until the takeover; jobs/runtime/drain.py).
4. The work runs; paid calls inside it reserve and settle the ledger (agents/llm.py).
5. In one transaction: the epoch is checked again while the per-job sequence number is taken
   (and the job's ledger totals are copied to its row), the step row is inserted, and the
   step's own rows (notes, sub-questions, ...) are written; a step without rows of its own does
   all of it in one statement. If a twin attempt inserted the key first, its output wins and
   ours is discarded.
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import redis
from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from jobs.runtime import drain, lease, ledger, telemetry
from jobs.runtime.budget import Phase
from jobs.runtime.connections import release_for_wait
from jobs.runtime.errors import JobDraining, JobStopped, LeaseLost
from jobs.runtime.rows import update_sql, values_sql

logger = logging.getLogger(__name__)


@dataclass
class StepUsage:
    """What the paid calls inside one step spent; the model client adds to it."""

    model: str = ""
    tokens_in: int = 0
    tokens_out: int = 0
    usd_micros: int = 0

    def add(self, *, model: str, tokens_in: int, tokens_out: int, usd_micros: int) -> None:
        self.model = self.model or model
        self.tokens_in += tokens_in
        self.tokens_out += tokens_out
        self.usd_micros += usd_micros


@dataclass
class StepScope:
    """The step now running in this thread: the model client reads it for the budget."""

    job: Any
    epoch: int
    step_key: str
    phase: Phase
    usage: StepUsage = field(default_factory=StepUsage)
    # The job's ledger totals after this step's last paid call, copied to the jobs row when
    # the step commits (one UPDATE for the fence and the copy, not one per call).
    ledger_totals: tuple[int, int] | None = None
    # UPDATEs that may wait for the step's commit (a paid call's row marked settled): sent in
    # the statement that commits the step, or on their own when the step fails.
    deferred: list[tuple[str, list]] = field(default_factory=list)
    # (provider_calls row id, tokens, micro-dollars) of the calls this step settled: confirmed
    # in the ledger once their rows are written (ledger.confirm).
    counted_calls: list[tuple[int, int, int]] = field(default_factory=list)
    # The ledger generations those calls were counted under (ledger.Counted.generation).
    ledger_generations: set[int] = field(default_factory=set)

    def defer_update(self, table, pk, /, **fields) -> None:
        """UPDATE row `pk` of model `table` with `fields` when the step commits (or fails)."""
        self.deferred.append(update_sql(table, pk, fields))

    def flush_deferred(self) -> None:
        """Send the deferred UPDATEs now, each on its own (they are idempotent)."""
        pending, self.deferred = self.deferred, []
        with connection.cursor() as cur:
            for sql, params in pending:
                cur.execute(sql, params)

    def confirm_counts(self, generation: int | None = None) -> None:
        """Once the step's call rows are written: the ledger counts each as its row says.
        `generation`: the jobs row's ledger generation the step's commit read. When every call
        was counted under it, no rebuild came between their counts and the commit (a rebuild
        bumps it before it reads the rows), so the ledger already says what the rows say."""
        calls, self.counted_calls = self.counted_calls, []
        generations, self.ledger_generations = self.ledger_generations, set()
        if not calls or (generation is not None and generations == {generation}):
            return
        try:
            ledger.confirm(self.job.pk, calls)
        except redis.exceptions.RedisError:
            # A ledger that cannot be reached now is rebuilt from the rows when it is next used.
            logger.warning("ledger of job %s: confirming %d calls failed", self.job.pk, len(calls), exc_info=True)


current_scope: contextvars.ContextVar[StepScope | None] = contextvars.ContextVar("current_scope", default=None)


@dataclass
class NewRows:
    """Rows a step inserts whose ids its output lists: `output[key]` becomes, in the rows' order,
    {"id": the row's primary key, **entries[i]}. Written with the step, only when it commits."""

    model: Any
    rows: list[dict]  # model field name -> value, the same fields in every row
    key: str
    entries: list[dict]


@dataclass
class StepResult:
    output: dict
    output_ref: str = ""
    # Writes the step's own rows inside the step's transaction, after its key is won.
    # Receives the Step row and returns the (possibly updated) output to store.
    write_rows: Callable[[Any], dict | None] | None = None
    # Rows the step updates, as (model, pk, {field: value}): written with the step, only when
    # it commits, like write_rows; a step that only updates rows commits in one statement.
    updates: list[tuple[Any, Any, dict]] = field(default_factory=list)
    new_rows: NewRows | None = None


@dataclass
class RunContext:
    """What a task works under: the job (loaded once per task), its dispatch epoch, and the
    outputs of finished steps this task has already looked up or prefetched (replays)."""

    job: Any
    epoch: int
    replay: dict = field(default_factory=dict)
    # What a prefetch read in full: a key under it that is not in `replay` had not finished when
    # this task read its steps, so running it needs no lookup of its own (its commit is fenced).
    loaded_keys: set = field(default_factory=set)
    loaded_prefixes: tuple = ()

    @property
    def job_id(self) -> str:
        return str(self.job.pk)

    def prefetch(self, **filters) -> None:
        """Load the outputs of finished steps matching `filters` in one query, so replaying
        them costs no round trip each, and running the others no lookup."""
        from jobs.models import Step

        self.replay.update(Step.objects.filter(job_id=self.job.pk, **filters).values_list("step_key", "output"))
        if filters.keys() == {"step_key__in"}:
            self.loaded_keys |= set(filters["step_key__in"])
        elif filters.keys() == {"sq_id"}:
            sq_id = filters["sq_id"]
            self.loaded_prefixes += (f"{self.job.pk}:{sq_id if sq_id is not None else '-'}:",)
        elif filters.keys() == {"kind__in"}:
            self.loaded_prefixes += tuple(f"{self.job.pk}:-:{kind}:" for kind in filters["kind__in"])

    def loaded(self, key: str) -> bool:
        return key in self.loaded_keys or key.startswith(self.loaded_prefixes)


def step_key(job_id, sq_id, kind: str, counter) -> str:
    return f"{job_id}:{sq_id if sq_id is not None else '-'}:{kind}:{counter}"


def stored_output(key: str) -> dict | None:
    from jobs.models import Step

    row = Step.objects.filter(step_key=key).values_list("output", flat=True).first()
    return row


def _lookup(ctx: RunContext, key: str) -> tuple[dict | None, int | None, str | None]:
    """(stored output of `key` or None, the job's epoch, the job's status) in one round trip."""
    from jobs.models import Job

    pk = Job._meta.pk.get_db_prep_value(ctx.job.pk, connection)
    with connection.cursor() as cur:
        cur.execute(
            "SELECT j.epoch, j.status, (SELECT s.output FROM steps s WHERE s.step_key = %s) "
            "FROM jobs j WHERE j.job_id = %s",
            [key, pk],
        )
        row = cur.fetchone()
    if row is None:
        return None, None, None
    epoch, status, output = row
    if isinstance(output, (str, bytes)):
        output = json.loads(output)
    return output, epoch, status


def ensure_may_run(ctx: RunContext, row: tuple | None = None) -> None:
    """Raise LeaseLost or JobStopped unless this epoch still owns an active job."""
    from jobs.models import Job

    lease.check(ctx.job_id, ctx.epoch)
    if row is None:
        row = Job.objects.filter(pk=ctx.job_id).values_list("epoch", "status").first()
    if row is None or row[0] is None:
        raise JobStopped(f"job {ctx.job_id} is gone")
    epoch, status = row
    if epoch != ctx.epoch:
        lease.keeper.mark_lost(ctx.job_id, ctx.epoch)
        raise LeaseLost(f"job {ctx.job_id}: epoch {ctx.epoch} replaced by {epoch}")
    if status not in Job.ACTIVE_STATUSES:
        raise JobStopped(f"job {ctx.job_id} is {status}")


def _fence_sql(ctx: RunContext, totals: tuple[int, int] | None) -> tuple[str, list]:
    """The UPDATE that fences a step's commit (this epoch still owns an active job), takes the
    job's next step number, and copies the ledger's totals to the row."""
    from jobs.models import Job

    pk = Job._meta.pk.get_db_prep_value(ctx.job.pk, connection)
    active = list(Job.ACTIVE_STATUSES)
    placeholders = ", ".join(["%s"] * len(active))
    tokens, usd = totals or (0, 0)
    greatest = "MAX" if connection.vendor == "sqlite" else "GREATEST"  # SQLite's two-argument MAX
    sql = (
        f"UPDATE jobs SET step_seq = step_seq + 1, tokens_used = {greatest}(tokens_used, %s), "
        f"usd_used_micros = {greatest}(usd_used_micros, %s) "
        f"WHERE job_id = %s AND epoch = %s AND status IN ({placeholders}) RETURNING step_seq, ledger_generation"
    )
    return sql, [tokens, usd, pk, ctx.epoch, *active]


def _refused(ctx: RunContext) -> JobStopped:
    ensure_may_run(ctx)  # raises the precise reason
    return JobStopped(f"job {ctx.job_id}: step refused")


def _fence_and_next_seq(
    ctx: RunContext, totals: tuple[int, int] | None, deferred: list[tuple[str, list]], updates: list
) -> tuple[int, int]:
    """The fence inside a step's transaction, with its deferred UPDATEs (in the same statement
    on PostgreSQL), then the step's own row updates. Returns (step number, ledger generation)."""
    sql, params = _fence_sql(ctx, totals)
    with connection.cursor() as cur:
        if connection.vendor == "postgresql" and deferred:
            ctes = ", ".join(f"deferred{i} AS ({d})" for i, (d, _) in enumerate(deferred))
            cur.execute(f"WITH {ctes} {sql}", [*(p for _, ps in deferred for p in ps), *params])
        else:
            for d, ps in deferred:
                cur.execute(d, ps)
            cur.execute(sql, params)
        row = cur.fetchone()
        if row is None:
            raise _refused(ctx)
        for model, pk, fields in updates:
            cur.execute(*update_sql(model, pk, fields))
    return row[0], row[1]


def _with_new_rows(output: dict, new_rows: NewRows | None) -> dict:
    """Insert `new_rows` (inside the step's transaction) and list their ids in the output."""
    if new_rows is None:
        return output
    model = new_rows.model
    if connection.features.can_return_rows_from_bulk_insert:
        ids = [row.pk for row in model.objects.bulk_create([model(**values) for values in new_rows.rows])]
    else:  # a backend that returns no ids from a bulk insert
        ids = [model.objects.create(**values).pk for values in new_rows.rows]
    return {**output, new_rows.key: [{"id": pk, **entry} for pk, entry in zip(ids, new_rows.entries)]}


def _insert_fenced(
    ctx: RunContext,
    *,
    kind: str,
    sq_id,
    key: str,
    output,
    output_ref: str,
    usage,
    started_at,
    totals,
    deferred,
    updates=(),
    new_rows: NewRows | None = None,
) -> tuple[dict, int]:
    """Fence, number and insert a step without rows of its own to insert, with its `deferred`
    UPDATEs and its own row `updates` (made only when the fence lets the step in), in one
    statement (one round trip, no transaction to open and commit; PostgreSQL's writable CTEs).
    A twin that inserted the key first makes it fail with IntegrityError, and the statement's
    UPDATEs are undone with it. `new_rows` are inserted by the same statement, and the output
    stored (and returned) lists their ids. Returns (output, the job's ledger generation)."""
    from jobs.models import Step

    if new_rows is not None and not new_rows.rows:
        output, new_rows = {**output, new_rows.key: []}, None
    fence, params = _fence_sql(ctx, totals)
    fields = [Step._meta.get_field(name) for name in _STEP_COLUMNS]
    values = {
        "job": ctx.job.pk,
        "kind": kind,
        "sq": sq_id,
        "step_key": key,
        "output": output,
        "output_ref": output_ref,
        "model": usage.model,
        "tokens_in": usage.tokens_in,
        "tokens_out": usage.tokens_out,
        "usd_micros": usage.usd_micros,
        "epoch": ctx.epoch,
        "started_at": started_at,
        "created_at": timezone.now(),
    }
    prepared = [field.get_db_prep_save(values[field.name], connection) for field in fields]
    columns = ", ".join(field.column for field in fields)
    marks = ["%s"] * len(fields)
    new_ctes, new_params = [], []
    if new_rows is not None:
        # The rows, inserted only when the fence lets the step in; their ids, in the order the
        # rows are listed (a serial key numbers them so), paired with the entries of the output.
        model = new_rows.model
        new_columns, rows_sql, new_params = values_sql(model, new_rows.rows)
        names = ", ".join(f"c{i}" for i in range(len(new_columns)))
        new_ctes = [
            f"new_rows AS (INSERT INTO {model._meta.db_table} ({', '.join(new_columns)}) "
            f"SELECT {names} FROM (VALUES {rows_sql}) AS v({names}) WHERE EXISTS (SELECT 1 FROM fence) "
            f"RETURNING {model._meta.pk.column} AS pk)"
        ]
        marks[_STEP_COLUMNS.index("output")] = (
            "(%s::jsonb || jsonb_build_object(%s, (SELECT COALESCE(jsonb_agg(e.entry || jsonb_build_object('id', "
            "n.pk) ORDER BY e.i), '[]'::jsonb) FROM jsonb_array_elements(%s::jsonb) WITH ORDINALITY AS e(entry, i) "
            "JOIN (SELECT pk, row_number() OVER (ORDER BY pk) AS i FROM new_rows) AS n ON n.i = e.i)))"
        )
        at = _STEP_COLUMNS.index("output")
        prepared[at : at + 1] = [prepared[at], new_rows.key, json.dumps(new_rows.entries)]
    marks = ", ".join(marks)
    # Inside an outer transaction (a test's, a caller's), a savepoint keeps a twin's failure from
    # aborting it; on its own the statement is atomic.
    scope = transaction.atomic() if connection.in_atomic_block else contextlib.nullcontext()
    ctes = [f"deferred{i} AS ({sql})" for i, (sql, _) in enumerate(deferred)]
    own = [update_sql(model, pk, fields) for model, pk, fields in updates]
    own_ctes = [f"own{i} AS ({sql} AND EXISTS (SELECT 1 FROM fence))" for i, (sql, _) in enumerate(own)]
    with scope, connection.cursor() as cur:
        inserted = (
            f"inserted AS (INSERT INTO steps (seq, {columns}) SELECT fence.step_seq, {marks} FROM fence "
            f"RETURNING seq{', output' if new_ctes else ''})"
        )
        cur.execute(
            f"WITH {', '.join([*ctes, f'fence AS ({fence})', *own_ctes, *new_ctes, inserted])} "
            "SELECT fence.ledger_generation" + (", inserted.output" if new_ctes else "") + " FROM inserted, fence",
            [
                *(p for _, ps in deferred for p in ps),
                *params,
                *(p for _, ps in own for p in ps),
                *new_params,
                *prepared,
            ],
        )
        row = cur.fetchone()
    if row is None:
        raise _refused(ctx)
    if not new_ctes:
        return output, row[0]
    stored = row[1]
    return (json.loads(stored) if isinstance(stored, (str, bytes)) else stored), row[0]


_STEP_COLUMNS = (
    "job",
    "kind",
    "sq",
    "step_key",
    "output",
    "output_ref",
    "model",
    "tokens_in",
    "tokens_out",
    "usd_micros",
    "epoch",
    "started_at",
    "created_at",
)


def _maybe_pause(ctx: RunContext, kind: str, moment: str, key: str) -> None:
    """Test hook (RESEARCH_STEP_PAUSE_KIND=kind or kind:after, optionally RESEARCH_STEP_PAUSE_JOB):
    park this worker inside a step, its work done but not committed (or committed but the task
    not acknowledged), so a test can kill it there. Inert unless the variable is set."""
    wanted = settings.STEP_PAUSE_KIND
    if not wanted or (settings.STEP_PAUSE_JOB and settings.STEP_PAUSE_JOB != ctx.job_id):
        return
    want_kind, _, want_moment = wanted.partition(":")
    if want_kind != kind or (want_moment or "before") != moment:
        return
    from jobs.runtime.redis_client import redis_client

    redis_client().set(f"paused:{ctx.job_id}:{kind}:{moment}", key, ex=3600)
    logger.warning("pausing in %s step (%s) for a test", kind, moment)
    time.sleep(3600)


def run_step(
    ctx: RunContext,
    *,
    kind: str,
    counter,
    fn: Callable[[], StepResult],
    sq_id=None,
    phase: Phase = Phase.RESEARCH,
) -> dict:
    """Run one step once per key; return its output (stored, or fresh).

    Raises LeaseLost or JobStopped when the job moved on, JobDraining when its epoch is
    draining before a takeover; whatever `fn` raises otherwise.
    """
    from jobs.models import Step

    key = step_key(ctx.job_id, sq_id, kind, counter)
    if key in ctx.replay:
        return ctx.replay[key]
    if ctx.loaded(key):
        # Not finished when this task read its steps: the lease is checked here, the epoch and
        # the job's status by the fenced commit (a cancel refuses it, so no new step lands).
        lease.check(ctx.job_id, ctx.epoch)
    else:
        existing, epoch, status = _lookup(ctx, key)
        if existing is not None:
            ctx.replay[key] = existing
            return existing
        ensure_may_run(ctx, (epoch, status))
    # A step nested in one in flight is part of it: the drain lets in-flight work finish.
    if current_scope.get() is None and drain.is_draining(ctx.job_id, ctx.epoch):
        raise JobDraining(f"job {ctx.job_id}: epoch {ctx.epoch} is draining before a takeover")

    scope = StepScope(job=ctx.job, epoch=ctx.epoch, step_key=key, phase=phase)
    release_for_wait()  # the work is mostly a wait on a model or a page
    token = current_scope.set(scope)
    started_at = timezone.now()
    try:
        result = fn()
    except BaseException:
        _settle_after_failed_commit(scope, key)
        raise
    finally:
        current_scope.reset(token)
    _maybe_pause(ctx, kind, "before", key)

    usage = scope.usage
    output = result.output
    try:
        if result.write_rows is None and connection.vendor == "postgresql":
            output, generation = _insert_fenced(
                ctx,
                kind=kind,
                sq_id=sq_id,
                key=key,
                output=output,
                output_ref=result.output_ref,
                usage=usage,
                started_at=started_at,
                totals=scope.ledger_totals,
                deferred=scope.deferred,
                updates=result.updates,
                new_rows=result.new_rows,
            )
        else:
            # The fence takes the job row's lock, so twins of one step commit one after the
            # other; the loser's insert fails and its whole transaction, rows included, rolls back.
            with transaction.atomic():
                seq, generation = _fence_and_next_seq(ctx, scope.ledger_totals, scope.deferred, result.updates)
                step = Step(
                    job_id=ctx.job.pk, seq=seq, kind=kind, sq_id=sq_id, step_key=key, output=output, epoch=ctx.epoch
                )
                output = _with_new_rows(output, result.new_rows)
                step.output = output
                updated = result.write_rows(step) if result.write_rows is not None else None
                if updated is not None:
                    output = updated
                Step.objects.create(
                    job_id=ctx.job.pk,
                    seq=seq,
                    kind=kind,
                    sq_id=sq_id,
                    step_key=key,
                    output=output,
                    output_ref=result.output_ref,
                    model=usage.model,
                    tokens_in=usage.tokens_in,
                    tokens_out=usage.tokens_out,
                    usd_micros=usage.usd_micros,
                    epoch=ctx.epoch,
                    started_at=started_at,
                )
        scope.deferred = []
        scope.confirm_counts(generation)
    except IntegrityError:
        scope.flush_deferred()  # undone with the commit a twin made fail
        scope.confirm_counts()
        twin = stored_output(key)
        if twin is None:
            raise
        logger.info("step %s was finished by a twin attempt; using its output", key)
        return twin
    except BaseException:
        _settle_after_failed_commit(scope, key)
        raise
    ctx.replay[key] = output
    _count_step(kind, usage)
    _maybe_pause(ctx, kind, "after", key)
    return output


def _settle_after_failed_commit(scope: StepScope, key: str) -> None:
    """The step failed (its work, or its commit: refused, or its rows not written, which takes
    the deferred UPDATEs with it): a call that was made is still settled."""
    try:
        scope.flush_deferred()
        scope.confirm_counts()
    except Exception:  # noqa: BLE001 - the commit's own error is the one to report
        logger.warning("step %s: settling its calls failed", key, exc_info=True)


def _count_step(kind: str, usage: StepUsage) -> None:
    telemetry.count("steps", kind=kind)
    if usage.tokens_in or usage.tokens_out:
        telemetry.count("model_tokens", usage.tokens_in, kind=kind, direction="in")
        telemetry.count("model_tokens", usage.tokens_out, kind=kind, direction="out")
        telemetry.count("model_usd", usage.usd_micros / 1_000_000, kind=kind)


__all__ = [
    "RunContext",
    "StepResult",
    "StepScope",
    "StepUsage",
    "current_scope",
    "run_step",
    "step_key",
    "ensure_may_run",
    "LeaseLost",
    "JobStopped",
    "JobDraining",
]
