"""The structure of a research question, parsed by rules of English, not by a list of known
names.

- kind: what the question asks for: fact (an attribute of something), count ("how many"),
  who, when, where, list, compare, explain (how something works), cause ("why", "what
  caused"), yesno, superlative ("which X is the largest"), trend ("how has X changed since
  2024"), outlook, or vague ("Tell me about batteries").
- focus / subject: what is asked about (the focus) of what thing or set (the subject).
- time: the period it is bounded by ("since 2024", "in 2025", "between 2023 and 2026").
- chain: the things the question names only by description ("the company that supplies LFP
  cells to the largest electric car maker of 2025"), innermost first. Each must be found before
  the next can be asked about by name: a multi-hop question.

Used by the offline planner (round one) and the offline gap check (round two).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

from agents import questions as qtext
from agents import text as tx

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
    "twenty": 20,
}
ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "1st": 1,
    "2nd": 2,
    "3rd": 3,
    "4th": 4,
    "5th": 5,
    "6th": 6,
    "7th": 7,
    "8th": 8,
    "9th": 9,
    "10th": 10,
}
_ORD = "|".join(ORDINALS)
# Superlatives that rank members of a class ("the largest electric car maker").
_SUP = (
    r"(?:largest|biggest|smallest|highest|lowest|greatest|best-selling|top-selling|bestselling|best|worst|oldest|"
    r"newest|youngest|earliest|latest|fastest|slowest|cheapest|dearest|richest|poorest|busiest|tallest|longest|"
    r"shortest|heaviest|lightest|strongest|weakest|deadliest|safest|leading|dominant|most\s+[a-z\-]+|"
    r"least\s+[a-z\-]+|fewest|[a-z]+est)"
)
_RANK_WORD_RE = re.compile(rf"^(?:(?:{_ORD})[\s-]+)?{_SUP}$", re.I)
_SET_RE = re.compile(
    r"\b(?P<count>\d+|" + "|".join(_NUMBER_WORDS) + r")\s+(?P<sup>largest|biggest|top|leading|main|major|"
    r"best|most\s+\w+|biggest|smallest|highest|lowest|best-selling)\b",
    re.I,
)
_TIME_RE = re.compile(
    r"\b(?P<phrase>(?:since|after|before|until|by|from|during|in|as of|at the end of|over)\s+(?:the\s+)?"
    r"(?:(?:early|late|mid|end of|start of)\s+)?(?:(?:january|february|march|april|may|june|july|august|september|"
    r"october|november|december)\s+)?(?:(?:19|20)\d\d)(?:\s*(?:and|to|-|–)\s*(?:19|20)\d\d)?|between\s+(?:19|20)\d\d\s+"
    r"and\s+(?:19|20)\d\d|(?:over|in|during)\s+the\s+(?:last|past)\s+(?:\w+\s+)?(?:years?|months?|decades?))\b"
    r"(?!\s+(?!(?:is|was|has|does|as|its|this|thus|plus)\b)[a-z]+s\b)",
    re.I,
)
_RELATIVE = ("that", "which", "who", "whom", "where", "whose")
_PREPOSITIONS = frozenset(
    "of in by for to from with at on among into about since during as per under over after before "
    "than between within across through against via".split()
)
_PARTICIPLES_MOVABLE = frozenset("headquartered based located registered incorporated founded built made sold".split())
ROLE_NOUNS = frozenset(
    "supplier suppliers maker makers manufacturer manufacturers producer producers owner owners operator operators "
    "parent founder founders ceo chief executive president chair chairman chairwoman head leader director manager "
    "successor predecessor subsidiary partner partners customer customers buyer buyers client clients author inventor "
    "discoverer developer developers vendor vendors provider providers publisher sponsor winner holder capital "
    "headquarters designer builder builders contractor contractors licensee licensor insurer lender investor investors "
    "acquirer mother father son daughter wife husband spouse sibling heir king queen ruler governor mayor minister "
    "chancellor judge justice court maintainer maintainers creator creators architect employer distributor importer "
    "exporter carrier host".split()
)
# Verbs whose doer is named by adding -er/-r; irregular ones listed.
_AGENT_IRREGULAR = {
    "run": "operator",
    "own": "owner",
    "lead": "leader",
    "write": "author",
    "invent": "inventor",
    "found": "founder",
    "supply": "supplier",
    "fund": "funder",
    "govern": "governor",
    "operate": "operator",
    "manufacture": "manufacturer",
    "produce": "producer",
    "use": "user",
    "provide": "provider",
    "distribute": "distributor",
    "import": "importer",
    "export": "exporter",
    "acquire": "acquirer",
    "insure": "insurer",
    "sponsor": "sponsor",
    "host": "host",
    "maintain": "maintainer",
    "create": "creator",
    "develop": "developer",
    "design": "designer",
    "build": "builder",
    "make": "maker",
    "buy": "buyer",
    "sell": "seller",
    "employ": "employer",
    "publish": "publisher",
    "discover": "discoverer",
    "win": "winner",
    "hold": "holder",
}

# Heads general enough that the doer's own name says more ("the company that supplies X" is "the X supplier").
_DOER_HEADS = frozenset(
    "company companies firm firms group groups business businesses corporation corporations organisation "
    "organisations organization organizations person people one ones country countries".split()
)

KINDS = (
    "fact",
    "count",
    "who",
    "when",
    "where",
    "list",
    "compare",
    "explain",
    "cause",
    "yesno",
    "superlative",
    "trend",
    "outlook",
    "vague",
    "profile",
)


@dataclass(frozen=True)
class Unknown:
    """A thing the question names only by description. `finder` is the sub-question that finds
    it, with the unknowns it depends on written as {U1}, {U2}; `phrase` is the description as
    the question words it (same placeholders); `compact` is a shorter way to name it ("the NMC
    cell supplier of {U1}") or ""; `class_np` names its kind in the plural ("NMC cell suppliers")."""

    key: str
    kind: str  # relative | with | rank | rank_of | role_of | answer_of | filter
    phrase: str
    head: str
    finder: str
    compact: str = ""
    class_np: str = ""
    depends: tuple[str, ...] = ()
    plural: bool = False
    participle: str = ""  # "headquartered" in "the company headquartered that …": stays with the ask
    member: str = ""  # one member of its class, for "each …" ("offshore wind farm in Europe"); "" when none fits


@dataclass(frozen=True)
class QuestionShape:
    kind: str
    focus: str  # e.g. "battery suppliers"
    subject: str  # e.g. "the five largest electric car makers"
    count: int | None
    text: str
    time: str = ""  # e.g. "since 2024"
    entities: tuple[str, ...] = ()
    asks: tuple[str, ...] = ()  # the question's own asks, unknowns as {U1}; one per clause
    chain: tuple[Unknown, ...] = ()
    vague_topic: str = ""
    compared: tuple[str, ...] = ()  # the things a comparison names ("PostgreSQL", "MySQL")
    extras: dict = field(default_factory=dict, compare=False)

    @property
    def subject_plural(self) -> str:
        return re.sub(r"^(the|a|an)\s+", "", self.subject, flags=re.I)

    @property
    def set_like(self) -> bool:
        """True when the subject is a set of things that must be identified first."""
        return (
            self.count is not None
            or bool(re.search(r"\b(largest|biggest|top|leading|main|major|best|most)\b", self.subject, re.I))
            and _plural_word(self.subject.split()[-1] if self.subject.split() else "")
        )

    @property
    def multi_hop(self) -> bool:
        return bool(self.chain)


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip(" ?.!\t\n")


def _plural_word(word: str) -> bool:
    w = word.lower()
    return (w.endswith("s") and not w.endswith("ss") and not w.endswith("us") and not w.endswith("is")) or w in {
        "people",
        "children",
        "men",
        "women",
        "data",
    }


def singular(word: str) -> str:
    w = word
    if w.lower() in {"people"}:
        return "person"
    if re.search(r"ies$", w) and len(w) > 4:
        return w[:-3] + "y"
    if re.search(r"(sses|shes|ches|xes)$", w):
        return w[:-2]
    if w.endswith("s") and not w.endswith("ss") and not w.endswith("us") and not w.endswith("is"):
        return w[:-1]
    return w


def plural(word: str) -> str:
    w = word
    if _plural_word(w):
        return w
    if w.lower() == "person":
        return "people"
    if re.search(r"[^aeiou]y$", w):
        return w[:-1] + "ies"
    if re.search(r"(s|sh|ch|x|z)$", w):
        return w + "es"
    return w + "s"


def plural_np(np: str) -> str:
    words = np.split()
    return " ".join(words[:-1] + [plural(words[-1])]) if words else np


def singular_np(np: str) -> str:
    words = np.split()
    return " ".join(words[:-1] + [singular(words[-1])]) if words else np


def agent_noun(verb: str) -> str:
    """'supplies' -> 'supplier', 'makes' -> 'maker', 'owns' -> 'owner'; '' when unsure."""
    base = qtext.base_form(verb)
    if base in _AGENT_IRREGULAR:
        return _AGENT_IRREGULAR[base]
    return ""


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _past_context(text: str) -> bool:
    """True when a phrase is about a finished period (a past year, or a past-tense verb)."""
    import datetime

    years = [int(y) for y in re.findall(r"\b(?:19|20)\d\d\b", text)]
    return any(y < datetime.date.today().year for y in years) and not any(
        y >= datetime.date.today().year for y in years
    )


# -- descriptions -------------------------------------------------------------------------------

_PLACEHOLDER_RE = re.compile(r"\{U\d+\}")
_BOUNDARY_WORDS = (
    set(_RELATIVE)
    | _PREPOSITIONS
    | {"and", "or", "but", "is", "are", "was", "were", "has", "have", "had", "does", "do", "did", "will", "can"}
)


def _tokens(text: str) -> list[str]:
    return re.findall(r"\{U\d+\}|[\w'’\-\.]+(?<!\.)|,", text)


def _participle_ending(tokens: list[str], i: int) -> bool:
    """tokens[i] is a past participle that follows a noun phrase ("the plants operated by",
    "the treaty signed that", "the makers changed between")."""
    t = tokens[i].lower()
    if t in _PARTICIPLES_MOVABLE:
        return True
    if not (t.endswith("ed") and len(t) > 4) or i == 0:
        return False
    nxt = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
    return not nxt or nxt in _BOUNDARY_WORDS or nxt == ","


def _np_end(tokens: list[str], start: int) -> int:
    """Index just past a noun phrase starting at `start` (after its article)."""
    i = start
    while (
        i < len(tokens)
        and tokens[i].lower() not in _BOUNDARY_WORDS
        and tokens[i] != ","
        and not (i > start and _participle_ending(tokens, i))
        and not (
            i > start + 1
            and tokens[i][:1].islower()
            and _plural_word(tokens[i - 1])
            and tokens[i - 1][:1].islower()
            and not _PLACEHOLDER_RE.fullmatch(tokens[i])
        )
    ):
        i += 1
    return i


MEASURE_WORDS_AFTER_A_YEAR = 3


def _measure_end(tokens: list[str], start: int) -> int:
    """Index past the measure a ranking's year is followed by ("passenger numbers" of "the three
    largest operators by 2025 passenger numbers run …"): lower-case words up to and including the
    first plural noun, at most MEASURE_WORDS_AFTER_A_YEAR of them (the question's verb comes next);
    `start` when there is none."""
    for i in range(start, min(len(tokens), start + MEASURE_WORDS_AFTER_A_YEAR)):
        word = tokens[i]
        if not word[:1].islower() or word.lower() in _BOUNDARY_WORDS:
            break
        if _plural_word(word):
            return i + 1
    return start


def _clause_end(tokens: list[str], start: int) -> int:
    """A relative clause runs to the end of its part, or to a comma."""
    i = start
    while i < len(tokens) and tokens[i] != ",":
        i += 1
    return i


_INVERTED_AUX = frozenset("was were is are has have had does do did".split())
_NOT_A_MAIN_VERB = _PREPOSITIONS | frozenset("the a an its their and or not than most least".split())


def _leave_main_verb(tokens: list[str], at: int, clause_start: int, end: int) -> int:
    """`end` moved back over the question's own verb when the description is the subject of an
    inverted question and its clause ran to the end of its part: "In what year was the company that will
    supply cells to Voltara Motors founded?", "Which chemistry does the supplier that Rhee
    added in 2024 provide?" end with the main clause's verb, not the clause's."""
    at_part_end = end == len(tokens) or tokens[end] == ","
    if at == 0 or tokens[at - 1].lower() not in _INVERTED_AUX or not at_part_end or end - clause_start < 3:
        return end
    last = tokens[end - 1]
    low = last.lower()
    if not last[:1].islower() or low in _NOT_A_MAIN_VERB or _PLACEHOLDER_RE.fullmatch(last):
        return end
    # The clause keeps a verb of its own: a word before the last that is no name, number or
    # function word ("will supply", "added").
    own_verb = any(
        t[:1].islower() and t.lower() not in _NOT_A_MAIN_VERB and not t.isdigit()
        for t in tokens[clause_start : end - 1]
    )
    if not own_verb:
        return end
    aux = tokens[at - 1].lower()
    participle = low in _PARTICIPLES_MOVABLE or (low.endswith(("ed", "en")) and len(low) > 4)
    return end - 1 if aux in {"does", "do", "did"} or participle else end


def _is_entity_or_placeholder(tokens: list[str]) -> bool:
    if not tokens:
        return False
    if len(tokens) == 1 and _PLACEHOLDER_RE.fullmatch(tokens[0]):
        return True
    return tokens[0][:1].isupper() and all(t[:1].isupper() or t.lower() in {"of", "&", "de", "and"} for t in tokens)


def _scope_is_class(tokens: list[str]) -> bool:
    """A rank's scope that is a period or a class ("2025", "2025 deliveries", "Europe", "sales")."""
    if not tokens:
        return True
    if tokens[0].lower() in {"the", "a", "an"} or _PLACEHOLDER_RE.fullmatch(tokens[0]):
        return False
    return True


def _join(tokens: list[str]) -> str:
    return re.sub(r"\s+,", ",", " ".join(tokens))


def _invert(clause_tokens: list[str]) -> str | None:
    """'Kaiyo Battery Works makes most of the cells' -> 'does Kaiyo Battery Works make most of the cells'."""
    if not clause_tokens:
        return None
    i = 0
    if clause_tokens[0][:1].isupper() or _PLACEHOLDER_RE.fullmatch(clause_tokens[0]):
        while i < len(clause_tokens) and (
            clause_tokens[i][:1].isupper()
            or _PLACEHOLDER_RE.fullmatch(clause_tokens[i])
            or clause_tokens[i].lower() in {"of", "&"}
        ):
            i += 1
    elif clause_tokens[0].lower() in {"the", "a", "an", "its", "their"}:
        i = _np_end(clause_tokens, 1)
    if i == 0 or i >= len(clause_tokens):
        return None
    subj, verb, rest = clause_tokens[:i], clause_tokens[i], clause_tokens[i + 1 :]
    low = verb.lower()
    if low in {"is", "are", "was", "were", "has", "have", "had", "can", "could", "will", "would"}:
        return _join([low] + subj + rest)
    if low.endswith("ed") or low in {"made", "built", "sold", "bought", "led", "won", "ran", "held", "paid", "wrote"}:
        return _join(["did"] + subj + [qtext.base_of_past(low)] + rest)
    if low.endswith("s"):
        return _join(["does"] + subj + [qtext.base_form(low)] + rest)
    return _join(["do"] + subj + [low] + rest)


def _find_description(tokens: list[str], at: int) -> tuple[Unknown, int] | None:
    """Parse a description starting at tokens[at] == 'the'/'a'/'an'; returns (unknown without
    its key, end index) or None when the words there are not a description."""
    if at >= len(tokens) or tokens[at].lower() not in {"the", "a", "an"}:
        return None
    np_end = _np_end(tokens, at + 1)
    np = tokens[at + 1 : np_end]
    if not np:
        return None
    after = tokens[np_end].lower() if np_end < len(tokens) else ""
    participle = ""
    rel_at = np_end
    if (
        np_end < len(tokens)
        and _participle_ending(tokens, np_end)
        and np_end + 1 < len(tokens)
        and tokens[np_end + 1].lower() in _RELATIVE
    ):
        participle, rel_at = tokens[np_end], np_end + 1
        after = tokens[rel_at].lower()
    rank_words = [w for w in np if _RANK_WORD_RE.match(w) or w.lower() in ORDINALS]
    if rank_words:
        rank_words = [
            w
            for w in np
            if _RANK_WORD_RE.match(w) or w.lower() in ORDINALS or w.lower() in _NUMBER_WORDS or w.isdigit()
        ]
    for k in range(len(np) - 1):
        if np[k].lower() in {"most", "least"} and np[k + 1][:1].islower():
            rank_words += [np[k], np[k + 1]]  # "the most popular open-source …"
    rank_words = [w for w in np if w in rank_words]
    head_np = _join(np)
    if after in _RELATIVE and rel_at + 1 < len(tokens):
        end = _leave_main_verb(tokens, at, rel_at + 1, _clause_end(tokens, rel_at + 1))
        clause = tokens[rel_at + 1 : end]
        if not clause:
            return None
        phrase = _join(tokens[at:end])
        pron = after
        verb = clause[0]
        if pron in {"that", "which", "who"} and verb[:1].islower():
            finder = f"{'Who' if pron == 'who' else 'Which ' + head_np} {_join(clause)}?"
            agent = agent_noun(verb) if verb.lower().endswith("s") and np[-1].lower() in _DOER_HEADS else ""
            compact, class_np = "", plural_np(head_np)
            obj_end = next((k for k in range(1, len(clause)) if clause[k].lower() in _PREPOSITIONS), len(clause))
            obj_has_placeholder = any(_PLACEHOLDER_RE.fullmatch(w) for w in clause[1:obj_end])
            if agent and not obj_has_placeholder:
                obj = [w for w in clause[1:obj_end] if w.lower() not in {"the", "a", "an", "all", "its", "their"}]
                mod = singular_np(_join(obj)) if obj else ""
                target = clause[obj_end + 1 :] if obj_end < len(clause) else []
                prep = clause[obj_end].lower() if obj_end < len(clause) else ""
                base = f"{mod} {agent}".strip()
                if target and prep in {"to", "for", "of", "at"}:
                    compact = f"the {base} {'of' if prep == 'to' else prep} {_join(target)}"
                class_np = plural_np(base)
            member = singular_np(class_np) if compact else ""
            return Unknown(
                "",
                "relative",
                phrase,
                head_np,
                finder,
                compact,
                class_np,
                plural=_plural_word(np[-1]) and not pron == "who",
                participle=participle,
                member=member,
            ), end
        if pron == "whose":
            return Unknown(
                "",
                "relative",
                phrase,
                head_np,
                f"Which {head_np}'s {_join(clause)}?",
                class_np=plural_np(head_np),
                participle=participle,
            ), end
        inverted = _invert(clause)
        if inverted:
            lead = "In which" if pron == "where" else "Which"
            finder = f"{lead} {head_np} {inverted}?" if pron != "whom" else f"Whom {inverted}?"
            return Unknown(
                "", "relative", phrase, head_np, finder, class_np=plural_np(head_np), participle=participle
            ), end
        return None
    if after == "with" and np_end + 2 < len(tokens) and tokens[np_end + 1].lower() == "the":
        attr_end = _np_end(tokens, np_end + 2)
        attr = tokens[np_end + 2 : attr_end]
        if any(_RANK_WORD_RE.match(w) or w.lower() in ORDINALS for w in attr):
            phrase = _join(tokens[at:attr_end])
            verb = "had" if _past_context(phrase) else "has"
            return Unknown(
                "",
                "with",
                phrase,
                head_np,
                f"Which {head_np} {verb} the {_join(attr)}?",
                class_np=plural_np(head_np),
                member=singular_np(head_np),
            ), attr_end
    if rank_words and len(np) > len(rank_words):
        noun = [w for w in np if w not in rank_words]
        noun_np = _join(noun)
        rank = _join(rank_words)
        scope: list[str] = []
        end = np_end
        if after in {"of", "in", "by", "among", "for", "on"} and np_end + 1 < len(tokens):
            scope_end = _np_end(tokens, np_end + 1)
            if tx.is_year(tokens[np_end + 1]):
                scope_end = np_end + 2
                if after == "by":  # "by 2025 passenger numbers": the ranking's measure, not a date
                    scope_end = _measure_end(tokens, scope_end)
            elif tokens[np_end + 1].lower() in {"the", "a", "an"}:
                inner = _np_end(tokens, np_end + 2)
                scope_end = inner
            scope = tokens[np_end + 1 : scope_end]
            end = scope_end
            if after == "of" and (not _scope_is_class(scope) or _is_entity_or_placeholder(scope)):
                # "the largest plant of {U1}": the largest of a thing's own members.
                phrase = _join(tokens[at:end])
                return Unknown(
                    "",
                    "rank_of",
                    phrase,
                    noun_np,
                    f"Which {noun_np} of {_join(scope)} is the {rank}?",
                    compact="",
                    class_np=plural_np(noun_np),
                    plural=_plural_word(noun[-1]),
                ), end
        phrase = _join(tokens[at:end])
        prep = "in" if after == "of" and tx.is_year(_join(scope)) else after
        scope_text = f" {prep} {_join(scope)}" if scope else ""
        if _plural_word(noun[-1]):
            finder = f"Which {noun_np} are the {rank}{scope_text}?"
        else:
            verb = "was" if _past_context(phrase) else "is"
            finder = f"Which {noun_np} {verb} the {rank}{scope_text}?"
        member = singular_np(noun_np) + (scope_text if scope and not tx.is_year(_join(scope)) else "")
        return Unknown(
            "",
            "rank",
            phrase,
            noun_np,
            finder,
            class_np=plural_np(noun_np),
            plural=_plural_word(noun[-1]),
            member=member,
        ), end
    if after == "of" and np and np[-1].lower() in ROLE_NOUNS and np_end + 1 < len(tokens):
        obj_end = _np_end(tokens, np_end + 1)
        obj = tokens[np_end + 1 : obj_end]
        if _is_entity_or_placeholder(obj):
            phrase = _join(tokens[at:obj_end])
            who = "Who are" if _plural_word(np[-1]) else "Who is"
            return Unknown(
                "",
                "role_of",
                phrase,
                head_np,
                f"{who} the {head_np} of {_join(obj)}?",
                class_np=plural_np(head_np),
                plural=_plural_word(np[-1]),
            ), obj_end
    return None


# After a verb, "the most …" is how much of something, not a thing to find ("produced the most
# solar panels", "sold the most cars").
_PAST_IRREGULAR = frozenset("sold made built won grew drew bought got held ran paid took gave sent spent".split())
_WHEN_CLAUSE_RE = re.compile(r"^(?P<main>.+?)\s+(?P<lead>when|while|after|before)\s+(?P<clause>(?:the|a|an|[A-Z]).+)$")


def extract_chain(text: str, start_key: int = 1) -> tuple[str, list[Unknown]]:
    """Replace the descriptions in `text`, innermost (rightmost) first, with {U1}, {U2}...;
    returns the text with placeholders and the unknowns in the order they must be found.
    A description that only the question's own ask uses ("the chief executive of {U1}" in
    "Who is the chief executive of {U1}") stays in the ask: finding it is answering."""
    found: list[Unknown] = []
    current = text
    # "Who was the king of France when the Bastille was stormed?": the time is found first.
    m = _WHEN_CLAUSE_RE.match(current)
    if m and m.group("lead") == "when" and not re.match(r"^(?:when|since|until)\b", current, re.I):
        inverted = _invert(_tokens(m.group("clause")))
        if inverted:
            key = f"U{start_key}"
            found.append(Unknown(key, "when", f"when {m.group('clause')}", "time", f"When {inverted}?"))
            current = f"{m.group('main')} {{{key}}}"
    for _ in range(6):
        tokens = _tokens(current)
        best = None
        for at in range(len(tokens) - 1, -1, -1):
            if tokens[at].lower() not in {"the", "a", "an"}:
                continue
            got = _find_description(tokens, at)
            if (
                got
                and got[0].kind == "rank"
                and at > 0
                and (
                    tokens[at - 1].lower() in {"with", "has", "have", "had", "by"} | _PAST_IRREGULAR
                    or (tokens[at - 1].endswith("ed") and tokens[at - 1][:1].islower())
                )
            ):
                # "the maker with the second-highest deliveries", "has the largest capacity": an
                # attribute of the thing asked about, not a thing to find.
                continue
            if got:
                best = (at, got)
                break
        if not best:
            break
        at, (unknown, end) = best
        key = f"U{start_key + len(found)}"
        depends = tuple(dict.fromkeys(_PLACEHOLDER_RE.findall(unknown.phrase)))
        phrase = unknown.phrase
        if unknown.participle:
            phrase = re.sub(
                rf"\s+{re.escape(unknown.participle)}(?=\s+(?:that|which|who|where|whose)\b)", "", phrase, count=1
            )
        found.append(
            dataclasses.replace(unknown, key=key, phrase=phrase, depends=tuple(d.strip("{}") for d in depends))
        )
        current = _join(
            tokens[:at] + ["{" + key + "}"] + ([unknown.participle] if unknown.participle else []) + tokens[end:]
        )
    # The outermost description, when only the ask uses it and it is an attribute or role of a
    # thing ("the largest plant of {U2}", "the chief executive of {U1}"), is part of the ask.
    if found and found[-1].kind in {"rank_of", "role_of"} and not any(found[-1].key in u.depends for u in found):
        last = found.pop()
        current = current.replace("{" + last.key + "}", last.phrase)
    return current, found


# -- parsing a whole question --------------------------------------------------------------------

_LEAD_KIND = [
    ("vague", None),
    (
        "compare",
        re.compile(
            r"^(?:compare|contrast)\b|\b(?:vs\.?|versus)\b|^(?:what is|what are|what's) the differences? between\b|"
            r"^how (?:do|does|did) .+ (?:compare|differ)\b|^(?:is|are) .+ (?:better|worse|safer|cheaper|faster|"
            r"more \w+|less \w+) than\b|^which is (?:better|safer|cheaper|faster)\b",
            re.I,
        ),
    ),
    (
        "outlook",
        re.compile(
            r"^what(?:'s| is) the (?:outlook|future|forecast|prognosis)\b|^what will\b|^how will\b|"
            r"^will\b|^what (?:is|are) the prospects\b",
            re.I,
        ),
    ),
    (
        "trend",
        re.compile(
            r"^how (?:has|have|did) .+ (?:changed?|evolved?|grown|developed|shifted|moved|risen|fallen)\b|"
            r"^what (?:has|have) changed\b|^how (?:has|have) .+ (?:since|between|over)\b",
            re.I,
        ),
    ),
    (
        "cause",
        re.compile(
            r"^why\b|^what (?:caused|causes|led to|leads to|drove|drives|explains|triggered|are the causes|"
            r"were the causes|is the cause|was the cause|are the reasons|were the reasons|is the reason|"
            r"was the reason)\b|^what (?:are|were) the (?:effects|consequences|impacts?) of\b|^how did .+ (?:lead|cause)\b",
            re.I,
        ),
    ),
    (
        "count",
        re.compile(r"^how (?:many|much)\b|^what (?:number|share|percentage|proportion|fraction|amount) of\b", re.I),
    ),
    (
        "when",
        re.compile(r"^when\b|^(?:in|since) what year\b|^(?:in|since) which year\b|^what year\b|^on what date\b", re.I),
    ),
    (
        "where",
        re.compile(
            r"^where\b|^(?:in|at|from) (?:which|what) (?:city|country|town|state|region|place|province|"
            r"county|location|site|port|village|district)\b|^which (?:city|country|town|state|region)\b",
            re.I,
        ),
    ),
    ("who", re.compile(r"^who\b|^whom\b", re.I)),
    (
        "explain",
        re.compile(
            r"^how (?:does|do|is|are|can|could) .+ (?:work|function|made|produced|used|operate)\b|^how (?:does|do)\b|"
            r"^explain\b|^describe\b|^what is (?:a|an)\b|^what are\b(?!.*\b(?:of|for|by)\b)",
            re.I,
        ),
    ),
    (
        "yesno",
        re.compile(r"^(?:is|are|was|were|do|does|did|can|could|has|have|had|will|would|should|must|may)\b", re.I),
    ),
    (
        "list",
        re.compile(
            r"^(?:list|name|identify|enumerate)\b|^which\b|^what (?:are|were) the\b|^what \w+s (?:do|does|did|are|were)\b",
            re.I,
        ),
    ),
    ("fact", re.compile(r"^(?:what|which|how)\b", re.I)),
]


def _kind(part: str) -> str:
    if qtext.vague_topic(part):
        return "vague"
    for kind, pattern in _LEAD_KIND[1:]:
        if pattern.search(part):
            if (
                kind == "list"
                and re.match(r"^which\b", part, re.I)
                and not re.match(
                    r"^which\s+(?:[\w\-]+\s+){0,3}?[\w\-]*s\s+(?:do|does|did|are|were|have|has)\b", part, re.I
                )
            ):
                # "Which company supplies X" asks for one thing; "Which suppliers do X use" lists.
                if re.match(
                    rf"^which\s+(?:[\w\-]+\s+){{0,4}}?(?:is|was|are|were)\s+the\s+(?:(?:{_ORD})[\s-]+)?{_SUP}\b",
                    part,
                    re.I,
                ):
                    return "superlative"
                return (
                    "who"
                    if re.match(
                        r"^which\s+(?:company|firm|maker|person|group|organisation|organization|"
                        r"country|supplier|manufacturer|team|agency|court|party)\b",
                        part,
                        re.I,
                    )
                    else "fact"
                )
            return kind
    return "fact"


_SPLIT_RE = re.compile(
    r",?\s*(?:;|,\s*and|,\s*but|\band\s+(?=(?:in\s+|at\s+|from\s+|to\s+|for\s+|by\s+)?"
    r"(?:which|what|who|whom|where|when|how|why|whose)\b))\s*",
    re.I,
)
# A later part that refers back: to the first part's answer ("that supplier", "that company"),
# or to its subject ("its", "they", "their", "it").
_ANAPHOR_RE = re.compile(
    r"\b(?:(?:that|this|the same|those|these)\s+(?P<noun>[a-z][\w\-]*(?:\s+[a-z][\w\-]*(?=(?:'s|’s)|\s+(?:is|are|was|"
    r"were|has|have|had|does|do|did|of|in|at|for|to|from)\b|\s*$))?)"
    r"|(?P<pron>its|it|they|their|them|he|she|his|her))\b(?P<poss>'s|’s)?",
    re.I,
)
_ASKS_ENTITY_RE = re.compile(
    r"^(?:which|who|whom|what (?:company|firm|maker|person|country|city|town|supplier|"
    r"manufacturer|model|product|organisation|organization|plant|factory|drug|court|team))\b",
    re.I,
)


def _split_parts(question: str) -> list[str]:
    parts = [p.strip(" ,;") for p in _SPLIT_RE.split(question) if p and p.strip(" ,;")]
    return parts or [question]


def set_count(text: str) -> int | None:
    """N of "the N largest …" in `text`, None when it counts no set."""
    m = _SET_RE.search(text)
    if not m:
        return None
    c = m.group("count").lower()
    return int(c) if c.isdigit() else _NUMBER_WORDS.get(c)


def _focus_subject(kind: str, q: str) -> tuple[str, str]:
    """(focus, subject) of one clause by its shape; ("", clause) when no split applies."""
    patterns = [
        r"^(?:compare|contrast)\s+(?:the\s+)?(?P<focus>.+?)\s+(?:of|for|at|among|across|used by|between)\s+(?P<subject>.+)$",
        r"^(?:how do|how does|how did)\s+(?:the\s+)?(?P<focus>.+?)\s+(?:of|for)\s+(?P<subject>.+?)\s+(?:compare|differ).*$",
        r"^(?:which|what)\s+(?P<focus>[\w\s\-]+?)\s+(?:do|does|did|are used by|supply|serve)\s+(?P<subject>.+?)"
        r"(?:\s+(?:use|have|buy|rely on|work with|operate|run|make|sell|produce|offer|employ|own)\b(?P<tail>.*))?$",
        r"^(?:list|name|identify)\s+(?:the\s+)?(?P<focus>.+?)\s+(?:of|for|used by|in)\s+(?P<subject>.+)$",
        r"^(?:what|who|when|where|which|how many|how much)\s+(?:is|are|was|were)\s+(?:the\s+)?(?P<focus>.+?)\s+"
        r"(?:of|for|in|at|behind)\s+(?P<subject>.+)$",
        r"^how (?:many|much)\s+(?P<focus>[\w\s\-]+?)\s+(?:do|does|did|will|can|could|has|have|had)\s+(?P<subject>.+?)\s+"
        r"(?P<verb>(?-i:[a-z]+))\b(?P<tail>.*)$",
        r"^what (?:share|percentage|proportion|fraction|number|amount) of\s+(?:the\s+)?(?P<focus>.+?)\s+(?:of|for|in|at)\s+"
        r"(?P<subject>.+?)\s+(?:comes?|came|is|was|are|were|goes|went)\b.*$",
        r"^(?:what is|what are|what was|what were) the\s+(?P<focus>.+?)\s+of\s+(?P<subject>.+)$",
        r"^how (?:has|have|did)\s+(?:the\s+)?(?P<focus>.+?)\s+of\s+(?P<subject>.+?)\s+(?:changed?|evolved?|grown|developed|"
        r"shifted)\b.*$",
    ]
    for pattern in patterns:
        m = re.match(pattern, q, re.I)
        if m:
            tail = _clean(m.groupdict().get("tail") or "")
            focus = _clean(m.group("focus"))
            if tail and kind == "list":
                focus += f" {tail}"
            return focus, _clean(m.group("subject"))
    stripped = re.sub(
        r"^(what|who|why|how|which|when|where)\s+(is|are|was|were|do|does|did|has|have|had)?\s*", "", q, flags=re.I
    )
    return "", _clean(stripped) or q


def _compared(q: str) -> tuple[str, ...]:
    """The things a comparison names: 'Compare PostgreSQL and MySQL for …', 'A vs B',
    'Is A better than B', 'the difference between A and B'."""
    m = (
        re.search(r"\bbetween\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)(?:\s+(?:for|in|on|when|as|at)\b.*)?$", q, re.I)
        or re.match(
            r"^(?:compare|contrast)\s+(?P<a>.+?)\s+(?:and|with|to|vs\.?|versus)\s+(?P<b>.+?)(?:\s+(?:for|in|on|when|as|at|by)\b.*)?$",
            q,
            re.I,
        )
        or re.match(r"^(?P<a>.+?)\s+(?:vs\.?|versus)\s+(?P<b>.+?)(?:\s*[:,]\s*.*|\s+(?:for|in|on)\b.*)?$", q, re.I)
        or re.match(
            r"^(?:is|are)\s+(?P<a>.+?)\s+(?:better|worse|safer|cheaper|faster|slower|more \w+|less \w+)\s+than\s+"
            r"(?P<b>.+?)(?:\s+(?:for|in|on|at|when)\b.*)?$",
            q,
            re.I,
        )
    )
    if not m:
        return ()
    a, b = _clean(m.group("a")), _clean(m.group("b"))
    if re.match(r"^(?:the\s+)?[a-z ]+\s+of\s+", a, re.I) and not tx.entities(a):
        return ()  # "compare the battery suppliers of X": a focus of a subject, not two things
    # "the turbine suppliers of the offshore wind farms of Corrievale Renewables and Westmark
    # Offshore": what is compared is the named things after the focus ("of" phrases in lower case).
    while (lead := re.match(r"^(?:the\s+)?[a-z][a-z\s\-]*?\s+of\s+(?P<rest>.+)$", a)) and tx.entities(
        lead.group("rest")
    ):
        a = lead.group("rest")
    # "A, B and C": each name of the list is compared.
    listed = [p.strip() for p in re.split(r",\s*", a)]
    things = [*listed, b] if len(listed) > 1 and all(tx.entities(p) for p in listed) else [a, b]
    return tuple(things) if all(t and len(t.split()) <= 6 for t in things) else ()


_SOURCE_LEAD_RE = re.compile(r"^according to (?P<source>[^,]{3,80}),\s*(?P<rest>.+)$", re.I)
# "Compare the fleets of A, B and C: which train models, how many units and which builders?": the
# question before the colon, then the aspects it is to be answered in.
_ELABORATION_RE = re.compile(
    r"^(?P<main>[^:]{12,}?):\s+(?P<aspects>(?:which|what|how|who|whom|when|where|whether)\b[^:]*)$", re.I
)


# "both the largest and the fourth-largest electric car makers of 2025": two ranks sharing one
# class (and its year), said once. Each rank is its own thing to find, so each gets them.
_SHARED_CLASS_RE = re.compile(
    rf"\bthe\s+(?P<a>(?:(?:{_ORD})[\s-]+)?{_SUP})\s+and\s+(?:the\s+)?(?P<b>(?:(?:{_ORD})[\s-]+)?{_SUP})\s+"
    r"(?P<np>(?:[a-z][\w\-]*\s+){0,3}[a-z][\w\-]*s)\b(?P<tail>\s+(?:of|in)\s+(?:19|20)\d\d\b)?"
)


def distribute_shared_class(text: str) -> str:
    """ "the largest and the fourth-largest electric car makers of 2025" -> "the largest electric
    car maker of 2025 and the fourth-largest electric car maker of 2025"."""

    def spell(m: re.Match) -> str:
        one = singular_np(m.group("np"))
        tail = m.group("tail") or ""
        return f"the {m.group('a')} {one}{tail} and the {m.group('b')} {one}{tail}"

    return _SHARED_CLASS_RE.sub(spell, text)


# "Vesterdal Tog's newest line": a ranking among a named owner's things, said with a possessive;
# parsed as "the newest line of Vesterdal Tog", the form a chain finds first.
_POSSESSIVE_RANK_RE = re.compile(
    r"\b(?P<owner>[A-Z][\w&.\-]*(?:\s+[A-Z][\w&.\-]*){0,4})(?:'s|\u2019s|'|\u2019)\s+"
    rf"(?P<np>(?:(?:{_ORD})[\s-]+)?{_SUP}\s+(?:[a-z][\w-]*\s+){{0,3}}?[a-z][\w-]*?)"
    r"(?=\s+(?:that|which|who|where|in|on|at|for|of|to|from|by|and|with|since|before|after)\b|\s*[?,.;:]|\s*$)"
)


# "the most recent cost estimate": which of a figure's values to give (the latest; the plan asks
# for the earlier ones too), not a thing a chain must find first.
LATEST_FIGURE_RE = re.compile(
    r"\bthe\s+(?:most\s+recent|latest|newest|current)\s+(?=(?:[a-z][\w-]*\s+){0,2}?(?:estimate|figure|forecast|count|"
    r"number|projection|value|price|cost|total|rate)s?\b)",
    re.I,
)


def normal_form(question: str) -> str:
    """The question as the parser (and the offline writer) reads it: a request as the question it
    is, a figure's latest value, a possessive ranking and a ranking request in the forms above."""
    request = qtext.REQUEST_RE.match(question.strip())
    overview = qtext.OVERVIEW_LEAD_RE.match(question.strip().rstrip(" ?.!"))
    if (
        request
        and re.match(r"(?:the|a|an|all|each|every)\s", request.group("rest"), re.I)
        and not (overview and _names_one_thing(overview.group("topic")))
        and not qtext.vague_topic(question)
    ):
        # "Give me the total capacity …", "Tell me about the suppliers of X": the question it is
        # ("Tell me about the Praia Serena plant" stays an overview: parse gives it a profile;
        # "Give me an overview of heart disease" stays a broad question to narrow).
        question = _as_question(request.group("rest"))
    rank = qtext.RANK_REQUEST_RE.match(question)
    if rank and not re.search(r"\b(?:largest|smallest|most|least|highest|lowest)\b", rank.group("by"), re.I):
        # A ranking asked as a request is the superlative question it implies.
        things = re.sub(r"^(?:the|all)\s+", "", rank.group("things"), flags=re.I)
        question = f"Which {things} have the largest {rank.group('by')}?"
    question = LATEST_FIGURE_RE.sub("the ", question)
    return _POSSESSIVE_RANK_RE.sub(lambda m: f"the {m.group('np')} of {m.group('owner')}", question)


def _as_question(phrase: str) -> str:
    """ "the battery suppliers of X in 2025, and explain why …" -> "What are the battery suppliers
    of X in 2025, and explain why …?": the head before "of" or a clause says is or are."""
    head = re.match(
        r"^(?:the|a|an|all|each|every)\s+(?:[\w\-]+\s+){0,3}?(?P<head>[\w\-]+)(?=\s+(?:of|in|at|for|on|by|from|that|which|operating|according)\b|\s*,|\s*$)",
        phrase,
        re.I,
    )
    plural = bool(head) and head.group("head").lower().endswith("s") and not head.group("head").lower().endswith("ss")
    return f"What {'are' if plural else 'is'} {phrase.rstrip(' ?.!')}?"


def _names_one_thing(topic: str) -> bool:
    """ "the Praia Serena desalination plant", "Tessel Water": a name and at most a few words of
    what it is; not "the battery suppliers of Norvik Electric in 2025", which asks a set."""
    names = clean_entities(topic)
    if not names:
        return False
    rest = re.fullmatch(rf"(?:the\s+)?{re.escape(names[0])}(?P<head>(?:\s+[a-z][\w\-]*){{0,3}})", topic.strip())
    return bool(rest) and not set(rest.group("head").split()) & (_PREPOSITIONS | {"and", "or"})


def parse(question: str) -> QuestionShape:
    q = distribute_shared_class(_clean(normal_form(question)))
    m = _SOURCE_LEAD_RE.match(q)
    if m:
        # "According to the European Battery Registry, what is …": the source is a constraint on
        # the answer; the question is parsed without it and the source goes back on its asks.
        inner = parse(_cap(m.group("rest")))
        lead = f"According to {m.group('source')}, "
        return dataclasses.replace(
            inner,
            text=q,
            asks=tuple(
                lead + (a[:1].lower() + a[1:] if a.split(" ", 1)[0].lower() in tx.STOPWORDS | {"in"} else a)
                for a in inner.asks
            ),
            extras={**inner.extras, "source": m.group("source")},
        )
    m = _ELABORATION_RE.match(q)
    if m:
        inner = parse(m.group("main").rstrip(" ?.") + "?")
        return dataclasses.replace(inner, text=q, extras={**inner.extras, "aspects": m.group("aspects").rstrip(" ?.")})
    vague = qtext.vague_topic(q)
    count = set_count(q)
    time_m = _TIME_RE.search(q)
    time = _clean(time_m.group("phrase")) if time_m else ""
    entities = tuple(dict.fromkeys(clean_entities(q)))
    m = qtext.OVERVIEW_LEAD_RE.match(q.rstrip(" ?.!"))
    if m and _names_one_thing(m.group("topic")) and len(_split_parts(q)) == 1:
        # "Tell me about the Praia Serena desalination plant", "Tell me about Tessel Water": an
        # overview of one named thing, not a field to narrow.
        return QuestionShape("profile", "", _clean(m.group("topic")), None, q, time, entities, asks=(q,))
    if vague:
        return QuestionShape("vague", "", vague, None, q, time, entities, asks=(q,), vague_topic=vague)
    parts = _split_parts(q)
    first_kind = _kind(parts[0])
    # The first part's answer may be what a later part is about ("…, and which company supplies its LFP cells?").
    asks: list[str] = []
    chain: list[Unknown] = []
    first_subject = ""
    answer_key = ""  # the unknown the first part finds, when later parts ask about its answer
    first_text = ""  # the first part with its descriptions as placeholders ("Which of {U1} use LFP cells")
    for index, part in enumerate(parts):
        part = _clean(part)
        if index > 0:
            part = _demonstrative_np(part, parts[0]) or part
            part = _fill_ellipsis(part, first_text or parts[0], answer_key)
            part = _resolve_anaphor(part, asks[0] if asks else parts[0], answer_key)
        text, unknowns = extract_chain(part, start_key=len(chain) + 1)
        chain.extend(unknowns)
        first_text = first_text or text
        if (
            index == 0
            and len(parts) > 1
            and _ASKS_ENTITY_RE.match(part)
            and any(
                (_refers_to_answer(p) and not _demonstrative_np(p, part) and not _neuter_after_who(part, p))
                or _elliptical(p)
                for p in parts[1:]
            )
        ):
            # The first part's answer is a thing the later parts ask about: it is a hop.
            answer_key = f"U{len(chain) + 1}"
            chain.append(_answer_unknown(answer_key, text, chain))
            continue
        asks.append(text)
        if index == 0:
            first_subject = text
    asks = [a for a in asks if not re.fullmatch(r"\{U\d+\}", a)]
    focus, subject = _focus_subject(first_kind, parts[0])
    kind = first_kind
    if answer_key and asks:
        kind = _kind(_cap(re.sub(r"\{U\d+\}(?:'s)?", "X", asks[0])))
    compared = _compared(parts[0]) if kind in {"compare", "yesno"} else ()
    if kind == "yesno" and compared:
        kind = "compare"
    if (
        kind in {"fact", "who"}
        and re.match(
            rf"^(?:which|what|who)\s+(?:[\w\-]+\s+){{0,4}}?(?:is|was|are|were)\s+the\s+"
            rf"(?:(?:{_ORD})[\s-]+)?{_SUP}\b",
            parts[0],
            re.I,
        )
        and not chain
    ):
        kind = "superlative"
    if kind == "fact" and re.match(r"^(?:which|what)\s+[\w\s\-]+?s\s+(?:do|does|did)\b", parts[0], re.I):
        kind = "list"
    if (
        kind in {"fact", "who", "list"}
        and not chain
        and re.match(rf"^(?:which|what|who)\b.*\bthe\s+(?:(?:{_ORD})[\s-]+)?{_SUP}\b", parts[0], re.I)
    ):
        kind = "superlative"
    return QuestionShape(
        kind,
        focus,
        subject,
        count,
        q,
        time,
        entities,
        tuple(asks),
        tuple(chain),
        "",
        compared,
        extras={"first_subject": first_subject, "parts": parts},
    )


def _answer_unknown(key: str, text: str, chain: list[Unknown]) -> Unknown:
    """The thing a "Which X …?" part asks for, as an unknown: "Which company supplies the NMC
    cells for {U1}" -> the phrase "the company that supplies the NMC cells for {U1}"."""
    depends = tuple(d.strip("{}") for d in _PLACEHOLDER_RE.findall(text))
    # After a placeholder set ("Which of {U1} use LFP cells") whatever follows is the predicate,
    # a plural's bare verb included; after a written set, a verb the grammar can tell.
    m = re.match(r"^(?:which|what)\s+of\s+(?P<set>\{U\d+\})\s+(?P<rest>(?-i:[a-z]).*)$", text, re.I) or re.match(
        r"^(?:which|what)\s+of\s+(?P<set>.+?)\s+(?P<rest>(?:is|are|was|were|has|have|had|does|do|did)\b.*|"
        r"[a-z]+(?:s|ed)\b.*)$",
        text,
        re.I,
    )
    if m:
        set_key = m.group("set").strip("{}")
        member = next((singular_np(u.head) for u in chain if u.key == set_key), "one")
        plural_answer = not re.match(r"^(?:is|was|has|does|did|[a-z]+s)\b", m.group("rest"))
        answer_np = plural_np(member) if plural_answer else member
        phrase = f"the {answer_np} of {m.group('set')} that {m.group('rest')}"
        return Unknown(
            key,
            "answer_of",
            phrase,
            member,
            _cap(text) + "?",
            # without the set, which the link before it asks for: "the electric car makers that
            # use LFP cells"
            compact=f"the {answer_np} that {m.group('rest')}",
            class_np=plural_np(member),
            depends=depends,
            plural=plural_answer,
        )
    m = re.match(r"^(?:which|what)\s+(?P<rest>.+)$", text, re.I)
    if m:
        tokens = _tokens("the " + m.group("rest"))
        end = next((k for k in range(2, len(tokens)) if _verb_like(tokens, k)), 0)
        if 1 < end < len(tokens):
            relative = _join(tokens[:end] + ["that"] + tokens[end:])
            got = _find_description(_tokens(relative), 0)
            if got:
                u = got[0]
                return Unknown(
                    key,
                    "answer_of",
                    u.phrase,
                    u.head,
                    _cap(text) + "?",
                    u.compact,
                    u.class_np,
                    depends,
                    u.plural,
                    member=u.member or singular_np(u.head),
                )
        # No description the grammar knows: the asked phrase itself names the unknown ("the
        # wind farms that use the Brenning BT-15 turbine"), so a later part's "their" reads as
        # it, not as its first word. Its head is the first plural noun before a verb.
        plural_head = next(
            (
                k
                for k in range(1, min(4, len(tokens) - 1))
                if re.fullmatch(r"[a-z]+[^s]s", tokens[k]) and re.fullmatch(r"[a-z]+", tokens[k + 1])
            ),
            0,
        )
        if plural_head:
            phrase = _join(tokens[: plural_head + 1] + ["that"] + tokens[plural_head + 1 :])
            head = tokens[plural_head]
            return Unknown(
                key, "answer_of", phrase, head, _cap(text) + "?", class_np=head, depends=depends, plural=True
            )
    head_m = re.match(r"^(?:which|what|who)\s+(?P<head>[\w\-]+)", text, re.I)
    head = head_m.group("head") if head_m else "one"
    return Unknown(
        key, "answer_of", f"the {head} asked about", head, _cap(text) + "?", class_np=plural_np(head), depends=depends
    )


def _verb_like(tokens: list[str], k: int) -> bool:
    """tokens[k] reads as the verb after a noun phrase: "ranked", or "supplies" followed by an
    article, a preposition, a name or a placeholder ("suppliers sell" is a plural noun)."""
    t = tokens[k]
    if not t[:1].islower():
        return False
    if t.lower() in {"is", "are", "was", "were", "has", "have", "had", "does", "do", "did", "will", "can"}:
        return True
    if t.endswith("ed") and len(t) > 4:
        return True
    nxt = tokens[k + 1] if k + 1 < len(tokens) else ""
    return (
        t.endswith("s")
        and bool(nxt)
        and (
            nxt.lower() in {"the", "a", "an", "its", "their", "all", "most"} | _PREPOSITIONS
            or nxt[:1].isupper()
            or bool(_PLACEHOLDER_RE.fullmatch(nxt))
        )
    )


_LEAD_WORDS = frozenset(
    "compare contrast does do did is are was were list name identify describe explain tell give show "
    "find which what who whom whose when where why how has have had can could will would should".split()
)


def clean_entities(text: str) -> list[str]:
    """Names in a question without a sentence-initial question or command word ("Compare
    PostgreSQL" -> "PostgreSQL") or a possessive ("Kestrel Automotive's" -> "Kestrel Automotive")."""
    out = []
    names = [part for e in tx.entities(text) for part in re.split(r"(?:'s|’s)\s+", e)]
    for e in names:
        words = e.split()
        while words and words[0].lower() in _LEAD_WORDS:
            words = words[1:]
        name = re.sub(r"(?:'s|’s|')$", "", " ".join(words))
        if len(name) >= 2 and name.lower() not in ORDINALS:
            out.append(name)
    return out


def _elliptical(part: str) -> bool:
    """ "from which suppliers", "and since when": a later part with no verb of its own."""
    words = part.split()
    return len(words) <= 4 and not any(
        w.lower() in {"is", "are", "was", "were", "do", "does", "did", "has", "have", "had"} or w.endswith("ed")
        for w in words[1:]
    )


def _fill_ellipsis(part: str, first: str, answer_key: str) -> str:
    """ "from which suppliers" after "Which of X use LFP cells" -> "from which suppliers do
    {Uk} use LFP cells": the missing verb phrase is the first part's."""
    if not _elliptical(part) or not answer_key:
        return part
    m = re.match(
        r"^(?:which|what|who)\s+(?:of\s+.+?\s+|[\w\-]+\s+(?:[\w\-]+\s+){0,2}?)(?P<verb>(?-i:[a-z]+))\s+(?P<rest>.+)$",
        first,
        re.I,
    )
    if not m:
        return part
    verb = m.group("verb")
    aux = "did" if verb.endswith("ed") else ("does" if verb.endswith("s") and not verb.endswith("ss") else "do")
    base = qtext.base_form(verb) if aux == "does" else (verb[:-2] if aux == "did" else verb)
    return f"{part} {aux} {{{answer_key}}} {base} {m.group('rest')}"


def _refers_to_answer(part: str) -> bool:
    m = _ANAPHOR_RE.search(part)
    return bool(m and (m.group("noun") or m.group("pron")))


def _demonstrative_np(part: str, first: str) -> str:
    """ "how large are those plants" after "Which battery suppliers have cell plants in Hungary":
    "those plants" are the first part's "cell plants in Hungary", not its answer. Returns the
    part with the phrase written out, or "" when the demonstrative names the thing asked for."""
    m = re.search(r"\b(?:that|this|those|these)\s+(?P<noun>[a-z][\w\-]*)\b", part)
    if not m:
        return ""
    head = re.match(r"^(?:which|what)\s+(?:[\w\-]+\s+){0,3}?(?P<head>[\w\-]+)\s+(?=(?-i:[a-z]+))", first, re.I)
    noun_stem = tx.stem(singular(m.group("noun").lower()))
    if head and tx.stem(singular(head.group("head").lower())) == noun_stem:
        return ""
    found = re.search(
        r"\b(?P<np>(?:[a-z\-]+\s+){0,2}"
        + re.escape(m.group("noun")[:-1] if m.group("noun").endswith("s") else m.group("noun"))
        + r"s?(?:\s+(?:in|at|of|for)\s+[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)*)?)",
        first,
    )
    if not found or found.start() < (head.end() if head else 0):
        return ""
    return part[: m.start()] + "the " + found.group("np") + part[m.end() :]


def _neuter_after_who(first: str, later: str) -> bool:
    """ "Who chairs the board of X, and who is its chief executive?": "its" is never a person, so
    it points to the thing the first part names, not to the person that part asks for."""
    m = _ANAPHOR_RE.search(later)
    return bool(m and (m.group("pron") or "").lower() in {"its", "it"} and re.match(r"^\s*(?:who|whom)\b", first, re.I))


def _resolve_anaphor(part: str, first: str, answer_key: str) -> str:
    """Write a later part's reference to the first part out: to the first part's answer when
    the first part asks for a thing ("which company …, and where is that company's plant" ->
    "{Uk}'s plant"), else to the first part's subject ("where is Corvane, and where is its
    largest plant" -> "Corvane's largest plant")."""
    m = _ANAPHOR_RE.search(part)
    if not m:
        return part
    word = (m.group("pron") or "").lower()
    plural_np_m = re.search(
        r"\b(?:the|both|all)\s+((?:[\w\-]+\s+){0,3}?[a-z\-]+s)\b(\s+of\s+(?:\{U\d+\}|[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)*))?",
        first,
    )
    if answer_key and not _neuter_after_who(first, part):
        target = "{" + answer_key + "}"
    elif word in {"they", "them", "their"} and plural_np_m:
        target = plural_np_m.group(0)
    else:
        names = [e for e in tx.entities(first) if e.split()[0].lower() not in _WH_LEADS]
        target = re.sub(r"(?:'s|’s)$", "", names[0]) if names else ""
        if not target:
            return part
    poss = m.group("poss") or ""
    if word in {"its", "their", "his", "her"} or poss:
        repl = target + ("'" if target.endswith("s") and not target.startswith("{") else "'s")
    else:
        repl = target
    return part[: m.start()] + repl + part[m.end() :]


_WH_LEADS = frozenset("which what who whom whose when where why how in is are does do did".split())


def singular_subject(shape: QuestionShape) -> str:
    """'the five largest electric car makers' -> 'electric car maker'."""
    words = shape.subject_plural.split()
    words = [
        w
        for w in words
        if w.lower() not in _NUMBER_WORDS
        and not w.isdigit()
        and w.lower() not in {"largest", "biggest", "top", "leading", "main", "major", "best", "most"}
    ]
    if words and words[-1].endswith("s") and not words[-1].endswith("ss"):
        words[-1] = words[-1][:-1]
    return " ".join(words)
