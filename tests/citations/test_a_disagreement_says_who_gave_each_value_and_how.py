"""A disagreement's sentence gives every value a verb: who reported it, or who estimated it when
the source's own words say it is reckoned, and when ("… while CellMarket Weekly estimated 52,000
tonnes on 1 December 2025"), so no value hangs in the sentence without a source saying it.
The offline judge reads that attribution as the parenthesised one: the sentence stays supported."""

from agents.engine import writer as engine_writer
from citations.selection import select
from tests.helpers import evidence_note

NOTES = [
    evidence_note(
        1,
        "Halvard Metals delivered 48,000 tonnes of cathode material in 2025.",
        "halvard-metals.example",
        "2026-02-24",
        title="Annual results - Halvard Metals",
        quality=0.7,
    ),
    evidence_note(
        2,
        "Halvard Metals is on course to ship about 52,000 tonnes of cathode material in 2025, according to our estimate.",
        "ore-ledger.example",
        "2025-12-01",
        title="Cathode market - Ore Ledger",
        quality=0.7,
    ),
]


def test_each_side_is_reported_or_estimated_by_its_source_on_its_date():
    out = select(
        question="How much cathode material did Halvard Metals deliver in 2025?",
        outline=[{"heading": "S", "purpose": "x"}],
        notes=NOTES,
    )
    [d] = out["disagreements"]
    text = d["draft"]["text"]
    assert text.startswith("Sources disagree on "), text
    assert "Halvard Metals reported 48,000 tonnes on 24 February 2026" in text, text
    assert "Ore Ledger estimated 52,000 tonnes on 1 December 2025" in text, text
    assert ", while " in text, text


def _verdict(sentence: str, sources: dict[str, str]) -> str:
    body = "".join(
        f'<quote domain="{n.domain}" source="{sources[n.domain]}" published="{n.published}">{n.quote}</quote>\n'
        for n in NOTES
    )
    return engine_writer.judge(f"<sentence>\n{sentence}\n</sentence>\n<quotes>\n{body}</quotes>")["verdict"]


def test_the_offline_judge_reads_each_side_as_attribution_of_a_cited_source():
    question = "How much cathode material did Halvard Metals deliver in 2025?"
    [d] = select(question=question, outline=[{"heading": "S", "purpose": "x"}], notes=NOTES)["disagreements"]
    sources = {"halvard-metals.example": "Halvard Metals", "ore-ledger.example": "Ore Ledger"}
    assert _verdict(d["draft"]["text"], sources) == "supported"
    # A side given by a source that is not cited is a claim the quotes do not make.
    stranger = d["draft"]["text"].replace("Ore Ledger", "Pellan Daily")
    assert _verdict(stranger, sources) != "supported"
