"""Item 7 of issue 15: when the reads fail because the reader model's replies cannot be used,
the report says so instead of a time-budget reason, and Not found attaches each reason to its
sub-question. The reader is a FAKE scripted to answer garbage; the pipeline stages are real."""

import pytest
from django.utils import timezone

from jobs.models import Job, Source, Step, SubQuestion
from jobs.runtime import budget
from jobs.runtime.steps import RunContext
from jobs.stages import read, report, write
from tests.factories import JobFactory, SubQuestionFactory
from tests.fakes import scripted_model

pytestmark = pytest.mark.django_db

PAGES = [
    "Kestrel Automotive buys NMC cells from Sunmark Energy. Sunmark Energy is based in Leeds, a city in the north.",
    "The Vantor plant in Szeged opened in 2023 and employs 1,200 people making cathodes for three car makers.",
]


def test_every_read_failing_on_the_reader_model_is_the_reason_shown(alice, settings, monkeypatch):
    job = JobFactory(user=alice, status=Job.Status.RESEARCHING, outline=[{"heading": "Suppliers", "purpose": "Who."}])
    sq = SubQuestionFactory(job=job, section="Suppliers", text="Which cells does Kestrel buy?")
    from agents.sources import store
    from agents.sources.urls import url_hash

    ctx = RunContext(job=job, epoch=job.epoch)
    for n in range(2):
        url = f"https://site{n}.example/page"
        ref = store.put_text("page", PAGES[n])
        Source.objects.create(
            job=job, sq=sq, url=url, url_hash=url_hash(url), domain=f"site{n}.example", content_ref=ref
        )
        Step.objects.create(
            job=job,
            seq=100 + n,
            kind="fetch",
            step_key=f"{job.pk}:-:fetch:{url_hash(url)}",
            output={"content_ref": ref},
            epoch=job.epoch,
            started_at=timezone.now(),
        )
    # The time budget was spent meanwhile: without the fix this is the only reason shown.
    budget.record_stop(job, "research stopped early: the time budget left for research was spent")
    with scripted_model(settings, reader_notes=["{not json at all"] * 4):
        for n in range(2):
            out = read.read_one(ctx, sq.pk, f"https://site{n}.example/page")
            assert out["error"].startswith("reader output invalid")
        SubQuestion.objects.filter(pk=sq.pk).update(status=SubQuestion.Status.DONE)
        write.write_and_check(ctx)
    job.refresh_from_db()
    assert job.status == Job.Status.DONE
    assert job.stopped_reason.startswith("the reader model's replies could not be used (2 of 2 reads failed): reader:")
    assert "not valid JSON" in job.stopped_reason
    assert job.report["stopped_reason"] == job.stopped_reason


def test_not_found_attaches_each_reason_to_its_subquestion(alice):
    job = JobFactory(user=alice, status=Job.Status.CHECKING)
    found_nothing = SubQuestionFactory(
        job=job,
        text="Which cells does Kestrel buy?",
        status=SubQuestion.Status.DONE,
        not_found=["Which cells does Kestrel buy?", "research stopped: time budget 91% used"],
    )
    found_some = SubQuestionFactory(
        job=job,
        text="Where is Sunmark based?",
        status=SubQuestion.Status.DONE,
        not_found=["research stopped: every search provider failed"],
    )
    built = report.build_report(job, [], None, None)
    assert built["not_found"] == [
        f"{found_nothing.text} (research stopped: time budget 91% used)",
        f"{found_some.text} (research stopped early: every search provider failed)",
    ]
