"""Bugs the whole-game playouts found where the parts meet (issue 17), each pinned by a test on the game's data."""

from __future__ import annotations

from typing import Any

from test_sequence_kit import DAYS, position, real_game, tg

import leyte
from leyte.core.game import Context
from leyte.rulebooks.imperial_sunset import air_to_air
from leyte.rulebooks.imperial_sunset.air_ops import has_weaker_side


def _island_game(*air: dict[str, Any]) -> Any:
    pos = position([tg("tg-58-1", "3111", ["hornet"]), tg("force-a", "0618", ["taiho"], side="IJN")], record=DAYS,
                   air_bases=[{"id": "guam", "name": "Guam", "hex": "3516"}], air=list(air))
    return real_game(pos)


def test_2_3_2_a_unit_printed_without_a_reduced_side_dies_at_its_first_step_lost() -> None:
    g = _island_game({"id": "guam-521ag-b1", "parent": "guam", "box": "ready"},  # B 1-30, no reduced side
                     {"id": "guam-261ag-f3", "parent": "guam", "box": "ready"})  # F 3-25, reduced side 1
    st = g.state
    assert not has_weaker_side(st, "guam-521ag-b1") and has_weaker_side(st, "guam-261ag-f3")
    ctx = Context(g.dice, g.events)
    for aid in ("guam-521ag-b1", "guam-261ag-f3"):
        fr = {"losses": [{"kind": "steps", "n": 1, "rule": "8.2.1", "excess": "per_unit"}], "drms": {}}
        air_to_air.take_loss(st, fr, aid, ctx)
    assert st.air["guam-521ag-b1"].box == "destroyed"  # it never bombs on a 0 column
    assert (st.air["guam-261ag-f3"].box, st.air["guam-261ag-f3"].reduced) == ("ready", True)


def test_imperial_sunset_still_flips_every_unit_first() -> None:
    g = leyte.new_game("imperial-sunset", seed=1)
    assert g.rules.data().air["kamikaze-1"].reduced == 0 and has_weaker_side(g.state, "kamikaze-1")
