"""The notes a disagreement sentence built in code covers reach the writer marked `disputed`, so
no writer (hosted or offline) sets them against each other a second time."""

from types import SimpleNamespace

import pytest

from agents import writer
from jobs.runtime.steps import step_key
from jobs.stages import evidence
from tests.factories import JobFactory, NoteFactory, StepFactory

pytestmark = pytest.mark.django_db


def test_the_writer_prompt_marks_the_notes_of_a_disagreement_stated_in_code(monkeypatch):
    job = JobFactory()
    low, high, other = (
        NoteFactory(job=job, claim=c, quote=c)
        for c in (
            "The Szeged plant holds 52 GWh.",
            "The Szeged plant holds 60 GWh.",
            "The Szeged plant opened in 2024.",
        )
    )
    StepFactory(
        job=job,
        kind=evidence.KIND,
        step_key=step_key(job.pk, None, evidence.KIND, evidence.COUNTER),
        output={
            "sections": {},
            "withheld": [],
            "disagreements": [{"id": "d1", "values": [{"note_ids": [low.note_id]}, {"note_ids": [high.note_id]}]}],
        },
    )
    disputed = evidence.disputed_notes(job)
    assert disputed == {low.note_id: "d1", high.note_id: "d1"}

    prompts_seen = []

    def fake_model(prompt):  # a fake: this test is about what the writer is shown
        prompts_seen.append("\n".join(m["content"] for m in prompt.messages))
        return SimpleNamespace(data={"sentences": [], "need_context": []})

    monkeypatch.setattr(writer, "complete_json", fake_model)
    writer.draft_section(
        question="How large is the Szeged plant?",
        outline=[],
        heading="Plant",
        purpose="Its size.",
        notes=[low, high, other],
        disputed=disputed,
    )
    [shown] = prompts_seen
    for note in (low, high):
        assert f'id="{note.note_id}"' in shown
    assert shown.count('disputed="d1"') == 2
