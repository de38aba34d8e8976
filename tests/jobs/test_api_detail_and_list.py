"""GET /v1/research/{job_id} and GET /v1/research: the design's shape, only my jobs."""

import uuid

import pytest

from jobs.models import Job
from tests.factories import JobFactory, SubQuestionFactory, finished_job

pytestmark = pytest.mark.django_db


def test_the_detail_has_status_plan_progress_and_an_estimate(alice, api_for):
    job = JobFactory(user=alice, status=Job.Status.AWAITING_APPROVAL, require_approval=True)
    sqs = [SubQuestionFactory(job=job, position=i) for i in range(4)]
    body = api_for(alice).get(f"/v1/research/{job.pk}").json()
    assert body["job_id"] == str(job.pk) and body["status"] == "awaiting_approval"
    assert [p["sq_id"] for p in body["plan"]] == [s.sq_id for s in sqs]
    assert set(body["plan"][0]) >= {"sq_id", "text", "status"}
    assert set(body["progress"]) == {"sources_read", "tokens_used", "usd_used", "seconds_elapsed"}
    # 4 sub-questions in one wave: 50,300 + 4 x 60,000 tokens; 0.08 + 4 x 0.05 USD; (95 + 90) s
    assert body["estimate"] == {
        "subquestions": 4,
        "tokens": 290_300,
        "usd": 0.28,
        "minutes": 3.1,
        "capped_by_budget": False,
    }
    assert body["report"] is None


def test_the_estimate_is_capped_by_the_jobs_budget(alice, api_for):
    job = JobFactory(user=alice, budget_tokens=100_000, budget_usd_micros=100_000)
    for i in range(8):
        SubQuestionFactory(job=job, position=i)
    estimate = api_for(alice).get(f"/v1/research/{job.pk}").json()["estimate"]
    assert estimate["tokens"] == 100_000 and estimate["usd"] == 0.1 and estimate["capped_by_budget"] is True


def test_a_done_job_carries_its_report_in_the_designs_shape(alice, api_for):
    job = finished_job(user=alice)
    report = api_for(alice).get(f"/v1/research/{job.pk}").json()["report"]
    assert report["sections"][0]["sentences"][0]["citations"] == job.report["sections"][0]["sentences"][0]["citations"]
    assert set(report["sources"][0]) >= {"source_id", "url", "title", "fetched_at"}
    assert report["not_found"] == ["Nothing on Kestrel's cathode suppliers."]
    assert "stopped_reason" in report


@pytest.mark.parametrize("job_id", [str(uuid.uuid4()), "not-a-uuid", "0"])
def test_an_unknown_or_malformed_job_id_is_404_json(alice, api_for, job_id):
    response = api_for(alice).get(f"/v1/research/{job_id}")
    assert response.status_code == 404
    assert response.json() == {"error": "no such job", "field": "job_id"}


def test_an_anonymous_client_gets_401_json(alice):
    from rest_framework.test import APIClient

    job = JobFactory(user=alice)
    response = APIClient().get(f"/v1/research/{job.pk}")
    assert response.status_code == 401
    assert response.json()["error"]


def test_the_list_holds_only_my_jobs_newest_first_and_paginates(alice, bob, api_for):
    mine = [JobFactory(user=alice) for _ in range(3)]
    JobFactory(user=bob)
    body = api_for(alice).get("/v1/research?page_size=2").json()
    assert body["count"] == 3
    assert [j["job_id"] for j in body["results"]] == [str(j.pk) for j in reversed(mine)][:2]
    assert body["next"] and body["previous"] is None
    page2 = api_for(alice).get("/v1/research?page_size=2&page=2").json()
    assert [j["job_id"] for j in page2["results"]] == [str(mine[0].pk)]
    assert api_for(alice).get("/v1/research?page=9").status_code == 404


def test_there_is_no_estimate_before_the_plan_exists(alice, api_for):
    job = JobFactory(user=alice)
    assert api_for(alice).get(f"/v1/research/{job.pk}").json()["estimate"] is None
