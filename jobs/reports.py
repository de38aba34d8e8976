"""Selectors behind the pages and exports: the report with numbered citation markers and its
evidence, the trust panel, the run timeline, per-sub-question progress and the event log.

Everything here returns plain data; templates only lay it out (and Django escapes all of it:
page text, quotes and titles come from the web and are never marked safe)."""

from __future__ import annotations

from collections import Counter, defaultdict

from django.db.models import Count
from django.utils import timezone

from jobs import events, selectors
from jobs.models import Job, Note, Source, Step
from jobs.runtime.events import event_id, stored_events


def report_view(*, job: Job) -> dict:
    """The stored report laid out for reading: sections of sentences whose markers carry the
    source's number, the numbered source list, the evidence for each cited note (quote in its
    surrounding text), what was not found, why it stopped, and the trust panel."""
    report = job.report or {}
    numbers = {s["source_id"]: i + 1 for i, s in enumerate(report.get("sources", []))}
    table = report.get("comparison_table") or None
    cited = [i for sec in report.get("sections", []) for sent in sec["sentences"] for i in sent["citations"]]
    cited += [i for row in (table or {}).get("rows", []) for cell in row["cells"] if cell for i in cell["citations"]]
    notes = {n.note_id: n for n in Note.objects.filter(job=job, note_id__in=set(cited)).select_related("source")}

    def markers(ids: list) -> list[dict]:
        return [
            {"note_id": i, "number": numbers.get(notes[i].source_id, "?"), "claim": notes[i].claim}
            for i in ids
            if i in notes
        ]

    sections = []
    for sec in report.get("sections", []):
        sentences = []
        for sent in sec["sentences"]:
            sentences.append(
                {
                    "text": sent["text"],
                    "single_source": sent.get("single_source", False),
                    "kind": sent.get("kind", ""),
                    "markers": markers(sent["citations"]),
                    "disputed": sent.get("disputed", ""),
                }
            )
        sections.append({"heading": sec["heading"], "sentences": sentences})
    comparison = None
    if table and table.get("rows"):
        comparison = {
            "attributes": table["attributes"],
            "rows": [
                {
                    "entity": row["entity"],
                    "cells": [
                        {"value": c["value"], "markers": markers(c["citations"])} if c else None for c in row["cells"]
                    ],
                }
                for row in table["rows"]
            ],
        }
    evidence = []
    for note_id in dict.fromkeys(cited):
        if note_id in notes:
            evidence.append(
                {**selectors.note_in_context(note=notes[note_id]), "number": numbers.get(notes[note_id].source_id, "?")}
            )
    sources = [
        {**s, "number": numbers[s["source_id"]], "url": selectors.safe_url(s["url"])} for s in report.get("sources", [])
    ]
    return {
        "sections": sections,
        "sources": sources,
        "evidence": evidence,
        "comparison_table": comparison,
        "not_found": report.get("not_found", []),
        "stopped_reason": report.get("stopped_reason") or job.stopped_reason,
        "disagreements": report.get("disagreements", []),
        "minority_claims": report.get("minority_claims", []),
        "trust": trust_panel(job=job),
    }


def trust_panel(*, job: Job) -> dict:
    m = (job.report or {}).get("metrics", {})
    end = job.finished_at or timezone.now()
    return {
        "citation_precision": m.get("citation_precision", job.citation_precision),
        "citation_coverage": m.get("citation_coverage", job.citation_coverage),
        "precision_gate": m.get("precision_gate"),
        "sentences_drafted": m.get("sentences_drafted"),
        "sentences_rewritten": m.get("sentences_rewritten", 0),
        "sentences_dropped": m.get("sentences_dropped", 0),
        "sentences_unsupported": m.get("sentences_unsupported", m.get("sentences_dropped", 0)),
        "sentences_not_checked": m.get("sentences_not_checked", 0),
        "notes_rejected_quote_not_on_page": m.get("notes_rejected_quote_not_on_page", 0),
        "tokens": job.tokens_used,
        "usd": job.usd_used_micros / 1e6,
        "minutes": (end - job.created_at).total_seconds() / 60,
    }


def subquestion_progress(*, job: Job) -> list[dict]:
    """Each sub-question with its status and how many searches, pages read and notes it has."""
    counts = Counter()
    for sq_id, kind, n in (
        Step.objects.filter(job=job, sq__isnull=False).values_list("sq_id", "kind").annotate(n=Count("pk"))
    ):
        counts[(sq_id, kind)] = n
    notes = dict(Note.objects.filter(job=job).values_list("sq_id").annotate(n=Count("pk")))
    return [
        {
            **row,
            "searches": counts[(row["sq_id"], "search")],
            "pages_read": counts[(row["sq_id"], "read")],
            "notes": notes.get(row["sq_id"], 0),
        }
        for row in selectors.job_plan(job=job)
    ]


def event_log(*, job: Job) -> list[dict]:
    """The job's stored events in order, each with a one-line description."""
    out = []
    for e in stored_events(job.pk):
        try:
            text = events.describe(e["type"], e["data"])
        except (KeyError, TypeError, ValueError):
            text = e["type"]
        out.append({**e, "id": event_id(job.pk, e["eid"]), "text": text})
    return out


# --- the run timeline (inline SVG) -------------------------------------------------------------
TIMELINE_LABEL_WIDTH = 190
TIMELINE_PLOT_WIDTH = 640
TIMELINE_ROW_HEIGHT = 20
TIMELINE_TOP = 22
MIN_BAR_WIDTH = 2  # a step of a few milliseconds still shows


def job_timeline(*, job: Job) -> dict:
    """When each step ran, one row per sub-question (and one for plan, gap check, writing and
    checks), as coordinates for an inline SVG: {width, height, rows, bars, ticks}."""
    steps = list(
        Step.objects.filter(job=job).order_by("seq").values("kind", "sq_id", "step_key", "started_at", "created_at")
    )
    plan = selectors.job_plan(job=job)
    # A fetch step is keyed by the URL's hash, not by a sub-question: it belongs to the
    # sub-question whose worker claimed the URL.
    sq_by_hash = dict(Source.objects.filter(job=job).values_list("url_hash", "sq_id"))
    rows = [{"key": None, "label": "plan, gap check, write, check"}] + [
        {"key": sq["sq_id"], "label": f"R{sq['round']} · {sq['text'][:34]}", "title": sq["text"]} for sq in plan
    ]
    index = {row["key"]: i for i, row in enumerate(rows)}
    start = job.created_at
    end = max([s["created_at"] for s in steps] + [job.finished_at or start])
    span = max((end - start).total_seconds(), 0.001)
    scale = TIMELINE_PLOT_WIDTH / span
    bars = []
    for s in steps:
        sq_id = s["sq_id"]
        if s["kind"] == "fetch" and sq_id is None:
            sq_id = sq_by_hash.get(s["step_key"].rsplit(":", 1)[-1])
        row = index.get(sq_id, 0)
        t0 = max((s["started_at"] - start).total_seconds(), 0)
        t1 = max((s["created_at"] - start).total_seconds(), t0)
        bars.append(
            {
                "x": round(TIMELINE_LABEL_WIDTH + t0 * scale, 1),
                "y": TIMELINE_TOP + row * TIMELINE_ROW_HEIGHT + 3,
                "w": round(max(MIN_BAR_WIDTH, (t1 - t0) * scale), 1),
                "h": TIMELINE_ROW_HEIGHT - 6,
                "kind": s["kind"],
                "title": f"{s['kind']} {t0:.1f}–{t1:.1f} s",
            }
        )
    ticks = [
        {"x": round(TIMELINE_LABEL_WIDTH + f * TIMELINE_PLOT_WIDTH, 1), "label": f"{f * span:.0f} s"}
        for f in (0, 0.25, 0.5, 0.75, 1)
    ]
    for i, row in enumerate(rows):
        row["y"] = TIMELINE_TOP + i * TIMELINE_ROW_HEIGHT + TIMELINE_ROW_HEIGHT - 6
    kinds = sorted({b["kind"] for b in bars})
    return {
        "width": TIMELINE_LABEL_WIDTH + TIMELINE_PLOT_WIDTH + 10,
        "height": TIMELINE_TOP + len(rows) * TIMELINE_ROW_HEIGHT + 8,
        "rows": rows,
        "bars": bars,
        "ticks": ticks,
        "kinds": kinds,
        "seconds": span,
        "parallel_max": _max_parallel(steps),
    }


def _max_parallel(steps: list[dict]) -> int:
    """The most steps that ran at the same moment (the parallel branches a user should see)."""
    edges = defaultdict(int)
    for s in steps:
        edges[s["started_at"]] += 1
        edges[s["created_at"]] -= 1
    level = best = 0
    for _, delta in sorted(edges.items(), key=lambda kv: (kv[0], kv[1])):
        level += delta
        best = max(best, level)
    return best


def cited_quotes_check(*, job: Job) -> dict:
    """Stage 1 of the citation check again, in code: does every note the report cites still
    find its quote on the stored page at its offsets? Returns {cited, found, missing: [note_id]}.
    No model call and no write: the judge's verdicts are not re-run here."""
    report = job.report or {}
    cited = {i for sec in report.get("sections", []) for sent in sec["sentences"] for i in sent["citations"]}
    notes = Note.objects.filter(job=job, note_id__in=cited).select_related("source")
    missing = sorted(
        {n.note_id for n in notes if not selectors.note_in_context(note=n)["quote_found"]}
        | (cited - {n.note_id for n in notes})
    )
    return {"cited": len(cited), "found": len(cited) - len(missing), "missing": missing}
