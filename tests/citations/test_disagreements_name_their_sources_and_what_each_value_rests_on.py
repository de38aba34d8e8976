"""A disagreement names each source as a reader knows it (the publisher, not its domain's label)
and quotes what a value that does not lead rests on, attributed, so a reader can weigh the two;
a source's quoted words never count as the report contradicting a point."""

import pytest

from agents import composition, keypoints
from citations.selection import select
from tests.helpers import evidence_note


@pytest.mark.parametrize(
    "title, domain, text, expected",
    [
        # the site's name ends the title, the domain shortens it
        ("Lake Orva output - Brunmark Power Company", "brunmark.example", "", "Brunmark Power Company"),
        (
            "Register entry: Orva - Offshore Licensing Authority",
            "offshore-licensing-gov.example",
            "",
            "Offshore Licensing Authority",
        ),
        ("Plant profile | The Gridline Report", "gridline-report.example", "", "The Gridline Report"),
        # a headline is never the name, even when it begins with the domain's word
        ("Brunmark orders reach 8.9 GW", "brunmark.example", "", "Brunmark"),
        ("Brunmark Annual Review", "brunmark.example", "", "Brunmark"),
        # the title lost the name: the page text gives it, the name mentioned most (not a menu run on)
        (
            "Lake Orva output",
            "brunmark.example",
            "Brunmark Power Company News About. Brunmark Power Company reported 47%. Brunmark Power Company said.",
            "Brunmark Power Company",
        ),
        ("Lake Orva output", "tallis-data.example", "No publisher named here.", "Tallis Data"),
        # a domain of the name's initials
        ("Plant record NWR-0003 | Nordic Wind Register", "nwr.nordic.example", "", "Nordic Wind Register"),
        (
            "Plant record NWR-0003",
            "nwr.nordic.example",
            "The Nordic Wind Register lists 1.2 GW.",
            "Nordic Wind Register",
        ),
    ],
)
def test_a_source_is_named_as_its_publisher(title, domain, text, expected):
    assert composition.source_label(title, domain, text) == expected


def _capacity_factor_notes():
    return [
        evidence_note(
            1,
            "In 2025, its first full year of operation, Lake Orva reached a capacity factor of 47%.",
            "brunmark.example",
            "2026-02-12",
            title="Lake Orva's first full year",
            page_text="Brunmark Power Company News. In 2025 Lake Orva reached 47%, Brunmark Power Company said.",
        ),
        evidence_note(
            2,
            "Based on grid data for January to November, we estimate that Lake Orva reached a capacity factor "
            "of about 44% in 2025.",
            "tallis-data.example",
            "2026-01-15",
            title="Lake Orva: output estimate - Tallis Data",
        ),
        # a second, independent source of 47%: that value leads
        evidence_note(
            3,
            "Lake Orva reached a capacity factor of 47% in 2025, the grid register shows.",
            "grid-register.example",
            "2026-03-01",
        ),
    ]


def test_the_disagreement_names_publishers_and_quotes_what_the_other_value_rests_on():
    notes = _capacity_factor_notes()
    out = select(
        question="What capacity factor did Lake Orva reach in 2025?",
        outline=[{"heading": "S", "purpose": "capacity factor"}],
        notes=notes,
    )
    [d] = out["disagreements"]
    text = d["draft"]["text"]
    assert "Tallis Data" in text and ("Brunmark Power Company" in text or "Grid Register" in text), text
    assert "(Brunmark," not in text and "(Tallis-data" not in text
    assert "47%" in text and "44%" in text and "15 January 2026" in text
    # what the value that does not lead rests on: its source's own words, quoted and attributed
    [basis] = d["basis"]
    assert basis["note_ids"] == [2]
    assert basis["text"].startswith("Tallis Data writes: \u201cBased on grid data for January to November")
    assert not composition.first_person(basis["text"])  # "we" only inside the quotation marks


def test_a_value_whose_words_add_nothing_gets_no_quote_of_its_own():
    notes = [
        evidence_note(1, "The Orva plant has a capacity of 48 GWh.", "registry.example", "2026-02-10"),
        evidence_note(2, "The Orva plant has a capacity of 45 GWh.", "trade-weekly.example", "2024-06-10"),
    ]
    out = select(
        question="What is the capacity of the Orva plant?",
        outline=[{"heading": "S", "purpose": "capacity"}],
        notes=notes,
    )
    [d] = out["disagreements"]
    assert d["basis"] == []


def test_the_name_a_sentence_gives_a_cited_source_passes_the_composition_check():
    class Source:
        def __init__(self, domain, title):
            self.domain, self.title = domain, title

    class Note:
        def __init__(self, quote, domain, title):
            self.quote, self.source = quote, Source(domain, title)

    from citations.check import composed_problem

    cited = [Note("Lake Orva reached a capacity factor of 47% in 2025.", "brunmark.example", "Lake Orva")]
    ok = "Sources disagree on capacity factor for Lake Orva: 47% (Brunmark Power Company, 12 February 2026)."
    assert composed_problem(ok, cited) == (ok, "")
    # a publisher the cited source is not is still a name from nowhere
    bad = "Sources disagree on capacity factor for Lake Orva: 47% (Tallis Data, 12 February 2026)."
    assert composed_problem(bad, cited)[0] == ""


def test_a_sources_quoted_words_do_not_contradict_a_point():
    point = "Lake Orva reached a capacity factor of 47% in 2025"
    quoted = [
        "Tallis Data writes: \u201cWe estimate that Lake Orva reached a capacity factor of about 44% in 2025.\u201d"
    ]
    assert not keypoints.judge_point(point, quoted)["contradicted"]
    plain = ["Lake Orva reached a capacity factor of 44% in 2025."]
    assert keypoints.judge_point(point, plain)["contradicted"]


FARM_PAGE = (
    "SHOCKING!!! You won't believe these 7 facts about wind turbines! Click here for the best deals. "
    "You need this, your wallet will thank you! " * 4
)


def test_a_founding_year_is_a_fact_sources_can_dispute():
    from citations import facts

    [year] = facts.extract(
        evidence_note(1, "Kestrel Turbines was founded in 1996 in Bremen, Germany.", "kestrel.example", None)
    )
    assert (year.quantity.dimension, year.quantity.text, year.period) == (facts.FOUNDED, "1996", "")
    # no other year of the text is taken for a founding year, nor a founding year for a period
    assert facts.founding_years("Kestrel Turbines opened its Gdansk plant in 2019.") == []
    notes = [
        evidence_note(1, "Kestrel Turbines was founded in 1996 in Bremen, Germany.", "kestrel.example", "2025-01-10"),
        evidence_note(
            2, "Kestrel Turbines, set up in 1996, builds offshore turbines.", "turbine-register.example", "2025-03-01"
        ),
        evidence_note(
            3,
            "Kestrel Turbines was founded in 1987 and is one of the oldest turbine makers.",
            "wind-facts.example",
            "2026-01-05",
            page_text=FARM_PAGE,
        ),
    ]
    out = select(
        question="When was Kestrel Turbines founded?", outline=[{"heading": "S", "purpose": "founding"}], notes=notes
    )
    # the content farm's year is outweighed: never given to the writer as fact
    assert "3" in out["withheld"] and 3 not in out["sections"]["S"]
    assert {1, 2} <= set(out["sections"]["S"])


def test_a_designation_is_the_thing_its_makers_name_leads():
    # "Ostwind KX-18" in the question, "the KX-18" on the maker's pages: one thing, in scope, so a
    # note about it that shares a word with the question is on topic even when every word it
    # shares is common among the job's notes (a job about one turbine: they all say "rated")
    from citations import relevance

    question = "What is the rated power of the Ostwind KX-18 turbine?"
    rated = evidence_note(
        1, "Ostwind Systems offers the KX-14, rated at 14 MW, and the KX-18, rated at 18 MW.", "o.example", None
    )
    scope = relevance.find_scope(question, [rated], [])
    everything = {w for w in relevance._topic_keys(question + " " + rated.claim)}
    assert not relevance.off_topic(rated, question, "rated power", scope, everything)
    assert relevance._same_thing("kx-18", "ostwind kx-18") and relevance._same_thing("voltara", "voltara motors")
    assert not relevance._same_thing("energy", "halden blue energy")  # a word is not a designation


def test_the_disputed_measure_is_named_as_a_measure_not_with_the_verb_that_reports_it():
    # "Tessel Energy supplies 30% of the cells used by …": the disagreement is on a share of
    # cells, not on "supplies cells used"; a percentage that is a measure of its own stays one.
    shares = [
        evidence_note(
            1,
            "Tessel Energy supplies 30% of the cells used by Orvane Tractors in 2025.",
            "a-wire.example",
            "2026-06-04",
        ),
        evidence_note(
            2,
            "We estimate that Tessel Energy supplies about 35% of the cells used by Orvane Tractors in 2025.",
            "b-research.example",
            "2025-08-27",
        ),
    ]
    out = select(question="Who supplies Orvane Tractors?", outline=[{"heading": "S", "purpose": "x"}], notes=shares)
    assert out["disagreements"][0]["sentence"].startswith(
        "Sources disagree on the share of cells used for Tessel Energy and Orvane Tractors in 2025: "
    ), out["disagreements"][0]["sentence"]
    factors = [
        evidence_note(1, "Lake Orva reached a capacity factor of 47% in 2025.", "a-wire.example", "2026-02-12"),
        evidence_note(2, "Lake Orva had a capacity factor of 44% in 2025.", "b-research.example", "2026-01-15"),
    ]
    out = select(question="How did Lake Orva perform?", outline=[{"heading": "S", "purpose": "x"}], notes=factors)
    assert out["disagreements"][0]["sentence"].startswith("Sources disagree on capacity factor for Lake Orva in 2025: ")


def test_a_site_named_only_in_its_text_is_named_though_a_heading_runs_into_the_line():
    """A heading without a full stop is no part of the next line's name: the publisher is
    "Harbour Register", not "Northern Sea The Harbour Register" nor the domain's "Hr"."""
    text = "Annual report on terminals of the Northern Sea\nThe Harbour Register recorded 8 terminals in 2025."
    assert composition.source_label("Annual report on terminals", "hr.europa.example", text) == "Harbour Register"
