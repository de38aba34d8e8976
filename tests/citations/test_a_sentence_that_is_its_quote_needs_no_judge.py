"""A sentence that is one of its cited quotes, character for character (spacing and final
punctuation aside), is supported by stage one itself: the page says exactly that. It ships
without a judge call and without a check step; a sentence that changes one word of its quote
still goes to the judge, and so does every sentence with CHECK_QUOTES_IN_CODE off. The judge is
a FAKE scripted to answer; the stage-one check and the step log are real."""

import pytest

from citations.check import quoted_word_for_word
from jobs.models import Job, ReportClaim, Step
from jobs.runtime.steps import RunContext
from jobs.stages import check
from tests.fakes import scripted_model
from tests.helpers import job_with_quoted_notes

pytestmark = pytest.mark.django_db

PAGE = "Orrin Foundry casts valve bodies for Tamsel Pumps. Orrin Foundry shipped 4,200 valve bodies in 2025."
CASTS = "Orrin Foundry casts valve bodies for Tamsel Pumps."
SHIPPED = "Orrin Foundry shipped 4,200 valve bodies in 2025."


@pytest.fixture
def job_and_notes(alice):
    return job_with_quoted_notes(
        alice, PAGE, (CASTS, SHIPPED), status=Job.Status.CHECKING, heading="Supply", domain="orrin.example"
    )


def drafts(pairs):
    return [
        {"text": text, "note_ids": [note.pk], "section_index": 0, "heading": "Supply", "position": i}
        for i, (text, note) in enumerate(pairs)
    ]


def test_a_sentence_that_is_its_quote_ships_supported_without_a_judge_call(job_and_notes, settings):
    job, notes = job_and_notes
    changed = "Orrin Foundry shipped 4,200 valve bodies in 2024."  # one character off its quote
    drafted = drafts([("  Orrin Foundry casts valve bodies for   Tamsel Pumps ", notes[0]), (changed, notes[1])])
    verdict = {"verdict": "unsupported", "reason": "the quote says 2025"}
    with scripted_model(
        settings, support_verdict=[verdict, verdict], sentence_rewrite=[{"drop": True, "text": "", "note_ids": []}]
    ) as fake:
        checked, stopped = check.check_draft(RunContext(job=job, epoch=job.epoch), drafted)
    assert stopped == ""
    first, second = checked
    assert first.outcome == ReportClaim.Outcome.KEPT and first.verdict == "supported"
    assert first.reason == check.QUOTED_REASON
    # Only the changed sentence went to the judge (and, judged unsupported, to the rewriter).
    assert [schema for schema, _ in fake.calls].count("support_verdict") == 1
    assert second.outcome == ReportClaim.Outcome.DROPPED
    keys = set(Step.objects.filter(job=job, kind="check").values_list("step_key", flat=True))
    assert keys == {f"{job.pk}:-:check:1"}


def test_with_the_setting_off_every_sentence_goes_to_the_judge(job_and_notes, settings):
    settings.CHECK_QUOTES_IN_CODE = False
    job, notes = job_and_notes
    drafted = drafts([(CASTS, notes[0]), (SHIPPED, notes[1])])
    yes = {"verdict": "supported", "reason": "scripted"}
    with scripted_model(settings, support_verdict=[yes, yes]) as fake:
        checked, _ = check.check_draft(RunContext(job=job, epoch=job.epoch), drafted)
    assert len(fake.calls) == 2 and all(c.reason == "scripted" for c in checked)


def test_word_for_word_means_every_character_of_one_quote(job_and_notes):
    _, notes = job_and_notes
    assert quoted_word_for_word("Orrin Foundry casts valve bodies for Tamsel Pumps!", notes)
    assert not quoted_word_for_word("Orrin Foundry casts valve bodies for Tamsel pumps.", notes)  # case
    assert not quoted_word_for_word("Orrin Foundry casts valve bodies.", notes)  # part of a quote
    assert not quoted_word_for_word(f"{CASTS} {SHIPPED}", notes)  # two quotes joined
    assert not quoted_word_for_word("", notes)
