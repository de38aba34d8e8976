"""A question's subject stays one noun phrase when the question is turned into an indirect
clause ("The sources found do not state how many pumps Halvard Marine's Ostend foundry can
make in a year"), never "… Halvard Marine's Ostend can foundry make …": an owner's name owns the
noun after it, and a place after that noun ("plant in Rayong") belongs to it. After "What is …"
a participle inside the subject is not its verb. The padding angles of the offline planner name
what the ask measures and that subject ("List the figures on pumps for Halvard Marine's Ostend
foundry") instead of the question's content words without their grammar (invented names)."""

import pytest

from agents import questions as qtext
from agents.engine import planner


@pytest.mark.parametrize(
    "question, clause",
    [
        (
            "How many pumps can Halvard Marine's Ostend foundry make in a year?",
            "how many pumps Halvard Marine's Ostend foundry can make in a year",
        ),
        (
            "How much resin can Orlen Resins' plant in Tarsk make a year?",
            "how much resin Orlen Resins' plant in Tarsk can make a year",
        ),
        (
            "How many valves does the plant in Gdynia ship to Marrow Engines?",
            "how many valves the plant in Gdynia ships to Marrow Engines",
        ),
        (
            "How many valves does the plant ship in Poland each year?",
            "how many valves the plant ships in Poland each year",
        ),
        (
            "What is the bore of the pump model installed at Marrow Engines' newest yard?",
            "what the bore of the pump model installed at Marrow Engines' newest yard is",
        ),
        ("Where is the largest plant of Orlen Resins located?", "where the largest plant of Orlen Resins is located"),
        ("Who was Halvard Marine founded by?", "who Halvard Marine was founded by"),
    ],
)
def test_the_indirect_clause_keeps_the_subject_whole(question, clause):
    assert qtext.absence_clause(question) == clause


def test_the_subject_of_an_ask_is_the_noun_phrase_after_its_auxiliary():
    assert qtext.ask_subject("How many pumps can Halvard Marine's Ostend foundry make in a year?") == (
        "Halvard Marine's Ostend foundry"
    )
    assert qtext.ask_subject("When was Halvard Marine founded?") == "Halvard Marine"
    assert qtext.ask_subject("Which company supplies valves to Marrow Engines?") == ""  # the wh-phrase is it
    assert qtext.ask_subject("In what year was the company that supplies valves to Marrow Engines founded?") == ""


def test_padding_angles_name_the_asks_subject():
    plan = [
        sq["text"]
        for sq in planner.plan("How many pumps can Halvard Marine's Ostend foundry make in a year?", "deep")[
            "subquestions"
        ]
    ]
    assert "List the figures on pumps for Halvard Marine's Ostend foundry." in plan
    assert not any("pumps Halvard" in text for text in plan)


def test_an_owner_with_a_phrase_of_its_own_is_the_topic_alone():
    clause = qtext.absence_clause("What is the bore of the pump model installed at Marrow Engines' newest yard?")
    assert planner._owner_first(clause) == "the pump model installed at Marrow Engines' newest yard"
