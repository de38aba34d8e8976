"""Cleaning a fetched body into the text that is stored, read and quoted.

HTML: elements a browser would not show (display:none, visibility:hidden, the hidden
attribute, aria-hidden, zero font size, off-screen) are removed first, since hidden text is
where injected instructions hide; then trafilatura extracts the main text, htmldate finds
the publication date. PDF: pypdf. DOCX: python-docx. Plain text and Markdown: as they are.
The cleaned text is NFC-normalised once here, so stored pages and quotes compare exactly.
"""
from __future__ import annotations

import datetime as dt
import io
import re
import unicodedata
from dataclasses import dataclass

import lxml.html
import trafilatura
from htmldate import find_date

HIDDEN_STYLE_RE = re.compile(
    r"display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*[01](?:px)?(?![.\d])|left\s*:\s*-\d{3,}px|opacity\s*:\s*0(?![.\d])",
    re.I,
)


MIN_READABLE_WORDS = 5


class CleaningFailed(Exception):
    pass


@dataclass(frozen=True)
class CleanPage:
    text: str
    title: str
    published: dt.date | None


def strip_hidden(html: str) -> str:
    """Remove elements a reader of the rendered page would never see."""
    try:
        root = lxml.html.fromstring(html)
    except (lxml.etree.ParserError, ValueError):
        return html
    for el in list(root.iter()):
        if not isinstance(el.tag, str):
            continue
        style = el.get("style") or ""
        if el.get("hidden") is not None or el.get("aria-hidden") == "true" or HIDDEN_STYLE_RE.search(style):
            parent = el.getparent()
            if parent is not None:
                tail = el.tail
                parent.remove(el)
                if tail:  # keep the text that follows the hidden element
                    prev = parent[-1] if len(parent) else None
                    if prev is not None:
                        prev.tail = (prev.tail or "") + tail
                    else:
                        parent.text = (parent.text or "") + tail
    return lxml.html.tostring(root, encoding="unicode")


def _normalise(text: str) -> str:
    text = unicodedata.normalize("NFC", text)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def _parse_date(value: str | None) -> dt.date | None:
    if not value:
        return None
    try:
        return dt.date.fromisoformat(value[:10])
    except ValueError:
        return None


def clean_html(html: str, url: str = "") -> CleanPage:
    visible = strip_hidden(html)
    text = trafilatura.extract(
        visible, url=url or None, include_comments=False, include_tables=True, include_links=False,
        favor_precision=True, deduplicate=False,
    )
    if not text:
        text = trafilatura.extract(visible, url=url or None, include_tables=True, favor_recall=True) or ""
    if len(text.split()) < MIN_READABLE_WORDS:
        # What is left of a page that is all navigation ("Home") is not text to read or quote.
        raise CleaningFailed("no readable text on the page")
    meta = trafilatura.extract_metadata(visible, default_url=url or None)
    title = (meta.title if meta and meta.title else "") or ""
    published = None
    try:
        published = _parse_date(find_date(html, extensive_search=False, original_date=True, outputformat="%Y-%m-%d"))
    except Exception:  # noqa: BLE001 - htmldate on odd markup: an undated page is fine
        published = None
    return CleanPage(text=_normalise(text), title=title.strip()[:500], published=published)


def clean_pdf(body: bytes) -> CleanPage:
    from pypdf import PdfReader

    try:
        reader = PdfReader(io.BytesIO(body))
        pages = [page.extract_text() or "" for page in reader.pages]
    except Exception as exc:  # noqa: BLE001 - pypdf raises many types on broken files
        raise CleaningFailed(f"unreadable PDF: {exc}") from exc
    text = "\n\n".join(p.strip() for p in pages if p.strip())
    if not text:
        raise CleaningFailed("the PDF has no extractable text")
    info = reader.metadata or {}
    title = str(info.get("/Title") or "").strip()
    published = None
    raw_date = str(info.get("/CreationDate") or "")
    m = re.match(r"D:(\d{4})(\d{2})(\d{2})", raw_date)
    if m:
        published = _parse_date(f"{m.group(1)}-{m.group(2)}-{m.group(3)}")
    return CleanPage(text=_normalise(text), title=title[:500], published=published)


def clean_docx(body: bytes) -> CleanPage:
    import docx

    try:
        document = docx.Document(io.BytesIO(body))
    except Exception as exc:  # noqa: BLE001
        raise CleaningFailed(f"unreadable DOCX: {exc}") from exc
    text = "\n\n".join(p.text.strip() for p in document.paragraphs if p.text.strip())
    if not text:
        raise CleaningFailed("the document has no text")
    props = document.core_properties
    published = props.created.date() if props.created else None
    return CleanPage(text=_normalise(text), title=(props.title or "")[:500], published=published)


def clean_text(body: bytes) -> CleanPage:
    """Plain text and Markdown: the title is a leading Markdown heading, if there is one (a
    first line of prose is content, not a title)."""
    text = body.decode("utf-8", errors="replace")
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    title = first.lstrip("#").strip() if first.startswith("#") else ""
    return CleanPage(text=_normalise(text), title=title[:200], published=None)


DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def clean(body: bytes, content_type: str, url: str = "") -> CleanPage:
    """Clean a body by its content type. Raises CleaningFailed."""
    if content_type == "application/pdf":
        return clean_pdf(body)
    if content_type == DOCX_TYPE:
        return clean_docx(body)
    if content_type in {"text/plain", "text/markdown"}:
        return clean_text(body)
    return clean_html(body.decode("utf-8", errors="replace"), url)
