"""The opening answers what the question asks, whichever notes are most numerous: each part of a
question of several parts; a chain's final link about the name a later round found (not about
the words of its description); the final link's note even when many notes of the same link
share more of the question's words; and a note naming the question's names but not stating
what is asked does not keep the opening from saying so. Written by the real offline engine
from notes in the database (an invented wind and materials world, not the demo corpus)."""

import pytest

from jobs.stages import write
from tests.jobs.test_report_opens_with_the_answer import ABSENCE, make_job, written

pytestmark = pytest.mark.django_db


def opening(report):
    assert report["sections"][0]["heading"] == "Answer"
    return " ".join(s["text"] for s in report["sections"][0]["sentences"])


def test_each_part_of_a_question_of_several_parts_is_answered(alice):
    job, _ = make_job(
        alice,
        "Where is Ostvik Materials headquartered, and where is its largest plant?",
        [("Answer", "The direct answer."), ("Context", "Background.")],
        [
            (
                "Where is Ostvik Materials headquartered, and where is its largest plant?",
                "Answer",
                1,
                1,
                [
                    "The largest plant of Ostvik Materials is in Bodo, with a capacity of 40,000 tonnes a year.",
                    "Ostvik Materials opened its largest plant in Bodo in 2019.",
                    "The largest plant of Ostvik Materials in Bodo makes cathode material for cell plants.",
                    "Ostvik Materials is headquartered in Tromso.",
                ],
            ),
            ("What does Ostvik Materials make?", "Context", 0, 1, ["Ostvik Materials makes cathode material."]),
        ],
    )
    text = opening(written(job))
    assert "Tromso" in text and "Bodo" in text


def test_a_chains_final_link_is_answered_about_the_name_a_later_round_found(alice):
    job, notes = make_job(
        alice,
        "In which country is the largest plant of the company that supplies blades to the largest wind farm of 2025?",
        [("Answer", "The country."), ("How the answer was found", "Each link.")],
        [
            (
                "Which wind farm was the largest in 2025?",
                "How the answer was found",
                1,
                1,
                ["Skarv Bank was the largest wind farm of 2025."],
            ),
            (
                "Which company supplies blades to Skarv Bank?",
                "How the answer was found",
                2,
                2,
                ["Brannor Blades supplies the blades for Skarv Bank."],
            ),
            (
                "In which country is the largest plant of the company that supplies blades to Skarv Bank?",
                "Answer",
                3,
                2,
                [
                    "The Kiel plant supplies blades to Skarv Bank and to other wind farms in the country.",
                    "The largest plant of Brannor Blades is in Poland.",
                    "The largest plant of Fjord Composites is in Denmark.",
                ],
            ),
        ],
    )
    report = written(job)
    first = report["sections"][0]["sentences"][0]
    assert first["text"] == "The largest plant of Brannor Blades is in Poland."
    assert notes["The largest plant of Brannor Blades is in Poland."].pk in first["citations"]
    assert "Denmark" not in opening(report)


def test_the_final_links_note_is_read_among_many_notes_nearer_the_questions_words(alice):
    crowd = [
        f"Skarv Bank turbine {k} uses blades from a company that supplies wind farms in the North Sea."
        for k in range(1, 41)
    ]
    job, notes = make_job(
        alice,
        "Who is the chief executive of the company that supplies blades to Skarv Bank?",
        [("Answer", "The person."), ("How the answer was found", "Each link.")],
        [
            (
                "Which company supplies blades to Skarv Bank?",
                "How the answer was found",
                1,
                1,
                ["Brannor Blades supplies the blades for Skarv Bank."],
            ),
            (
                "Who is the chief executive of the blade supplier of Skarv Bank?",
                "Answer",
                2,
                1,
                crowd + ["Brannor Blades is led by chief executive Ida Holm."],
            ),
            (
                "Who is the chief executive of Brannor Blades?",
                "Answer",
                2,
                2,
                ["Brannor Blades makes blades for wind farms."],
            ),
        ],
    )
    picked = write.answer_notes(job, [n for group in write.evidence.notes_by_section(job).values() for n in group])
    assert len(picked) <= write.MAX_ANSWER_NOTES
    assert notes["Brannor Blades is led by chief executive Ida Holm."] in picked
    assert "Ida Holm" in opening(written(job))


def test_notes_that_name_both_names_but_not_what_is_asked_do_not_answer(alice):
    job, _ = make_job(
        alice,
        "What price per kWh does Orvane Motors pay Tessel Energy for its cells?",
        [("Answer", "The price."), ("Context", "Background.")],
        [
            (
                "What price per kWh does Orvane Motors pay Tessel Energy for its cells?",
                "Answer",
                1,
                1,
                [
                    "Orvane Motors buys its cells from Tessel Energy and Kaldera Cells.",
                    "Tessel Energy supplies LFP cells to Orvane Motors for the Orvane Pica.",
                ],
            )
        ],
    )
    first = written(job)["sections"][0]["sentences"][0]
    assert first["text"].startswith(ABSENCE)


def test_what_the_question_asks_of_the_chains_end_brings_its_note_to_the_opening(alice):
    # The final link was asked by name ("Which company supplies resin to the Brask plant of
    # Tarvik Gears?"); many notes share that wording. The note that says where the company is
    # headquartered shares almost none of it, but holds what the question asks of the end.
    crowd = [
        f"Velten Resins supplies resin batch {k} to the Brask plant of Tarvik Gears for its gearbox casings."
        for k in range(1, 41)
    ]
    job, notes = make_job(
        alice,
        "In which city is the company headquartered that supplies resin to the largest plant of Tarvik Gears?",
        [("Answer", "The city."), ("How the answer was found", "Each link.")],
        [
            (
                "Which plant of Tarvik Gears is the largest?",
                "How the answer was found",
                1,
                1,
                ["Brask is the largest plant of Tarvik Gears."],
            ),
            (
                "In which city is the company that supplies resin to the largest plant of Tarvik Gears headquartered?",
                "Answer",
                2,
                1,
                ["Velten Resins was founded in 1998 and is headquartered in Kiel, Germany."],
            ),
            (
                "Which company supplies resin to the Brask plant of Tarvik Gears?",
                "Answer",
                2,
                2,
                crowd,
            ),
        ],
    )
    picked = write.answer_notes(job, [n for group in write.evidence.notes_by_section(job).values() for n in group])
    assert len(picked) <= write.MAX_ANSWER_NOTES
    assert notes["Velten Resins was founded in 1998 and is headquartered in Kiel, Germany."] in picked


def test_a_note_read_for_a_later_link_that_answers_an_earlier_one_counts_for_the_earlier(alice):
    # The note that says which plant is the largest was read while asking who supplies it; among
    # forty notes of that link it would be cut, but it states all of the earlier link's wording,
    # so it is that link's best note, and the chain can be followed in the opening.
    plants = [f"Tarvik Gears runs a plant in Orsa {k} that makes gearbox casings." for k in range(1, 21)]
    crowd = [f"Velten Resins supplies resin batch {k} to Tarvik Gears for its gearbox casings." for k in range(1, 41)]
    largest = "That makes Brask the largest plant of Tarvik Gears, ahead of Orsa."
    job, notes = make_job(
        alice,
        "In which city is the company headquartered that supplies resin to the largest plant of Tarvik Gears?",
        [("Answer", "The city."), ("How the answer was found", "Each link.")],
        [
            ("Which plant of Tarvik Gears is the largest?", "How the answer was found", 1, 1, plants),
            (
                "Which company supplies resin to the largest plant of Tarvik Gears?",
                "Answer",
                2,
                1,
                [*crowd, largest],
            ),
        ],
    )
    picked = write.answer_notes(job, [n for group in write.evidence.notes_by_section(job).values() for n in group])
    assert len(picked) <= write.MAX_ANSWER_NOTES
    assert notes[largest] in picked


def test_a_figure_asked_for_is_read_among_many_notes_nearer_the_questions_words(alice):
    # A table row gives the answer ("Annual output (km of cable): 800") in few of the question's
    # words; forty notes that share more of them but state no figure do not push it out.
    crowd = [
        f"Marren Kabel makes export cable at its factory for the offshore wind farm {chr(65 + k % 26)}{chr(65 + k // 26)}."
        for k in range(40)
    ]
    row = "Cable production — Factory: Tovik; Country: Norway; Annual output (km of cable): 800; Opened: 2016."
    job, notes = make_job(
        alice,
        "How many kilometres of export cable does Marren Kabel's factory produce per year?",
        [("Answer", "The figure."), ("Context", "The factory.")],
        [
            ("How many kilometres of export cable does Marren Kabel's factory produce?", "Answer", 0, 1, crowd),
            ("List the figures on cable production of Marren Kabel.", "Context", 0, 1, [row]),
        ],
    )
    picked = write.answer_notes(job, [n for group in write.evidence.notes_by_section(job).values() for n in group])
    assert len(picked) <= write.MAX_ANSWER_NOTES
    assert notes[row] in picked
