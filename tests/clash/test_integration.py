"""Bugs the whole-game playouts found where the parts meet (issue 17), each pinned by a test on the game's data."""

from __future__ import annotations

import json
from typing import Any

import pytest
from clash_kit import real_rules_until_subs
from test_sequence_kit import DAYS, NIGHTS, position, real_game, tg

import leyte
from leyte.core.dice import Dice
from leyte.core.game import Context, Game
from leyte.rulebooks.clash import islands, state, views
from leyte.rulebooks.clash.engine import ENGINE, push
from leyte.rulebooks.imperial_sunset import air_to_air
from leyte.rulebooks.imperial_sunset.air_ops import has_weaker_side


def _island_game(*air: dict[str, Any]) -> Any:
    pos = position([tg("tg-58-1", "3111", ["hornet"]), tg("force-a", "0618", ["taiho"], side="IJN")], record=DAYS,
                   air_bases=[{"id": "guam", "name": "Guam", "hex": "3516"}], air=list(air))
    return real_game(pos)


def test_2_3_2_a_unit_printed_without_a_reduced_side_dies_at_its_first_step_lost() -> None:
    g = _island_game({"id": "guam-521ag-b1", "parent": "guam", "box": "ready"},  # B 1-30, no reduced side
                     {"id": "guam-261ag-f3", "parent": "guam", "box": "ready"})  # F 3-25, reduced side 1
    st = g.state
    assert not has_weaker_side(st, "guam-521ag-b1") and has_weaker_side(st, "guam-261ag-f3")
    ctx = Context(g.dice, g.events)
    for aid in ("guam-521ag-b1", "guam-261ag-f3"):
        fr = {"losses": [{"kind": "steps", "n": 1, "rule": "8.2.1", "excess": "per_unit"}], "drms": {}}
        air_to_air.take_loss(st, fr, aid, ctx)
    assert st.air["guam-521ag-b1"].box == "destroyed"  # it never bombs on a 0 column
    assert (st.air["guam-261ag-f3"].box, st.air["guam-261ag-f3"].reduced) == ("ready", True)


def test_imperial_sunset_still_flips_every_unit_first() -> None:
    g = leyte.new_game("imperial-sunset", seed=1)
    assert g.rules.data().air["kamikaze-1"].reduced == 0 and has_weaker_side(g.state, "kamikaze-1")


def _set_up_with_dummies(seed: int = 5) -> Any:
    """The real 16.1 set-up, the IJN placing as many dummy TGs as it may (3.1.6, 16.1.1)."""
    r = real_rules_until_subs()
    g = Game(r, r.load_scenario("historical"), seed=seed)
    while g.state.phase == "setup" or g.decision.kind.startswith("setup"):
        d = g.decision
        g.apply(d.options[-1] if d.kind == "setup_dummies" else d.options[0])
    return g


def test_3_1_6_after_set_up_the_enemy_reads_marker_labels_that_never_tell_a_dummy() -> None:
    g = _set_up_with_dummies()
    st = g.state
    dummies = sorted(t.id for t in st.tfs.values() if t.dummy)
    assert dummies and all(d.startswith("ijn-dummy-") for d in dummies)
    labels = state.labels(st)
    ijn = sorted(labels[t.id] for t in st.tfs.values() if t.side == "IJN")
    assert ijn == [f"ijn-marker-{k}" for k in range(1, len(ijn) + 1)]  # one numbering for real and dummy TGs
    enemy = [t["id"] for t in g.view("USN")["enemy_tfs"]]
    assert enemy and all(i.startswith("ijn-marker-") for i in enemy)
    assert not any(d in json.dumps(g.view("USN")) for d in dummies)
    assert not any(d in e.text or d in json.dumps(e.data) for e in g.log("USN") for d in dummies)
    assert views.hidden_names(st, "USN") >= set(dummies)
    assert not views.hidden_names(st, "IJN") & set(dummies)  # the IJN's own dummies are no secret to it
    own = g.view("IJN")["marker_labels"]
    assert own == {t: lab for t, lab in labels.items() if st.tfs[t].side == "IJN"}  # the owner knows its labels
    assert not set(g.view("USN")["marker_labels"]) & set(own)


def test_3_1_6_the_label_order_is_a_secret_draw_so_it_does_not_follow_the_set_up() -> None:
    orders = set()
    for seed in (5, 6, 7, 8):
        labels = state.labels(_set_up_with_dummies(seed).state)
        orders.add(tuple(sorted((v, k) for k, v in labels.items() if k.startswith(("ijn-dummy-", "force-")))))
    assert len(orders) > 1
    draws = [e for e in _set_up_with_dummies(5).events if e.rule == "3.1.6" and e.kind == "draw"]
    assert draws and all(e.visible == () for e in draws)  # nobody sees the draw (the umpire's log holds it)


def _coordination_game(with_tgs: bool) -> Any:
    """Night turns (no search, no strikes), the order already given: the pool and draws of R-11."""
    ijn = [tg("force-a", "0618", ["taiho", "myoko"], side="IJN", **({"tf": "mobile-fleet"} if with_tgs else {}))]
    mf = {"id": "mobile-fleet", "name": "Mobile Fleet", "side": "IJN", "hex": "0618"}
    rules = {"japanese-coordination": {"id": "japanese-coordination", "case": "16.1.4"}}
    pos = position([tg("tg-58-1", "3111", ["hornet"]), *ijn], tfs=[mf], record=NIGHTS, last_turn=1,
                   special_rules=rules, start={"phase": "formations", "side": "IJN"})
    r = real_rules_until_subs()  # the Initial Phase is played: past the submarines while they are a placeholder
    g = Game(r, r.load_scenario(pos), seed=1)
    islands.coordination(g.state)["ordered"] = 1
    return g


def _to_mobile_fleet_draw(g: Any) -> None:
    while not any(e.kind == "draw" and e.data.get("marker") == "mobile-fleet" for e in g.events):
        d = g.decision
        assert d is not None, "the Mobile Fleet's marker was never drawn"
        g.apply(next((o for o in d.options if o.kind in ("done", "end_move", "chit_pass", "end_activation")),
                     d.options[-1]))


@pytest.mark.parametrize("with_tgs", [True, False])
def test_r_11_after_the_order_drawing_the_mobile_fleet_marker_makes_the_flagship_report(with_tgs: bool) -> None:
    g = _coordination_game(with_tgs)
    _to_mobile_fleet_draw(g)
    pool = next(e for e in g.events if e.kind == "pool").data["markers"]
    assert pool.count("mobile-fleet") == 1  # one marker, with or without a TF behind it
    d = g.decision
    assert (d.kind, d.player, d.rule) == ("flagship_report", "IJN", "16.1.4")
    g.apply(d.options[0])
    report = [e for e in g.events if e.kind == "coordination" and "flagship" in e.text]
    assert len(report) == 1 and report[0].seen_by("USN")  # the report is told to the USN (16.1.4)
    if with_tgs:  # then the TF is activated as usual
        assert g.decision.kind == "clash_move" and g.decision.data["formation"] == "mobile-fleet"
    else:
        assert g.decision is None or g.decision.kind != "clash_move"


def test_r_11_before_the_order_there_is_no_report_and_no_extra_marker() -> None:
    g = _coordination_game(False)
    islands.coordination(g.state)["ordered"] = None
    while g.decision is not None:
        assert g.decision.kind != "flagship_report"
        g.apply(next((o for o in g.decision.options if o.kind in ("done", "end_move", "chit_pass",
                                                                   "end_activation")), g.decision.options[-1]))
    assert "mobile-fleet" not in next(e for e in g.events if e.kind == "pool").data["markers"]


def test_r_23_ijn_cap_that_fought_ends_the_turn_flown_the_rest_ready() -> None:
    air = [{"id": a, "parent": c, "box": "cap"} for a, c in (("taiho-f4-1", "taiho"), ("zuikaku-f4-1", "zuikaku"),
                                                            ("vf-16-1", "lexington"))]
    pos = position([tg("tg-58-3", "3111", ["lexington"]), tg("force-a", "0618", ["taiho", "zuikaku"], side="IJN")],
                   record=DAYS, last_turn=1, air=air, start={"phase": "formations", "side": "IJN"})
    r = real_rules_until_subs()
    events: list[Any] = []
    ctx = r._context(Context(Dice(1), events), r.data())
    st = r.new_state(r.load_scenario(pos), {}, ctx)
    st.stack.clear()
    st.flags["ijn_cap_fought"] = ["taiho-f4-1"]  # what IS's strike frames record when IJN CAP meets a strike
    push(st, "clash_end_phase")
    ENGINE.advance(st, ctx)
    boxes = {a: st.air[a].box for a in ("taiho-f4-1", "zuikaku-f4-1", "vf-16-1")}
    assert boxes == {"taiho-f4-1": "flown", "zuikaku-f4-1": "ready", "vf-16-1": "ready"}
    flown = [e for e in events if e.rule == "5.7" and "Flown" in e.text]
    assert len(flown) == 1 and flown[0].visible == ("IJN",) and "ijn_cap_fought" not in st.flags
    down = [e for e in events if e.rule == "5.7" and "Ready" in e.text]
    assert sorted(e.visible for e in down) == [("IJN",), ("USN",)]  # each side hears of its own units only

