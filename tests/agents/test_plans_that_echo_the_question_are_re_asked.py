"""Whichever model plans, code checks the plan: one that quotes the question back, wraps it in
a generic frame or leaves a broad question un-narrowed is re-asked once with the problem as
feedback; what is still wrong after that is dropped. A scripted FAKE stands in for a hosted model."""

import json

import pytest

from agents import planner
from agents import questions as qtext
from agents.llm import ModelOutputError
from tests.fakes import scripted_model

QUESTION = "Which company supplies the cells for the best-selling model of the maker that owns the Gliwice plant?"
OUTLINE = [{"heading": "Answer", "purpose": "The supplier."}, {"heading": "Chain", "purpose": "Each link."}]


def _plan(texts, scope=""):
    return {
        "subquestions": [
            {"text": t, "section": "Answer" if i == 0 else "Chain", "hop": i} for i, t in enumerate(texts)
        ],
        "outline": OUTLINE,
        "scope": scope,
    }


ECHOING = _plan(
    [
        f"What background explains the question '{QUESTION}'?",
        "Which companies, agencies or people are the main actors in the cell supply of this maker?",
        "What figures and data describe the best-selling model?",
        "What recent developments concern the Gliwice plant?",
    ]
)
GOOD = _plan(
    [
        "Which maker owns the Gliwice plant?",
        "What is the best-selling model of the Gliwice plant's owner?",
        "Which company supplies the cells for that maker's best-selling model, according to the maker itself?",
        "Where are the cells for the maker's best-selling model produced?",
    ]
)


def _prompts(fake):
    return [
        m["content"] for schema, messages in fake.calls if schema == "plan" for m in messages if m["role"] == "system"
    ]


def test_a_plan_that_echoes_the_question_is_re_asked_with_the_problem(settings, db):
    with scripted_model(settings, plan=[ECHOING, GOOD]) as fake:
        plan = planner.make_plan(question=QUESTION, depth="deep", sources=["web"], collection_markers=[])
    assert plan["attempts"] == 2
    assert [s["text"] for s in plan["subquestions"]] == [s["text"] for s in GOOD["subquestions"]]
    assert [s["hop"] for s in plan["subquestions"]] == [0, 1, 2, 3]
    first, second = _prompts(fake)
    assert "rejected" not in first
    assert "Your previous plan was rejected: sub-question 1 repeats the question's own words" in second


def test_a_generic_frame_is_named_in_the_feedback():
    problems = qtext.plan_problems([s["text"] for s in ECHOING["subquestions"]], QUESTION)
    assert problems[0].startswith("sub-question 1 repeats the question's own words")
    assert any(p.startswith("sub-question 4 is a generic frame") for p in problems), problems


def test_a_plan_still_echoing_after_the_re_ask_loses_the_echoing_subquestions(settings, db):
    still = _plan([QUESTION.rstrip("?") + ", in detail?"] + [s["text"] for s in GOOD["subquestions"][:3]])
    with scripted_model(settings, plan=[ECHOING, still]):
        plan = planner.make_plan(question=QUESTION, depth="deep", sources=["web"], collection_markers=[])
    texts = [s["text"] for s in plan["subquestions"]]
    assert plan["attempts"] == 2 and "repeats the question" in plan["problem"]
    assert all(not qtext.echoes(t, QUESTION) for t in texts) and len(texts) == 3


def test_nothing_usable_after_the_re_ask_is_a_model_output_error(settings, db):
    with scripted_model(settings, plan=[ECHOING, _plan([QUESTION] * 4)]), pytest.raises(ModelOutputError):
        planner.make_plan(question=QUESTION, depth="deep", sources=["web"], collection_markers=[])


def test_a_broad_question_without_a_scope_is_re_asked_to_say_what_it_narrowed_to(settings, db):
    broad = _plan(
        [
            "What kinds of batteries are sold today?",
            "Who makes most lithium-ion cells?",
            "How much do battery packs cost per kWh?",
            "Which battery chemistries are new since 2024?",
        ]
    )
    narrowed = {**broad, "scope": "Narrowed to rechargeable lithium-ion batteries for cars and homes, 2024-2026."}
    with scripted_model(settings, plan=[broad, narrowed]) as fake:
        plan = planner.make_plan(
            question="Tell me about batteries", depth="deep", sources=["web"], collection_markers=[]
        )
    assert plan["scope"] == narrowed["scope"] and plan["attempts"] == 2
    assert "narrow it" in _prompts(fake)[1] and "`scope`" in _prompts(fake)[1]


def test_the_planner_prompt_asks_for_hops_and_scope(settings, db):
    with scripted_model(settings, plan=[GOOD]) as fake:
        planner.make_plan(question=QUESTION, depth="deep", sources=["web"], collection_markers=[])
    system = _prompts(fake)[0]
    assert "`hop`" in system and "`scope`" in system and "Never repeat the question" in system


def test_the_offline_engine_passes_the_same_checks_on_the_first_attempt(settings, db):
    for question in (
        QUESTION,
        "Tell me about batteries",
        "Why did the Roman Empire fall?",
        "Compare PostgreSQL and MySQL for write-heavy workloads",
    ):
        plan = planner.make_plan(question=question, depth="deep", sources=["web"], collection_markers=[])
        assert plan["attempts"] == 1, (question, plan.get("problem"))
        assert json.dumps(plan)  # plain JSON for the step log
