"""Imperial Sunset's low modules stay low (the package-wide loop check is tests/core/test_import_graph.py): the
state, the engine, the option switches and the family switches import nothing of the game's rules; the data only
the options and the family; the common
helpers only the state, the data and damage."""

from __future__ import annotations

from import_graph_kit import import_graph

PKG = "leyte.rulebooks.imperial_sunset"


def test_the_low_modules_stay_low() -> None:
    graph = import_graph()
    inside = {m.removeprefix(PKG + "."): {t.removeprefix(PKG + ".") for t in ts if t.startswith(PKG + ".")}
              for m, ts in graph.items() if m.startswith(PKG + ".")}
    for base in ("state", "engine", "options", "family"):
        assert inside[base] == set(), f"{base} imports {sorted(inside[base])}"
    assert inside["data"] <= {"options", "family"}
    assert inside["common"] <= {"state", "data", "damage"}
