"""The Air-Sea Battle Display has a box for every ship of the largest TG the game allows (ruling R-62): Force C sets
up with its printed 18 units, and a strike on a TG of 17 or 18 must still place every ship, one per box (8.0)."""

from __future__ import annotations

import leyte
from leyte.bots import make_bot
from leyte.rulebooks.imperial_sunset.aa import display_adjacent, display_areas
from leyte.simulation import bot_view

GAME = "clash-of-the-carriers"


def test_the_display_holds_force_c_and_keeps_imperial_sunset_s_four_by_four() -> None:
    clash, sunset = leyte.rules(GAME), leyte.rules("imperial-sunset")  # each game's data (ISData)
    assert display_areas(sunset) == 16 and display_areas(clash) == 20 >= 18
    # adjacency follows each layout: in Clash's rows of five, 5 and 6 are at opposite ends of two rows
    assert display_adjacent(sunset, 4, 5) is False and display_adjacent(clash, 4, 5) is True
    assert display_adjacent(clash, 5, 6) is False and display_adjacent(clash, 1, 7) is True


def test_a_strike_on_a_tg_of_more_than_16_places_every_ship() -> None:
    """Random IJN against the heuristic USN, seed 4: the IJN keeps 17 units in Force C's TG and the US strikes it.
    With 16 boxes the game stopped there with no box left for the seventeenth ship."""
    g = leyte.new_game(GAME, scenario="historical", seed=4)
    bots = {"IJN": make_bot("random", GAME, "IJN", 4), "USN": make_bot("heuristic", GAME, "USN", 5)}
    while g.decision is not None:
        d = g.decision
        g.apply(bots[d.player].choose(bot_view(g, d.player), d))
    assert g.over and g.result["winner"] in ("IJN", "USN")
    assert any(e.kind == "air_display" and e.data.get("area", 0) > 16 for e in g.events)
