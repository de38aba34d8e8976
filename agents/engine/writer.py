"""Offline writer and judge.

The writer organises one section's notes: it merges notes that state the same fact (citing
every source, which gives key numbers their second domain), states both figures with dates
where notes on the same fact disagree, and writes nothing a note does not say.

The judge checks one sentence against its quotes by overlap: every figure must be quoted,
most content words must be quoted, and every pair of names and figures in a clause must
appear together in one quote (which catches a sentence that blends two notes).
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter

from agents import composition
from agents import questions as qtext
from agents import text as tx
from agents.engine import blocks as bk

MERGE_JACCARD = 0.6
SAME_FACT_JACCARD = 0.5
# Sized to the design's report of about 2,000 words over three or four sections: a chain's
# "How the answer was found" gathers 80-100 notes, and at 24 sentences the later links' notes
# (the ones that name what was found) were the ones left out.
MAX_SENTENCES_PER_SECTION = 32
NEW_NAME_WEIGHT = 1.5
MIN_TOPIC_TERMS = 1
SUPPORTED_RECALL = 0.85
PARTIAL_RECALL = 0.6
GLUE = frozenset(tx.terms("sources disagree report reports reported that while whereas according table gives change"))
_WRITTEN_DATE = composition.WRITTEN_DATE_RE
# "(cellmarket-weekly.example, 2024-06-10)", "(…, 10 June 2024)": a source's domain and date
_META_RE = re.compile(
    rf"\s*\(([a-z0-9.\-]+\.[a-z]{{2,}}|[a-z0-9.\-]+),\s*(\d{{4}}-\d{{2}}-\d{{2}}|{_WRITTEN_DATE}|undated)\)"
)
# "(Northgate Research, 27 August 2025)": a cited source named in words with its date
_NAMED_META_RE = re.compile(rf"\s*\(([^(),]{{1,80}}),\s*({_WRITTEN_DATE}|\d{{4}}-\d{{2}}-\d{{2}}|undated)\)")

# "CellMarket Weekly estimated 52,000 tonnes on 1 December 2025": a disagreement's side, a cited
# source giving a value on its date (citations/disagreements.py).
_SIDE_RE = re.compile(
    rf"(?:(?<=: )|(?<=while ))(?P<who>[^,:;()]{{1,80}}?) (?:reported|estimated) (?P<what>[^;]*?)(?: on {_WRITTEN_DATE}| \(undated\))"
    r"(?=,\s+while\s|\.?$)"
)

_META_LIST_RE = re.compile(
    rf"\(((?:[^();]{{1,80}},\s*(?:{_WRITTEN_DATE}|\d{{4}}-\d{{2}}-\d{{2}});\s*)+[^();]{{1,80}},\s*(?:{_WRITTEN_DATE}|\d{{4}}-\d{{2}}-\d{{2}}))\)"
)


def _notes(prompt: str) -> list[dict]:
    out = []
    for nb in bk.blocks(bk.block(prompt, "notes"), "note"):
        out.append(
            {
                "id": int(nb.attrs["id"]),
                # Ties go to the note read first: ids follow which parallel reader finished
                # first, the notes' order in the prompt (reading order) does not.
                "place": len(out),
                "domain": nb.attrs.get("domain", ""),
                "published": nb.attrs.get("published", "") or "undated",
                "quality": float(nb.attrs.get("quality", "0.5") or 0.5),
                "hop": int(nb.attrs.get("hop", "0") or 0),
                "sq": nb.attrs.get("sq", ""),
                "source": nb.attrs.get("source", "") or nb.attrs.get("domain", ""),
                "disputed": nb.attrs.get("disputed", ""),
                "claim": bk.block(nb.body, "claim"),
                "quote": bk.block(nb.body, "quote"),
            }
        )
    return out


def _name_words(notes: list[dict]) -> frozenset[str]:
    """Words the notes write as names, so a table row's header keeps a name's capital."""
    return composition.capitalised_words([t for n in notes for t in (n["claim"], n["quote"])])


def _figures(text: str) -> set[str]:
    return {n for n in tx.numbers(text) if not tx.is_year(n)}


def _years(text: str) -> set[str]:
    return {n for n in tx.numbers(text) if tx.is_year(n)}


def _attribution(note: dict) -> str:
    """ "Northgate Research, 27 August 2025": the source in words and its date as a reader writes it."""
    return f"{note['source'] or note['domain']}, {composition.written_date(note['published'])}"


def _lower_first(text: str) -> str:
    """Lower-case a sentence's first word when it is a common word, never a name."""
    first = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if first.lower() in tx.STOPWORDS else text


def write_section(prompt: str) -> dict:
    section = bk.blocks(prompt, "section")
    heading = section[0].attrs.get("heading", "") if section else ""
    if section and section[0].attrs.get("mode") == "answer":
        return write_answer(prompt)
    focus_terms = tx.term_set(heading + " " + bk.block(prompt, "section"))
    question_terms = tx.term_set(bk.block(prompt, "question"))
    # Notes that share nothing with the question or the section are off the report's topic;
    # a page title or a line of navigation is not a finding.
    notes = [
        _voiced(n)
        for n in _notes(prompt)
        if len((question_terms | focus_terms) & tx.term_set(n["claim"])) >= MIN_TOPIC_TERMS
        and not _heading_like(n["claim"])
    ]
    link_terms = _link_terms(prompt)
    name_words = _name_words(notes)

    def terms_of(text: str) -> set[str]:
        return {t[:5] for t in tx.term_set(text)}

    groups: list[list[dict]] = []
    for note in notes:
        terms = tx.term_set(note["claim"])
        for group in groups:
            lead = group[0]
            if tx.jaccard(terms, tx.term_set(lead["claim"])) >= MERGE_JACCARD and _figures(note["claim"]) == _figures(
                lead["claim"]
            ):
                group.append(note)
                break
        else:
            groups.append([note])
    sentences = []
    used = set()
    for i, group in enumerate(groups):
        if i in used:
            continue
        lead = max(group, key=lambda n: n["quality"])
        # A note on the same fact with different figures: state both, with dates.
        rival = None
        for j in range(i + 1, len(groups)):
            other = max(groups[j], key=lambda n: n["quality"])
            # Same fact: the same names, and mostly the same words once figures are set aside.
            same_fact = (
                set(tx.entities(lead["claim"])) == set(tx.entities(other["claim"]))
                and tx.entities(lead["claim"])
                and tx.jaccard(
                    tx.term_set(lead["claim"]) - _figures(lead["claim"]),
                    tx.term_set(other["claim"]) - _figures(other["claim"]),
                )
                >= SAME_FACT_JACCARD
            )
            if (
                j not in used
                and same_fact
                and _figures(lead["claim"])
                and _figures(other["claim"])
                and _figures(lead["claim"]) != _figures(other["claim"])
                # "1.82 million" and "1,820,000" are one figure written two ways, not a dispute
                and not _same_quantities(lead["claim"], other["claim"])
                and other["domain"] != lead["domain"]
                # "1.61 million in 2024" and "1.82 million in 2025" are two years' figures
                and _years(lead["claim"]) == _years(other["claim"])
            ):
                rival, used = (groups[j], other), used | {j}
                break
        if rival and (lead["disputed"] or rival[1]["disputed"]):
            # Code states a disagreement about one of them in a sentence of its own (both notes
            # reached the writer, so both are on its leading side: "48 GWh, up from 36 GWh" and
            # "48 GWh"; or the other is a report of what others said, which code does not weigh):
            # not rivals here; each is stated on its own rather than a second disagreement.
            used = used - {j}
            rival = None
        if rival:
            group_b, other = rival
            text = (
                f"Sources disagree: {lead['claim'].rstrip('.')} ({_attribution(lead)}), "
                f"while {_lower_first(other['claim'].rstrip('.'))} ({_attribution(other)})."
            )
            ids = [n["id"] for n in group] + [n["id"] for n in group_b]
        else:
            # A table row is said as a sentence that keeps every cell (the judge checks it
            # against the row), not pasted as "Context — Header: value; …"; so is a timeline's item.
            text = composition.as_sentence(lead["claim"], names=name_words, publisher=_publisher(lead))
            ids = [lead["id"]] + [n["id"] for n in group if n is not lead]
        score = (
            len(focus_terms & tx.term_set(text))
            + 0.5 * len(group)
            + len(link_terms.get(lead["sq"], set()) & terms_of(text))
        )
        sentences.append((score, i, {"text": text, "note_ids": ids}, lead["hop"]))
    # Keep the strongest sentences, preferring ones that name something no kept sentence names
    # yet (so every maker gets its supplier sentence), in the order the notes came. The links of
    # a chain take turns, the last link first: the section's purpose words are the earlier
    # links' ("LFP cells", "supplier"), and the last link's notes ("the largest plant of Quanta
    # Battery Company is in Changzhou") would otherwise never make the cut.
    chosen, named = [], set()
    pools: dict[int, list] = {}
    for s_ in sentences:
        pools.setdefault(s_[3], []).append(s_)
    turns = [pools[h] for h in sorted(pools, reverse=True)]
    while any(turns) and len(chosen) < MAX_SENTENCES_PER_SECTION:
        for pool in turns:
            if not pool or len(chosen) >= MAX_SENTENCES_PER_SECTION:
                continue
            best = max(pool, key=lambda s: s[0] + NEW_NAME_WEIGHT * len(set(tx.entities(s[2]["text"])) - named))
            chosen.append(best)
            named |= set(tx.entities(best[2]["text"]))
            pool.remove(best)
    ordered = [s for _, _, s, _ in sorted(chosen, key=lambda s: s[1])]
    return {"sentences": compose(ordered), "need_context": []}


def _link_terms(prompt: str) -> dict[str, set[str]]:
    """{sub-question id: the words (first five letters) its link adds to the links before it}
    for the links after a chain's first (hop 2 and above): "countr", "large", "plant" for "In
    which country is the largest plant of the company that supplies LFP cells to …"."""
    sqs = [
        (int(b.attrs.get("hop") or 0), b.attrs.get("id", ""), {t[:5] for t in tx.term_set(b.body)})
        for b in bk.blocks(bk.block(prompt, "subquestions"), "subquestion")
    ]
    out = {}
    for hop, sq_id, terms in sqs:
        if hop >= 2:
            before = set().union(*(t for h, _, t in sqs if 1 <= h < hop)) if sqs else set()
            out[sq_id] = terms - before - {f[:5] for f in _ASK_FILLER}
    return out


def _clauses(sentence: str) -> list[str]:
    """The parts of a sentence that each state one thing: "A, while B", "A; B", and a shared
    subject's second predicate ("S did X and does Y" -> "S did X", "S does Y")."""
    body = re.sub(r"^Sources disagree:\s*", "", sentence)
    out = []
    for part in (c for c in re.split(r",\s+while\s+|;\s+|,\s+whereas\s+", body) if c.strip()):
        subject = _subject(part)
        pieces = (
            re.split(r",?\s+and\s+(?=(?:is|are|was|were|has|have|had|will|remains?|(?-i:[a-z]+(?:s|ed)))\s)", part)
            if subject
            else [part]
        )
        for piece in [pieces[0]] + [f"{subject} {p}" for p in pieces[1:]]:
            out += composition.distributed(piece)
    return out


def judge(prompt: str) -> dict:
    sentence = bk.block(prompt, "sentence")
    quotes = bk.blocks(bk.block(prompt, "quotes"), "quote")
    if not quotes:
        return {"verdict": "unsupported", "reason": "The sentence cites no evidence."}
    meta_terms = set()
    for q in quotes:
        meta_terms |= (
            tx.term_set(q.attrs.get("domain", ""))
            | set(tx.numbers(q.attrs.get("published", "")))
            | tx.term_set(q.attrs.get("source", ""))
        )
    # "(A, 6 January 2026; B, 30 March 2025)": each source with its date on its own.
    bare = _META_LIST_RE.sub(lambda m: " ".join(f"({p.strip()})" for p in m.group(1).split(";")), sentence)
    bare = _META_RE.sub("", bare)
    # A source and its date in words are what attributes a value, when the source is cited.
    cited = {x.lower() for q in quotes for x in (q.attrs.get("source", ""), q.attrs.get("domain", "")) if x}
    bare = _NAMED_META_RE.sub(lambda m: "" if m.group(1).strip().lower() in cited else m.group(0), bare)
    bare = _SIDE_RE.sub(lambda m: m.group("what") if m.group("who").strip().lower() in cited else m.group(0), bare)
    quote_texts = [q.body for q in quotes]
    # A composed sentence brings in no name or figure that no quote holds (the same rule the
    # citation check applies in code).
    missing = composition.unquoted(
        bare, quote_texts, [q.attrs.get("source", "") for q in quotes] + [q.attrs.get("domain", "") for q in quotes]
    )
    if missing:
        return {"verdict": "unsupported", "reason": f"{', '.join(missing)[:200]} is in none of the quotes."}
    attribution = [q.attrs.get("source", "") for q in quotes if q.attrs.get("source")]
    for label in attribution:
        bare = bare.replace(f"{label} writes: ", "")
    bare = bare.replace("\u201c", "").replace("\u201d", "")
    all_quote_terms = set().union(*(tx.term_set(t) for t in quote_texts))
    all_quote_figures = set().union(*(set(tx.numbers(t)) for t in quote_texts))
    for figure in tx.numbers(bare):
        if figure not in all_quote_figures and figure not in meta_terms:
            return {"verdict": "unsupported", "reason": f"The figure {figure} is not in any quote."}
    terms = tx.term_set(bare) - GLUE - meta_terms
    if not terms:
        return {"verdict": "unsupported", "reason": "The sentence states nothing the quotes could support."}
    recall = len(terms & all_quote_terms) / len(terms)
    # Names and figures that the sentence puts together must be together in one quote.
    for clause in _clauses(bare):
        anchors = {e.lower() for e in tx.entities(clause) if e not in attribution} | _figures(clause)
        anchors = {a for a in anchors if a not in GLUE}
        if len(anchors) < 2:
            continue
        together = [a for a in anchors if any(a in q.lower() or a in tx.numbers(q) for q in quote_texts)]
        if len(together) < len(anchors):
            continue  # a name not quoted at all already lowers recall
        if not any(all(a in q.lower() or a in tx.numbers(q) for a in anchors) for q in quote_texts):
            best = max(quote_texts, key=lambda q: sum(a in q.lower() or a in tx.numbers(q) for a in anchors))
            apart = sorted(a for a in anchors if not (a in best.lower() or a in tx.numbers(best)))
            return {
                "verdict": "unsupported",
                "reason": f"No single quote links {', '.join(sorted(anchors - set(apart)))[:120]} with {', '.join(apart)[:120]}.",
            }
    if recall >= SUPPORTED_RECALL:
        return {"verdict": "supported", "reason": f"{recall:.0%} of the sentence's content words are quoted."}
    if recall >= PARTIAL_RECALL:
        return {"verdict": "partial", "reason": f"Only {recall:.0%} of the sentence's content words are quoted."}
    return {"verdict": "unsupported", "reason": f"Only {recall:.0%} of the sentence's content words are quoted."}


def rewrite(prompt: str) -> dict:
    """Replace an unsupported sentence by the cited claim that the quotes support best, or drop."""
    sentence = bk.block(prompt, "sentence")
    notes = _notes(prompt)
    terms = tx.term_set(sentence)
    best, best_overlap = None, 0
    for note in notes:
        overlap = len(terms & tx.term_set(note["quote"]))
        if overlap > best_overlap and note["claim"].strip():
            best, best_overlap = note, overlap
    if best is None or best_overlap < 2:
        return {"drop": True, "text": "", "note_ids": []}
    return {"drop": False, "text": best["claim"], "note_ids": [best["id"]]}


def compact(prompt: str) -> dict:
    """Structured compaction of a worker's history (observations compress; decisions and
    errors are kept verbatim by the caller, outside what is compacted)."""
    entries = bk.block(prompt, "history_to_compact")
    facts, identifiers, dead_ends = [], [], []
    for obs in bk.blocks(entries, "observation"):
        handle = obs.attrs.get("handle", "")
        for line in obs.body.splitlines():
            m = re.match(r"^\s*\d+\.\s+(.*?)\s+\|\s+(\S+)", line)
            if m:
                facts.append({"claim": f"result: {m.group(1)[:120]} ({m.group(2)})", "handle": handle})
            for name in tx.entities(line):
                if name not in identifiers:
                    identifiers.append(name)
        if re.search(r"\b0 results\b", obs.body):
            dead_ends.append({"approach": obs.body.splitlines()[0][:160], "why_failed": "no results"})
    return {
        "established_facts": facts[:20],
        "exact_identifiers": identifiers[:40],
        "dead_ends": dead_ends,
        "open_questions": [bk.block(prompt, "task")[:200]],
        "current_state": f"{len(facts)} results seen in the compacted turns.",
        "next_action": "Continue from the verbatim tail below.",
    }


# -- the writer's voice and composition (issue 13) ------------------------------------------------

_VERBISH_RE = re.compile(
    r"\b(?:is|are|was|were|has|have|had|will|would|can|could|did|does|do|be|been|[a-z]{3,}(?:s|ed|es))\b"
)
_SUBJECT_VERB_RE = re.compile(
    r"^(?:is|are|was|were|has|have|had|will|would|can|could|did|does|do|remains?|"
    r"(?-i:[a-z]+(?:s|ed)))\b"
)
MAX_COMPOSED_CHARS = 320
_DATED_END_RE = re.compile(
    r",\s*(?:\d{1,2}\s+)?(?:(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December)\s+)?(?:\d{1,2},\s*)?(?:19|20)\d\d\.?$"
)


def _heading_like(claim: str) -> bool:
    """A page title or navigation line rather than a sentence: no sentence-final punctuation and
    no verb, or every word capitalised ("Battery Suppliers Map 2025")."""
    text = claim.strip()
    words = [w for w in re.findall(r"[A-Za-z][\w'\-]*", text)]
    if not words:
        return True
    capitalised = sum(1 for w in words if w[:1].isupper()) / len(words)
    ends = text.endswith((".", "!", "?", "\u201d", '"'))
    # a dateline ("Seoul and Ostrava, 15 September 2025."): names and a date, nothing said
    verbless = not _VERBISH_RE.search(text)
    # ("Mira Holt: Chair of the Board." is an entry of a list of people, its term and what it is)
    dateline = all(w[:1].isupper() or w.lower() in {"and", "of", "the"} for w in words) and verbless and ":" not in text
    # a document's title line with its date ("Tessel Energy internal supply memo, May 2025.")
    dated_title = verbless and _DATED_END_RE.search(text) is not None
    return (
        (not ends and (capitalised > 0.7 or verbless))
        or (capitalised == 1.0 and len(words) > 2)
        or dateline
        or dated_title
    )


def _voiced(note: dict) -> dict:
    """A note whose claim is the source speaking (its first person, "we count …", a reply in a
    thread, a post behind a site's label) is attributed to its source, quoted: the report never
    says "we" for a source, nor answers a thread."""
    if composition.source_voice(note["claim"]):
        claim = composition.without_label(note["claim"].strip()).rstrip(".")
        return {**note, "claim": f"{note['source']} writes: \u201c{claim}.\u201d", "voiced": True}
    return note


# '"… a proud moment for our team and our suppliers," said Fraser McAllister': a person's words.
_REMARK_RE = re.compile(
    r"^\s*[\"\u201c].*[,.!?][\"\u201d]\s*(?:said|says|added|told)\b|\b(?:said|says)\s*[:,]?\s*[\"\u201c]", re.I
)


def _remark(claim: str) -> bool:
    """A quoted remark of a person: the opening states what the sources establish and gives a
    spokesperson's words only when no plain statement answers."""
    return bool(_REMARK_RE.search(claim))


def _subject(text: str) -> str:
    """The name a sentence opens with ("Kaiyo Battery Works supplies …" -> "Kaiyo Battery Works"), or ""."""
    for name in composition.names(text):
        if text.startswith(name + " "):
            return name
        break
    return ""


def _predicate(text: str, subject: str) -> str:
    rest = text[len(subject) :].strip()
    return rest if _SUBJECT_VERB_RE.match(rest) else ""


MIN_SHARED_WORDS = 4
MAX_TAIL_WORDS = 5


def _shared_prefix_merge(a: str, b: str) -> str:
    """Two sentences that say the same of different names ("Helion Cells supplies NMC cells to
    Voltara Motors." / "… to Aurelia Mobility.") as one ("… to Voltara Motors and Aurelia
    Mobility."), or "" when they do not: at least MIN_SHARED_WORDS words in common from the
    start, and each rest a short phrase that opens with a name."""
    wa, wb = a.rstrip(".").split(), b.rstrip(".").split()
    k = 0
    while k < min(len(wa), len(wb)) and wa[k] == wb[k]:
        k += 1
    tail_a, tail_b = " ".join(wa[k:]), " ".join(wb[k:])
    if k < MIN_SHARED_WORDS or not tail_a or not tail_b or len(wa) - k > MAX_TAIL_WORDS or len(wb) - k > MAX_TAIL_WORDS:
        return ""
    # Each rest is exactly one name: anything after it ("since 2023") would read as said of both.
    if composition.names(tail_a)[:1] != [tail_a] or composition.names(tail_b)[:1] != [tail_b]:
        return ""
    return f"{' '.join(wa[:k])} {tail_a} and {tail_b}."


def compose(sentences: list[dict]) -> list[dict]:
    """Sentences about the same subject become one ("Kaiyo Battery Works has supplied Norvik
    Electric since 2017 and supplies about 60% of its cells"), citing the notes of both; a
    sentence that is a disagreement, an attribution or already long stays as it is."""
    out: list[dict] = []
    merged: set[int] = set()
    for i, s in enumerate(sentences):
        if i in merged:
            continue
        text, ids = s["text"], list(s["note_ids"])
        for j in range(i + 1, len(sentences)):
            other = sentences[j]
            joined = (
                ""
                if j in merged or not _joinable(text) or not _joinable(other["text"])
                else _shared_prefix_merge(text, other["text"])
            )
            if joined:
                text = joined
                ids += [k for k in other["note_ids"] if k not in ids]
                merged.add(j)
                break
        subject = _subject(text) if _composable(text) else ""
        if subject:
            for j in range(i + 1, len(sentences)):
                other = sentences[j]
                if j in merged or not _joinable(other["text"]) or _subject(other["text"]) != subject:
                    continue
                pred = _predicate(other["text"], subject)
                if not pred or len(text) + len(pred) > MAX_COMPOSED_CHARS:
                    continue
                # Two notes of one fact are cited together, not said twice.
                if _one_fact(text, other["text"]) or _figures(text) & _figures(other["text"]):
                    continue
                text = f"{text.rstrip().rstrip('.')} and {pred.rstrip().rstrip('.')}."
                ids += [k for k in other["note_ids"] if k not in ids]
                merged.add(j)
                break
        out.append({"text": text, "note_ids": ids})
    return out


def _joinable(text: str) -> bool:
    """A sentence whose predicate may follow another's: no disagreement, quotation or attribution."""
    return (
        not text.startswith("Sources disagree")
        and "\u201c" not in text
        and '"' not in text
        and ";" not in text
        and not re.search(r"\baccording\b", text, re.I)
    )


def _composable(text: str) -> bool:
    """A simple sentence another predicate can join: no disagreement, quotation or attribution,
    no clause of its own (a comma, "which", "and") that the joined predicate could be read as
    continuing, not long."""
    return (
        not text.startswith("Sources disagree")
        and "\u201c" not in text
        and '"' not in text
        and ";" not in text
        and "," not in text
        and not re.search(r"\b(?:which|who|whose|that|and|while|according)\b", text)
        and len(text) < MAX_COMPOSED_CHARS // 2 + 40
    )


# -- the opening: a direct answer -------------------------------------------------------------------

MAX_ANSWER_SENTENCES = 4
ANSWERED_SHARE = 0.5  # of the ask's weight a note must cover for the question to count as answered
_ASK_FILLER = frozenset(
    tx.terms(
        "many much which what who whom whose when where why how company companies "
        "firm firms thing things kind kinds type types name names one ones"
    )
)


# A unit's symbol and a period's adjective ask for the same thing as the word: a table header
# says "Annual output (km)" where the question says "kilometres ... a year".
_SAME_AS = {
    "km": "kilom",
    "kms": "kilom",
    "kg": "kilog",
    "kgs": "kilog",
    "annua": "year",
    "yearl": "year",
    "yr": "year",
    "yrs": "year",
    "hr": "hour",
    "hrs": "hour",
}


def _prefix_terms(text: str) -> set[str]:
    """Content words cut to five letters, a synonym as its group's word ("fell" as "fewer")."""
    return {_SAME_AS.get(t[:5], t[:5]) for t in map(tx.synonym, tx.terms(text)) if not tx.is_year(t)}


QUANTITY_BONUS = 0.2
_SOURCE_LEAD_RE = re.compile(r"^\s*according to [^,]+,\s*", re.I)
ALL_NAMED_BONUS = 0.25
OTHER_SUBJECT_SHARE = 0.5
NO_FIGURE_SHARE = 0.7
FOCUS_MISSING_SHARE = 0.5
OWNER_SUBJECT_SHARE = 0.5
OWN_SQ_BONUS = 0.05  # a tie-breaker: the note its worker found for exactly this link


_YEAR_ASK_RE = re.compile(r"\b(?:what|which) year\b|^\s*(?:when|since when)\b", re.I)


def _ask_terms(text: str) -> set[str]:
    """What a question asks beyond the names it gives: its content words (first five letters),
    the names' own words, acronyms ("EU") and filler set aside."""
    name_words = {w[:5] for n in tx.entities(text) for w in tx.terms(n)}
    name_words |= {w.lower()[:5] for w in tx.words(text) if w.isupper() and 1 < len(w) <= 5}
    return {t for t in _prefix_terms(text) if t not in name_words and t not in {f[:5] for f in _ASK_FILLER}}


def _weights(notes: list[dict]) -> dict[str, float]:
    df: dict[str, int] = {}
    for n in notes:
        for t in _prefix_terms(n["claim"]):
            df[t] = df.get(t, 0) + 1
    total = len(notes) + 1
    return {t: math.log(total / (c + 0.5)) + 1.0 for t, c in df.items()} | {"__missing__": math.log(total / 0.5) + 1.0}


def _fit(
    ask: str,
    note: dict,
    weights: dict,
    *,
    about_its_names: bool = False,
    all_named_bonus: bool = True,
    focus: frozenset = frozenset(),
) -> float:
    """How much of `ask` a note states: the weight of the ask's words it holds (rare words weigh
    more) over the weight of all of them, plus the names of the ask it names; halved when the
    ask names a year the note does not (last year's figure does not answer this year's), when
    it holds none of the ask's `focus` words (see _focus), and, with `about_its_names`, when it
    names none of the names the ask gives (another wind farm's capacity does not answer "the
    capacity of the Skarvholm wind farm", however many words of the question it holds)."""
    score = _fit_terms(ask, note, weights, all_named_bonus=all_named_bonus)
    if focus and not focus & _prefix_terms(note["claim"]):
        score *= FOCUS_MISSING_SHARE
    if about_its_names and (names := _ask_names(ask)):
        if not any(_names(note, n) for n in names) or _row_of_a_part(note["claim"], names):
            score *= OTHER_SUBJECT_SHARE
    if _about_the_owner(ask, note["claim"]):
        score *= OWNER_SUBJECT_SHARE
    years = {y for y in tx.numbers(ask) if tx.is_year(y)}
    note_years = {y for y in tx.numbers(note["claim"]) if tx.is_year(y)}
    if years and note_years and not years & note_years:
        score *= 0.5
    if qtext.asks_amount(ask):
        if _gives_figure(note["claim"]):
            score += QUANTITY_BONUS  # the ask wants a figure and the note gives one
        else:
            score *= NO_FIGURE_SHARE  # what the thing is, not how much of it there is
    elif _YEAR_ASK_RE.search(ask) and note_years:
        score += QUANTITY_BONUS  # the ask wants a year and the note gives one
    return score


_OWNED_SUBJECT_RE = re.compile(r"^(?P<owner>.+?)(?:'s|\u2019s|')\s+(?P<thing>.+)$")


@functools.lru_cache(maxsize=256)
def _owner_and_thing(ask: str) -> tuple[str, str]:
    """("Aurelia Mobility", "partner") for "In which city is Aurelia Mobility's solid-state
    partner headquartered?": the owner named in the ask's subject and the head of what it owns;
    ("", "") when the ask's subject owns nothing."""
    m = _OWNED_SUBJECT_RE.match(qtext.ask_subject(ask))
    return (m.group("owner"), m.group("thing").split()[-1]) if m else ("", "")


def _about_the_owner(ask: str, claim: str) -> bool:
    """The note says the ask's predicate of the owner, not of what it owns: "Aurelia Mobility is
    headquartered in Turin" opens with the owner and never names its partner, so it does not say
    where "Aurelia Mobility's solid-state partner" is headquartered. A note that names the owned
    thing ("Corvane Materials runs its largest plant in Nysa") still answers."""
    owner, thing = _owner_and_thing(ask)
    return bool(owner) and _subject(claim) == owner and not _prefix_terms(thing) <= _prefix_terms(claim)


def _row_of_a_part(claim: str, names: list[str]) -> bool:
    """A table row about one part of an asked thing: the asked name is only in the row's caption
    and its key cell names something else ("Voltara Motors 2025 deliveries by model — Model:
    Voltara Pulse; …" is the Voltara Pulse's figure, not Voltara Motors')."""
    if not tx.is_table_row(claim):
        return False
    context, fields = tx.row_parts(claim)
    cells = " ".join(v for _, v in fields).lower()
    if any(n.lower() in cells for n in names) or not any(n.lower() in context.lower() for n in names):
        return False
    key = tx.entities(fields[0][1]) if fields else []
    return bool(key)


def _focus(ask: str, notes: list[dict]) -> frozenset:
    """What the ask asks of the thing it names: of its words that the notes naming that thing
    use, the one the fewest of them use ("cost" in "How much will the Merrow Deep offshore wind
    farm cost?"; "offshore wind farm" describes the thing in many notes about it). The noun of
    "which city" or "what year" names the kind of answer, which seldom says it. Empty when the
    ask names nothing or asks fewer than two words."""
    kinds = {m.group(1).lower()[:5] for m in re.finditer(r"\b(?:which|what)\s+(\w+)", ask, re.I)}
    wanted = {t for t in _ask_terms(ask) if t not in kinds}
    names = _ask_names(ask)
    about = [
        _prefix_terms(n["claim"])
        for n in notes
        if names and all(_names(n, x) for x in names) and not _about_the_owner(ask, n["claim"])
    ]
    if len(wanted) < 2 or not about:
        return frozenset()
    # A figure ask's measure is what it asks ("capacity" of "the installed capacity of
    # Skarvholm"), however rare the words that describe it ("installed" turbines are common).
    measure = _prefix_terms(qtext.measure_asked(ask)) & wanted
    if measure and any(measure & terms for terms in about):
        return frozenset(measure)
    used = Counter(t for terms in about for t in terms & wanted)
    return frozenset([min(sorted(used), key=lambda t: used[t])]) if used else frozenset()


def _fit_terms(ask: str, note: dict, weights: dict, *, all_named_bonus: bool = True) -> float:
    wanted = _ask_terms(ask)
    have = _prefix_terms(note["claim"])
    missing = weights["__missing__"]
    total = sum(weights.get(t, missing) for t in wanted) or 1.0
    got = sum(weights.get(t, missing) for t in wanted & have)
    names = _ask_names(ask)
    named = sum(1 for n in names if _names(note, n)) / len(names) if names else 0.0
    # A note that names everything the ask names ("the share of Tanaka-Rhee Motors' cells from
    # Sunmark Energy") states the relation asked; one naming only some of them (Tanaka-Rhee's
    # row for another supplier) states another relation, however many of the ask's words it has.
    # The source an ask names as a constraint ("According to the European Battery Registry, …")
    # is where the answer is read, not one of the things related.
    related = _ask_names(_SOURCE_LEAD_RE.sub("", ask))
    all_named = all_named_bonus and len(related) >= 2 and all(_names(note, n) for n in related)
    return got / total + 0.5 * named + (ALL_NAMED_BONUS if all_named else 0.0)


def _ask_names(ask: str) -> list[str]:
    """The names an ask gives, possessives set aside ("Lumen Ion's partner" -> "Lumen Ion")."""
    # "Castellan Cables' Moerdijk factory": the owner and the thing are two names
    out = [
        re.sub(r"(?:'s|\u2019s|')$", "", part) for n in tx.entities(ask) for part in re.split(r"(?:'s|\u2019s|')\s+", n)
    ]
    return [n for n in dict.fromkeys(out) if len(n) > 2]


# An outlook question's frame word ("the outlook for X") is in no note: what answers it is a
# note about X that looks ahead.
_FRAME_RE = re.compile(r"\b(?:outlook|future|forecast|prognosis|prospects)\s+(?:for|of)\s+", re.I)
_AHEAD_RE = re.compile(
    r"\b(?:expects?|expected|forecasts?|predicts?|projects?|projected|will|plans?|planned|outlook|"
    r"by (?:19|20)\d\d|from (?:19|20)\d\d)\b",
    re.I,
)


def _normal_form(question: str) -> str:
    """The question as the planner read it: "the most recent estimate of X" asks X's value,
    "Rank the plants by capacity" asks which plants have the largest capacity."""
    from agents.engine import question as qshape

    return qshape.normal_form(question)


def _outlook_ask(question: str) -> str:
    """ "What is the outlook for sodium-ion batteries in electric cars?" -> "sodium ion": what the
    notes must be about, without the frame word; "" for other questions."""
    m = _FRAME_RE.search(question)
    if not m:
        return ""
    topic = question[m.end() :].strip(" ?.")
    # the words that narrow the topic ("sodium-ion" of "sodium-ion batteries in electric cars")
    # are what a note must be about; the rest is its setting
    narrowing = set(qtext.topic_modifiers(topic))
    words = [w for w in re.findall(r"[A-Za-z][\w'-]*", topic) if set(w.lower().split("-")) <= narrowing]
    return " ".join(dict.fromkeys(words)) or topic


def write_answer(prompt: str) -> dict:
    """The opening: the notes that answer the question most directly, 2-3 sentences. For a chain
    of facts the final link's notes (the highest hop, asked by name in the latest round) come
    first. When no note states what the question asks (its rarest words are in none of them),
    say so in `unanswered`."""
    asked = bk.block(prompt, "question")
    notes = [_voiced(n) for n in _notes(prompt) if not _heading_like(n["claim"])]
    # An outlook question is answered by the notes about its topic that look ahead; a claim to
    # check about an amount ("Is it true that X loses about a fifth of its water …?") by the
    # notes that give the amount ("How much of its water does X lose …?").
    # "The most recent estimate of …" asks which value to give, not for a word a note must say.
    outlook = _outlook_ask(asked)
    question = outlook or qtext.amount_of(qtext.claim_checked(asked)) or _normal_form(asked)
    if outlook:
        notes = [n for n in notes if _AHEAD_RE.search(n["claim"])] or notes
    sqs = [
        (int(b.attrs.get("hop") or 0), int(b.attrs.get("round") or 1), b.attrs.get("id", ""), b.body.strip())
        for b in bk.blocks(bk.block(prompt, "subquestions"), "subquestion")
    ]
    already_missing = [b.body.strip() for b in bk.blocks(bk.block(prompt, "unanswered"), "clause")]
    if not notes:
        return {
            "sentences": [],
            "need_context": [],
            "unanswered": [] if already_missing else [qtext.absence_clause(asked)],
        }
    weights = _weights(notes)
    top_hop = max((h for h, _, _, _ in sqs), default=0)
    chain = top_hop >= 2 or any(h >= 2 for h, _, _, _ in sqs)

    focus_of: dict[str, frozenset] = {}

    def fit(ask: str, note: dict, by_name: bool = False, all_named_bonus: bool = True, focused: bool = True) -> float:
        # A chain's answer names the link found, not the name the question starts from; but a
        # link a later round asked by name ("Which … does Quanta Battery Company supply?") is
        # answered by a note about that name. A chain's links are asked one by one in their own
        # words: the focus rule is for a question asked of a thing it names, and it only chooses
        # among notes (whether anything answers is judged without it).
        if ask not in focus_of:
            focus_of[ask] = frozenset() if chain else _focus(ask, notes)
        return _fit(
            ask,
            note,
            weights,
            about_its_names=not chain or by_name,
            all_named_bonus=all_named_bonus,
            focus=focus_of[ask] if focused else frozenset(),
        )

    # Asks, most direct first: the final link (latest round first), then the question itself.
    asks = []
    if chain:
        # The question's own asks with its links named from the notes ("… the largest plant of
        # Quanta Battery Company" for "… the largest plant of the company that supplies LFP cells
        # to the largest maker"), asked first: what the chain ends in, about the name found.
        asks += [[(text, "", True)] for text in _named_asks(question, notes, [t for _, _, _, t in sqs])]
        # The final link first, then each link before it (the question's other asks are often
        # those links: "which maker …, and which supplier …"); a later round asked by name.
        for hop in sorted({h for h, _, _, _ in sqs if h >= 1}, reverse=True):
            at_hop = [s for s in sqs if s[0] == hop]
            latest = max(r for _, r, _, _ in at_hop)
            # A later round asked the link by name: its wording, not the description, says
            # what to look for. Each of its sub-questions is one ask (a link may have parts).
            asks += [[(text, sq_id, r > 1)] for h, r, sq_id, text in at_hop if r == latest]
    else:
        # "Where is X headquartered, and where is its largest plant?": each part of the question
        # is an ask of its own (its pronouns resolved), so the opening answers every part, not
        # the part most notes are about.
        parts = [a for a in _question_parts(question) if "{" not in a]
        if len(parts) >= 2:
            asks += [[(part, "", False)] for part in parts]
    asks.append([(question, "", False)])
    chosen: list[dict] = []
    for k, options in enumerate(asks):
        # A copy of a chosen note (the same sentence read for two sub-questions) would take an
        # ask's place and then be merged away, leaving that ask unanswered.
        said = {" ".join(c["claim"].split()) for c in chosen}
        pool = [n for n in notes if n not in chosen and " ".join(n["claim"].split()) not in said]
        if not pool or (k == len(asks) - 1 and len(chosen) >= 2 and (chain or len(asks) > 2)):
            break  # the links answered the question: its own words would add only what is near it
        # The best note for any wording of this link; a note of the sub-question itself counts a
        # little more: its worker looked for exactly this.
        scored = [
            (
                fit(ask, n, by_name)
                + (OWN_SQ_BONUS if sq_id and n["sq"] == sq_id else 0)
                + _place_given(ask, n)
                + _person_given(ask, n),
                n["quality"],
                -n["place"],
                n,
            )
            for ask, sq_id, by_name in options
            for n in pool
            if fit(ask, n, by_name) >= ANSWERED_SHARE
        ]
        # An opening states what the sources establish: a source speaking for itself
        # ("TurbineTalk Forum writes: “we will ask …”") answers an ask only when no plainly
        # stated note does (and below, is never the second sentence of an answer given).
        plain = [x for x in scored if not (x[3].get("voiced") or _remark(x[3]["claim"]))]
        if any(qtext.asks_amount(a) for a, _, _ in options) and not any(_gives_figure(x[3]["claim"]) for x in plain):
            # The figure asked for, said by its source in its own voice ("Mwsr writes: “We now
            # estimate the cost at 495 million euros …”"), answers better than a plain sentence
            # without it.
            plain = [x for x in scored if _gives_figure(x[3]["claim"])] or plain
        scored = plain or scored
        # The opening stands alone: a note that points back ("The two suppliers will …") only
        # when nothing that names its subject answers.
        scored = [x for x in scored if not composition.points_back(x[3]["claim"])] or scored
        if scored:
            chosen.append(max(scored, key=lambda x: x[:3])[3])
        if len(chosen) >= MAX_ANSWER_SENTENCES:
            break
    unanswered = []
    # "Which of the five largest makers use LFP cells?": the members the notes say hold it,
    # named in one sentence, answer it, though no one note does.
    filtered = _filter_answer(asked, notes)
    # Whether anything answers is judged on what the notes state, not on which names they share.
    # Of a question in parts, the first is what it asks ("What is the total …, and explain why
    # their totals differ?"): an explanation the notes give in other words does not make the
    # answered figure unanswered.
    parts = [] if chain else [p for p in _question_parts(question) if "{" not in p]
    main = parts[0] if len(parts) >= 2 else question
    direct = max(fit(main, n, all_named_bonus=False, focused=False) for n in notes)
    if (
        not chain
        and not filtered
        and not already_missing
        and ((direct < ANSWERED_SHARE + 0.25 and not _asks_covered(main, notes)) or not _figure_given(main, notes))
    ):
        unanswered.append(qtext.absence_clause(asked))
    # A second sentence from the rest of the question's asks when only one was found.
    if len(chosen) < 2:
        rest = sorted(
            (
                n
                for n in notes
                if n not in chosen
                and not (chosen and (n.get("voiced") or _remark(n["claim"]) or composition.points_back(n["claim"])))
            ),
            key=lambda n: (-fit(question, n), -n["quality"], n["place"]),
        )
        names = _ask_names(question)
        for n in rest:
            if len(chosen) >= 2 or fit(question, n) < ANSWERED_SHARE:
                break
            if any(_other_things_figure(n, c, names) for c in chosen):
                continue  # another plant's capacity beside the asked plant's reads as a rival answer
            if not any(_one_fact(n["claim"], c["claim"]) for c in chosen):
                chosen.append(n)  # a copy of a chosen note (a syndicated page) adds nothing
    distinct: list[dict] = []
    for n in chosen:
        if not any(_one_fact(n["claim"], d["claim"]) for d in distinct):
            distinct.append(n)
    # A person's quoted remark comes after the plain statements, and only when fewer than two answer.
    plain = [n for n in distinct if not _remark(n["claim"])]
    distinct = plain + ([n for n in distinct if _remark(n["claim"])] if len(plain) < 2 else [])
    # An opening row gives the cells the question asks about beside the row's subject.
    name_words = _name_words(notes)
    sentences = [
        {
            "text": composition.as_sentence(n["claim"], asked, name_words, _publisher(n)),
            "note_ids": [n["id"]] + _same_fact(n, notes),
        }
        for n in distinct
    ]
    if filtered:
        sentences = [filtered, *sentences[: MAX_ANSWER_SENTENCES - 1]]
    return {"sentences": compose(sentences), "need_context": [], "unanswered": unanswered}


# "Which of {U1} use LFP cells": the ask of a question that picks the members of a set holding something
_FILTER_ASK_RE = re.compile(r"^which of \{(?P<key>U\d+)\}\s+(?P<verb>[a-z][\w-]*)\s+(?P<rest>[^{}]+?)[?.]?$", re.I)


def _filter_answer(question: str, notes: list[dict]) -> dict | None:
    """For a question that picks the members of a set holding something ("Which of the five
    largest electric car makers use LFP cells?"): one sentence naming the members the notes say
    hold it ("Of the five largest electric car makers, Voltara Motors, … and Aurelia Mobility use
    LFP cells."), citing the note that lists the set and, per member, the first note that says it
    holds it, so the judge finds every name in a cited quote. None for any other question, when
    no note lists the set, or when none of its members is found to hold it."""
    from agents.engine import gap
    from agents.engine import question as qshape

    shape = qshape.parse(question)
    m = next((m for a in shape.asks if (m := _FILTER_ASK_RE.match(a.strip()))), None)
    the_set = {u.key: u for u in shape.chain}.get(m.group("key")) if m else None
    if the_set is None or not gap.names_a_set(the_set) or "{" in the_set.phrase:
        return None
    if gap.compares(m.group("rest")):
        return None  # "… rolled fewer tonnes in 2025 than in 2024": figures compared, not words held
    claims = [(0, n["claim"]) for n in notes]
    members = gap.set_members(the_set, claims, {e.lower() for e in qshape.clean_entities(question)})
    where = gap.where_members_hold(members, {t for t in tx.term_set(m.group("rest")) if not t.isdigit()}, claims)
    listing = next(
        (n for n in notes if sum(x in n["claim"] for x in members) >= max(gap.MIN_SET_LISTED, len(members) - 1)), None
    )
    if not where or listing is None:
        return None
    verb = m.group("verb")
    if qtext.base_of_past(verb) == verb:  # a past tense ("bought") agrees with one and with many
        verb = qtext.base_form(verb) if len(where) > 1 else qtext.third_person(qtext.base_form(verb))
    text = f"Of {the_set.phrase}, {composition.listed(list(where))} {verb} {m.group('rest').strip()}."
    ids = [listing["id"]] + [notes[k]["id"] for k in where.values()]
    return {"text": text, "note_ids": list(dict.fromkeys(ids))}


_PLACE_ASK_RE = re.compile(
    r"^\s*(?:(?:in|at|from|near) which (?:town|city|country|place|region|state|province|village|port)\b|where\b)", re.I
)
# "In which town is the cathode plant that supplies Katowice?" -> "plant"
_ASKED_HEAD_RE = re.compile(
    r"\b(?:is|are|was|were)\s+(?:(?:the|its|their|his|her|a|an)\s+)?(?:[\w'-]+\s+){0,4}?(?P<head>[a-z][\w-]+)"
    r"\s+(?:that|which|who|where|of|for)\b"
)
PLACE_GIVEN_BONUS = 0.25  # of an ask's weight: the note names the asked place, not one the ask names


def _place_given(ask: str, note: dict) -> float:
    """A bonus for a note that answers a place ask with a place the ask does not name: for "In
    which town is the cathode plant that supplies Katowice?", "… the Corvane Materials plant in
    Nysa, Poland" over "… cathode material for its new plant in Katowice", which shares more of
    the ask's words but names only the place the ask starts from."""
    if not _PLACE_ASK_RE.search(ask) or not (m := _ASKED_HEAD_RE.search(ask)):
        return 0.0
    head = re.escape(m.group("head"))
    for found in re.finditer(rf"\b{head}s?\s+(?:in|at|near)\s+(?P<place>[A-Z][\w'-]+)", note["claim"]):
        if found.group("place").lower() not in ask.lower():
            return PLACE_GIVEN_BONUS
    return 0.0


# "Who chairs …", "Who is the chief executive of …": an ask for a person in a role. A note that
# names someone the ask does not, beside a role word ("Rui Mendonca: Chair of the Board", "said
# Ines Carvalhal, chief executive"), answers it; a note that only shares the ask's nouns ("the
# board … approved the plant") does not, however many of them it holds.
_PERSON_ASK_RE = re.compile(
    r"^\s*(?:according to [^,]+,\s*)?who\b(?!\s+(?:built|builds|makes|made|supplies|supplied))", re.I
)
_ROLE_WORDS = (
    r"chair(?:man|woman|person)?|chief executive|ceo|president|director|founder|co-founder|head|manager|"
    r"minister|mayor|governor|chancellor|secretary|spokes(?:man|woman|person)|owner|leader|principal"
)
_ROLE_RE = re.compile(rf"\b(?:{_ROLE_WORDS})\b", re.I)
PERSON_GIVEN_BONUS = 0.25  # of an ask's weight, as for a place


def _person_given(ask: str, note: dict) -> float:
    """A bonus for a note that answers a who-ask with a person in a role the ask does not name."""
    if not _PERSON_ASK_RE.search(ask) or not _ROLE_RE.search(note["claim"]):
        return 0.0
    asked, claim = ask.lower(), note["claim"]
    for name in tx.entities(claim):
        if 2 <= len(name.split()) <= 3 and name.lower() not in asked and not name.isupper():
            at = claim.find(name)
            if _ROLE_RE.search(claim[max(0, at - 40) : at + len(name) + 40]):
                return PERSON_GIVEN_BONUS
    return 0.0


def _named_asks(question: str, notes: list[dict], subquestions: list[str]) -> list[str]:
    """The question's asks with its chain's links named: as later rounds asked them, else as the
    notes name them (the gap check's resolution, agents/engine/gap.py, over every note's claim
    with its link's hop)."""
    from agents.engine import gap

    sentences = [(n["hop"], s.text) for n in notes for s in tx.sentences(n["claim"])]
    return gap.named_asks(question, sentences, subquestions)


def _question_parts(question: str) -> list[str]:
    """The question's own asks, one per clause ("Where is X headquartered", "where is X's largest
    plant"), unknowns written as {U1}; [] when the grammar finds one or none."""
    from agents.engine import question as qshape

    asks = list(qshape.parse(question).asks)
    return asks if len(asks) >= 2 else []


def _figure_given(question: str, notes: list[dict]) -> bool:
    """For a question that asks for a figure ("how many", "what capacity"): some note gives a
    figure and names everything the question names ("the Nysa plant of Corvane Materials"; the
    Ghent plant's figure does not answer it). True for other questions."""
    if not qtext.asks_amount(question):
        return True
    names = _ask_names(question)
    return any(_gives_figure(n["claim"]) and all(_names(n, x) for x in names) for n in notes)


def _gives_figure(claim: str) -> bool:
    """A figure with its unit; in a table row the unit is in the header ("Capacity (tonnes per
    year): 35,000"), so any figure of the row counts."""
    return bool(composition.figures(claim)) or (tx.is_table_row(claim) and bool(_figures(claim)))


def _publisher(note: dict) -> str:
    """The name of the site whose page the note quotes ("Castellan Cables" of
    castellan-cables.example), when its label is that name; "" for a bare domain or an upload."""
    label = note.get("source", "")
    if not label or re.search(r"\d", label):  # "S2 0" of s2-0.example is an address, not a name
        return ""
    return label if composition.names_the_site(label, note.get("domain", "")) else ""


def _names(note: dict, name: str) -> bool:
    """The note names `name`, or was published by it: a company's own page need not repeat its
    name ("Plant: Nysa; Capacity: 35,000" on corvane-materials.example is Corvane's, and
    tessaline-chem.example is Tessaline Chemicals'). Only the site's own name: the Arc's row on
    voltara-motors.example does not name the Voltara Pulse, though the domain begins "voltara"."""
    low = name.lower()
    if low in note["claim"].lower() or low in note.get("source", "").lower():
        return True
    # Its initials, as the page writes it once it has said the name ("KIWC" of "Kelleth Island
    # Water Company"): three letters or more, in capitals, as a word.
    initials = "".join(w[0] for w in name.split() if w[:1].isupper())
    if len(initials) >= 3 and re.search(rf"(?<![\w-]){initials}(?![\w-])", note["claim"]):
        return True
    # A model's designation names it, with or without its maker: "For model KX-14, …" on the
    # maker's page is the "Kessel KX-14" asked about.
    codes = _DESIGNATION_RE.findall(name)
    if codes and all(re.search(rf"(?<![\w-]){re.escape(c)}(?![\w-])", note["claim"]) for c in codes):
        return True
    return composition.names_the_site(name, note.get("domain", ""))


# A designation: letters and digits joined by a hyphen ("KX-14", "BT-15", "A-320"), or letters
# followed by digits ("A320"), never a bare number, a year or a figure with its unit.
_DESIGNATION_RE = re.compile(r"(?<![\w-])(?:[A-Z]{1,4}-?\d{1,5}[A-Za-z]?|\d{1,4}-[A-Z]{1,4})(?![\w-])")


# Words that name the kind of answer, not what it is about ("the estimate of what X will cost" is
# answered by X's cost, whichever word the source uses for its figure).
_ANSWER_KIND_TERMS = frozenset(
    w[:5] for w in ("estimate", "figure", "value", "number", "amount", "total", "overall", "combined")
)


def _asks_covered(question: str, notes: list[dict]) -> bool:
    """Every word the question asks about (beyond its names) is in at least one note that also
    names the question's subject: the answer is there, spread over notes."""
    names = _ask_names(question)
    # "… according to both analyst firms": who says it, which the notes' sources are, not a word
    # their statements use.
    question = re.sub(r"\baccording to [^,;?]+", " ", question, flags=re.I)
    # A frame word ("the main risks for X", "the key issues of X") is what the notes' statements
    # are, not a word they use: the risks of a project are its rising cost and an unsettled grid
    # connection, and no page need call them risks.
    wanted = _ask_terms(question) - {w[:5] for w in qtext.GENERIC_WORDS} - _ANSWER_KIND_TERMS
    # The noun a name heads is the subject itself ("the Harrow Tunnel project"), not what is asked.
    for name in names:
        for m in re.finditer(rf"{re.escape(name)}(?:'s)?\s+([a-z][\w-]+)", question):
            wanted -= _prefix_terms(m.group(1))
    about = [n for n in notes if not names or any(_names(n, x) for x in names)]
    if not wanted:
        return bool(about)
    have = set().union(*(_prefix_terms(n["claim"]) for n in about)) if about else set()
    return wanted <= have


def _quantities(text: str) -> set[tuple[float, str]]:
    return {(v, u) for v, u, w in composition.quantities(text) if not tx.is_year(w)}


def _same_quantities(a: str, b: str) -> bool:
    """Both claims give the same quantities (values with their scale), however written."""
    qa, qb = {v for v, _ in _quantities(a)}, {v for v, _ in _quantities(b)}
    return bool(qa) and qa == qb


def _other_things_figure(note: dict, chosen: dict, names: list[str]) -> bool:
    """The note gives a figure in a unit of the chosen answer's but not its value, and does not
    name what the chosen answer names of the ask ("The largest plant of Corvane Materials …
    60,000 tonnes" beside "Plant: Nysa; Capacity: 35,000 tonnes", for the Nysa plant's capacity)."""
    mine, theirs = _quantities(note["claim"]), _quantities(chosen["claim"])
    units, their_units = {u for _, u in mine}, {u for _, u in theirs}
    # a table cell's figure has its unit in the column's header ("Capacity (tonnes per year): 35,000")
    same_value = {v for v, _ in mine} & {v for v, _ in theirs}
    if not mine or not theirs or same_value or not (units & their_units or "" in units | their_units):
        return False
    return any(_names(chosen, n) and not _names(note, n) for n in names)


def _one_fact(a: str, b: str) -> bool:
    """Two claims that state the same fact: mostly the same words, or the same figure of the
    same subject ("1.82 million vehicles" and "1,820,000 vehicles"). Claims about different
    things are different facts however many words they share ("Dunmore Bank uses OX-12
    turbines", "Kelso Rise uses OX-12 turbines too")."""
    na, nb = tx.entities(a), tx.entities(b)

    def unmatched(xs: list[str], ys: list[str]) -> bool:  # "Voltara" and "Voltara Motors" match
        return any(not any(x in y or y in x for y in ys) for x in xs)

    other_things = unmatched(na, nb) and unmatched(nb, na)
    if not other_things and tx.jaccard(tx.term_set(a), tx.term_set(b)) >= SAME_FACT_JACCARD:
        return True
    qa, qb = _quantities(a), _quantities(b)
    return bool(qa & qb) and bool(_subject(a)) and _subject(a) == _subject(b)


def _same_fact(note: dict, notes: list[dict]) -> list[int]:
    """Other notes that state the same fact (a second domain for a key number)."""
    return [
        n["id"]
        for n in notes
        if n["id"] != note["id"]
        and n["domain"] != note["domain"]
        and _one_fact(note["claim"], n["claim"])
        and {v for v, _ in _quantities(n["claim"])} == {v for v, _ in _quantities(note["claim"])}
    ][:2]


# -- the comparison table -------------------------------------------------------------------------

MAX_TABLE_ROWS = 8


def comparison_table(prompt: str) -> dict:
    """Rows: the things compared (the names the question gives, else the names most notes are
    about); one column, the question's focus, whose cell lists what the notes link each row to
    (other names, each with the share or figure next to it); one column of figures when rows
    have them. Every cell cites the notes it comes from."""
    from agents.engine import question as qshape

    question = bk.block(prompt, "question")
    shape = qshape.parse(question)
    notes = [n for n in _notes(prompt) if not _heading_like(n["claim"])]
    asked = [n for n in composition.names(question)]
    counts: dict[str, int] = {}
    for n in notes:
        subject = _subject(n["claim"])
        if subject:
            counts[subject] = counts.get(subject, 0) + 1
    filtered = _filtered_set(shape, question, notes)
    if filtered is None and qtext.asks_each_member(question):
        # No set whose members hold the filter was found: a table of whatever the names link to
        # would not answer it.
        return {"entities": [], "attributes": [], "cells": []}
    members = _set_members(shape.subject, notes) if shape.set_like and not filtered else []
    rows = (
        (filtered and filtered[0])
        or members
        or (asked if len(asked) >= 2 else [s for s, c in sorted(counts.items(), key=lambda kv: -kv[1]) if c >= 2])
    )
    rows = rows[:MAX_TABLE_ROWS]
    focus = filtered[1] if filtered else (shape.focus or "").strip()
    beside = filtered[2] if filtered else ""
    # "the turbine suppliers of the offshore wind farms of A and B": each row's own things (its
    # wind farms) stand between it and the focus; the cell lists what the notes link them to.
    owned = _owned_noun(question)
    # Names the notes call one of those things ("the Merrow Deep offshore wind farm"): never a
    # counterpart, whoever owns them.
    every_thing = (
        {t for n in notes for t in _things_in(n["claim"], owned, rows, question, n["source"])} if owned else set()
    )
    cells, used_attrs = [], []
    for row in rows:
        things = _row_things(row, notes, rows, question, owned) if owned else {}
        linked, shown = _linked_names(row, notes, rows, question, focus, set(things) | every_thing, beside)
        for thing, link_ids in things.items():
            found, found_shown = _linked_names(thing, notes, rows, question, focus, every_thing | {row})
            for key, ids in found.items():
                linked.setdefault(key, []).extend(ids + [i for i in link_ids if i not in ids])
                shown.setdefault(key, found_shown[key])
        if linked:
            # when some linked names come with their share, those are the relation's members;
            # a name without one is an incidental mention (a chief executive)
            with_share = [k for k in linked if shown[k] != k]
            keys = (with_share or list(linked))[:4]
            value = ", ".join(shown[k] for k in keys)
            # each shown name's first note is cited, whatever the others' count
            ids = list(dict.fromkeys([linked[k][0] for k in keys] + [i for k in keys for i in linked[k]]))
            cells.append({"entity": row, "attribute": focus or "linked to", "value": value, "note_ids": ids[:6]})
    if cells:
        used_attrs.append(focus or "linked to")
    return {"entities": [c["entity"] for c in cells], "attributes": used_attrs, "cells": cells}


def _linked_names(
    row: str, notes: list[dict], rows: list[str], question: str, focus: str, skip: set, beside: str = ""
) -> tuple[dict[str, list[int]], dict[str, str]]:
    """({name: note ids}, {name: as shown}) of the names the notes link `row` to for the focus
    (each with its share or figure when the note gives one next to it); with `beside` (a term),
    only names whose own part of the sentence holds it ("… and LFP cells from Quanta Battery
    Company"), unless the sentence links the row to one name only."""
    linked: dict[str, list[int]] = {}
    shown: dict[str, str] = {}
    with_share: set[str] = set()
    for n in notes:
        if row.lower() not in n["claim"].lower() or row.lower() not in n["quote"].lower():
            continue
        if focus and not (_prefix_terms(focus) & _prefix_terms(n["claim"])):
            continue
        if beside and beside not in tx.term_set(n["claim"]):
            continue
        others = [o for o in composition.names(n["claim"]) if o != row and o.lower() not in question.lower()]
        # "Merrow Deep will use 80 AW-18 turbines from Astrafell Wind": where a supplier is
        # asked for, the names after "from" supply; the one before it is a buyer.
        after = _SUPPLY_FROM_RE.search(n["claim"]) if _SUPPLIER_FOCUS_RE.search(focus) else None
        for other in composition.names(n["claim"]):
            if after and n["claim"].find(other) < after.start() and other != row:
                continue
            if (
                other == row
                or other in rows
                or other in skip
                or other.lower() in question.lower()
                or other.lower() not in n["quote"].lower()
                or set(other.split()) & set(row.split())
                or other == n["source"]
                or _speaker(n["claim"], other)
                or (skip and re.search(r"\d", other))
            ):
                continue  # the row, another row, its own products ("Norvik Fjord"), the source, a speaker, a model
            if beside and len(others) > 1 and beside not in tx.term_set(_part_of(n["claim"], other)):
                continue  # "Voltara Motors buys NMC cells from Helion Cells and LFP cells from …"
            share = _figure_near(n["claim"], other)
            if beside and other.split()[-1].lower() == beside:
                other = other.rsplit(" ", 1)[0]  # "Quanta Battery Company LFP" in LFP's own column
            # "Helion Cells NMC" (a table's cell) and "Helion Cells" are one supplier
            key = next((k for k in linked if other.startswith(k + " ") or k.startswith(other + " ")), other)
            linked.setdefault(key, []).append(n["id"])
            if share and share.lower() in n["quote"].lower() and key not in with_share:
                shown[key] = f"{other} ({share})"
                with_share.add(key)  # a later note's share does not replace it; a bare name does not stay
            shown.setdefault(key, other)
    return linked, shown


_SUPPLIER_FOCUS_RE = re.compile(r"\b(?:suppliers?|vendors?|sources?|makers?|manufacturers?)\b", re.I)
_SUPPLY_FROM_RE = re.compile(r"\bfrom\s+(?:the\s+)?[A-Z]")
_OWNED_RE = re.compile(r"\b(?P<noun>[a-z][\w-]*s)\s+(?:of|owned by|run by|operated by)\s+(?:the\s+)?[A-Z]")
MAX_LINK_NAMES = 3  # a note tying a row to its thing names few things: a listing ties nothing


def _owned_noun(question: str) -> str:
    """The things the compared names own, as the question writes them ("farms" of "the offshore
    wind farms of Corrievale Renewables and Westmark Offshore"); "" when it asks of the names."""
    m = _OWNED_RE.search(question)
    return m.group("noun") if m else ""


def _row_things(row: str, notes: list[dict], rows: list[str], question: str, noun: str) -> dict[str, list[int]]:
    """{thing: note ids}: the names a note of few names ties to `row` together with the owned
    noun ("Westmark Offshore inaugurated the Lyngrev Nord offshore wind farm", "Greyhaven Bank,
    the wind farm of Corrievale Renewables")."""
    out: dict[str, list[int]] = {}
    for n in notes:
        names = composition.names(n["claim"])
        if row not in names or len(names) > MAX_LINK_NAMES:
            continue
        for name in _things_in(n["claim"], noun, rows, question, n["source"]):
            out.setdefault(name, []).append(n["id"])
    return out


def _things_in(claim: str, noun: str, rows: list[str], question: str, source: str) -> list[str]:
    """The names `claim` calls one of the owned things: followed within three words by the noun
    ("the Lyngrev Nord offshore wind farm"), after it ("wind farm Holm Flats"), or set beside
    it ("Greyhaven Bank, the wind farm of …")."""
    stem = noun.lower().removesuffix("s")[:5]  # "farms" -> "farm", "plants" -> "plant"
    if not any(t[:5] == stem for t in tx.terms(claim)):
        return []
    out = []
    for name in composition.names(claim):
        if name in rows or name.lower() in question.lower() or name == source or re.search(r"\d", name):
            continue
        if not _speaker(claim, name) and tx.calls(claim, name, stem):
            out.append(name)
    return out


def _speaker(claim: str, name: str) -> bool:
    """`name` is a person the claim quotes or titles ("… said Fraser McAllister, chief executive
    of Corrievale Renewables"): no counterpart of a comparison."""
    n = re.escape(name)
    return bool(
        re.search(
            rf"\b(?:said|says|added|told)\s+{n}\b|\b{n}\s+(?:said|says|added|told)\b|"
            rf"\b{n},\s+(?:the\s+)?(?:chief|head|ceo|director|president|chair|founder|spokes)",
            claim,
            re.I,
        )
    )


def _filtered_set(shape, question: str, notes: list[dict]) -> tuple[list[str], str, str] | None:
    """For a question that asks a thing of each member of a set that holds something ("Which of
    the five largest makers use LFP cells, and from which suppliers?"): the members the notes say
    hold it (the rows), what is asked of each as the column ("LFP cell suppliers"), and the
    filter's rarest word, which each name a cell gives must stand beside. None for any other
    question, or when fewer than two members are found to hold it."""
    from agents.engine import gap
    from agents.engine import question as qshape

    if not qtext.asks_each_member(question):
        return None
    by_key = {u.key: u for u in shape.chain}
    link = next(
        (
            u
            for u in shape.chain
            if u.kind == "answer_of" and u.plural and any(gap.names_a_set(by_key[d]) for d in u.depends if d in by_key)
        ),
        None,
    )
    asked = re.search(r"\b(?:which|what)\s+([a-z][\w-]*)", shape.asks[-1] if shape.asks else "", re.I)
    phrase = gap.filter_phrase(link) if link else ""
    if not (link and asked and phrase):
        return None
    claims = [n["claim"] for n in notes]
    exclude = {e.lower() for e in qshape.clean_entities(question)}
    the_set = next(by_key[d] for d in link.depends if d in by_key and gap.names_a_set(by_key[d]))
    members = gap.set_members(the_set, [(0, c) for c in claims], exclude)
    terms = gap.filter_terms(link)
    held = gap.members_holding(members, terms, [(0, c) for c in claims])
    if len(held) < 2:
        return None
    words = phrase.split()
    label = " ".join(words[:-1] + [qshape.singular(words[-1]), asked.group(1)]) if len(words) <= 3 else asked.group(1)
    return held, label, gap.rarest_term(terms, claims)


def _part_of(text: str, name: str) -> str:
    """The part of `text` (between ";", ", ", " and ", " — ") that holds `name`; "" if none does."""
    start, end = _part_span(text, name)
    return text[start:end]


def _part_span(text: str, name: str) -> tuple[int, int]:
    at = text.find(name)
    if at < 0:
        return 0, 0
    start = max((m.end() for m in _PART_END_RE.finditer(text, 0, at)), default=0)
    after = _PART_END_RE.search(text, at + len(name))
    return start, after.start() if after else len(text)


def _set_members(subject: str, notes: list[dict]) -> list[str]:
    """The members of a set the question names by description ("the five largest electric car
    makers"): the names of the latest note that lists three or more of them with the set's words."""
    set_words = {t[:5] for t in tx.terms(subject) if not t[0].isdigit()}
    best: tuple[int, list[str]] = (0, [])
    for n in notes:
        names = composition.names(n["claim"])
        if len(names) >= 3 and len(set_words & _prefix_terms(n["claim"])) >= max(1, len(set_words) - 2):
            year = max((int(y) for y in tx.numbers(n["claim"]) if tx.is_year(y)), default=0)
            if year > best[0] or not best[1]:
                best = (year, names)
    return best[1]


_PART_END_RE = re.compile(r";\s*|,\s+|\s+and\s+|\s+\u2014\s+")


def _figure_near(text: str, name: str) -> str:
    """The percent or figure written next to `name` in its own part of the sentence ("Kaiyo
    Battery Works (60%)", "60% from Kaiyo Battery Works", "Helion Cells NMC 55%"), as written,
    or "". Parts end at ";", ", " and " and ": the 45% of "…; Quanta Battery Company LFP 45%"
    is Quanta's, never the 55% of the part before it."""
    start, end = _part_span(text, name)
    part = text[start:end]
    found = composition.figures(part)
    if not found:
        return ""
    here = text.find(name) - start
    # the one nearest the name's own words
    best = min(found, key=lambda f: min(abs(part.find(f[2]) - here), abs(part.find(f[2]) - (here + len(name)))))
    return best[2]
