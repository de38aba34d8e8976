"""Run one research job from the command line, show live progress, print the report.

    python manage.py research "Compare the battery suppliers of the five largest electric car makers"

With --spawn-worker (what `make demo` uses) it starts a Celery worker with the sweeper beat
for the duration of the job; otherwise a worker must already be running. The worker, and the
embedded Redis when this command started it (manage.py), stop when the command exits: normally,
on Ctrl-C or on an error.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django_eventstream.models import Event

from agents.models import Document
from jobs import report_markdown, services
from jobs.events import channel_for, describe
from jobs.management.options import bounded
from jobs.models import Job
from jobs.worker_process import WorkerProcess

POLL_SECONDS = 0.25
DEFAULT_TIMEOUT_SECONDS = 900
# Events that end a job's stream, and how long to wait for one after the job row says it ended.
ENDING_EVENTS = frozenset({"done", "failed", "cancelled"})
ENDING_EVENT_WAIT_SECONDS = 5


def decode(raw: str) -> dict:
    """Event data as stored by django-eventstream (JSON, encoded once more by its storage)."""
    data = json.loads(raw)
    return json.loads(data) if isinstance(data, str) else data


class Command(BaseCommand):
    help = "Run a research job and print its report as Markdown."

    def add_arguments(self, parser):
        parser.add_argument(
            "question",
            help=f"the research question, {services.QUESTION_MIN_CHARS} to {services.QUESTION_MAX_CHARS:,} characters",
        )
        parser.add_argument(
            "--depth",
            default="deep",
            choices=["quick", "deep"],
            help="quick: fewer sub-questions and fewer pages each; deep: the full plan (default: %(default)s)",
        )
        parser.add_argument(
            "--sources",
            default="web",
            help="comma-separated: web (the search provider, SEARCH_PROVIDER; now "
            f"{settings.SEARCH_PROVIDER}), uploads (the --user's private files, no web search) "
            "(default: %(default)s)",
        )
        parser.add_argument("--user", default="demo", help="the job's owner, created if missing (default: %(default)s)")
        parser.add_argument(
            "--max-minutes",
            type=bounded(float, above=0, high=services.MAX_BUDGET_MINUTES),
            default=None,
            metavar="MINUTES",
            help=f"time budget, more than 0 and at most {services.MAX_BUDGET_MINUTES} minutes "
            f"(default: DEFAULT_BUDGET_MINUTES, now {settings.DEFAULT_BUDGET_MINUTES:g})",
        )
        parser.add_argument(
            "--max-usd",
            type=bounded(float, low=services.MIN_BUDGET_USD, high=services.MAX_BUDGET_USD),
            default=None,
            metavar="USD",
            help=f"money cap, {services.MIN_BUDGET_USD:g} to {services.MAX_BUDGET_USD:g} USD "
            f"(default: DEFAULT_BUDGET_USD, now {settings.DEFAULT_BUDGET_USD:g})",
        )
        parser.add_argument(
            "--follow-up-of",
            default=None,
            metavar="JOB_ID",
            help="a finished job of the --user that this question follows up (default: none)",
        )
        parser.add_argument(
            "--spawn-worker",
            action="store_true",
            help="start a Celery worker with the sweeper beat for this job and stop it at the end "
            "(default: off: a worker must be running, e.g. make run)",
        )
        parser.add_argument(
            "--timeout",
            type=bounded(float, above=0),
            default=DEFAULT_TIMEOUT_SECONDS,
            metavar="SECONDS",
            help="give up waiting after this many seconds, more than 0 (default: %(default)g); "
            "the job resumes when a worker runs",
        )
        parser.add_argument(
            "--quiet", action="store_true", help="no live progress lines, only the report (default: off)"
        )

    def handle(self, *args, **opts):
        user, _ = get_user_model().objects.get_or_create(username=opts["user"])
        sources = [s.strip() for s in opts["sources"].split(",") if s.strip()]
        if (
            "uploads" in sources
            and not Document.objects.filter(collection="uploads", owner=user, status=Document.Status.READY).exists()
        ):
            raise CommandError(
                f"{user.username} has no uploads; load a folder first: "
                f"python manage.py load_uploads --user {user.username} DIR"
            )
        if (
            "uploads" not in sources
            and settings.SEARCH_PROVIDER == "local"
            and not Document.objects.filter(collection=Document.DEMO_COLLECTION).exists()
        ):
            from agents.management.commands.load_demo_corpus import load

            added, _ = load()
            self.stdout.write(f"loaded the demo corpus ({added} documents)")
        worker = self._spawn_worker() if opts["spawn_worker"] else None
        try:
            budget = {
                k: v for k, v in (("max_minutes", opts["max_minutes"]), ("max_usd", opts["max_usd"])) if v is not None
            }
            try:
                job = services.job_create(
                    user=user,
                    question=opts["question"],
                    depth=opts["depth"],
                    enforce_limits=False,
                    sources=sources,
                    budget=budget,
                    follow_up_of=opts["follow_up_of"],
                )
            except services.ApplicationError as exc:
                raise CommandError(f"{exc.field}: {exc.message}") from exc
            self.stdout.write(f"job {job.pk} ({job.depth}) queued")
            job = self._follow(job, opts["timeout"], quiet=opts["quiet"])
        finally:
            if worker is not None:
                worker.stop()
        if job.status != Job.Status.DONE:
            raise CommandError(f"job {job.pk} ended {job.status}: {job.error or job.stopped_reason}")
        markdown = report_markdown.render(job)
        out_dir = Path(settings.VAR_DIR) / "reports"
        out_dir.mkdir(parents=True, exist_ok=True)
        path = out_dir / f"{job.pk}.md"
        path.write_text(markdown, encoding="utf-8")
        self.stdout.write("\n" + markdown)
        elapsed = (job.finished_at - job.created_at).total_seconds()
        self.stdout.write(
            f"report saved to {path}\nwall time {elapsed:.1f} s; open it at /research/{job.pk} when the web app runs (make run)"
        )

    def _spawn_worker(self) -> WorkerProcess:
        return WorkerProcess(concurrency=settings.DEMO_WORKER_CONCURRENCY, log_to_file=False, loglevel="WARNING").start(
            wait=False
        )

    def _print(self, event, quiet: bool) -> None:
        if quiet or not event.type:
            return
        try:
            self.stdout.write(describe(event.type, decode(event.data)))
        except (KeyError, ValueError):
            self.stdout.write(f"{event.type}")

    def _follow(self, job: Job, timeout: float, quiet: bool) -> Job:
        channel = channel_for(job.pk)
        last = 0
        ended_at = None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for event in Event.objects.filter(channel=channel, eid__gt=last).order_by("eid"):
                last = event.eid
                self._print(event, quiet)
                if event.type in ENDING_EVENTS:  # emitted after the status change
                    job.refresh_from_db()
                    return job
            job.refresh_from_db()
            if job.is_terminal:
                # The status changes in the step's transaction and the ending event is emitted
                # just after it: wait a moment for it, so "done" is never missing.
                ended_at = ended_at or time.monotonic()
                if time.monotonic() - ended_at > ENDING_EVENT_WAIT_SECONDS:
                    return job
            time.sleep(POLL_SECONDS)
        raise CommandError(f"job {job.pk} did not finish within {timeout:.0f} s (status {job.status})")
