"""The offline opening's second sentence is never another thing's figure of the asked kind: for
the capacity of the Brisco plant in Tarrow, the owner's largest plant's capacity reads as a rival
answer ("… 60,000 tonnes" beside "Plant: Tarrow; Capacity: 35,000"), so it is left to the body.
A second sentence about the asked plant itself is still written (an invented steel world)."""

from agents import composition
from tests.helpers import writer_note, writer_opening

QUESTION = "What is the annual capacity of Brisco Steel's rolling mill in Tarrow?"


def view(i, claim, domain="trade.example"):
    return writer_note(i, claim, domain, source="Steel Trade")


def opening(notes):
    return writer_opening(QUESTION, notes, purpose="The capacity.")


ROW = view(1, "Rolling mills — Mill: Tarrow; Country: Wales; Annual capacity (tonnes): 35,000; Opened: 2019.")
# The opening says the row as a sentence with the cells the question asks about.
ROW_SAID = composition.as_sentence(ROW["claim"], QUESTION)
LARGEST = view(2, "The largest rolling mill of Brisco Steel is in Harrow, with an annual capacity of 60,000 tonnes.")


def test_the_owners_other_mill_is_not_the_second_sentence():
    assert opening([ROW, LARGEST]) == [ROW_SAID]


def test_a_second_sentence_about_the_asked_mill_is_written():
    same = view(
        3, "Brisco Steel's rolling mill in Tarrow opened in 2019 and rolls 35,000 tonnes a year.", "brisco.example"
    )
    texts = opening([ROW, LARGEST, same])
    assert ROW_SAID in texts and LARGEST["claim"] not in texts, texts
