"""Island air bases (2.1, 5.3, 5.6, 5.7, 6.3.2, 8.0, 16.1.2, 16.1.4 Japanese Coordination; rulings R-5, R-10, R-24,
R-36, R-42), on the game's own data folder (its airfields, island_ready table and constants), with scripted dice.

The turn sequence is not built on this branch, so each test builds a position (it stops at a formation decision),
empties the stack and pushes the island frame under test, as the sequence will (``clash_wave2.md``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from leyte.core.dice import Dice
from leyte.core.errors import IllegalAction, ScenarioError
from leyte.core.game import Action, Context, Event
from leyte.rulebooks.clash import islands, state
from leyte.rulebooks.clash.engine import ENGINE, push
from leyte.rulebooks.clash.rules import ClashOfTheCarriers
from leyte.rulebooks.clash.scenario import airfields
from leyte.rulebooks.imperial_sunset.common import dist
from leyte.rulebooks.imperial_sunset.state import State

RULES = ClashOfTheCarriers()  # the game's own data: tables and constants are there, not in the small fixture
D = RULES.data()
COORD = {"japanese-coordination": {"id": "japanese-coordination", "case": "16.1.4"}}


def position(*, turn: int = 2, air: list[dict[str, Any]] | None = None, reinforcements: list[dict[str, Any]] = (),
             recurring: list[dict[str, Any]] = (), special: dict[str, Any] | None = None,
             usn_hex: str = "3111", ijn_hex: str = "0618", tf58: bool = False) -> dict[str, Any]:
    pos = {
        "id": "islands", "turn": turn, "first_turn": 1, "last_turn": 12, "turn_record_key": "historical",
        "tgs": [
            {"id": "tg-58-1", "name": "TG 58.1", "side": "USN", "hex": usn_hex,
             "ships": ["hornet", "yorktown", "baltimore"]},
            {"id": "tg-58-7", "name": "TG 58.7", "side": "USN", "hex": usn_hex, "ships": ["washington"]},
            {"id": "force-a", "name": "Force A", "side": "IJN", "hex": ijn_hex, "ships": ["taiho", "myoko"]},
        ],
        "air": [*(air or []), *({"id": a, "parent": c, "box": "ready"} for c in ("hornet", "yorktown")
                                for a in sorted(x.id for x in D.air.values() if x.parent == c))],
        "air_bases": [{"id": k, **v} for k, v in airfields(D).items()],
        "reinforcements": list(reinforcements), "recurring": list(recurring),
        "special_rules": dict(COORD if special is None else special),
        "start": {"phase": "formations", "side": "USN"},
    }
    if tf58:  # TGs 58.1 and 58.7 inside TF 58 (3.2)
        pos["tfs"] = [{"id": "tf-58", "name": "TF 58", "side": "USN", "hex": usn_hex}]
        for tg in pos["tgs"][:2]:
            tg["tf"] = "tf-58"
    return pos


class Table:
    """A position with one island frame on the stack, driven like a game: options, choices, refusals."""

    def __init__(self, pos: dict[str, Any], dice: list[int] | None = None) -> None:
        self.events: list[Event] = []
        self.ctx = Context(Dice(7, script=[]), self.events)
        self.st: State = RULES.new_state(RULES.load_scenario(pos), {}, self.ctx)
        self.st.stack.clear()
        self.st.asked = None
        self.ctx.dice.script.extend(dice or [])

    def push(self, kind: str, **params: Any) -> Table:
        push(self.st, kind, **params)
        ENGINE.advance(self.st, self.ctx)
        return self

    @property
    def decision(self) -> Any:
        return ENGINE.decision(self.st)

    def options(self, kind: str | None = None) -> list[Action]:
        d = self.decision
        return [o for o in (d.options if d else ()) if kind is None or o.kind == kind]

    def apply(self, action: Action) -> None:
        if action not in self.options():
            raise RULES.refusal(self.st, action)
        RULES.apply(self.st, self.options()[self.options().index(action)], self.ctx)

    def choose(self, kind: str, **params: Any) -> None:
        for o in self.options(kind):
            if all(o.get(k) == v for k, v in params.items()):
                return self.apply(o)
        raise AssertionError(f"no {kind} {params} among {[o.text for o in self.options()]}")

    def texts(self, rule: str | None = None) -> list[str]:
        return [e.text for e in self.events if rule is None or e.rule == rule]

    def box(self, aid: str) -> str:
        return self.st.air[aid].box


def unit(aid: str, box: str = "ready", **kw: Any) -> dict[str, Any]:
    return {"id": aid, "parent": D.air[aid].parent, "box": box, **kw}


def initial(t: Table) -> Table:
    return t.push("clash_island_initial")


def finish_initial(t: Table) -> None:
    """Answer the Initial Phase's questions with 'no more CAP' and 'not yet'."""
    for _ in range(4):
        if t.options("island_cap_done"):
            t.choose("island_cap_done")
        elif t.options("coordination_wait"):
            t.choose("coordination_wait")
    assert not t.st.stack


# -- bases, flotillas, capacity and range (2.1, R-5) ---------------------------------------------------------------


def test_r_5_m_8_the_flotillas_are_airfields_csv_s_air_fleets() -> None:
    st = Table(position()).st  # 61 for the Marianas, Yap and Peleliu; 22 for Truk and Iwo Jima (map ruling M-8)
    assert islands.flotilla_bases(st, "61st") == ["guam", "peleliu", "rota", "saipan", "tinian", "yap"]
    assert islands.flotilla_bases(st, "22nd") == ["iwo-jima", "truk"]
    with pytest.raises(Exception, match="R-5"):
        islands.flotilla_bases(st, "1st")


def test_2_1_off_map_bases_add_their_hexes_beyond() -> None:
    st = Table(position()).st
    # Yap lies 1 hex beyond edge hex 1624, Truk 10 beyond 4424 (airfields.csv, ruling M-6)
    assert islands.distance(st, "yap", "1624") == 1
    assert islands.distance(st, "yap", "2020") == 1 + dist(D, "1624", "2020")
    assert islands.distance(st, "truk", "3516") == 10 + dist(D, "4424", "3516")
    assert islands.distance(st, "guam", "3111") == dist(D, "3516", "3111")


def test_2_1_range_counts_the_hexes_beyond_against_the_units_mp() -> None:
    t = Table(position(air=[unit("iwo-jima-521ag-b2"), unit("yap-523ag-db2")]))
    st = t.st
    # Iwo Jima is 12 hexes beyond 2501: its B x-30 reaches 18 hexes past the edge hex and no further
    near = next(h for h in ("2519", "2520", "2518") if dist(D, "2501", h) == 18)
    far = next(h for h in ("2520", "2521", "2519") if dist(D, "2501", h) == 19)
    assert islands.in_reach(st, "iwo-jima-521ag-b2", near)
    assert not islands.in_reach(st, "iwo-jima-521ag-b2", far)
    assert islands.in_reach(st, "yap-523ag-db2", "1624")


def test_2_1_a_full_base_refuses_another_unit() -> None:
    t = Table(position(air=[unit("iwo-jima-521ag-b2"), unit("yap-521ag-b2", parent="iwo-jima"),
                            unit("yap-523ag-db2", parent="iwo-jima")]))
    assert islands.room(t.st, "iwo-jima") == 0
    with pytest.raises(IllegalAction) as e:
        islands.place(t.st, "yap-265ag-f2", "iwo-jima", box="ready")
    assert e.value.rule == "2.1" and "full" in str(e.value) and "capacity" in str(e.value)
    assert "yap-265ag-f2" not in t.st.air  # the refusal changed nothing


def test_2_1_a_position_over_a_bases_capacity_is_refused() -> None:
    over = [unit(a, parent="rota") for a in ("guam-261ag-f3", "guam-521ag-b1", "guam-523ag-db1", "yap-265ag-f2")]
    t = Table(position(air=over))
    with pytest.raises(ScenarioError, match=r"Rota.*4 air units.*capacity of 3.*2\.1"):
        t.push("clash_island_initial")


# -- 5.3 reinforcements, 16.1.2 revived units ----------------------------------------------------------------------


TRUK = {"id": "truk-turn-2", "turn": 2, "air": ["truk-253ag-f2", "truk-755ag-t1"],
        "bases": {"truk-253ag-f2": "truk", "truk-755ag-t1": "truk"}, "box": "ready"}


def test_5_3_the_truk_units_arrive_on_turn_2_and_not_before() -> None:
    t = initial(Table(position(turn=1, reinforcements=[TRUK])))
    assert "truk-253ag-f2" not in t.st.air
    finish_initial(t)
    t = initial(Table(position(turn=2, reinforcements=[TRUK])))
    assert t.box("truk-253ag-f2") == "ready" and t.st.air["truk-253ag-f2"].parent == "truk"
    assert t.box("truk-755ag-t1") == "ready"
    assert not state.extras(t.st)["reinforcements"]
    arrivals = [e for e in t.events if e.rule == "5.3"]
    assert len(arrivals) == 2 and all(e.visible == ("IJN",) for e in arrivals)


def test_16_1_2_the_d10_group_arrives_on_the_rolled_turn() -> None:
    """The historical set-up rolls the turn in secret (a scripted 6 here), and the three units come on turn 6."""
    from leyte.core.game import Game

    g = Game(RULES, RULES.load_scenario("historical"), seed=3, dice=[6])
    group = next(r for r in state.extras(g.state)["reinforcements"] if r["id"] == "d10-turn")
    assert group["turn"] == 6
    roll = next(e for e in g.events if e.rule == "16.1.2")
    assert roll.visible == ("IJN",)
    for turn, arrived in ((5, False), (6, True)):
        t = initial(Table(position(turn=turn, reinforcements=[dict(group)]), dice=[]))
        assert ("peleliu-202ag-f3" in t.st.air) is arrived
    assert t.st.air["iwo-jima-263ag-f1"].parent == "iwo-jima" and t.st.air["peleliu-503ag-db2"].parent == "peleliu"


def test_5_3_a_reinforcement_for_a_full_base_waits_for_room() -> None:
    full = [unit("iwo-jima-521ag-b2"), unit("yap-521ag-b2", parent="iwo-jima"),
            unit("yap-523ag-db2", parent="iwo-jima")]
    group = {"id": "g", "turn": 2, "air": ["iwo-jima-263ag-f1", "peleliu-202ag-f3"],
             "bases": {"iwo-jima-263ag-f1": "iwo-jima", "peleliu-202ag-f3": "peleliu"}, "box": "ready"}
    t = initial(Table(position(turn=2, air=full, reinforcements=[group])))
    assert "iwo-jima-263ag-f1" not in t.st.air and t.box("peleliu-202ag-f3") == "ready"
    assert state.extras(t.st)["reinforcements"] == [{**group, "air": ["iwo-jima-263ag-f1"], "turn": 3}]
    assert any(x.startswith("Iwo Jima") and "is full" in x for x in t.texts("2.1"))


REVIVED = {"id": "revived", "every": "day_turn", "count": 1, "base": "guam", "box": "flown"}


def test_16_1_2_a_revived_unit_comes_to_guams_flown_box_on_its_reduced_side() -> None:
    dead = [unit("guam-521ag-b1", "destroyed"), unit("yap-521ag-b2", "destroyed"),
            unit("peleliu-761ag-t1", "destroyed"), {"id": "taiho-f4-1", "parent": "taiho", "box": "destroyed"}]
    # pick 3 of the 3 land-based units in the dead pile (id order: guam-521ag-b1, peleliu-761ag-t1, yap-521ag-b2),
    # then its 5.6 roll: 9 fails even on Guam
    t = initial(Table(position(turn=3, air=dead, recurring=[REVIVED]), dice=[3, 9]))
    a = t.st.air["yap-521ag-b2"]
    assert (a.parent, a.box, a.reduced) == ("guam", "flown", True)
    draw = next(e for e in t.events if e.kind == "draw")
    assert draw.data == {"index": 2, "of": 3} and draw.rule == "16.1.2"  # the carrier unit is not in the pool
    assert t.box("taiho-f4-1") == "destroyed" and t.box("guam-521ag-b1") == "destroyed"


def test_16_1_2_a_unit_without_a_reduced_side_is_revived_at_full_strength() -> None:
    t = initial(Table(position(turn=3, air=[unit("guam-521ag-b1", "destroyed")], recurring=[REVIVED]), dice=[1, 9]))
    a = t.st.air["guam-521ag-b1"]
    assert (a.box, a.reduced) == ("flown", False)


def test_2_1_no_revival_onto_a_full_guam() -> None:
    six = [unit(a, parent="guam") for a in ("guam-261ag-f3", "guam-521ag-b1", "guam-523ag-db1", "yap-265ag-f2",
                                            "yap-521ag-b2", "yap-523ag-db2")]
    t = initial(Table(position(turn=3, air=[*six, unit("peleliu-761ag-t1", "destroyed")], recurring=[REVIVED])))
    assert t.box("peleliu-761ag-t1") == "destroyed"
    assert any("full" in x for x in t.texts("2.1"))


def test_16_1_2_no_revival_on_a_night_turn() -> None:
    t = initial(Table(position(turn=5, air=[unit("guam-521ag-b1", "destroyed")], recurring=[REVIVED]), dice=[1]))
    assert t.box("guam-521ag-b1") == "destroyed"
    assert not [e for e in t.events if e.rule == "16.1.2"]


# -- 5.6 ready rolls (R-24) ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("base_unit, roll, ready", [
    ("guam-261ag-f3", 5, True), ("guam-261ag-f3", 6, False),
    ("yap-265ag-f2", 3, True), ("yap-265ag-f2", 4, False), ("truk-253ag-f2", 1, True),
])
def test_5_6_flown_island_units_roll_guam_1_to_5_others_1_to_3(base_unit: str, roll: int, ready: bool) -> None:
    t = initial(Table(position(turn=5, air=[unit(base_unit, "flown")]), dice=[roll]))  # a night turn too
    assert (t.box(base_unit) == "ready") is ready
    rolls = [e for e in t.events if e.kind == "roll" and e.rule == "5.6"]
    assert len(rolls) == 1 and rolls[0].visible == ("IJN",)


def test_5_6_ready_and_carrier_units_do_not_roll() -> None:
    t = initial(Table(position(turn=2, air=[unit("guam-261ag-f3"), {"id": "taiho-f4-1", "parent": "taiho",
                                                                    "box": "flown"}])))
    assert not [e for e in t.events if e.kind == "roll"]
    assert t.box("taiho-f4-1") == "flown"  # 5.5: IJN carrier units never return to Ready


# -- 5.7 island CAP -------------------------------------------------------------------------------------------------


def test_5_7_island_fighters_may_fly_cap_over_their_base_by_day() -> None:
    t = initial(Table(position(turn=2, air=[unit("guam-261ag-f3"), unit("guam-521ag-b1"), unit("yap-265ag-f2")])))
    assert t.decision.rule == "5.7" and t.decision.player == "IJN"
    offered = {o["air"] for o in t.options("island_cap")}
    assert offered == {"guam-261ag-f3", "yap-265ag-f2"}  # bombers never fly CAP
    t.choose("island_cap", air="guam-261ag-f3")
    a = t.st.air["guam-261ag-f3"]
    assert (a.box, a.cap_over) == ("cap", "guam")
    assert {o["air"] for o in t.options("island_cap")} == {"yap-265ag-f2"}
    finish_initial(t)


def test_5_7_no_island_cap_at_night() -> None:
    t = initial(Table(position(turn=1, air=[unit("guam-261ag-f3")], special={})))
    assert not t.st.stack and t.box("guam-261ag-f3") == "ready"


def test_8_2_3_island_cap_covers_the_hex_of_its_base() -> None:
    t = initial(Table(position(turn=2, air=[unit("guam-261ag-f3"), unit("peleliu-343ag-f4", parent="guam")])))
    t.choose("island_cap", air="guam-261ag-f3")
    finish_initial(t)
    assert islands.island_cap_over(t.st, "3516") == ["guam-261ag-f3"]  # Guam's hex
    assert islands.island_cap_over(t.st, "3712") == []


def test_r_5_af_markers_go_into_the_pool_by_day_only() -> None:
    assert islands.af_markers(Table(position(turn=2)).st) == ["61st", "22nd"]
    assert islands.af_markers(Table(position(turn=5)).st) == []


# -- Japanese Coordination (16.1.4, R-10) ---------------------------------------------------------------------------


def test_16_1_4_the_order_is_an_initial_phase_choice_given_once() -> None:
    t = initial(Table(position(turn=1)))
    assert not islands.coordination_marker_needed(t.st)
    assert t.decision.kind == "coordination_order" and t.decision.rule == "16.1.4"
    assert [o.kind for o in t.options()] == ["coordination_wait", "coordination_order"]
    t.choose("coordination_order")
    assert islands.coordination(t.st)["ordered"] == 1 and islands.coordination_ordered(t.st)
    assert islands.coordination_marker_needed(t.st)  # the Mobile Fleet's marker now carries the report
    told = [e for e in t.events if e.rule == "16.1.4"]
    assert len(told) == 1 and told[0].visible is None  # announced: the USN hears it
    t.push("clash_island_initial")
    assert not t.st.stack  # no second question once the order stands
    saved = json.loads(json.dumps(RULES.state_to_dict(t.st)))  # the order is plain data in the save
    assert saved["flags"]["clash"]["coordination"]["ordered"] == 1


def test_16_1_4_without_the_special_rule_island_air_is_free() -> None:
    t = initial(Table(position(turn=1, special={})))
    assert not t.st.stack
    assert islands.coordination_ordered(t.st)


# -- the Air Flotillas' activations (R-5, 6.3.2, 8.0) ---------------------------------------------------------------


FAR_NORTH = "2505"  # within reach of Iwo Jima's units (the 22nd's, 12 hexes beyond edge hex 2501)


def detected(t: Table, *formations: str, channel: str = "island") -> Table:
    for f in formations:
        state.detect(t.st, "IJN", channel, f)
    return t


def test_6_3_2_the_61st_searches_from_guam_first_by_day() -> None:
    t = Table(position(turn=2, air=[unit("guam-521ag-b1")]))
    push(t.st, "clash_af_activation", af="61st")
    fr = t.st.stack[-1]
    islands.AFActivation.run(t.st, fr, t.ctx)
    assert t.st.stack[-1] == {"kind": "clash_search", "side": "IJN", "formation": "61st"}
    assert t.st.stack[-2] is fr and fr["step"] == "strike"


def test_6_3_2_the_22nd_never_searches() -> None:
    t = detected(Table(position(turn=2, usn_hex=FAR_NORTH, air=[unit("iwo-jima-521ag-b2")])), "tg-58-7")
    t.push("clash_af_activation", af="22nd")
    assert not any(f["kind"] == "clash_search" for f in t.st.stack)
    assert [o["target"] for o in t.options("island_strike")] == ["tg-58-7"]


def test_r_9_an_air_flotilla_does_nothing_at_night() -> None:
    t = detected(Table(position(turn=5, usn_hex=FAR_NORTH, air=[unit("iwo-jima-521ag-b2")])), "tg-58-7")
    t.push("clash_af_activation", af="22nd")
    assert not t.st.stack and any("night" in x for x in t.texts("6.3"))


def test_6_3_2_island_air_strikes_only_what_island_search_detected() -> None:
    t = Table(position(turn=2, usn_hex=FAR_NORTH, air=[unit("iwo-jima-521ag-b2")]))
    detected(t, "tg-58-7", channel="carrier")  # the carriers' find is not the island air's (6.3.1)
    t.push("clash_af_activation", af="22nd")
    assert not t.st.stack
    t = detected(Table(position(turn=2, usn_hex=FAR_NORTH, air=[unit("iwo-jima-521ag-b2"), unit("guam-521ag-b1")])),
                 "tg-58-7")
    push(t.st, "clash_af_activation", af="22nd", step="strike")
    ENGINE.advance(t.st, t.ctx)
    with pytest.raises(IllegalAction) as e:
        t.apply(Action("island_strike", {"target": "tg-58-1"}))
    assert e.value.rule == "6.3.2"


def test_16_1_4_before_the_order_island_air_may_not_attack_a_carrier_tg() -> None:
    t = detected(Table(position(turn=2, usn_hex=FAR_NORTH, air=[unit("iwo-jima-521ag-b2")])), "tg-58-1", "tg-58-7")
    t.push("clash_af_activation", af="22nd")
    assert [o["target"] for o in t.options("island_strike")] == ["tg-58-7"]
    with pytest.raises(IllegalAction) as e:
        t.apply(Action("island_strike", {"target": "tg-58-1"}))
    assert e.value.rule == "16.1.4" and "Japanese Coordination" in str(e.value)
    islands.coordination(t.st)["ordered"] = 2
    t.st.asked = None
    assert [o["target"] for o in t.options("island_strike")] == ["tg-58-1", "tg-58-7"]


def test_8_0_a_strike_on_a_tf_falls_on_one_of_its_tgs_drawn_at_random() -> None:
    pos = position(turn=2, usn_hex=FAR_NORTH, tf58=True, air=[unit("iwo-jima-521ag-b2")])
    t = detected(Table(pos, dice=[2]), "tf-58")
    t.push("clash_af_activation", af="22nd")
    assert not t.st.stack  # TF 58 holds carriers: closed to island air before the order (16.1.4)
    islands.coordination(t.st)["ordered"] = 2
    t.push("clash_af_activation", af="22nd")
    assert [o["target"] for o in t.options("island_strike")] == ["tf-58"]
    t.choose("island_strike", target="tf-58")
    assert t.st.stack[-1]["target"] == "tf:tg-58-7"  # the second of TF 58's two TGs, by the scripted draw
    draw = next(e for e in t.events if e.kind == "draw")
    assert draw.rule == "8.0" and draw.data == {"index": 1, "of": 2}


def test_8_1_island_strike_offers_units_in_reach_and_launches_with_is_frames() -> None:
    air = [unit("iwo-jima-521ag-b2"), unit("iwo-jima-263ag-f1"), unit("truk-755ag-t1"), unit("guam-521ag-b1")]
    t = detected(Table(position(turn=2, usn_hex=FAR_NORTH, air=air)), "tg-58-7")
    t.push("clash_af_activation", af="22nd")
    t.choose("island_strike", target="tg-58-7")
    assert t.decision.kind == "strike_compose" and t.decision.rule == "8.1"
    offered = {(o["air"], o["role"]) for o in t.options("strike_add")}
    # Iwo Jima (12 beyond 2501) reaches FAR_NORTH; Truk (10 beyond 4424) does not; Guam is the 61st's
    assert offered == {("iwo-jima-521ag-b2", "strike"), ("iwo-jima-263ag-f1", "escort")}
    t.choose("strike_add", air="iwo-jima-521ag-b2")
    t.choose("strike_add", air="iwo-jima-263ag-f1")
    fr = t.st.stack[-1]
    launch = next(o for o in t.options("strike_launch"))
    islands.IslandCompose.act(t.st, fr, launch, t.ctx)  # IS's strike frames take over from here
    rec = t.st.stack[-2]
    assert rec["kind"] == "air_strike" and t.st.stack[-1]["kind"] == "strike_start"
    assert rec["strike"] == ["iwo-jima-521ag-b2"] and rec["escorts"] == ["iwo-jima-263ag-f1"]
    assert rec["target"] == "tf:tg-58-7" and rec["target_hex"] == FAR_NORTH
    assert rec["source"] == {"formation": "22nd"}
    assert t.box("iwo-jima-521ag-b2") == "mission" and rec["extended"] == []


# -- the flagship announcement (16.1.4, R-10, R-11) -----------------------------------------------------------------


def test_16_1_4_after_the_order_the_ijn_names_a_hex_within_3_of_the_flagship() -> None:
    t = Table(position(turn=2, ijn_hex="0618"))
    t.push("clash_flagship_report")
    assert not t.st.stack  # no order yet: nothing to say
    islands.coordination(t.st)["ordered"] = 1
    t.push("clash_flagship_report")
    hexes = [o["hex"] for o in t.options("flagship_report")]
    assert "0618" in hexes and all(dist(D, h, "0618") <= 3 for h in hexes) and len(hexes) > 20
    t.choose("flagship_report", hex=hexes[-1])
    said = t.events[-1]
    assert said.visible is None and said.data == {"hex": hexes[-1], "radius": 3}
    assert not t.st.stack


def test_16_1_4_a_new_flagship_once_taiho_has_sunk() -> None:
    pos = position(turn=2)
    pos["tgs"][2]["ships"] = ["taiho", "myoko", "shokaku"]
    pos["ships"] = [{"id": "taiho", "sunk": True}]
    t = Table(pos)
    islands.coordination(t.st)["ordered"] = 1
    t.push("clash_flagship_report")
    assert [o["ship"] for o in t.options("flagship")] == ["shokaku"]  # a carrier while one is afloat
    t.choose("flagship", ship="shokaku")
    assert islands.flagship(t.st) == "shokaku" and t.decision.kind == "flagship_report"


# -- strikes on airfields (8.0, R-42) -------------------------------------------------------------------------------


def test_r_42_a_strike_on_an_airfield_takes_steps_flown_box_first() -> None:
    air = [unit("guam-261ag-f3", "flown"), unit("guam-521ag-b1", "flown"), unit("guam-523ag-db1")]
    t = Table(position(turn=2, usn_hex="3514", air=air))
    # VB-2 (DB 6) rolls 7: 2 hits; VT-2 (T 5) rolls 1: none
    t.ctx.dice.script.extend([7, 1])
    t.push("clash_airfield_strike", side="USN", tg="tg-58-1", base="guam")
    assert t.decision.player == "USN" and t.decision.rule == "8.0"
    t.choose("strike_add", air="vb-2")
    t.choose("strike_add", air="vt-2")
    t.choose("strike_launch")
    assert any("2 hit(s)" in x for x in t.texts("8.0"))
    assert t.decision.kind == "airfield_step" and t.decision.player == "IJN"
    assert {o["air"] for o in t.options()} == {"guam-261ag-f3", "guam-521ag-b1"}  # the Ready DB is spared
    t.choose("airfield_step", air="guam-261ag-f3")
    assert t.st.air["guam-261ag-f3"].reduced and t.box("guam-261ag-f3") == "flown"
    t.choose("airfield_step", air="guam-521ag-b1")
    assert t.box("guam-521ag-b1") == "destroyed"  # no reduced side: the step destroys it
    assert not t.st.stack and t.box("guam-523ag-db1") == "ready"
    assert t.box("vb-2") == "flown" and t.st.air["vb-2"].reduced  # fatigued on its way home
    assert not [e for e in t.events if e.rule == "8.5"]  # islands fire no AA


def test_r_42_only_units_in_range_of_the_airfield_may_fly() -> None:
    t = Table(position(turn=2, usn_hex="3111", air=[unit("guam-523ag-db1")]))
    far = "2020"
    assert dist(D, far, "3516") > 8
    t2 = Table(position(turn=2, usn_hex=far, air=[unit("guam-523ag-db1")]))
    t2.push("clash_airfield_strike", side="USN", tg="tg-58-1", base="guam")
    assert [o.kind for o in t2.options()] == ["strike_cancel"]
    t.push("clash_airfield_strike", side="USN", tg="tg-58-1", base="guam")
    assert {o["air"] for o in t.options("strike_add")} >= {"vb-2", "vt-2", "vb-1"}


def guam_cap(*fighters: str) -> list[dict[str, Any]]:
    return [unit(a, "cap", parent="guam") for a in fighters]


def raid(air: list[dict[str, Any]], dice: list[int], *picks: tuple[str, dict[str, Any]]) -> Table:
    t = Table(position(turn=2, usn_hex="3514", air=air), dice=dice)
    for a in air:
        if a["box"] == "cap":
            t.st.air[a["id"]].cap_over = "guam"
    t.push("clash_airfield_strike", side="USN", tg="tg-58-1", base="guam")
    for kind, params in picks:
        t.choose(kind, **params)
    return t


def test_r_42_island_cap_and_escorts_fight_each_other_at_once() -> None:
    air = guam_cap("guam-261ag-f3") + [unit("guam-521ag-b1", "flown"), unit("guam-523ag-db1")]
    # escort VF-2 (4) rolls 7 +1 USN: 2 steps on the CAP; the CAP (3) rolls 10: 2 steps on the escort;
    # then VB-2 (6) rolls 7: 2 hits, VT-2 (5) rolls 1: none
    t = raid(air, [7, 10, 7, 1], ("strike_add", {"air": "vb-2"}), ("strike_add", {"air": "vt-2"}),
             ("strike_add", {"air": "vf-2-1"}), ("strike_launch", {}))
    assert any("1 island CAP unit(s) intercept" in x for x in t.texts("8.2"))
    assert t.box("guam-261ag-f3") == "destroyed"  # reduced, then its last step
    assert t.st.air["vf-2-1"].reduced and t.box("vf-2-1") == "flown"  # USN units are never eliminated (8.2.1)
    hit = {e.data["air"] for e in t.events if e.kind == "air_loss" and e.rule == "8.2.1" and not e.data.get("masked")}
    assert hit == {"guam-261ag-f3", "vf-2-1"}  # the CAP was kept busy: the bombers got through untouched
    assert t.box("guam-521ag-b1") == "destroyed" and t.box("guam-523ag-db1") == "destroyed"  # Flown, then Ready
    assert not t.st.stack


def test_r_42_cap_without_escorts_hits_the_bombers_and_steps_on_fatigued_units_become_drms() -> None:
    air = guam_cap("guam-261ag-f3", "peleliu-343ag-f4") + [unit("guam-523ag-db1")]
    # the CAP (3 + 4 = 7) rolls 10: 3 steps on the lone VB-2: flipped, then -1 and -2 on its bombing roll
    t = raid(air, [10, 9], ("strike_add", {"air": "vb-2"}), ("strike_launch", {}))
    assert t.st.air["vb-2"].reduced
    bomb = [e for e in t.events if e.kind == "roll" and e.rule == "8.0"][-1].data["roll"]
    assert bomb["raw"] == 9 and bomb["final"] == 7 and str(bomb["column"]) == "4"
    assert t.box("guam-523ag-db1") == "destroyed"  # column 4, 7: one hit


def test_r_42_extra_cap_goes_for_the_bombers_as_the_ijn_chooses() -> None:
    air = guam_cap("guam-261ag-f3", "peleliu-343ag-f4")
    t = raid(air, [1, 1, 10, 1], ("strike_add", {"air": "vb-2"}), ("strike_add", {"air": "vf-2-1"}),
             ("strike_launch", {}))
    assert t.decision.kind == "cap_vs_bombers" and t.decision.player == "IJN" and t.decision.rule == "8.2.2"
    t.choose("cap_vs_bombers", air="peleliu-343ag-f4")
    # escort 1+1: nothing; CAP 3 on the escort, roll 1: nothing; the F 4 on VB-2 rolls 10: 2 steps (flip, then -1)
    hit = [e.data["air"] for e in t.events if e.kind == "air_loss" and not e.data.get("masked")]
    assert hit == ["vb-2", "vb-2"]
    bomb = [e for e in t.events if e.kind == "roll" and e.rule == "8.0"][-1].data["roll"]
    assert bomb["raw"] == 1 and bomb["final"] == 0
    assert not t.st.stack
