"""Facts, credibility, disagreements and relevance on small hand-written notes from several
fields (wind power, medicines, city budgets, cars): the writer gets only credible, relevant
notes, and disagreements come with both values, sources and dates."""

from citations import credibility, disagreements, facts, relevance
from citations.evidence import EvidenceNote
from citations.selection import select
from tests.helpers import evidence_note

GOOD_PAGE = (
    "By Anna Berg\nPublished 12 March 2025. The registry lists a declared capacity for the plant, according to the "
    "annual report filed with the regulator. " * 3
)
FARM_PAGE = (
    "SHOCKING!!! You won't believe these 7 facts about wind farms! Experts say the biggest ever turbines "
    "are here! Click here for the best deals. You need this, your wallet will thank you! " * 4
)


def test_facts_read_subject_value_unit_and_period_from_any_field():
    found = facts.extract(
        evidence_note(1, "Brightwater Wind Farm produced 1.2 TWh of electricity in 2024.", "a.example")
    )
    assert [(f.quantity.text, f.quantity.dimension, f.period) for f in found] == [("1.2 TWh", "energy", "2024")]
    assert found[0].subject == frozenset({"brightwater wind farm"})
    drug = facts.extract(evidence_note(2, "Zelvora reduced relapses by 38% in the Orion trial.", "b.example"))
    assert drug[0].quantity.dimension == "percent" and drug[0].quantity.value == 38
    budget = facts.extract(
        evidence_note(3, "The city of Arlen approved a budget of €4.5 billion for 2026.", "c.example")
    )
    assert budget[0].quantity.value == 4.5e9 and budget[0].quantity.dimension == "eur" and budget[0].period == "2026"


def test_a_figure_written_two_ways_is_one_value_and_a_change_on_one_page_is_not_a_dispute():
    a = facts.extract(evidence_note(1, "Voltara Motors delivered 1.82 million vehicles in 2025.", "a.example"))[0]
    b = facts.extract(evidence_note(2, "Voltara Motors delivered 1,820,000 vehicles in 2025.", "b.example"))[0]
    assert facts.same_key(a, b) and facts.same_value(a, b)
    change = facts.extract(
        evidence_note(
            3, "The Tarn plant of Corva Steel now makes 48,000 tonnes a year, up from 36,000 tonnes.", "c.example"
        )
    )
    assert [f.quantity.text for f in change] == ["48,000 tonnes"]


def test_content_signals_score_a_farm_low_even_as_an_upload():
    assert credibility.content_score(FARM_PAGE, "7 shocking facts!", None) < credibility.LOW_QUALITY
    assert credibility.content_score(GOOD_PAGE, "Plant capacity", "2025-03-12") > 0.6
    upload = EvidenceNote(
        id=1, claim="x", quote="x", domain="uploads", url="upload://1/2/farm.txt", quality=0.8, page_text=FARM_PAGE
    )
    assert credibility.note_credibility(upload) < credibility.LOW_QUALITY


def test_syndicated_copies_count_as_one_source():
    release = (
        "Helmark Energy opened its Ostrava plant with 48 GWh of capacity on 15 September 2025, the company said "
        "in a statement. The plant employs 2,100 people and supplies two car makers in Europe. "
    ) * 3
    notes = [
        evidence_note(
            1, "The Ostrava plant of Helmark Energy has 48 GWh of capacity.", "helmark.example", page_text=release
        ),
        evidence_note(
            2,
            "The Ostrava plant of Helmark Energy has 48 GWh of capacity.",
            "newswire.example",
            page_text="Re-run by the wire. " + release,
        ),
    ]
    credibility.assess(notes)
    assert notes[0].origin == notes[1].origin == "helmark.example"


def test_sources_that_disagree_are_stated_in_one_checkable_sentence_with_both_values_and_dates():
    notes = [
        evidence_note(
            1, "The Ostrava plant of Sunmark Energy has an annual capacity of 48 GWh.", "sunmark.example", "2025-09-15"
        ),
        evidence_note(
            2,
            "The registry lists an annual capacity of 48 GWh for the Ostrava plant of Sunmark Energy.",
            "registry.example",
            "2026-02-10",
        ),
        evidence_note(
            3, "Sunmark Energy's Ostrava plant has a capacity of 45 GWh.", "trade-weekly.example", "2024-06-10"
        ),
    ]
    out = select(
        question="What is the capacity of the Ostrava plant?",
        outline=[{"heading": "S", "purpose": "capacity"}],
        notes=notes,
    )
    [d] = out["disagreements"]
    assert [v["value"] for v in d["values"]] == ["48 GWh", "45 GWh"]
    text = d["draft"]["text"]
    assert text.startswith("Sources disagree on ") and "48 GWh" in text and "45 GWh" in text
    # each value with its source and its date as a reader writes it
    assert "10 June 2024" in text and ("15 September 2025" in text or "10 February 2026" in text)
    # every value it states is in the quote of a note it cites
    quotes = [n.quote for n in notes if n.id in d["draft"]["note_ids"]]
    assert all(any(v["value"] in q for q in quotes) for v in d["values"])
    # the outweighed figure reaches the writer only through that sentence
    assert "3" in out["withheld"] and 3 not in out["sections"]["S"]
    assert d["values"][0]["independent_sources"] == 2


def test_a_farm_figure_contradicted_by_good_sources_is_a_minority_claim_never_given_to_the_writer():
    notes = [
        evidence_note(1, "Zelvora cut relapses by 38% in the Orion trial.", "journal.example", "2025-01-10"),
        evidence_note(
            2, "Zelvora cut relapses by 38% in the Orion trial, the regulator said.", "regulator.example", "2025-02-01"
        ),
        evidence_note(
            3,
            "Zelvora cut relapses by 50% in the Orion trial!",
            "pill-buzz.example",
            None,
            quality=0.2,
            page_text=FARM_PAGE,
        ),
    ]
    out = select(
        question="How well does Zelvora work?", outline=[{"heading": "S", "purpose": "trial results"}], notes=notes
    )
    assert out["disagreements"] == []
    [m] = out["minority_claims"]
    assert m["value"] == "50%" and m["domain"] == "pill-buzz.example" and m["contradicted_by"]["value"] == "38%"
    assert out["sections"]["S"] == [1, 2]


def test_a_claim_only_a_low_quality_source_makes_is_withheld():
    notes = [
        evidence_note(1, "Arlen's budget rose to €4.5 billion in 2026.", "arlen.example", "2026-01-05"),
        evidence_note(
            2, "Arlen secretly plans a new airport!", "gossip.example", None, quality=0.2, page_text=FARM_PAGE
        ),
    ]
    out = select(question="What is in Arlen's budget?", outline=[{"heading": "S", "purpose": "budget"}], notes=notes)
    assert out["sections"]["S"] == [1] and "low-quality" in out["withheld"]["2"]


def test_a_note_about_a_sixth_member_is_kept_out_of_a_top_five_question():
    five = "The five largest turbine makers are Aldwind, Borrasca, Cefiro, Dunmore and Etesian."
    notes = [
        evidence_note(1, five, "wind-review.example", "2025-05-01"),
        evidence_note(2, "Fohn Turbines was the sixth-largest turbine maker in 2025.", "fohn.example", "2025-04-01"),
        evidence_note(3, "Fohn Turbines builds offshore turbines in Esbjerg.", "fohn.example", "2025-04-01"),
        evidence_note(4, "Borrasca buys its blades from Gale Composites.", "blades.example", "2025-03-01"),
    ]
    out = select(
        question="Who supplies blades to the five largest turbine makers?",
        outline=[{"heading": "S", "purpose": "blade suppliers"}],
        notes=notes,
    )
    assert out["scope"]["members"] == ["aldwind", "borrasca", "cefiro", "dunmore", "etesian"]
    assert out["sections"]["S"] == [1, 4]
    assert out["withheld"]["2"] == out["withheld"]["3"] == "outside the question's set"


def test_a_note_about_a_member_that_speaks_of_something_else_is_off_topic():
    five = "The five largest turbine makers are Aldwind, Borrasca, Cefiro, Dunmore and Etesian."
    notes = [
        evidence_note(
            1, five, "wind-review.example", "2025-05-01", subquestion="Which are the five largest turbine makers?"
        ),
        evidence_note(
            2,
            "Borrasca installed 410 turbines in 2025, down from 455.",
            "wind-review.example",
            "2025-05-01",
            subquestion="How many turbines did each maker install in 2025 and 2024?",
        ),
        evidence_note(
            3,
            "Borrasca sponsors the Biscay sailing regatta.",
            "regatta.example",
            "2025-04-01",
            subquestion="How many turbines did each maker install in 2025 and 2024?",
        ),
    ]
    out = select(
        question="Which of the five largest turbine makers installed fewer turbines in 2025 than in 2024?",
        outline=[{"heading": "S", "purpose": "installations by year"}],
        notes=notes,
    )
    assert out["sections"]["S"] == [1, 2]
    assert "3" in out["withheld"]


def test_a_note_goes_to_the_section_whose_purpose_it_fits():
    sections = {"Prices": "What the tickets cost", "Safety": "Accidents and safety inspections of the tram"}
    n = evidence_note(
        1, "Inspectors found two brake faults in the tram safety inspections of 2024.", "city.example", section="Prices"
    )
    assert relevance.best_section(n, sections, "Tell me about the Lorn tram", set()) == "Safety"


def test_two_rival_estimates_from_credible_sources_are_one_disagreement_led_by_more_sources():
    fs = [
        facts.extract(evidence_note(i, text, dom, date))[0]
        for i, (text, dom, date) in enumerate(
            [
                (
                    "Sunmark Energy supplied 70% of the cells used by Kestrel Automotive in 2025.",
                    "kestrel.example",
                    "2026-01-05",
                ),
                (
                    "Kestrel Automotive declared that about 70% of its cells came from Sunmark Energy in 2025.",
                    "safety.gov.example",
                    "2026-02-27",
                ),
                (
                    "We estimate that Sunmark Energy supplies about 65% of the cells used by Kestrel Automotive in 2025.",
                    "analyst.example",
                    "2025-08-27",
                ),
            ],
            1,
        )
    ]
    for f in fs:
        f.credibility = 0.6
    [d] = disagreements.find(fs)
    assert [s.representative.value_text for s in d.sides] == ["70%", "65%"]
    assert d.stated and not d.minority


def test_a_figure_only_a_doubtful_source_gives_is_withheld_but_a_corroborated_one_is_kept():
    notes = [
        # two pages that say the same sentence in their own text (not one syndicated page)
        evidence_note(
            1,
            "The Lorn tram carried 41 million passengers in 2024.",
            "lorn-transit.example",
            "2025-02-01",
            page_text="Lorn Transit annual review. The Lorn tram carried 41 million passengers in 2024.",
        ),
        evidence_note(
            2,
            "The Lorn tram carried 41 million passengers in 2024.",
            "city-news.example",
            None,
            quality=0.25,
            page_text="City News. The Lorn tram carried 41 million passengers in 2024, the operator says.",
        ),
        evidence_note(3, "The Lorn tram cost 900 million euros to build.", "city-news.example", None, quality=0.25),
    ]
    out = select(
        question="How busy is the Lorn tram?", outline=[{"heading": "S", "purpose": "passengers and cost"}], notes=notes
    )
    assert notes[1].credibility < credibility.DOUBTFUL and notes[1].credibility >= credibility.LOW_QUALITY
    assert 2 in out["sections"]["S"] and 1 in out["sections"]["S"]
    assert "only from a doubtful source" in out["withheld"]["3"]


def test_a_content_farm_repeating_a_doubtful_figure_does_not_corroborate_it():
    farm_text = (
        "You Won't Believe These Lorn Facts! SHOCKING secrets insiders told us. The Lorn tram fare is 3.10 euros. "
        "Share this with a friend! Like and share before this gets taken down!"
    )
    notes = [
        evidence_note(1, "The Lorn tram fare is 3.10 euros.", "quick-answers.example", None, quality=0.3),
        evidence_note(
            2, "The Lorn tram fare is 3.10 euros.", "lorn-secrets.example", None, quality=0.1, page_text=farm_text
        ),
    ]
    out = select(
        question="What does a Lorn tram ticket cost?", outline=[{"heading": "S", "purpose": "fares"}], notes=notes
    )
    assert credibility.is_low_quality(notes[1].credibility)
    assert credibility.LOW_QUALITY <= notes[0].credibility < credibility.DOUBTFUL
    assert "only from a doubtful source" in out["withheld"]["1"]


def test_uploads_are_independent_files_named_by_their_file_names():
    notes = [
        EvidenceNote(
            id=i, claim=text, quote=text, domain="uploads", url=f"upload://7/{i}/{name}", published=date, quality=0.8
        )
        for i, (text, name, date) in enumerate(
            [
                ("The Skerry substation has a rating of 400 MW.", "grid plan 2025.pdf", "2025-03-01"),
                ("The Skerry substation has a rating of 400 MW.", "operator-letter.txt", "2025-04-01"),
                ("The Skerry substation has a rating of 450 MW.", "old_memo.md", "2023-01-01"),
            ],
            1,
        )
    ]
    out = select(
        question="What is the Skerry substation's rating?", outline=[{"heading": "S", "purpose": "rating"}], notes=notes
    )
    [d] = out["disagreements"]
    assert d["values"][0]["independent_sources"] == 2
    assert "old-memo.md reported 450 MW on 1 January 2023" in d["draft"]["text"]


def test_a_primary_source_and_a_disputed_figure_are_not_withheld_as_uncorroborated():
    notes = [
        evidence_note(
            1, "Norvik Electric delivered 1.13 million vehicles in 2025.", "norvik-electric.example", None, quality=0.25
        ),
        evidence_note(
            2,
            "Norvik Electric delivered 1.16 million vehicles in 2025.",
            "daily-current.example",
            "2026-01-02",
            quality=0.25,
        ),
    ]
    out = select(
        question="How many vehicles did Norvik Electric deliver in 2025?",
        outline=[{"heading": "S", "purpose": "deliveries"}],
        notes=notes,
    )
    assert all(credibility.LOW_QUALITY <= n.credibility < credibility.DOUBTFUL for n in notes)
    [d] = out["disagreements"]
    assert {v["value"] for v in d["values"]} == {"1.13 million", "1.16 million"}
    assert "only from a doubtful source" not in " ".join(out["withheld"].values())


def test_no_false_disagreement_from_a_part_of_the_year_two_shares_in_one_sentence_or_a_publisher():
    notes = [
        evidence_note(1, "Tanaka-Rhee Motors delivered 870,000 vehicles in 2025.", "auto-wire.example", "2026-01-16"),
        evidence_note(
            2,
            "Tanaka-Rhee Motors delivered 648,000 vehicles in the first nine months of 2025.",
            "biz.example",
            "2025-10-09",
        ),
        evidence_note(
            3,
            "Norvik Electric buys 60% of its cells from Kaiyo Battery Works and 40% from Borealis Power Systems.",
            "analyst.example",
            "2026-02-20",
        ),
        evidence_note(
            4,
            "Borealis Power Systems supplied 40% of the cells used by Norvik Electric.",
            "trade.example",
            "2025-11-03",
        ),
        # each maker's own page on one supplier's share of its cells: different subjects
        evidence_note(
            5,
            "Quanta Battery Company supplied 45% of the cells used by Voltara Motors in 2025.",
            "voltara-motors.example",
            "2026-01-06",
        ),
        evidence_note(
            6,
            "Quanta Battery Company supplied 80% of the cells used by Aurelia Mobility in 2025.",
            "aurelia-mobility.example",
            "2026-01-12",
        ),
    ]
    out = select(
        question="Deliveries and suppliers", outline=[{"heading": "S", "purpose": "deliveries suppliers"}], notes=notes
    )
    assert out["disagreements"] == []
    registry = evidence_note(
        7,
        "The European Battery Registry lists a capacity of 52 GWh for the Szeged plant of Helion Cells.",
        "ebr.europa.example",
        "2026-02-10",
    )
    assert facts.subject_names(registry.claim, registry) == ["szeged", "helion cells"]


def test_what_others_said_earlier_and_a_capacity_against_an_output_are_not_disagreements():
    notes = [
        evidence_note(
            1, "Corvane Materials delivered 48,000 tonnes of cathode material in 2025.", "corvane.example", "2026-02-24"
        ),
        evidence_note(
            2,
            "The largest plant of Corvane Materials has a capacity of 60,000 tonnes of cathode material a year.",
            "registry.example",
            "2026-01-01",
        ),
        evidence_note(
            3,
            "Earlier reports put the Corvane Materials output at 52,000 tonnes of cathode material in 2025.",
            "trade.example",
            "2026-04-15",
        ),
    ]
    out = select(
        question="How much cathode material did Corvane Materials deliver in 2025?",
        outline=[{"heading": "S", "purpose": "output"}],
        notes=notes,
    )
    assert out["disagreements"] == []


def test_a_page_quoting_what_a_company_said_still_disagrees_with_its_own_estimate():
    notes = [
        evidence_note(
            1,
            "Sunmark Energy supplied 70% of the cells used by Kestrel Automotive in 2025.",
            "kestrel.example",
            "2026-01-05",
        ),
        evidence_note(
            2,
            "We estimate that Sunmark Energy supplies about 65% of the cells used by Kestrel Automotive in 2025.",
            "analyst.example",
            "2025-08-27",
        ),
        evidence_note(
            3,
            "Kestrel Automotive said in February 2025 that Sunmark Energy would supply 70% of its cells.",
            "analyst.example",
            "2025-08-27",
        ),
    ]
    out = select(
        question="What share of Kestrel Automotive's cells came from Sunmark Energy?",
        outline=[{"heading": "S", "purpose": "shares"}],
        notes=notes,
    )
    [d] = out["disagreements"]
    assert sorted(v["value"] for v in d["values"]) == ["65%", "70%"]


def test_background_that_names_nothing_is_off_topic_when_the_question_names_something():
    sq = "Which turbines does Harrow Shoal use?"
    notes = [
        evidence_note(1, "Harrow Shoal has 60 KX-15 turbines from Ostwind Systems.", "calder.example", subquestion=sq),
        evidence_note(
            2, "Offshore turbines are turned to face the wind by a yaw system.", "calder.example", subquestion=sq
        ),
        evidence_note(
            3, "We count seven turbine makers in our own survey of the market.", "wind-review.example", subquestion=sq
        ),
        evidence_note(4, "The turbines were installed in under seven months.", "calder.example", subquestion=sq),
    ]
    out = select(
        question="Which turbines does Harrow Shoal use?",
        outline=[{"heading": "S", "purpose": "the turbines"}],
        notes=notes,
    )
    assert out["sections"]["S"] == [1, 3, 4]
    assert "2" in out["withheld"]
    # a question that names nothing keeps background: it may be what is asked
    out = select(
        question="How are offshore turbines turned to face the wind?",
        outline=[{"heading": "S", "purpose": "the turbines"}],
        notes=notes,
    )
    assert 2 in out["sections"]["S"]


def test_a_topic_questions_narrowing_words_count_however_many_notes_use_them():
    from agents import questions as qtext

    question = "What is the outlook for tidal-stream turbines in island grids?"
    assert qtext.topic_modifiers(question) == ["tidal", "stream"]
    assert qtext.topic_modifiers("How do heat pumps perform in cold climates?") == ["heat", "pumps"]
    assert qtext.topic_modifiers("Tell me about batteries") == []
    sq = "List the forecasts for tidal-stream turbines in island grids."
    about = [
        "Tidal-stream turbines produced 40 GWh in island grids in 2025.",
        "Orkan Tidal expects tidal-stream costs to halve by 2030.",
        "The tidal-stream array at Skerry Sound will add 12 MW in 2027.",
        "Tidal-stream output can be forecast years ahead, unlike wind.",
        "Two tidal-stream projects were delayed by a shortage of vessels.",
    ]
    aside = [
        "Island grids run on diesel generators for most of the year.",
        "Grid operators publish a connection map every spring.",
        "Turbines of every kind need a yearly inspection.",
    ]
    notes = [evidence_note(i, text, f"site{i}.example", subquestion=sq) for i, text in enumerate(about + aside, 1)]
    out = select(question=question, outline=[{"heading": "S", "purpose": "the outlook"}], notes=notes)
    kept = set(out["sections"]["S"])
    # every note on tidal-stream turbines is kept, though all of them use the words
    assert set(range(1, len(about) + 1)) <= kept, out["withheld"]


def test_a_rival_in_the_ranking_the_question_asks_about_is_kept_out_once_the_plan_named_the_answer():
    question = "Which company supplies the battery cells of the tractor maker with the second-highest 2025 deliveries?"
    notes = [
        evidence_note(
            1, "Pellan Farm Machines ranked as the second-largest tractor maker by 2025 deliveries.", "a.example"
        ),
        evidence_note(2, "Tessel Energy supplies the battery cells of Pellan Farm Machines.", "b.example"),
        evidence_note(3, "Halden Agri was the fourth-largest tractor maker by 2025 deliveries.", "c.example"),
        evidence_note(
            4,
            "Tractor makers ranked by 2025 deliveries — Rank: 6; Maker: Brask Machinery; 2025 deliveries: 98,000.",
            "c.example",
        ),
        evidence_note(5, "Tessel Energy makes its cells in Lessing.", "b.example"),
    ]
    outline = [{"heading": "S", "purpose": "the supplier of the maker"}]
    out = select(
        question=question,
        outline=outline,
        notes=notes,
        subquestions={
            "S": [
                "Which tractor maker had the second-highest 2025 deliveries?",
                "Which cells does Tessel Energy supply?",
            ]
        },
    )
    assert sorted(out["sections"]["S"]) == [1, 2, 5], out["withheld"]
    assert out["withheld"]["3"] == out["withheld"]["4"] == "a rival in the ranking the question asks about"
    # before a later sub-question names what holds the place, the ranking is the evidence
    out = select(
        question=question,
        outline=outline,
        notes=notes,
        subquestions={"S": ["Which tractor maker had the second-highest 2025 deliveries?"]},
    )
    assert {3, 4} <= set(out["sections"]["S"]), out["withheld"]


def test_a_thing_named_on_a_page_about_a_name_in_the_question_is_in_scope():
    # "Skarn Bank has 40 BT-12 turbines" names neither company, and "turbines" is in most notes
    # (not a specific word): on Ostby Power's own page of its wind farms it is one of Ostby
    # Power's farms, so it is kept.
    question = "Compare the turbine suppliers of the wind farms of Calder Energy and Ostby Power"
    sq = "What are the turbine suppliers of the wind farms of Ostby Power?"
    notes = [
        evidence_note(
            1, "Calder Energy operates Harrow Shoal, which has 60 KX-15 turbines from Ostwind Systems.", "a.example"
        ),
        evidence_note(
            2, "Ostby Power operates Lund Flats, which has 50 KX-15 turbines from Ostwind Systems.", "b.example"
        ),
        evidence_note(3, "Calder Energy ordered 30 more turbines in 2025.", "c.example"),
        evidence_note(4, "Ostby Power expects its turbines to run for 30 years.", "d.example"),
        evidence_note(5, "Ostwind Systems delivered 400 turbines in 2025.", "e.example"),
        evidence_note(6, "Calder Energy picked turbines rated at 15 MW.", "f.example"),
        evidence_note(7, "Ostby Power inspects its turbines every spring.", "g.example"),
        evidence_note(
            8,
            "Skarn Bank has 40 BT-12 turbines, also from Brenning Turbines.",
            "ostby-power.example",
            title="Our wind farms - Ostby Power",
        ),
    ]
    for n in notes:
        n.subquestion = sq
    out = select(question=question, outline=[{"heading": "S", "purpose": "the turbine suppliers"}], notes=notes)
    assert 8 in out["sections"]["S"], out["withheld"]


def test_a_row_on_the_own_site_of_a_name_in_the_question_is_in_scope():
    # The page's title no longer carries the site's name ("Our factories"), but the page is on
    # Varnholt Cables' own site: its other factory's row is Varnholt Cables', not another
    # company's. The same row on a bare research site names nothing in scope and is withheld.
    question = "How many kilometres of export cable can Varnholt Cables' Ostend factory make in a year?"
    row = "Export cable factories — Factory: Lindau; Country: Germany; Annual output (km of export cable): 650."

    def selected(domain):
        notes = [
            evidence_note(
                1,
                "Export cable factories — Factory: Ostend; Country: Belgium; Annual output (km of export cable): 1,100.",
                "varnholt-cables.example",
                title="Our factories",
            ),
            evidence_note(2, row, domain, title="Our factories"),
            evidence_note(3, "Varnholt Cables makes export cables in two factories.", "news.example"),
        ]
        for n in notes:
            n.subquestion = "How many kilometres of export cable can the Ostend factory make?"
        out = select(question=question, outline=[{"heading": "S", "purpose": "the factory's output"}], notes=notes)
        return out["sections"].get("S", []), out["withheld"]

    kept, withheld = selected("varnholt-cables.example")
    assert 2 in kept, withheld
    kept, withheld = selected("cable-research.example")
    assert 2 not in kept, kept
