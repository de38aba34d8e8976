"""Plans that fit the question: the offline planner reads a question's shape (fact, list,
compare, explain, cause, yes/no, count, who, when, where, superlative, time-bounded, outlook,
multi-hop, vague) from its grammar, in any domain, and splits it into sub-questions about its
parts; no sub-question quotes the question back or wraps it in a generic frame."""

import pytest

from agents import questions as qtext
from agents.engine import planner
from agents.engine import question as qshape
from agents.planner import MIN_SUBQUESTIONS, overlapping_pairs

# question, kind, number of things named only by description (the chain), the hops its plan
# must hold, whether the plan must say what a broad question was narrowed to.
SHAPES = [
    # the demo's domain
    ("Compare the battery suppliers of the five largest electric car makers", "compare", 1, {1, 2}, False),
    ("How many vehicles did Voltara Motors deliver in 2025?", "count", 0, {1}, False),
    ("Who is the chief executive of the company that supplies NMC cells to Norvik Electric?", "who", 1, {1, 2}, False),
    (
        "In which country is the largest plant of the company that supplies LFP cells to the largest electric car maker "
        "of 2025?",
        "where",
        2,
        {1, 2, 3},
        False,
    ),
    # medicine
    ("Who discovered the bacterium that causes most stomach ulcers?", "who", 1, {1}, False),
    ("What are the side effects of metformin?", "list", 0, {1}, False),
    ("Is intermittent fasting better than calorie restriction for weight loss?", "compare", 0, {1, 2}, False),
    ("Why do antibiotics not work against viruses?", "cause", 0, {1}, False),
    ("How many people died of measles worldwide in 2023?", "count", 0, set(), False),
    # law
    ("How has EU copyright law changed since 2019?", "trend", 0, {1}, False),
    ("Which court decided the case that established the right to privacy in Canada?", "who", 1, {1}, False),
    ("What are the penalties for data breaches under the GDPR?", "list", 0, {1}, False),
    # software
    ("Compare PostgreSQL and MySQL for write-heavy workloads", "compare", 0, {1, 2}, False),
    ("Compare the pension schemes of the civil servants of Norway and Denmark", "compare", 0, {1, 2}, False),
    ("When was Python 3.0 released?", "when", 0, set(), False),
    ("Does Rust guarantee memory safety?", "yesno", 0, {1}, False),
    (
        "Who maintains the database engine that powers the most popular open-source content management system?",
        "who",
        2,
        {1, 2},
        False,
    ),
    # energy
    ("What is the installed capacity of the largest offshore wind farm in Europe?", "fact", 1, {1}, False),
    ("Which countries produced the most solar panels in 2023?", "superlative", 0, {1}, False),
    ("What is the outlook for sodium-ion batteries in electric cars?", "outlook", 0, {1}, False),
    # history
    ("In which city was the treaty signed that ended the Thirty Years' War?", "where", 1, {1, 2}, False),
    ("Who was the king of France when the Bastille was stormed?", "who", 1, {1}, False),
    ("Why did the Roman Empire fall?", "cause", 0, {1}, False),
    # broad questions
    ("Tell me about batteries", "vague", 0, {1}, True),
    ("Quantum computing", "vague", 0, {1}, True),
    ("Give me an overview of heart disease", "vague", 0, {1}, True),
]
IDS = [q[:40] for q, *_ in SHAPES]


@pytest.mark.parametrize("question, kind, descriptions, hops, narrowed", SHAPES, ids=IDS)
def test_the_question_shape_is_read_from_its_grammar(question, kind, descriptions, hops, narrowed):
    shape = qshape.parse(question)
    assert shape.kind == kind
    assert len(shape.chain) == descriptions, [u.phrase for u in shape.chain]
    assert bool(shape.vague_topic) == narrowed


@pytest.mark.parametrize("depth", ["quick", "deep"])
@pytest.mark.parametrize("question, kind, descriptions, hops, narrowed", SHAPES, ids=IDS)
def test_the_plan_has_the_structure_its_shape_needs(question, kind, descriptions, hops, narrowed, depth):
    plan = planner.plan(question, depth, max_sq=4 if depth == "quick" else 8)
    texts = [s["text"] for s in plan["subquestions"]]
    assert MIN_SUBQUESTIONS <= len(texts) <= (4 if depth == "quick" else 8), texts
    assert hops <= {s["hop"] for s in plan["subquestions"]}, plan["subquestions"]
    assert all(0 <= s["hop"] <= 3 for s in plan["subquestions"])
    assert bool(plan["scope"]) == narrowed
    headings = {o["heading"] for o in plan["outline"]}
    assert all(s["section"] in headings for s in plan["subquestions"])
    assert overlapping_pairs(texts, question) == []


@pytest.mark.parametrize("question, kind, descriptions, hops, narrowed", SHAPES, ids=IDS)
def test_no_subquestion_quotes_the_question_or_is_a_template(question, kind, descriptions, hops, narrowed):
    for depth in ("quick", "deep"):
        for sq in planner.plan(question, depth)["subquestions"]:
            assert not qtext.echoes(sq["text"], question), sq["text"]
            assert not qtext.generic_frame(sq["text"], question), sq["text"]
            if len(question.split()) > 4:  # a broad question's topic is its whole text
                assert question.rstrip("?").lower() not in sq["text"].lower()
            for frame in (
                "background explains",
                "the question",
                "main actors in",
                "figures and data describe",
                "recent developments concern",
            ):
                assert frame not in sq["text"].lower(), sq["text"]


def test_a_multi_hop_question_becomes_a_chain_innermost_first():
    question = (
        "In which country is the largest plant of the company that supplies LFP cells to the largest electric "
        "car maker of 2025?"
    )
    plan = planner.plan(question, "deep")
    by_hop = {}
    for sq in plan["subquestions"]:
        by_hop.setdefault(sq["hop"], []).append(sq["text"])
    assert "Which electric car maker was the largest in 2025?" in by_hop[1]
    assert "Which company supplies LFP cells to the largest electric car maker of 2025?" in by_hop[2]
    assert any(t.startswith("In which country is the largest plant of") for t in by_hop[3])


def test_a_later_link_is_asked_with_the_name_an_earlier_link_found():
    question = (
        "In which country is the largest plant of the company that supplies LFP cells to the largest electric "
        "car maker of 2025?"
    )
    shape = qshape.parse(question)
    found_first = planner.chain_subquestions(shape, question, {"U1": "Voltara Motors"})
    assert found_first[0] == {"text": "Which company supplies LFP cells to Voltara Motors?", "hop": 2, "key": "U2"}
    found_both = planner.chain_subquestions(shape, question, {"U1": "Voltara Motors", "U2": "Quanta Battery Company"})
    assert [s["text"] for s in found_both] == ["In which country is the largest plant of Quanta Battery Company?"]
    assert found_both[0]["hop"] == 3


def test_the_questions_own_verb_after_a_description_stays_in_the_question():
    # "was the company that ... founded": "founded" is the question's verb, not the clause's.
    question = "In what year was the observatory that discovered the comet Halvard-Ruis founded?"
    shape = qshape.parse(question)
    texts = [s["text"] for s in planner.chain_subquestions(shape, question)]
    assert texts[0] == "Which observatory discovered the comet Halvard-Ruis?", texts
    found = planner.chain_subquestions(shape, question, {shape.chain[0].key: "Kessel Observatory"})
    assert [s["text"] for s in found] == ["In what year was Kessel Observatory founded?"]
    other = "Which language does the compiler that Orlen Labs released in 2021 target, and who maintains it?"
    first = planner.chain_subquestions(qshape.parse(other), other)[0]["text"]
    assert first == "Which compiler did Orlen Labs release in 2021?", first


def test_their_after_a_which_question_is_the_set_that_question_finds():
    # "their" is the mills that use the press, not "the mills asked about" (or "the wind").
    question = "Which mills use the Pellan PX-3 press, and what is their total output?"
    texts = [s["text"] for s in planner.chain_subquestions(qshape.parse(question), question)]
    assert texts == [
        "Which mills use the Pellan PX-3 press?",
        "What is the total output of the mills that use the Pellan PX-3 press?",
    ]
    question = "Which tidal farms use the Orvane OX-2 turbine, and what is their combined capacity?"
    texts = [s["text"] for s in planner.chain_subquestions(qshape.parse(question), question)]
    assert texts[1] == "What is the combined capacity of the tidal farms that use the Orvane OX-2 turbine?", texts


def test_a_link_that_cannot_be_asked_alone_rides_on_the_link_before_it():
    # "Who discovered the bacterium …?" restated with the description would quote the question:
    # the worker that finds the bacterium goes on to its discoverer in the same loop.
    plan = planner.plan("Who discovered the bacterium that causes most stomach ulcers?", "deep")
    texts = [s["text"] for s in plan["subquestions"]]
    assert "Which bacterium causes most stomach ulcers, and who discovered it?" in texts
    when = planner.plan("Who was the king of France when the Bastille was stormed?", "deep")
    assert "When was the Bastille stormed, and who was the king of France then?" in [
        s["text"] for s in when["subquestions"]
    ]


def test_a_compound_question_refers_back_to_the_first_parts_answer_or_subject():
    chained = qshape.parse(
        "Which electric car maker ranked third by 2025 deliveries, and which company supplies its LFP cells?"
    )
    assert [u.kind for u in chained.chain] == ["answer_of"] and chained.asks == (
        "which company supplies {U1}'s LFP cells",
    )
    plain = qshape.parse("Where is Corvane Materials headquartered, and where is its largest plant?")
    assert not plain.chain and plain.asks[1] == "where is Corvane Materials' largest plant"


def test_time_bounds_are_read_and_kept():
    assert qshape.parse("How has EU copyright law changed since 2019?").time == "since 2019"
    assert qshape.parse("How many vehicles did Voltara Motors deliver in 2025?").time == "in 2025"
    assert qshape.parse("Which maker ranked third by 2025 deliveries?").time == ""  # a ranking's scope, not a period
    plan = planner.plan("How has EU copyright law changed since 2019?", "deep")
    assert any("2019" in s["text"] for s in plan["subquestions"])


def test_a_vague_question_says_what_it_was_narrowed_to():
    plan = planner.plan("Tell me about batteries", "quick")
    assert "batteries" in plan["scope"] and "narrows it to" in plan["scope"]
    assert all("batteries" in s["text"] for s in plan["subquestions"])


def test_a_specific_question_is_not_narrowed():
    for question in (
        "Voltara Motors",
        "Tell me about the battery suppliers of Norvik Electric in 2025",
        "What is the capacity of the Helion Cells plant in Szeged?",
    ):
        assert qtext.vague_topic(question) == "", question


def test_a_comparison_of_one_thing_of_two_named_things_asks_for_it_of_each():
    # "the turbine suppliers of the offshore wind farms of A and B": A and B are compared, the
    # focus is asked of each, then side by side; never "compare … of it and B" in one question.
    question = "Compare the turbine suppliers of the offshore wind farms of Calder Renewables and Norvane Offshore"
    assert qshape.parse(question).compared == ("Calder Renewables", "Norvane Offshore")
    texts = [s["text"] for s in planner.plan(question, "deep")["subquestions"]]
    assert "What are the turbine suppliers of the offshore wind farms of Calder Renewables?" in texts
    assert "What are the turbine suppliers of the offshore wind farms of Norvane Offshore?" in texts
    assert any("in common" in t and "Calder Renewables" in t and "Norvane Offshore" in t for t in texts)
    single = [
        s["text"]
        for s in planner.plan("Compare the chief executive of Calder Renewables and Norvane Offshore", "quick")[
            "subquestions"
        ]
    ]
    assert "What is the chief executive of Calder Renewables?" in single


def test_each_part_of_a_two_part_question_is_asked_of_the_name_it_is_about():
    question = "Which company will build the substation for Harrow Bank, and why did Elster Power change contractor?"
    texts = [s["text"] for s in planner.plan(question, "standard")["subquestions"]]
    assert any("Elster Power" in t and "change contractor" in t and "Harrow Bank" not in t for t in texts), texts
    assert any("Harrow Bank" in t and "substation" in t for t in texts), texts


def test_what_was_expected_keeps_the_verb_of_a_question_about_its_own_subject():
    # "which company will supply X" asks who: its past is "which company was expected to supply
    # X", never "which company was supply … expected to it"
    assert planner._past("Which company will supply the export cables for Harrow Bank") == (
        "Which company was expected to supply the export cables for Harrow Bank"
    )
    assert planner._past("How much will the Harrow Bank project cost") == (
        "How much was the Harrow Bank project expected to cost"
    )
    assert planner._past("How many turbines will the second farm of Elster Power have") == (
        "How many turbines was the second farm of Elster Power expected to have"
    )


@pytest.mark.parametrize(
    "question, owner, place",
    [
        ("Which company supplies the resin used at Tarvik Gears' Brask plant?", "Tarvik Gears", "Brask"),
        ("Which company supplies the resin used at Halden Motors's Brask plant?", "Halden Motors", "Brask"),
        ("How many gearboxes can Tarvik Gears' Brask factory make in a year?", "Tarvik Gears", "Brask"),
    ],
)
def test_the_owner_of_a_named_plant_is_who_the_plan_asks_not_the_plants_place(question, owner, place):
    texts = [s["text"] for s in planner.plan(question, "standard")["subquestions"]]
    assert len(texts) >= MIN_SUBQUESTIONS, texts
    assert any(t.startswith(f"According to {owner} itself") for t in texts), texts
    assert not any(f"What is {place}," in t or f"According to {place} itself" in t for t in texts), texts


@pytest.mark.parametrize(
    "ask, expected",
    [
        ("the cathode plant in Nysa", "the Nysa cathode plant"),
        ("what is the capacity of the plant in Ostrava", "what is the capacity of the Ostrava plant"),
        # a name that owns what follows is not a place to move
        (
            "the turbine model installed at Harrow Offshore's newest wind farm",
            "the turbine model installed at Harrow Offshore's newest wind farm",
        ),
    ],
)
def test_a_place_moves_before_its_noun_and_keeps_the_grammar(ask, expected):
    assert planner.place_first(ask) == expected


def test_a_superlative_thing_has_no_others_of_its_kind_to_ask_about():
    assert planner.siblings("What is the rotor diameter of Harrow Offshore's newest wind farm", "Harrow Offshore") == ""
    assert planner.siblings("What is the annual capacity of Harrow Offshore's plant in Brask", "Harrow Offshore") == (
        "What annual capacity do the other plants of Harrow Offshore have"
    )


@pytest.mark.parametrize(
    "question, amount",
    [
        ("How many kilometres of export cable does Fjellvik Kabel's factory produce per year?", True),
        ("What is the rotor diameter of the turbine model installed at Holm Flats?", True),
        ("What share of its cells does Norvik Electric buy from Kaiyo Battery Works?", True),
        ("How much will the Merrow Deep offshore wind farm cost?", True),
        ("In which town is the cathode plant that supplies Katowice?", False),
        ("Who is the chief executive of Brenning Turbines?", False),
    ],
)
def test_a_question_answered_by_a_figure_is_told_from_its_words(question, amount):
    assert qtext.asks_amount(question) is amount


def test_two_ranks_that_share_one_class_are_two_things_to_find():
    # "the oldest and the newest plants of 2024" said once is two plants, each found on its own.
    question = "Which companies insure both the oldest and the newest grain silos of 2024?"
    assert qshape.distribute_shared_class(question) == (
        "Which companies insure both the oldest grain silo of 2024 and the newest grain silo of 2024?"
    )
    shape = qshape.parse(question)
    assert sorted(u.phrase for u in shape.chain) == ["the newest grain silo of 2024", "the oldest grain silo of 2024"]
    texts = [s["text"] for s in planner.plan(question, "deep")["subquestions"]]
    assert "Which grain silo was the oldest in 2024?" in texts and "Which grain silo was the newest in 2024?" in texts
    # Never "both each grain silo and each grain silo".
    assert not any(t.count("each grain silo") > 1 for t in texts), texts
    # Words that only end like a superlative are left alone.
    assert qshape.distribute_shared_class("the interest and the tax of banks") == "the interest and the tax of banks"


def test_a_unit_is_no_thing_to_identify():
    # "How many GWh …": GWh is capitalised like a name, but the plan asks what the companies
    # are, never "What is GWh, and what does GWh do?"
    texts = [
        s["text"]
        for s in planner.plan("How many GWh of cells did Orvane Cells deliver to Pellan Cars in 2025?", "standard")[
            "subquestions"
        ]
    ]
    assert not any("What is GWh" in t for t in texts), texts
    assert any(t.startswith("What is Orvane Cells") for t in texts), texts


def test_a_rankings_measure_after_its_year_belongs_to_the_set():
    # "by 2025 passenger numbers": what the three largest are ranked by, not the verb's subject.
    plan = planner.plan(
        "Which of the three largest ferry lines by 2025 passenger numbers sail hybrid ships, and from whom?", "deep"
    )
    texts = [s["text"] for s in plan["subquestions"]]
    assert texts[0] == "Which ferry lines are the three largest by 2025 passenger numbers?"
    assert not any("numbers sail" in t for t in texts), texts


def test_a_comparison_of_three_named_things_asks_of_each_and_keeps_its_aspects_apart():
    question = "Compare the harbours of Selby Port, Marrow Docks and Quill Bay: which cranes, how many berths and which owners?"
    shape = qshape.parse(question)
    assert shape.compared == ("Selby Port", "Marrow Docks", "Quill Bay")
    assert shape.extras["aspects"] == "which cranes, how many berths and which owners"
    texts = [s["text"] for s in planner.plan(question, "deep")["subquestions"]]
    for name in shape.compared:
        assert f"What are the harbours of {name}?" in texts
    assert not any("which cranes" in t for t in texts), texts
    assert qtext.absence_clause(question) == "how the harbours of Selby Port, Marrow Docks and Quill Bay compare"
    plain = [
        s["text"]
        for s in planner.plan("Compare Selby Port, Marrow Docks and Quill Bay for container traffic.", "deep")[
            "subquestions"
        ]
    ]
    assert {"Describe Selby Port for container traffic.", "Describe Quill Bay for container traffic."} <= set(plain)


def test_a_possessive_ranking_is_found_first_as_its_of_form_is():
    # "Selby Ferries' newest route" is "the newest route of Selby Ferries": a link to find first.
    texts = [
        s["text"]
        for s in planner.plan("Which shipyard built the ships that sail on Selby Ferries' newest route?", "deep")[
            "subquestions"
        ]
    ]
    assert texts[0] == "Which route of Selby Ferries is the newest?"
    assert "Which ships sail on the newest route of Selby Ferries?" in texts


def test_the_latest_value_of_a_figure_is_asked_with_its_earlier_ones_not_found_as_a_thing():
    # "the most recent cost estimate" picks which value to give: no chain link to name first,
    # and the plan asks the value before the question's year beside the current one.
    question = "What is the most recent cost estimate for building the Harrow Tunnel?"
    assert qshape.parse(question).chain == ()
    texts = [s["text"] for s in planner.plan(question, "deep")["subquestions"]]
    assert texts[0] == "For building the Harrow Tunnel, what is the cost estimate?"
    assert any("before" in t and "cost estimate" in t for t in texts), texts
    # a ranking of things by age is still a thing to find
    assert qshape.parse("Who is the chief executive of the newest electric car maker?").chain
