"""The activation worked example of 4.4, both parts, through the public API with scripted dice.

(1) Force A (TF1): its slowest ship has speed 4, less a -1 MP marker from last turn's air attack: 3 MPs. From 3223
it moves two hexes to 3423, where a USN TF is; the search of that hex costs no MP and succeeds; Force A starts a
surface battle, which ends its movement with one MP unspent. (2) TG 38.3 (TF3): every ship is 4/5 and the turn is
even, so 5 MPs. From 2120 it air-searches and finds an IJN TF in 3215, beyond normal strike range; it spends 3 MPs
closing and its last 2 MPs launching the strike (6.2.2).

Each part's POSITION, DICE and STEPS are its whole script (a notebook can import and step them).
"""

from __future__ import annotations

from typing import Any

from is_play import Step, day_record, option_kinds, play_steps, rolls

import leyte

FORCE_A = ["yamato", "musashi", "nagato", "div-31"]
TG_38_3 = ["essex", "lexington", "langley", "princeton", "massachusetts", "south-dakota", "santa-fe", "mobile",
           "desrn-50-2"]

# -- part 1: Force A -----------------------------------------------------------------------------------------------

POSITION_1: dict[str, Any] = {
    "id": "example-4.4-1", "turn": 1, "turn_record": {"1": day_record(time="night")},
    "options": {"wild_bull": False, "fanaticism": False, "pt_boats": False, "auto_reports": False},
    "tfs": [
        {"marker": "IJN-1", "name": "Force A", "side": "IJN", "hex": "3223", "ships": FORCE_A, "mp_markers": 1},
        {"marker": "USN-2", "name": "TF 77", "side": "USN", "fleet": "7th", "hex": "3423",
         "ships": ["mississippi", "west-virginia", "x-ray-1"], "detected": False},
    ],
    "start": {"activate": "IJN-1", "pool": []},
}

# The set-up rolls nothing. The example states only that the search succeeds; the rest is this test's choice.
DICE_1 = [
    6,      # IJN search of 3423: 6 + 1 for its own hex = 7, a detection (7.1)
    10, 1,  # the USN's secret report roll (7.2); its own search of Force A, 1 + 1 = 2, fails (7.1.1)
    5, 5,   # battle placement (night): IJN area 8, USN area 15 (8.3.1)
    6, 1,   # initiative: the IJN moves first (8.3.2)
]

MOVE_1: list[Step] = [("move", {"to": "3323"}), ("move", {"to": "3423"})]
REPORT_1: list[Step] = [("report", {"category": "battleships", "count": 2}),
                        ("report", {"category": "destroyers", "count": 1})]
BATTLE_1: list[Step] = [
    ("surface_attack", {}),
    # Round 1: everyone keeps station and holds fire, then both sides break off (8.3.8), which ends the battle.
    *[("move", {"ship": s, "area": 8}) for s in FORCE_A],
    *[("move", {"ship": s, "area": 15}) for s in ("mississippi", "west-virginia", "x-ray-1")],
    *[("fire", {"ship": s, "target": ""}) for s in ("mississippi", "west-virginia", "x-ray-1")],
    ("torpedo_hold", {"ship": "x-ray-1"}),
    ("disengage", {"disengage": True}),
    ("disengage", {"disengage": True}),
    ("place_tf", {"hex": "3322"}),   # the USN picks where its TF goes after the battle (8.3.9)
]
STEPS_1 = MOVE_1 + REPORT_1 + BATTLE_1


def test_4_4_example_part_1_force_a_moves_searches_fights() -> None:
    g = leyte.new_game("imperial-sunset", scenario=POSITION_1, dice=list(DICE_1))
    mp = [e for e in g.events if e.rule == "6.2" and e.kind == "mp"][-1].data
    assert (mp["speed"], mp["penalty"], mp["mp"]) == (4, 1, 3)   # speed 4, less the -1 MP marker
    assert min(leyte.rules("imperial-sunset").units.loc[FORCE_A, "speed_odd"]) == 4   # the slowest ship's speed
    assert g.view("IJN")["activation"]["mp"] == 3
    play_steps(g, MOVE_1[:1])
    events = play_steps(g, MOVE_1[1:])
    assert g.view("IJN")["activation"] == {"tf": "IJN-1", "hex": "3423", "mp": 1}   # the search cost nothing (7.1)
    events += play_steps(g, REPORT_1)
    ijn_search, usn_search = rolls(events, "7.3")   # 7.1.1: each side searches the other
    assert (ijn_search["raw"], ijn_search["final"], ijn_search["result"]["detected"]) == (6, 7, True)
    assert (usn_search["raw"], usn_search["final"], usn_search["result"]["detected"]) == (1, 2, False)
    assert g.decision.player == "IJN" and "surface_attack" in option_kinds(g)
    events = play_steps(g, BATTLE_1)
    assert [e.data["reason"] for e in events if e.kind == "battle_end"] == ["both sides disengage"]
    assert [r["raw"] for r in rolls(g.events)] == DICE_1 and all(r["scripted"] for r in rolls(g.events))
    # Back in Force A's activation: combat has ended its movement, the unspent MP with it (6.2.5).
    d = g.decision
    assert (d.player, d.kind) == ("IJN", "tf_activation")
    assert option_kinds(g) == {"end_activation"}
    assert g.view("IJN")["activation"]["mp"] == 0


# -- part 2: TG 38.3 -----------------------------------------------------------------------------------------------

POSITION_2: dict[str, Any] = {
    "id": "example-4.4-2", "turn": 2, "turn_record": {"2": day_record()},
    "options": {"wild_bull": False, "fanaticism": False, "auto_reports": False},
    "tfs": [
        {"marker": "USN-3", "name": "TG 38.3", "side": "USN", "fleet": "3rd", "hex": "2120", "ships": TG_38_3,
         "detected": True},
        {"marker": "IJN-1", "name": "Force A", "side": "IJN", "hex": "3215", "ships": FORCE_A},
    ],
    "air": [{"id": a, "parent": c} for c, units in (("essex", ["vf-15-1", "vf-15-2", "vb-15", "vt-15"]),
                                                      ("langley", ["vf-44", "vt-44"])) for a in units],
    "start": {"activate": "USN-3", "pool": []},
}

# The set-up rolls nothing. The example states only that the air search finds Force A; the strike's rolls are this
# test's choice.
DICE_2 = [
    9,      # the air search finds Force A (7.2)
    3,      # Yamato's AA at the strike
    4,      # the bomb: no damage
]

SEARCH_2: list[Step] = [
    ("air_search", {}),
    ("report", {"category": "battleships", "count": 3}),
    ("report", {"category": "destroyers", "count": 1}),
]
CLOSE_2: list[Step] = [("move", {"to": "2220"}), ("move", {"to": "2319"}), ("move", {"to": "2419"})]
STRIKE_2: list[Step] = [
    ("air_strike", {"target": "tf:IJN-1"}),
    ("strike_add", {"air": "vb-15", "role": "strike"}),
    ("strike_add", {"air": "vf-15-1", "role": "escort"}),
    ("strike_launch", {}),
    *[("place_ship", {"ship": s, "area": a}) for s, a in zip(FORCE_A, (1, 3, 5, 7), strict=True)],
    ("aim", {"air": "vb-15", "ship": "yamato"}),
    ("pair", {"escort": "vf-15-1", "air": ""}),
    ("aa_adjacent_done", {}),   # only Yamato fires (areas 1 and 5 touch, so Nagato could have)
]
STEPS_2 = SEARCH_2 + CLOSE_2 + STRIKE_2


def _usn_hex(g: leyte.Game) -> str:
    return [t for t in g.view("USN")["own_tfs"] if t["id"] == "USN-3"][0]["hex"]


def test_4_4_example_part_2_tg_38_3_closes_and_strikes() -> None:
    rules = leyte.rules("imperial-sunset")
    m = rules.map
    g = leyte.new_game("imperial-sunset", scenario=POSITION_2, dice=list(DICE_2))
    mp = [e for e in g.events if e.rule == "6.2" and e.kind == "mp"][-1].data
    assert set(rules.units.loc[TG_38_3, "speed_even"]) == {5} and set(rules.units.loc[TG_38_3, "speed_odd"]) == {4}
    assert (mp["speed"], mp["penalty"], mp["mp"]) == (5, 0, 5)   # all ships 4/5 and an even turn (6.2)
    events = play_steps(g, SEARCH_2[:1])
    assert rolls(events, "7.3")[0]["result"]["detected"] is True
    play_steps(g, SEARCH_2[1:])
    target = m.hex("3215")
    normal_range = rules.units.at["vb-15", "range"]
    assert m.hex("2120").distance(target) == 11 > normal_range   # beyond normal strike range
    distances = []
    for step in CLOSE_2:   # three MPs spent closing, each move a hex nearer
        play_steps(g, [step])
        distances.append(m.hex(_usn_hex(g)).distance(target))
    assert distances == [10, 9, 8]
    assert g.view("USN")["activation"]["mp"] == 2
    assert "air_strike" in option_kinds(g)    # in normal range now, with the 2 MPs a strike costs (6.2.2, 6.5.1)
    events = play_steps(g, STRIKE_2)
    assert [e.data for e in events if e.kind == "mp"] == [{"tf": "USN-3", "cost": 2}]
    assert [e.data["extended"] for e in events if e.kind == "strike" and "extended" in e.data] == [[]]
    assert [e.kind for e in events].count("strike_end") == 1
    assert [r["raw"] for r in rolls(g.events)] == DICE_2 and all(r["scripted"] for r in rolls(g.events))
    # The strike took the last two MPs: the activation can only end.
    assert g.view("USN")["activation"]["mp"] == 0
    assert g.decision.kind == "tf_activation" and option_kinds(g) == {"end_activation"}
