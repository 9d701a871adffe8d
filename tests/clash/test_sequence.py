"""The sequence of play (4.0-4.3, 5.0-5.7): the Initial Phase's steps in order (island air, then the submarines'
placeholder, the one step still to merge), USN recovery and extended-range returns, the End Phase, whole games."""

from __future__ import annotations

from typing import Any

import pytest
from clash_kit import game, real_rules_until_subs
from test_sequence_kit import DAYS, NIGHTS, finish_formations, position, real_game, tg

from leyte.core.game import Game
from leyte.core.players import RandomBot
from leyte.rulebooks.clash import state
from leyte.rulebooks.imperial_sunset.common import ship_speed

FAR_APART = [
    tg("tg-58-2", "3810", ["bunker-hill", "wasp"], tf="tf-58"),
    tg("tg-58-3", "3810", ["enterprise"], tf="tf-58"),
    tg("tg-58-1", "3905", ["hornet"]),
    tg("force-a", "0210", ["taiho"], side="IJN", tf="mobile-fleet"),
    tg("force-b", "0115", ["junyo"], side="IJN"),
]
TFS = [{"id": "tf-58", "name": "TF 58", "side": "USN", "hex": "3810"},
       {"id": "mobile-fleet", "name": "Mobile Fleet", "side": "IJN", "hex": "0210"}]


def play_random(g: Any, seed: int, limit: int = 5000) -> int:
    bots = {s: RandomBot(s, seed) for s in ("IJN", "USN")}
    n = 0
    while not g.over and n < limit:
        d = g.decision
        g.apply(bots[d.player].choose({}, d))
        n += 1
    return n


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_4_0_night_turns_with_the_fleets_far_apart_play_to_the_victory_tally(seed: int) -> None:
    g = game(position(FAR_APART, tfs=TFS, last_turn=3, record=NIGHTS), seed=seed)
    play_random(g, seed)
    assert g.over and g.state.turn == 3 and g.result["level"]
    turns = [e.data["turn"] for e in g.events if e.kind == "turn"]
    assert turns == [1, 2, 3]
    rules = [e.rule for e in g.events]
    assert rules.count("5.2") == 3  # one pool a turn
    assert sum(1 for e in g.events if e.kind == "detection" and e.rule == "4.3") == 3  # every night End Phase
    assert not any(e.kind == "search_stand_in" for e in g.events)
    # every activation ends, and nothing was struck at night
    assert not any(e.kind == "strike" for e in g.events)
    draws = [e for e in g.events if e.kind == "draw" and "marker" in (e.data or {})]
    assert draws and all(e.rule in ("4.2", "8.7", "3.1.6") for e in draws)


def test_4_1_the_initial_phase_runs_formations_then_pool_then_the_activation_phase() -> None:
    g = game(position(FAR_APART, tfs=TFS, last_turn=1, record=NIGHTS))
    assert (g.decision.kind, g.decision.player, g.decision.rule) == ("formations", "IJN", "5.1")
    g.apply({"kind": "done"})
    assert (g.decision.kind, g.decision.player) == ("formations", "USN")
    g.apply({"kind": "done"})
    kinds = [e.rule for e in g.events]
    assert kinds.index("5.2") < next(i for i, e in enumerate(g.events) if e.kind == "draw")
    pool = next(e for e in g.events if e.rule == "5.2").data["markers"]
    # 5.2: TGs by themselves and the TF markers (never a TG inside a TF), no AF by night, both chits
    assert pool == ["force-b", "mobile-fleet", "tf-58", "tg-58-1", "chit:IJN", "chit:USN"]


def test_5_3_the_initial_phase_runs_island_air_its_ready_rolls_secret_to_the_ijn() -> None:
    pos = position([tg("tg-58-1", "3111", ["hornet"]), tg("force-a", "0618", ["taiho"], side="IJN")],
                   record=NIGHTS, air_bases=[{"id": "guam", "name": "Guam", "hex": "3516"}],
                   air=[{"id": "guam-261ag-f3", "parent": "guam", "box": "flown"}])
    r = real_rules_until_subs()
    g = Game(r, r.load_scenario(pos), seed=1)
    finish_formations(g)
    rolls = [e for e in g.events if e.rule == "5.6" and e.kind == "roll"]
    assert len(rolls) == 1 and rolls[0].visible == ("IJN",)  # Guam's flown unit rolls to be Ready, in secret
    pool = next(i for i, e in enumerate(g.events) if e.kind == "pool")
    assert pool < g.events.index(rolls[0])  # after the pool is filled, in the Initial Phase (4.1)
    assert (g.state.air["guam-261ag-f3"].box == "ready") == any(e.kind == "air_box" for e in g.events)


def test_11_1_1_the_usn_places_its_submarine_markers_at_the_end_of_the_initial_phase() -> None:
    """On the game's own data the USN has five markers (11.1.1): after both sides' formation steps the pull roll is
    made and the USN places what it drew, one decision per marker (11.1.2), before the first activation."""
    pos = position([tg("tg-58-1", "3111", ["hornet"]), tg("force-a", "0618", ["taiho"], side="IJN")])
    g = real_game(pos)
    g.apply({"kind": "done"})
    g.apply({"kind": "done"})
    pulls = [e for e in g.events if e.kind == "roll" and e.rule == "11.1.1"]
    assert len(pulls) == 1 and pulls[0].visible is None  # public: the markers it pulls go on the map face down
    assert g.decision.player == "USN" and g.decision.rule == "11.1.2"
    placed = 0
    while g.decision is not None and g.decision.rule == "11.1.2":
        g.apply(g.decision.options[0])
        placed += 1
    assert 2 <= placed <= 5 and len(g.state.sonar) == placed  # the 11.1.1 table pulls two to five
    assert all(m["owner"] == "USN" for m in g.state.sonar)


def _recovery_game(record: dict[str, Any]) -> Any:
    pos = position([tg("tg-58-1", "3810", ["hornet", "yorktown"]), tg("force-a", "0210", ["taiho"], side="IJN")],
                   record=record, air=[{"id": "hornet-f4-1", "parent": "hornet", "box": "flown"},
                                       {"id": "hornet-db6", "parent": "hornet", "box": "flown", "reduced": True},
                                       {"id": "hornet-t5", "parent": "hornet", "box": "ready"},
                                       {"id": "taiho-f4", "parent": "taiho", "box": "flown"}])
    g = game(pos)
    finish_formations(g)
    return g


def test_5_5_by_day_usn_flown_units_come_back_fatigued_and_the_ijn_s_stay_flown() -> None:
    g = _recovery_game(DAYS)
    air = g.state.air
    assert (air["hornet-f4-1"].box, air["hornet-f4-1"].reduced) == ("ready", True)
    assert (air["hornet-db6"].box, air["hornet-db6"].reduced) == ("ready", True)
    assert (air["hornet-t5"].box, air["hornet-t5"].reduced) == ("ready", False)  # never flew: unchanged
    assert air["taiho-f4"].box == "flown"  # 5.5: IJN units never leave the Flown box
    ev = next(e for e in g.events if e.rule == "5.5")
    assert ev.visible == ("USN",) and ev.data["fatigued"] is True


def test_5_5_at_night_usn_flown_units_come_back_at_full_strength() -> None:
    g = _recovery_game(NIGHTS)
    air = g.state.air
    assert (air["hornet-f4-1"].box, air["hornet-f4-1"].reduced) == ("ready", False)
    assert (air["hornet-db6"].box, air["hornet-db6"].reduced) == ("ready", False)
    assert air["taiho-f4"].box == "flown"


def test_5_4_extended_range_units_come_back_on_their_turn_at_full_strength() -> None:
    pos = position([tg("tg-58-1", "3810", ["hornet"]), tg("force-a", "0210", ["taiho"], side="IJN")],
                   record=NIGHTS, turn=4, air=[{"id": "hornet-db6", "parent": "hornet", "box": "out",
                                                "reduced": True},
                                               {"id": "hornet-t5", "parent": "hornet", "box": "out",
                                                "reduced": True}])
    g = game(pos)
    state.extras(g.state)["er_track"].update({"4": ["hornet-db6"], "6": ["hornet-t5"]})
    finish_formations(g)
    air = g.state.air
    assert (air["hornet-db6"].box, air["hornet-db6"].reduced) == ("ready", False)
    assert air["hornet-t5"].box == "out" and state.extras(g.state)["er_track"] == {"6": ["hornet-t5"]}
    assert any(e.rule == "5.4" and e.visible == ("USN",) for e in g.events)


def test_5_7_cap_is_allocated_by_day_and_comes_down_in_the_end_phase() -> None:
    pos = position([tg("tg-58-1", "3810", ["hornet"]), tg("force-a", "0210", ["taiho"], side="IJN")],
                   record=DAYS, last_turn=1, air=[{"id": "hornet-f4-1", "parent": "hornet", "box": "ready"}])
    g = game(pos)
    finish_formations(g)
    d = g.decision
    assert (d.kind, d.player, d.rule) == ("cap_allocation", "USN", "5.7")
    g.apply({"kind": "cap_on", "air": "hornet-f4-1"})
    assert g.state.air["hornet-f4-1"].box == "cap"
    g.apply({"kind": "cap_alloc_done"})
    while not g.over:
        g.apply(g.decision.options[-1])
    assert g.state.air["hornet-f4-1"].box == "ready" and g.state.air["hornet-f4-1"].cap_over is None
    assert any(e.rule == "5.7" and "come down from CAP" in e.text for e in g.events)


def test_5_7_no_cap_is_offered_at_night() -> None:
    pos = position([tg("tg-58-1", "3810", ["hornet"]), tg("force-a", "0210", ["taiho"], side="IJN")],
                   record=NIGHTS, last_turn=1, air=[{"id": "hornet-f4-1", "parent": "hornet", "box": "ready"}])
    g = game(pos)
    finish_formations(g)
    assert g.decision is None or g.decision.kind != "cap_allocation"
    while not g.over:
        g.apply(g.decision.options[-1])
    assert g.state.air["hornet-f4-1"].box == "ready"


def _end_phase(turn: int, record: dict[str, Any], **extra: Any) -> Any:
    pos = position([tg("tg-52-10", "3712", ["new-mexico"]), tg("force-a", "0210", ["taiho"], side="IJN")],
                   turn=turn, last_turn=12, phase="end_phase", record=record, **extra)
    return pos


def test_4_3_detection_ends_in_a_night_end_phase_only() -> None:
    pos = _end_phase(5, NIGHTS)
    pos["tgs"][1]["detected"] = True
    g = game(pos)
    assert not g.state.tfs["force-a"].detected
    assert any(e.rule == "4.3" and e.kind == "detection" for e in g.events)
    pos = _end_phase(5, DAYS)
    pos["tgs"][1]["detected"] = True
    g = game(pos)
    assert g.state.tfs["force-a"].detected
    assert not any(e.kind == "detection" for e in g.events)


def test_4_3_damaged_detached_units_sail_for_their_edges_ijn_first() -> None:
    pos = _end_phase(5, NIGHTS, ships=[
        {"id": "idaho", "hits": 1, "independent": True, "hex": "3810"},  # USN: east or south edge
        {"id": "nagato", "hits": 1, "independent": True, "hex": "0310"},  # IJN: west or north edge
    ])
    g = game(pos)
    moves = [e for e in g.events if e.rule == "7.3"]
    assert [e.data["ship"] for e in moves] == ["nagato", "idaho"]  # the IJN moves first (4.3)
    # 5 MP: Nagato is 2 hexes from the west edge (column 01) and leaves; Idaho is 2 from the east edge (40)
    assert g.state.ships["nagato"].exited and g.state.ships["idaho"].exited
    assert {e.kind for e in moves} == {"exit"}


def test_4_3_a_damaged_unit_far_from_its_edge_moves_its_full_speed() -> None:
    g = game(_end_phase(5, NIGHTS, ships=[{"id": "idaho", "hits": 1, "independent": True, "hex": "2010"}]))
    s = g.state.ships["idaho"]
    assert not s.exited and s.hex is not None
    assert g.state.data.map.hex("2010").distance(g.state.data.map.hex(s.hex)) == ship_speed(g.state, "idaho") > 0


def test_4_3_the_last_turn_s_end_phase_ends_the_game_with_the_tally() -> None:
    g = game(_end_phase(12, NIGHTS))
    assert g.over and g.result["level"]
    assert any(e.rule == "10.2" for e in g.events)


def test_4_0_save_in_mid_turn_load_and_continue_is_the_same_game_and_same_seed_same_events() -> None:
    from clash_kit import rules

    from leyte.core.game import Game

    def play(g: Any, actions: list[Any] | None = None) -> list[Any]:
        taken = []
        i = 0
        while not g.over:
            d = g.decision
            if actions is not None:
                o = actions[i]
            elif d.kind == "formations":  # formation changes can go on for ever: keep them out of this test
                o = next(x for x in d.options if x.kind == "done")
            else:
                o = d.options[(i * 7) % len(d.options)]
            g.apply(o)
            taken.append(o)
            i += 1
        return taken

    a = game(position(FAR_APART, tfs=TFS, last_turn=2, record=NIGHTS), seed=11)
    acts = play(a)
    b = game(position(FAR_APART, tfs=TFS, last_turn=2, record=NIGHTS), seed=11)
    for o in acts[:len(acts) // 2]:  # half way, somewhere in the turns
        b.apply(o)
    c = Game.from_json(b.to_json(), lambda _id: rules())
    play(c, acts[len(acts) // 2:])
    assert [e.text for e in c.events] == [e.text for e in a.events] and c.result == a.result
