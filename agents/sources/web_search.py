"""Web search providers (SearXNG, Brave, Tavily, DuckDuckGo). Filled in by the real-sources
work; the registry is what agents/sources/search.py looks names up in."""
from __future__ import annotations

PROVIDERS: dict = {}
