"""The citation check's pure parts: stage one (in code, zero tokens) and what a checked
sentence is. Stage one: every cited note must be a note of this job, and its quote must be
exactly the stored page's characters at its offsets. Stage two is the judge (citations/judge.py);
running both over a draft, with one rewrite, is the check stage's (jobs/stages/check.py)."""
from __future__ import annotations

from dataclasses import dataclass, field

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
        return cls(draft["section_index"], draft["heading"], draft["position"], draft["text"], list(draft["note_ids"]),
                   UNSUPPORTED, reason, ReportClaim.Outcome.DROPPED,
                   history if history is not None else [{"stage": "draft", "text": draft["text"]}],
                   factual=is_factual(draft["text"]), cited=bool(draft["note_ids"]))

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


def is_factual(text: str) -> bool:
    """A sentence that states something checkable: a name or a figure."""
    return bool(tx.entities(text) or tx.numbers(text))


def single_source(text: str, notes: list) -> bool:
    """A sentence with a figure (not a year) whose notes come from fewer than two domains."""
    figures = [n for n in tx.numbers(text) if not tx.is_year(n)]
    return bool(figures) and len({n.source.domain for n in notes}) < 2
