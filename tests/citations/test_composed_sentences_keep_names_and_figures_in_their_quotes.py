"""A writer may compose one sentence from several notes, but every name and figure it states
must be in the quotes it cites: the citation check enforces it in code, whichever model wrote
the sentence, and the offline judge checks it too. A source's first-person words and page
titles are never the report's own voice. The writer here is a FAKE scripted to compose; the
checks are real."""

import pytest

from agents import composition
from agents.sources import store
from jobs.models import Job, Note, ReportClaim
from jobs.runtime.steps import RunContext
from jobs.stages import write
from tests.factories import JobFactory, SourceFactory, SubQuestionFactory
from tests.fakes import scripted_model

pytestmark = pytest.mark.django_db

NO_OPENING = {"sentences": [], "need_context": []}
PAGE_A = "Kaiyo Battery Works supplies 60% of the cells used by Norvik Electric. It has done so since 2017."
PAGE_B = "Norvik Electric buys the other 40% of its cells from Borealis Power Systems."
PAGE_C = "We count seven cell suppliers in our own survey of the market."
TITLE_C = "Who supplies whom in 2025 | CellMarket Weekly"
PAGE_D = (
    "Does the Norvik Skarv use LFP cells? Yes, the Norvik Skarv uses LFP cells from Borealis Power Systems. "
    "Thread marked as answered: the Norvik Fjord uses NMC cells from Kaiyo Battery Works."
)


@pytest.fixture
def notes(alice):
    job = JobFactory(
        user=alice,
        status=Job.Status.WRITING,
        question="Which battery suppliers does Norvik Electric use?",
        outline=[{"heading": "Suppliers", "purpose": "Who supplies Norvik Electric."}],
    )
    sq = SubQuestionFactory(job=job, section="Suppliers", text="Which battery suppliers does Norvik Electric use?")

    def note(page, quote, domain, title="A page"):
        source = SourceFactory(job=job, content_ref=store.put_text("page", page), domain=domain, title=title)
        start = page.index(quote)
        return Note.objects.create(
            job=job, sq=sq, source=source, claim=quote, quote=quote, char_start=start, char_end=start + len(quote)
        )

    return job, {
        "kaiyo": note(PAGE_A, "Kaiyo Battery Works supplies 60% of the cells used by Norvik Electric.", "a.example"),
        "borealis": note(PAGE_B, PAGE_B, "b.example"),
        "survey": note(PAGE_C, PAGE_C, "cellmarket-weekly.example", TITLE_C),
        "reply": note(
            PAGE_D,
            "Yes, the Norvik Skarv uses LFP cells from Borealis Power Systems.",
            "evtalk.example",
            "Norvik Skarv cells? | EV Talk Forum",
        ),
        "label": note(
            PAGE_D,
            "Thread marked as answered: the Norvik Fjord uses NMC cells from Kaiyo Battery Works.",
            "evtalk.example",
            "Norvik Skarv cells? | EV Talk Forum",
        ),
    }


@pytest.fixture
def run(settings):
    def run(job, sentences):
        with scripted_model(settings, section_draft=[NO_OPENING, {"sentences": sentences, "need_context": []}]):
            write.write_and_check(RunContext(job=job, epoch=job.epoch))
        job.refresh_from_db()
        return [s["text"] for sec in job.report["sections"] for s in sec["sentences"]]

    return run


def claim(job, original):
    return next(c for c in ReportClaim.objects.filter(job=job) if c.history[0]["text"] == original)


def test_a_composed_sentence_with_a_figure_missing_from_its_quotes_is_dropped(notes, run):
    job, n = notes
    wrong = "Norvik Electric buys cells from Kaiyo Battery Works (60%) and Borealis Power Systems (45%)."
    shipped = run(job, [{"text": wrong, "note_ids": [n["kaiyo"].pk, n["borealis"].pk]}])
    assert wrong not in shipped
    dropped = claim(job, wrong)
    assert dropped.outcome == "dropped"
    assert "45%" in dropped.reason and "composed-sentence rule" in dropped.reason
    # Dropped in code before any judge was asked.
    assert [h["stage"] for h in dropped.history] == ["draft", "composed"]


def test_a_composed_sentence_whose_names_and_figures_are_all_quoted_ships_citing_both_notes(notes, run):
    job, n = notes
    composed = "Norvik Electric buys cells from Kaiyo Battery Works (60%) and Borealis Power Systems (40%)."
    shipped = run(job, [{"text": composed, "note_ids": [n["kaiyo"].pk, n["borealis"].pk]}])
    assert shipped == [composed]
    kept = claim(job, composed)
    assert kept.verdict == "supported" and set(kept.note_ids) == {n["kaiyo"].pk, n["borealis"].pk}
    assert job.report["metrics"]["citation_precision"] == 1.0


def test_a_name_in_none_of_the_quotes_is_dropped(notes, run):
    job, n = notes
    wrong = "Norvik Electric buys cells from Kaiyo Battery Works and Sunmark Energy."
    shipped = run(job, [{"text": wrong, "note_ids": [n["kaiyo"].pk, n["borealis"].pk]}])
    assert shipped == []
    assert "Sunmark Energy" in claim(job, wrong).reason


def test_a_clause_with_an_unquoted_figure_is_cut_and_the_rest_ships(notes, run):
    job, n = notes
    draft = "Kaiyo Battery Works supplies 60% of the cells used by Norvik Electric; Borealis Power Systems has 12 GWh of capacity."
    shipped = run(job, [{"text": draft, "note_ids": [n["kaiyo"].pk, n["borealis"].pk]}])
    assert shipped == ["Kaiyo Battery Works supplies 60% of the cells used by Norvik Electric."]
    assert claim(job, draft).outcome == "rewritten"


def test_a_sources_first_person_words_are_attributed_to_it_never_the_reports_own(notes, run):
    job, n = notes
    shipped = run(job, [{"text": PAGE_C, "note_ids": [n["survey"].pk]}])
    assert shipped == [
        "CellMarket Weekly writes: \u201cWe count seven cell suppliers in our own survey of the market.\u201d"
    ]


def test_a_sources_words_the_writer_already_attributed_ship_as_written():
    # The offline writer and a hosted model both write "<source> writes: “…”" for a source's own
    # voice; a one-word source name ("Ofwat writes: …") is not a forum poster's handle.
    from types import SimpleNamespace

    from citations.check import composed_problem

    quote = "We now estimate the cost of the Harrow Weir plant at 385 million euros."
    note = SimpleNamespace(quote=quote, source=SimpleNamespace(title="Cost review | Tesreg", domain="tesreg.example"))
    attributed = "Tesreg writes: \u201cWe now estimate the cost of the Harrow Weir plant at 385 million euros.\u201d"
    assert composed_problem(attributed, [note]) == (attributed, "")


def test_a_reply_in_a_thread_and_a_post_behind_a_sites_label_are_attributed(notes, run):
    # Whichever model wrote them, a forum's "Yes, …" and its "Thread marked as answered: …"
    # are the forum talking, not the report's findings.
    job, n = notes
    reply, labelled = n["reply"].quote, n["label"].quote
    shipped = run(
        job,
        [{"text": reply, "note_ids": [n["reply"].pk]}, {"text": labelled, "note_ids": [n["label"].pk]}],
    )
    assert shipped == [
        "EV Talk Forum writes: \u201cYes, the Norvik Skarv uses LFP cells from Borealis Power Systems.\u201d",
        "EV Talk Forum writes: \u201cThe Norvik Fjord uses NMC cells from Kaiyo Battery Works.\u201d",
    ]
    assert claim(job, reply).outcome == "rewritten"


def test_first_person_words_that_are_not_a_quote_are_dropped(notes, run):
    job, n = notes
    shipped = run(job, [{"text": "We count seven suppliers.", "note_ids": [n["survey"].pk]}])
    assert shipped == []


def test_a_page_title_is_not_a_finding(notes, run):
    job, n = notes
    shipped = run(job, [{"text": "Who supplies whom in 2025", "note_ids": [n["survey"].pk]}])
    assert shipped == []
    assert "page title" in claim(job, "Who supplies whom in 2025").reason


@pytest.mark.parametrize(
    "sentence, quotes, missing",
    [
        ("Voltara Motors delivered 1.82 million vehicles.", ["Voltara Motors delivered 1,820,000 cars in 2025."], []),
        (
            "Voltara Motors delivered 1.83 million vehicles.",
            ["Voltara Motors delivered 1,820,000 cars in 2025."],
            ["1.83 million vehicles"],
        ),
        ("The Szeged plant has 52 GWh.", ["Plant | Capacity (GWh)\nSzeged | 52"], []),
        ("Helion Cells runs the Szeged plant.", ["The Szeged plant of Helion Cells"], []),
        ("Sunmark Energy's Ostrava plant makes 48 GWh.", ["Sunmark Energy runs a 48 GWh plant in Ostrava."], []),
        ("Sunmark Energy's Ostrava plant makes 48 GWh.", ["Sunmark Energy runs a plant in Ostrava."], ["48 GWh"]),
    ],
)
def test_names_and_figures_are_compared_as_written_quantities(sentence, quotes, missing):
    assert composition.unquoted(sentence, quotes) == missing


def test_the_offline_judge_checks_each_listed_name_against_one_quote():
    from agents.engine import writer as engine_writer

    def verdict(sentence, quotes):
        body = "".join(f'<quote domain="a.example" source="A" published="undated">{q}</quote>\n' for q in quotes)
        return engine_writer.judge(f"<sentence>\n{sentence}\n</sentence>\n<quotes>\n{body}</quotes>")["verdict"]

    quotes = [
        "Kaiyo Battery Works supplies 60% of the cells used by Norvik Electric.",
        "Norvik Electric buys 40% of its cells from Borealis Power Systems.",
    ]
    assert (
        verdict("Norvik Electric buys cells from Kaiyo Battery Works (60%) and Borealis Power Systems (40%).", quotes)
        == "supported"
    )
    # The figures swapped: each name is quoted, but not with that figure.
    assert (
        verdict("Norvik Electric buys cells from Kaiyo Battery Works (40%) and Borealis Power Systems (60%).", quotes)
        == "unsupported"
    )
    assert verdict("Norvik Electric buys cells from Kaiyo Battery Works (70%).", quotes) == "unsupported"


def test_the_offline_judge_reads_each_dated_source_of_a_list_as_attribution():
    from agents.engine import writer as engine_writer

    body = (
        '<quote domain="orvane-tractors.example" source="Orvane Tractors" published="2026-01-06">'
        "Orvane Tractors sold 41,000 tractors in 2025.</quote>\n"
        '<quote domain="farm-registry.example" source="Farm Registry" published="2026-03-30">'
        "The registry counts 41,000 Orvane tractors sold in 2025.</quote>\n"
    )

    def verdict(sentence):
        return engine_writer.judge(f"<sentence>\n{sentence}\n</sentence>\n<quotes>\n{body}</quotes>")["verdict"]

    said = "Orvane Tractors sold 41,000 tractors in 2025"
    assert verdict(f"{said} (Orvane Tractors, 6 January 2026; Farm Registry, 30 March 2026).") == "supported"
    # A name in the list that is no cited source is a claim the quotes do not make.
    assert verdict(f"{said} (Orvane Tractors, 6 January 2026; Pellan Daily, 30 March 2026).") != "supported"
