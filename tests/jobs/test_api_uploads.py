"""POST /v1/uploads: calls agents.uploads.upload_create when the build has it, else 501."""
import sys
import types

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

pytestmark = pytest.mark.django_db


def test_without_an_uploads_service_the_endpoint_answers_501_json(alice, api_for, monkeypatch):
    monkeypatch.setitem(sys.modules, "agents.uploads", None)  # import fails as if the module were absent
    response = api_for(alice).post("/v1/uploads", {"file": SimpleUploadedFile("a.txt", b"hello")}, format="multipart")
    assert response.status_code == 501
    assert "uploads are not available" in response.json()["error"]


def test_with_an_uploads_service_the_file_is_handed_to_it(alice, api_for, monkeypatch):
    calls = []
    fake = types.ModuleType("agents.uploads")
    fake.upload_create = lambda **kw: calls.append(kw) or types.SimpleNamespace(pk=77)
    monkeypatch.setitem(sys.modules, "agents.uploads", fake)
    response = api_for(alice).post("/v1/uploads", {"file": SimpleUploadedFile("notes.txt", b"hello", "text/plain")},
                                   format="multipart")
    assert response.status_code == 201
    assert response.json() == {"upload_id": "77", "filename": "notes.txt"}
    assert calls == [{"user": alice, "filename": "notes.txt", "content": b"hello", "content_type": "text/plain"}]


def test_an_upload_without_a_file_is_400_naming_the_field(alice, api_for, monkeypatch):
    fake = types.ModuleType("agents.uploads")
    fake.upload_create = lambda **kw: None
    monkeypatch.setitem(sys.modules, "agents.uploads", fake)
    response = api_for(alice).post("/v1/uploads", {}, format="multipart")
    assert response.status_code == 400 and response.json()["field"] == "file"
