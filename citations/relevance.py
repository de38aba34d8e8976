"""Relevance: which notes serve the question, and which section each serves.

- The question's set: a question that asks for a counted set ("the five largest makers", "top 3
  suppliers") is answered by a note that lists that many names with the set's noun; the listing
  most sources give (then the latest) fixes the set. Names that appear in other listings or are
  described with the set's noun but are not in the set are its peers (the sixth-largest maker):
  a note about a peer that names no member of the set is outside the question.
- Topic: a note that shares no word with the question, its sub-question or its section's
  purpose is off topic, whatever it names; one that names nothing in scope (the set, the
  question's and its sub-question's names, and what notes name together with a member) must
  share a specific word with them, and when the question names something, must name a thing
  linked to it (a partner's partner, in a note of a few names). Words that say one relation
  ("buys", "supplies", "customers") count as one word. A word most of the job's
  notes use ("electric", "battery" in a job about electric car batteries) is not specific.
- A question about a topic that names nothing ("the outlook for sodium-ion batteries"): the
  words that narrow its topic ("sodium", "ion") are specific however many notes use them.
- A ranked rival: when the question asks for one place in a ranking and the plan's later
  sub-questions named what holds it, the other names the notes give a place ("was the
  fourth-largest maker", "Rank: 6") are rivals: a note about a rival, naming nothing the
  question or the plan named, is kept out, and so is one whose subject is a rival unless it
  names what the plan resolved. A name the notes give as a partner of what the plan resolved
  (in a note of a few names, not a listing) is no rival.
- Background: when the question names something, a note that names nothing and states no
  figure ("Offshore turbines are turned to face the wind by a yaw system") is off topic.
- Sections: a note whose own section's purpose shares none of its specific words, while another
  section's does, goes to that section.
Pure: plain data in, plain data out."""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass, field

from agents import composition
from agents import questions as qtext
from agents import text as tx
from citations import facts as fx
from citations.evidence import EvidenceNote

GENERIC_NOTE_SHARE = 0.25  # a word in more than this share of the job's notes is not specific
MIN_NOTES_FOR_GENERIC = 8  # with fewer notes every shared word counts
SECTION_MOVE_MIN_SHARED = 2
MAX_CLOSE_PARTNER_NAMES = 3  # a note naming more is a listing, not a partnership
_NUMBER_WORDS = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "fifteen": 15,
    "twenty": 20,
}
_COUNT_RE = re.compile(
    r"\b(?:top|the|largest|biggest|leading|main)?\s*(?P<n>\d{1,2}|"
    + "|".join(_NUMBER_WORDS)
    + r")\s+(?P<rest>(?:[a-z\-]+\s+){0,4}?(?P<noun>[a-z\-]+s))\b",
    re.I,
)


# A question about what is not (or no longer) in its set.
_OUTSIDE_SET_RE = re.compile(
    r"\b(?:but|and)\s+not\b|\bno longer\b|\b(?:dropped|fell|falls|fallen|left)\s+out\b|\boutside\b|"
    r"\bexcept\b|\bother than\b",
    re.I,
)


_ORDINAL = r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))"
_SUPERLATIVE = r"(?:largest|biggest|highest|greatest|leading|top|smallest|lowest)"
# A question that asks for one place in a ranking ("the maker with the second-highest 2025
# deliveries", "the largest plant"); a counted set ("the five largest") is not one place.
_PLACE_ASK_RE = re.compile(
    rf"\b(?:{_ORDINAL}[\s-]+)?{_SUPERLATIVE}\b|\bmost\s+\w+|\branked\s+{_ORDINAL}\b|\b{_ORDINAL}\s+(?:place|position)\b",
    re.I,
)
# A note that gives something its place in a ranking ("was the fourth-largest …", "ranked
# sixth", a table row's "Rank: 6").
_RANKED_RE = re.compile(
    rf"\b{_ORDINAL}[\s-]+{_SUPERLATIVE}\b|\branked\s+(?:as\s+the\s+)?{_ORDINAL}\b|\b(?:Rank|Position|Place):\s*\d+;",
    re.I,
)


@dataclass
class Scope:
    count: int = 0
    noun: str = ""  # the set's noun key ("maker")
    members: set = field(default_factory=set)
    peers: set = field(default_factory=set)
    asked: set = field(default_factory=set)  # the question's own names
    named: set = field(default_factory=set)  # everything in scope (members, question and sub-question names, partners)
    planned: set = field(default_factory=set)  # names the sub-questions give that the question does not
    # For a question about one place in a ranking, once the plan named what holds it: the other
    # names the notes give a place in that ranking.
    rivals: set = field(default_factory=set)
    linked: set = field(default_factory=set)  # what the question names, its partners, and theirs

    @property
    def core(self) -> set:
        """What the question is about: its set, its own names and the names the plan resolved."""
        return self.members | self.asked | self.planned


def _entities(text: str) -> set[str]:
    return set(fx._entity_keys(text))


# A designation ("aw-18", "bt-15", "model 3"): a name with a figure or a hyphen in it, which a
# longer name may lead with its maker's name ("astrafell aw-18").
_DESIGNATION_RE = re.compile(r"[\d-]")


def _same_thing(a: str, b: str) -> bool:
    """Two names of one thing: one is the other's first words ("voltara", "voltara motors"), or
    a designation is the other's last words ("aw-18", "astrafell aw-18")."""
    if fx._entities_match(a, b):
        return True
    short, long = sorted((a, b), key=len)
    return bool(_DESIGNATION_RE.search(short)) and long.endswith(" " + short)


def _matches(name: str, names: set) -> bool:
    return any(_same_thing(name, other) for other in names)


def question_count(question: str) -> tuple[int, str]:
    """(N, noun key) for "the five largest electric car makers", (0, "") when none."""
    for m in _COUNT_RE.finditer(question):
        raw = m.group("n").lower()
        n = int(raw) if raw.isdigit() else _NUMBER_WORDS[raw]
        if tx.is_year(raw) or n < 2:
            continue
        return n, fx._key(m.group("noun").rstrip("s"))
    return 0, ""


def find_scope(question: str, notes: list[EvidenceNote], subquestions: list[str] = ()) -> Scope:
    count, noun = question_count(question)
    scope = Scope(count=count, noun=noun)
    listings: Counter = Counter()
    latest: dict = {}
    if count:
        for note in notes:
            if noun not in {fx._key(w) for w in tx.words(note.claim)}:
                continue
            names = tuple(dict.fromkeys(fx._entity_keys(note.claim)))
            if len(names) == count:
                key = frozenset(names)
                listings[key] += 1
                years = re.findall(r"\b(?:19|20)\d\d\b", note.claim)
                latest[key] = max(latest.get(key, ""), max(years, default=""), note.published or "")
    if listings:
        best = max(listings, key=lambda k: (latest[k][:4], listings[k], latest[k]))
        scope.members = set(best)
    # "Which maker was among the five largest in 2024 but not in 2025?": the answer is a name
    # outside the set, so no name is kept out for being outside it.
    if listings and not _OUTSIDE_SET_RE.search(question):
        for other in listings:
            scope.peers |= {e for e in other if not _matches(e, scope.members)}
        for note in notes:
            names = fx._entity_keys(note.claim)
            if (
                names
                and noun in {fx._key(w) for w in tx.words(note.claim)}
                and not _matches(names[0], scope.members)
                and not any(_matches(e, scope.members) for e in names)
            ):
                scope.peers.add(names[0])
    scope.asked = _entities(question)
    for sq in subquestions:
        scope.planned |= {e for e in _entities(sq) if not _matches(e, scope.asked)}
    left = {m for m in scope.members if not _matches(m, scope.planned)}
    if listings and _OUTSIDE_SET_RE.search(question) and scope.planned and left == scope.members:
        # The plan named what left the set ("Which maker was among the five largest in 2024 but
        # not in 2025" -> Pellucid Cars, a member of no listing that holds it): the set's members
        # are the answer's rivals, not the answer. The listing itself stays (about_rival).
        scope.members = set()
        scope.rivals = left
    named = scope.core
    partners, close = set(), set()
    # A lone capitalised word that opens a note ("Array cables connect the turbines …") is its
    # first word, not a partner, unless some note writes it capitalised mid-sentence or the
    # question or plan names it: else a page's background sentences widen the scope.
    known = {n.lower() for n in tx.inner_names([n.claim for n in notes])} | named
    for note in notes:
        names = _entities(note.claim) - _ordinary_opener(note.claim, known)
        # A name the note gives together with a name in scope, or on a page whose title names
        # one ("Holm Flats has 40 BT-12 turbines" on "Our wind farms - Westmark Offshore"), or
        # on the own site of one (the Nordenham row of "Our factories" on castellan-cables.example).
        if any(_matches(e, named) for e in names | _entities(note.title)) or _on_own_site(note, named):
            partners |= {e for e in names if not _matches(e, scope.peers)}
            if len(names) <= MAX_CLOSE_PARTNER_NAMES and not _RANKED_RE.search(note.claim):
                close |= names  # a partnership ("Norvik Electric buys LFP cells from Borealis"), not a listing
    scope.rivals |= _rivals(question, notes, scope, close)
    # Linked: a partner of a partner in a note of a few names ("Lyngrev Nord has 60 BT-15
    # turbines" for a question about the wind farms of Lyngrev Nord's owner).
    scope.linked = named | close
    for note in notes:
        names = _entities(note.claim) - _ordinary_opener(note.claim, known)
        if len(names) <= MAX_CLOSE_PARTNER_NAMES and any(_matches(e, close) for e in names):
            scope.linked |= names
    scope.named = (named | partners) - {p for p in scope.peers | scope.rivals if not _matches(p, scope.members)}
    return scope


def _on_own_site(note: EvidenceNote, named: set) -> bool:
    """The note's page is on the site of a name in scope (castellan-cables.example for Castellan
    Cables): what it lists of its own are that name's. An upload's collection is no site."""
    # Names in scope are kept lower-cased; the site-name check reads a name as written.
    return not note.is_upload and any(composition.names_the_site(name.title(), note.domain) for name in named)


def _ordinary_opener(claim: str, known: set) -> set[str]:
    """{the claim's opening word, lower-cased} when it is a lone capitalised word that `known`
    does not hold; else {}."""
    first = re.match(r"\s*([A-Z][\w-]*)\b(?!\s+[A-Z])", claim)
    word = first.group(1).lower() if first else ""
    return {word} if word and word not in known else set()


def _rivals(question: str, notes: list[EvidenceNote], scope: Scope, close: set) -> set:
    """The names ranking notes give that are not what the plan resolved the question's place
    to: only for a question about one place, once resolved. When the plan named what comes
    after the place instead (the supplier of the maker ranked second), the ranked name that is
    its partner holds the place and is no rival."""
    if scope.count or not scope.planned or not _PLACE_ASK_RE.search(question):
        return set()
    ranked = {e for note in notes if _RANKED_RE.search(note.claim) for e in _entities(note.claim)}
    core = scope.core
    keep = core if any(_matches(e, core) for e in ranked) else core | close
    return {e for e in ranked if not _matches(e, keep)}


def outside_set(note: EvidenceNote, scope: Scope) -> bool:
    """A note about a peer of the question's set (and about no member)."""
    if not scope.peers:
        return False
    names = fx._entity_keys(note.claim)
    if not names or any(_matches(e, scope.members) for e in names):
        return False
    return _matches(names[0], scope.peers) and not _matches(names[0], scope.members)


def about_rival(note: EvidenceNote, scope: Scope) -> bool:
    """A question that asks for one place in a ranking ("the maker with the second-highest
    deliveries") was resolved by the plan's later sub-questions, which name what holds it: a note
    about another holder of a place ("Aurelia Mobility was the fourth-largest maker", a row "Rank:
    6; Maker: Pellucid Cars", "Quanta supplies Aurelia Mobility") is about a rival, not the answer.
    So is one whose subject is a rival, unless it names what the plan resolved ("Kestrel buys 70%
    of its cells from Sunmark Energy", for the fifth-largest maker's share from Sunmark Energy)."""
    if not scope.rivals:
        return False
    names = fx._entity_keys(note.claim)
    if not names:
        return False
    if scope.count and len(set(names)) >= scope.count:
        return False  # a listing of the set says what the answer left or missed
    if any(_matches(e, scope.rivals) for e in names) and not any(_matches(e, scope.core) for e in names):
        return True
    return _matches(names[0], scope.rivals) and not any(_matches(e, scope.planned) for e in names)


def generic_terms(notes: list[EvidenceNote]) -> set[str]:
    if len(notes) < MIN_NOTES_FOR_GENERIC:
        return set()
    df = Counter(t for n in notes for t in {fx._key(w) for w in tx.words(n.claim) if w.lower() not in tx.STOPWORDS})
    return {t for t, c in df.items() if c / len(notes) > GENERIC_NOTE_SHARE}


# tx.KINDRED_GROUPS at the prefix length facts keys words by.
_KINDRED = {fx._key(w): fx._key(group.split()[0]) for group in tx.KINDRED_GROUPS for w in group.split()}


@functools.lru_cache(maxsize=8192)
def _topic_keys(text: str) -> frozenset[str]:
    # Cached: the selection weighs every note against the question, its sub-question and each
    # section's purpose, the same few texts a thousand times per report.
    keys = {fx._key(w) for w in tx.words(text) if w.lower() not in tx.STOPWORDS and not w[0].isdigit() and len(w) > 2}
    return frozenset(_KINDRED.get(k, k) for k in keys)


def _names_or_figures(claim: str, known: set) -> bool:
    """A name (a lone capitalised word that opens the claim is its first word unless `known`
    says it is a name in scope), a figure (in words too: "seven suppliers") or a year, or a
    source speaking of itself ("we count …"): what makes a note a finding, not background."""
    words = {w.lower() for w in tx.words(claim)}
    # A thread's poster ("seaworthy_sam wrote: We are comparing …") speaks for no one but themselves.
    own = words & {"we", "our", "us"} if not composition.is_post(claim) else set()
    return bool(tx.names(claim, known) or tx.numbers(claim) or words & _NUMBER_WORDS.keys() or own)


def _without_names(text: str, names: set) -> str:
    """`text` without the names it gives that match `names` ("Kestrel Turbines builds offshore
    turbines" -> " builds offshore turbines" for "kestrel turbines")."""
    for name in sorted(tx.entities(text), key=len, reverse=True):
        if _matches(name.lower(), names):
            text = text.replace(name, " ")
    return text


def names_only(note: EvidenceNote, question: str, purpose: str, scope: Scope) -> bool:
    """Names what the question (or its plan) names, and shares no other word with the question,
    its sub-question or its section's purpose: background on the subject ("Kestrel Automotive
    has about 54,000 employees", for the battery capacity of its pickup), not about what is asked."""
    if not scope.core or not any(_matches(e, scope.core) for e in _entities(note.claim)):
        return False
    topic = _topic_keys(_without_names(f"{question} {note.subquestion} {purpose}", scope.core))
    return not (_topic_keys(_without_names(note.claim, scope.core)) & topic)


def off_topic(note: EvidenceNote, question: str, purpose: str, scope: Scope, generic: set) -> bool:
    """Shares no word with the question, the note's sub-question or its section's purpose (a
    note about a maker of the set that speaks of something else: its suppliers, for a question
    about its deliveries); or names nothing in scope and shares no specific word with them."""
    if (tx.names(question) or scope.planned) and not _names_or_figures(note.claim, scope.named):
        # Background that names nothing ("Winter storms limit installation work"), when the
        # question or its plan names what it is about (a chain's later links name it).
        return True
    topic = _topic_keys(f"{question} {note.subquestion} {purpose}")
    names = _entities(note.claim)
    shared = _topic_keys(note.claim) & topic
    if any(_matches(e, scope.named) for e in names):
        return not shared
    if names and tx.names(question) and not any(_matches(e, scope.linked) for e in names):
        return True  # about other things than the question names, linked to none of them
    if not tx.names(question):
        # A question about a topic, not a named thing ("the outlook for sodium-ion batteries
        # in electric cars"): most notes use the words that narrow it because the search
        # followed them; they are what the question is about, never too common to count.
        generic = generic - _topic_keys(" ".join(qtext.topic_modifiers(question)))
    return not (shared - generic)


def best_section(note: EvidenceNote, sections: dict[str, str], question: str, generic: set) -> str:
    """The heading whose purpose (with its sub-questions) shares the most specific words with
    the note, when its own section shares none; else its own section."""
    own = note.section
    words = _topic_keys(note.claim) - _topic_keys(question) - generic
    fit = {h: len(words & _topic_keys(text)) for h, text in sections.items()}
    if own in fit and fit[own] > 0:
        return own
    best = max(fit, key=lambda h: (fit[h], h == own), default=own)
    return best if fit.get(best, 0) >= SECTION_MOVE_MIN_SHARED else own
