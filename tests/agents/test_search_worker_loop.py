"""The search worker's loop: bounded at 6 model calls by code, a repeated query refused with a
message that says what to do, an unusable reply costing one turn (not the worker)."""

import pytest

from agents.search_worker import MAX_MODEL_CALLS
from jobs.models import JobQuery, ProviderCall, Step, SubQuestion
from jobs.runtime.steps import RunContext
from jobs.stages.research import worker_for
from tests.factories import JobFactory, SubQuestionFactory
from tests.fakes import scripted_model

pytestmark = pytest.mark.django_db


def search(query):
    return {"thought": "keep searching", "tool": "search", "arguments": {"query": query}}


@pytest.fixture
def worker(alice):
    job = JobFactory(user=alice, question="Which battery suppliers does Norvik Electric use?")
    sq = SubQuestionFactory(job=job, text="Which battery suppliers does Norvik Electric use?")
    return worker_for(RunContext(job=job, epoch=job.epoch), sq)


def test_the_loop_never_makes_more_than_six_model_calls(worker, settings):
    # A FAKE model that never wants to stop.
    with scripted_model(settings, worker_action=[search(f"norvik battery query {i}") for i in range(20)]) as fake:
        outcome = worker.advance()
    assert outcome.kind == "done"
    assert [schema for schema, _ in fake.calls].count("worker_action") == MAX_MODEL_CALLS
    sq = SubQuestion.objects.get(pk=worker.sq.pk)
    assert sq.status == "done"
    assert any("limit of 6 model calls" in x for x in sq.not_found)
    turns = Step.objects.filter(sq=worker.sq, kind="search").count()
    assert turns == MAX_MODEL_CALLS + 1  # six model turns and the finish code wrote


@pytest.fixture
def norvik_page(db):
    from agents.sources.documents import document_ingest

    body = (
        b"<html><head><title>Norvik Electric names its battery suppliers</title></head><body><article>"
        b"<h1>Norvik Electric names its battery suppliers</h1><p>Norvik Electric buys battery cells from Kaiyo "
        b"Battery Works and Borealis Power Systems, the electric car maker said in its annual report.</p>"
        b"</article></body></html>"
    )
    return document_ingest(url="https://norvik.example/suppliers", body=body, content_type="text/html")


def test_a_query_the_worker_already_sent_returns_its_results_again_and_says_so(worker, settings, norvik_page):
    script = [
        search("Norvik Electric battery suppliers"),
        search("battery suppliers Norvik Electric"),
        {"thought": "done", "tool": "finish", "arguments": {"summary": "s", "not_found": []}},
    ]
    with scripted_model(settings, worker_action=script) as fake:
        worker.advance()
    first = Step.objects.get(sq=worker.sq, kind="search", step_key__endswith=":search:1").output
    second = Step.objects.get(sq=worker.sq, kind="search", step_key__endswith=":search:2").output
    assert not second.get("error")  # the turn is not lost to a refusal
    assert second["results"] == first["results"] and first["results"]
    assert "you sent this query in turn 1" in second["observation"]
    assert "rewrite it with a name, date or term from your notes" in second["observation"]
    third_prompt = [m for schema, m in fake.calls if schema == "worker_action"][2][-1]["content"]
    assert "you sent this query in turn 1" in third_prompt
    assert JobQuery.objects.filter(job=worker.job).count() == 1
    searches = ProviderCall.objects.filter(job=worker.job, kind="search").count()
    assert searches == 1  # the repeat was not sent to the provider again


def test_another_workers_query_returns_its_stored_results_as_a_first_search_would(worker, settings, norvik_page):
    other = SubQuestionFactory(job=worker.job, text="Who supplies Norvik Electric with LFP cells?")
    with scripted_model(
        settings,
        worker_action=[
            search("Norvik Electric battery suppliers"),
            {"thought": "ok", "tool": "finish", "arguments": {"summary": "s", "not_found": []}},
        ],
    ):
        worker_for(RunContext(job=worker.job, epoch=worker.job.epoch), other).advance()
    theirs = Step.objects.get(sq=other, kind="search", step_key__endswith=":search:1").output
    with scripted_model(
        settings,
        worker_action=[
            search("battery suppliers Norvik Electric"),
            {"thought": "ok", "tool": "finish", "arguments": {"summary": "s", "not_found": []}},
        ],
    ):
        worker.advance()
    mine = Step.objects.get(sq=worker.sq, kind="search", step_key__endswith=":search:1").output
    assert not mine.get("error")
    assert mine["results"] == theirs["results"] and theirs["results"]
    # The same observation a first search shows, but for the query words this worker sent:
    # nothing in it depends on which worker asked first.
    assert mine["observation"].split("\n")[1:] == theirs["observation"].split("\n")[1:]
    assert ProviderCall.objects.filter(job=worker.job, kind="search").count() == 1


def test_a_repeat_of_a_query_whose_turn_has_not_finished_is_searched_again(worker, settings):
    other = SubQuestionFactory(job=worker.job, text="Who supplies Norvik Electric with LFP cells?")
    JobQuery.objects.create(
        job=worker.job,
        normalised="batteri electr norvik supplier",
        query="Norvik Electric battery suppliers",
        step_key=f"{worker.job.pk}:{other.pk}:search:1",
    )
    with scripted_model(
        settings,
        worker_action=[
            search("Norvik Electric battery suppliers"),
            {"thought": "ok", "tool": "finish", "arguments": {"summary": "s", "not_found": []}},
        ],
    ):
        worker.advance()
    first = Step.objects.get(sq=worker.sq, kind="search", step_key__endswith=":search:1").output
    assert not first.get("error") and "results:" in first["observation"]


def test_a_worker_without_notes_says_why_in_not_found(worker, settings):
    script = [
        search("zzqx qvvjx"),
        {"thought": "nothing", "tool": "finish", "arguments": {"summary": "nothing", "not_found": [worker.sq.text]}},
    ]
    with scripted_model(settings, worker_action=script):
        worker.advance()
    sq = SubQuestion.objects.get(pk=worker.sq.pk)
    assert sq.not_found == [f'{worker.sq.text} (not found: 1 search ("zzqx qvvjx") found no results)']


@pytest.mark.parametrize(
    "bad_reply, expected",
    [
        (
            {"thought": "?", "tool": "teleport", "arguments": {}},
            "There is no tool named 'teleport'. Call one of: search",
        ),
        ({"thought": "?", "tool": "search", "arguments": {"q": "x"}}, "search was called with invalid arguments"),
        ("", "could not be used"),
    ],
)
def test_an_unknown_tool_malformed_arguments_or_an_empty_answer_get_an_actionable_error(
    worker, settings, bad_reply, expected
):
    # The empty answer needs two bad replies: the client repairs once before giving up.
    script = [bad_reply, bad_reply, {"thought": "ok", "tool": "finish", "arguments": {"summary": "s", "not_found": []}}]
    if bad_reply != "":
        script = [bad_reply, {"thought": "ok", "tool": "finish", "arguments": {"summary": "s", "not_found": []}}]
    with scripted_model(settings, worker_action=script) as fake:
        outcome = worker.advance()
    assert outcome.kind == "done"
    first = Step.objects.get(sq=worker.sq, kind="search", step_key__endswith=":search:1").output
    assert expected in first["error"]
    next_prompt = [m for schema, m in fake.calls if schema == "worker_action"][-1][-1]["content"]
    assert expected in next_prompt
