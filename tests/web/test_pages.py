"""The server-rendered pages: ask, my jobs, live page with plan review and cancel, settings,
staff metrics."""

import pytest
from django.test import Client

from jobs.models import Job, UserSettings
from tests.factories import JobFactory, SubQuestionFactory, UserFactory, finished_job

pytestmark = pytest.mark.django_db
QUESTION = "Which battery suppliers does Kestrel Automotive use?"


@pytest.fixture
def browser(alice):
    client = Client()
    client.force_login(alice)
    return client


def test_login_page_signs_a_user_in(db):
    user = UserFactory(username="dana")
    user.set_password("correct horse")
    user.save()
    client = Client()
    assert client.get("/accounts/login/").status_code == 200
    response = client.post("/accounts/login/", {"username": "dana", "password": "correct horse"})
    assert response.status_code == 302 and response["Location"] == "/research/"


def test_asking_a_question_creates_the_job_and_opens_its_page(alice, browser, no_enqueue):
    response = browser.post(
        "/research/new",
        {
            "question": QUESTION,
            "depth": "quick",
            "sources": ["web"],
            "max_minutes": "5",
            "max_usd": "0.5",
            "require_approval": "on",
        },
    )
    job = Job.objects.get(user=alice)
    assert response.status_code == 302 and response["Location"] == f"/research/{job.pk}"
    assert (job.depth, job.require_approval, job.budget_usd_micros) == ("quick", True, 500_000)
    page = browser.get(f"/research/{job.pk}").content.decode()
    assert QUESTION in page and f'data-events-url="/v1/research/{job.pk}/events"' in page


@pytest.mark.parametrize(
    "form, field",
    [
        ({"question": "short"}, "question"),
        ({"question": QUESTION, "max_usd": "lots"}, "budget.max_usd"),
        ({"question": QUESTION, "max_minutes": "0"}, "budget.max_minutes"),
        ({"question": QUESTION, "depth": "abyssal"}, "depth"),
    ],
)
def test_the_ask_page_names_the_bad_field_and_keeps_the_question(browser, no_enqueue, form, field):
    response = browser.post("/research/new", form)
    assert response.status_code == 400
    html = response.content.decode()
    assert f"<strong>{field}</strong>" in html and form["question"] in html
    assert not Job.objects.exists()


def test_the_ask_form_starts_from_the_users_approval_setting(alice, browser):
    UserSettings.objects.create(user=alice, require_approval=True)
    assert 'id="require_approval" checked' in browser.get("/research/new").content.decode()


def test_the_plan_review_shows_the_estimate_and_approves(alice, browser, no_enqueue):
    job = JobFactory(user=alice, status="awaiting_approval")
    for i in range(3):
        SubQuestionFactory(job=job, position=i)
    html = browser.get(f"/research/{job.pk}").content.decode()
    assert "Review the plan" in html and "230,300 tokens" in html and "$0.2300" in html and "3.1 minutes" in html
    browser.post(f"/research/{job.pk}/plan", {"action": "approve"})
    job.refresh_from_db()
    assert job.status == "planning" and job.epoch == 2


def test_the_plan_review_starts_with_edited_subquestions_dropping_blank_rows(alice, browser, no_enqueue):
    job = JobFactory(user=alice, status="awaiting_approval")
    SubQuestionFactory(job=job, position=0)
    browser.post(
        f"/research/{job.pk}/plan",
        {"action": "edit", "sq": ["Where does Kestrel buy cells?", "  ", "Which plants ship them?"]},
    )
    assert list(job.subquestions.values_list("text", flat=True)) == [
        "Where does Kestrel buy cells?",
        "Which plants ship them?",
    ]


def test_an_invalid_edited_plan_is_refused_with_a_message(alice, browser, no_enqueue):
    job = JobFactory(user=alice, status="awaiting_approval")
    SubQuestionFactory(job=job, position=0)
    response = browser.post(f"/research/{job.pk}/plan", {"action": "edit", "sq": [""]}, follow=True)
    assert "edited_plan: edited_plan must list 1 to 8 sub-questions" in response.content.decode()
    job.refresh_from_db()
    assert job.status == "awaiting_approval"


def test_the_cancel_button_cancels_and_a_second_press_explains(alice, browser):
    job = JobFactory(user=alice, status="researching")
    browser.post(f"/research/{job.pk}/cancel")
    job.refresh_from_db()
    assert job.status == "cancelled"
    again = browser.post(f"/research/{job.pk}/cancel", follow=True).content.decode()
    assert "the job is already cancelled" in again


def test_my_jobs_lists_my_jobs_with_links(alice, browser):
    job = finished_job(user=alice)
    html = browser.get("/research/").content.decode()
    assert f'href="/research/{job.pk}"' in html and "$0.0679" in html


def test_settings_page_saves_the_approval_default(alice, browser):
    browser.post("/research/settings", {"require_approval": "on"})
    assert UserSettings.objects.get(user=alice).require_approval is True
    browser.post("/research/settings", {})
    assert UserSettings.objects.get(user=alice).require_approval is False


def test_the_report_page_records_thumbs_with_a_comment(alice, browser):
    job = finished_job(user=alice)
    browser.post(f"/research/{job.pk}/feedback", {"rating": "up", "comment": "clear"})
    assert job.feedback.get().comment == "clear"


def test_the_metrics_page_is_for_staff_only(alice, browser):
    assert browser.get("/staff/metrics").status_code == 302
    alice.is_staff = True
    alice.save()
    assert browser.get("/staff/metrics").status_code == 200


def test_the_swagger_ui_and_schema_are_served(browser):
    assert "swagger-ui" in browser.get("/v1/docs").content.decode()
    schema = browser.get("/v1/schema", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    assert {
        "/v1/research",
        "/v1/research/{job_id}",
        "/v1/research/{job_id}/events",
        "/v1/research/{job_id}/plan",
        "/v1/research/{job_id}/cancel",
        "/v1/notes/{note_id}",
        "/v1/uploads",
    } <= set(schema["paths"])
