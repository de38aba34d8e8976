"""The answer metrics of manage.py eval, on hand-built reports (no model, no database)."""

from jobs import evaluation as ev

ENTITIES = [
    {"name": "Orla Tide Power", "aliases": ["Orla Tide"], "kind": "developer"},
    {"name": "Brenning Turbines", "aliases": ["Brenning"], "kind": "turbine maker"},
    {"name": "Castellan Cables", "aliases": [], "kind": "cable maker"},
    {"name": "Veyra Offshore", "aliases": [], "kind": "developer"},
]
TRUTH = ev.GroundTruth(
    entities=ENTITIES,
    false_claims=[
        {
            "id": "farm-capacity",
            "claim": "Brenning's Kessel plant makes 900 nacelles a year (false: 450)",
            "must_contain": ["Kessel", "900 nacelles"],
            "true_value": "450 nacelles",
            "sources": ["Wind Facts Now", "windfactsnow.example"],
        },
    ],
)


def question(**kw) -> ev.Question:
    base = {
        "id": "t1",
        "question": "Which company makes the turbines for Orla Tide Power's largest wind farm?",
        "key_points": ["Brenning Turbines supplies 15 MW turbines to Orla Tide Power"],
        "known_answer": "Brenning Turbines",
    }
    return ev.Question(**{**base, **kw})


def metrics(q, sentences, report=None, quotes=None, notes=()):
    cited = [(s, (quotes or {}).get(s, [])) for s in sentences]
    found, _ = ev.answer_metrics(q, report or {}, cited, list(notes), TRUTH)
    return found


# --- known answer within the first five sentences ------------------------------------------
def test_an_answer_in_the_sixth_sentence_is_correct_but_not_early():
    filler = [f"Orla Tide Power built wind farm number {i}." for i in range(5)]
    late = filler + ["Brenning Turbines makes the turbines."]
    assert ev.answer_early("Brenning Turbines", late) == 0.0
    assert ev.answer_early("Brenning Turbines", late[1:]) == 1.0
    assert ev.answer_early(None, late) is None


def test_every_part_of_a_multi_part_answer_must_be_early():
    sentences = ["Brenning Turbines supplies the turbines."] + ["Filler about wind."] * 5 + ["Its plant is in Kessel."]
    assert ev.answer_early("Brenning Turbines; Kessel", sentences) == 0.0


# --- honest absence ----------------------------------------------------------------------------
def test_an_unanswerable_question_needs_the_opening_to_say_the_sources_do_not_hold_it():
    q = question(answerable=False, known_answer=None)
    assert ev.absence_stated(q, ["The sources found do not state the price.", "Other text."]) == 1.0
    assert (
        ev.absence_stated(q, ["Orla Tide Power pays 12 million euros.", "Other.", "No source gives the price."]) == 0.0
    )
    assert ev.absence_stated(question(), ["The sources do not state it."]) is None


# --- false claims --------------------------------------------------------------------------------
def test_a_false_figure_stated_as_fact_counts_once_per_sentence():
    found = metrics(
        question(),
        [
            "Brenning's Kessel plant makes 900 nacelles a year.",
            "The Kessel factory can build 900 nacelles per year, a record.",
            "Brenning Turbines supplies Orla Tide Power.",
        ],
    )
    assert found["false_claims"] == 2 and found["false_claim_reports"] == 1.0


def test_a_false_figure_attributed_hedged_or_corrected_is_not_a_false_claim():
    found = metrics(
        question(),
        [
            "Wind Facts Now says the Kessel plant makes 900 nacelles a year.",
            "One site claims the Kessel plant makes 900 nacelles.",
            "The Kessel plant makes 450 nacelles a year, not 900 nacelles.",
        ],
    )
    assert found["false_claims"] == 0 and found["false_claim_reports"] == 0.0


def test_question_level_false_claims_are_checked_with_the_corpus_ones():
    q = question(false_claims=[{"id": "q-own", "must_contain": ["Castellan Cables", "2009"], "true_value": "2014"}])
    found = metrics(q, ["Castellan Cables was founded in 2009."])
    assert found["false_claims"] == 1


def test_a_figure_with_another_unit_is_not_the_false_value():
    assert not ev.states_false_claim(TRUTH.false_claims[0], "The Kessel plant employs 900 people.")


# --- off topic -------------------------------------------------------------------------------------
def test_sentences_about_an_entity_outside_the_question_or_on_another_subject_are_off_topic():
    q = question(topic_terms=["turbines", "wind farm"])
    sentences = [
        "Brenning Turbines supplies 15 MW turbines to Orla Tide Power.",  # on topic
        "Veyra Offshore ordered turbines for its own project.",  # another developer
        "Castellan Cables laid the export cable for Orla Tide Power.",  # subject outside the question
        "Orla Tide Power sponsors a sailing regatta every summer.",  # in scope, other subject
        "Orla Tide Power's largest wind farm uses Brenning turbines, not Veyra Offshore ones.",  # subject in scope
    ]
    off = ev.off_topic_sentences(q, sentences, ENTITIES)
    assert off == sentences[1:4]
    assert metrics(q, sentences)["off_topic_share"] == 3 / 5


def test_without_known_entities_only_the_vocabulary_rule_applies():
    q = question()
    off = ev.off_topic_sentences(q, ["Veyra Offshore ordered turbines.", "The regatta starts at noon."], [])
    assert off == ["The regatta starts at noon."]


# --- disagreements ---------------------------------------------------------------------------------
DISAGREEMENT = {
    "id": "orla-capacity",
    "subject": "Orla Tide Power",
    "values": [
        {"value": "1.2 GW", "date": "2026-02-03", "source": "company"},
        {"value": "1.1 GW", "date": "2025-09-14", "source": "trade press"},
        {"value": "1.2 GW", "date": "2026-03-01", "source": "regulator"},
    ],
}


def test_a_disagreement_is_stated_when_one_sentence_gives_both_values_with_dates():
    q = question(disagreements=[DISAGREEMENT])
    both = (
        "Sources disagree: Orla Tide Power gave 1.2 GW on 3 February 2026, "
        "while a trade journal reported 1.1 GW in September 2025."
    )
    assert metrics(q, [both])["disagreements_stated"] == 1.0


def test_values_ten_lines_apart_or_without_the_older_date_do_not_count():
    q = question(disagreements=[DISAGREEMENT])
    apart = (
        ["Orla Tide Power has 1.2 GW (3 February 2026)."]
        + ["Filler."] * 9
        + ["A trade journal said 1.1 GW in September 2025."]
    )
    undated = ["Orla Tide Power has 1.2 GW (2026-02-03), although another source says 1.1 GW."]
    assert metrics(q, apart)["disagreements_stated"] == 0.0
    assert metrics(q, undated)["disagreements_stated"] == 0.0


def test_the_report_json_disagreements_list_counts_as_one_place():
    q = question(disagreements=[DISAGREEMENT])
    report = {
        "disagreements": [
            {
                "subject": "Orla Tide Power",
                "attribute": "capacity",
                "values": [
                    {"value": "1.2 GW", "source": "orla-tide.example", "date": "2026-02-03"},
                    {"value": "1.1 GW", "source": "windtrade.example", "date": "2025-09-14"},
                ],
            }
        ]
    }
    assert metrics(q, ["Orla Tide Power has 1.2 GW."], report=report)["disagreements_stated"] == 1.0
    assert metrics(question(), ["x"])["disagreements_stated"] is None


# --- table-only facts -------------------------------------------------------------------------------
TABLE_FACT = {
    "id": "kessel-nacelles",
    "statement": "The Kessel plant makes 450 nacelles a year",
    "value": "450",
    "anchors": ["Kessel"],
    "url": "https://brenning.example/plants",
}


def test_table_facts_are_reached_when_a_note_quotes_the_row_and_stated_when_a_sentence_does():
    q = question(table_facts=[TABLE_FACT, {**TABLE_FACT, "id": "other", "value": "120", "anchors": ["Lorvik"]}])
    found = metrics(
        q,
        ["Brenning Turbines builds 450 nacelles a year in Kessel."],
        notes=["Plant: Kessel | Nacelles per year: 450 | Opened: 2019", "Lorvik is a port."],
    )
    assert found["table_facts_noted"] == 0.5 and found["table_facts_stated"] == 0.5


def test_a_value_without_its_row_is_not_the_table_fact():
    q = question(table_facts=[TABLE_FACT])
    found = metrics(q, ["Brenning Turbines builds 450 towers a year."], notes=["450 towers were built."])
    assert found["table_facts_noted"] == 0.0 and found["table_facts_stated"] == 0.0


# --- verbatim copies ------------------------------------------------------------------------------------
def test_a_sentence_that_is_its_quote_up_to_case_spacing_and_final_stop_is_a_verbatim_copy():
    quotes = {
        "Brenning Turbines supplies Orla Tide Power.": ["brenning turbines  supplies Orla Tide Power"],
        "Orla Tide Power buys turbines from Brenning Turbines (15 MW).": ["Brenning Turbines supplies 15 MW turbines."],
        "Uncited sentence.": [],
    }
    found = metrics(question(), list(quotes), quotes=quotes)
    assert found["verbatim_copy_share"] == 0.5


# --- template plans -----------------------------------------------------------------------------------------
def test_a_sub_question_that_quotes_the_question_back_is_a_template():
    q = "Which company makes the turbines for Orla Tide Power's largest wind farm?"
    assert ev.quotes_question(f'What background explains the question "{q}"?', q)
    assert not ev.quotes_question("Which is the largest wind farm of Orla Tide Power?", q)
    assert ev.quotes_question("What is known about batteries?", "batteries?") is False
    assert ev.quotes_question('What background explains "Tell me about batteries"?', "Tell me about batteries")
    long = "Compare the battery suppliers of the five largest electric car makers"
    assert not ev.quotes_question("Which are the five largest electric car makers, and what ranks them?", long)
    assert ev.quotes_question("How do the battery suppliers of the five largest electric car makers compare?", long)


def test_a_skeleton_recurring_across_three_questions_is_a_fixed_template_but_not_across_two():
    questions = {
        f"q{i}": f"What is the capacity of plant {name}?" for i, name in enumerate(["Kessel", "Lorvik", "Ardan"])
    }
    plans = {
        f"job-{qid}": (
            (qid, text),
            [
                f"Which sources report different figures for {text[12:-1]}, and when?",
                f"Who operates plant {text.split()[-1][:-1]}?",
            ],
        )
        for qid, text in questions.items()
    }
    flags = ev.template_flags(plans)
    assert all(f == [True, False] for f in flags.values())
    two = dict(list(plans.items())[:2])
    assert all(f == [False, False] for f in ev.template_flags(two).values())


def test_mark_template_plans_fills_the_share_per_row():
    rows = [
        {
            "job_id": "a",
            "question_id": "x",
            "question": "Tell me about wind",
            "plan": ['What background explains the question "Tell me about wind"?', "Which turbines are the largest?"],
        }
    ]
    ev.mark_template_plans(rows)
    assert rows[0]["template_plan_share"] == 0.5
    assert rows[0]["details"]["template_subquestions"] == [
        'What background explains the question "Tell me about wind"?'
    ]


# --- values and dates -------------------------------------------------------------------------------------
def test_values_compare_as_quantities_and_dates_in_common_forms():
    assert ev.value_in("1.82 million", "delivered 1,820,000 vehicles")
    assert not ev.value_in("48 GWh", "48% of the cells")
    assert ev.value_in("Kessel", "the kessel plant") and not ev.value_in("Kessel", "Kesselberg")
    # A unit of two words: the figure is the quantity; another counted noun is not.
    assert ev.value_in("41.2 million cubic metres", "Tessel Water reported 41.2 million on 20 March 2026")
    assert ev.value_in("41.2 million cubic metres", "produced 41,200,000 cubic metres")
    assert not ev.value_in("41.2 million cubic metres", "41.2 million passengers")
    assert all(
        ev.date_in("2026-01-06", t) for t in ["on 6 January 2026", "January 6, 2026", "(2026-01-06)", "Jan. 2026"]
    )
    assert not ev.date_in("2026-01-06", "in March 2026") and not ev.date_in("2025-03-01", "the market 2025")


# --- known answers -------------------------------------------------------------------------------------------
def test_a_known_answer_is_its_figures_and_names_each_of_which_must_be_in_the_report():
    assert ev.answer_parts("Helion Cells (Szeged, 52 GWh) and Quanta Battery Company") == [
        "52 GWh",
        "Helion Cells",
        "Szeged",
        "Quanta Battery Company",
    ]
    assert ev.answer_parts("12 GWh per year from Borealis Power Systems, starting 2027") == [
        "12 GWh",
        "2027",
        "Borealis Power Systems",
    ]
    assert ev.answer_correct("35,000 tonnes", ["The Nysa plant makes 35,000 tonnes a year."]) == 1.0
    assert ev.answer_correct("12,400", ["VoltGrid ran 12,400 fast chargers."]) == 1.0
    assert ev.answer_correct("Sunmark Energy; Ostrava", ["Sunmark Energy supplies the cells."]) == 0.0
    assert ev.answer_correct("48 GWh", ["The plant has 48% of the market."]) == 0.0


def test_the_overall_spread_is_between_whole_repeats_not_between_questions():
    rows = [
        {"run": 0, "known_answer_correct": 1.0},
        {"run": 0, "known_answer_correct": 0.0},
        {"run": 1, "known_answer_correct": 1.0},
        {"run": 1, "known_answer_correct": 1.0},
    ]
    overall = ev.summarise_runs(rows)["all"]
    assert overall["known_answer_correct"] == {"mean": 0.75, "spread": 0.5}
    assert overall["runs"] == 4 and overall["repeats"] == 2
