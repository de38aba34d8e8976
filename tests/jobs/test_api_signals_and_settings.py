"""Citation clicks, thumbs with a comment, and the per-user settings through the API."""

import pytest

from jobs.models import CitationClick, ReportFeedback
from tests.factories import JobFactory, finished_job

pytestmark = pytest.mark.django_db


def test_a_citation_click_is_recorded_for_a_note_of_the_job(alice, api_for):
    job = finished_job(user=alice)
    note = job.notes.get()
    response = api_for(alice).post(f"/v1/research/{job.pk}/citation-clicks", {"note_id": note.pk}, format="json")
    assert response.status_code == 204
    assert CitationClick.objects.filter(job=job, note=note, user=alice).count() == 1


def test_a_click_on_a_note_of_another_job_is_404_and_not_recorded(alice, api_for):
    job, other = finished_job(user=alice), finished_job(user=alice)
    response = api_for(alice).post(
        f"/v1/research/{job.pk}/citation-clicks", {"note_id": other.notes.get().pk}, format="json"
    )
    assert response.status_code == 404 and not CitationClick.objects.exists()
    assert (
        api_for(alice).post(f"/v1/research/{job.pk}/citation-clicks", {"note_id": "x"}, format="json").json()["field"]
        == "note_id"
    )


def test_thumbs_with_a_comment_are_stored_once_per_user_and_replaced_by_a_second_vote(alice, api_for):
    job = finished_job(user=alice)
    first = api_for(alice).post(f"/v1/research/{job.pk}/feedback", {"rating": "up", "comment": "useful"}, format="json")
    assert first.status_code == 200 and first.json()["rating"] == "up"
    api_for(alice).post(f"/v1/research/{job.pk}/feedback", {"rating": "down"}, format="json")
    row = ReportFeedback.objects.get(job=job)
    assert (row.rating, row.comment) == (-1, "")


@pytest.mark.parametrize(
    "body, field, code",
    [
        ({"rating": "sideways"}, "rating", 400),
        ({"rating": "up", "comment": "x" * 2001}, "comment", 400),
        ({}, "rating", 400),
    ],
)
def test_bad_feedback_is_400_naming_the_field(alice, api_for, body, field, code):
    job = finished_job(user=alice)
    response = api_for(alice).post(f"/v1/research/{job.pk}/feedback", body, format="json")
    assert response.status_code == code and response.json()["field"] == field


def test_feedback_on_a_report_that_is_not_finished_is_409(alice, api_for):
    job = JobFactory(user=alice, status="researching")
    assert api_for(alice).post(f"/v1/research/{job.pk}/feedback", {"rating": "up"}, format="json").status_code == 409


def test_settings_default_to_no_approval_and_can_be_changed(alice, api_for):
    client = api_for(alice)
    assert client.get("/v1/settings").json() == {"require_approval": False}
    assert client.put("/v1/settings", {"require_approval": True}, format="json").json() == {"require_approval": True}
    assert client.get("/v1/settings").json() == {"require_approval": True}
    bad = client.put("/v1/settings", {"require_approval": "often"}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "require_approval"
