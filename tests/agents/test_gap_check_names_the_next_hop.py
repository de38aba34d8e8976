"""Round two uses what round one found: the gap check finds in the key notes what a hop was
looking for and asks the next hops with that name. It also says, in words that complete "The
sources found do not state …", what the evidence does not answer."""

import pytest

from agents import gap_check, prompts
from agents import questions as qtext
from agents.engine import gap
from agents.engine import question as qshape
from agents.llm import complete_json
from tests.fakes import scripted_model
from tests.helpers import offline_gap_decision

QUESTION = (
    "In which country is the largest plant of the company that supplies LFP cells to the largest electric car "
    "maker of 2025?"
)
OUTLINE = [
    {"heading": "Answer", "purpose": "The country."},
    {"heading": "How the answer was found", "purpose": "Links."},
]


def _sq(text, hop, notes, section="How the answer was found", status="done"):
    return {
        "text": text,
        "section": section,
        "status": status,
        "summary": f"{len(notes)} notes",
        "not_found": [],
        "key_notes": notes,
        "hop": hop,
        "round": 1,
    }


def _decide(subquestions, question=QUESTION):
    return offline_gap_decision(question, OUTLINE, subquestions)


ROUND_ONE = [
    _sq(
        "Which electric car maker was the largest in 2025?",
        1,
        [
            "Global Auto Wire ranks the makers by deliveries every January.",
            "Voltara Motors was the largest electric car maker by 2025 deliveries.",
            "The Debrecen plant of Quanta Battery Company is the largest LFP plant in the registry.",
        ],
    ),
    _sq(
        "Which company supplies LFP cells to the largest electric car maker of 2025?",
        2,
        [
            "Pellucid Cars has bought LFP cells from Verdant Cell Technologies since 2021.",
            "Voltara Motors: Helion Cells (NMC) and Quanta Battery Company (LFP).",
        ],
    ),
    _sq(
        "In which country is the largest plant of the LFP cell supplier of the largest electric car maker of 2025?",
        3,
        ["Granite Cell Industries was founded in 1998 in Cleveland, Ohio."],
        section="Answer",
    ),
]


def test_the_next_hop_is_asked_with_the_names_round_one_found():
    out = _decide(ROUND_ONE)
    assert out["enough"] is False
    assert out["new_subquestions"] == [
        {"text": "In which country is the largest plant of Quanta Battery Company?", "section": "Answer", "hop": 3}
    ]
    assert "Voltara Motors" in out["reason"] and "Quanta Battery Company" in out["reason"]


def test_when_only_the_first_hop_is_found_the_two_remaining_hops_are_asked_with_it():
    first_only = [
        ROUND_ONE[0],
        _sq(ROUND_ONE[1]["text"], 2, ["Most carmakers buy cells from two suppliers."]),
        ROUND_ONE[2],
    ]
    out = _decide(first_only)
    assert [(s["text"], s["hop"]) for s in out["new_subquestions"]] == [
        ("Which company supplies LFP cells to Voltara Motors?", 2),
        ("In which country is the largest plant of the company that supplies LFP cells to Voltara Motors?", 3),
    ]


def test_a_rank_no_note_states_is_read_from_the_figures():
    question = (
        "Which company supplies the NMC cells for the electric car maker with the second-highest 2025 deliveries?"
    )
    notes = [
        "In 2025 Voltara Motors delivered 1.82 million cars, Kestrel Automotive 1.41 million and Norvik Electric "
        "1.13 million."
    ]
    round_one = [_sq("Which electric car maker had the second-highest 2025 deliveries?", 1, notes)]
    out = _decide(
        round_one + [_sq("Which company supplies the NMC cells for each electric car maker?", 2, [])], question
    )
    assert any("Kestrel Automotive" in s["text"] and s["hop"] == 2 for s in out["new_subquestions"]), out


def test_a_name_the_sources_rank_elsewhere_is_not_taken_for_the_first_and_behind_names_the_ones_ahead():
    question = "Which company supplies LFP cells to the largest electric car maker of 2025?"
    notes = [
        "Orvane Cars was the sixth-largest electric car maker by 2025 deliveries.",
        "Orvane Cars delivered 780,000 vehicles in 2024 and 690,000 vehicles in 2025.",
        "Pellan Motors delivered 612,000 vehicles in 2025.",
        "Tessaro Auto delivered 540,000 vehicles in 2025.",
        "Pellan Motors will remain the third-largest electric car maker of 2025, behind Quillon Motors and "
        "Brask Automotive.",
    ]
    round_one = [
        _sq("Which electric car maker was the largest in 2025?", 1, notes),
        _sq("Which company supplies LFP cells to each electric car maker?", 2, []),
    ]
    out = _decide(round_one, question)
    asked = " ".join(s["text"] for s in out["new_subquestions"])
    assert "Quillon Motors" in asked and "Orvane" not in asked, out
    # Without the sentence that names the ones ahead, the sixth-largest is still not the largest.
    out = _decide([_sq(round_one[0]["text"], 1, notes[:4]), round_one[1]], question)
    assert "Orvane" not in " ".join(s["text"] for s in out["new_subquestions"]), out


def test_a_table_rows_column_labels_are_not_names():
    row = "Mills by output, 2025 — Operator: Brisco Steel; Site: Tarrow; Annual output (kt): 900; Total: 1,400."
    # (and the caption's lone first word, "Mills", is its first word, not a name)
    assert gap._candidates(row, set()) == ["Brisco Steel", "Tarrow"]
    # Outside a table row a name before a colon is a name.
    assert gap._candidates("Orvane Motors: cells from Brisco Steel.", set()) == ["Orvane Motors", "Brisco Steel"]
    # A cell's capitalised first word is no name ("Full year 2025"); a one-word name in a cell is.
    row = "Brisco Steel output, 2025 — Period: Full year 2025; Mill: Tarrow; Output (kt): 900."
    assert sorted(gap._candidates(row, set())) == ["Brisco Steel", "Tarrow"]


def test_a_ranking_tables_row_states_the_rank_of_the_name_in_the_ranked_column():
    question = "Which tractor maker ranked third by 2025 sales, and which company supplies its engines?"
    # Each row also names a country with a figure after it; only the rank column says who is third.
    notes = [
        "Tractor makers ranked by 2025 sales — Rank: 1; Maker: Harlow Machines; Headquarters: Derby, England; "
        "2025 sales: 210,000.",
        "Tractor makers ranked by 2025 sales — Rank: 2; Maker: Brennig Agri; Headquarters: Cork, Ireland; "
        "2025 sales: 190,000.",
        "Tractor makers ranked by 2025 sales — Rank: 3; Maker: Ostvald Traktor; Headquarters: Umea, Sweden; "
        "2025 sales: 150,000.",
        "Tractor makers ranked by 2024 sales — Rank: 3; Maker: Caldera Farmtech; Headquarters: Lyon, France; "
        "2024 sales: 160,000.",
    ]
    round_one = [
        _sq("Which tractor maker ranked third by 2025 sales?", 1, notes),
        _sq("Which company supplies the engines of each tractor maker?", 2, []),
    ]
    out = _decide(round_one, question)
    asked = " ".join(s["text"] for s in out["new_subquestions"])
    assert "Ostvald Traktor" in asked and "Caldera" not in asked and "Sweden" not in asked, out


def test_a_trailing_acronym_in_a_table_cell_is_no_part_of_the_name():
    question = "In which country is the largest plant of the company that supplies LFP cells to Orvane Motors?"
    notes = [
        "Cell suppliers of Orvane Motors, 2025 — Maker: Orvane Motors; Cell suppliers and share of cells: "
        "Brisco Cell Works NMC 55%; Tarrow Battery Company LFP 45%.",
        "Orvane Motors buys its cells from two suppliers.",
    ]
    round_one = [_sq("Which company supplies LFP cells to Orvane Motors?", 1, notes)]
    out = _decide(round_one, question)
    asked = " ".join(s["text"] for s in out["new_subquestions"])
    assert "Tarrow Battery Company?" in asked and "Brisco" not in asked, out
    assert gap._candidates("Supply — Maker: Orvane Motors; Cells: Tarrow Battery Company LFP 45%.", set()) == [
        "Orvane Motors",
        "Tarrow Battery Company",
    ]


def test_a_set_in_the_chain_is_never_replaced_by_one_name():
    question = (
        "Which of the five largest electric car makers delivered fewer vehicles in 2025 than in 2024, and "
        "which battery supplier has supplied it the longest?"
    )
    notes = [
        "Pellan Motors will remain the third-largest electric car maker of 2025, behind Quillon Motors and "
        "Brask Automotive.",
        "Quillon Motors was the largest electric car maker by 2025 deliveries.",
    ]
    round_one = [
        _sq("Which electric car makers are the five largest?", 1, notes),
        _sq("Which of the five largest electric car makers delivered fewer vehicles in 2025 than in 2024?", 2, []),
    ]
    out = _decide(round_one, question)
    asked = " ".join(s["text"] for s in out["new_subquestions"])
    assert "Which of Quillon Motors" not in asked and "Which of Pellan Motors" not in asked, out
    assert not any("five largest" in u for u in out["unanswered"]), out


SET_QUESTION = (
    "Which of the four largest tractor makers has signed a hydrogen engine agreement, and in which city is its "
    "hydrogen partner headquartered?"
)
SET_NOTES = [
    "The four largest tractor makers by 2025 sales are Harlow Machines, Brennig Agri, Ostvald Traktor and "
    "Caldera Farmtech.",
    "Brennig Agri has signed a hydrogen engine agreement with Zephyrin Power, the start-up from Lund.",
    "Zephyrin Power signed a hydrogen engine agreement with Brennig Agri in March 2025.",
    "Harlow Machines builds tractors in Derby.",
]


def test_a_link_that_picks_one_member_of_a_set_is_resolved_among_the_members_the_notes_list():
    # The partner shares every sentence with the member, but it is not one of the four listed.
    round_one = [
        _sq("Which tractor makers are the four largest?", 1, SET_NOTES[:1]),
        _sq("Which of the four largest tractor makers has signed a hydrogen engine agreement?", 2, SET_NOTES[1:]),
    ]
    out = _decide(round_one, SET_QUESTION)
    asked = [s["text"] for s in out["new_subquestions"]]
    assert "In which city is Brennig Agri's hydrogen partner headquartered?" in asked, out
    assert not any("Zephyrin Power" in a for a in asked), out


def test_a_comparison_of_two_figures_is_never_resolved_from_names_that_share_its_words():
    question = (
        "Which of the four largest tractor makers sold fewer tractors in 2025 than in 2024, and which engine "
        "supplier has supplied it the longest?"
    )
    notes = SET_NOTES[:1] + ["Ostvald Traktor sold 41,000 tractors in 2024.", "Harlow Machines sold tractors in 2025."]
    round_one = [
        _sq("Which tractor makers are the four largest?", 1, notes[:1]),
        _sq("Which of the four largest tractor makers sold fewer tractors in 2025 than in 2024?", 2, notes[1:]),
    ]
    out = _decide(round_one, question)
    assert not any(
        name in s["text"] for s in out["new_subquestions"] for name in ("Ostvald", "Harlow", "Brennig", "Caldera")
    ), out


def test_an_unresolved_first_hop_says_what_the_sources_do_not_state():
    nothing = [
        _sq(s["text"], s["hop"], ["Charging networks in Spain grew by 20% last year."], s["section"]) for s in ROUND_ONE
    ]
    out = _decide(nothing)
    assert out["enough"] is True and out["new_subquestions"] == []
    assert out["unanswered"] == ["which electric car maker was the largest in 2025"]


def test_other_domains_resolve_the_same_way():
    question = "Who maintains the database engine that powers the most popular open-source content management system?"
    round_one = [
        _sq(
            "Which open-source content management system is the most popular?",
            1,
            [
                "WordPress is the most popular open-source content management system, used by 43% of websites.",
                "Drupal and Joomla follow far behind.",
            ],
        ),
        _sq(
            "Which database engine powers each open-source content management system?",
            2,
            ["Most content management systems store their pages in a relational database."],
        ),
    ]
    out = _decide(round_one, question)
    assert [(s["text"], s["hop"]) for s in out["new_subquestions"]] == [
        ("Which database engine powers WordPress?", 2),
        ("Who maintains the database engine that powers WordPress?", 3),
    ]


def test_a_hosted_gap_check_that_echoes_the_question_loses_that_subquestion(settings, db):
    decision = {
        "enough": False,
        "reason": "Need the plant.",
        "unanswered": ["The sources found do not state the CEO."],
        "new_subquestions": [
            {"text": QUESTION, "section": "Answer", "hop": 3},
            {"text": "Which company supplies LFP cells to Voltara Motors?", "section": "Nowhere", "hop": 2},
        ],
    }
    with scripted_model(settings, gap_decision=[decision]) as fake:
        out = gap_check.check_gaps(question=QUESTION, outline=OUTLINE, subquestions=ROUND_ONE, other_findings=[])
    assert out["new_subquestions"] == [
        {"text": "Which company supplies LFP cells to Voltara Motors?", "section": "How the answer was found", "hop": 2}
    ]
    assert out["unanswered"] == ["the CEO"]
    seen = fake.calls[0][1][1]["content"]
    assert 'hop="2" round="1"' in seen and "Voltara Motors: Helion Cells (NMC)" in seen
    assert "`unanswered`" in fake.calls[0][1][0]["content"]


@pytest.mark.parametrize(
    "subquestion, clause",
    [
        ("Which company supplies NMC cells to Norvik Electric?", "which company supplies NMC cells to Norvik Electric"),
        ("How many vehicles did Voltara Motors deliver in 2025?", "how many vehicles Voltara Motors delivered in 2025"),
        (
            "What is the capacity of the Helion Cells plant in Szeged?",
            "what the capacity of the Helion Cells plant in Szeged is",
        ),
        ("Does Rust guarantee memory safety?", "whether Rust guarantees memory safety"),
        ("Why do antibiotics not work against viruses?", "why antibiotics do not work against viruses"),
        (
            "Where is Corvane Materials headquartered, and where is its largest plant?",
            "where Corvane Materials is headquartered",
        ),
        ("When was Python 3.0 released?", "when Python 3.0 was released"),
        # a participle before its noun is an adjective, not the verb
        (
            "What is the rated power of the Ostwind KX-18 turbine?",
            "what the rated power of the Ostwind KX-18 turbine is",
        ),
        ("Where is the largest plant of Helion Cells located?", "where the largest plant of Helion Cells is located"),
        # a possessive name opens a longer subject
        (
            "How many turbines will Pellan Energie's second offshore wind farm have?",
            "how many turbines Pellan Energie's second offshore wind farm will have",
        ),
        ("When did Orvane's largest plant open?", "when Orvane's largest plant opened"),
    ],
)
def test_an_absence_reads_as_the_end_of_the_sources_found_do_not_state(subquestion, clause):
    assert qtext.absence_clause(subquestion) == clause


def _row(text, hop, notes, round_no=1):
    return {
        "text": text,
        "hop": hop,
        "round": round_no,
        "status": "done",
        "notes": notes,
        "not_found": [] if notes else [text],
    }


def test_unanswered_parts_name_the_final_answer_first_then_the_broken_link():
    rows = [
        _row("Which electric car maker was the largest in 2025?", 1, 3),
        _row("Which company supplies LFP cells to the largest electric car maker of 2025?", 2, 0),
        _row("Which company supplies LFP cells to Voltara Motors?", 2, 0, round_no=2),
        _row("In which country is the largest plant of the LFP cell supplier of Voltara Motors?", 3, 0, round_no=2),
    ]
    assert gap_check.unanswered_parts(question=QUESTION, subquestions=rows) == [
        "in which country the largest plant of the LFP cell supplier of Voltara Motors is",
        "which company supplies LFP cells to Voltara Motors",
    ]
    answered = rows[:3] + [_row(rows[3]["text"], 3, 2, round_no=2)]
    assert gap_check.unanswered_parts(question=QUESTION, subquestions=answered) == []


def test_without_a_chain_only_a_search_that_found_nothing_at_all_is_unanswered():
    rows = [_row("Which evidence says Rust guarantees memory safety?", 0, 0), _row("What is Rust?", 0, 0)]
    assert gap_check.unanswered_parts(question="Does Rust guarantee memory safety?", subquestions=rows) == [
        "whether Rust guarantees memory safety"
    ]
    rows[1]["notes"] = 4
    assert gap_check.unanswered_parts(
        question="Does Rust guarantee memory safety?", subquestions=rows, gap_unanswered=["Which version first did so?"]
    ) == ["which version first did so"]


def test_the_gap_check_schema_takes_hops_and_unanswered(settings, db):
    decision = {"enough": True, "reason": "All found.", "new_subquestions": [], "unanswered": []}
    with scripted_model(settings, gap_decision=[decision]):
        reply = complete_json(
            prompts.render(
                "gap_check",
                question=QUESTION,
                outline=OUTLINE,
                subquestions=ROUND_ONE,
                other_findings=[],
                max_new=2,
                max_hop=3,
            )
        )
    assert reply.data == decision


def test_the_largest_thing_of_a_found_owner_is_read_from_the_sentences_that_name_the_owner():
    # "the largest factory of {U1}" ranks the owner's own factories; another company's largest
    # factory (Holmen Steel's, in Aalborg) is not it, and the chain goes on to the link after.
    question = (
        "In which city is the company headquartered that supplies steel to the largest factory of the gearbox "
        "supplier of Orrin Wind?"
    )
    sentences = [
        (1, "Tarvik Gears is the gearbox supplier of Orrin Wind."),
        (2, "The largest factory of Holmen Steel is in Aalborg."),
        (2, "That makes Brask the largest factory of Tarvik Gears, ahead of Lunde in Norway."),
        (3, "Velten Steelworks supplies steel to the Brask factory of Tarvik Gears."),
        (3, "Holmen Steel supplies steel to shipyards."),
    ]
    assert gap.named_asks(question, sentences) == ["In which city is Velten Steelworks headquartered"]


def test_a_link_asked_by_a_takers_verb_is_answered_by_the_taker_not_the_maker():
    # "the maker that buys the cells produced at …": the plant's operator shares more of the
    # link's words ("produces cells … plant"), but a sentence that makes cells *for* a company
    # names the buyer.
    question = (
        "Which maker buys the cells produced at the Tarnow plant, and in which towns does that maker assemble its cars?"
    )
    sentences = [
        (1, "In Tarnow, Poland, Okada Cell Works produces cells in a plant rated at 12 GWh per year."),
        (1, "The Tarnow plant of Okada Cell Works produces pouch cells."),
        (1, "Okada Cell Works makes pouch cells for Brightline Motors at its plant in Tarnow."),
    ]
    assert gap.resolve_chain(qshape.parse(question), question, sentences) == {"U1": "Brightline Motors"}


@pytest.mark.parametrize(
    "sentence, name, side",
    [
        ("Okada Cell Works makes pouch cells for Brightline Motors.", "Okada Cell Works", "giver"),
        ("Okada Cell Works makes pouch cells for Brightline Motors.", "Brightline Motors", "taker"),
        ("Brightline Motors buys cells from Okada Cell Works.", "Okada Cell Works", "giver"),
        ("Brightline Motors also buys cells from Okada Cell Works.", "Brightline Motors", "taker"),
        ("The plant supplies cells to the carmaker Brightline Motors.", "Brightline Motors", "taker"),
        ("Brightline Motors is based in Lyon.", "Brightline Motors", ""),
    ],
)
def test_a_sentence_gives_a_name_its_side_of_a_supply(sentence, name, side):
    assert gap._side_in(sentence, name) == side


def test_the_side_a_link_asks_for_is_read_from_its_verb():
    assert gap._asked_side("the maker that buys the cells produced at the Tarnow plant") == "taker"
    assert gap._asked_side("the company that supplies the cathode material for {U1}") == "giver"
    assert gap._asked_side("the largest plant of {U1}") == ""


def test_the_line_that_carried_the_most_is_a_line_not_the_operator_whose_total_is_larger():
    question = "Who is the chief executive of the company that built the trains for the line that carried the most passengers in 2025?"
    notes = [
        "Kelby Rail carried 9.9 million passenger journeys in 2025, more than any other regional operator.",
        "The Harrow Line, in its first full year, was our busiest line with 6.8 million journeys.",
        "The Selby Coast Line carried 3.1 million in 2025.",
    ]
    out = _decide(
        [
            _sq("Which line carried the most passengers in 2025?", 1, notes),
            _sq("Which company built the trains for the line that carried the most passengers in 2025?", 2, []),
        ],
        question,
    )
    assert any("Harrow Line" in s["text"] for s in out["new_subquestions"]), out
    assert not any("Kelby Rail" in s["text"] for s in out["new_subquestions"]), out


@pytest.mark.parametrize(
    "phrase, ranks",
    [
        ("the line that carried the most passengers in 2025", True),
        ("the port that handled the fewest containers", True),
        ("the factory where Kaiyo makes most of the cells for Norvik", False),
        ("the wind farm that has ordered the most powerful turbines", False),
    ],
)
def test_a_relative_clause_ranks_its_head_only_by_a_count_of_its_own(phrase, ranks):
    assert bool(gap._QUANTITY_RANK_RE.search(phrase)) is ranks
