"""A reply in a thread ("Yes, the Skarv uses …") and a post behind a site's label ("Thread
marked as answered: …") are the source speaking, like its first-person words: the report
attributes them and never says them in its own voice. Statements that only look alike are not."""

import pytest

from agents import composition
from agents.engine import writer
from tests.helpers import writer_note, writer_opening


@pytest.mark.parametrize(
    "text",
    [
        "Yes, the Norvik Skarv uses LFP cells from Borealis Power Systems.",
        "Thanks, the plant makes 40 GWh a year.",
        "Thread marked as answered: the Norvik Fjord uses NMC cells.",
        "Update: the plant opened in March.",
        "We count seven cell suppliers.",
        "kabel_kari wrote: Skarn Bank runs Ostwind KX-14 machines.",
    ],
)
def test_the_source_speaking(text):
    assert composition.source_voice(text)


@pytest.mark.parametrize(
    "text",
    [
        "Norvik Electric buys LFP cells from Borealis Power Systems.",
        "No. 3 plant of Helion Cells opened in 2020.",
        "Sources disagree on capacity: cellmarket.example reported 5 GWh.",
        "Plant list — Plant: Vaasa; Capacity: 28 GWh.",
        "March 2024: Sunmark Energy becomes the second supplier.",
        "Orvane Motors said: the plant opens in May.",
    ],
)
def test_not_the_source_speaking(text):
    assert not composition.source_voice(text)


def test_the_label_is_left_out_of_the_attributed_words():
    assert composition.without_label("Thread marked as answered: the Fjord uses NMC cells.") == (
        "The Fjord uses NMC cells."
    )
    note = {"claim": "Thread marked as answered: the Fjord uses NMC cells.", "source": "EV Talk Forum"}
    assert writer._voiced(note)["claim"] == "EV Talk Forum writes: \u201cThe Fjord uses NMC cells.\u201d"
    assert writer._voiced(note)["voiced"]


def test_the_opening_prefers_a_sentence_that_names_its_subject():
    notes = [
        writer_note(1, "The two suppliers will provide all the LFP cells used by Orvane Motors.", "a.example"),
        writer_note(2, "Brisco Works supplies the LFP cells used by Orvane Motors.", "b.example"),
    ]
    opening = writer_opening(
        "Which company supplies the LFP cells used by Orvane Motors?", notes, purpose="The supplier."
    )
    assert opening[0] == notes[1]["claim"]
    assert composition.points_back(notes[0]["claim"]) and not composition.points_back(notes[1]["claim"])


def test_a_posters_handle_is_left_out_and_their_we_is_no_finding():
    post = "kabel_kari wrote: Skarn Bank runs Ostwind KX-14 machines."
    note = {"claim": post, "source": "Turbine Talk Forum"}
    assert (
        writer._voiced(note)["claim"]
        == "Turbine Talk Forum writes: \u201cSkarn Bank runs Ostwind KX-14 machines.\u201d"
    )
    # A poster's "we" is their own: chatter that names nothing is no finding of the site's.
    from citations import relevance

    assert not relevance._names_or_figures("seaworthy_sam wrote: We are comparing availability figures.", set())
    assert relevance._names_or_figures("We are comparing availability figures.", set())
