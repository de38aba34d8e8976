"""A sub-question about each member of a set ("… of each of the four largest makers") is answered
row by row: the offline reader takes every row of a table with one row per member, not the two
rows it takes of one table otherwise (rows of one table score alike and would crowd out prose).
Invented page."""

from agents.engine import reader

ROW = (
    "Cell suppliers of the four largest tractor makers, 2025 — Maker: {m}; Cell suppliers and share: {a} 60%; {b} 40%."
)
MAKERS = [
    ("Orvane Tractors", "Tessel Energy", "Quarrow Cells"),
    ("Pellan Farm Machines", "Quarrow Cells", "Tessel Energy"),
    ("Halden Agri", "Marrow Cells", "Tessel Energy"),
    ("Brask Machinery", "Tessel Energy", "Marrow Cells"),
]
PAGE = (
    "Who supplies the tractor makers\n"
    "Each of the four largest tractor makers buys battery cells from two suppliers.\n"
    + "\n".join(ROW.format(m=m, a=a, b=b) for m, a, b in MAKERS)
    + "\nTessel Energy is the largest cell supplier to tractor makers in Europe.\n"
)


def _rows(subquestion):
    notes = reader.read(subquestion, PAGE, title="Tractor battery supply map")["notes"]
    return [n["claim"] for n in notes if "— Maker:" in n["claim"]]


def test_each_member_gets_its_row():
    rows = _rows("Who are the battery cell suppliers of each of the four largest tractor makers?")
    assert len(rows) == 4, rows


def test_otherwise_two_rows_of_one_table_leave_room_for_prose():
    rows = _rows("Which battery cell suppliers do the largest tractor makers use?")
    assert len(rows) == 2, rows
