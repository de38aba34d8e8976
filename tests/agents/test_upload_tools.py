"""Tools on a user's uploads follow seed 000's table: find a file by name, by term, or by what
it is about; the planner and the worker see markers of the collection, never its content."""

import pytest

from agents import planner, tools
from agents.sources import search
from agents.sources.documents import collection_markers
from tests.factories import ready_upload
from tests.fakes import scripted_model

pytestmark = pytest.mark.django_db

MEMO = (
    "Fjordline Cells AS delivered 4.2 GWh of battery cells to Norvik Electric in 2024. "
    "The memo recommends that Norvik Electric adds a third battery supplier by 2027."
)
MENU = (
    "Monday: vegetarian lasagne with a green salad. Tuesday: grilled salmon, boiled potatoes and dill sauce. "
    "Wednesday: mushroom risotto. Dessert every day is fresh fruit or yoghurt."
)


@pytest.fixture
def alice_files(alice):
    memo = ready_upload(
        user=alice, filename="norvik-supplier-memo.txt", content=MEMO.encode(), content_type="text/plain"
    )
    menu = ready_upload(user=alice, filename="canteen-week-12.txt", content=MENU.encode(), content_type="text/plain")
    return memo, menu


def urls(provider_name, query, owner):
    return [r.url for r in search.provider(provider_name).search(query, owner=owner)]


def test_each_way_of_locating_a_file_finds_what_it_is_for(alice_files, alice):
    memo, menu = alice_files
    assert urls("uploads_name", "supplier memo", alice) == [memo.url]
    assert urls("uploads", "Fjordline", alice) == [memo.url]
    # No word in common with the menu: found by meaning only.
    assert urls("uploads", "what food is served for lunch", alice) == []
    assert urls("uploads_meaning", "what food is served for lunch", alice)[0] == menu.url


def test_bob_locates_none_of_alices_files_any_way(alice_files, bob):
    for provider_name, query in (
        ("uploads_name", "supplier memo"),
        ("uploads", "Fjordline"),
        ("uploads_meaning", "what food is served for lunch"),
    ):
        assert urls(provider_name, query, bob) == []


def test_the_three_locate_tools_say_what_each_is_for_and_not_for():
    locate = [tools.FIND_FILES_BY_NAME, tools.FIND_FILES_BY_TERM, tools.SEARCH_FILES_BY_MEANING]
    for tool in locate:
        others = [t.name for t in locate if t is not tool]
        assert all(name in tool.not_for for name in others), tool.name


def test_the_planner_sees_markers_of_the_collection_not_its_content(alice_files, alice, settings):
    markers = collection_markers(owner=alice)
    assert any(m.startswith("norvik-supplier-memo.txt | ") for m in markers)
    with scripted_model(settings) as fake:  # a FAKE that records prompts and answers with the offline engine
        planner.make_plan(
            question="Which battery suppliers does Norvik Electric use?",
            depth="quick",
            sources=["uploads"],
            collection_markers=markers,
        )
    seen = " ".join(m["content"] for _, messages in fake.calls for m in messages)
    assert "norvik-supplier-memo.txt" in seen and "canteen-week-12.txt" in seen
    assert "Fjordline Cells AS delivered" not in seen and "vegetarian lasagne" not in seen
