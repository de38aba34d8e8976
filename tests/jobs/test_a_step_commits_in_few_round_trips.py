"""A step's commit costs few round trips (issue 17): a step without rows of its own is fenced,
numbered and inserted in one statement, which also marks its paid calls settled and copies the
ledger's totals to the job row; the job row is read by the lease renewal, not a second query.
What must not change: a call is settled even when its step fails, a twin's step wins without
losing our call's record, a fenced epoch commits nothing, and a job that ends shows the ledger's
totals."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from jobs.models import Job, ProviderCall, Step
from jobs.runtime import lease, ledger
from jobs.runtime.errors import JobStopped, LeaseLost
from jobs.runtime.steps import RunContext, StepResult, run_step, step_key
from jobs.runtime.transitions import job_transition
from tests.factories import JobFactory
from tests.helpers import paid_step

pytestmark = pytest.mark.django_db


_paid = paid_step


# The one statement that fences, numbers, inserts and settles is PostgreSQL's (a data-modifying
# CTE); on SQLite the same commit takes several statements (jobs/runtime/steps.py).
@pytest.mark.postgres
def test_a_step_with_one_paid_call_commits_in_one_statement_that_settles_and_copies_the_totals():
    job = JobFactory(budget_tokens=100_000)
    ctx = RunContext(job=job, epoch=job.epoch)
    with CaptureQueriesContext(connection) as queries:
        out = run_step(ctx, kind="check", counter="one", fn=_paid())
    assert out == {"ok": True}
    commits = [q["sql"] for q in queries.captured_queries if "INSERT INTO steps" in q["sql"]]
    assert len(commits) == 1 and "UPDATE provider_calls" in commits[0] and "step_seq" in commits[0]
    assert not [q for q in queries.captured_queries if q["sql"].startswith("UPDATE provider_calls")]
    call = ProviderCall.objects.get(job=job)
    assert call.settled and call.ok and (call.tokens_in, call.tokens_out, call.usd_micros) == (300, 100, 40)
    step = Step.objects.get(step_key=step_key(job.pk, None, "check", "one"))
    assert (step.seq, step.tokens_in, step.tokens_out, step.epoch) == (1, 300, 100, job.epoch)
    job.refresh_from_db()
    assert (job.tokens_used, job.usd_used_micros, job.step_seq) == (400, 40, 1)
    assert ledger.used(job.pk) == (400, 40)


def test_a_step_that_fails_after_its_call_still_settles_the_call():
    job = JobFactory(budget_tokens=100_000)
    paid = _paid()

    def fn():
        paid()
        raise ValueError("the reply did not parse")

    with pytest.raises(ValueError):
        run_step(RunContext(job=job, epoch=job.epoch), kind="check", counter="fails", fn=fn)
    call = ProviderCall.objects.get(job=job)
    assert call.settled and call.tokens_in + call.tokens_out == 400
    assert not Step.objects.filter(job=job).exists()
    # The ledger counted it; the job row gets the totals when the job ends.
    assert job_transition(job.pk, to=Job.Status.FAILED, epoch=job.epoch)
    job.refresh_from_db()
    assert (job.tokens_used, job.usd_used_micros) == (400, 40)


def test_a_twin_that_committed_first_wins_and_our_call_is_still_settled():
    job = JobFactory(budget_tokens=100_000)
    ctx = RunContext(job=job, epoch=job.epoch)
    key = step_key(job.pk, None, "check", "twin")
    paid = _paid()

    def fn():
        result = paid()
        # The twin attempt finishes the same step while ours waits on the model.
        Job.objects.filter(pk=job.pk).update(step_seq=1)
        Step.objects.create(
            job=job,
            seq=1,
            kind="check",
            step_key=key,
            output={"twin": True},
            epoch=job.epoch,
            started_at=job.created_at,
        )
        return result

    assert run_step(ctx, kind="check", counter="twin", fn=fn) == {"twin": True}
    assert Step.objects.filter(step_key=key).count() == 1
    assert ProviderCall.objects.get(job=job).settled


def test_a_fenced_epoch_commits_no_step_but_settles_its_call():
    job = JobFactory(budget_tokens=100_000)
    ctx = RunContext(job=job, epoch=job.epoch)
    paid = _paid()

    def fn():
        result = paid()
        Job.objects.filter(pk=job.pk).update(epoch=job.epoch + 1)  # a takeover meanwhile
        return result

    with pytest.raises(LeaseLost):
        run_step(ctx, kind="check", counter="fenced", fn=fn)
    assert not Step.objects.filter(job=job).exists()
    assert ProviderCall.objects.get(job=job).settled


def test_the_lease_renewal_returns_the_job_row_and_none_once_fenced():
    job = JobFactory()
    renewed = lease.renew(job.pk, job.epoch)
    assert isinstance(renewed, Job) and renewed.pk == job.pk and renewed.question == job.question
    assert renewed.lease_owner and renewed.lease_expires_at is not None
    assert lease.renew(job.pk, job.epoch + 1) is None
    Job.objects.filter(pk=job.pk).update(status=Job.Status.CANCELLED)
    assert lease.renew(job.pk, job.epoch) is None


# The one statement that fences, numbers, inserts and settles is PostgreSQL's (a data-modifying
# CTE); on SQLite the same commit takes several statements (jobs/runtime/steps.py).
@pytest.mark.postgres
def test_a_step_with_rows_of_its_own_settles_its_call_in_the_fence_and_still_does_when_its_rows_fail():
    job = JobFactory(budget_tokens=100_000)
    ctx = RunContext(job=job, epoch=job.epoch)
    paid = _paid()

    def with_rows(write):
        def fn():
            paid()
            return StepResult(output={"rows": True}, write_rows=write)

        return fn

    with CaptureQueriesContext(connection) as queries:
        run_step(ctx, kind="read", counter="rows", fn=with_rows(lambda step: None))
    fences = [q["sql"] for q in queries.captured_queries if "step_seq = step_seq + 1" in q["sql"]]
    assert len(fences) == 1 and "UPDATE provider_calls" in fences[0]
    assert ProviderCall.objects.get(job=job).settled

    def broken(step):
        raise RuntimeError("the notes could not be written")

    with pytest.raises(RuntimeError):
        run_step(ctx, kind="read", counter="broken", fn=with_rows(broken))
    assert ProviderCall.objects.filter(job=job, settled=True).count() == 2
    assert not Step.objects.filter(step_key=step_key(job.pk, None, "read", "broken")).exists()


def test_the_keeper_renews_every_held_lease_in_one_statement_and_marks_only_fenced_ones_lost():
    live, fenced, cancelled = JobFactory(), JobFactory(), JobFactory()
    Job.objects.filter(pk=fenced.pk).update(epoch=fenced.epoch + 1)
    Job.objects.filter(pk=cancelled.pk).update(status=Job.Status.CANCELLED)
    gone = "00000000-0000-4000-8000-000000000000"  # a job this connection cannot see
    keeper = lease._Keeper()
    keeper._held = {(str(j.pk), j.epoch): 1 for j in (live, fenced, cancelled)} | {(gone, 1): 1}
    with CaptureQueriesContext(connection) as queries:
        keeper.renew_all()
    renewals = [q for q in queries.captured_queries if q["sql"].startswith("UPDATE jobs SET lease_owner")]
    assert len(renewals) == 1, [q["sql"][:300] for q in renewals]
    live.refresh_from_db()
    assert live.lease_owner == lease.OWNER[:200] and live.lease_expires_at is not None
    assert not keeper.is_lost(live.pk, live.epoch)
    assert keeper.is_lost(fenced.pk, fenced.epoch) and keeper.is_lost(cancelled.pk, cancelled.epoch)
    assert not keeper.is_lost(gone, 1)


def test_a_call_that_returned_before_its_worker_died_keeps_the_amount_the_ledger_counted():
    # The worker counted the call in the ledger, then died before its step's commit marked the
    # row settled: the takeover gives the row what the ledger counted, not the reservation.
    from jobs.runtime.metering import settle_abandoned_calls

    job = JobFactory(budget_tokens=100_000)
    ledger.ensure(job.pk)
    reservation = ledger.reserve(job.pk, tokens=2000, usd_micros=500, cap_tokens=10**9, cap_usd_micros=10**9)
    row = ProviderCall.objects.create(
        job=job,
        step_key="k",
        kind="model",
        epoch=1,
        settled=False,
        reserved_tokens=2000,
        reserved_usd_micros=500,
        reservation_id=reservation.res_id,
    )
    ledger.settle(reservation, tokens=400, usd_micros=40, call_id=row.pk, mirror=False)
    assert settle_abandoned_calls(job.pk, before_epoch=2) == 1
    row.refresh_from_db()
    assert row.settled and (row.tokens_in + row.tokens_out, row.usd_micros) == (400, 40)
    assert ledger.used(job.pk) == (400, 40) == ledger.spent_from_rows(job.pk)


# The one statement that fences, numbers, inserts and settles is PostgreSQL's (a data-modifying
# CTE); on SQLite the same commit takes several statements (jobs/runtime/steps.py).
@pytest.mark.postgres
def test_a_step_a_prefetch_found_unfinished_runs_without_a_lookup_and_its_commit_is_still_fenced():
    job = JobFactory(budget_tokens=100_000)
    ctx = RunContext(job=job, epoch=job.epoch)
    ctx.prefetch(step_key__in=[step_key(job.pk, None, "check", "a"), step_key(job.pk, None, "check", "b")])

    def statements(queries):  # a test's transaction adds a savepoint around the insert
        return [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]

    with CaptureQueriesContext(connection) as queries:
        run_step(ctx, kind="check", counter="a", fn=lambda: StepResult(output={"a": 1}))
    [insert] = statements(queries)
    assert "INSERT INTO steps" in insert
    # a key no prefetch read is looked up first (a twin may have finished it)
    with CaptureQueriesContext(connection) as queries:
        run_step(ctx, kind="check", counter="c", fn=lambda: StepResult(output={"c": 1}))
    lookup, insert = statements(queries)
    assert "SELECT j.epoch" in lookup and "INSERT INTO steps" in insert
    # a job cancelled after the prefetch: the step's work runs, its commit is refused
    assert job_transition(job.pk, to=Job.Status.CANCELLED)
    with pytest.raises(JobStopped):
        run_step(ctx, kind="check", counter="b", fn=lambda: StepResult(output={"b": 1}))
    assert not Step.objects.filter(step_key=step_key(job.pk, None, "check", "b")).exists()


def _source_updating_step(job, title):
    from jobs.models import Source

    source = Source.objects.create(job=job, url="https://example.com/a", url_hash="a", domain="example.com")

    def fn():
        return StepResult(
            output={"fetched": True}, updates=[(Source, source.pk, {"title": title, "content_chars": 42})]
        )

    return source, fn


@pytest.mark.postgres
def test_a_step_that_only_updates_rows_of_its_own_commits_them_in_its_one_statement():
    job = JobFactory()
    source, fn = _source_updating_step(job, "Fetched")
    with CaptureQueriesContext(connection) as queries:
        run_step(RunContext(job=job, epoch=job.epoch), kind="fetch", counter="a", fn=fn)
    # (the savepoint around it is the test's transaction's, not the step's)
    writes = [q["sql"] for q in queries.captured_queries if not q["sql"].startswith(("SELECT", "SAVEPOINT", "RELEASE"))]
    assert len(writes) == 1 and "UPDATE sources" in writes[0] and "INSERT INTO steps" in writes[0]
    source.refresh_from_db()
    assert (source.title, source.content_chars) == ("Fetched", 42)


def test_a_fenced_step_updates_none_of_its_rows():
    job = JobFactory()
    source, update = _source_updating_step(job, "Fetched by a stale dispatch")

    def fn():
        Job.objects.filter(pk=job.pk).update(epoch=job.epoch + 1)  # a takeover meanwhile
        return update()

    with pytest.raises(LeaseLost):
        run_step(RunContext(job=job, epoch=job.epoch), kind="fetch", counter="a", fn=fn)
    source.refresh_from_db()
    assert (source.title, source.content_chars) == ("", 0)
    assert not Step.objects.filter(job=job).exists()


def _note_taking_step(job, claims, fence_out=False):
    from jobs.models import Note, Source, SubQuestion
    from jobs.runtime.steps import NewRows

    sq = SubQuestion.objects.create(job=job, round=1, position=0, text="Who supplies Voltara?")
    source = Source.objects.create(job=job, url="https://example.com/n", url_hash="n", domain="example.com")

    def fn():
        if fence_out:
            Job.objects.filter(pk=job.pk).update(epoch=job.epoch + 1)  # a takeover meanwhile
        rows = [
            {
                "job_id": job.pk,
                "sq_id": sq.pk,
                "source_id": source.pk,
                "claim": c,
                "quote": c,
                "char_start": 0,
                "char_end": len(c),
            }
            for c in claims
        ]
        entries = [{"claim": c, "domain": "example.com"} for c in claims]
        return StepResult(output={"page_tokens_est": 9}, new_rows=NewRows(Note, rows, key="notes", entries=entries))

    return fn


def test_a_step_that_inserts_rows_lists_their_ids_in_its_output_in_the_rows_order():
    from jobs.models import Note

    job = JobFactory()
    claims = [f"Claim {i} about Voltara." for i in range(12)]
    fn = _note_taking_step(job, claims)
    with CaptureQueriesContext(connection) as queries:
        out = run_step(RunContext(job=job, epoch=job.epoch), kind="read", counter="n", fn=fn)
    assert [n["claim"] for n in out["notes"]] == claims and out["page_tokens_est"] == 9
    stored = {n.pk: n.claim for n in Note.objects.filter(job=job)}
    assert {n["id"]: n["claim"] for n in out["notes"]} == stored
    assert Step.objects.get(job=job, kind="read").output == out  # what a replay gets
    if connection.vendor == "postgresql":  # fence, rows and step in one statement
        writes = [
            q["sql"] for q in queries.captured_queries if not q["sql"].startswith(("SELECT", "SAVEPOINT", "RELEASE"))
        ]
        assert len(writes) == 1 and "INSERT INTO notes" in writes[0], writes


def test_a_step_with_no_rows_to_insert_lists_none_and_a_fenced_one_inserts_none():
    from jobs.models import Note

    job = JobFactory()
    out = run_step(RunContext(job=job, epoch=job.epoch), kind="read", counter="none", fn=_note_taking_step(job, []))
    assert out["notes"] == []
    other = JobFactory()
    with pytest.raises(LeaseLost):
        run_step(
            RunContext(job=other, epoch=other.epoch),
            kind="read",
            counter="n",
            fn=_note_taking_step(other, ["A claim."], fence_out=True),
        )
    assert not Note.objects.filter(job=other).exists() and not Step.objects.filter(job=other).exists()
