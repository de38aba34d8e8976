"""Benchmarks that print figures (never pass/fail). `python manage.py bench <name>`:

  demo        wall time, tokens, dollars and pages of the demo job through a real worker
  all         every benchmark in turn

Each prints the machine it ran on. See README "Benchmarks".
"""
from __future__ import annotations

import os
import platform
import statistics
import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from jobs import services
from jobs.models import Job, Source, Step

DEMO_QUESTION = "Compare the battery suppliers of the five largest electric car makers"


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as fh:
            cpu = next((line.split(":", 1)[1].strip() for line in fh if line.startswith("model name")), cpu)
    except OSError:
        pass
    db = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    redis = "embedded" if settings.EMBEDDED_REDIS else "server"
    return f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()}, {db}, redis {redis}"


def wait(job_id, timeout: float) -> Job:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = Job.objects.get(pk=job_id)
        if job.is_terminal:
            return job
        time.sleep(0.1)
    raise CommandError(f"job {job_id} did not finish in {timeout} s")


class Command(BaseCommand):
    help = "Run a benchmark and print its figures."

    def add_arguments(self, parser):
        parser.add_argument("name", choices=["demo", "all"])
        parser.add_argument("--runs", type=int, default=3)

    def handle(self, *args, **opts):
        self.stdout.write(f"machine: {machine()}")
        if opts["name"] in {"demo", "all"}:
            self.bench_demo(opts["runs"])

    def _worker(self):
        from jobs.management.commands.research import Command as Research

        worker = Research()._spawn_worker()
        from research_project.celery import app

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not app.control.ping(timeout=0.5):
            pass
        return worker

    def bench_demo(self, runs: int) -> None:
        from agents.management.commands.load_demo_corpus import load

        load()
        user, _ = get_user_model().objects.get_or_create(username="bench")
        worker = self._worker()
        rows = []
        try:
            for _ in range(runs):
                started = time.monotonic()
                job = services.job_create(user=user, question=DEMO_QUESTION)
                job = wait(job.pk, 300)
                wall = time.monotonic() - started
                rows.append({
                    "wall": wall, "tokens": job.tokens_used, "usd": job.usd_used_micros / 1e6,
                    "pages": Source.objects.filter(job=job, fetched_at__isnull=False).count(),
                    "steps": Step.objects.filter(job=job).count(), "status": job.status,
                    "precision": job.citation_precision,
                })
        finally:
            worker.terminate()
            worker.wait(timeout=30)
        self.stdout.write("demo job (offline engine, demo corpus, one threads worker):")
        for i, r in enumerate(rows, 1):
            self.stdout.write(f"  run {i}: {r['wall']:.1f} s wall, {r['tokens']:,} tokens, ${r['usd']:.4f}, "
                              f"{r['pages']} pages read, {r['steps']} steps, precision {r['precision']:.0%}, {r['status']}")
        walls = [r["wall"] for r in rows]
        self.stdout.write(f"  mean {statistics.mean(walls):.1f} s (target < 60 s), spread {max(walls) - min(walls):.1f} s")
