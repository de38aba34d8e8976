"""Reading an uploaded document in a child process with its own memory and CPU caps.

The limits in agents/sources/clean.py refuse what a document declares or expands to; this is
the floor under them for what a parser does that no limit foresaw (pypdf holding a content
stream's tokens, lxml on odd XML). The worker that asks never parses the file itself, so its
memory stays what it was whatever the file does; the child is killed at its caps, and the
upload is rejected with a sentence saying which cap it hit.

    python -m agents.sources.extract <content type>   (body on stdin, JSON on stdout)
"""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

# Caps of one extraction. Sized from measurements: the largest legitimate documents the limits
# in clean.py allow (2,000 PDF pages, 3 M characters) read in under 20 s of CPU and 250 MB; a
# PDF whose one page holds 60 MB of text operators peaks near 400 MB inside pypdf before its
# own parsing budget stops it, which is the kind of file these caps are for.
EXTRACT_MEMORY_BYTES = 512 * 1024 * 1024  # the child's whole address space (RLIMIT_AS)
EXTRACT_CPU_SECONDS = 60  # RLIMIT_CPU: SIGXCPU, then SIGKILL a second later
EXTRACT_WALL_SECONDS = 120  # a child blocked rather than computing is killed too
# Extractions one process runs at once: each child may use EXTRACT_MEMORY_BYTES.
EXTRACT_MAX_CONCURRENT = 2
_slots = threading.BoundedSemaphore(EXTRACT_MAX_CONCURRENT)
_PROJECT_ROOT = Path(__file__).resolve().parents[2]


class ExtractionRefused(Exception):
    """The document was not read; `reason` says why, in a sentence a user can act on."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def extract(
    body: bytes,
    content_type: str,
    *,
    memory_bytes: int = EXTRACT_MEMORY_BYTES,
    cpu_seconds: int = EXTRACT_CPU_SECONDS,
    wall_seconds: float = EXTRACT_WALL_SECONDS,
):
    """The cleaned page of an uploaded body (agents.sources.clean.CleanPage), read in a capped
    child process. Raises ExtractionRefused with the reason: a limit of clean.py, no readable
    text, or a cap of the child (memory, CPU, wall time)."""
    from agents.sources.clean import CleanPage

    env = {
        **os.environ,
        "PYTHONWARNINGS": "ignore",
        "EXTRACT_MEMORY_BYTES": str(memory_bytes),
        "EXTRACT_CPU_SECONDS": str(cpu_seconds),
    }
    with _slots:
        try:
            proc = subprocess.run(
                [sys.executable, "-m", "agents.sources.extract", content_type],
                input=body,
                capture_output=True,
                timeout=wall_seconds,
                env=env,
                cwd=_PROJECT_ROOT,
            )
        except subprocess.TimeoutExpired:
            raise ExtractionRefused(f"reading it took longer than {wall_seconds:.0f} s") from None
    if proc.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        raise ExtractionRefused(f"reading it needed more than {cpu_seconds} s of CPU")
    try:
        out = json.loads(proc.stdout or b"{}")
    except ValueError:
        out = {}
    if "refused" in out:
        raise ExtractionRefused(out["refused"])
    if proc.returncode != 0 or "text" not in out:
        last = (proc.stderr.decode("utf-8", "replace").strip().splitlines() or ["no output"])[-1][:200]
        raise ExtractionRefused(f"it could not be read (the reader stopped: {last})")
    published = dt.date.fromisoformat(out["published"]) if out.get("published") else None
    return CleanPage(text=out["text"], title=out["title"], published=published)


def _child_main() -> int:
    import resource

    memory_bytes = int(os.environ["EXTRACT_MEMORY_BYTES"])
    cpu_seconds = int(os.environ["EXTRACT_CPU_SECONDS"])
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    content_type = sys.argv[1]
    body = sys.stdin.buffer.read()
    try:
        from agents.sources import clean

        page = clean.clean(body, content_type)
        out = {
            "text": page.text,
            "title": page.title,
            "published": page.published.isoformat() if page.published else None,
        }
    except MemoryError:
        out = {"refused": f"reading it needed more than {memory_bytes // 2**20} MB of memory"}
    except Exception as exc:  # noqa: BLE001 - CleaningFailed and whatever a parser raises
        reason = (
            str(exc)
            if type(exc).__name__ == "CleaningFailed"
            else f"it could not be read ({type(exc).__name__}: {exc})"
        )
        out = {"refused": reason[:500]}
    sys.stdout.write(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(_child_main())
