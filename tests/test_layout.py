"""The package layout of ``bot/``: which part may import which, and no import cycles.

Imports are read from the source (``ast``), late ones inside functions included, so a cycle
hidden behind a function-level import is found too.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOT = ROOT / "bot"

# part -> the parts of bot/ it may import (engine and render are not parts of bot/)
ALLOWED = {
    "cli": {"discord", "service", "store", "imports", "i18n", "replies"},
    "discord": {"service", "store", "imports", "i18n", "replies"},
    "service": {"store", "imports", "i18n", "replies"},
    "imports": {"i18n", "replies"},
    "store": set(),
    "i18n": set(),
    "replies": set(),
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in BOT.rglob("*.py")}


def imports_of(path: Path, known: dict[str, Path]) -> set[str]:
    """The bot modules ``path`` imports; ``from a import b`` counts as ``a.b`` if that is a
    module (a submodule import), else as ``a``."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if sub in known else node.module)
    return {name for name in found if name in known}


def part(module: str) -> str:
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 else "bot"


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(path, known) - {name} for name, path in known.items()}


def test_every_part_imports_only_the_parts_below_it() -> None:
    wrong = []
    for module, targets in graph().items():
        mine = part(module)
        if mine in ("bot", "locales"):
            continue
        assert mine in ALLOWED, f"{module}: a new part of bot/; add it to ALLOWED"
        for target in targets:
            theirs = part(target)
            if theirs != mine and theirs not in ALLOWED[mine]:
                wrong.append(f"{module} imports {target}")
    assert not wrong, wrong


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycles_between_modules() -> None:
    edges = graph()
    # A package's __init__ re-exporting its own modules is how the package shows its API;
    # a module importing a sibling through the package would close a loop, so __init__
    # edges into the package count like any other.
    assert cycles(edges) == []


def test_the_cycle_finder_finds_a_planted_cycle() -> None:
    edges = graph()
    edges["bot.store.sqlite"] = edges["bot.store.sqlite"] | {"bot.service.moves"}
    assert any("bot.store.sqlite" in component for component in cycles(edges))


def test_engine_and_render_never_import_the_bot() -> None:
    """Dependencies flow one way (bot -> render -> engine), late imports included."""
    wrong = []
    for folder, forbidden in (("engine", ("bot", "render")), ("render", ("bot",))):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                wrong += [f"{path.relative_to(ROOT)} imports {name}" for name in names
                          if name.split(".")[0] in forbidden]
    assert not wrong, wrong
