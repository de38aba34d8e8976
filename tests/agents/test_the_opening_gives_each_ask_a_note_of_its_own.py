"""A copy of a note the opening chose (the same sentence read for two sub-questions) does not
take another ask's place: each ask of the opening is answered by a note of its own. Invented
names."""

from tests.helpers import offline_answer, writer_note


def test_a_copy_of_a_chosen_note_does_not_take_another_asks_place():
    # The same sentence read for two sub-questions is one note twice: the second ask is answered
    # by the note that says where else the cars are assembled, not by the copy.
    question = (
        "Which maker buys the cells made at the Lindau plant, and in which towns does that maker assemble its cars?"
    )
    gliwa = "Orvane Motors assembles cars in Brisk, about 25 km from the Lindau plant."
    both = "Orvane Motors assembles vehicles in Haldor, Sweden, and Brisk, Poland."
    notes = [
        writer_note(1, "The Lindau plant makes pouch cells for Orvane Motors.", hop=1, sq=1),
        writer_note(2, gliwa, hop=2, sq=2),
        writer_note(3, gliwa, hop=2, sq=3),
        writer_note(4, both, hop=2, sq=3),
    ]
    subquestions = [
        {"id": 1, "hop": 1, "round": 1, "text": "Which maker buys the cells made at the Lindau plant?"},
        {
            "id": 2,
            "hop": 2,
            "round": 1,
            "text": "In which towns does the maker that buys the cells made at the Lindau plant assemble its cars?",
        },
        {"id": 3, "hop": 2, "round": 2, "text": "In which towns does Orvane Motors assemble its cars?"},
    ]
    texts = [s["text"] for s in offline_answer(question, notes, subquestions)["sentences"]]
    assert both in texts, texts
