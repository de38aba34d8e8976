"""The planner (large model): 4 to 8 sub-questions that do not overlap, plus the outline."""

from __future__ import annotations

from agents import prompts
from agents import questions as qtext
from agents import text as tx
from agents.llm import ModelOutputError, complete_json
from agents.schemas import MAX_HOP

MIN_SUBQUESTIONS = 4
MAX_SUBQUESTIONS = 8
QUICK_MAX_SUBQUESTIONS = 4
OVERLAP_JACCARD = 0.5
DUPLICATE_JACCARD = 0.85
# Words the stopword list drops that still change what a sub-question asks ("the other plants",
# "before 2025"): kept as terms when comparing two sub-questions.
CONTRAST_WORDS = frozenset("other others else before after since until earlier previous not except besides why".split())


def _terms(text: str) -> set[str]:
    return tx.term_set(text) | {w.lower() for w in tx.words(text) if w.lower() in CONTRAST_WORDS}


def overlapping_pairs(texts: list[str], question: str) -> list[tuple[int, int]]:
    """Pairs of sub-questions that ask the same thing: similar in what they add beyond the
    question's own words, or near-identical as a whole."""
    q_terms = _terms(question)
    full = [_terms(t) for t in texts]
    names = [set(tx.entities(t)) for t in texts]
    # What each adds beyond the question, names aside (names are compared on their own): two
    # links of a chain about the same newly found company ask different things of it.
    extra = [f - q_terms - tx.term_set(" ".join(n)) for f, n in zip(full, names)]
    pairs = []
    for i in range(len(texts)):
        for j in range(i + 1, len(texts)):
            if tx.jaccard(full[i], full[j]) >= DUPLICATE_JACCARD:
                pairs.append((i, j))
            elif names[i] == names[j] and extra[i] and extra[j] and tx.jaccard(extra[i], extra[j]) >= OVERLAP_JACCARD:
                # Same subjects, and what they add beyond the question is mostly the same.
                pairs.append((i, j))
    return pairs


def _validate(data: dict, question: str, max_sq: int, context: str = "") -> str:
    """ "" for a usable plan, else what is wrong with it in words the planner can act on.
    `context` (a follow-up's earlier question) counts as the question's own words when judging
    overlap: "they" in the question stands for its subject."""
    sqs = data["subquestions"]
    headings = [s["heading"] for s in data["outline"]]
    if not MIN_SUBQUESTIONS <= len(sqs) <= max_sq:
        return f"write between {MIN_SUBQUESTIONS} and {max_sq} sub-questions, not {len(sqs)}"
    unknown = [s["section"] for s in sqs if s["section"] not in headings]
    if unknown:
        return f"sections {unknown} are not outline headings {headings}"
    problems = qtext.plan_problems([s["text"] for s in sqs], question)
    if problems:
        return "; ".join(problems)
    pairs = overlapping_pairs([s["text"] for s in sqs], f"{question} {context}".strip())
    if pairs:
        i, j = pairs[0]
        return f"sub-questions {i + 1} and {j + 1} overlap ({sqs[i]['text']!r} / {sqs[j]['text']!r})"
    topic = qtext.vague_topic(question)
    if topic and not (data.get("scope") or "").strip():
        return (
            f"the question names only a broad topic ({topic!r}): narrow it to what one report can cover and say "
            f"in `scope`, in one or two sentences the user will read before research starts, what you narrowed it to"
        )
    return ""


def _normalised(data: dict) -> dict:
    """The plan with every sub-question's hop set (0 when the model gave none) and scope a string."""
    sqs = [
        {"text": " ".join(s["text"].split()), "section": s["section"], "hop": int(s.get("hop") or 0)}
        for s in data["subquestions"]
    ]
    return {"subquestions": sqs, "outline": data["outline"], "scope": " ".join((data.get("scope") or "").split())}


def make_plan(
    *,
    question: str,
    depth: str,
    sources: list,
    collection_markers: list[str],
    prompt_name: str = "planner",
    earlier: dict | None = None,
) -> dict:
    """Plan the research. `earlier` ({question, headings}) is the report a follow-up question
    follows: the planner resolves references against it and does not plan its ground again.

    Returns {"subquestions": [{text, section, hop}], "outline": [...], "scope": str,
    "attempts": n}. A plan that quotes the question back, wraps it in a generic frame, overlaps
    itself or leaves a broad question un-narrowed is re-asked once with the problem as feedback;
    what is still wrong after that is dropped (and named in "problem"). Raises ModelOutputError
    when nothing usable is left."""
    max_sq = QUICK_MAX_SUBQUESTIONS if depth == "quick" else MAX_SUBQUESTIONS
    feedback = ""
    for attempt in (1, 2):
        prompt = prompts.render(
            prompt_name,
            question=question,
            depth=depth,
            sources=", ".join(sources),
            collection_markers=collection_markers,
            min_subquestions=MIN_SUBQUESTIONS,
            max_subquestions=max_sq,
            feedback=feedback,
            earlier_question=(earlier or {}).get("question", ""),
            earlier_headings=(earlier or {}).get("headings", []),
            max_hop=MAX_HOP,
        )
        data = _normalised(complete_json(prompt).data)
        problem = _validate(data, question, max_sq, context=(earlier or {}).get("question", ""))
        if not problem:
            return {**data, "attempts": attempt}
        feedback = problem
    # Second plan still has a problem: keep what is usable rather than fail the job.
    sqs = data["subquestions"]
    headings = [s["heading"] for s in data["outline"]]
    bad = {
        i for i, s in enumerate(sqs) if qtext.echoes(s["text"], question) or qtext.generic_frame(s["text"], question)
    }
    kept = [s for i, s in enumerate(sqs) if i not in bad]
    drop = {
        j for _, j in overlapping_pairs([s["text"] for s in kept], f"{question} {(earlier or {}).get('question', '')}")
    }
    kept = [
        s if s["section"] in headings else {**s, "section": headings[0]} for k, s in enumerate(kept) if k not in drop
    ]
    if len(kept) < 1:
        raise ModelOutputError(f"planner: {feedback}")
    return {
        "subquestions": kept[:max_sq],
        "outline": data["outline"],
        "scope": data["scope"],
        "attempts": 2,
        "problem": feedback,
    }
