import os

from celery import Celery
from celery.signals import beat_init, worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "research_project.settings")

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
