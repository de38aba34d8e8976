"""When sources disagree on a figure, what any source says about how far the value that does not
lead can be trusted ("… has not confirmed the 31 MW figure", "… refers to a possible second
phase that has not been approved") is quoted, attributed, right after the disagreement sentence,
and is not repeated elsewhere in the report. A note that states the value without qualifying it
is no caveat. The sentence names the disputed thing as the claims write it ("the capacity of the
Brenna Quay terminal of Osterlin Ports"), not as a list of its names."""

from citations.selection import select
from tests.helpers import evidence_note

QUESTION = "What is the capacity of the Brenna Quay terminal of Osterlin Ports?"
OUTLINE = [{"heading": "S", "purpose": "The terminal's capacity"}]

OWNER = evidence_note(
    1,
    "The Brenna Quay terminal of Osterlin Ports has a capacity of 24 MW.",
    "osterlin-ports.example",
    "2025-09-15",
    title="Brenna Quay terminal | Osterlin Ports",
    quality=0.7,
)
REGISTER = evidence_note(
    2,
    "The register lists the Brenna Quay terminal of Osterlin Ports with a capacity of 24 MW.",
    "harbour-register.example",
    "2026-01-20",
    title="Terminal record | Harbour Register",
    quality=0.7,
)
TRADE = evidence_note(
    3,
    "Osterlin Ports' Brenna Quay terminal has a capacity of 31 MW, according to people familiar with the site.",
    "quayside-weekly.example",
    "2024-05-02",
    title="Brenna Quay grows | Quayside Weekly",
    quality=0.6,
)
CAVEAT = evidence_note(
    4,
    "Osterlin Ports itself has not confirmed the 31 MW figure for Brenna Quay.",
    "quayside-weekly.example",
    "2024-05-02",
    title="Brenna Quay grows | Quayside Weekly",
    quality=0.6,
)
PHASE = evidence_note(
    5,
    "The 31 MW figure for Brenna Quay refers to a possible second phase that Osterlin Ports has not approved.",
    "harbour-register.example",
    "2026-01-20",
    title="Terminal record | Harbour Register",
    quality=0.7,
)
UNQUALIFIED = evidence_note(
    6,
    "Brenna Quay, run by Osterlin Ports, was rated at 31 MW in a 2024 survey of the port.",
    "port-survey.example",
    "2024-07-01",
    title="Port survey | Port Survey",
    quality=0.6,
)


def _selection(notes):
    return select(question=QUESTION, outline=OUTLINE, notes=notes)


def test_the_caveats_on_the_value_that_does_not_lead_follow_the_disagreement_quoted_and_attributed():
    out = _selection([OWNER, REGISTER, TRADE, CAVEAT, PHASE])
    [d] = out["disagreements"]
    assert "24 MW" in d["draft"]["text"] and "31 MW" in d["draft"]["text"]
    quoted = {b["text"]: b["note_ids"] for b in d["basis"]}
    caveat = (
        "Quayside Weekly writes: \u201cOsterlin Ports itself has not confirmed the 31 MW figure for Brenna Quay.\u201d"
    )
    phase = (
        "Harbour Register writes: \u201cThe 31 MW figure for Brenna Quay refers to a possible second phase that "
        "Osterlin Ports has not approved.\u201d"
    )
    assert quoted.get(caveat) == [4], quoted
    assert quoted.get(phase) == [5], quoted
    # The more credible source's qualification first.
    assert list(quoted).index(phase) < list(quoted).index(caveat)
    # Quoted once, beside the disagreement: not a section's sentence as well.
    assert out["withheld"]["4"].startswith("quoted beside disagreement")
    assert all(4 not in ids and 5 not in ids for ids in out["sections"].values())


def test_a_note_that_states_the_value_without_qualifying_it_is_no_caveat():
    out = _selection([OWNER, REGISTER, TRADE, UNQUALIFIED])
    [d] = out["disagreements"]
    assert not any("rated at 31 MW" in b["text"] and b["note_ids"] == [6] for b in d["basis"][1:]), d["basis"]
    assert not any("not confirmed" in b["text"] for b in d["basis"])


def test_the_disagreement_names_the_disputed_thing_as_the_claims_write_it():
    [d] = _selection([OWNER, REGISTER, TRADE])["disagreements"]
    assert d["draft"]["text"].startswith(
        "Sources disagree on the capacity of the Brenna Quay terminal of Osterlin Ports:"
    ), d["draft"]["text"]


def test_a_caveat_that_itself_states_the_value_is_quoted_once_and_a_copy_of_the_quoted_claim_is_not():
    own_caveat = evidence_note(
        7,
        "The capacity of 31 MW for the Brenna Quay terminal of Osterlin Ports has not been confirmed by the operator.",
        "quayside-weekly.example",
        "2024-05-02",
        title="Brenna Quay grows | Quayside Weekly",
        quality=0.6,
    )
    copy = evidence_note(
        8, TRADE.quote, "port-wire.example", "2024-05-03", title="Brenna Quay | Port Wire", quality=0.6
    )
    [d] = _selection([OWNER, REGISTER, TRADE, own_caveat, copy])["disagreements"]
    texts = [b["text"] for b in d["basis"]]
    assert sum("has not been confirmed by the operator" in t for t in texts) == 1, texts
    assert sum("according to people familiar with the site" in t for t in texts) == 1, texts
