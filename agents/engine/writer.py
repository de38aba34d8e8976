"""Offline writer and judge.

The writer organises one section's notes: it merges notes that state the same fact (citing
every source, which gives key numbers their second domain), states both figures with dates
where notes on the same fact disagree, and writes nothing a note does not say.

The judge checks one sentence against its quotes by overlap: every figure must be quoted,
most content words must be quoted, and every pair of names and figures in a clause must
appear together in one quote (which catches a sentence that blends two notes).
"""
from __future__ import annotations

import re

from agents import text as tx
from agents.engine import blocks as bk

MERGE_JACCARD = 0.6
SAME_FACT_JACCARD = 0.5
MAX_SENTENCES_PER_SECTION = 24
NEW_NAME_WEIGHT = 1.5
MIN_TOPIC_TERMS = 1
SUPPORTED_RECALL = 0.85
PARTIAL_RECALL = 0.6
GLUE = frozenset(tx.terms("sources disagree report reports reported that while whereas according"))
_META_RE = re.compile(r"\s*\(([a-z0-9.\-]+\.[a-z]{2,}|[a-z0-9.\-]+),\s*(\d{4}-\d{2}-\d{2}|undated)\)")


def _notes(prompt: str) -> list[dict]:
    out = []
    for nb in bk.blocks(bk.block(prompt, "notes"), "note"):
        out.append({
            "id": int(nb.attrs["id"]),
            "domain": nb.attrs.get("domain", ""),
            "published": nb.attrs.get("published", "") or "undated",
            "quality": float(nb.attrs.get("quality", "0.5") or 0.5),
            "claim": bk.block(nb.body, "claim"),
            "quote": bk.block(nb.body, "quote"),
        })
    return out


def _figures(text: str) -> set[str]:
    return {n for n in tx.numbers(text) if not tx.is_year(n)}


def _lower_first(text: str) -> str:
    """Lower-case a sentence's first word when it is a common word, never a name."""
    first = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if first.lower() in tx.STOPWORDS else text


def write_section(prompt: str) -> dict:
    heading = bk.blocks(prompt, "section")[0].attrs.get("heading", "") if bk.blocks(prompt, "section") else ""
    focus_terms = tx.term_set(heading + " " + bk.block(prompt, "section"))
    question_terms = tx.term_set(bk.block(prompt, "question"))
    # Notes that share nothing with the question or the section are off the report's topic.
    notes = [n for n in _notes(prompt) if len((question_terms | focus_terms) & tx.term_set(n["claim"])) >= MIN_TOPIC_TERMS]
    groups: list[list[dict]] = []
    for note in notes:
        terms = tx.term_set(note["claim"])
        for group in groups:
            lead = group[0]
            if tx.jaccard(terms, tx.term_set(lead["claim"])) >= MERGE_JACCARD and _figures(note["claim"]) == _figures(lead["claim"]):
                group.append(note)
                break
        else:
            groups.append([note])
    sentences = []
    used = set()
    for i, group in enumerate(groups):
        if i in used:
            continue
        lead = max(group, key=lambda n: n["quality"])
        # A note on the same fact with different figures: state both, with dates.
        rival = None
        for j in range(i + 1, len(groups)):
            other = max(groups[j], key=lambda n: n["quality"])
            # Same fact: the same names, and mostly the same words once figures are set aside.
            same_fact = set(tx.entities(lead["claim"])) == set(tx.entities(other["claim"])) and tx.entities(lead["claim"]) \
                and tx.jaccard(tx.term_set(lead["claim"]) - _figures(lead["claim"]),
                               tx.term_set(other["claim"]) - _figures(other["claim"])) >= SAME_FACT_JACCARD
            if j not in used and same_fact and _figures(lead["claim"]) and _figures(other["claim"]) \
                    and _figures(lead["claim"]) != _figures(other["claim"]) and other["domain"] != lead["domain"]:
                rival, used = (groups[j], other), used | {j}
                break
        if rival:
            group_b, other = rival
            text = (f"Sources disagree: {lead['claim'].rstrip('.')} ({lead['domain']}, {lead['published']}), "
                    f"while {_lower_first(other['claim'].rstrip('.'))} ({other['domain']}, {other['published']}).")
            ids = [n["id"] for n in group] + [n["id"] for n in group_b]
        else:
            text = lead["claim"]
            ids = [lead["id"]] + [n["id"] for n in group if n is not lead]
        score = len(focus_terms & tx.term_set(text)) + 0.5 * len(group)
        sentences.append((score, i, {"text": text, "note_ids": ids}))
    # Keep the strongest sentences, preferring ones that name something no kept sentence names
    # yet (so every maker gets its supplier sentence), in the order the notes came.
    chosen, named = [], set()
    pool = list(sentences)
    while pool and len(chosen) < MAX_SENTENCES_PER_SECTION:
        best = max(pool, key=lambda s: s[0] + NEW_NAME_WEIGHT * len(set(tx.entities(s[2]["text"])) - named))
        chosen.append(best)
        named |= set(tx.entities(best[2]["text"]))
        pool.remove(best)
    return {"sentences": [s for _, _, s in sorted(chosen, key=lambda s: s[1])], "need_context": []}


def _clauses(sentence: str) -> list[str]:
    body = re.sub(r"^Sources disagree:\s*", "", sentence)
    return [c for c in re.split(r",\s+while\s+|;\s+|,\s+whereas\s+", body) if c.strip()]


def judge(prompt: str) -> dict:
    sentence = bk.block(prompt, "sentence")
    quotes = bk.blocks(bk.block(prompt, "quotes"), "quote")
    if not quotes:
        return {"verdict": "unsupported", "reason": "The sentence cites no evidence."}
    meta_terms = set()
    for q in quotes:
        meta_terms |= tx.term_set(q.attrs.get("domain", "")) | set(tx.numbers(q.attrs.get("published", "")))
    bare = _META_RE.sub("", sentence)
    quote_texts = [q.body for q in quotes]
    all_quote_terms = set().union(*(tx.term_set(t) for t in quote_texts))
    all_quote_figures = set().union(*(set(tx.numbers(t)) for t in quote_texts))
    for figure in tx.numbers(bare):
        if figure not in all_quote_figures and figure not in meta_terms:
            return {"verdict": "unsupported", "reason": f"The figure {figure} is not in any quote."}
    terms = tx.term_set(bare) - GLUE - meta_terms
    if not terms:
        return {"verdict": "unsupported", "reason": "The sentence states nothing the quotes could support."}
    recall = len(terms & all_quote_terms) / len(terms)
    # Names and figures that the sentence puts together must be together in one quote.
    for clause in _clauses(bare):
        anchors = {e.lower() for e in tx.entities(clause)} | _figures(clause)
        anchors = {a for a in anchors if a not in GLUE}
        if len(anchors) < 2:
            continue
        together = [a for a in anchors if any(a in q.lower() or a in tx.numbers(q) for q in quote_texts)]
        if len(together) < len(anchors):
            continue  # a name not quoted at all already lowers recall
        if not any(all(a in q.lower() or a in tx.numbers(q) for a in anchors) for q in quote_texts):
            best = max(quote_texts, key=lambda q: sum(a in q.lower() or a in tx.numbers(q) for a in anchors))
            apart = sorted(a for a in anchors if not (a in best.lower() or a in tx.numbers(best)))
            return {"verdict": "unsupported", "reason": f"No single quote links {', '.join(sorted(anchors - set(apart)))[:120]} with {', '.join(apart)[:120]}."}
    if recall >= SUPPORTED_RECALL:
        return {"verdict": "supported", "reason": f"{recall:.0%} of the sentence's content words are quoted."}
    if recall >= PARTIAL_RECALL:
        return {"verdict": "partial", "reason": f"Only {recall:.0%} of the sentence's content words are quoted."}
    return {"verdict": "unsupported", "reason": f"Only {recall:.0%} of the sentence's content words are quoted."}


def rewrite(prompt: str) -> dict:
    """Replace an unsupported sentence by the cited claim that the quotes support best, or drop."""
    sentence = bk.block(prompt, "sentence")
    notes = _notes(prompt)
    terms = tx.term_set(sentence)
    best, best_overlap = None, 0
    for note in notes:
        overlap = len(terms & tx.term_set(note["quote"]))
        if overlap > best_overlap and note["claim"].strip():
            best, best_overlap = note, overlap
    if best is None or best_overlap < 2:
        return {"drop": True, "text": "", "note_ids": []}
    return {"drop": False, "text": best["claim"], "note_ids": [best["id"]]}


def compact(prompt: str) -> dict:
    """Structured compaction of a worker's history (observations compress; decisions and
    errors are kept verbatim by the caller, outside what is compacted)."""
    entries = bk.block(prompt, "history_to_compact")
    facts, identifiers, dead_ends = [], [], []
    for obs in bk.blocks(entries, "observation"):
        handle = obs.attrs.get("handle", "")
        for line in obs.body.splitlines():
            m = re.match(r"^\s*\d+\.\s+(.*?)\s+\|\s+(\S+)", line)
            if m:
                facts.append({"claim": f"result: {m.group(1)[:120]} ({m.group(2)})", "handle": handle})
            for name in tx.entities(line):
                if name not in identifiers:
                    identifiers.append(name)
        if re.search(r"\b0 results\b", obs.body):
            dead_ends.append({"approach": obs.body.splitlines()[0][:160], "why_failed": "no results"})
    return {
        "established_facts": facts[:20],
        "exact_identifiers": identifiers[:40],
        "dead_ends": dead_ends,
        "open_questions": [bk.block(prompt, "task")[:200]],
        "current_state": f"{len(facts)} results seen in the compacted turns.",
        "next_action": "Continue from the verbatim tail below.",
    }
