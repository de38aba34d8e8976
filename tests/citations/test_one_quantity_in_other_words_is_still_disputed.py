"""Two sources giving different values for one quantity disagree even when they word it
differently: an ordinal that is not a part of the period ("the second phase", "its first full
year") does not make a figure partial, and a figure that sizes a thing ("the 800 MW solar park")
is that thing's size in the unit's measure. Hand-written notes about invented things."""

from citations.selection import select
from tests.helpers import evidence_note


def disputed(notes, question):
    out = select(question=question, outline=[{"heading": "S", "purpose": question}], notes=notes)
    return [sorted((v["value"], v["date"]) for v in d["values"]) for d in out["disagreements"]]


def test_a_plants_second_phase_is_not_a_part_of_the_year():
    notes = [
        evidence_note(
            1,
            "Marrowfield Chemicals has opened the second phase of its Tarsk plant, which raises the plant's "
            "capacity to 90,000 tonnes of cathode material a year.",
            "marrowfield.example",
            "2025-05-02",
        ),
        evidence_note(
            2,
            "Marrowfield Chemicals' plant in Tarsk has a capacity of 80,000 tonnes a year and supplies Orlo Cells.",
            "brightline-research.example",
            "2024-09-30",
        ),
    ]
    assert disputed(notes, "What is the capacity of the Tarsk plant?") == [
        [("80,000 tonnes", "2024-09-30"), ("90,000 tonnes", "2025-05-02")]
    ]


def test_a_first_full_year_is_the_whole_year():
    notes = [
        evidence_note(
            1,
            "In 2025, its first full year of operation, Larkspur Bank reached a capacity factor of 46%.",
            "larkspur-energy.example",
            "2026-02-03",
        ),
        evidence_note(
            2,
            "We estimate that Larkspur Bank reached a capacity factor of about 42% in 2025.",
            "gridwatch-analytics.example",
            "2026-01-12",
        ),
    ]
    assert disputed(notes, "What capacity factor did Larkspur Bank reach in 2025?") == [
        [("42%", "2026-01-12"), ("46%", "2026-02-03")]
    ]


def test_a_figure_that_sizes_a_thing_disputes_the_figure_that_names_its_measure():
    notes = [
        evidence_note(
            1,
            "Building work has started at Eddery Flats, the 800 MW solar park that Quillon Power is developing.",
            "sunfield-review.example",
            "2023-04-11",
        ),
        evidence_note(
            2,
            "With all panels connected, Eddery Flats has a capacity of 840 MW.",
            "quillon-power.example",
            "2025-10-01",
        ),
    ]
    out = select(
        question="What is the capacity of Eddery Flats?", outline=[{"heading": "S", "purpose": "capacity"}], notes=notes
    )
    [d] = out["disagreements"]
    assert sorted((v["value"], v["date"]) for v in d["values"]) == [("800 MW", "2023-04-11"), ("840 MW", "2025-10-01")]
    assert d["sentence"].startswith("Sources disagree on capacity for Eddery Flats:")


def test_a_figure_named_as_a_figure_or_sizing_a_broader_subject_is_not_compared():
    notes = [
        evidence_note(1, "Quillon Power has not confirmed the 50 MW figure.", "sunfield-review.example", "2024-02-01"),
        evidence_note(
            2, "Building work has started at the 45 MW solar park of Quillon Power.", "sunfield.example", "2024-03-01"
        ),
        evidence_note(
            3, "The Arden plant of Quillon Power has a capacity of 52 MW.", "quillon-power.example", "2025-01-15"
        ),
        evidence_note(
            4, "The Brisk plant of Quillon Power has a capacity of 48 MW.", "quillon-power.example", "2025-01-15"
        ),
    ]
    assert disputed(notes, "What capacity do the plants of Quillon Power have?") == []


def test_shipped_and_delivered_name_one_measure():
    notes = [
        evidence_note(
            1,
            "Pellbrook Polymers delivered 61,000 tonnes of resin in 2025, up from 55,000 tonnes in 2024.",
            "pellbrook-polymers.example",
            "2026-02-10",
        ),
        evidence_note(
            2,
            "Pellbrook Polymers is on track to ship about 66,000 tonnes of resin in 2025, according to an estimate.",
            "polymer-ledger.example",
            "2025-11-20",
        ),
    ]
    assert disputed(notes, "How much resin did Pellbrook Polymers deliver in 2025?") == [
        [("61,000 tonnes", "2026-02-10"), ("66,000 tonnes", "2025-11-20")]
    ]


def test_what_a_plant_can_make_is_not_what_it_shipped():
    notes = [
        evidence_note(
            1,
            "Pellbrook Polymers shipped 61,000 tonnes of resin from its Odra plant in 2025.",
            "pellbrook-polymers.example",
            "2026-02-10",
        ),
        evidence_note(
            2,
            "The Odra plant of Pellbrook Polymers has a capacity of 70,000 tonnes of resin in 2025.",
            "polymer-ledger.example",
            "2025-11-20",
        ),
    ]
    assert disputed(notes, "How much resin did Pellbrook Polymers ship in 2025?") == []


def titled(i, text, domain, published, title, subquestion):
    n = evidence_note(i, text, domain, published)
    n.title, n.subquestion = title, subquestion
    return n


def test_a_figure_naming_nothing_is_about_the_asked_thing_its_pages_title_names():
    asked = "How much will the Tollan Reach solar park cost?"
    notes = [
        titled(
            1,
            "The project will cost 2.3 billion euros, including the grid connection and the storage hall.",
            "harwick-energy.example",
            "2025-05-12",
            "Tollan Reach reaches financial close",
            asked,
        ),
        titled(
            2,
            "Tollan Reach, the solar park Harwick Energy plans on the Vell plateau, is expected to cost about "
            "2.0 billion euros, people familiar with the project said.",
            "valley-courier.example",
            "2024-02-03",
            "Tollan Reach could cost 2 billion euros",
            asked,
        ),
    ]
    assert disputed(notes, asked) == [[("2.0 billion euros", "2024-02-03"), ("2.3 billion euros", "2025-05-12")]]


def test_a_title_naming_nothing_asked_gives_no_subject():
    asked = "How much will the Tollan Reach solar park cost?"
    notes = [
        titled(
            1,
            "The project will cost 2.3 billion euros, including the grid connection and the storage hall.",
            "harwick-energy.example",
            "2025-05-12",
            "Harwick Energy news",
            asked,
        ),
        titled(
            2,
            "Tollan Reach, the solar park Harwick Energy plans on the Vell plateau, is expected to cost about "
            "2.0 billion euros, people familiar with the project said.",
            "valley-courier.example",
            "2024-02-03",
            "Tollan Reach could cost 2 billion euros",
            asked,
        ),
    ]
    assert disputed(notes, asked) == []


def test_a_yearly_rate_is_not_one_years_total():
    # What a plant can make a year (no year named) against what the company shipped in a named
    # year: two quantities, however close; two rates, or two totals of one year, are one.
    notes = [
        evidence_note(
            1,
            "Marrowfield Chemicals delivered 48,000 tonnes of cathode material in 2025, up from 41,000 tonnes in 2024.",
            "marrowfield.example",
            "2026-02-24",
        ),
        evidence_note(
            2,
            "Marrowfield Chemicals, based in Lund, runs the largest cathode plant in the region in Tarsk, with "
            "60,000 tonnes of cathode material a year.",
            "brightline-research.example",
            "2025-09-30",
        ),
    ]
    assert disputed(notes, "How much cathode material does Marrowfield Chemicals make?") == []
    notes.append(
        evidence_note(
            3,
            "Marrowfield Chemicals shipped about 52,000 tonnes of cathode material in 2025.",
            "cell-ledger.example",
            "2025-12-01",
        )
    )
    assert disputed(notes, "How much cathode material does Marrowfield Chemicals make?") == [
        [("48,000 tonnes", "2026-02-24"), ("52,000 tonnes", "2025-12-01")]
    ]


def test_an_approved_budget_and_a_later_cost_estimate_are_one_amount():
    notes = [
        evidence_note(
            1,
            "For Harrowgate Weir, the board approved a budget of 320 million euros.",
            "tessel-water.example",
            "2023-04-11",
        ),
        evidence_note(
            2,
            "Harrowgate Weir's cost has risen to 385 million euros in the regulator's review.",
            "dunmore-analytics.example",
            "2026-01-20",
        ),
    ]
    assert disputed(notes, "What will Harrowgate Weir cost?") == [
        [("320 million euros", "2023-04-11"), ("385 million euros", "2026-01-20")]
    ]
