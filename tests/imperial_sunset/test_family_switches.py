"""The rule differences of Clash of the Carriers as switches in Imperial Sunset's shared modules (issue 17).

Each test builds Imperial Sunset's own data with one switch (or two) set to the Clash value the way a sister game
does it: the data folder is copied and given a ``family.toml``, and ``ImperialSunset(folder=...)`` loads it. The test
then plays the step the switch changes on a hand-built position with scripted dice, and plays the same position on
Imperial Sunset's own data to show its rule is unchanged. Case numbers: the Clash case first, then Imperial Sunset's.
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

import pytest
from test_damage_kit import Driver, add_air, ship_id
from test_damage_kit import make_state as kit_make_state

from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset import air, air_ops, damage, engine, strikes
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.engine import ask, frame, opt, pop
from leyte.rulebooks.imperial_sunset.family import NotBuilt
from leyte.rulebooks.imperial_sunset.rules import RULES, ImperialSunset
from leyte.rulebooks.imperial_sunset.state import ShipState, State, TFState

BASE = Path(__file__).resolve().parents[2] / "scenarios" / "imperial-sunset"
USN_HEX, IJN_HEX = "2621", "2821"
_BUILT: dict[str, ISData] = {}


@pytest.fixture(scope="module")
def switched(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201 - a factory of ISData
    """``switched(launch_mp=0, ...)``: Imperial Sunset's data with those switches set, loaded from a family.toml."""

    def build(**values: Any) -> ISData:
        key = repr(sorted(values.items()))
        if key not in _BUILT:
            folder = tmp_path_factory.mktemp("family") / "imperial-sunset"
            shutil.copytree(BASE, folder)
            lines = ["[switches]"] + [f"{k} = {v!r}".replace("'", '"') for k, v in values.items()]
            (folder / "family.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
            _BUILT[key] = ImperialSunset(folder=folder).data()
        D = _BUILT[key]
        assert {k: D.family.switch(k) for k in values} == values
        return D

    return build


def make_state(D: ISData, tfs: list[dict[str, Any]], *, day: bool = True, turn: int = 2) -> State:
    """The combat kit's hand-built position (``test_damage_kit.make_state``), played on data ``D``.

    A family data folder is a copy of Imperial Sunset's with switches set, so the ship ids the kit resolves and the
    air units ``add_air`` reads are the same in both.
    """
    st = kit_make_state(tfs, day=day, turn=turn)
    st.data = D
    return st


def usn_vs_ijn(D: ISData, *, usn: tuple[str, ...] = ("Essex", "Lexington", "Reno", "DES RN 55"),
               ijn: tuple[str, ...] = ("Musashi", "Yamato", "Myoko", "Div 2/32")) -> State:
    return make_state(D, [
        {"id": "IJN-1", "side": "IJN", "hex": IJN_HEX, "detected": True, "ships": list(ijn)},
        {"id": "USN-3", "side": "USN", "hex": USN_HEX, "fleet": "3rd", "detected": True, "ships": list(usn)},
    ])


@frame("test_family_activation")
class _Activation:
    """A stand-in activation frame holding the force and its MPs (the lead's frames do the real work)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision:
        return ask(fr["side"], "test_end", "end", "4.4", [opt("test_end", "end")])

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        pop(st, fr)


def strike(drv: Driver, act_fr: dict[str, Any], target: str, units: dict[str, str]) -> None:
    """Choose the strike on ``target`` among the activation's options, add ``units`` and launch."""
    opts = [o for o in air.activation_options(drv.st, act_fr) if o.kind == "air_strike" and o["target"] == target]
    assert opts, f"no strike on {target}"
    air.act(drv.st, act_fr, opts[0], drv.ctx)
    for aid, role in units.items():
        drv.choose("strike_add", air=aid, role=role)
    drv.choose("strike_launch")


def test_imperial_sunset_data_keeps_every_default() -> None:
    assert RULES.data().family.is_base and RULES.data().family.values == {}


def test_9_launching_costs_no_mp_in_clash_and_2_mp_in_imperial_sunset(switched) -> None:  # noqa: ANN001
    """Clash (no case: its activation example spends MPs only on moves; 15.3 is optional) vs IS 6.2.2."""
    for D, cost in ((switched(launch_mp=0), 0), (RULES.data(), 2)):
        st = usn_vs_ijn(D)
        add_air(st, "vb-15")
        drv = Driver(st, [1] * 10)
        fr = engine.push(st, "test_family_activation", side="USN", tf="USN-3", mp=cost and 1)
        offered = [o for o in air.activation_options(st, fr) if o.kind == "air_strike"]
        assert bool(offered) == (cost == 0)  # with 1 MP left only a free launch is offered
        fr["mp"] = 3
        (o,) = [o for o in air.activation_options(st, fr) if o.kind == "air_strike"]
        assert ("costs 2 MP" in o.text) == (cost == 2)
        strike(drv, fr, "tf:IJN-1", {"vb-15": "strike"})
        assert fr["mp"] == 3 - cost and st.air["vb-15"].box == "mission"
        assert [e.data["cost"] for e in drv.events if e.kind == "mp"] == ([2] if cost else [])



def _crit_rolls(drv: Driver) -> list[dict[str, Any]]:
    return [r for r in drv.rolls() if r["table"] in ("critical_hit", "torpedo_critical_hit")]


def test_23_clash_criticals_come_one_per_torpedo_hit_and_never_from_the_damage_table(switched) -> None:  # noqa: ANN001
    """Clash 9.3: each torpedo hit rolls a critical (air T units, submarines); IS 9.2: the Damage Table says."""
    D = switched(criticals="torpedo_only")
    musashi = ship_id("Musashi")
    st = usn_vs_ijn(D)
    # two torpedo hits on a battleship (-1): 6 reads 5, no effect; 9 reads 8, fire control; a submarine's hit: 6
    drv = Driver(st, [6, 9, 6])
    damage.apply_hits(st, musashi, 2, drv.ctx, rule="8.1", cause="air attack", critical=True)
    assert st.ships[musashi].hits == 2 and _crit_rolls(drv) == []  # a Damage Table critical does nothing
    damage.apply_hits(st, musashi, 2, drv.ctx, rule="8.1", cause="air attack", torpedo=True)
    rolls = _crit_rolls(drv)
    assert len(rolls) == 2 and [r["result"]["effect"] for r in rolls] == ["no_effect", "fire_control"]
    assert st.flags["critical"][musashi] == {"gunnery_halved": True}
    dd = ship_id("Div 2/32")
    damage.apply_hits(st, dd, 1, drv.ctx, rule="10.6", cause="submarine")  # a submarine's hits are torpedo hits
    assert len(_crit_rolls(drv)) == 3 and _crit_rolls(drv)[-1]["result"]["effect"] == "propulsion"
    # a surface battle still rolls Damage Table criticals through roll_critical: refused, not played as IS
    with pytest.raises(NotBuilt, match="criticals='torpedo_only'"):
        damage.roll_critical(st, musashi, drv.ctx)
    # Imperial Sunset: the Damage Table's critical result rolls once, torpedoes or not; destroyers never roll.
    st = usn_vs_ijn(RULES.data())
    drv = Driver(st, [9])
    damage.apply_hits(st, musashi, 2, drv.ctx, rule="8.1", cause="air attack", torpedo=True)
    damage.apply_hits(st, dd, 1, drv.ctx, rule="10.6", cause="submarine", critical=True)
    assert _crit_rolls(drv) == []
    damage.apply_hits(st, musashi, 2, drv.ctx, rule="8.1", cause="air attack", critical=True)
    assert len(_crit_rolls(drv)) == 1 and st.flags["critical"][musashi] == {"gunnery_halved": True}


def test_23_a_clash_torpedo_unit_rolls_criticals_for_its_hits_in_a_strike(switched) -> None:  # noqa: ANN001
    D = switched(criticals="torpedo_only")
    D.air["vt-15"] = dataclasses.replace(D.air["vt-15"], kind="T")  # Clash rates torpedo bombers T
    assert air_ops.is_torpedo_unit(D, "vt-15") and not air_ops.is_torpedo_unit(RULES.data(), "vt-15")
    myoko = ship_id("Myoko")
    st = usn_vs_ijn(D, ijn=("Myoko",))
    add_air(st, "vt-15")
    drv = Driver(st, [1, 10] + [6] * 10)  # AA misses, the torpedo bomber rolls 10, every critical is propulsion
    fr = engine.push(st, "test_family_activation", side="USN", tf="USN-3", mp=5)
    strike(drv, fr, "tf:IJN-1", {"vt-15": "strike"})
    drv.run()
    hits = st.ships[myoko].hits
    assert hits >= 1 and len(_crit_rolls(drv)) == hits
    assert st.flags["critical"][myoko]["speed_loss"] == hits



def test_24_a_clash_carrier_at_half_damage_keeps_its_aircraft_in_the_flown_box(switched) -> None:  # noqa: ANN001
    """Clash 9.4: Ready goes to Flown, no more missions, the aircraft stay aboard; IS 9.1: they leave play."""
    essex = ship_id("Essex")
    for D in (switched(carrier_half="ready_to_flown"), RULES.data()):
        clash = D is not RULES.data()
        st = usn_vs_ijn(D)
        add_air(st, "vb-15")
        add_air(st, "vf-15-1", box="cap", cap_over="USN-3")
        add_air(st, "vf-15-2", box="flown", reduced=True)
        drv = Driver(st, [])
        damage.apply_hits(st, essex, 2, drv.ctx, rule="8.1", cause="air attack")
        assert st.air["vb-15"].box == "ready" and not st.ships[essex].air_ops_lost  # box 2 still operates aircraft
        damage.apply_hits(st, essex, 1, drv.ctx, rule="8.1", cause="air attack")  # box 3: no air operations
        assert st.ships[essex].air_ops_lost
        boxes = {a: st.air[a].box for a in ("vb-15", "vf-15-1", "vf-15-2")}
        if not clash:
            assert boxes == {"vb-15": "out", "vf-15-1": "out", "vf-15-2": "out"}
            continue
        assert boxes == {"vb-15": "flown", "vf-15-1": "cap", "vf-15-2": "flown"}
        (ev,) = [e for e in drv.events if e.kind == "air_ops"]
        assert ev.data["air"] == ["vb-15"]
        assert air_ops.tf_units(st, st.tfs["USN-3"], boxes=("ready", "cap", "flown")) == []  # no missions
        for day in (True, False):  # no recovery, day or night: the CAP comes down and nothing is readied
            st.flags["day"] = day
            air_ops.terminal_phase(st, drv.ctx)
            assert {st.air[a].box for a in boxes} == {"flown"}
        damage.apply_hits(st, essex, 2, drv.ctx, rule="8.1", cause="air attack")  # sunk: lost with her (6.5.5)
        assert {st.air[a].box for a in boxes} == {"eliminated"}



AA_SWITCHES = {"aa_adjacent": "usn_half_all", "aa_suppression": "roll_minus_one_per_fighter"}


def _adjacent_offers(drv: Driver) -> dict[str, list[str]]:
    """Play an attack order to its end, firing every adjacent AA offered; returns who was offered per attacker."""
    offers: dict[str, list[str]] = {}
    while (d := drv.decision) is not None and d.kind in ("attack_order", "aa_adjacent"):
        if d.kind == "attack_order":
            drv.choose("attack_next", air=d.options[0]["air"])
            continue
        cur = strikes.record(drv.st)["current"]
        fire = [o for o in d.options if o.kind == "aa_adjacent"]
        offers.setdefault(cur, [o["ship"] for o in fire])  # asked again after each shot: keep the first offer
        drv.choose("aa_adjacent", ship=fire[0]["ship"])
    return offers


def test_19_clash_usn_ships_fire_into_adjacent_boxes_at_every_attacker(switched) -> None:  # noqa: ANN001
    """Clash 8.5: each USN ship may fire at half at every unit in an adjacent box, even a ship under attack;
    IS 8.1: an adjacent ship not itself attacked fires at one unit of the strike."""
    essex, lex, reno = ship_id("Essex"), ship_id("Lexington"), ship_id("Reno")
    seen = {}
    for D in (switched(**AA_SWITCHES), RULES.data()):
        st = usn_vs_ijn(D)
        for aid in ("ijn-2af-412-1", "ijn-2af-412-2"):
            add_air(st, aid)
        drv = Driver(st, [1] * 40)  # AA and bombs all miss
        fr = engine.push(st, "test_family_activation", side="IJN", formation="2AF")
        strike(drv, fr, "tf:USN-3", {"ijn-2af-412-1": "strike", "ijn-2af-412-2": "strike"})
        for sid, area in ((essex, 1), (lex, 2), (reno, 5), (ship_id("DES RN 55"), 16)):
            drv.choose("place_ship", ship=sid, area=area)
        drv.choose("aim", air="ijn-2af-412-1", ship=essex)
        drv.choose("aim", air="ijn-2af-412-2", ship=lex)
        seen[D is RULES.data()] = _adjacent_offers(drv)
        halves = [r for r in drv.rolls() if r["table"] == "aa" and "half AA" in r["purpose"]]
        assert all(int(r["column"]) == (D.ships[essex].aa + 1) // 2 for r in halves if "Essex" in r["purpose"])
    assert seen[False] == {"ijn-2af-412-1": [lex, reno], "ijn-2af-412-2": [essex, reno]}
    assert seen[True] == {"ijn-2af-412-1": [reno]}  # Lexington is attacked; Reno has fired once already


def test_20_clash_escorts_on_a_ship_take_one_off_its_aa_roll_each(switched) -> None:  # noqa: ANN001
    """Clash 8.5.1: unengaged escorts placed on a ship, -1 each on that ship's AA roll (and IJN ships fire only
    into their own box); IS 8.1.1: one escort paired with a strike unit softens the AA result by 1."""
    musashi, yamato = ship_id("Musashi"), ship_id("Yamato")
    for D in (switched(**AA_SWITCHES), RULES.data()):
        clash = D is not RULES.data()
        st = usn_vs_ijn(D)
        for aid in ("vb-15", "vf-15-1", "vf-15-2"):
            add_air(st, aid)
        drv = Driver(st, [10] * 3 + [1] * 20)  # Musashi's AA rolls 10
        fr = engine.push(st, "test_family_activation", side="USN", tf="USN-3", mp=5)
        strike(drv, fr, "tf:IJN-1", {"vb-15": "strike", "vf-15-1": "escort", "vf-15-2": "escort"})
        for sid, area in ((musashi, 1), (yamato, 2), (ship_id("Myoko"), 5), (ship_id("Div 2/32"), 16)):
            drv.choose("place_ship", ship=sid, area=area)
        drv.choose("aim", air="vb-15", ship=musashi)
        d = drv.decision
        assert d.kind == "aa_suppression"
        if clash:
            assert {o["ship"] for o in d.options} == {musashi, yamato, ship_id("Myoko"), ship_id("Div 2/32"), ""}
            drv.choose("pair", escort="vf-15-1", ship=musashi)
            drv.choose("pair", escort="vf-15-2", ship=musashi)  # any number of escorts on one ship
        else:
            assert {o["air"] for o in d.options} == {"vb-15", ""}
            drv.choose("pair", escort="vf-15-1", air="vb-15")  # the other escort has nobody left to pair with
        drv.choose("attack_next", air="vb-15", optional=True)
        if clash:  # IJN ships never fire into the next box: the strike is over
            assert drv.decision.kind == "test_end"
        else:
            assert {o["ship"] for o in drv.options("aa_adjacent")} == {yamato, ship_id("Myoko")}
            drv.choose("aa_adjacent_done")
        drv.run()
        (aa_roll, *_) = [r for r in drv.rolls() if r["table"] == "aa"]
        sup = [e for e in drv.events if e.kind == "aa_suppression"]
        if clash:
            assert aa_roll["raw"] == 10 and aa_roll["final"] == 8 and not sup
            assert [m["value"] for m in aa_roll["modifiers"]] == [-2]
            assert len([r for r in drv.rolls() if r["table"] == "aa"]) == 1  # IJN ships never fire next door
        else:
            assert aa_roll["final"] == 10 and aa_roll["modifiers"] == []
            assert len(sup) == 1 and sup[0].data["after"] == sup[0].data["before"] + 1



def _ijn_raid_on_essex(D: ISData, dice: list[int], *, dto: bool, reduced: bool) -> tuple[State, Driver]:
    """One IJN 4-12 (reduced side 2) attacks Essex alone; USN AA (Essex, factor 8) rolls first."""
    st = usn_vs_ijn(D, usn=("Essex",))
    st.options["deliver_the_ordnance"] = dto  # Clash 14.0 is optional (not yet an option a sister game can declare)
    add_air(st, "ijn-2af-412-1", reduced=reduced)
    drv = Driver(st, dice)
    fr = engine.push(st, "test_family_activation", side="IJN", formation="2AF")
    strike(drv, fr, "tf:USN-3", {"ijn-2af-412-1": "strike"})
    drv.run()
    return st, drv


def test_22_clash_aa_costs_an_ijn_unit_a_step_and_deliver_the_ordnance_is_optional(switched) -> None:  # noqa: ANN001
    """Clash 8.5.2: USN AA's D result is one IJN step; 14.0 (optional) lets a stepped unit bomb on its old column
    and a killed one roll to bomb first. IS 8.1 step 5: D kills, and the killed unit always rolls to deliver."""
    D = switched(deliver_ordnance="optional_steps")
    unit = "ijn-2af-412-1"

    def bombing(drv: Driver) -> list[dict[str, Any]]:
        return [r for r in drv.rolls() if r["table"] == "damage"]

    # AA rolls 10 (-4, D); the bombing roll is 1. A full-strength unit loses a step and bombs ...
    for dto, column in ((False, 2), (True, 4)):  # ... at its new strength, or (14.0's example) on its old column
        st, drv = _ijn_raid_on_essex(D, [10, 1], dto=dto, reduced=False)
        (aa,) = [r for r in drv.rolls() if r["table"] == "aa"]
        assert aa["result"]["destroyed"] and [r["die"] for r in drv.rolls()] == ["d10", "d10"]  # no delivery roll
        assert [r["column"] for r in bombing(drv)] == [str(column)]
        assert [m["value"] for m in bombing(drv)[0]["modifiers"]] == [aa["result"]["drm"]]
        assert st.air[unit].reduced and st.air[unit].box == "flown"  # it flies home on its weaker side
    # An already stepped unit is destroyed: without 14.0 it never bombs; with it, it rolls (8: bombs first).
    st, drv = _ijn_raid_on_essex(D, [10, 8, 1], dto=False, reduced=True)
    assert bombing(drv) == [] and st.air[unit].box == "destroyed" and len(drv.rolls()) == 1
    st, drv = _ijn_raid_on_essex(D, [10, 8, 1], dto=True, reduced=True)
    assert [r["column"] for r in bombing(drv)] == ["2"] and st.air[unit].box == "destroyed"
    # Imperial Sunset: the full-strength unit is destroyed at once and rolls to deliver, on its full column.
    st, drv = _ijn_raid_on_essex(RULES.data(), [10, 8, 1], dto=False, reduced=False)
    assert [r["column"] for r in bombing(drv)] == ["4"] and st.air[unit].box == "destroyed"
    assert len(drv.rolls()) == 3



def test_21_clash_cap_steps_on_fatigued_usn_units_are_their_own_bombing_drms(switched) -> None:  # noqa: ANN001
    """Clash 8.2.1: USN units are never lost; a step taken while fatigued is -1 on that unit's own bombing roll,
    the USN choosing the unit. IS 8.2.2: results beyond flipping every unit become DRMs the IJN places."""
    drm = RULES.data().mod("bombing.excess_cap_result")
    for D in (switched(a2a_excess="per_unit_drm"), RULES.data()):
        clash = D is not RULES.data()
        st = usn_vs_ijn(D, ijn=("Musashi",))
        for aid in ("vb-15", "vt-15"):
            add_air(st, aid)
        for aid in ("ijn-1af-3f12-1", "ijn-1af-3f12-2"):
            add_air(st, aid, box="cap", cap_over="IJN-1")
        drv = Driver(st, [10] + [1] * 10)  # IJN CAP factor 6 rolls 10: three steps on two strike units
        fr = engine.push(st, "test_family_activation", side="USN", tf="USN-3", mp=5)
        strike(drv, fr, "tf:IJN-1", {"vb-15": "strike", "vt-15": "strike"})
        drv.choose("flip", air="vb-15")  # the first flip is a choice; the second has one answer
        assert st.air["vb-15"].reduced and st.air["vt-15"].reduced
        d = drv.decision
        if clash:
            assert (d.player, d.kind, {o["air"] for o in d.options}) == ("USN", "flip_loss", {"vb-15", "vt-15"})
            drv.choose("flip", air="vt-15")
        else:
            assert (d.player, d.kind) == ("IJN", "excess_drm")
            drv.choose("place_drm", slot=1)  # the IJN puts it on the second strike unit, vt-15
        rec = strikes.record(st)
        assert rec["drms"] == {"vt-15": [[drm, "step lost while fatigued (8.2.1)" if clash
                                          else "CAP result left over (8.2.2)"]]}
        assert [e.kind for e in drv.events if e.data.get("excess")] == ([] if clash else ["strike"])



def test_14_clash_ijn_carrier_aircraft_stay_flown_after_a_strike(switched) -> None:  # noqa: ANN001
    """Clash 5.5, 8.6: IJN carrier strike aircraft return to their carrier's Flown box and are never readied;
    IS 6.5.7: they land at an airfield and join an air fleet."""
    for D in (switched(ijn_carrier_air_after_strike="flown_forever"), RULES.data()):
        clash = D is not RULES.data()
        st = make_state(D, [
            {"id": "IJN-9", "side": "IJN", "hex": "2220", "ships": ["Zuikaku"]},
            {"id": "USN-3", "side": "USN", "hex": USN_HEX, "fleet": "3rd", "detected": True, "ships": ["Reno"]},
        ])
        add_air(st, "zuikaku-312-1")
        add_air(st, "zuikaku-4f12-1", box="cap", cap_over="IJN-9")
        drv = Driver(st, [1, 1])
        fr = engine.push(st, "test_family_activation", side="IJN", tf="IJN-9", mp=5)
        strike(drv, fr, "tf:USN-3", {"zuikaku-312-1": "strike"})
        d = drv.decision
        a = st.air["zuikaku-312-1"]
        if not clash:
            assert d.kind == "land"
            drv.choose("land", air="zuikaku-312-1", field=d.options[0]["field"])
            assert a.ashore and a.parent in ("1AF", "2AF") and a.box == "flown"
            continue
        assert d.kind == "test_end" and (a.box, a.parent, a.ashore) == ("flown", ship_id("Zuikaku"), False)
        st.turn = st.last_turn  # the last day turn: the CAP comes down
        air_ops.terminal_phase(st, drv.ctx)
        assert a.box == "flown" and st.air["zuikaku-4f12-1"].box == "flown"
        st.flags["day"] = False
        air_ops.terminal_phase(st, drv.ctx)  # night: the fighters come back to Ready, the bombers never
        assert a.box == "flown" and st.air["zuikaku-4f12-1"].box == "ready"
        st.flags["day"] = True
        air_ops.terminal_phase(st, drv.ctx)
        assert a.box == "flown"



def test_13_clash_usn_aircraft_recover_fatigued_after_every_day_sortie(switched) -> None:  # noqa: ANN001
    """Clash 5.5: by day Flown comes back to Ready fatigued however often it flew, by night Flown comes back at
    full strength; IS 6.5.3, 3.3: two missions a day, then the unit waits for the night, which restores all."""
    for D in (switched(usn_recovery="unlimited_fatigued"), RULES.data()):
        clash = D is not RULES.data()
        st = usn_vs_ijn(D)
        add_air(st, "vb-15", box="flown", reduced=True)
        add_air(st, "vt-15", box="flown", reduced=True)
        st.air["vb-15"].missions_today = 2  # its second strike of the day
        st.air["vt-15"].missions_today = 1
        drv = Driver(st, [])
        air_ops.terminal_phase(st, drv.ctx)
        assert (st.air["vt-15"].box, st.air["vt-15"].reduced) == ("ready", True)
        assert (st.air["vb-15"].box, st.air["vb-15"].reduced) == ("ready" if clash else "flown", True)
        st.air["vt-15"].box = "flown"  # vt-15 flies again; vb-15 waits in Ready (Clash) or Flown (IS)
        st.flags["day"] = False
        air_ops.terminal_phase(st, drv.ctx)
        assert (st.air["vt-15"].box, st.air["vt-15"].reduced) == ("ready", False)
        assert (st.air["vb-15"].box, st.air["vb-15"].reduced) == ("ready", clash)  # only Flown is restored (5.5)
        assert st.air["vb-15"].missions_today == 0



def test_17_clash_extended_range_units_sit_out_two_or_four_turns_then_return_fresh(switched) -> None:  # noqa: ANN001
    """Clash 8.1.1-8.1.2: attack on the fatigued side, then a d10: 6-10 back two turns on, 1-5 four turns on, at
    full strength. IS 6.5.6: exhausted strength, then the Flown box with the day's two missions used."""
    m = RULES.data().map
    far = next(m.label(h) for h in m.hexes if m.is_sea(h) and 10 <= m.hex(USN_HEX).distance(h) <= 11)
    for D, away_roll, back in ((switched(extended_range="turn_track"), 7, 4),
                               (switched(extended_range="turn_track"), 5, 6), (RULES.data(), None, None)):
        st = make_state(D, [
            {"id": "IJN-1", "side": "IJN", "hex": far, "detected": True, "ships": ["Myoko"]},
            {"id": "USN-3", "side": "USN", "hex": USN_HEX, "fleet": "3rd", "ships": ["Essex"]},
        ])
        add_air(st, "vb-15")
        drv = Driver(st, [1, 5] + ([away_roll] if away_roll else []) + [1] * 5)
        fr = engine.push(st, "test_family_activation", side="USN", tf="USN-3", mp=5)
        strike(drv, fr, "tf:IJN-1", {"vb-15": "strike"})
        drv.run()
        (bomb,) = [r for r in drv.rolls() if r["table"] == "damage"]
        assert bomb["column"] == str(D.air["vb-15"].reduced)  # fatigued / exhausted side either way
        u = st.air["vb-15"]
        assert (u.box, u.reduced) == ("flown", True)
        if back is None:
            assert u.missions_today == 2 and len(drv.rolls()) == 2 and "extended_return" not in st.flags
            continue
        assert drv.rolls()[-1]["die"] == "d10" and st.flags["extended_return"] == {"vb-15": back}
        for turn in range(st.turn, back - 1):  # away: no recovery, day or night
            st.turn, st.flags["day"] = turn, turn % 2 == 0
            air_ops.terminal_phase(st, drv.ctx)
            assert u.box == "flown", turn
        st.turn = back - 1
        air_ops.terminal_phase(st, drv.ctx)  # ready at the start of turn ``back``, at full strength
        assert (u.box, u.reduced) == ("ready", False) and st.flags["extended_return"] == {}



def test_18_clash_cap_over_a_hex_meets_every_raid_on_that_hex(switched) -> None:  # noqa: ANN001
    """Clash 8.2.3: all CAP in a hex defends whatever force there is attacked, and no CAP is sent over another
    force; IS 8.2.1: CAP covers the TF it flies over, and an activated force may send CAP over another."""
    for D in (switched(cap_scope="hex_pool"), RULES.data()):
        clash = D is not RULES.data()
        st = usn_vs_ijn(D, usn=("Essex",))
        st.tfs["USN-4"] = TFState(id="USN-4", side="USN", name="TG 38.2", hex=USN_HEX, fleet="3rd", detected=True,
                                  ships=[ship_id("Reno")])
        st.ships[ship_id("Reno")] = ShipState(id=ship_id("Reno"), side="USN", tf="USN-4")
        add_air(st, "vf-15-1", box="cap", cap_over="USN-3")
        add_air(st, "vf-15-2")
        usn = engine.push(st, "test_family_activation", side="USN", tf="USN-3", mp=5)
        cap_other = [o["over"] for o in air.activation_options(st, usn) if o.kind == "air_cap_other"]
        assert cap_other == ([] if clash else ["USN-4"])
        engine.pop(st, usn)
        add_air(st, "ijn-2af-412-1")
        drv = Driver(st, [1] * 20)
        fr = engine.push(st, "test_family_activation", side="IJN", formation="2AF")
        strike(drv, fr, "tf:USN-4", {"ijn-2af-412-1": "strike"})  # the raid is on Reno's TF, not Essex's
        drv.run()
        caps = [e for e in drv.events if e.kind == "cap" and e.rule == "8.2"]
        assert [e.data["cap"] for e in caps] == ([["vf-15-1"]] if clash else [])
        assert bool([r for r in drv.rolls() if r["table"] == "air_to_air"]) == clash


def test_every_clash_value_together_plays_a_strike(switched) -> None:  # noqa: ANN001
    """All eleven switches at their Clash values at once: a USN strike with escorts on an IJN force under CAP,
    played to the end and through the Terminal Phase, meets no unbuilt rule."""
    D = switched(launch_mp=0, aa_adjacent="usn_half_all", aa_suppression="roll_minus_one_per_fighter",
                 a2a_excess="per_unit_drm", deliver_ordnance="optional_steps", criticals="torpedo_only",
                 carrier_half="ready_to_flown", ijn_carrier_air_after_strike="flown_forever",
                 usn_recovery="unlimited_fatigued", extended_range="turn_track", cap_scope="hex_pool")
    st = usn_vs_ijn(D)
    for aid in ("vb-15", "vt-15", "vf-15-1", "vf-15-2"):
        add_air(st, aid)
    add_air(st, "ijn-1af-3f12-1", box="cap", cap_over="IJN-1")
    drv = Driver(st, [6] * 60)
    fr = engine.push(st, "test_family_activation", side="USN", tf="USN-3", mp=0)
    strike(drv, fr, "tf:IJN-1", {"vb-15": "strike", "vt-15": "strike", "vf-15-1": "escort", "vf-15-2": "escort"})
    while (d := drv.decision) is not None and d.kind != "test_end":
        engine.act(st, d.options[0], drv.ctx)
    air_ops.terminal_phase(st, drv.ctx)
    assert any(r["table"] == "damage" for r in drv.rolls()) and fr["mp"] == 0  # launched with no MP
    assert {(st.air[a].box, st.air[a].reduced) for a in ("vb-15", "vt-15")} == {("ready", True)}  # back, fatigued
