"""Optional rule 15.3, prevailing wind: a carrier formation steams a hex south-east before its CAP goes up and two
before its bombers take off, and its strike's range counts from where it launches. Rulings R-80 (blocked steps are
lost; the bomber move costs 2 MP and needs them), R-81 (no wind step into an enemy hex) and R-82 (the CAP move costs
no MP). With the option off nothing of this happens (the golden games and ``test_movement`` hold the standard game).
"""

from __future__ import annotations

from typing import Any

import pytest
from clash_kit import real_rules_until_subs
from test_leaks import check_names, decision_texts, event_texts, hidden
from test_movement import STAND_IN, dist, example_8_7, neutral, refused, until_move_of
from test_sequence_kit import DAYS, detections, finish_formations, position, real_game, tg

from leyte.core.game import Game
from leyte.core.players import RandomBot
from leyte.rulebooks.clash import movement, state

WIND = {"prevailing_wind": True}
AIR = [{"id": a, "parent": "essex", "box": "ready"} for a in ("vf-15-1", "vf-15-2", "vb-15", "vt-15")]


def se(g: Any, here: str, n: int = 1) -> str:
    for _ in range(n):
        nxt = movement.downwind(g.state.data, here)
        assert nxt is not None, here
        here = nxt
    return here


def strike_hexes(g: Any) -> list[str]:
    return sorted(o["hex"] for o in g.decision.options if o.kind == "clash_strike")


def test_15_3_southeast_is_the_map_neighbour_down_and_right() -> None:
    g = example_8_7()
    m = g.state.data.map
    assert movement.downwind(g.state.data, "2012") == "2113"  # an even column: the lower right neighbour
    assert movement.downwind(g.state.data, "2113") == "2213"  # an odd column
    for h in ("2012", "2113"):
        assert m.compass(m.hex(h), m.hex(movement.downwind(g.state.data, h))) == "SE"
    assert movement.downwind(g.state.data, "4412") is None  # the east edge
    assert movement.downwind(g.state.data, "2024") is None  # the south edge


def test_15_3_the_8_7_example_2_mp_toward_the_target_then_2_southeast_into_the_wind_then_the_strike() -> None:
    pos = example_8_7().scenario
    g = real_game({**pos, "options": WIND})
    until_move_of(g, STAND_IN)
    assert g.decision.data["mp_left"] == 4
    for _ in range(2):  # 2 MP toward Force B, as the example does
        to = min((o["to"] for o in g.decision.options if o.kind == "move"), key=lambda h: (dist(g, h, "1410"), h))
        g.apply({"kind": "move", "to": to})
    here = g.decision.data["hex"]
    g.apply({"kind": "end_move"})
    strike = next(o for o in g.decision.options if o.kind == "clash_strike")
    assert strike["hex"] == "1410"
    g.apply(strike)
    launch = se(g, here, 2)
    assert g.state.tfs[STAND_IN].hex == launch
    wind = [e for e in g.events if e.rule == "15.3" and e.kind == "move"]
    assert [(e.data["from"], e.data["to"]) for e in wind] == [(here, se(g, here)), (se(g, here), launch)]
    assert all(e.visible == ("USN",) for e in wind)
    public = [e for e in g.events if e.rule == "15.3" and e.kind == "move_public"]
    assert len(public) == 2 and all(e.visible == ("IJN", "USN") for e in public)
    act = next(f for f in g.state.stack if f["kind"] == "clash_activate")
    assert act["mp"] == 0 and act["wind_done"] and act["path"][-2:] == [se(g, here), launch]  # 4 MP in all
    assert g.state.stack[-1]["kind"] == "strike_compose"


def _range_game(options: dict[str, bool] | None, seed: int = 1) -> Any:
    """Essex's TG at 2012, 5 MP (turn 2); two detected IJN TGs: one 10 hexes north-west (within VB-15's extended
    reach of 11), one 12 hexes south-east."""
    usn = tg("tg-58-1", "2012", ["essex"])
    nw = tg("force-a", "1007", ["taiho"], side="IJN")
    far_se = tg("force-c", "3218", ["chitose"], side="IJN")
    pos = position([usn, nw, far_se], turn=2, phase="activation", record=DAYS, air=AIR,
                   detected=detections("USN", "force-a", "force-c"))
    if options is not None:
        pos["options"] = options
    return real_game(pos, seed=seed)


def test_15_3_range_is_measured_from_the_launch_hex() -> None:
    plain, windy = _range_game(None), _range_game(WIND)
    assert dist(plain, "2012", "1007") == 10 and dist(plain, "2012", "3218") == 12
    assert dist(plain, se(plain, "2012", 2), "1007") == 12 and dist(plain, se(plain, "2012", 2), "3218") == 10
    for g in (plain, windy):
        until_move_of(g, "tg-58-1")
        g.apply({"kind": "end_move"})
    assert strike_hexes(plain) == ["1007"]  # rule off: from where it stands, unchanged
    assert strike_hexes(windy) == ["3218"]  # rule on: from two hexes south-east
    e = refused(windy, {"kind": "clash_strike", "launcher": "tg-58-1", "hex": "1007"})
    assert e.rule == "8.0"
    assert windy.state.tfs["tg-58-1"].hex == "2012"  # asking about the launch hex moved nothing


def test_15_3_the_first_strike_of_an_activation_pays_the_wind_once() -> None:
    g = _range_game(WIND)
    until_move_of(g, "tg-58-1")
    g.apply({"kind": "end_move"})
    g.apply(next(o for o in g.decision.options if o.kind == "clash_strike"))
    act = next(f for f in g.state.stack if f["kind"] == "clash_activate")
    assert act["mp"] == 3 and act["wind_done"]
    assert movement.wind_short(g.state, act) is None  # a second strike this activation launches where it is


def test_15_3_no_bomber_launch_without_the_2_mp_to_turn_into_the_wind() -> None:
    g = _range_game(WIND)
    until_move_of(g, "tg-58-1")
    for _ in range(4):  # 5 MP: four spent, one left
        to = min(o["to"] for o in g.decision.options if o.kind == "move")
        g.apply({"kind": "move", "to": to})
    assert g.decision.data["mp_left"] == 1
    e = refused(g, {"kind": "clash_strike", "launcher": "tg-58-1", "hex": "3218"})
    assert e.rule == "15.3" and "2 MP" in e.reason and "1 left" in e.reason
    g.apply({"kind": "end_move"})
    assert g.decision is None or g.decision.kind != "clash_strike"  # no strike step is offered at all


def test_15_3_rule_off_a_tg_with_1_mp_left_still_strikes() -> None:
    g = _range_game(None)
    until_move_of(g, "tg-58-1")
    for _ in range(4):
        to = min(o["to"] for o in g.decision.options if o.kind == "move")
        g.apply({"kind": "move", "to": to})
    g.apply({"kind": "end_move"})
    assert g.decision.kind == "clash_strike"


@pytest.mark.parametrize("where, blocker", [("4412", "edge"), ("2012", "stack"), ("2012", "enemy")])
def test_r80_r81_a_blocked_wind_step_is_lost_and_the_strike_launches_where_it_stands(where: str, blocker: str) -> None:
    usn = [tg("tg-58-1", where, ["essex"])]
    target = tg("force-a", "3806" if where == "4412" else "1410", ["taiho"], side="IJN")
    ijn = [target]
    if blocker == "stack":  # 3.3: two friendly TGs already south-east of it
        first = movement.downwind(example_8_7().state.data, where)
        usn += [tg("tg-58-2", first, ["washington"]), tg("tg-58-3", first, ["indiana"])]
    if blocker == "enemy":  # an enemy TG it has not found, one hex south-east
        ijn.append(tg("force-c", movement.downwind(example_8_7().state.data, where), ["chitose"], side="IJN"))
    g = real_game({**position([*usn, *ijn], turn=2, phase="activation", record=DAYS, air=AIR,
                              detected=detections("USN", "force-a")), "options": WIND})
    until_move_of(g, "tg-58-1")
    g.apply({"kind": "end_move"})
    g.apply(next(o for o in g.decision.options if o.kind == "clash_strike"))
    assert g.state.tfs["tg-58-1"].hex == where
    stop = next(e for e in g.events if e.kind == "wind_blocked")
    assert (stop.rule, stop.data["moved"], stop.data["steps"], stop.visible) == ("15.3", 0, 2, ("USN",))
    act = next(f for f in g.state.stack if f["kind"] == "clash_activate")
    assert act["mp"] == 3  # the 2 MP are spent all the same
    assert g.state.stack[-1]["kind"] == "strike_compose"


# -- CAP in the Initial Phase (5.7) ---------------------------------------------------------------------------------


def _to_cap(g: Any, side: str = "USN") -> None:
    finish_formations(g)
    while not (g.decision.kind == "cap_allocation" and g.decision.player == side):
        assert not g.over and g.state.phase == "initial", g.decision.kind
        neutral(g)


def _cap_game(options: dict[str, bool] | None, *, in_tf: bool = False) -> Any:
    tgs = [tg("tg-58-1", "2012", ["essex"], tf="tf-58" if in_tf else None),
           tg("force-a", "0608", ["taiho"], side="IJN")]
    tfs = []
    if in_tf:
        tgs.append(tg("tg-58-2", "2012", ["washington"], tf="tf-58"))
        tfs = [{"id": "tf-58", "name": "TF 58", "side": "USN", "hex": "2012"}]
    pos = position(tgs, tfs=tfs, turn=1, phase="turn", record=DAYS, air=AIR)
    if options is not None:
        pos["options"] = options
    return real_game(pos)


def test_15_3_a_tg_steams_1_hex_southeast_before_its_first_cap_of_the_turn() -> None:
    g = _cap_game(WIND)
    _to_cap(g)
    assert g.decision.kind == "cap_allocation"  # the base decision: bots play it as before
    g.apply({"kind": "cap_on", "air": "vf-15-1"})
    assert g.state.tfs["tg-58-1"].hex == "2113"
    assert g.state.air["vf-15-1"].box == "cap" and g.state.air["vf-15-1"].cap_over == "tg-58-1"
    g.apply({"kind": "cap_on", "air": "vf-15-2"})
    assert g.state.tfs["tg-58-1"].hex == "2113"  # once a turn, not once a fighter
    moves = [e for e in g.events if e.rule == "15.3" and e.kind == "move"]
    assert len(moves) == 1 and moves[0].data["to"] == "2113"
    g.apply({"kind": "cap_alloc_done"})
    until_move_of(g, "tg-58-1")
    assert g.decision.data["mp_left"] == 4  # turn 1, Essex's odd-turn speed: the CAP move cost no MP


def test_15_3_a_tg_inside_a_tf_moves_the_whole_tf() -> None:
    g = _cap_game(WIND, in_tf=True)
    _to_cap(g)
    g.apply({"kind": "cap_on", "air": "vf-15-1"})
    assert g.state.flags["clash"]["tfs"]["tf-58"]["hex"] == "2113"
    assert g.state.tfs["tg-58-1"].hex == g.state.tfs["tg-58-2"].hex == "2113"


def test_15_3_rule_off_cap_moves_nothing() -> None:
    g = _cap_game(None)
    _to_cap(g)
    g.apply({"kind": "cap_on", "air": "vf-15-1"})
    assert g.state.tfs["tg-58-1"].hex == "2012" and not [e for e in g.events if e.rule == "15.3"]


# -- a whole game with the wind ---------------------------------------------------------------------------------------


def test_15_3_a_random_game_with_the_wind_plays_to_the_end_and_leaks_nothing() -> None:
    """The conformance leak check (``test_leaks``) at every decision of a seeded random game of 16.1 with 15.3 on:
    neither side meets a name it has not found in its view, its options or its log; wind moves show the enemy a
    marker label only."""
    seed = 2
    r = real_rules_until_subs()
    g = Game(r, r.load_scenario("historical"), seed=seed, scenario_ref="historical", options=WIND)
    bots = {p: RandomBot(p, seed) for p in g.players}
    before = {p: hidden(g, p) for p in g.players}
    found: dict[str, set[str]] = {p: set() for p in g.players}
    seen, n = len(g.events), 0
    while True:
        where = f"seed {seed}, decision {n}"
        new = g.events[seen:]
        seen = len(g.events)
        for p in g.players:
            now = hidden(g, p)
            found[p] |= before[p] - now
            if now:
                check_names(event_texts(new, p), (before[p] & now) - found[p], f"{where}, {p}'s new events")
                check_names(decision_texts(g, p, view=n % 4 == 0), now - found[p], f"{where}, {p}")
            before[p] = now
        if g.decision is None:
            break
        assert n < 20_000, f"{where}: the game does not end"
        g.apply(bots[g.decision.player].choose({}, g.decision))
        n += 1
    assert g.over and g.result["winner"] in ("IJN", "USN")
    wind = [e for e in g.events if e.rule == "15.3" and e.kind == "move"]
    assert any("CAP" in e.text for e in wind) and any("bombers" in e.text for e in wind)
    for e in g.events:
        if e.rule == "15.3" and e.kind == "move_public":  # the enemy reads labels, never a TG's id (3.1.6)
            assert e.data["formation"] not in g.state.tfs or not state.labels(g.state)
