"""Evaluation of finished jobs against a question file (manage.py eval).

A question: {"id", "question", "key_points": [...], "known_answer": str|null, "corpus": "demo" |
"web" | "uploads:<username>"}. Each run of a question becomes one row of metrics; rows are
summarised by question and by experiment variant with mean and spread.
"""
from __future__ import annotations

import json
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from agents import keypoints
from jobs.models import Job, Note, ProviderCall, Source, Step

METRICS = (
    "citation_precision", "citation_coverage", "key_point_coverage", "known_answer_correct", "contradictions",
    "searches", "pages_read", "duplicate_fetch_share", "rounds", "notes_in_report_share", "tokens", "usd", "seconds",
)


@dataclass
class Question:
    id: str
    question: str
    key_points: list
    known_answer: str | None = None
    corpus: str = "demo"
    hops: int = 1
    extra: dict = field(default_factory=dict)

    @property
    def sources(self) -> list[str]:
        return ["uploads"] if self.corpus.startswith("uploads") else ["web"]

    @property
    def owner(self) -> str | None:
        return self.corpus.split(":", 1)[1] if self.corpus.startswith("uploads:") else None


def load_questions(path: Path) -> list[Question]:
    """Questions from a JSONL file. Raises ValueError naming the line of a bad entry."""
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            known = {"id", "question", "key_points", "known_answer", "corpus", "hops"}
            out.append(Question(id=str(raw["id"]), question=raw["question"], key_points=list(raw.get("key_points", [])),
                                known_answer=raw.get("known_answer"), corpus=raw.get("corpus", "demo"),
                                hops=int(raw.get("hops", 1)), extra={k: v for k, v in raw.items() if k not in known}))
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}:{number}: {exc}") from exc
    return out


def report_sentences(job: Job) -> list[str]:
    return [s["text"] for section in (job.report or {}).get("sections", []) for s in section["sentences"]]


def judge_key_points(points: list[str], sentences: list[str], judge: str) -> list[dict]:
    """Per key point {present, contradicted}: the deterministic matcher, or an LLM judge through
    the model client (which on the offline engine runs the same matcher)."""
    if judge == "match" or not points:
        return keypoints.judge_report(points, sentences)
    from agents import prompts
    from agents.llm import complete_json

    reply = complete_json(prompts.render("keypoint_judge", points=points, sentences=sentences)).data
    by_index = {v["index"]: v for v in reply["verdicts"]}
    return [by_index.get(i, {"index": i, "present": False, "contradicted": False}) for i in range(len(points))]


def job_metrics(job: Job, question: Question, judge: str) -> dict:
    sentences = report_sentences(job)
    verdicts = judge_key_points(question.key_points, sentences, judge)
    fetch_steps = Step.objects.filter(job=job, kind="fetch")
    fetches = fetch_steps.count()
    duplicates = Source.objects.filter(job=job, duplicate_of__isnull=False).count()
    notes = Note.objects.filter(job=job).count()
    cited = {i for section in (job.report or {}).get("sections", []) for s in section["sentences"] for i in s["citations"]}
    end = job.finished_at or job.updated_at
    return {
        "question_id": question.id, "job_id": str(job.pk), "status": job.status, "variant": job.variant,
        "citation_precision": job.citation_precision, "citation_coverage": job.citation_coverage,
        "key_point_coverage": (sum(v["present"] for v in verdicts) / len(verdicts)) if verdicts else None,
        "known_answer_correct": (1.0 if keypoints.answer_correct(question.known_answer, " ".join(sentences)) else 0.0)
        if question.known_answer else None,
        "contradictions": sum(1 for v in verdicts if v["contradicted"]),
        "searches": ProviderCall.objects.filter(job=job, kind="search").count(),
        "pages_read": Source.objects.filter(job=job, fetched_at__isnull=False).count(),
        "duplicate_fetch_share": duplicates / fetches if fetches else 0.0,
        "rounds": job.round,
        "notes_in_report_share": len(cited) / notes if notes else 0.0,
        "tokens": job.tokens_used, "usd": job.usd_used_micros / 1e6,
        "seconds": (end - job.created_at).total_seconds(),
    }


def summarise(rows: list[dict], key: str) -> dict:
    """{group: {metric: {"mean", "spread"}}} grouping rows by `key`."""
    groups: dict[str, list[dict]] = {}
    for row in rows:
        groups.setdefault(str(row.get(key) or "-"), []).append(row)
    out = {}
    for name, members in groups.items():
        out[name] = {"runs": len(members)}
        for metric in METRICS:
            values = [r[metric] for r in members if r.get(metric) is not None]
            if values:
                out[name][metric] = {"mean": statistics.mean(values), "spread": max(values) - min(values)}
    return out


def markdown_table(summary: dict, title: str) -> str:
    shown = ("citation_precision", "citation_coverage", "key_point_coverage", "known_answer_correct", "contradictions",
             "searches", "pages_read", "rounds", "notes_in_report_share", "tokens", "usd", "seconds")
    lines = [f"### {title}", "", "| | runs | " + " | ".join(shown) + " |", "|---" * (len(shown) + 2) + "|"]
    for name, metrics in summary.items():
        cells = []
        for metric in shown:
            m = metrics.get(metric)
            if m is None:
                cells.append("n/a")
            elif metric in {"tokens"}:
                cells.append(f"{m['mean']:,.0f} ±{m['spread']:,.0f}")
            elif metric in {"usd"}:
                cells.append(f"{m['mean']:.3f} ±{m['spread']:.3f}")
            elif metric in {"searches", "pages_read", "rounds", "contradictions", "seconds"}:
                cells.append(f"{m['mean']:.1f} ±{m['spread']:.1f}")
            else:
                cells.append(f"{m['mean']:.0%} ±{m['spread']:.0%}")
        lines.append(f"| {name} | {metrics['runs']} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
