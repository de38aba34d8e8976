"""Item 6 of issue 15: a judge whose reply cannot be used is not a verdict. After the model
client's repair turn fails, the judge is asked once more; if that fails too, the sentence is
dropped as not checked with the reason, and the metrics and the trust panel count "not
checked" apart from "unsupported". The judge is a FAKE scripted to answer garbage; the checks
are real."""

import pytest
from django.test import Client

from jobs.models import Job, ReportClaim
from jobs.runtime.steps import RunContext
from jobs.stages import write
from tests.fakes import scripted_model
from tests.helpers import job_with_quoted_notes

pytestmark = pytest.mark.django_db

PAGE = (
    "Kestrel Automotive buys NMC cells from Sunmark Energy. "
    "Sunmark Energy supplied 70% of the cells used by Kestrel Automotive in 2025."
)
KESTREL = "Kestrel Automotive buys NMC cells from Sunmark Energy."
SHARE = "Sunmark Energy supplied 70% of the cells used by Kestrel Automotive in 2025."
GARBAGE = "I think it is fine {verdict: yes"


@pytest.fixture
def job_with_notes(alice):
    return job_with_quoted_notes(
        alice, PAGE, (KESTREL, SHARE), status=Job.Status.WRITING, heading="Suppliers", domain="a.example"
    )


def draft_of(notes):
    return {
        "sentences": [{"text": KESTREL, "note_ids": [notes[0].pk]}, {"text": SHARE, "note_ids": [notes[1].pk]}],
        "need_context": [],
    }


def test_an_unusable_judge_is_asked_once_more_then_the_sentence_is_dropped_as_not_checked(
    job_with_notes, settings, alice
):
    settings.CHECK_QUOTES_IN_CODE = False  # about the judge: its sentences are their quotes word for word
    job, notes = job_with_notes
    supported = {"verdict": "supported", "reason": "the quote states it"}
    # Sentence 1: garbage, garbage after repair; asked again: garbage twice more -> not checked.
    # Sentence 2: a good verdict.
    judge_replies = [GARBAGE, GARBAGE, GARBAGE, GARBAGE, supported]
    with scripted_model(settings, section_draft=[draft_of(notes)], support_verdict=judge_replies) as fake:
        write.write_and_check(RunContext(job=job, epoch=job.epoch))
    assert [schema for schema, _ in fake.calls].count("support_verdict") == 5
    job.refresh_from_db()
    shipped = [s["text"] for sec in job.report["sections"] for s in sec["sentences"]]
    assert shipped == [SHARE]
    dropped = ReportClaim.objects.get(job=job, sentence=KESTREL)
    assert dropped.outcome == ReportClaim.Outcome.DROPPED and dropped.verdict == ReportClaim.Verdict.NOT_CHECKED
    assert dropped.reason.startswith("not checked: the judge's reply could not be used")
    m = job.report["metrics"]
    assert (m["sentences_dropped"], m["sentences_not_checked"], m["sentences_unsupported"]) == (1, 1, 0)
    page = Client()
    page.force_login(alice)
    html = page.get(f"/research/{job.pk}").content.decode()
    assert '<dd id="not-checked">1</dd>' in html


def test_a_judge_that_recovers_on_the_second_ask_gives_a_verdict(job_with_notes, settings):
    settings.CHECK_QUOTES_IN_CODE = False  # about the judge: its sentences are their quotes word for word
    job, notes = job_with_notes
    supported = {"verdict": "supported", "reason": "the quote states it"}
    with scripted_model(
        settings, section_draft=[draft_of(notes)], support_verdict=[GARBAGE, GARBAGE, supported, supported]
    ):
        write.write_and_check(RunContext(job=job, epoch=job.epoch))
    job.refresh_from_db()
    assert [s["text"] for sec in job.report["sections"] for s in sec["sentences"]] == [KESTREL, SHARE]
    assert job.report["metrics"]["sentences_not_checked"] == 0
