"""What the evidence modules (facts, credibility, relevance, disagreements) work on: a note as
plain data, with its source's domain, date and quality. Pure: no database, no model call."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from agents import composition


@dataclass
class EvidenceNote:
    id: int
    claim: str
    quote: str
    domain: str = ""
    url: str = ""
    title: str = ""
    published: str | None = None  # ISO date of the source, None when undated
    quality: float = 0.5  # the stored source score (prior from URL and page)
    section: str = ""  # heading of the section its sub-question serves
    subquestion: str = ""
    source_id: int | None = None
    page_text: str = ""  # the stored page (for content signals and syndication)
    # Filled by credibility.assess: the score used for corroboration, and the origin
    # (syndicated copies of one text share one origin, so they count as one source).
    credibility: float | None = None
    origin: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def date_label(self) -> str:
        return self.published or "undated"

    @property
    def source_label(self) -> str:
        """How a sentence names the source: its domain, or an upload's file name (every upload's
        domain is the same collection)."""
        if self.is_upload:
            name = self.url.rstrip("/").rsplit("/", 1)[-1].lower()
            return re.sub(r"[^a-z0-9.\-]+", "-", name).strip("-") or "uploads"
        return self.domain

    @cached_property
    def source_name(self) -> str:
        """How a sentence attributes to the source in words: the site's own name from its page
        title ("Northgate Research"), else its domain in words; an upload's file name."""
        if self.is_upload:
            return self.source_label
        return composition.source_label(self.title, self.domain, self.page_text)

    @property
    def is_upload(self) -> bool:
        return self.url.startswith("upload://")
