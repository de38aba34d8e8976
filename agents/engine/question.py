"""The structure of a research question: what is asked about (the focus) of what set of
things (the subject), and whether it asks to compare, list, explain or state a fact.

Used by the offline planner (round one) and the offline gap check (round two).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_NUMBER_WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}


@dataclass(frozen=True)
class QuestionShape:
    kind: str  # compare | list | explain | fact
    focus: str  # e.g. "battery suppliers"
    subject: str  # e.g. "the five largest electric car makers"
    count: int | None
    text: str

    @property
    def subject_plural(self) -> str:
        return re.sub(r"^(the|a|an)\s+", "", self.subject, flags=re.I)

    @property
    def set_like(self) -> bool:
        """True when the subject is a set of things that must be identified first."""
        return self.count is not None or bool(
            re.search(r"\b(largest|biggest|top|leading|main|major|best|most)\b", self.subject, re.I)
        )


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip(" ?.!\t\n")


def parse(question: str) -> QuestionShape:
    q = _clean(question)
    low = q.lower()
    count = None
    m = re.search(r"\b(\d+|" + "|".join(_NUMBER_WORDS) + r")\s+(largest|biggest|top|leading|main|major|best|most)\b", low)
    if m:
        count = int(m.group(1)) if m.group(1).isdigit() else _NUMBER_WORDS[m.group(1)]
    patterns = [
        ("compare", r"^(?:compare|contrast)\s+(?:the\s+)?(?P<focus>.+?)\s+(?:of|for|at|among|across|used by)\s+(?P<subject>.+)$"),
        ("compare", r"^(?:how do|how does)\s+(?:the\s+)?(?P<focus>.+?)\s+(?:of|for)\s+(?P<subject>.+?)\s+(?:compare|differ).*$"),
        ("list", r"^(?:which|what)\s+(?P<focus>[\w\s\-]+?)\s+(?:do|does|did|are used by|supply|serve)\s+(?P<subject>.+?)(?:\s+(?:use|have|buy|rely on|work with|operate|run)\b(?P<tail>.*))?$"),
        ("list", r"^(?:list|name|identify)\s+(?:the\s+)?(?P<focus>.+?)\s+(?:of|for|used by)\s+(?P<subject>.+)$"),
        ("explain", r"^(?:why|how)\s+(?:do|does|did|is|are|has|have|can|could|will|would)\s+(?P<focus>)(?P<subject>.+)$"),
        ("fact", r"^(?:what|who|when|where|which|how many|how much)\s+(?:is|are|was|were)\s+(?:the\s+)?(?P<focus>.+?)\s+(?:of|for|in|at)\s+(?P<subject>.+)$"),
    ]
    for kind, pattern in patterns:
        m = re.match(pattern, q, re.I)
        if m:
            # "Which plants do they use for old packs?": what follows the verb narrows the focus.
            tail = _clean(m.groupdict().get("tail") or "")
            focus = _clean(m.group("focus")) + (f" {tail}" if tail else "")
            return QuestionShape(kind, focus, _clean(m.group("subject")), count, q)
    # No recognisable structure: the whole question is the subject.
    stripped = re.sub(r"^(what|who|why|how|which|when|where)\s+(is|are|was|were|do|does|did)?\s*", "", q, flags=re.I)
    return QuestionShape("explain", "", _clean(stripped) or q, count, q)


def singular_subject(shape: QuestionShape) -> str:
    """'the five largest electric car makers' -> 'electric car maker'."""
    words = shape.subject_plural.split()
    words = [w for w in words if w.lower() not in _NUMBER_WORDS and not w.isdigit()
             and w.lower() not in {"largest", "biggest", "top", "leading", "main", "major", "best", "most"}]
    if words and words[-1].endswith("s") and not words[-1].endswith("ss"):
        words[-1] = words[-1][:-1]
    return " ".join(words)
