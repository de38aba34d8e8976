"""load_demo_corpus --corpus DIR: the local index holds one public corpus at a time; uploads stay."""

import json

import pytest
from django.core.management import CommandError, call_command

from agents.management.commands.load_demo_corpus import load
from agents.models import Document

PAGE = (
    "<html><head><title>{title}</title></head><body><article><h1>{title}</h1>"
    "<p>{text} This page belongs to a tiny test corpus about wind farms and their turbines.</p></article></body></html>"
)


def make_corpus(directory, pages):
    (directory / "pages").mkdir(parents=True)
    manifest = []
    for i, (url, title, text) in enumerate(pages):
        name = f"pages/p{i}.html"
        (directory / name).write_text(PAGE.format(title=title, text=text), encoding="utf-8")
        manifest.append({"url": url, "file": name, "title": title, "published": "2025-01-02", "kind": "news"})
    (directory / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return directory


@pytest.mark.django_db
def test_loading_a_corpus_replaces_the_other_public_pages_but_not_uploads(tmp_path, alice):
    one = make_corpus(
        tmp_path / "one",
        [
            ("https://a.example/x", "Alpha", "Alpha has ten turbines."),
            ("https://b.example/y", "Beta", "Beta has twelve turbines."),
        ],
    )
    two = make_corpus(tmp_path / "two", [("https://c.example/z", "Gamma", "Gamma has six turbines.")])
    Document.objects.create(owner=alice, collection="uploads", url="upload://alice/notes.txt", raw_ref="r", text="mine")

    assert load(one) == (2, 0)
    call_command("load_demo_corpus", "--corpus", str(two))
    public = set(Document.objects.filter(collection=Document.DEMO_COLLECTION, owner=None).values_list("url", flat=True))
    assert public == {"https://c.example/z"}
    assert Document.objects.filter(owner=alice, collection="uploads").count() == 1
    assert load(two) == (0, 1)


def test_a_directory_without_a_manifest_is_refused(tmp_path):
    with pytest.raises(CommandError, match="has no manifest.json"):
        call_command("load_demo_corpus", "--corpus", str(tmp_path))


@pytest.mark.django_db
def test_a_page_loaded_before_tables_became_sentences_is_cleaned_again_and_its_cache_dropped(tmp_path):
    from agents.sources import pages
    from jobs.models import PageCache

    table = (
        "<table><caption>Turbines by farm</caption><tr><th>Farm</th><th>Turbines</th></tr>"
        "<tr><td>Alpha</td><td>10</td></tr><tr><td>Beta</td><td>12</td></tr></table>"
    )
    one = make_corpus(tmp_path / "one", [("https://a.example/x", "Alpha", "Alpha and Beta are wind farms." + table)])
    load(one)
    doc = Document.objects.get(url="https://a.example/x")
    assert "Turbines by farm — Farm: Beta; Turbines: 12." in doc.text
    # As an older cleaner stored it: the table in trafilatura's pipes, and a cached page.
    Document.objects.filter(pk=doc.pk).update(text="Alpha\n| Farm | Turbines |\n|---|---|\n| Beta | 12 |")
    pages.get_page("https://a.example/x")
    assert PageCache.objects.filter(url="https://a.example/x").exists()

    assert load(one) == (0, 1)
    assert "Turbines by farm — Farm: Beta; Turbines: 12." in Document.objects.get(pk=doc.pk).text
    assert not PageCache.objects.filter(url="https://a.example/x").exists()


@pytest.mark.django_db
def test_reloading_a_corpus_scores_its_pages_again_with_the_current_signals(tmp_path):
    from agents.sources import quality

    one = make_corpus(tmp_path / "one", [("https://a.example/x", "Alpha", "Alpha has ten turbines.")])
    load(one)
    doc = Document.objects.get(url="https://a.example/x")
    fresh = doc.quality
    Document.objects.filter(pk=doc.pk).update(quality=0.99)  # as scored by an older release
    assert load(one) == (0, 1)
    assert (
        Document.objects.get(pk=doc.pk).quality
        == fresh
        == quality.score_page(doc.url, doc.title, doc.text, doc.published)
    )


@pytest.mark.django_db
def test_a_page_read_under_an_address_before_its_corpus_was_loaded_is_read_anew(tmp_path):
    # An earlier corpus (or an earlier load of this one) left a cached copy of the address: the
    # page loaded now is what a reader gets, not the cached text.
    from agents.sources import pages, store
    from jobs.models import PageCache

    one = make_corpus(tmp_path / "one", [("https://a.example/x", "Alpha", "Alpha has ten turbines.")])
    two = make_corpus(tmp_path / "two", [("https://a.example/x", "Alpha", "Alpha has eleven turbines now.")])
    load(one)
    pages.get_page("https://a.example/x")
    load(two)  # the other corpus's page at the same address
    page = pages.get_page("https://a.example/x")
    assert "eleven turbines" in store.get_text(page.content_ref)
    assert PageCache.objects.filter(url="https://a.example/x").count() == 1


@pytest.mark.django_db
def test_a_definition_list_cleaned_as_list_lines_is_cleaned_again(tmp_path):
    dl = "<dl><dt>Mira Holt</dt><dd>Chair of the Board since 2020.</dd></dl>"
    one = make_corpus(tmp_path / "one", [("https://a.example/x", "Alpha", "Alpha is run by a board." + dl)])
    load(one)
    doc = Document.objects.get(url="https://a.example/x")
    assert "Mira Holt: Chair of the Board since 2020." in doc.text
    Document.objects.filter(pk=doc.pk).update(text="Alpha\n- Mira Holt\n- Chair of the Board since 2020.")
    assert load(one) == (0, 1)
    assert "Mira Holt: Chair of the Board since 2020." in Document.objects.get(pk=doc.pk).text
