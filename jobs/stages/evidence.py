"""Evidence: before any model writes, the job's notes are weighed in code (citations/selection.py):
low-quality and outweighed claims are withheld, notes outside the question's set or off topic are
kept out, each note goes to the section whose purpose it fits, and disagreements between sources
are found. The result is one step's output (no model call), so a re-run writes from the same
evidence. The writer gets only the selected notes; the disagreement sentences are built here and
checked like any other sentence; the report JSON gets `disagreements` and `minority_claims`, and
every sentence that uses a disputed figure is marked `disputed`."""

from __future__ import annotations

import threading
from collections import OrderedDict

from agents.sources import store
from citations import facts as fx
from citations.evidence import EvidenceNote
from citations.selection import select
from jobs.models import Job, Note, Step, SubQuestion
from jobs.runtime.budget import Phase
from jobs.runtime.steps import RunContext, StepResult, run_step, step_key
from jobs.stages.read import notes_in_reading_order

KIND = "write"
COUNTER = "evidence"


def evidence_notes(rows: list[Note], *, with_pages: bool = True) -> list[EvidenceNote]:
    """The notes (loaded with their source and sub-question) as citations/ weighs them; each
    page's stored text read once (it names the site when the title does not), or not at all."""
    pages: dict = {}
    out = []
    for n in rows:
        s = n.source
        if s.pk not in pages:
            pages[s.pk] = store.get_text(s.content_ref) if with_pages and s.content_ref else ""
        out.append(
            EvidenceNote(
                id=n.note_id,
                claim=n.claim,
                quote=n.quote,
                domain=s.domain,
                url=s.url,
                title=s.title,
                published=s.published_at.isoformat() if s.published_at else None,
                quality=s.quality,
                section=n.sq.section,
                subquestion=n.sq.text,
                source_id=s.pk,
                page_text=pages[s.pk],
            )
        )
    return out


def _evidence_notes(job: Job) -> tuple[list[Note], list[EvidenceNote]]:
    rows = notes_in_reading_order(job)
    return rows, evidence_notes(rows)


def compute(job: Job) -> dict:
    """The evidence selection of a job's notes (see citations/selection.py)."""
    _, notes = _evidence_notes(job)
    subquestions: dict[str, list[str]] = {}
    for sq in SubQuestion.objects.filter(job=job).order_by("round", "position"):
        subquestions.setdefault(sq.section, []).append(sq.text)
    return select(question=job.question, outline=job.outline or [], notes=notes, subquestions=subquestions)


def run(ctx: RunContext) -> dict:
    """The selection as a step (replayed on a re-run)."""
    return run_step(
        ctx, kind=KIND, counter=COUNTER, fn=lambda: StepResult(output=compute(ctx.job)), phase=Phase.WRITING
    )


# A step's output never changes once stored, and each section and check task of a job asks for
# the selection (tens of kilobytes of JSON): a worker process keeps the last few jobs'.
STORED_CACHE_JOBS = 32
_stored_cache: OrderedDict[str, dict] = OrderedDict()
_stored_lock = threading.Lock()


def stored(job: Job) -> dict | None:
    """The selection the job's writing used, or None before it ran. Shared by the callers of
    one process: treat it as read-only."""
    key = step_key(job.pk, None, KIND, COUNTER)
    with _stored_lock:
        if key in _stored_cache:
            _stored_cache.move_to_end(key)
            return _stored_cache[key]
    row = Step.objects.filter(step_key=key).values_list("output", flat=True).first()
    if row is not None:
        with _stored_lock:
            _stored_cache[key] = row
            while len(_stored_cache) > STORED_CACHE_JOBS:
                _stored_cache.popitem(last=False)
    return row


def disputed_notes(job: Job) -> dict[int, str]:
    """Note id -> the id of the disagreement code states about it (none before selection ran)."""
    selection = stored(job) or {"disagreements": []}
    return {i: entry["id"] for entry in selection["disagreements"] for v in entry["values"] for i in v["note_ids"]}


def notes_by_section(job: Job) -> dict[str, list[Note]]:
    """The notes the writer gets, by section heading, in research order (all of them, by their
    sub-question's section, when the selection has not run)."""
    headings = [s["heading"] for s in job.outline]
    by_heading: dict[str, list[Note]] = {h: [] for h in headings}
    rows = notes_in_reading_order(job)
    selection = stored(job)
    if selection is None:
        for note in rows:
            by_heading[note.sq.section if note.sq.section in by_heading else headings[0]].append(note)
        return by_heading
    where = {i: h for h, ids in selection["sections"].items() for i in ids}
    for note in rows:
        heading = where.get(note.note_id)
        if heading is not None:
            by_heading.setdefault(heading, []).append(note)
    return by_heading


def disagreement_drafts(selection: dict, drafted: list[dict]) -> list[dict]:
    """The disagreement sentences as drafted sentences, each placed at the end of the section
    that holds the most of its notes (or of the drafted sentences' last section). The opening
    gets one only when it cites one of its notes: it answers the question, and a dispute about
    another figure (another customer's share of the cells, for the cathode supplier of a
    plant) goes with the body; a note the plan's own answer section holds then counts for the
    first section after the opening, where that section's notes are written."""
    if not selection or not drafted:
        return []
    where = {i: h for h, ids in selection["sections"].items() for i in ids}
    sections: dict[str, dict] = {}
    for d in drafted:
        sections.setdefault(
            d["heading"], {"section_index": d["section_index"], "heading": d["heading"], "position": -1}
        )
        sections[d["heading"]]["position"] = max(sections[d["heading"]]["position"], d["position"])
    opening = {d["heading"] for d in drafted if d["section_index"] == 0}
    opening_cites = {i for d in drafted if d["section_index"] == 0 for i in d["note_ids"]}
    body = sorted((s for h, s in sections.items() if h not in opening), key=lambda s: s["section_index"])
    out = []
    for entry in selection["disagreements"]:
        ids = [i for v in entry["values"] for i in v["note_ids"]]
        votes = [where[i] for i in ids if where.get(i) in sections]
        last = drafted[-1]["heading"]
        if body and not opening_cites & set(ids):
            votes = [body[0]["heading"] if h in opening else h for h in votes]
            last = body[-1]["heading"]
        heading = max(dict.fromkeys(votes), key=votes.count) if votes else last  # ties: the first voted
        place = sections[heading]
        # The disagreement sentence, then what each value that does not lead rests on, quoted.
        for draft in [entry["draft"], *entry.get("basis", [])]:
            place["position"] += 1
            out.append(
                {
                    "text": draft["text"],
                    "note_ids": draft["note_ids"],
                    "disagreement": entry["id"],
                    "section_index": place["section_index"],
                    "heading": place["heading"],
                    "position": place["position"],
                }
            )
    return out


def annotate(report: dict, selection: dict | None) -> dict:
    """The report with `disagreements` and `minority_claims`; a disagreement's sentence marked
    `disagreement`, the quoted words a value that does not lead rests on `basis_of` (the
    disagreement's id), and every other sentence that states a disputed figure about the
    disputed subject marked `disputed` (the disagreement's id)."""
    if selection is None:
        return report
    shipped = {s["text"] for sec in report.get("sections", []) for s in sec["sentences"]}
    entries = []
    for entry in selection["disagreements"]:
        entries.append(
            {k: v for k, v in entry.items() if k not in {"draft", "basis", "disputed_values"}}
            | {"stated_in_report": entry["sentence"] in shipped}
        )
    # What a value that does not lead rests on, quoted: {text: the disagreement's id}.
    basis = {b["text"]: entry["id"] for entry in selection["disagreements"] for b in entry.get("basis", [])}
    for sec in report.get("sections", []):
        for s in sec["sentences"]:
            if s["text"] in {e["sentence"] for e in entries}:
                s["disagreement"] = next(e["id"] for e in entries if e["sentence"] == s["text"])
                continue
            if s["text"] in basis:
                s["basis_of"] = basis[s["text"]]
                continue
            hit = _disputed_by(s["text"], selection["disagreements"])
            if hit:
                s["disputed"] = hit
    report["disagreements"] = entries
    report["minority_claims"] = selection.get("minority_claims", [])
    report["evidence"] = {
        "withheld": len(selection.get("withheld", {})),
        "scope": selection.get("scope", {}),
        "credibility": selection.get("credibility", {}),
    }
    return report


def _disputed_by(text: str, disagreements: list[dict]) -> str | None:
    names = set(fx._entity_keys(text))
    found = fx.quantities(text)
    for entry in disagreements:
        subject = [e for e in entry["subject"].split(", ") if e]
        if not subject or not all(any(fx._entities_match(e, n) for n in names) for e in subject):
            continue
        values = [q for v in entry["disputed_values"] for q in fx.quantities(v)]
        if any(fx.same_value(a, b) for a in found for b in values):
            return entry["id"]
    return None


__all__ = ["annotate", "compute", "disagreement_drafts", "notes_by_section", "run", "stored"]
