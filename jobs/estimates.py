"""What a plan will cost, shown to the user before any worker starts (plan approval).

Figures from the design's per-run arithmetic, per sub-question round (one search worker with
its ~5 page reads): about 60,000 tokens, 0.05 USD and 90 s. The fixed part is planning, the
gap check, writing and citation checks: 2,000 + 10,000 + 38,300 tokens; 10 + 15 + 60 + 10 s;
the writer and the judge at the design's prices cost about 0.08 USD. Workers run at most
MAX_PARALLEL_WORKERS at a time, so time grows with the number of waves, not of workers.
"""

from __future__ import annotations

import math

from django.conf import settings

TOKENS_PER_SUBQUESTION = 60_000
USD_PER_SUBQUESTION = 0.05
SECONDS_PER_SUBQUESTION_ROUND = 90
FIXED_TOKENS = 2_000 + 10_000 + 38_300
FIXED_USD = 0.08
FIXED_SECONDS = 10 + 15 + 60 + 10


def estimate_plan(*, subquestions: int, budget_tokens: int, budget_usd_micros: int, budget_seconds: float) -> dict:
    """Expected tokens, dollars and minutes for a plan of `subquestions`, each capped at the
    job's budget (the runner never spends more). Returns a dict the API serialises as is."""
    n = max(0, int(subquestions))
    waves = math.ceil(n / settings.MAX_PARALLEL_WORKERS) if n else 0
    tokens = FIXED_TOKENS + n * TOKENS_PER_SUBQUESTION
    usd = FIXED_USD + n * USD_PER_SUBQUESTION
    seconds = FIXED_SECONDS + waves * SECONDS_PER_SUBQUESTION_ROUND
    budget_usd = budget_usd_micros / 1_000_000
    return {
        "subquestions": n,
        "tokens": min(tokens, budget_tokens),
        "usd": round(min(usd, budget_usd), 4),
        "minutes": round(min(seconds, budget_seconds) / 60, 1),
        "capped_by_budget": tokens > budget_tokens or usd > budget_usd or seconds > budget_seconds,
    }
