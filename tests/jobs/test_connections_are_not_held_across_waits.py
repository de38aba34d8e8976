"""A worker thread gives its database connection back before it waits on a model or a page, so
with the pool (DB_POOL) a few connections serve many threads."""

from django.db import connection, transaction

from agents import prompts
from agents.llm import complete_json
from jobs.models import Job
from jobs.runtime.connections import release_for_wait
from jobs.runtime.steps import RunContext, StepResult, run_step
from tests.factories import JobFactory
from tests.fakes import scripted_model


def test_a_connection_is_given_back_before_a_wait_but_never_inside_a_transaction(live, settings):
    settings.DB_POOL = True
    Job.objects.exists()
    assert connection.connection is not None
    with transaction.atomic():
        Job.objects.exists()
        release_for_wait()
        assert connection.connection is not None  # a transaction keeps its connection
    release_for_wait()
    assert connection.connection is None
    assert Job.objects.filter(pk=None).count() == 0  # the next query takes a connection again


def test_without_the_pool_the_connection_is_kept(live, settings):
    settings.DB_POOL = False
    Job.objects.exists()
    release_for_wait()
    assert connection.connection is not None


def test_no_connection_is_held_while_a_step_waits_on_the_model(live, settings, make_user):
    job = JobFactory(user=make_user("wait"), status=Job.Status.WRITING)
    settings.DB_POOL = True
    held_during_call = []

    def verdict(messages):
        held_during_call.append(connection.connection is not None)
        return {"verdict": "supported", "reason": "scripted"}

    def fn():
        Job.objects.filter(pk=job.pk).exists()  # the step reads something, then waits on the model
        prompt = prompts.render(
            "judge",
            sentence="Kestrel buys cells.",
            quotes=[{"quote": "Kestrel buys cells.", "domain": "a.example", "published": "undated"}],
        )
        return StepResult(output=complete_json(prompt).data)

    with scripted_model(settings, support_verdict=[verdict]):
        out = run_step(RunContext(job=job, epoch=job.epoch), kind="check", counter="wait-0", fn=fn)
    assert out["verdict"] == "supported"
    assert held_during_call == [False]


def test_a_finished_task_gives_its_connection_back_unless_it_ran_in_its_callers_thread(live, settings):
    """Waiting for the next task is a wait too: an idle worker thread holds no connection."""
    from celery import signals

    from jobs.tasks import process_stats

    settings.DB_POOL = True
    Job.objects.exists()
    process_stats.request.is_eager = True  # applied in the caller's thread: the caller's connection
    signals.task_postrun.send(sender=process_stats, task_id="t-eager", task=process_stats)
    assert connection.connection is not None
    process_stats.request.is_eager = False
    signals.task_postrun.send(sender=process_stats, task_id="t-worker", task=process_stats)
    assert connection.connection is None
