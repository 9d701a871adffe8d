"""No two modules of the package import each other, directly or through others — at module level or inside a
function (an import moved into a function to dodge a loop is still a loop; one for the type checker alone is not).
Imports run one way: core, then the rulebooks, then render, then jupyter; the CLI and ``simulate`` stand on the
public API and the faces."""

from __future__ import annotations

from import_graph_kit import cycles, import_graph


def test_cycle_finder_finds_a_planted_loop() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_the_package_imports_itself_through_others() -> None:
    found = cycles(import_graph())
    assert found == [], "import loops: " + "; ".join(" <-> ".join(c) for c in found)


# The one way out of core: ``Game._repr_svg_`` draws the game with the pure SVG renderer when a notebook asks for
# a picture (python-chess's ``Board._repr_svg_`` does the same); render imports only core, so no loop can form.
ALLOWED_OUT_OF_CORE = {("leyte.core.game", "leyte.render.svg")}


def test_core_imports_no_game_and_no_front_end() -> None:
    edges = import_graph()
    bad = sorted((m, t) for m, ts in edges.items() if m.startswith("leyte.core") for t in ts
                 if not t.startswith("leyte.core") and (m, t) not in ALLOWED_OUT_OF_CORE)
    assert bad == []


def test_render_imports_only_core() -> None:
    edges = import_graph()
    bad = sorted((m, t) for m, ts in edges.items() if m.startswith("leyte.render") for t in ts
                 if not t.startswith(("leyte.core", "leyte.render")))
    assert bad == []
