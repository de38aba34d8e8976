"""A/B experiments: users are randomised into named variants that each change one thing.

EXPERIMENT_VARIANTS (JSON) maps a variant name to its overrides, e.g.
    {"control": {}, "three-pages": {"pages_per_worker": 3}}
Supported overrides: pages_per_worker (int), reader_model (a litellm model string),
planner_prompt (the name of a prompt file in agents/prompts, e.g. "planner_v2").
A user always lands in the same variant (a hash of EXPERIMENT_NAME and the user id), and the
variant is recorded on each job, so quality and cost can be compared per variant.
"""

from __future__ import annotations

import hashlib

from django.conf import settings

KNOWN_OVERRIDES = frozenset({"pages_per_worker", "reader_model", "planner_prompt"})


def variants() -> dict:
    return settings.EXPERIMENT_VARIANTS or {}


def assign(user) -> str:
    """The user's variant ("" when no experiment runs)."""
    names = sorted(variants())
    if not names:
        return ""
    digest = hashlib.sha256(f"{settings.EXPERIMENT_NAME}:{user.pk}".encode()).hexdigest()
    return names[int(digest, 16) % len(names)]


def overrides(job) -> dict:
    return dict(variants().get(getattr(job, "variant", "") or "", {}))
