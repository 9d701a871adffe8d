"""Clash surface combat (12.0-12.9): each way it differs from Imperial Sunset's 8.3, through Game.apply with
scripted dice on the game's own data.

Placement (12.2) by day: IJN box = roll + 1, USN box = roll + 12; by night: IJN roll + 3, USN roll + 10. Each test's
dice start with the two initiative rolls (IJN, USN), then one placement roll per unit, IJN units first.
"""

from __future__ import annotations

from typing import Any

import pytest
from clash_surface_kit import HEX, battle, default, kinds, play, record, rolls

from leyte.core.errors import LeyteError
from leyte.core.game import Action, Context, Decision, Game


def _decisions(g: Game, policy: Any = None, **kw: Any) -> list[Decision]:
    seen: list[Decision] = []

    def wrap(d: Decision) -> Action | None:
        seen.append(d)
        return policy(d) if policy else None
    play(g, wrap, **kw)
    return seen


def _round_above(n: int) -> Any:
    return lambda g: (record(g) or {}).get("round", 0) > n


def _fire_at(target: str) -> Any:
    return lambda d: next((o for o in d.options if o.kind == "fire" and o["target"] == target), None)


def _west_or_north(g: Game, h: str) -> bool:
    p = g.state.data.map.layout.parse_label
    (c, r), (c0, r0) = p(h), p(HEX)
    return c < c0 or (c == c0 and r < r0)


# -- 12.1 initiative ------------------------------------------------------------------------------------------------


def test_12_1_initiative_is_rolled_once_before_deployment_ties_rerolled() -> None:
    g = battle(["atago"], ["washington"], [3, 3, 2, 7, 9, 10])
    init = rolls(g, rule="12.1")
    assert [r["raw"] for r in init] == [3, 3, 2, 7]  # the tie is rolled again
    assert record(g)["order"] == ["USN", "IJN"]
    seen = _decisions(g, until=_round_above(2))
    assert len(rolls(g, rule="12.1")) == 4  # never again in later rounds (ruling R-28)
    moves = [d.player for d in seen if d.kind == "surface_move"]
    assert moves == ["USN", "IJN", "USN", "IJN"]  # the USN moves first in round 1 and in round 2


# -- 12.2 deployment ------------------------------------------------------------------------------------------------


def test_12_2_one_placement_roll_per_unit_every_counter_face_up() -> None:
    g = battle(["atago", "takao", "div-61"], ["washington", "desrn-52"], [6, 1, 1, 5, 9, 2, 10])
    place = rolls(g, rule="12.2")
    assert len(place) == 5 and all(r["table"] == "surface_placement_day" for r in place)
    assert {s: g.state.stack[-2]["display"][s]["area"] for s in ("atago", "takao", "div-61", "washington",
                                                                 "desrn-52")} == {
        "atago": 2, "takao": 6, "div-61": 10, "washington": 14, "desrn-52": 22}
    assert "battle_alias" not in kinds(g)
    ijn_view = {s["id"]: s for s in g.view("IJN")["battle"]["ships"]}
    assert {"washington", "desrn-52"} <= set(ijn_view)  # named, not aliased
    assert ijn_view["washington"]["hits"] is None  # the foe's damage stays hidden


def test_12_2_night_uses_the_night_boxes() -> None:
    g = battle(["atago"], ["washington"], [6, 1, 5, 5], day=False)
    assert rolls(g, rule="12.2")[0]["table"] == "surface_placement_night"
    assert (record(g)["display"]["atago"]["area"], record(g)["display"]["washington"]["area"]) == (8, 15)


# -- 12.5 gunnery ---------------------------------------------------------------------------------------------------


def test_12_5_no_designation_fire_in_initiative_order_and_hits_land_together() -> None:
    # Atago box 10, Washington box 13 (range 3); USN initiative. Washington rolls 10 (+1 USN = 11: 5 hits, Atago
    # sinks), yet Atago still fires its roll of 1 in the same segment.
    g = battle(["atago"], ["washington"], [1, 6, 9, 1, 10, 1])
    seen = _decisions(g, lambda d: _fire_at("atago")(d) or _fire_at("washington")(d))
    fire = [d.player for d in seen if d.kind == "gunnery_fire"]
    assert fire == ["USN", "IJN"] and "gunnery_designate" not in [d.kind for d in seen]
    gun = rolls(g, rule="12.5")
    assert [r["raw"] for r in gun] == [10, 1]
    ev = g.events
    first_damage = next(i for i, e in enumerate(ev) if e.kind == "damage")
    assert all(i < first_damage for i, e in enumerate(ev) if e.kind == "roll" and e.data["roll"]["rule"] == "12.5")
    assert g.state.ships["atago"].sunk and g.state.ships["washington"].hits == 0
    assert [e.data["reason"] for e in ev if e.kind == "battle_end"] == ["no ships left on one side"]
    assert g.state.tfs["usn"].hex == HEX and g.state.tfs["usn"].mp_markers == 0  # the winner stays, no marker


def test_12_5_a_second_shooter_at_the_same_target_is_not_halved() -> None:
    g = battle(["yamato"], ["washington", "north-carolina"], [1, 6, 9, 1, 1, 1, 1])
    play(g, _fire_at("yamato"), until=lambda g: len(rolls(g, rule="12.5")) == 2)
    col = str(g.state.data.table("damage").column_for(14))
    assert [str(r["column"]) for r in rolls(g, rule="12.5")] == [col, col]
    assert all({m["source"]: m["value"] for m in r["modifiers"]} == {"USN (12.5)": 1} for r in rolls(g, rule="12.5"))


def test_12_5_no_moved_marker_and_no_mp_lost_for_firing() -> None:
    # Atago (speed 4 in odd rounds, 5 in even) moves 4 boxes from 10 to 14, then fires at Washington in box 22
    g = battle(["atago"], ["washington"], [6, 1, 9, 10, 5])

    def policy(d: Decision) -> Action | None:
        if d.kind == "surface_move" and d.data["ship"] == "atago" and record(g)["round"] == 1:
            return next(o for o in d.options if o["area"] == 14)
        return _fire_at("washington")(d)
    seen = _decisions(g, policy, until=lambda g: (record(g) or {}).get("round") == 2
                      and g.decision.kind == "surface_move" and g.decision.data["ship"] == "atago")
    (gun,) = rolls(g, rule="12.5")
    assert {m["source"]: m["value"] for m in gun["modifiers"]} == {"range 8 areas (12.5)": -3}
    assert "moved" not in kinds(g)
    d = record(g)["display"]["atago"]
    assert d["moved"] is False and d["mp"] == 0
    assert g.decision.data["speed"] == 5 and len(g.decision.options) == 11  # full speed: boxes 9-19
    assert len(seen) > 0


# -- 12.6 torpedoes -------------------------------------------------------------------------------------------------


def test_12_6_torpedoes_once_per_battle_with_one_attack() -> None:
    # DES RN 52 (4 damage points: the sister game would give it 4 rolls) fires once, at range 3, rolling a 1
    g = battle(["yamato"], ["desrn-52"], [1, 6, 9, 1, 1])

    def policy(d: Decision) -> Action | None:
        return next((o for o in d.options if o.kind == "torpedo_fire"), None)
    seen = _decisions(g, policy, until=_round_above(2))
    assert [d.kind for d in seen].count("torpedo") == 1  # not offered again in round 2
    torp = [r for r in rolls(g, rule="12.6") if r["table"] == "damage"]
    assert len(torp) == 1 and torp[0]["raw"] == 1
    assert record(g)["torps_fired"] == ["desrn-52"]
    assert g.state.ships["desrn-52"].torpedo_used is False  # a later battle may fire again


def test_9_3_a_surface_torpedo_hit_rolls_a_critical_per_hit() -> None:
    # Atago torpedoes Washington at range 3: a 10 on the 6 column is 2 hits, each rolled on the critical table
    g = battle(["atago"], ["washington"], [6, 1, 9, 1, 10, 1, 1])
    play(g, lambda d: next((o for o in d.options if o.kind == "torpedo_fire"), None),
         until=lambda g: g.state.ships["washington"].hits > 0)
    crit = rolls(g, rule="9.3")
    assert len(crit) == 2 and all(r["table"] == "critical_hit" for r in crit)
    assert g.state.ships["washington"].hits == 2


# -- 12.4 smoke, 12.5 night spotting --------------------------------------------------------------------------------


def test_12_4_smoke_is_laid_at_night_stays_and_costs_1() -> None:
    # night: DES DIV 61 box 8, Washington box 14 (range 6); round 1 DES DIV 61 lays smoke in box 8; round 2
    # Washington fires through it
    g = battle(["div-61"], ["washington"], [6, 1, 5, 4, 5], day=False)

    def policy(d: Decision) -> Action | None:
        if d.kind == "smoke":
            return next(o for o in d.options if o["area"] == 8) if record(g)["round"] == 1 else None
        if d.kind == "gunnery_fire" and record(g)["round"] == 2:
            return _fire_at("div-61")(d)
        return None
    play(g, policy, until=lambda g: bool(rolls(g, rule="12.5")))
    assert record(g)["smoke"] == [8] and record(g)["round"] == 2
    (gun,) = rolls(g, rule="12.5")
    assert {m["source"]: m["value"] for m in gun["modifiers"]} == {
        "range 6 areas (12.5)": -2, "destroyer target (12.5)": -3, "USN (12.5)": 1, "smoke (12.4)": -1}


@pytest.mark.parametrize(("usn_roll", "ijn_may_fire"), [(5, False), (4, True)])
def test_12_5_night_spotting_ijn_6_usn_18(usn_roll: int, ijn_may_fire: bool) -> None:
    # night: Atago box 8; Washington box 15 (7 boxes: beyond IJN spotting) or 14 (6 boxes). Washington fires first
    # (USN initiative); a ship that fired is not thereby spotted, so Atago gets no gunnery or torpedo target at 7.
    g = battle(["atago"], ["washington"], [1, 6, 5, usn_roll, 1, 1], day=False)
    seen = _decisions(g, lambda d: _fire_at("atago")(d) if d.player == "USN" else None, until=_round_above(1))
    ijn = [d.kind for d in seen if d.player == "IJN"]
    assert ("gunnery_fire" in ijn) is ijn_may_fire and ("torpedo" in ijn) is ijn_may_fire
    assert "gunnery_fire" in [d.kind for d in seen if d.player == "USN"]


# -- 12.3 exits -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("ship", "exit_roll", "leaves"), [("atago", 2, True), ("atago", 3, False),
                                                          ("div-61", 3, True)])
def test_12_3_a_unit_starting_in_box_1_leaves_on_a_roll_up_to_the_round(ship: str, exit_roll: int,
                                                                       leaves: bool) -> None:
    # the IJN unit starts in box 2 (no exit offered), moves to box 1 in round 1 (DES DIV 61 lays smoke there: -1
    # on the exit roll); in round 2 it rolls to leave: at most 2 leaves. Washington stays in box 22.
    g = battle([ship], ["washington"], [6, 1, 1, 10, exit_roll])
    offered: list[int] = []

    def policy(d: Decision) -> Action | None:
        if d.kind == "surface_move" and d.player == "IJN":
            if any(o.kind == "exit_display" for o in d.options):
                offered.append(record(g)["round"])
                return next(o for o in d.options if o.kind == "exit_display")
            return next(o for o in d.options if o["area"] == 1)
        if d.kind == "smoke" and record(g)["round"] == 1:
            return next(o for o in d.options if o["area"] == 1)
        return None
    play(g, policy, until=lambda g: bool(rolls(g, rule="12.3")) and g.decision.kind != "surface_move")
    assert offered == [2]
    (roll,) = rolls(g, rule="12.3")
    assert roll["raw"] == exit_roll
    assert roll["final"] == exit_roll - (1 if ship == "div-61" else 0)
    if not leaves:
        assert record(g) is not None and record(g)["display"][ship]["area"] == 1
        return
    play(g)
    assert [e.data["reason"] for e in g.events if e.kind == "battle_end"] == ["every IJN unit has left the display"]
    ijn, usn = g.state.tfs["ijn"], g.state.tfs["usn"]  # ruling R-29: as if the IJN had broken off
    assert usn.hex == HEX and usn.mp_markers == 0
    assert _west_or_north(g, ijn.hex) and ijn.mp_markers == 1


def test_12_3_no_exit_from_the_wrong_end() -> None:
    # Washington in box 22 may move to 25 but the USN exit is only offered to a unit that starts there
    g = battle(["atago"], ["washington"], [1, 6, 1, 10])
    seen = _decisions(g, until=_round_above(1))
    assert not any(o.kind == "exit_display" for d in seen for o in d.options)


def test_12_3_a_usn_unit_leaves_from_box_25() -> None:
    # Washington box 22 moves to 25 in round 1; in round 2 it rolls a 1 and leaves: the USN broke off
    g = battle(["atago"], ["washington"], [1, 6, 1, 10, 1])

    def policy(d: Decision) -> Action | None:
        if d.kind == "surface_move" and d.player == "USN":
            return next((o for o in d.options if o.kind == "exit_display"), None) or \
                next(o for o in d.options if o["area"] == 25)
        return None
    play(g, policy)
    (roll,) = rolls(g, rule="12.3")
    assert roll["raw"] == 1 and roll["modifiers"] == []
    assert [e.data["reason"] for e in g.events if e.kind == "battle_end"] == ["every USN unit has left the display"]
    st = g.state
    assert st.tfs["ijn"].hex == HEX and st.tfs["usn"].mp_markers == 1 and not _west_or_north(g, st.tfs["usn"].hex)


def test_12_9_equal_undamaged_units_after_round_8_a_coin_flip_decides() -> None:
    # one undamaged unit a side; the scripted draw 2 (of 2) keeps the USN in the hex
    g = battle(["atago"], ["washington"], [6, 1, 1, 10, 2])
    play(g)
    draws = [e for e in g.events if e.kind == "draw"]
    assert len(draws) == 1 and draws[0].rule == "12.9" and draws[0].data == {"index": 1, "of": 2}
    assert g.state.tfs["usn"].hex == HEX and g.state.tfs["ijn"].hex != HEX


# -- 12.8 / 12.9 end of battle --------------------------------------------------------------------------------------


def test_12_8_no_choice_after_round_8_and_the_side_with_more_undamaged_units_stays() -> None:
    # 20 boxes apart, everyone holds fire: eight rounds. Takao starts damaged, so the IJN has 1 undamaged unit
    # against the USN's 2: the IJN retreats.
    g = battle(["atago", "takao"], ["washington", "north-carolina"], [6, 1, 1, 1, 10, 10], hits={"takao": 1})
    seen = _decisions(g)
    assert [d.data["round"] for d in seen if d.kind == "disengage" and d.player == "IJN"] == [1, 2, 3, 4, 5, 6, 7]
    assert not rolls(g, rule="12.8")
    ends = [e for e in g.events if e.kind == "battle_end"]
    assert ends[0].data == {"reason": "8 Battle Rounds fought", "round": 8}
    assert ends[1].data == {"undamaged": {"IJN": 1, "USN": 2}}
    assert g.state.tfs["usn"].hex == HEX and _west_or_north(g, g.state.tfs["ijn"].hex)
    assert g.state.tfs["ijn"].mp_markers == 1


def test_12_9_both_disengage_both_retreat_a_tf_as_one() -> None:
    tf58 = {"id": "tf-58", "name": "TF 58", "side": "USN", "hex": HEX}
    extra = [{"id": "usn2", "name": "USN2", "side": "USN", "hex": HEX, "ships": ["north-carolina"], "tf": "tf-58"}]
    g = battle(["atago"], ["washington"], [6, 1, 1, 10, 10], tfs=[tf58], usn_tf="tf-58", extra=extra,
               formations={"IJN": ["ijn"], "USN": ["tf-58"]})
    assert set(record(g)["display"]) == {"atago", "washington", "north-carolina"}
    play(g, lambda d: next((o for o in d.options if o.kind == "disengage" and o["disengage"]), None))
    assert not rolls(g, rule="12.8")
    st = g.state
    from leyte.rulebooks.clash import state

    new = state.extras(st)["tfs"]["tf-58"]["hex"]
    assert new != HEX and st.tfs["usn"].hex == new and st.tfs["usn2"].hex == new
    assert st.tfs["usn"].mp_markers == 1 and st.tfs["usn2"].mp_markers == 1
    assert _west_or_north(g, st.tfs["ijn"].hex) and st.tfs["ijn"].mp_markers == 1


# -- 12.0 the frame's parameters, 12.7 not built --------------------------------------------------------------------


@pytest.mark.parametrize(("formations", "why"), [
    ({"IJN": ["ijn"], "USN": ["nobody"]}, "no TG or TF 'nobody'"),
    ({"IJN": ["ijn"], "USN": ["far"]}, "far is in 0101"),
    ({"IJN": ["ijn"], "USN": ["ijn"]}, "not a USN formation"),
    ({"IJN": ["ijn"]}, "the USN has no naval unit"),
    ({"IJN": ["ijn"], "USN": "usn"}, "formations must map IJN and USN to lists"),
    ({"IJN": ["ijn"], "USN": ["tf-far"]}, "tf-far is in 0101"),
])
def test_12_0_bad_formations_are_refused(formations: dict[str, list[str]], why: str) -> None:
    far = [{"id": "far", "name": "FAR", "side": "USN", "hex": "0101", "ships": ["indianapolis"]},
           {"id": "far2", "name": "FAR2", "side": "USN", "hex": "0101", "ships": ["wasp"], "tf": "tf-far"}]
    tf_far = {"id": "tf-far", "name": "TF FAR", "side": "USN", "hex": "0101"}
    with pytest.raises(LeyteError, match=r"12\.0: .*" + why.replace("(", r"\(")):
        battle(["atago"], ["washington"], [6, 1], extra=far, tfs=[tf_far], formations=formations)


def _launch(d: Decision) -> Action | None:
    """Fly the Ready aircraft at the first ship offered (12.7)."""
    for kind in ("strike_launch", "strike_add"):
        o = next((o for o in d.options if o.kind == kind), None)
        if o is not None:
            return o
    return next((o for o in d.options if o.kind == "surface_air" and o["launch"]), None)


def test_12_7_by_day_ready_aircraft_attack_a_ship_and_only_that_ship_fires_aa() -> None:
    air = [{"id": "vb-14", "parent": "wasp"}]
    g = battle(["atago", "takao"], ["wasp"], [], air=air, seed=3)
    # the rules object itself (Game.apply would replay the game from its position, which this kit bypasses)
    for _ in range(300):
        d = g.rules.decision(g.state)
        if d is None or d.kind == "test_end" or g.state.air["vb-14"].box == "flown":
            break
        g.rules.apply(g.state, _launch(d) or default(g, d), Context(g.dice, g.events))
    assert g.state.air["vb-14"].box == "flown"  # it flew its attack and is back in the Flown box
    launch = [e for e in g.events if e.kind == "strike" and "launches an air attack" in e.text]
    assert len(launch) == 1 and launch[0].rule == "12.7"
    aimed = next(e for e in g.events if e.kind == "air_target" and e.seen_by("USN")).text.split(" will attack ")[1]
    aa = rolls(g, table="aa")
    assert aa and all(aimed.lower() in r["purpose"].lower() and "target ship" in r["purpose"] for r in aa)
    assert not any(e.kind == "cap" for e in g.events)  # no CAP meets it (12.7)
    assert any(e.kind == "damage" or (e.kind == "roll" and "bombs" in e.text) for e in g.events)
    g = battle(["atago"], ["wasp"], [6, 1, 1, 10], air=air, day=False)  # at night no aircraft fly (12.2, 12.7)
    assert not any(d.kind == "surface_air" for d in _decisions(g, until=_round_above(1)))
