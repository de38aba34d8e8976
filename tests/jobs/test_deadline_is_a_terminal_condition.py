"""Item 3 of issue 15 and item 9 of issue 14: the deadline is a terminal condition. Every model
call's timeout is at most the time the job has left and a call that overruns it is abandoned
(the threads pool enforces no Celery time limit); when the time is spent the stages stop as on
a spent budget; a job past its deadline plus the grace period ends whatever its tasks do; a job
re-dispatched again and again without a new step ends failed with its last error."""
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from agents.llm import complete_json
from agents.prompts import RenderedPrompt
from jobs import tasks
from jobs.models import Job
from jobs.runtime import deadline
from jobs.runtime.budget import Phase
from jobs.runtime.errors import TransientStepError
from jobs.runtime.redis_client import redis_client
from jobs.runtime.steps import RunContext, StepResult, run_step
from jobs.stages import lifecycle, plan
from tests.factories import JobFactory
from tests.local_http import LocalServer, Reply

pytestmark = pytest.mark.django_db

PROMPT = RenderedPrompt(name="judge", role="judge", schema="support_verdict", max_tokens=150,
                        messages=[{"role": "user", "content": "Is it supported?"}])


@pytest.fixture
def small_on(settings):
    def configure(server) -> None:
        settings.MODEL_SMALL = "openai/hung"
        settings.MODEL_TIER_CONNECTIONS = {"large": {"api_base": "", "api_key": ""},
                                           "small": {"api_base": f"{server.url}/v1", "api_key": "dummy"}}
        settings.MODEL_OUTPUT_MODES = {"openai/hung": "json_schema"}
        settings.MODEL_TIMEOUT_SECONDS = 120

    return configure


def in_writing_step(job, fn):
    box = {}

    def step():
        box["value"] = fn()
        return StepResult(output={})

    run_step(RunContext(job=job, epoch=job.epoch), kind="check", counter=str(time.monotonic()), fn=step,
             phase=Phase.WRITING)
    return box.get("value")


def dripping(seconds: float):
    """A reply that starts at once and then sends one byte a second: a socket read timeout
    never fires, only a deadline on the whole call ends it."""
    def body():
        for _ in range(int(seconds)):
            yield b" "
    return Reply(status=200, body=body(), content_type="application/json", chunk_pause_seconds=1.0)


# transaction=True: a test transaction held open while the call hangs would be ended by
# PostgreSQL's idle-in-transaction timeout (10 s), which is not what is tested here.
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("reply", [Reply(delay_seconds=60), dripping(60)], ids=["never-answers", "drips"])
def test_a_hung_call_ends_by_the_time_the_job_has_left(small_on, alice, reply):
    job = JobFactory(user=alice, deadline_at=timezone.now() + timedelta(seconds=8))
    with LocalServer({"/v1/chat/completions": reply}) as server:
        small_on(server)
        started = time.monotonic()
        with pytest.raises(deadline.DeadlineReached):
            in_writing_step(job, lambda: complete_json(PROMPT))
        elapsed = time.monotonic() - started
    assert elapsed < 8 + 5 + 3, elapsed  # the time left, the abandon margin, slack for a busy machine


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


def test_a_job_redispatched_again_and_again_without_a_step_ends_failed_with_its_last_error(alice, settings, monkeypatch):
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


@pytest.mark.django_db(transaction=True)
def test_a_planner_that_does_not_answer_in_time_is_named_as_the_reason(alice, no_enqueue, settings):
    from jobs import services

    job = services.job_create(user=alice, question="Which battery suppliers does Norvik Electric use?", depth="quick")
    Job.objects.filter(pk=job.pk).update(created_at=timezone.now(), deadline_at=timezone.now() + timedelta(seconds=12))
    with LocalServer({"/v1/chat/completions": Reply(delay_seconds=60)}) as server:
        settings.MODEL_LARGE = "openai/slow-planner"
        settings.MODEL_TIER_CONNECTIONS = {"large": {"api_base": f"{server.url}/v1", "api_key": "dummy"},
                                           "small": {"api_base": "", "api_key": ""}}
        started = time.monotonic()
        tasks.job_start(str(job.pk), job.epoch)
        assert time.monotonic() - started < 12
    job.refresh_from_db()
    # The job goes on as one sub-question (as with a budget too small to plan), saying why.
    assert job.status != Job.Status.PLANNING and job.error == ""
    assert job.stopped_reason.startswith("not planned, researched as one sub-question: the time budget ran out: the "
                                         "planner model openai/slow-planner did not answer in time (Timeout"), job.stopped_reason
