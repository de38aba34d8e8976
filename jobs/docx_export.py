"""A finished report as a Word document (DOCX) whose citations are real footnotes.

python-docx (1.2) writes paragraphs and runs but has no footnote API, so this module adds the
footnotes part itself: `word/footnotes.xml` (content type WML_FOOTNOTES, related to the main
document by the `footnotes` relationship) holding the two separator footnotes Word expects
(ids -1 and 0) and one footnote per citation, and a `w:footnoteReference` run after each cited
sentence. Each footnote carries the source's number, the exact quote, the source's title, its
publication date and a clickable link (an external hyperlink relationship of the footnotes part).
Word, LibreOffice and python-docx open the result; the footnotes are numbered 1, 2, ... in the
order the citations appear.

A PDF export is not offered: every Python route to it either needs a system library a fresh
machine lacks (WeasyPrint: Pango; docx2pdf: Word or LibreOffice) or lays text out by hand.
"""

from __future__ import annotations

import io

from docx import Document
from docx.opc.constants import CONTENT_TYPE as CT
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import XmlPart
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.oxml.parser import OxmlElement
from docx.shared import Pt

from jobs import selectors
from jobs.models import Job, Note

FOOTNOTES_URI = "/word/footnotes.xml"
QUOTE_MAX_CHARS = 600  # a footnote is a reference, not a page; the full quote is on the report page

_SEPARATORS = (
    '<w:footnote w:type="separator" w:id="-1"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/>'
    "</w:pPr><w:r><w:separator/></w:r></w:p></w:footnote>"
    '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:pPr><w:spacing w:after="0" w:line="240" '
    'w:lineRule="auto"/></w:pPr><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>'
)


def _footnotes_part(document):
    """The document's footnotes part, created with its separators when missing."""
    main = document.part
    for rel in main.rels.values():
        if rel.reltype == RT.FOOTNOTES:
            return rel.target_part
    element = parse_xml(f"<w:footnotes {nsdecls('w', 'r')}>{_SEPARATORS}</w:footnotes>")
    part = XmlPart(PackURI(FOOTNOTES_URI), CT.WML_FOOTNOTES, element, main.package)
    main.relate_to(part, RT.FOOTNOTES)
    return part


def _run(text: str, *, superscript: bool = False, italic: bool = False, style_link: bool = False):
    r = OxmlElement("w:r")
    if superscript or italic or style_link:
        rpr = OxmlElement("w:rPr")
        if italic:
            rpr.append(OxmlElement("w:i"))
        if style_link:
            color = OxmlElement("w:color")
            color.set(qn("w:val"), "0563C1")
            rpr.append(color)
            underline = OxmlElement("w:u")
            underline.set(qn("w:val"), "single")
            rpr.append(underline)
        if superscript:
            align = OxmlElement("w:vertAlign")
            align.set(qn("w:val"), "superscript")
            rpr.append(align)
        r.append(rpr)
    t = OxmlElement("w:t")
    t.set(qn("xml:space"), "preserve")
    t.text = text
    r.append(t)
    return r


def _add_footnote(part, footnote_id: int, *, number, quote: str, title: str, url: str, published) -> None:
    """One footnote: its mark, [n] "quote" — title (date), link."""
    footnote = OxmlElement("w:footnote")
    footnote.set(qn("w:id"), str(footnote_id))
    p = OxmlElement("w:p")
    ref = OxmlElement("w:r")
    rpr = OxmlElement("w:rPr")
    align = OxmlElement("w:vertAlign")
    align.set(qn("w:val"), "superscript")
    rpr.append(align)
    ref.append(rpr)
    ref.append(OxmlElement("w:footnoteRef"))
    p.append(ref)
    if len(quote) > QUOTE_MAX_CHARS:
        quote = quote[:QUOTE_MAX_CHARS].rstrip() + "…"
    p.append(_run(f" [{number}] “{quote}” — "))
    p.append(_run(title or url or "untitled source", italic=True))
    p.append(_run(f" ({published or 'undated'})"))
    if url:
        p.append(_run(", "))
        link = OxmlElement("w:hyperlink")
        link.set(qn("r:id"), part.relate_to(url, RT.HYPERLINK, is_external=True))
        link.append(_run(url, style_link=True))
        p.append(link)
    footnote.append(p)
    part.element.append(footnote)


def _reference(paragraph, footnote_id: int) -> None:
    """A superscript footnote reference at the end of `paragraph`."""
    r = OxmlElement("w:r")
    rpr = OxmlElement("w:rPr")
    align = OxmlElement("w:vertAlign")
    align.set(qn("w:val"), "superscript")
    rpr.append(align)
    r.append(rpr)
    ref = OxmlElement("w:footnoteReference")
    ref.set(qn("w:id"), str(footnote_id))
    r.append(ref)
    paragraph._p.append(r)


def render(job: Job) -> bytes:
    """The DOCX bytes of a finished job's report: the question as title, each section's sentences
    with a footnote per citation (quote, source title, date, link), what was not found, the
    numbered source list and the citation metrics."""
    report = job.report or {}
    numbers = {s["source_id"]: i + 1 for i, s in enumerate(report.get("sources", []))}
    cited = {i for s in report.get("sections", []) for sent in s["sentences"] for i in sent["citations"]}
    notes = {n.note_id: n for n in Note.objects.filter(job=job, note_id__in=cited).select_related("source")}
    document = Document()
    document.styles["Normal"].font.size = Pt(11)
    document.core_properties.title = job.question[:250]
    document.add_heading(job.question, level=0)
    finished = job.finished_at.strftime("%Y-%m-%d %H:%M UTC") if job.finished_at else ""
    document.add_paragraph(f"Research report · {finished}")
    footnotes = _footnotes_part(document)
    next_id = 1
    for section in report.get("sections", []):
        document.add_heading(section["heading"], level=1)
        for sentence in section["sentences"]:
            paragraph = document.add_paragraph(
                sentence["text"] + (" (single source)" if sentence.get("single_source") else "")
            )
            for note_id in sentence["citations"]:
                note = notes.get(note_id)
                if note is None:
                    continue
                source = note.source
                _add_footnote(
                    footnotes,
                    next_id,
                    number=numbers.get(source.source_id, "?"),
                    quote=note.quote,
                    title=source.title,
                    url=selectors.safe_url(source.url),
                    published=source.published_at.isoformat() if source.published_at else None,
                )
                _reference(paragraph, next_id)
                next_id += 1
    if report.get("not_found"):
        document.add_heading("Not found", level=1)
        for item in report["not_found"]:
            document.add_paragraph(item, style="List Bullet")
    document.add_heading("Sources", level=1)
    for source in report.get("sources", []):
        document.add_paragraph(
            f"[{numbers[source['source_id']]}] {source.get('title') or source['url']} "
            f"({source.get('domain', '')}, {source.get('published_at') or 'undated'}) "
            f"{selectors.safe_url(source['url'])}"
        )
    metrics = report.get("metrics", {})
    if metrics.get("citation_precision") is not None:
        document.add_paragraph(
            f"Citation precision {metrics['citation_precision']:.0%}, coverage "
            f"{(metrics.get('citation_coverage') or 0):.0%}."
        )
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()
