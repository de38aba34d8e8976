"""Tables as quotable text: every data row becomes one sentence that keeps its header context.

A fact that exists only in a table cell ("54" under "Usable battery capacity (kWh)" in the row
of the Voltara Pulse) cannot be quoted as a sentence: the cell alone says nothing, and a
reader that picks sentences skips pipe-delimited lines. So the cleaned page text holds each row
as one sentence instead, built from the cells and the headers of their columns:

    Voltara Motors technical data — Model: Voltara Pulse; Cell chemistry: LFP; Usable battery capacity (kWh): 54.

The context before the dash is the table's caption, or else the nearest heading before it. The
sentence is part of the stored page text, so a quote of it is an exact substring of the page
like any other quote. HTML tables (before trafilatura extracts the main text), Markdown pipe
tables (uploads) and DOCX tables (agents/sources/clean.py) all go through `row_sentences`.

Tables used for layout (one column, a single row, nested tables, cells holding long prose) are
left as they are.
"""

from __future__ import annotations

import re

import lxml.html

CONTEXT_DASH = " — "
# A cell longer than this is prose laid out in a table, not a value under a header.
MAX_CELL_CHARS = 400
# A caption or heading longer than this is not a short label for the rows.
MAX_CONTEXT_CHARS = 160
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_SPACE_RE = re.compile(r"\s+")


def _clean(text: str) -> str:
    return _SPACE_RE.sub(" ", text or "").strip()


def row_sentences(context: str, headers: list[str], rows: list[list[str]]) -> list[str]:
    """One sentence per row: "Context — Header: value; Header: value." A cell whose column has
    no header (or whose header is the value itself) stands alone; empty cells are left out."""
    context = _clean(context).rstrip(":.;")[:MAX_CONTEXT_CHARS]
    out = []
    for row in rows:
        parts = []
        for i, cell in enumerate(row):
            value = _clean(cell)
            if not value:
                continue
            header = _clean(headers[i]) if i < len(headers) else ""
            parts.append(f"{header}: {value}" if header and header != value else value)
        if not parts:
            continue
        body = "; ".join(parts)
        sentence = f"{context}{CONTEXT_DASH}{body}" if context else body
        if sentence[-1] not in ".!?":
            sentence += "."
        out.append(sentence)
    return out


def is_data_table(headers: list[str], rows: list[list[str]]) -> bool:
    """A table of values: at least two columns and one data row, no cell of prose."""
    width = max([len(headers)] + [len(r) for r in rows]) if rows else 0
    if width < 2 or not rows:
        return False
    cells = [c for r in rows for c in r] + list(headers)
    return all(len(_clean(c)) <= MAX_CELL_CHARS for c in cells)


# --- HTML ----------------------------------------------------------------------------------
def _span(cell, name: str) -> int:
    try:
        return max(1, min(int(cell.get(name) or 1), 50))
    except ValueError:
        return 1


def _cells(tr) -> list[tuple[str, bool]]:
    """(text, is a <th>) per column of a row, a colspan repeated over its columns."""
    out = []
    for cell in tr:
        if not isinstance(cell.tag, str) or cell.tag not in ("td", "th"):
            continue
        text = _clean(cell.text_content())
        out.extend([(text, cell.tag == "th")] * _span(cell, "colspan"))
    return out


def _rows_of(table) -> list:
    """The table's own rows (thead, tbody, tfoot or bare), not those of a nested table."""
    rows = []
    for child in table:
        if not isinstance(child.tag, str):
            continue
        if child.tag == "tr":
            rows.append(child)
        elif child.tag in ("thead", "tbody", "tfoot"):
            rows.extend(tr for tr in child if isinstance(tr.tag, str) and tr.tag == "tr")
    return rows


def _html_context(table) -> str:
    caption = table.find("caption")
    if caption is not None and _clean(caption.text_content()):
        return _clean(caption.text_content())
    # The nearest heading before the table in document order.
    for el in table.itersiblings(preceding=True):
        heading = el if isinstance(el.tag, str) and el.tag in _HEADINGS else None
        if heading is None and isinstance(el.tag, str):
            found = [h for h in el.iter(*_HEADINGS)]
            heading = found[-1] if found else None
        if heading is not None:
            text = _clean(heading.text_content())
            return text if len(text) <= MAX_CONTEXT_CHARS else ""
    parent = table.getparent()
    return _html_context(parent) if parent is not None and parent.tag not in ("body", "html") else ""


def _html_table(table) -> tuple[str, list[str], list[list[str]]] | None:
    trs = _rows_of(table)
    if not trs or any(True for _ in table.iter("table") if _ is not table):
        return None
    header_rows = []
    head = table.find("thead")
    if head is not None:
        header_rows = [tr for tr in trs if tr.getparent() is head]
    elif trs and all(is_th for _, is_th in _cells(trs[0])) and _cells(trs[0]):
        header_rows = [trs[0]]
    headers: list[str] = []
    for tr in header_rows:
        for i, (text, _) in enumerate(_cells(tr)):
            if i >= len(headers):
                headers.append(text)
            elif text and text not in headers[i]:
                headers[i] = f"{headers[i]} {text}".strip()
    rows = [[text for text, _ in _cells(tr)] for tr in trs if tr not in header_rows]
    rows = [r for r in rows if any(r)]
    if not is_data_table(headers, rows):
        return None
    return _html_context(table), headers, rows


def linearise_html_tables(html: str) -> str:
    """The page with each data table replaced by one paragraph per row (row_sentences)."""
    if "<table" not in html.lower():
        return html
    try:
        root = lxml.html.fromstring(html)
    except (lxml.etree.ParserError, ValueError):
        return html
    changed = False
    for table in list(root.iter("table")):
        if table.getparent() is None:
            continue
        parsed = _html_table(table)
        if parsed is None:
            continue
        context, headers, rows = parsed
        block = lxml.html.Element("div")
        for sentence in row_sentences(context, headers, rows):
            p = lxml.html.Element("p")
            p.text = sentence
            block.append(p)
        block.tail = table.tail
        table.getparent().replace(table, block)
        changed = True
    return lxml.html.tostring(root, encoding="unicode") if changed else html


def linearise_definition_lists(html: str) -> str:
    """The page with each definition list (<dl>: a leadership page's names and roles, a
    glossary's terms) replaced by one paragraph per entry, "Term: description", so a role read
    from the page says whose it is ("Rui Mendonca: Chair of the Board."); extracted as it comes,
    the name and its role are two list lines and the role names no one."""
    if "<dl" not in html.lower():
        return html
    try:
        root = lxml.html.fromstring(html)
    except (lxml.etree.ParserError, ValueError):
        return html
    changed = False
    for dl in list(root.iter("dl")):
        if dl.getparent() is None:
            continue
        entries: list[tuple[str, list[str]]] = []
        for child in dl.iter("dt", "dd"):
            text = _clean(child.text_content())
            if child.tag == "dt":
                entries.append((text, []))
            elif entries and text:
                entries[-1][1].append(text)
        if not entries or any(not term or len(term.split()) > MAX_TERM_WORDS for term, _ in entries):
            continue
        block = lxml.html.Element("div")
        for term, descriptions in entries:
            p = lxml.html.Element("p")
            p.text = f"{term}: {' '.join(descriptions)}" if descriptions else term
            block.append(p)
        block.tail = dl.tail
        dl.getparent().replace(dl, block)
        changed = True
    return lxml.html.tostring(root, encoding="unicode") if changed else html


MAX_TERM_WORDS = 8  # a term longer than this is a paragraph of its own, not a label


# --- Markdown ------------------------------------------------------------------------------
_MD_SEPARATOR_RE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")
_MD_HEADING_RE = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")


def _md_cells(line: str) -> list[str]:
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|") and not line.endswith("\\|"):
        line = line[:-1]
    cells = re.split(r"(?<!\\)\|", line)
    return [_clean(c.replace("\\|", "|")).strip("*_`") for c in cells]


def linearise_markdown_tables(text: str) -> str:
    """The text with each Markdown pipe table (a header line, a separator line of dashes, rows)
    replaced by one line per row (row_sentences); other lines are kept as they are."""
    lines = text.split("\n")
    if not any(_MD_SEPARATOR_RE.match(line) and "-" in line for line in lines):
        return text
    out: list[str] = []
    heading = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        m = _MD_HEADING_RE.match(line)
        if m:
            heading = m.group(1)
        if "|" in line and i + 1 < len(lines) and _MD_SEPARATOR_RE.match(lines[i + 1]) and "|" in lines[i + 1] + line:
            headers = _md_cells(line)
            j = i + 2
            rows = []
            while j < len(lines) and "|" in lines[j] and lines[j].strip():
                rows.append(_md_cells(lines[j]))
                j += 1
            if is_data_table(headers, rows):
                context = heading if len(heading) <= MAX_CONTEXT_CHARS else ""
                out.extend(row_sentences(context, headers, rows))
                i = j
                continue
        out.append(line)
        i += 1
    return "\n".join(out)
