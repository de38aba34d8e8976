"""Child processes that cannot outlive whoever started them.

The embedded Redis, and the workers, beat and web servers started by `serve`, `research
--spawn-worker`, the benchmarks and the tests, run in their own session (so a Ctrl-C or a signal
to the starter's group does not hit them: the starter stops them in order). If the starter is
killed outright, they would live on as orphans that keep consuming the broker queue with stale
settings. On Linux each child asks the kernel to SIGKILL it when the thread that started it dies
(prctl PR_SET_PDEATHSIG; start them from the main thread); elsewhere the starter's own shutdown is
all there is.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import subprocess
import sys

PR_SET_PDEATHSIG = 1


def _new_session_dying_with(parent_pid: int):
    # Resolved here, in the parent: find_library may run ldconfig, which a forked child must not.
    libc = (
        ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        if sys.platform.startswith("linux")
        else None
    )

    def preexec() -> None:
        os.setsid()
        if libc is not None:
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent_pid:  # the parent died before prctl took effect
            os._exit(1)

    return preexec


def popen(cmd, **kwargs) -> subprocess.Popen:
    """subprocess.Popen in a new session, killed when this process dies."""
    return subprocess.Popen(cmd, preexec_fn=_new_session_dying_with(os.getpid()), **kwargs)
