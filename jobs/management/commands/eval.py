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
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from agents.llm import is_offline_engine
from jobs import evaluation, services
from jobs.management.options import bounded
from jobs.models import Job
from jobs.worker_process import WorkerProcess

DEFAULT_TIMEOUT_SECONDS = 1800


class Command(BaseCommand):
    help = "Run an evaluation question set and print quality, citation and trajectory figures."

    def add_arguments(self, parser):
        parser.add_argument(
            "questions",
            type=Path,
            nargs="?",
            default=None,
            help="a JSONL file, one question per line (question, key_points, optional known_answer, "
            "corpus and answer annotations), e.g. agents/sources/demo_corpus/questions.jsonl "
            "(default: the --corpus folder's questions.jsonl)",
        )
        parser.add_argument(
            "--corpus",
            type=Path,
            default=None,
            metavar="DIR",
            help="corpus folder (manifest.json, pages/, facts.json) to load into the local index and "
            "judge against (default: the question file's folder if it holds a manifest.json, "
            "else the bundled demo corpus)",
        )
        parser.add_argument(
            "--runs",
            type=bounded(int, low=1),
            default=3,
            help="runs of each question, at least 1 (default: %(default)s)",
        )
        parser.add_argument(
            "--judge",
            choices=["auto", "match", "llm"],
            default="auto",
            help="key-point judge: match (a deterministic matcher), llm (the large model through the "
            "model client), or auto (llm when a hosted model is configured, else match) "
            "(default: %(default)s)",
        )
        parser.add_argument(
            "--depth",
            choices=["quick", "deep"],
            default="deep",
            help="quick: fewer sub-questions and fewer pages each; deep: the full plan (default: %(default)s)",
        )
        parser.add_argument(
            "--only", default="", metavar="IDS", help="comma-separated question ids to run (default: all)"
        )
        parser.add_argument(
            "--variant",
            default=None,
            help="record the jobs under this experiment variant (default: each user's own variant)",
        )
        parser.add_argument(
            "--out",
            type=Path,
            default=None,
            metavar="DIR",
            help="folder for results.json and results.md (default: var/eval/<UTC time>)",
        )
        parser.add_argument(
            "--gate",
            type=bounded(float, low=0),
            default=None,
            help="fail when mean citation precision (0 to 1) is under this, at least 0; above 1 "
            "always fails "
            f"(default: CITATION_PRECISION_GATE, now {settings.CITATION_PRECISION_GATE:g})",
        )
        parser.add_argument(
            "--spawn-worker",
            action="store_true",
            help="start a Celery worker with the sweeper beat for the run and stop it at the end "
            "(default: off: a worker must be running)",
        )
        parser.add_argument(
            "--concurrency",
            type=bounded(int, low=1),
            default=8,
            help="jobs in flight at once, at least 1 (default: %(default)s); a spawned worker gets as "
            "many threads, at least 8",
        )
        parser.add_argument(
            "--timeout",
            type=bounded(float, above=0),
            default=DEFAULT_TIMEOUT_SECONDS,
            metavar="SECONDS",
            help="give up after this many seconds for the whole run, more than 0 (default: %(default)g)",
        )

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
            judge = "match" if is_offline_engine(settings.MODEL_LARGE) else "llm"
        load(corpus)
        worker = (
            WorkerProcess(concurrency=max(8, opts["concurrency"]), log_to_file=False, loglevel="ERROR").start()
            if opts["spawn_worker"]
            else None
        )
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
        markdown = (
            f"## Evaluation: {len(questions)} questions x {opts['runs']} runs, judge {judge}, corpus {corpus}\n\n"
            + "All questions: the mean over questions of each repeat, then the mean and spread of those "
            "repeats (by question: mean and spread over that question's repeats).\n\n"
            + evaluation.markdown_table(overall, "All questions: answers", answers)
            + "\n"
            + evaluation.markdown_table(overall, "All questions: citations and trajectory", trajectory)
            + "\n"
            + evaluation.markdown_table(by_variant, "By experiment variant: answers", answers)
            + "\n"
            + evaluation.markdown_table(by_variant, "By experiment variant: citations and trajectory", trajectory)
            + "\n"
            + evaluation.markdown_table(by_question, "By question: answers", answers)
            + "\n"
            + evaluation.markdown_table(by_question, "By question: citations and trajectory", trajectory)
            + f"\nPrecision gate {gate:.0%}: {'passed' if passed else 'FAILED'} (mean precision "
            + (f"{precision:.1%})" if precision is not None else "n/a)")
            + "\n"
        )
        out = opts["out"] or Path(settings.VAR_DIR) / "eval" / datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        out.mkdir(parents=True, exist_ok=True)
        (out / "results.json").write_text(
            json.dumps(
                {
                    "corpus": str(corpus),
                    "rows": rows,
                    "overall": overall,
                    "by_variant": by_variant,
                    "by_question": by_question,
                    "gate": gate,
                    "passed": passed,
                },
                indent=2,
                default=str,
            )
        )
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
                job = services.job_create(
                    user=user_for(q),
                    question=q.question,
                    depth=opts["depth"],
                    sources=q.sources,
                    variant=opts["variant"],
                    enforce_limits=False,
                )
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
