"""/metrics serves django-prometheus' figures and the service's own for the whole fleet: jobs by
status, steps, tokens and dollars, lease takeovers, queue depth and dispatch latency."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from jobs.models import Job
from jobs.runtime import lease, telemetry
from jobs.runtime.steps import RunContext, StepResult, current_scope, run_step
from jobs.runtime.transitions import job_transition
from tests.factories import JobFactory

pytestmark = pytest.mark.django_db


def sample(text: str, metric: str) -> float:
    """The value of one sample line (`metric` with its labels exactly as exposed), 0 when absent."""
    match = re.search(rf"^{re.escape(metric)} ([0-9.e+-]+)$", text, re.M)
    return float(match.group(1)) if match else 0.0


def scrape(**headers) -> tuple[int, str]:
    response = Client().get("/metrics", **headers)
    return response.status_code, response.content.decode()


def test_it_counts_jobs_by_status_steps_tokens_dollars_and_takeovers(alice):
    telemetry.flush()
    _, before = scrape()
    JobFactory(user=alice, status=Job.Status.RESEARCHING)
    writing = JobFactory(user=alice, status=Job.Status.WRITING)
    lapsed = JobFactory(
        user=alice, status=Job.Status.RESEARCHING, lease_expires_at=timezone.now() - timedelta(seconds=5)
    )

    def paid():
        current_scope.get().usage.add(model="offline/small", tokens_in=1200, tokens_out=300, usd_micros=2500)
        return StepResult(output={"ok": True})

    run_step(RunContext(job=writing, epoch=writing.epoch), kind="check", counter="metrics-0", fn=paid)
    assert job_transition(writing.pk, to=Job.Status.FAILED, error="scripted")
    assert lease.take_over_expired([lapsed.pk]) == [(str(lapsed.pk), lapsed.epoch + 1)]
    telemetry.flush()
    status, after = scrape()
    assert status == 200
    assert (
        sample(after, 'research_jobs{status="researching"}') - sample(before, 'research_jobs{status="researching"}')
        == 2
    )
    assert (
        sample(after, 'research_steps_total{kind="check"}') - sample(before, 'research_steps_total{kind="check"}') == 1
    )
    tokens_in = 'research_model_tokens_total{direction="in",kind="check"}'
    assert sample(after, tokens_in) - sample(before, tokens_in) == 1200
    usd = 'research_model_usd_total{kind="check"}'
    assert round(sample(after, usd) - sample(before, usd), 6) == 0.0025
    failed = 'research_jobs_finished_total{status="failed"}'
    assert sample(after, failed) - sample(before, failed) == 1
    assert sample(after, "research_lease_takeovers_total") - sample(before, "research_lease_takeovers_total") == 1
    assert re.search(r'^research_queue_depth\{queue="[^"]+"\} \d', after, re.M)
    assert "django_http_requests_total_by_method_total" in after  # django-prometheus' own


def test_dispatch_latency_is_a_histogram():
    telemetry.flush()
    _, before = scrape()
    for seconds in (0.03, 0.4, 3.0):
        telemetry.observe("dispatch_latency_seconds", seconds)
    telemetry.flush()
    _, after = scrape()

    def delta(metric):
        return sample(after, metric) - sample(before, metric)

    assert delta("research_task_dispatch_latency_seconds_count") == 3
    assert delta('research_task_dispatch_latency_seconds_bucket{le="0.05"}') == 1
    assert delta('research_task_dispatch_latency_seconds_bucket{le="2.0"}') == 2
    assert delta('research_task_dispatch_latency_seconds_bucket{le="+Inf"}') == 3


def test_with_a_token_set_a_scrape_without_it_is_refused(settings):
    settings.METRICS_TOKEN = "s3cret-scrape-token"
    assert scrape()[0] == 401
    assert scrape(HTTP_AUTHORIZATION="Bearer wrong")[0] == 401
    status, text = scrape(HTTP_AUTHORIZATION="Bearer s3cret-scrape-token")
    assert status == 200 and "research_jobs" in text
