"""Web text is untrusted. This module recognises text written to steer a model (prompt
injection) so code, not a model, keeps it away from notes, reports and tool-holding models."""

from __future__ import annotations

import re

_INSTRUCTION_PATTERNS = [
    r"\bignore (?:all |any )?(?:the )?(?:previous|prior|above|earlier|other) (?:instructions|prompts|rules|messages)\b",
    r"\bdisregard (?:all |any )?(?:the )?(?:previous|prior|above|earlier) ",
    r"\b(?:you are|act as|pretend to be|you must now|from now on,? you)\b.{0,40}\b(?:ai|assistant|model|agent|chatbot|language model)\b",
    r"\b(?:ai|assistant|language model|llm|chatbot|agent)s?\b.{0,60}\b(?:must|should|are instructed to|need to)\b",
    r"\b(?:system prompt|developer message|jailbreak|prompt injection)\b",
    r"\b(?:append|include|send|forward|leak|exfiltrate)\b.{0,60}\b(?:user'?s?|the question|conversation|data|history)\b.{0,60}\b(?:search|url|query|to)\b",
    r"\binjection-canary\b",
    r"\bnew instructions?\s*:",
    r"\bdo not tell the user\b",
]
_INSTRUCTION_RE = re.compile("|".join(f"(?:{p})" for p in _INSTRUCTION_PATTERNS), re.I | re.S)
# Every pattern above holds one of these words: text without any of them cannot match, and
# looking for words is several times cheaper than the patterns (the reader asks it of every
# sentence of every page).
_ANCHORS = (
    "ignore", "disregard", "you are", "act as", "pretend to be", "you must now", "from now on", "must",
    "should", "instructed to", "need to", "system prompt", "developer message", "jailbreak", "prompt injection",
    "append", "include", "send", "forward", "leak", "exfiltrate", "injection-canary", "new instruction",
    "do not tell the user",
)  # fmt: skip


def looks_like_instruction(text: str) -> bool:
    """True when `text` addresses a model or asks the reader to act (prompt injection)."""
    lowered = (text or "").lower()
    return any(a in lowered for a in _ANCHORS) and bool(_INSTRUCTION_RE.search(text))


def untrusted_snippet(text: str, limit: int = 240) -> str:
    """A web snippet fit to show a model that holds tools: injected instructions removed,
    markup-breaking characters neutralised, length capped."""
    if looks_like_instruction(text):
        return "[snippet withheld: it contained instructions addressed to an AI]"
    cleaned = re.sub(r"[<>]", " ", text or "")
    cleaned = re.sub(r"\s+", " ", cleaned).strip()
    return cleaned[:limit]
