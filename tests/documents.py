"""Real documents made in tests: a PDF written byte by byte (no PDF-writing library is
needed for text in a standard font) and a DOCX written with python-docx."""

from __future__ import annotations

import datetime as dt
import io

LINES_PER_PAGE = 40


def _pdf_string(text: str) -> str:
    return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def make_pdf(lines: list[str], *, title: str = "", created: dt.date | None = None) -> bytes:
    """A valid PDF with one text line per entry of `lines` (Helvetica, Latin-1 text), split
    into pages of LINES_PER_PAGE, with /Title and /CreationDate in its info dictionary."""
    pages = [lines[i : i + LINES_PER_PAGE] for i in range(0, len(lines), LINES_PER_PAGE)] or [[]]
    objects: list[str] = []  # object n is objects[n - 1]
    font_id, pages_id = 3, 2
    page_ids = []
    body_objects = []
    next_id = 4
    for page_lines in pages:
        content = (
            "BT /F1 11 Tf 14 TL 50 760 Td " + " ".join(f"{_pdf_string(line)} Tj T*" for line in page_lines) + " ET"
        )
        content_id, page_id = next_id, next_id + 1
        next_id += 2
        body_objects.append(
            (content_id, f"<< /Length {len(content.encode('latin-1'))} >>\nstream\n{content}\nendstream")
        )
        body_objects.append(
            (
                page_id,
                f"<< /Type /Page /Parent {pages_id} 0 R /MediaBox [0 0 612 792] "
                f"/Contents {content_id} 0 R /Resources << /Font << /F1 {font_id} 0 R >> >> >>",
            )
        )
        page_ids.append(page_id)
    info_id = next_id
    created_text = f"D:{created:%Y%m%d}000000Z" if created else ""
    info = (
        "<< "
        + (f"/Title {_pdf_string(title)} " if title else "")
        + (f"/CreationDate ({created_text}) " if created else "")
        + ">>"
    )
    objects = [
        (1, f"<< /Type /Catalog /Pages {pages_id} 0 R >>"),
        (pages_id, f"<< /Type /Pages /Kids [{' '.join(f'{p} 0 R' for p in page_ids)}] /Count {len(page_ids)} >>"),
        (font_id, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"),
        *body_objects,
        (info_id, info),
    ]
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number, body in sorted(objects):
        offsets[number] = out.tell()
        out.write(f"{number} 0 obj\n{body}\nendobj\n".encode("latin-1"))
    xref_at = out.tell()
    count = max(offsets) + 1
    out.write(f"xref\n0 {count}\n0000000000 65535 f \n".encode())
    for number in range(1, count):
        out.write(f"{offsets[number]:010d} 00000 n \n".encode())
    out.write(f"trailer\n<< /Size {count} /Root 1 0 R /Info {info_id} 0 R >>\nstartxref\n{xref_at}\n%%EOF\n".encode())
    return out.getvalue()


def make_docx(paragraphs: list[str], *, title: str = "", created: dt.datetime | None = None) -> bytes:
    import docx

    document = docx.Document()
    for paragraph in paragraphs:
        document.add_paragraph(paragraph)
    document.core_properties.title = title
    if created:
        document.core_properties.created = created
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def make_docx_bomb(*, expanded_mb: int) -> bytes:
    """A valid DOCX of a few tens of KB whose word/document.xml expands to `expanded_mb` MB of
    one-word paragraphs (deflate packs the repetition about 1000:1)."""
    import zipfile

    base = zipfile.ZipFile(io.BytesIO(make_docx(["x"])))
    paragraph = b"<w:p><w:r><w:t>bomb</w:t></w:r></w:p>"
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bomb:
        for info in base.infolist():
            data = base.read(info)
            if info.filename == "word/document.xml":
                head = data.partition(b"<w:body>")[0]
                data = (
                    head + b"<w:body>" + paragraph * (expanded_mb * 2**20 // len(paragraph)) + b"</w:body></w:document>"
                )
            bomb.writestr(info.filename, data)
    return out.getvalue()


def _pdf_of(objects: list[bytes]) -> bytes:
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref_at = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref_at))
    return out.getvalue()


def make_pdf_bomb(*, pages: int = 1, content_mb: int = 0, ops_per_page: int = 200) -> bytes:
    """A PDF of a few KB whose `pages` pages all show one compressed content stream: either
    `ops_per_page` text operators, or `content_mb` MB of them (deflate packs them ~1000:1)."""
    import zlib

    ops = b"(bomb text) Tj " * (content_mb * 2**20 // 15 if content_mb else ops_per_page)
    content = zlib.compress(b"BT /F1 11 Tf 50 760 Td " + ops + b"ET", 9)
    kids = b" ".join(b"5 0 R" for _ in range(pages))
    return _pdf_of(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % pages,
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(content) + content + b"\nendstream",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >>",
        ]
    )
