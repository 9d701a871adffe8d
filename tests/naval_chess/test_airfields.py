"""Air strikes on airfields and the "G" result (VI.B.1.b.2 damage note, RULINGS R-12), through the public API."""

from __future__ import annotations

import pytest

import leyte


def _position() -> dict:
    # TG 38.3 one hex from Manila/Clark (D5), where two Bettys sit; it is morning, straight into combat.
    return {"id": "g-result", "setup": False, "start": "morning_combat",
            "allied": {"tg38_3": "E5"},
            "ijn": {"task_forces": [], "air": {"betty_1": "D5", "betty_2": "D5"}}}


def _field_strikes(g: leyte.Game) -> list[leyte.Action]:
    d = g.decision
    return [o for o in d.options if o.kind == "strike_field"] if d and d.player == "Third Fleet" else []


@pytest.mark.parametrize(("die", "destroyed"), [
    (3, True),   # strong column row 3: D, read as G; its loss entry XXX needs three factors, the field has one
    (6, True),   # row 6: S, read as G
    (2, False),  # row 2: no hit; XX needs two factors: the attacker survives
])
def test_a_hit_on_an_airfield_destroys_one_air_unit_on_the_ground(die: int, destroyed: bool) -> None:
    g = leyte.new_game("naval-chess", scenario=_position(), dice=[die], seed=1)
    (strike,) = _field_strikes(g)
    assert (strike["field"], strike["range"]) == ("D5", "long")
    events = g.apply(strike)
    hit = next(e for e in events if e.kind == "hit")
    assert hit.data["raw"] == die
    on_ground = [u for u in ("betty_1", "betty_2") if g.view(None)["units"][u]["loc"] == "sunk"]
    assert (len(on_ground) == 1) is destroyed and hit.data["result"] == ("G" if destroyed else "-")
    assert not [e for e in events if e.kind == "air_lost"]
    # the Allies never learn which Betty: the event names only its kind
    assert all("Betty" not in e.text for e in events if e.seen_by("Third Fleet"))


def test_a_raw_one_loses_the_attacker_to_the_fields_guns() -> None:
    g = leyte.new_game("naval-chess", scenario=_position(), dice=[1], seed=1)
    events = g.apply(_field_strikes(g)[0])
    assert [e.kind for e in events if e.kind == "air_lost"] == ["air_lost"]
    assert g.view(None)["units"]["air_38_3"]["loc"] == "sunk"
    assert g.view(None)["units"]["betty_1"]["loc"] == "ready"


def test_no_field_is_a_target_without_enemy_air_on_it() -> None:
    pos = _position()
    pos["ijn"]["air"] = {}
    g = leyte.new_game("naval-chess", scenario=pos, seed=1)
    assert not _field_strikes(g)
