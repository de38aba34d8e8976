"""A question that asks for a combined figure gets it first in the answer: summed in code from
the figures the report's checked sentences cite, for the things the question's names single out,
or quoted from a source that states the whole. Invented names, not the demo corpus."""

import pytest

from citations.check import CheckedSentence
from citations.evidence import EvidenceNote
from citations.totals import asked_total, total_sentence
from jobs.models import Job
from jobs.stages.report import ANSWER_HEADING, build_report
from tests.factories import JobFactory, NoteFactory, SourceFactory, SubQuestionFactory

QUESTION = "Which solar parks use the Corvan CX-7 inverter, and what is their combined output?"


def note(note_id: int, text: str) -> EvidenceNote:
    return EvidenceNote(id=note_id, claim=text, quote=text, domain="energy.example", title="Solar parks")


NOTES = [
    note(1, "Ostrel Ridge uses 400 CX-7 inverters from Corvan Power."),
    note(2, "Ostrel Ridge is a solar park in the south with an output of 310 MW."),
    note(3, "Velmont Flats has 250 CX-7 inverters from Corvan Power and an output of 1,150 MW."),
    note(4, "Daskar Plain has 90 CX-5 inverters, also from Corvan Power, and an output of 140 MW."),
]


def sentences(notes):
    return [{"text": n.claim, "citations": [n.id]} for n in notes]


def test_the_asked_attribute_is_read_from_the_question():
    assert asked_total(QUESTION) == ("output",)
    assert asked_total("What is the total installed capacity of the plants run by Orvane?") == ("installed", "capacity")
    # A ranking of totals, and a question that asks for no total, ask for no sum.
    assert asked_total("Which supplier has the largest total installed capacity?") == ()
    assert asked_total("What is the output of Ostrel Ridge?") == ()


def test_the_sets_figures_are_added_and_a_thing_outside_the_set_is_not():
    out = total_sentence(QUESTION, sentences(NOTES), {n.id: n for n in NOTES})
    assert out["kind"] == "total"
    assert out["computed"]["result"] == "1,460 MW"
    assert [(a["name"], a["value"]) for a in out["computed"]["addends"]] == [
        ("Ostrel Ridge", "310 MW"),
        ("Velmont Flats", "1,150 MW"),
    ]
    assert "1,460 MW" in out["text"] and "Daskar" not in out["text"]
    # Every addend's note is cited; the inverter counts are not figures of the asked output.
    assert set(out["citations"]) == {2, 3}


def test_one_thing_with_two_figures_gives_no_total():
    rival = note(5, "Ostrel Ridge is a solar park with an output of 350 MW.")
    notes = [*NOTES, rival]
    assert total_sentence(QUESTION, sentences(notes), {n.id: n for n in notes}) is None


def test_a_single_member_is_no_sum():
    notes = NOTES[:2]
    assert total_sentence(QUESTION, sentences(notes), {n.id: n for n in notes}) is None


def test_a_source_that_states_the_whole_is_quoted_instead_of_a_sum():
    question = "What is the combined output of the parks operated by the company that supplies Halden Grid?"
    notes = [
        note(1, "Sorvik Solar supplies all the power bought by Halden Grid."),
        note(2, "The Ostrel plant of Sorvik Solar has an output of 310 MW."),
        note(3, "Sorvik Solar also operates a park in Velmont with an output of 150 MW."),
        note(4, "Sorvik Solar, which supplies Halden Grid, has a total output of 460 MW."),
    ]
    out = total_sentence(question, sentences(notes), {n.id: n for n in notes})
    assert out["text"] == "The combined output is 460 MW." and out["citations"] == [4]
    summed = total_sentence(question, sentences(notes[:3]), {n.id: n for n in notes[:3]})
    assert summed["computed"]["result"] == "460 MW"
    assert [a["name"] for a in summed["computed"]["addends"]] == ["Ostrel", "Velmont"]


def test_figures_in_different_units_are_not_added():
    notes = [
        NOTES[0],
        NOTES[1],
        note(3, "Velmont Flats has 250 CX-7 inverters from Corvan Power and an output of 1.1 GW."),
    ]
    assert total_sentence(QUESTION, sentences(notes), {n.id: n for n in notes}) is None


def test_two_counts_of_one_whole_are_not_added_as_things_named_by_their_first_words():
    # "Solar capacity …" and "Rooftop solar capacity …": two sources' counts of the region's
    # whole, not the capacities of things called "Solar" and "Rooftop".
    question = "Give me the total solar capacity in the Dalmere region according to both surveys."
    notes = [
        note(1, "Solar capacity in the Dalmere region stood at 4,100 MW in 2025, according to Brenn Analytics."),
        note(2, "Rooftop solar capacity in the Dalmere region reached 1,300 MW at the end of 2025."),
    ]
    assert total_sentence(question, sentences(notes), {n.id: n for n in notes}) is None


@pytest.mark.django_db
def test_the_report_opens_with_the_total(alice):
    job = JobFactory(user=alice, question=QUESTION, status=Job.Status.CHECKING)
    sq = SubQuestionFactory(job=job, section=ANSWER_HEADING)
    source = SourceFactory(job=job, domain="energy.example")
    rows = [NoteFactory(job=job, sq=sq, source=source, claim=n.claim, quote=n.quote) for n in NOTES]
    checked = []
    for i, row in enumerate(rows):
        c = CheckedSentence.dropped(
            {"section_index": 0, "heading": ANSWER_HEADING, "position": i, "text": row.claim, "note_ids": [row.pk]}, ""
        )
        c.outcome, c.verdict, c.note_ids = "kept", "supported", [row.pk]
        checked.append(c)
    report = build_report(job, checked, 1.0, 1.0)
    first = report["sections"][0]["sentences"][0]
    assert first["kind"] == "total" and "1,460 MW" in first["text"]
    assert set(first["citations"]) == {rows[1].pk, rows[2].pk}
