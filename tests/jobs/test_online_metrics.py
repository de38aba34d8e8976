"""The staff metrics: per day and variant, share of runs that finish, that stop on a budget,
citation click rate, thumbs, cost and minutes per report."""

from datetime import timedelta

import pytest

from jobs import online
from jobs.models import CitationClick, ReportFeedback
from tests.factories import JobFactory, finished_job

pytestmark = pytest.mark.django_db


def test_metrics_count_finishes_budget_stops_clicks_thumbs_cost_and_minutes(alice, bob):
    a = finished_job(user=alice)  # 0.067890 USD
    b = finished_job(user=bob)
    b.stopped_reason = "writing started early: usd budget 71% used"
    b.usd_used_micros = 132_110
    b.finished_at = b.created_at + timedelta(minutes=4)
    b.save()
    a.finished_at = a.created_at + timedelta(minutes=2)
    a.save()
    JobFactory(user=alice, status="failed")
    JobFactory(user=alice, status="researching")
    JobFactory(user=alice, status="done", variant="planner-v2", finished_at=a.finished_at)
    CitationClick.objects.create(job=a, note=a.notes.get(), user=alice)
    CitationClick.objects.create(job=a, note=a.notes.get(), user=alice)
    ReportFeedback.objects.create(job=a, user=alice, rating=1)
    ReportFeedback.objects.create(job=b, user=bob, rating=-1, comment="thin")
    rows = {r["variant"]: r for r in online.online_metrics(days=1)}
    base = rows["-"]
    assert base["runs"] == 4 and base["finished_runs"] == 3 and base["reports"] == 2
    assert base["finish_rate"] == pytest.approx(2 / 3)
    assert base["budget_stop_rate"] == pytest.approx(1 / 4)
    assert base["citation_click_rate"] == pytest.approx(1 / 2) and base["citation_clicks"] == 2
    assert (base["thumbs_up"], base["thumbs_down"]) == (1, 1)
    assert base["usd_per_report"] == pytest.approx(0.1)
    assert base["minutes_per_report"] == pytest.approx(3.0, abs=0.01)
    assert rows["planner-v2"]["runs"] == 1 and rows["planner-v2"]["reports"] == 1
