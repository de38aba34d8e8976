"""The writer (large model): one section at a time from the outline and the notes only.

It never sees raw pages. When a note is too thin it may ask (need_context) for the 500
characters around the note's quote; the runner then calls it once more with that context.
Note ids it cites that were not given to it are removed in code."""
from __future__ import annotations

from agents import prompts
from agents.llm import complete_json
from agents.sources import store

CONTEXT_CHARS = 500


def quote_context(note) -> str:
    """The 500 characters around a note's quote in its stored page."""
    page = store.get_text(note.source.content_ref)
    pad = max(0, (CONTEXT_CHARS - (note.char_end - note.char_start)) // 2)
    return page[max(0, note.char_start - pad): note.char_end + pad]


def note_view(note) -> dict:
    source = note.source
    return {
        "id": note.note_id, "claim": note.claim, "quote": note.quote, "domain": source.domain,
        "published": source.published_at.isoformat() if source.published_at else "undated",
        "quality": f"{source.quality:.2f}", "sq": note.sq_id, "context": "",
    }


def draft_section(*, question: str, outline: list, heading: str, purpose: str, notes: list, feedback: str = "") -> dict:
    """Returns {"sentences": [{"text", "note_ids"}], "context_requested": [ids]}."""
    views = [note_view(n) for n in notes]
    allowed = {v["id"] for v in views}
    prompt = prompts.render("writer", question=question, outline=outline, heading=heading, purpose=purpose,
                            notes=views, feedback=feedback)
    data = complete_json(prompt).data
    requested = [i for i in data["need_context"] if i in allowed][:5]
    if requested:
        by_id = {n.note_id: n for n in notes}
        for v in views:
            if v["id"] in requested:
                v["context"] = quote_context(by_id[v["id"]])
        prompt = prompts.render("writer", question=question, outline=outline, heading=heading, purpose=purpose,
                                notes=views, feedback=feedback)
        data = complete_json(prompt).data
    sentences = []
    for s in data["sentences"]:
        ids = [i for i in dict.fromkeys(s["note_ids"]) if i in allowed]
        sentences.append({"text": s["text"].strip(), "note_ids": ids, "cited_outside": [i for i in s["note_ids"] if i not in allowed]})
    return {"sentences": sentences, "context_requested": requested}
