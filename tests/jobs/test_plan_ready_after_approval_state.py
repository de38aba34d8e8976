"""plan_ready is emitted only once the job awaits approval, so a client (or the live page)
acting on the event can approve at once instead of meeting a 409."""

import pytest

from jobs.models import Job
from jobs.runtime import events
from jobs.runtime.steps import RunContext
from jobs.stages import plan
from tests.factories import JobFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("require_approval, expected", [(True, "awaiting_approval"), (False, "planning")])
def test_when_plan_ready_is_emitted_the_job_already_has_its_post_plan_status(
    alice, monkeypatch, require_approval, expected
):
    job = JobFactory(
        user=alice, question="Which battery suppliers does Norvik Electric use?", require_approval=require_approval
    )
    seen = []
    monkeypatch.setattr(
        events,
        "emit",
        lambda job_id, event_type, data=None: seen.append(
            (event_type, Job.objects.get(pk=job_id).status, (data or {}).get("awaiting_approval"))
        ),
    )
    outcome = plan.plan_stage(RunContext(job=job, epoch=job.epoch))
    assert outcome == ("awaiting_approval" if require_approval else "research")
    assert seen == [("plan_ready", expected, require_approval)]
