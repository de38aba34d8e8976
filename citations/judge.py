"""Stage 2 of the citation check: a small-model judge sees one sentence and its quotes and
answers supported, partial or unsupported, with a short reason; the rewriter gets one chance
to fix an unsupported sentence.

A judge whose reply cannot be used is not a verdict: when its reply stays invalid after the
model client's own repair turn, the judge is asked once more; when that fails too (or the
provider refuses the request), the verdict is NOT_CHECKED with the reason, and the check
stage drops the sentence as not checked, counted apart from the unsupported ones."""

from __future__ import annotations

import logging

from agents import composition, prompts
from agents.llm import ModelCallRefused, ModelOutputError, complete_json

logger = logging.getLogger(__name__)

NOT_CHECKED = "not_checked"
# The judge call and one more when its reply could not be used.
JUDGE_ATTEMPTS = 2


def _quote_view(note, sentence: str = "") -> dict:
    source = note.source
    # The name the sentence gives this source, when it is the site's ("Halden Blue Energy" for
    # haldenblue.example: found in the page's text, which the title may not carry).
    named = next(iter(composition.site_names_in(sentence, source.domain)), "")
    return {
        "quote": note.quote,
        "domain": source.domain,
        "source": named or composition.source_label(source.title, source.domain),
        "published": source.published_at.isoformat() if source.published_at else "undated",
    }


def judge(sentence: str, notes: list) -> dict:
    """{"verdict", "reason"}: the judge's verdict, or NOT_CHECKED with why it could not judge."""
    prompt = prompts.render("judge", sentence=sentence, quotes=[_quote_view(n, sentence) for n in notes])
    error: Exception | None = None
    for attempt in range(1, JUDGE_ATTEMPTS + 1):
        try:
            return complete_json(prompt).data
        except ModelOutputError as exc:
            error = exc
            logger.warning("judge reply unusable (attempt %d of %d): %s", attempt, JUDGE_ATTEMPTS, exc)
        except ModelCallRefused as exc:  # the same request again would be refused again
            error = exc
            break
    return {"verdict": NOT_CHECKED, "reason": f"the judge's reply could not be used: {error}"[:400]}


def rewrite(sentence: str, verdict: str, reason: str, notes: list) -> dict:
    views = [
        {
            "id": n.note_id,
            "claim": n.claim,
            "quote": n.quote,
            **{k: v for k, v in _quote_view(n).items() if k != "quote"},
        }
        for n in notes
    ]
    prompt = prompts.render("rewriter", sentence=sentence, verdict=verdict, reason=reason, notes=views)
    return complete_json(prompt).data
