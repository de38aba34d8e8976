"""The report opens with a direct answer in 2-4 sentences (for a chain of facts, from the
final link's notes); when the sources do not hold the answer its first sentence says so; a
comparison question gets a table whose every cell cites its notes, in the API JSON, on the
page (escaped) and in the exports. Written by the real offline engine from notes in the
database (an invented wind and battery world, not the demo corpus); the checks are real."""

import json

import pytest
from django.test import Client

from agents.sources import store
from jobs.models import Job, Note
from jobs.runtime.steps import RunContext
from jobs.stages import write
from tests.factories import JobFactory, SourceFactory, SubQuestionFactory
from tests.fakes import scripted_model

pytestmark = pytest.mark.django_db
ABSENCE = "The sources found do not state "


def make_job(user, question, outline, subquestions):
    """`subquestions`: [(text, section, hop, round, [note sentences])]; each note is quoted from
    its own page on its own domain."""
    job = JobFactory(
        user=user,
        status=Job.Status.WRITING,
        question=question,
        outline=[{"heading": h, "purpose": p} for h, p in outline],
    )
    notes = {}
    for i, (text, section, hop, rnd, sentences) in enumerate(subquestions):
        sq = SubQuestionFactory(job=job, text=text, section=section, hop=hop, round=rnd, position=i)
        for k, sentence in enumerate(sentences):
            page = f"Intro line {k}. {sentence} Closing line."
            # The url decides the reading order of pages no search chose: its own, not the
            # factory's sequence number (which depends on the tests run before this one).
            source = SourceFactory(
                job=job,
                content_ref=store.put_text("page", page),
                domain=f"s{i}-{k}.example",
                url=f"https://s{i:02d}-{k:02d}.example/page",
                title=f"Page {i}-{k}",
            )
            start = page.index(sentence)
            notes[sentence] = Note.objects.create(
                job=job,
                sq=sq,
                source=source,
                claim=sentence,
                quote=sentence,
                char_start=start,
                char_end=start + len(sentence),
            )
    return job, notes


def written(job):
    write.write_and_check(RunContext(job=job, epoch=job.epoch))
    job.refresh_from_db()
    assert job.status == Job.Status.DONE, job.error
    return job.report


def test_a_chain_question_opens_with_the_final_links_answer(alice):
    job, notes = make_job(
        alice,
        "Which company supplies the turbines for the largest wind farm in Norway?",
        [("Answer", "The direct answer."), ("How the answer was found", "Each link."), ("Context", "Background.")],
        [
            (
                "Which is the largest wind farm in Norway?",
                "How the answer was found",
                1,
                1,
                [
                    "Skarv Bank is the largest wind farm in Norway.",
                    "Fjell Ridge is the second-largest wind farm in Norway.",
                ],
            ),
            (
                "Which company supplies the turbines for Skarv Bank?",
                "Answer",
                2,
                2,
                ["Brannor Turbines supplies the turbines for Skarv Bank.", "Skarv Bank has 80 turbines."],
            ),
            (
                "What share of Norway's electricity comes from wind?",
                "Context",
                0,
                1,
                ["Wind power makes up 10% of the electricity generated in Norway."],
            ),
        ],
    )
    report = written(job)
    opening = report["sections"][0]
    assert opening["heading"] == "Answer"
    assert 1 <= len(opening["sentences"]) <= 4
    assert "Brannor Turbines" in opening["sentences"][0]["text"]
    assert notes["Brannor Turbines supplies the turbines for Skarv Bank."].pk in opening["sentences"][0]["citations"]
    assert all(s["citations"] for s in opening["sentences"])
    # Then the link before it (how the answer was found), not the second-largest farm.
    texts = [s["text"] for s in opening["sentences"]]
    assert any("Skarv Bank is the largest wind farm in Norway" in t for t in texts[1:])
    assert not any("Fjell Ridge" in t for t in texts)
    # A chain's outline: Answer / How the answer was found / Context (the planner's Answer
    # notes are how it was found); a sentence the opening already says is not said again.
    headings = [s["heading"] for s in report["sections"]]
    assert headings == ["Answer", "How the answer was found", "Context"]
    body = [s["text"] for sec in report["sections"][1:] for s in sec["sentences"]]
    assert not set(body) & set(texts)
    assert report["unanswered"] == []


def test_when_no_note_states_what_the_question_asks_the_first_sentence_says_so(alice):
    job, _ = make_job(
        alice,
        "How many people does Corvel Industries employ?",
        [("Answer", "The direct answer."), ("Context", "Background.")],
        [
            (
                "How many people does Corvel Industries employ?",
                "Answer",
                1,
                1,
                ["Corvel Industries runs a cathode plant in Trondheim.", "Corvel Industries was founded in 1998."],
            ),
            (
                "What does Corvel Industries make?",
                "Context",
                0,
                1,
                ["Corvel Industries makes cathode material for battery cells."],
            ),
        ],
    )
    report = written(job)
    first = report["sections"][0]["sentences"][0]
    assert first["text"] == "The sources found do not state how many people Corvel Industries employs."
    assert (first["citations"], first["kind"]) == ([], "absence")
    assert report["unanswered"] == ["how many people Corvel Industries employs"]
    # What the notes do establish still follows, cited.
    assert all(s["citations"] for s in report["sections"][0]["sentences"][1:])


def test_a_question_the_notes_answer_does_not_open_with_an_absence(alice):
    job, _ = make_job(
        alice,
        "How many turbines does Skarv Bank have?",
        [("Answer", "The direct answer."), ("Context", "Background.")],
        [
            ("How many turbines does Skarv Bank have?", "Answer", 1, 1, ["Skarv Bank has 80 turbines."]),
            ("Who runs Skarv Bank?", "Context", 0, 1, ["Skarv Bank is run by Nordvind Energy."]),
        ],
    )
    report = written(job)
    first = report["sections"][0]["sentences"][0]
    assert first["text"].startswith("Skarv Bank has 80 turbines") and first["citations"]
    assert report["unanswered"] == []


def test_a_missing_final_link_is_said_first_with_what_it_asked(alice):
    job, _ = make_job(
        alice,
        "Who is the chief executive of the company that supplies the turbines for Skarv Bank?",
        [("Answer", "The direct answer."), ("How the answer was found", "Each link.")],
        [
            (
                "Which company supplies the turbines for Skarv Bank?",
                "How the answer was found",
                1,
                1,
                ["Brannor Turbines supplies the turbines for Skarv Bank."],
            ),
            ("Who is the chief executive of Brannor Turbines?", "Answer", 2, 2, []),
        ],
    )
    report = written(job)
    first = report["sections"][0]["sentences"][0]
    assert first["text"] == f"{ABSENCE}who the chief executive of Brannor Turbines is."
    assert first["kind"] == "absence" and first["citations"] == []


COMPARE = "Compare the battery suppliers of Orvane Motors and Pellan Cars"
COMPARE_NOTES = [
    "Orvane Motors buys 70% of its battery cells from Tessel Energy.",
    "Orvane Motors buys the other 30% of its battery cells from Quarrow Cells.",
    "Pellan Cars buys all its battery cells from Tessel Energy.",
]


@pytest.fixture
def compared(alice):
    job, notes = make_job(
        alice,
        COMPARE,
        [("Suppliers", "Who supplies each maker.")],
        [
            ("Which battery suppliers does Orvane Motors use?", "Suppliers", 1, 1, COMPARE_NOTES[:2]),
            ("Which battery suppliers does Pellan Cars use?", "Suppliers", 1, 1, COMPARE_NOTES[2:]),
        ],
    )
    return job, notes


def test_a_comparison_question_gets_a_table_whose_every_cell_cites_notes_holding_its_value(compared):
    job, notes = compared
    report = written(job)
    table = report["comparison_table"]
    assert table["entities"] == ["Orvane Motors", "Pellan Cars"]
    by_id = {n.pk: n for n in notes.values()}
    cells = [(row["entity"], c) for row in table["rows"] for c in row["cells"] if c]
    assert len(cells) == 2
    for entity, cell in cells:
        assert cell["citations"], cell
        quotes = " ".join(by_id[i].quote for i in cell["citations"])
        assert entity in quotes
        for name in ("Tessel Energy", "Quarrow Cells"):
            if name in cell["value"]:
                assert name in quotes
    orvane = next(c for e, c in cells if e == "Orvane Motors")
    assert "Tessel Energy (70%)" in orvane["value"] and "Quarrow Cells" in orvane["value"]
    # The table's notes are in the source list.
    cited_sources = {by_id[i].source_id for _, c in cells for i in c["citations"]}
    assert cited_sources <= {s["source_id"] for s in report["sources"]}


def test_a_table_cell_whose_value_is_in_none_of_its_quotes_is_left_out(compared, settings):
    job, notes = compared
    orvane = notes[COMPARE_NOTES[0]]
    table = {
        "entities": ["Orvane Motors", "Pellan Cars"],
        "attributes": ["Main supplier", "Share"],
        "cells": [
            {
                "entity": "Orvane Motors",
                "attribute": "Main supplier",
                "value": "Tessel Energy",
                "note_ids": [orvane.pk],
            },
            {"entity": "Orvane Motors", "attribute": "Share", "value": "75%", "note_ids": [orvane.pk]},
            {"entity": "Pellan Cars", "attribute": "Main supplier", "value": "Sunmark Energy", "note_ids": [orvane.pk]},
        ],
    }
    with scripted_model(settings, comparison_table=[table]):
        report = written(job)
    assert report["comparison_table"] == {
        "entities": ["Orvane Motors"],
        "attributes": ["Main supplier"],
        "rows": [{"entity": "Orvane Motors", "cells": [{"value": "Tessel Energy", "citations": [orvane.pk]}]}],
    }


def test_the_table_is_in_the_api_json_on_the_page_escaped_and_in_the_exports(compared, settings, alice):
    job, notes = compared
    orvane = notes[COMPARE_NOTES[0]]
    table = {
        "entities": ["Orvane Motors"],
        "attributes": ["<b>Share</b>"],
        "cells": [
            {
                "entity": "Orvane Motors",
                "attribute": "<b>Share</b>",
                "value": "70% <i>of cells</i>",
                "note_ids": [orvane.pk],
            }
        ],
    }
    with scripted_model(settings, comparison_table=[table]):
        written(job)
    client = Client()
    client.force_login(alice)
    api = client.get(f"/v1/research/{job.pk}").json()
    assert api["report"]["comparison_table"]["rows"][0]["cells"][0]["citations"] == [orvane.pk]
    page = client.get(f"/research/{job.pk}").content.decode()
    assert '<table class="comparison">' in page
    assert (
        "&lt;b&gt;Share&lt;/b&gt;" in page and "70% &lt;i&gt;of cells&lt;/i&gt;" in page and "<i>of cells" not in page
    )
    assert (
        f'href="#note-{orvane.pk}" data-note="{orvane.pk}"'
        in page.split('<table class="comparison">')[1].split("</table>")[0]
    )
    markdown = client.get(f"/research/{job.pk}/export.md").content.decode()
    assert "| Orvane Motors | 70% <i>of cells</i> [" in markdown
    html = client.get(f"/research/{job.pk}/export.html").content.decode()
    assert '<table class="comparison">' in html and "&lt;i&gt;of cells" in html
    exported = json.loads(client.get(f"/research/{job.pk}/export.json").content)
    assert exported["report"]["comparison_table"]["attributes"] == ["<b>Share</b>"]


def test_a_figure_of_another_place_does_not_answer_a_question_about_this_one(alice):
    job, _ = make_job(
        alice,
        "What is the annual capacity of the Vessel Works plant in Molde?",
        [("Answer", "The direct answer."), ("Context", "Background.")],
        [
            (
                "What is the annual capacity of the Vessel Works plant in Molde?",
                "Answer",
                1,
                1,
                [
                    "Vessel Works runs a blade plant in Molde.",
                    "The Vessel Works plant in Bergen makes 300 turbines a year.",
                ],
            )
        ],
    )
    report = written(job)
    first = report["sections"][0]["sentences"][0]
    assert first["text"] == f"{ABSENCE}what the annual capacity of the Vessel Works plant in Molde is."


def test_a_comparisons_opening_sets_the_tables_rows_side_by_side_in_one_checked_sentence(compared):
    job, notes = compared
    report = written(job)
    opening = report["sections"][0]["sentences"]
    side = [s for s in opening if s["text"].startswith("The battery suppliers of ")]
    assert len(side) == 1, [s["text"] for s in opening]
    # The comparison is the direct answer: the report opens with it.
    assert opening[0] is side[0], [s["text"] for s in opening]
    assert side[0]["text"] == (
        "The battery suppliers of Orvane Motors are Tessel Energy (70%) and Quarrow Cells (30%); "
        "and those of Pellan Cars are Tessel Energy."
    )
    assert side[0]["verdict"] == "supported"
    by_id = {n.pk: n for n in notes.values()}
    quotes = " ".join(by_id[i].quote for i in side[0]["citations"])
    assert all(
        name in quotes for name in ("Orvane Motors", "Pellan Cars", "Tessel Energy", "Quarrow Cells", "70%", "30%")
    )
    # the table answers the comparison: no "The sources found do not state …"
    assert not any(s.get("kind") == "absence" for s in opening)


def test_a_cell_the_check_leaves_out_is_not_set_side_by_side(compared, settings):
    job, notes = compared
    orvane, pellan = notes[COMPARE_NOTES[0]], notes[COMPARE_NOTES[2]]
    table = {
        "entities": ["Orvane Motors", "Pellan Cars"],
        "attributes": ["main suppliers"],
        "cells": [
            {
                "entity": "Orvane Motors",
                "attribute": "main suppliers",
                "value": "Tessel Energy (75%)",
                "note_ids": [orvane.pk],
            },
            {"entity": "Pellan Cars", "attribute": "main suppliers", "value": "Tessel Energy", "note_ids": [pellan.pk]},
        ],
    }
    with scripted_model(settings, comparison_table=[table]):
        report = written(job)
    texts = [s["text"] for s in report["sections"][0]["sentences"]]
    # 75% is in no quote: that cell is left out, and one row is nothing to set side by side
    assert not any("main suppliers" in t for t in texts), texts


def test_an_outlook_question_opens_with_what_its_sources_expect_not_with_an_absence(alice):
    job, notes = make_job(
        alice,
        "What is the outlook for tidal-stream turbines in island grids?",
        [("Answer", "The direct answer."), ("Evidence", "What the sources establish.")],
        [
            (
                "List the forecasts for tidal-stream turbines in island grids.",
                "Answer",
                1,
                1,
                [
                    "Orkan Tidal expects tidal-stream turbines to supply a fifth of island grids by 2032.",
                    "Tidal-stream turbines produced 40 GWh in island grids in 2025.",
                    "The tidal-stream array at Skerry Sound will add 12 MW to the island grid in 2027.",
                ],
            )
        ],
    )
    report = written(job)
    opening = report["sections"][0]["sentences"]
    assert not any(s.get("kind") == "absence" for s in opening), opening
    assert "Orkan Tidal expects" in opening[0]["text"] or "Skerry Sound will" in opening[0]["text"], opening


def test_a_row_about_one_part_of_the_asked_thing_does_not_answer_for_the_whole(alice):
    job, notes = make_job(
        alice,
        "How many tractors did Orvane Tractors deliver in 2025?",
        [("Answer", "The direct answer."), ("Context", "Background.")],
        [
            (
                "How many tractors did Orvane Tractors deliver in 2025?",
                "Answer",
                1,
                1,
                [
                    "Orvane Tractors 2025 deliveries by model — Model: Orvane T4; Segment: small farm tractors; "
                    "2025 deliveries: 42,000.",
                    "Orvane Tractors delivered 412,000 vehicles in 2025.",
                ],
            )
        ],
    )
    report = written(job)
    assert report["sections"][0]["sentences"][0]["text"] == "Orvane Tractors delivered 412,000 vehicles in 2025."


def test_the_side_by_side_comparison_opens_the_report_before_one_members_news(compared, settings):
    """Whichever model writes the opening, the comparison (the direct answer) comes first: a
    sentence about one member that the opening's writer put first follows it."""
    job, notes = compared
    pellan = notes[COMPARE_NOTES[2]]
    opening = {"sentences": [{"text": COMPARE_NOTES[2], "note_ids": [pellan.pk]}], "need_context": []}
    with scripted_model(settings, section_draft=[opening]):  # a fake writer for the opening only
        report = written(job)
    texts = [s["text"] for s in report["sections"][0]["sentences"]]
    assert texts[0].startswith("The battery suppliers of Orvane Motors are "), texts
    assert COMPARE_NOTES[2] in texts[1:], texts


OWNED = "Compare the turbine suppliers of the wind farms of Orrin Power and Halden Sea"
OWNED_NOTES = [
    "Orrin Power buys the turbines of its wind farms from Brenning Turbines.",
    "Halden Sea inaugurated the Lyngrev Nord wind farm today.",
    "Lyngrev Nord has 60 TX-15 turbines from Brenning Turbines.",
]


def test_a_cell_read_through_the_rows_things_is_in_the_table_but_no_clause_of_the_side_by_side(alice, settings):
    """Halden Sea's supplier is read through its wind farm (two notes, neither naming both):
    the table shows it, citing both; the side-by-side sentence, whose every clause must be
    read in one quote, has no such clause, and with one row left there is none."""
    job, notes = make_job(
        alice,
        OWNED,
        [("Suppliers", "Who supplies each.")],
        [
            (
                "Which turbine suppliers do the wind farms of Orrin Power and Halden Sea use?",
                "Suppliers",
                1,
                1,
                OWNED_NOTES,
            )
        ],
    )
    orrin, inaugurated, lyngrev = (notes[s] for s in OWNED_NOTES)
    table = {
        "entities": ["Orrin Power", "Halden Sea"],
        "attributes": ["turbine suppliers"],
        "cells": [
            {
                "entity": "Orrin Power",
                "attribute": "turbine suppliers",
                "value": "Brenning Turbines",
                "note_ids": [orrin.pk],
            },
            {
                "entity": "Halden Sea",
                "attribute": "turbine suppliers",
                "value": "Brenning Turbines",
                "note_ids": [inaugurated.pk, lyngrev.pk],
            },
        ],
    }
    assert write.with_side_by_side(job, [], table) == []  # one row read in one quote: no sentence
    with scripted_model(settings, comparison_table=[table]):  # a fake table writer
        report = written(job)
    rows = {r["entity"]: r["cells"][0] for r in report["comparison_table"]["rows"]}
    assert set(rows["Halden Sea"]["citations"]) == {inaugurated.pk, lyngrev.pk}
    texts = [s["text"] for s in report["sections"][0]["sentences"]]
    assert not any(t.startswith("The turbine suppliers of ") for t in texts), texts


FILTERED = "Which of the four largest ferry operators use LNG engines, and from which suppliers?"
FILTERED_NOTES = [
    "The four largest ferry operators by passengers in 2025 are Nordlys Lines, Baltic Crest, Sundbro Ferries and Kattegat Link.",
    "Nordlys Lines buys diesel engines from Wartfeld Marine and LNG engines from Osterholm Motoren.",
    "Baltic Crest buys 60% of its engines as LNG engines from Kessel Maritime.",
    "Kattegat Link uses LNG engines from Osterholm Motoren in its two newest ferries.",
    "Sundbro Ferries buys diesel engines from Wartfeld Marine.",
]


def test_a_set_filter_question_opens_with_each_member_that_holds_it_side_by_side(alice):
    job, notes = make_job(
        alice,
        FILTERED,
        [("Operators", "Which operators use LNG engines."), ("Suppliers", "Who supplies them.")],
        [
            ("Which ferry operators are the four largest?", "Operators", 1, 1, FILTERED_NOTES[:1]),
            ("Which of the four largest ferry operators use LNG engines?", "Operators", 2, 1, FILTERED_NOTES[1:3]),
            ("Who supplies the LNG engines of each ferry operator?", "Suppliers", 3, 1, FILTERED_NOTES[3:]),
        ],
    )
    report = written(job)
    assert [r["entity"] for r in report["comparison_table"]["rows"]] == [
        "Nordlys Lines",
        "Baltic Crest",
        "Kattegat Link",
    ]
    opening = [s["text"] for s in report["sections"][0]["sentences"]]
    side = (
        "The LNG engine suppliers of Nordlys Lines are Osterholm Motoren; those of Baltic Crest are "
        "Kessel Maritime (60%); and those of Kattegat Link are Osterholm Motoren."
    )
    # The set's listing leads; the answer, each member that holds the filter, follows it.
    assert opening[:2] == [FILTERED_NOTES[0], side], opening
    sentence = report["sections"][0]["sentences"][1]
    assert sentence["verdict"] == "supported"
    assert "Wartfeld Marine" not in side and "Sundbro Ferries" not in side
