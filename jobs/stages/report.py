"""Report: the checked sentences stored as report claims and the report in the design's shape;
the job ends done."""

from __future__ import annotations

from agents import composition
from citations import metrics, totals
from citations.check import CheckedSentence, composed_problem, stage_one
from jobs.models import Job, Note, ReportClaim, Source, Step, SubQuestion
from jobs.runtime import events
from jobs.runtime.budget import Phase
from jobs.runtime.steps import RunContext, StepResult, run_step, step_key
from jobs.runtime.transitions import job_transition
from jobs.stages import evidence, lifecycle
from jobs.stages.check import cited_notes, generation_key

ANSWER_HEADING = "Answer"


def finish(ctx: RunContext, checked: list[CheckedSentence]) -> None:
    job = ctx.job
    precision = metrics.precision(checked)
    coverage = metrics.coverage(checked)

    def fn():
        return StepResult(
            output={"sentences": len(checked)}, write_rows=lambda step: _store_report(job, checked, precision, coverage)
        )

    run_step(ctx, kind="check", counter=generation_key(ctx, "final"), fn=fn, phase=Phase.WRITING)
    job.refresh_from_db()
    events.emit(
        ctx.job_id,
        "done",
        {
            "precision": precision,
            "coverage": coverage,
            "stopped_reason": job.stopped_reason,
            "sentences": sum(1 for c in checked if c.shipped),
        },
    )


def _store_report(job: Job, checked: list[CheckedSentence], precision, coverage) -> None:
    # A re-run of the check keeps what reviewers said about a sentence that is still there.
    reviewed = {c.sentence: c for c in ReportClaim.objects.filter(job=job).exclude(override_verdict="")}
    ReportClaim.objects.filter(job=job).delete()
    ReportClaim.objects.bulk_create(
        [
            ReportClaim(
                job=job,
                section=c.heading[:200],
                section_index=c.section_index,
                position=c.position,
                sentence=c.text,
                note_ids=c.note_ids,
                verdict=c.verdict,
                reason=c.reason[:2000],
                outcome=c.outcome,
                history=c.history,
                single_source=c.single_source,
                **_carried_review(reviewed.get(c.text)),
            )
            for c in checked
        ]
    )
    job.refresh_from_db()
    report = evidence.annotate(build_report(job, checked, precision, coverage), evidence.stored(job))
    job_transition(job.pk, to=Job.Status.DONE, report=report, citation_precision=precision, citation_coverage=coverage)


def _carried_review(previous) -> dict:
    if previous is None:
        return {}
    return {
        "override_verdict": previous.override_verdict,
        "override_by_id": previous.override_by_id,
        "override_at": previous.override_at,
        "override_note": previous.override_note,
    }


def build_report(job: Job, checked: list[CheckedSentence], precision, coverage) -> dict:
    """The report in the design's shape."""
    sections, cited = [], []
    headings = {c.section_index: c.heading for c in checked}
    opening = _write_output(job, "answer")
    table = comparison_table(job, _write_output(job, "table"))
    # A table that sets two or more of the compared things side by side is what was asked.
    compared = table is not None and len(table["entities"]) >= 2
    absence = "" if compared else absence_sentence(opening.get("unanswered") or [])
    if absence:
        headings.setdefault(0, ANSWER_HEADING)
    for heading_index in sorted(headings):
        sentences = [
            {"text": c.text, "citations": c.note_ids, "verdict": c.verdict, "single_source": c.single_source}
            for c in checked
            if c.section_index == heading_index and c.shipped
        ]
        if heading_index == 0 and absence:
            # Said by code from what research did not find, before anything else: not a claim
            # from a source, so it cites nothing and is not judged.
            sentences.insert(0, {"text": absence, "citations": [], "single_source": False, "kind": "absence"})
        if sentences:
            sections.append({"heading": headings[heading_index], "sentences": sentences})
            for s in sentences:
                cited.extend(s["citations"])
    for row in table["rows"] if table else []:
        cited.extend(i for cell in row["cells"] if cell for i in cell["citations"])
    notes = list(Note.objects.filter(job=job, note_id__in=set(cited)).select_related("source", "sq"))
    _add_total(job, sections, notes)
    source_ids = []
    for note in sorted(notes, key=lambda n: cited.index(n.note_id)):
        if note.source_id not in source_ids:
            source_ids.append(note.source_id)
    sources = Source.objects.in_bulk(source_ids)
    not_found = []
    for sq in SubQuestion.objects.filter(job=job).order_by("round", "position"):
        if sq.status == SubQuestion.Status.NOT_RESEARCHED:
            not_found.append(f"Could not be researched (search unavailable): {sq.text}")
        elif sq.status == SubQuestion.Status.FAILED:
            not_found.append(f"Could not be researched ({sq.error or 'failed'}): {sq.text}")
        else:
            not_found.extend(lifecycle.not_found_of(sq))
    rejected = notes_rejected_off_page(job)
    if rejected:
        not_found.append(rejected_sentence(rejected))
    return {
        "sections": sections,
        "sources": [
            {
                "source_id": s.source_id,
                "url": s.url,
                "title": s.title,
                "domain": s.domain,
                "published_at": s.published_at.isoformat() if s.published_at else None,
                "fetched_at": s.fetched_at.isoformat() if s.fetched_at else None,
                "quality": s.quality,
            }
            for s in (sources[i] for i in source_ids)
        ],
        "not_found": list(dict.fromkeys(not_found)),
        "unanswered": opening.get("unanswered") or [],
        "comparison_table": table,
        "stopped_reason": job.stopped_reason or None,
        "metrics": {
            "citation_precision": precision,
            "citation_coverage": coverage,
            "precision_gate": metrics.passes_gate(precision),
            "sentences_drafted": len(checked),
            "sentences_rewritten": sum(1 for c in checked if c.outcome == ReportClaim.Outcome.REWRITTEN),
            "sentences_dropped": sum(1 for c in checked if not c.shipped),
            **metrics.dropped_counts(checked),
            "notes_rejected_quote_not_on_page": rejected,
        },
    }


def _add_total(job: Job, sections: list[dict], notes: list[Note]) -> None:
    """For a question that asks for a combined or total figure: the total first in the answer,
    summed in code from the figures the checked sentences cite (citations/totals.py)."""
    if not totals.asked_total(job.question):
        return
    by_id = {n.id: n for n in evidence.evidence_notes(notes, with_pages=False)}
    sentence = totals.total_sentence(job.question, [s for sec in sections for s in sec["sentences"]], by_id)
    if sentence is None:
        return
    if not sections or sections[0]["heading"] != ANSWER_HEADING:
        sections.insert(0, {"heading": ANSWER_HEADING, "sentences": []})
    opening = sections[0]["sentences"]
    at = 1 if opening and opening[0].get("kind") == "absence" else 0
    opening.insert(at, sentence)


def _write_output(job: Job, counter: str) -> dict:
    """The stored output of one of the job's write steps ("answer": the opening, "table": the
    comparison table), {} when it did not run."""
    key = step_key(job.pk, None, "write", counter)
    return Step.objects.filter(step_key=key).values_list("output", flat=True).first() or {}


def absence_sentence(clauses: list[str]) -> str:
    """ "The sources found do not state X, or Y." for what research did not find; "" when nothing."""
    parts = [c.strip().rstrip(".") for c in clauses if c and c.strip()]
    if not parts:
        return ""
    joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + ", or " + parts[-1]
    return f"The sources found do not state {joined}."


def comparison_table(job: Job, drafted: dict) -> dict | None:
    """The writer's comparison table with every cell checked in code: its notes are notes of
    this job whose quotes are on their stored pages (stage one), and the cell's value and its
    entity hold no name or figure that none of those quotes holds. A cell that fails is left
    empty; rows and columns left empty go. Returns {entities, attributes, rows: [{entity,
    cells: [{value, citations} | None]}]} or None."""
    if not drafted or not drafted.get("cells"):
        return None
    known = cited_notes(job.pk, [i for cell in drafted["cells"] for i in cell["note_ids"]])
    good = {}
    for cell in drafted["cells"]:
        notes, _ = stage_one(cell["note_ids"], known)
        if not notes:
            continue
        shown, problem = composed_problem(cell["value"], notes)
        if (
            not shown
            or problem
            or composition.unquoted(cell["entity"], [n.quote for n in notes])
            or not composition.name_in(cell["entity"], [n.quote for n in notes])
        ):
            continue
        good[(cell["entity"], cell["attribute"])] = {"value": shown, "citations": [n.note_id for n in notes]}
    entities = [e for e in drafted["entities"] if any((e, a) in good for a in drafted["attributes"])]
    attributes = [a for a in drafted["attributes"] if any((e, a) in good for e in entities)]
    if not entities or not attributes:
        return None
    return {
        "entities": entities,
        "attributes": attributes,
        "rows": [{"entity": e, "cells": [good.get((e, a)) for a in attributes]} for e in entities],
    }


# The reader's words (agents/reader.py) for a note whose quote could not be found in the page.
QUOTE_NOT_ON_PAGE = "quote is not in the page"


def notes_rejected_off_page(job: Job) -> int:
    """How many notes the readers proposed whose quote is not on the page (an inventing model,
    as opposed to an empty web): counted from the read steps' stored outputs."""
    outputs = Step.objects.filter(job=job, kind="read").values_list("output", flat=True)
    return sum(1 for out in outputs for r in (out or {}).get("rejected") or [] if r.get("why") == QUOTE_NOT_ON_PAGE)


def rejected_sentence(count: int) -> str:
    return f"{count} note{'s' if count != 1 else ''} rejected: quote not on the page"
