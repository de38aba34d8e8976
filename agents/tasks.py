"""Thin Celery tasks of the agents app: take ids, call a service."""

from __future__ import annotations

import redis
from celery import shared_task
from django.db import InterfaceError, OperationalError

# A lost database or Redis connection is worth a retry; a document that cannot be read is not
# an error here (upload_process marks it rejected with the reason).
TRANSIENT_ERRORS = (OperationalError, InterfaceError, redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)
UPLOAD_PROCESS_MAX_RETRIES = 5


@shared_task(
    name="agents.tasks.upload_process",
    bind=True,
    acks_late=True,
    autoretry_for=TRANSIENT_ERRORS,
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=UPLOAD_PROCESS_MAX_RETRIES,
    ignore_result=True,
)
def upload_process(self, upload_id: int) -> None:
    """Read one processing upload (agents.uploads.upload_process); idempotent."""
    from agents.uploads import upload_process as process

    process(upload_id=upload_id)
