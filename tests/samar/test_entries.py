"""Set-up and entry (3.1, 3.2) in the historical scenario."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import leyte
from leyte import LeyteError, ScenarioError
from leyte.bots import RandomBot


def set_up(dice: list[int] | None = None) -> leyte.Game:
    g = leyte.new_game("samar", scenario="historical", dice=dice or [], options={"setup_by_hand": True})
    while g.decision.kind == "setup":
        g.apply(g.decision.options[0])
    return g


DEFAULTS = tomllib.loads((Path(leyte.rules("samar").folder) / "scenarios" / "historical.toml").read_text())[
    "taffy3"]["default"]


def test_3_1_taffy_three_starts_on_its_historical_hexes_with_no_set_up_questions() -> None:
    g = leyte.new_game("samar", seed=1)
    assert g.decision.kind != "setup" and (g.decision.player, g.decision.kind) == ("IJN", "first_mover")
    t3 = {s.id: s for s in g.state.ships.values() if s.where == "map"}
    assert {sid: s.hex for sid, s in t3.items()} == DEFAULTS and len(t3) == 13
    assert all(s.facing == 0 and s.speed == "battle" for s in t3.values())  # steaming north at battle speed (3.1)
    placed = [e for e in g.events if e.kind == "setup"]
    assert [(e.rule, e.data["ship"], e.data["hex"]) for e in placed] == [("3.1", k, v) for k, v in DEFAULTS.items()]


def test_3_1_placing_every_ship_on_its_offered_default_by_hand_gives_the_same_position() -> None:
    by_hand, default = set_up(), leyte.new_game("samar", scenario="historical")
    assert {s.id: (s.hex, s.facing, s.speed) for s in by_hand.state.ships.values()} == {
        s.id: (s.hex, s.facing, s.speed) for s in default.state.ships.values()}
    assert by_hand.decision.kind == default.decision.kind == "first_mover"


def test_3_1_taffy_three_sets_up_within_four_of_1411_steaming_north() -> None:
    g = leyte.new_game("samar", options={"setup_by_hand": True})
    d = g.decision
    assert (d.player, d.kind, d.rule) == ("USN", "setup", "3.1")
    assert d.options[0]["hex"] == DEFAULTS[d.data["ship"]] == d.data["historical_hex"]  # the default offered first
    D = leyte.rules("samar")
    c = D.map.hex("1411")
    assert all(D.map.hex(o["hex"]).distance(c) <= 4 for o in d.options)
    g = set_up()
    t3 = [s for s in g.state.ships.values() if s.where == "map"]
    assert len(t3) == 13 and all(s.facing == 0 and s.speed == "battle" for s in t3)


def test_3_1_a_ship_without_a_default_hex_is_still_placed_by_hand() -> None:
    raw = tomllib.loads((Path(leyte.rules("samar").folder) / "scenarios" / "historical.toml").read_text())
    del raw["taffy3"]["default"]["hoel"]
    g = leyte.new_game("samar", scenario=raw)
    d = g.decision
    assert (d.kind, d.data["ship"], d.data["ships_left"]) == ("setup", "hoel", 1)
    assert sum(s.where == "map" for s in g.state.ships.values()) == 12
    g.apply({"kind": "setup_hex", "ship": "hoel", "hex": "1411"})
    assert g.state.ships["hoel"].hex == "1411" and g.decision.kind == "first_mover"


def test_3_1_a_default_hex_outside_the_set_up_area_is_refused_naming_the_field() -> None:
    raw = tomllib.loads((Path(leyte.rules("samar").folder) / "scenarios" / "historical.toml").read_text())
    raw["taffy3"]["default"]["hoel"] = "1402"  # nine hexes north of 1411
    with pytest.raises(ScenarioError, match=r"setup\.default\.hoel = '1402'.*3\.1"):
        leyte.new_game("samar", scenario=raw)


def test_setup_by_hand_must_be_a_bool() -> None:
    with pytest.raises(LeyteError, match="setup_by_hand"):
        leyte.new_game("samar", options={"setup_by_hand": "yes"})


def test_3_2_ijn_entry_roll_draws_that_many_ships_onto_the_entry_corner() -> None:
    g = set_up(dice=[3, 1, 1, 1])
    assert g.decision.kind == "first_mover"
    g.apply({"kind": "first_mover", "side": "IJN"})
    placed = []
    while g.decision.kind in ("entry_hex", "entry_facing"):
        o = g.decision.options[0]
        g.apply(o)
        if o.kind == "entry_facing":
            placed.append(o["ship"])
    assert placed == ["kumano", "suzuya", "chikuma"]
    assert all(g.state.ships[s].hex == "0101" for s in placed)
    assert len(g.state.pools["ijn"]) == 16 and len(g.state.pools["ijn_bb"]) == 4


def test_3_1_taffy_two_enters_from_0712_at_most_four_a_turn() -> None:
    g = set_up()
    bots = {s: RandomBot(s, 5) for s in ("IJN", "USN")}
    while not (g.decision.kind == "taffy2"):
        d = g.decision
        if d.kind == "air_strike":
            g.apply([o for o in d.options if o.kind == "air_done"][0] if d.player == "USN" else d.options[0])
            continue
        g.apply(bots[d.player].choose({}, d))
    assert g.state.turn == 3
    assert "ijn_bb" in g.state.pools and not g.state.pools["ijn_bb"]  # the battleships joined at 0700
    assert {o["hex"] for o in g.decision.options if o.kind == "taffy2_enter"} == {"3241", "3242", "3243"}
    for i in range(4):
        o = [x for x in g.decision.options if x.kind == "taffy2_enter"][i]
        g.apply(o)
        g.apply(g.decision.options[3])  # face S
    assert g.decision.kind != "taffy2"
    assert len(g.state.pools["taffy2"]) == 10


def _pos(turn: int, **kw: object) -> dict[str, object]:
    return {"id": "t", "turn": turn, "start": "movement",
            "ships": [{"id": "yamato", "hex": "1005"}, {"id": "johnston", "hex": "1030"}, *kw.pop("extra", [])],
            **kw}


def test_3_1_bombardment_group_from_0900_enters_half_the_roll_on_deep_water_south_edge_hexes() -> None:
    ships = [{"id": s} for s in ("california", "maryland", "louisville")]
    g = leyte.new_game("samar", scenario=_pos(12, extra=ships, pools={"bombardment": ["california", "maryland",
                                                                                     "louisville"]}),
                       dice=[5, 3, 1])
    g.apply({"kind": "first_mover", "side": "USN"})
    d = g.decision
    D = leyte.rules("samar")
    exits = {D.map.label(h) for h in D.map.find("exit", "Leyte Gulf")}
    assert d.kind == "entry_hex" and {o["hex"] for o in d.options} == exits
    drawn = []
    while g.decision.kind in ("entry_hex", "entry_facing"):
        o = g.decision.options[0]
        g.apply(o)
        if o.kind == "entry_facing":
            drawn.append(o["ship"])
    assert drawn == ["louisville", "california"]  # 5 halved = 2 ships, drawn 3rd then 1st of what is left


def test_3_1_taffy_air_is_drawn_into_the_available_box_from_0712() -> None:
    air = [{"id": a} for a in ("vc3", "vc4", "vc5")]
    g = leyte.new_game("samar", scenario=_pos(3, air=air), dice=[2, 1, 1])
    g.apply({"kind": "first_mover", "side": "USN"})
    assert sorted(a.id for a in g.state.air.values() if a.where == "available") == ["vc3", "vc4"]
    g = leyte.new_game("samar", scenario=_pos(2, air=air), dice=[2, 1, 1])
    g.apply({"kind": "first_mover", "side": "USN"})
    assert not [a for a in g.state.air.values() if a.where == "available"]  # not before 0712


def test_ruling_r18_a_panicked_ijn_ship_steamed_off_by_the_usn_does_not_reach_leyte() -> None:
    D = leyte.rules("samar")
    ex = D.map.label(D.map.find("exit", "Leyte Gulf")[-1])
    g = leyte.new_game("samar", scenario=_pos(5, extra=[{"id": "nagato", "hex": ex, "facing": 3, "panic": True}],
                                               cleared=True))
    g.apply({"kind": "first_mover", "side": "USN"})
    g.apply({"kind": "move_ship", "ship": "nagato"})
    if g.decision.kind == "speed":
        g.apply({"kind": "speed", "ship": "nagato", "speed": "battle"})
    g.apply({"kind": "leave_map", "ship": "nagato"})
    assert g.state.ships["nagato"].where == "exited" and g.state.exited_armor == 0
