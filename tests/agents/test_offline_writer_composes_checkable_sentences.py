"""The offline writer composes sentences from several notes (instead of copying one quote) only
in forms its judge and the citation check can still verify part by part; it never makes a
sentence say of one name what a note said of another."""

from agents.engine import writer


def judged(sentence, quotes):
    body = "".join(f'<quote domain="a.example" source="A" published="undated">{q}</quote>\n' for q in quotes)
    return writer.judge(f"<sentence>\n{sentence}\n</sentence>\n<quotes>\n{body}</quotes>")["verdict"]


def s(text, *ids):
    return {"text": text, "note_ids": list(ids)}


def test_two_notes_that_say_the_same_of_two_names_become_one_sentence_citing_both():
    a, b = "Tessel Energy supplies LFP cells to Orvane Motors.", "Tessel Energy supplies LFP cells to Pellan Cars."
    out = writer.compose([s(a, 1), s("Quarrow Cells makes cells.", 2), s(b, 3)])
    assert out[0] == s("Tessel Energy supplies LFP cells to Orvane Motors and Pellan Cars.", 1, 3)
    assert judged(out[0]["text"], [a, b]) == "supported"


def test_two_predicates_of_one_subject_are_joined_and_each_is_checked_against_its_quote():
    a, b = "Tessel Energy was founded in 2009.", "Tessel Energy supplies 70% of the cells used by Orvane Motors."
    out = writer.compose([s(a, 1), s(b, 2)])
    assert out == [s("Tessel Energy was founded in 2009 and supplies 70% of the cells used by Orvane Motors.", 1, 2)]
    assert judged(out[0]["text"], [a, b]) == "supported"
    # The figure moved to the other predicate is caught.
    assert (
        judged("Tessel Energy was founded in 2009 and supplies 60% of the cells used by Orvane Motors.", [a, b])
        == "unsupported"
    )


def test_nothing_is_joined_when_it_would_change_what_is_said_of_whom():
    # A trailing phrase would read as said of both names in a list: each predicate keeps its own.
    a, b = (
        "Tessel Energy supplies LFP cells to Orvane Motors.",
        "Tessel Energy supplies LFP cells to Pellan Cars since 2023.",
    )
    out = [x["text"] for x in writer.compose([s(a, 1), s(b, 2)])]
    assert out == [
        "Tessel Energy supplies LFP cells to Orvane Motors and supplies LFP cells to Pellan Cars since 2023."
    ]
    assert judged(out[0], [a, b]) == "supported"
    # A relative clause at the end of the first would seem to take the joined predicate.
    c = "Orvane Motors buys its cells from Tessel Energy, which runs a plant in Molde."
    d = "Orvane Motors was founded in 2011."
    assert [x["text"] for x in writer.compose([s(c, 1), s(d, 2)])] == [c, d]
    # Two notes of one fact are not said twice.
    e, f = "Orvane Motors delivered 1.2 million cars in 2025.", "Orvane Motors delivered 1,200,000 vehicles in 2025."
    assert len(writer.compose([s(e, 1), s(f, 2)])) == 2


def test_first_person_notes_are_attributed_and_titles_are_skipped():
    note = {
        "id": 1,
        "domain": "cellmarket-weekly.example",
        "source": "CellMarket Weekly",
        "claim": "We count seven suppliers.",
    }
    assert writer._voiced(note)["claim"] == "CellMarket Weekly writes: \u201cWe count seven suppliers.\u201d"
    assert writer._heading_like("Battery Suppliers Map 2025")
    assert not writer._heading_like("Tessel Energy was founded in 2009.")


def rivals_prompt(disputed: str | tuple) -> str:
    from agents import prompts

    marks = disputed if isinstance(disputed, tuple) else (disputed, disputed)

    notes = [
        {
            "id": i,
            "claim": claim,
            "quote": claim,
            "domain": domain,
            "source": domain,
            "published": "2025-05-01",
            "quality": "0.80",
            "sq": 1,
            "hop": 1,
            "context": "",
            "disputed": marks[i - 1],
        }
        for i, (claim, domain) in enumerate(
            [
                ("Tessel Energy made 40 GWh of cells in 2025.", "a.example"),
                ("Tessel Energy made 55 GWh of cells in 2025.", "b.example"),
            ],
            1,
        )
    ]
    rendered = prompts.render(
        "writer",
        question="How many cells did Tessel Energy make in 2025?",
        outline=[],
        heading="Output",
        purpose="Tessel Energy's cell output.",
        notes=notes,
        feedback="",
        mode="section",
        unanswered=[],
        subquestions=[],
    )
    return "\n".join(m["content"] for m in rendered.messages)


def test_a_disagreement_code_already_states_is_not_written_again():
    # Without a disagreement from code, the writer sets the rival figures side by side itself.
    texts = [x["text"] for x in writer.write_section(rivals_prompt(""))["sentences"]]
    assert any(t.startswith("Sources disagree") and "40 GWh" in t and "55 GWh" in t for t in texts), texts
    # With both notes marked as one disagreement (stated in its own sentence by code): not again.
    texts = [x["text"] for x in writer.write_section(rivals_prompt("D1"))["sentences"]]
    assert not any(t.startswith("Sources disagree") for t in texts), texts
    # One of them in code's disagreement (the other a figure code does not weigh, such as what
    # "earlier reports" said): code's sentence is the one disagreement, not a second from the writer.
    texts = [x["text"] for x in writer.write_section(rivals_prompt(("D1", "")))["sentences"]]
    assert not any(t.startswith("Sources disagree") for t in texts), texts


def test_a_dateline_is_not_a_sentence_of_the_report():
    assert writer._heading_like("Seoul and Ostrava, 15 September 2025.")
    assert writer._heading_like("Esbjerg, 18 June 2025.")
    assert not writer._heading_like("Tessel Energy opened Ostrava in 2021.")
    # A document's title line with its date says nothing either; a sentence dated so still does.
    assert writer._heading_like("Tessel Energy internal supply memo, May 2025.")
    assert writer._heading_like("Orvane quarterly fleet note, 2024.")
    assert not writer._heading_like("Tessel Energy signed the supply memo, May 2025.")
    assert not writer._heading_like("The plant in Ostrava runs two lines, since 2024.")


def test_a_table_row_on_the_companys_own_site_answers_a_figure_question_in_the_opening():
    # The row names neither the company (its own site) nor the unit (in the column header); it
    # is still the answer, and the opening must not say the sources do not state it.

    rows = [
        ("Foundry sites — Site: Lerwick; Capacity (tonnes per year): 12,000; Opened: 2019.", "brannock-alloys.example"),
        (
            "The largest site of Brannock Alloys is in Leeds, with a capacity of 40,000 tonnes a year.",
            "brannock-alloys.example",
        ),
        ("Brannock Alloys makes aluminium castings for wind turbines.", "metal-weekly.example"),
    ]
    notes = [note(i, c, d) for i, (c, d) in enumerate(rows, 1)]
    question = "What is the annual capacity of Brannock Alloys' foundry in Lerwick?"
    out = opening(question, notes)
    assert out["unanswered"] == []
    assert out["sentences"][0]["text"].startswith("Lerwick has capacity (tonnes per year) 12,000"), out["sentences"]


def opening(question: str, notes: list[dict]) -> dict:
    from agents import prompts

    rendered = prompts.render(
        "writer",
        question=question,
        outline=[],
        heading="Answer",
        purpose="The answer.",
        notes=notes,
        feedback="",
        mode="answer",
        unanswered=[],
        subquestions=[{"id": 1, "hop": 1, "round": 1, "text": question}],
    )
    return writer.write_section("\n".join(m["content"] for m in rendered.messages))


def note(i: int, claim: str, domain: str) -> dict:
    return {
        "id": i,
        "claim": claim,
        "quote": claim,
        "domain": domain,
        "source": domain.split(".")[0].replace("-", " ").title(),
        "published": "2025-05-01",
        "quality": "0.70",
        "sq": 1,
        "hop": 1,
        "context": "",
        "disputed": "",
    }


def test_the_opening_is_about_the_named_thing_not_another_of_its_kind():
    # The first note holds every word of the question but is about another wind farm.
    notes = [
        note(1, "Corran Bank is an offshore wind farm with an installed capacity of 900 MW.", "seawind-news.example"),
        note(2, "With all 60 turbines turning, Tallow Reef has a capacity of 840 MW.", "tallow-energy.example"),
        note(3, "Tallow Reef is an offshore wind farm operated by Tallow Energy.", "seawind-news.example"),
    ]
    out = opening("What is the installed capacity of the Tallow Reef wind farm?", notes)
    assert "840 MW" in out["sentences"][0]["text"], out["sentences"]


def test_an_owners_name_and_the_things_name_are_both_asked_and_a_units_symbol_is_its_word():
    # "Hallam Wire's Dunmore plant" names two things; "km" and "annual" ask what "kilometres"
    # and "a year" ask.
    notes = [
        note(1, "Hallam Wire makes subsea power cables in two plants.", "cable-journal.example"),
        note(2, "Wire plants — Plant: Dunmore; Annual output (km of cable): 700; Opened: 2016.", "hallam-wire.example"),
        note(3, "Wire plants — Plant: Kelso; Annual output (km of cable): 450; Opened: 2009.", "hallam-wire.example"),
    ]
    out = opening("How many kilometres of cable can Hallam Wire's Dunmore plant make in a year?", notes)
    assert out["sentences"][0]["text"].startswith("Dunmore has annual output (km of cable) 700"), out["sentences"]


def test_a_products_figure_is_read_from_its_own_row_not_a_sibling_products_on_the_makers_site():
    # Both rows are on the maker's own site, whose domain begins with the product's first word:
    # that makes the site the maker's, not every row on it the Ostra Breeze's.
    notes = [
        note(1, "Ostra technical data — Model: Ostra Gale; Battery (kWh): 82; Range (km): 510.", "ostra-bikes.example"),
        note(
            2, "Ostra technical data — Model: Ostra Breeze; Battery (kWh): 41; Range (km): 260.", "ostra-bikes.example"
        ),
        note(3, "The Ostra Breeze is the city model of Ostra Bikes.", "ebike-news.example"),
    ]
    out = opening("What is the battery capacity of the Ostra Breeze?", notes)
    assert out["sentences"][0]["text"].startswith("Ostra Breeze has battery (kWh) 41"), out["sentences"]


def test_the_opening_states_what_is_asked_not_what_describes_the_thing():
    # "offshore wind farm" describes Tallow Reef in every note; "cost" is what is asked, and the
    # rarest of the question's words among the notes.
    notes = [
        note(1, "Tallow Reef is a 1,440 MW offshore wind farm under construction in the Irish Sea.", "a-news.example"),
        note(2, "Consent was granted for Tallow Reef, an offshore wind farm of up to 1,440 MW.", "b-gov.example"),
        note(3, "Tallow Reef, an offshore wind farm, will use 80 KX-18 turbines rated at 18 MW.", "c-news.example"),
        note(4, "Tallow Reef will cost 5.1 billion euros, including the export cables.", "tallow-energy.example"),
        note(5, "Tallow Energy operates two offshore wind farms in the Irish Sea.", "tallow-energy.example"),
    ]
    out = opening("How much will the Tallow Reef offshore wind farm cost?", notes)
    assert "5.1 billion euros" in out["sentences"][0]["text"], out["sentences"]


def test_a_table_cells_share_is_the_one_in_its_names_own_part_of_the_row():
    row = (
        "Cell suppliers, 2025 — Maker: Orvane Motors; Deliveries: 1,200,000; "
        "Suppliers and share: Tessel Energy NMC 55%; Quarrow Cells LFP 45%."
    )
    assert writer._figure_near(row, "Tessel Energy NMC") == "55%"
    assert writer._figure_near(row, "Quarrow Cells LFP") == "45%"
    both = "Pellan Cars buys cells from Tessel Energy (60%) and Quarrow Cells (40%)."
    assert writer._figure_near(both, "Quarrow Cells") == "40%"
    assert writer._figure_near("Pellan Cars gets 60% of its cells from Tessel Energy.", "Tessel Energy") == "60%"


def test_rows_side_by_side_name_each_row_in_its_own_clause():
    from agents import composition

    text = composition.side_by_side(
        "battery suppliers",
        [("Orvane Motors", "Tessel Energy (70%), Quarrow Cells (30%)"), ("Pellan Cars", "Tessel Energy")],
    )
    assert text == (
        "The battery suppliers of Orvane Motors are Tessel Energy (70%) and Quarrow Cells (30%); "
        "and those of Pellan Cars are Tessel Energy."
    )
    # each clause is checked on its own, and a list name by name
    assert composition.distributed("those of Orvane Motors are Tessel Energy (70%) and Quarrow Cells (30%)") == [
        "those of Orvane Motors are Tessel Energy (70%)",
        "those of Orvane Motors are Quarrow Cells (30%)",
    ]
    assert composition.side_by_side("headquarters city", [("A Co", "Lessing"), ("B Co", "Tarvik")]).startswith(
        "The headquarters city of A Co is Lessing; and that of B Co is Tarvik"
    )
    assert composition.side_by_side("battery suppliers", [("Orvane Motors", "Tessel Energy")]) == ""


def test_the_opening_states_plainly_said_answers_before_a_source_speaking_for_itself():
    rows = [
        (
            "We know Dunmore Bank uses Orvane OX-12 turbines, so we asked Pellan for their numbers.",
            "windchat-forum.example",
        ),
        ("Dunmore Bank uses 60 Orvane OX-12 turbines.", "pellan-energy.example"),
        ("Kelso Rise uses Orvane OX-12 turbines too.", "pellan-energy.example"),
    ]
    notes = [note(i, c, d) for i, (c, d) in enumerate(rows, 1)]
    out = opening("Which wind farms use the Orvane OX-12 turbine?", notes)
    texts = [x["text"] for x in out["sentences"]]
    voiced = next(i for i, t in enumerate(texts + ["writes: \u201c"]) if "writes: \u201c" in t)
    assert texts[0].startswith("Dunmore Bank uses 60 Orvane OX-12 turbines"), texts
    assert any(t.startswith("Kelso Rise") for t in texts[:voiced]), texts


def test_a_source_speaking_for_itself_is_not_added_to_an_answer_already_given():
    rows = [
        ("Dunmore Bank uses 60 Orvane OX-12 turbines.", "pellan-energy.example"),
        (
            "We know Dunmore Bank uses Orvane OX-12 turbines, so we asked Pellan for their numbers.",
            "windchat-forum.example",
        ),
    ]
    out = opening("Which wind farms use the Orvane OX-12 turbine?", [note(i, c, d) for i, (c, d) in enumerate(rows, 1)])
    assert [x["text"] for x in out["sentences"]] == ["Dunmore Bank uses 60 Orvane OX-12 turbines."]
    # with nothing plainly stated, the source's own words still answer, attributed
    alone = opening("Which wind farms use the Orvane OX-12 turbine?", [note(2, rows[1][0], rows[1][1])])
    assert [x["text"] for x in alone["sentences"]] == [
        "Windchat Forum writes: \u201cWe know Dunmore Bank uses Orvane OX-12 turbines, so we asked Pellan for their numbers.\u201d"
    ]
