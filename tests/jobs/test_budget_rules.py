"""The design's budget rules in code: research stops at 70% of a budget, writing and checking
keep their reserve, and a job that runs out still ends with a report saying why."""

import pytest
from django_eventstream.models import Event

from jobs import services
from jobs.events import channel_for
from jobs.models import Job, ProviderCall
from jobs.runtime import budget, ledger
from tests.factories import JobFactory
from tests.helpers import DEMO_QUESTION, wait_for_job

pytestmark = []


@pytest.mark.django_db
def test_no_new_search_starts_at_seventy_percent_of_any_budget():
    job = JobFactory(budget_tokens=100_000)
    ledger.ensure(job.pk)
    assert budget.search_stop_reason(job) == ""
    ledger.settle(
        ledger.reserve(job.pk, tokens=69_000, usd_micros=0, cap_tokens=10**9, cap_usd_micros=10**9),
        tokens=69_000,
        usd_micros=0,
    )
    assert budget.search_stop_reason(job) == ""
    ledger.settle(
        ledger.reserve(job.pk, tokens=1_000, usd_micros=0, cap_tokens=10**9, cap_usd_micros=10**9),
        tokens=1_000,
        usd_micros=0,
    )
    assert "tokens budget 70% used" in budget.search_stop_reason(job)


@pytest.mark.django_db
def test_no_second_round_under_thirty_percent_left():
    job = JobFactory(budget_usd_micros=1_000_000)
    ledger.ensure(job.pk)
    assert budget.second_round_allowed(job)
    ledger.settle(
        ledger.reserve(job.pk, tokens=0, usd_micros=710_000, cap_tokens=10**9, cap_usd_micros=10**9),
        tokens=0,
        usd_micros=710_000,
    )
    assert not budget.second_round_allowed(job)


@pytest.mark.django_db
def test_research_may_not_spend_the_writing_reserve():
    job = JobFactory(budget_tokens=600_000)
    assert budget.caps(job, budget.Phase.RESEARCH)[0] == 540_000
    assert budget.caps(job, budget.Phase.WRITING)[0] == 600_000
    small = JobFactory(budget_tokens=80_000)
    assert budget.caps(small, budget.Phase.RESEARCH)[0] == 40_000


@pytest.mark.worker
def test_a_job_that_runs_out_of_budget_still_ships_a_report_with_its_stopped_reason(live_worker, live, make_user):
    job = services.job_create(user=make_user("poor"), question=DEMO_QUESTION, budget={"max_tokens": 60_000})
    job = wait_for_job(job.pk, timeout=180)
    assert job.status == Job.Status.DONE, job.error
    assert job.report["stopped_reason"], "the report does not say why research stopped early"
    assert job.report["sections"], "no report despite the writing reserve"
    largest_reservation = max(c.tokens_in + 3000 for c in ProviderCall.objects.filter(job=job, kind="model"))
    assert job.tokens_used <= job.budget_tokens + largest_reservation
    types = set(Event.objects.filter(channel=channel_for(job.pk)).values_list("type", flat=True))
    assert "budget_warning" in types
