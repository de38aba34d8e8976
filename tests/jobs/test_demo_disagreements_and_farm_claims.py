"""A question on the demo corpus whose sources disagree (a plant's capacity: the company and the
registry against a newspaper) and where content farms make false claims, end to end through a
real worker: the report JSON lists the disagreement with both values, sources and dates, states
it in one checked sentence, and states no content farm's false claim as fact."""

import json

import pytest

from agents.management.commands.load_demo_corpus import DEFAULT_DIR
from jobs import services
from jobs.evaluation import states_false_claim
from jobs.models import Job, Note
from jobs.stages import evidence
from tests.helpers import wait_for_job

QUESTION = "What is the capacity of the Helion Cells plant in Szeged?"

pytestmark = [pytest.mark.worker]


@pytest.fixture(scope="module")
def facts():
    return json.loads((DEFAULT_DIR / "facts.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def disputed_job(live_worker, live_db, django_db_blocker):
    from tests.factories import UserFactory

    with django_db_blocker.unblock():
        user = UserFactory(username="evidence-e2e")
        job = services.job_create(user=user, question=QUESTION)
        return wait_for_job(job.pk, timeout=240)


def sentences(job):
    return [s for sec in job.report["sections"] for s in sec["sentences"]]


def test_the_disagreement_is_in_the_report_json_with_both_values_sources_and_dates(disputed_job, live):
    job = disputed_job
    assert job.status == Job.Status.DONE, job.error
    entries = job.report["disagreements"]
    szeged = [d for d in entries if {"52 GWh", "60 GWh"} <= {v["value"] for v in d["values"]}]
    assert szeged, entries
    d = szeged[0]
    assert all(v["date"] and v["domain"] and v["note_ids"] for v in d["values"])
    leading = next(v for v in d["values"] if v["leading"])
    assert leading["value"] == "52 GWh" and leading["independent_sources"] >= 2
    quotes = dict(Note.objects.filter(job=job).values_list("note_id", "quote"))
    for v in d["values"]:
        assert all(i in quotes for i in v["note_ids"])
        assert v["value"] in quotes[v["note_id"]]
    if d["stated_in_report"]:
        [stated] = [s for s in sentences(job) if s.get("disagreement") == d["id"]]
        assert "52 GWh" in stated["text"] and "60 GWh" in stated["text"] and stated["verdict"] == "supported"
    # The writer is told which notes code's sentence covers, and does not set both values side by side again.
    again = [
        s["text"]
        for s in sentences(job)
        if s.get("disagreement") != d["id"] and "52 GWh" in s["text"] and "60 GWh" in s["text"]
    ]
    assert not again, again


def test_no_content_farm_claim_is_stated_as_fact(disputed_job, live, facts):
    job = disputed_job
    texts = [s["text"] for s in sentences(job)]
    assert texts
    stated = [(c["id"], t) for c in facts["false_claims"] for t in texts if states_false_claim(c, t)]
    assert not stated
    farm_urls = set(facts["farm_claims"]["urls"])
    farm_notes = set(Note.objects.filter(job=job, source__url__in=farm_urls).values_list("note_id", flat=True))
    withheld = {int(i) for i in evidence.stored(job)["withheld"]}
    assert farm_notes <= withheld
    cited = {i for s in sentences(job) for i in s["citations"]}
    assert not farm_notes & cited
