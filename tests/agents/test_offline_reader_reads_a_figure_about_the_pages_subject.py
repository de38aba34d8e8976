"""On a page whose title names the thing a sub-question asks about, a sentence that states a
figure of the asked measure and names nothing ("The project will cost ...") is about that
thing, and the offline reader keeps it. Invented page and names."""

from agents.engine import reader

PAGE = (
    "Tollan Reach reaches financial close\n"
    "12 May 2025\n"
    "Harwick Energy has signed the last contracts for Tollan Reach, its solar park on the Vell plateau. "
    "The project will cost 2.3 billion euros, including the grid connection and the storage hall. "
    "With 900 MW, Tollan Reach will be the largest solar park in the region once it opens in 2028. "
    "Solar parks on plateaus need long access roads and careful drainage. "
    "Tollan Reach sits on the Vell plateau, about forty kilometres from the coast of the region.\n"
)
SUBQUESTION = "How much will the Tollan Reach solar park cost?"
COST = "The project will cost 2.3 billion euros, including the grid connection and the storage hall."
# The note names what "the project" is, and its quote reaches back to the sentence that names it.
COST_CLAIM = "Tollan Reach will cost 2.3 billion euros, including the grid connection and the storage hall."


def _claims(title: str) -> list[str]:
    return [n["claim"] for n in reader.read(SUBQUESTION, PAGE, title=title)["notes"]]


def _quotes(title: str) -> list[str]:
    return [n["quote"] for n in reader.read(SUBQUESTION, PAGE, title=title)["notes"]]


def test_a_figure_sentence_naming_nothing_is_read_on_a_page_titled_with_the_asked_thing():
    assert COST_CLAIM in _claims("Tollan Reach reaches financial close")


def test_without_a_title_naming_the_asked_thing_it_is_not():
    assert not any(q.endswith(COST) for q in _quotes("Harwick Energy news"))
    assert not any(q.endswith(COST) for q in _quotes(""))


def test_the_quote_is_exact_at_its_offsets():
    note = next(
        n
        for n in reader.read(SUBQUESTION, PAGE, title="Tollan Reach reaches financial close")["notes"]
        if n["claim"] == COST_CLAIM
    )
    assert PAGE[note["char_start"] : note["char_end"]] == note["quote"]
    assert note["quote"].startswith("Harwick Energy has signed the last contracts for Tollan Reach")
    assert note["quote"].endswith(COST)


def test_the_offline_engine_reads_the_title_from_the_reader_prompt():
    from agents import prompts
    from agents.engine import blocks

    rendered = prompts.render(
        "reader",
        subquestion=SUBQUESTION,
        url="https://harwick-energy.example/news/tollan-reach-close",
        title="Tollan Reach reaches financial close",
        published="2025-05-12",
        nonce="ab12",
        page_text=PAGE,
        max_notes=5,
    )
    user = rendered.messages[1]["content"]
    assert blocks.page_title(user) == "Tollan Reach reaches financial close"
    assert blocks.page_text(user)[1] == PAGE


def test_the_project_is_the_line_the_title_names_in_short_not_the_company_named_first():
    page = (
        "Board approves Harrow Tunnel business case\n18 July 2024\n"
        "The board of Kelby Rail has approved the business case for the Harrow Tunnel Line. The project is expected "
        "to cost 1.9 billion euros, including track renewal, stations, the depot and the trains."
    )
    out = reader.read(
        "What is the cost of the Harrow Tunnel Line?", page, title="Board approves Harrow Tunnel business case"
    )
    [cost] = [n for n in out["notes"] if "1.9 billion" in n["claim"]]
    assert cost["claim"].startswith("Harrow Tunnel Line is expected to cost")
