"""After round one the gap stage weighs corroboration in code (citations/corroboration.py) and
tells the gap check which key notes state a figure no second, independent source gives; a
member of the question's set known only from such a figure is researched again by name in round
two. The real gap stage on PostgreSQL and Redis, the offline engine deciding (its prompt
recorded). Invented tractor makers, not the demo corpus."""

from agents.sources import store
from jobs.models import Note, Step, SubQuestion
from jobs.runtime.steps import RunContext
from jobs.stages import gap
from tests.factories import JobFactory, SourceFactory, SubQuestionFactory
from tests.fakes import scripted_model

OUTLINE = [
    {"heading": "Overview", "purpose": "The makers."},
    {"heading": "Cell suppliers by maker", "purpose": "Each maker's cell suppliers."},
]
LISTING = "The three largest electric tractor makers are Orvane Tractors, Pellan Farm Machines and Halden Agri."
ORVANE = "Orvane Tractors buys 70% of its cells from Tessel Energy and 30% from Quarrow Cells."
PELLAN = "Pellan Farm Machines buys 55% of its cells from Quarrow Cells and 45% from Marrow Cells."
PELLAN_AGAIN = "Quarrow Cells makes 55% of the battery cells used by Pellan Farm Machines."
HALDEN = "Halden Agri buys its battery cells from Marrow Cells."


def _note(job, sq, source, text):
    page = store.get_text(source.content_ref)
    start = page.index(text)
    return Note.objects.create(
        job=job, sq=sq, source=source, claim=text, quote=text, char_start=start, char_end=start + len(text)
    )


def test_a_single_source_figure_sends_its_member_to_round_two(alice, settings):
    job = JobFactory(
        user=alice,
        question="Compare the battery cell suppliers of the three largest electric tractor makers",
        outline=OUTLINE,
        round=1,
    )
    first = SubQuestionFactory(
        job=job, text="Which electric tractor makers are the three largest?", hop=1, status="done"
    )
    second = SubQuestionFactory(
        job=job,
        text="Who are the battery cell suppliers of each of the three largest makers?",
        section=OUTLINE[1]["heading"],
        hop=2,
        status="done",
    )
    farm = SourceFactory(
        job=job, domain="farm-data.example", content_ref=store.put_text("a", f"{LISTING} {ORVANE} {PELLAN}")
    )
    news = SourceFactory(
        job=job, domain="tractor-news.example", content_ref=store.put_text("b", f"{PELLAN_AGAIN} {HALDEN}")
    )
    _note(job, first, farm, LISTING)
    for source, text in ((farm, ORVANE), (farm, PELLAN), (news, PELLAN_AGAIN), (news, HALDEN)):
        _note(job, second, source, text)

    with scripted_model(settings) as fake:
        decision = gap.after_round(RunContext(job=job, epoch=job.epoch), 1)

    prompt = next(messages[1]["content"] for schema, messages in fake.calls if schema == "gap_decision")
    single = prompt.split("<single_source>")[1].split("</single_source>")[0]
    assert ORVANE in single and PELLAN not in single and HALDEN not in single
    assert decision == ("round", 2)
    asked = list(SubQuestion.objects.filter(job=job, round=2).values_list("text", flat=True))
    assert asked == ["Which battery cell suppliers does Orvane Tractors use, and for which products?"]
    assert "one source" in Step.objects.get(job=job, kind="gap_check").output["reason"]
