"""Seeded random playouts of the historical scenario to the end, checking invariants after every action, and a
save taken mid-game, loaded and continued giving the same game (3.0-8.0 together)."""

from __future__ import annotations

import json

import pytest

import leyte
from leyte.bots import RandomBot
from leyte.rulebooks.samar.common import torpedo_rating

D = leyte.rules("samar")


def check(g: leyte.Game, frozen: set[str]) -> None:
    st = g.state
    for s in st.ships.values():
        face = D.ships[s.id].face(s.flipped)
        assert 0 <= s.hits <= face.armor, f"{s.id}: {s.hits} hits on armor {face.armor} (6.2)"
        assert s.torps_out >= 0
        limit = torpedo_rating(s) + (1 if (s.flipped or s.side == "IJN") else 0)
        assert s.torps_out <= max(limit, D.ships[s.id].front.torpedo + 1), s.id
        if s.where in ("map", "hulk"):
            assert s.hex is not None and D.map.terrain(D.map.hex(s.hex)) != "land"
        assert 0 <= s.facing <= 5
    for sid in frozen:
        assert st.ships[sid].hex == frozen_hex[sid], f"{sid} moved while DIW or a hulk (4.0)"
    for a in st.air.values():
        assert a.where in ("pool", "available", "box", "placed", "used")


frozen_hex: dict[str, str | None] = {}


def play(seed: int, options: dict[str, bool] | None = None, save_at: int | None = None) -> leyte.Game:
    g = leyte.new_game("samar", seed=seed, options=options)
    bots = {s: RandomBot(s, seed * 10 + i) for i, s in enumerate(("IJN", "USN"))}
    n = 0
    while not g.over:
        frozen = {s.id for s in g.state.ships.values() if s.where == "hulk" or (s.where == "map" and s.diw)}
        frozen_hex.clear()
        frozen_hex.update({s: g.state.ships[s].hex for s in frozen})
        d = g.decision
        g.apply(bots[d.player].choose({}, d))  # the random bot ignores the view; views are tested below
        check(g, {s for s in frozen if g.state.ships[s].where in ("map", "hulk")})
        n += 1
        if save_at is not None and n == save_at:
            return g
    return g


@pytest.mark.parametrize("seed", range(8))
def test_random_playouts_reach_a_result_with_invariants(seed: int) -> None:
    g = play(seed)
    r = g.result
    assert r is not None and r["level"] in ("major", "minor", "draw")
    lost = {side: sum(D.ships[s.id].front.armor for s in g.state.ships.values()
                      if s.side == side and s.where in ("hulk", "sunk")) for side in ("IJN", "USN")}
    assert r["points"] == lost
    sunk_events = {e.data["ship"] for e in g.events if e.kind == "sunk"}
    assert sunk_events == {s.id for s in g.state.ships.values() if s.where in ("hulk", "sunk")}


@pytest.mark.parametrize("seed", range(100, 103))
def test_random_playouts_with_the_3_5_alternative_sequence(seed: int) -> None:
    g = play(seed, {"alternate_movement": True})
    assert g.result is not None


def test_same_seed_same_events_byte_for_byte() -> None:
    assert play(7).events_json() == play(7).events_json()


@pytest.mark.parametrize("seed,at", [(3, 250), (4, 700)])
def test_save_mid_game_load_and_continue_identically(seed: int, at: int) -> None:
    full = play(seed)
    part = play(seed, save_at=at)
    text = part.to_json()
    assert json.loads(text)["game"] == "samar"
    g2 = leyte.load_game(text)
    assert g2.state_digest() == part.state_digest()
    for a in full.actions[at:]:
        g2.apply(a)
    assert g2.events_json() == full.events_json() and g2.result == full.result


def test_views_show_the_whole_map_to_both_sides() -> None:
    g = play(2, save_at=300)
    v_ijn, v_usn = g.view("IJN"), g.view("USN")
    assert v_ijn["ships"] == v_usn["ships"]
    assert len(v_ijn["log"]) == len(g.events)


def test_undo_and_fork_are_exact() -> None:
    g = play(5, save_at=120)
    digest = g.state_digest()
    last = g.undo()
    g.apply(last)
    assert g.state_digest() == digest
    h = g.fork()
    h.apply(h.legal_actions()[0])
    assert g.state_digest() == digest
