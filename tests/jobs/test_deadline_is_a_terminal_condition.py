"""Item 3 of issue 15 and item 9 of issue 14: the deadline is a terminal condition. Every model
call's timeout is at most the time the job has left and a call that overruns it is abandoned
(the threads pool enforces no Celery time limit); when the time is spent the stages stop as on
a spent budget; a job past its deadline plus the grace period ends whatever its tasks do; a job
re-dispatched again and again without a new step ends failed with its last error."""

from datetime import timedelta

import pytest
from django.utils import timezone

from agents.llm import complete_json
from jobs import tasks
from jobs.models import Job
from jobs.runtime import deadline
from jobs.runtime.errors import TransientStepError
from jobs.runtime.redis_client import redis_client
from jobs.runtime.steps import RunContext, StepResult, run_step
from jobs.stages import lifecycle, plan
from tests.factories import JobFactory
from tests.hung_model_calls import PROMPT
from tests.local_http import LocalServer, Reply

pytestmark = pytest.mark.django_db


def test_no_call_starts_when_the_research_time_is_spent(small_on, alice):
    # 40 s budget: 20 s are kept for writing, and they have begun.
    job = JobFactory(user=alice, created_at=timezone.now(), deadline_at=timezone.now() + timedelta(seconds=15))
    Job.objects.filter(pk=job.pk).update(created_at=timezone.now() - timedelta(seconds=25))
    job.refresh_from_db()
    with LocalServer({"/v1/chat/completions": Reply(delay_seconds=60)}) as server:
        small_on(server)
        ctx = RunContext(job=job, epoch=job.epoch)
        with pytest.raises(deadline.DeadlineReached) as raised:
            run_step(ctx, kind="read", counter="late", fn=lambda: StepResult(output={"x": complete_json(PROMPT).data}))
    assert raised.value.dimension == "time"
    assert server.hits("/v1/chat/completions") == []


def test_a_job_past_its_deadline_and_grace_ends_failed_with_the_reason(alice, settings):
    settings.DEADLINE_GRACE_SECONDS = 30
    late = JobFactory(user=alice, status=Job.Status.RESEARCHING, deadline_at=timezone.now() - timedelta(seconds=45))
    within_grace = JobFactory(user=alice, status=Job.Status.WRITING, deadline_at=timezone.now() - timedelta(seconds=10))
    lifecycle.note_error(late.pk, "sq_work: TransientStepError: openai/x: Timeout after 5 attempts")
    tasks.sweep_expired_leases()
    late.refresh_from_db()
    within_grace.refresh_from_db()
    assert late.status == Job.Status.FAILED
    assert "time budget ran out: still researching" in late.error and "Timeout after 5 attempts" in late.error
    assert within_grace.status == Job.Status.WRITING


def test_a_job_redispatched_again_and_again_without_a_step_ends_failed_with_its_last_error(
    alice, settings, monkeypatch
):
    settings.POISON_REDISPATCHES = 3
    sent = []
    monkeypatch.setattr(tasks.job_resume, "delay", lambda job_id, epoch: sent.append(epoch))
    job = JobFactory(user=alice, status=Job.Status.PLANNING)
    redis_client().delete(f"job:redispatches:{job.pk}")
    lifecycle.note_error(job.pk, "job_start: InternalServerError: the server crashed")

    def lapse_and_sweep():
        Job.objects.filter(pk=job.pk).update(lease_expires_at=timezone.now() - timedelta(seconds=1))
        tasks.sweep_expired_leases()

    for _ in range(3):
        lapse_and_sweep()
    assert len(sent) == 3
    Job.objects.filter(pk=job.pk).update(step_seq=1)  # a new step: progress, the count starts again
    for _ in range(3):
        lapse_and_sweep()
    assert len(sent) == 6
    lapse_and_sweep()
    job.refresh_from_db()
    assert len(sent) == 6
    assert job.status == Job.Status.FAILED
    assert "re-dispatches without progress" in job.error and "the server crashed" in job.error


def test_a_task_out_of_retries_fails_its_work_at_once(alice, no_enqueue, monkeypatch):
    from jobs import services
    from jobs.runtime.retry import TASK_MAX_RETRIES

    job = services.job_create(user=alice, question="Which battery suppliers does Norvik Electric use?", depth="quick")

    def provider_down(**kwargs):
        raise TransientStepError("openai/x: InternalServerError after 5 attempts: overloaded")

    monkeypatch.setattr(plan.planner, "make_plan", provider_down)
    tasks.job_start.apply(args=(str(job.pk), job.epoch), retries=TASK_MAX_RETRIES)
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED
    assert job.error == "planning failed: openai/x: InternalServerError after 5 attempts: overloaded"
