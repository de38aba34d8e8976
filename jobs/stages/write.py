"""Write: the writer drafts the report section by section from the outline and the notes only
(never raw pages), one step per section (the sections of a job are drafted at once, one task
each); then the check stage judges the draft and the report stage stores it."""

from __future__ import annotations

import re

from agents import composition, writer
from agents import gap_check as agents_gap
from agents import questions as qtext
from agents import text as tx
from agents.llm import ModelOutputError
from jobs.models import Job, Note, SubQuestion
from jobs.runtime import budget, events
from jobs.runtime.budget import Phase
from jobs.runtime.ledger import BudgetExceeded
from jobs.runtime.steps import RunContext, StepResult, run_step, step_key
from jobs.runtime.transitions import job_transition
from jobs.stages import check, evidence, lifecycle, report
from jobs.stages.gap import unanswered_for

ANSWER_HEADING = "Answer"
ANSWER_PURPOSE = "The direct answer to the question, in 2-4 sentences."
# A planner's own "Answer" section keeps its notes in the body under this heading, after the
# opening that answers in 2-4 sentences.
ANSWER_DETAIL_HEADING = "The answer in detail"
CHAIN_HEADING = "How the answer was found"
RELINK_SHARE = 0.75  # of another link's wording a note must state to count as that link's
MAX_ANSWER_NOTES = 30  # what the opening's writer reads: the notes nearest the answer, sized to one call
MAX_TABLE_NOTES = 60  # a report body's notes (44 for two owners' wind farms), one call's size
COMPARISON_RE = re.compile(
    r"\b(?:compare[sd]?|comparing|comparison|versus|vs\.?|differences?\s+between|differ(?:s|ent)?\b"
    r"|contrast)\b",
    re.I,
)


def _notes_for_sections(job: Job) -> dict[str, list[Note]]:
    """The notes each section's writer gets: those the evidence stage selected (credible,
    relevant, in the section whose purpose they fit)."""
    return evidence.notes_by_section(job)


def _closeness(question_terms: set, note: Note) -> int:
    return len(question_terms & tx.frozen_terms(note.claim))


def answer_notes(job: Job, notes: list[Note]) -> list[Note]:
    """The notes the opening answers from, nearest the answer first: for a chain of facts the
    highest hop's notes (the final link; a later round asked it by name), then lower hops; then
    the notes that share the most of the question's words."""
    terms = tx.term_set(job.question)
    # A link's notes are near when they hold what the link asks in its latest wording (a later
    # round asks it by name: "Which cathode plant supplies Katowice?"), not the question's
    # description of the links before it; so is a note near the final link's wording.
    rows = _link_rows(job)
    asks = _latest_wordings(rows)
    final = asks[max(asks)] if asks else []
    # Ties and the final order follow the notes' reading order (their order here), never note
    # ids: ids depend on which parallel worker committed first.
    place = {id(n): i for i, n in enumerate(notes)}
    # What the question asks of the chain's end ("in which city … headquartered"): its words
    # that no link's wording holds. The final link's notes that hold them come first: they
    # state the answer, though they share fewer words with how the link was found ("cathode
    # material") than the many notes that only found the link.
    top = max(asks, default=0)
    described = {t for hop, _, text in rows if hop < top for t in tx.term_set(text)}
    described |= {t for text in final for t in tx.term_set(text)}
    asked_of_end = terms - described if top else set()

    # A question answered by a figure: the notes that state one come first (a table row that
    # gives "Annual output (km …): 800" shares few of the question's words).
    figure_asked = qtext.asks_amount(job.question)

    def near(n: Note) -> tuple[int, int, int]:
        wordings = asks.get(n.sq.hop or 0, []) + final
        figure = int(figure_asked and tx.states_figure(n.claim))
        if not wordings:
            return 0, figure, _closeness(terms, n)
        states_end = len(asked_of_end & tx.term_set(n.claim)) if (n.sq.hop or 0) == top else 0
        return states_end, figure, max(_closeness(tx.term_set(text), n) for text in wordings)

    # Every link of a chain gets its share of the opening's notes, the final link first: the
    # many notes of one link must not push out the one note that names the link before it.
    # Within a link, the notes nearest what it asks first (a later round's, by name, on ties);
    # context notes (hop 0) only after every link's.
    wording_terms = {hop: [tx.term_set(text) for text in texts] for hop, texts in asks.items()}

    def share(n: Note, hop: int) -> float:
        return max((_closeness(t, n) / len(t) for t in wording_terms.get(hop, []) if t), default=0.0)

    def link_of(n: Note) -> int:
        """The link a note answers: its sub-question's, unless it states nearly all of another
        link's wording and more of it ("That would make Ostrava the largest plant of Sunmark
        Energy", read while asking who supplies that plant, answers which plant is the largest)."""
        own = n.sq.hop or 0
        best, best_share = own, share(n, own)
        for hop in sorted(wording_terms):
            s = share(n, hop)
            if s >= RELINK_SHARE and s > best_share:
                best, best_share = hop, s
        return best

    by_hop: dict[int, list[Note]] = {}
    for n in sorted(notes, key=lambda n: (*(-x for x in near(n)), -(n.sq.round or 1), place[id(n)])):
        by_hop.setdefault(link_of(n), []).append(n)
    ranked: list[Note] = []
    queues = [by_hop[h] for h in sorted(by_hop, reverse=True) if h > 0]
    while len(ranked) < MAX_ANSWER_NOTES and any(queues):
        for queue in queues:
            if queue and len(ranked) < MAX_ANSWER_NOTES:
                ranked.append(queue.pop(0))
    ranked += by_hop.get(0, [])[: MAX_ANSWER_NOTES - len(ranked)]
    return sorted(ranked, key=lambda n: place[id(n)])


def _link_rows(job: Job) -> list[tuple[int, int, str]]:
    """(hop, round, text) of every sub-question that is a link (hop 1 or more)."""
    return list(SubQuestion.objects.filter(job=job, hop__gte=1).values_list("hop", "round", "text"))


def link_asks(job: Job) -> dict[int, list[str]]:
    """For a plan with links (a hop of 1 or more), each link's wordings in the latest round that
    asked it (by name, once the gap check found the links before it): {hop: [text]}; {} for a
    plan without links."""
    return _latest_wordings(_link_rows(job))


def _latest_wordings(rows: list[tuple[int, int, str]]) -> dict[int, list[str]]:
    latest: dict[int, int] = {}
    for hop, rnd, _ in rows:
        latest[hop] = max(latest.get(hop, 0), rnd)
    out: dict[int, list[str]] = {}
    for hop, rnd, text in rows:
        if rnd == latest[hop]:
            out.setdefault(hop, []).append(text)
    return out


def gets_table(question: str) -> bool:
    """A question that compares things (compare, versus, differences between), or asks a thing of
    each member of a set that holds something ("Which of the five largest makers use LFP cells,
    and from which suppliers?"): it gets a table, one row per thing."""
    return bool(COMPARISON_RE.search(question)) or qtext.asks_each_member(question)


def report_sections(job: Job) -> list[dict]:
    """The report's sections in order, each {index, heading, purpose, mode, notes}: the opening
    (index 0, mode "answer"; written even without notes, to say what is missing) and then the
    plan's outline. A planner's own "Answer" section joins "How the answer was found" when the
    outline has one (a chain: Answer / How the answer was found / Context), else it follows as
    the answer in detail. Outline sections without notes are left out."""
    by_heading = _notes_for_sections(job)
    notes = [n for group in by_heading.values() for n in group]
    sections = [
        {
            "index": 0,
            "heading": ANSWER_HEADING,
            "purpose": ANSWER_PURPOSE,
            "mode": "answer",
            "notes": answer_notes(job, notes),
        }
    ]
    headings = {s["heading"].strip().lower(): s["heading"] for s in job.outline}
    planner_answer = headings.get(ANSWER_HEADING.lower())
    # A chain's outline (Answer / How the answer was found / Context): the final link's notes
    # are how the answer was found, after the opening that states it.
    chain_home = headings.get(CHAIN_HEADING.lower()) if planner_answer else None
    for i, section in enumerate(job.outline):
        heading = section["heading"]
        own = list(by_heading.get(heading, []))
        if heading == planner_answer and chain_home:
            continue
        if heading == chain_home:
            own = list(by_heading.get(planner_answer, [])) + own
        shown = ANSWER_DETAIL_HEADING if heading == planner_answer else heading
        if own:
            sections.append(
                {"index": i + 1, "heading": shown, "purpose": section["purpose"], "mode": "section", "notes": own}
            )
    return sections


def opening_unanswered(job: Job) -> list[str]:
    """What the opening must say the sources do not state (jobs.stages.gap.unanswered_for). A
    plan without a chain of facts (no hop above 1) asks the question itself in several wordings,
    so when its answer is missing the question's own words say what is missing, not one
    sub-question's wording ("according to X itself, how many …")."""
    clauses = unanswered_for(job)
    if clauses and not SubQuestion.objects.filter(job=job, hop__gte=2).exists():
        return [qtext.absence_clause(job.question)]
    return clauses


def _draft(ctx: RunContext, job: Job, section: dict) -> dict:
    """One section's write step (the opening's counter is "answer"): its output, replayed on a re-run."""

    def fn():
        unanswered = opening_unanswered(job) if section["mode"] == "answer" else []
        if not section["notes"]:  # nothing to write from: only what is missing is said
            return StepResult(
                output={"sentences": [], "unanswered": unanswered or [qtext.absence_clause(job.question)]}
            )
        try:
            out = writer.draft_section(
                question=job.question,
                outline=job.outline,
                heading=section["heading"],
                purpose=section["purpose"],
                notes=section["notes"],
                mode=section["mode"],
                unanswered=unanswered,
                disputed=evidence.disputed_notes(job),
                subquestions=list(job.subquestions.all()) if section["mode"] == "answer" else None,
            )
        except BudgetExceeded as exc:
            return StepResult(output={"sentences": [], "error": f"{exc.dimension} budget exhausted"})
        if section["mode"] == "answer":
            said = [agents_gap.clause_of(u) for u in out.get("unanswered", [])]
            out["unanswered"] = [c for c in dict.fromkeys([*unanswered, *said]) if c]
        return StepResult(output=out)

    counter = "answer" if section["mode"] == "answer" else section["index"] - 1
    return run_step(ctx, kind="write", counter=counter, fn=fn, phase=Phase.WRITING)


def draft_table(ctx: RunContext, job: Job, notes: list[Note]) -> dict | None:
    """The comparison table's write step for a comparison question (None otherwise)."""
    if not gets_table(job.question) or not notes:
        return None
    terms = tx.term_set(job.question)
    place = {id(n): i for i, n in enumerate(notes)}  # reading order, not note ids (see answer_notes)
    chosen = sorted(
        sorted(notes, key=lambda n: (-_closeness(terms, n), place[id(n)]))[:MAX_TABLE_NOTES], key=lambda n: place[id(n)]
    )

    def fn():
        try:
            return StepResult(output=writer.draft_table(question=job.question, notes=chosen))
        except (BudgetExceeded, ModelOutputError) as exc:
            return StepResult(output={"entities": [], "attributes": [], "cells": [], "error": str(exc)[:300]})

    return run_step(ctx, kind="write", counter="table", fn=fn, phase=Phase.WRITING)


def _section(sections: list[dict], job: Job, index: int) -> dict:
    for section in sections:
        if section["index"] == index:
            return section
    # Its notes are gone (a replay after the evidence step changed nothing should not get here).
    heading = ANSWER_HEADING if index == 0 else job.outline[index - 1]["heading"]
    return {
        "index": index,
        "heading": heading,
        "purpose": "",
        "mode": "answer" if index == 0 else "section",
        "notes": [],
    }


def _counter(index: int):
    """A section's write-step counter: "answer" for the opening, the outline index otherwise."""
    return "answer" if index == 0 else index - 1


def start_writing(ctx: RunContext) -> list[int]:
    """Move the job to writing (noting why research stopped, if it stopped early, or that the
    reader model's replies could not be used); returns the indexes of the report's sections
    (0 is the opening), each drafted by one step."""
    job = ctx.job
    job_transition(job.pk, to=Job.Status.WRITING, epoch=ctx.epoch, from_statuses=Job.ACTIVE_STATUSES)
    lifecycle.record_model_failure(job)
    evidence.run(ctx)  # which notes each section gets (one step)
    research_stop = budget.search_stop_reason(job)
    if research_stop:
        budget.record_stop(job, f"writing started early: {research_stop}")
    return [section["index"] for section in report_sections(job)]


def _section_sentences(section: dict, out: dict) -> list[dict]:
    return [
        {**sentence, "section_index": section["index"], "heading": section["heading"], "position": position}
        for position, sentence in enumerate(out["sentences"])
    ]


def write_section(ctx: RunContext, index: int, section: dict | None = None) -> list[dict]:
    """Draft report section `index` (0 is the opening) from its notes (one step, replayed when
    it exists); returns its drafted sentences. Sections are independent, so they may be drafted
    at once; the opening's task also drafts a comparison question's table."""
    job = ctx.job
    sections = report_sections(job) if section is None or index == 0 else []
    section = section or _section(sections, job, index)
    out = _draft(ctx, job, section)
    if out.get("error"):
        budget.record_stop(job, f"report cut short: {out['error']} while writing")
    events.emit(ctx.job_id, "section_drafted", {"heading": section["heading"], "sentences": len(out["sentences"])})
    if index == 0:
        draft_table(ctx, job, [n for s in sections[1:] for n in s["notes"]])
    return _section_sentences(section, out)


def write_sections(ctx: RunContext) -> list[dict]:
    """Draft the opening and every section that has notes, one after another in this task;
    returns the drafted sentences in report order."""
    drafted: list[dict] = []
    for section in report_sections(ctx.job):
        drafted.extend(write_section(ctx, section["index"], section))
    return drafted


def drafted_sentences(ctx: RunContext, indexes: list[int]) -> list[dict]:
    """The drafted sentences of sections `indexes` in report order, repeats merged (what the
    check judges, numbered as its step keys count): read from their write steps in one query;
    a section whose step is missing (its task failed for good) is drafted here."""
    keys = {index: step_key(ctx.job_id, None, "write", _counter(index)) for index in indexes}
    missing = [k for k in [*keys.values(), *_table_keys(ctx)] if k not in ctx.replay]
    if missing:
        ctx.prefetch(step_key__in=missing)
    sections = {s["index"]: s for s in report_sections(ctx.job)}
    drafted: list[dict] = []
    for index in sorted(indexes):
        out = ctx.replay.get(keys[index])
        section = sections.get(index) or _section([], ctx.job, index)
        drafted.extend(_section_sentences(section, out) if out is not None else write_section(ctx, index, section))
    return completed_draft(ctx, drafted)


def _table_keys(ctx: RunContext) -> list[str]:
    """The comparison table's write step key, for a comparison question only."""
    return [step_key(ctx.job_id, None, "write", "table")] if gets_table(ctx.job.question) else []


def completed_draft(ctx: RunContext, drafted: list[dict]) -> list[dict]:
    """The sections' drafted sentences with what code states in every model's report: a
    comparison's rows side by side in the opening, the disagreements; repeats merged."""
    for key in _table_keys(ctx):
        if key not in ctx.replay:
            ctx.prefetch(step_key__in=[key])
        drafted = with_side_by_side(ctx.job, drafted, ctx.replay.get(key))
    drafted = with_dated_events(with_dated_figures(drafted))
    drafted += evidence.disagreement_drafts(evidence.run(ctx), drafted)
    return merge_repeated_sentences(drafted)


MAX_DATED_SOURCES = 2  # an opening figure drawn from more sources than this names none of them
_ATTRIBUTED_RE = re.compile(rf"^Sources disagree\b| writes: \u201c|\((?:[^()]*), {composition.WRITTEN_DATE_RE}\)")


def with_dated_figures(drafted: list[dict]) -> list[dict]:
    """The opening's figures say who gave them and when: a sentence of the opening that states a
    figure (not a year) ends with its dated sources ("… 1.82 million vehicles in 2025 (Voltara
    Motors, 6 January 2026)."), so a reader weighs a number by its source and its age, as the
    disagreements do. Sources without a date are not named; a sentence already attributed
    is left as it is. Built in code from the notes' sources, so every model's report has it."""
    opening = [d for d in drafted if d["section_index"] == 0]
    ids = {i for d in opening for i in d["note_ids"]}
    if not ids:
        return drafted
    rows = Note.objects.filter(note_id__in=ids).select_related("source", "sq")
    notes = {n.id: n for n in evidence.evidence_notes(list(rows))}
    out = []
    for d in drafted:
        figures = [n for n in tx.numbers(d["text"]) if not tx.is_year(n)]
        if d["section_index"] != 0 or not figures or _ATTRIBUTED_RE.search(d["text"]):
            out.append(d)
            continue
        dated = []
        for note in (notes[i] for i in d["note_ids"] if i in notes):
            source = (note.source_name, composition.written_date(note.published))
            if note.published and source not in dated:
                dated.append(source)
        if not dated or len(dated) > MAX_DATED_SOURCES:  # a sentence drawn from many: its notes say
            out.append(d)
            continue
        named = "; ".join(f"{label}, {when}" for label, when in dated)
        text = d["text"]
        for label, _ in dated:  # "Northgate Research's table “…” (Northgate Research, …)" names it twice
            text = composition.without_publisher(text, label)
        out.append({**d, "text": _with_sources(text, named)})
    return out


def _with_sources(text: str, named: str) -> str:
    """`text` with "(named)" before its closing punctuation ("… in 2025 (Voltara Motors, 6 January 2026).")."""
    text = text.rstrip()
    end = text[-1] if text[-1] in ".!?" else ""
    return f"{text[: len(text) - len(end)]} ({named}){end or '.'}"


# "has extended its agreement", "have signed", "has opened": an event told as news, which says
# nothing of when it happened once the news is old. ("has been" says how a thing stands.)
_NEWS_EVENT_RE = re.compile(
    r"\b(?:has|have)\s+(?:(?:also|now|just|recently|since|already)\s+)?(?!been\b)[a-z]+(?:ed|en|un|wn|ght)\b"
)


# "yesterday", "this week", "last month": a time that only the page's date places.
_RELATIVE_TIME_RE = re.compile(
    r"\b(?:yesterday|today|tonight|tomorrow|(?:earlier\s+)?this\s+(?:morning|week|month)|"
    r"(?:last|next)\s+(?:week|month))\b",
    re.I,
)


def with_dated_events(drafted: list[dict]) -> list[dict]:
    """An event told as news says who first reported it and when: a sentence in the present
    perfect that gives no year ("Sunmark Energy has extended its agreement with Corvane
    Materials …"), or one that places it by the page's own date ("began sending power ashore
    yesterday"), ends with its earliest dated source ("(Sunmark Energy, 14 May 2024)"), so a
    reader knows how old the news is. Sentences already attributed, table rows, quotations and
    sentences whose sources give no date are left as they are. Built in code, so every model's
    report has it."""
    wanted = [
        d
        for d in drafted
        if (
            (_NEWS_EVENT_RE.search(d["text"]) and not any(tx.is_year(n) for n in tx.numbers(d["text"])))
            or _RELATIVE_TIME_RE.search(d["text"])
        )
        and not _ATTRIBUTED_RE.search(d["text"])
        and not tx.is_table_row(d["text"])
        and "\u201c" not in d["text"]
    ]
    ids = {i for d in wanted for i in d["note_ids"]}
    if not ids:
        return drafted
    rows = Note.objects.filter(note_id__in=ids, source__published_at__isnull=False).select_related("source", "sq")
    notes = {n.id: n for n in evidence.evidence_notes(list(rows))}
    chosen = {id(d) for d in wanted}
    out = []
    for d in drafted:
        dated = [notes[i] for i in d["note_ids"] if i in notes] if id(d) in chosen else []
        if not dated:
            out.append(d)
            continue
        first = min(dated, key=lambda n: n.published)  # ISO dates sort as dates
        named = f"{first.source_name}, {composition.written_date(first.published)}"
        out.append({**d, "text": _with_sources(d["text"], named)})
    return out


MAX_SIDE_BY_SIDE_NOTES = 3  # per row: the first note of each name it shows comes first


def with_side_by_side(job: Job, drafted: list[dict], table: dict | None) -> list[dict]:
    """A comparison's opening sets the table's rows side by side in one sentence (built in code,
    so every model's report has it), first, or second after the opening's sentence that lists
    the rows' names; the table's cells are checked first (report.comparison_table), so the
    sentence holds only what their notes hold."""
    checked = report.comparison_table(job, table) if table else None
    if not checked:
        return drafted
    opening = [d for d in drafted if d["section_index"] == 0]
    rows = [(r["entity"], r["cells"][0]) for r in checked["rows"] if r["cells"] and r["cells"][0]]
    rows = _rows_read_in_one_quote(rows)
    text = composition.side_by_side(checked["attributes"][0], [(e, c["value"]) for e, c in rows])
    if not text:
        return drafted
    ids = list(dict.fromkeys(i for _, c in rows for i in c["citations"][:MAX_SIDE_BY_SIDE_NOTES]))
    entities = [e for e, _ in rows]
    listing = next(
        (k for k, d in enumerate(opening) if sum(e in d["text"] for e in entities) >= max(2, len(entities) - 1)),
        None,
    )
    summary = {"text": text, "note_ids": ids, "section_index": 0, "heading": ANSWER_HEADING}
    # The comparison is the direct answer: it opens the report, after only the sentence that
    # says which things are compared; the opening's other sentences (a single member's news) follow.
    lead = [opening[listing]] if listing is not None else []
    opening = [*lead, summary, *(d for k, d in enumerate(opening) if k != listing)]
    opening = [{**d, "position": k} for k, d in enumerate(opening)]
    return opening + [d for d in drafted if d["section_index"] != 0]


def _rows_read_in_one_quote(rows: list[tuple[str, dict]]) -> list[tuple[str, dict]]:
    """The rows one of whose cited quotes names both the row and a name of its cell: each clause
    of the side-by-side sentence ("those of X are Y") is then read in a quote. A cell read
    through the row's things (X's wind farm in one note, that farm's turbines "from" Y in
    another) stays in the table, which cites both, but is no clause of that sentence."""
    ids = {i for _, cell in rows for i in cell["citations"]}
    quotes = dict(Note.objects.filter(note_id__in=ids).values_list("note_id", "quote"))
    out = []
    for entity, cell in rows:
        names = composition.names(cell["value"]) or [cell["value"]]
        cited = [quotes.get(i, "") for i in cell["citations"]]
        if any(entity in q and any(n in q for n in names) for q in cited):
            out.append((entity, cell))
    return out


def start_checking(ctx: RunContext) -> None:
    job_transition(ctx.job.pk, to=Job.Status.CHECKING, epoch=ctx.epoch, from_statuses=Job.ACTIVE_STATUSES)


def finish_report(ctx: RunContext, checked: list, check_stop: str) -> None:
    """Store the checked sentences as the report; the job ends done."""
    if check_stop:
        budget.record_stop(ctx.job, check_stop)
    report.finish(ctx, checked)


def write_and_check(ctx: RunContext) -> None:
    """Write, check and store the report in this one task (sections one after another, then
    every sentence); the job ends done. The task graph does the same in parallel (jobs/tasks.py:
    a chord of section tasks, then a chord of check batches)."""
    ctx.prefetch(kind__in=["write", "check"])
    start_writing(ctx)
    drafted = completed_draft(ctx, write_sections(ctx))
    start_checking(ctx)
    checked, check_stop = check.check_draft(ctx, drafted)
    finish_report(ctx, checked, check_stop)


def _sentence_key(text: str) -> str:
    """A sentence as a repeat is recognised: the dated sources the opening adds to its figures
    are not part of the claim, so the body's copy of an opening sentence is the same sentence."""
    return tx.normalise_space(composition.without_dated_sources(text)).lower().rstrip(".!?;: ")


MIN_TERMS_TO_DROP_AS_SAID = 3
# The joints at which a composed sentence's parts meet ("A and is based in B; C, but D").
_PART_JOINT_RE = re.compile(r";\s+|,?\s+(?:and|but|while|whereas)\s+")


def _said_before(text: str, earlier: list[set]) -> bool:
    """Whether each part of `text` says nothing that one earlier sentence does not say: the
    words of a part must all be in one sentence, so that a relation (two things in one part)
    is never taken as said because each thing was said somewhere."""
    parts = [tx.term_set(p) for p in _PART_JOINT_RE.split(text)]
    return bool(earlier) and all(any(p <= e for e in earlier) for p in parts if p)


def merge_repeated_sentences(drafted: list[dict]) -> list[dict]:
    """Sections are written apart, so two of them may state the same claim (notes from two
    sub-questions, or two pages that say the same). A reader should meet it once: the first
    occurrence stays, with the note ids of every repeat added (more sources for one claim).
    A sentence each of whose parts one earlier sentence already says, every word and figure ("X
    is studying a site further south and is based in Nantes" after "X is studying a site further
    south" and "X … is based in Nantes") is a repeat too; its note ids go to the earlier sentence
    that says most of it. The opening is weighed on its own: the body may say again, in detail, what the
    opening answers in short, but no body section repeats another."""
    first: dict[str, dict] = {}
    said: dict[int, list[tuple[dict, set]]] = {}  # 0: the opening's sentences; 1: the body's
    out = []
    for sentence in drafted:
        key = _sentence_key(sentence["text"])
        if key in first:
            kept = first[key]
            kept["note_ids"] = list(dict.fromkeys([*kept["note_ids"], *sentence["note_ids"]]))
            continue
        terms = tx.term_set(sentence["text"])
        earlier = said.setdefault(min(sentence["section_index"], 1), [])  # the opening, or the body
        if len(terms) >= MIN_TERMS_TO_DROP_AS_SAID and _said_before(sentence["text"], [t for _, t in earlier]):
            kept = max(earlier, key=lambda pair: len(pair[1] & terms))[0]
            kept["note_ids"] = list(dict.fromkeys([*kept["note_ids"], *sentence["note_ids"]]))
            continue
        first[key] = {**sentence, "note_ids": list(sentence["note_ids"])}
        earlier.append((first[key], terms))
        out.append(first[key])
    return out
