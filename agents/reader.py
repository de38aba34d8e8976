"""The reader (small model): one page x one sub-question -> at most 5 notes, each anchored
to the exact characters of the stored page, plus one line of other findings.

The reader holds no tools and returns fixed fields. Notes whose quote is not in the page
(stage 1, agents/quotes.py) or that carry instructions addressed to a model are rejected
here, in code, and never reach the worker, the writer or the report."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from agents import prompts
from agents.llm import complete_json
from agents.quotes import anchor
from agents.safety import looks_like_instruction
from agents.schemas import MAX_NOTES_PER_PAGE


@dataclass
class ReadResult:
    notes: list[dict]
    other_findings: str
    rejected: list[dict] = field(default_factory=list)


def read_page(*, subquestion: str, page_text: str, url: str, title: str, published: str) -> ReadResult:
    nonce = hashlib.sha256(page_text.encode()).hexdigest()[:16]
    prompt = prompts.render(
        "reader",
        subquestion=subquestion,
        page_text=page_text,
        url=url,
        title=title.replace('"', "'"),
        published=published or "unknown",
        nonce=nonce,
        max_notes=MAX_NOTES_PER_PAGE,
    )
    data = complete_json(prompt).data
    notes, rejected = [], []
    for raw in data["notes"][:MAX_NOTES_PER_PAGE]:
        if looks_like_instruction(raw["quote"]) or looks_like_instruction(raw["claim"]):
            rejected.append({**raw, "why": "instruction addressed to a model"})
            continue
        found = anchor(page_text, raw["quote"], raw["char_start"], raw["char_end"])
        if found is None:
            rejected.append({**raw, "why": "quote is not in the page"})
            continue
        notes.append(
            {
                "claim": raw["claim"].strip(),
                "quote": found.quote,
                "char_start": found.char_start,
                "char_end": found.char_end,
                "anchored": found.how,
            }
        )
    other = data["other_findings"]
    if looks_like_instruction(other):
        other = ""
    return ReadResult(notes=notes, other_findings=other.strip(), rejected=rejected)
