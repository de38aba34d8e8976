"""evaluation.job_metrics on a finished job built by hand: the answer metrics read the report,
the job's notes and its plan."""

import pytest

from jobs import evaluation as ev
from tests.factories import JobFactory, NoteFactory, SubQuestionFactory

QUESTION = ev.Question(
    id="t",
    question="What is the annual capacity of the Nysa cathode plant?",
    key_points=["Nysa makes 35,000 tonnes a year"],
    known_answer="35,000 tonnes",
    scope_entities=["Corvane Materials"],
    table_facts=[{"id": "nysa", "value": "35,000", "anchors": ["Nysa"]}],
    disagreements=[
        {
            "id": "d",
            "values": [
                {"value": "35,000 tonnes", "date": "2025-02-01"},
                {"value": "30,000 tonnes", "date": "2024-03-05"},
            ],
        }
    ],
)
TRUTH = ev.GroundTruth(
    false_claims=[
        {"id": "f", "must_contain": ["Nysa", "90,000 tonnes"], "true_value": "35,000 tonnes", "sources": ["Farm Site"]}
    ],
    entities=[{"name": "Corvane Materials", "aliases": ["Corvane"]}, {"name": "Tessaline Chemicals", "aliases": []}],
)


@pytest.mark.django_db
def test_a_row_measures_the_report_against_the_question_and_the_corpus(alice):
    job = JobFactory(user=alice, question=QUESTION.question)
    plan = [
        SubQuestionFactory(job=job, position=0, text=f'What background explains the question "{QUESTION.question}"?'),
        SubQuestionFactory(job=job, position=1, text="Which company runs the plant in Nysa?"),
    ]
    table_note = NoteFactory(job=job, sq=plan[0], quote="Nysa | Poland | 35,000 | 2022")
    prose_note = NoteFactory(job=job, sq=plan[1], quote="Corvane Materials runs a plant in Nysa.")
    job.report = {
        "sections": [
            {
                "heading": "Answer",
                "sentences": [
                    {"text": "Corvane Materials runs a plant in Nysa.", "citations": [prose_note.note_id]},
                    {"text": "Tessaline Chemicals opened a plant in Rayong.", "citations": [prose_note.note_id]},
                    {"text": "A blog says Nysa makes 90,000 tonnes a year.", "citations": []},
                    {"text": "Nysa makes 90,000 tonnes a year.", "citations": []},
                    {"text": "The Nysa plant makes 35,000 tonnes a year.", "citations": [table_note.note_id]},
                    {
                        "text": "The company gave 35,000 tonnes on 1 February 2025 while a 2024 survey (5 March 2024) said 30,000 tonnes.",
                        "citations": [table_note.note_id],
                    },
                ],
            }
        ]
    }
    job.save()

    row = ev.job_metrics(job, QUESTION, "match", TRUTH)
    ev.mark_template_plans([row])

    assert row["known_answer_correct"] == 1.0 and row["known_answer_early"] == 1.0
    assert (
        row["false_claims"] == 1 and row["details"]["false_claims"][0]["sentence"] == "Nysa makes 90,000 tonnes a year."
    )
    assert row["table_facts_noted"] == 1.0 and row["table_facts_stated"] == 1.0
    assert row["disagreements_stated"] == 1.0
    assert row["off_topic_share"] == 1 / 6  # the Rayong sentence: another company
    assert row["verbatim_copy_share"] == 1 / 4  # four cited sentences, one is its quote
    assert row["template_plan_share"] == 0.5
    assert row["plan"] == [sq.text for sq in plan]


def test_ground_truth_is_empty_without_a_facts_file(tmp_path):
    truth = ev.GroundTruth.load(tmp_path)
    assert truth.false_claims == [] and truth.entities == []
