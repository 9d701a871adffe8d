"""Imperial Sunset's modules import one another in one direction only (ARCHITECTURE.md: no two modules import each
other, directly or through others), counting imports inside functions too: a function-local import that only
dodges a loop at load time is still a loop in the design."""

from __future__ import annotations

import ast
from pathlib import Path

import leyte.rulebooks.imperial_sunset as package

PKG = package.__name__
ROOT = Path(package.__file__).parent


def import_graph(root: Path, pkg: str) -> dict[str, dict[str, list[int]]]:
    """module -> {module it imports: [line numbers]}, for every import statement anywhere in the module."""
    modules = {p.stem for p in root.glob("*.py")}
    graph: dict[str, dict[str, list[int]]] = {}
    for path in sorted(root.glob("*.py")):
        edges = graph.setdefault(path.stem, {})
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                if node.module == pkg:
                    targets = [a.name for a in node.names if a.name in modules]
                elif node.module.startswith(pkg + "."):
                    targets = [node.module[len(pkg) + 1:].split(".")[0]]
            elif isinstance(node, ast.ImportFrom) and node.level:
                raise AssertionError(f"{path.name}:{node.lineno}: use absolute imports")
            elif isinstance(node, ast.Import):
                targets = [a.name[len(pkg) + 1:].split(".")[0] for a in node.names if a.name.startswith(pkg + ".")]
            for t in targets:
                if t != path.stem:
                    edges.setdefault(t, []).append(node.lineno)
    return graph


def cycles(graph: dict[str, dict[str, list[int]]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_imperial_sunset_modules_import_each_other_without_a_loop() -> None:
    graph = import_graph(ROOT, PKG)
    loops = cycles(graph)
    detail = [f"{a} -> {b} (lines {lines})" for loop in loops for a in loop for b, lines in graph[a].items()
              if b in loop]
    assert not loops, f"import loops among {loops}: " + "; ".join(detail)


def test_the_checker_finds_a_loop_through_a_function_local_import(tmp_path: Path) -> None:
    pkg = tmp_path / "toy"
    pkg.mkdir()
    (pkg / "low.py").write_text("def f():\n    from toy import high\n    return high\n")
    (pkg / "high.py").write_text("from toy import low\n")
    (pkg / "side.py").write_text("from toy.low import f\n")
    graph = import_graph(pkg, "toy")
    assert graph["low"] == {"high": [2]} and graph["side"] == {"low": [1]}
    assert cycles(graph) == [["high", "low"]]


def test_the_low_modules_stay_low() -> None:
    """state, engine, options and data import nothing of the game's rules; common only state, data and damage."""
    graph = import_graph(ROOT, PKG)
    for base in ("state", "engine", "options"):
        assert graph[base] == {}, f"{base} imports {sorted(graph[base])}"
    assert set(graph["data"]) <= {"options"}
    assert set(graph["common"]) <= {"state", "data", "damage"}
