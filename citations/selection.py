"""Which notes the writer gets, in which section, and what it must say about disputed figures:
credibility (citations/credibility.py), facts and disagreements (citations/facts.py,
citations/disagreements.py) and relevance (citations/relevance.py) run over a job's notes
before any model writes, so a hosted model and the offline engine get the same evidence.

Withheld (never given to the writer as fact): notes from a low-quality source (a claim only a
content farm makes is not stated; a true one is stated from its credible sources), notes whose
figure is outweighed by more independent or more credible sources (stated only, attributed, in
the disagreement sentence; or listed as a minority claim), notes outside the question's set,
and notes off topic; in each section, notes that only name the question's subject (background)
beyond the first few. Returns plain JSON, stored as a step's output."""

from __future__ import annotations

from citations import credibility, relevance
from citations import disagreements as dis
from citations import facts as fx
from citations.evidence import EvidenceNote

MAX_NAMES_ONLY_CLAIMS = 4  # per section: background on the subject a reader needs, not its whole file


def uncorroborated_figures(notes: list[EvidenceNote], facts: list[fx.Fact]) -> dict[int, str]:
    """{note id: reason} for notes from a doubtful source (credibility under DOUBTFUL) that state a
    figure no other origin gives for the same subject (a low-quality one does not count): a key
    number needs a second, independent source when its only source is of doubtful quality. A primary source (the subject's own site
    on itself) is exempt."""
    out = {}
    by_note: dict[int, list[fx.Fact]] = {}
    for f in facts:
        by_note.setdefault(f.note_id, []).append(f)
    for note in notes:
        if note.credibility is None or note.credibility >= credibility.DOUBTFUL or note.id not in by_note:
            continue
        # A primary source: the named subject's own site stating its own figure.
        if any(fx._is_publisher(e, note) for e in fx._entity_keys(note.claim)):
            continue
        for f in by_note[note.id]:
            # A content farm repeating the figure is no second source: it corroborates nothing.
            if not any(
                g.origin != f.origin
                and not credibility.is_low_quality(g.credibility)
                and fx.same_subject(f, g)
                and fx.same_value(f, g)
                for g in facts
            ):
                out[note.id] = (
                    f"figure {f.value_text} only from a doubtful source ({note.domain}, credibility "
                    f"{note.credibility:.2f}) and no other source"
                )
                break
    return out


def _few_names_only(notes: list[EvidenceNote], question: str, purpose: str, scope, withheld: dict) -> list[int]:
    """A section's notes with at most MAX_NAMES_ONLY_CLAIMS of those that only name the
    question's subject (relevance.names_only), the first read; copies of a kept claim stay
    with it (they are one sentence with more citations)."""
    kept_claims: list[str] = []
    out = []
    for note in notes:
        if relevance.names_only(note, question, purpose, scope):
            claim = " ".join(note.claim.lower().split())
            if claim not in kept_claims:
                if len(kept_claims) >= MAX_NAMES_ONLY_CLAIMS:
                    withheld[note.id] = "background on the question's subject beyond what a section needs"
                    continue
                kept_claims.append(claim)
        out.append(note.id)
    return out


def select(
    *, question: str, outline: list[dict], notes: list[EvidenceNote], subquestions: dict[str, list[str]] | None = None
) -> dict:
    """{"sections": {heading: [note ids]}, "withheld": {note id: reason}, "disagreements": [...],
    "minority_claims": [...], "credibility": {origin: score}, "scope": {...}}."""
    subquestions = subquestions or {}
    credibility.assess(notes)
    withheld: dict[int, str] = {}
    for note in notes:
        if credibility.is_low_quality(note.credibility):
            withheld[note.id] = f"low-quality source ({note.domain}, credibility {note.credibility:.2f})"
    facts = fx.extract_all(notes)
    found = dis.find(facts)
    disputed = {i for d in found if d.stated for side in d.sides for i in side.note_ids}
    for note_id, reason in uncorroborated_figures(notes, facts).items():
        if note_id not in disputed:  # a disputed figure is stated, attributed, in its disagreement sentence
            withheld.setdefault(note_id, reason)
    minority_claims = []
    disagreements = []
    for d in found:
        for side in d.minority:
            rep, lead = side.representative, d.sides[0].representative
            for i in side.note_ids:
                if i in d.sides[0].note_ids:
                    continue
                withheld.setdefault(
                    i, f"minority claim: {rep.value_text} contradicted by {lead.value_text} ({lead.domain})"
                )
            minority_claims.append(
                {
                    "subject": d.subject_text,
                    "attribute": d.attribute_text,
                    "value": rep.value_text,
                    "domain": rep.domain,
                    "date": rep.date,
                    "note_ids": side.note_ids,
                    "claim": rep.claim,
                    "contradicted_by": {
                        "value": lead.value_text,
                        "domain": lead.domain,
                        "date": lead.date,
                        "independent_sources": len(d.sides[0].credible_origins),
                    },
                    "statement": f"{rep.domain} ({rep.date or 'undated'}) gives {rep.value_text}, contradicted by "
                    f"{len(d.sides[0].credible_origins)} independent source(s) giving {lead.value_text}.",
                }
            )
        if not d.stated:
            continue
        # A note that states the leading value is not withheld for another figure it also gives
        # ("48,000 tonnes in 2025, up from 41,000 tonnes in 2024").
        leading = set(d.sides[0].note_ids)
        for side in d.sides[1:]:
            for i in side.note_ids:
                if i in leading:
                    continue
                withheld.setdefault(
                    i, f"outweighed figure {side.representative.value_text}: stated only in disagreement {d.id}"
                )
        # What sources say of a value's trust is quoted beside the disagreement, not repeated.
        basis = d.basis({n.id: n.quote for n in notes})
        quoted = {b["text"] for b in basis}
        caveats = [
            c
            for c in d.caveats([n for n in notes if not credibility.is_low_quality(n.credibility)])
            if c["text"] not in quoted
        ]
        for caveat in caveats:
            for i in caveat["note_ids"]:
                withheld.setdefault(i, f"quoted beside disagreement {d.id}")
        disagreements.append(
            d.to_json()
            | {
                "draft": d.sentence(),
                "basis": basis + caveats,
                "disputed_values": [s.representative.value_text for s in d.sides],
            }
        )

    purposes = {s["heading"]: s.get("purpose", "") for s in outline}
    section_text = {h: " ".join([h, p, *subquestions.get(h, [])]) for h, p in purposes.items()}
    all_sqs = [q for qs in subquestions.values() for q in qs]
    kept = [n for n in notes if n.id not in withheld]
    scope = relevance.find_scope(question, kept, all_sqs)
    generic = relevance.generic_terms(kept)
    sections: dict[str, list[int]] = {h: [] for h in purposes}
    first = next(iter(purposes), "")
    for note in kept:
        if relevance.outside_set(note, scope):
            withheld[note.id] = "outside the question's set"
            continue
        if relevance.about_rival(note, scope):
            withheld[note.id] = "a rival in the ranking the question asks about"
            continue
        own = note.section if note.section in purposes else first
        if relevance.off_topic(note, question, purposes.get(own, ""), scope, generic):
            withheld[note.id] = "off the question's topic"
            continue
        note.section = own
        sections.setdefault(relevance.best_section(note, section_text, question, generic), []).append(note.id)
    by_id = {n.id: n for n in kept}
    for heading, ids in sections.items():
        sections[heading] = _few_names_only(
            [by_id[i] for i in ids], question, purposes.get(heading, ""), scope, withheld
        )
    return {
        "sections": sections,
        "withheld": {str(k): v for k, v in sorted(withheld.items())},
        "disagreements": disagreements,
        "minority_claims": minority_claims,
        "credibility": credibility.domain_scores(notes),
        "scope": {"count": scope.count, "members": sorted(scope.members), "peers": sorted(scope.peers)},
    }
