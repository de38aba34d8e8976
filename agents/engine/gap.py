"""Offline gap check.

- A multi-hop question (its plan has hop > 0 and the question names things by description):
  find in the key notes what each hop was looking for, in order ("the largest electric car
  maker of 2025" -> the maker the ranking notes put first), and ask the next hops again with
  those names (agents/engine/planner.chain_subquestions renders the chain with what is known).
- A question about a set of things (e.g. the five largest car makers): find the members the
  workers named but whose focus (e.g. battery suppliers) no worker covered, or covered only
  with a figure no second source gives (single_source), and name one sub-question per member.
- Either way, say which part of the question the notes do not answer (`unanswered`)."""

from __future__ import annotations

import math
import re
from collections import Counter

from agents import composition
from agents import questions as qtext
from agents import text as tx
from agents.engine import blocks as bk
from agents.engine import planner as offline_planner
from agents.engine import question as qshape

RELATION_STEMS = {
    t[:5]
    for t in tx.terms(
        "supplies supplier buys bought sources sourcing purchases contract partner "
        "agreement deal orders provides delivers signed selected"
    )
}


def decide(prompt: str, max_new: int = 2) -> dict:
    question = bk.block(prompt, "question")
    shape = qshape.parse(question)
    researched = bk.blocks(bk.block(prompt, "researched"), "subquestion")
    if not researched:
        return {"enough": True, "reason": "Nothing was researched.", "new_subquestions": []}
    # The readers' key notes (whole sentences) where there are any, else the worker's summary.
    summaries = [bk.block(sq.body, "key_notes") or bk.block(sq.body, "summary") for sq in researched]
    summaries = [re.sub(r"^- ", "", s, flags=re.M) for s in summaries]
    texts = [sq.body.split("<summary>")[0].strip() for sq in researched]
    set_question = bool(shape.focus and shape.set_like and shape.kind in {"compare", "list", "trend"})
    if shape.chain and not set_question and any(sq.attrs.get("hop", "0") not in {"", "0"} for sq in researched):
        return chain_decision(shape, question, researched, summaries, texts, max_new)
    if not (shape.focus and shape.set_like):
        missing = [t for sq, t in zip(researched, texts) if sq.attrs.get("status") != "done"]
        empty = [
            t
            for sq, t, summary in zip(researched, texts, summaries)
            if not summary.strip() or summary.startswith("0 notes") or summary.startswith("No relevant")
        ]
        return {
            "enough": True,
            "reason": "The question is not about a set of members; every angle was researched"
            + (f" except {len(missing)} that failed." if missing else "."),
            "new_subquestions": [],
            "unanswered": [qtext.absence_clause(question)] if len(empty) == len(researched) else [],
        }

    # Members: names in sentences that list the set ("the five largest ... are A, B, C"),
    # otherwise the names in the first (set-identifying) sub-question's summary.
    listed = latest_listings(
        [s.text for s in tx.sentences(" ".join(summaries))],
        shape.subject,
        lambda name: name.lower() not in question.lower(),
    )
    if listed:
        members = Counter(listed)
    else:
        members = Counter(
            e for e in tx.entities(summaries[0]) if e.lower() not in question.lower() and len(e.split()) > 1
        )
    # A member is covered when a focus note links it to a named counterpart: a sentence naming
    # it together with another name that is not a member (its supplier, say) and saying how
    # they relate. "The two suppliers serve Voltara Motors" does not say who they are;
    # "Voltara Motors is based in Lyon" names a place, not a counterpart.
    focus_stems = {t[:5] for t in tx.terms(shape.focus)}
    member_names = set(members)

    about_change = shape.kind == "trend"

    def linked(member: str, sentence: str) -> bool:
        if member not in sentence:
            return False
        member_words = set(member.split())
        # Another name that is not a member and not one of its own products ("Voltara Meridian").
        others = [
            e
            for e in tx.entities(sentence)
            if e not in member_names and e.lower() not in question.lower() and not member_words & set(e.split())
        ]
        stems = {t[:5] for t in tx.terms(sentence)}
        # A question about change is answered by what changed, not by who it is today: a
        # sentence of a member's current suppliers does not cover "how have they changed".
        if about_change and not _CHANGE_RE.search(sentence):
            return False
        return bool(others) and bool(stems & (focus_stems | RELATION_STEMS))

    focus_sentences = [x.text for x in tx.sentences(" ".join(summaries[1:]))]
    # Key notes whose figure no second, independent source gives (the prompt's single_source).
    single = [re.sub(r"^- ", "", line).strip() for line in bk.block(prompt, "single_source").splitlines()]
    single = [line for line in single if line]

    def one_source(sentence: str) -> bool:
        return any(sentence.strip() in claim for claim in single)

    def covered(name: str) -> bool:
        """Linked to its counterpart, and, where those links state figures, one of them has a
        second source: a key number needs two independent sources."""
        links = [sentence for sentence in focus_sentences if linked(name, sentence)]
        with_figures = [sentence for sentence in links if tx.states_figure(sentence)]
        return bool(links) and (not with_figures or not all(one_source(s) for s in with_figures))

    asked = " ".join(texts).lower()
    section = researched[1].attrs.get("section", "") if len(researched) > 1 else ""
    wanted = shape.count or 5
    new, uncovered = [], []
    for name, _ in members.most_common(wanted):
        if covered(name) or name.lower() in asked:
            continue
        text = (
            f"How did the {shape.focus} of {name} change {shape.time or 'recently'}?"
            if about_change
            else f"Which {shape.focus} does {name} use, and for which products?"
        )
        new.append({"text": text, "section": section, "hop": 2})
        uncovered.append(name)
        if len(new) == max_new:
            break
    if not new:
        return {
            "enough": True,
            "reason": f"Every member named in the overview is covered for {shape.focus}.",
            "new_subquestions": [],
            "unanswered": [],
        }
    return {
        "enough": False,
        "reason": f"{', '.join(uncovered)} named in the overview but not covered for {shape.focus}"
        + (" changes" if about_change else "")
        + (", or only by a figure from one source." if single else "."),
        "new_subquestions": new,
        "unanswered": [],
    }


# -- chains ---------------------------------------------------------------------------------------

# What a sentence about change says: something began, ended or moved, or will.
_CHANGE_RE = re.compile(
    r"\b(?:add(?:s|ed)?|drop(?:s|ped)?|replac\w*|switch\w*|lost|los(?:es|ing)|gain\w*|moved?|shift\w*|"
    r"new|former(?:ly)?|previous(?:ly)?|since|until|no longer|began|begins?|start(?:s|ed)?|stop(?:s|ped)?|"
    r"end(?:s|ed)|will|signed|chang\w*|became|becomes|first|sole|only)\b",
    re.I,
)


_RANK_DESC = re.compile(
    r"\b(largest|biggest|highest|greatest|most|best-selling|top-selling|leading|top|first|"
    r"smallest|lowest|fewest|least|worst)\b",
    re.I,
)
_ASCENDING = {"smallest", "lowest", "fewest", "least", "worst"}
# "the line that carried the most passengers": a ranking of the head by a count of its own (not
# "makes most of the cells", a share, nor "the most powerful turbines", a ranking of the object).
_QUANTITY_RANK_RE = re.compile(r"\bthe\s+(?:most|fewest|least)\s+(?!of\b)[a-z]+s\b", re.I)
MIN_LINK_TERMS = 2
RANK_WINDOW_WORDS = 6  # "the most popular open-source content management system"
MIN_RANKED = 3  # names with figures needed before an order of them is trusted
# Words in -est that rank nothing, and superlatives of time or age (not of size or amount).
_NOT_SUPERLATIVE = (
    r"(?:interest|forest|request|test|west|harvest|honest|modest|suggest|invest|protest|contest|arrest|manifest|"
    r"digest|latest|earliest|newest|oldest|smallest|lowest|fewest|least|slowest|cheapest|weakest|shortest)\b"
)


def _ordinal(text: str) -> int:
    for word, n in qshape.ORDINALS.items():
        if re.search(rf"\b{word}\b", text, re.I):
            return n
    return 1


def _sentences(claims: list[str]) -> list[str]:
    return [s.text for c in claims for s in tx.sentences(c)]


def _nearest(sentence: str, names: list[str], anchor: int) -> str:
    """The name in `sentence` closest to the character position `anchor` (the rank word):
    "Voltara Motors was the largest maker", not the publication that reported it."""
    best, distance = "", 10**6
    for name in names:
        at = sentence.find(name)
        if at < 0:
            continue
        d = min(abs(anchor - at), abs(anchor - (at + len(name))))
        if d < distance:
            best, distance = name, d
    return best


def common_words(sentences: list[tuple[int, str]]) -> frozenset[str]:
    """Words the sentences also write in lower case ("deliveries"): capitalised at the start of
    a sentence or a table caption ("Deliveries in the first nine months …"), they are no name."""
    return frozenset(w for _, s in sentences for w in re.findall(r"\b[a-z][a-z\-]{2,}\b", s))


def _without_trailing_acronym(name: str) -> str:
    """The name without a trailing acronym: in a table row's "Quanta Battery Company LFP 45%"
    the chemistry is no part of the name. A two-word name keeps its acronym ("Banco BPM")."""
    words = name.split()
    return " ".join(words[:-1]) if len(words) >= 3 and re.fullmatch(r"[A-Z]{2,5}", words[-1]) else name


def _candidates(sentence: str, exclude: set[str], common: frozenset = frozenset()) -> list[str]:
    out = []
    row = tx.is_table_row(sentence)
    for name in qshape.clean_entities(sentence):
        name = _without_trailing_acronym(name)
        low = name.lower()
        if low in exclude or any(low in e or e in low for e in exclude if len(e) > 3):
            continue
        if row and re.search(rf"(?:^|[;—-]\s*){re.escape(name)}(?:\s+[a-z][\w-]*)*(?:\s*\([^)]*\))?:", sentence):
            continue  # a column's label in a table row ("Supplier: …", "Total: 518,000"), not a name
        if row and " " not in name and re.search(rf"(?:^|[:;—]\s*){re.escape(name)}\s+[a-z]", sentence):
            continue  # a cell's capitalised first word ("Period: Full year 2025"), not a name
        if tx.is_year(name) or name.lower() in qshape.ORDINALS or low in common or composition.is_unit_word(name):
            continue
        out.append(name)
    return out


# Words that make a link's head a place, so a place name may answer it ("in which city").
_PLACE_HEADS = frozenset(
    tx.terms("city cities town towns country countries place places plant plants site sites factory factories region")
    + tx.terms("location locations state province port headquarters facility facilities village district")
)
_PLACE_BEFORE_RE = r"(?:^|(?P<before>[\w-]+)\s+)(?:in|at|near|across)\s+"
# "Shares in Granite Cell Industries", "a stake in Lumen Ion": "in" before a company
_NOT_PLACE_BEFORE = frozenset(
    "share shares stake stakes invested invest investment investments interest interests holding holdings "
    "confidence trust".split()
)


def place_names(sentences: list[tuple[int, str]]) -> set[str]:
    """Names the notes use as places, lower-cased: after "in", "at", "near" or "across" ("its
    headquarters in Changzhou"; not "shares in …", "a stake in …"), or a site named after
    its town ("The Changzhou plant of Quanta Battery Company"), and never opening a sentence
    (a company is the subject of its own sentences). Such a name does not answer a link that
    asks for a company or a maker."""
    places, openers = set(), set()
    for _, s in sentences:
        names = qshape.clean_entities(s)
        for name in names:
            if s.startswith((name + " ", name + ",", name + "'s ")):
                openers.add(name.lower())
            esc = re.escape(name)
            after = any(
                (m.group("before") or "").lower() not in _NOT_PLACE_BEFORE
                for m in re.finditer(_PLACE_BEFORE_RE + esc + r"\b", s)
            )
            if after or re.search(r"\b(?:the|The)\s+" + esc + r"\s+(?:plant|site|factory|facility|mine)\s+of\b", s):
                places.add(name.lower())
    return places - openers


def _asks_for_place(u: qshape.Unknown) -> bool:
    return bool(set(tx.terms(u.head or "")) & _PLACE_HEADS)


_COUNTED_AS = {"cars": "vehicles", "car": "vehicles", "vehicle": "vehicles", "units": "vehicles"}


def _figure_after(sentence: str, name: str) -> tuple[float, str] | None:
    """The first figure (not a year) after `name` in `sentence` and what it counts: ("1.82
    million cars" -> (1820000, "vehicles"); "55%" -> (55, "%"))."""
    at = sentence.find(name)
    if at < 0:
        return None
    rest = sentence[at + len(name) :]
    for m in re.finditer(r"(\d+(?:[.,]\d+)*)\s*(million|billion|thousand)?\s*(%|[A-Za-z]+)?", rest):
        raw = m.group(1)
        if tx.is_year(raw):
            continue
        value = (
            float(raw.replace(",", "")) if re.fullmatch(r"\d{1,3}(?:,\d{3})+", raw) else float(raw.replace(",", "."))
        )
        value *= {"million": 1e6, "billion": 1e9, "thousand": 1e3}.get((m.group(2) or "").lower(), 1)
        unit = (m.group(3) or "").lower()
        return value, "" if unit in tx.STOPWORDS else _COUNTED_AS.get(unit, unit)
    return None


# "the sixth-largest", "3rd-biggest": an ordinal joined to a superlative (either direction).
_DESCENDING_WORDS = ("largest", "biggest", "highest", "greatest", "leading", "top", "best-selling", "top-selling")
_STATED_RANK_RE = re.compile(
    r"(?<![\w-])(?P<ord>"
    + "|".join(qshape.ORDINALS)
    + r")[\s-]+(?P<sup>"
    + "|".join((*_DESCENDING_WORDS, *sorted(_ASCENDING)))
    + r")\b",
    re.I,
)
# "… the third-largest maker, behind Voltara Motors and Kestrel Automotive": the names behind
# which a stated rank comes hold the ranks before it, in order.
_BEHIND_RE = re.compile(r"\b(?:behind|after|trailing)\b", re.I)


def _table_rank(row: str, exclude: set[str], nouns: set[str], common: frozenset) -> tuple[str, int] | None:
    """(name, rank) of a ranking table's row ("… ranked by 2025 deliveries — Rank: 3; Maker:
    Norvik Electric; Headquarters: Oslo, Norway; …"): the name in the cell whose header is the
    thing ranked, else the first name in a cell after the rank's. Rank 1 is the top of the table."""
    if not tx.is_table_row(row) or not (rank := tx.row_rank(row)):
        return None
    names = _candidates(row, exclude, common)
    cells = tx.row_parts(row)[1]
    for header, value in cells:
        if tx.term_set(header) & nouns and (named := [n for n in names if n in value]):
            return named[0], rank
    at = next(i for i, (header, _) in enumerate(cells) if header.lower().rstrip(":") in tx.RANK_HEADERS)
    for _, value in cells[at + 1 :]:
        if named := [n for n in names if n in value]:
            return min(named, key=value.find), rank
    return None


def stated_ranks(
    sentences: list[tuple[int, str]],
    exclude: set[str],
    nouns: set[str],
    descending: bool,
    common: frozenset = frozenset(),
) -> dict[str, set[int]]:
    """The ranks sentences state for names ("Pellucid Cars was the sixth-largest electric car
    maker" -> {"Pellucid Cars": {6}}), in the direction asked, for the thing ranked (`nouns`),
    and the ranks before a stated one that "behind A and B" gives (A: 1, B: 2 for a third)."""
    ranks: dict[str, set[int]] = {}
    for _, s in sentences:
        if descending and (held := _table_rank(s, exclude, nouns, common)):
            ranks.setdefault(held[0], set()).add(held[1])
        for m in _STATED_RANK_RE.finditer(s):
            if (m.group("sup").lower() in _ASCENDING) == descending:
                continue
            if nouns and not set(tx.terms(" ".join(s[m.end() :].split()[:RANK_WINDOW_WORDS]))) & nouns:
                continue
            n = qshape.ORDINALS.get(m.group("ord").lower(), 0)
            names = _candidates(s, exclude, common)
            if not n or not names:
                continue
            behind = _BEHIND_RE.search(s, m.end())
            ahead = [name for name in names if behind and s.find(name) > behind.end()]
            holder = _nearest(s[: behind.start()] if behind else s, [x for x in names if x not in ahead], m.start())
            if holder:
                ranks.setdefault(holder, set()).add(n)
            if len(ahead) == n - 1:
                for i, name in enumerate(sorted(ahead, key=s.find), 1):
                    ranks.setdefault(name, set()).add(i)
    return ranks


def _called(
    sentences: list[tuple[int, str]], head: str, exclude: set[str], common: frozenset, *, by_name: bool = False
) -> set[str]:
    """The names the sentences call a `head` ("Merrow Deep is a 1,440 MW offshore wind farm",
    "Skarv Bank, the largest wind farm …", "the Lyngrev Nord wind farm"); with `by_name`, also
    the names that say it themselves ("Glenbrack Line"): what a ranking of lines ranks, though
    "Quanta Battery Company" is no likelier the company a relation asks for than "Kaiyo Battery
    Works"."""
    out = set()
    for _, s in sentences:
        if head not in s.lower():
            continue
        out.update(
            name
            for name in _candidates(s, exclude, common)
            if tx.calls(s, name, head) or (by_name and _named_a(name, head))
        )
    return out


def _named_a(name: str, head: str) -> bool:
    """The name itself says what it is: "Glenbrack Line" is a line, "Harbour Bridge" a bridge."""
    words = name.lower().split()
    return len(words) >= 2 and words[-1].startswith(head)


def resolve_rank(u: qshape.Unknown, sentences: list[tuple[int, str]], exclude: set[str], hop: int = 1) -> str:
    """What a ranking description names ("the fourth-largest electric car maker of 2025"): the
    name that sentences stating that rank put next to it (sentences of the link's own hop count
    double), else the names ordered by the figure that follows them in sentences about the same
    scope (the year, the thing ranked)."""
    common = common_words(sentences)
    rank = _ordinal(u.phrase)
    sup = _RANK_DESC.search(u.phrase)
    descending = not (sup and sup.group(1).lower() in _ASCENDING)
    years = re.findall(r"\b(?:19|20)\d\d\b", u.phrase)
    head_terms = tx.term_set(u.head)
    attr_terms = tx.term_set(u.phrase) - head_terms - {t for t in tx.term_set(" ".join(qshape.ORDINALS))}
    scoped = [(h, s) for h, s in sentences if (not years or any(y in s for y in years))]
    rank_words = [w for w, n in qshape.ORDINALS.items() if n == rank and not w[0].isdigit()]
    pattern = (
        (r"\b(?:" + "|".join(rank_words) + r")\b")
        if rank > 1
        else (
            r"(?<![\w-])(?:largest|biggest|highest|leading|first|best-selling|most|top"
            + (rf"|(?!{_NOT_SUPERLATIVE})[a-z]{{2,}}(?:iest|est)" if descending else "")
            + r")\b(?!\s+(?:two|three|four|five|six|seven|eight|nine|ten)\b)"
        )
    )  # not "sixth-largest", not "top five"; "our busiest line" for "the line that carried the most"
    # The rank word must qualify the thing ranked or what it is ranked by: "the largest electric
    # car maker", "the second-highest deliveries"; not "the largest LFP plant" in the same note.
    nouns = {t for t in (tx.terms(u.head)[-1:] if u.head else [])} | (attr_terms if u.kind == "with" else set())
    # "the wind farm that has ordered the most powerful turbines": of the names beside the rank
    # word (the turbine's maker, the developer, the wind farm), the one the notes call a wind farm.
    head_word = (re.findall(r"[a-z][\w-]*", (u.head or "").lower()) or [""])[-1].removesuffix("s")
    typed = _called(sentences, head_word, exclude, common, by_name=True) if head_word else set()
    votes: Counter = Counter()

    def vote(pool: list[tuple[int, str]]) -> None:
        for h, s in pool:
            m = next(
                (
                    m
                    for m in re.finditer(pattern, s, re.I)
                    if set(tx.terms(" ".join(s[m.end() :].split()[:RANK_WINDOW_WORDS]))) & nouns
                ),
                None,
            )
            if not m:
                continue
            names = _candidates(s, exclude, common)
            if not names or len(names) > 3:
                continue  # a list of many names is a ranking table, ordered below
            name = _nearest(s, [n for n in names if n in typed] or names, m.start())
            if name:
                votes[name] += 2 if h == hop else 1

    vote(scoped)
    yearless = [(h, s) for h, s in sentences if not re.search(r"\b(?:19|20)\d\d\b", s)]
    if years and not votes:
        # A sentence that gives no year contradicts no scope ("… was our busiest line with 6.8
        # million journeys" on a page about 2025): it may name the rank when no dated sentence does.
        vote(yearless)
    stated = stated_ranks(scoped, exclude, nouns, descending, common)
    if years and not any(rank in held for held in stated.values()):
        # A sentence that gives no year at all ("… will remain the third-largest, behind A and
        # B") contradicts no scope: it may name the rank when no dated sentence does.
        for name, held in stated_ranks(yearless, exclude, nouns, descending, common).items():
            stated.setdefault(name, set()).update(held)
    for name, held in stated.items():
        if rank in held:
            votes[name] += 1
    if votes:
        return votes.most_common(1)[0][0]
    # Figures of one kind only ("690,000 vehicles", "1.82 million cars" but not "100% of the
    # cells"): the kind most names have a figure of.
    by_kind: dict[str, dict[str, float]] = {}
    # A name's figure comes from the sentence that says most of what is ranked ("a total capacity
    # of 135 GWh" over one plant's "annual capacity of 80 GWh" for "the largest total installed
    # capacity"); among those, the first read (its own hop first).
    fit: dict[tuple[str, str], int] = {}
    for _, s in sorted(scoped, key=lambda x: x[0] != hop):
        if attr_terms and not attr_terms & tx.term_set(s) and not head_terms & tx.term_set(s):
            continue
        said = len((attr_terms - set(years)) & tx.term_set(s))  # the year is already the scope
        for name in _candidates(s, exclude, common):
            got = _figure_after(s, name)
            if got is not None and got[1] != "%" and said > fit.get((got[1], name), -1):
                by_kind.setdefault(got[1], {})[name] = got[0]
                fit[(got[1], name)] = said
    bare = by_kind.pop("", {})  # "Kestrel Automotive 1.41 million and …": counts like its neighbours
    values = max(({**bare, **v} for v in by_kind.values()), key=len) if by_kind else bare
    if len([n for n in values if n in typed]) >= max(rank, 2):
        # "the line that carried the most passengers": the lines' figures rank lines; the
        # operator's own total (more than any one of its lines) is no line's.
        values = {n: v for n, v in values.items() if n in typed}
    if len(values) >= max(rank + 1, MIN_RANKED):  # one maker's figure ranks nothing
        ordered = sorted(values, key=lambda n: -values[n] if descending else values[n])
        # The figures read may be partial (one year's quarters, an older year): a name the
        # sources place at another rank is not the answer, whatever its figure.
        if ordered[rank - 1] not in stated or rank in stated[ordered[rank - 1]]:
            return ordered[rank - 1]
    return ""


_COMPARISON_RE = re.compile(r"\b(?:more|fewer|less|greater|higher|lower|larger|smaller|bigger)\b[^.?]*\bthan\b", re.I)


def compares(phrase: str) -> bool:
    """ "… delivered fewer vehicles in 2025 than in 2024": two figures compared, which no words
    a sentence holds settle."""
    return bool(_COMPARISON_RE.search(phrase))


# The two sides of a supply: who hands the goods over and who takes them. A link asked by a
# taker's verb ("the maker that buys the cells made at Katowice") is answered by the name a
# giver's verb hands to ("… makes pouch cells for Norvik Electric"), not by the giver that shares
# more of the link's words ("Kaiyo Battery Works produces cells in Katowice"); and the reverse
# for a link asked by a giver's verb.
_GIVER_VERBS = (
    r"supplies|supply|supplied|sells|sold|makes|made|produces|produced|manufactures|manufactured|"
    r"delivers|delivered|provides|provided|ships|shipped|builds|built"
)
_TAKER_VERBS = r"buys|buy|bought|purchases|purchased|sources|sourced|takes|took|orders|ordered|receives|received"
_ASKED_VERB_RE = re.compile(r"\b(?:that|which|who)\s+(?:\w+ly\s+)?(?P<verb>[a-z]+)\b")
ROLE_MISMATCH = 0.1  # of a candidate's score where the sentence gives it the other side's part


def _asked_side(phrase: str) -> str:
    """ "taker" for "the maker that buys …", "giver" for "the company that supplies …", else ""."""
    m = _ASKED_VERB_RE.search(phrase)
    if not m:
        return ""
    if re.fullmatch(_TAKER_VERBS, m.group("verb")):
        return "taker"
    return "giver" if re.fullmatch(_GIVER_VERBS, m.group("verb")) else ""


def _side_in(sentence: str, name: str) -> str:
    """The part a sentence gives `name` in a supply: "giver" (it supplies, makes; goods come from
    it), "taker" (goods are made or supplied for or to it; it buys), or "" when it says neither."""
    n = re.escape(name)
    gap_words = r"(?:[\w'-]+\s+){0,3}?"
    if re.search(rf"\b(?:{_GIVER_VERBS})\b[^.;]*?\b(?:for|to)\s+(?:the\s+)?{gap_words}{n}\b", sentence) or re.search(
        rf"{n}\s+(?:\w+\s+)?(?:{_TAKER_VERBS})\b", sentence
    ):
        return "taker"
    if re.search(rf"{n}\s+(?:\w+\s+)?(?:{_GIVER_VERBS})\b", sentence) or re.search(
        rf"\bfrom\s+(?:the\s+)?{gap_words}{n}\b", sentence
    ):
        return "giver"
    return ""


def resolve_link(
    shape: qshape.QuestionShape,
    u: qshape.Unknown,
    known: dict[str, str],
    sentences: list[tuple[int, str]],
    exclude: set[str],
    members: set[str] = frozenset(),
) -> str:
    """The name a relation names ("Which company supplies LFP cells to Voltara Motors?"): the
    name that most often shares a sentence with what the link says and with the names it
    depends on; one of `members` when the link picks from a set whose members are listed."""
    if u.kind in {"rank", "with"} or (
        u.kind == "answer_of" and re.search(r"\branked\b|" + _RANK_DESC.pattern, u.phrase, re.I) and not u.depends
    ):
        return resolve_rank(u, sentences, exclude, offline_planner.hop_numbers(shape)[u.key])
    if u.kind == "relative" and not u.depends and _QUANTITY_RANK_RE.search(u.phrase):
        # "the line that carried the most passengers": a ranking of lines, when the notes rank
        # them; "the wind farm that has ordered the most powerful turbines" ranks turbines, and
        # no sentence ranks wind farms: the relation below finds it.
        ranked = resolve_rank(u, sentences, exclude, offline_planner.hop_numbers(shape)[u.key])
        if ranked:
            return ranked
    left = _LEFT_SET_RE.search(u.phrase)
    if left and u.depends:
        # "the maker that was among the five largest in 2024 but not in 2025": the set of one
        # year without the set of the other, not a member of the latest set.
        return resolve_left_set(shape, u, sentences, exclude, left.group("before"), left.group("after"))
    needed = [known[d] for d in u.depends if d in known]
    if u.kind == "rank_of" and needed and _RANK_DESC.search(u.phrase):
        # "the largest plant of Sunmark Energy": a ranking among the owner's own things, read
        # from the sentences that name the owner ("… make Ostrava the largest plant of Sunmark
        # Energy"); another company's largest plant is not it.
        own = [(h, s) for h, s in sentences if all(n in s for n in needed)]
        hop = offline_planner.hop_numbers(shape)[u.key]
        return resolve_rank(u, own, exclude | {n.lower() for n in needed}, hop)
    if _COMPARISON_RE.search(u.phrase):
        # "… delivered fewer vehicles in 2025 than in 2024": two figures compared, which names
        # sharing sentences with the words do not settle; better no name than a wrong one.
        return ""
    if not _asks_for_place(u):
        # "Quanta Battery Company ships LFP cells to Voltara Motors from Changzhou": the town
        # shares the sentence with the relation, but a company is asked for.
        exclude = exclude | place_names(sentences)
    common = common_words(sentences)
    hop = offline_planner.hop_numbers(shape)[u.key]
    finder = offline_planner.render(shape, u.finder, known, "phrase")
    terms = {t for t in tx.term_set(finder) if not t.isdigit()} - tx.term_set(" ".join(needed)) - tx.term_set(u.head)
    if u.kind == "when":
        for _, s in sentences:
            if len(terms & tx.term_set(s)) >= MIN_LINK_TERMS:
                years = [y for y in tx.numbers(s) if tx.is_year(y)]
                if years:
                    return years[0]
        return ""
    # A term few notes share tells links apart ("LFP" among notes that all say "cells").
    df = Counter(t for _, s in sentences for t in tx.term_set(s) & terms)
    side = _asked_side(u.phrase)
    weight = {t: math.log((len(sentences) + 1) / (df[t] + 0.5)) for t in terms}
    scores: Counter = Counter()
    for h, s in sentences:
        if needed and not all(n in s for n in needed):
            continue
        shared = terms & tx.term_set(s)
        if len(shared) < MIN_LINK_TERMS:
            continue
        segments = re.split(r",\s+|;\s+|\s+and\s+|\s+while\s+|\s+whereas\s+", s)
        for name in _candidates(s, exclude | {n.lower() for n in needed}, common):
            # The clause that holds the name says what it is to the link ("… and LFP cells from
            # Quanta Battery Company"): its terms count more than the rest of the sentence's,
            # the name's own words ("Helion Cells") not included.
            segment = next((seg for seg in segments if name in seg), s).replace(name, " ")
            near = terms & tx.term_set(segment)
            score = sum(weight[t] for t in shared) + 2 * sum(weight[t] for t in near)
            if side and _side_in(s, name) not in {"", side}:
                score *= ROLE_MISMATCH
            scores[name] += score * (2 if h == hop else 1)
    # "the Voltara Motors model that uses …": the link is one of the owner's own things, which
    # carry its name ("Voltara Pulse"); another company in the same sentences is not it.
    owners = [e for e in qshape.clean_entities(u.head or "") if e.split()]
    own = [n for n in scores if any(n != o and n.split()[0] == o.split()[0] for o in owners)]
    if members and u.plural and u.kind == "answer_of":
        # "Which of the five largest makers use LFP cells": every member a sentence of its own
        # says holds the filter, not the one that scores best.
        held = members_holding(members, filter_terms(u), sentences)
        if len(held) >= MIN_HELD_MEMBERS:
            return composition.listed(held)
    if members and (listed := [n for n in scores if n in members]):
        # "Which of the five largest makers …": its partner shares the sentence, but is no member.
        return max(listed, key=lambda n: (scores[n], -list(scores).index(n)))
    if own:
        return max(own, key=lambda n: (scores[n], -list(scores).index(n)))
    # "the wind farm that has ordered …": a name the notes call a wind farm over the turbine maker
    # and the developer that share its sentences.
    head_word = (re.findall(r"[a-z][\w-]*", (u.head or "").lower()) or [""])[-1].removesuffix("s")
    typed = [n for n in scores if n in _called(sentences, head_word, exclude, common)] if head_word else []
    if typed:
        return max(typed, key=lambda n: (scores[n], -list(scores).index(n)))
    return scores.most_common(1)[0][0] if scores else ""


MIN_HELD_MEMBERS = 2  # fewer: the best-scoring member answers, as for a singular link
_FILTER_CLAUSE_RE = re.compile(r"\b(?:that|which|who)\s+[a-z][\w-]*\s+(?P<rest>[^{}]+)$", re.I)


def filter_terms(u: qshape.Unknown) -> set[str]:
    """What a set's members must hold to be in a filtered link, without its verb: {"lfp",
    "cells"} of "the electric car makers of {U1} that use LFP cells"."""
    return {t for t in tx.term_set(filter_phrase(u)) if not t.isdigit()}


def filter_phrase(u: qshape.Unknown) -> str:
    """What a filtered link's members hold, as the question writes it: "LFP cells" of "the
    electric car makers of {U1} that use LFP cells"; "" for a link that is no filter."""
    m = _FILTER_CLAUSE_RE.search(u.phrase)
    return m.group("rest").strip() if m else ""


def rarest_term(terms: set[str], sentences: list[str]) -> str:
    """The term of `terms` the fewest sentences hold (one none holds counts as rarest of all), so
    it tells a filter's members apart: "lfp" among notes that all say "cells"."""
    df = Counter(t for s in sentences for t in tx.term_set(s) & terms)
    return min(terms, key=lambda t: (df[t] or len(sentences) + 1, t))


def members_holding(members: set[str], terms: set[str], sentences: list[tuple[int, str]]) -> list[str]:
    """The members a sentence says hold `terms` (all but one of them, and the rarest among the
    sentences), in the order the set's listing gives them, else as the sentences first name them.
    A sentence listing the set says nothing of each member; one naming two members must hold the
    rarest term in the member's own clause ("Kaiyo supplies NMC cells to Norvik Electric and
    Tanaka-Rhee Motors")."""
    return list(where_members_hold(members, terms, sentences))


def where_members_hold(members: set[str], terms: set[str], sentences: list[tuple[int, str]]) -> dict[str, int]:
    """{member: index of the first sentence that says it holds `terms`}, in `members_holding`'s
    order."""
    if not terms:
        return {}
    rarest = rarest_term(terms, [s for _, s in sentences])
    need = max(1, len(terms) - 1)
    held: dict[str, int] = {}
    for k, (_, s) in enumerate(sentences):
        named = sorted((m for m in members if m in s), key=s.find)
        if not named or len(named) >= MIN_SET_LISTED:
            continue
        shared = terms & tx.term_set(s)
        if rarest not in shared or len(shared) < need:
            continue
        segments = re.split(r",\s+|;\s+|\s+and\s+|\s+while\s+|\s+whereas\s+", s)
        for m in named:
            own = next((seg for seg in segments if m in seg), s)
            if (len(named) == 1 or rarest in tx.term_set(own)) and m not in held:
                held[m] = k
    listing = next((s for _, s in sentences if sum(m in s for m in members) >= MIN_SET_LISTED), "")
    order = list(held)
    ranked = sorted(order, key=lambda m: (listing.find(m) if m in listing else len(listing), order.index(m)))
    return {m: held[m] for m in ranked}


# "among {U1} in 2024 but not in 2025", "in 2024 and not in 2025"
_LEFT_SET_RE = re.compile(
    r"\bin\s+(?P<before>(?:19|20)\d\d)\s*,?\s+(?:but|and)\s+not(?:\s+in)?\s+(?P<after>(?:19|20)\d\d)\b", re.I
)


def _row_member(row: str, head: str) -> str:
    """The cell of a ranking row that names the ranked thing: the one under a header like the
    set's noun ("Maker: Pellucid Cars" for "electric car makers"), else the row's first name cell."""
    head_terms = {t[:5] for t in tx.terms(head)}
    cells = [(h, v) for h, v in tx.row_parts(row)[1] if h and v and h.lower() not in tx.RANK_HEADERS]
    for header, value in cells:
        if {t[:5] for t in tx.terms(header)} & head_terms:
            return value
    return next((v for _, v in cells if qshape.clean_entities(v)), "")


def sets_by_year(sentences: list[tuple[int, str]], count: int, head: str, exclude: set[str]) -> dict[str, set[str]]:
    """{year: the names in its top `count`} as far as the sentences give them: ranking rows with
    a year in their caption and a rank within `count` ("Electric car makers ranked by 2024
    deliveries — Rank: 5; Maker: Pellucid Cars; …"), and sentences that list `count` names
    with one year ("The five largest … of 2025 are A, B, C, D and E")."""
    out: dict[str, set[str]] = {}
    for _, s in sentences:
        if tx.is_table_row(s):
            rank = tx.row_rank(s)
            years = [n for n in tx.numbers(tx.row_parts(s)[0]) if tx.is_year(n)]
            name = _row_member(s, head)
            if 0 < rank <= count and len(set(years)) == 1 and name and name.lower() not in exclude:
                out.setdefault(years[0], set()).add(name)
            continue
        years = {n for n in tx.numbers(s) if tx.is_year(n)}
        names = [e for e in qshape.clean_entities(s) if e.lower() not in exclude]
        if len(years) == 1 and len(names) == count:
            out.setdefault(years.pop(), set()).update(names)
    return out


def resolve_left_set(
    shape: qshape.QuestionShape,
    u: qshape.Unknown,
    sentences: list[tuple[int, str]],
    exclude: set,
    before: str,
    after: str,
) -> str:
    """The name in the set of `before` that the complete set of `after` does not hold; "" when
    the notes do not give both (a partial set of `after` cannot tell who left it)."""
    ranked = next((d for d in shape.chain if d.key in u.depends), None)
    count = qshape.set_count(ranked.phrase if ranked else u.phrase) or 0
    if not count:
        return ""
    sets = sets_by_year(sentences, count, ranked.head if ranked else u.head, exclude)
    earlier, later = sets.get(before, set()), sets.get(after, set())
    if len(later) < count:
        return ""
    left = sorted(n for n in earlier if not any(n == m or n.split()[0] == m.split()[0] for m in later))
    return left[0] if len(left) == 1 else ""


def chain_decision(
    shape: qshape.QuestionShape, question: str, researched: list, summaries: list[str], texts: list[str], max_new: int
) -> dict:
    """Resolve the chain link by link from the key notes; ask the next links with the names found."""
    sentences = [
        (int(sq.attrs.get("hop") or 0), s) for sq, summary in zip(researched, summaries) for s in _sentences([summary])
    ]
    known = resolve_chain(shape, question, sentences)
    asked = [" ".join(t.split()).lower().rstrip("?") for t in texts]
    candidates = [
        sq
        for sq in offline_planner.chain_subquestions(shape, question, known)
        if " ".join(sq["text"].split()).lower().rstrip("?") not in asked
    ]
    # Only links that use something found are worth a second round; the rest were asked.
    useful = [sq for sq in candidates if any(v in sq["text"] for v in known.values())]
    from agents.planner import overlapping_pairs

    new = []
    # A link goes to the section round one's links fed; the question's own ask to the section of
    # round one's highest hop (the answer).
    linked = [sq for sq in researched if sq.attrs.get("hop", "0") not in {"", "0"}]
    link_section = next((sq.attrs.get("section", "") for sq in linked), "")
    answer_section = max(linked, key=lambda sq: int(sq.attrs["hop"])).attrs.get("section", "") if linked else ""
    for sq in useful:
        pool = texts + [n["text"] for n in new] + [sq["text"]]
        if any(j == len(pool) - 1 for _, j in overlapping_pairs(pool, question)):
            continue
        new.append({"text": sq["text"], "section": link_section if sq["key"] else answer_section, "hop": sq["hop"]})
        if len(new) == max_new:
            break
    found = ", ".join(f"{_describe(shape, k)} is {v}" for k, v in known.items())
    if new:
        return {
            "enough": False,
            "reason": (f"Round one found that {found}; " if found else "")
            + "the next links of the chain are asked with those names.",
            "new_subquestions": new,
            "unanswered": [],
        }
    unanswered = []
    missing = next((u for u in shape.chain if u.key not in known), None)
    if missing is not None and not names_a_set(missing):
        unanswered.append(qtext.absence_clause(offline_planner.render(shape, missing.finder, known, "compact")))
    return {
        "enough": True,
        "reason": (
            f"The notes establish that {found}."
            if found
            else "The notes do not name what the chain's first link asks for."
        ),
        "new_subquestions": [],
        "unanswered": unanswered,
    }


def resolve_chain(
    shape: qshape.QuestionShape, question: str, sentences: list[tuple[int, str]], known: dict | None = None
) -> dict[str, str]:
    """{unknown key: name} for the chain's links, in order, as far as `sentences` ((hop, text)
    pairs) name them, starting from `known`; a link that names a set, or one whose links before
    it are unknown, stops it."""
    exclude = {e.lower() for e in qshape.clean_entities(question)}
    known = dict(known or {})
    sets: dict[str, set[str]] = {}  # a link that is a set: the members the notes list for it
    for u in shape.chain:
        if u.key in known:
            continue
        if names_a_set(u):
            # "Which of the five largest makers has signed …": no one name is the set, but the
            # link after it picks one of its members, so the chain goes on past it.
            sets[u.key] = set_members(u, sentences, exclude)
            continue
        if any(d not in known and d not in sets for d in u.depends):
            break
        members = set().union(*(sets[d] for d in u.depends if d in sets))
        name = resolve_link(shape, u, known, sentences, exclude | {v.lower() for v in known.values()}, members=members)
        if not name:
            break
        known[u.key] = name
    return known


MIN_SET_LISTED = 3  # names a sentence must list to be taken for the set's members


def latest_listings(sentences: list[str], set_phrase: str, keep) -> list[str]:
    """The names (with repeats) of the sentences that list members of a set ("The five largest
    electric car makers … are Voltara Motors, Kestrel Automotive, …": at least MIN_SET_LISTED
    names `keep` accepts, and the set's words), from the latest-dated listings only: sets change
    over time, and last year's top five is not this year's. A table row is about one member:
    its other names are its values (suppliers, a city) and its header words ("Cell suppliers",
    "Maker"), not members; counted as listings they outnumbered the last members."""
    set_words = {t for t in tx.terms(set_phrase) if not t.isdigit()}
    listings = []  # (latest year mentioned, names)
    for s in sentences:
        if tx.is_table_row(s):
            continue
        names = [e for e in tx.entities(s) if keep(e)]
        if len(names) >= MIN_SET_LISTED and len(set_words & tx.term_set(s)) >= max(1, len(set_words) - 2):
            listings.append((max((int(n) for n in tx.numbers(s) if tx.is_year(n)), default=0), names))
    latest = max((year for year, _ in listings), default=0)
    return [name for year, names in listings if year == latest for name in names]


def set_members(u: qshape.Unknown, sentences: list[tuple[int, str]], exclude: set[str]) -> set[str]:
    """The members sentences list for a set link; empty when no sentence lists them."""
    phrase = re.sub(r"\{U\d+\}", " ", u.phrase)
    return set(latest_listings([s for _, s in sentences], phrase, lambda name: name.lower() not in exclude))


def _norm_ask(text: str) -> str:
    return " ".join(text.lower().rstrip("?. ").split())


def known_from_subquestions(shape: qshape.QuestionShape, question: str, texts: list[str]) -> dict[str, str]:
    """{unknown key: name} for the links a later round asked by name: a name that, put in for a
    link, writes a sub-question exactly as it was asked ("Which company supplies LFP cells to
    Voltara Motors?" is the next link's finder with the first link named Voltara Motors)."""
    asked = {_norm_ask(t) for t in texts}
    names = list(dict.fromkeys(n for t in texts for n in qshape.clean_entities(t) if n.lower() not in question.lower()))
    known: dict[str, str] = {}
    for u in shape.chain:
        templates = [w.finder for w in shape.chain if u.key in w.depends] + [
            a for a in shape.asks if "{" + u.key + "}" in a
        ]
        for name in names:
            trial = {**known, u.key: name}
            if any(
                _norm_ask(offline_planner.render(shape, t, trial, mode)) in asked
                for t in templates
                for mode in ("phrase", "compact")
            ):
                known[u.key] = name
                break
    return known


def named_asks(question: str, sentences: list[tuple[int, str]], subquestions: list[str] = ()) -> list[str]:
    """The question's own asks with every link of its chain written out by name ("In which
    country is the largest plant of Quanta Battery Company"): the names later rounds asked
    with (`subquestions`), then what `sentences` ((hop, text)) name; only asks whose links are
    all named. [] for a question without a chain."""
    shape = qshape.parse(question)
    if not shape.chain:
        return []
    known = resolve_chain(shape, question, sentences, known_from_subquestions(shape, question, list(subquestions)))
    out = []
    for ask in shape.asks:
        keys = re.findall(r"\{(U\d+)\}", ask)
        if keys and all(k in known for k in keys):
            out.append(offline_planner.render(shape, ask, known, "phrase"))
    return out


def names_a_set(u: qshape.Unknown) -> bool:
    """A link that is a set ("the five largest electric car makers"): no one name is it, so it
    is never replaced by one (round one asked it by description; the writer lists its members)."""
    return bool(qshape._SET_RE.search(u.phrase))


def _describe(shape: qshape.QuestionShape, key: str) -> str:
    u = next(x for x in shape.chain if x.key == key)
    return re.sub(r"\{U\d+\}", "it", u.phrase)
