"""Task groups, task forces and stacking (3.1-3.3): every limit, each refusal naming its case, through the Rules
object with position dicts that start at a side's formation step (5.1)."""

from __future__ import annotations

from typing import Any

import pytest
from clash_kit import choose, game

from leyte.core.errors import IllegalAction, ScenarioError
from leyte.rulebooks.clash import formations, state

USN_FILLERS = ["new-mexico", "idaho", "maryland", "colorado", "tennessee", "california", "pennsylvania",
               "louisville", "honolulu", "st-louis", "desrn-54-1", "desrn-54-2", "desrn-54-3", "desrn-54-4"]
USN_CARRIERS = ["bunker-hill", "wasp", "monterey", "cabot", "enterprise", "lexington", "san-jacinto", "princeton",
                "hornet", "yorktown", "belleau-wood", "bataan", "essex", "langley", "cowpens"]


def tg(tid: str, hex_label: str, ships: list[str], *, side: str = "USN", tf: str | None = None,
       seg: str | None = None, dummy: bool = False) -> dict[str, Any]:
    d: dict[str, Any] = {"id": tid, "name": tid.upper(), "side": side, "hex": hex_label, "ships": ships}
    if tf:
        d["tf"] = tf
    if seg:
        d["segregation"] = seg
    if dummy:
        d["dummy"] = True
    return d


def pos(tgs: list[dict[str, Any]], *, side: str = "USN", tfs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"id": "formations", "tgs": tgs, "tfs": tfs or [], "start": {"phase": "formations", "side": side}}


TF58 = {"id": "tf-58", "name": "TF 58", "side": "USN", "hex": "3111"}
MOBILE = {"id": "mobile-fleet", "name": "Mobile Fleet", "side": "IJN", "hex": "0618"}


def refused(g, action: dict[str, Any]) -> IllegalAction:  # noqa: ANN001
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert g.to_json() == before  # a refusal changes nothing
    assert action not in [o.to_dict() for o in g.legal_actions()]  # and was never offered
    return e.value


def test_3_1_a_tg_holds_at_most_16_naval_units() -> None:
    g = game(pos([tg("a", "3712", USN_FILLERS + ["washington", "north-carolina"]), tg("b", "3712", ["wasp"])]))
    e = refused(g, {"kind": "shift", "ship": "wasp", "to": "a"})
    assert e.rule == "3.1" and "17 naval units" in e.reason
    choose(g, "shift", ship="washington", to="b")  # 15 and 2: fine
    choose(g, "shift", ship="wasp", to="a")  # back to 16
    assert len(g.state.tfs["a"].ships) == 16


def test_3_1_a_position_with_17_units_in_a_tg_is_refused() -> None:
    with pytest.raises(ScenarioError, match=r"17 naval units.*\(3\.1\)"):
        game(pos([tg("a", "3712", USN_FILLERS + ["washington", "north-carolina", "wasp"])]))


def test_3_1_1_the_usn_has_at_most_ten_tgs_dummies_included() -> None:
    ships = ["washington", "north-carolina", "new-orleans", "desdiv-12-1", "santa-fe", "indianapolis", "baltimore",
             "vincennes"]
    tgs = [tg(f"t{i}", "3111", [s]) for i, s in enumerate(ships)] + [tg("t8", "3111", ["wasp", "idaho"])]
    tgs.append(tg("d1", "3111", [], dummy=True))
    g = game(pos(tgs, tfs=[TF58]))
    assert len(state.tgs(g.state, "USN")) == 10
    assert refused(g, {"kind": "new_tg", "ship": "idaho"}).rule == "3.1.1"
    assert refused(g, {"kind": "dummy", "hex": "3111"}).rule == "3.1.1"
    choose(g, "remove_dummy", tg="d1")
    choose(g, "new_tg", ship="idaho")  # the dummy's place is free again
    assert len(state.tgs(g.state, "USN")) == 10


def test_3_1_1_the_ijn_has_at_most_eight_tgs() -> None:
    ships = ["myoko", "haguro", "yahagi", "div-61", "nagato", "mogami", "div-4", "atago"]
    g = game(pos([tg(f"f{i}", "0618", [s], side="IJN") for i, s in enumerate(ships[:7])]
                 + [tg("f7", "0618", ["atago", "takao"], side="IJN")], side="IJN", tfs=[MOBILE]))
    e = refused(g, {"kind": "new_tg", "ship": "takao"})
    assert e.rule == "3.1.1" and "limit is 8" in e.reason


def test_3_1_2_a_usn_tg_holds_at_most_four_carriers() -> None:
    g = game(pos([tg("a", "3111", USN_CARRIERS[:4]), tg("b", "3111", ["essex", "vincennes"])]))
    e = refused(g, {"kind": "shift", "ship": "essex", "to": "a"})
    assert e.rule == "3.1.2" and "5 carriers" in e.reason
    choose(g, "shift", ship="vincennes", to="a")  # a cruiser may go


def test_3_1_2_the_usn_has_at_most_four_tgs_with_carriers() -> None:
    tgs = [tg(f"c{i}", "3111", USN_CARRIERS[2 * i:2 * i + 2]) for i in range(4)]
    g = game(pos(tgs, tfs=[TF58]))
    e = refused(g, {"kind": "new_tg", "ship": "bunker-hill"})
    assert e.rule == "3.1.2" and "5 TGs with carriers" in e.reason


def test_3_1_3_an_ijn_tg_holds_at_most_three_carriers() -> None:
    g = game(pos([tg("a", "0618", ["taiho", "shokaku", "zuikaku"], side="IJN"),
                  tg("b", "0618", ["junyo", "nagato"], side="IJN")], side="IJN"))
    e = refused(g, {"kind": "shift", "ship": "junyo", "to": "a"})
    assert e.rule == "3.1.3" and "4 carriers" in e.reason


def test_3_1_4_ships_of_52_10_never_share_a_tg_with_ships_of_58_x() -> None:
    g = game(pos([tg("tg-52-10", "3712", ["idaho", "maryland"], seg="TG 52.10"),
                  tg("tg-58-7", "3712", ["washington"], seg="TG 58.x"),
                  tg("other", "3712", ["santa-fe"])]))
    e = refused(g, {"kind": "shift", "ship": "idaho", "to": "tg-58-7"})
    assert e.rule == "3.1.4" and "TG 52.10 and TG 58.x" in e.reason
    choose(g, "new_tg", ship="idaho")  # a new TG of its own is fine, in the same hex (3.1.4 allows the stack)
    new = next(t for t in state.tgs(g.state, "USN") if t.ships == ["idaho"])
    e = refused(g, {"kind": "shift", "ship": "washington", "to": new.id})
    assert e.rule == "3.1.4"  # the group follows the ship into any new TG
    choose(g, "shift", ship="santa-fe", to="tg-52-10")  # a ship of neither group may join either


def test_3_1_4_ships_shift_only_between_tgs_in_the_same_hex() -> None:
    g = game(pos([tg("a", "3111", ["wasp"]), tg("b", "3209", ["essex"])]))
    e = refused(g, {"kind": "shift", "ship": "wasp", "to": "b"})
    assert e.rule == "3.1.4" and "same hex" in e.reason


def test_3_1_5_a_tg_left_without_ships_is_disbanded() -> None:
    g = game(pos([tg("a", "3111", ["wasp"]), tg("b", "3111", ["essex"])]))
    choose(g, "shift", ship="wasp", to="b")
    assert "a" not in g.state.tfs and g.state.ships["wasp"].tf == "b"


def test_3_1_6_a_dummy_is_created_only_in_the_hex_of_a_real_tg() -> None:
    g = game(pos([tg("a", "3111", ["wasp"])]))
    e = refused(g, {"kind": "dummy", "hex": "2811"})
    assert e.rule == "3.1.6"
    choose(g, "dummy", hex="3111")
    d = next(t for t in state.tgs(g.state, "USN") if t.dummy)
    assert d.hex == "3111" and d.ships == []
    assert refused(g, {"kind": "shift", "ship": "wasp", "to": d.id}).rule == "3.1.4"  # nothing goes into a dummy


def test_3_2_each_side_has_one_task_force_only() -> None:
    with pytest.raises(ScenarioError, match=r"one and only one \(3\.2\)"):
        game(pos([tg("a", "3111", ["wasp"])], tfs=[TF58, dict(TF58, id="tf-38", name="TF 38")]))


def test_3_2_1_tf_58_holds_at_most_five_tgs() -> None:
    tgs = [tg(f"t{i}", "3111", [s], tf="tf-58") for i, s in
           enumerate(["washington", "north-carolina", "new-orleans", "desdiv-12-1", "santa-fe"])]
    g = game(pos(tgs + [tg("six", "3111", ["indianapolis"])], tfs=[TF58]))
    e = refused(g, {"kind": "join", "tg": "six", "tf": "tf-58"})
    assert e.rule == "3.2.1" and "6 TGs" in e.reason


def test_3_2_2_the_mobile_fleet_holds_at_most_three_tgs() -> None:
    tgs = [tg(f"f{i}", "0618", [s], side="IJN", tf="mobile-fleet") for i, s in enumerate(["taiho", "junyo", "chitose"])]
    g = game(pos(tgs + [tg("f3", "0618", ["nagato"], side="IJN")], side="IJN", tfs=[MOBILE]))
    e = refused(g, {"kind": "join", "tg": "f3", "tf": "mobile-fleet"})
    assert e.rule == "3.2.2" and "4 TGs" in e.reason


def test_3_2_3_a_tg_joins_its_tf_only_in_the_tf_s_hex_and_may_leave_it() -> None:
    g = game(pos([tg("in", "3111", ["wasp"], tf="tf-58"), tg("far", "2811", ["essex"]),
                  tg("near", "3111", ["hornet"])], tfs=[TF58]))
    e = refused(g, {"kind": "join", "tg": "far", "tf": "tf-58"})
    assert e.rule == "3.2.3" and "2811" in e.reason
    choose(g, "join", tg="near", tf="tf-58")
    choose(g, "split", tg="in")
    assert [t.id for t in state.tgs_of(g.state, "tf-58")] == ["near"] and state.tf_of(g.state, "in") is None


def test_3_3_three_tgs_in_the_tf_s_hex_must_join_it_before_the_phase_ends() -> None:
    g = game(pos([tg("a", "3111", ["wasp"]), tg("b", "3111", ["essex"]), tg("c", "3111", ["hornet"])],
                 tfs=[TF58]))
    e = refused(g, {"kind": "done"})
    assert e.rule == "3.3" and "must join the TF" in e.reason
    choose(g, "join", tg="a", tf="tf-58")
    choose(g, "done")  # legal now: the Initial Phase goes on to the pool and the first activation
    assert g.decision.kind != "formations" and g.state.flags["clash"]["parent_tf"].get("a") == "tf-58"
    assert not g.state.flags.get("must_disperse", {}).get("USN")  # two loose TGs and a TF: within 3.3's limit


def test_3_3_three_tgs_away_from_the_tf_are_marked_to_move_apart() -> None:
    g = game(pos([tg("a", "2811", ["wasp"]), tg("b", "2811", ["essex"]), tg("c", "2811", ["hornet"])],
                 tfs=[TF58]))
    assert formations.crowded_hexes(g.state.data, formations.layout_of(g.state), "USN") == {"2811": ["a", "b", "c"]}
    choose(g, "done")  # allowed (no TF there to form); movement (7.0) must split them
    assert g.state.flags["must_disperse"]["USN"] == ["2811"]
    d = g.decision
    assert d.kind == "clash_move" and "end_move" not in {o.kind for o in d.options}
    e = refused(g, {"kind": "end_move"})
    assert e.rule == "3.3" and "must leave 2811" in e.reason


def test_every_offered_change_keeps_every_limit() -> None:
    g = game(pos([tg("tg-52-10", "3712", USN_FILLERS[:10], seg="TG 52.10"),
                  tg("tg-58-2", "3712", USN_CARRIERS[:4] + ["santa-fe"], seg="TG 58.x", tf="tf-58"),
                  tg("tg-58-3", "3712", USN_CARRIERS[4:8], seg="TG 58.x")],
                 tfs=[dict(TF58, hex="3712")]))
    offered = [o for o in g.legal_actions() if o.kind != "done"]
    assert offered and all(o.kind in ("join", "split", "shift", "new_tg", "dummy") for o in offered)
    for o in offered:
        h = g.fork()
        h.apply(o)
        assert formations.state_problems(h.state) == [], o.text
    assert not any(o.kind == "shift" and o["to"] in ("tg-58-2", "tg-58-3") and g.state.data.ships[o["ship"]].carrier
                   for o in offered)  # both carrier TGs are full


def test_ruling_u_1_a_tg_set_up_over_16_may_shrink_but_never_grow() -> None:
    big = USN_FILLERS + ["washington", "north-carolina", "new-orleans"]  # 17
    p = pos([tg("big", "3712", big), tg("b", "3712", ["wasp"])])
    p["limits"] = {"start_waivers": [{"tg": "big", "rule": "naval_units_per_tg_max", "units": 17}]}
    g = game(p)
    assert refused(g, {"kind": "shift", "ship": "wasp", "to": "big"}).rule == "3.1"
    choose(g, "shift", ship="washington", to="b")  # 16 now
    choose(g, "shift", ship="washington", to="big")  # back to its printed 17: never more
    assert refused(g, {"kind": "shift", "ship": "wasp", "to": "big"}).rule == "3.1"


def test_16_1_4_cautious_spruance_tf_58_stays_intact_until_turn_9() -> None:
    def at(turn: int) -> Any:
        p = pos([tg("tg-58-2", "3111", ["wasp", "santa-fe"], tf="tf-58"), tg("tg-58-7", "3111", ["washington"],
                 tf="tf-58"), tg("tg-58-1", "3111", ["hornet"])], tfs=[TF58])
        p["turn"] = turn
        p["special_rules"] = {"cautious-spruance": {"task_force": "tf-58", "lifted_on_turn": 9}}
        return game(p)

    g = at(8)
    for action in ({"kind": "split", "tg": "tg-58-7"}, {"kind": "new_tg", "ship": "santa-fe"},
                   {"kind": "shift", "ship": "santa-fe", "to": "tg-58-1"}):
        e = refused(g, action)
        assert e.rule == "16.1.4" and "stays intact until turn 9" in e.reason
    choose(g, "shift", ship="santa-fe", to="tg-58-7")  # within TF 58 it is still intact
    choose(g, "join", tg="tg-58-1", tf="tf-58")  # a TG may still join it
    g = at(9)
    choose(g, "split", tg="tg-58-7")  # lifted on turn 9


@pytest.mark.parametrize("seed", [2, 4])
def test_the_offered_changes_match_every_change_judged_alone_in_full(seed: int,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The formation step's shortcuts (one baseline, only the edited TGs re-checked, one verdict for ships alike)
    change nothing: at formation steps of a real random game, judging every change on its own with the whole layout
    re-checked gives the same options in the same order, and the same refusal (case and reason) for each change.
    Seeds 2 and 4 between them meet refusals under 3.1, 3.1.1, 3.1.2 and 3.1.3 early."""
    import leyte
    from leyte.bots import make_bot

    g = leyte.new_game("clash-of-the-carriers", scenario="historical", seed=seed)
    bots = {p: make_bot("random", "clash-of-the-carriers", p, seed * 1000 + i) for i, p in enumerate(g.players)}
    full_found = formations._found
    seen = 0
    refused_under: set[str] = set()
    while seen < 30 and (d := g.decision) is not None:
        if d.kind == "formations":
            st, side = g.state, d.player
            changes = formations._changes(st, side)
            fast = [(str(why.rule), why.reason) if (why := formations._why_not(st, side, a)) else None
                    for a in changes]
            with monkeypatch.context() as m:
                m.setattr(formations, "_found", lambda D, lay, *shortcuts: full_found(D, lay))
                slow = [(str(why.rule), why.reason) if (why := formations._why_not(st, side, a)) else None
                        for a in changes]
            assert fast == slow
            assert list(d.options) == [a for a, why in zip(changes, slow) if why is None]
            refused_under |= {why[0] for why in slow if why is not None}
            seen += 1
        g.apply(bots[d.player].choose({}, d))
    assert seen == 30
    assert {"3.1", "3.1.1"} <= refused_under and refused_under & {"3.1.2", "3.1.3"}
