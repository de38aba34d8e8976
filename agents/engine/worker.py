"""Offline search worker: decides the next tool call from what the prompt shows it (the
sub-question, its history of decisions, observations and errors, the queries already sent and
its notes). Search first, read the best unread results, rewrite the query with a name from
the notes when coverage is thin, finish when the notes answer the sub-question."""

from __future__ import annotations

import json
import re
from collections import Counter
from urllib.parse import urlsplit

from agents import composition
from agents import text as tx
from agents.engine import blocks as bk

QUESTION_WORDS = {
    "which",
    "what",
    "how",
    "who",
    "when",
    "where",
    "why",
    "does",
    "do",
    "each",
    "and",
    "use",
    "product",
    "many",
    "much",
}
MIN_QUALITY = 0.35
BLIND_READS = 2  # results read on the search's ranking alone when no title is on the task
PAGES_PER_FETCH = 3
COVERAGE_TO_FINISH = 0.75
MIN_NOTES_TO_FINISH = 4
# A result whose title shares no asked word is judged by the words of its address (its site's
# name, its path), each counting this much of a title word: a site's name is on every page of the
# site, and a title that does name asked words says more about the page than its address.
URL_WORD_WEIGHT = 0.5
# A name the snippet holds (search_worker.mentions) weighs less than a word of the address: the
# snippet is a window of the page, and a title that says the asked thing ("Our plants" for "Which
# cathode plant …") still comes first; a mention lifts a title that says nothing asked.
MENTION_WEIGHT = 0.25
SECTION_TITLE_TERMS = 1  # a title of one word names a section of a site, not what the page is about
# Once the notes hold a figure for a sub-question that asks for an amount, a result from a site
# this worker has already read (or picked in this batch) is worth this share of its score per
# page already taken from that site: a second source is what lets the report compare figures,
# and the subject's own site otherwise fills every read.
SAME_SITE_FACTOR = 0.6
# A page that tabulates figures ("Technical data", "Key figures", "Factsheet",
# /specifications): for a sub-question asking an amount, a result that names something asked and
# is such a page counts this many title words more.
DATA_PAGE_TERMS = frozenset(tx.terms("data datasheet specifications specs technical figures factsheet statistics"))
DATA_PAGE_BONUS = 1.0
_ASKS_AMOUNT_RE = re.compile(
    r"\bhow (?:much|many|large|big)\b|\b(?:amount|capacity|cost|number|output|price|revenue|share|size|total|volume)s?\b",
    re.I,
)

# Once the notes hold a figure for what an amount sub-question measures, the worker asks for the
# same figure from a second source before it reads on: the words that found the first pages find
# more of the same site, so two queries worded differently name the figure's subject with
# "estimate" (how another party words its own figure for someone else's quantity) and with what
# is measured. A result of theirs whose title gives another value in the figure's unit (a rival
# figure) is read first; their other results are not read, they would only take the place of the
# first wording's pages from other sites (SAME_SITE_FACTOR).
CORROBORATION_WORD = "estimate"
# Energy and power units are written with capitals ("GWh") and look like names to tx.entities.
_UNIT_NAME_RE = re.compile(r"[kKMGT]?W(?:h)?")
_FIGURE_UNIT_RE = re.compile(r"^[\d.,]+\s?")
TERM_PREFIX_CHARS = 5
_ACCORDING_TO_RE = re.compile(r"\b[Aa]ccording to (?:the )?(?:[A-Z][\w&'-]*\s+)*[A-Z][\w&'-]*,")

_RESULT_RE = re.compile(
    r"^\s*\d+\.\s+(?P<title>.*?)\s+\|\s+(?P<url>\S+)\s+\|\s+(?P<domain>\S+)\s+\|\s+(?P<date>\S+)\s+\|\s+quality\s+(?P<quality>[\d.]+)\s*(?:\|\s*mentions:\s*(?P<mentions>[^|]*?)\s*)?(?:\|\s*(?P<snippet>.*))?$"
)
# A note as the worker sees it: "[12] (domain) names: A; B | figures: 60% | terms: nmc, pouch".
_NOTE_RE = re.compile(r"^\[(?P<id>\d+)\]\s+\((?P<domain>[^()]*)\)\s+(?P<digest>.*)$")


GENERIC = frozenset(
    tx.terms(
        "figures ranked rank changed change since disagree between sources reported compare "
        "technology products recently affect main"
    )
)


def _key_terms(subquestion: str) -> list[str]:
    return [t for t in tx.terms(subquestion) if t not in QUESTION_WORDS and not tx.is_year(t)]


# Notes that hold this share of a sub-question's key terms answer it, whatever word they use for
# the rest (see finish() in decide).
MOSTLY_COVERED = 0.5


def _content_words(text: str) -> list[str]:
    return [w for w in tx.words(text) if w.lower() not in tx.STOPWORDS and w.lower() not in QUESTION_WORDS]


def url_terms(url: str) -> set[str]:
    """Words of a web address: its host's labels (not the top-level domain) and its path.
    Empty for anything that is not a web address (an upload's name is its title)."""
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https"}:
        return set()
    labels = (parts.hostname or "").split(".")[:-1]
    labels = [label for label in labels if label != "www"]
    return tx.term_set(" ".join(re.split(r"[^A-Za-z0-9]+", " ".join(labels) + " " + parts.path)))


def site_of(url: str) -> str:
    host = (urlsplit(url).hostname or "").lower()
    return host[4:] if host.startswith("www.") else host


def query_from(subquestion: str, task: str = "") -> str:
    """What this sub-question adds beyond the task first (so workers of one job do not all
    send the task's words), then the task's own terms."""
    task_terms = tx.term_set(task)
    words = _content_words(subquestion)
    distinct = [w for w in words if tx.stem(w.lower()) not in task_terms]
    shared = [w for w in words if tx.stem(w.lower()) in task_terms]
    return " ".join(list(dict.fromkeys(distinct + shared))[:9])


SUMMARY_MAX_CHARS = 1200


def _parse_digest(digest: str) -> dict:
    parts = dict(part.split(": ", 1) for part in digest.split(" | ") if ": " in part)
    return {
        "names": [n.strip() for n in parts.get("names", "").split(";") if n.strip()],
        "figures": [f.strip() for f in parts.get("figures", "").split(",") if f.strip()],
        "terms": [t.strip() for t in parts.get("terms", "").split(",") if t.strip()],
        "places": [n.strip() for n in parts.get("places", "").split(";") if n.strip()],
    }


def summarise(notes: list[dict]) -> str:
    """What the notes establish, from their digests: the names and figures they carry."""
    names = list(dict.fromkeys(n for note in notes for n in note["names"]))
    figures = list(dict.fromkeys(f for note in notes for f in note["figures"]))
    text = f"{len(notes)} notes from {len({n['domain'] for n in notes})} domains"
    if names:
        text += "; names: " + ", ".join(names)
    if figures:
        text += "; figures: " + ", ".join(figures[:20])
    return text[:SUMMARY_MAX_CHARS] + "."


def _normalise_query(query: str) -> str:
    return " ".join(sorted(set(tx.terms(query))))


UPLOAD_SEARCH_TOOLS = ("find_files_by_name", "find_files_by_term", "search_files_by_meaning")


def offered_tools(system: str) -> set[str]:
    return set(re.findall(r"^### (\w+)$", system, re.M))


def _name_words(marker: str) -> set[str]:
    """Distinctive words of a collection marker's file name and title."""
    filename, _, rest = marker.partition(" | ")
    title = rest.split(" | ")[0] if rest else ""
    stem = re.sub(r"\.[a-z0-9]+$", "", filename)
    return {
        w.lower()
        for w in re.findall(r"[A-Za-z0-9]+", f"{stem} {title}")
        if w.lower() not in tx.STOPWORDS and len(w) > 2
    }


def _spread_over_sites(candidates: list[tuple[float, str]], *, read: set[str], count: int) -> list[str]:
    """The `count` best candidates, picked one at a time, each site's score shrinking by
    SAME_SITE_FACTOR for every page of it already read or picked: the best result still
    comes first, but a close one from another site beats the subject's own site's third
    page. Ties keep the search engine's order (candidates are sorted by score already)."""
    taken = Counter(site_of(url) for url in read)
    pool = list(candidates)
    picked: list[str] = []
    while pool and len(picked) < count:
        best = max(pool, key=lambda c: c[0] * SAME_SITE_FACTOR ** taken[site_of(c[1])])
        pool.remove(best)
        picked.append(best[1])
        taken[site_of(best[1])] += 1
    return picked


def _figures(note: dict) -> list[str]:
    """The note's figures that are not years, as the digest writes them ("1.82 million", "52 GWh")."""
    return [f for f in note["figures"] if not tx.is_year(f) and tx.numbers(f)]


def _figure_unit(figure: str) -> str:
    return _FIGURE_UNIT_RE.sub("", figure).strip().lower()


def _asked_names(subquestion: str) -> list[str]:
    """The names a sub-question asks about, in order: "According to the European Battery
    Registry, ..." names the source asked, not the subject (but "According to Sunmark Energy
    itself, ..." names the subject); a unit such as "GWh" is no name."""
    about = _ACCORDING_TO_RE.sub(" ", subquestion)
    return [n for n in dict.fromkeys(tx.entities(about)) if not _UNIT_NAME_RE.fullmatch(n)]


def corroboration_subject(subquestion: str, figure_notes: list[dict]) -> list[str]:
    """The names a figure is about: those of the sub-question that the figure's notes name too,
    else the name the figure's notes give most often (a unit such as "GWh" is no name)."""
    named = {n for note in figure_notes for n in note["names"] if not _UNIT_NAME_RE.fullmatch(n)}
    asked = [n for n in _asked_names(subquestion) if n in named]
    if asked:
        return asked
    counts = Counter(n for note in figure_notes for n in dict.fromkeys(note["names"]) if n in named)
    return [counts.most_common(1)[0][0]] if counts else []


def measured(subquestion: str) -> str:
    """What an amount sub-question measures: the amount word it uses ("capacity", "share"), or
    the thing it counts ("how many vehicles" -> "vehicles"); "" when it names neither."""
    matches = list(_ASKS_AMOUNT_RE.finditer(subquestion))
    nouns = [m.group(0) for m in matches if not m.group(0).lower().startswith("how ")]
    if nouns:
        return nouns[-1]  # "the largest total installed capacity": the head noun comes last
    m = next(iter(matches), None)
    if not m:
        return ""
    after = [w for w in _content_words(subquestion[m.end() :]) if not tx.is_year(w) and not w[0].isupper()]
    return after[0] if after else ""


_ASKS_PLACE_RE = re.compile(
    r"^\s*where\b|\bin which (?:towns?|city|cities|countr(?:y|ies)|regions?|places?|plants?|sites?|factor(?:y|ies))\b",
    re.I,
)
# "Where are the bogies made …": what the place is asked of comes between the verb and its participle.
_WHERE_SUBJECT_RE = re.compile(
    r"^\s*where\s+(?:is|are|was|were)\s+(?:the\s+|its\s+|their\s+)?(?P<subject>.+?)\s+"
    r"(?:\w+ed|made|built|based|located|headquartered|run|held|kept|sold|grown)\b",
    re.I,
)


def place_missing(subquestion: str, notes: list[dict]) -> list[str]:
    """For a sub-question that asks where: [] when a note about what it asks of names a place
    (digest "places", agents/digests.py); otherwise the names those notes give, to search next
    ("The bogies come from Stellan Bogie Works" answers who makes them, not where). Notes that
    cover a where-question's words without a place have not answered it."""
    if not _ASKS_PLACE_RE.search(subquestion):
        return []
    m = _WHERE_SUBJECT_RE.match(subquestion)
    focus = tx.term_set(m.group("subject")) if m else set(_key_terms(subquestion))
    on_focus = [n for n in notes if focus & tx.term_set(n["digest"])]
    if not on_focus or any(n["places"] for n in on_focus):
        return []
    asked = subquestion.lower()
    return list(dict.fromkeys(name for n in on_focus for name in n["names"] if name.lower() not in asked))


def about_the_asked(subquestion: str, figure_notes: list[dict]) -> list[dict]:
    """The figure notes that name a thing the sub-question names, when it names any: a figure
    about something else ("The Norvik Skarv battery has a usable capacity of 58 kWh" for the
    capacity of the Voltara Pulse) needs no second source, the asked figure is still to find."""
    asked = {n.lower() for n in _asked_names(subquestion)}
    if not asked:
        return figure_notes
    return [
        note
        for note in figure_notes
        if any(a == n.lower() or a in n.lower() or n.lower() in a for n in note["names"] for a in asked)
    ]


def corroboration_queries(subquestion: str, figure_notes: list[dict], measure: str = "") -> list[str]:
    """Two queries for a second source of the figure the notes hold, each worded unlike the
    sub-question: the figure's subject with CORROBORATION_WORD, and its subject with what is
    measured (`measure`, the notes' own word for it, else the sub-question's). Empty when the
    notes name no subject."""
    subject = corroboration_subject(subquestion, figure_notes)
    if not subject:
        return []
    names = " ".join(subject)
    queries = [f"{names} {CORROBORATION_WORD}"]
    measure = measure or measured(subquestion)
    if measure:
        queries.append(f"{names} {measure}")
    return queries


def _prefixes(text: str) -> set[str]:
    """Word stems cut to TERM_PREFIX_CHARS letters: "deliver" and "deliveries" meet."""
    return {tx.stem(w.lower())[:TERM_PREFIX_CHARS] for w in _content_words(text) if not w[0].isdigit()}


def measuring_notes(subquestion: str, notes: list[dict]) -> list[dict]:
    """Notes that give a figure and use the word for what the sub-question measures."""
    measure = measured(subquestion)
    if not measure:
        return []
    key = tx.stem(measure.lower())[:TERM_PREFIX_CHARS]
    return [n for n in notes if _figures(n) and key in _prefixes(" ".join(n["terms"]))]


# Words that say when or how a figure stands, not what it measures ("its first full year").
_NOT_A_MEASURE = frozenset(
    tx.terms("first full year years month months since highest lowest latest total record so far about around nearly")
)
SHARED_TERMS_FOR_SAME_AMOUNT = 2


def worded_otherwise(subquestion: str, notes: list[dict]) -> tuple[list[dict], str]:
    """(notes, their word for it) when notes give the amount the sub-question asks for in words
    of their own: a figure, and at least SHARED_TERMS_FOR_SAME_AMOUNT of the sub-question's
    words besides names ("booked 9.4 GW of new turbine orders" for "how much new turbine capacity
    did it book"). Their word is their first term the sub-question does not use ("orders"):
    another source is likelier to word the figure as these notes do than as the question does.
    ([], "") when no note does."""
    asked = _prefixes(_ACCORDING_TO_RE.sub(" ", subquestion))
    found, word = [], ""
    for note in notes:
        if not _figures(note):
            continue
        # A figure's unit ("tonnes" of "61,000 tonnes") is not what it measures.
        terms = [t for t in note["terms"] if not tx.is_year(t) and not composition.is_unit_word(t)]
        prefixes = [tx.stem(t.lower())[:TERM_PREFIX_CHARS] for t in terms]
        if len(set(prefixes) & asked) < SHARED_TERMS_FOR_SAME_AMOUNT:
            continue
        own = next(
            (
                t
                for t, p in zip(terms, prefixes, strict=True)
                if p not in asked and tx.stem(t.lower()) not in _NOT_A_MEASURE
            ),
            "",
        )
        if own:
            found.append(note)
            word = word or own
    return found, word


# A title that announces another party's number for the subject ("2025 deliveries preview:
# Voltara to lead"): an estimate, forecast or preview is a rival figure's page though the title
# gives no figure.
_ESTIMATE_TITLE_RE = re.compile(r"\b(?:preview|estimates?|estimated|forecasts?|projections?|consensus)\b", re.I)


def rival_figure(title: str, figure_notes: list[dict], subject: list[str]) -> bool:
    """The title names the subject and gives a figure in a unit the notes use, with a value none
    of the notes gives ("Pellbrook's plant: 45 kt and counting" when the notes say 48 kt), or
    announces an estimate of it."""
    low = title.lower()
    if not any(name.lower() in low or name.split()[0].lower() in low for name in subject):
        return False
    if _ESTIMATE_TITLE_RE.search(title):
        return True
    noted = {tx.numbers(f)[0] for note in figure_notes for f in _figures(note)}
    units = {_figure_unit(f) for note in figure_notes for f in _figures(note)}
    for m in tx._NUMBER_RE.finditer(title):
        figure = m.group(0).strip()
        value = tx.numbers(figure)[0]
        if not tx.is_year(value) and value not in noted and _figure_unit(figure) in units:
            return True
    return False


def decide(prompt: str, system: str = "") -> dict:
    offered = offered_tools(system)
    on_uploads = "find_files_by_term" in offered and "search" not in offered
    search_tool = "find_files_by_term" if on_uploads else "search"
    read_tool = "read_files" if "read_files" in offered else "fetch_pages"
    subquestion = bk.block(prompt, "subquestion")
    task = bk.block(prompt, "task").split("\n")[0]
    budget = bk.block(prompt, "budget")
    m = re.search(r"turn (\d+) of (\d+); pages read: (\d+) of (\d+)", budget)
    turn, max_calls, pages_read, max_pages = (int(x) for x in m.groups()) if m else (1, 6, 0, 5)
    try:
        queries_sent = json.loads(bk.block(prompt, "queries_sent", "[]"))
    except json.JSONDecodeError:
        queries_sent = []
    notes = []
    for line in bk.block(prompt, "notes").splitlines():
        nm = _NOTE_RE.match(line.strip())
        if nm:
            notes.append({**nm.groupdict(), **_parse_digest(nm.group("digest"))})
    history = bk.block(prompt, "history")
    fetched = set(re.findall(r"^(?:read|skipped|failed|empty) (\S+)", history, re.M))
    results = []
    results_by_query: dict[str, list[dict]] = {}
    last_search_empty = False
    for obs in bk.blocks(history, "observation"):
        if obs.attrs.get("tool") in {search_tool, *UPLOAD_SEARCH_TOOLS} and obs.attrs.get("elided") != "true":
            results = [r.groupdict() for r in map(_RESULT_RE.match, obs.body.splitlines()) if r]
            last_search_empty = not results
            asked = re.match(r"^\S+: (.*)$", obs.body.strip().split("\n")[0])
            if asked:
                results_by_query[_normalise_query(asked.group(1))] = results
    errors = [e.body for e in bk.blocks(history, "error")]

    key = _key_terms(subquestion)
    task_terms = tx.term_set(task)
    distinct = {t for t in key if t not in task_terms}
    asked_names = [tx.term_set(name) for name in _asked_names(subquestion) if tx.term_set(name)]
    note_terms = set().union(*(tx.term_set(n["digest"]) for n in notes)) if notes else set()
    coverage = len(set(key) & note_terms) / len(set(key)) if key else 1.0

    def finish(reason: str) -> dict:
        summary = summarise(notes)
        if not notes:
            not_found = [subquestion]
        else:
            missing = [
                w
                for w in _content_words(subquestion)
                if tx.stem(w.lower()) in distinct - GENERIC and tx.stem(w.lower()) not in note_terms
            ]
            if coverage >= MOSTLY_COVERED:
                # Notes that cover most of the sub-question answer it though they use another
                # word for one of its words ("supply" for "serve"): only a name or a figure
                # that none of them gives leaves it not found.
                missing = [w for w in missing if w[:1].isdigit() or w[:1].isupper() and not subquestion.startswith(w)]
            not_found = [f"{subquestion} (no source covered: {', '.join(dict.fromkeys(missing))})"] if missing else []
        return {
            "thought": reason,
            "tool": "finish",
            "arguments": {"summary": summary or "No relevant evidence found.", "not_found": not_found},
        }

    if turn >= max_calls:
        return finish("Last turn: report what the notes establish.")
    if on_uploads and not queries_sent:
        # A file the sub-question names is found by name; anything else by its words.
        sq_words = {w.lower() for w in tx.words(subquestion)}
        for marker in bk.block(prompt, "collection").splitlines():
            words = _name_words(marker.lstrip("- "))
            if len(words & sq_words) >= 2:
                return {
                    "thought": "The sub-question names one of my files.",
                    "tool": "find_files_by_name",
                    "arguments": {"name": " ".join(sorted(words & sq_words))},
                }
    if not queries_sent:
        return {
            "thought": "Start with the sub-question's key terms.",
            "tool": search_tool,
            "arguments": {"query": query_from(subquestion, task)},
        }
    if (
        on_uploads
        and last_search_empty
        and not notes
        and not any(q.startswith("search_files_by_meaning") for q in queries_sent)
    ):
        return {
            "thought": "No file uses these words; look for files about the topic instead.",
            "tool": "search_files_by_meaning",
            "arguments": {"description": subquestion},
        }

    # A figure for an amount: ask for it from a second source (CORROBORATION_WORD above), then
    # read from sites not read yet.
    sent = {_normalise_query(q) for q in queries_sent}
    room = max_pages - pages_read
    figure_notes, their_word = measuring_notes(subquestion, notes), ""
    if not figure_notes and _ASKS_AMOUNT_RE.search(subquestion):
        figure_notes, their_word = worded_otherwise(subquestion, notes)
    figure_notes = about_the_asked(subquestion, figure_notes)
    corroborating: list[str] = []
    if figure_notes and search_tool == "search":
        corroborating = corroboration_queries(subquestion, figure_notes, their_word)
    pending = [q for q in corroborating if _normalise_query(q) not in sent]
    started = len(pending) < len(corroborating)
    # Room for every query, one read, and the finishing turn.
    if pending and room > 0 and (started or turn + len(pending) < max_calls):
        return {
            "thought": "My notes hold a figure from one wording of the question; ask for a second source of it.",
            "tool": search_tool,
            "arguments": {"query": pending[0]},
        }
    second_wordings = {_normalise_query(q) for q in corroborating}
    corroborated = bool(corroborating) and not pending and any(q in results_by_query for q in second_wordings)
    rivals: set[str] = set()
    if corroborated:
        # The second wordings' results are read only when a title gives another value for the
        # figure (a rival figure): any other page they found would take the place of one the
        # first wording found, which the spread below already takes from other sites.
        subject = corroboration_subject(subquestion, figure_notes)
        first = [rs for q, rs in results_by_query.items() if q not in second_wordings]
        results = list(first[-1]) if first else []
        found = {r["url"] for r in results}
        for q in corroborating:
            for r in results_by_query.get(_normalise_query(q), []):
                if r["url"] not in found and rival_figure(r["title"], figure_notes, subject):
                    rivals.add(r["url"])
                    found.add(r["url"])
                    results.append(r)

    # Read the best unread results of the latest search.
    asks_amount = bool(_ASKS_AMOUNT_RE.search(subquestion))
    # Titles are weighed in synonyms (tx.synonym): "deliveries fall" is on the task of a
    # sub-question asking which maker "delivered fewer".
    key_syn, distinct_syn = {tx.synonym(t) for t in key}, {tx.synonym(t) for t in distinct}
    task_syn = {tx.synonym(t) for t in task_terms - GENERIC}
    asked_syn = [{tx.synonym(t) for t in name} for name in asked_names]
    candidates, of_the_name = [], []
    for r in results:
        if r["url"] in fetched:
            continue
        quality = float(r["quality"])
        if quality < MIN_QUALITY:
            continue
        titled = tx.synonym_terms(f"{r['title']} {r.get('snippet') or ''}")
        # The names that the result's snippet holds (search_worker.mentions) and that the task does
        # not (a chain's link: round one found them) count at MENTION_WEIGHT: "Our network"
        # mentions the asked line, "About <the asked maker>" names it.
        found_names = [n for n in (r.get("mentions") or "").split(";") if tx.term_set(n) - task_terms]
        mentioned = tx.synonym_terms(" ".join(found_names)) - titled
        # A title that says nothing asked ("Full-year results 2025"), or only a section's name
        # ("Plants" on corvane-materials.example/plants), leaves the address to speak.
        short = len(titled) <= SECTION_TITLE_TERMS
        addressed = {tx.synonym(t) for t in url_terms(r["url"])} - titled if short or not key_syn & titled else set()
        # Before the first notes, a title naming a thing the sub-question asks about by name is on
        # its task ("Cell origin disclosure: Kestrel Automotive" for "Which battery suppliers does
        # Kestrel Automotive use?"); with notes in hand, a query with their names finds better.
        names_asked = not notes and any(name <= titled for name in asked_syn)
        of_task = not task_terms or task_syn & (titled | addressed) or names_asked or mentioned
        if not of_task:
            # Nothing of the task itself: a match on generic words only. But a chain's later link
            # asks about a name round one found, which the question never wrote ("About Norvik
            # Electric" for "In which towns does Norvik Electric assemble its cars?"): a title
            # that names it is read when the worker has no notes and nothing else of the task
            # was found (once it has notes, a query with their names finds better pages).
            if any(name <= titled for name in asked_syn):
                of_the_name.append((quality, r["url"]))
            continue
        relevance = len(key_syn & titled) + 2 * len(distinct_syn & titled)
        relevance += URL_WORD_WEIGHT * (len(key_syn & addressed) + 2 * len(distinct_syn & addressed))
        relevance += MENTION_WEIGHT * (len(key_syn & mentioned) + 2 * len(distinct_syn & mentioned))
        if relevance and asks_amount and (titled | url_terms(r["url"])) & DATA_PAGE_TERMS:
            relevance += DATA_PAGE_BONUS  # a figure asked for is likeliest on the data sheet
        if relevance or r["url"] in rivals:
            candidates.append((relevance * (0.5 + quality), r["url"]))
    if not candidates and not notes:
        # Nothing any title says is on the task, and nothing is known yet: the search's own
        # ranking is all there is to go on ("Contracts for difference: offshore wind awards"
        # holds Kelda Rise's strike price in a table row), so its first results are read.
        ranked = [r["url"] for r in results if r["url"] not in fetched and float(r["quality"]) >= MIN_QUALITY]
        candidates = of_the_name or [(0.0, url) for url in ranked[:BLIND_READS]]
    candidates.sort(key=lambda c: -c[0])
    if candidates and not notes:
        # Before the first notes, the search's first result is read beside the titles that match:
        # a register's "Registered plants" holds the output asked for in a row its title does not
        # announce, and the engine ranked it first for the asked words.
        picked = fetched | {url for _, url in candidates}
        candidates += [
            (0.0, r["url"]) for r in results[:1] if r["url"] not in picked and float(r["quality"]) >= MIN_QUALITY
        ]
    if room > 0 and candidates:
        count = min(PAGES_PER_FETCH, room)
        has_figure = any(not tx.is_year(f) for n in notes for f in n["figures"])
        # A rival figure's page first, then the rest as usual.
        urls = [url for _, url in candidates if url in rivals][:count]
        rest = [c for c in candidates if c[1] not in rivals]
        if has_figure and _ASKS_AMOUNT_RE.search(subquestion):
            urls += _spread_over_sites(rest, read=fetched | set(urls), count=count - len(urls))
        else:
            urls += [url for _, url in rest[: count - len(urls)]]
        return {
            "thought": f"Read the {len(urls)} most relevant unread results.",
            "tool": read_tool,
            "arguments": {"urls": urls},
        }

    # A sub-question about each member of a set needs more notes than one about one thing.
    enough_notes = MIN_NOTES_TO_FINISH * (2 if re.search(r"\beach\b|\bevery\b", subquestion, re.I) else 1)
    unplaced = place_missing(subquestion, notes)
    if room <= 0 or (len(notes) >= enough_notes and coverage >= COVERAGE_TO_FINISH and not unplaced):
        return finish(f"Notes cover {coverage:.0%} of the sub-question's terms.")

    # Rewrite the query with a name from the notes that no query has used yet.
    used_words = {w.lower() for q in queries_sent for w in tx.words(q)}
    refused = {m.group(1) for e in errors for m in [re.search(r'"(.+?)"', e)] if m}
    names = Counter(e for n in notes for e in n["names"] if e.lower() not in subquestion.lower())
    base = query_from(subquestion, task)
    # A where-question's notes that name who makes the thing but not where: that name first.
    for name in [*unplaced, *(n for n, _ in names.most_common() if n not in unplaced)]:
        if all(w.lower() in used_words for w in name.split()):
            continue
        query = f"{name} {base}"
        if _normalise_query(query) not in sent and query not in refused:
            return {
                "thought": f"Notes name {name}; search for it with the sub-question's terms.",
                "tool": search_tool,
                "arguments": {"query": query},
            }
    missing = [
        w
        for w in tx.words(subquestion)
        if w.lower() not in tx.STOPWORDS and tx.stem(w.lower()) not in note_terms and w.lower() not in QUESTION_WORDS
    ]
    if missing:
        query = " ".join(missing[:6])
        if _normalise_query(query) not in sent and query not in refused:
            return {
                "thought": "Search for the terms the notes do not cover yet.",
                "tool": search_tool,
                "arguments": {"query": query},
            }
    return finish("No new query would help.")
