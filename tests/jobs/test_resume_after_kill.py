"""A crashed worker never starts a run again: kill -9 the worker inside each step kind; a new
worker finishes the job from the step log. Finished steps are not run again, and the only
work repeated is the one step that was in flight."""

import time
from collections import defaultdict

import pytest

from jobs import services
from jobs.models import Job, ProviderCall, Step
from jobs.runtime.redis_client import redis_client
from research_project.celery import app
from tests.helpers import DEMO_QUESTION, wait_for_job
from tests.workers import WorkerProcess

# The design's 10 s / 30 s / 10 s and the 5 s drain grace, shortened so the suite stays fast.
# The grace is shortened less than the rest: it must still outlast a step of the offline engine
# with ENGINE_FIXED_LATENCY_SECONDS (the survivor test's 0.7 s) on a loaded machine. With the
# worker tests in sessions beside the main one (load about 5 on 2 cores) a step of a queued task
# of the old epoch took more than 2 s to commit, and ran again after the takeover.
FAST_LEASES = {
    "LEASE_RENEW_SECONDS": "0.5",
    "LEASE_TTL_SECONDS": "3",
    "SWEEP_INTERVAL_SECONDS": "1",
    "DRAIN_GRACE_SECONDS": "4",
    "ENGINE_COUNT_CALLS": "1",
}
PAUSE_TIMEOUT_SECONDS = 90

pytestmark = [pytest.mark.worker, pytest.mark.postgres]


def wait_for_pause(job_id, flag: str, worker: WorkerProcess) -> str:
    deadline = time.monotonic() + PAUSE_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        key = redis_client().get(f"paused:{job_id}:{flag}")
        if key:
            return key.decode()
        assert worker.proc.poll() is None, worker.log()
        time.sleep(0.1)
    raise AssertionError(f"worker never paused in {flag}:\n{worker.log()}")


def calls_by_key_and_epoch(job):
    seen = defaultdict(lambda: defaultdict(int))
    for key, epoch, t_in, t_out in ProviderCall.objects.filter(job=job).values_list(
        "step_key", "epoch", "tokens_in", "tokens_out"
    ):
        seen[key][epoch] += t_in + t_out
    return seen


def assert_no_finished_step_ran_again(job, by_key) -> None:
    """A step's calls all belong to epochs up to the one that committed it: once finished, a
    step is replayed, never run again."""
    committed = dict(Step.objects.filter(job=job).values_list("step_key", "epoch"))
    for key, epochs in by_key.items():
        if key in committed:
            assert max(epochs) <= committed[key], f"{key} ran again after it finished at epoch {committed[key]}"


def run_and_kill(make_user, kind: str, moment: str = "before"):
    app.control.purge()
    job = services.job_create(user=make_user("kill"), question=DEMO_QUESTION)
    flag = f"{kind}:{moment}"
    # One thread, so exactly one step is in flight when the worker dies.
    first = WorkerProcess(
        concurrency=1,
        env={
            **FAST_LEASES,
            "RESEARCH_STEP_PAUSE_KIND": kind if moment == "before" else flag,
            "RESEARCH_STEP_PAUSE_JOB": str(job.pk),
        },
    ).start()
    try:
        paused_key = wait_for_pause(job.pk, flag, first)
    finally:
        first.kill()
    killed_at = time.monotonic()
    second = WorkerProcess(env=FAST_LEASES).start()
    try:
        job = wait_for_job(job.pk, timeout=180)
        resumed_after = Step.objects.filter(job=job, epoch__gt=1).order_by("created_at").first()
    finally:
        second.stop()
    return job, paused_key, killed_at, resumed_after


@pytest.mark.parametrize("kind", ["plan", "search", "fetch", "read", "gap_check", "write", "check"])
def test_it_resumes_after_the_worker_is_killed_during_a_step(live, make_user, kind):
    job, paused_key, _, _ = run_and_kill(make_user, kind)
    assert job.status == Job.Status.DONE, job.error
    assert job.epoch >= 2, "the job was not re-dispatched"
    # No step key twice (the database enforces it) and the in-flight step was finished.
    keys = list(Step.objects.filter(job=job).values_list("step_key", flat=True))
    assert len(keys) == len(set(keys)) and paused_key in keys
    # Work repeated: only the dead worker's step in flight, never a finished one. A second
    # worker may already run queued tasks of the old epoch when the dead task is noticed: the
    # epoch then drains (no new step starts, its steps in flight commit) before the takeover,
    # so none of its steps runs again.
    by_key = calls_by_key_and_epoch(job)
    repeated = {key for key, epochs in by_key.items() if len(epochs) > 1}
    assert_no_finished_step_ran_again(job, by_key)
    # Every call the engine answered was recorded once per run of its step.
    r = redis_client()
    for key in by_key:
        engine_calls = int(r.get(f"engine:calls:{key}") or 0)
        model_rows = ProviderCall.objects.filter(job=job, step_key=key, kind="model").count()
        assert engine_calls == model_rows, key
    assert repeated <= {paused_key}, repeated
    spent_again = sum(t for key in repeated for epoch, t in by_key[key].items() if epoch > min(by_key[key]))
    paused_tokens = sum(by_key[paused_key].values()) if paused_key in by_key else 0
    assert spent_again <= paused_tokens
    assert job.report and job.report["sections"]


def test_a_kill_after_the_step_commits_but_before_the_ack_repeats_no_model_call(live, make_user):
    job, paused_key, _, _ = run_and_kill(make_user, "read", moment="after")
    assert job.status == Job.Status.DONE, job.error
    by_key = calls_by_key_and_epoch(job)
    assert_no_finished_step_ran_again(job, by_key)
    assert int(redis_client().get(f"engine:calls:{paused_key}") or 0) == 1
