"""What a looping agent keeps in its context and what it throws away (seeds 000 and 002).

- The task statement and the user's constraints are pinned: they are separate prompt blocks,
  never part of the history that is elided or compacted.
- Decisions (with their reasons) and errors are kept verbatim; only observations compress.
- Elision, continuous and lossless: an observation older than 3 turns and larger than 2,000
  tokens becomes a stub (handle, tool and arguments, size, source domains, what it covers,
  how to fetch it back), unless it was cited in the last few turns; the most recent
  observation of each tool is always kept.
- Compaction, lossy and rare: when the context passes 75% of its budget, the middle
  observations are replaced by a structured summary and a verbatim tail of at most 20% of
  the budget is kept. It waits for a turn boundary that is not between working something out
  and acting on it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache

import litellm

from agents.tools import SEARCH_TOOLS

ELIDE_AFTER_TURNS = 3
ELIDE_MIN_TOKENS = 2000
CITED_WINDOW_TURNS = 2
COMPACT_AT_FRACTION = 0.75
TAIL_MAX_FRACTION = 0.20
TOKENIZER_MODEL = "gpt-4o"


@lru_cache(maxsize=8192)
def count(text: str) -> int:
    return litellm.token_counter(model=TOKENIZER_MODEL, text=text)


@dataclass
class Entry:
    turn: int
    kind: str  # decision | observation | error
    text: str
    tool: str = ""
    arguments: dict = field(default_factory=dict)
    handle: str = ""
    domains: list = field(default_factory=list)
    covers: str = ""
    urls: list = field(default_factory=list)

    @property
    def tokens(self) -> int:
        return count(self.text)


def render(entry: Entry) -> str:
    if entry.kind == "decision":
        return f'<decision turn="{entry.turn}">{entry.tool} {json.dumps(entry.arguments, ensure_ascii=False)} because: {entry.text}</decision>'
    if entry.kind == "error":
        return f'<error turn="{entry.turn}">{entry.text}</error>'
    return (
        f'<observation turn="{entry.turn}" tool="{entry.tool}" handle="{entry.handle}">\n{entry.text}\n</observation>'
    )


def stub(entry: Entry) -> str:
    domains = ", ".join(entry.domains[:5]) or "none"
    args = json.dumps(entry.arguments, ensure_ascii=False)
    size = entry.tokens
    return (
        f'<observation turn="{entry.turn}" tool="{entry.tool}" handle="{entry.handle}" elided="true">\n'
        f"[{entry.handle} | {entry.tool} {args} | {size / 1000:.1f}k tokens | top sources: {domains} | "
        f"covers: {entry.covers or 'see handle'} | fetch_result('{entry.handle}')]\n</observation>"
    )


def _cited_recently(entry: Entry, history: list[Entry], now: int) -> bool:
    for other in history:
        if other.kind != "decision" or now - other.turn > CITED_WINDOW_TURNS:
            continue
        args = json.dumps(other.arguments)
        if entry.handle and entry.handle in args:
            return True
        if any(url in args for url in entry.urls):
            return True
    return False


def visible_history(history: list[Entry], now: int) -> list[str]:
    """The history as the model sees it at turn `now`, with old large observations elided."""
    latest_per_tool = {}
    for i, entry in enumerate(history):
        if entry.kind == "observation":
            latest_per_tool[entry.tool] = i
    out = []
    for i, entry in enumerate(history):
        elide = (
            entry.kind == "observation"
            and now - entry.turn > ELIDE_AFTER_TURNS
            and entry.tokens > ELIDE_MIN_TOKENS
            and latest_per_tool.get(entry.tool) != i
            and not _cited_recently(entry, history, now)
        )
        out.append(stub(entry) if elide else render(entry))
    return out


def needs_compaction(rendered_tokens: int, budget_tokens: int) -> bool:
    return rendered_tokens > COMPACT_AT_FRACTION * budget_tokens


def at_turn_boundary(history: list[Entry]) -> bool:
    """False right after a search whose results have not been acted on: compacting then would
    separate the turn that found something from the turn that acts on it."""
    last_decision = next((e for e in reversed(history) if e.kind == "decision"), None)
    return last_decision is None or last_decision.tool not in SEARCH_TOOLS


def split_for_compaction(history: list[Entry], budget_tokens: int) -> tuple[list[Entry], list[Entry], list[Entry]]:
    """(kept verbatim from the middle: decisions and errors; observations to compact; tail).

    The tail is the most recent entries whose total stays within 20% of the budget."""
    tail: list[Entry] = []
    used = 0
    for entry in reversed(history):
        if used + entry.tokens > TAIL_MAX_FRACTION * budget_tokens:
            break
        tail.insert(0, entry)
        used += entry.tokens
    middle = history[: len(history) - len(tail)]
    kept = [e for e in middle if e.kind in {"decision", "error"}]
    to_compact = [e for e in middle if e.kind == "observation"]
    return kept, to_compact, tail
