"""An activated TG or TF: search, then movement, then air strikes (ruling R-1; 7.0-7.2, 8.0), the limits on moving
(7.1, 3.3, 16.1.4) with refusals naming their cases, and the worked example of 8.7.

Search is the real search module's (6.0-6.5): a test that needs a find states it in the position (``detected``), and
the defender's reports are answered honestly (the first option)."""

from __future__ import annotations

from typing import Any

import pytest
from clash_kit import game
from test_sequence_kit import DAYS, NIGHTS, SEARCH_DECISIONS, detections, position, real_game, searches_by, tg

from leyte.core.errors import IllegalAction
from leyte.rulebooks.clash import movement, search


def neutral(g: Any) -> None:
    """Play a decision that is not under test: stop moving, pass the chit, end the activation."""
    d = g.decision
    if d.kind in SEARCH_DECISIONS:  # the defender reports honestly
        g.apply(d.options[0])
        return
    g.apply(next((o for o in d.options if o.kind in ("end_move", "chit_pass", "end_activation")), d.options[-1]))


def until_move_of(g: Any, formation: str) -> None:
    while not (g.decision.kind == "clash_move" and g.decision.data["formation"] == formation):
        assert not g.over, f"{formation} never moved"
        if g.decision.kind == "command_chit" and g.decision.player == "USN" and formation.startswith("tg"):
            g.apply({"kind": "chit_pass"})
            continue
        neutral(g)


def refused(g: Any, action: dict[str, Any]) -> IllegalAction:
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert g.to_json() == before and action not in [o.to_dict() for o in g.legal_actions()]
    return e.value


def dist(g: Any, a: str, b: str) -> int:
    m = g.state.data.map
    return m.hex(a).distance(m.hex(b))


# -- the worked example of 8.7 ------------------------------------------------------------------------------------

STAND_IN = "tg-58-7"  # ruling R-13: the example's TG 58.7 has no carriers, so this stand-in carries Essex's air group
TARGET_HEX = "1410"


def example_8_7() -> Any:  # the example's search found Force B (ruling R-1: search comes first)
    usn = tg(STAND_IN, "2012", ["washington", "essex"], name="TG 58.7 (stand-in with a carrier, ruling R-13)",
             mp_markers=1)
    ijn = tg("force-b", TARGET_HEX, ["junyo"], side="IJN")
    air = [{"id": a, "parent": "essex", "box": "ready"} for a in ("vf-15-1", "vb-15", "vt-15")]
    return real_game(position([usn, ijn], turn=2, phase="activation", air=air, detected=detections("USN", "force-b")))


def test_8_7_example_5_mp_less_1_searches_moves_2_toward_then_2_southeast_then_strikes() -> None:
    g = example_8_7()
    until_move_of(g, STAND_IN)
    mp = next(e for e in g.events if e.kind == "mp" and e.data["formation"] == STAND_IN)
    assert (mp.rule, mp.data["speed"], mp.data["penalty"], mp.data["mp"]) == ("7.1", 5, 1, 4)  # 4/5, even turn
    assert g.decision.data["mp_left"] == 4 and g.state.tfs[STAND_IN].mp_markers == 0
    searched = [g.events.index(e) for e in searches_by(g, STAND_IN)]
    assert searched  # it searched before its first move (ruling R-1)
    m = g.state.data.map
    for _ in range(2):  # 2 MP toward the target
        here = g.decision.data["hex"]
        to = min((o["to"] for o in g.decision.options if o.kind == "move"), key=lambda h: (dist(g, h, TARGET_HEX), h))
        g.apply({"kind": "move", "to": to})
        assert dist(g, to, TARGET_HEX) == dist(g, here, TARGET_HEX) - 1
    for _ in range(2):  # its last 2 MP to the southeast
        here = g.decision.data["hex"]
        col, row = m.layout.parse_label(here)
        se = max((o["to"] for o in g.decision.options if o.kind == "move"
                  and m.layout.parse_label(o["to"])[0] == col + 1), key=lambda h: m.layout.parse_label(h)[1])
        g.apply({"kind": "move", "to": se})
    moves = [e for e in g.events if e.kind == "move" and e.data.get("formation") == STAND_IN]
    assert len(moves) == 4 and moves[-1].data["mp_left"] == 0
    assert min(searched) < g.events.index(moves[0])
    d = g.decision  # no MP left: on to the air strike (8.0), launching costs nothing (family switch launch_mp)
    assert (d.kind, d.rule) == ("clash_strike", "8.0")
    strike = next(o for o in d.options if o.kind == "clash_strike")
    assert (strike["launcher"], strike["hex"]) == (STAND_IN, TARGET_HEX)
    g.apply(strike)
    top = g.state.stack[-1]
    assert top["kind"] == "strike_compose" and top["target"] == "tf:force-b" and top["source"] == {"tf": STAND_IN}
    assert g.decision.player == "USN"


# -- 7.1 and 7.2: movement points ----------------------------------------------------------------------------------


@pytest.mark.parametrize("turn, markers, mp", [(1, 0, 4), (3, 0, 4), (2, 0, 5), (2, 1, 4), (2, 2, 3), (2, 3, 3)])
def test_7_1_split_speeds_by_parity_and_7_2_markers_at_most_2(turn: int, markers: int, mp: int) -> None:
    usn = tg("tg-58-1", "2012", ["hornet", "washington"], mp_markers=markers)
    ijn = tg("force-a", "0210", ["taiho"], side="IJN")
    g = real_game(position([usn, ijn], turn=turn, phase="activation", record=NIGHTS))
    until_move_of(g, "tg-58-1")
    assert g.decision.data["mp_left"] == mp


def test_7_1_a_damaged_ship_slows_the_whole_tg() -> None:
    usn = tg("tg-58-1", "2012", ["hornet", "washington"])
    pos = position([usn, tg("force-a", "0210", ["taiho"], side="IJN")], turn=2, phase="activation", record=NIGHTS,
                   ships=[{"id": "washington", "hits": 3}])
    g = real_game(pos)
    until_move_of(g, "tg-58-1")
    from leyte.rulebooks.imperial_sunset.common import ship_speed
    slow = ship_speed(g.state, "washington")
    assert slow < 5 and g.decision.data["mp_left"] == slow


def test_7_1_refusals_name_the_case() -> None:
    g = real_game(position([tg("tg-58-1", "3606", ["hornet"]), tg("force-a", "0210", ["taiho"], side="IJN")],
                           turn=1, phase="activation", record=NIGHTS))
    until_move_of(g, "tg-58-1")
    e = refused(g, {"kind": "move", "to": "3406"})
    assert e.rule == "7.1" and "not adjacent" in e.reason
    e = refused(g, {"kind": "move", "to": "9999"})
    assert e.rule == "7.1" and "not a hex" in e.reason
    assert g.state.data.map.terrain(g.state.data.map.hex("3706")) == "partial"  # an island hex: ships enter (M-2)
    assert "3706" in {o["to"] for o in g.decision.options if o.kind == "move"}
    for _ in range(4):  # odd turn: 4 MP
        g.apply(next(o for o in g.decision.options if o.kind == "move"))
    assert g.decision is None or g.decision.kind != "clash_move" or g.decision.data["formation"] != "tg-58-1"
    assert len([e for e in g.events if e.kind == "move" and e.data.get("formation") == "tg-58-1"]) == 4


def test_7_1_a_dummy_moves_4_at_most() -> None:
    g = real_game(position([tg("usn-dummy-1", "2012", [], dummy=True), tg("tg-58-1", "2012", ["hornet"]),
                            tg("force-a", "0210", ["taiho"], side="IJN")], turn=2, phase="activation",
                           record=NIGHTS))
    until_move_of(g, "usn-dummy-1")
    assert g.decision.data["mp_left"] == 4


# -- entering an enemy hex ----------------------------------------------------------------------------------------


def test_7_1_entering_an_enemy_hex_ends_the_move_then_search_there_and_the_surface_battle() -> None:
    usn = tg("tg-58-1", "2012", ["hornet"])
    ijn = tg("force-a", "2010", ["taiho"], side="IJN", tf="mobile-fleet")
    mf = {"id": "mobile-fleet", "name": "Mobile Fleet", "side": "IJN", "hex": "2010"}
    g = real_game(position([usn, ijn], tfs=[mf], turn=1, phase="activation", record=NIGHTS))
    until_move_of(g, "tg-58-1")
    g.apply({"kind": "move", "to": "2011"})
    assert searches_by(g, "tg-58-1") == []  # at night, with no enemy in its hex, it did not search
    g.apply({"kind": "move", "to": "2010"})
    while g.decision.kind in SEARCH_DECISIONS:
        g.apply(g.decision.options[0])
    ends = [e for e in g.events if e.kind == "move" and e.data.get("hex") == "2010"]
    assert len(ends) == 1 and ends[0].rule == "7.1"
    rolls = [e for e in g.events if e.kind in ("search_result", "search_found") and e.rule == "6.2"]
    assert rolls, "6.2: both sides search in the shared hex"
    assert g.events.index(ends[0]) < g.events.index(rolls[0])
    battle = next(f for f in g.state.stack if f["kind"] in ("surface_battle", "clash_surface_battle"))
    assert battle["hex"] == "2010"
    assert any(e.rule.startswith("12.") for e in g.events[g.events.index(rolls[-1]):])


def test_6_5_a_dummy_entering_an_enemy_hex_stops_but_neither_searches_nor_fights() -> None:
    g = game(position([tg("usn-dummy-1", "2012", [], dummy=True), tg("force-a", "2011", ["taiho"], side="IJN")],
                      turn=1, last_turn=1, phase="activation", record=NIGHTS))
    until_move_of(g, "usn-dummy-1")
    g.apply({"kind": "move", "to": "2011"})
    assert g.decision is None or g.decision.kind != "clash_move" or g.decision.data["formation"] != "usn-dummy-1"
    assert searches_by(g, "usn-dummy-1") == [] and not any(e.kind == "battle_round" for e in g.events)


# -- 3.3 stacking --------------------------------------------------------------------------------------------------


def test_3_3_a_third_tg_may_not_enter_a_hex_with_two_friendly_tgs() -> None:
    tgs = [tg("tg-58-1", "2012", ["hornet"]), tg("tg-58-4", "2011", ["essex"]), tg("tg-52-10", "2011", ["idaho"]),
           tg("force-a", "0210", ["taiho"], side="IJN")]
    g = real_game(position(tgs, turn=1, phase="activation", record=NIGHTS))
    until_move_of(g, "tg-58-1")
    e = refused(g, {"kind": "move", "to": "2011"})
    assert e.rule == "3.3"


# -- 16.1.4 special rules ------------------------------------------------------------------------------------------


def _special_game(tgs: list[dict[str, Any]], *, turn: int, tfs: list[dict[str, Any]] | None = None,
                  air: list[dict[str, Any]] | None = None) -> Any:
    pos = position(tgs, tfs=tfs, turn=turn, phase="activation", record=NIGHTS, air=air or [])
    pos["special_rules"] = {k: v for k, v in real_game_rules().items()}
    return real_game(pos)


def real_game_rules() -> dict[str, Any]:
    from leyte.rulebooks.clash.rules import RULES

    return RULES.load_scenario("historical")["special_rules"]


TF58 = {"id": "tf-58", "name": "TF 58", "side": "USN", "hex": "3111"}


def test_16_1_4_cautious_spruance_keeps_tf_58_within_nine_hexes_of_saipan_until_turn_9() -> None:
    tgs = [tg("tg-58-2", "3111", ["wasp"], tf="tf-58"), tg("tg-58-3", "3111", ["enterprise"], tf="tf-58"),
           tg("force-a", "0210", ["taiho"], side="IJN")]
    g = _special_game(tgs, turn=1, tfs=[TF58])
    until_move_of(g, "tf-58")
    saipan = g.state.flags["clash"]["saipan_hex"]
    assert dist(g, "3111", saipan) <= 9
    while g.decision.kind == "clash_move" and g.decision.data["formation"] == "tf-58" and \
            g.decision.data["mp_left"] > 0:
        here = g.decision.data["hex"]
        far = [o["to"] for o in g.decision.options if o.kind == "move"]
        assert all(dist(g, h, saipan) <= 9 for h in far)
        outward = [g.state.data.map.label(n) for n in g.state.data.map.neighbours(g.state.data.map.hex(here))
                   if dist(g, g.state.data.map.label(n), saipan) > 9]
        if outward:
            e = refused(g, {"kind": "move", "to": outward[0]})
            assert e.rule == "16.1.4" and "Cautious Spruance" in e.reason
            return
        g.apply({"kind": "move", "to": max(far, key=lambda h: (dist(g, h, saipan), h))})
    raise AssertionError("TF 58 never reached the edge of its nine-hex leash")


def test_16_1_4_cautious_spruance_is_lifted_on_turn_9() -> None:
    tgs = [tg("tg-58-2", "3111", ["wasp"], tf="tf-58"), tg("force-a", "0210", ["taiho"], side="IJN")]
    g = _special_game(tgs, turn=9, tfs=[TF58])
    assert movement.spruance_rule(g.state, "tf-58") is None


def test_16_1_4_decisive_battle_no_ijn_move_west_while_carrier_air_is_ready() -> None:
    tgs = [tg("tg-58-1", "3810", ["hornet"]), tg("force-a", "1510", ["taiho"], side="IJN")]
    g = _special_game(tgs, turn=1, air=[{"id": "taiho-f4-1", "parent": "taiho", "box": "ready"}])
    until_move_of(g, "force-a")
    m = g.state.data.map
    west = [m.label(n) for n in m.neighbours(m.hex("1510")) if m.layout.parse_label(m.label(n))[0] == 14]
    for h in west:
        e = refused(g, {"kind": "move", "to": h})
        assert e.rule == "16.1.4" and "Decisive Battle" in e.reason
    assert {o["to"] for o in g.decision.options if o.kind == "move"} == \
        {m.label(n) for n in m.neighbours(m.hex("1510")) if m.layout.parse_label(m.label(n))[0] >= 15}


def test_16_1_4_decisive_battle_lifts_once_all_carrier_air_has_flown() -> None:
    tgs = [tg("tg-58-1", "3810", ["hornet"]), tg("force-a", "1510", ["taiho"], side="IJN")]
    g = _special_game(tgs, turn=1, air=[{"id": "taiho-f4-1", "parent": "taiho", "box": "flown"}])
    until_move_of(g, "force-a")
    g.apply({"kind": "move", "to": "1410"})
    assert g.state.tfs["force-a"].hex == "1410"


# -- 8.0 air strikes -------------------------------------------------------------------------------------------------


def test_r9_no_strike_is_offered_at_night_even_on_a_detected_target() -> None:
    usn = tg("tg-58-1", "2012", ["essex"])
    air = [{"id": "vb-15", "parent": "essex", "box": "ready"}]
    g = real_game(position([usn, tg("force-a", "2008", ["taiho"], side="IJN")], turn=1, phase="activation",
                           record=NIGHTS, air=air, detected=detections("USN", "force-a")))
    until_move_of(g, "tg-58-1")
    g.apply({"kind": "end_move"})
    assert g.decision is None or g.decision.kind != "clash_strike"


def test_8_0_only_detected_targets_and_a_random_tg_in_a_tf_hex() -> None:
    usn = tg("tg-58-1", "2012", ["essex"])
    ijn = [tg("force-a", "2006", ["taiho"], side="IJN", tf="mobile-fleet"),
           tg("force-b", "2006", ["junyo"], side="IJN", tf="mobile-fleet"),
           tg("force-c", "2016", ["chitose"], side="IJN")]  # in range but never detected
    mf = {"id": "mobile-fleet", "name": "Mobile Fleet", "side": "IJN", "hex": "2006"}
    air = [{"id": "vb-15", "parent": "essex", "box": "ready"}]
    g = real_game(position([usn, *ijn], tfs=[mf], turn=2, phase="activation", record=DAYS, air=air,
                           detected=detections("USN", "mobile-fleet")), seed=2)
    until_move_of(g, "tg-58-1")
    assert not search.detected(g.state, "USN", "carrier", "force-c")  # seed 2: the real air search rolls a miss
    g.apply({"kind": "end_move"})
    d = g.decision
    strikes = [o for o in d.options if o.kind == "clash_strike"]
    assert [o["hex"] for o in strikes] == ["2006"]
    e = refused(g, {"kind": "clash_strike", "launcher": "tg-58-1", "hex": "2016"})
    assert e.rule == "8.0" and "detected" in e.reason
    g.apply(strikes[0])
    pick = [e for e in g.events if e.kind == "draw" and e.rule == "8.0"]
    assert len(pick) == 1 and pick[0].data["of"] == 2 and pick[0].visible == ("IJN",)  # the defender's chart
    assert g.state.stack[-1]["target"] in ("tf:force-a", "tf:force-b")


# -- 16.1.4 Decisive Battle Mentality: the duty to strike (ruling R-35) ------------------------------------------------


def _decisive_game(usn_carriers: list[str], detect: bool, seed: int = 1) -> Any:
    usn = tg("tg-58-1", "2012", usn_carriers)
    ijn = tg("force-a", "1412", ["taiho"], side="IJN")  # 6 hexes: in reach of the 12-MP IJN carrier units
    air = [{"id": a, "parent": "taiho", "box": "ready"} for a in ("taiho-db5-1", "taiho-t3-1")]
    pos = position([usn, ijn], turn=8, last_turn=8, phase="activation", air=air, special_rules=real_game_rules(),
                   detected=detections("IJN", "tg-58-1") if detect else {})
    g = real_game(pos, seed=seed)
    while not g.over:
        neutral(g)  # the IJN ends its activation without striking
    return g


def test_r35_no_strike_on_a_detected_three_carrier_tg_in_reach_loses_at_the_end_of_turn_8() -> None:
    g = _decisive_game(["hornet", "yorktown", "belleau-wood"], True)
    assert (g.result["level"], g.result["winner"]) == ("Decisive US Victory", "USN")
    assert g.result["reason"].startswith("16.1.4") and g.events[-1].rule == "16.1.4"


@pytest.mark.parametrize("carriers, detect, seed", [(["hornet", "yorktown"], True, 1),
                                                    (["hornet", "yorktown", "belleau-wood"], False, 4)])
def test_r35_no_duty_without_a_detected_tg_of_three_carriers(carriers: list[str], detect: bool, seed: int) -> None:
    g = _decisive_game(carriers, detect, seed)
    found = [e for e in g.events if e.kind == "search_result" and e.data["target"] == "tg-58-1" and e.data["found"]]
    assert detect or not found  # seed 4: the IJN's real search rolls miss the three-carrier TG
    assert g.result["reason"] == "end of turn 8, the last turn"
    assert any(e.rule == "16.1.4" and "no USN carrier TG" in e.text for e in g.events)


def test_3_3_tgs_of_a_hex_crowded_at_the_end_of_the_initial_phase_must_move_out() -> None:
    tgs = [tg("tg-58-1", "2811", ["hornet"]), tg("tg-58-4", "2811", ["essex"]), tg("tg-52-10", "2811", ["idaho"]),
           tg("force-a", "0210", ["taiho"], side="IJN")]
    g = game(position(tgs, last_turn=1, record=NIGHTS))
    g.apply({"kind": "done"})
    g.apply({"kind": "done"})  # no TF in 2811 to join: allowed, but the TGs must split up in their moves (3.3)
    assert g.state.flags["must_disperse"]["USN"] == ["2811"]
    first = None
    while first is None:
        d = g.decision
        if d.kind == "clash_move" and d.data["formation"] in ("tg-58-1", "tg-58-4", "tg-52-10"):
            first = d.data["formation"]
        else:
            neutral(g)
    assert "end_move" not in {o.kind for o in g.decision.options}
    e = refused(g, {"kind": "end_move"})
    assert e.rule == "3.3" and "must leave 2811" in e.reason
    g.apply(next(o for o in g.decision.options if o.kind == "move"))
    g.apply({"kind": "end_move"})  # out of the crowded hex, it may stop
    while not g.over:
        d = g.decision
        if d.kind == "clash_move" and d.data["hex"] == "2811":
            assert "end_move" in {o.kind for o in d.options}  # two TGs left in 2811: within 3.3's limit
        neutral(g)
    assert sum(1 for t in ("tg-58-1", "tg-58-4", "tg-52-10") if g.state.tfs[t].hex == "2811") <= 2


def test_7_3_a_detached_ship_never_sails_into_an_enemy_hex() -> None:
    from clash_kit import rules

    field = movement._route_field(rules().data(), "USN")
    route = ["2013"]
    while field[route[-1]] != route[-1]:
        route.append(field[route[-1]])
    blocker = route[3]  # an IJN TG sits on the damaged ship's way out, three hexes along
    pos = position([tg("tg-52-10", "3712", ["new-mexico"]), tg("force-a", blocker, ["taiho"], side="IJN")],
                   turn=5, phase="end_phase", record=NIGHTS,
                   ships=[{"id": "idaho", "hits": 1, "independent": True, "hex": "2013"}])
    g = game(pos)
    assert g.state.ships["idaho"].hex == route[2] and not g.state.ships["idaho"].exited
