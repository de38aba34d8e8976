"""Evaluate the service on a question file: each question runs N times (default 3) through
real workers; prints Markdown tables of means and spreads (answer quality; citations and
trajectory), writes JSON and Markdown files, and exits non-zero when a gate fails (mean
citation precision under CITATION_PRECISION_GATE). Metric definitions: jobs/evaluation.py.

    python manage.py eval agents/sources/demo_corpus/questions.jsonl --runs 3 --spawn-worker
    python manage.py eval --corpus agents/sources/heldout_corpus --runs 3 --spawn-worker

--corpus DIR loads that corpus into the local search index first (replacing the one there) and
reads its facts.json as ground truth; without it, the corpus is the questions file's directory
when that holds a manifest.json, otherwise the demo corpus. Without a questions file, the
corpus's questions.jsonl is used.
"""
from __future__ import annotations

import json
import time
from datetime import datetime, timezone
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from jobs import evaluation, services
from jobs.models import Job
from jobs.worker_process import WorkerProcess

DEFAULT_TIMEOUT_SECONDS = 1800


class Command(BaseCommand):
    help = "Run an evaluation question set and print quality, citation and trajectory figures."

    def add_arguments(self, parser):
        parser.add_argument("questions", type=Path, nargs="?", default=None,
                            help="question file (JSONL); default: the corpus's questions.jsonl")
        parser.add_argument("--corpus", type=Path, default=None,
                            help="corpus directory (manifest.json, pages/, facts.json) to load and judge against; "
                                 "default: the questions file's directory if it is a corpus, else the demo corpus")
        parser.add_argument("--runs", type=int, default=3)
        parser.add_argument("--judge", choices=["auto", "match", "llm"], default="auto",
                            help="key-point judge: the deterministic matcher, an LLM through the model client, "
                                 "or auto (LLM when a hosted model is configured)")
        parser.add_argument("--depth", choices=["quick", "deep"], default="deep")
        parser.add_argument("--only", default="", help="comma-separated question ids")
        parser.add_argument("--variant", default=None, help="record jobs under this experiment variant")
        parser.add_argument("--out", type=Path, default=None)
        parser.add_argument("--gate", type=float, default=None, help=f"precision gate (default {settings.CITATION_PRECISION_GATE})")
        parser.add_argument("--spawn-worker", action="store_true")
        parser.add_argument("--concurrency", type=int, default=8, help="jobs in flight at once")
        parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT_SECONDS)

    def handle(self, *args, **opts):
        from agents.management.commands.load_demo_corpus import DEFAULT_DIR, load

        corpus = opts["corpus"]
        if corpus is None:
            here = opts["questions"].parent if opts["questions"] else None
            corpus = here if here and (here / "manifest.json").exists() else DEFAULT_DIR
        if not (corpus / "manifest.json").exists():
            raise CommandError(f"{corpus} is not a corpus directory (no manifest.json)")
        questions_path = opts["questions"] or corpus / "questions.jsonl"
        try:
            questions = evaluation.load_questions(questions_path)
            truth = evaluation.GroundTruth.load(corpus)
        except (OSError, ValueError) as exc:
            raise CommandError(str(exc)) from exc
        if opts["only"]:
            wanted = set(opts["only"].split(","))
            questions = [q for q in questions if q.id in wanted]
        if not questions:
            raise CommandError("no questions to run")
        judge = opts["judge"]
        if judge == "auto":
            judge = "match" if settings.MODEL_LARGE.startswith("offline/") else "llm"
        load(corpus)
        worker = WorkerProcess(concurrency=max(8, opts["concurrency"]), log_to_file=False, loglevel="ERROR").start() \
            if opts["spawn_worker"] else None
        try:
            rows = self._run(questions, opts, judge, truth)
        finally:
            if worker:
                worker.stop()
        evaluation.mark_template_plans(rows)
        by_question = evaluation.summarise(rows, "question_id")
        by_variant = evaluation.summarise(rows, "variant")
        overall = evaluation.summarise_runs(rows)
        gate = settings.CITATION_PRECISION_GATE if opts["gate"] is None else opts["gate"]
        precision = overall["all"].get("citation_precision", {}).get("mean")
        passed = precision is not None and precision >= gate
        answers, trajectory = evaluation.ANSWER_METRICS, evaluation.TRAJECTORY_METRICS
        markdown = (f"## Evaluation: {len(questions)} questions x {opts['runs']} runs, judge {judge}, corpus {corpus}\n\n"
                    + "All questions: the mean over questions of each repeat, then the mean and spread of those "
                    "repeats (by question: mean and spread over that question's repeats).\n\n"
                    + evaluation.markdown_table(overall, "All questions: answers", answers)
                    + "\n" + evaluation.markdown_table(overall, "All questions: citations and trajectory", trajectory)
                    + "\n" + evaluation.markdown_table(by_variant, "By experiment variant: answers", answers)
                    + "\n" + evaluation.markdown_table(by_variant, "By experiment variant: citations and trajectory",
                                                       trajectory)
                    + "\n" + evaluation.markdown_table(by_question, "By question: answers", answers)
                    + "\n" + evaluation.markdown_table(by_question, "By question: citations and trajectory", trajectory)
                    + f"\nPrecision gate {gate:.0%}: {'passed' if passed else 'FAILED'} (mean precision "
                    + (f"{precision:.1%})" if precision is not None else "n/a)") + "\n")
        out = opts["out"] or Path(settings.VAR_DIR) / "eval" / datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        out.mkdir(parents=True, exist_ok=True)
        (out / "results.json").write_text(json.dumps({"corpus": str(corpus), "rows": rows, "overall": overall, "by_variant": by_variant,
                                                      "by_question": by_question, "gate": gate, "passed": passed},
                                                     indent=2, default=str))
        (out / "results.md").write_text(markdown)
        self.stdout.write(markdown)
        self.stdout.write(f"written to {out}/results.json and results.md")
        if not passed:
            raise CommandError(f"citation precision gate failed: {precision} < {gate}")

    def _run(self, questions, opts, judge, truth) -> list[dict]:
        users = {}

        def user_for(q):
            name = q.owner or "eval"
            if name not in users:
                users[name], _ = get_user_model().objects.get_or_create(username=name)
            return users[name]

        queue = [(q, run) for run in range(opts["runs"]) for q in questions]
        in_flight: dict[str, tuple[evaluation.Question, int]] = {}
        rows = []
        deadline = time.monotonic() + opts["timeout"]
        while queue or in_flight:
            while queue and len(in_flight) < opts["concurrency"]:
                q, run = queue.pop(0)
                job = services.job_create(user=user_for(q), question=q.question, depth=opts["depth"], sources=q.sources,
                                          variant=opts["variant"], enforce_limits=False)
                in_flight[str(job.pk)] = (q, run)
            done = Job.objects.filter(pk__in=list(in_flight), status__in=Job.TERMINAL_STATUSES)
            for job in done:
                q, run = in_flight.pop(str(job.pk))
                rows.append({**evaluation.job_metrics(job, q, judge, truth), "run": run})
                self.stdout.write(f"{q.id} {job.status} ({len(rows)}/{len(questions) * opts['runs']})")
            if time.monotonic() > deadline:
                raise CommandError(f"{len(in_flight)} jobs still running after {opts['timeout']} s")
            time.sleep(0.2)
        return rows
