"""Offline gap check: when the question is about a set of things (e.g. the five largest car
makers), find the members the workers named but whose focus (e.g. battery suppliers) no
worker covered, and name one sub-question per missing member."""
from __future__ import annotations

import re
from collections import Counter

from agents import text as tx
from agents.engine import blocks as bk
from agents.engine import question as qshape

RELATION_STEMS = {t[:5] for t in tx.terms("supplies supplier buys bought sources sourcing purchases contract partner "
                                           "agreement deal orders provides delivers signed selected")}


def decide(prompt: str, max_new: int = 2) -> dict:
    question = bk.block(prompt, "question")
    shape = qshape.parse(question)
    researched = bk.blocks(bk.block(prompt, "researched"), "subquestion")
    if not researched:
        return {"enough": True, "reason": "Nothing was researched.", "new_subquestions": []}
    # The readers' key notes (whole sentences) where there are any, else the worker's summary.
    summaries = [bk.block(sq.body, "key_notes") or bk.block(sq.body, "summary") for sq in researched]
    summaries = [re.sub(r"^- ", "", s, flags=re.M) for s in summaries]
    texts = [sq.body.split("<summary>")[0].strip() for sq in researched]
    if not (shape.focus and shape.set_like):
        missing = [t for sq, t in zip(researched, texts) if sq.attrs.get("status") != "done"]
        return {"enough": True, "reason": "The question is not about a set of members; every angle was researched"
                + (f" except {len(missing)} that failed." if missing else "."), "new_subquestions": []}

    # Members: names in sentences that list the set ("the five largest ... are A, B, C"),
    # otherwise the names in the first (set-identifying) sub-question's summary.
    members = Counter()
    set_words = {w for w in tx.terms(shape.subject) if not w.isdigit()}
    listings = []  # (latest year mentioned, names) of sentences that list members of the set
    for sentence in tx.sentences(" ".join(summaries)):
        names = [e for e in tx.entities(sentence.text) if e.lower() not in question.lower()]
        if len(names) >= 3 and len(set_words & tx.term_set(sentence.text)) >= max(1, len(set_words) - 2):
            years = [int(n) for n in tx.numbers(sentence.text) if tx.is_year(n)]
            listings.append((max(years, default=0), names))
    if listings:
        # Sets change over time (last year's top five is not this year's): trust the latest list.
        latest = max(year for year, _ in listings)
        for year, names in listings:
            if year == latest:
                members.update(names)
    else:
        members = Counter(e for e in tx.entities(summaries[0]) if e.lower() not in question.lower() and len(e.split()) > 1)
    # A member is covered when a focus note links it to a named counterpart: a sentence naming
    # it together with another name that is not a member (its supplier, say) and saying how
    # they relate. "The two suppliers serve Voltara Motors" does not say who they are;
    # "Voltara Motors is based in Lyon" names a place, not a counterpart.
    focus_stems = {t[:5] for t in tx.terms(shape.focus)}
    member_names = set(members)

    def linked(member: str, sentence: str) -> bool:
        if member not in sentence:
            return False
        member_words = set(member.split())
        # Another name that is not a member and not one of its own products ("Voltara Meridian").
        others = [e for e in tx.entities(sentence) if e not in member_names and e.lower() not in question.lower()
                  and not member_words & set(e.split())]
        stems = {t[:5] for t in tx.terms(sentence)}
        return bool(others) and bool(stems & (focus_stems | RELATION_STEMS))

    focus_sentences = [x.text for x in tx.sentences(" ".join(summaries[1:]))]
    asked = " ".join(texts).lower()
    section = researched[1].attrs.get("section", "") if len(researched) > 1 else ""
    wanted = shape.count or 5
    new = []
    for name, _ in members.most_common(wanted):
        if any(linked(name, sentence) for sentence in focus_sentences) or name.lower() in asked:
            continue
        new.append({"text": f"Which {shape.focus} does {name} use, and for which products?", "section": section})
        if len(new) == max_new:
            break
    if not new:
        return {"enough": True, "reason": f"Every member named in the overview is covered for {shape.focus}.", "new_subquestions": []}
    return {
        "enough": False,
        "reason": f"{', '.join(n['text'].split(' does ')[1].split(' use')[0] for n in new)} named in the overview but not covered for {shape.focus}.",
        "new_subquestions": new,
    }
