"""Print the project's import graph by floor: how many imports point down, sideways and up,
which modules import upward, and the cycles between packages.

    .venv/bin/python scripts/import_graph.py

Floors, top to bottom (ARCHITECTURE.md): the jobs app's top floor, citations, agents, the
runtime (jobs/runtime/; before the re-layering its modules sat directly in jobs/), the schema,
the settings. The same script run on an older checkout shows what the re-layering changed.
"""

from __future__ import annotations

import itertools
import sys
from collections import Counter
from pathlib import Path

import grimp

FLOORS = ["top floor", "citations", "agents", "runtime", "schema", "settings"]
# Modules that were the runtime before they moved into jobs/runtime/.
OLD_RUNTIME = {"steps", "lease", "ledger", "budget", "errors", "redis_client", "experiments", "instrumentation"}


def floor(module: str) -> int:
    parts = module.split(".")
    if parts[0] == "citations":
        return 1
    if parts[0] == "agents":
        return 2
    if parts[0] == "jobs":
        if len(parts) > 1 and (parts[1] == "runtime" or parts[1] in OLD_RUNTIME):
            return 3
        if len(parts) > 1 and parts[1] in {"models", "migrations"}:
            return 4
        return 0
    # research_project is the basement (settings, startup, embedded Redis, process helpers),
    # except the entry points that wire the top floor together.
    if parts[0] == "research_project" and (len(parts) == 1 or parts[1] not in {"urls", "asgi", "wsgi"}):
        return 5
    return 0


def package(module: str) -> str:
    return module.split(".")[0]


def main() -> None:
    sys.path.insert(0, str(Path.cwd()))
    graph = grimp.build_graph("jobs", "agents", "citations", "research_project")
    directions, upward = Counter(), []
    by_package: dict[str, set[str]] = {}
    for importer in sorted(graph.modules):
        for imported in graph.find_modules_directly_imported_by(importer):
            a, b = floor(importer), floor(imported)
            directions["down" if a < b else "same floor" if a == b else "up"] += 1
            if a > b:
                upward.append(f"  {importer} ({FLOORS[a]}) -> {imported} ({FLOORS[b]})")
            if package(importer) != package(imported):
                by_package.setdefault(package(importer), set()).add(package(imported))
    print(
        f"modules: {len(graph.modules)}; imports: down {directions['down']}, same floor {directions['same floor']}, "
        f"up {directions['up']}"
    )
    print(f"upward imports ({len(upward)}):")
    print("\n".join(upward) or "  none")
    cycles = [
        f"  {a} <-> {b}"
        for a, b in itertools.combinations(sorted(by_package), 2)
        if b in by_package.get(a, ()) and a in by_package.get(b, ())
    ]
    print(
        "package cycles (imports both ways between top-level packages; jobs holds the top floor, the runtime and the schema):"
    )
    print("\n".join(cycles) or "  none")
    floor_cycles = []
    floor_edges = {(floor(i), floor(j)) for i in graph.modules for j in graph.find_modules_directly_imported_by(i)}
    for a, b in itertools.combinations(range(len(FLOORS)), 2):
        if (a, b) in floor_edges and (b, a) in floor_edges:
            floor_cycles.append(f"  {FLOORS[a]} <-> {FLOORS[b]}")
    print("floor cycles:")
    print("\n".join(floor_cycles) or "  none")


if __name__ == "__main__":
    main()
