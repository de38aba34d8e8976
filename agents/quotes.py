"""Stage 1 of the citation check, in code and at zero token cost: is the quote an exact
substring of the stored page at its offsets?

The stored page is NFC-normalised when it is cleaned. A model's quote is matched after the
same normalisation plus two more that models commonly apply when copying: runs of
whitespace become one space, and typographic quotes and dashes become ASCII. When the
normalised quote is found, the note is re-anchored to the page's own characters at the
found offsets, so what is stored is always page[char_start:char_end] byte for byte.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_TYPOGRAPHIC = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
        "\u00a0": " ",
        "\u2009": " ",
        "\u202f": " ",
    }
)


def normalise(text: str) -> str:
    """NFC, ASCII quotes and dashes, single spaces; the form quotes are compared in."""
    text = unicodedata.normalize("NFC", text).translate(_TYPOGRAPHIC)
    return re.sub(r"\s+", " ", text).strip()


def _normalised_with_map(text: str) -> tuple[str, list[int]]:
    """normalise(text) and, for each of its characters, the index in `text` it came from."""
    nfc = unicodedata.normalize("NFC", text)
    if nfc != text:
        # Stored pages are already NFC; a non-NFC input cannot be mapped back safely.
        text = nfc
    out, index = [], []
    in_space = False
    for i, ch in enumerate(text):
        ch = ch.translate(_TYPOGRAPHIC)
        if ch.isspace():
            if in_space or not out:
                in_space = True
                continue
            out.append(" ")
            index.append(i)
            in_space = True
        else:
            out.append(ch)
            index.append(i)
            in_space = False
    while out and out[-1] == " ":
        out.pop()
        index.pop()
    return "".join(out), index


@dataclass(frozen=True)
class Anchor:
    quote: str
    char_start: int
    char_end: int
    how: str  # exact_at_offsets | exact_elsewhere | normalised


def anchor(page: str, quote: str, char_start: int | None = None, char_end: int | None = None) -> Anchor | None:
    """Find `quote` in `page`; return the page's exact span, or None when it is not there."""
    if not quote or not quote.strip():
        return None
    if char_start is not None and char_end is not None and 0 <= char_start < char_end <= len(page):
        if page[char_start:char_end] == quote:
            return Anchor(quote, char_start, char_end, "exact_at_offsets")
    found = page.find(quote)
    if found >= 0:
        if char_start is not None:
            # Of several occurrences, take the one nearest the offset the model gave.
            best, pos = found, found
            while pos >= 0:
                if abs(pos - char_start) < abs(best - char_start):
                    best = pos
                pos = page.find(quote, pos + 1)
            found = best
        return Anchor(quote, found, found + len(quote), "exact_elsewhere")
    norm_page, index = _normalised_with_map(page)
    norm_quote = normalise(quote)
    if not norm_quote:
        return None
    at = norm_page.find(norm_quote)
    if at < 0:
        return None
    start = index[at]
    end = index[at + len(norm_quote) - 1] + 1
    return Anchor(page[start:end], start, end, "normalised")


def verify(page: str, quote: str, char_start: int, char_end: int) -> bool:
    """True when `quote` is exactly page[char_start:char_end] (the stored invariant)."""
    return 0 <= char_start < char_end <= len(page) and page[char_start:char_end] == quote
