"""Benchmarks that print figures (never pass/fail): `python manage.py bench <name>`.

  demo           wall time, tokens, dollars and pages of the demo job through a real worker
  orchestration  our own CPU seconds and database/Redis round trips per report, with the
                 offline engine's CPU (the "model") measured apart and subtracted
  system         every process's CPU per report from /proc (worker processes, PostgreSQL backends,
                 Redis, job creation) over a batch of reports, and the reports per second measured
  recovery       kill -9 the worker mid-job: seconds until the job runs again, tokens spent again
  context        what each model sees on the demo question: large-model input tokens, reader
                 compression, model calls per worker, share of notes that reach the report
  citations      citation precision and coverage over runs, tokens spent on checks
  critical-path  with the design's latencies scaled down: wall time against the slowest branch,
                 and parallel workers against sequential ones
  concurrency    many jobs in flight on one machine: throughput, dispatch latency p50/p95,
                 leases that lapsed (renewals missed)
  all            every benchmark in turn

Each prints the machine it ran on. See README "Benchmarks".
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import time
from collections import defaultdict
from datetime import UTC, datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from jobs import services
from jobs.management.options import RawDescriptionFormatter, bounded
from jobs.models import Job, ProviderCall, Source, Step
from jobs.runtime.redis_client import redis_client
from jobs.worker_process import WorkerProcess

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


def wait(job_ids, timeout: float) -> list[Job]:
    deadline = time.monotonic() + timeout
    pending = set(map(str, job_ids))
    while pending and time.monotonic() < deadline:
        done = Job.objects.filter(pk__in=pending, status__in=Job.TERMINAL_STATUSES).values_list("pk", flat=True)
        pending -= {str(pk) for pk in done}
        time.sleep(0.05)
    if pending:
        raise CommandError(f"{len(pending)} jobs did not finish in {timeout} s")
    return list(Job.objects.filter(pk__in=list(map(str, job_ids))))


def redis_commands() -> int:
    return sum(v["calls"] for k, v in redis_client().info("commandstats").items())


class Command(BaseCommand):
    help = __doc__

    def create_parser(self, prog_name, subcommand, **kwargs):
        return super().create_parser(prog_name, subcommand, formatter_class=RawDescriptionFormatter, **kwargs)

    def add_arguments(self, parser):
        parser.add_argument(
            "name",
            choices=[
                "demo",
                "orchestration",
                "system",
                "recovery",
                "context",
                "citations",
                "critical-path",
                "concurrency",
                "all",
            ],
            help="the benchmark to run (all: every one in turn; see the list above)",
        )
        parser.add_argument(
            "--scale",
            type=bounded(float, above=0),
            default=20,
            help="critical-path and concurrency: divide the design's model latencies by this, more "
            "than 0 (default: %(default)g)",
        )
        parser.add_argument(
            "--threads",
            type=bounded(int, low=1),
            default=None,
            help="concurrency: threads of each worker process, at least 1 (default: 48); orchestration: "
            "threads of its one worker process (default: 8). At zero model latency threads only contend "
            "for the interpreter lock: fewer show what that costs",
        )
        parser.add_argument(
            "--processes",
            type=bounded(int, low=0),
            default=0,
            help="concurrency: worker processes, 0 = one per core (default: %(default)s)",
        )
        parser.add_argument(
            "--rate",
            type=bounded(float, low=0),
            default=0,
            help="concurrency: new jobs per second, 0 = all at once (default: %(default)g; the design's peak is 0.93)",
        )
        parser.add_argument(
            "--runs",
            type=bounded(int, low=1),
            default=3,
            help="demo, context and citations: jobs measured, at least 1 (default: %(default)s)",
        )
        parser.add_argument(
            "--profile",
            default="",
            help="orchestration: profile every task of the worker with cProfile, write the stats to this "
            "file and print the functions that took the most CPU (default: off)",
        )
        parser.add_argument(
            "--jobs",
            type=bounded(int, low=1),
            default=10,
            help="orchestration: reports in the measured batch; concurrency: jobs in flight; at least 1 "
            "(default: %(default)s; `all` runs concurrency with 50)",
        )

    def handle(self, *args, **opts):
        from agents.management.commands.load_demo_corpus import load

        load()
        self.user, _ = get_user_model().objects.get_or_create(username="bench")
        self.stdout.write(f"machine: {machine()}")
        name = opts["name"]
        if name in {"demo", "all"}:
            self.bench_demo(opts["runs"])
        if name in {"orchestration", "all"}:
            self.bench_orchestration(opts["jobs"], opts["profile"], opts["threads"] or 8)
        if name in {"system", "all"}:
            self.bench_system(opts["jobs"] if name == "system" else 30)
        if name in {"recovery", "all"}:
            self.bench_recovery()
        if name in {"critical-path", "all"}:
            self.bench_critical_path(opts["scale"])
        if name in {"concurrency", "all"}:
            self.bench_concurrency(
                opts["jobs"] if name == "concurrency" else 50,
                opts["scale"],
                opts["threads"] or 48,
                opts["processes"],
                opts["rate"],
            )
        if name in {"context", "citations", "all"}:
            self.bench_context_and_citations(
                opts["runs"], show_context=name != "citations", show_citations=name != "context"
            )

    # --- demo --------------------------------------------------------------------------
    def bench_demo(self, runs: int) -> None:
        worker = WorkerProcess(log_to_file=False, loglevel="ERROR").start()
        rows = []
        try:
            for _ in range(runs):
                started = time.monotonic()
                job = services.job_create(user=self.user, question=DEMO_QUESTION, enforce_limits=False)
                job = wait([job.pk], 300)[0]
                rows.append(
                    {
                        "wall": time.monotonic() - started,
                        "tokens": job.tokens_used,
                        "usd": job.usd_used_micros / 1e6,
                        "pages": Source.objects.filter(job=job, fetched_at__isnull=False).count(),
                        "steps": Step.objects.filter(job=job).count(),
                        "status": job.status,
                        "precision": job.citation_precision,
                    }
                )
        finally:
            worker.stop()
        self.stdout.write("demo job (offline engine, demo corpus, one worker with 8 threads):")
        for i, r in enumerate(rows, 1):
            self.stdout.write(
                f"  run {i}: {r['wall']:.1f} s wall, {r['tokens']:,} tokens, ${r['usd']:.4f}, {r['pages']} pages read, "
                f"{r['steps']} steps, precision {r['precision']:.0%}, {r['status']}"
            )
        walls = [r["wall"] for r in rows]
        self.stdout.write(
            f"  mean {statistics.mean(walls):.1f} s (target < 60 s), spread {max(walls) - min(walls):.1f} s"
        )

    # --- orchestration -----------------------------------------------------------------
    def bench_orchestration(self, n_jobs: int, profile: str = "", threads: int = 8) -> None:
        from jobs.runtime.instrumentation import DISPATCH_SAMPLES_KEY
        from jobs.tasks import process_stats

        env = {"BENCH_COUNT_QUERIES": "1", **({"BENCH_PROFILE": os.path.abspath(profile)} if profile else {})}
        worker = WorkerProcess(env=env, log_to_file=False, loglevel="ERROR", concurrency=threads).start()
        try:
            wait(
                [services.job_create(user=self.user, question=DEMO_QUESTION, enforce_limits=False).pk], 300
            )  # warm caches
            before = process_stats.delay().get(timeout=30)
            redis_before = redis_commands()
            samples_before = redis_client().llen(DISPATCH_SAMPLES_KEY)
            started = time.monotonic()
            jobs = [
                services.job_create(user=self.user, question=DEMO_QUESTION, enforce_limits=False).pk
                for _ in range(n_jobs)
            ]
            finished = wait(jobs, 900)
            wall = time.monotonic() - started
            # The benchmark's own dispatch-latency samples (one RPUSH per task) are not the service's.
            own_samples = redis_client().llen(DISPATCH_SAMPLES_KEY) - samples_before
            redis_after = redis_commands() - own_samples
            after = process_stats.delay().get(timeout=30)
        finally:
            worker.stop()
        steps = Step.objects.filter(job__in=jobs).count()
        cpu = after["cpu_s"] - before["cpu_s"]
        engine = after["engine_cpu_s"] - before["engine_cpu_s"]
        ours = (cpu - engine) / n_jobs
        self.stdout.write(
            f"orchestration ({n_jobs} demo reports at once, one worker process of {threads} threads, "
            "zero-latency model):"
        )
        self.stdout.write(
            f"  worker CPU {cpu / n_jobs:.2f} s per report = engine (the model) {engine / n_jobs:.2f} s "
            f"+ ours {ours:.2f} s (target <= 0.5 s); of all, in the kernel "
            f"{(after['sys_s'] - before['sys_s']) / n_jobs:.2f} s, "
            f"{(after['context_switches'] - before['context_switches']) / n_jobs:,.0f} context switches"
        )
        self.stdout.write(
            f"  database round trips per report: {(after['db_queries'] - before['db_queries']) / n_jobs:,.0f}; "
            f"Redis commands per report (all processes, the benchmark's own samples not counted): {(redis_after - redis_before) / n_jobs:,.0f}; "
            f"steps per report: {steps / n_jobs:.0f}"
        )
        before_statements = dict(before.get("top_statements", []))
        top = sorted(
            ((n - before_statements.get(sql, 0), sql) for sql, n in after.get("top_statements", [])), reverse=True
        )
        self.stdout.write(
            "  most frequent statements per report: "
            + "; ".join(f"{n / n_jobs:.0f}x {sql[:70]}" for n, sql in top[:12])
        )
        self.stdout.write(
            f"  {sum(j.status == 'done' for j in finished)}/{n_jobs} done in {wall:.1f} s; "
            f"2 cores at {ours:.2f} CPU-s per report orchestrate {2 / ours:.1f} new reports per second "
            f"(design peak 0.93/s)"
        )
        if profile and os.path.exists(profile):
            import io
            import pstats

            out = io.StringIO()
            pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(30)
            self.stdout.write(f"  cProfile of every task (warm-up job included), by own time ({profile}):")
            self.stdout.write(out.getvalue())

    # --- system ------------------------------------------------------------------------
    def bench_system(self, n_jobs: int) -> None:
        """CPU of every process that works on the batch, read from /proc before, during (new
        PostgreSQL backends) and after it; reports per second as measured (wall clock)."""
        from django.db import connection

        worker = WorkerProcess(log_to_file=False, loglevel="ERROR").start()
        try:
            wait(
                [services.job_create(user=self.user, question=DEMO_QUESTION, enforce_limits=False).pk], 300
            )  # warm caches
            with connection.cursor() as cur:
                cur.execute("SELECT pg_backend_pid()")
                own_backend = cur.fetchone()[0]
            redis_pid = int(redis_client().info("server")["process_id"])
            meter = ProcMeter()
            groups = {
                "worker": lambda: process_tree(worker.proc.pid),
                "postgres": lambda: pg_backends(exclude={own_backend}),
                "redis": lambda: {redis_pid},
            }
            meter.sample(groups)
            creation_cpu = 0.0
            started = time.monotonic()
            jobs = []
            for _ in range(n_jobs):
                t0 = time.thread_time()
                jobs.append(services.job_create(user=self.user, question=DEMO_QUESTION, enforce_limits=False).pk)
                creation_cpu += time.thread_time() - t0
            pending, deadline = set(map(str, jobs)), time.monotonic() + 900
            while pending and time.monotonic() < deadline:
                meter.sample(groups)
                done = Job.objects.filter(pk__in=pending, status__in=Job.TERMINAL_STATUSES).values_list("pk", flat=True)
                pending -= {str(pk) for pk in done}
                time.sleep(0.2)
            wall = time.monotonic() - started
            meter.sample(groups)
        finally:
            worker.stop()
        finished = Job.objects.filter(pk__in=jobs)
        done = sum(1 for j in finished if j.status == Job.Status.DONE)
        cpu = meter.totals()
        self.stdout.write(
            f"system ({n_jobs} demo reports submitted at once, one worker process, zero-latency model; CPU from /proc):"
        )
        for group, label in (
            ("worker", "worker processes (ours + the engine)"),
            ("postgres", "PostgreSQL backends of this database"),
            ("redis", "redis-server (the whole server: other clients of it count too)"),
        ):
            self.stdout.write(f"  {label}: {cpu.get(group, 0.0) / n_jobs:.2f} CPU-s per report")
        self.stdout.write(
            f"  job creation (the web's part, in this process): {creation_cpu / n_jobs:.3f} CPU-s per report"
        )
        total = sum(cpu.values()) + creation_cpu
        self.stdout.write(f"  everything: {total / n_jobs:.2f} CPU-s per report (target <= 1.0)")
        self.stdout.write(
            f"  {done}/{n_jobs} done in {wall:.1f} s: {done / wall:.2f} reports per second measured "
            f"(design peak 0.93/s)"
        )

    # --- recovery ----------------------------------------------------------------------
    def bench_recovery(self) -> None:
        """With the design's lease timings (10 s renewal, 30 s expiry, 10 s sweep)."""
        first = WorkerProcess(
            concurrency=2, env={"ENGINE_FIXED_LATENCY_SECONDS": "0.2"}, log_to_file=False, loglevel="ERROR"
        ).start()
        job = services.job_create(user=self.user, question=DEMO_QUESTION, enforce_limits=False)
        deadline = time.monotonic() + 120
        while Step.objects.filter(job=job).count() < 25:
            if time.monotonic() > deadline:
                first.kill()
                raise CommandError("the job did not get going")
            time.sleep(0.05)
        first.kill()
        killed = time.time()
        second = WorkerProcess(log_to_file=False, loglevel="ERROR").start()
        try:
            deadline = time.monotonic() + 120
            resumed = taken = lapsed = running_again = None
            while resumed is None and time.monotonic() < deadline:
                if taken is None:
                    epoch, expires = Job.objects.values_list("epoch", "lease_expires_at").get(pk=job.pk)
                    if epoch > 1:
                        taken = time.time()
                    else:
                        lapsed = expires.timestamp()  # the last renewal before the takeover
                if running_again is None:
                    running_again = (
                        Step.objects.filter(job=job, created_at__gt=datetime.fromtimestamp(killed, tz=UTC))
                        .order_by("created_at")
                        .values_list("created_at", flat=True)
                        .first()
                    )
                resumed = (
                    Step.objects.filter(job=job, epoch__gt=1)
                    .order_by("created_at")
                    .values_list("created_at", flat=True)
                    .first()
                )
                time.sleep(0.1)
            job = wait([job.pk], 300)[0]
        finally:
            second.stop()
        by_key = defaultdict(dict)
        for key, epoch, t_in, t_out in ProviderCall.objects.filter(job=job).values_list(
            "step_key", "epoch", "tokens_in", "tokens_out"
        ):
            by_key[key][epoch] = by_key[key].get(epoch, 0) + t_in + t_out
        again = sum(t for epochs in by_key.values() if len(epochs) > 1 for e, t in epochs.items() if e > min(epochs))
        self.stdout.write(
            f"recovery (lease renew {settings.LEASE_RENEW_SECONDS:.0f} s, expiry {settings.LEASE_TTL_SECONDS:.0f} s, "
            f"sweep {settings.SWEEP_INTERVAL_SECONDS:.0f} s):"
        )

        def since_kill(moment):
            return f"{moment.timestamp() - killed:.1f} s" if moment else "never"

        self.stdout.write(
            f"  kill -9 -> job running again (first step committed after the kill): {since_kill(running_again)}"
        )
        self.stdout.write(
            f"  kill -9 -> the dead worker's in-flight work resumed (first step of the new epoch): "
            f"{since_kill(resumed)} (target <= 40 s)"
        )
        if taken and lapsed:
            self.stdout.write(
                f"    lease lapsed {lapsed - killed:.1f} s after the kill (work queued before the kill renews it "
                f"while it runs), taken over {taken - lapsed:.1f} s after it lapsed"
            )
        self.stdout.write(f"  job {job.status}; tokens spent again {again:,} of {job.tokens_used:,}")

    # --- context and citations ----------------------------------------------------------
    def bench_context_and_citations(self, runs: int, *, show_context: bool, show_citations: bool) -> None:
        from agents.text import words
        from jobs.models import Note, ReportClaim

        worker = WorkerProcess(log_to_file=False, loglevel="ERROR").start()
        try:
            jobs = [
                wait([services.job_create(user=self.user, question=DEMO_QUESTION, enforce_limits=False).pk], 300)[0]
                for _ in range(runs)
            ]
        finally:
            worker.stop()
        rows = []
        for job in jobs:
            calls = ProviderCall.objects.filter(job=job, kind="model")
            large_in = sum(c.tokens_in for c in calls if c.role in {"planner", "gap_check", "writer"})
            reads = Step.objects.filter(job=job, kind="read")
            page_tokens = sum(s.output.get("page_tokens_est", 0) for s in reads)
            note_tokens = sum(len(n.claim) // 4 + len(n.quote) // 4 for n in Note.objects.filter(job=job))
            worker_calls = calls.filter(role="worker").values_list("step_key", flat=True)
            per_worker = defaultdict(int)
            for key in worker_calls:
                per_worker[key.split(":")[1]] += 1
            notes = Note.objects.filter(job=job).count()
            cited = {
                i for s in (job.report or {}).get("sections", []) for sent in s["sentences"] for i in sent["citations"]
            }
            checks = calls.filter(role="judge")
            rewrites = calls.filter(role="writer", step_key__contains=":write:rewrite-")
            report_words = sum(len(words(sent["text"])) for s in job.report["sections"] for sent in s["sentences"])
            rows.append(
                {
                    "large_in": large_in,
                    "compression": page_tokens / max(1, note_tokens),
                    "calls_per_worker": statistics.mean(per_worker.values()) if per_worker else 0,
                    "notes_share": len(cited) / max(1, notes),
                    "precision": job.citation_precision or 0,
                    "coverage": job.citation_coverage or 0,
                    "check_tokens": sum(c.tokens_in + c.tokens_out for c in list(checks) + list(rewrites)),
                    "claims": ReportClaim.objects.filter(job=job).count(),
                    "words": report_words,
                    "tokens": job.tokens_used,
                    "usd": job.usd_used_micros / 1e6,
                }
            )

        def line(label, key, fmt, target=""):
            values = [r[key] for r in rows]
            spread = max(values) - min(values)
            self.stdout.write(
                f"  {label}: mean {fmt.format(statistics.mean(values))}, spread {fmt.format(spread)}"
                + (f" ({target})" if target else "")
            )

        self.stdout.write(f"demo question, {runs} runs (offline engine):")
        if show_context:
            line("large-model input tokens per report", "large_in", "{:,.0f}", "design: about 22,500")
            line("reader compression, page tokens / note tokens", "compression", "{:.1f}x", "design: about 20x")
            line("model calls per worker", "calls_per_worker", "{:.1f}", "cap 6")
            line("share of notes that reach the report", "notes_share", "{:.0%}")
            line("report words", "words", "{:,.0f}", "design: about 2,000")
            line("tokens per report", "tokens", "{:,.0f}", "design: about 399,000")
            line("dollars per report", "usd", "${:.3f}", "design: about $0.356")
        if show_citations:
            line("citation precision", "precision", "{:.1%}", "gate 95%")
            line("citation coverage", "coverage", "{:.1%}")
            line(
                "tokens spent on citation checks (judge + rewrites)", "check_tokens", "{:,.0f}", "design: about 24,800"
            )
            line("claims checked", "claims", "{:.0f}")

    # --- critical path -----------------------------------------------------------------------
    def _design_latency_env(self, scale: float) -> dict:
        return {
            "ENGINE_LATENCY_BY_SCHEMA": json.dumps(DESIGN_LATENCY_SECONDS),
            "ENGINE_TOKENS_PER_SECOND": "50",
            "ENGINE_LATENCY_SCALE": str(scale),
        }

    def _one_timed_job(self, env: dict) -> tuple[Job, dict]:
        worker = WorkerProcess(concurrency=16, env=env, log_to_file=False, loglevel="ERROR").start()
        try:
            job = wait([services.job_create(user=self.user, question=DEMO_QUESTION, enforce_limits=False).pk], 900)[0]
        finally:
            worker.stop()
        return job, branch_times(job)

    def bench_critical_path(self, scale: float) -> None:
        env = self._design_latency_env(scale)
        parallel, p = self._one_timed_job({**env, "MAX_PARALLEL_WORKERS": "6"})
        sequential, q = self._one_timed_job({**env, "MAX_PARALLEL_WORKERS": "1"})
        _, w = self._one_timed_job({**env, "MAX_PARALLEL_WORKERS": "6", "WRITE_CHECK_PARALLEL": "0"})
        self.stdout.write(
            f"critical path (design latencies / {scale:g}: plan 10 s, worker call 8 s, reader 4 s, gap check 15 s, "
            f"section draft, judge and rewrite 1 s to the first token; output 50 tokens/s):"
        )
        for label, r in (("parallel (6 lanes)", p), ("sequential (1 lane)", q), ("write+check in one task", w)):
            self.stdout.write(
                f"  {label}: wall {r['wall']:.1f} s = x{scale:g} {r['wall'] * scale:.0f} s at design speed; slowest branch "
                f"{r['slowest']:.1f} s (plan {r['plan']:.1f} + round 1 {r['round1']:.1f} + gap {r['gap']:.1f} + "
                f"round 2 {r['round2']:.1f} + write/check {r['write']:.1f}); sum of branches {r['sum_branches']:.1f} s"
            )
        self.stdout.write(
            f"  write+check phase (sections at once, then check batches at once): {p['write']:.1f} s = "
            f"{p['write'] * scale:.0f} s at design speed (write {p['write_only'] * scale:.0f} s + check "
            f"{p['check_only'] * scale:.0f} s; {p['sentences']} sentences, {p['judge_calls']} judge calls, "
            f"{p['rewrites']} rewrites; target <= 70 s); in one task: {w['write'] * scale:.0f} s "
            f"({w['write'] / max(p['write'], 1e-9):.1f}x longer)"
        )
        self.stdout.write(f"  whole job at design speed: {p['wall'] * scale:.0f} s (target <= 275 s)")
        self.stdout.write(f"  wall / slowest branch (parallel): {p['wall'] / p['slowest']:.2f}x (target <= 1.1x)")
        self.stdout.write(
            f"  sequential / parallel wall: {q['wall'] / p['wall']:.2f}x faster in parallel (target >= 1.8x)"
        )

    # --- concurrency ---------------------------------------------------------------------------
    def bench_concurrency(self, n_jobs: int, scale: float, threads: int, processes: int = 0, rate: float = 0) -> None:
        """`processes` worker processes (one per core by default), `threads` threads in each, the
        connection pool on: a single job alone first (the reference), then `n_jobs` quick jobs,
        all at once or `rate` new jobs per second."""
        from jobs.runtime.instrumentation import DISPATCH_SAMPLES_KEY

        processes = processes or os.cpu_count() or 1
        env = {**self._design_latency_env(scale), "BENCH_COUNT_QUERIES": "1", "DB_CONN_MAX_AGE": "0", "DB_POOL": "1"}
        redis_client().delete(DISPATCH_SAMPLES_KEY)
        workers = [
            WorkerProcess(concurrency=threads, env=env, beat=i == 0, log_to_file=False, loglevel="ERROR").start()
            for i in range(processes)
        ]
        peak_open = peak_connections = 0
        meter = ProcMeter()
        try:
            alone = wait(
                [services.job_create(user=self.user, question=DEMO_QUESTION, depth="quick", enforce_limits=False).pk],
                900,
            )[0]
            alone_seconds = (alone.finished_at - alone.created_at).total_seconds()
            redis_client().delete(DISPATCH_SAMPLES_KEY)
            groups = {
                "worker": lambda: set().union(*(process_tree(w.proc.pid) for w in workers)),
                "postgres": lambda: pg_backends(),
            }
            meter.sample(groups)
            started = time.monotonic()
            ids = []
            deadline = time.monotonic() + 3600
            while time.monotonic() < deadline:
                due = n_jobs if not rate else min(n_jobs, int((time.monotonic() - started) * rate) + 1)
                while len(ids) < due:
                    ids.append(
                        services.job_create(
                            user=self.user, question=DEMO_QUESTION, depth="quick", enforce_limits=False
                        ).pk
                    )
                open_jobs = Job.objects.filter(pk__in=ids).exclude(status__in=Job.TERMINAL_STATUSES).count()
                peak_open = max(peak_open, open_jobs)
                peak_connections = max(peak_connections, len(pg_backends()))
                meter.sample(groups)
                if len(ids) == n_jobs and not open_jobs:
                    break
                time.sleep(0.5)
            wall = time.monotonic() - started
            meter.sample(groups)
        finally:
            for worker in workers:
                worker.stop()
        jobs = list(Job.objects.filter(pk__in=ids))
        samples = sorted(float(x) for x in redis_client().lrange(DISPATCH_SAMPLES_KEY, 0, -1))
        lapsed = sum(1 for j in jobs if j.epoch > 1)
        done = sum(1 for j in jobs if j.status == Job.Status.DONE)
        errors = sum(1 for j in jobs if j.status == Job.Status.FAILED)
        durations = sorted(((j.finished_at or j.updated_at) - j.created_at).total_seconds() for j in jobs)
        cpu = meter.totals()

        def pct(values, p):
            return values[min(len(values) - 1, int(p * len(values)))] if values else float("nan")

        arrival = f"{rate:g} new jobs per second" if rate else "submitted at once"
        self.stdout.write(
            f"concurrency ({n_jobs} quick jobs {arrival}; {processes} worker processes x {threads} threads, "
            f"connection pool; design latencies / {scale:g}):"
        )
        self.stdout.write(
            f"  {done}/{n_jobs} done, {errors} failed, in {wall:.0f} s; peak {peak_open} jobs in flight; "
            f"throughput {done / wall * 60:.1f} reports per minute ({done / wall:.2f}/s)"
        )
        self.stdout.write(
            f"  one job alone: {alone_seconds:.1f} s; under load: median {pct(durations, 0.5):.1f} s, "
            f"slowest {durations[-1] if durations else float('nan'):.1f} s "
            f"({(durations[-1] if durations else 0) / max(alone_seconds, 1e-9):.2f}x alone; target <= 1.3x)"
        )
        self.stdout.write(
            f"  task dispatch latency (sent -> started) p50 {pct(samples, 0.5):.0f} ms, p95 {pct(samples, 0.95):.0f} ms "
            f"over {len(samples):,} tasks (target p95 <= 2,000 ms)"
        )
        self.stdout.write(
            f"  peak PostgreSQL connections to this database: {peak_connections} (for {processes * threads} threads)"
        )
        self.stdout.write(f"  leases that lapsed while work ran (renewals missed): {lapsed} (target 0)")
        self.stdout.write(
            f"  CPU: worker processes {cpu.get('worker', 0.0):.1f} s, PostgreSQL backends "
            f"{cpu.get('postgres', 0.0):.1f} s over {wall:.0f} s ({(sum(cpu.values())) / wall / (os.cpu_count() or 1):.0%} "
            f"of {os.cpu_count()} cores); {sum(cpu.values()) / max(done, 1):.2f} CPU-s per report"
        )


# The design's timings per call, in seconds before the reply's tokens (which the simulated
# provider adds at ENGINE_TOKENS_PER_SECOND = 50), before scaling (see bench critical-path).
# Writer, judge and rewriter: a hosted model's ~1 s to the first token; a section then costs its
# tokens at 50 tokens/s (~10 s for 500 tokens), a judge verdict ~1 s more.
DESIGN_LATENCY_SECONDS = {
    "plan": 10,
    "worker_action": 8,
    "reader_notes": 4,
    "gap_decision": 15,
    "section_draft": 1,
    "support_verdict": 1,
    "sentence_rewrite": 1,
    "compaction": 2,
}


CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def proc_cpu_seconds(pid: int) -> float | None:
    """user + system CPU seconds of a process from /proc (None when it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def process_tree(root: int) -> set[int]:
    """`root` and every process below it."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    parents[int(entry)] = int(fh.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
    tree, frontier = {root}, [root]
    while frontier:
        pid = frontier.pop()
        children = [p for p, parent in parents.items() if parent == pid and p not in tree]
        tree.update(children)
        frontier.extend(children)
    return tree


def pg_backends(exclude=frozenset()) -> set[int]:
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute("SELECT pid FROM pg_stat_activity WHERE datname = current_database()")
        return {row[0] for row in cur.fetchall()} - set(exclude)


class ProcMeter:
    """CPU used by groups of processes between the first and the last sample: a process first
    seen later counts from 0 (it started during the batch); one that ended counts up to its last
    sample (sample often)."""

    def __init__(self):
        self.first: dict[int, float] = {}
        self.last: dict[int, float] = {}
        self.group: dict[int, str] = {}
        self.started = False

    def sample(self, groups: dict) -> None:
        for name, pids in groups.items():
            for pid in pids():
                cpu = proc_cpu_seconds(pid)
                if cpu is None:
                    continue
                self.first.setdefault(pid, cpu if not self.started else 0.0)
                self.last[pid] = cpu
                self.group[pid] = name
        self.started = True

    def totals(self) -> dict[str, float]:
        out: dict[str, float] = defaultdict(float)
        for pid, cpu in self.last.items():
            out[self.group[pid]] += cpu - self.first[pid]
        return dict(out)


def branch_times(job: Job) -> dict:
    """Wall time of a job and the durations of its slowest path through the task graph."""
    steps = list(
        Step.objects.filter(job=job).values("kind", "sq_id", "sq__round", "started_at", "created_at", "step_key")
    )

    def span(rows):
        return (
            (max(r["created_at"] for r in rows) - min(r["started_at"] for r in rows)).total_seconds() if rows else 0.0
        )

    plan = span([r for r in steps if r["kind"] == "plan"])
    gap = span([r for r in steps if r["kind"] == "gap_check"])
    write = span([r for r in steps if r["kind"] in {"write", "check"}])
    sections = [r for r in steps if r["kind"] == "write" and r["step_key"].rsplit(":", 1)[-1].isdigit()]
    checks = [r for r in steps if r["kind"] == "check" or ":write:rewrite-" in r["step_key"]]
    judge_keys = [r["step_key"] for r in steps if r["kind"] == "check" and not r["step_key"].endswith("final")]
    rounds = {1: [], 2: []}
    for sq_id in {r["sq_id"] for r in steps if r["sq_id"]}:
        rows = [r for r in steps if r["sq_id"] == sq_id and r["kind"] in {"search", "read"}]
        if rows:
            rounds.setdefault(rows[0]["sq__round"], []).append(span(rows))
    round1, round2 = max(rounds[1], default=0.0), max(rounds[2], default=0.0)
    wall = ((job.finished_at or job.updated_at) - job.created_at).total_seconds()
    return {
        "wall": wall,
        "plan": plan,
        "round1": round1,
        "gap": gap,
        "round2": round2,
        "write": write,
        "write_only": span(sections),
        "check_only": span(checks),
        "judge_calls": len(judge_keys),
        "sentences": sum(1 for k in judge_keys if not k.endswith("-2")),
        "rewrites": sum(1 for r in steps if ":write:rewrite-" in r["step_key"]),
        "slowest": plan + round1 + gap + round2 + write,
        "sum_branches": sum(rounds[1]) + sum(rounds[2]),
    }
