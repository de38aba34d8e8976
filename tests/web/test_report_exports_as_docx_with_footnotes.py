"""The report as DOCX: opened again with python-docx, every citation is a real footnote (the
footnotes part, a footnoteReference after the cited sentence) carrying the exact quote, the
source's title and date, and a hyperlink to the source; another user gets 404."""

import io
import zipfile

import pytest
from django.test import Client
from docx import Document
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.oxml import parse_xml
from docx.oxml.ns import qn

from tests.factories import NoteFactory, SourceFactory, finished_job

pytestmark = pytest.mark.django_db

QUOTE = "Voltara Motors buys its cells from Helion Cells."
SECOND_QUOTE = "Helion Cells ships 40% of its output to Voltara."


def two_citation_job(user):
    """finished_job plus a second source and note cited by a second sentence."""
    from datetime import date

    from agents.sources import store

    job = finished_job(user=user, quote=QUOTE)
    sq = job.subquestions.first()
    page = "Trade press. " * 10 + SECOND_QUOTE + " End."
    source = SourceFactory(
        job=job,
        sq=sq,
        url="https://helion.example/report",
        title="Helion annual report",
        domain="helion.example",
        content_ref=store.put_text("text", page),
        published_at=date(2025, 3, 4),
    )
    start = page.index(SECOND_QUOTE)
    note = NoteFactory(
        job=job,
        sq=sq,
        source=source,
        claim=SECOND_QUOTE,
        quote=SECOND_QUOTE,
        char_start=start,
        char_end=start + len(SECOND_QUOTE),
    )
    job.report["sections"][0]["sentences"].append(
        {"text": "Helion sends 40% of its cells to Voltara.", "citations": [note.note_id]}
    )
    job.report["sources"].append(
        {
            "source_id": source.source_id,
            "url": source.url,
            "title": source.title,
            "domain": source.domain,
            "published_at": "2025-03-04",
            "fetched_at": None,
        }
    )
    job.save()
    return job


def test_each_citation_is_a_footnote_with_quote_title_date_and_link(alice):
    job = two_citation_job(alice)
    client = Client()
    client.force_login(alice)
    response = client.get(f"/research/{job.pk}/export.docx")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    body = response.content

    document = Document(io.BytesIO(body))
    texts = [p.text for p in document.paragraphs]
    assert job.question in texts and "Overview" in texts and "Sources" in texts
    cited = [p for p in document.paragraphs if p.text.startswith(("Voltara Motors buys", "Helion sends"))]
    refs = [[int(r.get(qn("w:id"))) for r in p._p.iter(qn("w:footnoteReference"))] for p in cited]
    assert refs == [[1], [2]]

    footnotes_part = next(rel.target_part for rel in document.part.rels.values() if rel.reltype == RT.FOOTNOTES)
    # python-docx registers no class for the footnotes part: it loads as a plain Part (its XML in .blob)
    notes = {int(f.get(qn("w:id"))): f for f in parse_xml(footnotes_part.blob).iter(qn("w:footnote"))}
    assert set(notes) == {-1, 0, 1, 2}  # the two separators Word expects, then one per citation
    text = {i: "".join(t.text for t in f.iter(qn("w:t"))) for i, f in notes.items()}
    assert f"[1] “{QUOTE}”" in text[1] and "Voltara Motors press release" in text[1] and "(undated)" in text[1]
    assert f"[2] “{SECOND_QUOTE}”" in text[2] and "Helion annual report (2025-03-04)" in text[2]
    links = {footnotes_part.rels[h.get(qn("r:id"))].target_ref for h in notes[2].iter(qn("w:hyperlink"))}
    assert links == {"https://helion.example/report"}
    assert notes[1].find(f".//{qn('w:footnoteRef')}") is not None

    with zipfile.ZipFile(io.BytesIO(body)) as z:
        assert "word/footnotes.xml" in z.namelist()
        assert "wordprocessingml.footnotes+xml" in z.read("[Content_Types].xml").decode()


def test_another_user_cannot_export_the_docx(alice, bob):
    job = finished_job(user=alice)
    client = Client()
    client.force_login(bob)
    assert client.get(f"/research/{job.pk}/export.docx").status_code == 404
