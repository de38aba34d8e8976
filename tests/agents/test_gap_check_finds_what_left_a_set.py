"""A question about what was in a set one year but not the next ("Which maker was among the
three largest tractor makers in 2023 but not in 2024, and who supplies its engines?") is
answered by the set of the first year without the set of the second: the maker that left, not a
member of the latest set that shares the most sentences with the question's words. With only a
partial set of the later year the check names no one rather than guess. Invented tractor world."""

from agents.engine import gap
from agents.engine import question as qshape
from tests.helpers import offline_gap_decision, researched_subquestion

QUESTION = (
    "Which maker was among the three largest tractor makers by deliveries in 2023 but not in 2024, "
    "and which company supplies its engines?"
)
ROW = "Tractor makers ranked by {year} deliveries — Rank: {rank}; Maker: {maker}; Headquarters: {city}; {year} deliveries: {n}."
ROWS_2023 = [
    ROW.format(year=2023, rank=1, maker="Orvane Tractors", city="Lyon", n="412,000"),
    ROW.format(year=2023, rank=2, maker="Pellan Farm Machines", city="Ghent", n="388,000"),
    ROW.format(year=2023, rank=3, maker="Brask Machinery", city="Aarhus", n="240,000"),
]
LISTING_2024 = (
    "The three largest tractor makers by deliveries in 2024 are Orvane Tractors, Pellan Farm Machines and Halden Agri."
)
ENGINES = [
    "Orvane Tractors buys its engines from Kessel Motorenwerk, which supplies most tractor makers.",
    "Halden Agri buys engines for its tractors from Kessel Motorenwerk.",
]


def _known(sentences):
    shape = qshape.parse(QUESTION)
    return gap.resolve_chain(shape, QUESTION, [(1, s) for s in sentences])


def test_the_maker_in_the_first_years_set_and_not_the_seconds_is_the_answer():
    assert _known([*ROWS_2023, LISTING_2024, *ENGINES]) == {"U2": "Brask Machinery"}


def test_a_partial_set_of_the_later_year_names_no_one():
    partial = ROW.format(year=2024, rank=1, maker="Orvane Tractors", city="Lyon", n="430,000")
    assert "U2" not in _known([*ROWS_2023, partial, *ENGINES])


def test_the_next_round_asks_for_the_engines_of_the_maker_that_left():
    outline = [{"heading": "Answer", "purpose": "The answer."}, {"heading": "Links", "purpose": "Links."}]

    def sq(text, hop, notes):
        return researched_subquestion(text, hop, notes, "Links")

    out = offline_gap_decision(
        QUESTION,
        outline,
        [
            sq("Which tractor makers are the three largest by deliveries?", 1, [*ROWS_2023, LISTING_2024]),
            sq(
                "Which maker was among the three largest tractor makers by deliveries in 2023 but not in 2024?",
                2,
                [*ROWS_2023, LISTING_2024],
            ),
            sq("Which company supplies the engines of each maker?", 2, ENGINES),
        ],
    )
    asked = [s["text"] for s in out["new_subquestions"]]
    assert any("Brask Machinery" in t for t in asked), out
    assert not any("Orvane Tractors" in t or "Halden Agri" in t for t in asked), out
