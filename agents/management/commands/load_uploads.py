"""Load a folder of files into one user's private upload collection.

    python manage.py load_uploads --user alice DIR

Every PDF, HTML, Markdown, text and DOCX file under DIR (recursively) is uploaded and read
here, one at a time (the same limits and capped reader as the worker's): each line says
whether it is ready or rejected and why. Other files are listed as skipped. Loading the same
folder again adds nothing new.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from agents.models import Document
from agents.uploads import upload_content_type_for_path, upload_create, upload_process
from jobs.runtime.errors import ApplicationError


class Command(BaseCommand):
    help = "Upload every PDF, HTML, Markdown, text and DOCX file of a folder into a user's private collection."

    def add_arguments(self, parser):
        parser.add_argument(
            "directory",
            help="a folder: every PDF, HTML, Markdown, text and DOCX file under it (recursively) is "
            f"uploaded, each at most UPLOAD_MAX_BYTES (now {settings.UPLOAD_MAX_BYTES:,} bytes); "
            "files already loaded are not added again",
        )
        parser.add_argument("--user", required=True, help="the collection's owner, created if missing (required)")

    def handle(self, *args, **opts):
        directory = Path(opts["directory"])
        if not directory.is_dir():
            raise CommandError(f"{directory} is not a directory")
        user, created = get_user_model().objects.get_or_create(username=opts["user"])
        if created:
            self.stdout.write(f"created user {user.username}")
        loaded = skipped = failed = rejected = 0
        for path in sorted(p for p in directory.rglob("*") if p.is_file()):
            content_type = upload_content_type_for_path(path)
            if not content_type:
                skipped += 1
                self.stdout.write(f"skipped {path} (not PDF, HTML, Markdown, text or DOCX)")
                continue
            try:
                doc = upload_create(
                    user=user, filename=path.name, content=path.read_bytes(), content_type=content_type, enqueue=False
                )
            except ApplicationError as exc:
                failed += 1
                self.stderr.write(f"refused {path}: {exc.field}: {exc.message}")
                continue
            doc = upload_process(upload_id=doc.pk) or doc
            if doc.status == Document.Status.REJECTED:
                rejected += 1
                self.stderr.write(f"rejected {path}: {doc.reason}")
                continue
            loaded += 1
            self.stdout.write(f"uploaded {path} -> {doc.url} ({doc.status})")
        self.stdout.write(
            f"{user.username}: {loaded} files ready, {rejected} rejected, {skipped} skipped, {failed} refused"
        )
        if (failed or rejected) and not loaded:
            raise CommandError("no file could be uploaded")
