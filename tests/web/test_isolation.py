"""alice, bob and charlie: bob and charlie get 404 (never 403) for alice's job, its notes and
its report through the API and the pages, and nothing of hers changes."""

import pytest
from django.test import Client

from jobs.models import CitationClick, Job, ReportFeedback
from tests.factories import JobFactory, finished_job

pytestmark = pytest.mark.django_db


@pytest.fixture
def alices(alice):
    done = finished_job(user=alice)
    waiting = JobFactory(user=alice, status=Job.Status.AWAITING_APPROVAL)
    return done, waiting


@pytest.mark.parametrize("intruder", ["bob", "charlie"])
def test_others_get_404_for_alices_jobs_through_every_api_endpoint(request, api_for, alices, no_enqueue, intruder):
    done, waiting = alices
    client = api_for(request.getfixturevalue(intruder))
    note_id = done.notes.get().pk
    calls = [
        ("get", f"/v1/research/{done.pk}", None),
        ("get", f"/v1/research/{done.pk}/events", None),
        ("post", f"/v1/research/{waiting.pk}/plan", {"approve": True}),
        ("post", f"/v1/research/{waiting.pk}/cancel", None),
        ("get", f"/v1/notes/{note_id}", None),
        ("post", f"/v1/research/{done.pk}/citation-clicks", {"note_id": note_id}),
        ("post", f"/v1/research/{done.pk}/feedback", {"rating": "down"}),
    ]
    for method, url, body in calls:
        response = getattr(client, method)(url, body, format="json")
        assert response.status_code == 404, (url, response.status_code)
        assert response.json()["error"] in ("no such job", "no such note"), url
    listed = client.get("/v1/research").json()
    assert listed["count"] == 0
    waiting.refresh_from_db()
    assert waiting.status == "awaiting_approval" and waiting.epoch == 1
    assert not CitationClick.objects.exists() and not ReportFeedback.objects.exists()


@pytest.mark.parametrize("intruder", ["bob", "charlie"])
def test_others_get_404_for_alices_pages_and_exports(request, alices, no_enqueue, intruder):
    done, waiting = alices
    client = Client()
    client.force_login(request.getfixturevalue(intruder))
    for url in [
        f"/research/{done.pk}",
        f"/research/{done.pk}/export.md",
        f"/research/{done.pk}/export.html",
        f"/research/{done.pk}/export.json",
        f"/research/{waiting.pk}",
    ]:
        assert client.get(url).status_code == 404, url
    for url, body in [
        (f"/research/{waiting.pk}/plan", {"action": "approve"}),
        (f"/research/{waiting.pk}/cancel", {}),
        (f"/research/{done.pk}/feedback", {"rating": "up"}),
    ]:
        assert client.post(url, body).status_code == 404, url
    page = client.get("/research/").content.decode()
    assert str(done.pk) not in page and str(waiting.pk) not in page
    waiting.refresh_from_db()
    assert waiting.status == "awaiting_approval"


def test_pages_ask_an_anonymous_visitor_to_log_in(alices):
    done, _ = alices
    response = Client().get(f"/research/{done.pk}")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
