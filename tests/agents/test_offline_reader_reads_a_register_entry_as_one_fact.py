"""A register's entry written as short "Label: value." sentences on one line ("Brenna Quay
terminal. Operator: Osterlin Ports. Registered capacity: 24 MW.") is read as one quote: each
field alone is too short to be a sentence worth a note, together they are the page's facts,
and the run is a substring of the page (the citation check still holds). Short sentences on
separate lines, or without fields, stay unread. Invented register page."""

from agents import text as tx
from agents.engine import reader

ENTRY = "Brenna Quay terminal. Operator: Osterlin Ports. Registered capacity: 24 MW. Berths: 6."
PAGE = "\n".join(
    [
        "Brenna Quay - Harbour Register",
        "5 March 2025",
        ENTRY,
        "Commissioned in 2021.",
        "Background",
        "Ports plan new quays years before the first ship calls at them.",
    ]
)


def test_the_entry_is_one_quote_of_the_page():
    notes = reader.read("What capacity does the Brenna Quay terminal have?", PAGE, title="Brenna Quay")["notes"]
    assert ENTRY in [n["quote"] for n in notes], [n["quote"] for n in notes]
    assert ENTRY in PAGE


def test_short_lines_without_fields_are_no_entry():
    page = "Brenna Quay\n5 March 2025\nOpened in 2021. Six berths. Deep water."
    assert reader.records(page, tx.sentences(page)) == []


def test_the_entry_is_claimed_as_a_row_says_it_with_its_heading_line():
    page = "Ports of the west coast are busy.\nBrenna Quay at a glance\nOperator: Osterlin Ports. Berths: 6. Opened: 2019.\n"
    [entry] = reader.records(page, tx.sentences(page))
    assert entry.text == "Brenna Quay at a glance\nOperator: Osterlin Ports. Berths: 6. Opened: 2019."
    assert (
        reader.record_claim(entry.text)
        == "Brenna Quay at a glance \u2014 Operator: Osterlin Ports; Berths: 6; Opened: 2019."
    )
    assert reader.record_claim(ENTRY) == (
        "Brenna Quay terminal \u2014 Operator: Osterlin Ports; Registered capacity: 24 MW; Berths: 6."
    )
