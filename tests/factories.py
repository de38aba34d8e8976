"""factory_boy factories. Named users: alice, bob, and charlie (who must not see their jobs)."""

from __future__ import annotations

from datetime import timedelta

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone

from jobs.models import Job, Note, Source, Step, SubQuestion


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")


class JobFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Job

    user = factory.SubFactory(UserFactory)
    question = "Compare the battery suppliers of the five largest electric car makers"
    budget_tokens = 600_000
    budget_usd_micros = 1_000_000
    deadline_at = factory.LazyFunction(lambda: timezone.now() + timedelta(minutes=15))
    outline = factory.LazyFunction(lambda: [{"heading": "Overview", "purpose": "What is known."}])


class SubQuestionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SubQuestion

    job = factory.SubFactory(JobFactory)
    round = 1
    position = factory.Sequence(lambda n: n)
    text = factory.Sequence(lambda n: f"Which battery suppliers does maker {n} use?")
    section = "Overview"


class SourceFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Source

    job = factory.SubFactory(JobFactory)
    url = factory.Sequence(lambda n: f"https://site{n}.example/page")
    url_hash = factory.Sequence(lambda n: f"{n:064x}")
    domain = factory.Sequence(lambda n: f"site{n}.example")
    title = "A page"


class NoteFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Note

    job = factory.SubFactory(JobFactory)
    sq = factory.SubFactory(SubQuestionFactory, job=factory.SelfAttribute("..job"))
    source = factory.SubFactory(SourceFactory, job=factory.SelfAttribute("..job"))
    claim = "A claim."
    quote = "A claim."
    char_start = 0
    char_end = 8


class StepFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Step

    job = factory.SubFactory(JobFactory)
    seq = factory.Sequence(lambda n: n + 1)
    kind = Step.Kind.PLAN
    step_key = factory.Sequence(lambda n: f"key-{n}")
    epoch = 1
    started_at = factory.LazyFunction(timezone.now)


def finished_job(
    *,
    user,
    page_text: str = "",
    title: str = "Voltara Motors press release",
    quote: str = "Voltara Motors buys its cells from Helion Cells.",
    url: str = "https://voltara.example/press",
) -> Job:
    """A done job with one stored page, one note whose quote is on that page, a report citing it
    and a few steps (for the timeline). Returns the job."""
    from agents.sources import store

    page_text = page_text or ("Intro text about the company. " * 12 + quote + " More text follows here. " * 12)
    start = page_text.index(quote)
    now = timezone.now()
    job = JobFactory(
        user=user,
        status=Job.Status.DONE,
        finished_at=now,
        tokens_used=12_345,
        usd_used_micros=67_890,
        citation_precision=1.0,
        citation_coverage=0.9,
    )
    sq = SubQuestionFactory(job=job, status=SubQuestion.Status.DONE)
    source = SourceFactory(
        job=job,
        sq=sq,
        url=url,
        title=title,
        domain=url.split("/")[2],
        content_ref=store.put_text("text", page_text),
        fetched_at=now,
    )
    note = NoteFactory(
        job=job, sq=sq, source=source, claim=quote, quote=quote, char_start=start, char_end=start + len(quote)
    )
    StepFactory(job=job, kind=Step.Kind.PLAN, started_at=now - timedelta(seconds=30))
    StepFactory(job=job, kind=Step.Kind.SEARCH, sq=sq, started_at=now - timedelta(seconds=20))
    StepFactory(job=job, kind=Step.Kind.READ, sq=sq, started_at=now - timedelta(seconds=10))
    job.report = {
        "sections": [
            {
                "heading": "Overview",
                "sentences": [
                    {"text": quote, "citations": [note.note_id], "verdict": "supported", "single_source": True}
                ],
            }
        ],
        "sources": [
            {
                "source_id": source.source_id,
                "url": source.url,
                "title": title,
                "domain": source.domain,
                "published_at": None,
                "fetched_at": now.isoformat(),
                "quality": 0.5,
            }
        ],
        "not_found": ["Nothing on Kestrel's cathode suppliers."],
        "stopped_reason": None,
        "metrics": {
            "citation_precision": 1.0,
            "citation_coverage": 0.9,
            "precision_gate": True,
            "sentences_drafted": 2,
            "sentences_rewritten": 1,
            "sentences_dropped": 1,
        },
    }
    job.save()
    return job


def ready_upload(*, user, filename: str, content: bytes, content_type: str = ""):
    """An upload read at once, as the worker reads it: upload_create (nothing enqueued), then
    upload_process in this process. Returns the document (ready, or rejected with its reason)."""
    from agents.uploads import upload_create, upload_process

    doc = upload_create(user=user, filename=filename, content=content, content_type=content_type, enqueue=False)
    return upload_process(upload_id=doc.pk) or doc
