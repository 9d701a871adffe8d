"""IJN Fanaticism (13.1.5.2) binds the ships of Forces A, B, C and Shima Force, and keeps Ozawa's ships on the map
until 26 October, whatever TF the ships are regrouped into (ruling E22)."""

from __future__ import annotations

import leyte
from leyte.bots import make_bot
from leyte.rulebooks.imperial_sunset.movement import edge_of, exit_refusal, tf_is_fanatic
from leyte.rulebooks.imperial_sunset.state import TFState

GAME = "imperial-sunset"


def _first_reorganisation(side: str) -> leyte.Game:
    g = leyte.new_game(GAME, scenario="historical", seed=1)
    bots = {p: make_bot("heuristic", GAME, p, 1) for p in g.players}
    while (d := g.decision) is not None and not (d.kind == "reorganize" and d.player == side):
        g.apply(bots[d.player].choose(g.view(d.player), d))
    assert g.decision is not None
    return g


def _tf_named(g: leyte.Game, name: str) -> TFState:
    return next(t for t in g.state.tfs.values() if t.name == name and t.in_play)


def test_a_group_split_off_a_fanatic_force_is_still_bound_until_a_significant_battle() -> None:
    g = _first_reorganisation("IJN")
    split = next(o for o in g.decision.options if o.kind == "split"
                 and g.state.ships[o["ship"]].force in ("Force A", "Force B", "Force C", "Shima Force"))
    ship = split["ship"]
    force = g.state.tfs[g.state.ships[ship].tf]
    g.apply(split)
    group = g.state.tfs[g.state.ships[ship].tf]
    assert group.id != force.id and group.name == f"{force.name} (detached group)"
    assert tf_is_fanatic(g.state, group) and tf_is_fanatic(g.state, force)
    # a significant battle frees the ships that fought it (the surface rules set this flag, 8.3 / 13.1.5.2)
    g.state.ships[ship].fanaticism_met = True
    assert not tf_is_fanatic(g.state, group)
    assert tf_is_fanatic(g.state, force)


def test_a_ship_of_the_ozawa_force_may_not_leave_before_26_october_in_any_tf() -> None:
    g = _first_reorganisation("IJN")
    st = g.state
    ozawa = _tf_named(g, "Ozawa Force")
    m = leyte.rules(GAME).map
    north = next(m.label(h) for h in m.hexes if m.is_sea(h) and "north" in edge_of(st.data, m.label(h)))
    ship = ozawa.ships[0]
    ozawa.ships.remove(ship)
    group = TFState(id="IJN-99", side="IJN", name="Zuikaku group", hex=north, ships=[ship])
    st.tfs[group.id], st.ships[ship].tf = group, group.id
    assert str(st.flags["turn_info"]["date"]) < "1944-10-26"
    assert exit_refusal(st, group, {"mp": 3}) == ("13.1.5.2", "the Ozawa Force may not leave the map before "
                                                               "26 October")
    st.flags["turn_info"] = {**st.flags["turn_info"], "date": "1944-10-26"}
    assert exit_refusal(st, group, {"mp": 3}) is None
