"""Air units flying to another base instead of attacking (VI.B.1.b.4, RULINGS R-50) and the CVB seaplane unit's
bases (V.B, R-53), through the public API."""

from __future__ import annotations

import pytest

import leyte

PASSIVE = ("done", "stay", "let_go", "hide", "hold", "keep", "posture")


def _position(**more: object) -> dict:
    # Afternoon of day 2, straight into combat: no enemy near, so nothing fights and the day goes on to the
    # re-basing step. TG 38.2 is Damaged (its air unit strikes weak); TG 38.1 has lost its air unit (below).
    pos = {"id": "rebase", "setup": False, "day": 2, "start": "afternoon_combat",
           "allied": {"tg38_1": "H6", "tg38_2": "H7", "taffy_1": "G7"}, "damaged": ["tg38_2"],
           "ijn": {"task_forces": [{"units": ["ise", "hyuga"], "at": "A5"}],
                   "air": {"betty_1": "D5", "seaplanes": "B2"}}}
    pos.update(more)
    return pos


def _skip_to(g: leyte.Game, kind: str, player: str | None = None) -> None:
    """Answer every other question passively (no move, no strike, stay, plot to stay) until the one wanted."""
    while g.decision and not (g.decision.kind == kind and (player is None or g.decision.player == player)):
        opts = g.decision.options
        g.apply(next((o for o in opts if o.kind in PASSIVE), opts[0]))


def _game(**more: object) -> leyte.Game:
    g = leyte.new_game("naval-chess", scenario=_position(**more), seed=1)
    return g


def test_vi_b_1_b_4_each_seat_is_asked_after_the_afternoon_combat_done_first() -> None:
    g = _game()
    _skip_to(g, "rebase")
    d = g.decision
    assert (d.player, d.rule, d.options[0].kind) == ("IJN", "VI.B.1.b.4", "done")
    assert set(d.data["units"]) == {"betty_1", "seaplanes"}
    betty = {o["to"] for o in d.options if o.kind == "rebase" and o["air"] == "betty_1"}
    assert "D5" not in betty and {"B9", "D2", "B2"} <= betty and "E7" not in betty  # IJN fields, never Tacloban
    assert not {"ise", "hyuga"} & betty  # a land-based unit never lands on a deck
    # the seaplane unit flies to harbors (or the CVBs, which are at sea together and Undamaged: V.B)
    sea = {o["to"] for o in d.options if o.kind == "rebase" and o["air"] == "seaplanes"}
    assert {"ise", "hyuga", "D5", "B9"} <= sea and "D3" not in sea and "B2" not in sea
    assert "fifth_af" not in [e.kind for e in g.events]


def test_vi_b_1_b_4_a_weak_air_unit_moves_to_a_free_undamaged_deck_and_strikes_strong() -> None:
    # Morning: VF/VB/VT 38.3 bombs Clark (D5) and rolls a 1: the field's guns destroy it (R-12), so TG 38.3's deck
    # is free. TG 38.2 is Damaged, so its own air unit strikes weak; in the afternoon it may fly over to TG 38.3.
    pos = _position(start="morning_combat", allied={"tg38_2": "E5", "tg38_3": "E5"}, damaged=["tg38_2"],
                    ijn={"task_forces": [], "air": {"betty_1": "D5"}})
    g = leyte.new_game("naval-chess", scenario=pos, seed=1, dice=[1])
    _skip_to(g, "strike", "Third Fleet")
    g.apply(next(o for o in g.decision.options if o.kind == "strike_field" and o["air"] == "air_38_3"))
    assert g.view(None)["units"]["air_38_3"]["loc"] == "sunk"
    _skip_to(g, "rebase", "Third Fleet")
    d = g.decision
    assert d.data["units"]["air_38_2"]["column"] == "air_weak"
    moves = [o for o in d.options if o.kind == "rebase"]
    assert [(o["air"], o["to"], o["hex"], o["carrier"], o["column"]) for o in moves] == [
        ("air_38_2", "tg38_3", "E5", True, "air_strong")]
    g.apply(moves[0])
    assert g.view("Third Fleet")["units"]["air_38_2"]["base"] == "tg38_3"
    assert g.decision is None or (g.decision.kind, g.decision.player) != ("rebase", "Third Fleet")


def test_vi_b_1_b_4_one_flight_a_day_and_the_enemy_does_not_see_it() -> None:
    g = _game(allied={"tg38_1": "H6", "tg38_2": "H7", "tg38_3": "H8"}, damaged=["tg38_2"])
    _skip_to(g, "rebase", "IJN")
    events = g.apply({"kind": "rebase", "air": "betty_1", "to": "B9", "hex": "B9", "carrier": False,
                      "column": "air_weak"})
    assert [e.data["to"] for e in events if e.kind == "air_rebase"] == ["B9"]
    assert g.view("IJN")["units"]["betty_1"]["base"] == "B9"
    assert all(not e.seen_by("Third Fleet") for e in events)
    # Betty 1 has flown today: the next question no longer offers it
    assert g.decision.kind == "rebase" and "betty_1" not in g.decision.data["units"]


def test_vi_b_1_b_4_a_unit_that_attacked_today_may_not_fly_elsewhere() -> None:
    # The transports anchored in Leyte Gulf are found without a search; Betty 1 at Manila (3 hexes) strikes them.
    g_dice = leyte.new_game("naval-chess", scenario=_position(
        allied={"tr_north": "E7"}, damaged=[], ijn={"task_forces": [], "air": {"betty_1": "D5", "betty_2": "D5"}}),
        seed=1, dice=[2])
    _skip_to(g_dice, "strike", "IJN")
    strike = next(o for o in g_dice.decision.options if o.kind == "strike" and o["air"] == "betty_1")
    assert strike["target"] == "tr_north"
    g_dice.apply(strike)
    _skip_to(g_dice, "rebase", "IJN")
    assert set(g_dice.decision.data["units"]) == {"betty_2"}


def test_vi_b_1_b_4_a_refused_flight_changes_nothing() -> None:
    g = _game()
    _skip_to(g, "rebase")
    before = g.to_json()
    with pytest.raises(leyte.IllegalAction):
        g.apply({"kind": "rebase", "air": "betty_1", "to": "E7", "hex": "E7", "carrier": False, "column": "air_weak"})
    assert g.to_json() == before


def test_v_b_the_seaplane_unit_boards_a_cvb_only_while_both_are_undamaged() -> None:
    g = _game(damaged=["tg38_2", "hyuga"])
    _skip_to(g, "rebase", "IJN")
    sea = {o["to"] for o in g.decision.options if o.kind == "rebase" and o["air"] == "seaplanes"}
    assert sea and not {"ise", "hyuga"} & sea


def test_v_b_the_seaplane_unit_goes_ashore_when_the_cvbs_part() -> None:
    g = _game()
    _skip_to(g, "rebase", "IJN")
    g.apply({"kind": "rebase", "air": "seaplanes", "to": "ise", "hex": "A5", "carrier": True, "column": "air_weak"})
    assert g.view("IJN")["units"]["seaplanes"]["base"] == "ise"
    # that night the IJN detaches Hyuga from the CVBs' task force: they no longer operate together
    _skip_to(g, "organise", "IJN")
    split = next(o for o in g.decision.options if o.kind == "split" and o["unit"] == "hyuga")
    g.apply(split)
    assert g.view("IJN")["units"]["seaplanes"]["base"] == "ise"  # nothing yet: the check comes with the combat
    _skip_to(g, "rebase", "IJN")
    forced = [e for e in g.events if e.kind == "air_rebase" and e.data.get("forced")]
    assert [e.data["to"] for e in forced] == ["B2"]  # Hong Kong, the harbor nearest A5
    base = g.view("IJN")["units"]["seaplanes"]["base"]
    assert base == forced[0].data["to"]
    assert all(not e.seen_by("Third Fleet") for e in forced)
