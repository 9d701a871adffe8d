"""Radar-directed CAP, the advanced rule 13.0 (option ``radar_cap``; rulings R-30, R-60, R-61), through the public API.

A day turn from its Initial Phase: the IJN's Force B (Junyo) in 1410 and the USN's TG 58.3 (Essex, Washington) in
1416, six hexes south, already found by the IJN. A raid from 1410 flies the straight line 1411-1416.
"""

from __future__ import annotations

from typing import Any

import pytest

import leyte
from leyte.core.errors import IllegalAction

GAME = "clash-of-the-carriers"
GROUP_HEX = "1416"
PATH = ("1411", "1412", "1413", "1414", "1415", "1416")


def _merge(base: list[dict[str, Any]], more: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The base units, each replaced by an entry of ``more`` with its id, then the rest of ``more``."""
    by_id = {a["id"]: a for a in more}
    return [by_id.pop(a["id"], a) for a in base] + list(by_id.values())


def _pos(air: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    base = [{"id": "junyo-db3-1", "parent": "junyo", "box": "ready"},
            {"id": "vf-15-1", "parent": "essex", "box": "ready"},
            {"id": "vf-15-2", "parent": "essex", "box": "ready"}]
    return {"id": "radar-test", "turn": 2, "first_turn": 1, "last_turn": 2, "turn_record_key": "historical",
            "tgs": [{"id": "force-b", "name": "Force B", "side": "IJN", "hex": "1410", "ships": ["junyo"]},
                    {"id": "tg-58-3", "name": "TG 58.3", "side": "USN", "hex": GROUP_HEX,
                     "ships": ["essex", "washington"]}],
            "tfs": [], "air": _merge(base, air or []), "detected": {"IJN": {"carrier": ["tg-58-3"]}},
            "start": {"phase": "turn"}}


def _game(options: dict[str, bool] | None = None, *, air: list[dict[str, Any]] | None = None, seed: int = 1) -> Any:
    opts = {"radar_cap": True} if options is None else options
    return leyte.new_game(GAME, scenario=_pos(air), options=opts, seed=seed)


def _to_cap_allocation(g: Any, side: str = "USN") -> None:
    while not (g.decision.kind == "cap_allocation" and g.decision.player == side):
        d = g.decision
        g.apply(next(o for o in d.options if o.kind in ("done", "cap_alloc_done")))


def _refused(g: Any, action: dict[str, Any]) -> IllegalAction:
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert g.to_json() == before
    return e.value


def _neutral(g: Any) -> None:
    """Every choice not under test: no more CAP, the IJN strikes TG 58.3 with Junyo's DB, the USN never strikes."""
    d = g.decision
    want = {"formations": "done", "cap_allocation": "cap_alloc_done", "clash_move": "end_move",
            "clash_strike": "clash_strike" if d.player == "IJN" else "end_activation",
            "command_chit": "chit_activate" if d.player == "IJN" else "chit_pass"}.get(d.kind)
    if d.kind == "strike_compose":
        want = "strike_launch" if any(o.kind == "strike_launch" for o in d.options) else "strike_add"
        opt = next(o for o in d.options if o.kind == want and o.get("role", "strike") == "strike")
        g.apply(opt)
        return
    g.apply(next((o for o in d.options if o.kind == want), d.options[0]))


def _play_raid(g: Any) -> None:
    while not any(e.kind == "strike_end" for e in g.events):
        assert not g.over and g.state.turn == 2, "the IJN raid never flew"
        _neutral(g)


def _place(g: Any, air: str, hex_label: str) -> None:
    g.apply({"kind": "cap_radar", "air": air})
    g.apply({"kind": "radar_hex", "air": air, "hex": hex_label})


def _cap_events(g: Any) -> list[Any]:
    """The USN's own log of CAP interceptions (the IJN's copy names the units only by type)."""
    return [e for e in g.events if e.kind == "cap" and "cap" in e.data and "Essex" in e.text]


def test_13_0_offered_only_to_full_strength_us_fighters() -> None:
    g = _game(air=[{"id": "vb-15", "parent": "essex", "box": "ready"},
                   {"id": "vf-15-2", "parent": "essex", "box": "ready", "reduced": True}])
    _to_cap_allocation(g)
    d = g.decision
    assert (d.rule, sorted(o["air"] for o in d.options if o.kind == "cap_radar")) == ("5.7", ["vf-15-1"])
    assert {o["air"] for o in d.options if o.kind == "cap_on"} == {"vf-15-1", "vf-15-2"}  # plain CAP: both
    e = _refused(g, {"kind": "cap_radar", "air": "vf-15-2"})
    assert e.rule == "13.0" and "fatigued" in e.reason
    e = _refused(g, {"kind": "cap_radar", "air": "vb-15"})
    assert e.rule == "13.0" and "only fighter (F) units" in e.reason


def test_13_0_a_radar_cap_holds_a_hex_one_or_two_from_its_group_fatigued() -> None:
    g = _game()
    _to_cap_allocation(g)
    g.apply({"kind": "cap_radar", "air": "vf-15-1"})
    d = g.decision
    assert (d.kind, d.rule, d.player) == ("radar_cap_hex", "13.0", "USN")
    m = leyte.rules(GAME).map
    hexes = [o["hex"] for o in d.options if o.kind == "radar_hex"]
    assert len(hexes) == 18 and {m.hex(h).distance(m.hex(GROUP_HEX)) for h in hexes} == {1, 2}
    for bad, dist in (("1413", 3), (GROUP_HEX, 0)):
        e = _refused(g, {"kind": "radar_hex", "air": "vf-15-1", "hex": bad})
        assert e.rule == "13.0" and f"is {dist} hexes from TG 58.3" in e.reason
    g.apply({"kind": "radar_hex", "air": "vf-15-1", "hex": "1414"})
    a = g.state.air["vf-15-1"]
    assert (a.box, a.reduced, a.cap_over) == ("cap", True, None)  # fatigued, and no longer over its own group
    placed = next(e for e in g.events if e.rule == "13.0" and e.kind == "cap")
    assert placed.visible == ("USN",) and placed.data == {"air": "vf-15-1", "hex": "1414"}
    assert "now 2" in placed.text  # the 4-strength fighter's fatigued side
    assert not any(o.get("air") == "vf-15-1" for o in g.decision.options)  # placed: no second order this turn


def test_13_0_the_unit_chosen_may_be_sent_back_without_flying() -> None:
    g = _game()
    _to_cap_allocation(g)
    g.apply({"kind": "cap_radar", "air": "vf-15-1"})
    g.apply({"kind": "radar_back"})
    assert g.decision.kind == "cap_allocation" and g.state.air["vf-15-1"].box == "ready"
    assert not g.state.air["vf-15-1"].reduced


def test_13_0_ijn_fighters_never_fly_radar_cap() -> None:
    g = _game(air=[{"id": "junyo-f3-1", "parent": "junyo", "box": "ready"}])
    _to_cap_allocation(g, "IJN")
    assert "cap_on" in {o.kind for o in g.decision.options}
    assert "cap_radar" not in {o.kind for o in g.decision.options}
    e = _refused(g, {"kind": "cap_radar", "air": "junyo-f3-1"})
    assert e.rule == "13.0" and "IJN fighters never" in e.reason


def test_13_0_option_off_offers_nothing_and_refuses_naming_the_case() -> None:
    off = _game({"radar_cap": False})
    plain = _game({})
    for g in (off, plain):
        _to_cap_allocation(g)
        assert "cap_radar" not in {o.kind for o in g.decision.options}
    assert off.decision.to_dict() == plain.decision.to_dict()
    e = _refused(off, {"kind": "cap_radar", "air": "vf-15-1"})
    assert e.rule == "13.0" and "options leave it off" in e.reason


def test_13_0_option_off_plays_the_same_game_as_no_option() -> None:
    logs = []
    for opts in ({"radar_cap": False}, {}):
        g = _game(opts, seed=5)
        _to_cap_allocation(g)
        g.apply({"kind": "cap_on", "air": "vf-15-2"})
        _play_raid(g)
        logs.append([(e.rule, e.kind, e.text) for e in g.events])
    assert logs[0] == logs[1]
    assert any(e[0] == "8.2" and e[1] == "cap" for e in logs[0]) and not any(e[0] == "13.0" for e in logs[0])


@pytest.mark.parametrize("seed", [1, 2])
def test_13_0_radar_cap_on_the_raids_path_fights_it_there_before_the_cap_over_the_target(seed: int) -> None:
    g = _game(seed=seed)
    _to_cap_allocation(g)
    _place(g, "vf-15-1", "1414")
    g.apply({"kind": "cap_on", "air": "vf-15-2"})
    _play_raid(g)
    cap = _cap_events(g)
    assert [(e.rule, e.data["cap"]) for e in cap] == [("13.0", ["vf-15-1"]), ("8.2", ["vf-15-2"])] or (
        [(e.rule, e.data["cap"]) for e in cap] == [("13.0", ["vf-15-1"])]
        and g.state.air["junyo-db3-1"].box == "destroyed")  # the radar CAP may have shot the raid down already
    assert cap[0].data["hex"] == "1414"
    first_a2a = next(i for i, e in enumerate(g.events) if e.kind == "roll" and e.rule == "8.2.1")
    assert g.events.index(cap[0]) < first_a2a  # CAP fires first: the bombers never fire back (8.2.1)
    aa = [i for i, e in enumerate(g.events) if e.kind == "roll" and e.data["roll"]["table"] == "aa"]
    assert all(first_a2a < i for i in aa)
    assert g.state.air["vf-15-1"].box == "cap"  # it stays out there for the rest of the turn (13.0)


def test_13_0_a_raid_passing_next_to_the_radar_hex_is_intercepted() -> None:
    m = leyte.rules(GAME).map
    assert "1315" not in PATH and min(m.hex("1315").distance(m.hex(h)) for h in PATH) == 1
    g = _game()
    _to_cap_allocation(g)
    _place(g, "vf-15-1", "1315")
    _play_raid(g)
    cap = _cap_events(g)
    assert [(e.rule, e.data["hex"], e.data["cap"]) for e in cap] == [("13.0", "1315", ["vf-15-1"])]


def test_13_0_a_radar_hex_away_from_the_raid_sees_nothing_and_the_target_has_no_cap() -> None:
    m = leyte.rules(GAME).map
    assert min(m.hex("1418").distance(m.hex(h)) for h in PATH) == 2  # behind the group, off the raid's line
    g = _game()
    _to_cap_allocation(g)
    _place(g, "vf-15-1", "1418")
    _play_raid(g)
    assert not _cap_events(g)
    assert not [e for e in g.events if e.kind == "roll" and e.rule in ("8.2.1", "8.2.2")]
    assert [e for e in g.events if e.kind == "roll" and e.data["roll"]["table"] == "aa"]  # the raid reached the TG


def test_13_0_radar_cap_comes_down_at_the_end_of_the_turn() -> None:
    g = _game()
    _to_cap_allocation(g)
    _place(g, "vf-15-1", "1418")
    while g.state.turn == 2 and not g.over:
        _neutral(g)
    a = g.state.air["vf-15-1"]
    assert (a.box, a.reduced, a.cap_over) == ("ready", True, None)


def test_13_0_and_14_0_a_bomber_shot_down_by_radar_cap_never_delivers_its_ordnance() -> None:
    g = _game({"radar_cap": True, "deliver_the_ordnance": True}, seed=2)
    _to_cap_allocation(g)
    _place(g, "vf-15-1", "1414")
    g.apply({"kind": "cap_on", "air": "vf-15-2"})
    _play_raid(g)
    killed = [e for e in g.events if e.kind == "air_loss" and e.data.get("air") == "junyo-db3-1"
              and e.data.get("destroyed")]
    assert killed and killed[0].rule == "8.2.1"  # seed 2: lost to CAP (a step at 1414, the last over the TG)
    assert not [e for e in g.events if e.kind == "roll" and "deliver" in e.text]
    assert not [e for e in g.events if e.kind == "roll" and e.data["roll"]["table"] in ("aa", "damage")]
    assert g.state.air["junyo-db3-1"].box == "destroyed"


def test_8_2_4_an_escort_that_fought_the_radar_cap_never_suppresses_aa() -> None:
    g = _game(air=[{"id": "junyo-f3-1", "parent": "junyo", "box": "ready"}], seed=3)
    _to_cap_allocation(g)
    _place(g, "vf-15-1", "1414")
    seen = []
    while not any(e.kind == "strike_end" for e in g.events):
        d = g.decision
        seen.append(d.kind)
        if d.kind == "strike_compose":
            chosen = g.state.stack[-1]["chosen"]
            add = [o for o in d.options if o.kind == "strike_add" and o["air"] not in chosen]
            if add:
                g.apply(add[0])
                continue
        _neutral(g)
    fought = [e for e in g.events if e.kind == "roll" and e.rule == "8.2.2" and "escorts" in e.text]
    assert fought and g.state.air["junyo-f3-1"].box != "destroyed"  # seed 3: the escort fought and survived
    assert "aa_suppression" not in seen and not [e for e in g.events if e.kind == "air_pair"]


def test_13_0_radar_cap_stays_out_and_meets_a_second_raid_the_same_turn() -> None:
    pos = _pos([{"id": "hiyo-db3-1", "parent": "hiyo", "box": "ready"}])
    pos["tgs"][0]["ships"] = ["junyo", "hiyo"]
    g = leyte.new_game(GAME, scenario=pos, options={"radar_cap": True}, seed=3)
    _to_cap_allocation(g)
    _place(g, "vf-15-1", "1415")
    while sum(e.kind == "strike_end" for e in g.events) < 2:
        assert not g.over and g.state.turn == 2, "the second raid never flew"
        d = g.decision
        if d.kind == "strike_compose":  # one bomber a raid
            chosen = g.state.stack[-1]["chosen"]
            g.apply(next(o for o in d.options if o.kind == ("strike_launch" if chosen else "strike_add")))
            continue
        _neutral(g)
    raids = [e for e in g.events if e.kind == "strike" and e.data.get("strike") and e.visible == ("IJN",)]
    assert sorted(r.data["strike"][0] for r in raids) == ["hiyo-db3-1", "junyo-db3-1"]
    met = _cap_events(g)
    assert [(e.rule, e.data["hex"], e.data["cap"]) for e in met] == [("13.0", "1415", ["vf-15-1"])] * 2
    at = [i for i, e in enumerate(g.events) if any(e is x for x in met + raids[1:])]
    assert [g.events[i].kind for i in at] == ["cap", "strike", "cap"]  # the second raid is met after it launches


def test_r61_an_island_raid_flies_from_its_base_or_in_through_the_edge_hex_of_an_off_map_base() -> None:
    from leyte.rulebooks.clash import radar
    from leyte.rulebooks.clash.scenario import airfields

    rules = leyte.rules(GAME)
    pos = _pos([{"id": "guam-523ag-db1", "parent": "guam", "box": "ready"},
                {"id": "yap-523ag-db2", "parent": "yap", "box": "ready"}])
    pos["air_bases"] = [{"id": k, **v} for k, v in airfields(rules).items()]
    st = leyte.new_game(GAME, scenario=pos, options={"radar_cap": True}, seed=1).state
    m = rules.map
    guam = radar.flight_path(st, ["guam-523ag-db1"], GROUP_HEX)
    line = [m.label(h) for h in m.hex("3516").line_to(m.hex(GROUP_HEX))]
    assert guam == line[1:] and guam[-1] == GROUP_HEX and "3516" not in guam  # Guam's own hex is not entered
    yap = radar.flight_path(st, ["yap-523ag-db2"], GROUP_HEX)
    assert yap == [m.label(h) for h in m.hex("1624").line_to(m.hex(GROUP_HEX))] and yap[0] == "1624"
    both = radar.flight_path(st, ["guam-523ag-db1", "yap-523ag-db2", "junyo-db3-1"], GROUP_HEX)
    assert set(both) == set(guam) | set(yap) | set(PATH)  # a raid from several bases: every line
