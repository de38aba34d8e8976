"""Questions written as requests, claims to check and overviews are planned as what they ask,
in any domain: "Tell me about <a named thing>" is its profile (what it is and who runs it, its
figures, who built or supplies it, what changed), "Tell me about / Give me the X …" asks for the
X, "Is it true that S?" checks S against the amount the sources give, and "its" after a
who-question points to the thing named, never to the person asked for. Invented names only."""

from agents import questions as qtext
from agents.engine import planner
from agents.engine import question as qshape


def _texts(question: str, depth: str = "deep") -> list[str]:
    return [s["text"] for s in planner.plan(question, depth)["subquestions"]]


def test_an_overview_of_a_named_facility_is_its_profile():
    plan = planner.plan("Tell me about the Dunmere tidal plant.", "deep")
    assert qshape.parse("Tell me about the Dunmere tidal plant.").kind == "profile"
    texts = [s["text"] for s in plan["subquestions"]]
    assert any(t.startswith("Who runs the Dunmere tidal plant") for t in texts)
    assert any("capacity, output and cost" in t for t in texts)
    assert any(t.startswith("Who built the Dunmere tidal plant") for t in texts)
    assert "overview of the Dunmere tidal plant" in plan["scope"]
    assert all(s["hop"] == 1 for s in plan["subquestions"])


def test_an_overview_of_a_named_company_asks_what_it_does_and_who_leads_it():
    texts = _texts("Tell me about Quillan Freight.")
    assert "What does Quillan Freight do, who leads it, and since when?" in texts
    assert any("partners, suppliers or customers of Quillan Freight" in t for t in texts)


def test_a_field_without_a_name_is_still_narrowed_and_a_set_of_a_name_is_no_profile():
    assert qshape.parse("Tell me about batteries").kind == "vague"
    shape = qshape.parse("Tell me about the ferry routes of Quillan Freight in 2025")
    assert shape.kind != "profile"
    assert any(t.lower().startswith(("what are", "which")) or "ferry routes" in t for t in _texts(shape.text))


def test_a_request_for_a_figure_is_asked_as_a_question():
    texts = _texts("Give me the total fleet size of the Brannock ferry operators in 2025.")
    assert not any(t.lower().startswith("give me") for t in texts)
    assert any("total fleet size" in t and t.startswith(("What", "On", "In", "According")) for t in texts)


def test_a_claim_to_check_is_asked_as_the_amount_it_states():
    question = "Is it true that Harlow Water loses about a third of its water before it reaches homes?"
    assert qtext.absence_clause(question) == (
        "whether Harlow Water loses about a third of its water before it reaches homes"
    )
    assert _texts(question)[0] == "How much of its water does Harlow Water lose before it reaches homes?"
    assert qtext.amount_of("Harlow Water supplies half of the town's homes") == (
        "How much of the town's homes does Harlow Water supply?"
    )
    assert qtext.amount_of("Harlow Water uses Danfield pumps") == ""


def test_its_after_a_who_question_is_the_named_thing():
    texts = _texts("Who chairs the board of Harlow Water, and who is its chief executive?")
    assert any("chief executive" in t and "Harlow Water" in t for t in texts)
    assert any("chairs the board" in t for t in texts)
    assert not any("asked about" in t for t in texts)


def test_their_after_both_is_the_plural_named():
    texts = _texts(
        "Give me the total tonnage counted by both shipping registers in 2025, and explain why their totals differ."
    )
    assert "Explain why both shipping registers' totals differ." in texts


def test_a_ranking_asked_as_a_request_is_a_superlative_and_never_quoted_back():
    question = "Rank the ferry operators by passengers carried in 2025"
    assert qshape.parse(question).kind == "superlative"
    texts = _texts(question)
    assert "List the ferry operators with their passengers carried in 2025." in texts
    assert not any(qtext.echoes(t, question) for t in texts)
    assert qshape.parse("Rank the tidal plants by output.").kind == "superlative"
