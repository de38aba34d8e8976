"""Stage 2 of the citation check: a small-model judge sees one sentence and its quotes and
answers supported, partial or unsupported, with a short reason; the rewriter gets one chance
to fix an unsupported sentence."""
from __future__ import annotations

from agents import composition, prompts
from agents.llm import complete_json


def _quote_view(note) -> dict:
    source = note.source
    return {"quote": note.quote, "domain": source.domain, "source": composition.source_label(source.title, source.domain),
            "published": source.published_at.isoformat() if source.published_at else "undated"}


def judge(sentence: str, notes: list) -> dict:
    prompt = prompts.render("judge", sentence=sentence, quotes=[_quote_view(n) for n in notes])
    return complete_json(prompt).data


def rewrite(sentence: str, verdict: str, reason: str, notes: list) -> dict:
    views = [{"id": n.note_id, "claim": n.claim, "quote": n.quote, **{k: v for k, v in _quote_view(n).items() if k != "quote"}}
             for n in notes]
    prompt = prompts.render("rewriter", sentence=sentence, verdict=verdict, reason=reason, notes=views)
    return complete_json(prompt).data
