"""Surface combat (8.3) case by case, at the level of surface.py with scripted dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from test_damage_kit import Driver, add_air, make_state, ship_id

from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset import engine, strikes, surface
from leyte.rulebooks.imperial_sunset.engine import ask, frame, opt, pop
from leyte.rulebooks.imperial_sunset.rules import RULES
from leyte.rulebooks.imperial_sunset.state import State, TFState

data = RULES.data  # the game's static data, as its Rules object loads it

HEX = "3622"


@frame("test_activation_surface")
class _Activation:
    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision:
        return ask(fr["side"], "test_end", "end", "4.4", [opt("test_end", "end")])

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        pop(st, fr)


STRAIT = "3722"


def _entry(hx: str = HEX) -> str:
    m = data().map
    return sorted(m.label(h) for h in m.neighbours(m.hex(hx)) if m.is_sea(h))[0]


def _battle(ijn: list[str], usn: list[str], dice: list[int], *, day: bool = True, entered: str | None = None,
            hits: dict[str, int] | None = None, hx: str = HEX) -> Driver:
    st = make_state([
        {"id": "IJN-1", "side": "IJN", "hex": hx, "ships": ijn, "hits": hits or {}},
        {"id": "USN-1", "side": "USN", "hex": hx, "ships": usn, "detected": True, "fleet": "7th",
         "hits": hits or {}},
    ], day=day)
    drv = Driver(st, dice)
    surface.start_battle(st, hx, "IJN-1", drv.ctx, entered_from=entered)
    return drv


def _play(drv: Driver, policy: Callable[[Decision], Action | None], limit: int = 500) -> None:
    """Answer decisions with ``policy``; None means: stay, hold fire, keep torpedoes, no smoke, fight on."""
    for _ in range(limit):
        d = drv.decision
        if d is None or d.kind == "test_end":
            return
        o = policy(d)
        if o is None:
            o = _default(drv, d)
        engine.act(drv.st, o, drv.ctx)
    raise AssertionError("battle did not end")


def _default(drv: Driver, d: Decision) -> Action:
    bf = _bf(drv.st)
    for o in d.options:
        if o.kind == "move" and o["area"] == bf["display"][o["ship"]]["area"]:
            return o
        if o.kind in ("designate", "fire") and not o["target"]:
            return o
        if o.kind == "smoke" and not o["area"]:
            return o
        if o.kind == "torpedo_hold" or (o.kind == "disengage" and not o["disengage"]):
            return o
        if o.kind == "surface_air" and not o["launch"]:
            return o
    return d.options[0]


def test_8_3_10_strait_halves_the_entering_ships_in_round_1_only() -> None:
    # placement 1/1 (areas 2 and 13); initiative 9/1; Fuso 1; round 1 disengage not asked ... round 2 Fuso 1.
    # placement 1/1, initiative 9/1, Fuso rolls 1 (round 1), initiative 9/1, Fuso rolls 1 (round 2)
    drv = _battle(["Fuso"], ["Mississippi"], [1, 1, 9, 1, 1, 9, 1, 1], entered=_entry(STRAIT), hx=STRAIT)
    fuso, miss = ship_id("Fuso"), ship_id("Mississippi")
    bf = _bf(drv.st)

    def policy(d: Decision) -> Action | None:
        if d.kind == "gunnery_designate":
            return next(o for o in d.options if o["target"] == bf["display"][miss]["alias"])
        return None

    _play_rounds(drv, policy, 2)
    gun = [r for r in drv.rolls() if r["table"] == "damage"]
    full = data().table("damage").column_for(data().ships[fuso].gunnery)
    assert gun[0]["column"] == data().table("damage").column_for((data().ships[fuso].gunnery + 1) // 2)
    assert gun[1]["column"] == full


def _bf(st: State, missing: Any = ...) -> Any:
    """The surface battle's record: the ``surface_battle`` frame, under the frame of the step it is in."""
    for i in range(len(st.stack) - 1, -1, -1):
        if st.stack[i]["kind"] == "surface_battle":
            assert i + 1 < len(st.stack) and st.stack[i + 1]["kind"].startswith("battle_"), "a battle without a step"
            return st.stack[i]
    assert missing is not ..., "no surface battle on the stack"
    return missing


def _play_rounds(drv: Driver, policy: Callable[[Decision], Action | None], rounds: int) -> None:
    """Play until ``rounds`` rounds are over (or the battle ends)."""
    for _ in range(400):
        d = drv.decision
        if d is None or not drv.st.stack or (_bf(drv.st, None) or {}).get("round", 0) > rounds:
            return
        o = policy(d) or _default(drv, d)
        engine.act(drv.st, o, drv.ctx)


def test_8_3_10_no_halving_when_the_active_tf_did_not_enter() -> None:
    drv = _battle(["Fuso"], ["Mississippi"], [1, 1, 9, 1, 1], entered=None, hx=STRAIT)
    bf = _bf(drv.st)
    miss = ship_id("Mississippi")
    _play_rounds(drv, lambda d: next(o for o in d.options if o["target"] == bf["display"][miss]["alias"])
                 if d.kind == "gunnery_designate" else None, 1)
    gun = [r for r in drv.rolls() if r["table"] == "damage"]
    assert gun[0]["column"] == data().table("damage").column_for(data().ships[ship_id("Fuso")].gunnery)


def test_8_3_4_night_sighting_limits_ijn_targets_to_six_areas() -> None:
    # Night placement: IJN roll 1 -> area 4, USN roll 10 -> area 20: 16 areas apart.
    drv = _battle(["Fuso"], ["Mississippi"], [1, 10, 9, 1], day=False)
    d = drv.decision
    assert d.kind == "surface_move" and d.player == "IJN"
    drv.choose("move", ship=ship_id("Fuso"), area=d.options[-1]["area"])
    drv.choose("move", ship=ship_id("Mississippi"), area=20)
    d = drv.decision
    # Fuso is now more than 6 areas from Mississippi: she can only hold fire, so the engine does not ask.
    assert d.kind == "gunnery_fire" and d.player == "USN"
    assert {o["target"] for o in d.options} == {ship_id("Fuso"), ""}
    drv.choose("fire", ship=ship_id("Mississippi"), target=ship_id("Fuso"))
    bf = _bf(drv.st)
    assert bf["display"][ship_id("Mississippi")]["fired"] is True  # fired at night: now sighted (8.3.4)
    assert surface._sighted(drv.st, bf, ship_id("Fuso"), ship_id("Mississippi"))


def test_8_3_5_smoke_modifies_fire_and_the_disengagement_roll() -> None:
    # Day placement 1/1 (areas 2, 13); initiative USN first.
    drv = _battle(["Fuso"], ["Mississippi", "X-Ray/1"], [1, 1, 1, 9, 5, 9], entered=None)
    miss, xray, fuso = ship_id("Mississippi"), ship_id("X-Ray/1"), ship_id("Fuso")
    drv.choose("move", ship=miss, area=13)
    drv.choose("move", ship=xray, area=10)
    drv.choose("smoke", ship=xray, area=11)
    drv.choose("move", ship=fuso, area=2)
    bf = _bf(drv.st)
    drv.choose("designate", ship=fuso, target=bf["display"][miss]["alias"])
    fuso_roll = [r for r in drv.rolls() if r["table"] == "damage"][0]
    assert any(m["value"] == data().mod("gunnery.smoke") and "smoke" in m["source"] for m in fuso_roll["modifiers"])
    drv.choose("fire", ship=miss, target="")
    drv.choose("fire", ship=xray, target="")
    drv.choose("torpedo_hold", ship=xray, optional=True)
    drv.choose("disengage", disengage=True)
    drv.choose("disengage", disengage=False)
    dis = [r for r in drv.rolls() if r["rule"] == "8.3.8"][0]
    assert [m["value"] for m in dis["modifiers"]] == [data().mod("disengage.smoke_one_side")]
    assert dis["final"] == 10  # 9 + 1 ends it
    d = drv.decision  # the IJN, which broke off without having entered the hex, picks where to go (8.3.9)
    assert d.kind == "surface_placement" and d.player == "IJN"
    assert all(o["category"] == d.options[0]["category"] for o in d.options)


def test_8_3_8_both_sides_disengaging_both_leave_the_hex() -> None:
    drv = _battle(["Fuso"], ["Mississippi"], [1, 1, 9, 1, 1, 1], entered=_entry())

    def policy(d: Decision) -> Action | None:
        if d.kind == "disengage":
            return next(o for o in d.options if o["disengage"])
        return None

    _play(drv, policy)
    st = drv.st
    assert st.tfs["IJN-1"].hex == _entry()  # the active side disengaged and goes back where it came from
    assert st.tfs["USN-1"].hex != HEX and st.tfs["USN-1"].hex in surface._adjacent_sea(data(), HEX)
    assert not [r for r in drv.rolls() if r["rule"] == "8.3.8"]  # no roll when both want out


def test_8_3_8_eight_rounds_then_the_higher_undamaged_value_stays() -> None:
    drv = _battle(["Div 4"], ["Mississippi"], [1, 1] + [9, 1] * 8)
    _play(drv, lambda d: None)
    st = drv.st
    ends = [e for e in drv.events if e.kind == "battle_end" and "value" in e.data]
    assert ends and ends[0].data["value"]["USN"] > ends[0].data["value"]["IJN"]
    assert st.tfs["USN-1"].hex == HEX and st.tfs["IJN-1"].hex != HEX
    rounds = [e.data["round"] for e in drv.events if e.kind == "battle_round"]
    assert rounds == list(range(1, data().mod("surface.max_rounds") + 1))


def test_8_3_9_vacant_hex_first_then_over_stacking_costs_two_mp() -> None:
    drv = _battle(["Fuso"], ["Mississippi"], [1, 1, 9, 1, 1], entered=_entry())
    st = drv.st
    # Fill every adjacent hex but one with two USN TFs (at the stacking limit) and the last with IJN ones.
    adj = surface._adjacent_sea(data(), HEX)
    n = 0
    for h in adj:
        for _ in range(2):
            n += 1
            st.tfs[f"USN-X{n}"] = TFState(id=f"USN-X{n}", side="USN", name=f"X{n}", hex=h, fleet="7th")
    bf = _bf(st)
    bf["disengaged"] = {"IJN": False, "USN": True}
    opts = surface._placement_options(st, bf, "USN")
    assert {c for _, c in opts} == {3} or {c for _, c in opts} == {4}
    for t in [t for t in st.tfs.values() if t.id.startswith("USN-X") and t.hex == adj[0]]:
        t.hex = None
    opts = surface._placement_options(st, bf, "USN")
    assert opts == [(adj[0], 1)] or adj[0] == _entry()


def test_8_3_9_ships_past_half_damage_stay_behind_detected() -> None:
    fuso, dd = ship_id("Fuso"), ship_id("Div 4")
    cap = data().ships[fuso].capacity
    hits = {"Fuso": cap // 2 + 1, "Div 4": data().ships[dd].capacity - 1}
    drv = _battle(["Fuso", "Div 4"], ["Mississippi"], [1, 1, 9, 1, 10], entered=_entry(), hits=hits)

    def policy(d: Decision) -> Action | None:
        if d.kind == "disengage" and d.player == "IJN":
            return next(o for o in d.options if o["disengage"])
        return None

    _play(drv, policy)
    st = drv.st
    s = st.ships[fuso]
    assert s.independent and s.detected and s.tf is None and s.hex == HEX
    assert st.ships[dd].tf == "IJN-1"  # destroyer units never stay behind (9.3)
    assert st.tfs["IJN-1"].hex == _entry()


def test_6_2_5_surface_combat_ends_the_active_tfs_movement() -> None:
    st = make_state([
        {"id": "IJN-1", "side": "IJN", "hex": HEX, "ships": ["Fuso"]},
        {"id": "USN-1", "side": "USN", "hex": HEX, "ships": ["Mississippi"], "detected": True},
    ])
    fr = engine.push(st, "test_activation_surface", side="IJN", tf="IJN-1", mp=3)
    fr["kind"] = "activate_tf"
    drv = Driver(st, [1, 1])
    surface.start_battle(st, HEX, "IJN-1", drv.ctx, entered_from=None)
    assert fr["combat_done"] is True and fr["mp"] == 0


def test_8_3_1_more_than_four_ships_deploy_in_groups_chosen_by_the_owner() -> None:
    ijn = ["Yamato", "Musashi", "Nagato", "Myoko", "Haguro", "Div 2/32"]
    drv = _battle(ijn, ["Mississippi"], [1, 9, 1])
    d = drv.decision
    assert d.kind == "surface_group" and d.player == "IJN"
    for n in ijn:
        d = drv.decision
        if d.kind != "surface_group":
            break
        g = 0 if n in ("Yamato", "Musashi", "Nagato", "Myoko") else 1
        drv.choose("group", ship=ship_id(n), group=g, optional=True)
    drv.run()
    bf = _bf(drv.st)
    areas = {bf["display"][ship_id(n)]["area"] for n in ijn}
    assert areas == {2, 10}  # two groups, two placement rolls (1 -> 2, 9 -> 10)


def test_8_3_1_ijn_options_never_carry_usn_ship_ids() -> None:
    drv = _battle(["Fuso", "Div 4"], ["Mississippi", "X-Ray/1"], [5, 5, 9, 1])
    usn = {ship_id("Mississippi"), ship_id("X-Ray/1")}
    for _ in range(60):
        d = drv.decision
        if d is None:
            break
        if d.player == "IJN":
            for o in d.options:
                assert not ({str(v) for _, v in o.params} & usn), o
                assert "Mississippi" not in o.text and "X-Ray" not in o.text
        o = _default(drv, d)
        if d.kind == "gunnery_designate":
            o = next((x for x in d.options if x["target"]), o)
        engine.act(drv.st, o, drv.ctx)


def test_8_3_7_air_attack_segment_scrambles_carrier_aircraft() -> None:
    st = make_state([
        {"id": "IJN-1", "side": "IJN", "hex": HEX, "ships": ["Myoko"]},
        {"id": "USN-1", "side": "USN", "hex": HEX, "ships": ["Gambier Bay"], "detected": True, "fleet": "7th"},
    ])
    add_air(st, "cs-10")
    drv = Driver(st, [1, 1, 9, 1, 1, 1, 1, 1])
    surface.start_battle(st, HEX, "IJN-1", drv.ctx, entered_from=None)
    for _ in range(40):
        d = drv.decision
        if d.kind == "surface_air":
            break
        engine.act(st, _default(drv, d), drv.ctx)
    assert d.player == "USN"
    drv.choose("surface_air", launch=True)
    drv.choose("strike_add", air="cs-10", role="strike")
    drv.choose("strike_launch")
    drv.run()
    aa = [r for r in drv.rolls() if r["table"] == "aa"]
    assert len(aa) == 1 and "target ship" in aa[0]["purpose"]
    bomb = [r for r in drv.rolls() if r["table"] == "damage"][-1]
    assert bomb["purpose"].startswith(data().air["cs-10"].name)
    bf = _bf(st)
    assert bf["kind"] == "surface_battle" and bf["display"][ship_id("Myoko")]["mp"] == 1
    assert st.air["cs-10"].box == "flown"


def test_8_3_a_tf_that_detects_an_entering_enemy_may_start_the_battle() -> None:
    """8.3: the non-active TF found the mover (detected) without being found itself; it still fights."""
    st = make_state([
        {"id": "IJN-1", "side": "IJN", "hex": HEX, "ships": ["Fuso"], "detected": True},
        {"id": "USN-1", "side": "USN", "hex": HEX, "ships": ["Mississippi"], "detected": False},
    ])
    drv = Driver(st, [1, 1])
    surface.start_battle(st, HEX, "IJN-1", drv.ctx, entered_from=_entry(), initiator="USN-1")
    drv.run()
    bf = _bf(st)
    assert bf["tfs"] == {"IJN": ["IJN-1"], "USN": ["USN-1"]}
    assert set(bf["display"]) == {ship_id("Fuso"), ship_id("Mississippi")}


def test_8_3_no_battle_without_a_detected_enemy() -> None:
    import pytest

    from leyte.core.errors import IllegalAction

    st = make_state([
        {"id": "IJN-1", "side": "IJN", "hex": HEX, "ships": ["Fuso"]},
        {"id": "USN-1", "side": "USN", "hex": HEX, "ships": ["Mississippi"]},
    ])
    with pytest.raises(IllegalAction, match="8.3"):
        surface.start_battle(st, HEX, "IJN-1", Driver(st, []).ctx, entered_from=None)


def test_8_3_7_ijn_air_attack_in_a_battle_targets_face_down_ships_by_alias() -> None:
    st = make_state([
        {"id": "IJN-1", "side": "IJN", "hex": HEX, "ships": ["Zuikaku", "Myoko"]},
        {"id": "USN-1", "side": "USN", "hex": HEX, "ships": ["Mississippi", "X-Ray/1"], "detected": True,
         "fleet": "7th"},
    ])
    add_air(st, "zuikaku-312-1")
    drv = Driver(st, [1, 1, 9, 1] + [1] * 20)
    surface.start_battle(st, HEX, "IJN-1", drv.ctx, entered_from=None)
    for _ in range(40):
        d = drv.decision
        if d.kind == "surface_air":
            break
        engine.act(st, _default(drv, d), drv.ctx)
    assert d.player == "IJN"
    drv.choose("surface_air", launch=True)
    drv.choose("strike_add", air="zuikaku-312-1", role="strike")
    drv.choose("strike_launch")
    d = drv.decision
    assert d.kind == "air_target" and d.player == "IJN"
    usn = {ship_id("Mississippi"), ship_id("X-Ray/1")}
    assert not ({o["ship"] for o in d.options} & usn)
    assert not any("Mississippi" in o.text or "X-Ray" in o.text for o in d.options)
    assert st.stack[-1]["kind"] == "strike_place_air"  # the strike's step frame, above the strike's record
    alias = strikes.record(st)["aliases_of"][ship_id("Mississippi")]
    drv.choose("aim", ship=alias)
    drv.run()
    assert not any("Mississippi" in e.text for e in drv.events if e.seen_by("IJN"))


def test_8_3_no_reactive_battle_is_offered_once_the_detecting_tf_has_nothing_afloat() -> None:
    """A TF that detects an enemy entering its hex may start a battle (8.3) — unless something in between (an air
    strike on it, say) sank its last ship. The question is then skipped rather than offered and refused."""
    import leyte
    from leyte.rulebooks.imperial_sunset.surface import ReactiveBattle

    g = leyte.new_game("imperial-sunset", scenario="historical", seed=1)
    st = g.state
    ijn = next(t for t in sorted(st.tfs.values(), key=lambda t: t.id) if t.side == "IJN" and not t.dummy)
    usn = next(t for t in sorted(st.tfs.values(), key=lambda t: t.id) if t.side == "USN" and not t.dummy)
    usn.hex, usn.detected = ijn.hex, True
    fr = {"kind": "reactive_battle", "side": "IJN", "searcher": ijn.id, "mover": usn.id, "hex": ijn.hex}
    d = ReactiveBattle.decide(st, fr)
    assert d is not None and {o.kind for o in d.options} == {"react_battle", "react_pass"}
    for s in ijn.ships:
        st.ships[s].sunk = True
    assert ReactiveBattle.decide(st, fr) is None


def test_8_3_each_step_of_a_battle_is_a_frame_above_the_battle_record() -> None:
    """The battle's record never carries a step name: each step of a round is a frame above it (what the battle view
    reports as the step), and the last one takes the record off the stack with it."""
    st = make_state([
        {"id": "IJN-1", "side": "IJN", "hex": HEX, "ships": ["Fuso", "Yamashiro"], "detected": True},
        {"id": "USN-1", "side": "USN", "hex": HEX, "ships": ["Mississippi", "Maryland"], "detected": True},
    ])
    drv = Driver(st, [1, 1])
    surface.start_battle(st, HEX, "IJN-1", drv.ctx, entered_from=None)
    steps = []
    while (d := drv.decision) is not None:
        bf = _bf(st)
        top = st.stack[-1]["kind"]
        assert "step" not in bf and top.startswith("battle_") and st.stack[-2] is bf
        assert surface.battle_view(st, bf, "USN")["step"] == top.removeprefix("battle_")
        steps.append(top)
        engine.act(st, d.options[0], drv.ctx)
    assert {"battle_move", "battle_disengage"} <= set(steps)
    assert st.stack == []  # the battle's frames are all gone once it is over
