"""One user's uploads are never visible to another: bob can neither search nor read alice's
documents (full-text search, the uploads provider, the page reader and its cache), and a
worker on uploads has no web search at all."""

import pytest

from agents import tools
from agents.sources import documents, pages, search, store
from agents.sources.fetch import FetchRefused
from tests.documents import make_pdf
from tests.factories import ready_upload

QUERY = "Fjordline Cells Norvik Skarv"


@pytest.fixture
def alices_memo(alice):
    return ready_upload(
        user=alice,
        filename="memo.pdf",
        content=make_pdf(
            [
                "Fjordline Cells AS supplies the LFP battery cells for the Norvik Skarv from its plant in Mo i Rana.",
            ]
        ),
        content_type="application/pdf",
    )


def test_bob_finds_nothing_of_alices_in_full_text_search(alices_memo, alice, bob):
    assert [h.url for h in documents.search(QUERY, collection="uploads", owner=alice)] == [alices_memo.url]
    assert documents.search(QUERY, collection="uploads", owner=bob) == []
    assert documents.search(QUERY, collection="uploads", owner=None) == []
    assert all(h.url != alices_memo.url for h in documents.search(QUERY))  # the public demo corpus


def test_the_uploads_provider_searches_only_the_jobs_owner(alices_memo, alice, bob):
    provider = search.UploadsProvider()
    assert [r.url for r in provider.search(QUERY, owner=alice)] == [alices_memo.url]
    assert provider.search(QUERY, owner=bob) == []
    assert provider.search(QUERY, owner=None) == []


def test_bob_cannot_read_alices_upload_even_after_alice_read_it(alices_memo, alice, bob):
    page = pages.get_page(alices_memo.url, owner=alice)  # fills the page cache for alice
    assert "Fjordline Cells AS" in store.get_text(page.content_ref)
    with pytest.raises(FetchRefused):
        pages.get_page(alices_memo.url, owner=bob)
    with pytest.raises(FetchRefused):
        pages.get_page(alices_memo.url)  # no owner: only the public corpus and the web


def test_a_worker_on_uploads_has_no_tool_that_reaches_the_web():
    for sources in (["uploads"], ["web", "uploads"]):
        names = {t.name for t in tools.tools_for(sources)}
        assert "search" not in names and "fetch_pages" not in names
        assert {"find_files_by_name", "find_files_by_term", "search_files_by_meaning", "read_files"} <= names
        assert search.chain_for(sources) == ["uploads"]
    assert "search" in {t.name for t in tools.tools_for(["web"])}


def test_the_offline_worker_calls_the_search_tool_its_prompt_offers():
    from agents import prompts
    from agents.engine import worker

    for tool_set, expected in ((tools.UPLOADS_TOOLS, "find_files_by_term"), (tools.WEB_TOOLS, "search")):
        rendered = prompts.render(
            "search_worker",
            task="Which battery suppliers does Norvik Electric use?",
            subquestion="Which battery suppliers does Norvik Electric use?",
            turn=1,
            max_calls=6,
            pages_read=0,
            max_pages=3,
            compacted="",
            history=[],
            queries_sent=[],
            notes=[],
            tools=tool_set,
            collection=[],
        )
        system, user = (m["content"] for m in rendered.messages)
        assert worker.decide(user, system)["tool"] == expected
