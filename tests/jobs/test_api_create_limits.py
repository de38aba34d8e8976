"""POST /v1/research: typed field errors, the per-user default for plan approval, the per-user
limits (open jobs, daily dollars) and throttling, each a clear JSON body."""

import pytest
from django.core.cache import cache

from jobs.models import Job, UserSettings
from tests.factories import JobFactory

pytestmark = pytest.mark.django_db
QUESTION = "Which battery suppliers does Voltara Motors use?"


@pytest.mark.parametrize(
    "body, field",
    [
        ({"question": QUESTION, "budget": {"max_minutes": "ten"}}, "budget.max_minutes"),
        ({"question": QUESTION, "budget": {"max_tokens": 1.5}}, "budget.max_tokens"),
        ({"question": QUESTION, "budget": "cheap"}, "budget"),
        ({"question": QUESTION, "budget": {"max_minutes": 500}}, "budget.max_minutes"),
        ({"question": QUESTION, "budget": {"max_usd": 1000}}, "budget.max_usd"),
        ({"question": QUESTION, "sources": "web"}, "sources"),
        ({"question": QUESTION, "require_approval": "perhaps"}, "require_approval"),
        ({"question": 42}, "question"),
    ],
)
def test_typed_fields_are_checked_and_the_error_names_the_nested_field(alice, api_for, no_enqueue, body, field):
    response = api_for(alice).post("/v1/research", body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == field
    assert not Job.objects.exists()


def test_require_approval_defaults_to_the_users_setting(alice, bob, api_for, no_enqueue):
    UserSettings.objects.create(user=alice, require_approval=True)
    a = api_for(alice).post("/v1/research", {"question": QUESTION}, format="json").json()
    b = api_for(bob).post("/v1/research", {"question": QUESTION}, format="json").json()
    explicit = (
        api_for(alice).post("/v1/research", {"question": QUESTION, "require_approval": False}, format="json").json()
    )
    assert Job.objects.get(pk=a["job_id"]).require_approval is True
    assert Job.objects.get(pk=b["job_id"]).require_approval is False
    assert Job.objects.get(pk=explicit["job_id"]).require_approval is False


def test_a_user_with_too_many_open_jobs_gets_429_and_nothing_is_stored(alice, bob, api_for, no_enqueue, settings):
    settings.MAX_ACTIVE_JOBS_PER_USER = 2
    JobFactory(user=alice, status="researching")
    JobFactory(user=alice, status="awaiting_approval")
    JobFactory(user=alice, status="done")
    response = api_for(alice).post("/v1/research", {"question": QUESTION}, format="json")
    assert response.status_code == 429
    assert response.json()["limit"] == "active_jobs" and response.json()["max_active_jobs"] == 2
    assert "2 jobs running" in response.json()["error"]
    assert Job.objects.filter(user=alice).count() == 3
    assert api_for(bob).post("/v1/research", {"question": QUESTION}, format="json").status_code == 202


def test_a_job_whose_cap_would_pass_the_daily_dollar_limit_gets_429(alice, api_for, no_enqueue, settings):
    settings.MAX_DAILY_USD_PER_USER = 2.0
    JobFactory(user=alice, status="done", usd_used_micros=600_000)  # spent 0.60
    JobFactory(user=alice, status="researching", budget_usd_micros=1_000_000)  # may spend 1.00
    ok = api_for(alice).post("/v1/research", {"question": QUESTION, "budget": {"max_usd": 0.4}}, format="json")
    assert ok.status_code == 202
    refused = api_for(alice).post("/v1/research", {"question": QUESTION, "budget": {"max_usd": 0.5}}, format="json")
    assert refused.status_code == 429
    assert refused.json()["field"] == "budget.max_usd" and refused.json()["limit"] == "daily_usd"
    assert refused.json()["committed_usd"] == 2.0


def test_the_api_throttles_a_user_past_the_rate_with_429(alice, api_for, settings):
    settings.API_USER_THROTTLE_RATE = "3/min"
    cache.delete(f"throttle_user_{alice.pk}")
    client = api_for(alice)
    codes = [client.get("/v1/research").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    body = client.get("/v1/research").json()
    assert body["error"].startswith("Request was throttled") and body["retry_after_seconds"] > 0
    cache.delete(f"throttle_user_{alice.pk}")
