"""Combat as printed: simultaneous fire (3.3), damage and flipping (6.1-6.2), critical hits (6.3), sinking and hulks
(6.4), panic (5.6, 6.5), torpedo supply (7.3), air attacks, AA and combined fire (8.2-8.4), kamikazes (3.2)."""

from __future__ import annotations

from typing import Any

from samar_play import end_combat, fire, game, kinds, usn_to_fire

import leyte


def ship(sid: str, hexl: str, facing: int = 0, **kw: Any) -> dict[str, Any]:
    return {"id": sid, "hex": hexl, "facing": facing, **kw}


def test_6_2_two_hits_on_an_armor_1_destroyer_flip_it_at_the_end_of_the_phase() -> None:
    # Yamato at close range: 6 dice; faces 5 5 1 1 1 1 = 2 hits; damage throws 1, 2 (+2: weight 9 >= 2 x armor 1)
    g = game([ship("yamato", "1010"), ship("johnston", "1005")], dice=[5, 5, 1, 1, 1, 1, 1, 2])
    evs = fire(g, "yamato", "johnston")
    dmg = [e for e in evs if e.kind == "roll"]
    assert [e.data["roll"]["final"] for e in dmg] == [3, 4]
    assert all(any(m["source"].startswith("weight 9 double") for m in e.data["roll"]["modifiers"]) for e in dmg)
    assert not g.state.ships["johnston"].flipped  # nothing lands before the end of the phase (3.3)
    end_combat(g)
    j = g.state.ships["johnston"]
    assert (j.flipped, j.hits, j.where, j.panic) == (True, 0, "map", False)  # total 14 - armor 1 = 13, not > 15


def test_3_3_combat_is_simultaneous_a_doomed_ship_still_fires() -> None:
    # six hits sink Johnston (1 + flip + 1 + sink), but its own attack is still made afterwards
    g = game([ship("yamato", "1010"), ship("johnston", "1005")], dice=[5] * 6 + [1] * 6 + [1, 1, 1])
    fire(g, "yamato", "johnston")
    evs = fire(g, "johnston", "yamato")
    assert kinds(evs, "fire")[0].data["dice"] == 3
    end_combat(g)
    assert g.state.ships["johnston"].where == "hulk"
    assert any(e.kind == "sunk" and e.data["ship"] == "johnston" for e in g.events)


def test_6_3_low_arc_plunging_fire_catastrophic_hit_sinks_outright() -> None:
    # 12 hexes: effective range = low-arc plunging fire; damage throw 4 + 2 = 6 critical; low-arc column: 6
    g = game([ship("yamato", "1020"), ship("johnston", "1008")], dice=[6, 1, 1, 1, 1, 4, 6])
    evs = fire(g, "yamato", "johnston")
    crit = [e for e in evs if e.kind == "roll" and e.data["roll"]["table"] == "critical_hit"][0]
    assert crit.data["roll"]["column"] == "2" and crit.data["roll"]["result"] == {"effect": "catastrophic"}
    end_combat(g)
    assert g.state.ships["johnston"].where == "hulk"


def test_6_3_waterline_slows_then_stops_and_m_ships_use_all_other() -> None:
    # Johnston (M) at Kumano: 3 dice 5 5 6 = 3 hits; W2 < A3: -1; each damage throw 6 -> 5 is a critical, and its
    # critical hit throw follows at once on the All Other column: 1, 2 (waterline), 3 (fire)
    g = game([ship("kumano", "1010"), ship("johnston", "1005")], dice=[5, 5, 6, 6, 1, 6, 2, 6, 3])
    usn_to_fire(g)
    evs = fire(g, "johnston", "kumano")
    cols = [e.data["roll"]["column"] for e in evs if e.kind == "roll" and e.data["roll"]["table"] == "critical_hit"]
    assert cols == ["4", "4", "4"]
    end_combat(g)
    k = g.state.ships["kumano"]
    assert (k.waterline, k.fires, k.hits) == (2, 1, 3) and k.diw


def test_5_6_panic_on_the_dice_total_and_the_opponent_moves_the_ship() -> None:
    # Johnston 3 dice 6 6 6 at Kumano: total 18 - armor 3 = 15 > 12 -> panic (after the damage lands)
    g = game([ship("kumano", "1010"), ship("johnston", "1005")], dice=[6, 6, 6, 1, 1, 1])
    usn_to_fire(g)
    fire(g, "johnston", "kumano")
    end_combat(g)
    k = g.state.ships["kumano"]
    assert k.panic and k.hits == 3
    panic = [e for e in g.events if e.kind == "panic"][0]
    assert panic.rule == "6.5" and panic.data["value"] == 15
    g.apply({"kind": "first_mover", "side": "IJN"})
    d = g.decision
    assert d.player == "USN" and {o["ship"] for o in d.options} == {"kumano", "johnston"}  # IJN had nothing to move


def test_6_4_hulks_sink_on_1_or_2_at_the_start_of_a_later_combat_phase() -> None:
    g = game([ship("kumano", "1010", where="hulk", lost_turn=1), ship("johnston", "1030")], dice=[3])
    assert g.state.ships["kumano"].where == "hulk"
    g = game([ship("kumano", "1010", where="hulk", lost_turn=1), ship("johnston", "1030")], dice=[2])
    assert g.state.ships["kumano"].where == "sunk"


def test_6_4_a_hulk_on_the_line_acts_as_smoke() -> None:
    from samar_play import dice_for

    g = game([ship("yamato", "1010"), ship("johnston", "1005"), ship("hoel", "1007", where="hulk", lost_turn=2)],
             dice=[6])
    assert dice_for(g, "yamato", "johnston") == 6 - 1


def test_8_2_air_attack_aa_then_dive_bombers_and_combined_fire() -> None:
    # AA: Kumano's secondary 4 + 1 against dive bombers: a 6 misses. VC-10: 3 dice 5 6 1 = 2 hits;
    # W4 > A3 +1, plunging on a P ship +1: throws 1 4 -> 3 hit, 6 critical; high-arc column: 6 catastrophic.
    g = game([ship("kumano", "1010"), ship("johnston", "1005")], air=[{"id": "vc10", "where": "placed",
                                                                       "target": "kumano"}],
             dice=[6, 5, 6, 1, 1, 4, 6])
    aa = [e for e in g.events if e.rule == "8.3" and e.kind == "roll"][0]
    assert aa.data["roll"]["raw"] == 6 and "needs 5 or less" in aa.data["roll"]["purpose"]
    att = kinds(g.events, "air_attack")[0]
    assert att.data["dice"] == 3 and att.data["hits"] == 2
    assert g.state.air["vc10"].where == "used"
    usn_to_fire(g)
    g.apply({"kind": "select_firer", "ship": "johnston"})
    weapons = {(o["weapon"], o["target"]) for o in g.decision.options if o.kind == "fire"}
    assert weapons == {("torpedo", "kumano")}  # 8.2: no gunfire at a ship attacked by friendly aircraft
    g.apply({"kind": "hold", "ship": "johnston"})
    end_combat(g)
    assert g.state.ships["kumano"].where == "hulk"


def test_8_3_aa_success_removes_an_attacker_and_fires_suppress_aa() -> None:
    g = game([ship("kumano", "1010"), ship("johnston", "1030")],
             air=[{"id": "vc10", "where": "placed", "target": "kumano"}], dice=[5])
    assert g.state.air["vc10"].where == "used" and not kinds(g.events, "air_attack")
    g = game([ship("kumano", "1010", fires=1), ship("johnston", "1030")],
             air=[{"id": "vc3", "where": "placed", "target": "kumano"}], dice=[1, 1, 1])
    assert any(e.kind == "aa" for e in g.events) and kinds(g.events, "air_attack")


def test_8_4_fighters_cause_no_hits_but_a_critical_starts_a_fire() -> None:
    # VC-3 fighters: 3 dice 5 5 5 = 3 hits; W1 < A3 -1: throws 6 6 2 -> 5 5 1: two criticals = two fires, no hits
    g = game([ship("kumano", "1010"), ship("johnston", "1030")],
             air=[{"id": "vc3", "where": "placed", "target": "kumano"}], dice=[6, 5, 5, 5, 6, 6, 2])
    end_combat(g)
    k = g.state.ships["kumano"]
    assert (k.fires, k.hits, k.flipped) == (2, 0, False)


def test_3_2_kamikaze_available_on_1_or_2_must_be_placed_and_attacks_next_combat() -> None:
    g = game([ship("yamato", "1005", facing=3), ship("johnston", "1030", facing=3)], turn=5, start="turn",
             air=[{"id": "shikishima"}, {"id": "asahi"}], dice=[1, 1, 6, 6])
    assert g.state.air["shikishima"].where == "available"
    g.apply({"kind": "first_mover", "side": "IJN"})
    while g.decision.kind != "air_strike":
        g.apply(g.decision.options[0])
    assert all(o.kind == "air_strike" for o in g.decision.options)  # no way to hold it back
    g.apply({"kind": "air_strike", "unit": "shikishima", "target": "johnston"})
    while g.state.turn == 5:
        g.apply(g.decision.options[0])
    assert any(e.kind == "air_attack" and e.data["unit"] == "shikishima" for e in g.events)


def test_torpedo_launch_adds_a_marker_and_blocks_guns_that_phase() -> None:
    g = game([ship("yamato", "1010"), ship("johnston", "1005")], dice=[1, 1, 1])
    usn_to_fire(g)
    fire(g, "johnston", "yamato", "torpedo")
    assert g.state.ships["johnston"].torps_out == 1
    assert g.decision is None or g.decision.kind != "fire"
    assert "johnston" in g.state.combat["fired"]


def test_refused_action_changes_nothing() -> None:
    g = game([ship("yamato", "1010"), ship("johnston", "1005")])
    before = g.state_digest()
    try:
        g.apply({"kind": "fly_to_the_moon"})
    except leyte.IllegalAction as e:
        assert "5.1" in str(e)
    assert g.state_digest() == before
