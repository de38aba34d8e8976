import functools
import os

from billiard import einfo
from celery import Celery
from celery._state import task_join_will_block
from celery.backends.asynchronous import AsyncBackendMixin
from celery.signals import beat_init, worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "research_project.settings")


# Every task.replace() raises Ignore, and Celery's tracer builds two ExceptionInfo copies of the
# stack for it (only to log at debug level). billiard copies each frame's code object, including
# the whole co_positions() table, every time: about 1.5 ms for Celery's tracer frame, 0.2 CPU-s
# per report. A code object never changes, so one copy per code object is enough.
einfo._Frame.Code = staticmethod(functools.lru_cache(maxsize=4096)(einfo._Code))

# Celery's group (every chord header: rounds, readers, sections, check batches) ties a barrier to
# each header task's result, which subscribes this process to the task's result channel; then
# every result is published to it and the subscription is dropped when the result object is
# collected (a SUBSCRIBE and an UNSUBSCRIBE per header task, about 100 commands per report, and
# results piling up unread on a pub/sub connection nobody drains). Inside a worker no task ever
# waits on a result (the chord's body is fired by its counter in Redis, not by the barrier), so
# there the subscription is skipped; a process that may wait (the web, a command) keeps it.
_add_pending_result = AsyncBackendMixin.add_pending_result


def _add_pending_result_unless_in_worker(self, result, weak=False, start_drainer=True):
    if task_join_will_block():
        return result
    return _add_pending_result(self, result, weak=weak, start_drainer=start_drainer)


AsyncBackendMixin.add_pending_result = _add_pending_result_unless_in_worker

app = Celery("research_project")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_init.connect
@beat_init.connect
def start_embedded_services_for_worker_and_beat(**_) -> None:
    """A worker or beat started on its own (the Procfile) prepares var/ and, without REDIS_URL,
    the embedded Redis, which it then owns. Workers and beat that serve, research and the tests
    start get REDIS_URL from them and start nothing."""
    from research_project.startup import start_embedded_services

    start_embedded_services()
