"""Full-text search over uploads (and the demo corpus) ranks a page by the query terms it holds,
each weighted by how rare it is in the collection: the one memo about the Tarrow plant comes
first for a query that names Tarrow, ahead of pages that repeat the common words."""

from agents.sources import documents
from tests.factories import ready_upload

COMMON = (
    "Brisco Cell Works makes battery cells at its plant. The plant produces cells for car makers, "
    "and the cells go to the makers that buy them. Each plant buys materials for its cells."
)


def test_a_rare_term_outweighs_common_terms_repeated(alice):
    for i in range(6):
        ready_upload(user=alice, filename=f"plant-{i}.txt", content=f"Report {i}. {COMMON}".encode())
    tarrow = ready_upload(
        user=alice,
        filename="tarrow.txt",
        content=b"Orvane Motors takes every battery cell made at the Tarrow site.",
    )

    hits = documents.search("maker buys cells produced Tarrow plant", collection="uploads", owner=alice)

    assert hits[0].url == tarrow.url, [h.url for h in hits]
    assert len(hits) == 7  # any term may match


def test_a_word_and_its_plural_are_one_term(alice):
    """ "cell" and "cells" stem alike: asking both does not make the word look twice as common
    (which ranked the commoner "gasket" above it), so the ranking is the one for the word asked once."""
    for i in range(5):
        ready_upload(user=alice, filename=f"filler-{i}.txt", content=f"Memo {i} on Orvane Motors' hiring.".encode())
    for i in range(2):
        ready_upload(user=alice, filename=f"cell-{i}.txt", content=f"Memo {i}: the Tarrow cell line opens.".encode())
    for i in range(3):
        ready_upload(user=alice, filename=f"gasket-{i}.txt", content=f"Memo {i}: the Nysa gasket line opens.".encode())

    once = documents.search("cell gasket", collection="uploads", owner=alice)
    twice = documents.search("cell cells gasket", collection="uploads", owner=alice)

    assert "cell-" in once[0].url, [h.url for h in once]  # the rarer word ranks first
    assert [h.url for h in twice] == [h.url for h in once]
