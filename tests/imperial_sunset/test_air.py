"""Aircraft (6.5) and air combat (8.1, 8.2, 11.1) at the level of air.py, with scripted dice and choices."""

from __future__ import annotations

from typing import Any

from test_damage_kit import Driver, add_air, make_state, ship_id

from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset import air, air_ops, engine, kamikaze, strikes
from leyte.rulebooks.imperial_sunset.engine import ask, frame, opt, pop
from leyte.rulebooks.imperial_sunset.rules import RULES
from leyte.rulebooks.imperial_sunset.state import State

data = RULES.data  # the game's static data, as its Rules object loads it

USN_HEX, IJN_HEX = "2621", "2821"


@frame("test_activation_air")
class _Activation:
    """A stand-in activation frame holding the force and its MPs (the lead's frames do the real work)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision:
        return ask(fr["side"], "test_end", "end", "4.4", [opt("test_end", "end")])

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        pop(st, fr)


def _usn_vs_ijn(ijn_detected: bool = True) -> State:
    return make_state([
        {"id": "IJN-1", "side": "IJN", "hex": IJN_HEX, "detected": ijn_detected,
         "ships": ["Musashi", "Yamato", "Myoko", "Div 2/32"]},
        {"id": "USN-3", "side": "USN", "hex": USN_HEX, "fleet": "3rd", "detected": True,
         "ships": ["Essex", "Lexington", "Reno", "DES RN 55"]},
    ])


def _strike(drv: Driver, act_fr: dict[str, Any], target: str, units: dict[str, str]) -> None:
    opts = [o for o in air.activation_options(drv.st, act_fr) if o.kind == "air_strike" and o["target"] == target]
    assert opts, f"no strike on {target}"
    air.act(drv.st, act_fr, opts[0], drv.ctx)
    for aid, role in units.items():
        drv.choose("strike_add", air=aid, role=role)
    drv.choose("strike_launch")


def test_6_2_2_carrier_strike_needs_two_mp() -> None:
    st = _usn_vs_ijn()
    add_air(st, "vb-15")
    fr = engine.push(st, "test_activation_air", side="USN", tf="USN-3", mp=1)
    assert not [o for o in air.activation_options(st, fr) if o.kind == "air_strike"]
    fr["mp"] = 2
    assert [o["target"] for o in air.activation_options(st, fr) if o.kind == "air_strike"] == ["tf:IJN-1"]


def test_7_0_undetected_tf_cannot_be_struck_and_night_grounds_aircraft() -> None:
    st = _usn_vs_ijn(ijn_detected=False)
    add_air(st, "vb-15")
    fr = engine.push(st, "test_activation_air", side="USN", tf="USN-3", mp=5)
    assert not [o for o in air.activation_options(st, fr) if o.kind == "air_strike"]
    st.tfs["IJN-1"].detected = True
    st.flags["day"] = False
    assert air.activation_options(st, fr) == []  # 6.5.11


def test_8_2_2_usn_cap_step_losses_reduce_every_unit_before_destroying_one() -> None:
    st = _usn_vs_ijn()
    for aid in ("ijn-2af-412-1", "ijn-2af-412-2"):
        add_air(st, aid)
    add_air(st, "vf-15-1", box="cap", cap_over="USN-3")
    add_air(st, "vf-15-2", box="cap", cap_over="USN-3")
    # USN CAP factor 8, +1: a 10 reads 3 steps on the 8-9 column.
    drv = Driver(st, [10])
    fr = engine.push(st, "test_activation_air", side="IJN", formation="2AF")
    _strike(drv, fr, "tf:USN-3", {"ijn-2af-412-1": "strike", "ijn-2af-412-2": "strike"})
    (cap,) = [r for r in drv.rolls() if r["table"] == "air_to_air"]
    steps = cap["result"]["steps"]
    assert cap["final"] == 11 and steps >= 3
    # The first two losses must be one step on each unit (8.2.2); only then may a unit be destroyed.
    d = drv.decision
    assert d.kind == "step_loss" and d.player == "IJN" and len(d.options) == 2
    drv.choose("lose_step", air="ijn-2af-412-1")
    # The second loss had only one legal answer (the other full-strength unit) and was taken without asking.
    assert st.air["ijn-2af-412-1"].reduced and st.air["ijn-2af-412-2"].reduced
    assert st.air["ijn-2af-412-1"].box == st.air["ijn-2af-412-2"].box == "mission"
    d = drv.decision
    assert d.kind == "step_loss" and {o["air"] for o in d.options} == {"ijn-2af-412-1", "ijn-2af-412-2"}
    drv.choose("lose_step", air="ijn-2af-412-2")
    assert st.air["ijn-2af-412-2"].box == "destroyed"


def test_8_2_2_ijn_cap_excess_results_become_bombing_drms_placed_by_the_ijn() -> None:
    st = _usn_vs_ijn()
    add_air(st, "vb-15")
    add_air(st, "ijn-1af-3f12-1", box="cap", cap_over="IJN-1")
    add_air(st, "ijn-1af-3f12-2", box="cap", cap_over="IJN-1")
    drv = Driver(st, [10])  # IJN CAP factor 6: a 10 on the 6-7 column is more than one flip
    fr = engine.push(st, "test_activation_air", side="USN", tf="USN-3", mp=5)
    _strike(drv, fr, "tf:IJN-1", {"vb-15": "strike"})
    (cap,) = [r for r in drv.rolls() if r["table"] == "air_to_air"]
    excess = cap["result"]["steps"] - 1
    assert excess >= 1 and st.air["vb-15"].reduced
    bf = strikes.record(st)  # the strike's record, under the frame of its current step
    assert st.stack[-1]["kind"] == "strike_place_ships"  # its next step: the IJN places the target ships
    assert bf["kind"] == "air_strike" and bf["drms"]["vb-15"] == [[data().mod("bombing.excess_cap_result"),
                                                                 "CAP result left over (8.2.2)"]] * excess


def test_8_1_usn_aa_destroys_ijn_aircraft_before_or_after_delivery() -> None:
    for delivery, bombs in ((3, False), (8, True)):
        st = _usn_vs_ijn()
        add_air(st, "ijn-2af-412-1")
        # AA: Essex (factor 8) rolls 10: -4 and destroyed; then the delivery roll; then (maybe) the bombing roll.
        drv = Driver(st, [10, delivery, 10])
        fr = engine.push(st, "test_activation_air", side="IJN", formation="2AF")
        _strike(drv, fr, "tf:USN-3", {"ijn-2af-412-1": "strike"})
        for sid, area in ((ship_id("Essex"), 1), (ship_id("Lexington"), 16), (ship_id("Reno"), 6),
                          (ship_id("DES RN 55"), 11)):
            drv.choose("place_ship", ship=sid, area=area, optional=True)
        drv.choose("aim", air="ijn-2af-412-1", ship=ship_id("Essex"))
        drv.run()
        aa = [r for r in drv.rolls() if r["table"] == "aa"][0]
        assert aa["result"]["destroyed"] and aa["result"]["drm"] <= -3
        assert st.air["ijn-2af-412-1"].box == "destroyed"
        bombing = [r for r in drv.rolls() if r["table"] == "damage"]
        assert bool(bombing) == bombs
        if bombs:
            assert sum(m["value"] for m in bombing[0]["modifiers"]) == aa["result"]["drm"]


def test_8_1_heavy_bombers_draw_only_half_aa_from_the_target() -> None:
    hx = "3122"
    st = make_state([{"id": "IJN-1", "side": "IJN", "hex": hx, "detected": True, "ships": ["Musashi", "Myoko"]}])
    add_air(st, "usaaf-hb-1")
    drv = Driver(st, [5, 5])
    fr = engine.push(st, "test_activation_air", side="USN", formation="USAAF")
    _strike(drv, fr, "tf:IJN-1", {"usaaf-hb-1": "strike"})
    drv.choose("place_ship", ship=ship_id("Musashi"), area=6)
    drv.choose("place_ship", ship=ship_id("Myoko"), area=7)
    drv.choose("aim", air="usaaf-hb-1", ship=ship_id("Musashi"))
    drv.run()
    aa = [r for r in drv.rolls() if r["table"] == "aa"]
    assert len(aa) == 1 and aa[0]["column"] == str((data().ships[ship_id("Musashi")].aa + 1) // 2)
    assert st.air["usaaf-hb-1"].box == "flown" and st.air["usaaf-hb-1"].missions_today == 1
    # Once a day (6.5.8): the bombers are not offered again today.
    st.air["usaaf-hb-1"].box = "ready"
    assert not [o for o in air.activation_options(st, fr) if o.kind == "air_strike"]


def test_8_1_step_8_attacks_on_a_sunk_ship_are_wasted() -> None:
    st = _usn_vs_ijn()
    dd = ship_id("Div 2/32")
    st.ships[dd].hits = data().ships[dd].capacity - 1
    for aid in ("vb-15", "vt-15"):
        add_air(st, aid)
    drv = Driver(st, [10, 10, 10, 10])  # AA misses are not needed: DD AA is rolled but the bomb sinks it
    fr = engine.push(st, "test_activation_air", side="USN", tf="USN-3", mp=5)
    _strike(drv, fr, "tf:IJN-1", {"vb-15": "strike", "vt-15": "strike"})
    for n, area in (("Musashi", 1), ("Yamato", 4), ("Myoko", 13), ("Div 2/32", 16)):
        drv.choose("place_ship", ship=ship_id(n), area=area, optional=True)
    drv.choose("aim", air="vb-15", ship=dd)
    drv.choose("aim", air="vt-15", ship=dd)
    drv.choose("attack_next", air="vb-15")
    drv.choose("aa_adjacent_done", optional=True)
    drv.run()
    assert st.ships[dd].sunk
    wasted = [e for e in drv.events if e.kind == "air_attack" and e.data.get("wasted")]
    assert [e.data["air"] for e in wasted] == ["vt-15"]


def test_6_2_3_four_attackers_cost_the_target_an_mp() -> None:
    st = _usn_vs_ijn()
    units = {"vb-15": "strike", "vt-15": "strike", "vb-19": "strike", "vt-19": "strike"}
    for aid in units:
        add_air(st, aid)
    drv = Driver(st, [1] * 40)  # everything misses
    fr = engine.push(st, "test_activation_air", side="USN", tf="USN-3", mp=5)
    _strike(drv, fr, "tf:IJN-1", units)
    for n, area in (("Musashi", 1), ("Yamato", 4), ("Myoko", 13), ("Div 2/32", 16)):
        drv.choose("place_ship", ship=ship_id(n), area=area, optional=True)
    for aid in sorted(units):  # the strike units are asked about in id order
        drv.choose("aim", air=aid, ship=ship_id("Musashi"))
    for aid in units:
        drv.choose("attack_next", air=aid, optional=True)
        drv.choose("aa_adjacent_done", optional=True)
    drv.run()
    assert st.tfs["IJN-1"].mp_markers == 1 and st.tfs["IJN-1"].air_mp_lost_this_turn == 1


def test_6_5_7_ijn_carrier_strike_aircraft_land_ashore_and_join_an_air_fleet() -> None:
    st = make_state([
        {"id": "IJN-9", "side": "IJN", "hex": "2220", "ships": ["Zuikaku"]},
        {"id": "USN-3", "side": "USN", "hex": USN_HEX, "fleet": "3rd", "detected": True, "ships": ["Reno"]},
    ])
    add_air(st, "zuikaku-312-1")
    drv = Driver(st, [1, 1])
    fr = engine.push(st, "test_activation_air", side="IJN", tf="IJN-9", mp=5)
    _strike(drv, fr, "tf:USN-3", {"zuikaku-312-1": "strike"})
    d = drv.decision
    if d is not None and d.kind == "land":
        drv.choose("land", air="zuikaku-312-1", field=d.options[0]["field"])
    a = st.air["zuikaku-312-1"]
    assert a.ashore and a.parent in ("1AF", "2AF") and a.box == "flown"


def test_8_2_1_cap_over_another_tf_and_terminal_phase_returns_it_exhausted() -> None:
    st = _usn_vs_ijn()
    st.tfs["USN-4"] = type(st.tfs["USN-3"])(id="USN-4", side="USN", name="TG 38.2", hex="2622", fleet="3rd")
    add_air(st, "vf-15-1")
    drv = Driver(st, [])
    fr = engine.push(st, "test_activation_air", side="USN", tf="USN-3", mp=5)
    cap = [o for o in air.activation_options(st, fr) if o.kind == "air_cap_other"]
    assert [o["over"] for o in cap] == ["USN-4"]
    air.act(st, fr, cap[0], drv.ctx)
    drv.choose("cap_send", air="vf-15-1")
    assert st.air["vf-15-1"].box == "cap" and st.air["vf-15-1"].cap_over == "USN-4"
    st.flags["turn_record"] = {"3": {"time": "day"}}
    air_ops.terminal_phase(st, drv.ctx)
    a = st.air["vf-15-1"]
    assert a.box == "flown" and a.reduced and a.cap_over is None


def test_6_5_3_usn_two_missions_a_day_and_night_recovery() -> None:
    st = _usn_vs_ijn()
    add_air(st, "vb-15", box="flown", reduced=True)
    add_air(st, "vt-15", box="flown", reduced=True)
    st.air["vb-15"].missions_today = 1
    st.air["vt-15"].missions_today = 2
    st.flags["turn_record"] = {"3": {"time": "day"}}
    drv = Driver(st, [])
    air_ops.terminal_phase(st, drv.ctx)
    assert (st.air["vb-15"].box, st.air["vb-15"].reduced) == ("ready", True)   # one more mission today
    assert st.air["vt-15"].box == "flown"                                         # flew twice
    st.flags["day"] = False
    air_ops.terminal_phase(st, drv.ctx)
    for a in ("vb-15", "vt-15"):
        assert (st.air[a].box, st.air[a].reduced, st.air[a].missions_today) == ("ready", False, 0)


def test_6_5_4_own_cap_ends_after_the_last_day_turn() -> None:
    st = _usn_vs_ijn()
    add_air(st, "vf-15-1", box="cap", cap_over="USN-3")
    drv = Driver(st, [])
    st.flags["turn_record"] = {"3": {"time": "day"}}
    air_ops.terminal_phase(st, drv.ctx)
    assert st.air["vf-15-1"].box == "cap"
    st.flags["turn_record"] = {"3": {"time": "night"}}
    air_ops.terminal_phase(st, drv.ctx)
    assert st.air["vf-15-1"].box == "flown" and st.air["vf-15-1"].reduced


def test_6_5_4_cap_allocation_in_the_initial_phase() -> None:
    st = _usn_vs_ijn()
    add_air(st, "vf-15-1")
    add_air(st, "vf-15-2")
    add_air(st, "vb-15")
    frames = air_ops.initial_phase_frames(st)
    assert ("cap_allocation", {"side": "USN"}) in frames
    engine.push(st, "cap_allocation", side="USN")
    drv = Driver(st, [])
    d = drv.decision
    assert {o.get("air") for o in d.options if o.kind == "cap_on"} == {"vf-15-1", "vf-15-2"}
    drv.choose("cap_on", air="vf-15-1")
    drv.choose("cap_alloc_done")
    assert st.air["vf-15-1"].box == "cap" and st.air["vf-15-1"].cap_over == "USN-3"
    assert not st.stack


def test_6_5_9_ijn_readiness_rolls_one_to_three() -> None:
    st = _usn_vs_ijn()
    add_air(st, "ijn-2af-412-1", box="flown")
    add_air(st, "ijn-2af-412-2", box="flown")
    engine.push(st, "ijn_readiness")
    drv = Driver(st, [3, 4])
    drv.run()
    assert st.air["ijn-2af-412-1"].box == "ready" and st.air["ijn-2af-412-2"].box == "flown"


def test_6_5_9_air_reinforcements_come_from_the_destroyed_box() -> None:
    st = _usn_vs_ijn()
    add_air(st, "ijn-2af-412-1", box="destroyed", reduced=True)
    add_air(st, "ijn-2af-412-2", box="destroyed", reduced=True)
    st.flags["turn_info"] = {"air_reinforcement": "yes"}
    assert ("air_reinforcement", {}) in air_ops.initial_phase_frames(st)
    engine.push(st, "air_reinforcement")
    drv = Driver(st, [10, 1])  # the table's top row: more units than the box holds; then the random draws
    drv.run()
    back = [a for a in ("ijn-2af-412-1", "ijn-2af-412-2") if st.air[a].box == "ready"]
    assert back and all(not st.air[a].reduced for a in back)


def test_11_1_kamikaze_hits_a_non_destroyer_on_the_9_column_with_criticals() -> None:
    st = _usn_vs_ijn()
    fr = {"kind": "activate_kamikaze", "side": "IJN"}
    opts = kamikaze.kamikaze_options(st, fr)
    assert [o["target"] for o in opts] == ["tf:USN-3"]
    drv = Driver(st, [10, 1, 1, 1])
    air.act(st, fr, opts[0], drv.ctx)
    d = drv.decision
    assert d.kind == "kamikaze_target" and ship_id("DES RN 55") not in {o["ship"] for o in d.options}
    drv.choose("kamikaze_target", ship=ship_id("Essex"))
    r = drv.rolls()
    assert r[0]["table"] == "damage" and r[0]["column"] == "9" and r[0]["modifiers"] == []
    hits = r[0]["result"]["hits"]
    assert hits >= 1 and len([x for x in r if x["table"] == "critical_hit"]) == hits
    assert not [x for x in r if x["table"] in ("aa", "air_to_air")]


def test_6_5_6_usn_extended_range_flies_at_exhausted_strength() -> None:
    m = data().map
    far = next(m.label(h) for h in m.hexes if m.is_sea(h) and 10 <= m.hex(USN_HEX).distance(h) <= 12)
    st = make_state([
        {"id": "IJN-1", "side": "IJN", "hex": far, "detected": True, "ships": ["Myoko"]},
        {"id": "USN-3", "side": "USN", "hex": USN_HEX, "fleet": "3rd", "ships": ["Essex"]},
    ])
    dist = m.hex(USN_HEX).distance(m.hex(far))
    assert data().air["vb-15"].range < dist <= 12  # beyond the normal range, inside the extended one
    add_air(st, "vb-15")
    drv = Driver(st, [1, 5])
    fr = engine.push(st, "test_activation_air", side="USN", tf="USN-3", mp=5)
    _strike(drv, fr, "tf:IJN-1", {"vb-15": "strike"})
    drv.run()
    bomb = [r for r in drv.rolls() if r["table"] == "damage"][0]
    assert bomb["column"] == str(data().air["vb-15"].reduced)
    assert st.air["vb-15"].box == "flown" and st.air["vb-15"].missions_today == 2


def test_14_1_ground_support_commits_escort_carrier_squadrons_or_pays_vp() -> None:
    st = make_state([{"id": "USN-5", "side": "USN", "hex": "3623", "fleet": "7th",
                      "ships": ["Gambier Bay", "St. Lo", "Kalinin Bay"]}])
    for aid in ("cs-10", "cs-65", "cs-3"):
        add_air(st, aid)
    st.options["escort_carrier_ground_support"] = True
    assert ("ground_support", {}) in air_ops.initial_phase_frames(st)
    engine.push(st, "ground_support")
    drv = Driver(st, [2, 9, 1])  # two squadrons asked for; later the Terminal Phase rolls 9 (exhausted)
    drv.choose("ground_support_commit", air="cs-10")
    drv.choose("ground_support_done")
    assert st.air["cs-10"].box == "flown" and st.air["cs-65"].box == "ready"
    assert [v["points"] for v in st.vp if v["side"] == "IJN"] == [1]  # one squadron short of the roll
    st.flags["turn_record"] = {"3": {"time": "day"}}
    air_ops.terminal_phase(st, drv.ctx)
    assert st.air["cs-10"].reduced and st.air["cs-10"].box == "ready"


def test_14_2_airfield_suppression_until_an_ijn_carrier_is_detected() -> None:
    st = _usn_vs_ijn()
    for aid in ("vb-15", "vt-15", "vf-15-1", "vf-15-2", "vb-19"):
        add_air(st, aid)
    for aid in ("ijn-2af-412-1", "ijn-2af-412-2"):
        add_air(st, aid)
    st.options["airfield_suppression"] = True
    engine.push(st, "airfield_suppression")
    drv = Driver(st, [1, 2, 7])  # 1 + 2 = 3 units; the two IJN rolls: 2 (caught), 7 (missed)
    for aid in ("vb-15", "vt-15", "vf-15-1"):
        drv.choose("suppression_send", air=aid)
    assert all(st.air[a].box == "flown" for a in ("vb-15", "vt-15", "vf-15-1"))
    drv.choose("suppression_target", air="ijn-2af-412-1")
    drv.choose("suppression_target", air="ijn-2af-412-2")
    assert st.air["ijn-2af-412-1"].box == "flown" and st.air["ijn-2af-412-2"].box == "ready"
    d = drv.decision  # the third roll has no ready land-based unit left to fall on... or the IJN picks again
    if d is not None:
        drv.choose("suppression_target", air="ijn-2af-412-2")
    assert not st.stack
    # Once an IJN carrier TF has been detected, the rule lapses for good.
    ozawa = make_state([{"id": "IJN-9", "side": "IJN", "hex": "1023", "ships": ["Zuikaku"], "detected": True}])
    st.tfs.update(ozawa.tfs)
    st.ships.update(ozawa.ships)
    engine.push(st, "airfield_suppression")
    drv.run()
    assert not st.stack and st.flags["ijn_carrier_detected"]


def test_8_1_each_step_of_a_strike_is_a_frame_above_the_strike_record() -> None:
    """The strike's record (``air_strike``) never carries a step name; each step is its own frame above it, and the
    last one takes the record off the stack with it."""
    st = _usn_vs_ijn()
    add_air(st, "vb-15")
    add_air(st, "vt-15")
    drv = Driver(st, [1] * 40)
    fr = engine.push(st, "test_activation_air", side="USN", tf="USN-3", mp=5)
    _strike(drv, fr, "tf:IJN-1", {"vb-15": "strike", "vt-15": "strike"})
    seen = []
    while (d := drv.decision) is not None and d.kind != "test_end":
        top, rec = st.stack[-1], strikes.record(st)
        assert "step" not in rec and rec["kind"] == "air_strike" and st.stack[-3] is fr
        seen.append((top["kind"], d.kind))
        drv.choose(d.options[0].kind, **dict(d.options[0].params))
    assert ("strike_place_ships", "air_display") in seen and ("strike_place_air", "air_target") in seen
    assert ("strike_order", "attack_order") in seen
    assert st.stack == [fr]  # the strike's frames are all gone once it is over
