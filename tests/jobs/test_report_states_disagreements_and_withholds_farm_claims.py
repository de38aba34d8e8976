"""Writing runs the evidence stage first, whichever model writes (here the offline engine): the
report states a disagreement between credible sources in one checked sentence with both values
and dates, stores it in the report JSON, shows it on the page and in the Markdown export, and
never states a content farm's contradicted figure as fact."""

import pytest

from agents.sources import store
from jobs import report_markdown
from jobs.models import Job, Note
from jobs.runtime.steps import RunContext
from jobs.stages import evidence, write
from tests.factories import JobFactory, SourceFactory, SubQuestionFactory

pytestmark = pytest.mark.django_db

REGISTRY = (
    "By Marta Novak\nThe national plant registry lists a declared annual capacity of 48 GWh for the Ostrava plant "
    "of Sunmark Energy. The operator notified the expansion in a filing on 15 September 2025."
)
COMPANY = (
    "Sunmark Energy press release. The Ostrava plant of Sunmark Energy now has an annual capacity of 48 GWh. "
    "The plant employs 2,100 people."
)
TRADE = (
    "By Piet Claes\nSunmark Energy's Ostrava plant has an annual capacity of 45 GWh, according to people familiar "
    "with the site. Sunmark Energy has not confirmed the figure."
)
FARM = (
    "SHOCKING!!! You won't believe it! Sunmark Energy's Ostrava plant has an annual capacity of 60 GWh! "
    "Experts say it is the biggest ever! Click here for the best deals on batteries, buy now! "
) * 3


@pytest.fixture
def disputed_job(alice):
    job = JobFactory(
        user=alice,
        status=Job.Status.WRITING,
        question="What is the capacity of Sunmark Energy's Ostrava plant?",
        outline=[{"heading": "Capacity", "purpose": "The annual capacity of the Ostrava plant."}],
    )
    sq = SubQuestionFactory(job=job, section="Capacity", text="What is the annual capacity of the Ostrava plant?")
    notes = {}
    for name, page, domain, published, quality, quote in [
        (
            "registry",
            REGISTRY,
            "registry.example",
            "2026-02-10",
            0.75,
            "The national plant registry lists a declared annual capacity of 48 GWh for the Ostrava plant of Sunmark Energy.",
        ),
        (
            "company",
            COMPANY,
            "sunmark-energy.example",
            "2025-09-15",
            0.65,
            "The Ostrava plant of Sunmark Energy now has an annual capacity of 48 GWh.",
        ),
        (
            "trade",
            TRADE,
            "trade-weekly.example",
            "2024-06-10",
            0.55,
            "Sunmark Energy's Ostrava plant has an annual capacity of 45 GWh, according to people familiar with the site.",
        ),
        (
            "farm",
            FARM,
            "battery-facts-now.example",
            None,
            0.45,
            "Sunmark Energy's Ostrava plant has an annual capacity of 60 GWh!",
        ),
    ]:
        source = SourceFactory(
            job=job,
            content_ref=store.put_text("page", page),
            domain=domain,
            url=f"https://{domain}/p",
            published_at=published,
            quality=quality,
            title=f"{name} page",
        )
        start = page.index(quote)
        notes[name] = Note.objects.create(
            job=job, sq=sq, source=source, claim=quote, quote=quote, char_start=start, char_end=start + len(quote)
        )
    return job, notes


def test_the_report_states_the_disagreement_and_never_the_farms_figure(disputed_job):
    job, notes = disputed_job
    write.write_and_check(RunContext(job=job, epoch=job.epoch))
    job.refresh_from_db()
    assert job.status == Job.Status.DONE, job.error
    report = job.report
    [d] = report["disagreements"]
    assert [v["value"] for v in d["values"]] == ["48 GWh", "45 GWh"]
    assert d["values"][0]["independent_sources"] == 2 and d["values"][1]["date"] == "2024-06-10"
    assert d["stated_in_report"]
    shipped = [s for sec in report["sections"] for s in sec["sentences"]]
    stated = [s for s in shipped if s.get("disagreement") == d["id"]]
    assert len(stated) == 1 and "48 GWh" in stated[0]["text"] and "45 GWh" in stated[0]["text"]
    assert "10 June 2024" in stated[0]["text"] and stated[0]["verdict"] == "supported"
    assert set(stated[0]["citations"]) <= {notes["registry"].pk, notes["company"].pk, notes["trade"].pk}
    # the farm's figure: a minority claim, withheld from the writer, never a report sentence
    assert [m["value"] for m in report["minority_claims"]] == ["60 GWh"]
    assert not any("60 GWh" in s["text"] for s in shipped)
    assert notes["farm"].pk not in {n.pk for ns in evidence.notes_by_section(job).values() for n in ns}
    # the outweighed 45 GWh is stated only in the disagreement sentence, and in its source's own
    # words, quoted and attributed, as what it rests on
    assert all("45 GWh" not in s["text"] or s.get("disagreement") or s.get("basis_of") for s in shipped)
    [basis] = [s for s in shipped if s.get("basis_of") == d["id"]]
    assert basis["text"].startswith("Trade Weekly writes: \u201cSunmark Energy's Ostrava plant has an annual capacity")
    assert "people familiar with the site" in basis["text"] and basis["citations"] == [notes["trade"].pk]
    # a sentence that uses the disputed 48 GWh says it depends on it
    assert all(s.get("disputed") == d["id"] for s in shipped if "48 GWh" in s["text"] and not s.get("disagreement"))
    markdown = report_markdown.render(job)
    assert "## Where sources disagree" in markdown and "45 GWh from trade-weekly.example (2024-06-10)" in markdown
    assert "## Claims not stated as fact" in markdown


def test_the_report_page_shows_the_disagreements(disputed_job, client, alice):
    job, _ = disputed_job
    write.write_and_check(RunContext(job=job, epoch=job.epoch))
    client.force_login(alice)
    page = client.get(f"/research/{job.pk}").content.decode()
    assert "Where sources disagree" in page and "45 GWh" in page and "trade-weekly.example (2024-06-10)" in page
    assert "Claims not stated as fact" in page
