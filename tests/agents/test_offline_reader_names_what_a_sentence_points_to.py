"""A sentence that opens by pointing back ("It will use …", "The wind farm's 60 turbines …") is no
use to a reader of the report on its own: the offline reader's note names what it points to, and
its quote reaches back to the sentence that names it, still an exact span of the page. Invented
pages only."""

import pytest

from agents.engine import reader

MERROW = (
    "Tarrow Deep is a 1,440 MW offshore wind farm under construction in the Celtic Sea. "
    "First power is planned for 2027. It will use 80 KX-18 turbines from Ostwind Systems, rated at 18 MW each, "
    "the most powerful turbines Calder Renewables has ordered."
)
INAUGURATED = (
    "Esbjerg, 18 June 2025. Norvane Offshore inaugurated the Sollen Nord offshore wind farm today. "
    "The wind farm's 60 turbines were installed in under seven months by a crew of local technicians."
)
COMPANY = (
    "Ostwind Systems builds offshore turbines in Bremen and in Gdansk for customers in the North Sea. "
    "The company was founded in 1996 and employs 4,200 people at its two factories."
)


def _notes(subquestion, page, title):
    notes = reader.read(subquestion, page, title=title)["notes"]
    for n in notes:
        assert page[n["char_start"] : n["char_end"]] == n["quote"]  # still an exact span
    return notes


def test_it_is_the_thing_the_title_names_two_sentences_back():
    notes = _notes("Which turbines will Tarrow Deep use?", MERROW, "Tarrow Deep offshore wind farm")
    [turbines] = [n for n in notes if "KX-18" in n["claim"]]
    assert turbines["claim"].startswith("Tarrow Deep will use 80 KX-18 turbines from Ostwind Systems")
    assert turbines["quote"].startswith("Tarrow Deep is a 1,440 MW offshore wind farm")
    assert turbines["quote"].endswith("the most powerful turbines Calder Renewables has ordered.")


def test_the_wind_farm_is_the_name_the_noun_follows_not_the_sentences_first_name():
    notes = _notes("How many turbines does Sollen Nord have?", INAUGURATED, "Sollen Nord inaugurated")
    [turbines] = [n for n in notes if "60 turbines" in n["claim"]]
    assert turbines["claim"].startswith("Sollen Nord's 60 turbines were installed")
    assert turbines["quote"].startswith("Norvane Offshore inaugurated the Sollen Nord offshore wind farm today.")


def test_the_company_is_the_name_of_the_sentence_before():
    notes = _notes("When was Ostwind Systems founded and how many people does it employ?", COMPANY, "About us")
    [founded] = [n for n in notes if "1996" in n["claim"]]
    assert founded["claim"].startswith("Ostwind Systems was founded in 1996")


def test_a_sentence_that_names_its_subject_is_quoted_as_it_stands():
    notes = _notes("How large is Tarrow Deep?", MERROW, "Tarrow Deep offshore wind farm")
    [size] = [n for n in notes if "1,440 MW" in n["claim"] and "KX-18" not in n["claim"]]
    assert size["quote"] == size["claim"] == MERROW.split(" First power")[0]


def test_nothing_named_before_leaves_the_sentence_as_it_stands():
    page = "It will use 80 KX-18 turbines from Ostwind Systems, rated at 18 MW each, for the whole site."
    [note] = _notes("Which turbines will it use?", page, "")
    assert note["claim"] == note["quote"] == page


PROJECT = (
    "Harrow Shoal is an offshore wind farm in the Irish Sea with an installed capacity of 900 MW.\n"
    "Harrow Shoal is owned and operated by Calder Renewables.\n"
    "Technology\n"
    "The wind farm has 60 KX-15 turbines from Ostwind Systems, each rated at 15 MW.\n"
)


def test_a_heading_is_not_what_the_wind_farm_points_to():
    # "Technology" opens its own line: a heading, not a name; the wind farm is the one a sentence
    # a few lines up calls a wind farm
    notes = _notes("Which turbines does Harrow Shoal use?", PROJECT, "Harrow Shoal - Calder Renewables")
    [turbines] = [n for n in notes if "KX-15" in n["claim"]]
    assert turbines["claim"].startswith("Harrow Shoal has 60 KX-15 turbines from Ostwind Systems"), turbines
    assert turbines["quote"].startswith("Harrow Shoal is an offshore wind farm in the Irish Sea")


FARMS = (
    "Our wind farms\n"
    "Norvane Offshore operates two offshore wind farms in the North Sea. Both are serviced from Esbjerg.\n"
    "Sollen Nord\n"
    "Sollen Nord has 60 KX-15 turbines from Ostwind Systems and a capacity of 900 MW.\n"
    "Brand Flats\n"
    "Brand Flats has 40 KX-12 turbines, also from Ostwind Systems, and a capacity of 480 MW.\n"
    "Background\n"
    "Offshore wind farms are usually designed to operate for about thirty years.\n"
    "Offshore turbines are turned to face the offshore wind by a yaw system in the nacelle.\n"
    "Wind farm turbines need service contracts that guarantee a minimum availability.\n"
)


def test_on_a_page_titled_with_the_asked_words_each_named_thing_is_read_before_background():
    # The title holds "wind farms" and "Norvane Offshore": each farm's sentence answers the
    # turbine suppliers of its wind farms though it says only "turbines"; the background
    # sentences hold more asked words but name nothing.
    notes = _notes(
        "What are the turbine suppliers of the offshore wind farms of Norvane Offshore?",
        FARMS,
        "Our wind farms - Norvane Offshore",
    )
    claims = [n["claim"] for n in notes]
    assert any(c.startswith("Sollen Nord has 60 KX-15 turbines") for c in claims), claims
    assert any(c.startswith("Brand Flats has 40 KX-12 turbines") for c in claims), claims
    background = [i for i, c in enumerate(claims) if "yaw system" in c or "thirty years" in c]
    named = [i for i, c in enumerate(claims) if "KX-1" in c]
    assert len(background) <= max(0, 5 - len(named) - 1)


def test_a_one_word_name_that_opens_a_sentence_is_still_a_name():
    page = "Tarn is an offshore wind farm in the Irish Sea operated by Calder Renewables. It has 60 KX-15 turbines made by Ostwind Systems."
    notes = _notes("How many turbines does the Tarn wind farm have?", page, "Tarn - Calder Renewables")
    [turbines] = [n for n in notes if "KX-15" in n["claim"]]
    assert turbines["claim"].startswith("Tarn has 60 KX-15 turbines"), turbines


def test_a_sentence_that_leaves_its_subject_to_the_page_is_given_the_thing_the_title_names():
    page = (
        "Tarrow Deep is a 1,440 MW offshore wind farm under construction in the Celtic Sea. "
        "Turbines and foundations will be installed from the port of Kilmory, where a new quay is being built."
    )
    notes = _notes("Which port will be used to install Tarrow Deep?", page, "Tarrow Deep offshore wind farm - Calder")
    [port] = [n for n in notes if "Kilmory" in n["claim"]]
    assert port["claim"] == (
        "For Tarrow Deep, turbines and foundations will be installed from the port of Kilmory, "
        "where a new quay is being built."
    )
    assert port["quote"].startswith("Tarrow Deep is a 1,440 MW offshore wind farm")


@pytest.mark.parametrize(
    "sentence",
    [
        "Offshore wind farms are built in stages, foundations first.",  # background: names nothing
        "The largest plant of Ostwind Systems is in Bremen.",  # names its subject
        "In 2025, the site produced 3.1 TWh.",  # opens with a word of time
        "Cell makers quote capacity in GWh per year.",  # a unit is no name
    ],
)
def test_a_sentence_with_its_own_subject_or_none_to_give_is_left_as_it_stands(sentence):
    page = f"Tarrow Deep is a 1,440 MW offshore wind farm under construction in the Celtic Sea. {sentence}"
    note = reader.resolve(reader.tx.sentences(page)[1], reader.tx.sentences(page), page, "Tarrow Deep - Calder")
    assert note["claim"] == sentence
