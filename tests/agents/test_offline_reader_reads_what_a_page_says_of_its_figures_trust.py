"""A page that qualifies its own figure ("… has not confirmed the 31 MW figure", "a possible
second phase could take it to 31 MW, but no investment decision has been taken") is read for
that sentence too: a reader weighing the figure needs it, though it shares fewer of the asked
words than the page's other figures. A sentence with no figure is no such qualification.
Invented page."""

from agents import text as tx
from agents.engine import reader

PAGE = "\n".join(
    [
        "Brenna Quay: 31 MW and counting",
        "Osterlin Ports' Brenna Quay terminal has a capacity of 31 MW, according to people familiar with the site.",
        "That would make Brenna Quay the largest terminal of Osterlin Ports, ahead of Kessel Point.",
        "Osterlin Ports opened the Brenna Quay terminal in 2019 to serve ferries across the northern sea.",
        "Osterlin Ports itself has not confirmed the 31 MW figure.",
        "The Kessel Point terminal of Osterlin Ports opened in 2021 and has a capacity of 12 MW.",
        "The Hadd Bay terminal of Osterlin Ports has a capacity of 18 MW and serves cargo ships.",
        "The Varn terminal of Osterlin Ports has a capacity of 9 MW and serves the fishing fleet.",
    ]
)


def test_the_pages_qualification_of_its_figure_is_read():
    notes = reader.read(
        "What is the capacity of the Brenna Quay terminal of Osterlin Ports?", PAGE, title="Brenna Quay"
    )["notes"]
    assert any("has not confirmed the 31 MW figure" in n["quote"] for n in notes), [n["quote"] for n in notes]


def test_what_qualifies_a_figure():
    assert tx.qualifies_figure("Osterlin Ports itself has not confirmed the 31 MW figure.")
    assert tx.qualifies_figure(
        "The 31 MW figure refers to a possible second phase that Osterlin Ports has not approved."
    )
    assert tx.qualifies_figure("A second phase could take the site to 31 MW, but no decision has been taken.")
    assert tx.qualifies_figure("Output reached 44%, a preliminary estimate.")
    assert not tx.qualifies_figure("This is a preliminary estimate.")  # no figure
    assert not tx.qualifies_figure("The Brenna Quay terminal has a capacity of 24 MW.")
