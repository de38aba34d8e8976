"""The citation check's pure parts: stage one (in code, zero tokens) and what a checked
sentence is. Stage one: every cited note must be a note of this job, and its quote must be
exactly the stored page's characters at its offsets. Stage two is the judge (citations/judge.py);
running both over a draft, with one rewrite, is the check stage's (jobs/stages/check.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from agents import composition
from agents import text as tx
from agents.quotes import verify
from agents.sources import store
from jobs.models import ReportClaim

SUPPORTED = ReportClaim.Verdict.SUPPORTED
PARTIAL = ReportClaim.Verdict.PARTIAL
UNSUPPORTED = ReportClaim.Verdict.UNSUPPORTED
NOT_CHECKED = ReportClaim.Verdict.NOT_CHECKED


@dataclass
class CheckedSentence:
    section_index: int
    heading: str
    position: int
    text: str
    note_ids: list
    verdict: str
    reason: str
    outcome: str
    history: list = field(default_factory=list)
    single_source: bool = False
    factual: bool = True
    cited: bool = True

    @classmethod
    def dropped(cls, draft: dict, reason: str, history: list | None = None) -> CheckedSentence:
        """A drafted sentence that does not ship, with why. It still counts for coverage as the
        writer drafted it (factual or not, cited or not)."""
        return cls(
            draft["section_index"],
            draft["heading"],
            draft["position"],
            draft["text"],
            list(draft["note_ids"]),
            UNSUPPORTED,
            reason,
            ReportClaim.Outcome.DROPPED,
            history if history is not None else [{"stage": "draft", "text": draft["text"]}],
            factual=is_factual(draft["text"]),
            cited=bool(draft["note_ids"]),
        )

    @classmethod
    def not_checked(cls, draft: dict, reason: str, history: list | None = None) -> CheckedSentence:
        """A drafted sentence dropped because it could not be checked (the judge's reply was
        unusable, or the budget ran out before its check): not a verdict on the sentence."""
        checked = cls.dropped(draft, reason if reason.startswith("not checked") else f"not checked: {reason}", history)
        checked.verdict = NOT_CHECKED
        return checked

    @property
    def shipped(self) -> bool:
        return self.outcome != ReportClaim.Outcome.DROPPED


def stage_one(note_ids: list, known: dict) -> tuple[list, str]:
    """(notes that pass, reason for any that fail), in the order cited. `known` holds the job's
    notes by id (with their sources): an id not in it is not a note of this job and never passes."""
    notes = [known[i] for i in dict.fromkeys(note_ids) if i in known]
    found = {n.note_id for n in notes}
    problems = []
    foreign = [i for i in note_ids if i not in found]
    if foreign:
        problems.append(f"note ids {foreign} are not notes of this job")
    good = []
    for note in notes:
        page = store.get_text(note.source.content_ref) if note.source.content_ref else ""
        if verify(page, note.quote, note.char_start, note.char_end):
            good.append(note)
        else:
            problems.append(f"quote of note {note.note_id} is not at its offsets in the stored page")
    order = {i: k for k, i in enumerate(note_ids)}
    good.sort(key=lambda n: order.get(n.note_id, 0))
    return good, "; ".join(problems)


def _bare(text: str) -> str:
    return " ".join(text.split()).rstrip(".!?;: ")


def quoted_word_for_word(text: str, notes: list) -> bool:
    """The sentence is one of its cited quotes, character for character (spacing and final
    punctuation aside): the quote passed stage one, so the page says exactly this and no judge
    can find it unsupported. A sentence that adds, drops or changes one character is judged."""
    bare = _bare(text)
    return bool(bare) and any(_bare(n.quote) == bare for n in notes)


def is_factual(text: str) -> bool:
    """A sentence that states something checkable: a name or a figure."""
    return bool(tx.entities(text) or tx.numbers(text))


def single_source(text: str, notes: list) -> bool:
    """A sentence with a figure (not a year) whose notes come from fewer than two domains."""
    figures = [n for n in tx.numbers(text) if not tx.is_year(n)]
    return bool(figures) and len({n.source.domain for n in notes}) < 2


# -- composed sentences and the writer's voice (issue 13) -------------------------------------


def _source_names(notes: list) -> list[str]:
    names = []
    for n in notes:
        names += [composition.source_label(n.source.title, n.source.domain), n.source.title or "", n.source.domain]
    return [x for x in names if x]


def composed_problem(text: str, notes: list) -> tuple[str, str]:
    """(text to ship, problem) for a drafted sentence against the notes it cites, in code:
    every capitalised multi-word name and every figure with a unit or percent must be in one of
    the cited quotes (a name may be a cited source's own, for attribution). A sentence made of
    clauses ("A; B") keeps the clauses that pass; a sentence in the source's first person ("we
    count…") is attributed to its source when it is one of the quotes word for word; a page
    title is not a finding. Returns ("", reason) when nothing honest is left, (text, "") when
    the sentence passes as it is, (new text, reason) when it was repaired."""
    quotes = [n.quote for n in notes]
    sources = _source_names(notes)
    # A name the sentence gives a cited source by ("Halden Blue Energy" for haldenblue.example).
    sources += [x for n in notes for x in composition.site_names_in(text, n.source.domain)]
    if composition.is_title(text, [n.source.title for n in notes]):
        return "", "the sentence is a page title, not a finding"
    missing = composition.unquoted(text, quotes, sources)
    repaired = text
    if missing:
        parts = composition.clauses(text)
        kept = [p for p in parts if not composition.unquoted(p, quotes, sources)]
        if len(parts) > 1 and kept:
            repaired = "; ".join(p.rstrip(".") for p in kept).rstrip(".") + "."
            repaired = repaired[:1].upper() + repaired[1:]
        else:
            return "", f"names or figures in none of its quotes: {', '.join(missing)[:300]}"
    if composition.source_voice(repaired):
        # Without its label and, when it is already attributed ("Mwsr writes: “We now estimate …”"),
        # without the quotation marks around the source's words.
        bare = composition.without_label(repaired.strip()).strip().strip('\u201c\u201d"').rstrip(".!?").strip()
        own = next((n for n in notes if bare and bare.lower() in n.quote.lower()), None)
        if own is None:
            return "", "the source's own words (first person, a reply) written as the report's"
        label = composition.source_label(own.source.title, own.source.domain)
        repaired = f"{label} writes: \u201c{bare}.\u201d"
    if repaired != text:
        why = (
            f"names or figures in none of its quotes: {', '.join(missing)[:300]}"
            if missing
            else "attributed to its source (its own voice)"
        )
        return repaired, why
    return text, ""
