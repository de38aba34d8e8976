"""The MCP server on stdio, for desktop MCP clients (Claude Desktop, editors, agents):

    python manage.py mcp --user alice [--spawn-worker]

Every tool acts for --user (created if missing, as `research` does). stdout is the protocol
channel: nothing else is written there. With --spawn-worker a Celery worker with the sweeper
beat runs for as long as the server does (the embedded default needs nothing else running);
otherwise a worker must already be running (make run)."""

from __future__ import annotations

import sys

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from agents.models import Document
from jobs.mcp_server import build_server
from jobs.worker_process import WorkerProcess


class Command(BaseCommand):
    help = "Serve the research tools over MCP on stdio, acting for one user."

    def add_arguments(self, parser):
        parser.add_argument(
            "--user", required=True, help="the user every tool call acts for, created if missing (required)"
        )
        parser.add_argument(
            "--spawn-worker",
            action="store_true",
            help="start a Celery worker with the sweeper beat and stop it when the client "
            "disconnects (default: off: a worker must be running, e.g. make run)",
        )

    def handle(self, *args, **opts):
        user, _ = get_user_model().objects.get_or_create(username=opts["user"])
        if (
            settings.SEARCH_PROVIDER == "local"
            and not Document.objects.filter(collection=Document.DEMO_COLLECTION).exists()
        ):
            from agents.management.commands.load_demo_corpus import load

            added, _ = load()
            print(f"loaded the demo corpus ({added} documents)", file=sys.stderr)
        worker = None
        if opts["spawn_worker"]:
            worker = WorkerProcess(
                concurrency=settings.DEMO_WORKER_CONCURRENCY, log_to_file=False, loglevel="WARNING"
            ).start(wait=False)
        try:
            build_server(user_id=user.pk).run("stdio")
        finally:
            if worker is not None:
                worker.stop()
