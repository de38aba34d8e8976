"""The offline search worker's not_found: a sub-question whose notes cover most of it is answered,
whatever word they use for one of its words ("supplies" for "serves"); one whose notes lack a
name it asks about is listed with that name. Invented names only."""

from agents import context
from tests.helpers import worker_decision

QUESTION = "Which irrigation companies work for farms in southern Sweden?"
QUERY = "Pellan Irrigation farms Lund"


def finish(subquestion: str, claims: list[str]) -> list[str]:
    read = context.Entry(
        turn=1,
        kind="observation",
        tool="fetch_pages",
        handle="r_1",
        text="read https://pellan-irrigation.example/farms : 1 notes [0]",
        arguments={"urls": ["https://pellan-irrigation.example/farms"]},
    )
    notes = [(c, "pellan-irrigation.example") for c in claims]
    out = worker_decision(QUESTION, subquestion, [read], queries_sent=[QUERY], notes=notes, turn=6, pages_read=1)
    assert out["tool"] == "finish", out
    return out["arguments"]["not_found"]


CLAIMS = ["Pellan Irrigation supplies the farms of Ekby and Tarp near Lund."]


def test_notes_that_answer_in_other_words_leave_nothing_not_found():
    assert finish("Which farms does Pellan Irrigation serve near Lund?", CLAIMS) == []


def test_a_name_no_note_gives_is_listed_as_not_found():
    out = finish("Which farms does Pellan Irrigation serve near Lund and Malmo?", CLAIMS)
    assert len(out) == 1 and out[0].endswith("(no source covered: Malmo)"), out
