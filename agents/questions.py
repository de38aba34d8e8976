"""What a plan may not do with its question, checked in code for every model, and the wording
of an absence: plain functions of text.

- A sub-question must not quote the question back: a run of the question's words at least
  max(ECHO_MIN_WORDS, ECHO_MIN_SHARE of the question) long (the whole question when it is
  shorter, never fewer than ECHO_SHORTEST_WORDS words), or the question in quotation marks.
  Research splits a question into parts; a sub-question that repeats it searches the same
  thing as every other one.
- A sub-question must not be a generic frame with the question pasted in ("What background
  explains …?", "Who are the main actors in …?"): what it adds beyond the question's own words is
  at least FRAME_MIN_WORDS words, all of them generic research vocabulary (background, figures,
  developments, actors …), so it would read the same for any question.
- A vague question ("Tell me about batteries") gets a plan that says what it narrowed to.

The thresholds match the evaluation's template-plan measure (jobs/evaluation.py), so a plan
that passes here is not counted as a template there for quoting.
"""

from __future__ import annotations

import math
import re

from agents import text as tx

ECHO_MIN_WORDS = 5
ECHO_SHORTEST_WORDS = 3  # repeating one or two words of a very short question is not quoting it
ECHO_MIN_SHARE = 0.8  # reusing a clause of a long question ("the five largest electric car makers") is fine
FRAME_MIN_WORDS = 3

# Words a template adds to any question; a sub-question whose own words are only these (and
# stopwords) says nothing about its question.
GENERIC_WORDS = frozenset(
    tx.terms(
        "background backgrounds explain explains explained context overview general information details detail aspects aspect "
        "key main important major actors actor players player people involved involvement parties figures figure data "
        "numbers statistics describe describes description recent recently developments development current currently "
        "state status concern concerns concerning regarding related relate topic topics issue issues matter question "
        "questions forecasts forecast risks risk experts expert outlook future trends trend happen happening next "
        "factors factor role roles things thing basics basic facts fact know known understand understanding summary "
        "history historical significance impact impacts implications affect affects effects effect discuss discussion "
        "sources source say says said view views opinion opinions perspective perspectives analysis analyses"
    )
)
_QUOTED_RE = re.compile(r"[\"\u201c\u201d\u2018\u2019']([^\"\u201c\u201d]{12,})[\"\u201c\u201d\u2018\u2019']")
_WORD_RE = re.compile(r"[A-Za-z0-9]+(?:'[a-z]+)?")


def _norm(text: str) -> str:
    text = (text or "").replace("\u00a0", " ").replace("\u2019", "'").replace("\u2018", "'")
    return re.sub(r"\s+", " ", text.replace("\u201c", '"').replace("\u201d", '"')).strip()


def words(text: str) -> list[str]:
    """Lower-cased words as the echo rule counts them ("Energy's" is one word)."""
    return [w.lower() for w in _WORD_RE.findall(_norm(text))]


def echo_limit(question: str) -> int:
    """How many consecutive question words a sub-question may not repeat."""
    n = len(words(question))
    return max(ECHO_SHORTEST_WORDS, min(n, max(ECHO_MIN_WORDS, math.ceil(ECHO_MIN_SHARE * n))))


def longest_shared_run(a: str, b: str) -> int:
    """Length in words of the longest run of consecutive words `a` and `b` share."""
    x, y = words(a), words(b)
    longest = 0
    previous = [0] * (len(y) + 1)
    for i in range(1, len(x) + 1):
        current = [0] * (len(y) + 1)
        for j in range(1, len(y) + 1):
            if x[i - 1] == y[j - 1]:
                current[j] = previous[j - 1] + 1
                longest = max(longest, current[j])
        previous = current
    return longest


def echoes(subquestion: str, question: str) -> bool:
    """True when `subquestion` quotes `question` back (a long run of its words, or the question
    in quotation marks)."""
    if not words(question) or not words(subquestion):
        return False
    for m in _QUOTED_RE.finditer(_norm(subquestion)):
        if longest_shared_run(m.group(1), question) >= min(len(words(question)), ECHO_MIN_WORDS):
            return True
    return longest_shared_run(subquestion, question) >= echo_limit(question)


def added_terms(subquestion: str, question: str) -> list[str]:
    """The sub-question's content terms (stemmed) that its question does not have."""
    q = tx.term_set(question)
    return [t for t in tx.terms(subquestion) if t not in q and not t[0].isdigit()]


def generic_frame(subquestion: str, question: str) -> bool:
    """True when what `subquestion` adds to its question is only generic research vocabulary
    ("What background explains …", "What recent developments concern …"): a fixed frame."""
    added = added_terms(subquestion, question)
    return len(added) >= FRAME_MIN_WORDS and all(t in GENERIC_WORDS for t in added)


def plan_problems(subquestions: list[str], question: str) -> list[str]:
    """One sentence per sub-question that quotes the question or is a generic frame; [] when none."""
    out = []
    for i, text in enumerate(subquestions, 1):
        if echoes(text, question):
            out.append(
                f"sub-question {i} repeats the question's own words ({text!r}); ask about one part of it in "
                f"your own words, naming what that part needs"
            )
        elif generic_frame(text, question):
            out.append(
                f"sub-question {i} is a generic frame around the question ({text!r}); ask something specific "
                f"to this question instead"
            )
    return out


# -- vague questions --------------------------------------------------------------------------

_VAGUE_LEAD_RE = re.compile(
    r"^(?:(?:please\s+)?(?:tell|teach|show)\s+me\s+(?:something\s+|everything\s+|all\s+|more\s+)?about|"
    r"(?:i\s+want|i'd\s+like)\s+to\s+know\s+(?:more\s+)?about|what\s+about|what\s+is\s+there\s+to\s+know\s+about|"
    r"(?:give\s+me\s+)?(?:an?\s+)?(?:overview|summary|introduction|primer)\s+(?:of|on|about)|"
    r"(?:information|info|facts|research)\s+(?:on|about)|explain|describe|discuss|research|talk\s+about)\s+(?P<topic>.+)$",
    re.I,
)
_WH_RE = re.compile(
    r"^(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|"
    r"should|will|would|has|have|had|compare|list|name|identify|in|on|at|from|according)\b",
    re.I,
)
VAGUE_MAX_TOPIC_TERMS = 3
OVERVIEW_LEAD_RE = _VAGUE_LEAD_RE  # the same leads, about a named thing, ask for its profile


def vague_topic(question: str) -> str:
    """The topic of a question too broad to research as asked ("Tell me about batteries" ->
    "batteries"; "Quantum computing" -> "Quantum computing"), or "" when the question asks
    something specific. Broad: a request about a topic of at most VAGUE_MAX_TOPIC_TERMS content
    words, or a bare topic without a question word, with no names, figures or dates to narrow it."""
    q = _norm(question).strip(" ?.!")
    m = _VAGUE_LEAD_RE.match(q)
    topic = m.group("topic").strip() if m else ("" if _WH_RE.match(q) else q)
    if not topic:
        return ""
    topic_terms = tx.terms(topic)
    if not topic_terms or len(topic_terms) > VAGUE_MAX_TOPIC_TERMS:
        return ""
    if any(t[0].isdigit() for t in topic_terms):
        return ""  # a year or figure already narrows it
    named = [e for e in tx.entities(topic) if topic.find(e) > 0 or len(e.split()) > 1]
    if named and len(topic_terms) > 1 and m is None:
        return ""  # "Voltara Motors" alone is a name, not a field
    return topic


_PHRASE_WORD_RE = re.compile(r"[A-Za-z][\w'-]*")


def topic_modifiers(question: str) -> list[str]:
    """The words that narrow what a question is about: every hyphenated compound's words
    ("sodium-ion"), and the words before the head noun of its first phrase of two or more
    content words ("heat" of "heat pumps"; "solid", "state" of "solid-state batteries"), not
    the head itself ("batteries") nor the phrases after it ("in electric cars"): "What is the
    outlook for sodium-ion batteries in electric cars?" -> ["sodium", "ion"]."""
    runs: list[list[str]] = [[]]
    for word in _PHRASE_WORD_RE.findall(question):
        if word.lower() in tx.STOPWORDS:
            runs.append([])
        else:
            runs[-1].append(word)
    out = [part for word in _PHRASE_WORD_RE.findall(question) if "-" in word for part in word.split("-") if part]
    first = next((run for run in runs if len(run) >= 2), [])
    out += [part for word in first[:-1] for part in word.split("-") if part]
    return list(dict.fromkeys(w.lower() for w in out))


# -- verb forms -------------------------------------------------------------------------------

_IRREGULAR_PAST = {
    "be": "was",
    "become": "became",
    "begin": "began",
    "bring": "brought",
    "build": "built",
    "buy": "bought",
    "choose": "chose",
    "come": "came",
    "do": "did",
    "fall": "fell",
    "find": "found",
    "get": "got",
    "give": "gave",
    "go": "went",
    "grow": "grew",
    "have": "had",
    "hold": "held",
    "keep": "kept",
    "know": "knew",
    "lead": "led",
    "leave": "left",
    "lose": "lost",
    "make": "made",
    "meet": "met",
    "pay": "paid",
    "put": "put",
    "rise": "rose",
    "run": "ran",
    "say": "said",
    "see": "saw",
    "sell": "sold",
    "send": "sent",
    "set": "set",
    "shut": "shut",
    "spend": "spent",
    "stand": "stood",
    "take": "took",
    "tell": "told",
    "think": "thought",
    "win": "won",
    "write": "wrote",
    "cut": "cut",
    "let": "let",
    "split": "split",
    "sink": "sank",
    "strike": "struck",
    "drive": "drove",
    "ride": "rode",
    "fly": "flew",
    "draw": "drew",
    "speak": "spoke",
    "steal": "stole",
}


def third_person(verb: str) -> str:
    """'supply' -> 'supplies', 'make' -> 'makes', 'do' -> 'does', 'have' -> 'has'."""
    v = verb.lower()
    if v in {"have", "be", "do", "go"}:
        return {"have": "has", "be": "is", "do": "does", "go": "goes"}[v]
    if re.search(r"[^aeiou]y$", v):
        return v[:-1] + "ies"
    if re.search(r"(s|sh|ch|x|z|o)$", v):
        return v + "es"
    return v + "s"


def past_tense(verb: str) -> str:
    """'deliver' -> 'delivered', 'supply' -> 'supplied', 'make' -> 'made', 'stop' -> 'stopped'."""
    v = verb.lower()
    if v in _IRREGULAR_PAST:
        return _IRREGULAR_PAST[v]
    if v.endswith("e"):
        return v + "d"
    if re.search(r"[^aeiou]y$", v):
        return v[:-1] + "ied"
    if re.fullmatch(r"[^aeiou]+[aeiou][bdgmnpt]", v):  # one syllable: "stop", "plan"; not "open"
        return v + v[-1] + "ed"
    return v + "ed"


def base_form(verb: str) -> str:
    """'supplies' -> 'supply', 'makes' -> 'make', 'uses' -> 'use', 'has' -> 'have', 'is' -> 'be'."""
    v = verb.lower()
    special = {"has": "have", "is": "be", "are": "be", "was": "be", "were": "be", "does": "do", "goes": "go"}
    if v in special:
        return special[v]
    if v.endswith("ies") and len(v) > 4:
        return v[:-3] + "y"
    if re.search(r"(sses|shes|ches|xes|zes|oes)$", v):
        return v[:-2]
    if v.endswith("s") and not v.endswith("ss") and len(v) > 3:
        return v[:-1]
    return v


def base_of_past(verb: str) -> str:
    """'delivered' -> 'deliver', 'produced' -> 'produce', 'shipped' -> 'ship', 'supplied' ->
    'supply', 'sold' -> 'sell'; a verb not in the past as given."""
    low = verb.lower()
    back = {v: k for k, v in _IRREGULAR_PAST.items()}
    if low in back:
        return back[low]
    if not low.endswith("ed") or len(low) < 4:
        return low
    if low.endswith("ied"):
        return low[:-3] + "y"
    stem = low[:-2]
    if len(stem) <= 2 or stem.endswith(("at", "iz", "ur", "ad", "os", "uc", "ag", "ir", "ov", "as", "aus")):
        return low[:-1]  # "created", "produced", "used", "caused": the stem's own e
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] in "bdgmnprt":
        return stem[:-1]  # "shipped", "planned"
    return stem


# -- absence ------------------------------------------------------------------------------------

_AUX = frozenset("is are was were do does did has have had can could will would should".split())
_BE = frozenset("is are was were".split())
_DO = frozenset("do does did".split())
_WH_WORDS = frozenset("which what who whom whose when where why how".split())
_NP_ENDERS = frozenset(
    "the a an its their his her this that these those for from to in on at with by of into as "
    "since before after during than between under over per against about through without within across "
    "towards toward via like near".split()
)
_PARTICIPLE_RE = re.compile(
    r"^(?:[a-z]+ed|built|made|sold|founded|based|located|headquartered|held|known|run|done|"
    r"paid|bought|led|won|given|taken|written|seen|begun|grown)$"
)


def _subject_end(tokens: list[str]) -> int:
    """Index of the verb that follows the subject at the start of `tokens` (len(tokens) when none)."""
    if not tokens:
        return 0
    i = 0
    if tokens[0][:1].isupper():
        while i < len(tokens) and (
            tokens[i][:1].isupper() or tokens[i][:1].isdigit() or tokens[i] in {"&", "of", "de"}
        ):
            i += 1
        # "Sabline Energie's second farm", "Castellan Cables' Moerdijk factory": the name owns
        # the noun phrase that follows it.
        possessive = any(_POSSESSIVE_RE.search(t) for t in tokens[:i])
        if not (i == 1 and tokens[0].isupper() and len(tokens[0]) <= 4) and not possessive:
            return i
        # "EU copyright law changed": an acronym modifies the noun phrase that follows it.
    # The noun right after an owner's name or a determiner ("the plant in Gdansk ship …").
    head = max(1, i) if (i and possessive) or (not i and tokens[0].lower() in _DETERMINERS) else -1
    for j in range(max(1, i), len(tokens)):
        t = tokens[j]
        if not t[:1].islower() or t in _NP_ENDERS:
            continue
        nxt = tokens[j + 1] if j + 1 < len(tokens) else ""
        if j == head and _names_a_place_then_verb(tokens[j + 1 :]):
            continue  # "Tessaline Chemicals' plant in Rayong make …": the place is the plant's
        if not nxt or nxt in _NP_ENDERS or nxt[:1].isupper() or nxt[:1].isdigit():
            return j
    return len(tokens)


_POSSESSIVE_RE = re.compile(r"(?:['\u2019]s|s['\u2019])$")


def _names_a_place_then_verb(tokens: list[str]) -> bool:
    """ "in Rayong make a year": a preposition, a name, then a lower-case word (the verb)."""
    if len(tokens) < 3 or tokens[0] not in _NP_ENDERS or not tokens[1][:1].isupper():
        return False
    k = 1
    while k < len(tokens) and tokens[k][:1].isupper():
        k += 1
    return k < len(tokens) and tokens[k][:1].islower()


def _uninvert(aux: str, rest: list[str], yes_no: bool = False, complement: bool = False) -> list[str]:
    """'did' + 'Voltara Motors deliver in 2025' -> 'Voltara Motors delivered in 2025'.
    `complement`: the wh-word is what the verb "to be" says of the subject ("What is …")."""
    low = aux.lower()
    if low in _BE and yes_no:
        end = _subject_end(rest)
        return rest[:end] + [low] + rest[end:] if 0 < end < len(rest) else [low] + rest
    if low in _BE:
        # "the plant located" -> "the plant is located"; else "the capacity of X is".
        k = _be_participle(rest, complement)
        return rest[:k] + [low] + rest[k:] if k else rest + [low]
    end = _subject_end(rest)
    if end >= len(rest) or end == 0:
        return [low] + rest
    verb = rest[end]
    if rest[end - 1].lower() == "not" and end > 1:
        # "why do antibiotics not work" -> "why antibiotics do not work"
        return rest[: end - 1] + [low] + rest[end - 1 :]
    if low in _DO:
        verb = (
            past_tense(verb)
            if low == "did"
            else (third_person(verb) if low == "does" and not _plural(rest[:end]) else verb)
        )
        return rest[:end] + [verb] + rest[end + 1 :]
    return rest[:end] + [low, verb] + rest[end + 1 :]


def _be_participle(rest: list[str], complement: bool = False) -> int:
    """Index of the participle that "to be" goes before ("where the plant is located in …"), or
    0. After "What is …" the wh-word is the complement, so a participle inside the subject ("the
    rotor diameter of the turbine model installed at X") is not the verb; only a last word is
    ("what the plant is called", "who X was founded by")."""
    for k in range(len(rest) - 1, 0, -1):
        if complement and k < len(rest) - 1 and not (k == len(rest) - 2 and rest[-1].lower() in _AFTER_VERBAL):
            break  # "who Brenning was founded by" still has its participle
        if _PARTICIPLE_RE.match(rest[k]) and not rest[k][:1].isupper() and _verbal(rest, k):
            return k
    return 0


_DETERMINERS = frozenset("the a an its their his her this that these those our your each every".split())
_AFTER_VERBAL = frozenset("in at on by to for from near with into under over between since as".split())


def _verbal(tokens: list[str], k: int) -> bool:
    """A participle used as the verb ("the plant located in X"), not as an adjective before its
    noun ("the rated power of X", "the installed capacity"): it follows no determiner and ends
    the clause or comes before a preposition."""
    if tokens[k - 1].lower() in _DETERMINERS:
        return False
    return k + 1 == len(tokens) or tokens[k + 1].lower() in _AFTER_VERBAL


def _plural(subject: list[str]) -> bool:
    last = subject[-1].lower() if subject else ""
    return subject[:1] != [] and subject[0][:1].islower() and last.endswith("s") and not last.endswith("ss")


# A request for something rather than a question about it ("Give me the total capacity of …",
# "Tell me about the suppliers of …", "I want to know about …").
REQUEST_RE = re.compile(
    r"^(?:please\s+)?(?:(?:tell|show|give|find)\s+me|i\s+(?:want|need)\s+to\s+know|i'd\s+like\s+to\s+know)"
    r"\s+(?:about\s+)?(?P<rest>.+)$",
    re.I,
)
# "Rank the desalination plants operating on the coast by daily capacity": a ranking asked as a
# request (the things and what they are ranked by).
RANK_REQUEST_RE = re.compile(
    r"^\s*(?:please\s+)?(?:rank|order|sort)\s+(?P<things>(?:the\s+|all\s+)?.+?)\s+by\s+(?:their\s+|its\s+)?"
    r"(?P<by>.+?)\s*[.?!]?\s*$",
    re.I,
)
_CLAIM_CHECK_RE = re.compile(
    r"^(?:is|was)\s+it\s+(?:really\s+)?(?:true|correct|right|accurate|the case|so)\s+that\s+(?P<claim>.+)$", re.I
)


_AMOUNT_CLAIM_RE = re.compile(
    r"^(?P<subject>.+?)\s+(?P<verb>(?-i:[a-z]+s))\s+(?:(?:about|around|roughly|nearly|almost|over|under|more than|"
    r"less than|at least|only)\s+)?(?:a|an|one|two|three|four|half|\d[\d.,]*)\s*(?:%|per ?cent|percent|fifth|"
    r"quarter|third|half|tenth|fifths|quarters|thirds|tenths)?\s+of\s+(?P<whole>.+?)(?P<rest>\s+(?:before|after|by|in|"
    r"since|during|when|until)\b.*)?$",
    re.I,
)


def _base_verb(verb: str) -> str:
    """ "loses" -> "lose", "supplies" -> "supply", "reaches" -> "reach", "has" -> "have"."""
    v = verb.lower()
    if v == "has":
        return "have"
    if v.endswith("ies"):
        return v[:-3] + "y"
    if re.search(r"(?:ch|sh|ss|x|z|o)es$", v):
        return v[:-2]
    return v[:-1]


def amount_of(claim: str) -> str:
    """ "KIWC loses about a fifth of its water before it reaches customers" -> "How much of its
    water does KIWC lose before it reaches customers?": the figure that settles a claim about a
    share; "" when the claim states no share of something."""
    m = _AMOUNT_CLAIM_RE.match(claim.strip().rstrip("?."))
    if not m:
        return ""
    subject = m.group("subject")
    return f"How much of {m.group('whole')} does {subject} {_base_verb(m.group('verb'))}{m.group('rest') or ''}?"


def claim_checked(question: str) -> str:
    """The claim an "Is it true that …?" question asks to check; "" for any other question."""
    m = _CLAIM_CHECK_RE.match(_norm(question).strip().rstrip("?.! "))
    return m.group("claim") if m else ""


def absence_clause(subquestion: str) -> str:
    """The part of "The sources found do not state …" that a sub-question fills: an indirect
    question without a question mark. "Which company supplies NMC cells to Norvik Electric?" ->
    "which company supplies NMC cells to Norvik Electric"; "How many vehicles did Voltara Motors
    deliver in 2025?" -> "how many vehicles Voltara Motors delivered in 2025"; "Does X use Y?" ->
    "whether X uses Y"; "What is the capacity of X?" -> "what the capacity of X is". A second
    clause after a comma is dropped."""
    text = _norm(subquestion).strip().rstrip("?.! ")
    text = re.split(r",\s+(?:and|or|but)\s+|:\s+", text)[0].strip()
    tokens = text.split()
    if not tokens:
        return ""
    first = tokens[0].lower()
    if first in {"compare", "contrast"} and len(tokens) > 1:  # "Compare the fleets of A and B"
        return f"how {' '.join(tokens[1:])} compare"
    ranked = RANK_REQUEST_RE.match(text)
    if ranked:  # "Rank the plants by daily capacity"
        return f"how {ranked.group('things')} rank by {ranked.group('by')}"
    request = REQUEST_RE.match(text)
    if request:  # "Give me the total capacity …": what it asks for, as a noun phrase
        return request.group("rest")
    claim = _CLAIM_CHECK_RE.match(text)
    if claim:  # "Is it true that X loses …": the claim is already a statement
        return f"whether {claim.group('claim')}"
    if first in _AUX:
        return " ".join(["whether"] + _uninvert(first, tokens[1:], yes_no=True))
    # The wh-phrase runs to the first auxiliary; with none, it is the subject ("which company supplies …").
    start = 1 if first in _WH_WORDS else (2 if len(tokens) > 1 and tokens[1].lower() in _WH_WORDS else 0)
    if not start:
        return text[:1].lower() + text[1:] if first in tx.STOPWORDS else text
    out = [tokens[0].lower()] + tokens[1:]
    k = _inverted_aux(tokens, start)
    if not k:
        return " ".join(out)
    return " ".join(out[:k] + _uninvert(tokens[k], tokens[k + 1 :], complement=_asks_complement(tokens, k)))


def _asks_complement(tokens: list[str], k: int) -> bool:
    """ "What is …", "Who was …": the wh-word alone before a form of "to be"."""
    return k == 1 and tokens[0].lower() in {"what", "who", "which"} and tokens[k].lower() in _BE


def _inverted_aux(tokens: list[str], start: int) -> int:
    """Index of the auxiliary that a wh-question puts before its subject ("How many cells can
    X make"), or 0 when the wh-phrase is the subject itself or there is none."""
    for k in range(start, min(len(tokens), start + 8)):
        if tokens[k].lower() in _AUX:
            # "Which maker was the largest": the wh-phrase is the subject and stays in front of
            # its verb; "What is the capacity of X", "Which chemistry will X use": it is not.
            following = tokens[k + 1] if k + 1 < len(tokens) else ""
            subject_question = (
                start == 1
                and tokens[0].lower() in {"which", "what"}
                and k > start
                and tokens[k].lower() not in _DO
                and following[:1].islower()
            )
            return 0 if subject_question else k
    return 0


SUBJECT_MAX_WORDS = 8


def ask_subject(subquestion: str) -> str:
    """The subject a wh-question asks about, as a noun phrase: "How many kilometres of cable can
    Castellan Cables' Moerdijk factory make?" -> "Castellan Cables' Moerdijk factory"; "When was
    Brenning Turbines founded?" -> "Brenning Turbines"; "" when the wh-phrase is the subject
    ("Which company supplies …"), or the subject holds a relative clause or runs long."""
    tokens = _norm(subquestion).strip().rstrip("?.! ").split(",")[0].split()
    start = next((i + 1 for i, t in enumerate(tokens[:2]) if t.lower() in _WH_WORDS), 0)
    k = _inverted_aux(tokens, start) if start else 0
    if not k:
        return ""
    rest = tokens[k + 1 :]
    if tokens[k].lower() in _BE:
        # "What are the penalties for X?": with no participle the subject is the whole ask.
        end = _be_participle(rest, _asks_complement(tokens, k))
    else:
        end = _subject_end(rest)
    subject = rest[:end]
    if not subject or len(subject) > SUBJECT_MAX_WORDS or {"that", "which", "who", "whose"} & set(subject):
        return ""
    return " ".join(subject)


# "How many kilometres …", "What is the annual capacity of …": a question answered by a figure.
_MEASURES = (
    r"amount|capacity|cost|number|output|price|revenue|share|size|total|volume|percent|percentage|proportion|"
    r"minimum|maximum|diameter|length|height|width|weight|speed|depth|area|distance"
)
_AMOUNT_ASK_RE = re.compile(rf"\bhow (?:much|many|large|big|long|far|high|heavy|fast)\b|\b(?:{_MEASURES})s?\b", re.I)
# The measure a question asks for, as its head noun: "the installed capacity of …", "What strike
# price did …", "… cost?"; not a measure word that modifies another ("capacity factor").
_MEASURE_HEAD_RE = re.compile(
    rf"\b(?P<measure>{_MEASURES})s?(?:\s+(?:of|for|at|in|did|does|do|will|would|is|was|are|were|has|have|had)\b|\s*\??$)",
    re.I,
)


def measure_asked(question: str) -> str:
    """The measure a figure question asks for, lower-cased ("capacity" of "What is the installed
    capacity of the Skarvholm wind farm?"); "" when it names none as its head."""
    m = _MEASURE_HEAD_RE.search(question.strip())
    return m.group("measure").lower() if m else ""


def asks_amount(question: str) -> bool:
    """The question is answered by a figure (an amount, a capacity, a count)."""
    return bool(_AMOUNT_ASK_RE.search(question))


# "Which of the five largest electric car makers use LFP cells, and from which suppliers?": the
# set, its plural verb, and a second ask of each member that holds the filter.
_EACH_MEMBER_RE = re.compile(
    r"^\s*which\s+of\s+(?:the|its|their)\s+(?P<set>[^,?]+?\b[a-z][\w-]*s)\s+"
    r"(?!(?:of|in|on|at|for|from|by|with|to|that|which|who)\b)(?P<verb>[a-z]+)\b[^?]*?,?\s+and\s+"
    r"(?:(?:from|to|by|with|for|in|at|of)\s+)?(?:(?:which|what)\s+(?P<noun>[a-z][\w-]*)|whom|who|where)\b",
    re.I,
)
_SINGULAR_VERBS = frozenset({"has", "is", "was", "does"})


def asks_each_member(question: str) -> bool:
    """The question picks the members of a set that hold something and asks a second thing of
    each ("Which of the five largest makers use LFP cells, and from which suppliers?"): its answer
    is a row per member, as a comparison's is. One member asked for ("… has signed …, and with
    whom?"), or a figure of each ("…, and what share?", "…, and how much?"), is not."""
    m = _EACH_MEMBER_RE.search(_norm(question))
    if not m:
        return False
    if m.group("noun") and re.fullmatch(rf"(?:{_MEASURES})s?", m.group("noun"), re.I):
        return False  # "…, and what share?": a figure of each, not a name the table can show
    verb = m.group("verb").lower()
    words = set(m.group("set").lower().split())
    singular = verb in _SINGULAR_VERBS or (verb.endswith("s") and not verb.endswith("ss"))
    return not singular and not (words & _SINGULAR_VERBS)
