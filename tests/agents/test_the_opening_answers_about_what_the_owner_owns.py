"""An ask about what a named owner owns ("In which city is Halvorsen Freight's ferry partner
headquartered?") is not answered by a note that says the same of the owner itself ("Halvorsen
Freight is headquartered in Bergen"): that note opens with the owner and never names the owned
thing. A note about the owned thing, or one that names it, still answers (an invented world)."""

from agents.engine import writer
from tests.helpers import writer_note, writer_opening

QUESTION = "In which city is Halvorsen Freight's ferry partner headquartered?"
OWNER_HQ = writer_note(1, "Halvorsen Freight is headquartered in Bergen, Norway, and was founded in 1998.")
PARTNER = writer_note(
    2, "Skjold Ferries, the ferry partner of Halvorsen Freight, runs its crossings from its head office in Stavanger."
)
DEAL = writer_note(3, "Halvorsen Freight and Skjold Ferries have signed a ferry partnership for 2026.")


def test_the_owners_own_headquarters_does_not_open_the_answer():
    texts = writer_opening(QUESTION, [OWNER_HQ, DEAL, PARTNER], purpose="The partner's city.")
    assert PARTNER["claim"] in texts and OWNER_HQ["claim"] not in texts, texts


def test_a_note_about_the_owner_that_names_the_owned_thing_still_answers():
    assert writer._about_the_owner(QUESTION, OWNER_HQ["claim"])
    assert not writer._about_the_owner(QUESTION, "Halvorsen Freight picked a ferry partner in Stavanger.")
    assert not writer._about_the_owner(QUESTION, PARTNER["claim"])  # opens with the partner
    # An ask whose subject owns nothing has no owner to set apart.
    assert not writer._about_the_owner("In which city is Halvorsen Freight headquartered?", OWNER_HQ["claim"])
