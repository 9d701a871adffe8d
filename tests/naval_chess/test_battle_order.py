"""Several IJN task forces in one battle hex fight one after another in the order the IJN chooses
(VI.B.1.b.2.c, RULINGS R-43), through the public API."""

from __future__ import annotations

import leyte


def _position(third: bool = False) -> dict:
    # Morning of day 2, straight into combat: Nishimura's two old battleships and Shima's cruisers, under separate
    # markers, meet Oldendorf's cruisers in the open sea east of Mindanao (F8).
    tfs = [{"units": ["fuso"], "at": "F8"}, {"units": ["shima_cruisers"], "at": "F8"}]
    if third:
        tfs.append({"units": ["yamashiro"], "at": "F8"})
    return {"id": "order", "setup": False, "day": 2, "start": "morning_combat",
            "allied": {"oldendorf_cruisers": "F8"}, "ijn": {"task_forces": tfs}}


def _marker_of(g: leyte.Game, uid: str) -> str:
    return g.view("IJN")["units"][uid]["marker"]


def test_r_43_the_ijn_chooses_which_task_force_fights_first() -> None:
    g = leyte.new_game("naval-chess", scenario=_position(), seed=1)
    d = g.decision
    assert (d.player, d.kind, d.rule) == ("IJN", "battle_order", "VI.B.1.b.2.c")
    by_unit = {tuple(o["units"]): o for o in d.options}
    assert set(by_unit) == {("fuso",), ("shima_cruisers",)}
    events = g.apply(by_unit[("shima_cruisers",)])
    order = next(e for e in events if e.kind == "battle_order")
    assert order.data["order"] == [_marker_of(g, "shima_cruisers"), _marker_of(g, "fuso")]
    assert not order.seen_by("Seventh Fleet")
    lines = [e.text for e in events if e.kind == "battle_line" and e.text.startswith("IJN")]
    assert len(lines) == 1 and "Nachi" in lines[0] and "Fuso" not in lines[0]


def test_r_43_the_second_task_force_fights_after_the_first_battle_ends() -> None:
    g = leyte.new_game("naval-chess", scenario=_position(), seed=1)
    g.apply(next(o for o in g.decision.options if tuple(o["units"]) == ("shima_cruisers",)))
    # the cruisers break off at once; the Allies let them go; then Fuso's line fights the same Allied ships
    while g.decision.kind != "flee" or g.decision.player != "IJN":
        d = g.decision
        g.apply(next((o for o in d.options if o.kind in ("auto", "stay", "let_go")), d.options[0]))
    g.apply(next(o for o in g.decision.options if o.kind == "flee"))
    while sum(1 for e in g.events if e.kind == "battle") < 2:
        d = g.decision
        assert d is not None
        g.apply(next((o for o in d.options if o.kind in ("auto", "stay", "let_go")), d.options[0]))
    lines = [e.text for e in g.events if e.kind == "battle_line" and e.text.startswith("IJN")]
    assert "Fuso" in lines[-1] and "Nachi" not in lines[-1]


def test_r_43_with_three_task_forces_the_ijn_is_asked_twice() -> None:
    g = leyte.new_game("naval-chess", scenario=_position(third=True), seed=1)
    assert len(g.decision.options) == 3
    g.apply(g.decision.options[2])
    d = g.decision
    assert d.kind == "battle_order" and len(d.options) == 2 and len(d.data["chosen"]) == 1
    events = g.apply(d.options[0])
    assert len(next(e for e in events if e.kind == "battle_order").data["order"]) == 3


def test_r_43_one_task_force_is_not_asked() -> None:
    pos = _position()
    pos["ijn"]["task_forces"] = [{"units": ["fuso", "shima_cruisers"], "at": "F8"}]
    g = leyte.new_game("naval-chess", scenario=pos, seed=1)
    assert g.decision.kind != "battle_order"
