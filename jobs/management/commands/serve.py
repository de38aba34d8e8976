"""Run the whole service on one machine: the web app under uvicorn (ASGI, for SSE), a Celery
worker and beat, on the embedded default (SQLite + the embedded Redis) or on DATABASE_URL and
REDIS_URL when they are set. Prints the address and a login to use.

    python manage.py serve            # what `make run` does

The three are this command's children (they die with it) and get its REDIS_URL; a worker or
beat that exits on its own is started again (research_project.respawn). The embedded Redis,
when this command started it (manage.py), is stopped by it after them: on Ctrl-C, SIGTERM, or
when the web server exits.
"""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from agents.models import Document
from jobs.management.options import bounded
from research_project import child_processes, startup

READY_TIMEOUT_SECONDS = 60
# Web, worker and beat get this long to stop after SIGTERM (a worker finishes its current step).
SHUTDOWN_SECONDS = 15
LOGIN_FILE = "demo-login.txt"


class Command(BaseCommand):
    help = "Start web (uvicorn), a Celery worker and beat; print the address and a login."

    def add_arguments(self, parser):
        parser.add_argument(
            "--host",
            default=os.environ.get("HOST", "127.0.0.1"),
            help="address the web server listens on (default: HOST, or 127.0.0.1; now %(default)s)",
        )
        parser.add_argument(
            "--port",
            type=bounded(int, low=1, high=65535),
            default=int(os.environ.get("PORT", "8000")),
            help="its port, 1-65535 (default: PORT, or 8000; now %(default)s)",
        )
        parser.add_argument(
            "--user",
            default=os.environ.get("RUN_DEMO_USER", "demo"),
            help="the superuser to log in as; one without a password gets a random one "
            "(default: RUN_DEMO_USER, or demo; now %(default)s)",
        )
        parser.add_argument(
            "--concurrency",
            type=bounded(int, low=1),
            default=settings.DEMO_WORKER_CONCURRENCY,
            help="threads of the Celery worker, at least 1 (default: DEMO_WORKER_CONCURRENCY, now %(default)s)",
        )
        parser.add_argument(
            "--login-file",
            default=str(Path(settings.VAR_DIR) / LOGIN_FILE),
            metavar="PATH",
            help="where a generated password is kept, owner-only (default: %(default)s)",
        )

    def handle(self, *args, **opts):
        if (
            settings.SEARCH_PROVIDER == "local"
            and not Document.objects.filter(collection=Document.DEMO_COLLECTION).exists()
        ):
            from agents.management.commands.load_demo_corpus import load

            added, _ = load()
            self.stdout.write(f"loaded the demo corpus ({added} documents)")
        username, password = self._login(opts["user"], Path(opts["login_file"]))
        env = {**os.environ, "PYTHONWARNINGS": "ignore", "REDIS_URL": settings.REDIS_URL}
        var = Path(settings.VAR_DIR)
        # The worker and beat run under research_project.respawn: one that exits on its own (a
        # broker hiccup can end a Celery worker) is started again; the web server's exit ends serve.
        respawn = [sys.executable, "-m", "research_project.respawn"]
        procs = {
            "web": [
                sys.executable,
                "-m",
                "uvicorn",
                "research_project.asgi:application",
                "--host",
                opts["host"],
                "--port",
                str(opts["port"]),
                "--lifespan",
                "off",
                "--log-level",
                "warning",
            ],
            "worker": [
                *respawn,
                "--name",
                "worker",
                "--",
                sys.executable,
                "-m",
                "celery",
                "--quiet",
                "-A",
                "research_project",
                "worker",
                "--pool",
                "threads",
                "--concurrency",
                str(opts["concurrency"]),
                "--loglevel",
                "WARNING",
                "--without-gossip",
                "--without-mingle",
            ],
            "beat": [
                *respawn,
                "--name",
                "beat",
                "--",
                sys.executable,
                "-m",
                "celery",
                "--quiet",
                "-A",
                "research_project",
                "beat",
                "--loglevel",
                "WARNING",
                "-s",
                str(var / "celerybeat-schedule"),
            ],
        }
        running: dict[str, subprocess.Popen] = {}
        stop = {"now": False}
        signal.signal(signal.SIGTERM, lambda *_: stop.update(now=True))
        try:
            for name, cmd in procs.items():
                running[name] = child_processes.popen(cmd, env=env, cwd=settings.BASE_DIR)
            url = f"http://{opts['host']}:{opts['port']}"
            self._wait_ready(url, running["web"])
            db = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
            redis = "embedded redis" if settings.EMBEDDED_REDIS else "REDIS_URL"
            self.stdout.write(
                f"\nDeep research is running on {db} and {redis}.\n"
                f"  Open {url}/  (API docs: {url}/v1/docs, admin: {url}/admin/)\n"
                f"  Log in as {username} with password {password}\n"
                f"  web, worker and beat run until you press Ctrl-C.\n"
            )
            self.stdout.flush()
            while not stop["now"]:
                for name, proc in running.items():
                    if proc.poll() is not None:
                        raise CommandError(f"{name} exited with {proc.returncode}")
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
        finally:
            for proc in running.values():
                if proc.poll() is None:
                    os.killpg(proc.pid, signal.SIGTERM)
            # One deadline for all three, so whoever stops `serve` can rely on it ending in time.
            deadline = time.monotonic() + SHUTDOWN_SECONDS
            for proc in running.values():
                try:
                    proc.wait(timeout=max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait(timeout=5)
            stopped = "web, worker and beat"
            if startup.owns_embedded_redis():
                startup.stop_embedded_services()  # after the three that use it
                stopped += " and the embedded Redis"
            self.stdout.write(f"stopped {stopped}")

    def _login(self, username: str, path: Path) -> tuple[str, str]:
        """The demo superuser's name and password. A user without a password (new, or made by
        `manage.py research`) gets a random one, kept in var/demo-login.txt (owner-only) so the
        next run prints it again; a password set some other way is left alone."""
        user, _ = get_user_model().objects.get_or_create(username=username)
        saved = path.read_text().split("\n")[:2] if path.exists() else []
        if len(saved) == 2 and saved[0] == username and user.check_password(saved[1]):
            return username, saved[1]
        if user.password and user.has_usable_password():
            return username, f"(yours; reset it with `python manage.py changepassword {username}`)"
        password = secrets.token_urlsafe(12)
        user.set_password(password)
        user.is_staff = user.is_superuser = True
        user.save()
        path.write_text(f"{username}\n{password}\n")
        path.chmod(0o600)
        return username, password

    def _wait_ready(self, url: str, web: subprocess.Popen) -> None:
        deadline = time.monotonic() + READY_TIMEOUT_SECONDS
        while time.monotonic() < deadline:
            if web.poll() is not None:
                raise CommandError(f"the web server exited with {web.returncode}")
            try:
                if httpx.get(f"{url}/accounts/login/", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise CommandError(f"the web server did not answer on {url} within {READY_TIMEOUT_SECONDS} s")
