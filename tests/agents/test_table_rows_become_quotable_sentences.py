"""Facts that exist only in a table cell become quotable: the cleaner writes each data row of an
HTML, Markdown or DOCX table as one sentence with its column headers and the table's caption or
heading ("Context — Header: value; Header: value."), in the stored page text; the offline reader
selects such a row as an exact quote."""

import io

from agents.engine import reader as engine_reader
from agents.quotes import anchor
from agents.sources import clean, tables

SPEC_PAGE = """<!DOCTYPE html><html><head><title>Technical data | Orla Cars</title></head><body>
<nav><a href="/">Home</a></nav>
<main><article>
<h1>Technical data</h1>
<p>Orla Cars publishes the technical data of its current models below. Figures are for the 2026 model year.</p>
<table><caption>Orla Cars technical data</caption>
<thead><tr><th>Model</th><th>Cell chemistry</th><th>Usable battery capacity (kWh)</th></tr></thead>
<tbody><tr><td>Orla Brisk</td><td>LFP</td><td>51</td></tr>
<tr><td>Orla Tundra</td><td>NMC</td><td>117</td></tr></tbody></table>
<p>Usable battery capacity is the energy the driver can use, which is lower than the gross capacity of the pack.</p>
<h2>Plants</h2>
<table><tr><th>Plant</th><th>Country</th><th>Output (tonnes a year)</th></tr>
<tr><td>Brenna</td><td>Norway</td><td>12,500</td></tr></table>
<p>The plants run three shifts a day and ship by rail to the assembly lines in the north of the country.</p>
</article></main></body></html>"""


def test_each_html_table_row_is_a_sentence_with_its_headers_and_caption():
    text = clean.clean_html(SPEC_PAGE, "https://orla.example/specs").text
    assert (
        "Orla Cars technical data — Model: Orla Brisk; Cell chemistry: LFP; Usable battery capacity (kWh): 51." in text
    )
    assert (
        "Orla Cars technical data — Model: Orla Tundra; Cell chemistry: NMC; Usable battery capacity (kWh): 117."
        in text
    )
    # No caption: the nearest heading before the table is the context.
    assert "Plants — Plant: Brenna; Country: Norway; Output (tonnes a year): 12,500." in text
    assert "|" not in text  # no pipe rendering left behind
    # The prose around the tables stays.
    assert "Figures are for the 2026 model year." in text


def test_the_offline_reader_quotes_the_row_that_answers_and_the_quote_is_exact():
    text = clean.clean_html(SPEC_PAGE, "https://orla.example/specs").text
    out = engine_reader.read("What is the usable battery capacity of the Orla Tundra?", text)
    quotes = [n["quote"] for n in out["notes"]]
    row = next(q for q in quotes if "Orla Tundra" in q)
    assert "117" in row
    note = next(n for n in out["notes"] if n["quote"] == row)
    assert text[note["char_start"] : note["char_end"]] == row
    assert anchor(text, row, note["char_start"], note["char_end"]) is not None


def test_a_row_the_prose_names_by_the_asked_word_is_read_though_the_row_never_says_it():
    # "pickup" is in no row; the prose calls the Orla Tundra the pickup, so its row answers.
    page = SPEC_PAGE.replace(
        "<p>Orla Cars publishes",
        "<p>The line-up: the Orla Brisk city car and the Orla Tundra electric pickup. Orla Cars publishes",
    ).replace(
        "<tbody>",
        "<tbody>"
        + "".join(
            f"<tr><td>Orla {m}</td><td>LFP</td><td>{60 + i}</td></tr>" for i, m in enumerate(["Vale", "Fjord", "Moss"])
        ),
    )
    text = clean.clean_html(page, "https://orla.example/specs").text
    out = engine_reader.read("What is the usable battery capacity of the Orla Cars electric pickup?", text)
    rows = [n["quote"] for n in out["notes"] if "Model:" in n["quote"]]
    assert any("Orla Tundra" in r and "117" in r for r in rows), rows


def test_a_wide_row_is_still_a_quotable_sentence_but_a_heading_is_not():
    headers = [f"Metric {i}" for i in range(20)]
    row = tables.row_sentences("Plant figures", headers, [[f"value {i}" for i in range(20)]])[0]
    assert len(row.split()) > engine_reader.MAX_WORDS
    page = (
        f"Plant figures\n{row}\nThe plant opened in 2022 and supplies the cell plant in Katowice with cathode material."
    )
    out = engine_reader.read("What are the plant figures for metric 7 and metric 12?", page)
    assert row in [n["quote"] for n in out["notes"]]


def test_layout_tables_and_prose_cells_are_left_to_the_extractor():
    one_column = "<table><tr><td>Just one column</td></tr><tr><td>Another cell</td></tr></table>"
    assert tables.linearise_html_tables(one_column) == one_column
    prose = "x" * (tables.MAX_CELL_CHARS + 1)
    layout = f"<table><tr><td>{prose}</td><td>side</td></tr></table>"
    assert tables.linearise_html_tables(layout) == layout
    nested = "<table><tr><td><table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table></td><td>x</td></tr></table>"
    out = tables.linearise_html_tables(nested)
    assert "A: 1; B: 2." in out  # the inner table of values is converted, the outer layout kept
    assert out.count("<table") == 1


def test_markdown_tables_in_uploads_become_row_sentences_under_their_heading():
    body = (
        b"# Cathode plants\n\nThe plants below supply the cell makers of the region.\n\n"
        b"## Capacity by plant\n\n| Plant | Owner | Capacity (t/yr) |\n|:---|---|---:|\n"
        b"| Nysa | Corvane Materials | 35,000 |\n| Rayong | Tessaline Chemicals | 30,000 |\n\nEnd of list.\n"
    )
    page = clean.clean(body, "text/markdown")
    assert page.title == "Cathode plants"
    assert "Capacity by plant — Plant: Nysa; Owner: Corvane Materials; Capacity (t/yr): 35,000." in page.text
    assert "Capacity by plant — Plant: Rayong; Owner: Tessaline Chemicals; Capacity (t/yr): 30,000." in page.text
    assert "|---" not in page.text and "End of list." in page.text
    # A line with a pipe that is not a table stays as it is.
    plain = clean.clean(b"Use a | b to pipe the output.\nNothing else here at all, just prose.", "text/plain")
    assert plain.text == "Use a | b to pipe the output.\nNothing else here at all, just prose."


def test_docx_tables_become_row_sentences_with_the_caption_before_them():
    import docx

    document = docx.Document()
    document.add_paragraph("Supplier review, internal.")
    document.add_paragraph("Pack sizes by model")
    table = document.add_table(rows=3, cols=2)
    for r, (a, b) in enumerate([("Model", "Pack (kWh)"), ("Norvik Fjord", "82"), ("Norvik Sol", "60")]):
        table.cell(r, 0).text, table.cell(r, 1).text = a, b
    document.add_paragraph("Figures are gross capacities, as the supplier reports them.")
    out = io.BytesIO()
    document.save(out)
    text = clean.clean_docx(out.getvalue()).text
    assert "Pack sizes by model — Model: Norvik Fjord; Pack (kWh): 82." in text
    assert "Pack sizes by model — Model: Norvik Sol; Pack (kWh): 60." in text
    assert text.index("Supplier review") < text.index("Norvik Fjord") < text.index("Figures are gross")


LEADERSHIP_PAGE = """<!DOCTYPE html><html><head><title>Leadership | Tessel Water</title></head><body>
<main><article><h1>Leadership</h1>
<p>Tessel Water is governed by a board appointed by the towns it serves. Day-to-day management rests with the
executive team, which reports to the board every month.</p>
<dl><dt>Mira Holt</dt><dd>Chair of the Board. Former mayor of Dunmere; chair since 2020.</dd>
<dt>Oskar Lenz</dt><dd>Chief Executive since March 2023.</dd></dl>
<p>Board papers and minutes are published on the members' portal every quarter.</p>
</article></main></body></html>"""


def test_a_definition_list_entry_keeps_its_term_beside_its_description():
    text = clean.clean_html(LEADERSHIP_PAGE, "https://tessel-water.example/leadership").text
    assert "Mira Holt: Chair of the Board. Former mayor of Dunmere; chair since 2020." in text
    assert "Oskar Lenz: Chief Executive since March 2023." in text
    assert "\n- Mira Holt\n" not in text


def test_the_offline_reader_quotes_a_role_with_the_name_it_belongs_to():
    text = clean.clean_html(LEADERSHIP_PAGE, "https://tessel-water.example/leadership").text
    quotes = [n["quote"] for n in engine_reader.read("Who chairs the board of Tessel Water?", text)["notes"]]
    assert "Mira Holt: Chair of the Board." in quotes
