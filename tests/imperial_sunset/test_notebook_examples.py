"""The numbers the Imperial Sunset lesson notebooks show, asserted here so the lessons need no "Checks" cells.

Each test builds the same position as its notebook, through the public API (and the notebook widgets where the
lesson steps an app), and asserts what the lesson tells the students.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from is_play import choose, day_record
from test_example_12_3 import _position as example_12_3_position

import leyte
from leyte.core.dice import chance_outcomes


def _hit_chance(column: int, modifier: int) -> Fraction:
    """The exact chance of at least one hit on the Damage Table's column with a total modifier (8.1, 8.3.3)."""
    damage = leyte.rules("imperial-sunset").tables["damage"]
    outs = chance_outcomes(damage, damage.column_for(column), modifier)
    return sum((p for cell, p in outs if cell.result["hits"] > 0), Fraction(0))


# --- 10_victory: the real losses of 23-26 October 1944 scored by 12.1-12.3 (ruling E25) ---------------------------

REAL_IJN_SUNK = ["zuikaku", "zuiho", "chitose", "chiyoda", "musashi", "fuso", "yamashiro", "atago", "maya", "chokai",
                 "chikuma", "suzuya", "mogami", "noshiro", "abukuma", "kinu", "tama"]
REAL_IJN_AFLOAT = ["yamato", "nagato", "kongo", "haruna", "ise", "hyuga", "takao", "myoko", "haguro", "nachi",
                   "ashigara", "kumano", "tone", "aoba", "yahagi", "isuzu", "oyodo"]


def real_losses_position(sunk: list[str], afloat: list[str]) -> dict[str, Any]:
    """The last turn with the real losses (big Japanese ships only), as 10_victory builds it."""
    return {
        "id": "real-losses", "turn": 12, "first_turn": 1, "last_turn": 12,
        "turn_record": {"12": day_record("1944-10-26")},
        "options": {"wild_bull": False, "fanaticism": False},
        "tfs": [
            {"marker": "USN-1", "name": "Taffy 3", "side": "USN", "fleet": "7th", "hex": "3523",
             "ships": ["fanshaw-bay", "taffy-3-1", "taffy-3-2"], "hits": {"taffy-3-1": 2, "taffy-3-2": 1}},
            {"marker": "IJN-1", "name": "Survivors", "side": "IJN", "hex": "1015", "ships": afloat},
        ],
        "ships": [{"id": s, "sunk": True} for s in sunk + ["princeton", "gambier-bay", "st-lo"]],
        "start": {"activate": "USN-1", "pool": []},
    }


def _score(sunk: list[str], afloat: list[str]) -> dict[str, Any]:
    g = leyte.new_game("imperial-sunset", scenario=real_losses_position(sunk, afloat), seed=1)
    choose(g, "end_activation")
    assert g.over
    return g.result


def test_12_3_real_losses_fall_far_short_of_the_printed_decisive_label() -> None:
    """E25: the real losses, scored strictly by the points, give net 3 — not the Decisive level 12.3 names."""
    r = _score(REAL_IJN_SUNK, REAL_IJN_AFLOAT)
    t = r["breakdown"]
    assert t["USN"]["total"] == 89
    assert t["escaped"]["non_carrier_value"] == 96 and t["escaped"]["carrier_value"] == 0
    assert t["escaped"]["deduction"] == 72
    assert t["IJN"]["total"] == 14  # Princeton 5, Gambier Bay 3, St. Lo 3, Johnston and Hoel 2, Roberts 1
    assert r["net_usn"] == 3
    assert r["level"] == "IJN (Pyrrhic) Victory" and r["winner"] == "IJN"


def test_12_2_one_more_cruiser_sunk_moves_the_net_by_more_than_her_value() -> None:
    """The notebook's code suggestion: sinking Tone adds her 5 VP and takes her out of the escaped deduction."""
    r = _score(REAL_IJN_SUNK + ["tone"], [s for s in REAL_IJN_AFLOAT if s != "tone"])
    t = r["breakdown"]
    assert t["USN"]["total"] == 94 and t["escaped"]["non_carrier_value"] == 91
    assert r["net_usn"] - 3 > 5
    assert r["net_usn"] == t["USN"]["total"] - t["escaped"]["deduction"] - t["IJN"]["total"]


# --- 10_victory: the app steps the 12.3 example to its end ----------------------------------------------------------


def test_12_3_example_stepped_in_the_app_ends_significant() -> None:
    from leyte.jupyter import GameApp

    g = leyte.new_game("imperial-sunset", scenario=example_12_3_position(), seed=5)
    app = GameApp(g, ijn="random", usn="random", viewer="umpire", cards=False,
                  script=[{"kind": "unload"}, {"kind": "end_activation"}], center="3520", zoom=2.5)
    app.session.run("decision")
    assert app.session.game.over
    assert app.session.game.result["net_usn"] == 22
    assert app.session.game.result["level"] == "Significant USN Victory"
    app.session.reset()
    assert not app.session.game.over


def test_12_3_finished_bot_game_charts_net_and_sits_beside_history() -> None:
    """10_victory's last two sections: the points chart's net column, and the history view on the finished game."""
    from leyte.jupyter import Session, vp_frame
    from leyte.jupyter.history import HistoryView, compare

    bots = Session(leyte.new_game("imperial-sunset", scenario="historical", seed=3),
                   players={"IJN": "random", "USN": "random"})
    bots.run("decision")
    assert bots.game.over and bots.game.result["level"]
    final = bots.game.view(None)
    frame = vp_frame(final["vp"], last_turn=final["last_turn"], net=("USN", "IJN"))
    assert (frame["USN net"] == frame["USN"] - frame["IJN"]).all()
    assert frame["turn"].iloc[-1] == final["last_turn"]
    hist = leyte.rules("imperial-sunset").history
    ghosts = HistoryView(bots.game)
    last = hist[hist["turn"] == ghosts.slider.value]
    assert ghosts.slider.value == final["last_turn"]
    assert sorted(ghosts.map.ghosts_drawn) == sorted(last["hex"])
    beside = compare(bots.game)
    assert list(beside["force"]) == list(last["force"]) and beside["distance"].notna().all()
    assert set(beside["historical_result"]) == {"Decisive USN Victory (12.3 marks this level as the historical result)"}
    assert set(hist["provenance"]) == {"reconstructed"}


# --- 06_surface_combat: the 8.3 example as the notebook scripts it (its dice and choices, copied) -------------------

SURFACE_POSITION: dict[str, Any] = {
    "id": "example-8.3", "turn": 2, "first_turn": 1, "last_turn": 12, "turn_record_key": "historical",
    "options": {"wild_bull": False, "fanaticism": False, "auto_reports": False},
    "tfs": [
        {"marker": "IJN-3", "name": "Force C", "side": "IJN", "hex": "3822", "ships": ["fuso", "mogami", "div-4"]},
        {"marker": "USN-7", "name": "TF 77.2", "side": "USN", "fleet": "7th", "hex": "3722",
         "ships": ["mississippi", "west-virginia", "x-ray-1", "x-ray-2"]},
    ],
    "start": {"activate": "IJN-3", "pool": ["USN-7"]},
}
SURFACE_DICE = [
    4,              # IJN search of the strait hex: 4 +1 own hex +2 strait = 7, detected (7.3)
    9,              # (ours) the USN's secret roll for the report it gives (7.2)
    1,              # (ours) the USN's mutual search fails (7.1.1), so the Japanese stay undetected
    5, 8,           # placement: IJN group -> area 6, USN group -> area 20 (8.3.1)
    2, 9,           # round 1 initiative: the USN rolls higher and moves first (8.3.2)
    7,              # Fuso at a US battleship: 7 -4 range -1 Moved = 2, a miss
    9, 6,           # Mississippi 9 -> 6: three hits; West Virginia (halved) 6 -> 3: one hit
    4,              # IJN disengagement: 4, far short of 10
    8, 3,           # round 2 initiative: the IJN moves first
    5,              # Desdiv 4 at X-Ray 1: 5 -> 1, no effect
    10, 1,          # X-Ray 1 at Desdiv 4: 10 -> 8, two hits cut to one (9.3); X-Ray 2 misses
    10, 6, 4,       # Desdiv 4's torpedoes at Mississippi: 9, 5, 3 after the -1 range modifier
    6,              # critical hit on Mississippi: 6 -1 battleship = 5, no effect
    10, 5, 4, 3,    # X-Ray 1's torpedoes at Desdiv 4: 8, 3, 2, 1 -> two hits
    9,              # IJN disengagement: 9 +1 for the round already fought = 10, the battle ends
]
SURFACE_SCRIPT: list[dict[str, Any]] = [
    {"kind": "move", "to": "3722"},                                  # Force C enters the strait
    {"kind": "report", "count": 2}, {"kind": "report", "count": 2},  # the USN's report: 2 BB, 2 DD units
    {"kind": "surface_attack"},                                      # the IJN starts the battle
    # Round 1, movement: the USN first. The battleships hold in area 20 (see the rulings below).
    {"kind": "move", "ship": "mississippi", "area": 20}, {"kind": "move", "ship": "west-virginia", "area": 20},
    {"kind": "move", "ship": "x-ray-1", "area": 18}, {"kind": "smoke", "ship": "x-ray-1", "area": 0},
    {"kind": "move", "ship": "x-ray-2", "area": 18}, {"kind": "smoke", "ship": "x-ray-2", "area": 0},
    {"kind": "move", "ship": "fuso", "area": 9}, {"kind": "move", "ship": "mogami", "area": 10},
    {"kind": "move", "ship": "div-4", "area": 10}, {"kind": "smoke", "ship": "div-4", "area": 0},
    # Gunnery: the IJN names its targets first; Mogami and Desdiv 4 hold fire.
    {"kind": "designate", "ship": "fuso", "text": "BB"},
    {"kind": "designate", "ship": "mogami", "target": ""}, {"kind": "designate", "ship": "div-4", "target": ""},
    {"kind": "fire", "ship": "mississippi", "target": "fuso"},
    {"kind": "fire", "ship": "west-virginia", "target": "fuso"},
    {"kind": "fire", "ship": "x-ray-1", "target": ""}, {"kind": "fire", "ship": "x-ray-2", "target": ""},
    {"kind": "disengage", "disengage": True}, {"kind": "disengage", "disengage": False},
    # Round 2: the IJN moves first; Desdiv 4 screens the crippled Fuso.
    {"kind": "move", "ship": "fuso", "area": 8}, {"kind": "move", "ship": "mogami", "area": 8},
    {"kind": "move", "ship": "div-4", "area": 15}, {"kind": "smoke", "ship": "div-4", "area": 0},
    {"kind": "move", "ship": "mississippi", "area": 22}, {"kind": "move", "ship": "west-virginia", "area": 22},
    {"kind": "move", "ship": "x-ray-1", "area": 18}, {"kind": "smoke", "ship": "x-ray-1", "area": 0},
    {"kind": "move", "ship": "x-ray-2", "area": 18}, {"kind": "smoke", "ship": "x-ray-2", "area": 0},
    {"kind": "designate", "ship": "fuso", "target": ""}, {"kind": "designate", "ship": "mogami", "target": ""},
    {"kind": "designate", "ship": "div-4", "text": "DD USN-1"},      # X-Ray 1, still face down
    {"kind": "fire", "ship": "mississippi", "target": ""}, {"kind": "fire", "ship": "west-virginia", "target": ""},
    {"kind": "fire", "ship": "x-ray-1", "target": "div-4"}, {"kind": "fire", "ship": "x-ray-2", "target": "div-4"},
    {"kind": "torpedo_fire", "ship": "div-4"},
    {"kind": "torpedo_target", "text": "Mississippi"}, {"kind": "torpedo_target", "text": "Mississippi"},
    {"kind": "torpedo_target", "text": "Mississippi"},
    {"kind": "torpedo_fire", "ship": "x-ray-1"},
    {"kind": "torpedo_hold", "ship": "x-ray-2"},
    {"kind": "disengage", "disengage": True}, {"kind": "disengage", "disengage": False},
]


def test_8_3_notebook_script_steps_in_the_app_to_the_books_end() -> None:
    from leyte.jupyter import GameApp, play_script

    book = leyte.new_game("imperial-sunset", scenario=SURFACE_POSITION, seed=1944, dice=list(SURFACE_DICE))
    play_script(book, SURFACE_SCRIPT)
    view = book.view(None)
    assert {n: view["ships"][n]["hits"] for n in ("fuso", "mississippi", "div-4")} == {
        "fuso": 4, "mississippi": 4, "div-4": 3}
    assert view["tfs"]["IJN-3"]["hex"] == "3822" and view["tfs"]["USN-7"]["hex"] == "3722"
    torps = [e.data["roll"] for e in book.events if e.kind == "roll" and e.rule == "8.3.6"
             and e.data["roll"]["purpose"].startswith("torpedo from Div 4")]
    assert [t["final"] for t in torps] == [9, 5, 3] and sum(t["result"]["hits"] for t in torps) == 4
    g = leyte.new_game("imperial-sunset", scenario=SURFACE_POSITION, seed=1944, dice=list(SURFACE_DICE))
    app = GameApp(g, ijn="random", usn="random", viewer="umpire", panels=["surface"], cards=False,
                  script=SURFACE_SCRIPT, center="3722", zoom=3.0)
    app.session.run("decision")
    assert app.session.game.state_digest() == book.state_digest()
    title = app.panels["surface"].panel["title"]
    assert title.startswith("Surface battle in 3722") and title.endswith("· ended"), title


def test_8_3_first_broadsides_odds_fuso_3_in_10_mississippi_7_in_10() -> None:
    """The odds the notebook states for Fuso (column 6, -5) and Mississippi (column 11, -3)."""
    assert _hit_chance(6, -5) == Fraction(3, 10)
    assert _hit_chance(11, -3) == Fraction(7, 10)
    damage = leyte.rules("imperial-sunset").tables["damage"]
    best = max(cell.result["hits"] for cell, _ in chance_outcomes(damage, damage.column_for(11), -3))
    assert best == 3


# --- 05_air_combat: the 8.2 example as the notebook scripts it (its dice and choices, copied) -----------------------

AIR_POSITION: dict[str, Any] = {
    "id": "example-8.2", "turn": 2, "first_turn": 1, "last_turn": 12, "turn_record_key": "historical",
    "turn_record": {"2": {"date": "24 Oct", "time": "day", "kamikazes": 0}},
    "options": {"wild_bull": False, "fanaticism": False, "auto_reports": True},
    "tfs": [
        {"marker": "IJN-1", "name": "Force A", "side": "IJN", "hex": "2821", "detected": True,
         "ships": ["musashi", "yamato", "nagato", "myoko", "haguro", "div-2-32"]},
        {"marker": "USN-3", "name": "TG 38.3", "side": "USN", "fleet": "3rd", "hex": "2621",
         "ships": ["essex", "reno"]},
    ],
    "air": [{"id": "vb-15"}, {"id": "vt-15"}, {"id": "vf-15-1"}, {"id": "vf-15-2"},
            {"id": "ijn-1af-3f12-1", "box": "cap", "cap_over": "IJN-1"}],
    "start": {"activate": "USN-3", "pool": []},
}
AIR_DICE = [5, 6,   # air-to-air, at the same time: IJN CAP 5 on the 2 column (nothing); US escort 6 +1 = 7 (a step)
        9,      # the reduced CAP (now a 1-12) at the bombers: 9 on the 1 column, one unit flipped
        4, 6,   # against the flipped 3-8: Musashi's AA 4 on the 6 column (-1), Myoko's half AA 6 on the 2 column (-1)
        7,      # the 3-8 bombs on the 3 column: 7 - 2 = 5, a miss
        6, 3,   # against the 6-8: Musashi's AA 6 (-2, cut to -1 by the suppressing escort); Yamato's half AA 3: nothing
        8]      # the 6-8 bombs on the 6 column: 8 - 1 = 7, two damage points
AIR_SCRIPT: list[dict[str, Any]] = (
    [{"kind": "air_strike", "target": "tf:IJN-1"}]
    + [{"kind": "strike_add", "air": a, "role": r}
       for a, r in (("vb-15", "strike"), ("vt-15", "strike"), ("vf-15-1", "escort"), ("vf-15-2", "escort"))]
    + [{"kind": "strike_launch"},
       {"kind": "escort_commit", "air": "vf-15-1"},   # one escort per CAP unit...
       {"kind": "escort_done"},                       # ...the other stays with the bombers to suppress AA
       {"kind": "flip", "air": "vt-15"}]              # the USN chooses which unit the CAP exhausts: the 5-8
    + [{"kind": "place_ship", "ship": s, "area": a}   # the IJN lays out Force A on the air battle display
       for s, a in (("musashi", 6), ("yamato", 7), ("nagato", 1), ("myoko", 5), ("haguro", 2), ("div-2-32", 16))]
    + [{"kind": "aim", "air": "vb-15", "ship": "musashi"}, {"kind": "aim", "air": "vt-15", "ship": "musashi"},
       {"kind": "pair", "escort": "vf-15-2", "air": "vb-15"},
       {"kind": "attack_next", "air": "vt-15"},
       {"kind": "aa_adjacent", "ship": "myoko"}, {"kind": "aa_adjacent_done"},
       {"kind": "attack_next", "air": "vb-15", "optional": True},
       {"kind": "aa_adjacent", "ship": "yamato"}, {"kind": "aa_adjacent_done"}]
)


def test_8_2_notebook_script_steps_in_the_app_to_two_hits_on_musashi() -> None:
    from leyte.jupyter import GameApp, play_script

    book = leyte.new_game("imperial-sunset", scenario=AIR_POSITION, seed=1944, dice=list(AIR_DICE))
    play_script(book, AIR_SCRIPT)
    assert book.view(None)["ships"]["musashi"]["hits"] == 2
    assert "3 MP" in book.decision.prompt   # 5 MP less the strike's 2 (6.2.2)
    g = leyte.new_game("imperial-sunset", scenario=AIR_POSITION, seed=1944, dice=list(AIR_DICE))
    app = GameApp(g, ijn="random", usn="random", viewer="umpire", cards=False, script=AIR_SCRIPT,
                  center="2721", zoom=3.0, panels=["air"])
    app.session.run("decision")
    assert app.session.game.state_digest() == book.state_digest()
    air = app.panels["air"]
    assert air.panel["title"].endswith("· over"), air.panel["title"]
    assert {p["id"]: p["note"] for p in air.panel["pieces"] if p.get("note")} == {"musashi": "2 hit(s)"}


def test_8_1_1_suppression_odds_7_in_10_against_6_in_10() -> None:
    """The odds the notebook states: the 6-8 at -1 (suppressed) or -2, the exhausted 3-8 at -2."""
    assert _hit_chance(6, -1) == Fraction(7, 10)
    assert _hit_chance(6, -2) == Fraction(6, 10)
    assert _hit_chance(3, -2) == Fraction(3, 10)


# --- 04_detection: part 1 of the 7.2 example stepped in the app, through American eyes -----------------------------

DETECTION_POSITION: dict[str, Any] = {
    "id": "example-7.2a", "turn": 2, "turn_record": {"2": day_record("1944-10-24")},
    "options": {"wild_bull": False, "fanaticism": False},
    "tfs": [
        {"marker": "USN-1", "name": "TG 38.3", "side": "USN", "fleet": "3rd", "hex": "2824",
         "ships": ["essex", "lexington", "langley"], "detected": True},
        {"marker": "IJN-1", "name": "Force A", "side": "IJN", "hex": "3525",
         "ships": ["yamato", "musashi", "nagato", "chokai", "myoko", "haguro", "kumano", "suzuya", "noshiro",
                   "div-2-32", "div-17"]},
    ],
    "start": {"activate": "USN-1"},
}
DETECTION_SCRIPT: list[dict[str, Any]] = [
    {"kind": "air_search"},
    {"kind": "report", "category": "battleships", "count": 1},
    {"kind": "report", "category": "cruisers", "count": 4},
    {"kind": "report", "category": "destroyers", "count": 1},
]


def test_7_2_notebook_report_reaches_the_usn_as_numbers_without_names() -> None:
    from leyte.jupyter import GameApp, play_script

    book = leyte.new_game("imperial-sunset", scenario=DETECTION_POSITION, seed=1944, dice=[7])
    play_script(book, DETECTION_SCRIPT)
    (seen,) = book.view("USN")["enemy_tfs"]
    assert seen["detected"] and seen["last_report"]["counts"] == {"battleships": 1, "cruisers": 4, "destroyers": 1}
    assert "Yamato" not in repr(book.view("USN")["enemy_tfs"])   # a report gives numbers, never names
    g = leyte.new_game("imperial-sunset", scenario=DETECTION_POSITION, seed=1944, dice=[7])
    app = GameApp(g, ijn="random", usn="random", viewer="USN", cards=False, script=DETECTION_SCRIPT,
                  center="3124", zoom=2.0)
    app.session.run("decision")
    assert app.session.game.state_digest() == book.state_digest()


# --- 03_movement: part 2 of the 4.4 example (close three hexes, strike with the last 2 MP) and the Surigao limits ---

TG_38_3: list[str] = ["essex", "lexington", "langley", "princeton", "massachusetts", "south-dakota", "santa-fe",
                      "mobile", "desrn-50-2"]
MOVE_POSITION: dict[str, Any] = {
    "id": "example-4.4-2", "turn": 2, "turn_record": {"2": day_record("1944-10-24")},
    "options": {"wild_bull": False, "fanaticism": False, "auto_reports": False},
    "tfs": [
        {"marker": "USN-3", "name": "TG 38.3", "side": "USN", "fleet": "3rd", "hex": "2120", "ships": TG_38_3,
         "detected": True},
        {"marker": "IJN-1", "name": "Force A", "side": "IJN", "hex": "3215",
         "ships": ["yamato", "musashi", "nagato", "div-31"]},
    ],
    "air": [{"id": a, "parent": c} for c, units in (("essex", ["vf-15-1", "vf-15-2", "vb-15", "vt-15"]),
                                                     ("langley", ["vf-44", "vt-44"])) for a in units],
    "start": {"activate": "USN-3"},
}
MOVE_DICE = [9]
MOVE_SCRIPT: list[dict[str, Any]] = [
    {"kind": "air_search"},
    {"kind": "report", "count": 3}, {"kind": "report", "count": 1},     # the IJN reports 3 BB, 1 destroyer unit
    {"kind": "move", "to": "2220"}, {"kind": "move", "to": "2319"}, {"kind": "move", "to": "2419"},
    {"kind": "air_strike", "target": "tf:IJN-1"},
    {"kind": "strike_add", "air": "vb-15", "role": "strike"},
    {"kind": "strike_add", "air": "vf-15-1", "role": "escort"},
    {"kind": "strike_launch"},
]


def test_6_2_2_notebook_tg_38_3_closes_to_8_hexes_with_2_mp_left_for_the_strike() -> None:
    from leyte.jupyter import GameApp, play_script

    m = leyte.rules("imperial-sunset").map
    assert m.hex("2120").distance(m.hex("3215")) == 11 and m.hex("2419").distance(m.hex("3215")) == 8
    book = leyte.new_game("imperial-sunset", scenario=MOVE_POSITION, seed=1944, dice=list(MOVE_DICE))
    assert [e.data for e in book.events if e.kind == "mp"][-1]["mp"] == 5   # 4/5 ships on an even turn (6.2)
    play_script(book, MOVE_SCRIPT[:6])
    assert book.decision.prompt == "TG 38.3 in 2419, 2 MP left"
    assert [o.text for o in book.decision.options if o.kind == "air_strike"] == [
        "Air strike on TF IJN-1 in 3215 (costs 2 MP)"]
    play_script(book, MOVE_SCRIPT[6:])
    g = leyte.new_game("imperial-sunset", scenario=MOVE_POSITION, seed=1944, dice=list(MOVE_DICE))
    app = GameApp(g, ijn="random", usn="random", viewer="USN", cards=False, script=MOVE_SCRIPT, center="2618", zoom=2.0)
    app.session.run("decision")
    assert app.session.game.actions[: len(book.actions)] == book.actions


def test_6_3_battleship_stops_at_surigao_and_partial_sea_is_closed() -> None:
    strait = {
        "id": "surigao-limits", "turn": 2, "turn_record": {"2": day_record("1944-10-24")},
        "options": {"wild_bull": False, "fanaticism": False},
        "tfs": [{"marker": "USN-2", "name": "TF 77", "side": "USN", "fleet": "7th", "hex": "3722",
                 "ships": ["mississippi", "x-ray-1"]}],
        "start": {"activate": "USN-2"},
    }
    g = leyte.new_game("imperial-sunset", scenario=strait)
    assert [o.text for o in g.legal_actions()] == ["Move to 3623", "Move to 3622", "End this activation"]
    before = g.state_digest()
    with pytest.raises(leyte.IllegalAction, match=r"\(6\.1\).*3721 is partial"):
        g.apply({"kind": "move", "to": "3721"})
    with pytest.raises(leyte.IllegalAction, match=r"\(6\.3\).*only USN cruisers and destroyers"):
        g.apply({"kind": "move", "to": "3822"})
    assert g.state_digest() == before
    strait["tfs"][0]["ships"] = ["louisville", "x-ray-1"]   # the notebook's "try it": a cruiser may go on
    cruiser = leyte.new_game("imperial-sunset", scenario=strait)
    assert "Move to 3822" in [o.text for o in cruiser.legal_actions()]


# --- 02_task_forces: the made-up reorganisation (a transfer, a split, a dummy) and what each side sees ---------------

REORG_POSITION: dict[str, Any] = {
    "id": "reorganisation", "turn": 2, "first_turn": 1, "last_turn": 12, "turn_record": {"2": day_record("1944-10-24")},
    "options": {"wild_bull": False, "fanaticism": False, "pt_boats": False, "auto_reports": True},
    "tfs": [
        {"marker": "IJN-1", "name": "Force A", "side": "IJN", "hex": "2821",
         "ships": ["yamato", "musashi", "nagato", "chokai", "myoko", "haguro", "noshiro", "div-31", "div-2-32"]},
        {"marker": "IJN-2", "name": "Force B", "side": "IJN", "hex": "2821",
         "ships": ["kongo", "haruna", "kumano", "suzuya", "tone", "chikuma", "yahagi", "div-17", "desrn-10"]},
        {"marker": "USN-3", "name": "TG 38.3", "side": "USN", "fleet": "3rd", "hex": "2621", "detected": True,
         "ships": ["essex", "lexington", "langley", "princeton", "massachusetts", "south-dakota", "santa-fe",
                   "mobile", "reno", "desrn-50-2", "desrn-55", "desdiv-110"]},
    ],
}
REORG_SCRIPT: list[dict[str, Any]] = [
    {"kind": "transfer", "ship": "yamato"},
    {"kind": "reorg_done"},
    {"kind": "split", "ship": "essex"},
    {"kind": "dummy_create"},
    {"kind": "dummy_hex", "hex": "2622"},
    {"kind": "reorg_done"},
]


def test_5_5_notebook_reorganisation_stacking_and_a_dummy_that_looks_real() -> None:
    from leyte.jupyter import GameApp, play_script

    book = leyte.new_game("imperial-sunset", scenario=REORG_POSITION, seed=1944)
    first = book.decision
    kinds = {o.kind for o in first.options}
    assert first.player == "IJN" and "split" not in kinds and "transfer" in kinds   # 2821 already holds two TFs
    trial = leyte.new_game("imperial-sunset", scenario=REORG_POSITION, seed=1944)
    play_script(trial, REORG_SCRIPT[:4])
    with pytest.raises(leyte.IllegalAction, match=r"\(5\.4\)"):
        trial.apply({"kind": "dummy_hex", "hex": "2621"})                        # 2621 holds two USN TFs (5.5)
    play_script(book, REORG_SCRIPT)
    ijn = book.view("IJN")
    by_name = {tf["name"]: [s["id"] for s in tf["ships"]] for tf in ijn["own_tfs"]}
    assert "yamato" in by_name["Force B"] and "yamato" not in by_name["Force A"]
    own = book.view("USN")["own_tfs"]
    (essex_tf,) = [tf for tf in own if [s["id"] for s in tf["ships"]] == ["essex"]]
    assert essex_tf["hex"] == "2621" and essex_tf["detected"]                    # keeps the status (5.1)
    (dummy,) = [tf for tf in own if tf["dummy"]]
    assert dummy["hex"] == "2622"
    assert sum(1 for tf in own if tf["hex"] == "2621") == 2
    seen = [m for m in book.face.markers(ijn) if m["side"] == "USN"]
    assert len(seen) == 3 and all(m["dummy"] is None for m in seen)              # a dummy looks like a TF
    assert not any("Dummy" in m["title"] for m in seen)
    g = leyte.new_game("imperial-sunset", scenario=REORG_POSITION, seed=1944)
    app = GameApp(g, ijn="random", usn="random", viewer="USN", cards=True, script=REORG_SCRIPT, center="2721",
                  zoom=3.0)
    app.session.run("decision")
    assert app.session.game.actions[: len(book.actions)] == book.actions


def test_5_1_notebook_try_it_force_b_next_door_may_split() -> None:
    pos = {**REORG_POSITION, "tfs": [dict(tf) for tf in REORG_POSITION["tfs"]]}
    pos["tfs"][1]["hex"] = "2822"
    g = leyte.new_game("imperial-sunset", scenario=pos, seed=1944)
    assert "split" in {o.kind for o in g.decision.options}


# --- 01_sequence_and_activation: the cup of a real game, and part 1 of the 4.4 example ------------------------------

ACTIVATION_POSITION: dict[str, Any] = {
    "id": "example-4.4-1", "turn": 1,
    "turn_record": {"1": {"date": "1944-10-24", "time": "night", "kamikazes": 0, "ijn_air_ops": "true"}},
    "options": {"wild_bull": False, "fanaticism": False, "pt_boats": False},
    "tfs": [
        {"marker": "IJN-1", "name": "Force A", "side": "IJN", "hex": "3223",
         "ships": ["yamato", "musashi", "nagato", "div-31"], "mp_markers": 1},
        {"marker": "USN-2", "name": "TF 77", "side": "USN", "fleet": "7th", "hex": "3423",
         "ships": ["mississippi", "west-virginia", "x-ray-1"], "detected": False},
    ],
    "start": {"activate": "IJN-1"},
}
ACTIVATION_DICE = [6, 10, 1]
ACTIVATION_SCRIPT: list[dict[str, Any]] = [
    {"kind": "move", "to": "3323"}, {"kind": "move", "to": "3423"},
    {"kind": "report", "count": 2}, {"kind": "report", "count": 1},   # the USN's report to the IJN (7.2)
    {"kind": "surface_attack"},
]


def test_4_1_historical_game_fills_the_pool_and_draws_in_the_activation_phase() -> None:
    from leyte.jupyter import Session

    hist = Session(leyte.new_game("imperial-sunset", scenario="historical", seed=2),
                   players={"IJN": "random", "USN": "random"})
    hist.run("phase")
    hist.run("phase")
    v = hist.game.view("IJN")
    assert v["phase"] == "activation" and v["pool_size"] > 0
    pool = [e for e in hist.game.log("IJN") if e.kind == "pool"]
    draws = [e for e in hist.game.log("IJN") if e.kind == "draw"]
    assert len(pool) == 1 and draws and draws[0].rule.startswith("4.")


def test_4_4_notebook_force_a_has_3_mp_and_the_battle_ends_its_move() -> None:
    from leyte.jupyter import GameApp, play_script

    book = leyte.new_game("imperial-sunset", scenario=ACTIVATION_POSITION, seed=1944, dice=list(ACTIVATION_DICE))
    mp = [e.data for e in book.events if e.kind == "mp"][-1]
    assert (mp["speed"], mp["penalty"], mp["mp"]) == (4, 1, 3)
    play_script(book, ACTIVATION_SCRIPT[:4])
    assert book.decision.prompt == "Force A in 3423, 1 MP left"
    play_script(book, ACTIVATION_SCRIPT[4:])
    assert any(e.kind == "battle" for e in book.events)
    g = leyte.new_game("imperial-sunset", scenario=ACTIVATION_POSITION, seed=1944, dice=list(ACTIVATION_DICE))
    app = GameApp(g, ijn="random", usn="random", viewer="IJN", cards=True, script=ACTIVATION_SCRIPT, center="3323",
                  zoom=3.0)
    app.session.run("decision")
    assert [e.kind for e in app.session.game.events[: len(book.events)]] == [e.kind for e in book.events]
    # The notebook's "try it": without the -1 MP marker Force A arrives with two MPs left.
    fresh = {**ACTIVATION_POSITION, "tfs": [dict(tf) for tf in ACTIVATION_POSITION["tfs"]]}
    fresh["tfs"][0]["mp_markers"] = 0
    free = leyte.new_game("imperial-sunset", scenario=fresh, seed=1944, dice=list(ACTIVATION_DICE))
    play_script(free, ACTIVATION_SCRIPT[:4])
    assert free.decision.prompt == "Force A in 3423, 2 MP left"


# --- 07_damage: the 8.3 example again, then Fuso detaches west (9.4) -------------------------------------------------

DAMAGE_SCRIPT: list[dict[str, Any]] = SURFACE_SCRIPT + [{"kind": "end_activation"},
                                                         {"kind": "detach", "ship": "fuso", "destination": "west"}]


def test_9_4_notebook_fuso_at_half_damage_detaches_west_in_plain_view() -> None:
    from leyte.jupyter import GameApp, play_script

    rules = leyte.rules("imperial-sunset")
    fuso_track = rules.ships["fuso"].track
    assert rules.ships["fuso"].capacity == 8
    assert (fuso_track[0].gunnery, fuso_track[4].gunnery) == (12, 6)        # half her gun power at 4 hits
    assert (fuso_track[4].speed_odd, fuso_track[4].speed_even) == (2, 2)
    book = leyte.new_game("imperial-sunset", scenario=SURFACE_POSITION, seed=1944, dice=list(SURFACE_DICE))
    play_script(book, DAMAGE_SCRIPT)
    umpire = book.view(None)
    assert umpire["ships"]["fuso"]["hits"] == 4 and umpire["ships"]["mississippi"]["hits"] == 4
    assert umpire["ships"]["div-4"]["hits"] == 3                             # one per attack on a destroyer unit
    crits = [e for e in book.events if e.kind == "critical"]
    assert len(crits) == 1 and "Mississippi" in crits[0].text
    fuso = umpire["ships"]["fuso"]
    assert fuso["independent"] and fuso["hex"] == "3822" and fuso["detected"] and fuso["destination"] == "west"
    assert any(s["id"] == "fuso" for s in book.view("USN")["enemy_independents"])   # alone and in plain view
    g = leyte.new_game("imperial-sunset", scenario=SURFACE_POSITION, seed=1944, dice=list(SURFACE_DICE))
    app = GameApp(g, ijn="random", usn="random", viewer="umpire", panels=["surface"], cards=False,
                  script=DAMAGE_SCRIPT, center="3722", zoom=3.0)
    app.session.run("decision")
    assert app.session.game.state_digest() == book.state_digest()


def test_9_2_a_battleship_at_minus_1_cannot_roll_a_magazine_explosion() -> None:
    crit = leyte.rules("imperial-sunset").tables["critical_hit"]
    outs = chance_outcomes(crit, crit.column_for("-"), -1)
    effects = {cell.result["effect"]: p for cell, p in outs}
    assert "magazine" not in effects and effects["flooding"] == Fraction(1, 10)
    assert effects["no_effect"] == Fraction(6, 10)
    assert any(cell.result["effect"] == "magazine" for cell, _ in chance_outcomes(crit, crit.column_for("-"), 0))


# --- 08_submarines: the 10 example stepped in the app; the escorts' counter-attack odds -------------------------------

OZAWA = ["zuikaku", "zuiho", "chitose", "chiyoda", "ise", "hyuga", "isuzu", "tama", "oyodo", "div-43", "div-61"]
SUB_POSITION: dict[str, Any] = {
    "id": "example-10", "turn": 2,
    "turn_record": {"2": {"date": "1944-10-24", "time": "day", "kamikazes": 0, "ijn_air_ops": "true"}},
    "options": {"wild_bull": False, "fanaticism": False, "auto_reports": True},
    "tfs": [{"marker": "IJN-5", "name": "Ozawa Force", "side": "IJN", "hex": "1003", "ships": OZAWA}],
    "sonar": [{"hex": "1004", "identity": "USN"}],
    "start": {"activate": "IJN-5"},
}
TAMA = OZAWA.index("tama") + 1     # the random draw among the units, as a 1-based pick
SUB_DICE = [6, TAMA, 8, 8]             # attack table 6; the draw; damage 8 on the 6 column; ASW 8 (+1) = 9
SUB_SCRIPT: list[dict[str, Any]] = [{"kind": "move", "to": "1004"}, {"kind": "sub_attack"}]


def test_10_notebook_contact_sinks_tama_and_the_ijn_never_learns_whose_boat() -> None:
    from leyte.jupyter import GameApp, play_script

    book = leyte.new_game("imperial-sunset", scenario=SUB_POSITION, seed=1944, dice=list(SUB_DICE))
    play_script(book, SUB_SCRIPT)
    umpire = book.view(None)
    assert umpire["ships"]["tama"]["sunk"] is True
    assert [s["hex"] for s in umpire["sonar"]] == ["1004"]          # the boat escaped the counter-attack
    assert all("identity" not in s for s in book.view("IJN")["sonar"])
    g = leyte.new_game("imperial-sunset", scenario=SUB_POSITION, seed=1944, dice=list(SUB_DICE))
    app = GameApp(g, ijn="random", usn="random", viewer="umpire", cards=False, script=SUB_SCRIPT, center="1005",
                  zoom=3.0)
    app.session.run("decision")
    assert app.session.game.state_digest() == book.state_digest()


def test_10_7_two_destroyer_units_sink_the_boat_2_times_in_10() -> None:
    asw = leyte.rules("imperial-sunset").tables["asw"]
    sink = sum((p for cell, p in chance_outcomes(asw, asw.column_for("-"), 1) if cell.result["sunk"]), Fraction(0))
    assert sink == Fraction(2, 10)


# --- 09_kamikazes_and_pt_boats: our two made-up examples (the book has none) ---------------------------------------

NIGHT = {"date": "1944-10-25", "time": "night", "kamikazes": 0, "ijn_air_ops": "true"}
PT_POSITION: dict[str, Any] = {
    "id": "pt-boats", "turn": 5, "first_turn": 1, "last_turn": 12, "turn_record": {"5": NIGHT},
    "options": {"wild_bull": False, "fanaticism": False, "auto_reports": True},
    "tfs": [{"marker": "IJN-3", "name": "Force C", "side": "IJN", "hex": "3822",
             "ships": ["fuso", "yamashiro", "mogami", "div-4"]}],
    "pt_hex": "3722",
    "start": {"activate": "IJN-3"},
}
PT_DICE = [8, 2]            # the PT roll; the random ship (2nd of 4: Yamashiro)
PT_SCRIPT: list[dict[str, Any]] = [{"kind": "move", "to": "3722"}]
KK_DAY = {"date": "1944-10-25", "time": "day", "kamikazes": 2, "ijn_air_ops": "true"}
KK_POSITION: dict[str, Any] = {
    "id": "kamikaze", "turn": 6, "first_turn": 1, "last_turn": 12, "turn_record": {"6": KK_DAY},
    "options": {"wild_bull": False, "fanaticism": False, "auto_reports": True},
    "tfs": [{"marker": "USN-9", "name": "Taffy 3", "side": "USN", "fleet": "7th", "hex": "3424", "detected": True,
             "ships": ["fanshaw-bay", "st-lo", "white-plains", "kalinin-bay", "kitkun-bay", "gambier-bay",
                       "taffy-3-1", "taffy-3-2"]}],
    "kamikazes": 2,
    "start": {"activate": "USN-9", "pool": ["kamikaze", "kamikaze"]},
}
KK_DICE = [1, 10]           # the draw from the pool; the kamikaze's roll on the 9 column
KK_SCRIPT: list[dict[str, Any]] = [{"kind": "end_activation"}, {"kind": "kamikaze_strike"},
                                   {"kind": "kamikaze_target", "ship": "st-lo"}]


def test_11_2_notebook_pt_boats_at_night_slow_force_c_and_hit_yamashiro() -> None:
    from leyte.jupyter import GameApp, play_script

    book = leyte.new_game("imperial-sunset", scenario=PT_POSITION, seed=1944, dice=list(PT_DICE))
    play_script(book, PT_SCRIPT)
    (roll,) = [e.data["roll"] for e in book.events if e.kind == "roll"]
    assert (roll["raw"], roll["final"], [m["value"] for m in roll["modifiers"]]) == (8, 10, [2])
    hits = {s["name"]: s["hits"] for s in book.view("IJN")["own_tfs"][0]["ships"]}
    assert hits == {"Fuso": 0, "Yamashiro": 1, "Mogami": 0, "Div 4": 0}
    assert "2 MP left" in book.decision.prompt
    app = GameApp(leyte.new_game("imperial-sunset", scenario=PT_POSITION, seed=1944, dice=list(PT_DICE)),
                  ijn="random", usn="random", viewer="umpire", cards=False, script=PT_SCRIPT, center="3722", zoom=3.0)
    app.session.run("decision")
    assert app.session.game.state_digest() == book.state_digest()
    # The notebook's "try it": by day the same 8 only slows the force.
    day = {**PT_POSITION, "turn_record": {"5": {**NIGHT, "time": "day"}}}
    by_day = leyte.new_game("imperial-sunset", scenario=day, seed=1944, dice=[8])
    play_script(by_day, PT_SCRIPT)
    (roll,) = [e.data["roll"] for e in by_day.events if e.kind == "roll"]
    assert roll["final"] == 8 and roll["result"]["mp_loss"] == 1 and roll["result"]["hits"] == 0
    assert all(s["hits"] == 0 for s in by_day.view("IJN")["own_tfs"][0]["ships"])


def test_11_2_1_pt_boats_hit_a_ship_3_in_10_at_night_1_in_10_by_day() -> None:
    pt = leyte.rules("imperial-sunset").tables["pt_attack"]

    def hit(modifier: int) -> Fraction:
        return sum((p for c, p in chance_outcomes(pt, pt.column_for("-"), modifier) if c.result["hits"]), Fraction(0))

    assert hit(2) == Fraction(3, 10) and hit(0) == Fraction(1, 10)


def test_11_1_notebook_kamikaze_sinks_st_lo_with_no_cap_or_aa() -> None:
    from leyte.jupyter import GameApp, play_script

    book = leyte.new_game("imperial-sunset", scenario=KK_POSITION, seed=1944, dice=list(KK_DICE))
    play_script(book, KK_SCRIPT)
    (dive,) = [e.data["roll"] for e in book.events if e.kind == "roll" and e.data["roll"]["purpose"].startswith(
        "kamikaze")]
    assert (dive["column"], dive["raw"], dive["result"]["hits"]) == ("9", 10, 3)
    assert book.view(None)["ships"]["st-lo"]["sunk"] is True
    tables = {e.data["roll"]["table"] for e in book.events if e.kind == "roll"}
    assert not tables & {"aa", "air_to_air"}                          # no CAP, no AA (11.1)
    app = GameApp(leyte.new_game("imperial-sunset", scenario=KK_POSITION, seed=1944, dice=list(KK_DICE)),
                  ijn="random", usn="random", viewer="umpire", cards=False, script=KK_SCRIPT, center="3424", zoom=3.0)
    app.session.run("decision")
    assert app.session.game.state_digest() == book.state_digest()


# --- 11_scenarios: the three scenarios' starts and the Wild Bull odds the lesson states -----------------------------


def test_13_scenarios_starts_as_the_notebook_shows_them() -> None:
    rules = leyte.rules("imperial-sunset")
    hist = leyte.new_game("imperial-sunset", scenario="historical", seed=1944)
    camp = leyte.new_game("imperial-sunset", scenario="campaign", seed=1944)
    assert hist.view("IJN")["last_turn"] == 12 and camp.view("IJN")["last_turn"] == 16
    assert rules.scenarios["what-if"]["special_rules"]["wild_bull"]["status"] == "off"
    assert rules.scenarios["historical"]["special_rules"]["wild_bull"]["status"] == "required"
    assert all(not tf["detected"] for tf in hist.view("IJN")["own_tfs"])      # 13.1: the IJN start undetected
    assert all(tf["detected"] for tf in hist.view("USN")["own_tfs"])
    groups = {"TG 38.2", "TG 38.3", "TG 38.4"}
    assert groups <= {tf["name"] for tf in hist.view("USN")["own_tfs"]}
    assert not groups & {tf["name"] for tf in camp.view("USN")["own_tfs"]}     # 13.3.4: they arrive later
    wi = leyte.new_game("imperial-sunset", scenario="what-if", seed=1)
    force_a = next(tf for tf in wi.view("IJN")["own_tfs"] if tf["name"] == "Force A")
    assert {"atago", "takao", "maya"} <= {s["id"] for s in force_a["ships"]}     # 13.2: the Palawan cruisers back


def test_13_1_5_1_wild_bull_all_pursue_3_in_10_free_1_in_10() -> None:
    wb = leyte.rules("imperial-sunset").tables["wild_bull"]
    orders: dict[str, Fraction] = {}
    for cell, p in chance_outcomes(wb, wb.column_for("-"), 0):
        orders[cell.result["order"]] = orders.get(cell.result["order"], Fraction(0)) + p
    assert orders["all_pursue"] == Fraction(3, 10) and orders["free"] == Fraction(1, 10)


def test_13_2_whatif_app_plays_a_turn() -> None:
    from leyte.jupyter import GameApp

    app = GameApp(leyte.new_game("imperial-sunset", scenario="what-if", seed=1944), ijn="random", usn="random",
                  viewer="umpire", cards=False)
    app.session.run("turn")
    assert app.session.game.actions


# --- 12_optional_rules: the historical game with 14.1 and 14.2 off and on --------------------------------------------


def test_14_notebook_optional_rules_off_and_on_side_by_side() -> None:
    from leyte.jupyter import GameApp, Session

    options = {"escort_carrier_ground_support": True, "airfield_suppression": True}
    games = {}
    for label, opts in (("off", {}), ("on", options)):
        s = Session(leyte.new_game("imperial-sunset", scenario="historical", seed=3, options=opts),
                    players={"IJN": "random", "USN": "random"})
        for _ in range(3):
            s.run("turn")
        games[label] = s.game
    off, on = games["off"], games["on"]
    assert not any(e.rule.startswith("14.") for e in off.events)
    support = [e for e in on.events if e.rule == "14.1" and e.kind == "roll"]
    suppression = [e for e in on.events if e.rule == "14.2" and e.kind == "roll"]
    assert support and suppression
    first = suppression[0].data["roll"]
    assert first["final"] == first["raw"] + 2                                    # a die roll + 2, no kamikaze yet

    def flown(g: leyte.Game) -> int:
        return sum(1 for a in g.view("USN")["own_air"] if a["box"] == "flown")

    assert flown(on) > flown(off)                                                # the lesson's prediction
    # Squadrons sent to ground support are the owner's secret; the Japanese see only the totals.
    assert any(e.kind == "air_box" and e.visible == ("USN",) for e in on.events if e.rule == "14.1")
    assert not any(e.kind == "air_box" for e in on.log("IJN") if e.rule == "14.1")
    live = GameApp(leyte.new_game("imperial-sunset", scenario="historical", seed=3, options=options),
                   ijn="random", usn="random", viewer="USN", cards=False)
    live.session.run("phase")
    assert live.session.game.actions


# --- what_if: the fork on the evening of 24 October and both branches replayed ---------------------------------------

LEVELS_12_3 = ["Decisive USN Victory", "Significant USN Victory", "Draw", "IJN (Pyrrhic) Victory",
               "IJN Decisive Victory"]


def test_what_if_fork_shares_the_past_and_each_branch_row_replays_alone() -> None:
    """The what_if notebook's experiment in small: two saves at a fast-carrier activation on turn 4, two games each."""
    import json

    from leyte.bots import make_bot
    from leyte.simulation import bot_view, run_one

    seed = 1944
    g = leyte.new_game("imperial-sunset", scenario="historical", seed=seed)
    bots = {p: make_bot("heuristic", "imperial-sunset", p, seed + i) for i, p in enumerate(g.players)}

    def fast_carrier_activation(game: leyte.Game) -> bool:
        d = game.decision
        if d is None or d.player != "USN" or d.kind != "tf_activation" or game.view("USN")["turn"] < 4:
            return False
        name = d.prompt.split(" in ")[0]
        return any(s["type"] in ("CV", "CVL") for t in game.view("USN")["own_tfs"] if t["name"] == name
                   for s in t["ships"])

    while g.decision is not None and not fast_carrier_activation(g):
        d = g.decision
        g.apply(bots[d.player].choose(bot_view(g, d.player), d))
    d = g.decision
    assert d is not None and g.view("USN")["turn"] == 4        # the evening of 24 October
    bot_choice = bots["USN"].choose(bot_view(g, "USN"), d)
    alternatives = [o for o in d.options if o.kind == "end_activation" and o != bot_choice] or \
                   [o for o in d.options if o != bot_choice]
    what_if = alternatives[0]
    as_played_save = g.to_json()
    branch = g.fork()
    branch.apply(what_if)
    what_if_save = branch.to_json()
    a, b = json.loads(as_played_save)["actions"], json.loads(what_if_save)["actions"]
    assert b[:-1] == a and len(b) == len(a) + 1
    for save in (as_played_save, what_if_save):
        frame = leyte.simulate("imperial-sunset", games=2, seed=seed, bots=("heuristic", "heuristic"),
                               from_save=save, workers=1)
        assert len(frame) == 2 and frame["seed"].is_unique
        assert frame["level"].isin(LEVELS_12_3).all() and frame["net"].notna().all()
        row = run_one(("imperial-sunset", None, seed + 1, ("heuristic", "heuristic"), save))
        assert row["net"] == frame.loc[1, "net"]
