"""The gap check (large model): summaries against the outline -> new sub-questions or enough.
Whether a second round may run at all is decided in code (jobs/runtime/budget.py, jobs/stages/gap.py)."""
from __future__ import annotations

from agents import prompts
from agents.llm import complete_json
from agents.planner import overlapping_pairs

MAX_NEW_SUBQUESTIONS = 2


def check_gaps(*, question: str, outline: list, subquestions: list[dict], other_findings: list[str]) -> dict:
    prompt = prompts.render(
        "gap_check", question=question, outline=outline, subquestions=subquestions,
        other_findings=other_findings, max_new=MAX_NEW_SUBQUESTIONS,
    )
    data = complete_json(prompt).data
    headings = [s["heading"] for s in outline]
    asked = [s["text"] for s in subquestions]
    new = []
    for sq in data["new_subquestions"]:
        if sq["section"] not in headings:
            sq = {**sq, "section": headings[min(1, len(headings) - 1)]}
        candidates = asked + [n["text"] for n in new] + [sq["text"]]
        if any(j == len(candidates) - 1 for _, j in overlapping_pairs(candidates, question)):
            continue  # repeats something already researched
        new.append(sq)
        if len(new) == MAX_NEW_SUBQUESTIONS:
            break
    return {"enough": data["enough"] or not new, "reason": data["reason"], "new_subquestions": new}
