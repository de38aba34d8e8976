"""In "Which of the three largest resin makers ship pellets to Asia, and from which ports?" the
later part has no verb of its own and borrows the first part's ("from which ports do {U2} ship
pellets to Asia"), where {U2} is the makers the first part finds, a plural's bare verb kept as
their predicate ("the resin makers of {U1} that ship pellets to Asia"). The plan asks each link
in words that read, the longer wording giving way to a shorter one when it would repeat another
sub-question. A link found to be one name takes a singular verb ("does Orlen Resins ship"),
several names keep the plural (invented resin world)."""

from agents.engine import planner
from agents.engine import question as qshape

QUESTION = "Which of the three largest resin makers ship pellets to Asia, and from which ports?"


def test_the_later_part_borrows_the_first_parts_verb_and_asks_about_its_answer():
    shape = qshape.parse(QUESTION)
    assert shape.asks == ("from which ports do {U2} ship pellets to Asia",)
    answer = shape.chain[-1]
    assert answer.phrase == "the resin makers of {U1} that ship pellets to Asia"
    assert answer.compact == "the resin makers that ship pellets to Asia"


def test_the_plan_asks_the_final_link_in_words_that_read():
    texts = [sq["text"] for sq in planner.plan(QUESTION, "deep")["subquestions"]]
    assert "Which of the three largest resin makers ship pellets to Asia?" in texts
    assert "From which ports do the resin makers that ship pellets to Asia ship pellets to Asia?" in texts
    assert "List the resin makers, three largest first." in texts


def test_a_link_found_to_be_one_name_takes_a_singular_verb_and_several_keep_the_plural():
    shape = qshape.parse(QUESTION)
    one = planner.chain_subquestions(shape, QUESTION, {"U1": "Orlen Resins, Marrow Plastics", "U2": "Orlen Resins"})
    assert [s["text"] for s in one] == ["From which ports does Orlen Resins ship pellets to Asia?"]
    two = planner.chain_subquestions(shape, QUESTION, {"U1": "x", "U2": "Orlen Resins and Marrow Plastics"})
    assert [s["text"] for s in two] == ["From which ports do Orlen Resins and Marrow Plastics ship pellets to Asia?"]
