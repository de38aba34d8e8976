"""Full, uncompressed model-call trajectories are kept TRAJECTORY_RETENTION_DAYS (seed 002:
every diagnosis needed was within a week). Older calls keep their accounting (tokens,
dollars: the ledger is rebuilt from them) and lose their text."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from agents.sources import store
from jobs.models import ProviderCall


def trajectories_expire(*, now=None) -> int:
    """Blank the messages, response and stored trajectory of calls past retention.
    Returns how many calls were cleaned."""
    cutoff = (now or timezone.now()) - timedelta(days=settings.TRAJECTORY_RETENTION_DAYS)
    old = ProviderCall.objects.filter(created_at__lt=cutoff).exclude(messages=[], response="", trajectory_ref="")
    refs = set(old.exclude(trajectory_ref="").values_list("trajectory_ref", flat=True))
    cleaned = old.update(messages=[], response="", trajectory_ref="")
    still_used = set(ProviderCall.objects.filter(trajectory_ref__in=refs).values_list("trajectory_ref", flat=True))
    for ref in refs - still_used:
        store.delete(ref)
    return cleaned
