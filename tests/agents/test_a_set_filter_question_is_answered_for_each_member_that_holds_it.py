"""A question that picks the members of a set holding something and asks a second thing of each
("Which of the four largest ferry operators use LNG engines, and from which suppliers?") is
answered member by member: the chain's filtered link is every member a sentence of its own says
holds the filter, not the one that shares the most words; the table has a row per such member
whose cell names only what stands beside the filter's word ("… and LNG engines from Osterholm
Motoren", not the diesel supplier before it). Invented ferry world."""

from agents import prompts
from agents import questions as qtext
from agents.engine import gap
from agents.engine import question as qshape
from agents.engine import writer as engine_writer
from tests.helpers import offline_answer, writer_note

QUESTION = "Which of the four largest ferry operators use LNG engines, and from which suppliers?"
CLAIMS = [
    "The four largest ferry operators by passengers in 2025 are Nordlys Lines, Baltic Crest, Sundbro Ferries and Kattegat Link.",
    "Kattegat Link uses LNG engines from Osterholm Motoren in its two newest ferries.",
    "Nordlys Lines buys diesel engines from Wartfeld Marine and LNG engines from Osterholm Motoren.",
    "Ferry engines — Operator: Baltic Crest; Engine suppliers: Kessel Maritime LNG 60%, Wartfeld Marine diesel 40%.",
    "Sundbro Ferries buys diesel engines from Wartfeld Marine.",
    "Wartfeld Marine supplies diesel engines to Sundbro Ferries and Nordlys Lines.",
]


def test_a_set_filter_with_a_second_ask_is_told_from_one_member_asked_for():
    assert qtext.asks_each_member(QUESTION)
    assert qtext.asks_each_member("Which of the three largest banks lend to coal miners, and to whom?")
    # one member asked for, no second ask, or a figure of each (no name a cell can give)
    assert not qtext.asks_each_member("Which of the three largest banks lend to coal miners, and how much?")
    assert not qtext.asks_each_member("Which of the four largest ferry operators use LNG engines, and what share?")
    assert not qtext.asks_each_member("Which of the four largest ferry operators has ordered ships, and from whom?")
    assert not qtext.asks_each_member("Which of the four largest ferry operators use LNG engines?")
    assert not qtext.asks_each_member("Compare the engine suppliers of Nordlys Lines and Baltic Crest")


def test_the_filtered_link_is_every_member_that_holds_the_filter():
    shape = qshape.parse(QUESTION)
    known = gap.resolve_chain(shape, QUESTION, [(1, c) for c in CLAIMS])
    # Sundbro Ferries, a member, buys only diesel engines; the set's listing says nothing of LNG.
    assert known == {"U2": "Nordlys Lines, Baltic Crest and Kattegat Link"}


def test_a_singular_filter_still_names_one_member():
    question = "Which of the four largest ferry operators uses LNG engines, and who supplies them?"
    shape = qshape.parse(question)
    known = gap.resolve_chain(shape, question, [(1, c) for c in CLAIMS])
    assert known.get("U2") in {"Nordlys Lines", "Baltic Crest", "Kattegat Link"}, known


def _table():
    notes = [writer_note(i, c) for i, c in enumerate(CLAIMS, 1)]
    user = prompts.render("writer_table", question=QUESTION, notes=notes).messages[1]["content"]
    return engine_writer.comparison_table(user)


def test_the_table_has_a_row_per_member_that_holds_it_in_the_sets_order():
    table = _table()
    assert table["entities"] == ["Nordlys Lines", "Baltic Crest", "Kattegat Link"], table
    assert table["attributes"] == ["LNG engine suppliers"]


def test_a_cell_names_only_what_stands_beside_the_filters_word():
    cells = {c["entity"]: c for c in _table()["cells"]}
    assert cells["Nordlys Lines"]["value"] == "Osterholm Motoren"  # not Wartfeld Marine's diesel engines
    assert set(cells["Nordlys Lines"]["note_ids"]) == {3}
    # The table row's "Kessel Maritime LNG 60%": the share kept, the column's own word left out.
    assert cells["Baltic Crest"]["value"] == "Kessel Maritime (60%)"
    assert cells["Kattegat Link"]["value"] == "Osterholm Motoren"


def test_a_plain_filter_opens_with_the_members_that_hold_it_not_with_an_absence():
    # No one note answers "Which of the four largest … use LNG engines?"; the listing and each
    # member's own note do, together: the opening says so in one sentence citing them all.
    question = "Which of the four largest ferry operators use LNG engines?"
    notes = [writer_note(i, c) for i, c in enumerate(CLAIMS, 1)]
    out = offline_answer(
        question, notes, [{"id": 1, "hop": 1, "round": 1, "text": "Which ferry operators are the four largest?"}]
    )
    first = out["sentences"][0]
    assert first["text"] == (
        "Of the four largest ferry operators, Nordlys Lines, Baltic Crest and Kattegat Link use LNG engines."
    )
    assert set(first["note_ids"]) == {1, 2, 3, 4}  # the listing and each member's own note
    assert out["unanswered"] == []
    quotes = " ".join(CLAIMS[i - 1] for i in first["note_ids"])
    assert all(name in quotes for name in ("Nordlys Lines", "Baltic Crest", "Kattegat Link", "LNG engines"))
    quoted = "\n".join(
        f'<quote domain="site{i}.example" source="site{i}.example" published="undated">{CLAIMS[i - 1]}</quote>'
        for i in first["note_ids"]
    )
    verdict = engine_writer.judge(f"<sentence>\n{first['text']}\n</sentence>\n<quotes>\n{quoted}\n</quotes>")
    assert verdict["verdict"] == "supported", verdict


def test_a_filter_whose_set_is_not_found_gets_no_table_and_no_headless_sentence():
    # The farms of one owner are no listed set: no table of whatever the names link to, and a
    # column with no head ("linked to") is never set side by side ("The linked to of …").
    from agents import composition

    question = "Which of the ferries of Nordlys Lines use LNG engines, and which models?"
    notes = [writer_note(i, c) for i, c in enumerate(CLAIMS[1:3], 1)]
    user = prompts.render("writer_table", question=question, notes=notes).messages[1]["content"]
    assert engine_writer.comparison_table(user)["cells"] == []
    assert composition.side_by_side("linked to", [("A", "X"), ("B", "Y")]) == ""


def test_the_members_sentence_keeps_a_past_tense_and_leaves_comparisons_alone():
    notes = [writer_note(i, c) for i, c in enumerate(CLAIMS, 1)]
    past = engine_writer._filter_answer("Which of the four largest ferry operators bought LNG engines?", notes)
    assert past["text"].endswith("Nordlys Lines, Baltic Crest and Kattegat Link bought LNG engines.")
    compared = "Which of the four largest ferry operators carried fewer passengers in 2025 than in 2024?"
    assert engine_writer._filter_answer(compared, notes) is None
