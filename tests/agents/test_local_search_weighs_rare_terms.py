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
