"""Item 8 of issue 15: jobs against the endpoint self-hosters run, llama-cpp-python's
OpenAI-compatible server with SmolLM2-135M-Instruct (tests/model_servers.py installs it into
var/llama-venv). Two jobs with 5-minute budgets run at the same time, each on its own worker
(its own queue and model settings): (a) reader and judge on the server, the other roles on the
offline engine; (b) every role on the server. Both must reach a terminal status by their
deadline plus 60 s, every quote a shipped report cites must be exactly the stored page's
characters, and a job that failed must say why.

The server answers json_schema with HTTP 500 (the client learns json_object), answers one
request at a time (max_concurrent 1), and a 135M model's replies are often unusable: what is
tested is that the job ends on time and honestly, not how good the report is."""

from __future__ import annotations

import json

import pytest

from agents.quotes import verify
from agents.sources import store
from jobs import services
from jobs.models import Job, Note
from jobs.tasks import job_start
from tests import model_servers
from tests.helpers import DEMO_QUESTION, wait_for_job
from tests.workers import WorkerProcess

llama_server_session = model_servers.llama_server_session
llama_server = model_servers.llama_server

pytestmark = [pytest.mark.llama, pytest.mark.worker]

BUDGET_MINUTES = 5
TERMINAL_SLACK_SECONDS = 60
MODEL = f"openai/{model_servers.MODEL_ALIAS}"


def worker_env(server, queue: str, *, every_role: bool) -> dict:
    env = {
        "CELERY_TASK_DEFAULT_QUEUE": queue,
        "MODEL_SMALL_API_BASE": server.base_url,
        "MODEL_SMALL_API_KEY": server.api_key,
        "MODEL_RATE_LIMITS": json.dumps({MODEL: {"max_concurrent": 1}}),
    }
    if every_role:
        env.update(
            {
                "MODEL_LARGE": MODEL,
                "MODEL_SMALL": MODEL,
                "MODEL_LARGE_API_BASE": server.base_url,
                "MODEL_LARGE_API_KEY": server.api_key,
            }
        )
    else:
        env.update({"MODEL_READER": MODEL, "MODEL_JUDGE": MODEL})
    return env


def check_ended_on_time_and_honestly(job: Job) -> None:
    late = (job.finished_at - job.deadline_at).total_seconds()
    assert late <= TERMINAL_SLACK_SECONDS, f"{job.status} {late:.0f} s after the deadline"
    if job.status == Job.Status.FAILED:
        assert job.error.strip(), "a failed job must name its cause"
        return
    assert job.status == Job.Status.DONE, (job.status, job.error)
    cited = {i for section in job.report["sections"] for s in section["sentences"] for i in s["citations"]}
    for note in Note.objects.filter(job=job, note_id__in=cited).select_related("source"):
        page = store.get_text(note.source.content_ref)
        assert verify(page, note.quote, note.char_start, note.char_end), note.quote
    if not job.report["sections"]:
        assert job.report["stopped_reason"] or job.report["not_found"], "an empty report must say why"


def test_reader_and_judge_and_every_role_on_llama_cpp_end_by_the_deadline(llama_server, live, make_user, monkeypatch):
    monkeypatch.setattr(services, "_enqueue_start", lambda job: None)  # sent below, each to its worker's queue
    queues = {"reader+judge": "llama-reader-judge", "every role": "llama-every-role"}
    workers = [
        WorkerProcess(env=worker_env(llama_server, queues["reader+judge"], every_role=False), concurrency=4),
        WorkerProcess(env=worker_env(llama_server, queues["every role"], every_role=True), concurrency=4, beat=False),
    ]
    for worker in workers:
        worker.start()
    try:
        user = make_user("selfhoster")
        jobs = {}
        for name, queue in queues.items():
            job = services.job_create(
                user=user,
                question=DEMO_QUESTION,
                depth="quick",
                budget={"max_minutes": BUDGET_MINUTES},
                require_approval=False,
                enforce_limits=False,
            )
            job_start.apply_async((str(job.pk), job.epoch), queue=queue)
            jobs[name] = job
        ended = {
            name: wait_for_job(job.pk, timeout=BUDGET_MINUTES * 60 + TERMINAL_SLACK_SECONDS + 30)
            for name, job in jobs.items()
        }
    finally:
        for worker in workers:
            worker.stop()
    for name, job in ended.items():
        model_servers._say(
            f"{name}: {job.status}, ended {(job.finished_at - job.deadline_at).total_seconds():+.0f} s "
            f"from the deadline; error {job.error[:200]!r}; stopped {job.stopped_reason!r}; "
            f"{sum(len(s['sentences']) for s in (job.report or {}).get('sections', []))} sentences"
        )
        check_ended_on_time_and_honestly(job)
    assert llama_server.alive(), "the server must survive the schemas it was sent"


def test_the_client_learns_json_object_from_the_real_server_and_its_schemas_do_not_crash_it(llama_server, settings):
    # Outside a step (no job, no database transaction held open while the model thinks).
    from agents import llm
    from agents.prompts import render
    from jobs.runtime.redis_client import redis_client

    settings.MODEL_SMALL = MODEL
    settings.MODEL_TIER_CONNECTIONS = {
        "large": {"api_base": "", "api_key": ""},
        "small": {"api_base": llama_server.base_url, "api_key": llama_server.api_key},
    }
    settings.MODEL_OUTPUT_MODES = {}
    key = f"llm:output_mode:{MODEL}|{llama_server.base_url}"
    redis_client().delete(key)
    quote = {
        "quote": "Helion Cells supplies NMC cells to Voltara Motors.",
        "domain": "a.example",
        "published": "2025-01-01",
    }
    try:
        reply = llm.complete_json(render("judge", sentence="Helion Cells supplies Voltara Motors.", quotes=[quote]))
        assert reply.data["verdict"] in ("supported", "partial", "unsupported")
    except llm.ModelOutputError as exc:  # a 135M model may still answer nonsense; it must be said so
        assert "judge" in str(exc)
    assert redis_client().get(key) in (b"json_object", "json_object")
    # The reader's schema has a 1,200-character quote limit, which kills llama.cpp if it is sent.
    page = "Helion Cells supplies NMC cells to Voltara Motors. The plant in Szeged makes 52 GWh a year."
    prompt = render(
        "reader",
        subquestion="Who supplies Voltara Motors?",
        page_text=page,
        url="https://a.example/x",
        title="A",
        published="2025-01-01",
        nonce="0123456789abcdef",
        max_notes=5,
    )
    settings.MODEL_MAX_TOKENS = {"reader": 300}
    try:
        llm.complete_json(prompt)
    except llm.ModelOutputError:
        pass
    assert llama_server.alive()
