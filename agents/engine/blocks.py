"""Reading the delimited blocks of a rendered prompt. The offline engine sees exactly the
messages a hosted model would see and takes its inputs from the same delimited blocks."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Block:
    attrs: dict
    body: str


_ATTR_RE = re.compile(r'(\w+)="([^"]*)"')


def blocks(text: str, tag: str) -> list[Block]:
    """Every `<tag ...>body</tag>` in `text`, in order (bodies stripped of one outer newline)."""
    out = []
    pattern = re.compile(rf"<{tag}(\s[^>]*)?>\n?(.*?)\n?</{tag}>", re.S)
    for m in pattern.finditer(text):
        attrs = {k: html.unescape(v) for k, v in _ATTR_RE.findall(m.group(1) or "")}
        out.append(Block(attrs, m.group(2)))
    return out


def block(text: str, tag: str, default: str = "") -> str:
    found = blocks(text, tag)
    return found[0].body.strip() if found else default


def page_text(text: str) -> tuple[str, str]:
    """(nonce, page text) of the `<page_text id="nonce">` block, byte for byte as sent."""
    m = re.search(r'<page_text id="([0-9a-f]+)">\n', text)
    if not m:
        return "", ""
    nonce = m.group(1)
    end = text.find(f'\n</page_text id="{nonce}">', m.end())
    if end < 0:
        return nonce, ""
    return nonce, text[m.end() : end]


def page_title(text: str) -> str:
    """The title attribute of the `<page ...>` element that holds the page text ("" when none)."""
    m = re.search(r'<page url="[^"]*" title="([^"]*)"', text)
    return html.unescape(m.group(1)) if m else ""


def user_message(messages: list) -> str:
    for message in reversed(messages):
        if message.get("role") == "user" and "<" in (message.get("content") or ""):
            return message["content"]
    return messages[-1].get("content") or ""


def system_message(messages: list) -> str:
    for message in messages:
        if message.get("role") == "system":
            return message.get("content") or ""
    return ""
