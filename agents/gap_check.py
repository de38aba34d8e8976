"""The gap check (large model): summaries against the outline -> new sub-questions or enough.
Whether a second round may run at all is decided in code (jobs/runtime/budget.py, jobs/stages/gap.py).

Round two is where a multi-hop question's chain moves on: the gap check names the next link
with the thing round one found ("Which company supplies LFP cells to Voltara Motors?" where
round one could only ask "… to the largest electric car maker of 2025?"). It also says which
parts of the question the evidence does not answer, so the report can open with "The sources
found do not state …" (unanswered_parts, for the writer)."""

from __future__ import annotations

from agents import prompts
from agents import questions as qtext
from agents.llm import complete_json
from agents.planner import overlapping_pairs
from agents.schemas import MAX_HOP

MAX_NEW_SUBQUESTIONS = 2


def check_gaps(
    *,
    question: str,
    outline: list,
    subquestions: list[dict],
    other_findings: list[str],
    single_source: list[str] = (),
) -> dict:
    """Decide what round two researches. `subquestions` are plain dicts (text, section, status,
    summary, not_found, key_notes, hop, round); `single_source` the key notes whose figure no
    second, independent source states (citations/corroboration.py). Returns {"enough", "reason",
    "new_subquestions": [{text, section, hop}], "unanswered": [clause]}. New sub-questions
    that quote the question, wrap it in a generic frame or repeat what was researched are
    dropped, whichever model wrote them."""
    prompt = prompts.render(
        "gap_check",
        question=question,
        outline=outline,
        subquestions=[{"hop": 0, "round": 1, **s} for s in subquestions],
        other_findings=other_findings,
        single_source=list(single_source),
        max_new=MAX_NEW_SUBQUESTIONS,
        max_hop=MAX_HOP,
    )
    data = complete_json(prompt).data
    headings = [s["heading"] for s in outline]
    asked = [s["text"] for s in subquestions]
    new = []
    for sq in data["new_subquestions"]:
        text = " ".join(sq["text"].split())
        if qtext.echoes(text, question) or qtext.generic_frame(text, question):
            continue
        section = sq["section"] if sq["section"] in headings else headings[min(1, len(headings) - 1)]
        candidates = asked + [n["text"] for n in new] + [text]
        if any(j == len(candidates) - 1 for _, j in overlapping_pairs(candidates, question)):
            continue  # repeats something already researched
        new.append({"text": text, "section": section, "hop": int(sq.get("hop") or 0)})
        if len(new) == MAX_NEW_SUBQUESTIONS:
            break
    unanswered = [clause_of(u) for u in data.get("unanswered") or [] if clause_of(u)]
    return {
        "enough": data["enough"] or not new,
        "reason": data["reason"],
        "new_subquestions": new,
        "unanswered": list(dict.fromkeys(unanswered)),
    }


def clause_of(text: str) -> str:
    """A missing part as the words that complete "The sources found do not state …": a
    sub-question becomes an indirect question; a clause stays as it is (lower-cased first word,
    no final punctuation)."""
    text = " ".join((text or "").split()).strip()
    if not text:
        return ""
    for lead in ("The sources found do not state ", "the sources found do not state ", "Not found: "):
        if text.startswith(lead):
            text = text[len(lead) :]
    if text.endswith("?"):
        return qtext.absence_clause(text)
    text = text.rstrip(". ")
    first = text.split(" ", 1)[0]
    return (
        text[:1].lower() + text[1:]
        if first.lower()
        in {"which", "what", "who", "whom", "whose", "when", "where", "why", "how", "whether", "the", "in", "a", "an"}
        else text
    )


def unanswered_parts(*, question: str, subquestions: list[dict], gap_unanswered: list[str] = ()) -> list[str]:
    """What the report must say the sources do not state, most important first, each a clause
    completing "The sources found do not state …"; [] when the evidence answers the question.

    `subquestions`: plain dicts {text, hop, round, status, notes (how many notes it has),
    not_found}. The question's answer is carried by the sub-questions on its chain (hop >= 1;
    the highest hop holds the final answer). A hop is answered when one of its sub-questions,
    in either round, has notes. When no sub-question is
    marked as a link of the chain, the answer is missing only if no sub-question found
    anything. `gap_unanswered` are the gap check's own statements."""
    out: list[str] = []
    links = [s for s in subquestions if (s.get("hop") or 0) >= 1]

    def found_nothing(s: dict) -> bool:
        # Notes are the evidence; a worker's not_found may list details it missed while its
        # notes still answer the sub-question, so only a sub-question without notes is a miss.
        return (s.get("notes") or 0) == 0

    if links:
        by_hop: dict[int, list[dict]] = {}
        for s in links:
            by_hop.setdefault(s["hop"], []).append(s)
        final = max(by_hop)
        missing = [h for h in sorted(by_hop) if all(found_nothing(s) for s in by_hop[h])]
        if final not in missing:
            missing = []  # the final link found its answer: the links before it were found on the way
        if missing:
            # The final answer first (as precisely as the latest round could ask it), then the
            # earliest link that broke the chain.
            latest = lambda h: sorted(by_hop[h], key=lambda s: (s.get("round") or 1, -(s.get("notes") or 0)))[-1]  # noqa: E731
            if final in missing or missing[0] < final:
                out.append(clause_of(latest(final)["text"]))
            if missing[0] != final:
                out.append(clause_of(latest(missing[0])["text"]))
    elif subquestions and all(found_nothing(s) for s in subquestions):
        out.append(qtext.absence_clause(question))
    out += [clause_of(u) for u in gap_unanswered if clause_of(u)]
    return [c for c in dict.fromkeys(out) if c]
