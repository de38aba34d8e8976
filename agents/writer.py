"""The writer (large model): one section at a time from the outline and the notes only.

It never sees raw pages. When a note is too thin it may ask (need_context) for the 500
characters around the note's quote; the runner then calls it once more with that context.
Note ids it cites that were not given to it are removed in code."""

from __future__ import annotations

from agents import composition, prompts
from agents.llm import complete_json
from agents.sources import store

CONTEXT_CHARS = 500
MAX_ANSWER_SENTENCES = 4  # the opening answers in 2-4 sentences (issue 13)


def quote_context(note) -> str:
    """The 500 characters around a note's quote in its stored page."""
    page = store.get_text(note.source.content_ref)
    pad = max(0, (CONTEXT_CHARS - (note.char_end - note.char_start)) // 2)
    return page[max(0, note.char_start - pad) : note.char_end + pad]


def note_view(note) -> dict:
    source = note.source
    return {
        "id": note.note_id,
        "claim": note.claim,
        "quote": note.quote,
        "domain": source.domain,
        # The name the page gives its site ("Offshore Licensing Authority"), as the citation
        # check and the disagreements name it, not the domain in words ("Offshore Licensing").
        "source": composition.source_label(
            source.title, source.domain, store.get_text(source.content_ref) if source.content_ref else ""
        ),
        "published": source.published_at.isoformat() if source.published_at else "undated",
        "quality": f"{source.quality:.2f}",
        "sq": note.sq_id,
        "hop": getattr(note.sq, "hop", 0) or 0,
        "context": "",
    }


def _subquestion_views(notes: list, subquestions: list | None = None) -> list[dict]:
    seen = {}
    for sq in list(subquestions or []) + [n.sq for n in notes]:
        if sq is not None and sq.pk not in seen:
            seen[sq.pk] = {"id": sq.pk, "hop": sq.hop or 0, "round": sq.round, "text": sq.text}
    return sorted(seen.values(), key=lambda s: (s["hop"], s["round"], s["id"]))


def draft_section(
    *,
    question: str,
    outline: list,
    heading: str,
    purpose: str,
    notes: list,
    feedback: str = "",
    mode: str = "section",
    unanswered: list[str] = (),
    subquestions: list | None = None,
    disputed: dict | None = None,
) -> dict:
    """Draft one section. mode "answer" drafts the report's opening: a direct answer to the
    question in 2-4 sentences (`unanswered`: what code found the sources do not state;
    `subquestions`: the plan's sub-questions, those without notes too, as the chain's links).
    `disputed` maps note ids to the disagreement code states about them, so the writer does
    not state it a second time.

    Returns {"sentences": [{"text", "note_ids", "cited_outside"}], "context_requested": [ids],
    "unanswered": [clause]} (the writer's own statements of what the notes do not answer)."""
    views = [note_view(n) for n in notes]
    for v in views:
        v["disputed"] = (disputed or {}).get(v["id"], "")
    allowed = {v["id"] for v in views}

    def ask() -> dict:
        prompt = prompts.render(
            "writer",
            question=question,
            outline=outline,
            heading=heading,
            purpose=purpose,
            notes=views,
            feedback=feedback,
            mode=mode,
            unanswered=list(unanswered),
            subquestions=_subquestion_views(notes, subquestions),
        )
        return complete_json(prompt).data

    data = ask()
    requested = [i for i in data["need_context"] if i in allowed][:5]
    if requested:
        by_id = {n.note_id: n for n in notes}
        for v in views:
            if v["id"] in requested:
                v["context"] = quote_context(by_id[v["id"]])
        data = ask()
    sentences = []
    for s in data["sentences"]:
        ids = [i for i in dict.fromkeys(s["note_ids"]) if i in allowed]
        sentences.append(
            {
                "text": s["text"].strip(),
                "note_ids": ids,
                "cited_outside": [i for i in s["note_ids"] if i not in allowed],
            }
        )
    if mode == "answer":
        sentences = sentences[:MAX_ANSWER_SENTENCES]
    said = [" ".join(str(u).split()).rstrip(". ") for u in data.get("unanswered") or []]
    return {"sentences": sentences, "context_requested": requested, "unanswered": [u for u in said if u]}


def draft_table(*, question: str, notes: list) -> dict:
    """A comparison table (entity x attribute) for a comparison question, every cell citing the
    notes it comes from. Returns {"entities": [..], "attributes": [..], "cells": [{entity,
    attribute, value, note_ids}]} with cells citing notes it was not given removed."""
    views = [note_view(n) for n in notes]
    allowed = {v["id"] for v in views}
    data = complete_json(prompts.render("writer_table", question=question, notes=views)).data
    cells = []
    for c in data["cells"]:
        ids = [i for i in dict.fromkeys(c["note_ids"]) if i in allowed]
        if ids and c["value"].strip():
            cells.append(
                {
                    "entity": c["entity"].strip(),
                    "attribute": c["attribute"].strip(),
                    "value": c["value"].strip(),
                    "note_ids": ids,
                }
            )
    return {
        "entities": [e.strip() for e in data["entities"]],
        "attributes": [a.strip() for a in data["attributes"]],
        "cells": cells,
    }
