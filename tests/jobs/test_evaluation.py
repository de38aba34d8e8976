"""manage.py eval and calibrate_judges, and experiment variants."""

import json

import pytest
from django.core.management import CommandError, call_command

from jobs import services
from jobs.models import ReportClaim
from jobs.runtime import experiments
from tests.factories import JobFactory


@pytest.fixture
def two_questions(tmp_path):
    path = tmp_path / "q.jsonl"
    path.write_text(
        "\n".join(
            json.dumps(q)
            for q in [
                {
                    "id": "a",
                    "question": "Which company supplies the NMC cells for the electric car maker with the second-highest 2025 deliveries, and in which city is that supplier's largest plant?",
                    "key_points": ["Sunmark Energy supplies NMC cells to Kestrel Automotive"],
                    "known_answer": "Sunmark Energy; Ostrava",
                    "corpus": "demo",
                },
                {
                    "id": "b",
                    "question": "Which battery suppliers does Norvik Electric use?",
                    "key_points": ["Kaiyo Battery Works supplies the NMC cells of Norvik Electric"],
                    "known_answer": None,
                    "corpus": "demo",
                },
            ]
        )
    )
    return path


@pytest.mark.worker
def test_eval_runs_each_question_and_writes_json_and_markdown(live_worker, live, two_questions, tmp_path, capsys):
    out = tmp_path / "out"
    call_command("eval", str(two_questions), "--runs", "1", "--depth", "quick", "--out", str(out))
    results = json.loads((out / "results.json").read_text())
    assert {r["question_id"] for r in results["rows"]} == {"a", "b"}
    row = next(r for r in results["rows"] if r["question_id"] == "b")
    assert row["key_point_coverage"] == 1.0 and row["citation_precision"] == 1.0
    assert results["passed"] is True
    assert "| all | 2 |" in (out / "results.md").read_text()


@pytest.mark.worker
def test_eval_exits_non_zero_when_the_gate_fails(live_worker, live, two_questions, tmp_path):
    with pytest.raises(CommandError, match="gate failed"):
        call_command(
            "eval",
            str(two_questions),
            "--runs",
            "1",
            "--depth",
            "quick",
            "--only",
            "b",
            "--gate",
            "1.01",
            "--out",
            str(tmp_path / "o"),
        )


@pytest.mark.django_db
def test_calibration_compares_the_judge_with_reviewers(capsys, alice):
    job = JobFactory(user=alice)
    for i, (verdict, human) in enumerate(
        [("supported", "supported"), ("supported", "unsupported"), ("partial", "partial")]
    ):
        ReportClaim.objects.create(
            job=job, section="S", position=i, sentence=f"s{i}", verdict=verdict, override_verdict=human
        )
    call_command("calibrate_judges")
    out = capsys.readouterr().out
    assert "3 reviewed claims" in out and "agreement 67%" in out
    assert "present: agreement" in out and "contradicted: agreement" in out


@pytest.mark.django_db
def test_users_land_in_a_stable_variant_recorded_on_their_jobs(settings, alice, bob, monkeypatch):
    settings.EXPERIMENT_VARIANTS = {"control": {}, "one-page": {"pages_per_worker": 1}}
    monkeypatch.setattr(services, "_enqueue_start", lambda job: None)
    first = services.job_create(user=alice, question="Which battery suppliers does Norvik Electric use?")
    again = services.job_create(user=alice, question="Which battery suppliers does Kestrel Automotive use?")
    assert first.variant == again.variant == experiments.assign(alice) in {"control", "one-page"}
    names = {experiments.assign(u) for u in [alice, bob] + [JobFactory().user for _ in range(12)]}
    assert names == {"control", "one-page"}


@pytest.mark.django_db
def test_a_variant_changes_one_thing_here_pages_per_worker(settings, alice):
    from jobs.runtime.steps import RunContext
    from jobs.stages.research import worker_for
    from tests.factories import SubQuestionFactory

    settings.EXPERIMENT_VARIANTS = {"one-page": {"pages_per_worker": 1}}
    job = JobFactory(user=alice, variant="one-page", depth="deep")
    assert worker_for(RunContext(job=job, epoch=job.epoch), SubQuestionFactory(job=job)).max_pages == 1
    job.variant = ""
    assert worker_for(RunContext(job=job, epoch=job.epoch), SubQuestionFactory(job=job)).max_pages == 5
