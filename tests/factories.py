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
