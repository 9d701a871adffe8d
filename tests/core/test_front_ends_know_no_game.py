"""The front ends know no game (ARCHITECTURE.md): core, render, jupyter, the CLI and ``simulate`` name no registered
game, none of its players and none of its package, outside docstrings and comments.

Everything game-specific reaches them through the game's face. The scan reads the source with ``ast`` so a
docstring may still say "``play(g, ijn="human")``" while code and user-facing strings may not; it is driven by the
registry, so a game registered tomorrow is checked too.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import leyte
from leyte.core import registry

ROOT = Path(leyte.__file__).resolve().parent
FRONT_ENDS = ("core", "jupyter", "render", "cli.py", "simulation.py")


def game_package(game: str) -> str:
    """The last component of the package a game's rules live in ("leyte.rulebooks.x.rules" -> "x")."""
    mod = type(registry.get(game)).__module__
    if not hasattr(sys.modules[mod], "__path__"):
        mod = mod.rpartition(".")[0]
    return mod.rpartition(".")[2]


def needles() -> dict[str, re.Pattern[str]]:
    """What may not appear: each game id, each player of each game and each game package, as a whole word in any
    case, with dashes, underscores and spaces counted as the same (so "imperial-sunset" also finds
    ``imperial_sunset`` and "Imperial Sunset")."""
    words: set[str] = set()
    for g in leyte.games():
        words.add(g)
        words.update(registry.get(g).players)
        words.add(game_package(g))
    out: dict[str, re.Pattern[str]] = {}
    seen: set[str] = set()
    for w in sorted(words):
        key = re.sub(r"[-_ ]", "-", w.lower())
        if key in seen:  # "imperial-sunset" and its package "imperial_sunset" are one needle
            continue
        seen.add(key)
        body = r"[-_ ]".join(re.escape(part) for part in re.split(r"[-_ ]", w))
        out[w] = re.compile(rf"(?<![A-Za-z0-9]){body}(?![A-Za-z0-9])", re.IGNORECASE)
    return out


def _texts(tree: ast.AST) -> list[tuple[int, str]]:
    """Every name and string of the code with its line, leaving out docstrings and other bare string statements
    (which do nothing); comments never reach the tree."""
    bare: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            bare.add(id(node.value))
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in bare:
            out.append((line, node.value))
        elif isinstance(node, ast.Name):
            out.append((line, node.id))
        elif isinstance(node, ast.Attribute):
            out.append((line, node.attr))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.append((line, node.name))
        elif isinstance(node, ast.arg):
            out.append((line, node.arg))
        elif isinstance(node, ast.keyword) and node.arg:
            out.append((line, node.arg))
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append((line, node.module))
        elif isinstance(node, ast.alias):
            out.append((line, node.name))
            if node.asname:
                out.append((line, node.asname))
    return out


def hits_in(source: str, name: str, pats: dict[str, re.Pattern[str]]) -> list[str]:
    """``name:line: 'word' in '...'`` for each needle found in the code of ``source``."""
    found = []
    for line, text in _texts(ast.parse(source, filename=name)):
        for word, pat in pats.items():
            if pat.search(text):
                found.append(f"{name}:{line}: {word!r} in {text[:80]!r}")
    return sorted(set(found), key=lambda s: (s.split(":")[0], int(s.split(":")[1]), s))


def front_end_files() -> list[Path]:
    files: list[Path] = []
    for part in FRONT_ENDS:
        p = ROOT / part
        files.extend(sorted(p.rglob("*.py")) if p.is_dir() else [p])
    return files


def test_the_scan_finds_a_name_in_code_and_ignores_docstrings_and_comments() -> None:
    pats = needles()
    game = leyte.games()[0]
    player = registry.get(game).players[0]
    src = (
        f'"""Module docstring naming {game} and {player}."""\n'
        f"def f():\n"
        f'    """{player} in a docstring."""\n'
        f"    # {player} in a comment\n"
        f"    return {player.lower()!r}\n"
        f'x = f"{game.upper()}: {{f()}}"\n'
        f"from leyte.rulebooks.{game_package(game)} import face\n"
    )
    hits = hits_in(src, "planted.py", pats)
    # a line may hold several needles (a game whose id starts with its package's name): count lines, not hits
    assert sorted({h.split(":")[1] for h in hits}) == ["5", "6", "7"], hits
    assert all(h.startswith("planted.py:") for h in hits)


def test_every_registered_game_and_player_is_looked_for() -> None:
    pats = needles()
    for g in leyte.games():
        for word in (g, game_package(g), g.replace("-", " ").title(), *registry.get(g).players):
            assert any(p.fullmatch(word) for p in pats.values()), word
    assert not any(p.search("samarkand_usna ijnx") for p in pats.values())  # whole words only


def test_front_ends_name_no_game_no_player_and_no_game_package() -> None:
    pats = needles()
    files = front_end_files()
    assert len(files) > 10  # the folders are where the scan expects them
    hits = []
    for f in files:
        hits += hits_in(f.read_text(encoding="utf-8"), str(f.relative_to(ROOT.parent)), pats)
    assert not hits, "game-specific names in the front ends:\n" + "\n".join(hits)
