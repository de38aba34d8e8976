"""Full trajectories are kept 30 days; the cleanup keeps every call's accounting."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from agents.sources import store
from jobs.models import ProviderCall
from jobs.runtime import ledger
from jobs.trajectories import trajectories_expire
from tests.factories import JobFactory

pytestmark = pytest.mark.django_db


def test_trajectories_older_than_the_retention_lose_their_text_but_not_their_cost():
    job = JobFactory()
    old_ref = store.put_text("trajectory", json.dumps(["<decision turn=1>search old</decision>"]))
    new_ref = store.put_text("trajectory", json.dumps(["<decision turn=1>search new</decision>"]))
    old = ProviderCall.objects.create(
        job=job,
        step_key="a",
        kind="model",
        role="worker",
        tokens_in=900,
        tokens_out=100,
        usd_micros=400,
        messages=[{"role": "user", "content": "old"}],
        response="{}",
        trajectory_ref=old_ref,
    )
    ProviderCall.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=31))
    recent = ProviderCall.objects.create(
        job=job,
        step_key="b",
        kind="model",
        role="worker",
        tokens_in=50,
        tokens_out=5,
        usd_micros=20,
        messages=[{"role": "user", "content": "new"}],
        response="{}",
        trajectory_ref=new_ref,
    )
    assert trajectories_expire() == 1
    old.refresh_from_db()
    recent.refresh_from_db()
    assert (old.messages, old.response, old.trajectory_ref) == ([], "", "")
    assert (old.tokens_in, old.tokens_out, old.usd_micros) == (900, 100, 400)
    with pytest.raises(FileNotFoundError):
        store.get_bytes(old_ref)
    assert recent.messages and "new" in store.get_text(new_ref)
    assert ledger.spent_from_rows(job.pk) == (1055, 420)


def test_the_admin_shows_what_the_model_saw_and_the_full_trajectory(admin_client):
    job = JobFactory()
    ref = store.put_text(
        "trajectory", json.dumps(["<observation turn=1>a result the model no longer sees</observation>"])
    )
    call = ProviderCall.objects.create(
        job=job,
        step_key="k",
        kind="model",
        role="worker",
        messages=[{"role": "user", "content": "<task>x</task>"}],
        response="{}",
        trajectory_ref=ref,
    )
    page = admin_client.get(f"/admin/jobs/providercall/{call.pk}/change/").content.decode()
    assert "&lt;task&gt;x&lt;/task&gt;" in page
    assert "a result the model no longer sees" in page
    job_page = admin_client.get(f"/admin/jobs/job/{job.pk}/change/").content.decode()
    assert "1 calls" in job_page
