"""A section of a chain's notes gives each link its place: the last link's note ("The largest
plant of Brannor Blades is in Poland.") is written even when the earlier link has more notes than
the section has sentences, all nearer the section's purpose words. What a later link asks beyond
the links before it ("country", "plant") is read from the sub-questions, which the
writer's prompt lists in every section (an invented wind world, not the demo corpus)."""

from agents.engine import writer
from tests.helpers import writer_note, writer_prompt

SUBQUESTIONS = [
    {"id": 1, "hop": 1, "round": 1, "text": "Which wind farm was the largest in 2025?"},
    {"id": 2, "hop": 2, "round": 2, "text": "Which company supplies blades to Skarv Bank?"},
    {
        "id": 3,
        "hop": 3,
        "round": 2,
        "text": "In which country is the largest plant of the company that supplies blades to Skarv Bank?",
    },
]


def view(i, claim, sq, hop):
    return writer_note(i, claim, sq=sq, hop=hop, source=f"Site {i}")


def rendered(
    notes,
    *,
    question="In which country is the largest plant of the company that supplies blades to the largest wind farm of 2025?",
    heading="How the answer was found",
    purpose="How the blade supplier of the largest wind farm of 2025 was found.",
    mode="section",
    subquestions=SUBQUESTIONS,
):
    return writer_prompt(question, notes, heading=heading, purpose=purpose, mode=mode, subquestions=subquestions)


def test_the_last_links_note_is_written_when_an_earlier_link_has_more_notes_than_fit():
    # each earlier-link note names a yard of its own, so naming something new does not set the
    # last link's note apart
    crowd = [
        view(
            k,
            f"Brannor Blades supplies {k} blades a year to the wind farm company of Skarv Bank from "
            f"Yard {chr(65 + k % 26)}{chr(97 + k // 26)}vik.",
            2,
            2,
        )
        for k in range(10, 10 + writer.MAX_SENTENCES_PER_SECTION + 8)
    ]
    answer = view(1, "The largest plant of Brannor Blades is in Poland.", 3, 3)
    out = writer.write_section(rendered(crowd + [answer]))
    assert len(out["sentences"]) <= writer.MAX_SENTENCES_PER_SECTION
    assert any(1 in s["note_ids"] for s in out["sentences"])


def test_a_later_link_adds_only_its_own_words():
    terms = writer._link_terms(rendered([view(1, "The largest plant of Brannor Blades is in Poland.", 3, 3)]))
    assert set(terms) == {"2", "3"}
    assert {"count", "plant"} <= terms["3"]  # "largest" was the first link's word
    assert not {"blade", "suppl", "skarv"} & terms["3"]


def test_the_opening_answers_a_place_ask_with_the_place_the_ask_does_not_name():
    # The first note shares more of the ask's words, but its plant is the one the ask starts from.
    question = "In which town is the resin plant that supplies the blade yard of Brannor Blades?"
    subquestions = [
        {"id": 1, "hop": 1, "round": 1, "text": "Which blade yard does Brannor Blades run?"},
        {"id": 2, "hop": 2, "round": 2, "text": "In which town is the resin plant that supplies Skarvik?"},
    ]
    notes = [
        view(1, "Brannor Blades runs its blade yard in Skarvik.", 1, 1),
        view(
            2,
            "Brannor Blades has signed a supply agreement with Orlen Resins for resin for its plant in Skarvik.",
            2,
            2,
        ),
        view(
            3, "The resin for Skarvik will come from the Orlen Resins plant in Tessby, about 80 kilometres away.", 2, 2
        ),
    ]
    prompt = rendered(
        notes, question=question, heading="Answer", purpose="The town.", mode="answer", subquestions=subquestions
    )
    out = writer.write_section(prompt)
    assert any(3 in s["note_ids"] for s in out["sentences"]), out
