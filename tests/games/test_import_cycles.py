"""A game's modules import each other in one direction only (issue 26): rules read top to bottom,
from the move dispatcher down to the small pieces it is built of.

Imports inside `if TYPE_CHECKING:` (type hints only) do not count; imports inside functions do,
so that a cycle cannot hide there. A game whose package is listed here stays free of cycles.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import parlor.games

GAMES_DIR = Path(parlor.games.__file__).parent


def _module_name(path: Path, package_dir: Path, prefix: str) -> str:
    parts = list(path.relative_to(package_dir.parent).with_suffix("").parts)
    return prefix + ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, outside `if TYPE_CHECKING:` blocks."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def import_graph(package_dir: Path, prefix: str = "") -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports; `prefix` names the package's parent
    ("parlor.games.")."""
    paths = {_module_name(p, package_dir, prefix): p for p in package_dir.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(a.name for a in node.names)
                continue
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            module = node.module if node.level == 0 else ".".join(
                p for p in (base, node.module) if p)
            assert module is not None
            for alias in node.names:  # a submodule, else a name the module defines
                submodule = f"{module}.{alias.name}"
                targets.add(submodule if submodule in paths else module)
        graph[name] = {t for t in targets if t in paths and t != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return groups


def test_the_cycle_finder_finds_a_cycle_through_a_function_level_import(tmp_path: Path) -> None:
    package = tmp_path / "toy"
    (package / "rules").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "rules" / "__init__.py").write_text("")
    (package / "rules" / "a.py").write_text("from . import b\n")
    (package / "rules" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..state import S\n"
        "def f():\n    from .c import g\n")
    (package / "rules" / "c.py").write_text("from .a import x\n")
    (package / "state.py").write_text("from .rules import a\n")
    assert cycles(import_graph(package)) == [["toy.rules.a", "toy.rules.b", "toy.rules.c"]]


@pytest.mark.parametrize("game", ["opera", "skyrise"])
def test_a_game_has_no_import_cycle(game: str) -> None:
    assert cycles(import_graph(GAMES_DIR / game, "parlor.games.")) == []
