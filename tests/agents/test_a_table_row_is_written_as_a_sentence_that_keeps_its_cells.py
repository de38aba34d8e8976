"""A quote that is a table row ("Context — Header: value; …") reaches the report as a sentence
about the row's subject that keeps every header and value as written, so the judge and the
citation check still find each name and figure in the row; the opening gives only the cells
the question asks about."""

import pytest

from agents import composition
from agents.engine import writer

RANKED = (
    "Electric car makers ranked by 2025 deliveries — Rank: 5; Maker: Tanaka-Rhee Motors; "
    "Headquarters: Busan, South Korea; 2025 deliveries: 870,000."
)
FACTORIES = (
    "Export cable factories — Factory: Moerdijk; Operator: Castellan Cables; "
    "Annual output (km of export cable): 1,100; Start of production: 2012."
)
PERIOD = "Voltara Motors vehicle deliveries, 2025 — Period: Full year 2025; Vehicles delivered: 1,820,000."


def judged(sentence, quote):
    return writer.judge(
        f"<sentence>\n{sentence}\n</sentence>\n<quotes>\n"
        f'<quote domain="a.example" source="A" published="undated">{quote}</quote>\n</quotes>'
    )["verdict"]


def test_the_row_s_subject_leads_and_every_cell_is_kept():
    assert composition.row_sentence(RANKED) == (
        "Tanaka-Rhee Motors has rank 5; headquarters Busan, South Korea; and 2025 deliveries 870,000, "
        "according to the table \u201cElectric car makers ranked by 2025 deliveries\u201d."
    )
    assert judged(composition.row_sentence(RANKED), RANKED) == "supported"
    assert judged(composition.row_sentence(FACTORIES), FACTORIES) == "supported"


def test_a_row_whose_cells_name_nothing_opens_with_its_first_cell():
    sentence = composition.row_sentence(PERIOD)
    assert sentence == (
        "For period Full year 2025, the table \u201cVoltara Motors vehicle deliveries, 2025\u201d gives "
        "vehicles delivered 1,820,000."
    )
    assert judged(sentence, PERIOD) == "supported"


def test_the_opening_gives_the_cells_the_question_asks_about():
    asked = "How many kilometres of export cable can Castellan Cables' Moerdijk factory make in a year?"
    assert composition.row_sentence(FACTORIES, asked) == (
        "Moerdijk has operator Castellan Cables and annual output (km of export cable) 1,100, "
        "according to the table \u201cExport cable factories\u201d."
    )
    # Nothing the question shares: the whole row.
    assert composition.row_sentence(FACTORIES, "Who runs the port?") == composition.row_sentence(FACTORIES)


def test_prose_is_left_as_it_is():
    prose = "Castellan Cables makes export cables at Moerdijk."
    assert composition.row_sentence(prose) == prose


def test_a_changed_cell_is_caught():
    # The sentence is not the quote, so the judge is asked: it finds a figure the row does not
    # hold; a name the row does not hold is caught in code before any judge.
    wrong_figure = composition.row_sentence(RANKED).replace("870,000", "880,000")
    assert judged(wrong_figure, RANKED) == "unsupported"
    wrong_name = composition.row_sentence(RANKED).replace("Tanaka-Rhee Motors", "Kestrel Automotive")
    assert composition.unquoted(wrong_name, [RANKED]) == ["Kestrel Automotive"]


def test_the_offline_writer_writes_rows_as_sentences():
    notes = "".join(
        f'<note id="{i}" domain="d{i}.example" source="S{i}" published="2026-01-0{i}" quality="0.8" sq="1" hop="0">'
        f"<claim>{row}</claim><quote>{row}</quote></note>\n"
        for i, row in enumerate([RANKED, FACTORIES], start=1)
    )
    prompt = (
        "<question>\nWhich export cable factories and car makers do the tables list?\n</question>\n"
        '<section heading="Evidence" mode="section">\nWhat the tables give.\n</section>\n'
        f"<notes>\n{notes}</notes>"
    )
    texts = [s["text"] for s in writer.write_section(prompt)["sentences"]]
    assert composition.row_sentence(FACTORIES) in texts
    assert not any(t in (RANKED, FACTORIES) for t in texts)


def test_a_timeline_item_is_written_as_a_sentence():
    item = "2025: Voltara Motors delivers 1.82 million vehicles."
    sentence = composition.as_sentence(item)
    assert sentence == "In 2025, Voltara Motors delivers 1.82 million vehicles."
    assert judged(sentence, item) == "supported"
    assert composition.as_sentence("March 2024: Sunmark Energy joins.") == "In March 2024, Sunmark Energy joins."
    assert composition.as_sentence("6 March 2024: Sunmark Energy joins.") == "On 6 March 2024, Sunmark Energy joins."
    # A label before a colon is not a date.
    assert composition.as_sentence("Update 2024: Sunmark Energy joins.") == "Update 2024: Sunmark Energy joins."
    assert composition.as_sentence(FACTORIES) == composition.row_sentence(FACTORIES)


def test_a_header_keeps_a_names_capital_and_a_yes_no_cell_its_colon():
    row = "Kestrel Automotive cell mix, 2025 — Supplier: Sunmark Energy; Northgate estimate (Aug 2025): 65%; From 2027: Yes."
    names = composition.capitalised_words(["Sunmark Energy's share was estimated by Northgate Research.", row])
    assert "northgate" in names and "from" not in names
    # A word a name shares with ordinary text ("Cell" of "Granite Cell Industries", "LFP cells")
    # is no name.
    assert "cell" not in composition.capitalised_words(["Granite Cell Industries makes LFP cells."])
    assert composition.row_sentence(row, names=names) == (
        "Sunmark Energy has Northgate estimate (Aug 2025) 65% and from 2027: yes, according to the table "
        "\u201cKestrel Automotive cell mix, 2025\u201d."
    )
    assert judged(composition.row_sentence(row, names=names), row) == "supported"


def test_a_register_entry_is_about_the_thing_it_names():
    # The context names the one thing the row is about, not a table: its fields are that
    # thing's, the operator is not the subject.
    entry = "Greyhaven Bank — Operator: Corrievale Renewables; Registered capacity: 1,200 MW."
    assert composition.row_sentence(entry) == (
        "Greyhaven Bank has operator Corrievale Renewables and registered capacity 1,200 MW."
    )
    quote = "Greyhaven Bank. Operator: Corrievale Renewables. Registered capacity: 1,200 MW."
    assert judged(composition.row_sentence(entry), quote) == "supported"
    assert composition.row_sentence(entry, "What is the registered capacity of Greyhaven Bank?") == (
        "Greyhaven Bank has registered capacity 1,200 MW."
    )
    assert composition.row_sentence("Skarvholm offshore wind farm — Owner: Halden Blue Energy; Turbines: 75.") == (
        "Skarvholm offshore wind farm has owner Halden Blue Energy and turbines 75."
    )
    # A caption that names a set, or its data, is a table's.
    assert composition.row_sentence(FACTORIES).startswith("Moerdijk has ")
    assert composition.row_sentence("Cable production — Factory: Orkanger; Annual output (km): 800.").startswith(
        "Orkanger has annual output (km) 800, according to the table"
    )
    assert composition.row_sentence("Contracts for difference — Project: Skarn Bank; Strike price: 54.20.").startswith(
        "Skarn Bank has strike price 54.20"
    )
    # A first cell that says which item the row is ("Model: …") makes it a table's row.
    assert "the table \u201cTurbine range\u201d" in composition.row_sentence(
        "Turbine range — Model: KX-14; Rated power (MW): 14."
    )


def test_a_row_of_a_table_of_fields_says_what_the_field_holds():
    row = "Registry record EBR-FI-0001 — Field: Operator; Value: Borealis Power Systems."
    assert composition.row_sentence(row) == (
        "According to the table \u201cRegistry record EBR-FI-0001\u201d, the operator is Borealis Power Systems."
    )
    assert judged(composition.row_sentence(row), row) == "supported"


def test_a_table_on_a_sites_own_page_is_called_theirs():
    # Who gave a table's figures is said with them, and a sibling row says whose it is.
    sentence = composition.row_sentence(FACTORIES, publisher="Castellan Cables")
    assert sentence.endswith("according to Castellan Cables' table \u201cExport cable factories\u201d."), sentence
    # a sentence that names its source after it calls the table "the table"
    assert composition.without_publisher(sentence, "Castellan Cables") == composition.row_sentence(FACTORIES)
    ranked = composition.as_sentence(RANKED, publisher="Northgate Research")
    assert "according to Northgate Research's table \u201c" in ranked, ranked
    # The judge takes the site's own name as the cited source's, not as a name the row lacks.
    quote = FACTORIES.replace("Operator: Castellan Cables; ", "")
    verdict = writer.judge(
        f"<sentence>\n{composition.row_sentence(quote, publisher='Castellan Cables')}\n</sentence>\n<quotes>\n"
        f'<quote domain="castellan-cables.example" source="Castellan Cables" published="undated">{quote}</quote>\n'
        "</quotes>"
    )["verdict"]
    assert verdict == "supported"


@pytest.mark.django_db
def test_the_writer_is_given_the_name_the_page_gives_its_site(alice):
    # The title has lost the site's name and the domain shortens it: the writer's notes call the
    # source as the page does ("Offshore Licensing Authority"), as the dated attribution and the
    # disagreements do, so one sentence never names one source two ways.
    from agents import writer as agents_writer
    from agents.sources import store
    from jobs.models import Note
    from tests.factories import JobFactory, SourceFactory, SubQuestionFactory

    row = "Offshore wind contracts for difference — Project: Skarn Bank; Strike price (EUR/MWh): 54.20."
    page = f"The Offshore Licensing Authority publishes the results of each auction round.\n{row}"
    job = JobFactory(user=alice)
    source = SourceFactory(
        job=job,
        content_ref=store.put_text("page", page),
        domain="offshore-licensing.example",
        title="Contracts for difference",
    )
    start = page.index(row)
    note = Note.objects.create(
        job=job,
        sq=SubQuestionFactory(job=job),
        source=source,
        claim=row,
        quote=row,
        char_start=start,
        char_end=start + len(row),
    )
    view = agents_writer.note_view(note)
    assert view["source"] == "Offshore Licensing Authority"
    assert composition.as_sentence(row, publisher=writer._publisher(view)).endswith(
        "according to Offshore Licensing Authority's table \u201cOffshore wind contracts for difference\u201d."
    )
