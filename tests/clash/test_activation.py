"""The Activation Pool and the draws (4.2, 5.2) and the Special Command Chits (8.7), through the game."""

from __future__ import annotations

from typing import Any

from clash_kit import game
from test_sequence_kit import DAYS, NIGHTS, finish_formations, position, real_game, tg

from leyte.rulebooks.clash import activation

BASES = [{"id": "guam", "name": "Guam", "hex": "3516"}, {"id": "yap", "name": "Yap", "hex": "0520"}]


def pool_of(g: Any) -> list[str]:
    return next(e for e in g.events if e.rule == "5.2" and e.kind == "pool").data["markers"]


def _activation_game(record: dict[str, Any], **extra: Any) -> Any:
    tgs = [tg("tg-58-1", "3810", ["hornet"]), tg("tg-58-4", "3905", ["essex"]),
           tg("tg-58-2", "3810", ["wasp"], tf="tf-58"), tg("tg-58-3", "3810", ["enterprise"], tf="tf-58"),
           tg("force-a", "0210", ["taiho"], side="IJN"), tg("ijn-dummy-1", "0210", [], side="IJN", dummy=True)]
    tfs = [{"id": "tf-58", "name": "TF 58", "side": "USN", "hex": "3810"}]
    return game(position(tgs, tfs=tfs, last_turn=1, phase="activation", record=record, **extra))


def test_5_2_the_pool_holds_loose_tgs_dummies_the_tf_and_both_chits() -> None:
    g = _activation_game(NIGHTS)
    assert pool_of(g) == ["force-a", "ijn-dummy-1", "tf-58", "tg-58-1", "tg-58-4", "chit:IJN", "chit:USN"]


def test_5_2_air_flotilla_markers_go_in_by_day_for_flotillas_with_aircraft() -> None:
    air = [{"id": "guam-f3", "parent": "guam", "box": "ready"}]  # Yap (the 22nd's) has no aircraft
    g_night = _activation_game(NIGHTS, air_bases=BASES, air=air)
    assert not any(m.startswith("af:") for m in pool_of(g_night))
    tgs = [tg("force-a", "0210", ["taiho"], side="IJN"), tg("tg-58-1", "3810", ["hornet"])]
    g = game(position(tgs, last_turn=1, phase="activation", record=DAYS, air_bases=BASES, air=air))
    assert pool_of(g) == ["force-a", "tg-58-1", "af:61st", "chit:IJN", "chit:USN"]


def test_5_2_r5_guam_is_the_61st_and_the_other_bases_the_22nd() -> None:
    assert activation.flotilla_of("guam", {}) == "61st"
    assert activation.flotilla_of("yap", {}) == "22nd"
    assert activation.flotilla_of("rota", {"air_fleet": "61"}) == "61st"  # airfields.csv's column wins (M-8)


def test_4_2_an_af_marker_pushes_the_af_activation_with_its_flotilla() -> None:
    air = [{"id": "guam-261ag-f3", "parent": "guam", "box": "ready"}]  # on the game's data (search needs it)
    tgs = [tg("force-a", "0210", ["taiho"], side="IJN"), tg("tg-58-1", "3810", ["hornet"])]
    g = real_game(position(tgs, last_turn=1, phase="activation", record=DAYS, air_bases=BASES[:1], air=air))
    while not g.over:
        d = g.decision
        g.apply(next((o for o in d.options if o.kind in ("end_move", "chit_pass", "end_activation", "honest")),
                     d.options[0] if d.kind.startswith("search_report") else d.options[-1]))
    draw = next(e for e in g.events if e.kind == "draw" and e.data.get("marker") == "af:61st")
    assert draw.rule == "4.2"
    after = g.events[g.events.index(draw) + 1:]
    search = next(e for e in after if e.kind == "search")  # the 61st's activation: its search from Guam (6.3.2)
    assert search.rule == "6.3.2" and search.data["searcher"] == "61st"
    assert "af:22nd" not in pool_of(g)  # no 22nd base has aircraft here


def test_4_2_players_take_turns_drawing_until_the_pool_is_empty() -> None:
    g = _activation_game(NIGHTS)
    while not g.over:
        d = g.decision
        g.apply(next((o for o in d.options if o.kind in ("end_move", "chit_pass")), d.options[-1]))
    picks = [e.text.split(" draws")[0] for e in g.events if e.kind == "draw" and "draws an activation" in e.text]
    assert picks[:4] == ["IJN", "USN", "IJN", "USN"]
    activated = [e.data["marker"] for e in g.events if e.kind == "draw" and "marker" in e.data
                 and not e.data.get("ignored") and not e.data["marker"].startswith("chit:")]
    assert sorted(set(activated)) == sorted(activated)  # nothing acts twice (8.7)
    assert set(activated) == {"force-a", "ijn-dummy-1", "tf-58", "tg-58-1", "tg-58-4"}


def _chit_games(side: str) -> Any:
    """Games (one a seed) whose first draw is ``side``'s command chit."""
    for seed in range(1, 200):
        tgs = [tg("tg-58-1", "3810", ["hornet"]), tg("tg-58-4", "3905", ["essex"]),
               tg("force-a", "0210", ["taiho"], side="IJN"), tg("force-b", "0115", ["junyo"], side="IJN")]
        g = game(position(tgs, last_turn=1, phase="activation", record=NIGHTS), seed=seed)
        if g.decision.kind == "command_chit" and g.decision.player == side:
            yield g


def _to_chit(side: str) -> Any:
    for g in _chit_games(side):
        return g
    raise AssertionError(f"no seed draws the {side} chit first")


def test_r12_a_declined_chit_is_set_aside_and_a_useless_one_too() -> None:
    g = _to_chit("USN")
    g.apply({"kind": "chit_pass"})
    assert "chit:USN" not in g.state.pool
    assert any(e.rule == "8.7" and "set aside" in e.text for e in g.events)


def test_3_1_6_a_removed_dummy_s_marker_is_ignored_when_drawn() -> None:
    g = _activation_game(NIGHTS)
    del g.state.tfs["ijn-dummy-1"]  # found out and removed earlier in the phase (3.1.6, the search module's)
    while not g.over:
        d = g.decision
        g.apply(next((o for o in d.options if o.kind in ("end_move", "chit_pass")), d.options[-1]))
    ev = next(e for e in g.events if e.kind == "draw" and e.data.get("marker") == "ijn-dummy-1")
    assert ev.data["ignored"] and ev.rule == "3.1.6"


def test_5_1_then_5_2_formations_changes_reach_the_pool() -> None:
    tgs = [tg("tg-58-1", "3810", ["hornet"]), tg("force-a", "0210", ["taiho"], side="IJN")]
    g = game(position(tgs, last_turn=1, record=NIGHTS))
    g.apply({"kind": "dummy", "hex": "0210"})  # the IJN adds a dummy TG (3.1.6)
    finish_formations(g)
    markers = pool_of(g)
    assert len([m for m in markers if m.startswith("ijn-dummy")]) == 1
