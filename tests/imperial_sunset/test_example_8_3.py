"""The worked example of 8.3 (Surigao Strait, two rounds), played through the public API with the book's dice.

The USN TF (Mississippi, West Virginia, X-Ray 1 and 2) holds the Surigao Strait hex 3722, undetected; the IJN TF
(Fuso, Mogami, Desdiv 4) moves into it by day, also undetected, and searches: 4 + 3 = 7, a detection. Every number
the example states is asserted from the events and views: the placement rolls and areas, who moves first, the Moved
markers, the range and Moved modifiers, the halved factors and their columns, each modified roll and its hits, the
one-hit cap on Desdiv 4, Fuso's speed, the torpedo rolls with the critical hit, and both disengagement rolls. The
battleships stay in area 20 in round 1 (ruling C1/R2: the text's "19" is a slip).

POSITION, DICE and the STEPS lists are the example's whole script; ``play()`` runs it (a notebook can import and
step it).
"""

from __future__ import annotations

from typing import Any

from is_play import Step, battle_alias, modifier_total, play_steps, roll_events, rolls

import leyte

STRAIT, EAST = "3722", "3622"

POSITION: dict[str, Any] = {
    "id": "example-8.3", "turn": 2, "first_turn": 1, "last_turn": 12, "turn_record_key": "historical",
    "turn_record": {"2": {"date": "24 Oct", "time": "day", "kamikazes": 0}},
    "options": {"wild_bull": False, "fanaticism": False, "auto_reports": False},
    "tfs": [
        {"marker": "IJN-3", "name": "Force C", "side": "IJN", "hex": EAST, "ships": ["fuso", "mogami", "div-4"],
         "detected": False},
        {"marker": "USN-7", "name": "TF 79", "side": "USN", "fleet": "7th", "hex": STRAIT,
         "ships": ["mississippi", "west-virginia", "x-ray-1", "x-ray-2"], "detected": False},
    ],
    "start": {"activate": "IJN-3", "pool": []},
}

# The set-up rolls nothing; the dice in the order the game asks for them, from the first roll on.
DICE = [
    4,              # the IJN search in the strait: 4 + 3 = 7, a detection (7.1)
    7, 1,           # not in the example: the USN's secret report roll (7.2), its own search 1 + 3 = 4 fails (7.1.1)
    5, 8,           # placement: IJN group 5 -> area 6, USN group 8 -> area 20 (8.3.1)
    2, 9,           # round 1 initiative: the USN rolls higher
    7,              # Fuso at Mississippi: 7 - 5 = 2, a miss
    9, 6,           # Mississippi 9 - 3 = 6 (3 hits); West Virginia 6 - 3 = 3 (1 hit)
    4,              # IJN disengagement roll: 4, not 10
    8, 3,           # round 2 initiative: the IJN rolls higher
    5,              # Desdiv 4 at X-Ray 1: 5 - 4 = 1, no effect
    10, 1,          # X-Ray 1 at Desdiv 4: 10 - 2 = 8 (2 hits -> 1); X-Ray 2 misses
    10, 6, 4,       # Desdiv 4's torpedoes at Mississippi: 9, 5, 3 after -1
    6,              # critical hit on Mississippi: 6 - 1 = 5, no effect
    10, 5, 4, 3,    # X-Ray 1's torpedoes at Desdiv 4: 8, 3, 2, 1 after -2
    9,              # IJN disengagement roll: 9 + 1 = 10, the battle ends
]

# Into the strait; the USN reports its TF truthfully (the example does not say what it reported).
APPROACH: list[Step] = [
    ("move", {"to": STRAIT}),
    ("report", {"category": "battleships", "count": 2}),
    ("report", {"category": "destroyers", "count": 2}),
]

ATTACK: list[Step] = [("surface_attack", {})]

ROUND_1_MOVE: list[Step] = [  # the USN moves first
    ("move", {"ship": "mississippi", "area": 20}),
    ("move", {"ship": "west-virginia", "area": 20}),
    ("move", {"ship": "x-ray-1", "area": 18}), ("smoke", {"ship": "x-ray-1", "area": 0}),
    ("move", {"ship": "x-ray-2", "area": 18}), ("smoke", {"ship": "x-ray-2", "area": 0}),
    ("move", {"ship": "fuso", "area": 9}),
    ("move", {"ship": "mogami", "area": 10}),
    ("move", {"ship": "div-4", "area": 10}), ("smoke", {"ship": "div-4", "area": 0}),
]

ROUND_1_FIRE: list[Step] = [
    # The IJN pre-designates (8.3.3): Fuso at a USN battleship, the others hold fire.
    ("designate", {"ship": "fuso", "target": battle_alias("mississippi")}),
    ("designate", {"ship": "mogami", "target": ""}),
    ("designate", {"ship": "div-4", "target": ""}),
    ("fire", {"ship": "mississippi", "target": "fuso"}),
    ("fire", {"ship": "west-virginia", "target": "fuso"}),
    ("fire", {"ship": "x-ray-1", "target": ""}),
    ("fire", {"ship": "x-ray-2", "target": ""}),
    # out of torpedo range, no aircraft: straight to disengagement
    ("disengage", {"disengage": True}),    # IJN, the active player
    ("disengage", {"disengage": False}),   # USN
]

ROUND_2_MOVE: list[Step] = [  # the IJN moves first
    ("move", {"ship": "fuso", "area": 8}),
    ("move", {"ship": "mogami", "area": 8}),
    ("move", {"ship": "div-4", "area": 15}), ("smoke", {"ship": "div-4", "area": 0}),
    ("move", {"ship": "mississippi", "area": 22}),
    ("move", {"ship": "west-virginia", "area": 22}),
    ("move", {"ship": "x-ray-1", "area": 18}), ("smoke", {"ship": "x-ray-1", "area": 0}),
    ("move", {"ship": "x-ray-2", "area": 18}), ("smoke", {"ship": "x-ray-2", "area": 0}),
]

ROUND_2_FIRE: list[Step] = [
    ("designate", {"ship": "fuso", "target": ""}),
    ("designate", {"ship": "mogami", "target": ""}),
    ("designate", {"ship": "div-4", "target": battle_alias("x-ray-1")}),
    ("fire", {"ship": "mississippi", "target": ""}),
    ("fire", {"ship": "west-virginia", "target": ""}),
    ("fire", {"ship": "x-ray-1", "target": "div-4"}),
    ("fire", {"ship": "x-ray-2", "target": "div-4"}),
    # Torpedoes (Mogami has no target in reach and is not asked): Desdiv 4 at Mississippi with its three remaining
    # points; X-Ray 1 at Desdiv 4 (the only target in reach, so its four rolls are aimed without asking).
    ("torpedo_fire", {"ship": "div-4"}),
    ("torpedo_target", {"ship": "div-4", "target": battle_alias("mississippi")}),
    ("torpedo_target", {"ship": "div-4", "target": battle_alias("mississippi")}),
    ("torpedo_target", {"ship": "div-4", "target": battle_alias("mississippi")}),
    ("torpedo_fire", {"ship": "x-ray-1"}),
    ("torpedo_hold", {"ship": "x-ray-2"}),
    ("disengage", {"disengage": True}),
    ("disengage", {"disengage": False}),
]

STEPS: list[Step] = APPROACH + ATTACK + ROUND_1_MOVE + ROUND_1_FIRE + ROUND_2_MOVE + ROUND_2_FIRE


def new_game() -> leyte.Game:
    return leyte.new_game("imperial-sunset", scenario=POSITION, dice=list(DICE))


def play() -> leyte.Game:
    """The example from the position to the end of the battle."""
    g = new_game()
    play_steps(g, STEPS)
    return g


def _battle_ships(g: leyte.Game) -> dict[str, dict[str, Any]]:
    return {s["id"]: s for s in g.view(None)["battle"]["ships"]}


def _move_areas(g: leyte.Game) -> list[int]:
    return [o["area"] for o in g.decision.options if o.kind == "move"]


def test_8_3_example_search_in_the_strait_starts_the_battle() -> None:
    g = new_game()
    assert not g.view(None)["tfs"]["USN-7"]["detected"] and not g.view(None)["tfs"]["IJN-3"]["detected"]
    events = play_steps(g, APPROACH[:1])
    search = rolls(events, "7.3")[0]
    assert search["purpose"].startswith("IJN search") and search["table"] == "search"
    assert (search["raw"], modifier_total(search), search["final"]) == (4, 3, 7)   # strait and own hex: +3
    assert search["result"]["detected"] is True
    play_steps(g, APPROACH[1:])
    d = g.decision
    assert (d.player, d.kind) == ("IJN", "tf_activation") and "surface_attack" in {o.kind for o in d.options}


def test_8_3_example_placement_areas_6_and_20() -> None:
    g = new_game()
    play_steps(g, APPROACH)
    events = play_steps(g, ATTACK)
    ijn_roll, usn_roll = rolls(events, "8.3.1")
    assert ijn_roll["purpose"].startswith("IJN placement of group 1 (3 ships)")
    assert (ijn_roll["table"], ijn_roll["raw"], ijn_roll["result"]["ijn_area"]) == ("surface_placement_day", 5, 6)
    assert usn_roll["purpose"].startswith("USN placement of group 1 (4 ships)")
    assert (usn_roll["table"], usn_roll["raw"], usn_roll["result"]["usn_area"]) == ("surface_placement_day", 8, 20)
    deploys = [e for e in events if e.kind == "deploy"]
    assert deploys[0].data == {"side": "IJN", "area": 6, "ships": ["fuso", "mogami", "div-4"]}
    assert "face-up" in deploys[0].text
    usn_own = [e for e in deploys if e.data["side"] == "USN" and e.visible == ("USN",)][0]
    assert usn_own.data["area"] == 20 and sorted(usn_own.data["ships"]) == sorted(POSITION["tfs"][1]["ships"])
    usn_seen = [e for e in deploys if e.data["side"] == "USN" and e.visible == ("IJN",)][0]
    assert "face-down" in usn_seen.text and usn_seen.data["area"] == 20
    assert {s["area"] for s in _battle_ships(g).values() if s["side"] == "IJN"} == {6}
    assert {s["area"] for s in _battle_ships(g).values() if s["side"] == "USN"} == {20}
    # Round 1: the USN rolls higher and moves first.
    init = [e for e in events if e.kind == "initiative"]
    assert [e.data for e in init] == [{"first": "USN"}]
    assert g.decision.player == "USN" and g.decision.kind == "surface_move"


def test_8_3_example_round_1_mississippi_three_hits_west_virginia_one() -> None:
    g = new_game()
    play_steps(g, APPROACH + ATTACK + ROUND_1_MOVE)
    ships = _battle_ships(g)
    # The destroyers moved two areas and carry Moved markers; the battleships stayed; the IJN all moved.
    assert {n: (s["area"], s["moved"]) for n, s in ships.items()} == {
        "mississippi": (20, False), "west-virginia": (20, False), "x-ray-1": (18, True), "x-ray-2": (18, True),
        "fuso": (9, True), "mogami": (10, True), "div-4": (10, True)}
    events = play_steps(g, ROUND_1_FIRE)
    fuso, miss, wv = rolls(events, "8.3.3")
    # Fuso: gunnery 12 halved for entering the strait, the 6 column; range 11 (-4) and Moved (-1): 7 -> 2, a miss.
    assert "halved: entering the strait" in fuso["purpose"]
    assert (fuso["column"], fuso["raw"], modifier_total(fuso), fuso["final"]) == ("6", 7, -5, 2)
    assert sorted(m["value"] for m in fuso["modifiers"]) == [-4, -1]
    assert "range 11 areas" in fuso["modifiers"][0]["source"]
    assert fuso["result"]["hits"] == 0
    # Mississippi: the 11 column, range -4 and USN +1: 9 -> 6, three hits.
    assert (miss["column"], miss["raw"], modifier_total(miss), miss["final"]) == ("11", 9, -3, 6)
    assert sorted(m["value"] for m in miss["modifiers"]) == [-4, 1]
    assert miss["result"]["hits"] == 3
    # West Virginia: the second ship at Fuso, her 12 halved to the 6 column: 6 -> 3, one hit.
    assert "not the first ship" in wv["purpose"]
    assert (wv["column"], wv["raw"], modifier_total(wv), wv["final"]) == ("6", 6, -3, 3)
    assert wv["result"]["hits"] == 1
    # Damage is marked after the segment: every gunnery roll comes before the first damage.
    kinds = [e.kind for e in events]
    assert max(i for i, e in enumerate(events) if e.kind == "roll" and e.rule == "8.3.3") < kinds.index("damage")
    assert g.view(None)["ships"]["fuso"]["hits"] == 4
    # No torpedo or air attack at that range.
    assert not rolls(events, "8.3.6") and not rolls(events, "8.1")
    # Disengagement: only the IJN wants out; the roll of 4 has no modifier and is short of the 10 needed.
    (dis,) = roll_events(events, "8.3.8")
    assert dis.data["roll"]["purpose"].startswith("IJN disengagement roll (10+")
    assert (dis.data["roll"]["raw"], dis.data["roll"]["final"], dis.data["roll"]["modifiers"]) == (4, 4, [])
    assert [e.data["round"] for e in events if e.kind == "battle_round"] == [2]   # combat continues
    # Only Fuso fired among the IJN ships, so only she carries the -1 MP marker; all Moved markers are gone.
    ships = _battle_ships(g)
    assert {n: s["mp"] for n, s in ships.items() if s["side"] == "IJN"} == {"fuso": 1, "mogami": 0, "div-4": 0}
    assert not any(s["moved"] for s in ships.values())


def test_8_3_example_round_2_speeds_and_moves() -> None:
    g = new_game()
    events = play_steps(g, APPROACH + ATTACK + ROUND_1_MOVE + ROUND_1_FIRE)
    assert [e.data for e in events if e.kind == "initiative"][-1] == {"first": "IJN"}   # the IJN rolls higher
    init = rolls(events, "8.3.2")[-2:]
    assert [r["raw"] for r in init] == [8, 3]
    # Fuso's speed is now 2 for her damage (her damage track at four hits, an even turn), less her -1 MP marker.
    tracks = leyte.rules("imperial-sunset").damage_tracks
    assert tracks.loc[("fuso", 4), "speed_even"] == 2
    d = g.decision
    assert (d.player, d.kind) == ("IJN", "surface_move") and "Fuso" in d.prompt and "speed 1" in d.prompt
    assert _move_areas(g) == [8, 9, 10]
    play_steps(g, ROUND_2_MOVE[:2])
    assert _move_areas(g) == list(range(5, 16))     # Desdiv 4 at its full speed of 5
    play_steps(g, ROUND_2_MOVE[2:4])
    # The USN battleships: speed 3, less the -1 MP marker from firing: two areas.
    assert tracks.loc[("mississippi", 0), "speed_even"] == 3 and tracks.loc[("west-virginia", 0), "speed_even"] == 3
    assert "speed 2" in g.decision.prompt and _move_areas(g) == [18, 19, 20, 21, 22]
    play_steps(g, ROUND_2_MOVE[4:])
    ships = _battle_ships(g)
    assert {n: s["area"] for n, s in ships.items()} == {
        "fuso": 8, "mogami": 8, "div-4": 15, "mississippi": 22, "west-virginia": 22, "x-ray-1": 18, "x-ray-2": 18}
    assert ships["mogami"]["moved"] and not ships["fuso"]["moved"]


def test_8_3_example_round_2_destroyer_cap_torpedoes_and_disengagement() -> None:
    g = new_game()
    play_steps(g, APPROACH + ATTACK + ROUND_1_MOVE + ROUND_1_FIRE + ROUND_2_MOVE)
    events = play_steps(g, ROUND_2_FIRE)
    dd4, x1, x2 = rolls(events, "8.3.3")
    # Desdiv 4 at X-Ray 1, range 3 (no modifier): Moved -1 and destroyer target -3: 5 -> 1 on the 4 column.
    assert (dd4["column"], dd4["raw"], modifier_total(dd4), dd4["final"]) == ("4", 5, -4, 1)
    assert not any("range" in m["source"] for m in dd4["modifiers"])
    assert dd4["result"]["hits"] == 0
    # X-Ray 1 at Desdiv 4: destroyer target -3, USN +1: 10 -> 8 on the 5 column, two hits, of which one counts.
    assert (x1["column"], x1["raw"], modifier_total(x1), x1["final"]) == ("5", 10, -2, 8)
    assert x1["result"]["hits"] == 2
    assert x2["result"]["hits"] == 0                 # the other USN gunnery at Desdiv 4 misses
    gun_damage = [e.data for e in events if e.kind == "damage" and e.rule == "8.3.3"]
    assert [(d["ship"], d["asked"], d["hits"]) for d in gun_damage] == [("div-4", 2, 1)]   # one per roll (9.3)
    # Desdiv 4's torpedoes: three rolls (its three remaining points), range 7 (-1), the 6 column: 9, 5, 3.
    fired = {e.data["ship"]: e.data["rolls"] for e in events if e.kind == "torpedo"}
    assert fired == {"div-4": 3, "x-ray-1": 4}       # X-Ray 1 has four points left
    torps = roll_events(events, "8.3.6")
    ijn_t = [e.data["roll"] for e in torps if e.data["roll"]["purpose"].startswith("torpedo from Div 4")]
    assert [t["final"] for t in ijn_t] == [9, 5, 3]
    assert all(t["column"] == "6" and [m["value"] for m in t["modifiers"]] == [-1] for t in ijn_t)
    assert all("range 7 areas" in t["modifiers"][0]["source"] for t in ijn_t)
    assert sum(t["result"]["hits"] for t in ijn_t) == 4
    assert [t["result"]["critical"] for t in ijn_t] == [True, False, False]
    # The critical hit: 6, -1 for a battleship target, 5: no effect.
    (crit,) = rolls(events, "9.2")
    assert (crit["table"], crit["raw"], crit["final"], crit["result"]["effect"]) == ("critical_hit", 6, 5, "no_effect")
    assert [m["value"] for m in crit["modifiers"]] == [-1]
    # X-Ray 1's four torpedo rolls at Desdiv 4, range 3: destroyer -3, USN +1: 8, 3, 2, 1 on the 6 column ...
    usn_t = [e.data["roll"] for e in torps if e.data["roll"]["purpose"].startswith("torpedo from X-Ray/1")]
    assert [t["final"] for t in usn_t] == [8, 3, 2, 1]
    assert all(t["column"] == "6" and modifier_total(t) == -2 for t in usn_t)
    assert all(sorted(m["value"] for m in t["modifiers"]) == [-3, 1] for t in usn_t)   # range 3: no modifier
    # ... two hits in all, since a destroyer unit takes one point per roll.
    torp_damage = [e.data for e in events if e.kind == "damage" and e.rule == "8.3.6" and e.data["ship"] == "div-4"]
    assert sum(d["hits"] for d in torp_damage) == 2
    # Disengagement: 9, +1 in the second round, is 10: the IJN breaks off.
    (dis,) = rolls(events, "8.3.8")
    assert (dis["raw"], dis["final"], [m["value"] for m in dis["modifiers"]]) == (9, 10, [1])
    assert g.view(None)["battle"] is None
    view = g.view(None)
    assert {n: view["ships"][n]["hits"] for n in ("fuso", "mississippi", "div-4")} == {
        "fuso": 4, "mississippi": 4, "div-4": 3}
    # The USN stays in Surigao Strait; the IJN TF goes back to the hex it came from.
    assert view["tfs"]["USN-7"]["hex"] == STRAIT and view["tfs"]["IJN-3"]["hex"] == EAST
    # Desdiv 4 fired its torpedoes; Mogami did not.
    assert view["ships"]["div-4"]["torpedo_used"] and not view["ships"]["mogami"]["torpedo_used"]


def test_8_3_example_uses_exactly_the_scripted_dice() -> None:
    g = play()
    assert [r["raw"] for r in rolls(g.events)] == DICE and all(r["scripted"] for r in rolls(g.events))
    d = g.decision
    assert (d.player, d.kind) == ("IJN", "tf_activation")   # back to Force C's activation after the battle


def test_8_3_example_ijn_never_sees_usn_names_before_they_fire() -> None:
    g = play()
    names = ("Mississippi", "West Virginia", "X-Ray")
    first_fire = next(i for i, e in enumerate(g.events) if e.kind == "roll" and "Mississippi fires" in e.text)
    ijn_early = [e.text for e in g.events[:first_fire] if e.seen_by("IJN")]
    assert ijn_early and [t for t in ijn_early if any(n in t for n in names)] == []


def test_8_3_example_save_and_load_in_the_middle_of_the_battle() -> None:
    g = new_game()
    play_steps(g, APPROACH + ATTACK + ROUND_1_MOVE[:5])
    h = leyte.load_game(g.to_json())
    assert h.view(None) == g.view(None)
    rest = ROUND_1_MOVE[5:] + ROUND_1_FIRE + ROUND_2_MOVE + ROUND_2_FIRE
    play_steps(g, rest)
    play_steps(h, rest)
    assert h.to_json() == g.to_json()
    assert [e.text for e in h.events] == [e.text for e in g.events]
