"""A comparison of what two owners' things use ("the turbine suppliers of the offshore wind farms
of Corrievale-like A and B") has a row per owner whose cell names the suppliers the notes link to
the owner's own wind farms (the owner's wind farm, then that farm's turbines "from" a maker),
citing both notes; a wind farm, a turbine model and a person quoted are never a supplier; the
side-by-side sentence is left to rows whose quotes use the attribute's own word. Invented world."""

from agents import prompts
from agents.engine import writer as engine_writer
from tests.helpers import writer_note, writer_prompt

QUESTION = "Compare the turbine suppliers of the offshore wind farms of Orrin Power and Halden Sea"
CLAIMS = [
    "Kelvy Bank is the offshore wind farm of Orrin Power in the North Sea.",
    "Kelvy Bank has 80 TX-15 turbines from Brenning Turbines, each rated at 15 MW.",
    '"First power at Kelvy Bank is a proud moment for our team and our suppliers," said Fraser Mull, chief executive of Orrin Power.',
    "Merrow Deep will use 80 AW-18 turbines from Astrafell Wind, the most powerful turbines Orrin Power has ordered.",
    "Halden Sea inaugurated the Lyngrev Nord offshore wind farm today.",
    "Lyngrev Nord has 60 TX-15 turbines from Brenning Turbines and a capacity of 900 MW.",
]


def _table():
    notes = [writer_note(i, c) for i, c in enumerate(CLAIMS, 1)]
    user = prompts.render("writer_table", question=QUESTION, notes=notes).messages[1]["content"]
    return engine_writer.comparison_table(user)


def test_each_owner_gets_the_suppliers_of_its_own_wind_farms():
    cells = {c["entity"]: c for c in _table()["cells"]}
    assert set(cells) == {"Orrin Power", "Halden Sea"}, cells
    orrin = cells["Orrin Power"]["value"].split(", ")
    assert set(orrin) == {"Astrafell Wind", "Brenning Turbines"}, orrin
    assert cells["Halden Sea"]["value"] == "Brenning Turbines"
    # The Halden Sea cell cites the note tying it to Lyngrev Nord and Lyngrev Nord's turbines.
    assert {5, 6} <= set(cells["Halden Sea"]["note_ids"]), cells["Halden Sea"]


def test_a_wind_farm_a_model_and_a_quoted_person_are_no_supplier():
    values = " ".join(c["value"] for c in _table()["cells"])
    for wrong in ("Kelvy Bank", "Merrow Deep", "Lyngrev Nord", "TX-15", "AW-18", "Fraser Mull"):
        assert wrong not in values, values


def test_a_quoted_remark_does_not_open_the_answer():
    notes = [writer_note(i, c) for i, c in enumerate(CLAIMS, 1)]
    user = writer_prompt(QUESTION, notes, heading="Answer", purpose="The direct answer.", mode="answer")
    texts = [s["text"] for s in engine_writer.write_answer(user)["sentences"]]
    assert texts and not texts[0].startswith('"'), texts
