"""A search turn that reads one page reads it inside the worker's own task, and the loop goes on
there (issue 17: a chord of one reader added two tasks and a join and read no sooner); a turn
that reads several pages still hands them to reader tasks that run at once."""

import pytest

from jobs import tasks
from jobs.models import Job, Note, Step, SubQuestion
from tests.agents.test_search_worker_loop import norvik_page  # noqa: F401 - the page the worker reads
from tests.factories import JobFactory, SubQuestionFactory
from tests.fakes import scripted_model

pytestmark = pytest.mark.django_db

URL = "https://norvik.example/suppliers"  # norvik_page's
FINISH = {"thought": "done", "tool": "finish", "arguments": {"summary": "Norvik's suppliers.", "not_found": []}}


def _turns(*urls):
    return [
        {
            "thought": "find the suppliers",
            "tool": "search",
            "arguments": {"query": "Norvik Electric battery suppliers"},
        },
        {"thought": "read it", "tool": "fetch_pages", "arguments": {"urls": list(urls)}},
        FINISH,
    ]


@pytest.mark.usefixtures("norvik_page")
def test_one_page_is_read_in_the_workers_task_and_the_loop_finishes_there(alice, settings, monkeypatch):
    job = JobFactory(user=alice, status=Job.Status.RESEARCHING, question="Which battery suppliers does Norvik use?")
    sq = SubQuestionFactory(job=job, text="Which battery suppliers does Norvik Electric use?")
    sent = []
    monkeypatch.setattr(tasks.read_page, "si", lambda *a, **k: sent.append(a))  # no reader task may be sent
    with scripted_model(settings, worker_action=_turns(URL)):
        result = tasks.sq_work(str(job.pk), sq.pk, job.epoch)
    assert result == {"sq_id": sq.pk} and sent == []
    assert SubQuestion.objects.get(pk=sq.pk).status == SubQuestion.Status.DONE
    read = Step.objects.get(job=job, sq=sq, kind="read")
    assert [n["id"] for n in read.output["notes"]] == list(Note.objects.filter(sq=sq).values_list("pk", flat=True))
    assert read.output["notes"], "the page was read, not skipped"


def test_a_page_that_fails_transiently_goes_to_a_reader_task_and_one_that_fails_for_good_is_recorded(
    alice, monkeypatch
):
    from jobs.runtime.errors import TransientStepError
    from jobs.runtime.steps import RunContext
    from jobs.stages import read

    job = JobFactory(user=alice, status=Job.Status.RESEARCHING)
    sq = SubQuestionFactory(job=job)
    ctx = RunContext(job=job, epoch=job.epoch)

    def flaky(*_):
        raise TransientStepError("429 from the model")

    monkeypatch.setattr(read, "read_one", flaky)
    assert tasks._read_here(ctx, sq.pk, URL) is False  # retried with backoff by a reader task
    assert not Step.objects.filter(job=job, kind="read").exists()

    def broken(*_):
        raise ValueError("the page could not be parsed")

    monkeypatch.setattr(read, "read_one", broken)
    assert tasks._read_here(ctx, sq.pk, URL) is True  # the loop goes on without it
    failed = Step.objects.get(job=job, sq=sq, kind="read")
    assert "ValueError: the page could not be parsed" in failed.output["error"] and failed.output["notes"] == []
