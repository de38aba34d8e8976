"""A table row written as text ("Context — Header: value; …", agents/sources/tables.py) names
what its cells name, its key cell first: its column headers ("Rank", "Maker") and its
caption's first word are not names. A designation's number ("BT-15") is not a figure. Invented
rows."""

from agents import composition
from agents import text as tx
from citations import facts as fx

ROW = (
    "Electric tractor makers ranked by 2024 deliveries — Rank: 5; Maker: Pellan Farm Machines; "
    "Headquarters: Tarvik, Ostland; 2024 deliveries: 78,000."
)


def test_a_row_names_its_cells_with_the_key_cell_first():
    assert tx.entities(ROW) == ["Pellan Farm Machines", "Tarvik", "Ostland"]
    assert fx._entity_keys(ROW)[0] == "pellan farm machines"


def test_a_header_that_is_a_name_stays_one():
    row = "Cell supply shares — Supplier: Tessel Energy; Orvane Tractors: 55%; Halden Agri: 20%."
    assert tx.entities(row) == ["Tessel Energy", "Orvane Tractors", "Halden Agri"]


def test_the_captions_names_follow_the_cells():
    row = "Quarrow Cells plants, 2025 — City: Lessing; Capacity (GWh): 12."
    assert tx.entities(row) == ["Lessing", "Quarrow Cells"]


def test_prose_is_unchanged():
    assert tx.entities("Rank and Maker are headers, said Pellan Farm Machines.") == [
        "Rank",
        "Maker",
        "Pellan Farm Machines",
    ]


def test_a_designations_number_is_not_a_figure():
    assert composition.figures("The last of 80 BT-15 turbines has been installed.") == []
    assert [w for _, _, w in composition.figures("Shipments rose 10-15 GWh, or 55%.")] == ["15 GWh", "55%"]
