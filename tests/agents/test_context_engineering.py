"""What a worker keeps in context and what it throws away (seeds 000 and 002): elision stubs
that say enough to decide whether to fetch back, compaction that keeps the task, decisions and
errors verbatim, and the full uncompressed trajectory logged apart from what the model saw."""

import json

import pytest

from agents import context
from agents.sources import store
from jobs.models import ProviderCall
from jobs.runtime.steps import RunContext
from jobs.stages.research import worker_for
from tests.factories import JobFactory, SubQuestionFactory
from tests.fakes import scripted_model

BIG = "Voltara Motors buys NMC cells from Helion Cells in Szeged. " * 260  # well over 2,000 tokens


def obs(turn, tool="search", text=BIG, handle=None, urls=()):
    return context.Entry(
        turn=turn,
        kind="observation",
        text=text,
        tool=tool,
        arguments={"query": f"q{turn}"},
        handle=handle or f"r_{turn}",
        domains=["helion-cells.example", "voltara-motors.example"],
        covers="supplier contracts",
        urls=list(urls),
    )


def test_an_old_large_observation_becomes_a_stub_that_says_what_it_holds():
    history = [obs(1), obs(2, tool="fetch_pages", text="read https://a.example/x : 3 notes [1, 2, 3]"), obs(5)]
    shown = context.visible_history(history, now=5)
    stub = shown[0]
    assert 'elided="true"' in stub and BIG not in stub
    for part in (
        "r_1",
        "search",
        '"q1"',
        "k tokens",
        "helion-cells.example",
        "supplier contracts",
        "fetch_result('r_1')",
    ):
        assert part in stub
    assert BIG in shown[2]  # the most recent result of each tool is always kept


def test_small_recent_or_recently_cited_observations_are_never_elided():
    small_old = obs(1, text="3 results")
    recent_big = obs(4)
    cited_old = obs(2, urls=["https://helion-cells.example/about"])
    decision = context.Entry(
        turn=5,
        kind="decision",
        text="read it",
        tool="fetch_pages",
        arguments={"urls": ["https://helion-cells.example/about"]},
    )
    latest = obs(6, text="latest")
    shown = context.visible_history([small_old, cited_old, recent_big, decision, latest], now=6)
    assert "elided" not in shown[0] and "elided" not in shown[1] and "elided" not in shown[2]


def test_compaction_keeps_decisions_and_errors_and_a_tail_within_twenty_percent():
    history = []
    for turn in range(1, 6):
        history.append(
            context.Entry(
                turn=turn, kind="decision", text=f"why {turn}", tool="search", arguments={"query": f"q{turn}"}
            )
        )
        if turn == 2:
            history.append(
                context.Entry(turn=turn, kind="error", text="search refused: this job already sent the query")
            )
        history.append(obs(turn, text=f"results of turn {turn} " * 60))
    kept, compacted, tail = context.split_for_compaction(history, budget_tokens=2000)
    assert all(e.kind in {"decision", "error"} for e in kept)
    assert {e.kind for e in compacted} == {"observation"}
    assert sum(e.tokens for e in tail) <= 0.2 * 2000
    assert any(e.kind == "error" for e in kept)


@pytest.mark.django_db
def test_a_worker_past_75_percent_compacts_and_still_sees_its_task_decisions_and_errors(live_db, alice, settings):
    settings.WORKER_CONTEXT_TOKENS = 900
    job = JobFactory(user=alice, question="Which battery suppliers does Norvik Electric use?")
    sq = SubQuestionFactory(job=job, text="Which battery suppliers does Norvik Electric use?")
    worker = worker_for(RunContext(job=job, epoch=job.epoch), sq)
    big_query = "norvik electric battery cells supplier contract"
    script = [
        {"thought": "first", "tool": "search", "arguments": {"query": big_query}},
        {"thought": "repeat", "tool": "fetch_result", "arguments": {"handle": "r_99"}},  # an error entry
        {"thought": "third", "tool": "fetch_result", "arguments": {"handle": "r_1"}},
        {"thought": "fourth", "tool": "search", "arguments": {"query": "kaiyo battery works pouch"}},
        {"thought": "fifth", "tool": "fetch_result", "arguments": {"handle": "r_1"}},
        {"thought": "done", "tool": "finish", "arguments": {"summary": "s", "not_found": []}},
    ]
    with scripted_model(settings, worker_action=script) as fake:
        worker.advance()
    compactions = [m for schema, m in fake.calls if schema == "compaction"]
    assert compactions, "the worker never compacted"
    prompts = [m[-1]["content"] for schema, m in fake.calls if schema == "worker_action"]
    last = prompts[-1]
    assert "<compacted_history>" in last
    assert "<subquestion>\nWhich battery suppliers does Norvik Electric use?\n</subquestion>" in last  # pinned
    assert "No result has the handle 'r_99'" in last  # the error survived compaction verbatim
    assert "because: first" in last and "because: repeat" in last  # decisions too
    # The log keeps everything the model no longer sees.
    worker_calls = ProviderCall.objects.filter(job=job, role="worker").order_by("id")
    assert all(c.messages for c in worker_calls)
    full = json.loads(store.get_text(worker_calls.last().trajectory_ref))
    assert any("query: " + big_query in entry for entry in full)


@pytest.mark.django_db
def test_fetch_result_brings_back_an_elided_observation_in_full(live_db, alice, settings, monkeypatch):
    monkeypatch.setattr(context, "ELIDE_MIN_TOKENS", 5)
    monkeypatch.setattr(context, "ELIDE_AFTER_TURNS", 1)
    job = JobFactory(user=alice, question="Which battery suppliers does Norvik Electric use?")
    sq = SubQuestionFactory(job=job, text="Which battery suppliers does Norvik Electric use?")
    worker = worker_for(RunContext(job=job, epoch=job.epoch), sq)
    script = [
        {"thought": "a", "tool": "search", "arguments": {"query": "norvik electric battery supplier"}},
        {"thought": "b", "tool": "search", "arguments": {"query": "kaiyo battery works"}},
        {"thought": "c", "tool": "search", "arguments": {"query": "borealis power systems lfp"}},
        {"thought": "d", "tool": "fetch_result", "arguments": {"handle": "r_1"}},
        {"thought": "e", "tool": "finish", "arguments": {"summary": "s", "not_found": []}},
    ]
    with scripted_model(settings, worker_action=script) as fake:
        worker.advance()
    prompts = [m[-1]["content"] for schema, m in fake.calls if schema == "worker_action"]
    assert "fetch_result('r_1')" in prompts[3]  # turn 4 saw turn 1 as a stub
    first = worker.observations["r_1"]
    assert first in prompts[4]  # turn 5 sees it again, in full
