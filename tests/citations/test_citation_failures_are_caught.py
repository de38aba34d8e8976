"""Every way a citation goes wrong is caught at the right stage, and the report that ships has
none of them. The models here are FAKES scripted to make each mistake; the checks are real."""

import pytest

from agents import reader
from agents.sources import store
from jobs.models import Job, Note, ReportClaim
from jobs.runtime.steps import RunContext
from jobs.stages import write
from tests.factories import JobFactory, NoteFactory, SourceFactory, SubQuestionFactory
from tests.fakes import scripted_model

pytestmark = pytest.mark.django_db

PAGE_A = (
    "Kestrel Automotive buys NMC cells from Sunmark Energy. "
    "Sunmark Energy supplied 70% of the cells used by Kestrel Automotive in 2025."
)
PAGE_B = "Voltara Motors buys NMC cells from Helion Cells. Helion Cells runs a 52 GWh plant in Szeged."


# The report's opening (a direct answer) is drafted first; these tests are about one section.
NO_OPENING = {"sentences": [], "need_context": []}


def note_json(quote, page, claim=None):
    start = page.find(quote)
    return {
        "claim": claim or quote,
        "quote": quote,
        "char_start": max(0, start),
        "char_end": max(0, start) + len(quote),
    }


def read_with(reply):
    return reader.read_page(
        subquestion="Which cells does Kestrel Automotive buy?",
        page_text=PAGE_A,
        url="https://a.example/x",
        title="A",
        published="2025-01-01",
    )


@pytest.mark.parametrize(
    "quote, why",
    [
        ("Kestrel Automotive buys solid-state cells from Lumen Ion.", "an invented quote"),
        ("Sunmark Energy supplied 75% of the cells used by Kestrel Automotive in 2025.", "one digit changed"),
        ("Voltara Motors buys NMC cells from Helion Cells.", "a quote from another page"),
    ],
)
def test_a_quote_that_is_not_in_the_page_never_becomes_a_note(settings, quote, why):
    good = note_json("Kestrel Automotive buys NMC cells from Sunmark Energy.", PAGE_A)
    bad = {"claim": "x", "quote": quote, "char_start": 0, "char_end": len(quote)}
    with scripted_model(settings, reader_notes=[{"notes": [good, bad], "other_findings": ""}]):
        result = read_with(None)
    assert [n["quote"] for n in result.notes] == [good["quote"]], why
    assert result.rejected and result.rejected[0]["why"] == "quote is not in the page"


@pytest.fixture
def job_with_notes(alice):
    job = JobFactory(
        user=alice, status=Job.Status.WRITING, outline=[{"heading": "Suppliers", "purpose": "Who supplies whom."}]
    )
    sq = SubQuestionFactory(job=job, section="Suppliers", text="Which cells do the makers buy?")
    a = SourceFactory(job=job, content_ref=store.put_text("page", PAGE_A), domain="a.example")
    b = SourceFactory(job=job, content_ref=store.put_text("page", PAGE_B), domain="b.example")

    def note(source, page, quote):
        start = page.index(quote)
        return Note.objects.create(
            job=job, sq=sq, source=source, claim=quote, quote=quote, char_start=start, char_end=start + len(quote)
        )

    kestrel = note(a, PAGE_A, "Kestrel Automotive buys NMC cells from Sunmark Energy.")
    share = note(a, PAGE_A, "Sunmark Energy supplied 70% of the cells used by Kestrel Automotive in 2025.")
    voltara = note(b, PAGE_B, "Voltara Motors buys NMC cells from Helion Cells.")
    szeged = note(b, PAGE_B, "Helion Cells runs a 52 GWh plant in Szeged.")
    foreign = NoteFactory()  # a note of another job
    return job, {"kestrel": kestrel, "share": share, "voltara": voltara, "szeged": szeged, "foreign": foreign}


def test_blends_unrelated_citations_and_foreign_notes_are_caught_and_never_ship(job_with_notes, settings):
    job, n = job_with_notes
    draft = {
        "sentences": [
            {"text": "Kestrel Automotive buys NMC cells from Sunmark Energy.", "note_ids": [n["kestrel"].pk]},
            {
                "text": "Voltara Motors buys NMC cells from Sunmark Energy.",
                "note_ids": [n["voltara"].pk, n["kestrel"].pk],
            },
            {
                "text": "Kestrel Automotive runs a 52 GWh plant in Szeged.",
                "note_ids": [n["kestrel"].pk, n["szeged"].pk],
            },
            {"text": "Helion Cells runs a 52 GWh plant in Szeged.", "note_ids": [n["share"].pk]},
            {
                "text": "Sunmark Energy supplied 70% of Kestrel Automotive's cells in 2025.",
                "note_ids": [n["foreign"].pk],
            },
        ],
        "need_context": [],
    }
    with scripted_model(settings, section_draft=[NO_OPENING, draft]):
        write.write_and_check(RunContext(job=job, epoch=job.epoch))
    job.refresh_from_db()
    shipped = [s["text"] for sec in job.report["sections"] for s in sec["sentences"]]
    assert "Kestrel Automotive buys NMC cells from Sunmark Energy." in shipped
    for blended in (
        "Voltara Motors buys NMC cells from Sunmark Energy.",
        "Kestrel Automotive runs a 52 GWh plant in Szeged.",
    ):
        assert blended not in shipped
        first_verdict = next(h for h in claims_history(job, blended) if h["stage"] == "judge")
        assert first_verdict["verdict"] == "unsupported"
    # Citing an unrelated note: judged unsupported; the rewrite may only use the notes cited.
    # (Its names and figure are in none of its quotes: the composed-sentence rule drops it in code.)
    unrelated = claims_for(job, "Helion Cells runs a 52 GWh plant in Szeged.")
    caught = next(h for h in unrelated.history if h["stage"] in ("composed", "judge"))
    assert caught.get("verdict") == "unsupported" or (caught["stage"] == "composed" and not caught["text"])
    assert n["szeged"].pk not in unrelated.note_ids
    foreign = claims_for(job, "Sunmark Energy supplied 70% of Kestrel Automotive's cells in 2025.")
    assert foreign.outcome == "dropped" and foreign.reason.startswith("stage 1")
    assert n["foreign"].pk not in {
        i for c in ReportClaim.objects.filter(job=job).exclude(outcome="dropped") for i in c.note_ids
    }
    assert not ReportClaim.objects.filter(job=job, verdict="unsupported").exclude(outcome="dropped").exists()


def claims_for(job, original):
    return next(c for c in ReportClaim.objects.filter(job=job) if c.history[0]["text"] == original)


def claims_history(job, original):
    return claims_for(job, original).history


def test_a_sentence_judged_unsupported_twice_is_dropped_and_the_claims_say_why(job_with_notes, settings):
    settings.CHECK_QUOTES_IN_CODE = False  # about the judge: its sentences are their quotes word for word
    job, n = job_with_notes
    sentence = "Kestrel Automotive buys NMC cells from Sunmark Energy."
    draft = {"sentences": [{"text": sentence, "note_ids": [n["kestrel"].pk]}], "need_context": []}
    no = {"verdict": "unsupported", "reason": "scripted: not supported"}
    rewrite = {
        "drop": False,
        "text": "Kestrel Automotive buys cells from Sunmark Energy.",
        "note_ids": [n["kestrel"].pk],
    }
    with scripted_model(
        settings, section_draft=[NO_OPENING, draft], support_verdict=[no, no], sentence_rewrite=[rewrite]
    ):
        write.write_and_check(RunContext(job=job, epoch=job.epoch))
    job.refresh_from_db()
    assert job.report["sections"] == []
    claim = ReportClaim.objects.get(job=job)
    assert claim.outcome == "dropped" and claim.verdict == "unsupported"
    stages = [h["stage"] for h in claim.history]
    assert stages == ["draft", "judge", "rewrite", "judge"]
    assert claim.history[2]["text"] == "Kestrel Automotive buys cells from Sunmark Energy."
    assert job.report["metrics"]["sentences_dropped"] == 1


def test_the_citation_check_can_be_run_again_on_a_finished_report(job_with_notes, settings, monkeypatch):
    settings.CHECK_QUOTES_IN_CODE = False  # about the judge: its sentences are their quotes word for word
    from jobs import services
    from jobs.models import Step

    job, n = job_with_notes
    sentence = "Kestrel Automotive buys NMC cells from Sunmark Energy."
    draft = {"sentences": [{"text": sentence, "note_ids": [n["kestrel"].pk]}], "need_context": []}
    with scripted_model(settings, section_draft=[NO_OPENING, draft]):
        write.write_and_check(RunContext(job=job, epoch=job.epoch))
    claim = ReportClaim.objects.get(job=job)
    ReportClaim.objects.filter(pk=claim.pk).update(override_verdict="supported", override_note="checked by hand")
    job.refresh_from_db()
    assert job.status == "done"
    monkeypatch.setattr(services, "_enqueue_write", lambda job_id, epoch: None)  # run it here instead of a worker
    job = services.citation_check_rerun(job=job)
    assert (job.status, job.check_generation) == ("checking", 1)
    with scripted_model(settings, support_verdict=[{"verdict": "partial", "reason": "second look"}]) as fake:
        write.write_and_check(RunContext(job=job, epoch=job.epoch))
    job.refresh_from_db()
    assert job.status == "done"
    assert [schema for schema, _ in fake.calls] == ["support_verdict"]  # the draft was replayed, not rewritten
    claim = ReportClaim.objects.get(job=job)
    assert claim.verdict == "partial" and claim.override_verdict == "supported"
    assert Step.objects.filter(job=job, step_key__endswith=":check:g1-0").exists()
    with pytest.raises(services.ApplicationError):
        job.status = "researching"
        Job.objects.filter(pk=job.pk).update(status="researching")
        services.citation_check_rerun(job=job)
