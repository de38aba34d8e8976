"""Declared tools of the search worker: name, what it is for, what it is not for, and a JSON
schema for its arguments. No two tools share a purpose, and every error string a tool
returns says what went wrong and what to do instead (seed 000)."""

from __future__ import annotations

from dataclasses import dataclass

import jsonschema

MAX_URLS_PER_FETCH = 3


@dataclass(frozen=True)
class Tool:
    name: str
    purpose: str
    not_for: str
    parameters: dict

    def validate(self, arguments) -> str:
        """An actionable error string, or "" when the arguments fit the schema."""
        try:
            jsonschema.validators.validator_for(self.parameters)(self.parameters).validate(arguments)
        except jsonschema.ValidationError as exc:
            where = "/".join(str(p) for p in exc.absolute_path) or "arguments"
            return (
                f"{self.name} was called with invalid arguments ({where}: {exc.message}). "
                f"Call it again with arguments matching {self.parameters}."
            )
        return ""


SEARCH = Tool(
    name="search",
    purpose="Find web pages about the sub-question. Returns titles, URLs, domains, dates, a quality score and a snippet.",
    not_for="Reading a page (use fetch_pages) or repeating a query already sent (it returns the same results).",
    parameters={
        "type": "object",
        "properties": {"query": {"type": "string", "minLength": 2, "maxLength": 200}},
        "required": ["query"],
        "additionalProperties": False,
    },
)
FETCH_PAGES = Tool(
    name="fetch_pages",
    purpose=f"Read up to {MAX_URLS_PER_FETCH} pages from your search results; a reader turns each page into notes with exact quotes.",
    not_for="URLs you have not seen in your search results, or pages you have already read (they are skipped).",
    parameters={
        "type": "object",
        "properties": {
            "urls": {
                "type": "array",
                "items": {"type": "string", "minLength": 4},
                "minItems": 1,
                "maxItems": MAX_URLS_PER_FETCH,
            }
        },
        "required": ["urls"],
        "additionalProperties": False,
    },
)
FETCH_RESULT = Tool(
    name="fetch_result",
    purpose="Bring back in full an earlier tool result that is shown only as a stub with a handle (r_...).",
    not_for="New information: it only replays a result you already received.",
    parameters={
        "type": "object",
        "properties": {"handle": {"type": "string", "pattern": "^r_[0-9a-z_]+$"}},
        "required": ["handle"],
        "additionalProperties": False,
    },
)
FINISH = Tool(
    name="finish",
    purpose="End your research: a short summary of what your notes establish and what you could not find.",
    not_for="Asking for more pages or searches; after finish you get no more turns.",
    parameters={
        "type": "object",
        "properties": {
            "summary": {"type": "string", "minLength": 1, "maxLength": 1500},
            "not_found": {"type": "array", "items": {"type": "string", "maxLength": 300}, "maxItems": 10},
        },
        "required": ["summary", "not_found"],
        "additionalProperties": False,
    },
)

# Tools on a user's private uploads (seed 000's table): three ways to locate a file, each for
# a different thing you already know, so a model never tries two for one need; then reading.
FIND_FILES_BY_NAME = Tool(
    name="find_files_by_name",
    purpose="Locate your uploaded files whose file name or title contains words you already know (see <collection>).",
    not_for="What a file says inside (use find_files_by_term) or a topic in your own words (use search_files_by_meaning).",
    parameters={
        "type": "object",
        "properties": {"name": {"type": "string", "minLength": 2, "maxLength": 200}},
        "required": ["name"],
        "additionalProperties": False,
    },
)
FIND_FILES_BY_TERM = Tool(
    name="find_files_by_term",
    purpose="Locate uploaded files that contain exact words, names or figures you already know (full-text search on this machine).",
    not_for="File names (use find_files_by_name) or a topic when you do not know the words the files use (use "
    "search_files_by_meaning). There is no web search in this research.",
    parameters=SEARCH.parameters,
)
SEARCH_FILES_BY_MEANING = Tool(
    name="search_files_by_meaning",
    purpose="Locate uploaded files about a topic you describe in your own words (semantic search with local embeddings).",
    not_for="Exact names or figures (use find_files_by_term) or file names (use find_files_by_name).",
    parameters={
        "type": "object",
        "properties": {"description": {"type": "string", "minLength": 3, "maxLength": 300}},
        "required": ["description"],
        "additionalProperties": False,
    },
)
READ_FILES = Tool(
    name="read_files",
    purpose=f"Read up to {MAX_URLS_PER_FETCH} of the files your searches found; a reader turns each into notes with exact quotes.",
    not_for="Files your searches have not returned, or files you have already read (they are skipped).",
    parameters=FETCH_PAGES.parameters,
)

WEB_TOOLS = (SEARCH, FETCH_PAGES, FETCH_RESULT, FINISH)
# A worker that reads private uploads gets no web search at all: a query sent to a search
# engine is a way to send private data out. Its searches never leave the machine.
UPLOADS_TOOLS = (FIND_FILES_BY_NAME, FIND_FILES_BY_TERM, SEARCH_FILES_BY_MEANING, READ_FILES, FETCH_RESULT, FINISH)
# Search-like tools: the provider each one asks and the argument that holds its query.
SEARCH_TOOLS = {
    SEARCH.name: (None, "query"),
    FIND_FILES_BY_NAME.name: ("uploads_name", "name"),
    FIND_FILES_BY_TERM.name: ("uploads", "query"),
    SEARCH_FILES_BY_MEANING.name: ("uploads_meaning", "description"),
}
READ_TOOL_NAMES = frozenset({FETCH_PAGES.name, READ_FILES.name})


def tools_for(sources: list[str]) -> tuple[Tool, ...]:
    """The tool set of a search worker researching `sources`."""
    return UPLOADS_TOOLS if "uploads" in sources else WEB_TOOLS


def by_name(tools, name: str) -> Tool | None:
    return next((t for t in tools if t.name == name), None)


def unknown_tool_error(name: str, tools) -> str:
    names = ", ".join(t.name for t in tools)
    return f"There is no tool named {name!r}. Call one of: {names}."
