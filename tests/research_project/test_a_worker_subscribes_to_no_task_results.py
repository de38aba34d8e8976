"""Inside a worker (where Celery says a task may not wait on another), the result callback that
Celery's group ties to every chord header task subscribes to nothing: no SUBSCRIBE and
UNSUBSCRIBE per task, no results published to a connection nobody reads. A process that may
wait on a result (a command, the web) still subscribes. Job tasks store no result at all: a
chord's body reads its header's results from the chord's own join set."""

import uuid

import pytest
from celery._state import _set_task_join_will_block, task_join_will_block
from celery.result import AsyncResult

from jobs import tasks
from research_project.celery import app


@pytest.fixture
def worker_context():
    before = task_join_will_block()
    _set_task_join_will_block(True)
    yield
    _set_task_join_will_block(before)


def subscribed(task_id: str) -> bool:
    consumer = app.backend.result_consumer
    return app.backend.get_key_for_task(task_id) in consumer.subscribed_to


def test_in_a_worker_a_result_callback_subscribes_to_nothing(worker_context):
    task_id = str(uuid.uuid4())
    result = AsyncResult(task_id, app=app)  # kept: a collected result unsubscribes on its own
    result.then(lambda *_: None, weak=True)
    assert not subscribed(task_id)


def test_outside_a_worker_a_result_callback_still_subscribes():
    assert not task_join_will_block()
    task_id = str(uuid.uuid4())
    result = AsyncResult(task_id, app=app)
    result.then(lambda *_: None, weak=True)
    try:
        assert subscribed(task_id)
    finally:
        app.backend.result_consumer.cancel_for(task_id)


def test_job_tasks_store_no_result():
    for task in (tasks.sq_work, tasks.read_page, tasks.round_done, tasks.write_section, tasks.check_batch):
        assert task.ignore_result, task.name
    assert not tasks.process_stats.ignore_result  # a benchmark waits on this one
