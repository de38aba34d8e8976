"""Sections are drafted at once (one task each) and sentences are checked in batches at once
(a chord whose body assembles the report); the result is the report one task would make,
under the same step keys."""

import json

import pytest

from agents.sources import store
from jobs import services
from jobs.models import Job, Note, ReportClaim, Step
from jobs.runtime.steps import RunContext
from jobs.stages import check
from research_project.celery import app
from tests.factories import JobFactory, SourceFactory, SubQuestionFactory
from tests.fakes import scripted_model
from tests.helpers import DEMO_QUESTION, wait_for_job
from tests.workers import WorkerProcess

PAGE = (
    "Kestrel Automotive buys NMC cells from Sunmark Energy. Voltara Motors buys NMC cells from Helion Cells. "
    "Helion Cells runs a 52 GWh plant in Szeged. Quanta Battery Company supplies LFP cells to Voltara Motors."
)


def test_batches_cover_every_sentence_once_in_order():
    assert check.batches(0, 4) == []
    assert check.batches(9, 4) == [(0, 4), (4, 8), (8, 9)]
    assert check.batches(3, 0) == [(0, 1), (1, 2), (2, 3)]


def test_a_batch_counts_only_the_sentences_that_ask_the_judge():
    # Sentences checked in code (their quote word for word) ride along with the judged ones...
    judged = [True, False, False, True, True, False, True, True, False]
    assert check.batches(9, 2, judged) == [(0, 4), (4, 7), (7, 9)]
    # ...up to three times the batch's size of them.
    assert check.batches(10, 2, [False] * 10) == [(0, 6), (6, 10)]
    assert check.batches(4, 4, [True] * 4) == check.batches(4, 4)


def test_the_check_knows_which_drafted_sentences_ask_the_judge(drafted_job, settings):
    job, drafted = drafted_job
    changed = [dict(drafted[0], text="Kestrel Automotive buys its NMC cells from Sunmark Energy."), *drafted[1:]]
    assert check.asks_judge(changed, job.pk) == [True, False, False, False]
    settings.CHECK_QUOTES_IN_CODE = False
    assert check.asks_judge(changed, job.pk) == [True] * 4


@pytest.fixture
def drafted_job(alice):
    job = JobFactory(
        user=alice, status=Job.Status.CHECKING, outline=[{"heading": "Suppliers", "purpose": "Who supplies whom."}]
    )
    sq = SubQuestionFactory(job=job, section="Suppliers")
    source = SourceFactory(job=job, content_ref=store.put_text("page", PAGE), domain="a.example")
    sentences = [s.strip() + "." for s in PAGE.split(".") if s.strip()]
    notes = []
    for text in sentences:
        start = PAGE.index(text)
        notes.append(
            Note.objects.create(
                job=job, sq=sq, source=source, claim=text, quote=text, char_start=start, char_end=start + len(text)
            )
        )
    drafted = [
        {"text": t, "note_ids": [n.pk], "section_index": 0, "heading": "Suppliers", "position": i}
        for i, (t, n) in enumerate(zip(sentences, notes))
    ]
    return job, drafted


def test_the_body_checks_what_no_batch_reported_and_keeps_report_order(drafted_job, settings):
    settings.CHECK_QUOTES_IN_CODE = False  # about the judge: its sentences are their quotes word for word
    job, drafted = drafted_job
    ctx = RunContext(job=job, epoch=job.epoch)
    yes = {"verdict": "supported", "reason": "scripted"}
    with scripted_model(settings, support_verdict=[yes] * 4) as fake:
        second = check.check_batch(ctx, drafted[2:4], 2)  # batch (2, 4) reported; batch (0, 2) failed for good
        checked, stopped = check.merge_batches(
            RunContext(job=job, epoch=job.epoch),
            drafted,
            [json.loads(json.dumps(second)), {"start": 0, "failed": "boom"}],
        )
    assert [c.text for c in checked] == [d["text"] for d in drafted]
    assert all(c.outcome == ReportClaim.Outcome.KEPT for c in checked) and stopped == ""
    assert len(fake.calls) == 4  # the body judged sentences 0 and 1; 2 and 3 came from the batch
    keys = set(Step.objects.filter(job=job, kind="check").values_list("step_key", flat=True))
    assert keys == {f"{job.pk}:-:check:{i}" for i in range(4)}


def test_the_first_stop_by_position_is_the_reports(drafted_job, settings):
    job, drafted = drafted_job
    ctx = RunContext(job=job, epoch=job.epoch)
    outputs = [
        {"start": 2, "checked": [], "stopped": "usd budget exhausted during citation checks (later)"},
        {"start": 0, "checked": [], "stopped": "tokens budget exhausted during citation checks"},
    ]
    # Reported batches with no sentences: the body checks all four itself.
    with scripted_model(settings, support_verdict=[{"verdict": "supported", "reason": "ok"}] * 4):
        _, stopped = check.merge_batches(ctx, drafted, outputs)
    assert stopped == "tokens budget exhausted during citation checks"


@pytest.mark.worker
@pytest.mark.postgres
def test_sections_and_check_batches_of_one_job_run_at_the_same_time(live, make_user):
    app.control.purge()
    # Each model call of the writer and the judge waits, so overlap is visible in the step times.
    latency = json.dumps({"section_draft": 0.4, "support_verdict": 0.25})
    worker = WorkerProcess(
        concurrency=16, env={"ENGINE_LATENCY_BY_SCHEMA": latency, "CHECK_BATCH_SENTENCES": "3"}
    ).start()
    try:
        job = services.job_create(user=make_user("par"), question=DEMO_QUESTION, enforce_limits=False)
        job = wait_for_job(job.pk, timeout=240)
    finally:
        worker.stop()
    assert job.status == Job.Status.DONE, job.error
    steps = list(
        Step.objects.filter(job=job, kind__in=["write", "check"]).values("step_key", "started_at", "created_at")
    )
    sections = [s for s in steps if s["step_key"].split(":")[-1].isdigit() and ":write:" in s["step_key"]]
    judged = [s for s in steps if ":check:" in s["step_key"] and s["step_key"].split(":")[-1].isdigit()]
    assert len(sections) >= 2 and len(judged) >= 6

    def overlapping(rows):
        rows = sorted(rows, key=lambda r: r["started_at"])
        return any(b["started_at"] < a["created_at"] for a, b in zip(rows, rows[1:]))

    assert overlapping(sections), "sections were drafted one after another"
    assert overlapping(judged), "sentences were checked one after another"
    # The check numbers sentences as one task would: 0..n-1 over the merged draft.
    claims = ReportClaim.objects.filter(job=job).count()
    indexes = sorted(int(s["step_key"].split(":")[-1]) for s in judged)
    assert indexes == sorted(set(indexes)) and max(indexes) < claims
    assert job.report["sections"] and job.citation_precision == 1.0
