"""Signed webhooks through a real worker to a receiver on 127.0.0.1 (allowed by host:port in
FETCH_ALLOW_LOOPBACK_HOSTS): the receiver verifies each delivery with the `standardwebhooks`
package, answers the first attempt with a 500, and the worker retries with the same message id;
both attempts are logged with status and latency. Registration refuses private, loopback and
link-local targets the test setting does not name, and the API keeps webhooks per user."""

import threading
import time
import uuid

import pytest
from standardwebhooks.webhooks import Webhook

from jobs import services, webhooks
from jobs.models import WebhookAttempt, WebhookDelivery
from jobs.runtime.errors import ApplicationError
from tests.factories import JobFactory, UserFactory
from tests.local_http import LocalServer, Reply
from tests.workers import WorkerProcess

pytestmark = [pytest.mark.worker, pytest.mark.postgres]


class FlakyReceiver:
    """500 on the first delivery of each message id, 200 after."""

    def __init__(self):
        self.seen: dict[str, int] = {}
        self.lock = threading.Lock()

    def __call__(self, request):
        msg_id = request.headers.get("webhook-id", "")
        with self.lock:
            self.seen[msg_id] = self.seen.get(msg_id, 0) + 1
            first = self.seen[msg_id] == 1
        return Reply(status=500 if first else 200, body=b"")


@pytest.fixture(scope="module")
def receiver():
    with LocalServer(routes={"/hooks": FlakyReceiver()}) as server:
        yield server


@pytest.fixture(scope="module")
def webhook_worker(receiver, live_db, django_db_blocker):
    from research_project.celery import app

    app.control.purge()
    with django_db_blocker.unblock():
        worker = WorkerProcess(
            beat=False,
            concurrency=2,
            env={"FETCH_ALLOW_LOOPBACK_HOSTS": f"127.0.0.1:{receiver.port}", "WEBHOOK_RETRY_BASE_SECONDS": "0.5"},
        ).start()
    yield worker
    worker.stop()


def wait_for(predicate, timeout=60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


def test_a_cancelled_job_is_delivered_signed_and_retried_after_a_500(receiver, webhook_worker, live, settings):
    settings.FETCH_ALLOW_LOOPBACK_HOSTS = [f"127.0.0.1:{receiver.port}"]
    alice = UserFactory(username=f"alice-{uuid.uuid4().hex[:8]}")
    endpoint = webhooks.webhook_create(
        user=alice, url=f"http://127.0.0.1:{receiver.port}/hooks", events=["cancelled", "done"]
    )
    job = JobFactory(user=alice)
    started = time.monotonic()
    services.job_cancel(job=job)
    assert time.monotonic() - started < 2  # the job's own call does not wait for the receiver

    assert wait_for(lambda: WebhookDelivery.objects.filter(endpoint=endpoint, status="succeeded").exists()), (
        webhook_worker.log()
    )
    delivery = WebhookDelivery.objects.get(endpoint=endpoint)
    assert delivery.event_type == "cancelled" and delivery.attempts == 2
    attempts = list(WebhookAttempt.objects.filter(delivery=delivery).order_by("number"))
    assert [(a.number, a.status_code) for a in attempts] == [(1, 500), (2, 200)]
    assert attempts[0].error == "HTTP 500" and all(a.latency_ms >= 0 for a in attempts)

    posts = [r for r in receiver.requests if r.path == "/hooks"]
    assert len(posts) == 2
    assert {p.headers["webhook-id"] for p in posts} == {delivery.message_id}  # one id for every attempt
    verifier = Webhook(endpoint.secret)
    for post in posts:
        payload = verifier.verify(post.body, post.headers)
        assert payload["type"] == "cancelled"
        assert payload["data"]["job_id"] == str(job.pk) and payload["data"]["status"] == "cancelled"
    tampered = dict(posts[0].headers, **{"webhook-signature": "v1," + "A" * 44})
    with pytest.raises(Exception, match="No matching signature found"):
        verifier.verify(posts[0].body, tampered)


def test_a_user_without_webhooks_gets_no_delivery(webhook_worker, live):
    bob = UserFactory(username=f"bob-{uuid.uuid4().hex[:8]}")
    job = JobFactory(user=bob)
    services.job_cancel(job=job)
    time.sleep(2)
    assert not WebhookDelivery.objects.filter(job=job).exists()


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:9/hooks",
        "http://10.0.0.5/hooks",
        "http://169.254.169.254/latest",
        "http://[::1]:8080/x",
        "ftp://example.org/x",
        "http://user:pw@example.org/x",
    ],
)
def test_private_loopback_and_odd_targets_are_refused_at_registration(url, db, settings):
    settings.FETCH_ALLOW_LOOPBACK_HOSTS = ["127.0.0.1:8799"]  # another port of the same host is still refused
    alice = UserFactory(username=f"alice-{uuid.uuid4().hex[:8]}")
    with pytest.raises(ApplicationError) as info:
        webhooks.webhook_create(user=alice, url=url)
    assert info.value.field == "url"
    assert not alice.webhook_endpoints.exists()


def test_the_api_registers_lists_and_deletes_webhooks_per_user(db, api_for, settings):
    settings.FETCH_ALLOW_LOOPBACK_HOSTS = ["127.0.0.1:8799"]
    alice, bob = UserFactory(username="alice-wh"), UserFactory(username="bob-wh")
    created = api_for(alice).post("/v1/webhooks", {"url": "http://127.0.0.1:8799/h", "events": ["done"]}, format="json")
    assert created.status_code == 201, created.json()
    body = created.json()
    assert body["secret"].startswith("whsec_") and body["events"] == ["done"]
    assert api_for(bob).get("/v1/webhooks").json() == []
    assert "secret" not in api_for(alice).get("/v1/webhooks").json()[0]
    assert api_for(bob).delete(f"/v1/webhooks/{body['webhook_id']}").status_code == 404
    bad = api_for(alice).post(
        "/v1/webhooks", {"url": "http://127.0.0.1:8799/h", "events": ["sometimes"]}, format="json"
    )
    assert bad.status_code == 400 and bad.json()["field"] == "events"
    assert api_for(alice).delete(f"/v1/webhooks/{body['webhook_id']}").status_code == 204
    assert not alice.webhook_endpoints.exists()


def test_the_settings_page_adds_shows_the_secret_once_and_deletes(db, client, settings):
    settings.FETCH_ALLOW_LOOPBACK_HOSTS = ["127.0.0.1:8799"]
    alice, bob = UserFactory(username="alice-page"), UserFactory(username="bob-page")
    client.force_login(alice)
    page = client.post(
        "/research/settings", {"action": "webhook_add", "url": "http://127.0.0.1:8799/h", "events": ["done", "failed"]}
    )
    endpoint = alice.webhook_endpoints.get()
    assert endpoint.events == ["done", "failed"]
    assert endpoint.secret in page.content.decode()
    assert endpoint.secret not in client.get("/research/settings").content.decode()
    refused = client.post("/research/settings", {"action": "webhook_add", "url": "http://10.1.2.3/h"}, follow=True)
    assert (
        "url: refused: 10.1.2.3 resolves to 10.1.2.3" in refused.content.decode()
        and alice.webhook_endpoints.count() == 1
    )
    client.force_login(bob)
    assert "127.0.0.1:8799" not in client.get("/research/settings").content.decode()
    client.post("/research/settings", {"action": "webhook_delete", "webhook_id": endpoint.pk})
    assert alice.webhook_endpoints.count() == 1  # bob cannot delete alice's
    client.force_login(alice)
    client.post("/research/settings", {"action": "webhook_delete", "webhook_id": endpoint.pk})
    assert not alice.webhook_endpoints.exists()
