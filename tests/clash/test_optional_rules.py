"""The optional rules 15.1, 15.4, 15.5 and 15.6 switched on through ``new_game(options=...)`` (15.2's are in
test_submarines.py): each with the rule on, the rule off (the standard game, event for event), a refusal naming its
case where the rule forbids something, and a seeded random game played to the end with the option on.

Positions are the sequence-of-play kit's (real ships, map and constants); rulings R-70 to R-74 in RULINGS.md."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_leaks import check_names, decision_texts, event_texts, hidden
from test_movement import refused, until_move_of
from test_sequence_kit import DAYS, NIGHTS, detections, position, tg

import leyte
from leyte.core.errors import ScenarioError
from leyte.core.game import Context, Game
from leyte.core.players import RandomBot
from leyte.rulebooks.clash import victory
from leyte.rulebooks.clash.options import OPTIONS
from leyte.rulebooks.clash.rules import RULES
from leyte.rulebooks.imperial_sunset import damage

GAME = "clash-of-the-carriers"
SHORT = 3  # turns in a random game: turn 1 is a night turn, 2-3 are day turns
BUILT = ("secret_composition", "ijn_submarines", "night_movement", "reorganisation_cost", "cross_decking")


def game(pos: dict[str, Any], options: dict[str, bool] | None = None, *, seed: int = 1) -> Game:
    return Game(RULES, RULES.load_scenario(pos), seed=seed, options=options)


def events(g: Game) -> list[tuple[Any, ...]]:
    return [(e.rule, e.kind, e.text, json.dumps(e.data, sort_keys=True), e.visible) for e in g.events]


def mp_event(g: Game, formation: str) -> Any:
    return next(e for e in g.events if e.kind == "mp" and e.data["formation"] == formation)


def test_the_five_options_are_built_and_listed_with_their_case() -> None:
    for name in BUILT:
        assert name in OPTIONS
        assert OPTIONS[name].split(":")[0] in ("15.1", "15.2", "15.4", "15.5", "15.6")


# -- 15.1 ---------------------------------------------------------------------------------------------------------


def test_15_1_secret_composition_is_always_played_and_switching_it_off_is_refused() -> None:
    with pytest.raises(ScenarioError, match=r"options\.secret_composition = false: rule 15\.1 .*R-70"):
        leyte.new_game(GAME, scenario="historical", options={"secret_composition": False})
    on = leyte.new_game(GAME, scenario="historical", seed=3, options={"secret_composition": True})
    plain = leyte.new_game(GAME, scenario="historical", seed=3)
    assert on.decision.to_dict() == plain.decision.to_dict()
    assert on.view("USN") == plain.view("USN") and on.view("IJN") == plain.view("IJN")


def test_15_1_the_enemy_view_holds_no_ship_of_an_undetected_tg() -> None:
    g = game(position([tg("tg-58-1", "2012", ["hornet", "washington"]), tg("force-a", "0210", ["taiho"], side="IJN")],
                      turn=2, phase="activation", record=NIGHTS), {"secret_composition": True})
    usn = json.dumps(g.view("USN"))
    ijn = json.dumps(g.view("IJN"))
    assert "taiho" not in usn.lower() and "hornet" not in ijn.lower() and "washington" not in ijn.lower()
    assert "hornet" in usn.lower()  # its own sheet it sees


# -- 15.4 ---------------------------------------------------------------------------------------------------------


def _night_pair(turn: int, record: dict[str, Any]) -> tuple[Game, Game, Game]:
    tgs = [tg("tg-58-1", "2012", ["hornet", "washington"]), tg("force-a", "0210", ["taiho"], side="IJN"),
           tg("usn-dummy-1", "2012", [], dummy=True)]
    pos = position(tgs, turn=turn, phase="activation", record=record)
    return game(pos, {"night_movement": True}), game(pos, {"night_movement": False}), game(pos)


def test_15_4_one_more_mp_at_night_for_a_tg_and_a_dummy() -> None:
    on, off, plain = _night_pair(2, NIGHTS)
    until_move_of(on, "tg-58-1")
    assert on.decision.data["mp_left"] == 6  # 5 on an even turn, +1
    e = mp_event(on, "tg-58-1")
    assert (e.data["speed"], e.data["night"], e.data["mp"]) == (5, 1, 6) and "15.4" in e.text
    for _ in range(6):
        on.apply(next(o for o in on.decision.options if o.kind == "move"))
    assert len([x for x in on.events if x.kind == "move" and x.data.get("formation") == "tg-58-1"]) == 6
    until_move_of(on, "usn-dummy-1")
    assert on.decision.data["mp_left"] == 5  # a dummy's 4, +1 (R-72: it must not stand out)


def test_15_4_off_plays_the_standard_game_and_gives_nothing_by_day() -> None:
    on, off, plain = _night_pair(2, NIGHTS)
    until_move_of(off, "tg-58-1")
    until_move_of(plain, "tg-58-1")
    assert off.decision.data["mp_left"] == plain.decision.data["mp_left"] == 5
    assert events(off) == events(plain) and "night" not in mp_event(off, "tg-58-1").data
    day, _, _ = _night_pair(2, DAYS)
    until_move_of(day, "tg-58-1")
    assert day.decision.data["mp_left"] == 5 and "night" not in mp_event(day, "tg-58-1").data


def test_15_4_detached_ships_sail_one_hex_further_at_night() -> None:
    from leyte.rulebooks.clash import movement
    from leyte.rulebooks.imperial_sunset.common import ship_speed
    results = {}
    for opt in (True, False):
        g = game(position([tg("tg-58-1", "2012", ["hornet"]), tg("force-a", "0210", ["taiho"], side="IJN")],
                          turn=2, phase="activation", record=NIGHTS,
                          ships=[{"id": "washington", "independent": True, "hex": "2012", "hits": 3}]),
                 {"night_movement": opt})
        ctx = RULES._context(Context(g.dice, g.events), g.state.data)
        start = g.state.ships["washington"].hex
        movement.move_detached(g.state, "USN", ctx)
        m = g.state.data.map
        results[opt] = m.hex(start).distance(m.hex(g.state.ships["washington"].hex))
        speed = ship_speed(g.state, "washington")
    assert results[False] == speed and results[True] == speed + 1


# -- 15.5 ---------------------------------------------------------------------------------------------------------


def _reorg_game(options: dict[str, bool] | None, steps: list[dict[str, Any]], *, turn: int = 2,
                record: dict[str, Any] | None = None, extra_tgs: list[dict[str, Any]] | None = None,
                **pos_extra: Any) -> Game:
    """A game at the start of a turn: the IJN does nothing, the USN makes ``steps`` in its formation step."""
    tgs = [tg("tg-58-1", "2012", ["hornet", "washington"]), tg("tg-58-2", "2012", ["essex"]),
           tg("force-a", "0210", ["taiho"], side="IJN"), *(extra_tgs or [])]
    g = game(position(tgs, turn=turn, record=record or NIGHTS, **pos_extra), options)
    while not (g.decision.kind == "formations" and g.decision.player == "USN"):
        g.apply(g.decision.options[-1])
    for step in steps:
        g.apply(step)
    g.apply({"kind": "done"})
    return g


def test_15_5_a_new_tg_and_a_new_dummy_move_1_mp_less() -> None:
    steps = [{"kind": "new_tg", "ship": "washington"}, {"kind": "dummy", "hex": "2012"}]
    on = _reorg_game({"reorganisation_cost": True}, steps)
    new = next(t.id for t in on.state.tfs.values() if t.ships == ["washington"])
    dummy = next(t.id for t in on.state.tfs.values() if t.dummy)
    until_move_of(on, new)
    assert on.decision.data["mp_left"] == 4  # 5 on an even turn, -1
    e = mp_event(on, new)
    assert (e.data["penalty"], e.data["reorganised"]) == (1, 1) and "15.5" in e.text
    if not any(x.kind == "mp" and x.data["formation"] == dummy for x in on.events):  # the pool's draw order
        until_move_of(on, dummy)
    assert mp_event(on, dummy).data["mp"] == 3  # a dummy's 4, -1
    off = _reorg_game(None, steps)
    until_move_of(off, new)
    assert off.decision.data["mp_left"] == 5 and "reorganised" not in mp_event(off, new).data


def test_15_5_only_a_tg_fed_by_a_disbanded_tg_pays() -> None:
    # Washington leaves TG 58.1 (which lives on): TG 58.2 pays nothing; Essex leaves TG 58.2, which is disbanded:
    # TG 58.1, which took her, pays 1.
    steps = [{"kind": "shift", "ship": "washington", "to": "tg-58-2"}]
    g = _reorg_game({"reorganisation_cost": True}, steps)
    until_move_of(g, "tg-58-2")
    assert g.decision.data["mp_left"] == 5
    steps = [{"kind": "shift", "ship": "essex", "to": "tg-58-1"}]
    g = _reorg_game({"reorganisation_cost": True}, steps)
    assert "tg-58-2" not in g.state.tfs
    until_move_of(g, "tg-58-1")
    assert g.decision.data["mp_left"] == 4


def test_15_5_the_marker_lasts_one_turn_and_adds_to_7_2_markers_up_to_2() -> None:
    steps = [{"kind": "shift", "ship": "essex", "to": "tg-58-1"}]
    g = _reorg_game({"reorganisation_cost": True}, steps, turn=2)
    assert g.state.tfs["tg-58-1"].reorganized
    until_move_of(g, "tg-58-1")
    assert not g.state.tfs["tg-58-1"].reorganized  # spent by this move
    tgs = [tg("tg-58-1", "2012", ["hornet", "washington"], mp_markers=2), tg("tg-58-2", "2012", ["essex"])]
    pos = position([*tgs, tg("force-a", "0210", ["taiho"], side="IJN")], turn=2, record=NIGHTS)
    g = game(pos, {"reorganisation_cost": True})
    while not (g.decision.kind == "formations" and g.decision.player == "USN"):
        g.apply(g.decision.options[-1])
    g.apply({"kind": "shift", "ship": "essex", "to": "tg-58-1"})
    g.apply({"kind": "done"})
    until_move_of(g, "tg-58-1")
    assert g.decision.data["mp_left"] == 3  # 5 less 2 + 1, capped at the largest marker, -2


def test_15_5_a_move_past_the_reduced_mps_is_refused_naming_15_5() -> None:
    """By day a carrier TG with a detected target in reach stays in its activation to strike after its MPs are
    spent; a further move is refused naming 15.5, which set its MPs (7.1 without the option)."""
    air = [{"id": a, "parent": "essex", "box": "ready"} for a in ("vf-15-1", "vb-15", "vt-15")]
    ijn = [tg("force-b", "1410", ["junyo"], side="IJN")]
    for opt, case in ((True, "15.5"), (False, "7.1")):
        tgs = [tg("tg-58-7", "2012", ["washington", "essex"]), *ijn]
        g = game(position(tgs, turn=2, record=DAYS, air=air, detected=detections("USN", "force-b")),
                 {"reorganisation_cost": opt})
        while not (g.decision.kind == "formations" and g.decision.player == "USN"):
            g.apply(g.decision.options[-1])
        g.apply({"kind": "new_tg", "ship": "essex"})
        g.apply({"kind": "done"})
        new = next(t.id for t in g.state.tfs.values() if t.ships == ["essex"])
        until_move_of(g, new)
        mp = g.decision.data["mp_left"]
        assert mp == (4 if opt else 5)
        for _ in range(mp):
            g.apply(next(o for o in g.decision.options if o.kind == "move"))
            if g.decision.kind != "clash_move":
                break
        assert g.decision.kind == "clash_strike" and g.decision.data["formation"] == new
        here = g.decision.data["hex"]
        to = g.state.data.map.label(g.state.data.map.neighbours(g.state.data.map.hex(here))[0])
        e = refused(g, {"kind": "move", "to": to})
        assert e.rule == case


# -- 15.6 ---------------------------------------------------------------------------------------------------------


def _carrier_game(options: dict[str, bool] | None, phase: str = "activation") -> Game:
    air = [{"id": a, "parent": "taiho"} for a in ("taiho-f4-1", "taiho-db5-1", "taiho-t3-1")]
    air += [{"id": "shokaku-f3-1", "parent": "shokaku", "box": "destroyed"},
            {"id": "shokaku-db4-1", "parent": "shokaku", "reduced": True}]
    air += [{"id": a, "parent": "shokaku"} for a in ("shokaku-f3-2", "shokaku-t2-1")]
    air += [{"id": "zuikaku-f4-1", "parent": "zuikaku", "box": "destroyed"}]
    air += [{"id": a, "parent": "zuikaku"} for a in ("zuikaku-fb2-1", "zuikaku-db4-1", "zuikaku-t2-1")]
    air += [{"id": a, "parent": "essex"} for a in ("vf-15-1", "vb-15", "vt-15")]
    air += [{"id": a, "parent": "hornet"} for a in ("vf-2-1", "vb-2")]
    tgs = [tg("force-a", "0210", ["taiho", "shokaku"], side="IJN"), tg("force-b", "0612", ["zuikaku"], side="IJN"),
           tg("tg-58-1", "2012", ["essex", "hornet"])]
    return game(position(tgs, turn=2, phase=phase, record=NIGHTS, air=air), options)


def _sink(g: Game, sid: str) -> None:
    ctx = RULES._context(Context(g.dice, g.events), g.state.data)
    damage.apply_hits(g.state, sid, g.state.data.ships[sid].capacity, ctx, rule="9.0", cause="a test",
                      per_attack_cap=False)
    assert g.state.ships[sid].sunk


def test_15_6_a_sunk_ijn_carriers_air_lands_on_a_carrier_in_its_hex_up_to_its_starting_factors() -> None:
    g = _carrier_game({"cross_decking": True})
    assert g.state.flags["deck_capacity"]["decks"]["shokaku"] == 12  # 3 + 3 + 4 + 2 start aboard
    assert "essex" not in g.state.flags["deck_capacity"]["decks"]
    _sink(g, "taiho")
    air = g.state.air
    # Shokaku holds 3 + 2 (reduced DB) + 2 = 7 of 12: the DB 5 fits, then nothing more; Zuikaku is in another hex
    assert air["taiho-db5-1"].parent == "shokaku" and air["taiho-db5-1"].box != "eliminated"
    assert air["taiho-f4-1"].box == air["taiho-t3-1"].box == "eliminated"
    landed = [e for e in g.events if e.kind == "cross_deck"]
    assert [e.data for e in landed] == [{"air": "taiho-db5-1", "from": "taiho", "to": "shokaku"}]
    assert landed[0].rule == "15.6" and landed[0].visible == ("IJN",)
    lost = {x["unit"] for x in victory.carrier_air_destroyed(g.state)}
    assert {"taiho-f4-1", "taiho-t3-1"} <= lost and "taiho-db5-1" not in lost  # 10.2 counts only the lost


def test_15_6_usn_air_dies_with_its_carrier_even_with_the_option() -> None:
    g = _carrier_game({"cross_decking": True})
    _sink(g, "essex")
    assert all(g.state.air[a].box == "eliminated" for a in ("vf-15-1", "vb-15", "vt-15"))
    assert not [e for e in g.events if e.kind == "cross_deck"]


def test_15_6_off_both_sides_lose_a_sunk_carriers_air_as_in_the_standard_game() -> None:
    off, plain = _carrier_game({"cross_decking": False}), _carrier_game(None)
    for g in (off, plain):
        _sink(g, "taiho")
        assert all(g.state.air[a].box == "eliminated" for a in ("taiho-f4-1", "taiho-db5-1", "taiho-t3-1"))
        assert "deck_capacity" not in g.state.flags
    assert events(off) == events(plain)


def _to_cross_deck(g: Game) -> None:
    while g.decision.kind == "formations":
        g.apply({"kind": "done"})


def test_15_6_in_the_initial_phase_the_ijn_moves_aircraft_between_carriers_in_a_hex_within_their_start() -> None:
    g = _carrier_game({"cross_decking": True}, phase="turn")
    _to_cross_deck(g)
    d = g.decision
    assert (d.player, d.kind, d.rule) == ("IJN", "cross_deck", "15.6") and d.options[0].kind == "cross_deck_done"
    # Taiho is full (12 of 12); Shokaku holds 7 of 12: each Taiho unit may go to Shokaku, nothing the other way
    assert {(o["air"], o["to"]) for o in d.options[1:]} == {
        ("taiho-f4-1", "shokaku"), ("taiho-db5-1", "shokaku"), ("taiho-t3-1", "shokaku")}
    g.apply({"kind": "cross_deck", "air": "taiho-db5-1", "to": "shokaku"})
    assert g.state.air["taiho-db5-1"].parent == "shokaku"
    e = g.events[-1]
    assert (e.rule, e.kind, e.visible, e.data) == ("15.6", "cross_deck", ("IJN",),
                                                   {"air": "taiho-db5-1", "from": "taiho", "to": "shokaku"})
    assert ("shokaku-f3-2", "taiho") in {(o["air"], o["to"]) for o in g.decision.options[1:]}  # Taiho has room now
    for action, why in [
        ({"air": "taiho-f4-1", "to": "shokaku"}, "holds 12 of its starting 12 factors"),
        ({"air": "vf-15-1", "to": "shokaku"}, "USN carrier air never operates from another carrier"),
        ({"air": "taiho-db5-1", "to": "taiho"}, "already changed carrier this turn"),
        ({"air": "taiho-t3-1", "to": "zuikaku"}, "is not in the hex of Taiho"),
    ]:
        err = refused(g, {"kind": "cross_deck", **action})
        assert err.rule == "15.6" and why in err.reason, err.reason
    g.apply({"kind": "cross_deck_done"})
    assert g.decision is None or g.decision.kind != "cross_deck"


def test_15_6_without_the_option_no_aircraft_change_carrier() -> None:
    off, plain = _carrier_game({"cross_decking": False}, phase="turn"), _carrier_game(None, phase="turn")
    for g in (off, plain):
        _to_cross_deck(g)
        assert g.decision.kind != "cross_deck"
    assert events(off) == events(plain)


# -- whole games with the options on ----------------------------------------------------------------------------


ALL = {name: True for name in BUILT}


@pytest.mark.parametrize("options, seed", [
    ({"ijn_submarines": True}, 4),
    ({"night_movement": True}, 5),
    ({"reorganisation_cost": True}, 6),
    ({"cross_decking": True}, 7),
    (ALL, 8),
])
def test_15_random_games_with_the_options_on_play_to_the_end(options: dict[str, bool], seed: int) -> None:
    """Seeded random bots, the first three turns of 16.1. With every option on, the conformance leak check runs at
    each decision: neither side meets a name ``views.hidden_names`` hides from it (15.1's hidden sheets)."""
    pos = {**RULES.load_scenario("historical"), "last_turn": SHORT}
    g = Game(RULES, pos, seed=seed, options=options)
    bots = {p: RandomBot(p, seed) for p in g.players}
    leak = options is ALL
    before = {p: hidden(g, p) for p in g.players}
    found: dict[str, set[str]] = {p: set() for p in g.players}
    seen, n = len(g.events), 0
    while g.decision is not None and n < 20_000:
        if leak:
            new, seen = g.events[seen:], len(g.events)
            for p in g.players:
                now = hidden(g, p)
                found[p] |= before[p] - now
                check_names(event_texts(new, p), (before[p] & now) - found[p], f"decision {n}, {p}'s events")
                check_names(decision_texts(g, p, view=n % 8 == 0), now - found[p], f"decision {n}, {p}")
                before[p] = now
        d = g.decision
        assert d.rule and d.options and len(set(d.options)) == len(d.options), (d.kind, d.rule)
        g.apply(bots[d.player].choose({}, d))
        n += 1
    assert g.over and g.result["winner"] in ("IJN", "USN"), f"{options}: stuck at {g.decision and g.decision.kind}"
    rules = {e.rule for e in g.events}
    if options.get("ijn_submarines"):
        assert "15.2.1" in rules
    if options.get("night_movement"):
        assert any(e.kind == "mp" and e.data.get("night") for e in g.events)
    loaded = Game.from_json(g.to_json(), lambda gid: RULES)
    assert loaded.state.options == g.state.options and loaded.state_digest() == g.state_digest()
