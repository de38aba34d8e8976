"""A source quality score in [0, 1]: content-farm signals push it down, primary sources up.
Stored on sources.quality and used by workers when choosing what to read."""

from __future__ import annotations

import re
from collections import Counter

from agents import text as tx
from agents.sources.urls import domain_of

BASE = 0.6
FARM_DOMAIN_WORDS = ("top10", "top-10", "buzz", "viral", "hacks", "deals", "clickbait", "best-", "trending", "-facts")
PRIMARY_LABELS = {"gov", "europa", "int", "edu", "gouv", "bund"}
PRIMARY_PATH_WORDS = ("investor", "/ir/", "/press", "newsroom", "registry", "filings", "annual-report")
LISTICLE_RE = re.compile(
    r"\b(top \d+|\d+ (?:things|facts|reasons|ways)|you won'?t believe|shocking|must-see)\b|!!", re.I
)
AD_RE = re.compile(r"\b(sponsored|advertisement|buy now|click here|subscribe now|best deals?)\b", re.I)
STUFFED_TRIGRAM_REPEATS = 4
# Posts by a site's users ("seaworthy_sam wrote: …", "Posted by kari"): a thread of anonymous
# opinions, whatever the site, is not a source's own checked statement.
USER_POST_RE = re.compile(
    r"(?:^|\n|[.!?]\s)\s*@?[A-Za-z][\w.\-]{2,30} (?:wrote|writes|posted|replied|said):|\bposted by @?[\w.\-]+",
    re.I,
)
USER_POSTS_FOR_A_THREAD = 2
# Lines that ask the reader to stay, share or come back: a page written for clicks, not to inform.
ENGAGEMENT_BAIT_RE = re.compile(
    r"\b(?:share (?:this|it|the list|with)|bookmark (?:this|us|the page)|keep scrolling|scroll down for|"
    r"don'?t miss|like and share|follow us|stay tuned|tell your friends|you'?ll love)\b",
    re.I,
)
ENGAGEMENT_BAIT_PENALTY = 0.1
# A keyword list written as a line ("offshore wind facts wind farms biggest turbines ranking."):
# many lower-case words and not one of the little words every sentence of prose has.
FUNCTION_WORDS = frozenset(
    "the a an of in on at to for with by from and or but is are was were be been has have had will would "
    "can could its it their this that these those which who as we our they not".split()
)
KEYWORD_LINE_WORDS = 7


def engagement_bait(text: str) -> bool:
    """The text asks its reader to share, bookmark or keep scrolling."""
    return bool(ENGAGEMENT_BAIT_RE.search(text))


def keyword_stuffed(text: str) -> bool:
    """The same three words again and again, or a line that is a bare keyword list."""
    terms = tx.terms(text)
    trigrams = Counter(zip(terms, terms[1:], terms[2:]))
    return bool(trigrams and trigrams.most_common(1)[0][1] >= STUFFED_TRIGRAM_REPEATS) or keyword_line(text)


def keyword_line(text: str) -> bool:
    """A line of the text is a bare keyword list: at least KEYWORD_LINE_WORDS words, all lower
    case, no clause punctuation and no function word."""
    for line in text.splitlines():
        line = line.strip().rstrip(".")
        if not line or any(ch in line for ch in ",;:()") or line != line.lower():
            continue
        words = line.split()
        if len(words) >= KEYWORD_LINE_WORDS and not FUNCTION_WORDS & set(words):
            return True
    return False


USER_POSTS_PENALTY = 0.2


def user_thread(text: str) -> bool:
    """Whether `text` is a thread of users' posts (a forum, a comment section)."""
    return len(USER_POST_RE.findall(text[:20_000])) >= USER_POSTS_FOR_A_THREAD


UPLOAD_SCHEME = "upload://"
# A user's own upload is what they asked to research: web signals (domain, ads, dates) say
# nothing about it, so it gets one fixed score, well above the readers' cut-off.
UPLOAD_QUALITY = 0.8


def score_result(url: str, title: str, snippet: str = "") -> float:
    """Quality prior of a search result, before its page is read."""
    if url.startswith(UPLOAD_SCHEME):
        return UPLOAD_QUALITY
    domain = domain_of(url)
    score = BASE
    if any(w in domain for w in FARM_DOMAIN_WORDS):
        score -= 0.35
    if PRIMARY_LABELS & set(domain.split(".")) or any(w in url.lower() for w in PRIMARY_PATH_WORDS):
        score += 0.2
    elif _domain_names_subject(domain, f"{title} {snippet}"):
        score += 0.15
    if LISTICLE_RE.search(title or ""):
        score -= 0.2
    return _clip(score)


def score_page(url: str, title: str, text: str, published) -> float:
    """Quality of a fetched page: the prior plus what the text shows (undated, ads, keyword
    stuffing, listicle tone)."""
    if url.startswith(UPLOAD_SCHEME):
        return UPLOAD_QUALITY
    score = score_result(url, title, text[:400])
    if published is None:
        score -= 0.1
    if len(text.split()) < 120:
        score -= 0.05
    score -= min(0.2, 0.05 * len(AD_RE.findall(text)))
    if keyword_stuffed(text):
        score -= 0.2
    if engagement_bait(text):
        score -= ENGAGEMENT_BAIT_PENALTY
    if LISTICLE_RE.search(text[:2000]):
        score -= 0.1
    if user_thread(text):
        score -= USER_POSTS_PENALTY
    return _clip(score)


def _clip(score: float) -> float:
    return round(min(1.0, max(0.05, score)), 2)


def _domain_names_subject(domain: str, text: str) -> bool:
    """A page on the site of the company it is about (voltara-motors.example on Voltara Motors)."""
    label = domain.split(".")[0].replace("-", " ")
    if len(label) < 4:
        return False
    return any(e.lower().startswith(label) or label.startswith(e.lower()) for e in tx.entities(text))
