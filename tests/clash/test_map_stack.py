"""The Mobile Fleet's Forces share one hex at the set-up (16.1): the Japanese map's stack shows Force A — the three
fleet carriers — on top, not Force C, because the face ranks its own TGs by their carriers (``Face.markers`` rank)."""

from __future__ import annotations

from typing import Any

import leyte
from leyte.rulebooks.clash.face import tg_rank


def test_own_tgs_rank_by_their_carriers_and_force_a_tops_the_stack() -> None:
    g = leyte.new_game("clash-of-the-carriers", seed=1)
    view = g.view("IJN")
    ranks = {m["id"]: m.get("rank") for m in g.face.markers(view)}
    assert ranks["force-a"] > ranks["force-c"] > ranks["force-b"] > 0  # 3 CV > 3 CVL + 4 BB > 3 CVL + 1 BB
    assert all(r is None for mid, r in ranks.items() if not mid.startswith("force-"))  # the enemy's: unranked
    assert tg_rank({"dummy": True, "ships": []}) < 0

    from leyte.jupyter import MapView

    mv = MapView(g.face.map())
    drawn: list[str] = []
    real = mv._draw_counter_texts

    def spy(c: Any, texts: Any) -> None:
        drawn.extend(t[2] for t in texts)
        real(c, texts)

    object.__setattr__(mv, "_draw_counter_texts", spy)
    markers = g.face.markers(view)
    hex_a = next(m["hex"] for m in markers if m["id"] == "force-a")
    mv.show(markers)
    top = [m for m in markers if m["hex"] == hex_a]
    assert len(top) == 3 and "a" in drawn and "c" not in drawn and "b" not in drawn


def test_the_svg_stacks_force_a_on_top_too() -> None:
    from leyte.render.svg import game_svg

    g = leyte.new_game("clash-of-the-carriers", seed=1)
    svg = game_svg(g, "IJN")
    labels = [s.split(">", 1)[1].split("<", 1)[0] for s in svg.split('class="counter-label"')[1:]]
    assert labels.index("a") > labels.index("c") and labels.index("a") > labels.index("b")  # drawn last: on top
