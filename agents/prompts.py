"""Prompts are files (agents/prompts/*.md), rendered with a strict template engine: a missing
variable is an error, never an empty string. The prompt version stored on each job is a hash
of every prompt file, so a changed word is a new version.

File format: a front-matter block (`role`, `schema`, `max_tokens`), then `## system` and
`## user` sections.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import jinja2

PROMPTS_DIR = Path(__file__).resolve().parent / "prompts"

_env = jinja2.Environment(
    loader=jinja2.FileSystemLoader(str(PROMPTS_DIR)),
    undefined=jinja2.StrictUndefined,
    autoescape=False,
    keep_trailing_newline=False,
    trim_blocks=True,
    lstrip_blocks=True,
)
_env.filters["tojson_compact"] = lambda value: json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class PromptSpec:
    name: str
    role: str
    schema: str
    max_tokens: int
    system: str
    user: str


@dataclass(frozen=True)
class RenderedPrompt:
    name: str
    role: str
    schema: str
    max_tokens: int
    messages: list


@cache
def load(name: str) -> PromptSpec:
    raw = (PROMPTS_DIR / f"{name}.md").read_text(encoding="utf-8")
    if not raw.startswith("---\n"):
        raise ValueError(f"prompt {name}: missing front matter")
    front, body = raw[4:].split("\n---\n", 1)
    meta = dict(line.split(":", 1) for line in front.strip().splitlines())
    meta = {k.strip(): v.strip() for k, v in meta.items()}
    system, user = body.split("## system\n", 1)[1].split("\n## user\n", 1)
    return PromptSpec(
        name=name,
        role=meta["role"],
        schema=meta["schema"],
        max_tokens=int(meta["max_tokens"]),
        system=system.strip(),
        user=user.strip(),
    )


@cache
def _templates(name: str) -> tuple[jinja2.Template, jinja2.Template]:
    spec = load(name)
    return _env.from_string(spec.system), _env.from_string(spec.user)


def render(name: str, **variables) -> RenderedPrompt:
    """Render prompt `name`; raises jinja2.UndefinedError when a variable is missing."""
    spec = load(name)
    system_template, user_template = _templates(name)
    system = system_template.render(**variables)
    user = user_template.render(**variables)
    return RenderedPrompt(
        name=name,
        role=spec.role,
        schema=spec.schema,
        max_tokens=spec.max_tokens,
        messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
    )


@lru_cache(maxsize=1)
def version() -> str:
    digest = hashlib.sha256()
    for path in sorted(PROMPTS_DIR.glob("*.md")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return "p-" + digest.hexdigest()[:10]
