"""Upload bombs: a DOCX of about 100 KB whose XML expands to 25 MB, a PDF whose 20,000 pages
share one content stream, a PDF whose one page holds 60 MB of text operators. Each request
returns at once (the file is only stored: status processing); a real worker reads it under
limits in a capped child process and rejects it with the reason, and the worker's own memory
does not grow by what the file expands to."""

import time
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from agents.models import Document
from agents.sources import clean
from tests.documents import make_docx_bomb, make_pdf_bomb
from tests.factories import UserFactory

pytestmark = [pytest.mark.worker]
REQUEST_SECONDS = 2
PROCESSED_WITHIN_SECONDS = 120
# What the worker process may grow by while a bomb is read (its peak resident size): reading
# the 60 MB PDF stream in the worker itself took 400 MB; reading it in the capped child takes none.
WORKER_GROWTH_BYTES = 64 * 2**20

BOMBS = {
    "docx-25mb-xml": (
        lambda: make_docx_bomb(expanded_mb=25),
        "bomb.docx",
        clean.DOCX_TYPE,
        "longer than 3,000,000 characters",
    ),
    "pdf-20000-pages": (lambda: make_pdf_bomb(pages=20_000), "pages.pdf", "application/pdf", "20,000 pages; the limit"),
    "pdf-60mb-page": (lambda: make_pdf_bomb(content_mb=60), "stream.pdf", "application/pdf", "PDF"),
}


def peak_rss_bytes(pid: int) -> int:
    """The process's peak resident set size so far (VmHWM)."""
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM")


@pytest.fixture
def alice_client(live):
    alice = UserFactory(username=f"alice-{uuid.uuid4().hex[:8]}")
    client = APIClient()
    client.force_authenticate(alice)
    yield alice, client
    Document.objects.filter(owner=alice).delete()
    alice.delete()


@pytest.mark.parametrize("bomb", list(BOMBS))
def test_a_bomb_is_stored_at_once_then_rejected_by_a_worker_whose_memory_stays_bounded(live_worker, alice_client, bomb):
    alice, client = alice_client
    make, filename, content_type, reason = BOMBS[bomb]
    body = make()
    assert len(body) < 200 * 1024  # small as uploaded
    peak_before = peak_rss_bytes(live_worker.proc.pid)
    started = time.monotonic()
    response = client.post(
        "/v1/uploads", {"file": SimpleUploadedFile(filename, body, content_type)}, format="multipart"
    )
    took = time.monotonic() - started
    assert response.status_code == 202, response.content[:300]
    assert response.json()["status"] == "processing"
    assert took < REQUEST_SECONDS, f"the request took {took:.1f} s"
    upload_id = response.json()["upload_id"]
    deadline = time.monotonic() + PROCESSED_WITHIN_SECONDS
    while Document.objects.get(pk=upload_id).status == Document.Status.PROCESSING:
        assert time.monotonic() < deadline, live_worker.log()
        time.sleep(0.2)
    doc = Document.objects.get(pk=upload_id)
    assert doc.status == Document.Status.REJECTED
    assert reason in doc.reason, doc.reason
    assert doc.text == "" and not doc.chunks.exists()
    shown = client.get(f"/v1/uploads/{upload_id}").json()
    assert (shown["status"], shown["reason"]) == ("rejected", doc.reason)
    assert peak_rss_bytes(live_worker.proc.pid) - peak_before < WORKER_GROWTH_BYTES
