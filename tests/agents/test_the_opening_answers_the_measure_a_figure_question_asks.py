"""A figure question's measure is what its opening answers first: "What is the installed
capacity of the Orrin Bank wind farm?" asks for a capacity, so a note that the turbines were
installed, however rarely the notes say "installed", does not come before the note that gives
the capacity. A measure word that describes another ("capacity factor") is not the measure.
Invented wind world."""

from agents import questions as qtext
from tests.helpers import writer_note, writer_opening

QUESTION = "What is the installed capacity of the Orrin Bank wind farm?"
INSTALLED = "Kessel Wind has installed the last of 60 KX-14 turbines at Orrin Bank, the wind farm of Calder Energy."
CAPACITY = "With all 60 turbines in operation, Orrin Bank has a capacity of 840 MW."
NOTES = [
    INSTALLED,
    CAPACITY,
    "Orrin Bank is an offshore wind farm in the North Sea operated by Calder Energy, with a capacity of 840 MW.",
    "Orrin Bank is serviced from the port of Kelby.",
]


def test_the_measure_asked_is_the_head_of_the_figure_asked_for():
    assert qtext.measure_asked(QUESTION) == "capacity"
    assert qtext.measure_asked("What strike price did Orrin Bank win?") == "price"
    assert qtext.measure_asked("How much will Orrin Bank cost?") == "cost"
    assert qtext.measure_asked("What capacity factor did Orrin Bank reach in 2025?") == ""
    assert qtext.measure_asked("Who operates Orrin Bank?") == ""


def test_the_opening_gives_the_capacity_before_the_installed_turbines():
    notes = [writer_note(i, c) for i, c in enumerate(NOTES, 1)]
    opening = writer_opening(QUESTION, notes, purpose="The installed capacity.")
    assert "840 MW" in opening[0], opening


def test_a_row_that_names_the_model_by_its_designation_answers_for_the_model_with_its_makers_name():
    # "Kessel KX-14": the maker's data sheet lists the model as "KX-14", without the maker's name.
    from tests.helpers import offline_answer

    question = "What rotor diameter does the Kessel KX-14 have?"
    row = "KX turbine range — Model: KX-14; Rated power (MW): 14; Rotor diameter (m): 222; First installed: 2024."
    out = offline_answer(
        question,
        [writer_note(1, row, "kessel-wind.example", source="Kessel Wind")],
        [{"id": "1", "hop": 0, "round": 1, "text": question}],
    )
    assert out["unanswered"] == []
    assert "222" in out["sentences"][0]["text"]
    # another model's row is not the asked model's
    other = row.replace("KX-14", "KX-15")
    out = offline_answer(
        question,
        [writer_note(1, other, "kessel-wind.example", source="Kessel Wind")],
        [{"id": "1", "hop": 0, "round": 1, "text": question}],
    )
    assert out["unanswered"]


def test_the_risks_of_a_project_are_what_its_notes_say_whether_or_not_they_say_risk():
    from tests.helpers import offline_answer

    question = "What are the main risks for the Harrow Tunnel project?"
    plan = [{"id": "1", "hop": 0, "round": 1, "text": question}]
    notes = [
        writer_note(1, "The cost of the Harrow Tunnel project has risen from 1.8 to 2.1 billion euros."),
        writer_note(2, "The grid connection for the Harrow Tunnel project has not been secured yet."),
    ]
    assert offline_answer(question, notes, plan)["unanswered"] == []
    # notes about another project do not answer it
    other = [writer_note(1, "The cost of the Selby Bridge project has risen to 900 million euros.")]
    assert offline_answer(question, other, plan)["unanswered"]


def test_the_noun_a_name_heads_in_the_question_is_the_subject_not_something_asked():
    from tests.helpers import offline_answer

    question = "What are the main risks for the Harrow Tunnel Line project?"
    notes = [
        writer_note(1, "The cost of the Harrow Tunnel Line has risen from 1.8 to 2.1 billion euros."),
        writer_note(2, "The grid connection at Carrow for the Harrow Tunnel Line has not been secured yet."),
    ]
    assert offline_answer(question, notes, [{"id": "1", "hop": 0, "round": 1, "text": question}])["unanswered"] == []
