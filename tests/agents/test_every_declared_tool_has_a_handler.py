"""Tools are declared objects bound to the code that runs them: no tool the model may call is
missing its handler, and a turn round-trips through its stored form unchanged."""

import pytest

from agents import tools
from agents.search_worker import SearchTurn
from jobs.runtime.steps import RunContext
from jobs.stages.research import worker_for
from tests.factories import JobFactory, SubQuestionFactory


@pytest.mark.django_db
@pytest.mark.parametrize("sources", [["web"], ["uploads"]])
def test_every_tool_a_worker_is_given_has_a_handler(sources):
    job = JobFactory(sources=sources)
    worker = worker_for(RunContext(job=job, epoch=job.epoch), SubQuestionFactory(job=job))
    assert worker.tools == tools.tools_for(sources)
    missing = [t.name for t in worker.tools if t.name not in worker.handlers]
    assert missing == []


@pytest.mark.django_db
def test_no_handler_is_bound_to_a_tool_nobody_declares():
    job = JobFactory()
    worker = worker_for(RunContext(job=job, epoch=job.epoch), SubQuestionFactory(job=job))
    declared = {t.name for t in (*tools.WEB_TOOLS, *tools.UPLOADS_TOOLS)}
    assert set(worker.handlers) == declared


def test_a_turn_survives_its_stored_form():
    turn = SearchTurn(
        turn=2,
        tool="fetch_pages",
        thought="read them",
        arguments={"urls": ["https://a.example/x"]},
        handle="r_2",
        claimed=["https://a.example/x"],
        urls=["https://a.example/x"],
    )
    stored = turn.to_dict()
    assert stored["claimed"] == ["https://a.example/x"] and "skipped" not in stored
    assert SearchTurn.from_dict(stored) == turn
