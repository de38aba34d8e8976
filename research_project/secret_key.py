"""The embedded mode's secret key: random, made on first run, kept owner-only under var/.

The settings only read the file (`read`); the process start (research_project/startup.py) makes
it (`ensure`). Outside the embedded mode the key comes from DJANGO_SECRET_KEY and no file is used.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

OWNER_ONLY = 0o600
KEY_BYTES = 50  # token_urlsafe(50): 67 characters, well past Django's 50-character check


def read(path: Path) -> str:
    """The stored key, or "" when the file does not exist yet (nothing made it so far)."""
    try:
        return path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return ""


def ensure(path: Path) -> bool:
    """Make the key file unless it exists; keep it owner-only (0600). Returns True if it made it.

    Safe when several processes start at once: the key is written to a private temporary file and
    linked into place, so a reader sees the whole key or no file, and only the first link wins.
    """
    if path.exists():
        if path.stat().st_mode & 0o777 != OWNER_ONLY:
            path.chmod(OWNER_ONLY)
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, OWNER_ONLY)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(secrets.token_urlsafe(KEY_BYTES) + "\n")
        try:
            os.link(tmp, path)
        except FileExistsError:
            return False  # another process made it first; its key is the one
        return True
    finally:
        tmp.unlink(missing_ok=True)
