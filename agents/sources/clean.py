"""Cleaning a fetched body into the text that is stored, read and quoted.

HTML: elements a browser would not show (display:none, visibility:hidden, the hidden
attribute, aria-hidden, zero font size, off-screen) are removed first, since hidden text is
where injected instructions hide; then trafilatura extracts the main text, htmldate finds
the publication date. PDF: pypdf. DOCX: python-docx. Plain text and Markdown: as they are.
The cleaned text is NFC-normalised once here, so stored pages and quotes compare exactly.

Every format is read under limits (a small file can expand enormously: a zip of XML, a PDF
whose pages share one huge content stream): the bytes a DOCX expands to, the pages of a PDF,
the size of HTML, the length of the text. A body past one is refused with CleaningFailed
naming the limit, before or while it is read, never after holding it all in memory.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import unicodedata
import zipfile
from dataclasses import dataclass

import lxml.html

from agents.sources import tables

HIDDEN_STYLE_RE = re.compile(
    r"display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*[01](?:px)?(?![.\d])|left\s*:\s*-\d{3,}px|opacity\s*:\s*0(?![.\d])",
    re.I,
)


MIN_READABLE_WORDS = 5
# Limits on what one document may expand to. Sized from real documents: a 1,000-page report
# holds about 3 million characters of text, its DOCX XML about 30 MB; a 300-page PDF book has
# 300 pages. Past these a file is not a document to research but a bomb or an archive.
MAX_TEXT_CHARS = 3_000_000
MAX_PDF_PAGES = 2_000
MAX_DOCX_EXPANDED_BYTES = 64 * 1024 * 1024  # everything in the zip, as its directory declares
MAX_DOCX_ENTRIES = 5_000
MAX_DOCX_PROPERTIES_BYTES = 1024 * 1024  # docProps/core.xml: a title and a few dates
# HTML is parsed whole (lxml, trafilatura): the web fetcher's own cap (agents/sources/fetch.py).
MAX_HTML_BYTES = 5 * 1024 * 1024


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
    # Imported here: they take a second to import, and a capped reader of a PDF or DOCX
    # (agents/sources/extract.py) starts without them.
    import trafilatura
    from htmldate import find_date

    visible = strip_hidden(html)
    # Data tables become one sentence per row, with their headers (agents/sources/tables.py),
    # so a fact that exists only in a cell can be read and quoted; the dates and title below
    # still come from the page as served.
    readable = tables.linearise_definition_lists(tables.linearise_html_tables(visible))
    text = trafilatura.extract(
        readable,
        url=url or None,
        include_comments=False,
        include_tables=True,
        include_links=False,
        favor_precision=True,
        deduplicate=False,
    )
    if not text:
        text = trafilatura.extract(readable, url=url or None, include_tables=True, favor_recall=True) or ""
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


def _too_long() -> CleaningFailed:
    return CleaningFailed(f"its text is longer than {MAX_TEXT_CHARS:,} characters (split the document)")


def clean_pdf(body: bytes) -> CleanPage:
    """pypdf, page by page, refusing more than MAX_PDF_PAGES pages or MAX_TEXT_CHARS of text
    (pypdf itself caps each stream's decompressed size and parsing work)."""
    from pypdf import PdfReader

    try:
        reader = PdfReader(io.BytesIO(body))
        count = len(reader.pages)
    except MemoryError:
        raise
    except Exception as exc:  # noqa: BLE001 - pypdf raises many types on broken files
        raise CleaningFailed(f"unreadable PDF: {exc}") from exc
    if count > MAX_PDF_PAGES:
        raise CleaningFailed(f"it has {count:,} pages; the limit is {MAX_PDF_PAGES:,}")
    pages, chars = [], 0
    try:
        for page in reader.pages:
            text = (page.extract_text() or "").strip()
            chars += len(text) + 2
            if chars > MAX_TEXT_CHARS:
                raise _too_long()
            if text:
                pages.append(text)
    except (CleaningFailed, MemoryError):
        raise
    except Exception as exc:  # noqa: BLE001
        raise CleaningFailed(f"unreadable PDF: {exc}") from exc
    text = "\n\n".join(pages)
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


_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_DOCX_BREAKS = {f"{_W}tab": "\t", f"{_W}br": "\n", f"{_W}cr": "\n"}


def _docx_paragraphs(stream) -> list[str]:
    """The text of every paragraph of word/document.xml, read as a stream: each paragraph is
    freed once read, so memory follows the text kept, not the XML. A table becomes one
    paragraph per row, its first row read as the headers and the paragraph before it (when
    short, a caption or heading) as its context (agents/sources/tables.py). Raises
    CleaningFailed past MAX_TEXT_CHARS."""
    from lxml import etree

    paragraphs, parts, chars = [], [], 0
    # One entry per open table (tables nest): its finished rows, the cells of the open row,
    # the paragraphs of the open cell.
    open_tables: list[dict] = []
    events = etree.iterparse(
        stream,
        events=("start", "end"),
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        huge_tree=False,
        remove_comments=True,
    )
    for event, el in events:
        tag = el.tag
        if event == "start":
            if tag == f"{_W}tbl":
                open_tables.append(
                    {"rows": [], "cells": [], "cell": [], "context": paragraphs[-1] if paragraphs else ""}
                )
            continue
        if tag == f"{_W}t":
            parts.append(el.text or "")
            chars += len(el.text or "")
        elif tag in _DOCX_BREAKS:
            parts.append(_DOCX_BREAKS[tag])
        elif tag == f"{_W}p":
            text = "".join(parts).strip()
            if text and open_tables:
                open_tables[-1]["cell"].append(text)
            elif text:
                paragraphs.append(text)
                chars += 2  # the blank line that separates it from the next
            parts = []
            el.clear(keep_tail=False)
            while el.getprevious() is not None:  # drop finished siblings too
                del el.getparent()[0]
        elif tag == f"{_W}tc" and open_tables:
            table = open_tables[-1]
            table["cells"].append(" ".join(table["cell"]))
            table["cell"] = []
        elif tag == f"{_W}tr" and open_tables:
            table = open_tables[-1]
            table["rows"].append(table["cells"])
            table["cells"] = []
        elif tag == f"{_W}tbl" and open_tables:
            table = open_tables.pop()
            lines = _docx_table_lines(table["rows"], table["context"])
            if open_tables:  # a table inside a cell: its rows are that cell's text
                open_tables[-1]["cell"].extend(lines)
            else:
                paragraphs.extend(lines)
                chars += sum(len(line) + 2 for line in lines)
            el.clear(keep_tail=False)
        if chars > MAX_TEXT_CHARS:
            raise _too_long()
    return paragraphs


def _docx_table_lines(rows: list[list[str]], before: str) -> list[str]:
    """The rows of a DOCX table as paragraphs: sentences with their headers when it is a table
    of values, else each row's cells as they are."""
    rows = [r for r in rows if any(c.strip() for c in r)]
    if len(rows) >= 2 and tables.is_data_table(rows[0], rows[1:]):
        context = before if len(before) <= tables.MAX_CONTEXT_CHARS and before[-1:] not in ".!?" else ""
        return tables.row_sentences(context, rows[0], rows[1:])
    return [cell for row in rows for cell in row if cell.strip()]


def _docx_properties(archive: zipfile.ZipFile) -> tuple[str, dt.date | None]:
    """(title, created date) from docProps/core.xml, when it is there and small."""
    from lxml import etree

    try:
        info = archive.getinfo("docProps/core.xml")
    except KeyError:
        return "", None
    if info.file_size > MAX_DOCX_PROPERTIES_BYTES:
        return "", None
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    try:
        root = etree.fromstring(archive.read(info), parser)
    except etree.XMLSyntaxError:
        return "", None
    title = root.findtext("{http://purl.org/dc/elements/1.1/}title") or ""
    created = _parse_date(root.findtext("{http://purl.org/dc/terms/}created"))
    return title.strip(), created


def clean_docx(body: bytes) -> CleanPage:
    """The paragraphs of a DOCX (body text, tables included), streamed from its XML. Refuses an
    archive that declares more than MAX_DOCX_EXPANDED_BYTES (Python's zipfile never inflates a
    member past its declared size) or MAX_DOCX_ENTRIES, and text past MAX_TEXT_CHARS."""
    from lxml import etree

    try:
        archive = zipfile.ZipFile(io.BytesIO(body))
        members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise CleaningFailed(f"unreadable DOCX: {exc}") from exc
    if len(members) > MAX_DOCX_ENTRIES:
        raise CleaningFailed(f"it holds {len(members):,} files; the limit is {MAX_DOCX_ENTRIES:,}")
    expanded = sum(m.file_size for m in members)
    if expanded > MAX_DOCX_EXPANDED_BYTES:
        raise CleaningFailed(
            f"it expands to {expanded / 2**20:,.0f} MB; the limit is {MAX_DOCX_EXPANDED_BYTES / 2**20:,.0f} MB"
        )
    try:
        with archive.open("word/document.xml") as stream:
            paragraphs = _docx_paragraphs(stream)
        title, created = _docx_properties(archive)
    except KeyError as exc:
        raise CleaningFailed("unreadable DOCX: it has no word/document.xml") from exc
    except (etree.XMLSyntaxError, zipfile.BadZipFile, EOFError, OSError, NotImplementedError) as exc:
        raise CleaningFailed(f"unreadable DOCX: {exc}") from exc
    text = "\n\n".join(paragraphs)
    if not text:
        raise CleaningFailed("the document has no text")
    return CleanPage(text=_normalise(text), title=title[:500], published=created)


def clean_text(body: bytes) -> CleanPage:
    """Plain text and Markdown: the title is a leading Markdown heading, if there is one (a
    first line of prose is content, not a title)."""
    text = body.decode("utf-8", errors="replace")
    if len(text) > MAX_TEXT_CHARS:
        raise _too_long()
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    title = first.lstrip("#").strip() if first.startswith("#") else ""
    # Markdown pipe tables: one sentence per row with its headers (agents/sources/tables.py).
    text = tables.linearise_markdown_tables(text.replace("\r\n", "\n"))
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
    if len(body) > MAX_HTML_BYTES:
        raise CleaningFailed(f"the HTML is {len(body) / 2**20:,.1f} MB; the limit is {MAX_HTML_BYTES / 2**20:,.0f} MB")
    return clean_html(body.decode("utf-8", errors="replace"), url)
