"""The rules-of-thumb bot (10.2 designer's advice): what it does in small positions, and that it beats random play.

Both sides see the whole map in this game (2.0), so the bot's view is the position; these tests check its play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from samar_play import game

import leyte
from leyte.bots import RandomBot, make_bot
from leyte.rulebooks.samar.heuristic import SamarHeuristic
from leyte.simulation import bot_view, play_out


def ship(sid: str, hexl: str, facing: int = 0, **kw: Any) -> dict[str, Any]:
    return {"id": sid, "hex": hexl, "facing": facing, **kw}


def drive(g: leyte.Game, until: Callable[[leyte.Game], bool], limit: int = 400) -> None:
    """Both sides played by the heuristic bot until ``until`` holds (or the game ends)."""
    bots = {"IJN": SamarHeuristic("IJN", 1), "USN": SamarHeuristic("USN", 2)}
    for _ in range(limit):
        d = g.decision
        if d is None or until(g):
            return
        g.apply(bots[d.player].choose(bot_view(g, d.player), d))
    raise AssertionError("the condition never came")


def moved(sid: str) -> Callable[[leyte.Game], bool]:
    return lambda g: sid in g.state.moved


def dist(a: str, b: str) -> int:
    m = leyte.rules("samar").map
    return m.distance(m.hex(a), m.hex(b))


def test_the_bot_is_what_make_bot_gives_for_samar() -> None:
    assert isinstance(make_bot("heuristic", "samar", "USN", 3), SamarHeuristic)


def test_4_7_a_panicked_us_ship_is_steamed_off_the_map_by_the_ijn() -> None:
    # Johnston panicked two hexes from the east edge: the IJN player moves it (4.7) and takes it off (4.6)
    g = game([ship("yamato", "1010", 3), ship("johnston", "3020", 2, panic=True), ship("gambier_bay", "2030", 3)],
             start="movement")
    drive(g, moved("johnston"))
    assert g.state.ships["johnston"].where == "exited"


def test_4_1_4_5_carriers_run_from_the_japanese_on_evasive_action_under_smoke() -> None:
    g = game([ship("yamato", "1010", 3), ship("kumano", "1210", 3), ship("gambier_bay", "1418", 0),
              ship("hoel", "2540", 0)], start="movement")
    before = dist("1010", "1418")
    drive(g, moved("gambier_bay"))
    gb = g.state.ships["gambier_bay"]
    assert gb.where == "map" and gb.speed == "evasive"  # maneuver 2 off every incoming throw
    assert min(dist(gb.hex, "1010"), dist(gb.hex, "1210")) > min(before, dist("1210", "1418"))
    assert g.state.smoke  # smoke left in the hexes it steamed out of


def test_7_0_destroyers_turn_in_to_torpedo_range_of_the_battleship() -> None:
    g = game([ship("yamato", "1010", 3), ship("shimakaze", "0508", 3), ship("johnston", "1022", 0),
              ship("gambier_bay", "2030", 3)], start="movement")
    drive(g, moved("johnston"))
    d = dist(g.state.ships["johnston"].hex, g.state.ships["yamato"].hex)
    assert 3 <= d <= 6  # inside torpedo range (7.2), outside point blank and its reaction fire (4.3)


def test_7_0_torpedoes_go_to_the_battleship_not_the_destroyer() -> None:
    g = game([ship("yamato", "1010", 3), ship("shimakaze", "1210", 3), ship("johnston", "1114", 0)])
    bot = SamarHeuristic("USN", 1)
    drive(g, lambda g: g.decision.player == "USN")
    g.apply({"kind": "select_firer", "ship": "johnston"})
    targets = {o["target"] for o in g.decision.options if o.get("weapon") == "torpedo"}
    assert targets == {"yamato", "shimakaze"}
    choice = bot.choose(bot_view(g, "USN"), g.decision)
    assert (choice["weapon"], choice["target"]) == ("torpedo", "yamato")


def test_10_2_the_japanese_shoot_the_carriers_first() -> None:
    # a CVE and a DE side by side at the same range: Kumano picks the carrier
    g = game([ship("kumano", "1010", 2), ship("gambier_bay", "1016", 0), ship("dennis", "1116", 0)])
    bot = SamarHeuristic("IJN", 1)
    g.apply(bot.choose(bot_view(g, "IJN"), g.decision))
    choice = bot.choose(bot_view(g, "IJN"), g.decision)
    assert choice.kind == "fire" and choice["target"] == "gambier_bay"


def test_3_4_once_the_map_is_clear_heavy_ships_steam_for_the_leyte_gulf_exits() -> None:
    g = game([ship("yamato", "2036", 3), ship("kongo", "2636", 2), ship("shimakaze", "2236", 3)],
             start="movement", cleared=True)
    drive(g, lambda g: g.over or g.state.turn > 4)
    assert g.state.exited_armor == 9 + 5  # both battleships left from exit hexes facing south
    assert {s for s in ("yamato", "kongo") if g.state.ships[s].exit_counted} == {"yamato", "kongo"}
    assert g.state.ships["shimakaze"].where == "map"  # destroyers do not count: it stays


def test_4_6_own_ships_are_not_steamed_off_needlessly() -> None:
    # every bow points at an edge a hex or two off (and the ships are too far apart to fight); the bot turns them
    # away in time, though a ship may only turn on entering a hex (4.2) and must move its full speed (4.0)
    g = game([ship("yamato", "0210", 4), ship("johnston", "3120", 1), ship("gambier_bay", "2042", 3),
              ship("hoel", "3003", 0)], start="movement", last_turn=4)
    drive(g, lambda g: g.over)
    assert not [e.text for e in g.events if e.kind in ("exit", "fire", "stop")]
    assert all(s.where == "map" for s in g.state.ships.values())


def test_8_2_aircraft_go_for_the_heavy_ship_away_from_its_escorts() -> None:
    # Nagato alone in the south, Yamato with three escorts within point blank (8.3: each fires AA)
    g = game([ship("yamato", "1010", 3), ship("kumano", "1011", 3), ship("tone", "0910", 3),
              ship("shimakaze", "1110", 3), ship("nagato", "2030", 3), ship("gambier_bay", "1430", 0)],
             start="movement", air=[{"id": "vc20", "where": "available"}, {"id": "vc21", "where": "available"}])
    drive(g, lambda g: g.decision is not None and g.decision.kind == "air_strike")
    drive(g, lambda g: g.decision is None or g.decision.kind != "air_strike")
    targets = {a.target for a in g.state.air.values() if a.where == "placed"}
    assert targets == {"nagato"}


def outcome(seed: int, ijn: str, usn: str) -> dict[str, Any]:
    g = leyte.new_game("samar", seed=seed)
    play_out(g, {"IJN": make_bot(ijn, "samar", "IJN", seed), "USN": make_bot(usn, "samar", "USN", seed + 1)})
    assert g.result is not None
    return g.result


def test_heuristic_ijn_beats_random_usn_by_clearing_the_map_and_exiting() -> None:
    results = [outcome(s, "heuristic", "random") for s in (1, 3, 5, 7)]
    assert sum(r["winner"] == "IJN" for r in results) >= 3
    assert all(r["cleared"] for r in results if r["winner"] == "IJN")


def test_heuristic_usn_beats_random_ijn() -> None:
    results = [outcome(s, "random", "heuristic") for s in (1, 3, 5, 7)]
    assert all(r["winner"] == "USN" for r in results)
    assert sum(r["points"]["IJN"] for r in results) > sum(r["points"]["USN"] for r in results)


def test_same_seed_same_game_with_bots() -> None:
    def events(seed: int) -> str:
        g = leyte.new_game("samar", seed=seed, scenario={
            "id": "t", "name": "t", "turn": 5, "last_turn": 7, "start": "turn", "pools": {}, "air": [], "smoke": {},
            "ships": [ship("yamato", "1010", 3), ship("kumano", "1210", 3), ship("gambier_bay", "1418", 0),
                      ship("johnston", "1620", 0)]})
        play_out(g, {"IJN": SamarHeuristic("IJN", seed), "USN": RandomBot("USN", seed)})
        return g.events_json()

    assert events(4) == events(4)
