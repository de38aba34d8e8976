"""The search worker: a small agent loop per sub-question, at most 6 model calls.

Each turn is one step (kind "search", counter = turn). On each call the model sees its
sub-question (pinned), the queries already sent, its notes so far, and its history of
decisions, observations and errors (elided and compacted by agents/context.py). It picks
one declared tool (agents/tools.py); code executes it:

- search: a query the job already sent (normalised) is not sent again: its stored results are
  the observation (the same text a first search shows, so a worker's trajectory does not depend
  on which worker sent it first; a worker's own repeat says so); stopped when 70% of a budget
  is used; otherwise charged and run through the provider chain;
- fetch_pages: only URLs from this worker's results; each page is fetched once per job (the
  sources table, the page cache) and read once per sub-question, whichever worker asked first;
  the pages are read by reader tasks in parallel, and the loop continues when they are done;
- fetch_result: replays an elided observation by its handle;
- finish: summary and not_found, stored on the sub-question.

Everything the loop knows is rebuilt from its step rows, so a re-dispatched worker replays
its finished turns for free and continues where the dead one stopped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from enum import Enum
from typing import Protocol

from django.conf import settings

from agents import context, prompts, tools
from agents import text as tx
from agents.digests import note_digest
from agents.llm import ModelOutputError, complete_json
from agents.safety import untrusted_snippet
from agents.sources.documents import collection_markers
from agents.sources.results import Result
from agents.sources.search import SearchUnavailable, run_search
from agents.sources.urls import domain_of
from jobs.runtime import budget, experiments

MAX_MODEL_CALLS = 6
PAGES_PER_WORKER = {"quick": 3, "deep": 5}


class Next(str, Enum):
    FETCH = "fetch"  # pages must be read before the loop goes on
    DONE = "done"


def mentions(result: Result, names: list[str]) -> list[str]:
    """The names (of the sub-question) that a result's title or snippet holds. A chain's later
    link asks about a name round one found ("Which company built the trains for the Glenbrack
    Line?"), which the titles of the pages that answer it rarely carry ("Our network"); the
    search engine's snippet does, and the worker may not see the snippet itself."""
    text = f"{result.title} {result.snippet or ''}".casefold()
    return [name for name in names if re.search(rf"(?<!\w){re.escape(name.casefold())}(?!\w)", text)]


@dataclass
class Outcome:
    """What the loop needs next: pages read (`fetch`) or nothing (`done`)."""

    kind: Next
    urls: list = field(default_factory=list)
    turn: int = 0


@dataclass
class SearchTurn:
    """One turn of the loop as stored in its step row (JSON): the model's decision and what
    code did with it. Only the fields a turn used are stored."""

    turn: int
    tool: str
    thought: str = ""
    arguments: dict = field(default_factory=dict)
    handle: str = ""
    compaction: dict | None = None
    compacted_upto: int = 0
    error: str = ""
    observation: str = ""
    results: list = field(default_factory=list)
    provider: str = ""
    domains: list = field(default_factory=list)
    urls: list = field(default_factory=list)
    covers: str = ""
    claimed: list = field(default_factory=list)
    skipped: list = field(default_factory=list)
    note_ids: list = field(default_factory=list)
    search_unavailable: bool = False

    ALWAYS = ("turn", "tool", "thought", "arguments", "handle", "compaction", "compacted_upto")

    def to_dict(self) -> dict:
        data = asdict(self)
        return {k: v for k, v in data.items() if k in self.ALWAYS or v}

    @classmethod
    def from_dict(cls, data: dict) -> SearchTurn:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    @property
    def finished(self) -> bool:
        return self.tool == tools.FINISH.name


class WorkerStore(Protocol):
    """What the loop reads and writes outside itself. The research stage implements it (step
    rows, the job's sets of sent queries and claimed pages, events); the loop stays a function
    of its sub-question and what the store returns."""

    def prefetch(self) -> None: ...

    def run_turn(self, turn: int, fn: Callable[[], SearchTurn]) -> SearchTurn:
        """The stored turn `turn`, or fn() run once and stored (a finishing turn also finishes
        the sub-question)."""

    def read_output(self, url: str) -> dict | None:
        """The read step of `url` for this sub-question, or None when it has not run."""

    def claim_query(self, normalised: str, query: str, turn: int) -> EarlierQuery | None:
        """None when this turn sends `query` first; otherwise the job's earlier sending of it
        (with its stored results, when the turn that sent it has finished)."""

    def claim_pages(self, pages: dict[str, dict]) -> set[str]:
        """Record that this worker reads each url of `pages` ({url: its search result}; the job's
        one source row per page). Returns the urls this sub-question may read: every
        sub-question may read a page once."""

    def emit(self, event_type: str, data: dict) -> None: ...


@dataclass(frozen=True)
class EarlierQuery:
    """A query the job sent before: by which sub-question and turn, and the results it got
    (None while the turn that sent it has not finished)."""

    query: str
    sq_id: int | None
    turn: int | None
    results: list | None
    provider: str = ""


def normalise_query(query: str) -> str:
    return " ".join(sorted(set(tx.terms(query))))[:300]


class SearchWorker:
    """The loop of one sub-question. `job` and `sq` are read only; every write goes through
    `store`."""

    def __init__(self, *, job, sq, store: WorkerStore):
        self.job = job
        self.sq = sq
        self.store = store
        self.max_pages = int(experiments.overrides(job).get("pages_per_worker") or PAGES_PER_WORKER.get(job.depth, 5))
        self.tools = tools.tools_for(self.job.sources)
        # Markers of the user's files, not their content: a file is read through a tool.
        self.collection = collection_markers(owner=self.job.user) if "uploads" in self.job.sources else []
        self.history: list[context.Entry] = []
        # The uncompressed trajectory: every entry ever seen, logged with each model call.
        self.everything: list[context.Entry] = []
        self.compacted: dict | None = None
        self.queries: list[str] = []
        self.notes: list[dict] = []
        self.results_seen: dict[str, dict] = {}
        self.observations: dict[str, str] = {}
        self.pages_claimed = 0
        self.urls_read: set[str] = set()
        self.reads_failed = 0
        # Each declared tool is bound to the code that runs it (tests check none is missing).
        self.handlers: dict[str, Callable[[int, SearchTurn, dict], SearchTurn]] = {
            tools.SEARCH.name: self._tool_search,
            tools.FIND_FILES_BY_NAME.name: self._tool_search,
            tools.FIND_FILES_BY_TERM.name: self._tool_search,
            tools.SEARCH_FILES_BY_MEANING.name: self._tool_search,
            tools.FETCH_PAGES.name: self._tool_read,
            tools.READ_FILES.name: self._tool_read,
            tools.FETCH_RESULT.name: self._tool_fetch_result,
            tools.FINISH.name: self._tool_finish,
        }

    # --- replay and continue -------------------------------------------------------------
    def advance(self) -> Outcome:
        self.store.prefetch()  # every finished turn and read of this worker, one query
        for turn in range(1, MAX_MODEL_CALLS + 1):
            out = self.store.run_turn(turn, lambda t=turn: self._turn(t))
            self._absorb(out)
            if out.finished:
                return Outcome(Next.DONE, turn=turn)
            if out.tool in tools.READ_TOOL_NAMES and (out.claimed or out.skipped):
                pending = [u for u in out.claimed if self.store.read_output(u) is None]
                if pending:
                    return Outcome(Next.FETCH, urls=pending, turn=turn)
                self._absorb_reads(out)
        # Six calls made and no finish: code ends the loop with what the notes hold.
        self.store.run_turn(
            MAX_MODEL_CALLS + 1, lambda: self._finish_in_code(MAX_MODEL_CALLS + 1, "reached the limit of 6 model calls")
        )
        return Outcome(Next.DONE, turn=MAX_MODEL_CALLS + 1)

    def _absorb(self, out: SearchTurn) -> None:
        turn = out.turn
        if out.compaction is not None:
            self._apply_compaction(out.compaction, out.compacted_upto)
        self._record(
            context.Entry(turn=turn, kind="decision", text=out.thought, tool=out.tool, arguments=out.arguments)
        )
        if out.error:
            self._record(context.Entry(turn=turn, kind="error", text=out.error, tool=out.tool))
        if out.tool in tools.SEARCH_TOOLS and not out.error:
            _, argument = tools.SEARCH_TOOLS[out.tool]
            asked = out.arguments[argument]
            self.queries.append(asked if out.tool == tools.SEARCH.name else f"{out.tool}: {asked}")
            for r in out.results:
                self.results_seen.setdefault(r["url"], r)
        if out.observation:
            self.observations[out.handle] = out.observation
            self._record(
                context.Entry(
                    turn=turn,
                    kind="observation",
                    text=out.observation,
                    tool=out.tool,
                    arguments=out.arguments,
                    handle=out.handle,
                    domains=out.domains,
                    covers=out.covers,
                    urls=out.urls,
                )
            )
        self.pages_claimed += len(out.claimed)
        self.urls_read.update(out.claimed)

    def _absorb_reads(self, out: SearchTurn) -> None:
        lines = []
        for url in out.claimed:
            read = self.store.read_output(url) or {}
            if read.get("error"):
                lines.append(f"failed {url} : {read['error']}")
                self.reads_failed += 1
                continue
            ids = [n["id"] for n in read.get("notes", [])]
            lines.append(f"read {url} : {len(ids)} notes {ids}" if ids else f"empty {url} : no relevant passage")
            self.notes.extend(read.get("notes", []))
        for url in out.skipped:
            lines.append(f"skipped {url} : you read it in an earlier turn")
        text = "\n".join(lines)
        handle = f"{out.handle}_read"
        self.observations[handle] = text
        self._record(
            context.Entry(
                turn=out.turn,
                kind="observation",
                text=text,
                tool=out.tool,
                arguments=out.arguments,
                handle=handle,
                domains=sorted({domain_of(u) for u in out.claimed}),
                covers=f"{sum(1 for line in lines if line.startswith('read'))} pages read",
                urls=out.claimed,
            )
        )

    def _record(self, entry: context.Entry) -> None:
        self.history.append(entry)
        self.everything.append(entry)

    def _apply_compaction(self, summary: dict, upto: int) -> None:
        """What the model sees shrinks; the full trajectory (self.everything) never does."""
        kept = [e for e in self.history if e.turn <= upto and e.kind in {"decision", "error"}]
        tail = [e for e in self.history if e.turn > upto]
        self.history = kept + tail
        self.compacted = summary

    # --- one turn ------------------------------------------------------------------------
    def _finish_in_code(self, turn: int, why: str) -> SearchTurn:
        summary = " ".join(n["claim"] for n in self.notes[:6])[:1200] or "No relevant evidence found."
        not_found = [] if self.notes else [self.sq.text]
        not_found.append(f"research stopped: {why}")
        return self._finished(
            SearchTurn(
                turn=turn,
                tool=tools.FINISH.name,
                thought=f"Stopped by code: {why}.",
                arguments={"summary": summary, "not_found": not_found},
                handle=f"r_{turn}",
            )
        )

    def _finished(self, base: SearchTurn) -> SearchTurn:
        base.note_ids = [n["id"] for n in self.notes]
        if not self.notes:
            # A worker that ends with nothing says why, in code, whatever the model wrote.
            entry = f"{self.sq.text} (not found: {self._why_nothing()})"
            not_found = [x for x in base.arguments.get("not_found") or [] if x.strip() != self.sq.text.strip()]
            base.arguments = {**base.arguments, "not_found": [entry, *not_found]}
        return base

    def _why_nothing(self) -> str:
        """Why this worker has no notes, from its own trajectory."""
        if not self.queries:
            return "no search was sent"
        sent = "; ".join(f'"{q}"' for q in self.queries[:4]) + ("; ..." if len(self.queries) > 4 else "")
        searches = f"{len(self.queries)} search{'es' if len(self.queries) != 1 else ''} ({sent})"
        if not self.results_seen:
            return f"{searches} found no results"
        if not self.urls_read:
            return f"{searches} found {len(self.results_seen)} results; none was read"
        failed = self.reads_failed
        held = f"{len(self.urls_read)} page{'s' if len(self.urls_read) != 1 else ''} read"
        if failed:
            held += f" ({failed} could not be read)"
        return f"{searches} found {len(self.results_seen)} results; {held}, none held a passage that answers it"

    def _render_prompt(self, turn: int):
        return prompts.render(
            "search_worker",
            task=f"{self.job.question}\n(depth: {self.job.depth}; sources: {', '.join(self.job.sources)})",
            subquestion=self.sq.text,
            turn=turn,
            max_calls=MAX_MODEL_CALLS,
            pages_read=self.pages_claimed,
            max_pages=self.max_pages,
            compacted=json.dumps(self.compacted, ensure_ascii=False) if self.compacted else "",
            history=context.visible_history(self.history, turn),
            queries_sent=self.queries,
            notes=[{"id": n["id"], "digest": note_digest(n["claim"]), "domain": n["domain"]} for n in self.notes],
            tools=self.tools,
            collection=self.collection,
        )

    def _maybe_compact(self, turn: int) -> tuple[dict | None, int]:
        budget_tokens = settings.WORKER_CONTEXT_TOKENS
        rendered = self._render_prompt(turn)
        size = sum(context.count(m["content"]) for m in rendered.messages)
        if not context.needs_compaction(size, budget_tokens) or not context.at_turn_boundary(self.history):
            return None, 0
        kept, to_compact, tail = context.split_for_compaction(self.history, budget_tokens)
        if not to_compact:
            return None, 0
        self.store.emit("compacting", {"sq_id": self.sq.pk, "turn": turn, "tokens": size})
        prompt = prompts.render("compactor", task=self.sq.text, entries=[context.render(e) for e in to_compact])
        summary = complete_json(prompt).data
        upto = max(e.turn for e in to_compact)
        self._apply_compaction(summary, upto)
        return summary, upto

    def _turn(self, turn: int) -> SearchTurn:
        stop_reason = budget.search_stop_reason(self.job)
        if stop_reason:
            budget.record_stop(self.job, f"writing started early: {stop_reason}")
            return self._finish_in_code(turn, stop_reason)
        compaction, upto = self._maybe_compact(turn)
        prompt = self._render_prompt(turn)
        trajectory = [context.render(e) for e in self.everything]
        base = SearchTurn(turn=turn, tool="(invalid)", handle=f"r_{turn}", compaction=compaction, compacted_upto=upto)
        try:
            reply = complete_json(prompt, trajectory=trajectory).data
        except ModelOutputError as exc:
            # An empty or malformed answer (even after the client's one repair) costs this turn,
            # not the whole worker: the next turn sees what went wrong.
            base.error = (
                f"Your last reply could not be used ({exc}). Reply with one JSON object "
                f"naming one of the tools: {', '.join(t.name for t in self.tools)}."
            )
            return base
        base.tool, base.arguments, base.thought = reply["tool"], reply["arguments"], reply["thought"]
        tool = tools.by_name(self.tools, base.tool)
        if tool is None:
            base.error = tools.unknown_tool_error(base.tool, self.tools)
            return base
        problem = tool.validate(base.arguments)
        if problem:
            base.error = problem
            return base
        return self.handlers[tool.name](turn, base, base.arguments)

    # --- the tools' handlers ------------------------------------------------------------
    def _tool_finish(self, turn: int, base: SearchTurn, arguments: dict) -> SearchTurn:
        return self._finished(base)

    def _tool_fetch_result(self, turn: int, base: SearchTurn, arguments: dict) -> SearchTurn:
        text = self.observations.get(arguments["handle"])
        if text is None:
            base.error = (
                f"No result has the handle {arguments['handle']!r}. Use a handle shown in a stub of your history."
            )
        else:
            base.observation = text
        return base

    def _tool_search(self, turn: int, base: SearchTurn, arguments: dict) -> SearchTurn:
        # An uploads tool is bound to its local provider whatever the job's settings say.
        provider_name, argument = tools.SEARCH_TOOLS[base.tool]
        query = arguments[argument]
        tool = base.tool
        # One set of sent queries per job and per search tool: the same words asked of a
        # file-name search and of a full-text search are two different questions.
        normalised = normalise_query(query) if tool == tools.SEARCH.name else f"{tool}: {normalise_query(query)}"[:300]
        earlier = self.store.claim_query(normalised, query, turn)
        repeat_note = ""
        if earlier is not None and earlier.sq_id == self.sq.pk and earlier.turn is not None:
            repeat_note = (
                f"(you sent this query in turn {earlier.turn}: the same results again; rewrite it with a "
                "name, date or term from your notes, or read results you have not read yet)"
            )
        if earlier is not None and earlier.results is not None:
            # Sent before by this job: its stored results, not a second charge, not a refusal.
            provider_name = earlier.provider
            results = [Result(**r) for r in earlier.results]
        else:
            try:
                provider_name, results = run_search(
                    query,
                    sources=self.job.sources,
                    owner=self.job.user,
                    providers=[provider_name] if provider_name else None,
                )
            except SearchUnavailable as exc:
                base.error = (
                    f"search failed on every provider ({exc}). Try a different query later, or finish and "
                    "say what you could not research."
                )
                base.search_unavailable = True
                return base
        self.store.emit(
            "search", {"sq_id": self.sq.pk, "query": query, "results": len(results), "provider": provider_name}
        )
        lines = [f"{'query' if tool == tools.SEARCH.name else tool}: {query}", f"{len(results)} results:"]
        asked_names = tx.entities(self.sq.text)
        for i, r in enumerate(results, 1):
            # Title and address only: a snippet is page text, and this model holds tools. Which of
            # the sub-question's own names the snippet holds is said in the sub-question's words.
            mentioned = mentions(r, asked_names)
            lines.append(
                f"{i}. {untrusted_snippet(r.title, 120)} | {r.url} | {r.domain} | {r.published or 'undated'} | "
                f"quality {r.quality:.2f}" + (f" | mentions: {'; '.join(mentioned)}" if mentioned else "")
            )
        if not results:
            lines.append("(no results: rewrite the query with other terms)")
        if repeat_note:
            lines.append(repeat_note)
        base.results = [r.to_dict() for r in results]
        base.observation = "\n".join(lines)
        base.provider = provider_name
        base.domains = list(dict.fromkeys(r.domain for r in results))
        base.urls = [r.url for r in results]
        base.covers = ", ".join(untrusted_snippet(r.title, 40) for r in results[:3])
        return base

    def _tool_read(self, turn: int, base: SearchTurn, arguments: dict) -> SearchTurn:
        urls = arguments["urls"]
        unknown = [u for u in urls if u not in self.results_seen]
        room = self.max_pages - self.pages_claimed
        if unknown:
            base.error = (
                f"{base.tool} refused {unknown}: only addresses from your search results can be read. "
                "Search first, then pick from the results."
            )
            return base
        if room <= 0:
            base.error = f"You have read your {self.max_pages} pages. Call finish with what your notes establish."
            return base
        wanted = [url for url in dict.fromkeys(urls[:room]) if url not in self.urls_read]
        allowed = self.store.claim_pages({url: self.results_seen[url] for url in wanted}) if wanted else set()
        for url in dict.fromkeys(urls[:room]):
            (base.claimed if url in allowed else base.skipped).append(url)
        base.urls = list(base.claimed)
        if not base.claimed:
            base.error = "You have read every page you chose. Pick other results or search again."
        return base
