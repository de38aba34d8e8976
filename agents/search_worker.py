"""The search worker: a small agent loop per sub-question, at most 6 model calls.

Each turn is one step (kind "search", counter = turn). On each call the model sees its
sub-question (pinned), the queries already sent, its notes so far, and its history of
decisions, observations and errors (elided and compacted by agents/context.py). It picks
one declared tool (agents/tools.py); code executes it:

- search: refused when the job already sent the same query (normalised) or when 70% of a
  budget is used; otherwise charged and run through the provider chain;
- fetch_pages: only URLs from this worker's results; URLs another worker of the job already
  claimed are skipped (one shared set per job: the sources table); the pages are then read
  by reader tasks in parallel, and the loop continues when they are done;
- fetch_result: replays an elided observation by its handle;
- finish: summary and not_found, stored on the sub-question.

Everything the loop knows is rebuilt from its step rows, so a re-dispatched worker replays
its finished turns for free and continues where the dead one stopped.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from django.conf import settings
from django.db import IntegrityError, transaction

from agents import context, prompts, tools
from agents.engine import text as tx
from agents.llm import ModelOutputError, complete_json
from agents.digests import note_digest
from agents.safety import untrusted_snippet
from agents.sources.documents import collection_markers
from agents.sources.search import SearchUnavailable, run_search
from agents.sources.urls import domain_of, normalise, url_hash
from jobs import budget, events, experiments
from jobs.models import JobQuery, Source, SubQuestion
from jobs.steps import RunContext, StepResult, run_step, step_key, stored_output

MAX_MODEL_CALLS = 6
PAGES_PER_WORKER = {"quick": 3, "deep": 5}


@dataclass
class Outcome:
    """What the loop needs next: pages read (`fetch`) or nothing (`done`)."""

    kind: str  # fetch | done
    urls: list = field(default_factory=list)
    turn: int = 0


def normalise_query(query: str) -> str:
    return " ".join(sorted(set(tx.terms(query))))[:300]


class SearchWorker:
    def __init__(self, ctx: RunContext, sq: SubQuestion):
        self.ctx = ctx
        self.job = ctx.job
        self.sq = sq
        self.max_pages = int(experiments.overrides(self.job).get("pages_per_worker") or PAGES_PER_WORKER.get(self.job.depth, 5))
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

    # --- replay and continue -------------------------------------------------------------
    def advance(self) -> Outcome:
        self.ctx.prefetch(sq_id=self.sq.pk)  # every finished turn and read of this worker, one query
        for turn in range(1, MAX_MODEL_CALLS + 1):
            out = run_step(self.ctx, kind="search", counter=turn, sq_id=self.sq.pk, fn=lambda t=turn: self._turn(t))
            self._absorb(out)
            if out["tool"] == "finish":
                return Outcome("done", turn=turn)
            if out["tool"] in tools.READ_TOOL_NAMES and (out.get("claimed") or out.get("skipped")):
                pending = [u for u in out.get("claimed", []) if self._read_output(u) is None]
                if pending:
                    return Outcome("fetch", urls=pending, turn=turn)
                self._absorb_reads(out)
        # Six calls made and no finish: code ends the loop with what the notes hold.
        out = run_step(self.ctx, kind="search", counter=MAX_MODEL_CALLS + 1, sq_id=self.sq.pk,
                       fn=lambda: self._finish_in_code(MAX_MODEL_CALLS + 1, "reached the limit of 6 model calls"))
        return Outcome("done", turn=MAX_MODEL_CALLS + 1)

    def _read_output(self, url: str) -> dict | None:
        key = step_key(self.ctx.job_id, self.sq.pk, "read", url_hash(url))
        if key not in self.ctx.replay:
            found = stored_output(key)
            if found is None:
                return None
            self.ctx.replay[key] = found
        return self.ctx.replay[key]

    def _absorb(self, out: dict) -> None:
        turn = out["turn"]
        if out.get("compaction") is not None:
            self._apply_compaction(out["compaction"], out["compacted_upto"])
        self._record(context.Entry(turn=turn, kind="decision", text=out.get("thought", ""), tool=out["tool"],
                                          arguments=out.get("arguments", {})))
        if out.get("error"):
            self._record(context.Entry(turn=turn, kind="error", text=out["error"], tool=out["tool"]))
        if out["tool"] in tools.SEARCH_TOOLS and not out.get("error"):
            _, argument = tools.SEARCH_TOOLS[out["tool"]]
            asked = out["arguments"][argument]
            self.queries.append(asked if out["tool"] == "search" else f"{out['tool']}: {asked}")
            for r in out.get("results", []):
                self.results_seen.setdefault(r["url"], r)
        if out.get("observation"):
            self.observations[out["handle"]] = out["observation"]
            self._record(context.Entry(turn=turn, kind="observation", text=out["observation"], tool=out["tool"],
                                              arguments=out.get("arguments", {}), handle=out["handle"],
                                              domains=out.get("domains", []), covers=out.get("covers", ""),
                                              urls=out.get("urls", [])))
        self.pages_claimed += len(out.get("claimed", []))

    def _absorb_reads(self, out: dict) -> None:
        lines = []
        for url in out.get("claimed", []):
            read = self._read_output(url) or {}
            if read.get("error"):
                lines.append(f"failed {url} : {read['error']}")
                continue
            ids = [n["id"] for n in read.get("notes", [])]
            lines.append(f"read {url} : {len(ids)} notes {ids}" if ids else f"empty {url} : no relevant passage")
            self.notes.extend(read.get("notes", []))
        for url in out.get("skipped", []):
            lines.append(f"skipped {url} : already read by another worker of this job")
        text = "\n".join(lines)
        handle = f"{out['handle']}_read"
        self.observations[handle] = text
        self._record(context.Entry(turn=out["turn"], kind="observation", text=text, tool=out["tool"],
                                          arguments=out.get("arguments", {}), handle=handle,
                                          domains=sorted({domain_of(u) for u in out.get("claimed", [])}),
                                          covers=f"{sum(1 for l in lines if l.startswith('read'))} pages read",
                                          urls=out.get("claimed", [])))

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
    def _finish_in_code(self, turn: int, why: str) -> StepResult:
        summary = " ".join(n["claim"] for n in self.notes[:6])[:1200] or "No relevant evidence found."
        not_found = [] if self.notes else [self.sq.text]
        not_found.append(f"research stopped: {why}")
        return self._finish(turn, {"summary": summary, "not_found": not_found}, thought=f"Stopped by code: {why}.")

    def _finish(self, turn: int, arguments: dict, thought: str, compaction=None, compacted_upto=0) -> StepResult:
        output = {"turn": turn, "tool": "finish", "thought": thought, "arguments": arguments, "handle": f"r_{turn}",
                  "note_ids": [n["id"] for n in self.notes], "compaction": compaction, "compacted_upto": compacted_upto}

        def write_rows(step):
            SubQuestion.objects.filter(pk=self.sq.pk).update(
                status=SubQuestion.Status.DONE, summary=arguments["summary"][:4000], not_found=arguments["not_found"]
            )
            return None

        return StepResult(output=output, write_rows=write_rows)

    def _render_prompt(self, turn: int):
        return prompts.render(
            "search_worker",
            task=f"{self.job.question}\n(depth: {self.job.depth}; sources: {', '.join(self.job.sources)})",
            subquestion=self.sq.text, turn=turn, max_calls=MAX_MODEL_CALLS, pages_read=self.pages_claimed,
            max_pages=self.max_pages, compacted=json.dumps(self.compacted, ensure_ascii=False) if self.compacted else "",
            history=context.visible_history(self.history, turn), queries_sent=self.queries,
            notes=[{"id": n["id"], "digest": note_digest(n["claim"]), "domain": n["domain"]} for n in self.notes],
            tools=self.tools, collection=self.collection,
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
        events.emit(self.ctx.job_id, "compacting", {"sq_id": self.sq.pk, "turn": turn, "tokens": size})
        prompt = prompts.render("compactor", task=self.sq.text, entries=[context.render(e) for e in to_compact])
        summary = complete_json(prompt).data
        upto = max(e.turn for e in to_compact)
        self._apply_compaction(summary, upto)
        return summary, upto

    def _turn(self, turn: int) -> StepResult:
        stop_reason = budget.search_stop_reason(self.job)
        if stop_reason:
            budget.record_stop(self.job, f"writing started early: {stop_reason}")
            return self._finish_in_code(turn, stop_reason)
        compaction, upto = self._maybe_compact(turn)
        prompt = self._render_prompt(turn)
        trajectory = [context.render(e) for e in self.everything]
        try:
            reply = complete_json(prompt, trajectory=trajectory).data
        except ModelOutputError as exc:
            # An empty or malformed answer (even after the client's one repair) costs this turn,
            # not the whole worker: the next turn sees what went wrong.
            return StepResult(output={"turn": turn, "tool": "(invalid)", "thought": "", "arguments": {}, "handle": f"r_{turn}",
                                      "compaction": compaction, "compacted_upto": upto,
                                      "error": f"Your last reply could not be used ({exc}). Reply with one JSON object "
                                               f"naming one of the tools: {', '.join(t.name for t in self.tools)}."})
        name, arguments, thought = reply["tool"], reply["arguments"], reply["thought"]
        base = {"turn": turn, "tool": name, "thought": thought, "arguments": arguments, "handle": f"r_{turn}",
                "compaction": compaction, "compacted_upto": upto}
        tool = tools.by_name(self.tools, name)
        if tool is None:
            return StepResult(output={**base, "error": tools.unknown_tool_error(name, self.tools)})
        problem = tool.validate(arguments)
        if problem:
            return StepResult(output={**base, "error": problem})
        if name == "finish":
            return self._finish(turn, arguments, thought, compaction, upto)
        if name in tools.SEARCH_TOOLS:
            # An uploads tool is bound to its local provider whatever the job's settings say.
            provider_name, argument = tools.SEARCH_TOOLS[name]
            return StepResult(output={**base, **self._search(turn, arguments[argument], provider_name, tool=name)})
        if name in tools.READ_TOOL_NAMES:
            return self._fetch_pages(turn, base, arguments["urls"])
        if name == "fetch_result":
            text = self.observations.get(arguments["handle"])
            if text is None:
                return StepResult(output={**base, "error": f"No result has the handle {arguments['handle']!r}. Use a handle shown in a stub of your history."})
            return StepResult(output={**base, "observation": text, "handle": f"r_{turn}"})
        return StepResult(output={**base, "error": tools.unknown_tool_error(name, self.tools)})

    def _search(self, turn: int, query: str, provider_name: str | None, tool: str = "search") -> dict:
        # One set of sent queries per job and per search tool: the same words asked of a
        # file-name search and of a full-text search are two different questions.
        normalised = normalise_query(query) if tool == "search" else f"{tool}: {normalise_query(query)}"[:300]
        key = step_key(self.ctx.job_id, self.sq.pk, "search", turn)
        try:
            with transaction.atomic():
                row, created = JobQuery.objects.get_or_create(
                    job_id=self.job.pk, normalised=normalised, defaults={"query": query[:300], "step_key": key}
                )
        except IntegrityError:
            row, created = JobQuery.objects.get(job_id=self.job.pk, normalised=normalised), False
        if not created and row.step_key != key:
            return {"error": (f'search refused: this job already sent the query "{row.query}". '
                              "Rewrite it with a name, date or term from your notes, or read results you have not read yet.")}
        try:
            provider_name, results = run_search(query, sources=self.job.sources, owner=self.job.user,
                                                providers=[provider_name] if provider_name else None)
        except SearchUnavailable as exc:
            return {"error": f"search failed on every provider ({exc}). Try a different query later, or finish and say what you could not research.",
                    "search_unavailable": True}
        events.emit(self.ctx.job_id, "search", {"sq_id": self.sq.pk, "query": query, "results": len(results), "provider": provider_name})
        lines = [f"{'query' if tool == 'search' else tool}: {query}", f"{len(results)} results:"]
        for i, r in enumerate(results, 1):
            # Title and address only: a snippet is page text, and this model holds tools.
            lines.append(f"{i}. {untrusted_snippet(r.title, 120)} | {r.url} | {r.domain} | {r.published or 'undated'} | "
                         f"quality {r.quality:.2f}")
        if not results:
            lines.append("(no results: rewrite the query with other terms)")
        return {
            "results": [r.to_dict() for r in results], "observation": "\n".join(lines), "provider": provider_name,
            "domains": list(dict.fromkeys(r.domain for r in results)), "urls": [r.url for r in results],
            "covers": ", ".join(untrusted_snippet(r.title, 40) for r in results[:3]),
        }

    def _fetch_pages(self, turn: int, base: dict, urls: list[str]) -> StepResult:
        unknown = [u for u in urls if u not in self.results_seen]
        room = self.max_pages - self.pages_claimed
        if unknown:
            return StepResult(output={**base, "error": f"{base['tool']} refused {unknown}: only addresses from your search results can be read. Search first, then pick from the results."})
        if room <= 0:
            return StepResult(output={**base, "error": f"You have read your {self.max_pages} pages. Call finish with what your notes establish."})
        claimed, skipped = [], []
        for url in urls[:room]:
            result = self.results_seen[url]
            source, created = Source.objects.get_or_create(
                job_id=self.job.pk, url_hash=url_hash(url),
                defaults={"sq_id": self.sq.pk, "url": normalise(url) if url.startswith("http") else url,
                          "domain": result["domain"] or domain_of(url), "title": result["title"][:500],
                          "quality": result["quality"]},
            )
            (claimed if created or source.sq_id == self.sq.pk else skipped).append(url)
        output = {**base, "claimed": claimed, "skipped": skipped, "urls": claimed}
        if not claimed:
            output["error"] = "Every page you chose was already read by another worker of this job. Pick other results or search again."
        return StepResult(output=output)
