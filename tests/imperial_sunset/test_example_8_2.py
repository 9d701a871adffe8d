"""The worked example of 8.2 (the strike on Musashi), played through the public API with the book's dice.

A USN carrier TF sends a 6-8 and a 5-8 bomber, escorted by two 4-8 fighters, at IJN TF1 (Musashi, Yamato, Nagato
and escorts), which has one 3-12 fighter on CAP. One escort is committed against the CAP and the other kept back for
AA suppression. The simultaneous air-to-air rolls: the IJN 5 on the 2 column (nothing), the USN 6+1 = 7 on the 4
column (a step: the 3-12 becomes a 1-12). The reduced CAP rolls 9 on the 1 column and the USN flips its 5-8 to a 3-8.
The 3-8 at Musashi: Musashi's AA 4 on the 6 column (-1), Myoko's halved AA (4 -> 2) 6 on the 2 column (-1), the bomb
7 - 2 = 5 on the 3 column misses. The 6-8, paired with the spare escort: Musashi's 6 on the 6 column is -2, cut to -1
by suppression; Yamato's halved AA (7 -> 4, rounded up) 3 on the 4 column adds nothing; the bomb 8 - 1 = 7 on the 6
column puts 2 damage points on Musashi.

POSITION, DICE and STEPS are the example's whole script; ``play()`` runs it (a notebook can import and step it).
"""

from __future__ import annotations

from typing import Any

from is_play import Step, play_steps, rolls

import leyte

IJN_HEX, USN_HEX = "2821", "2621"

POSITION: dict[str, Any] = {
    "id": "example-8.2", "turn": 2, "first_turn": 1, "last_turn": 12, "turn_record_key": "historical",
    "turn_record": {"2": {"date": "24 Oct", "time": "day", "kamikazes": 0}},
    "options": {"wild_bull": False, "fanaticism": False, "auto_reports": True},
    "tfs": [
        {"marker": "IJN-1", "name": "Force A", "side": "IJN", "hex": IJN_HEX, "detected": True,
         "ships": ["musashi", "yamato", "nagato", "myoko", "haguro", "div-2-32"]},
        {"marker": "USN-3", "name": "TG 38.3", "side": "USN", "fleet": "3rd", "hex": USN_HEX,
         "ships": ["essex", "reno"]},
    ],
    "air": [{"id": "vb-15"}, {"id": "vt-15"}, {"id": "vf-15-1"}, {"id": "vf-15-2"},
            {"id": "ijn-1af-3f12-1", "box": "cap", "cap_over": "IJN-1"}],
    "start": {"activate": "USN-3", "pool": []},
}

# The set-up rolls nothing; these are the example's dice from its first roll on.
DICE = [5, 6,   # air-to-air, simultaneous: IJN CAP 5 on the 2 column, USN escort 6 (+1) on the 4 column
        9,      # the reduced CAP (1-12) at the strike: 9 on the 1 column, one flip
        4, 6,   # the 3-8: Musashi's AA 4 on the 6 column (-1), Myoko's 6 on the 2 column (-1)
        7,      # the 3-8 bombs: 7 - 2 = 5 on the 3 column, a miss
        6, 3,   # the 6-8: Musashi's AA 6 (-2, suppressed to -1), Yamato's 3 on the 4 column (nothing)
        8]      # the 6-8 bombs: 8 - 1 = 7 on the 6 column, 2 damage points

STEPS: list[Step] = [
    ("air_strike", {"target": "tf:IJN-1"}),
    ("strike_add", {"air": "vb-15", "role": "strike"}),       # the 6-8
    ("strike_add", {"air": "vt-15", "role": "strike"}),       # the 5-8
    ("strike_add", {"air": "vf-15-1", "role": "escort"}),     # the two 4-8 fighters
    ("strike_add", {"air": "vf-15-2", "role": "escort"}),
    ("strike_launch", {}),
    ("escort_commit", {"air": "vf-15-1"}),                    # one escort engages the CAP ...
    ("escort_done", {}),                                      # ... the other is kept for AA suppression
    ("flip", {"air": "vt-15"}),                               # the USN picks the 5-8 to flip
    ("place_ship", {"ship": "musashi", "area": 6}),           # one ship to an area (8.1)
    ("place_ship", {"ship": "yamato", "area": 7}),
    ("place_ship", {"ship": "nagato", "area": 1}),
    ("place_ship", {"ship": "myoko", "area": 5}),
    ("place_ship", {"ship": "haguro", "area": 2}),
    ("place_ship", {"ship": "div-2-32", "area": 16}),
    ("aim", {"air": "vb-15", "ship": "musashi"}),             # both units at Musashi
    ("aim", {"air": "vt-15", "ship": "musashi"}),
    ("pair", {"escort": "vf-15-2", "air": "vb-15"}),          # the spare fighter suppresses for the 6-8
    ("attack_next", {"air": "vt-15"}),                        # the 3-8 goes first
    ("aa_adjacent", {"ship": "myoko"}),
    ("aa_adjacent_done", {}),
    # the 6-8 is the only unit left, so it attacks next without a question
    ("aa_adjacent", {"ship": "yamato"}),
    ("aa_adjacent_done", {}),
]


def play() -> tuple[leyte.Game, list[leyte.Event]]:
    """The example from the position to the end of the strike; returns the game and the strike's events."""
    g = leyte.new_game("imperial-sunset", scenario=POSITION, dice=list(DICE))
    return g, play_steps(g, STEPS)


def _units() -> Any:
    return leyte.rules("imperial-sunset").units


def test_8_2_example_counters_match_the_stated_factors() -> None:
    u = _units()
    factors = {a: (u.at[a, "strength"], u.at[a, "range"]) for a in ("vb-15", "vt-15", "vf-15-1", "vf-15-2",
                                                                    "ijn-1af-3f12-1")}
    assert factors == {"vb-15": (6, 8), "vt-15": (5, 8), "vf-15-1": (4, 8), "vf-15-2": (4, 8),
                       "ijn-1af-3f12-1": (3, 12)}
    assert u.at["ijn-1af-3f12-1", "reduced"] == 1    # the 3-12's back is a 1-12
    assert u.at["vt-15", "reduced"] == 3             # the 5-8's back is a 3-8
    assert (u.at["musashi", "aa"], u.at["yamato", "aa"], u.at["myoko", "aa"]) == (6, 7, 4)


def test_8_2_example_strike_and_cap_as_stated() -> None:
    g, events = play()
    strike = [e for e in events if e.kind == "strike"]
    assert strike[0].data == {"side": "USN", "target": "tf:IJN-1", "strike": 2, "escorts": 2}
    assert strike[1].data["strike"] == ["vb-15", "vt-15"] and strike[1].data["escorts"] == ["vf-15-1", "vf-15-2"]
    cap = [e for e in events if e.kind == "cap"]
    assert [e.data["cap"] for e in cap] == [["ijn-1af-3f12-1"]]  # a single fighter unit on CAP


def test_8_2_example_escort_commitment_keeps_one_for_suppression() -> None:
    g = leyte.new_game("imperial-sunset", scenario=POSITION, dice=list(DICE))
    play_steps(g, STEPS[:6])
    d = g.decision
    assert (d.player, d.kind) == ("USN", "escort_commit")
    assert {o.kind for o in d.options} == {"escort_commit"}  # at least one escort must engage the CAP (8.2.3)
    play_steps(g, STEPS[6:7])
    assert {o.kind for o in g.decision.options} == {"escort_commit", "escort_done"}  # the second may stay back


def test_8_2_example_air_to_air_escort_and_cap() -> None:
    g, events = play()
    cap_fire, esc_fire = rolls(events, "8.2.3")
    # Simultaneous: the IJN 5 on the 2 column (the 2-3 band) does nothing ...
    assert (cap_fire["table"], cap_fire["column"], cap_fire["raw"], cap_fire["final"]) == ("air_to_air", "2-3", 5, 5)
    assert cap_fire["result"]["steps"] == 0
    # ... the USN 6, +1 for the USN, = 7 on the 4 column (the 4-5 band) takes a step.
    assert (esc_fire["table"], esc_fire["column"], esc_fire["raw"], esc_fire["final"]) == ("air_to_air", "4-5", 6, 7)
    assert [m["value"] for m in esc_fire["modifiers"]] == [1]
    assert esc_fire["result"]["steps"] == 1
    # The surviving 1-12 at the strike: 9 on the 1 column, one unit flipped.
    (cap_strike,) = rolls(events, "8.2.2")
    assert (cap_strike["table"], cap_strike["column"], cap_strike["raw"], cap_strike["final"]) == (
        "air_to_air", "1", 9, 9)
    assert cap_strike["result"]["steps"] == 1
    losses = [e.data["air"] for e in events if e.kind == "air_loss"]
    assert losses == ["ijn-1af-3f12-1", "vt-15"]      # no USN loss in the dogfight; the 5-8 is the one flipped
    view = g.view(None)["air"]
    assert view["ijn-1af-3f12-1"]["reduced"] is True and view["ijn-1af-3f12-1"]["box"] == "cap"  # now a 1-12
    attack_3_8 = [e for e in events if e.kind == "air_attack" and e.data.get("air") == "vt-15"][0]
    assert attack_3_8.text.startswith("Essex VT-15 (3) attacks Musashi")  # the flipped 5-8 attacks as a 3-8
    attack_6_8 = [e for e in events if e.kind == "air_attack" and e.data.get("air") == "vb-15"][0]
    assert attack_6_8.text.startswith("Essex VB-15 (6) attacks Musashi")


def test_8_2_example_one_ship_to_an_area_and_both_at_musashi() -> None:
    g, events = play()
    placed = {e.data["ship"]: e.data["area"] for e in events if e.kind == "air_display" and "ship" in e.data}
    assert placed == {"musashi": 6, "yamato": 7, "nagato": 1, "myoko": 5, "haguro": 2, "div-2-32": 16}
    assert len(set(placed.values())) == len(placed)   # one ship unit to an area
    aims = {e.data["air"]: e.data["ship"] for e in events if e.kind == "air_target"}
    assert aims == {"vb-15": "musashi", "vt-15": "musashi"}
    pairs = [e.data for e in events if e.kind == "air_pair"]
    assert pairs == [{"escort": "vf-15-2", "air": "vb-15"}]


def test_8_2_example_aa_suppression_and_bombing() -> None:
    g, events = play()
    mus1, myo, bomb1, mus2, yam, bomb2 = rolls(events, "8.1")
    # The 3-8: Musashi's AA on the 6 column, 4 -> -1; Myoko's 4 halved to the 2 column, 6 -> -1.
    assert (mus1["table"], mus1["column"], mus1["raw"], mus1["result"]["drm"]) == ("aa", "6", 4, -1)
    assert (myo["table"], myo["column"], myo["raw"], myo["result"]["drm"]) == ("aa", "2", 6, -1)
    # Its bomb: 7 with the two -1s is 5 on the 3 column, a miss.
    assert (bomb1["table"], bomb1["column"], bomb1["raw"], bomb1["final"]) == ("damage", "3", 7, 5)
    assert sorted(m["value"] for m in bomb1["modifiers"]) == [-1, -1]
    assert bomb1["result"]["hits"] == 0
    # The 6-8: Musashi's 6 on the 6 column reads -2, and the paired escort cuts it to -1.
    assert (mus2["table"], mus2["column"], mus2["raw"], mus2["result"]["drm"]) == ("aa", "6", 6, -2)
    sup = [e.data for e in events if e.kind == "aa_suppression"]
    assert sup == [{"air": "vb-15", "before": -2, "after": -1}]
    # Yamato's 7 halved and rounded up is the 4 column: 3 adds nothing.
    assert (yam["table"], yam["column"], yam["raw"], yam["result"]["drm"]) == ("aa", "4", 3, 0)
    # The bomb: 8 - 1 = 7 on the 6 column, 2 damage points on Musashi.
    assert (bomb2["table"], bomb2["column"], bomb2["raw"], bomb2["final"]) == ("damage", "6", 8, 7)
    assert [m["value"] for m in bomb2["modifiers"]] == [-1]
    assert bomb2["result"]["hits"] == 2
    damage = [e.data for e in events if e.kind == "damage"]
    assert [(d["ship"], d["hits"], d["total"]) for d in damage] == [("musashi", 2, 2)]
    assert g.view(None)["ships"]["musashi"]["hits"] == 2
    ijn_musashi = [s for t in g.view("IJN")["own_tfs"] for s in t["ships"] if s["id"] == "musashi"][0]
    assert ijn_musashi["hits"] == 2                  # marked on the IJN ship damage log


def test_8_2_example_strike_costs_and_aftermath() -> None:
    g, events = play()
    # The strike cost the carrier TF 2 of its 5 MP (6.2.2); only two units attacked, so no -1 MP marker on the
    # target (6.2.3).
    assert [e.data for e in g.events if e.kind == "mp" and e.rule == "6.2"][-1]["mp"] == 5
    assert [e.data for e in events if e.kind == "mp"] == [{"tf": "USN-3", "cost": 2}]
    assert g.view("USN")["activation"] == {"tf": "USN-3", "hex": USN_HEX, "mp": 3}
    d = g.decision
    assert (d.player, d.kind) == ("USN", "tf_activation") and "3 MP" in d.prompt
    assert g.view(None)["tfs"]["IJN-1"]["mp_markers"] == 0
    # The USN units go to the Flown box on their exhausted side (6.5.1).
    air = g.view("USN")["own_air"]
    assert {a["id"]: (a["box"], a["reduced"]) for a in air} == {
        a: ("flown", True) for a in ("vb-15", "vt-15", "vf-15-1", "vf-15-2")}


def test_8_2_example_uses_exactly_the_scripted_dice() -> None:
    g, _ = play()
    assert [r["raw"] for r in rolls(g.events)] == DICE and all(r["scripted"] for r in rolls(g.events))


def test_8_2_example_who_sees_what() -> None:
    g, _ = play()
    # The IJN never sees the strike's composition event, the USN never sees Musashi's damage log.
    assert not any(e.text.startswith("Strike units:") for e in g.log("IJN"))
    assert any(e.kind == "damage_log" for e in g.log("IJN"))
    assert not any(e.kind == "damage_log" for e in g.log("USN"))
