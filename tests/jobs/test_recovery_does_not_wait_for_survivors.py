"""A dead task is noticed on its own: each worker process claims the jobs it works on and
keeps a heartbeat, so when one worker dies inside a task while another keeps running tasks of
the same job (and so keeps the job's lease alive), the job is taken over about one heartbeat
expiry plus the drain grace after the kill, not after the survivor's tasks end plus a lease
expiry. The survivor is not fenced mid-step: its epoch drains (no new step starts) and the
steps it has in flight commit under the old epoch, so only the dead worker's step runs twice."""

import time

import pytest

from jobs import services
from jobs.models import Job, Step
from jobs.runtime import lease
from research_project.celery import app
from tests.helpers import DEMO_QUESTION, wait_for_job
from tests.jobs.test_resume_after_kill import FAST_LEASES, calls_by_key_and_epoch, wait_for_pause
from tests.workers import WorkerProcess

pytestmark = [pytest.mark.worker, pytest.mark.postgres]

# FAST_LEASES: heartbeats every 0.5 s expire after 3 s, sweeps every 1 s (the drain grace: DRAIN).
# Kill to takeover is at most the 3 s expiry plus a check at that expiry (or the next sweep),
# plus the grace the survivor's steps in flight get to commit (a check at its end), plus a
# loaded machine's scheduling delays: the 10 s this bound was before the grace, plus the grace.
# The survivor's work below takes far longer than that.
# The survivor must still be working when the dead task is noticed (about 3 to 4 s after the
# kill), or there is no survivor to drain and the takeover is immediate: its model calls are slow
# enough that the round's work left besides the dead task outlasts that, and the grace is long
# enough for a step in flight (one call) to commit. With 0.7 s calls and the default 2 s grace the
# survivor sometimes finished everything it could do before the sweep looked.
DRAIN = {**FAST_LEASES, "DRAIN_GRACE_SECONDS": "4"}
TAKEOVER_WITHIN_SECONDS = 10 + float(DRAIN["DRAIN_GRACE_SECONDS"])
SURVIVOR_LATENCY = {"ENGINE_FIXED_LATENCY_SECONDS": "1.3"}


def test_a_killed_task_is_taken_over_while_another_worker_keeps_the_job_busy(live, make_user):
    app.control.purge()
    job = services.job_create(user=make_user("survivor"), question=DEMO_QUESTION, depth="deep")
    doomed = WorkerProcess(
        concurrency=1,
        beat=False,
        env={**DRAIN, "RESEARCH_STEP_PAUSE_KIND": "read", "RESEARCH_STEP_PAUSE_JOB": str(job.pk)},
    ).start()
    survivor = WorkerProcess(concurrency=4, env={**DRAIN, **SURVIVOR_LATENCY}).start()
    try:
        paused_key = wait_for_pause(job.pk, "read:before", doomed)
        doomed.kill()
        killed_at = time.monotonic()
        survivor_busy = False
        while Job.objects.values_list("epoch", flat=True).get(pk=job.pk) == 1:
            waited = time.monotonic() - killed_at
            assert waited < 120, survivor.log()
            # The survivor still holds a live claim of the job's first epoch: it is working on it.
            rows = lease.claims([job.pk]).get(str(job.pk), [])
            survivor_busy = survivor_busy or any(epoch == 1 and ttl is not None for _, epoch, ttl in rows)
            time.sleep(0.05)
        taken_after = time.monotonic() - killed_at
        assert survivor_busy, "the survivor never worked on the job after the kill: the test proves nothing"
        assert taken_after <= TAKEOVER_WITHIN_SECONDS, f"taken over {taken_after:.1f} s after the kill"
        job = wait_for_job(job.pk, timeout=300)
    finally:
        doomed.kill()
        survivor.stop()
    assert job.status == Job.Status.DONE, job.error
    keys = list(Step.objects.filter(job=job).values_list("step_key", flat=True))
    assert len(keys) == len(set(keys))
    assert job.report and job.report["sections"]
    # Every step of the first epoch but the dead worker's committed under it: the survivor's
    # steps in flight when the kill was noticed finished instead of being fenced and redone.
    by_key = calls_by_key_and_epoch(job)
    committed = dict(Step.objects.filter(job=job).values_list("step_key", "epoch"))
    survivors_steps = {key for key, epochs in by_key.items() if 1 in epochs and key != paused_key}
    assert survivors_steps, "no step of the first epoch besides the dead one's"
    redone = {key: committed.get(key) for key in survivors_steps if committed.get(key) != 1}
    assert not redone, f"steps of the first epoch committed later or never: {redone}"
    repeated = {key for key, epochs in by_key.items() if len(epochs) > 1}
    assert repeated <= {paused_key}, repeated
    # The survivor's tasks stopped before new steps (the drain), not at a fenced commit.
    assert "draining" in survivor.log(tail=None), survivor.log()
