"""The offline engine is a real algorithm over real text: these tests feed it text and check
what it extracts, not canned answers."""

from agents import text
from agents.engine import gap, planner, reader, writer
from agents.planner import overlapping_pairs

PAGE = (
    "Global Auto Wire\n"
    "Voltara Motors buys NMC cells from Helion Cells and LFP cells from Quanta Battery Company. "
    "The company was founded in 2009 in Lyon. "
    "In 2025 Helion Cells supplied 55% of the cells used by Voltara Motors. "
    "Subscribe to our newsletter for weekly battery news. "
    "Charging networks in Spain grew by 20% last year."
)


def test_the_reader_quotes_the_sentences_that_answer_the_subquestion_exactly():
    out = reader.read("Which battery suppliers does Voltara Motors use?", PAGE)
    quotes = [n["quote"] for n in out["notes"]]
    assert any("Helion Cells and LFP cells from Quanta" in q for q in quotes)
    assert not any("Charging networks" in q or "Subscribe" in q for q in quotes)
    for note in out["notes"]:
        assert PAGE[note["char_start"] : note["char_end"]] == note["quote"]
    assert len(out["notes"]) <= 5


def test_sentences_keep_exact_offsets_and_skip_list_markers():
    page = "Intro line.\n- Kaiyo Battery Works supplies Norvik Electric.\n2. Second item is here now."
    sents = text.sentences(page)
    assert all(page[s.start : s.end] == s.text for s in sents)
    assert sents[1].text.startswith("Kaiyo")


def test_the_planner_writes_four_to_eight_subquestions_that_do_not_overlap():
    question = "Compare the battery suppliers of the five largest electric car makers"
    for depth in ("quick", "deep"):
        plan = planner.plan(question, depth)
        texts = [s["text"] for s in plan["subquestions"]]
        assert 4 <= len(texts) <= 8
        assert overlapping_pairs(texts, question) == []
        headings = {o["heading"] for o in plan["outline"]}
        assert all(s["section"] in headings for s in plan["subquestions"])


def test_the_question_parser_separates_subject_verb_and_what_narrows_the_focus():
    from agents.engine import question as qshape

    shape = qshape.parse("Which recycling plants do the five largest electric car makers use for old battery packs?")
    assert (shape.kind, shape.focus, shape.subject) == (
        "list",
        "recycling plants for old battery packs",
        "the five largest electric car makers",
    )
    shape = qshape.parse("Which battery suppliers does Norvik Electric use?")
    assert (shape.focus, shape.subject) == ("battery suppliers", "Norvik Electric")


def test_overlap_is_caught_between_two_subquestions_with_the_same_meaning():
    question = "Compare the battery suppliers of the five largest electric car makers"
    pairs = overlapping_pairs(
        [
            "Which battery suppliers do the five largest electric car makers use?",
            "What battery suppliers are used by the five largest electric car makers?",
            "How have battery prices changed since 2024?",
        ],
        question,
    )
    assert (0, 1) in pairs and all(2 not in p for p in pairs)


def _judge(sentence, *quotes):
    body = "".join(
        f'<quote domain="a{i}.example" published="2025-01-0{i + 1}">{q}</quote>\n' for i, q in enumerate(quotes)
    )
    return writer.judge(f"<sentence>\n{sentence}\n</sentence>\n<quotes>\n{body}</quotes>")["verdict"]


def test_the_judge_supports_a_sentence_its_quote_states():
    q = "Sunmark Energy supplies about 70% of the battery cells used by Kestrel Automotive."
    assert _judge(q, q) == "supported"


def test_the_judge_rejects_a_changed_figure():
    assert (
        _judge(
            "Sunmark Energy supplies about 75% of the battery cells used by Kestrel Automotive.",
            "Sunmark Energy supplies about 70% of the battery cells used by Kestrel Automotive.",
        )
        == "unsupported"
    )


def test_the_judge_rejects_a_sentence_that_blends_two_notes():
    verdict = _judge(
        "Voltara Motors buys its battery cells from Sunmark Energy.",
        "Voltara Motors buys its battery cells from Helion Cells.",
        "Sunmark Energy supplies battery cells to Kestrel Automotive.",
    )
    assert verdict == "unsupported"


def test_the_judge_rejects_an_unrelated_note():
    assert (
        _judge(
            "Norvik Electric added Borealis Power Systems as an LFP supplier in 2024.",
            "Charging networks in Spain grew by 20% last year.",
        )
        == "unsupported"
    )


def test_the_writer_states_both_figures_when_sources_disagree():
    notes = "".join(
        f'<note id="{i}" domain="{d}" published="{p}" quality="0.8" sq="1">\n<claim>{c}</claim>\n<quote>{c}</quote>\n</note>\n'
        for i, d, p, c in [
            (1, "voltara-motors.example", "2026-01-06", "Voltara Motors delivered 1.82 million electric cars in 2025."),
            (
                2,
                "northgate-research.example",
                "2025-12-18",
                "Voltara Motors delivered 1.79 million electric cars in 2025.",
            ),
        ]
    )
    prompt = (
        f'<question>\nHow many cars did Voltara Motors deliver?\n</question>\n<section heading="Deliveries">\n'
        f"Deliveries in 2025.\n</section>\n<notes>\n{notes}</notes>"
    )
    out = writer.write_section(prompt)
    text_out = " ".join(s["text"] for s in out["sentences"])
    assert "1.82" in text_out and "1.79" in text_out and "6 January 2026" in text_out and "18 December 2025" in text_out
    assert _judge(
        out["sentences"][0]["text"],
        "Voltara Motors delivered 1.82 million electric cars in 2025.",
        "Voltara Motors delivered 1.79 million electric cars in 2025.",
    ) in {"supported", "partial"}


def test_the_gap_check_names_set_members_no_worker_covered():
    prompt = """<question>
Compare the battery suppliers of the five largest electric car makers
</question>
<researched>
<subquestion section="Overview" status="done">
Which are the five largest electric car makers?
<summary>The five largest electric car makers are Voltara Motors, Kestrel Automotive, Norvik Electric, Aurelia Mobility and Tanaka-Rhee Motors.</summary>
<not_found>[]</not_found>
</subquestion>
<subquestion section="Suppliers" status="done">
Which battery suppliers does each maker use?
<summary>Voltara Motors buys cells from Helion Cells. Kestrel Automotive buys from Sunmark Energy. Norvik Electric buys cells from Kaiyo Battery Works.</summary>
<not_found>[]</not_found>
</subquestion>
</researched>"""
    out = gap.decide(prompt)
    assert out["enough"] is False
    asked = " ".join(s["text"] for s in out["new_subquestions"])
    assert "Aurelia Mobility" in asked and "Tanaka-Rhee Motors" in asked
    assert "Voltara" not in asked


def test_the_gap_check_does_not_take_a_tables_values_for_members_of_the_set():
    # Rows of a table about the set name one member each, with its values (suppliers) and the
    # table's header words ("Cell suppliers", "Maker"): counted as listings of the set, they
    # outnumbered the last member of the real listing, who was then never checked.
    row = (
        "Cell suppliers of the five largest EV makers, 2025 — Maker: {maker}; 2025 deliveries: {n}; "
        "Cell suppliers and share of cells: {a} NMC 55%; {b} LFP 45%."
    )
    rows = "\n".join(
        "- " + row.format(maker=m, n=n, a=a, b=b)
        for m, n, a, b in [
            ("Voltara Motors", "1,820,000", "Helion Cells", "Quanta Battery Company"),
            ("Aurelia Mobility", "940,000", "Quanta Battery Company", "Helion Cells"),
            ("Norvik Electric", "1,130,000", "Kaiyo Battery Works", "Borealis Power Systems"),
        ]
    )
    listing = (
        "The five largest electric car makers by 2025 deliveries are Voltara Motors, Kestrel Automotive, "
        "Norvik Electric, Aurelia Mobility and Tanaka-Rhee Motors."
    )
    prompt = f"""<question>
Compare the battery suppliers of the five largest electric car makers
</question>
<researched>
<subquestion section="Overview" status="done">
Which electric car makers are the five largest?
<summary>names</summary>
<key_notes>
- {listing}
{rows}
</key_notes>
<not_found>[]</not_found>
</subquestion>
<subquestion section="Suppliers" status="done">
Who are the battery suppliers of each of the five largest makers?
<summary>names</summary>
<key_notes>
- {listing}
{rows}
- Sunmark Energy delivered 72 GWh of NMC cells for Kestrel Automotive in 2025.
</key_notes>
<not_found>[]</not_found>
</subquestion>
</researched>"""
    out = gap.decide(prompt)
    asked = [s["text"] for s in out["new_subquestions"]]
    assert out["enough"] is False
    assert any("Tanaka-Rhee Motors" in a for a in asked), asked
    assert not any(word in " ".join(asked) for word in ("Cell ", "Maker", "Helion", "Kestrel", "Voltara")), asked
