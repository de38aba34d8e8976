"""Offline reader: picks the sentences of one page that best answer one sub-question (BM25
over the page's sentences) and copies them as exact quotes with their offsets."""

from __future__ import annotations

import re

from rank_bm25 import BM25Plus

from agents import composition
from agents import text as tx
from agents.engine import question as qshape
from agents.safety import looks_like_instruction

MIN_WORDS = 6
# A sentence must score at least this share of the page's best sentence to become a note.
RELATIVE_SCORE_FLOOR = 0.35
BOILERPLATE_RE = re.compile(
    r"\b(subscribe|sign up|newsletter|cookie|all rights reserved|click here|advertisement|sponsored)\b", re.I
)
MAX_WORDS = 70
# A table row (agents/text.TABLE_ROW_RE) is longer than prose sentences when the table is
# wide, so it may run to MAX_ROW_WORDS words.
TABLE_ROW_RE = tx.TABLE_ROW_RE
MAX_ROW_WORDS = 140
# Rows of one table share their context and headers, so they score alike: at most this many
# rows of one table become notes of one page (the best-scoring ones), leaving room for prose.
MAX_ROWS_PER_TABLE = 2
_EACH_RE = re.compile(
    r"\b(?:each|every)\b|\b(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(?:largest|biggest|main|top|leading)\b",
    re.I,
)


_RANK_ASK_RE = re.compile(
    r"\b(?:(?P<count>two|three|four|five|six|seven|eight|nine|ten|\d+)\s+)?"
    rf"(?:(?P<ord>{'|'.join(qshape.ORDINALS)})[\s-]+)?"
    r"(?P<sup>largest|biggest|highest|top|leading|most)\b",
    re.I,
)
RANK_ROW_BONUS = 1.0  # of its score: the row whose rank is the asked one ("second-highest": Rank 2)
CAVEAT_BONUS = 0.5  # of its score: a sentence saying a figure is unconfirmed, an estimate, a possible phase


def asked_rank(subquestion: str) -> int:
    """The place a sub-question asks for ("the second-highest 2025 deliveries" -> 2, "the
    largest maker" -> 1), 0 when it asks none; "the five largest" is a set, not a place."""
    for m in _RANK_ASK_RE.finditer(subquestion):
        if not m.group("count"):
            return qshape.ORDINALS.get((m.group("ord") or "first").lower(), 0)
    return 0


def _table_of(sentence: tx.Sentence) -> str | None:
    """The table a row sentence belongs to: its context and header names ("" when not a row)."""
    if not TABLE_ROW_RE.match(sentence.text):
        return None
    context, _, body = sentence.text.rpartition(" \u2014 ")
    headers = [cell.split(": ", 1)[0] for cell in body.rstrip(".").split("; ") if ": " in cell]
    return context + "|" + "|".join(headers)


# A name this many words or fewer from an asked word ("the Kestrel Ridge electric pickup") is
# what the page calls by that word.
BRIDGE_WINDOW_WORDS = 3
BRIDGE_BONUS = 0.5


def bridge_names(
    sents: list[tx.Sentence], corpus: list[list[str]], tables: list[str | None], asked: set[str]
) -> set[str]:
    """Names the page's prose ties to asked words that none of its table rows holds: "… and the
    Kestrel Ridge electric pickup" ties "pickup" to Kestrel Ridge, so the row of the Kestrel
    Ridge answers "the battery capacity of its electric pickup" though it never says pickup."""
    rows = [set(t) for t, table in zip(corpus, tables) if table is not None]
    missing = asked - set().union(*rows) if rows else set()
    names: set[str] = set()
    for sent, table in zip(sents, tables):
        if not missing or table is not None:
            continue
        words = sent.text.split()
        for i, word in enumerate(words):
            if not set(tx.terms(word)) & missing:
                continue
            before = tx.entities(" ".join(words[max(0, i - BRIDGE_WINDOW_WORDS) : i]))
            after = tx.entities(" ".join(words[i + 1 : i + 1 + BRIDGE_WINDOW_WORDS]))
            nearest = before[-1:] or after[:1]
            names.update(n for n in nearest if len(n.split()) > 1)
    return names


def _usable(sentence: tx.Sentence) -> bool:
    n = len(sentence.text.split())
    row = TABLE_ROW_RE.match(sentence.text) is not None
    if n < MIN_WORDS or n > (MAX_ROW_WORDS if row else MAX_WORDS):
        return False
    if sentence.text[-1] not in ".!\"'\u201d)%":
        return False  # headings, list fragments, captions
    if sentence.text.endswith("?"):
        return False
    if BOILERPLATE_RE.search(sentence.text):
        return False
    return not looks_like_instruction(sentence.text)


def _subject_page(subquestion: str, title: str) -> set[str]:
    """The asked words that are not the name of the thing asked about, when the page's title
    names that thing (a name of the sub-question): on such a page a sentence that names nothing
    ("The project will cost 5.1 billion euros") is about that thing. Empty otherwise."""
    asked_names = {n.lower() for n in tx.entities(subquestion)}
    named = [n for n in tx.entities(title) if n.lower() in asked_names]
    if not named:
        return set()
    name_terms = set().union(*(tx.term_set(n) for n in named))
    return tx.term_set(subquestion) - name_terms


# A sentence that opens by pointing back ("It will use 80 AW-18 turbines", "The wind farm's 60
# turbines …", "The company was founded …") says nothing a reader can use on its own: its note
# names what it points to, and its quote reaches back to the sentence that names it (at most
# ANTECEDENT_SENTENCES back, the whole quote at most MAX_RESOLVED_WORDS words), so the name the
# claim gives is in the quote.
_POINTER_RE = re.compile(
    r"^(?P<pointer>It|Its|The (?P<noun>company|firm|group|wind farm|farm|plant|factory|project|site|carmaker|maker|"
    r"supplier|operator|developer|turbine|model|vehicle|car))(?P<possessive>'s)?\b"
)
ANTECEDENT_SENTENCES = 2
NOUN_LOOKBACK_SENTENCES = 4
MAX_RESOLVED_WORDS = 110
MAX_RESOLVED_CHARS = 1000  # the reader's schema takes quotes of up to 1,200 characters
# A name this many words or fewer before the pointer's noun in the naming sentence is what the
# noun names ("the Lyngrev Nord offshore wind farm").
NOUN_WINDOW_WORDS = 3


def _named_by_noun(noun: str, sent: tx.Sentence) -> str:
    """The name a sentence gives the thing its noun names ("Greyhaven Bank is an offshore wind
    farm", "the Lyngrev Nord offshore wind farm"): the name ending at most NOUN_WINDOW_WORDS
    words before the noun, whole ("Greyhaven Bank", not "Bank"); "" when none."""
    words = sent.text.split()
    low = [w.lower().strip(",.;:") for w in words]
    head = noun.split()[-1]
    whole = tx.entities(sent.text)
    for i, w in enumerate(low):
        if w == head:
            near = tx.entities(" ".join(words[max(0, i - NOUN_WINDOW_WORDS - len(noun.split())) : i]))
            if near:
                return next((n for n in whole if n.endswith(near[-1])), near[-1])
    return ""


def _antecedent(
    pointer: re.Match, before: list[tx.Sentence], title: str, known: frozenset = frozenset()
) -> tuple[str, tx.Sentence] | None:
    """(the name a pointing sentence points to, the sentence that names it), or None. "the wind
    farm" points to the name a nearby sentence gives a wind farm (up to NOUN_LOOKBACK_SENTENCES
    back); "It", or a noun no sentence names, to the thing the page's title names when a
    sentence just before names it, else to the first name of the nearest sentence that names one."""
    titled = {n.lower() for n in tx.entities(title)}
    noun = (pointer.group("noun") or "").lower()
    if noun:
        for sent in reversed(before[-NOUN_LOOKBACK_SENTENCES:]):
            name = _named_by_noun(noun, sent)
            if name:
                return name, sent
    for sent in reversed(before[-ANTECEDENT_SENTENCES:]):
        # a lone capitalised word opening a line is its first word or a heading ("Technology"), not a name
        names = [n for n in tx.names(sent.text, known) if n.lower() != "it"]
        if not names:
            continue
        for name in names:
            # the title may shorten it: "Moyne Cross" of "Board approves Moyne Cross business case"
            # is the "Moyne Cross Line" its sentence names
            if name.lower() in titled or any(
                len(t.split()) >= 2 and re.match(rf"{re.escape(t)}\b", name.lower()) for t in titled
            ):
                return name, sent
        return names[0], sent
    return None


# Words at a sentence's start that must name nothing for its subject to be left to the page
# ("Turbines and foundations will be installed from the port of Kilbrannan": the port is
# named, the wind farm is the page's); "The largest plant of Quanta Battery Company is …" names
# its subject within them.
SUBJECT_WORDS = 6


def _without_possessive(name: str) -> str:
    return re.sub(r"['\u2019]s$", "", name)


def _title_subjects(title: str, inner: frozenset) -> set[str]:
    """The names (lower-cased) of the thing a page is about: those of its title's heading (its
    first part, not the site's name after " - " or " | "), possessives dropped; a one-word name
    only when the page writes it capitalised inside a sentence (`inner`: not "Notice")."""
    heading = next(iter(composition.title_parts(title)), "")
    out = set()
    for name in map(_without_possessive, tx.entities(heading)):
        if " " in name or name.lower() in inner:
            out.add(name.lower())
    return out


def _implicit_subject(
    sent: tx.Sentence, before: list[tx.Sentence], title: str, known: frozenset, inner: frozenset
) -> tuple[str, tx.Sentence] | None:
    """(the name a sentence leaves to its page, the sentence just before that names it), or None.
    The sentence opens with a noun phrase that names nothing ("Production at Orkanger will start
    in 2026", "The cables will be made at …") and names none of the page's subjects, yet states
    a name or a figure; the page's title names a thing that a sentence just before names: that
    thing is the subject."""
    if tx.is_table_row(sent.text):
        return None
    # A name that is not a unit ("GWh"), or a figure: what makes it a finding, not background.
    if not tx.numbers(sent.text) and all(composition.is_unit_word(n) for n in tx.names(sent.text, known)):
        return None
    words = sent.text.split()
    first = words[0]
    if (first.lower() in tx.STOPWORDS and first != "The") or first.lower() in inner:
        return None  # "In 2025, …", "For example, …", "This page lists …"; "China produces …"
    if not first[:1].isupper() or not first[1:].islower() or tx.names(" ".join(words[:SUBJECT_WORDS]), known):
        return None
    subjects = _title_subjects(title, inner)
    named = {_without_possessive(n).lower() for n in tx.entities(sent.text)}
    # "Voltara" is named by "Voltara Motors signed …": the sentence names its subject.
    if not subjects or any(n == t or n.startswith(t + " ") or t.startswith(n + " ") for n in named for t in subjects):
        return None
    for naming in reversed(before[-ANTECEDENT_SENTENCES:]):
        for name in tx.names(naming.text, known):
            if name.lower() in subjects:
                return name, naming
    return None


def resolve(
    sent: tx.Sentence,
    sentences: list[tx.Sentence],
    page: str,
    title: str,
    known: frozenset = frozenset(),
    inner: frozenset = frozenset(),
    context: tx.Sentence | None = None,
    asked: set[str] = frozenset(),
) -> dict:
    """The note of one chosen sentence: its claim with a pointing opening replaced by the name it
    points to, and a quote reaching back to the sentence that names it (an exact span of the
    page); an absence statement read with its `context` (`_absence_context`) opens with the asked
    name that sentence gives ("For Sabline Energie, no turbine order has been placed …"); the
    sentence as it stands when it does not point back or nothing names its referent."""
    plain = {"claim": tx.normalise_space(sent.text), "quote": sent.text, "char_start": sent.start, "char_end": sent.end}
    before = [s for s in sentences if s.end <= sent.start]
    m = _POINTER_RE.match(sent.text)
    if m:
        found = _antecedent(m, before, title, known)
        if not found:
            return plain
        possessive = m.group("possessive") or (m.group("pointer") == "Its" and "'s") or ""
        claim = f"{found[0]}{possessive}{sent.text[m.end() :]}"
    else:
        # "For Merrow Deep, turbines and foundations will be installed …"
        found = _implicit_subject(sent, before, title, known, inner)
        if not found and context is not None and not _names_asked(sent.text, asked):
            name = next((n for n in tx.entities(context.text) if n.lower() in asked), "")
            found = (name, context) if name else None
        if not found:
            return plain
        claim = f"For {found[0]}, {sent.text[:1].lower()}{sent.text[1:]}"
    # The quote reaches back to the sentence that names it, so the name stands in its quote.
    naming = found[1]
    quote = page[naming.start : sent.end]
    if len(quote.split()) > MAX_RESOLVED_WORDS or len(quote) > MAX_RESOLVED_CHARS:
        return plain
    return {"claim": tx.normalise_space(claim), "quote": quote, "char_start": naming.start, "char_end": sent.end}


# A sentence saying something asked is not known or not done yet ("No turbine order has been
# placed and the layout has not been decided.", "The company has not said which turbines it
# would use."): when the question has no answer in the sources, it is the answer the page gives.
_ABSENCE_RE = re.compile(
    r"^(?:No|Neither|None)\b|\b(?:has|have|had|is|are|was|were)\s+(?:not|yet to)\s+(?:yet\s+)?(?:been\s+)?"
    r"(?:said|decided|announced|confirmed|disclosed|placed|ordered|chosen|selected|named|published|agreed|set|"
    r"made|signed|given|specified|revealed|finalised|finalized|approved)\b|\bnot\s+(?:yet\s+)?(?:been\s+)?"
    r"(?:decided|announced|disclosed|known|public)\b|\b(?:undecided|undisclosed|unannounced)\b",
    re.I,
)
ABSENCE_CONTEXT_SHARE = 0.5  # of the sentence before's score: an absence is read with what it is about


def _absence_context(
    sent: tx.Sentence, every: list[tx.Sentence], page: str, asked: set[str], words: set[str]
) -> tx.Sentence | None:
    """The sentence just before an absence statement that says one of the sub-question's `words`
    (beside its names), when it names a thing the sub-question names ("Sabline Energie is
    studying a second offshore site further south." before "No turbine order has been placed
    …"): the statement is about that thing. None otherwise ("Lumen Ion has not announced a
    second carmaker customer" says nothing of the cathode chemistry asked)."""
    if not asked or not _ABSENCE_RE.search(sent.text) or tx.is_table_row(sent.text):
        return None
    if not words & tx.term_set(sent.text):
        return None
    before = [s for s in every if s.end <= sent.start]
    if not before:
        return None
    prev = before[-1]
    if "\n" in page[prev.end : sent.start] and not _POINTER_RE.match(sent.text):
        return None  # a new paragraph (a line of the page) starts a new subject, unless it points back
    return prev if {n.lower() for n in tx.entities(prev.text)} & asked else None


def _names_asked(text: str, asked: set[str]) -> bool:
    return bool({n.lower() for n in tx.entities(text)} & asked)


# A sentence that names nothing and states no figure ("Offshore turbines are turned to face the
# wind by a yaw system") is background, not a finding about the things a sub-question names: its
# score counts this share.
GENERIC_WEIGHT = 0.5


def _names_something(sentence: tx.Sentence, known: frozenset) -> bool:
    """A name (a lone capitalised word that opens the sentence is its first word, unless the
    page writes it capitalised elsewhere) or a figure."""
    return bool(tx.names(sentence.text, known) or tx.numbers(sentence.text))


# A record's field written as a short sentence: "Owner: Halden Blue Energy." "Founded: 2005."
_FIELD_RE = re.compile(r"^[A-Z][\w ()/&'.-]{0,40}:\s+\S")
MIN_RECORD_FIELDS = 2
RECORD_HEADING_WORDS = 8


def records(page: str, sentences: list[tx.Sentence]) -> list[tx.Sentence]:
    """Runs of short sentences on one line that are mostly "Label: value." fields (a register's
    entry: "Skarvholm offshore wind farm. Owner: Halden Blue Energy. Registered capacity: 1,050
    MW."), each as one sentence of the page: too short one by one to be read, together they are
    the page's facts, and the run is still a substring of the page."""
    out: list[tx.Sentence] = []
    run: list[tx.Sentence] = []

    def flush() -> None:
        if len(run) >= MIN_RECORD_FIELDS and sum(1 for r in run if _FIELD_RE.match(r.text)) >= MIN_RECORD_FIELDS:
            start = run[0].start
            if _FIELD_RE.match(run[0].text) and page[start - 1 : start] == "\n":
                # The entry's name is the short heading line above its fields ("Sunmark Energy at
                # a glance"): the quote starts there, so the claim may name it.
                line_start = page.rfind("\n", 0, start - 1) + 1
                heading = page[line_start : start - 1].strip()
                if heading and len(heading.split()) <= RECORD_HEADING_WORDS and heading[-1] not in ".!?:;":
                    start = line_start
            out.append(tx.Sentence(start, run[-1].end, page[start : run[-1].end]))
        run.clear()

    for sent in sentences:
        short = len(sent.text.split()) < MIN_WORDS
        if short and run and "\n" not in page[run[-1].end : sent.start]:
            run.append(sent)
            continue
        flush()
        if short:
            run.append(sent)
    flush()
    return out


def record_claim(text: str) -> str:
    """A register entry said as a table row says it ("Skarvholm offshore wind farm — Owner: Halden
    Blue Energy; Registered capacity: 1,050 MW."): one statement, not a run of fragments."""
    heading, newline, rest = text.partition("\n")
    parts = ([heading.strip()] if newline else []) + [
        p.text.strip().rstrip(".") for p in tx.sentences(rest if newline else text)
    ]
    head = parts[0] if parts and not _FIELD_RE.match(parts[0]) else ""
    fields = [p for p in parts[1 if head else 0 :]]
    return f"{head} \u2014 {'; '.join(fields)}." if head else f"{'; '.join(fields)}."


def read(subquestion: str, page: str, max_notes: int = 5, title: str = "") -> dict:
    every = tx.sentences(page)
    entries = records(page, every)
    sents = sorted((s for s in every + entries if _usable(s)), key=lambda s: s.start)
    query = tx.terms(subquestion)
    if not sents or not query:
        return {"notes": [], "other_findings": ""}
    corpus = [tx.terms(s.text) or ["_"] for s in sents]
    scores = BM25Plus(corpus).get_scores(query)  # BM25+: IDF stays positive on short pages
    qset = set(query)
    wants_figures = any(
        w in subquestion.lower() for w in ("figure", "how many", "how much", "capacity", "rank", "share", "volume")
    )
    # On a page whose title names the asked thing, a figure sentence naming nothing is about that
    # thing: one asked word of what is measured ("cost") is enough for it to be read.
    measure_terms = _subject_page(subquestion, title) if wants_figures else set()
    tables = [_table_of(s) for s in sents]
    bridged = bridge_names(sents, corpus, tables, qset)
    # On a page whose title holds asked words ("Our wind farms - Westmark Offshore"), a sentence
    # that names something is about them: "Holm Flats has 40 BT-12 turbines" answers the
    # turbines of Westmark Offshore's wind farms though it says only "turbines".
    titled = qset & tx.term_set(title)
    inner = frozenset(tx.inner_names([s.text for s in every]))
    known = inner | {n.lower() for n in tx.entities(f"{title} {subquestion}")}
    asks_of_names = bool(tx.entities(subquestion))
    asked_names = {n.lower() for n in tx.entities(subquestion)}
    rank = asked_rank(subquestion)
    score_of = {id(s): sc for s, sc in zip(sents, scores)}
    asked_words = qset - set().union(*(tx.term_set(n) for n in asked_names))
    absent = {id(s): c for s in sents if (c := _absence_context(s, every, page, asked_names, asked_words))}
    ranked = []
    for sent, terms, score, table in zip(sents, corpus, scores, tables):
        context = absent.get(id(sent))
        specific = _names_something(sent, known) or context is not None
        context_terms = tx.term_set(context.text) if context else set()
        matched = len(qset & (set(terms) | context_terms | (titled if specific else set())))
        if context:
            score += ABSENCE_CONTEXT_SHARE * score_of.get(id(context), 0.0)
        about_the_title = (
            matched
            and set(terms) & measure_terms
            and table is None
            and tx.states_figure(sent.text)
            and not tx.entities(sent.text)
        )
        if matched < min(2, len(qset)) and not about_the_title:
            continue
        bonus = 0.15 * score if wants_figures and tx.numbers(sent.text) else 0.0
        bonus += 0.05 * score * min(len(tx.entities(sent.text)), 3)
        if bridged and table is not None:
            body = sent.text.rpartition(" \u2014 ")[2]  # the row's cells, not the table's caption
            bonus += BRIDGE_BONUS * score * sum(1 for n in bridged if n in body)
        if rank and table is not None and tx.row_rank(sent.text) == rank:
            bonus += RANK_ROW_BONUS * score
        if table is None and tx.qualifies_figure(sent.text):
            bonus += CAVEAT_BONUS * score  # how far a figure can be trusted belongs beside it
        total = score + bonus
        if asks_of_names and not specific:
            total *= GENERIC_WEIGHT
        ranked.append((total, sent, table))
    ranked.sort(key=lambda entry: (-entry[0], entry[1].start))
    chosen = []
    rows_taken: dict[str, int] = {}
    # A sub-question about each member of a set ("the battery suppliers of each of the five
    # largest makers") is answered row by row: a table with one row per member is the answer.
    row_cap = max_notes if _EACH_RE.search(subquestion) else MAX_ROWS_PER_TABLE
    floor = RELATIVE_SCORE_FLOOR * ranked[0][0] if ranked else 0
    for score, sent, table in ranked:
        if score <= 0 or score < floor:
            break
        if any(tx.jaccard(tx.term_set(sent.text), tx.term_set(c.text)) > 0.8 for c in chosen):
            continue  # the page repeats itself
        if table is not None:
            if rows_taken.get(table, 0) >= row_cap:
                continue
            rows_taken[table] = rows_taken.get(table, 0) + 1
        chosen.append(sent)
        if len(chosen) == max_notes:
            break
    chosen_ids = {id(c) for c in chosen}
    spans = {(r.start, r.end) for r in entries}
    notes = [
        {**resolve(s, every, page, title, known, inner), "claim": record_claim(s.text)}
        if (s.start, s.end) in spans
        else resolve(s, every, page, title, known, inner, absent.get(id(s)), asked_names)
        for s in sorted(chosen, key=lambda s: s.start)
    ]
    # Other findings: the most fact-dense sentence the sub-question did not ask about.
    other = ""
    best = 0.0
    for sent, terms in zip(sents, corpus):
        if id(sent) in chosen_ids:
            continue
        density = len(tx.entities(sent.text)) + len(tx.numbers(sent.text))
        if density > best and len(qset & set(terms)) <= 1:
            best, other = density, tx.normalise_space(sent.text)
    return {"notes": notes, "other_findings": other[:380]}
