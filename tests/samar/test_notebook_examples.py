"""The worked examples of notebooks/samar, replayed through the public API.

The notebooks are lessons and no longer carry "Checks" cells; the numbers a lesson states (pools, hits, hexes,
odds) are asserted here instead, on the same positions, scripts and dice as the notebooks, so a rule change that
would make a lesson say something false fails a test.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import leyte
from leyte.jupyter import play_script

NAMES = ("N", "NE", "SE", "S", "SW", "NW")


def _ships(g: leyte.Game) -> dict[str, dict[str, Any]]:
    return {s["id"]: s for s in g.view(None)["ships"].values()}


# -- 00 start here -------------------------------------------------------------------------------------------------


def test_00_start_here_3_1_taffy3_starts_in_its_area_and_a_click_picks_a_ship() -> None:
    from leyte.jupyter import GameApp

    m = leyte.rules("samar").map
    taffy3 = {m.label(h) for h in m.within(m.hex("1411"), 4) if h in m}
    game = leyte.new_game("samar", seed=1025)
    app = GameApp(game, ijn="heuristic", usn="human", size=9, cards=True)
    s = app.session
    on_map = {mk["id"]: mk["hex"] for mk in s.markers() if mk["kind"] == "ship"}
    assert len(on_map) == 13 and set(on_map.values()) <= taffy3, on_map  # Taffy 3 inside its area (3.1)
    assert on_map["fanshaw_bay"] == "1410" and app.map.markers
    d = game.decision
    assert (d.player, d.kind) == ("USN", "select_ship"), d  # no set-up questions: the first move
    assert set(s.highlighted()) == set(on_map.values())
    res = s.click("1410")
    assert res.played is not None and res.played["ship"] == "fanshaw_bay"
    s.undo()
    assert game.decision.kind == "select_ship" and len(game.decision.options) == 13

    by_hand = GameApp(leyte.new_game("samar", seed=1025, options={"setup_by_hand": True}), ijn="heuristic",
                      usn="human")
    d = by_hand.session.game.decision
    assert (d.player, d.kind, d.rule) == ("USN", "setup", "3.1"), d
    assert set(by_hand.session.highlighted()) <= taffy3 and "1410" in by_hand.session.highlighted()
    res = by_hand.session.click("1411")
    assert res.played is not None and res.played["hex"] == "1411"
    assert {mk["id"]: mk["hex"] for mk in by_hand.session.markers()}[d.data["ship"]] == "1411"


# -- 01 movement and facing ------------------------------------------------------------------------------------------

MOVE_POSITION = {
    "id": "demo-4", "name": "movement demonstration", "turn": 2, "start": "movement",
    "pools": {}, "air": [], "smoke": {},
    "ships": [{"id": "yamato", "hex": "0904", "facing": 3}, {"id": "johnston", "hex": "1614", "facing": 0}],
}
MOVE_SCRIPT = [
    {"kind": "first_mover", "side": "IJN"},
    {"kind": "move_ship", "ship": "yamato"},
    {"kind": "speed", "ship": "yamato", "speed": "battle"},
    {"kind": "advance", "ship": "yamato", "to": "0905", "facing": 3, "smoke": False},
    {"kind": "advance", "ship": "yamato", "to": "0906", "facing": 2, "smoke": False},
    {"kind": "advance", "ship": "yamato", "to": "1006", "facing": 2, "smoke": False},
    {"kind": "advance", "ship": "yamato", "to": "1107", "facing": 3, "smoke": False},
    {"kind": "move_ship", "ship": "johnston"},
    {"kind": "speed", "ship": "johnston", "speed": "flank"},
    {"kind": "advance", "ship": "johnston", "to": "1613", "facing": 0, "smoke": False},
    {"kind": "advance", "ship": "johnston", "to": "1612", "facing": 0, "smoke": False},
    {"kind": "advance", "ship": "johnston", "to": "1611", "facing": 3, "smoke": False},
    {"kind": "advance", "ship": "johnston", "to": "1612", "facing": 3, "smoke": True},
    {"kind": "advance", "ship": "johnston", "to": "1613", "facing": 3, "smoke": True},
    {"kind": "advance", "ship": "johnston", "to": "1614", "facing": 4, "smoke": True},
    {"kind": "advance", "ship": "johnston", "to": "1515", "facing": 4, "smoke": False},
    {"kind": "advance", "ship": "johnston", "to": "1415", "facing": 4, "smoke": False},
]


def _first_step_facings(ship: str) -> list[str]:
    g = leyte.new_game("samar", scenario=MOVE_POSITION, seed=1)
    g.apply({"kind": "first_mover", "side": "IJN" if ship == "yamato" else "USN"})
    g.apply({"kind": "move_ship", "ship": ship})
    g.apply({"kind": "speed", "ship": ship, "speed": "battle"})
    return [NAMES[f] for f in sorted({o["facing"] for o in g.decision.options if o.kind == "advance"})]


def test_01_movement_4_1_4_2_4_5_yamato_nudges_johnston_reverses_and_lays_smoke() -> None:
    book = leyte.new_game("samar", scenario=MOVE_POSITION, seed=44)
    play_script(book, MOVE_SCRIPT)
    ships = _ships(book)
    y, j = ships["yamato"], ships["johnston"]
    assert (y["hex"], y["facing_name"]) == ("1107", "S"), y
    assert (j["hex"], j["facing_name"]) == ("1415", "SW"), j
    assert _first_step_facings("yamato") == ["SE", "S", "SW"]  # maneuver 1: one hexside either way (4.2)
    assert len(_first_step_facings("johnston")) == 6  # maneuver 3 reaches every facing
    laid = [e.data["hex"] for e in book.events if e.kind == "smoke" and e.data.get("ship") == "johnston"]
    assert laid == ["1611", "1612", "1613"], laid  # one marker in each hex left while making smoke (4.5)
    assert set(book.view(None)["smoke"]) <= set(laid)
    moves = [e for e in book.events if e.kind == "move" and e.data["ship"] == "johnston"]
    assert len(moves) == 8  # flank speed: 6 + 2 hexes (4.1)


# -- 02 gunnery ------------------------------------------------------------------------------------------------------

GUN_POSITION = {
    "id": "demo-5", "name": "gunnery demonstration", "turn": 2, "start": "combat",
    "pools": {}, "air": [], "smoke": {},
    "ships": [{"id": "yamato", "hex": "1510", "facing": 1}, {"id": "johnston", "hex": "1505", "facing": 2}],
}
GUN_DICE = [6, 5, 2, 1, 1, 1, 3, 4, 2, 1, 2, 1, 1, 2, 5, 6, 6, 2, 5, 4]
GUN_SCRIPT = [
    {"kind": "select_firer", "ship": "yamato"},
    {"kind": "fire", "ship": "yamato", "target": "johnston", "weapon": "main"},
    {"kind": "select_firer", "ship": "johnston"},
    {"kind": "fire", "ship": "johnston", "target": "yamato", "weapon": "main"},
]


def test_02_gunnery_5_3_5_4_yamato_nine_dice_johnston_six_and_the_odds() -> None:
    from leyte.rulebooks.samar.charts import hit_chance_per_die, pool_hits
    from leyte.rulebooks.samar.face import los_hexes

    book = leyte.new_game("samar", scenario=GUN_POSITION, seed=5, dice=GUN_DICE)
    play_script(book, GUN_SCRIPT)
    y_fire, j_fire = (e.data for e in book.events if e.kind == "fire")
    assert (y_fire["firer"], y_fire["band"], y_fire["base"], y_fire["dice"], y_fire["hits"]) == (
        "yamato", "close", 5, 9, 2)
    assert sorted(m["value"] for m in y_fire["mods"]) == [1, 1, 2]  # close +1, broadside +2, target broadside +1
    assert (j_fire["firer"], j_fire["dice"], j_fire["hits"]) == ("johnston", 6, 3)
    assert hit_chance_per_die() == Fraction(1, 3)
    assert pool_hits(9)[2] == Fraction(4608, 19683) and sum(pool_hits(9).values()) == 1
    ships = _ships(book)
    assert ships["johnston"]["flipped"]  # two hits on armor 1: one over, so it flips (6.2)
    assert ships["yamato"]["hits"] == 3 and not ships["yamato"]["panic"]
    assert ships["johnston"]["panic"]  # a 25 on nine dice against armor 1 (6.5)
    sight = los_hexes(leyte.rules("samar").map, "1510", "1505")
    assert "1507" in sight and sight[0] == "1510" and sight[-1] == "1505"


# -- 03 damage -------------------------------------------------------------------------------------------------------

DAMAGE_POSITION = {
    "id": "demo-6", "name": "damage demonstration", "turn": 2, "start": "combat",
    "pools": {}, "air": [], "smoke": {},
    "ships": [{"id": "yamato", "hex": "1020", "facing": 0}, {"id": "kumano", "hex": "1013", "facing": 0},
              {"id": "johnston", "hex": "1008", "facing": 0}],
}
DAMAGE_DICE = [6, 1, 1, 1, 1, 4, 6, 5, 5, 6, 6, 1, 6, 2, 6, 3]
DAMAGE_SCRIPT = [
    {"kind": "select_firer", "ship": "yamato"},
    {"kind": "fire", "ship": "yamato", "target": "johnston", "weapon": "main"},
    {"kind": "select_firer", "ship": "johnston"},
    {"kind": "fire", "ship": "johnston", "target": "kumano", "weapon": "main"},
    {"kind": "pass"},
]


def test_03_damage_6_3_plunging_catastrophe_and_kumano_dead_in_the_water_and_burning() -> None:
    from leyte.core.dice import chance_outcomes
    from leyte.jupyter import rolls_frame
    from leyte.rulebooks.samar.charts import ships_frame

    book = leyte.new_game("samar", scenario=DAMAGE_POSITION, seed=6, dice=DAMAGE_DICE)
    play_script(book, DAMAGE_SCRIPT)
    ships = ships_frame(book.view(None), on_map=False)
    assert ships.loc["johnston", "where"] == "hulk"  # catastrophic by plunging fire (6.3)
    k = ships.loc["kumano"]
    assert (k["hits"], k["waterline"], k["fires"], k["speed_state"]) == (3, 2, 1, "dead_in_water")
    assert bool(k["panic"])
    rolls = rolls_frame(book.events)
    crit = rolls[rolls["purpose"].str.startswith("critical")]
    assert list(crit["column"]) == ["2", "4", "4", "4"]  # low-arc plunging, then All Other
    sunk = [e for e in book.events if e.kind == "sunk"]
    assert sunk and "catastrophic" in sunk[0].text
    damage = leyte.rules("samar").tables["damage_throw"]
    assert sum(p for c, p in chance_outcomes(damage, "-", 2) if c.result["critical"]) == Fraction(2, 3)


# -- 04 torpedoes ----------------------------------------------------------------------------------------------------

TORPEDO_POSITION = {
    "id": "demo-7", "name": "torpedo demonstration", "turn": 2, "start": "combat",
    "pools": {}, "air": [], "smoke": {},
    "ships": [{"id": "yamato", "hex": "1510", "facing": 0}, {"id": "nowaki", "hex": "1502", "facing": 3},
              {"id": "hoel", "hex": "1505", "facing": 2}],
}
TORPEDO_DICE = [5, 1, 2, 3, 4, 3, 6, 5, 1, 2]
TORPEDO_SCRIPT = [
    {"kind": "select_firer", "ship": "nowaki"},
    {"kind": "fire", "ship": "nowaki", "target": "hoel", "weapon": "torpedo"},
    {"kind": "select_firer", "ship": "hoel"},
    {"kind": "fire", "ship": "hoel", "target": "yamato", "weapon": "torpedo"},
    {"kind": "pass"},
]


def test_04_torpedoes_7_2_7_3_two_launches_their_pools_hits_and_supply() -> None:
    from leyte.rulebooks.samar.charts import ships_frame

    rules = leyte.rules("samar")
    book = leyte.new_game("samar", scenario=TORPEDO_POSITION, seed=7, dice=TORPEDO_DICE)
    play_script(book, TORPEDO_SCRIPT)
    launch = [e.data for e in book.events if e.kind == "fire"]
    assert [(d["firer"], d["weapon"], d["dice"], d["hits"]) for d in launch] == [
        ("nowaki", "torpedo", 3, 1), ("hoel", "torpedo", 3, 2)]
    assert all(not any("broadside" in m["source"] and "firing" in m["source"] for m in d["mods"]) for d in launch)
    ships = ships_frame(book.view(None))
    assert ships.loc["nowaki", "torps_out"] == 1 and ships.loc["hoel", "torps_out"] == 1
    assert ships.loc["hoel", "waterline"] == 1 and ships.loc["yamato", "hits"] == 2
    assert int(rules.c("torpedo.range")) == 6 and int(rules.c("torpedo.weight")) == 8
    assert int(rules.c("torpedo.ijn_extra")) == 1  # a Japanese ship may launch once more than its rating (7.3)


# -- 05 air and kamikazes --------------------------------------------------------------------------------------------

AIR_POSITION = {
    "id": "demo-8", "name": "air demonstration", "turn": 2, "start": "combat",
    "pools": {}, "smoke": {},
    "air": [{"id": "vc5", "where": "placed", "target": "kumano"},
            {"id": "vc10", "where": "placed", "target": "kumano"}],
    "ships": [{"id": "kumano", "hex": "1010", "facing": 0}, {"id": "haguro", "hex": "1110", "facing": 0},
              {"id": "gambier_bay", "hex": "1020", "facing": 3}],
}
AIR_DICE = [6, 4, 5, 6, 1, 6, 3, 2]
KAMIKAZE = {
    "id": "demo-3.2", "name": "kamikaze demonstration", "turn": 5, "start": "turn", "pools": {}, "smoke": {},
    "air": [{"id": "shikishima", "where": "pool"}],
    "ships": [
        {"id": "kumano", "hex": "1005", "facing": 3}, {"id": "haguro", "hex": "0803", "facing": 3},
        {"id": "gambier_bay", "hex": "1420", "facing": 3}, {"id": "st_lo", "hex": "1521", "facing": 3},
    ],
}


def test_05_air_8_3_aa_drives_off_vc10_and_vc5_sets_kumano_on_fire() -> None:
    from leyte.rulebooks.samar.charts import ships_frame

    book = leyte.new_game("samar", scenario=AIR_POSITION, seed=8, dice=AIR_DICE)
    play_script(book, [{"kind": "pass"}])
    log = list(book.events)
    aa = [e for e in log if e.kind == "roll" and e.data["roll"]["purpose"].startswith("AA")]
    assert [e.data["roll"]["raw"] for e in aa] == [6, 4]
    assert any(e.kind == "aa_hit" and "VC-10" in e.text for e in log)
    strike = [e for e in log if e.kind == "air_attack"]
    assert len(strike) == 1 and "VC-5" in strike[0].text and "2 hits" in strike[0].text
    ships = ships_frame(book.view(None))
    assert ships.loc["kumano", "fires"] == 1 and ships.loc["kumano", "hits"] == 2
    assert {a["id"]: a["where"] for a in book.view(None)["air"]} == {"vc5": "used", "vc10": "used"}


def test_05_kamikaze_3_2_a_roll_of_1_brings_shikishima_and_it_attacks() -> None:
    from leyte.bots import make_bot

    kami = leyte.new_game("samar", scenario=KAMIKAZE, seed=3, dice=[1, 1])
    bots = {"IJN": make_bot("heuristic", "samar", "IJN", 3), "USN": make_bot("random", "samar", "USN", 3)}
    while not kami.over and not any(e.kind == "air_attack" for e in kami.events):
        d = kami.decision
        kami.apply(bots[d.player].choose(kami.view(d.player), d))
    assert any(e.kind == "kamikaze" for e in kami.events)
    k_attack = [e for e in kami.events if e.kind == "air_attack"]
    assert k_attack and "Shikishima" in k_attack[0].text


# -- 06 panic --------------------------------------------------------------------------------------------------------

PANIC_POSITION = {
    "id": "demo-4.7", "name": "panic demonstration", "turn": 2, "start": "movement",
    "pools": {}, "air": [], "smoke": {},
    "ships": [{"id": "kumano", "hex": "1005", "facing": 3},
              {"id": "johnston", "hex": "1014", "facing": 0, "panic": True},
              {"id": "hoel", "hex": "1822", "facing": 0}],
}
PANIC_SCRIPT = [
    {"kind": "first_mover", "side": "IJN"},
    {"kind": "move_ship", "ship": "johnston"},
    {"kind": "speed", "ship": "johnston", "speed": "battle"},
    *[{"kind": "advance", "ship": "johnston", "to": to, "facing": f, "smoke": False}
      for to, f in (("1013", 5), ("0913", 4), ("0813", 4), ("0714", 4), ("0614", 4), ("0515", 4))],
    {"kind": "move_ship", "ship": "kumano"},
    {"kind": "speed", "ship": "kumano", "speed": "battle"},
    *[{"kind": "advance", "ship": "kumano", "to": f"10{r:02d}", "facing": 3, "smoke": False} for r in range(6, 12)],
    {"kind": "move_ship", "ship": "hoel"},
    {"kind": "speed", "ship": "hoel", "speed": "battle"},
    *[{"kind": "advance", "ship": "hoel", "to": f"18{r:02d}", "facing": 0, "smoke": False} for r in range(21, 15, -1)],
]


def test_06_panic_4_7_the_enemy_steers_johnston_and_6_5_the_exact_odds() -> None:
    from leyte.rulebooks.samar.charts import dice_total, panic_chance, ships_frame

    book = leyte.new_game("samar", scenario=PANIC_POSITION, seed=9, dice=[2])
    play_script(book, PANIC_SCRIPT)
    johnston_moves = [e.data["hex"] for e in book.events if e.kind == "move" and e.data["ship"] == "johnston"]
    assert johnston_moves[-1] == "0515" and len(johnston_moves) == 6
    assert any(e.kind == "panic_off" for e in book.events)  # a 2 recovers an American ship (1-3)
    assert not ships_frame(book.view(None)).loc["johnston", "panic"]
    assert panic_chance(3, 1, "USN") == Fraction(4, 216)  # three dice panic a destroyer only on 17 or 18
    assert sum(dice_total(4).values()) == 1
    assert 25 - 1 > leyte.rules("samar").c("panic.threshold.USN")  # notebook 02's throw of 25 panics Johnston


# -- 07 victory ------------------------------------------------------------------------------------------------------

VICTORY_POSITION = {
    "id": "demo-3.4", "name": "victory demonstration", "turn": 16, "start": "movement",
    "pools": {}, "air": [], "smoke": {}, "cleared": True, "exited_armor": 12,
    "ships": [{"id": "yamato", "hex": "0842", "facing": 3}, {"id": "noshiro", "hex": "1442", "facing": 3}],
}
VICTORY_SCRIPT = [
    {"kind": "first_mover", "side": "IJN"},
    {"kind": "move_ship", "ship": "yamato"},
    {"kind": "speed", "ship": "yamato", "speed": "battle"},
    {"kind": "advance", "ship": "yamato", "to": "0843", "facing": 3, "smoke": False},
    {"kind": "leave_map", "ship": "yamato"},
    {"kind": "move_ship", "ship": "noshiro"},
    {"kind": "speed", "ship": "noshiro", "speed": "battle"},
    {"kind": "advance", "ship": "noshiro", "to": "1443", "facing": 3, "smoke": False},
    {"kind": "leave_map", "ship": "noshiro"},
]


def test_07_victory_3_4_twelve_plus_nine_plus_two_is_a_japanese_major_victory() -> None:
    book = leyte.new_game("samar", scenario=VICTORY_POSITION, seed=10)
    play_script(book, VICTORY_SCRIPT)
    res = book.result
    assert book.over and (res["winner"], res["level"]) == ("IJN", "major")
    assert res["exited_armor"] == 12 + 9 + 2 and sorted(res["exited"]) == ["noshiro", "yamato"]
    exits = [e.data for e in book.events if e.kind == "exit"]
    assert [x["armor"] for x in exits] == [9, 2] and all(x["counted"] for x in exits)


def test_07_victory_3_4_a_bot_game_s_points_are_each_side_s_own_losses() -> None:
    from leyte.bots import make_bot

    g = leyte.new_game("samar", seed=3)
    bots = {side: make_bot("heuristic", "samar", side, 3) for side in g.players}
    while not g.over:
        d = g.decision
        g.apply(bots[d.player].choose(g.view(d.player), d))
    r = g.result
    for side in ("IJN", "USN"):
        assert r["points"][side] == r["breakdown"][side]["total"] == sum(r["breakdown"][side]["ships"].values())
