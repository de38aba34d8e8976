from __future__ import annotations

import time

from agents import prompts
from citations.evidence import EvidenceNote
from jobs.models import Job

DEMO_QUESTION = "Compare the battery suppliers of the five largest electric car makers"


def wait_for_job(job_id, *, timeout: float = 120, statuses=Job.TERMINAL_STATUSES) -> Job:
    """Poll until the job reaches one of `statuses`; raise AssertionError on timeout."""
    deadline = time.monotonic() + timeout
    job = Job.objects.get(pk=job_id)
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.status in statuses:
            return job
        time.sleep(0.2)
    raise AssertionError(f"job {job_id} still {job.status} after {timeout} s")


def offline_gap_decision(question: str, outline: list, subquestions: list[dict], **extra) -> dict:
    """The offline gap check's decision on the gap-check prompt rendered as the gap stage renders
    it (no model call): `extra` adds prompt fields such as single_source."""
    from agents import prompts
    from agents.engine import gap

    prompt = prompts.render(
        "gap_check",
        question=question,
        outline=outline,
        subquestions=subquestions,
        other_findings=[],
        max_new=2,
        max_hop=3,
        **extra,
    )
    return gap.decide(prompt.messages[1]["content"])


def researched_subquestion(text: str, hop: int, key_notes: list[str], section: str) -> dict:
    """A sub-question as the gap-check prompt lists it once researched: done, in round one, with
    `key_notes` (whole sentences) as what its worker found."""
    return {
        "text": text,
        "section": section,
        "status": "done",
        "summary": f"{len(key_notes)} notes",
        "not_found": [],
        "key_notes": key_notes,
        "hop": hop,
        "round": 1,
    }


def evidence_note(i: int, text: str, domain: str, published: str | None = None, **fields) -> EvidenceNote:
    """A note quoting ``text`` whole from page ``https://<domain>/p<i>``, on that page's text, in
    section "S": the defaults the citation tests share; a test sets only the fields it is about."""
    values = {"url": f"https://{domain}/p{i}", "quality": 0.6, "section": "S", "page_text": text} | fields
    return EvidenceNote(id=i, claim=text, quote=text, domain=domain, published=published, **values)


def writer_note(i: int, claim: str, domain: str | None = None, **fields) -> dict:
    """A note as the writer's prompt lists it, quoting `claim` whole (from site<i>.example unless
    `domain` is given); a test sets only the fields it is about."""
    domain = domain or f"site{i}.example"
    view = {"id": i, "claim": claim, "quote": claim, "domain": domain, "source": domain, "published": "2026-01-10"}
    return view | {"quality": "0.70", "sq": 1, "hop": 0, "context": "", "disputed": ""} | fields


def writer_prompt(question: str, notes: list[dict], *, heading: str, purpose: str, mode="section", subquestions=()):
    """The user message of the writer's prompt for one section (or the opening, mode "answer")."""
    return prompts.render(
        "writer",
        question=question,
        outline=[{"heading": heading, "purpose": purpose}],
        heading=heading,
        purpose=purpose,
        notes=notes,
        feedback="",
        mode=mode,
        unanswered=[],
        subquestions=list(subquestions),
    ).messages[1]["content"]


def search_observation(query: str, results: list[str]):
    """The worker's history entry for a search for `query` that returned `results` (result lines
    as the search tool writes them: "1. Title | url | domain | date | quality 0.70")."""
    from agents import context

    return context.Entry(
        turn=1,
        kind="observation",
        tool="search",
        handle="r_1",
        text="\n".join([f"query: {query}", f"{len(results)} results:", *results]),
        arguments={"query": query},
    )


def worker_decision(
    task: str,
    subquestion: str,
    history: list,
    *,
    queries_sent: list[str],
    notes: list[tuple[str, str]] = (),
    turn: int = 2,
    pages_read: int = 0,
) -> dict:
    """The offline search worker's next tool call on its prompt rendered as the search stage
    renders it, with `history` (context entries) and `notes` ((claim, domain) pairs, digested as
    the stage digests them)."""
    from agents import context, tools
    from agents.digests import note_digest
    from agents.engine import worker

    rendered = prompts.render(
        "search_worker",
        task=f"{task}\n(depth: deep; sources: web)",
        subquestion=subquestion,
        turn=turn,
        max_calls=6,
        pages_read=pages_read,
        max_pages=5,
        compacted="",
        history=[context.render(e) for e in history],
        queries_sent=queries_sent,
        notes=[{"id": i, "digest": note_digest(claim), "domain": domain} for i, (claim, domain) in enumerate(notes)],
        tools=tools.WEB_TOOLS,
        collection=[],
    )
    system, user = (m["content"] for m in rendered.messages)
    return worker.decide(user, system)


def writer_opening(question: str, notes: list[dict], *, purpose: str) -> list[str]:
    """The sentences the offline writer opens a report with, from `notes` (writer_note()s), for a
    question asked as one sub-question."""
    from agents.engine import writer

    prompt = writer_prompt(
        question,
        notes,
        heading="Answer",
        purpose=purpose,
        mode="answer",
        subquestions=[{"id": 1, "hop": 0, "round": 1, "text": question}],
    )
    return [s["text"] for s in writer.write_section(prompt)["sentences"]]


def offline_answer(question: str, notes: list[dict], subquestions: list[dict]) -> dict:
    """The offline writer's opening (its whole output: sentences with note ids, `unanswered`)
    from `notes` (writer_note()s), for a plan of `subquestions` ({id, hop, round, text})."""
    from agents.engine import writer

    prompt = writer_prompt(
        question, notes, heading="Answer", purpose="The direct answer.", mode="answer", subquestions=subquestions
    )
    return writer.write_answer(prompt)


def notes_from_sources(user, sources: dict[str, tuple[str, str, object]]) -> dict:
    """One job of `user` with a note per source: {key: (domain, title, published_at or None)} ->
    {key: Note}, for tests of how a sentence names its dated sources."""
    from tests.factories import JobFactory, NoteFactory, SourceFactory

    job = JobFactory(user=user)
    return {
        key: NoteFactory(job=job, source=SourceFactory(job=job, domain=domain, title=title, published_at=published))
        for key, (domain, title, published) in sources.items()
    }


def job_with_quoted_notes(user, page: str, quotes: tuple[str, ...], *, status, heading: str, domain: str):
    """A job of `user` (in `status`, one outline section `heading`) with one stored page and a note
    per quote of it, each quote at its offsets: (job, notes in the order of `quotes`)."""
    from agents.sources import store
    from jobs.models import Note
    from tests.factories import JobFactory, SourceFactory, SubQuestionFactory

    job = JobFactory(user=user, status=status, outline=[{"heading": heading, "purpose": f"{heading}."}])
    sq = SubQuestionFactory(job=job, section=heading)
    source = SourceFactory(job=job, content_ref=store.put_text("page", page), domain=domain)
    notes = [
        Note.objects.create(
            job=job, sq=sq, source=source, claim=q, quote=q, char_start=page.index(q), char_end=page.index(q) + len(q)
        )
        for q in quotes
    ]
    return job, notes


def paid_step(tokens_in: int = 300, tokens_out: int = 100, usd: int = 40, then=None):
    """A step's work that makes one metered model call (reserving 2,000 tokens and 500
    micro-dollars, using what is given), then runs `then` if given, and outputs {"ok": True}."""
    from jobs.runtime.metering import PaidCall, metered_call
    from jobs.runtime.steps import StepResult

    def fn():
        metered_call(
            kind="model",
            role="judge",
            model="m",
            reserve_tokens=2000,
            reserve_usd_micros=500,
            call=lambda: PaidCall(value="ok", model="m", tokens_in=tokens_in, tokens_out=tokens_out, usd_micros=usd),
        )
        if then is not None:
            then()
        return StepResult(output={"ok": True})

    return fn
