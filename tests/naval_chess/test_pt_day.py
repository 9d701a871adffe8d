"""PT boats by day (VI.B.2.b, RULINGS R-38 and R-52): they hide, or they attack and any gunfire roll of 3-6 sinks
them. Through the public API."""

from __future__ import annotations

import pytest

import leyte


def _position() -> dict:
    # Morning of day 2, straight into combat: Fuso and Yamashiro meet the anchored southern transports and the PT
    # boats in Surigao Strait (E7).
    return {"id": "pt-day", "setup": False, "day": 2, "start": "morning_combat",
            "allied": {"tr_south": "E7", "pt_boats": "E7"},
            "ijn": {"task_forces": [{"units": ["fuso"], "at": "E7"}]}}


def test_vi_b_2_b_the_seventh_fleet_chooses_hide_first_or_attack() -> None:
    g = leyte.new_game("naval-chess", scenario=_position(), seed=1)
    d = g.decision
    assert (d.player, d.kind, d.rule) == ("Seventh Fleet", "pt_day", "VI.B.2.b")
    assert [o.kind for o in d.options] == ["hide", "attack"]
    assert d.data["pts"] == ["pt_boats"] and d.data["hex"] == "E7"


def test_vi_b_2_b_hidden_pt_boats_take_no_part_and_cannot_be_fired_on() -> None:
    g = leyte.new_game("naval-chess", scenario=_position(), seed=1)
    events = g.apply({"kind": "hide"})
    line = next(e for e in events if e.kind == "battle_line" and e.text.startswith("Allied"))
    assert "PT" not in line.text
    d = g.decision
    # Fuso's only target would be the transports, Screened for two rounds: nobody fires, the PTs are no target
    assert d.kind == "flee" and not [e for e in g.events if e.kind == "hit"]
    assert not [e for e in events if e.kind == "pt_day" and e.seen_by("IJN")]  # the IJN never learns they hid


@pytest.mark.parametrize(("die", "sunk"), [(3, True), (6, True), (2, False), (1, False)])
def test_vi_b_2_b_pt_boats_that_attack_by_day_are_sunk_by_gunfire_on_3_to_6(die: int, sunk: bool) -> None:
    g = leyte.new_game("naval-chess", scenario=_position(), seed=1, dice=[die, 1])
    events = g.apply({"kind": "attack"})
    assert any(e.kind == "pt_day" and e.seen_by("IJN") and e.data["attack"] for e in events)
    line = next(e for e in events if e.kind == "battle_line" and e.text.startswith("Allied"))
    assert "PT boats" in line.text
    g.apply({"kind": "fire", "unit": "fuso", "target": "pt_boats"})  # the transports are screened: only the PTs
    d = g.decision
    assert (d.player, d.data["firer"]) == ("Seventh Fleet", "pt_boats")
    events = g.apply(next(o for o in d.options if o.kind == "fire"))
    hit = next(e for e in events if e.kind == "hit" and e.data.get("column") == "PT rule")
    assert hit.data["raw"] == die
    assert (g.view(None)["units"]["pt_boats"]["loc"] == "sunk") is sunk
