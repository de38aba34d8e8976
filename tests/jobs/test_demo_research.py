"""The demo question, end to end, through a real Celery worker process on the real database
and Redis: plan, two rounds of workers and readers, gap check, writing, citation checks."""

import pytest

from agents.models import Document
from agents.sources import store
from jobs import services
from jobs.models import Job, Note, ProviderCall, ReportClaim, Source, Step
from tests.helpers import DEMO_QUESTION, wait_for_job

MAKERS_AND_SUPPLIERS = {
    "Voltara Motors": {"Helion Cells", "Quanta Battery Company"},
    "Kestrel Automotive": {"Sunmark Energy", "Granite Cell Industries"},
    "Norvik Electric": {"Kaiyo Battery Works", "Borealis Power Systems"},
    "Aurelia Mobility": {"Quanta Battery Company", "Helion Cells"},
    "Tanaka-Rhee Motors": {"Kaiyo Battery Works", "Sunmark Energy"},
}

pytestmark = [pytest.mark.worker]


@pytest.fixture(scope="module")
def demo_job(live_worker, live_db, django_db_blocker):
    from tests.factories import UserFactory

    with django_db_blocker.unblock():
        user = UserFactory(username="demo-e2e")
        job = services.job_create(user=user, question=DEMO_QUESTION)
        return wait_for_job(job.pk, timeout=180)


def report_sentences(job):
    return [s for section in job.report["sections"] for s in section["sentences"]]


def test_the_demo_job_finishes_with_a_report_in_the_designs_shape(demo_job, live):
    assert demo_job.status == Job.Status.DONE, demo_job.error
    report = demo_job.report
    assert set(report) >= {"sections", "sources", "not_found", "stopped_reason"}
    assert all({"heading", "sentences"} <= set(s) for s in report["sections"])
    assert all({"text", "citations"} <= set(s) for s in report_sentences(demo_job))
    assert all({"source_id", "url", "title", "fetched_at"} <= set(s) for s in report["sources"])
    kinds = set(Step.objects.filter(job=demo_job).values_list("kind", flat=True))
    assert kinds == {"plan", "search", "fetch", "read", "gap_check", "write", "check"}


def test_every_citation_is_an_exact_quote_of_the_stored_page_at_its_offsets(demo_job, live):
    cited = {i for s in report_sentences(demo_job) for i in s["citations"]}
    assert cited, "the report cites nothing"
    for note in Note.objects.filter(note_id__in=cited).select_related("source"):
        assert note.job_id == demo_job.pk
        page = store.get_text(note.source.content_ref)
        assert page[note.char_start : note.char_end] == note.quote


def test_every_sentence_carries_a_citation_and_none_ships_unsupported(demo_job, live):
    sentences = report_sentences(demo_job)
    assert len(sentences) >= 20
    assert all(
        s["citations"] for s in sentences if s.get("kind") != "absence"
    )  # "The sources found do not state …" cites nothing
    shipped = ReportClaim.objects.filter(job=demo_job).exclude(outcome="dropped")
    assert not shipped.filter(verdict="unsupported").exists()
    assert demo_job.citation_precision is not None and demo_job.citation_precision >= 0.95


def test_the_five_largest_makers_and_their_suppliers_are_in_the_report(demo_job, live):
    sentences = [s["text"] for s in report_sentences(demo_job)]
    text = " ".join(sentences)
    for maker, suppliers in MAKERS_AND_SUPPLIERS.items():
        assert maker in text, f"{maker} missing"
        linked = [s for s in sentences if maker in s and any(sup in s for sup in suppliers)]
        assert linked, f"no sentence links {maker} to one of {suppliers}"


def test_the_gap_check_ran_once_and_its_new_subquestions_were_researched(demo_job, live):
    gap = Step.objects.get(job=demo_job, kind="gap_check").output
    round_two = list(demo_job.subquestions.filter(round=2))
    assert [sq.text for sq in round_two] == ([s["text"] for s in gap["new_subquestions"]] if not gap["enough"] else [])
    assert len(round_two) <= 2
    assert all(sq.status == "done" for sq in round_two)
    assert demo_job.subquestions.filter(round=3).count() == 0


def test_every_model_and_search_call_was_counted(demo_job, live):
    calls = ProviderCall.objects.filter(job=demo_job)
    model_tokens = sum(c.tokens_in + c.tokens_out for c in calls)
    assert model_tokens == demo_job.tokens_used
    assert sum(c.usd_micros for c in calls) == demo_job.usd_used_micros
    # Every query the workers sent was paid for.
    assert calls.filter(kind="search").count() >= demo_job.queries.count() >= 3


def _page_sentences(job):
    from agents.text import sentences

    out = set()
    for source in Source.objects.filter(job=job).exclude(content_ref=""):
        page = store.get_text(source.content_ref)
        out |= {s.text for s in sentences(page) if len(s.text) >= 40}
    # A page's title heads its text; titles are what a search result shows, not page text.
    titles = set(Source.objects.filter(job=job).values_list("title", flat=True))
    titles |= {t for t in Document.objects.values_list("title", flat=True)}
    return {s for s in out if s not in titles}


def test_page_text_never_reaches_the_worker_the_only_model_that_holds_tools(demo_job, live):
    page_sentences = _page_sentences(demo_job)
    assert page_sentences
    for call in ProviderCall.objects.filter(job=demo_job, role="worker"):
        seen = " ".join(m["content"] for m in call.messages)
        leaked = [s for s in page_sentences if s in seen]
        assert not leaked, leaked[:3]


def test_the_writer_sees_notes_and_never_raw_page_text(demo_job, live):
    notes = list(Note.objects.filter(job=demo_job).values_list("quote", "claim"))
    page_sentences = _page_sentences(demo_job)
    writer_calls = ProviderCall.objects.filter(job=demo_job, role="writer")
    assert writer_calls.exists()
    for call in writer_calls:
        seen = " ".join(m["content"] for m in call.messages)
        # Longest first: a quote that reaches back to the sentence before it contains another
        # note's whole quote, and removing that first would leave half of it behind.
        for text in sorted({t for pair in notes for t in pair}, key=len, reverse=True):
            seen = seen.replace(text, "")
        leaked = [s for s in page_sentences if s in seen]
        assert not leaked, leaked[:3]


def test_every_model_call_is_logged_with_what_the_model_saw(demo_job, live):
    calls = ProviderCall.objects.filter(job=demo_job, kind="model")
    assert calls.count() >= 40
    assert all(c.messages and c.response and c.role and c.model for c in calls)
    worker_calls = calls.filter(role="worker").exclude(step_key__endswith=":search:1")
    assert worker_calls.exists() and all(c.trajectory_ref for c in worker_calls)


PLAN_READY_WITHIN_SECONDS = 10


def test_plan_ready_is_emitted_within_ten_seconds_of_the_job_starting(demo_job, live):
    from django_eventstream.models import Event

    from jobs.events import channel_for

    plan_ready = Event.objects.filter(channel=channel_for(demo_job.pk), type="plan_ready").order_by("eid").first()
    assert plan_ready is not None
    after = (plan_ready.created - demo_job.created_at).total_seconds()
    assert 0 <= after < PLAN_READY_WITHIN_SECONDS, after


def test_the_report_opens_with_an_answer_and_compares_in_a_table(demo_job, live):
    opening = demo_job.report["sections"][0]
    assert opening["heading"] == "Answer" and 1 <= len(opening["sentences"]) <= 5
    table = demo_job.report["comparison_table"]
    assert table and table["rows"], "a comparison question gets a comparison table"
    assert all(cell["citations"] for row in table["rows"] for cell in row["cells"] if cell)


def test_no_sentence_appears_twice_in_the_report(demo_job, live):
    texts = [" ".join(s["text"].lower().split()) for s in report_sentences(demo_job)]
    assert len(texts) == len(set(texts))
