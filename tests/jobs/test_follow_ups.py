"""Follow-up questions: asked from a finished report of one's own (API and report page), linked
both ways, judged for whether they ask for something the report missed, counted in the staff
metrics, and planned with what the earlier report covered."""

import pytest
from django.test import Client

from agents import planner
from agents.engine import planner as offline_planner
from jobs import followups, online, services
from jobs.models import Job
from jobs.runtime.errors import ApplicationError
from tests.factories import JobFactory, finished_job
from tests.fakes import scripted_model

pytestmark = pytest.mark.django_db
COVERED = "Does Voltara Motors still buy its cells from Helion Cells?"
MISSED = "Which recycling plants take back Voltara battery packs in Norway?"


def test_a_follow_up_about_what_the_report_says_is_covered_and_one_about_something_else_is_missed(alice):
    parent = finished_job(user=alice)  # its one sentence: "Voltara Motors buys its cells from Helion Cells."
    assert not followups.asks_for_missing(follow_up=COVERED, question=parent.question, report=parent.report)
    assert followups.asks_for_missing(follow_up=MISSED, question=parent.question, report=parent.report)
    assert followups.terms_missing(follow_up=MISSED, question=parent.question, report=parent.report)[:2] == [
        "recycl",
        "plant",
    ]


def test_a_follow_up_job_is_linked_to_its_report_and_judged(alice, no_enqueue):
    parent = finished_job(user=alice)
    covered = services.job_create(user=alice, question=COVERED, follow_up_of=str(parent.pk))
    missed = services.job_create(user=alice, question=MISSED, follow_up_of=parent.pk)
    assert covered.follow_up_of == parent and covered.follow_up_missed is False
    assert missed.follow_up_missed is True
    assert set(parent.follow_ups.all()) == {covered, missed}
    assert services.job_create(user=alice, question=COVERED).follow_up_missed is None


@pytest.mark.parametrize("parent_of, status", [("bob", 404), ("running", 409), ("not-a-uuid", 400)])
def test_only_a_finished_report_of_ones_own_can_be_followed_up(alice, bob, no_enqueue, parent_of, status):
    target = {
        "bob": lambda: finished_job(user=bob).pk,
        "running": lambda: JobFactory(user=alice, status="researching").pk,
        "not-a-uuid": lambda: "42",
    }[parent_of]()
    before = Job.objects.count()
    with pytest.raises(ApplicationError) as err:
        services.job_create(user=alice, question=COVERED, follow_up_of=target)
    assert err.value.field == "follow_up_of" and err.value.status == status
    assert Job.objects.count() == before


def test_the_api_takes_follow_up_of_and_shows_the_links_both_ways(alice, bob, api_for, no_enqueue):
    parent = finished_job(user=alice)
    created = api_for(alice).post("/v1/research", {"question": MISSED, "follow_up_of": str(parent.pk)}, format="json")
    assert created.status_code == 202, created.json()
    child_id = created.json()["job_id"]
    assert api_for(alice).get(f"/v1/research/{child_id}").json()["follow_up_of"] == str(parent.pk)
    assert api_for(alice).get(f"/v1/research/{parent.pk}").json()["follow_ups"] == [child_id]
    # Another user's report cannot be followed up, and says nothing about it.
    refused = api_for(bob).post("/v1/research", {"question": MISSED, "follow_up_of": str(parent.pk)}, format="json")
    assert refused.status_code == 404 and refused.json()["field"] == "follow_up_of"
    assert "no such job" in refused.json()["error"]
    bad = api_for(alice).post("/v1/research", {"question": MISSED, "follow_up_of": "nope"}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "follow_up_of"


def test_the_report_page_asks_a_follow_up_and_both_pages_link_each_other(alice, no_enqueue):
    parent = finished_job(user=alice)
    client = Client()
    client.force_login(alice)
    assert 'id="ask-follow-up"' in client.get(f"/research/{parent.pk}").content.decode()
    response = client.post(
        "/research/new", {"question": MISSED, "follow_up_of": str(parent.pk), "depth": "deep", "sources": ["web"]}
    )
    child = Job.objects.get(follow_up_of=parent)
    assert response.status_code == 302 and response["Location"] == f"/research/{child.pk}"
    assert f'href="/research/{parent.pk}"' in client.get(f"/research/{child.pk}").content.decode()
    assert f'href="/research/{child.pk}"' in client.get(f"/research/{parent.pk}").content.decode()


def test_staff_metrics_count_reports_with_follow_ups_and_those_that_missed_something(alice, no_enqueue):
    a, b = finished_job(user=alice), finished_job(user=alice)
    finished_job(user=alice)
    services.job_create(user=alice, question=COVERED, follow_up_of=a.pk)
    services.job_create(user=alice, question=MISSED, follow_up_of=b.pk)
    services.job_create(user=alice, question=COVERED, follow_up_of=b.pk)
    row = online.online_metrics(days=1)[0]
    assert row["reports"] == 3
    assert row["follow_up_rate"] == pytest.approx(2 / 3)
    assert row["missed_follow_up_rate"] == pytest.approx(1 / 3)


def test_the_planner_of_a_follow_up_sees_the_earlier_report_and_the_offline_engine_resolves_they(alice, settings):
    earlier = {
        "question": "Compare the battery suppliers of the five largest electric car makers",
        "headings": ["Overview", "Battery suppliers by maker"],
    }
    with scripted_model(settings) as fake:  # a FAKE that records prompts and answers with the offline engine
        plan = planner.make_plan(
            question="What recycling plants do they operate?",
            depth="quick",
            sources=["web"],
            collection_markers=[],
            earlier=earlier,
        )
    seen = " ".join(m["content"] for _, messages in fake.calls for m in messages)
    assert "<earlier_report>" in seen and "Battery suppliers by maker" in seen
    # "they" became the earlier question's subject (the plan names it in its own words).
    assert any("five largest" in s["text"] and "makers" in s["text"] for s in plan["subquestions"]), plan
    assert (
        offline_planner.resolve_references("Where do they build cars?", "no earlier question here")
        == "Where do they build cars?"
    )


def test_the_plan_stage_of_a_follow_up_job_plans_with_the_earlier_report(alice, no_enqueue):
    from jobs.runtime.steps import RunContext
    from jobs.stages import plan

    parent = finished_job(user=alice)
    parent.question = "Compare the battery suppliers of the five largest electric car makers"
    parent.save()
    child = services.job_create(user=alice, question="What recycling plants do they operate?", follow_up_of=parent.pk)
    plan.plan_stage(RunContext(job=Job.objects.get(pk=child.pk), epoch=child.epoch))
    texts = list(child.subquestions.values_list("text", flat=True))
    assert texts and any("five largest" in t and "makers" in t for t in texts), texts
