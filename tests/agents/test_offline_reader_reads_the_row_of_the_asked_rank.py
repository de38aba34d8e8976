"""A sub-question that asks for a place in a ranking ("the second-highest deliveries", "the
largest") reads the table row that gives itself that rank, not two rows that only share the
table's words. Invented page."""

from agents.engine import reader

ROW = "Tractor makers ranked by 2025 deliveries — Rank: {r}; Maker: {m}; 2025 deliveries: {d}."
MAKERS = [
    ("Orvane Tractors", "412,000"),
    ("Pellan Farm Machines", "388,000"),
    ("Halden Agri", "240,000"),
    ("Brask Machinery", "120,000"),
    ("Tolm Works", "98,000"),
]
PAGE = "Tractor makers by deliveries\n" + "\n".join(ROW.format(r=i, m=m, d=d) for i, (m, d) in enumerate(MAKERS, 1))


def _rows(subquestion):
    return [n["claim"] for n in reader.read(subquestion, PAGE, title="Tractor makers")["notes"]]


def test_the_row_of_the_asked_rank_is_read():
    assert any(
        "Pellan Farm Machines" in c for c in _rows("Which tractor maker had the second-highest 2025 deliveries?")
    )
    assert any("Brask Machinery" in c for c in _rows("Which tractor maker was the fourth-largest by 2025 deliveries?"))
    assert any("Orvane Tractors" in c for c in _rows("Which tractor maker had the largest 2025 deliveries?"))


def test_the_asked_rank():
    assert reader.asked_rank("Which maker had the second-highest deliveries?") == 2
    assert reader.asked_rank("Which of the five largest makers is the fourth-largest?") == 4
    assert reader.asked_rank("Who are the five largest makers?") == 0
    assert reader.asked_rank("Which plant is the 3rd largest?") == 3
