"""Optional rule 15.7, secret movement: markers move unseen and the enemy sees one only while a search has it found;
every search rolls for every enemy marker, in reach or not (ruling R-83), so the rolls tell nothing; submarine
markers are placed where their owner chooses. With the option off the game is the standard one (the golden games,
``test_search`` and ``test_submarines`` hold it).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from clash_kit import real_rules_until_subs
from test_leaks import check_names, decision_texts, event_texts, hidden
from test_movement import neutral, refused, until_move_of
from test_sequence_kit import DAYS, detections, finish_formations, position, real_game, tg

from leyte.core.game import Game
from leyte.core.players import RandomBot
from leyte.rulebooks.clash import state

SECRET = {"secret_movement": True}
AIR = [{"id": a, "parent": "essex", "box": "ready"} for a in ("vf-15-1", "vb-15")]


def _game(options: dict[str, bool] | None, *, detected: dict[str, Any] | None = None, seed: int = 1) -> Any:
    """Essex's TG at 2012 (turn 2, day); the IJN: Force A 6 hexes off, Force C 30 hexes off, a dummy far off too,
    and the Mobile Fleet (a TF holding Force B) 9 hexes off."""
    tgs = [tg("tg-58-1", "2012", ["essex"]),
           tg("force-a", "1410", ["taiho"], side="IJN"),
           tg("force-c", "0102", ["chitose"], side="IJN"),
           tg("ijn-dummy-1", "0304", [], side="IJN", dummy=True),
           tg("force-b", "1106", ["junyo"], side="IJN", tf="mobile-fleet")]
    mf = {"id": "mobile-fleet", "name": "Mobile Fleet", "side": "IJN", "hex": "1106"}
    pos = position(tgs, tfs=[mf], turn=2, phase="activation", record=DAYS, air=AIR, detected=detected or {})
    if options is not None:
        pos["options"] = options
    return real_game(pos, seed=seed)


def test_15_7_the_enemy_sees_a_marker_only_once_found() -> None:
    plain, secret = _game(None), _game(SECRET)
    assert {t["hex"] for t in plain.view("USN")["enemy_tfs"]} == {"1410", "0102", "0304"}  # rule off: all shown
    assert secret.view("USN")["enemy_tfs"] == []
    assert next(tf for tf in secret.view("USN")["task_forces"] if tf["id"] == "mobile-fleet")["hex"] is None
    assert next(tf for tf in secret.view("IJN")["task_forces"] if tf["id"] == "mobile-fleet")["hex"] == "1106"
    assert [t["hex"] for t in secret.view("IJN")["own_tfs"] if t["id"] == "force-a"] == ["1410"]  # its own, in full
    found = _game(SECRET, detected=detections("USN", "force-a", "mobile-fleet"))
    assert [t["hex"] for t in found.view("USN")["enemy_tfs"]] == ["1410"]
    assert next(tf for tf in found.view("USN")["task_forces"] if tf["id"] == "mobile-fleet")["hex"] == "1106"


def _search_results(g: Any) -> list[Any]:
    return [e for e in g.events if e.kind == "search_result" and e.rule == "6.3.1"
            and e.data["searcher"] == state.public_id(g.state, "tg-58-1")]


def test_15_7_an_air_search_rolls_for_every_marker_in_reach_or_not() -> None:
    plain, secret = _game(None), _game(SECRET)
    for g in (plain, secret):
        until_move_of(g, "tg-58-1")
    # USN air search reaches 13 hexes: Force A (6) and the Mobile Fleet (9); Force C and the dummy are out of reach
    assert len(_search_results(plain)) == 2
    results = _search_results(secret)
    assert len(results) == 4  # every marker: the three loose TGs (the dummy too) and the TF
    far = {state.public_id(secret.state, x) for x in ("force-c", "ijn-dummy-1")}
    assert {e.data["target"] for e in results} >= far
    for e in results:
        if e.data["target"] in far:
            assert not e.data["found"] and e.visible is None  # reads to the USN like any miss
    searched = next(e for e in secret.events if e.kind == "search" and e.rule == "6.3.1"
                    and e.data["searcher"] == "tg-58-1")
    assert "4 marker(s)" in searched.text and len(searched.data["targets"]) == 4
    rolls = [e for e in secret.events if e.kind == "search_roll" and "USN search" in e.text]
    assert len(rolls) == 2 and all(e.visible == ("IJN",) and e.rule == "15.7" for e in rolls)  # told the roller only
    for e in secret.events:  # nothing the USN reads tells which markers were in reach
        if e.visible is None or "USN" in e.visible:
            assert "reach" not in e.data and "out of reach" not in e.text


def test_15_7_a_move_is_written_down_not_shown() -> None:
    g = _game(SECRET)
    until_move_of(g, "tg-58-1")
    to = next(o["to"] for o in g.decision.options if o.kind == "move")
    g.apply({"kind": "move", "to": to})
    g.apply({"kind": "end_move"})
    while g.decision is not None and g.decision.kind in ("clash_strike", "search_report", "search_report_count"):
        neutral(g)
    assert not [e for e in g.events if e.kind == "move_public"]
    mine = [e for e in g.events if e.kind == "move" and e.data.get("formation") == "tg-58-1"]
    assert len(mine) == 1 and mine[0].visible == ("USN",)
    for e in g.events:
        if e.kind == "activate_end":
            assert to not in e.text and "2012" not in e.text
    label = state.public_id(g.state, "tg-58-1")
    shown = label in {t["id"] for t in g.view("IJN")["enemy_tfs"]}
    assert shown == ("tg-58-1" in state.found_by(g.state, "IJN"))  # only if an IJN search found it


def test_15_7_rule_off_moves_are_shown_by_label() -> None:
    g = _game(None)
    until_move_of(g, "tg-58-1")
    to = next(o["to"] for o in g.decision.options if o.kind == "move")
    g.apply({"kind": "move", "to": to})
    public = [e for e in g.events if e.kind == "move_public"]
    assert len(public) == 1 and public[0].data["to"] == to and public[0].visible == ("IJN", "USN")


# -- submarine markers placed by choice ---------------------------------------------------------------------------


def _to_sub_placement(options: dict[str, bool] | None, least: int = 1) -> Any:
    """A day turn's Initial Phase on the real data; the first seed whose USN pull gives ``least`` markers to place."""
    for seed in range(1, 60):
        pos = position([tg("tg-58-1", "2012", ["essex"]), tg("force-a", "1410", ["taiho"], side="IJN")],
                       turn=2, phase="turn", record=DAYS)
        if options is not None:
            pos["options"] = options
        g = real_game(pos, seed=seed)
        finish_formations(g)
        while g.decision is not None and g.state.phase == "initial" and g.decision.kind != "sub_place":
            neutral(g)
        if g.decision is not None and g.decision.kind == "sub_place" and g.decision.data["markers_left"] >= least:
            return g
    raise AssertionError(f"no seed pulled {least} submarine marker(s)")


def test_15_7_a_submarine_marker_goes_where_its_owner_picks_even_among_enemy_ships() -> None:
    g = _to_sub_placement(SECRET)
    d = g.decision
    assert (d.player, d.rule, d.data["choice"]) == ("USN", "15.7", True)
    hexes = {o["hex"] for o in d.options}
    assert {"1410", "2012", "0101", "4424"} <= hexes  # any sea hex, the enemy's too (no roll, no band)
    assert not [e for e in g.events if e.kind == "roll" and e.rule == "11.1.2"]
    n = len(g.events)
    g.apply({"kind": "place_sub", "hex": "1410"})
    placed, contact = g.events[n], g.events[n + 1]
    assert (placed.rule, placed.data["hex"]) == ("15.7", "1410")
    assert (contact.rule, contact.kind) == ("11.1.3", "sub_contact") and "1410" in contact.text  # turned over at once


def test_15_7_one_marker_a_hex_and_sea_hexes_only_refused_naming_the_case() -> None:
    g = _to_sub_placement(SECRET, least=2)
    g.apply({"kind": "place_sub", "hex": "0505"})
    assert g.decision.kind == "sub_place" and "0505" not in {o["hex"] for o in g.decision.options}
    e = refused(g, {"kind": "place_sub", "hex": "0505"})
    assert e.rule == "15.7" and "already has a submarine marker" in e.reason
    e = refused(g, {"kind": "place_sub", "hex": "9999"})
    assert e.rule == "15.7" and "not a sea hex" in e.reason


def test_15_7_rule_off_placement_is_rolled_and_keeps_off_enemy_hexes() -> None:
    g = _to_sub_placement(None)
    assert g.decision.rule == "11.1.2" and "choice" not in g.decision.data
    assert "1410" not in {o["hex"] for o in g.decision.options}


# -- a whole game under 15.7 ----------------------------------------------------------------------------------------


def _unseen(g: Game, p: str) -> dict[str, str]:
    """Label -> hex of every enemy marker ``p`` has not found (15.7: those whose place it must not learn)."""
    st = g.state
    enemy = "USN" if p == "IJN" else "IJN"
    parents = st.flags["clash"]["parent_tf"]
    out = {}
    for tid, tf in st.flags["clash"]["tfs"].items():
        if tf["side"] == enemy and not state.marker_seen(st, p, tid):
            out[state.public_id(st, tid)] = tf["hex"]
    for t in state.tgs(st, enemy):
        if t.id not in parents and t.hex and not state.marker_seen(st, p, t.id):
            out[state.public_id(st, t.id)] = t.hex
    return out


def _own_hexes(g: Game, p: str) -> set[str]:
    st = g.state
    return ({t.hex for t in state.tgs(st, p) if t.hex} | {s["hex"] for s in st.sonar if s["owner"] == p}
            | {s.hex for s in st.ships.values() if s.side == p and s.hex})


@pytest.mark.parametrize("seed, wind", [(3, False), (4, True)])
def test_15_7_a_random_game_plays_to_the_end_and_shows_no_unfound_marker(seed: int, wind: bool) -> None:
    """At every decision of a seeded random game of 16.1 under 15.7: the conformance name check (``test_leaks``),
    and no unfound enemy marker in the view, and no event either side reads that puts an unfound enemy marker's
    label with its hex, unless the reader has a unit or a submarine marker in that hex (a contact, 7.1, 11.1.3)."""
    r = real_rules_until_subs()
    g = Game(r, r.load_scenario("historical"), seed=seed, scenario_ref="historical",
             options={**SECRET, "prevailing_wind": wind})
    bots = {p: RandomBot(p, seed) for p in g.players}
    before = {p: hidden(g, p) for p in g.players}
    found: dict[str, set[str]] = {p: set() for p in g.players}
    seen, n, placed = len(g.events), 0, 0
    while True:
        where = f"seed {seed}, decision {n}"
        new = g.events[seen:]
        seen = len(g.events)
        for p in g.players:
            now = hidden(g, p)
            found[p] |= before[p] - now
            if now:
                check_names(event_texts(new, p), (before[p] & now) - found[p], f"{where}, {p}'s new events")
                check_names(decision_texts(g, p, view=n % 4 == 0), now - found[p], f"{where}, {p}")
            before[p] = now
            unseen = _unseen(g, p)
            v = g.view(p)
            assert not {t["id"] for t in v["enemy_tfs"]} & set(unseen), f"{where}: {p} sees an unfound marker"
            mine = _own_hexes(g, p)
            for e in new:
                if e.visible is not None and p not in e.visible:
                    continue
                assert e.kind != "move_public", f"{where}: a move shown to {p}: {e.text}"
                said = f"{e.text} {json.dumps(e.data, sort_keys=True)}"
                words = set(re.findall(r"[\w-]+", said))
                for lab, hx in unseen.items():
                    if lab in words and hx in words and hx not in mine:
                        raise AssertionError(f"{where}: {p} reads where {lab} is: {said}")
        placed += sum(1 for e in new if e.kind == "sub" and "places" in e.text)
        if g.decision is None:
            break
        assert n < 20_000, f"{where}: the game does not end"
        g.apply(bots[g.decision.player].choose({}, g.decision))
        n += 1
    assert g.over and g.result["winner"] in ("IJN", "USN")
    assert placed  # submarine markers were placed by choice in this game
    assert any(e.kind == "search_roll" for e in g.events)  # searches rolled for markers out of reach
