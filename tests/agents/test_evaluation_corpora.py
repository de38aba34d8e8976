"""The evaluation corpora (demo, held-out, and the fresh and fourth corpora written blind): generated deterministically by their scripts, and
their ground-truth annotations hold on their own pages."""

import filecmp
import json
import re
import subprocess
import sys
from pathlib import Path

import lxml.html
import pytest

from jobs import evaluation as ev

ROOT = Path(__file__).resolve().parents[2]
CORPORA = {
    "demo_corpus": ROOT / "scripts" / "build_demo_corpus.py",
    "heldout_corpus": ROOT / "scripts" / "build_heldout_corpus.py",
    "fresh_corpus": ROOT / "scripts" / "build_fresh_corpus.py",
    "fourth_corpus": ROOT / "scripts" / "build_fourth_corpus.py",
}
GENERATED = ["manifest.json", "facts.json", "questions.jsonl", "README.md"]


def corpus_dir(name: str) -> Path:
    return ROOT / "agents" / "sources" / name


def page_sentences(directory: Path, visible_only: bool = True) -> dict[str, list[str]]:
    """Sentences of every page (table rows as "cell | cell"), by URL; hidden elements dropped
    unless visible_only is False."""
    out = {}
    for entry in json.loads((directory / "manifest.json").read_text(encoding="utf-8")):
        root = lxml.html.fromstring((directory / entry["file"]).read_bytes())
        for el in (
            root.xpath('//*[@hidden or contains(translate(@style, " ", ""), "display:none")]') if visible_only else []
        ):
            el.getparent().remove(el)
        blocks = [
            re.sub(
                r"\s+", " ", " | ".join(c.text_content() for c in el) if el.tag == "tr" else el.text_content()
            ).strip()
            for el in root.iter("p", "li", "tr", "h2", "caption")
        ]
        if not visible_only:  # hidden text sits in bare <div>s and <span>s too
            blocks.append(re.sub(r"\s+", " ", root.text_content()))
        out[entry["url"]] = [s for b in blocks for s in re.split(r"(?<=[.!?])\s+", b) if s]
    return out


@pytest.mark.parametrize("name", sorted(CORPORA))
def test_the_committed_corpus_is_exactly_what_its_script_generates(name, tmp_path):
    subprocess.run([sys.executable, str(CORPORA[name]), "--out", str(tmp_path)], check=True, capture_output=True)
    committed = corpus_dir(name)
    pages = sorted(p.name for p in (tmp_path / "pages").iterdir())
    assert pages == sorted(p.name for p in (committed / "pages").iterdir())
    _, mismatch, errors = filecmp.cmpfiles(
        committed, tmp_path, GENERATED + [f"pages/{p}" for p in pages], shallow=False
    )
    assert mismatch == [] and errors == []


@pytest.mark.parametrize("name", sorted(CORPORA))
def test_every_false_claim_is_caught_on_its_farm_and_nowhere_else(name):
    directory = corpus_dir(name)
    facts = json.loads((directory / "facts.json").read_text(encoding="utf-8"))
    kinds = {e["url"]: e["kind"] for e in json.loads((directory / "manifest.json").read_text(encoding="utf-8"))}
    sentences, with_hidden = page_sentences(directory), page_sentences(directory, visible_only=False)
    assert len(facts["false_claims"]) >= 5
    for claim in facts["false_claims"]:
        caught = [s for u in claim["urls"] for s in with_hidden[u] if ev.states_false_claim(claim, s)]
        assert caught, claim["id"]
        for url, texts in sentences.items():
            if kinds[url] not in ("farm", "injection"):
                assert not [s for s in texts if ev.states_false_claim(claim, s)], (claim["id"], url)


@pytest.mark.parametrize("name", sorted(CORPORA))
def test_the_questions_carry_every_kind_of_trap_and_their_table_facts_are_only_in_tables(name):
    directory = corpus_dir(name)
    questions = ev.load_questions(directory / "questions.jsonl")
    facts = json.loads((directory / "facts.json").read_text(encoding="utf-8"))
    assert sum(q.hops >= 3 for q in questions) >= 3
    assert sum(bool(q.table_facts) for q in questions) >= 3
    assert sum(bool(q.disagreements) for q in questions) >= 2
    unanswerable = [q for q in questions if not q.answerable]
    assert len(unanswerable) >= 2 and all(q.known_answer is None for q in unanswerable)
    assert facts["entities"] and all(q.id for q in questions)
    sentences = page_sentences(directory)
    for fact in facts["table_only_facts"]:
        assert any(ev.table_fact_in(fact, s) for s in sentences[fact["url"]])  # the table row
        root = lxml.html.fromstring(
            (
                directory
                / next(
                    e["file"]
                    for e in json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
                    if e["url"] == fact["url"]
                )
            ).read_bytes()
        )
        for table in root.iter("table"):
            table.drop_tree()
        assert not ev.table_fact_in(fact, root.text_content())  # and nothing else on the page
