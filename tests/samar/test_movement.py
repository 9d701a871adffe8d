"""Movement (4.0-4.7) and the sequence of play (3.3, 3.5) through the public API."""

from __future__ import annotations

from typing import Any

import pytest
from samar_play import game, move_ship

import leyte


def ship(sid: str, hexl: str, facing: int = 0, **kw: Any) -> dict[str, Any]:
    return {"id": sid, "hex": hexl, "facing": facing, **kw}


def mv(ships: list[dict[str, Any]], first: str = "IJN", **kw: Any) -> leyte.Game:
    g = game(ships, start="movement", **kw)
    g.apply({"kind": "first_mover", "side": first})
    return g


def straight(g: leyte.Game, sid: str, n: int, smoke: bool = False) -> None:
    for _ in range(n):
        f = g.state.ships[sid].facing
        to = next(o["to"] for o in g.decision.options if o.kind == "advance" and o["facing"] == f)
        g.apply({"kind": "advance", "ship": sid, "to": to, "facing": f, "smoke": smoke})


def speeds(g: leyte.Game) -> dict[str, int]:
    return {o["speed"]: int(o.text.split("(")[1].split()[0]) for o in g.decision.options}


def test_4_1_speed_choices_battle_cruise_flank_evasive() -> None:
    g = mv([ship("yamato", "1020"), ship("johnston", "1040")])
    g.apply({"kind": "move_ship", "ship": "yamato"})
    assert speeds(g) == {"battle": 4, "cruise": 3, "flank": 5, "evasive": 4}  # maneuver 1: +1 on the first turn
    g = mv([ship("yamato", "1020", speed="flank", speed_since=1), ship("johnston", "1040")])
    g.apply({"kind": "move_ship", "ship": "yamato"})
    assert speeds(g) == {"flank": 6, "battle": 4}  # no straight drop to cruise
    g = mv([ship("yamato", "1020"), ship("johnston", "1040", speed="cruise")], first="USN")
    g.apply({"kind": "move_ship", "ship": "johnston"})
    assert speeds(g) == {"cruise": 3, "battle": 6}  # 3 + maneuver 3, at most 6; no straight jump to flank
    g = mv([ship("yamato", "1020"), ship("johnston", "1040")], first="USN")
    g.apply({"kind": "move_ship", "ship": "johnston"})
    assert speeds(g) == {"battle": 6, "cruise": 3, "flank": 8, "evasive": 6}
    g = mv([ship("yamato", "1020"), ship("gambier_bay", "1040")], first="USN")
    g.apply({"kind": "move_ship", "ship": "gambier_bay"})
    assert "flank" not in speeds(g)  # H


def test_4_0_a_ship_moves_its_full_speed_straight_across_its_bow() -> None:
    g = mv([ship("yamato", "1020"), ship("johnston", "1040")])
    move_ship(g, "yamato", "flank")
    opts = g.decision.options
    assert {o["facing"] for o in opts} == {5, 0, 1}  # maneuver 1: one hexside either way on entering
    straight(g, "yamato", 5)
    assert g.state.ships["yamato"].hex == "1015" and "yamato" in g.state.moved


def test_4_2_turning_on_entering_and_slowed_ships_cannot_turn() -> None:
    g = mv([ship("yamato", "1020"), ship("johnston", "1040")], first="USN")
    move_ship(g, "johnston", "battle")
    assert {o["facing"] for o in g.decision.options} == set(range(6))  # maneuver 3
    g.apply({"kind": "advance", "ship": "johnston", "to": "1039", "facing": 2, "smoke": False})
    j = g.state.ships["johnston"]
    assert (j.hex, j.facing) == ("1039", 2)
    g.apply({"kind": "advance", "ship": "johnston", "to": "1140", "facing": 2, "smoke": False})
    assert g.state.ships["johnston"].hex == "1140"  # even columns sit half a hex lower: SE of 1039 is 1140
    g = mv([ship("yamato", "1020"), ship("johnston", "1040", waterline=1)], first="USN")
    g.apply({"kind": "move_ship", "ship": "johnston"})  # slowed: speed 2 without asking
    assert {o["facing"] for o in g.decision.options} == {0}
    straight(g, "johnston", 2)
    assert g.state.ships["johnston"].hex == "1038"


def test_4_2_every_step_option_names_the_hex_it_enters() -> None:
    g = mv([ship("yamato", "1020"), ship("johnston", "1039", 2)], first="USN")
    move_ship(g, "johnston", "battle")
    opts = [o for o in g.decision.options if o.kind == "advance"]
    assert len(opts) == 12 and {o["to"] for o in opts} == {"1140"}  # SE of 1039 (even column), 6 facings x smoke
    assert all("to 1140" in o.text for o in opts)
    before = g.events_json()
    with pytest.raises(leyte.IllegalAction):  # a step into any other hex is refused and changes nothing
        g.apply({"kind": "advance", "ship": "johnston", "to": "1040", "facing": 2, "smoke": False})
    assert g.events_json() == before
    g.apply({"kind": "advance", "ship": "johnston", "to": "1140", "facing": 1, "smoke": False})
    nxt = {o["to"] for o in g.decision.options if o.kind == "advance"}
    assert nxt == {"1239"}  # NE of 1140: the even column 12 sits lower
    assert g.state.ships["johnston"].hex == "1140"


def test_4_0_hulks_and_dead_ships_do_not_move() -> None:
    g = mv([ship("yamato", "1020", waterline=2), ship("kumano", "1010", where="hulk", lost_turn=1),
            ship("johnston", "1040")])
    assert g.decision.player == "USN"  # the IJN had nothing to move


def test_4_5_smoke_is_laid_in_the_hex_left_and_removed_on_1_to_3() -> None:
    g = mv([ship("yamato", "1020"), ship("johnston", "1040")], first="USN", dice=[4, 3])
    move_ship(g, "johnston", "cruise")
    straight(g, "johnston", 3, smoke=True)
    assert g.state.smoke == {"1040": 1, "1039": 1, "1038": 1}
    move_ship(g, "yamato", "battle")
    straight(g, "yamato", 4)
    # removal phase: three smoke rolls, in label order 1038 (4 stays), 1039 (3 goes), 1040 (random)
    assert g.state.smoke.get("1038") == 1 and "1039" not in g.state.smoke


def test_4_3_fouling_hits_both_ships_and_criticals_are_waterline() -> None:
    # fouling roll 5 = hit on each; damage throws: Johnston 1 (hit), Dennis 5 (critical = waterline)
    g = mv([ship("yamato", "1001"), ship("johnston", "1012"), ship("dennis", "1011")], first="USN",
           dice=[5, 1, 5])
    move_ship(g, "johnston", "cruise")
    straight(g, "johnston", 1)
    j, d = g.state.ships["johnston"], g.state.ships["dennis"]
    assert (j.hits, j.waterline) == (1, 0) and (d.hits, d.waterline) == (1, 1)
    roll = [e for e in g.events if e.rule == "4.3" and e.kind == "roll"][0]
    assert roll.data["roll"]["final"] == 5


def test_4_3_fouling_modifiers_cruising_and_flank() -> None:
    g = mv([ship("yamato", "1001"), ship("johnston", "1012", speed="cruise"), ship("dennis", "1011", speed="cruise")],
           first="USN", dice=[6])
    move_ship(g, "johnston", "cruise")
    straight(g, "johnston", 1)
    roll = [e for e in g.events if e.rule == "4.3" and e.kind == "roll"][0]
    assert roll.data["roll"]["final"] == 5  # 6 - 1: every vessel cruising -> still a hit


def test_4_3_reaction_fire_for_every_point_blank_hex_entered_applies_at_once() -> None:
    # Johnston cruises 3 hexes north from 1009 towards Yamato in 1005: 1008 (range 3, nothing), 1007 and 1006
    # (range 2 and 1): two reaction fires of 5 - 2 point blank = 3 dice each
    g = mv([ship("yamato", "1005"), ship("johnston", "1009")], first="USN", dice=[1, 1, 1, 5, 1, 1, 1])
    move_ship(g, "johnston", "cruise")
    straight(g, "johnston", 2)
    react = [e for e in g.events if e.kind == "fire" and e.data["reaction"]]
    assert len(react) == 1 and react[0].data["dice"] == 3 and react[0].rule == "4.3"
    straight(g, "johnston", 1)
    react = [e for e in g.events if e.kind == "fire" and e.data["reaction"]]
    assert len(react) == 2 and react[1].data["hits"] == 1
    assert g.state.ships["johnston"].hits == 1  # at once, not at the end of the phase


def test_4_4_heavy_ships_may_run_aground_in_shallows() -> None:
    # Yamato (armor 9) steams south from 0229 into the shallows of 0230: All Other column, 1 = waterline = beached
    g = mv([ship("yamato", "0229", facing=3), ship("johnston", "1040")], dice=[1])
    move_ship(g, "yamato", "battle")
    straight(g, "yamato", 1)
    y = g.state.ships["yamato"]
    assert (y.where, y.beached) == ("hulk", True)
    # a destroyer (armor 1) treats shallows as open ocean: no roll
    g = mv([ship("yamato", "1001"), ship("johnston", "0229", facing=3)], first="USN")
    move_ship(g, "johnston", "battle")
    n = g.dice.count
    straight(g, "johnston", 1)
    assert g.dice.count == n and g.state.ships["johnston"].where == "map"


def test_4_6_steaming_off_the_map_from_an_edge_hex() -> None:
    g = mv([ship("yamato", "1002"), ship("johnston", "1040")])
    move_ship(g, "yamato", "battle")
    straight(g, "yamato", 1)
    assert [o.kind for o in g.decision.options] == ["leave_map"]
    g.apply(g.decision.options[0])
    y = g.state.ships["yamato"]
    assert y.where == "exited" and not y.exit_counted


def test_3_4_exits_count_after_the_map_is_cleared_and_20_armor_wins_at_once() -> None:
    D = leyte.rules("samar")
    ex = D.map.label(D.map.find("exit", "Leyte Gulf")[-1])
    g = mv([ship("yamato", ex, facing=3), ship("nagato", "1010")], cleared=True, exited_armor=12)
    move_ship(g, "yamato", "battle")
    g.apply({"kind": "leave_map", "ship": "yamato"})
    assert g.state.exited_armor == 21
    while not g.over:
        g.apply(g.decision.options[0])
    assert g.result["winner"] == "IJN" and g.result["level"] == "major" and g.result["exited"] == ["yamato"]


def test_3_4_victory_on_points_when_exits_are_between_the_thresholds() -> None:
    g = game([ship("kumano", "1010", where="hulk", lost_turn=16), ship("yamato", "1020"),
              ship("johnston", "1040", where="hulk", lost_turn=16), ship("hoel", "1041")],
             turn=16, start="movement", exited_armor=10, cleared=True)
    while not g.over:
        g.apply(g.decision.options[0])
    r = g.result
    assert r["points"] == {"IJN": 3, "USN": 1} and (r["winner"], r["level"]) == ("USN", "minor")


def test_4_7_panicked_ships_are_moved_by_the_opponent_and_recover_on_1_to_3() -> None:
    g = mv([ship("yamato", "1020"), ship("johnston", "1040", panic=True)], dice=[3])
    opts = g.decision.options
    assert g.decision.player == "IJN" and {o["ship"] for o in opts} == {"yamato", "johnston"}
    move_ship(g, "johnston", "battle")
    straight(g, "johnston", 6)
    move_ship(g, "yamato", "battle")
    straight(g, "yamato", 4)
    assert not g.state.ships["johnston"].panic  # USN panic removed on 1-3


def test_3_5_alternative_sequence_moves_by_speed_group() -> None:
    ships = [ship("yamato", "1020"), ship("kumano", "0520", speed="cruise"), ship("dennis", "2020", speed="cruise"),
             ship("johnston", "2520", speed="flank")]
    g = mv(ships, options={"alternate_movement": True})
    order = []
    while g.decision is not None and g.decision.kind != "first_mover":
        d = g.decision
        if d.kind == "select_ship":
            order.append((d.player, sorted(o["ship"] for o in d.options)))
            g.apply({"kind": "move_ship", "ship": d.options[0]["ship"]})
        else:
            g.apply(d.options[0])
        if g.state.phase != "movement":
            break
    assert order == [("IJN", ["kumano"]), ("USN", ["dennis"]), ("IJN", ["yamato"]), ("USN", ["johnston"])]


def test_3_3_the_ijn_player_chooses_who_moves_first() -> None:
    g = game([ship("yamato", "1020"), ship("johnston", "1040")], start="movement")
    d = g.decision
    assert (d.player, d.kind, d.rule) == ("IJN", "first_mover", "3.3")
    g.apply({"kind": "first_mover", "side": "USN"})
    assert g.decision.player == "USN"
