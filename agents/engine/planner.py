"""Offline planner: decomposes a question by its structure into sub-questions that do not
overlap, each tied to an outline section."""
from __future__ import annotations

import re

from agents.engine import question as qshape

_PRONOUN_RE = re.compile(r"\b(they|them)\b", re.I)
_EARLIER_QUESTION_RE = re.compile(r"^Earlier question: (.+)$", re.M)


def resolve_references(question: str, earlier_report: str) -> str:
    """A follow-up's "they"/"them" stand for the earlier question's subject ("What recycling
    plants do they operate?" after a question about the five largest car makers)."""
    m = _EARLIER_QUESTION_RE.search(earlier_report or "")
    if not m:
        return question
    subject = qshape.parse(m.group(1).strip()).subject
    return _PRONOUN_RE.sub(subject, question) if subject else question


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def plan(question: str, depth: str, feedback: str = "", min_sq: int = 4, max_sq: int = 8) -> dict:
    shape = qshape.parse(question)
    deep = depth == "deep"
    subject = shape.subject
    focus = shape.focus
    if shape.kind in {"compare", "list"} and focus:
        one = qshape.singular_subject(shape)
        if shape.set_like:
            outline = [
                ("Overview", f"Who {subject} are, and the figures that rank them."),
                (_cap(f"{focus} by {one}"), f"Which {focus} each {one} relies on, with volumes and dates."),
                (_cap(f"how the {focus} compare"), f"How the {focus} differ in technology, capacity and scale."),
                ("Recent changes and disputed figures", "What changed recently and where sources disagree."),
            ]
            sqs = [
                (f"Which are {subject}, and what figures rank them?", 0),
                (f"Which {focus} does each of {subject} use, and for which products?", 1),
                (f"How do the {focus} of {subject} compare in technology, production capacity and plant locations?", 2),
                (f"How have the {focus} of {subject} changed since 2024, and which reported figures disagree between sources?", 3),
            ]
        else:
            outline = [
                ("Overview", f"Who {subject} is and why its {focus} matter."),
                (_cap(focus), f"Which {focus} are involved, with volumes and dates."),
                ("Comparison", f"How the {focus} differ."),
                ("Recent changes and disputed figures", "What changed recently and where sources disagree."),
            ]
            sqs = [
                (f"What is {subject}, and what figures describe its scale?", 0),
                (f"Which {focus} does {subject} use, and for which products?", 1),
                (f"How do the {focus} of {subject} differ in technology and capacity?", 2),
                (f"How have the {focus} of {subject} changed recently, and where do sources disagree?", 3),
            ]
        if deep:
            outline.append(("Risks and outlook", f"What constrains or threatens the {focus} of {subject}."))
            sqs.append((f"What supply risks, costs or constraints affect the {focus} of {subject}?", 4))
    elif shape.kind == "fact" and focus:
        outline = [
            ("Answer", f"The {focus} of {subject}, with figures and dates."),
            ("Context", f"What {subject} is."),
            ("Disputed figures", "Where sources disagree."),
            ("Recent changes", "What changed recently."),
        ]
        sqs = [
            (f"What is the {focus} of {subject} according to primary sources?", 0),
            (f"What is {subject}, and who runs it?", 1),
            (f"Which sources report different figures for the {focus} of {subject}, and when?", 2),
            (f"What recent announcements changed the {focus} of {subject}?", 3),
        ]
    else:
        # No focus/subject split: research the question itself from four angles.
        topic = f"the question \"{shape.text}\""
        outline = [
            ("Background", f"What {topic} involves."),
            ("Key actors", f"Who is involved in {topic}."),
            ("Figures", f"The numbers that describe {topic}."),
            ("Recent developments and disagreements", "What changed recently and where sources disagree."),
        ]
        sqs = [
            (f"What background explains {topic}?", 0),
            (f"Which companies, agencies or people are the main actors in {topic}?", 1),
            (f"What figures and data describe {topic}?", 2),
            (f"What recent developments concern {topic}, and where do sources disagree?", 3),
        ]
        if deep:
            outline.append(("Outlook", f"What may happen next with {topic}."))
            sqs.append((f"What forecasts or risks do experts describe for {topic}?", 4))
    if feedback:
        # The pipeline rejected an overlap: keep only sub-questions whose sections differ.
        seen = set()
        sqs = [(t, s) for t, s in sqs if not (s in seen or seen.add(s))]
    sqs = sqs[:max_sq]
    return {
        "subquestions": [{"text": text, "section": outline[section][0]} for text, section in sqs],
        "outline": [{"heading": heading, "purpose": purpose} for heading, purpose in outline],
    }
