"""The gap check names a link with what the link asks for: a town the notes use as a place
("blades from Aalborg", "the Aalborg plant of Brannor Blades") does not answer "which company";
a ranking by a total is read from the sentence that states the total, not from one plant's
figure; and a capitalised common word opening a table caption ("Deliveries in …") is no name.
An invented wind and cable world, not the demo corpus."""

from agents.engine import gap
from tests.helpers import offline_gap_decision, researched_subquestion

OUTLINE = [
    {"heading": "Answer", "purpose": "The answer."},
    {"heading": "How the answer was found", "purpose": "Links."},
]


def _sq(text, hop, notes, section="How the answer was found"):
    return researched_subquestion(text, hop, notes, section)


def _decide(question, subquestions):
    return offline_gap_decision(question, OUTLINE, subquestions)


def test_a_town_that_shares_the_relation_sentence_is_not_taken_for_the_supplier():
    question = (
        "In which country is the largest plant of the company that supplies blades to the largest wind farm of 2025?"
    )
    out = _decide(
        question,
        [
            _sq("Which wind farm was the largest in 2025?", 1, ["Skarv Bank was the largest wind farm of 2025."]),
            _sq(
                "Which company supplies blades to the largest wind farm of 2025?",
                2,
                [
                    "Skarv Bank is supplied with blades from Aalborg, a plant of Brannor Blades.",
                    "Brannor Blades makes blades in Aalborg and in Esbjerg.",
                ],
            ),
            _sq(
                "In which country is the largest plant of the blade supplier of the largest wind farm of 2025?",
                3,
                ["Wind farms need many blades."],
                section="Answer",
            ),
        ],
    )
    assert [s["text"] for s in out["new_subquestions"]] == ["In which country is the largest plant of Brannor Blades?"]


def test_place_names_are_the_names_written_as_places_and_never_a_sentences_subject():
    sentences = [
        (1, "Brannor Blades makes blades in Aalborg and has its headquarters in Odense."),
        (1, "The Esbjerg plant of Brannor Blades opened in 2019."),
        (1, "Shares in Kelvin Cables rose after the order."),
        (1, "Odense is the third-largest city of Denmark."),
    ]
    assert gap.place_names(sentences) == {"aalborg", "esbjerg"}


def test_a_ranking_by_total_reads_the_total_not_one_plants_figure():
    question = (
        "Which cable maker has the largest total production capacity, and which of the three largest wind farms "
        "does it supply?"
    )
    out = _decide(
        question,
        [
            _sq(
                "Which cable maker has the largest total production capacity?",
                1,
                [
                    "The Halden plant of Kelvin Cables has a production capacity of 900 km a year.",
                    "Kelvin Cables has a total production capacity of 1,400 km a year across Halden and Varna.",
                    "Norsk Kabel has a total production capacity of 1,100 km a year.",
                    "Baltic Wire has a total production capacity of 950 km a year.",
                ],
            ),
            _sq(
                "Which wind farms are the three largest?",
                1,
                ["The three largest wind farms are Skarv Bank, Fjell Ridge and Tern Shoal."],
            ),
            _sq(
                "Which of the three largest wind farms does the cable maker that has the largest total production "
                "capacity supply?",
                2,
                ["Wind farms need export cables."],
                section="Answer",
            ),
        ],
    )
    assert "Halden" not in out["reason"]
    assert [s["text"] for s in out["new_subquestions"]] == [
        "Which of the three largest wind farms does Kelvin Cables supply?"
    ]


def test_a_capitalised_common_word_is_no_candidate():
    sentences = [
        (1, "Deliveries in the first nine months of 2025 — Maker: Orvane Motors; Total: 672,000."),
        (1, "Orvane Motors counts deliveries every quarter."),
    ]
    common = gap.common_words(sentences)
    assert "deliveries" in common
    assert gap._candidates(sentences[0][1], set(), common) == ["Orvane Motors"]


def test_a_thing_of_a_named_owner_is_one_that_carries_the_owners_name():
    question = "What is the range of the Orvane Motors model that uses LFP cells from Tessel Energy?"
    out = _decide(
        question,
        [
            _sq(
                "Which Orvane Motors model uses LFP cells from Tessel Energy?",
                1,
                [
                    "The Orvane Pica uses LFP cells.",
                    "Kaldera Cells uses LFP cells from Tessel Energy in its test lab.",
                    "Kaldera Cells uses LFP cells from Tessel Energy for stationary batteries.",
                ],
            ),
            _sq(
                "What is the range of the Orvane Motors model that uses LFP cells from Tessel Energy?",
                2,
                ["Range depends on the weather."],
                section="Answer",
            ),
        ],
    )
    assert [s["text"] for s in out["new_subquestions"]] == ["What is the range of Orvane Pica?"]


def test_a_link_asked_as_a_wind_farm_is_the_name_the_notes_call_a_wind_farm():
    """ "The wind farm that has ordered the most powerful turbines": the turbine maker and the
    developer share the sentence that says so; the wind farm is the name a note calls one."""
    from agents.engine import question as qshape

    question = "Which port will be used to install the wind farm that has ordered the most powerful turbines?"
    sentences = [
        (1, "Tarn Deep is a 1,200 MW offshore wind farm under construction in the Irish Sea."),
        (
            1,
            "Tarn Deep will use 70 KX-20 turbines from Vellan Wind, the most powerful turbines Osterlin Power has ordered.",
        ),
        (1, "The most powerful machine ordered in the region is the Vellan Wind KX-20, to be installed at Tarn Deep."),
    ]
    shape = qshape.parse(question)
    assert list(gap.resolve_chain(shape, question, sentences).values()) == ["Tarn Deep"]
