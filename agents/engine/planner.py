"""Offline planner: splits a question by its structure (agents/engine/question.py) into
sub-questions about its parts, each tied to an outline section, never repeating the question.

- A multi-hop question becomes a chain: one sub-question per thing the question names only by
  description, innermost first ("Which electric car maker was the largest in 2025?", then
  "Which company supplies LFP cells to the largest electric car maker of 2025?"), each marked
  with its hop; then the question's own ask about the last of them. Round two asks the hops
  again with the names round one found (agents/engine/gap.py renders the same chain with them).
- Other shapes get sub-questions about their parts: the thing asked, as its source states it;
  the same thing in an earlier period; the things the question names; and, for comparisons,
  each side.
- A vague question gets a plan that says what it was narrowed to (`scope`).

Every sub-question is checked against the question with the same rule the plan validation
applies to hosted models (agents/questions.py): one that would quote the question back is
phrased another way or left out.
"""

from __future__ import annotations

import datetime
import re

from agents import composition
from agents import questions as qtext
from agents import text as tx
from agents.engine import question as qshape

_PRONOUN_RE = re.compile(r"\b(they|them)\b", re.I)
_EARLIER_QUESTION_RE = re.compile(r"^Earlier question: (.+)$", re.M)
_KEY_RE = re.compile(r"\{(U\d+)\}")
MAX_HOP = 3


def resolve_references(question: str, earlier_report: str) -> str:
    """A follow-up's "they"/"them" stand for the earlier question's subject ("What recycling
    plants do they operate?" after a question about the five largest car makers)."""
    m = _EARLIER_QUESTION_RE.search(earlier_report or "")
    if not m:
        return question
    subject = qshape.parse(m.group(1).strip()).subject
    return _PRONOUN_RE.sub(subject, question) if subject else question


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _low(text: str) -> str:
    first = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if first.lower() in tx.STOPWORDS | {"in", "how"} else text


_IMPERATIVE_RE = re.compile(r"^(?:describe|explain|list|name|compare|give|show|find|rank|identify)\b", re.I)


def _q(text: str) -> str:
    """A sub-question as a sentence: capitalised, one final "?" (or "." for a request)."""
    body = _cap(re.sub(r"\s+", " ", text).strip().rstrip("?.! "))
    return body + ("." if _IMPERATIVE_RE.match(body) else "?")


def _this_year() -> int:
    return datetime.date.today().year


# -- the chain --------------------------------------------------------------------------------


def hop_numbers(shape: qshape.QuestionShape) -> dict[str, int]:
    """Each unknown's hop: 1 when it depends on nothing, else one more than what it depends on
    (capped at MAX_HOP: a longer chain's later links are carried by the workers' own query
    rewriting within a round)."""
    hops: dict[str, int] = {}
    for u in shape.chain:
        hops[u.key] = min(MAX_HOP, 1 + max((hops.get(d, 0) for d in u.depends), default=0))
    return hops


def ask_hop(shape: qshape.QuestionShape, template: str) -> int:
    hops = hop_numbers(shape)
    return min(MAX_HOP, 1 + max((hops.get(k, 0) for k in _KEY_RE.findall(template)), default=0))


def _unknown(shape: qshape.QuestionShape, key: str) -> qshape.Unknown:
    return next(u for u in shape.chain if u.key == key)


def _possessives_out(template: str, known: dict[str, str]) -> str:
    """ "{U2}'s largest plant" -> "the largest plant of {U2}" while U2 is unknown (a description
    does not take 's)."""

    def sub(m):
        key = m.group(1)
        if key in known:
            return m.group(0)
        tokens = qshape._tokens(m.group(2))
        end = qshape._np_end(tokens, 0)
        return f"the {qshape._join(tokens[:end])} of {{{key}}}" + (
            " " + qshape._join(tokens[end:]) if tokens[end:] else ""
        )

    return re.sub(r"\{(U\d+)\}(?:'s|’s)\s+(.+)$", sub, template)


def render(shape: qshape.QuestionShape, template: str, known: dict[str, str], mode: str = "phrase") -> str:
    """`template` with each {Uk} written out: the name found for it when known, else its
    description ("phrase"), a shorter name for it ("compact") or its class ("class": "each LFP
    cell supplier")."""
    template = _possessives_out(template, known)
    template = _agreeing(shape, template, known)

    def sub(m):
        key = m.group(1)
        u = _unknown(shape, key)
        if key in known:
            return f"in {known[key]}" if u.kind == "when" else known[key]
        if mode == "class" and u.member and not u.plural:
            text = f"each {u.member}"
        elif mode in {"compact", "class"} and u.compact:
            text = u.compact
        else:
            text = u.phrase
        return render(shape, text, known, mode)

    return _KEY_RE.sub(sub, template)


_SINGULAR_AUX = {"do": "does", "have": "has", "are": "is", "were": "was"}


def _agreeing(shape: qshape.QuestionShape, template: str, known: dict[str, str]) -> str:
    """A plural unknown found to be one name takes a singular auxiliary: "from which suppliers do
    {U2} use LFP cells" with U2 known as Voltara Motors -> "… does {U2} use …"."""
    for key, name in known.items():
        if not _unknown(shape, key).plural or re.search(r",| and ", name):
            continue

        def singular(m: re.Match) -> str:
            aux = _SINGULAR_AUX[m.group(1).lower()]
            return (aux.capitalize() if m.group(1)[0].isupper() else aux) + m.group(2)

        template = re.sub(rf"\b(do|have|are|were)(\s+\{{{key}\}})", singular, template, flags=re.I)
    return template


def classable(shape: qshape.QuestionShape, template: str, known: dict[str, str]) -> bool:
    """True when every unknown `template` names (directly) has a class to sweep ("each LFP cell
    supplier"), each its own; "each bacterium" says nothing about which bacterium."""
    keys = [k for k in _KEY_RE.findall(template) if k not in known]
    members = [_unknown(shape, k).member for k in keys]
    # Two unknowns of one class ("both the largest and the fourth-largest maker") would both read
    # "each electric car maker".
    return (
        bool(keys)
        and all(m and not _unknown(shape, k).plural for k, m in zip(keys, members))
        and len(set(members)) == len(members)
    )


def first_fit(
    shape: qshape.QuestionShape,
    template: str,
    known: dict[str, str],
    question: str,
    modes: tuple[str, ...] = ("phrase", "compact", "class"),
) -> str:
    """The first rendering of `template` that does not quote the question back; "" when none."""
    return next(iter(fits(shape, template, known, question, modes)), "")


def fits(
    shape: qshape.QuestionShape,
    template: str,
    known: dict[str, str],
    question: str,
    modes: tuple[str, ...] = ("phrase", "compact", "class"),
) -> list[str]:
    """Every distinct rendering of `template` that does not quote the question back, in the
    order of `modes`."""
    out = []
    for mode in modes:
        if mode == "class" and not classable(shape, template, known):
            continue
        text = _q(render(shape, template, known, mode))
        if not qtext.echoes(text, question) and text not in out:
            out.append(text)
    return out


def _with_pronoun(shape: qshape.QuestionShape, template: str, key: str) -> str:
    """`template` with {key} as a pronoun: "the largest plant of {U2}" -> "its largest plant",
    "{U2}'s plant" -> "its plant", a time -> "then", else "it"."""
    u = _unknown(shape, key)
    if u.kind == "when":
        return re.sub(r"\s*\{" + key + r"\}", " then", template)
    if u.plural:
        tail = re.sub(r"\{" + key + r"\}(?:'s|’s|')", "their", template)
        tail = re.sub(r"\b(of|to|for|from|by|with|among)\s+\{" + key + r"\}", r"\1 them", tail)
        return re.sub(r"\{" + key + r"\}", "they", tail)
    tail = re.sub(r"\bthe\s+((?:[\w\-]+\s+){0,3}?[\w\-]+)\s+of\s+\{" + key + r"\}", r"its \1", template)
    tail = re.sub(r"\{" + key + r"\}(?:'s|’s)", "its", tail)
    return re.sub(r"\{" + key + r"\}", "it", tail)


def _merged(shape: qshape.QuestionShape, base: str, template: str, key: str, known: dict, question: str) -> str:
    """ "Which bacterium causes most stomach ulcers?" + "Who discovered {U1}" -> "Which bacterium
    causes most stomach ulcers, and who discovered it?": when a later link cannot be asked on its
    own without repeating the question, the worker that finds `key` goes on to it in the same
    loop (its query rewriting uses the name its notes found)."""
    tail = _with_pronoun(shape, template, key)
    text = _q(f"{base.rstrip('?.')}, and {_low(render(shape, tail, known, 'compact'))}")
    return "" if qtext.echoes(text, question) else text


def chain_subquestions(shape: qshape.QuestionShape, question: str, known: dict[str, str] | None = None) -> list[dict]:
    """The chain's sub-questions with what is known so far: one per unknown not yet known (its
    finder) and the question's own asks; each {text, hop, key} (key: the unknown it finds, ""
    for an ask). A link that cannot be asked without quoting the question rides on the
    sub-question of the link it depends on."""
    known = known or {}
    hops = hop_numbers(shape)
    out: list[dict] = []
    carrier: dict[str, dict] = {}  # unknown -> the sub-question that finds it

    def place(template: str, hop: int, key: str) -> None:
        texts = fits(shape, template, known, question)
        if texts:
            # the shorter renderings, for a plan that already asks what the first one repeats
            item = {"text": texts[0], "hop": hop, "key": key} | ({"alternatives": texts[1:]} if texts[1:] else {})
            out.append(item)
            if key:
                carrier[key] = item
            return
        deps = [k for k in _KEY_RE.findall(template) if k not in known and k in carrier]
        if deps:
            item = carrier[deps[-1]]
            merged = _merged(shape, item["text"], template, deps[-1], known, question)
            if not merged:
                return
            if item.get("merged"):
                item["text"] = merged  # one sub-question carries the rest of the chain
            else:
                item = {"text": merged, "hop": item["hop"], "key": key or item["key"], "merged": True}
                out.append(item)
            if key:
                carrier[key] = item

    for u in shape.chain:
        if u.key not in known:
            place(u.finder, hops[u.key], u.key)
    for ask in shape.asks:
        place(ask, ask_hop(shape, ask) if _KEY_RE.search(ask) else 1, "")
    return out


# -- rephrasing the question's own ask --------------------------------------------------------------

_COUNT_RE = re.compile(
    r"^how (?P<many>many|much)\s+(?P<thing>.+?)\s+(?P<aux>do|does|did)\s+(?P<subj>.+?)\s+"
    r"(?P<verb>(?-i:[a-z]+))\b(?P<rest>.*)$",
    re.I,
)


def passive_count(ask: str) -> str:
    """ "How many vehicles did Voltara Motors deliver in 2025" -> "How many vehicles were
    delivered by Voltara Motors in 2025"; "" when the ask has another shape."""
    m = _COUNT_RE.match(ask.rstrip("?"))
    if not m or m.group("verb") in {"have", "be", "do"}:
        return ""
    be = "were" if m.group("aux").lower() == "did" else "are"
    if m.group("many").lower() == "much":
        be = "was" if be == "were" else "is"
    participle = qtext.past_tense(m.group("verb"))
    return f"How {m.group('many')} {m.group('thing')} {be} {participle} by {m.group('subj')}{m.group('rest')}"


def according_to(ask: str, entity: str) -> str:
    """ "What is the annual capacity of Sunmark Energy's plant in Ostrava" -> "According to
    Sunmark Energy itself, what is the annual capacity of its plant in Ostrava": the source
    the question is about, first."""
    if not entity or entity not in ask or ask.lower().startswith("according to"):
        return ""
    body = ask.rstrip("?")
    body = re.sub(r"\bthe\s+" + re.escape(entity) + r"\s+(?=[a-z])", "its ", body, count=1)
    body = re.sub(re.escape(entity) + r"(?:'s|’s|')", "its", body, count=1)
    body = re.sub(r"\b" + re.escape(entity) + r"\b", "it", body, count=1)
    return f"According to {entity} itself, {_low(body)}"


_WH_NOUN_RE = re.compile(
    r"^(?:which|what)\s+(?:company|companies|firm|firms|person|people|organisation|organization|"
    r"group|supplier|suppliers|maker|makers|manufacturer|manufacturers)\b",
    re.I,
)
_TRAILING_PP_RE = re.compile(r"^(?P<main>.+?)\s+(?P<pp>(?:at|in|for|on|from|to|by|during|since)\s+[^,]+)$")
_PLACE_PP_RE = re.compile(
    r"(?<!['\u2019])\b(?P<np>(?:(?!(?:the|of|its|their|a|an)\s)[a-z\-]+\s+){0,2}(?!(?:the|of|its|their|a|an)\s)[a-z\-]+)"
    r"\s+(?:in|at)\s+(?P<place>[A-Z][\w\-]+(?:\s+[A-Z][\w\-]+)*)"
    r"(?!['\u2019\w]|\s+[A-Z])"  # the whole name, and not an owner ("at Westmark Offshore's newest farm")
)


def place_first(ask: str) -> str:
    """ "cathode plant in Nysa" -> "Nysa cathode plant": the same thing in fewer of the
    question's words in a row."""
    return _PLACE_PP_RE.sub(lambda m: f"{m.group('place')} {m.group('np')}", ask, count=1)


def rephrasings(ask: str, entity: str) -> list[str]:
    """Ways to ask `ask` that lead with its source or move its parts, in order of preference:
    the named source itself ("According to X itself, …"), the same with "who" for "which
    company", the passive of a count ("how many vehicles were delivered by X"), the last
    prepositional phrase first ("At X's Ostrava plant, who supplies …")."""
    out = [according_to(ask, entity)]
    m = re.match(r"^what (?P<be>is|are|was|were) the\s+(?P<attr>.+?)\s+of\s+(?P<thing>.+)$", ask.rstrip("?"), re.I)
    if m:
        # "What is the A of X" -> "What A does X have": the same ask in fewer of its words in a row.
        aux = {"is": "does", "are": "do", "was": "did", "were": "did"}[m.group("be").lower()]
        have = f"What {m.group('attr')} {aux} {m.group('thing')} have"
        out.append(according_to(have, entity))
        out.append(have)
    if _WH_NOUN_RE.match(ask):
        out.append(according_to(_WH_NOUN_RE.sub("Who", ask), entity))
    out.append(passive_count(ask))
    # "the turbines of the Skarvholm wind farm" -> "the Skarvholm wind farm's turbines"
    owned = re.sub(
        r"\bthe\s+((?:[a-z\-]+\s+){0,2}[a-z\-]+)\s+of\s+(the\s+[A-Z][\w\-]*(?:\s+[\w\-]+){0,3})$",
        lambda m: f"{m.group(2)}'s {m.group(1)}",
        ask.rstrip("?"),
    )
    if owned != ask.rstrip("?"):
        out.append(_WH_NOUN_RE.sub("Who", owned) if _WH_NOUN_RE.match(owned) else owned)
    m = _TRAILING_PP_RE.match(ask.rstrip("?"))
    if m and len(m.group("pp").split()) >= 2:
        main = _WH_NOUN_RE.sub("who", m.group("main")) if _WH_NOUN_RE.match(m.group("main")) else m.group("main")
        out.append(f"{_cap(m.group('pp'))}, {_low(main)}")
    return [r for r in out if r]


def siblings(ask: str, entity: str) -> str:
    """ "What is the annual capacity of Sunmark Energy's plant in Ostrava" -> "What is the annual
    capacity of the other plants of Sunmark Energy?": the same attribute of the entity's other
    members, which places the answer among them (and catches a figure given for the wrong one)."""
    if not entity:
        return ""
    end = r"(?=\s+(?:in|at|of|for|on|from|to|by)\b|\s*\??$)"
    m = re.search(
        re.escape(entity) + r"(?:'s|’s|')\s+(?P<mods>(?:[a-z\-]+\s+){0,2})(?P<noun>[a-z\-]+)" + end, ask
    ) or re.search(r"\bthe\s+" + re.escape(entity) + r"\s+(?P<mods>(?:[a-z\-]+\s+){0,2})(?P<noun>[a-z\-]+)" + end, ask)
    attr = re.match(r"^what (?:is|are|was|were) the\s+(?P<attr>.+?)\s+of\s+", ask, re.I)
    if m and re.search(r"\b(?:[a-z]+est|first|last|only|main)\b", m.group("mods") or ""):
        return ""  # "its newest wind farm" has no others of its kind
    if not m:
        # "… used at Sunmark Energy's Ostrava plant" -> "… used at the other plants of Sunmark Energy"
        named = re.search(
            # one noun only: in "X's Moerdijk factory make in a year" a second word is a verb
            re.escape(entity) + r"(?:'s|’s|')\s+(?:[A-Z][\w\-]+\s+)(?P<mods>)(?P<noun>[a-z\-]+)" + end,
            ask,
        )
        if not named:
            return ""
        other = f"the other {named.group('mods') or ''}{qshape.plural(named.group('noun'))} of {entity}"
        return f"{ask[: named.start()]}{other}{ask[named.end() :]}"
    if not attr:
        return ""
    # "What is the annual capacity of X's plant" -> "What annual capacity do the other plants of X have?"
    return f"What {attr.group('attr')} do the other {(m.group('mods') or '')}{qshape.plural(m.group('noun'))} of {entity} have"


_LIST_RE = re.compile(r"\b(?P<items>(?:[\w\-]+(?:\s+[\w\-]+)?,\s+)+[\w\-]+(?:\s+[\w\-]+)?,?\s+(?:and|or)\s+[\w\-]+)\b")


def split_list(ask: str) -> list[str]:
    """ "… recycled cobalt, lithium and nickel must …" -> one ask per item: the parts of a
    question that names several things in one breath."""
    m = _LIST_RE.search(ask)
    if not m:
        return []
    items = [i.strip() for i in re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", m.group("items")) if i.strip()]
    if not 2 <= len(items) <= 5 or any(len(i.split()) > 2 for i in items):
        return []
    # "recycled cobalt, lithium and nickel": a modifier of the first item belongs to all.
    first = items[0].split()
    shared = first[:-1]
    items = [items[0]] + [" ".join(shared + [i]) if shared and len(i.split()) == 1 else i for i in items[1:]]
    return [ask[: m.start()] + item + ask[m.end() :] for item in items]


def possessive_np(focus: str, subject: str) -> str:
    """ "side effects" of "metformin" -> "metformin's side effects"."""
    subject = re.sub(r"^(?:the|a|an)\s+", "", subject, flags=re.I) if not subject[:1].isupper() else subject
    owner = subject + ("'" if subject.endswith("s") else "'s")
    focus = re.sub(r"^(?:the|a|an)\s+", "", focus, flags=re.I)
    return f"{owner} {focus}".strip()


def _years(text: str) -> list[int]:
    return sorted(int(y) for y in re.findall(r"\b(?:19|20)\d\d\b", text))


def _earlier(ask: str, years: list[int]) -> str:
    """The ask about the year before its first year ("… in 2025" -> "… in 2024"), or ""."""
    if not years:
        return ""
    first = years[0]
    return re.sub(rf"\b{first}\b", str(first - 1), ask, count=1)


def _entities(shape: qshape.QuestionShape) -> list[str]:
    """Names the question mentions (more than one word, or inside the sentence), longest first
    when one contains another."""
    # "Castellan Cables' Moerdijk factory": the owner and the thing it owns are two names
    parts = [p for e in shape.entities for p in re.split(r"(?<=s)'\s+(?=[A-Z])|['\u2019]s\s+(?=[A-Z])", e)]
    names = [e for e in parts if e.lower() not in {"which", "what", "who", "how", "in", "compare", "is", "does"}]
    return [n for n in dict.fromkeys(names) if not any(n != m and n in m for m in names)]


# -- plans by shape -----------------------------------------------------------------------------


class _Plan:
    def __init__(self, question: str):
        self.question = question
        self.outline: list[tuple[str, str]] = []
        self.sqs: list[dict] = []
        self.scope = ""

    def section(self, heading: str, purpose: str) -> str:
        if heading not in [h for h, _ in self.outline]:
            self.outline.append((heading, purpose))
        return heading

    def add(self, text: str, section: str, hop: int = 0) -> bool:
        if not text:
            return False
        text = _q(text)
        if qtext.echoes(text, self.question) or qtext.generic_frame(text, self.question):
            return False
        from agents.planner import overlapping_pairs

        if any(p[1] == len(self.sqs) for p in overlapping_pairs([s["text"] for s in self.sqs] + [text], self.question)):
            return False
        self.sqs.append({"text": text, "section": section, "hop": hop})
        return True


def _identity(p: _Plan, names: list[str], section: str) -> None:
    # "How many GWh of cells …": a unit is no thing to identify ("What is GWh, and what does GWh do?")
    for name in [n for n in names if not composition.is_unit_word(n)][:2]:
        p.add(f"What is {name}, and what does {name} do?", section)


def _actors(shape: qshape.QuestionShape) -> list[str]:
    """Names that act in the question (a company, a product), not places or events it is set
    in: a name that heads a phrase after "the", "in" or "at" ("in Europe", "the Bastille") is
    left out; "the Helion Cells plant" keeps Helion Cells (it modifies "plant")."""
    out = []
    for name in _entities(shape):
        m = re.search(r"([\w'’]+)\s+" + re.escape(name) + r"(?P<after>(?:'s|’s|')?\s*[\w,?]*)", shape.text)
        before = m.group(1).lower() if m else ""
        after = (m.group("after") or "").strip() if m else ""
        modifies = bool(re.match(r"^(?:'s|’s|')", after)) or (
            bool(re.match(r"^[a-z]", after)) and len(name.split()) > 1
        )
        # "at Sunmark Energy's Ostrava plant": a name that owns the thing acts, after "at" too
        if before in {"in", "at", "across", "throughout", "the"} and not modifies:
            continue
        if (
            len(name.split()) == 1
            and re.match(r"^[a-z]", after)
            and not re.match(r"^(?:'s|’s|')", after)
            and before.endswith(("'s", "’s", "'"))
        ):
            continue  # "Sunmark Energy's Ostrava plant": a place naming the plant
        out.append(name)
    return out


def _chain_plan(p: _Plan, shape: qshape.QuestionShape) -> None:
    answer_clause = qtext.absence_clause(render(shape, shape.asks[0], {}, "compact")) if shape.asks else ""
    answer = p.section("Answer", f"The direct answer: {answer_clause}." if answer_clause else "The direct answer.")
    links = p.section(
        "How the answer was found",
        "Each link of the chain: "
        + "; ".join(qtext.absence_clause(render(shape, u.finder, {}, "compact")) for u in shape.chain)
        + ".",
    )
    for sq in chain_subquestions(shape, p.question):
        section = answer if not sq["key"] else links
        any(p.add(text, section, sq["hop"]) for text in [sq["text"], *sq.get("alternatives", [])])
    for u in shape.chain:
        if u.kind == "rank" and not u.depends:
            # "the largest offshore wind farm in Europe" -> "List the largest offshore wind farms in Europe."
            words = u.phrase.split()[1:]
            head_at = next((i for i in range(len(words)) if " ".join(words[i:]).startswith(u.head)), 0)
            rank_words = [
                re.sub(r"^(?:" + "|".join(qshape.ORDINALS) + r")[\s-]+", "", w)
                for w in words[:head_at]
                if w.lower() not in qshape.ORDINALS
            ]
            scope = " ".join(words[head_at + len(u.head.split()) :])
            scope = re.sub(r"^of\s+(?=(?:19|20)\d\d$)", "in ", scope)
            if rank_words:
                # The whole ranking, not only its top: which place each holds, with the figure
                # that ranks them (one maker's own "we were the largest" is not a ranking).
                listed = " ".join(x for x in (f"List the {u.class_np}", scope) if x)
                p.add(
                    f"{listed}, {' '.join(rank_words)} first",
                    links,
                    hop_numbers(shape)[u.key],
                )
    # Guesses that need no earlier answer: the ask about the whole class of the last unknown
    # ("In which country is the largest plant of each LFP cell supplier?"), so round one already
    # holds the answer for whichever member the chain names.
    hops = hop_numbers(shape)
    for ask in shape.asks:
        if _KEY_RE.search(ask) and classable(shape, ask, {}):
            p.add(_q(render(shape, ask, {}, "class")), answer, ask_hop(shape, ask))
    for u in shape.chain:
        if u.depends and classable(shape, u.finder, {}):
            p.add(_q(render(shape, u.finder, {}, "class")), links, hops[u.key])
    context = p.section("Context", "What the things the question names are, and how they relate.")
    _identity(p, _actors(shape), context)
    for u in shape.chain:
        if len(p.sqs) >= 4:
            break
        m = re.match(r"^the\s+.+?\s+(?:that|which|who)\s+(?P<clause>(?-i:[a-z]+s)\b.+)$", u.phrase)
        if u.kind in {"relative", "answer_of"} and m and not _KEY_RE.search(m.group("clause")):
            # "the bacterium that causes most stomach ulcers" -> "What causes most stomach ulcers?"
            p.add(f"What {m.group('clause')}?", links, hops[u.key])


_DETERMINERS = frozenset("the a an its their his her this that these those each every".split())


def _aux_parts(ask: str, auxiliaries: str) -> tuple[str, str, str, str] | None:
    """ "how many vehicles did X deliver in 2025" -> ("how many vehicles", "X", "deliver",
    " in 2025"); a question about its own subject ("which company will supply X") -> ("which
    company", "", "supply", " X"). The verb is the clause's last word before its first
    preposition. None when the ask has none of `auxiliaries` or no such verb."""
    m = re.match(rf"^(?P<wh>.+?)\s+(?:{auxiliaries})\s+(?P<clause>.+)$", ask.rstrip("?"))
    if not m:
        return None
    wh, clause = m.group("wh"), m.group("clause")
    first = clause.split()[0]
    if re.fullmatch(r"(?-i:[a-z]+)", first) and first not in _DETERMINERS:
        return wh, "", first, clause[len(first) :]  # "which company will supply …": asks who
    pp = re.search(r"\s(?:in|to|from|for|by|on|at|during|since|per|than|with)\s", clause)
    main, rest = (clause[: pp.start()], clause[pp.start() :]) if pp else (clause, "")
    subject, _, verb = main.rpartition(" ")
    if not subject or not re.fullmatch(r"(?-i:[a-z]+)", verb):
        return None
    return wh, subject, verb, rest


def _expected_form(parts: tuple[str, str, str, str]) -> str:
    wh, subject, verb, rest = parts
    return f"{wh} was expected to {verb}{rest}" if not subject else f"{wh} was {subject} expected to {verb}{rest}"


def _past(ask: str) -> str:
    """The ask in the past tense ("what is" -> "what was", "does X employ" -> "did X employ",
    "how much will X cost" -> "how much was X expected to cost"), or "" when it has no
    auxiliary to change."""
    body = ask.rstrip("?")
    parts = _aux_parts(body, "will")
    if parts:
        return _expected_form(parts)
    if re.search(r"\bwill\b", body):
        return ""
    for pattern, repl in ((r"\b(is)\b", "was"), (r"\b(are)\b", "were"), (r"\b(does|do)\b", "did")):
        new = re.sub(pattern, repl, body, count=1)
        if new != body:
            return new
    return ""


def _fact_plan(p: _Plan, shape: qshape.QuestionShape, deep: bool) -> None:
    ask = shape.asks[0] if shape.asks else shape.text
    actors = _actors(shape)
    main = actors[0] if actors else ""  # "According to X itself" only for a name that can speak
    clause = qtext.absence_clause(ask)
    answer = p.section("Answer", f"The direct answer: {clause}, with figures and dates.")
    context = p.section("Context", f"What {', '.join(actors[:2]) or 'the subject'} is and how the answer compares.")
    changes = p.section(
        "Earlier figures and disagreements", "Earlier values, and where sources give different ones, with dates."
    )
    for part in shape.asks:
        pieces = split_list(part)
        if pieces:
            for piece in pieces:
                p.add(piece, answer, 1)
            continue
        # each part led by the name it asks about ("…, and why did Corrievale Renewables change
        # supplier?" is Corrievale Renewables' to answer), and asked as written when nothing fits
        own = next((a for a in actors if a in part), main)
        for option in rephrasings(part, own) + [part]:
            if p.add(option, answer, 1):
                break
    years = _years(ask)
    earlier = ""
    if years:
        for option in [passive_count(ask) or ask] + rephrasings(ask, main) + [place_first(ask)]:
            earlier = _earlier(option, years)
            if earlier and p.add(earlier, changes):
                break
            earlier = ""
    p.add(siblings(ask, main), context)
    _identity(p, actors, context)
    if len(actors) > 1:
        for option in rephrasings(ask, actors[1])[:1]:
            p.add(option, changes, 1)
    if not years:
        for option in [ask] + rephrasings(ask, main):
            was = _past(place_first(option))
            if was and p.add(f"{was} before {_this_year() - 1}", changes):
                break
    if earlier and len(p.sqs) < 4:
        p.add(_earlier(earlier, [years[0] - 1]), changes)  # two years back: a trend, and which figure is current


def _list_plan(p: _Plan, shape: qshape.QuestionShape, deep: bool) -> None:
    focus, subject = shape.focus or "items", shape.subject
    answer = p.section(
        _cap(f"{focus} of {subject}")[:120], f"Which {focus} {subject} has, each with what the sources say."
    )
    detail = p.section("Details of each", f"For each of the {focus}: figures, dates and roles.")
    context = p.section("Context and changes", f"What {subject} is, and how its {focus} changed.")
    simple_subject = not re.search(r"\s(?:of|in|for|under|at|by|with|on)\s", subject)
    ask = shape.asks[0] if shape.asks else shape.text
    names = _actors(shape)
    if simple_subject:
        owned = possessive_np(focus, subject)
        p.add(f"List {owned}", answer, 1) or p.add(f"Which are {owned}?", answer, 1)
        p.add(f"For each of {owned}, give the figures", detail, 2)
        if names and names[0] in owned:
            p.add(according_to(f"what are {owned}", names[0]), answer, 1)
    else:
        for option in rephrasings(ask, names[0] if names else ""):
            if p.add(option, answer, 1):
                break
        p.add(f"For each of the {focus}, give the figures", detail, 1)
    years = _years(shape.text)
    before = years[0] if years else _this_year() - 1
    p.add(
        f"Which {focus} did {subject} have before {before}?" if simple_subject else f"Before {before}, {_low(ask)}",
        context,
    )
    _identity(p, names, context)


def _focused_compare_plan(p: _Plan, shape: qshape.QuestionShape, focus: str, deep: bool) -> None:
    """A comparison of one thing of named things ("Compare the turbine suppliers of the offshore
    wind farms of A and B", "… of A, B and C"): that thing for each, then side by side."""
    names = list(shape.compared)
    a, b = ", ".join(names[:-1]), names[-1]  # "A, B" and "C": how the sentences list them
    topic = re.sub(r"^the\s+", "", re.split(r"\s+of\b", focus.strip())[0]).strip()
    head = topic.split()[-1].lower()
    many = head != qshape.singular(head)
    answer = p.section(
        _cap(f"{topic} of {a} and {b} compared"), f"The {topic} of {a} and of {b}, side by side, and what they share."
    )
    each = p.section(_cap(f"{topic} of each"), f"The {topic} of {a}, and of {b}, with figures and dates.")
    context = p.section("Context", f"What {a} and {b} are, and where sources disagree.")
    for name in names:
        p.add(f"What {'are' if many else 'is'} {focus} {name}?", each, 1)
    if many:
        p.add(f"Which {topic} do {a} and {b} have in common, and which only one of them?", answer, 2)
    else:
        p.add(f"How does the {topic} of {a} compare with that of {b}?", answer, 2)
    _identity(p, names, context)
    if deep:
        p.add(f"How have {focus} {a} and {b} changed recently?", context, 2)


def _compare_plan(p: _Plan, shape: qshape.QuestionShape, deep: bool) -> None:
    lead = re.match(
        r"^(?:compare|contrast)\s+(?P<focus>.+?\s+of)\s+" + re.escape(shape.compared[0]) + r"\b", shape.text, re.I
    )
    if lead:
        _focused_compare_plan(p, shape, lead.group("focus"), deep)
        return
    a, b = ", ".join(shape.compared[:-1]), shape.compared[-1]
    rest = re.split(r"\b(?:" + re.escape(b) + r")\b", shape.text, maxsplit=1)
    ctx = rest[1].strip(" ?.") if len(rest) > 1 else ""
    ctx = re.sub(r"^(?:for|in|on|when|as|at)\s+", lambda m: m.group(0), ctx)
    answer = p.section(f"{a} and {b} compared", f"How {a} and {b} differ{(' ' + ctx) if ctx else ''}, side by side.")
    each = p.section(f"{a} and {b} each", f"What each of {a} and {b} offers{(' ' + ctx) if ctx else ''}.")
    context = p.section("Evidence and disagreements", "Measurements, their dates, and where sources disagree.")
    for name in shape.compared:
        p.add(f"Describe {name} {ctx}".strip(), each, 1)
    p.add(f"{_cap(ctx)}, how do {b} and {a} compare?" if ctx else f"How do {b} and {a} compare?", answer, 2)
    years = _years(shape.text)
    p.add(f"How did {a} and {b} compare before {years[0] if years else _this_year() - 1}?", context)
    if deep:
        p.add(f"When should {b} be chosen over {a}{(' ' + ctx) if ctx else ''}?", answer, 2)


def _set_plan(p: _Plan, shape: qshape.QuestionShape, deep: bool) -> None:
    """A focus of a set that must be found first ("the battery suppliers of the five largest
    electric car makers"): the set, the focus for each member, the comparison, the changes."""
    focus = shape.focus
    rank = next((u for u in shape.chain if u.kind == "rank"), None)
    set_name = rank.head if rank else qshape.singular_subject(shape)
    short = re.sub(r"^(?:the\s+)?", "the ", shape.subject)
    words = short.split()
    # "the five largest electric car makers" -> "the five largest makers": the set without its modifiers.
    compact = " ".join(words[:-1][:3] + [words[-1]]) if len(words) > 4 else short
    overview = p.section("Overview", f"Who {shape.subject} are, and the figures that rank them.")
    by_member = p.section(
        _cap(f"{focus} by {qshape.singular_np(set_name.split()[-1])}"),
        f"Which {focus} each of {compact} relies on, with volumes and dates.",
    )
    compare = p.section(_cap(f"how the {focus} compare"), f"How the {focus} differ in technology, capacity and scale.")
    changes = p.section("Changes and disputed figures", "What changed, and where sources disagree.")
    if rank:
        p.add(rank.finder, overview, 1)
    p.add(f"Who are the {focus} of each of {compact}?", by_member, 2)
    owner = compact + "'"
    if shape.kind == "trend" or shape.time:
        years = _years(shape.text)
        p.add(f"Which {focus} did {compact} have in {years[0] if years else _this_year() - 2}?", changes, 2)
        p.add(f"Which changes to {owner} {focus} were there {shape.time or 'recently'}?", compare, 2)
    else:
        p.add(f"How do {owner} {focus} compare?", compare, 2)
        p.add(f"Which changes to {owner} {focus} were made or announced since {_this_year() - 2}?", changes)
    if deep:
        p.add(f"Which of the {focus} serve more than one of {compact}?", compare, 2)


def _explain_plan(p: _Plan, shape: qshape.QuestionShape, deep: bool) -> None:
    ask = shape.asks[0] if shape.asks else shape.text
    topic = shape.subject
    kind = shape.kind
    clause = qtext.absence_clause(ask)
    answer = p.section("Answer", f"The direct answer: {clause}.")
    evidence = p.section("Evidence", "What the sources establish, with dates and figures.")
    context = p.section("Context and disagreements", "Background, and where sources disagree.")
    years = _years(shape.text)
    if kind == "cause":
        event = re.sub(r"^(?:why|what caused|what causes|what led to)\s+", "", clause)
        p.add(f"Explain {clause}", answer, 1)
        p.add(f"What happened before {event}?", evidence, 1)
        p.add(f"Who disagrees on {clause}?", context)
    elif kind == "trend":
        base = re.sub(
            r"\s+(?:changed?|evolved?|grown|developed|shifted|moved|risen|fallen)\b.*$",
            "",
            re.sub(r"^how (?:has|have|did)\s+", "", ask, flags=re.I),
            flags=re.I,
        )
        start = years[0] if years else _this_year() - 3
        p.add(f"What was {base} in {start}?", evidence, 1)
        p.add(f"Which changes to {base} were there after {start}?", answer, 1)
        p.add(f"Why did {base} change after {start}?", answer, 2)
        p.add(f"What is {base} now, in {_this_year()}?", evidence, 1)
    elif kind == "outlook":
        subject = re.sub(
            r"^what(?:'s| is) the (?:outlook|future|forecast|prognosis) (?:for|of)\s+", "", ask, flags=re.I
        )
        p.add(f"Where does {subject} stand now, in {_this_year()}?", evidence, 1)
        p.add(f"List the forecasts for {subject}", answer, 1)
        p.add(f"What could slow {subject}?", answer, 1)
        p.add(f"How has {subject} changed since {_this_year() - 3}?", evidence)
    elif kind == "yesno":
        claim = qtext.absence_clause(ask).removeprefix("whether ")
        # A claim about an amount ("loses about a fifth of its water …") is checked against the
        # amount the sources give: asked as a figure first, then who says so and who does not.
        p.add(qtext.amount_of(claim), answer, 1)
        p.add(f"Who says that {claim}?", answer, 1)
        p.add(f"In which cases is it not so that {claim}?", answer, 1)
    elif kind == "superlative":
        # "Which wind farm has ordered the most powerful turbines in 2025": the things ranked
        # (words before any auxiliary), the auxiliary, the verb, what ranks them and when.
        m = re.match(
            rf"^(?:which|what|who)\s+(?P<who>(?:(?!(?:{_AUXILIARIES})\b)[\w\-]+\s+)*?(?!(?:{_AUXILIARIES})\b)[\w\-]+)"
            rf"\s+(?:(?P<aux>{_AUXILIARIES})\s+)?(?:(?P<verb>(?-i:[a-z]+))\s+)?the\s+(?:most|largest|biggest|"
            r"highest|greatest|fewest|least|lowest|smallest)\s+(?P<what>.+?)(?P<when>\s+(?:in|since|during|by)\s+.+)?$",
            ask.rstrip("?"),
            re.I,
        )
        # "What is the capacity of the largest plant of X" ranks nothing ("of" is no verb).
        if m and (m.group("verb") or "").lower() in _PREPOSITIONS:
            m = None
        if m:
            many, what, when = qshape.plural_np(m.group("who")), m.group("what"), m.group("when") or ""
            verb, aux = m.group("verb") or "", (m.group("aux") or "").lower()
            # "Rank the wind farms by the powerful turbines they have ordered", "Rank the battery
            # suppliers by total installed capacity"
            they = f"they {'have ' if aux in {'has', 'have'} else ''}{verb}"
            ranked_by = f"the {what} {they}" if verb else what
            if not p.add(f"Rank the {many} by {ranked_by}{when}", answer, 1):
                # The question is that request ("Rank the ferry operators by passengers carried"):
                # the same ranking asked as the list it is made from.
                p.add(f"List the {many} with their {what}{when}", answer, 1)
            if verb.endswith("ed") and aux in {"has", "have"}:
                p.add(f"How many {what} has each of those {many} {verb}{when}?", evidence, 1)
            elif verb.endswith("ed") and not aux:
                p.add(f"How many {what} did each of those {many} {qtext.base_of_past(verb)}{when}?", evidence, 1)
            if years:
                p.add(f"Rank the {many} by {ranked_by} in {years[0] - 1}", context)
        else:
            p.add(f"Explain {clause}", answer, 1)
    else:  # explain: how something works
        p.add(f"Explain {clause}", answer, 1)
        p.add(f"List the steps of {topic}", evidence, 1)
        p.add(f"Who disagrees about {topic}?", context)
    _identity(p, _actors(shape), context)


def _vague_plan(p: _Plan, shape: qshape.QuestionShape, deep: bool) -> None:
    """A question too broad to research as asked: narrow it to what a report of this size can
    cover, and say so in the plan (the user sees it first when plan approval is on)."""
    topic = shape.vague_topic
    since = _this_year() - 2
    p.scope = (
        f"\u201c{shape.text}\u201d names no particular kind, place or period of {topic}, so this plan narrows it to "
        f"what {topic} are and their main kinds, who makes or provides them, the figures that measure them, and "
        f"what has changed since {since}. Edit the sub-questions to focus it."
    )
    what = p.section(_cap(f"what {topic} are"), f"What {topic} are, and their main kinds.")
    who = p.section("Who makes or provides them", f"The main makers, providers or users of {topic}.")
    figures = p.section("Figures", f"The figures that measure {topic}, with dates.")
    recent = p.section(f"Since {since}", f"What has changed for {topic} since {since}.")
    p.add(f"Which kinds of {topic} are there?", what, 1)
    p.add(f"Who makes {topic}?", who, 1)
    p.add(f"List the figures on {topic}", figures, 1)
    p.add(f"What has changed for {topic} since {since}?", recent, 1)
    if deep:
        p.add(f"What limits {topic}?", recent, 1)


_FACILITY_HEADS = frozenset(
    "plant plants factory factories farm mine site line station project port terminal dam reservoir works "
    "refinery mill depot airport bridge tunnel hospital campus centre center".split()
)


def _profile_plan(p: _Plan, shape: qshape.QuestionShape, deep: bool) -> None:
    """An overview of one named thing ("Tell me about the Praia Serena desalination plant"): what
    it is and who runs it, the figures that measure it, who built or makes what it uses, and what
    has changed lately; the plan says so, so the user can focus it."""
    thing = shape.subject
    since = _this_year() - 2
    head = thing.split()[-1].lower() if thing.split() else ""
    facility = head in _FACILITY_HEADS
    p.scope = (
        f"“{shape.text}” asks for an overview of {thing}, so this plan covers what it is and who runs it, "
        f"the figures that measure it, who {'built and supplies it' if facility else 'it works with'}, and what has "
        f"changed since {since}. Edit the sub-questions to focus it."
    )
    what = p.section("What it is", f"What {thing} is, who runs it and since when.")
    figures = p.section("Figures", f"The figures that measure {thing}, with dates.")
    partners = p.section(
        "Who built and supplies it" if facility else "Who it works with", "Builders, suppliers, partners."
    )
    recent = p.section(f"Since {since}", f"What has changed for {thing} since {since}, and its problems.")
    name = shape.entities[0] if shape.entities else thing
    if facility:
        asks = [
            ("Who runs {}, and since when has it operated?", what),
            ("How large is {}: its capacity, output and cost?", figures),
            ("Who built {}, and who supplies its equipment?", partners),
        ]
    else:
        asks = [
            ("What does {} do, who leads it, and since when?", what),
            ("Which figures measure {}: size, sales, staff?", figures),
            ("Who are the main partners, suppliers or customers of {}?", partners),
        ]
    asks.append(("What has changed for {} since " + str(since) + "?", recent))
    if deep:
        asks.append(("What problems has {} had?", recent))
    for template, section in asks:
        # The whole phrase when it does not quote the question back, else the name alone.
        if not p.add(template.format(thing), section, 1):
            p.add(template.format(name), section, 1)


def plan(question: str, depth: str, feedback: str = "", min_sq: int = 4, max_sq: int = 8) -> dict:
    shape = qshape.parse(question)
    deep = depth == "deep"
    p = _Plan(question)
    if shape.kind == "vague":
        _vague_plan(p, shape, deep)
    elif shape.kind == "profile":
        _profile_plan(p, shape, deep)
    elif shape.kind in {"compare", "list", "trend"} and shape.focus and shape.set_like:
        _set_plan(p, shape, deep)
    elif shape.chain and shape.asks:
        _chain_plan(p, shape)
    elif shape.kind == "compare" and shape.compared:
        _compare_plan(p, shape, deep)
    elif shape.kind in {"list", "compare"} and shape.focus:
        _list_plan(p, shape, deep)
    elif shape.kind in {"fact", "count", "who", "when", "where"}:
        _fact_plan(p, shape, deep)
    else:
        _explain_plan(p, shape, deep)
    if len(p.sqs) < min_sq:
        _pad(p, shape)
    sqs = p.sqs[:max_sq]
    used = {s["section"] for s in sqs}
    outline = [(h, purpose) for h, purpose in p.outline if h in used] or p.outline[:1]
    return {
        "subquestions": [{"text": s["text"], "section": s["section"], "hop": s["hop"]} for s in sqs],
        "outline": [{"heading": h, "purpose": purpose} for h, purpose in outline],
        "scope": p.scope,
    }


def _named_things(shape: qshape.QuestionShape) -> list[str]:
    """Identity questions for the names that are not actors: a name heading a phrase after "the"
    ("What is the Thirty Years' War?") or naming the thing after it ("What is the Skarvholm wind
    farm, and who runs it?")."""
    out = []
    actors = set(_actors(shape))
    for name in _entities(shape):
        if name in actors:
            continue
        m = re.search(
            r"\bthe\s+"
            + re.escape(name)
            + r"(?P<head>(?:\s+(?-i:[a-z][\w\-]*)){0,3}?)(?=\s+(?:of|in|at|for|to|from|that|"
            r"which|who|and|is|was|will|has|cost|make|makes)\b|[?,.]|$)",
            shape.text,
        )
        if not m:
            continue
        head = m.group("head").strip()
        out.append(f"What is the {name} {head}, and who runs it?" if head else f"What is the {name}?")
    return out


_PREPOSITIONS = frozenset("of in at for to from by with on about into over under".split())
_AUXILIARIES = "is|are|was|were|do|does|did|has|have|had|will|can"
_OWNED_RE = re.compile(
    r"^what the (?P<thing>(?:(?!\bof\b).)+?) of (?P<owner>(?:(?!\b(?:of|that|which|who|whose)\b).)+?) (?:is|are|was|were)$"
)


_REDUCED_RELATIVE_RE = re.compile(r"\b[a-z]+ed\s+(?:at|in|on|by|for|from|near)\b|['\u2019]s?\s")


def _owner_first(clause: str) -> str:
    """ "what the installed capacity of the Skarvholm wind farm is" -> "the Skarvholm wind farm's
    installed capacity"; "" for any other clause, and for one of two "of"s or an owner with a
    relative clause ("the capacity of the largest plant of X", "of the wind farms that use the
    BT-15 turbine": a possessive would bind to the wrong noun); the owner alone when it holds a
    participle's phrase or a possessive of its own ("the turbine model installed at X's farm")."""
    m = _OWNED_RE.match(clause)
    if not m:
        return ""
    owner = m.group("owner")
    if _REDUCED_RELATIVE_RE.search(owner):
        # "the turbine model installed at Westmark Offshore's newest wind farm": a possessive
        # would bind to the farm; the owner alone is the topic.
        return owner
    possessive = "'" if owner.endswith("s") else "'s"  # "Castellan Cables' factory"
    return f"{owner}{possessive} {m.group('thing')}"


def _named_subject(ask: str, focus: str) -> str:
    """The ask's subject when it names something, after what the ask measures ("kilometres of
    export cable for Fjellvik Kabel's factory": the measure's words find the figure's table);
    "" for a subject that names nothing ("the plant"): too broad for a topic."""
    subject = qtext.ask_subject(ask)
    if not any(w[:1].isupper() for w in subject.split()):
        return ""
    return f"{focus} for {subject}" if focus and focus.lower() not in subject.lower() else subject


def _pad(p: _Plan, shape: qshape.QuestionShape) -> None:
    """Too few sub-questions for the design's minimum: add angles on the question's own terms
    (each name it mentions, the period before its first year, an explanation of its ask, and
    last where sources differ on it)."""
    section = p.outline[-1][0] if p.outline else p.section("Context", "Background and disagreements.")
    _identity(p, _actors(shape), section)
    for text in _named_things(shape):
        if len(p.sqs) < 4:
            p.add(text, section)
    years = _years(shape.text)
    ask = render(shape, shape.asks[0], {}, "compact") if shape.asks else shape.text
    if shape.chain and qtext.echoes(ask, shape.text):
        ask = shape.chain[0].finder  # the ask repeats the question: doubt the first link instead
    clause = qtext.absence_clause(ask)
    # A topic that cannot quote the question: "what the installed capacity of the Skarvholm wind
    # farm is" as "the Skarvholm wind farm's installed capacity"; else what the ask measures and
    # of what ("kilometres of cable for Castellan Cables' Moerdijk factory" of "How many
    # kilometres of cable can Castellan Cables' Moerdijk factory make?"); else the question's own
    # content words in its order, without its grammar ("people died measles worldwide 2023").
    topic = (
        _owner_first(clause)
        or _named_subject(ask, shape.focus)
        or " ".join(
            w
            for w in shape.text.rstrip("?").split()
            if w.lower() not in tx.STOPWORDS and w.lower() not in {"many", "much", "tell", "me", "true", "give", "show"}
        )
    )
    for text in (
        f"Explain {clause}" if not re.match(r"^(?:how many|how much|when|where|who|which|what)\b", clause) else "",
        f"Before {years[0]}, {_low(ask)}" if years else "",
        f"Who says {clause}, and when?",
        f"According to whom, {clause}?",
        f"List the figures on {topic}",
        f"What was reported on {topic} before {(years[0] if years else _this_year())}?",
    ):
        if len(p.sqs) >= 4:
            break
        if text:
            p.add(text, section)
