"""Search and detection (6.0-6.5) on the game's own data: who rolls and who sees it (6.1, R-6), the report's bounds
on every row of the Search Tables, the channels (6.3.1-6.3.3, R-41), dummies (3.1.6, 6.5, R-7), same-hex search
(6.2), detached ships (6.4), night (6.3, R-4), bad input, and leaks. Each test pushes ``clash_search`` on a position
that rests at the Initial Phase's formation step, as the sequence of play will push it at an activation."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from leyte.core.errors import IllegalAction, LeyteError
from leyte.core.game import Action, Context, Game
from leyte.rulebooks.clash import search, state
from leyte.rulebooks.clash.engine import advance, push
from leyte.rulebooks.clash.rules import RULES

USN_TG = ["bunker-hill", "monterey", "washington", "new-orleans", "desrn-52", "desdiv-104"]  # 1 CV 1 CVL 1 BB 1 CA 2 DD
USN_TRUE = {"CV": 1, "CVL": 1, "BB": 1, "CA": 1, "DD": 2}
IJN_TG = ["taiho", "myoko", "yahagi", "div-61"]  # 1 CV, 1 CA, 1 CL, 1 DD


def tg(tid: str, side: str, hex_label: str, ships: list[str], **kw: Any) -> dict[str, Any]:
    return {"id": tid, "name": tid, "side": side, "hex": hex_label, "ships": ships, **kw}


def position(tgs: list[dict[str, Any]], *, turn: int = 2, **kw: Any) -> dict[str, Any]:
    """A position on turn ``turn`` of the historical turn record (2 = a day turn, 1 = a night turn)."""
    return {"id": "search", "turn": turn, "last_turn": 12, "turn_record_key": "historical", "tgs": tgs,
            "start": {"phase": "formations", "side": "USN"}, **kw}


def searching(pos: dict[str, Any], side: str, formation: str, dice: list[int], **params: Any) -> Game:
    """A game on ``pos`` with ``clash_search`` pushed for ``formation`` and run to its first question."""
    g = Game(RULES, RULES.load_scenario(pos), seed=3, dice=dice)
    push(g.state, "clash_search", side=side, formation=formation, **params)
    advance(g.state, RULES._context(Context(g.dice, g.events), g.state.data))
    g._decision = False
    return g


def rolls(g: Game) -> list[Any]:
    return [e for e in g.events if e.kind == "roll" and e.rule == "6.1"]


def kinds(g: Game, kind: str) -> list[Any]:
    return [e for e in g.events if e.kind == kind]


def finish_honestly(g: Game) -> None:
    while g.decision.kind in ("search_report", "search_report_count"):
        g.apply(g.legal_actions()[0])


# -- the report's bounds ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("roll, pm", [(5, 3), (6, 3), (7, 2), (8, 1), (9, 1)])
def test_6_1_each_search_table_row_bounds_the_report_never_below_one(roll: int, pm: int) -> None:
    g = searching(position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "2211", ["taiho"])]), "IJN", "ijn",
                  [roll])
    assert g.decision.data["pm"] == pm
    g.apply(Action("report_way", {"way": "by_type"}))
    for t, n in USN_TRUE.items():
        offered = [o["count"] for o in g.legal_actions()]
        assert offered[0] == n  # the truth first
        assert sorted(offered) == list(range(max(1, n - pm), n + pm + 1))
        for bad in (0, n - pm - 1, n + pm + 1):
            if bad not in offered:
                with pytest.raises(IllegalAction, match="6.1"):
                    g.apply(Action("report_count", {"type": t, "count": bad}))
        g.apply(Action("report_count", {"type": t, "count": offered[-1]}))
    assert kinds(g, "report")[0].data["counts"] == {t: n + pm for t, n in USN_TRUE.items()}


def test_6_1_a_ten_reports_exactly_without_asking() -> None:
    g = searching(position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "2211", ["taiho"])]), "IJN", "ijn",
                  [10])
    assert g.decision.kind == "formations"  # nothing to decide: the band is 0
    assert kinds(g, "report")[0].data["counts"] == USN_TRUE


def test_15_7_a_modified_four_finds_nothing_and_gives_no_report() -> None:
    g = searching(position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "2211", ["taiho"])]), "IJN", "ijn",
                  [4])
    res = kinds(g, "search_result")
    assert len(res) == 1 and res[0].data["found"] is False and res[0].visible is None
    assert not kinds(g, "report") and not search.detected(g.state, "IJN", "carrier", "usn")
    assert not g.state.tfs["usn"].detected


@pytest.mark.parametrize("way, counts", [
    ("all_high", {"CV": 3, "CVL": 3, "BB": 3, "CA": 3, "DD": 4}),
    ("all_low", {"CV": 1, "CVL": 1, "BB": 1, "CA": 1, "DD": 1}),
])
def test_6_1_canned_fudges_stay_inside_the_band(way: str, counts: dict[str, int]) -> None:
    g = searching(position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "2211", ["taiho"])]), "IJN", "ijn",
                  [7])
    g.apply(Action("report_way", {"way": way}))
    assert kinds(g, "report")[0].data["counts"] == counts
    for t, n in counts.items():
        assert n >= 1 and abs(n - USN_TRUE[t]) <= 2


def test_6_1_report_order_is_enforced_and_unknown_ways_refused() -> None:
    g = searching(position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "2211", ["taiho"])]), "IJN", "ijn",
                  [7])
    with pytest.raises(IllegalAction, match="report way"):
        g.apply(Action("report_count", {"type": "CV", "count": 1}))
    with pytest.raises(IllegalAction, match="report way must be one of"):
        g.apply(Action("report_way", {"way": "lie"}))
    g.apply(Action("report_way", {"way": "by_type"}))
    with pytest.raises(IllegalAction, match="asks for CV now"):
        g.apply(Action("report_count", {"type": "BB", "count": 1}))


def test_6_1_random_answers_always_give_a_legal_report() -> None:
    """A bot picking any offered option (the list is finite and small) can never break 6.1's bounds."""
    for seed in range(20):
        rnd = random.Random(seed)
        g = searching(position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "2211", ["taiho"])]), "IJN",
                      "ijn", [rnd.randint(5, 9)])
        pm = g.decision.data["pm"]
        while g.decision.kind in ("search_report", "search_report_count"):
            assert len(g.legal_actions()) <= 7
            g.apply(rnd.choice(g.legal_actions()))
        counts = kinds(g, "report")[0].data["counts"]
        assert set(counts) == set(USN_TRUE)
        assert all(1 <= n and abs(n - USN_TRUE[t]) <= pm for t, n in counts.items())


def test_report_range_puts_the_truth_first() -> None:
    assert search.report_range(1, 3) == [1, 2, 3, 4]
    assert search.report_range(4, 2) == [4, 2, 3, 5, 6]
    assert search.report_range(2, 0) == [2]


# -- secrecy ---------------------------------------------------------------------------------------------------------


def _words(g: Game, player: str) -> str:
    v = g.view(player)
    return json.dumps(v)


def test_6_1_the_searcher_never_sees_the_die_or_the_true_composition() -> None:
    g = searching(position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "2211", ["taiho"])]), "IJN", "ijn",
                  [6])
    assert rolls(g)[0].visible == ("USN",)
    ijn = _words(g, "IJN")
    assert g.view("IJN")["decision"] == {"player": "USN", "kind": "search_report", "rule": "6.1"}
    g.apply(Action("report_way", {"way": "all_high"}))
    ijn = _words(g, "IJN")
    D = RULES.data()
    for sid in USN_TG:
        for word in (sid, D.ships[sid].name):
            assert not re.search(rf"\b{re.escape(word)}\b", ijn), word
    assert "plus_minus" not in ijn and "truth" not in ijn and "rolls in secret" not in ijn
    assert "4 CV" in ijn  # the fudged report is all the IJN learns
    usn = _words(g, "USN")
    assert "rolls in secret" in usn and "plus_minus" in usn  # the defender sees its own roll


# -- channels (R-41) -------------------------------------------------------------------------------------------------


def test_6_3_1_a_usn_air_search_reaches_13_hexes_and_no_further() -> None:
    pos = position([tg("usn", "USN", "3111", USN_TG), tg("near", "IJN", "1811", ["myoko"]),
                    tg("far", "IJN", "1711", ["yahagi"])])
    g = searching(pos, "USN", "usn", [10])
    assert [r.data["target"] for r in kinds(g, "search_result")] == ["near"]  # 13 hexes; 14 is out of range
    assert rolls(g)[0].visible == ("IJN",)
    assert "range 13 hexes" in rolls(g)[0].text  # the searcher's DRM, told to the rolling player
    assert search.detected(g.state, "USN", "carrier", "near")
    assert g.state.tfs["near"].detected


def test_6_3_1_a_tf_is_searched_as_one_and_its_tgs_are_detected_with_it() -> None:
    pos = position([tg("usn", "USN", "3111", USN_TG), tg("a", "IJN", "2611", ["taiho"], tf="mf"),
                    tg("b", "IJN", "2611", ["myoko", "div-61"], tf="mf")],
                   tfs=[{"id": "mf", "name": "Mobile Fleet", "side": "IJN", "hex": "2611"}])
    g = searching(pos, "USN", "usn", [10])
    assert [r.data["target"] for r in kinds(g, "search_result")] == ["mf"]
    assert kinds(g, "report")[0].data["counts"] == {"CV": 1, "CA": 1, "DD": 1}
    assert search.detected(g.state, "USN", "carrier", "a") and search.detected(g.state, "USN", "carrier", "mf")
    assert g.state.tfs["a"].detected and g.state.tfs["b"].detected


def test_6_3_1_a_tg_without_a_working_carrier_makes_no_air_search() -> None:
    pos = position([tg("usn", "USN", "3111", ["washington", "new-orleans"]), tg("ijn", "IJN", "2211", IJN_TG)])
    g = searching(pos, "USN", "usn", [10])
    assert not rolls(g) and g.decision.kind == "formations"
    pos = position([tg("usn", "USN", "3111", ["bunker-hill"]), tg("ijn", "IJN", "2211", IJN_TG)],
                   ships=[{"id": "bunker-hill", "hits": 0}])
    g = Game(RULES, RULES.load_scenario(pos), seed=1)
    g.state.ships["bunker-hill"].air_ops_lost = True
    push(g.state, "clash_search", side="USN", formation="usn")
    advance(g.state, RULES._context(Context(g.dice, g.events), g.state.data))
    assert not rolls(g)


def test_6_3_air_search_is_by_day_only() -> None:
    g = searching(position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "2211", IJN_TG)], turn=1), "USN",
                  "usn", [10])
    assert not rolls(g)


def test_6_3_a_target_already_found_by_the_channel_is_not_searched_again() -> None:
    pos = position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "2211", IJN_TG)])
    g = Game(RULES, RULES.load_scenario(pos), seed=1, dice=[10])
    state.detect(g.state, "USN", "carrier", "ijn")
    push(g.state, "clash_search", side="USN", formation="usn")
    advance(g.state, RULES._context(Context(g.dice, g.events), g.state.data))
    assert not rolls(g)


def _guam(units: list[str]) -> dict[str, Any]:
    return {"air_bases": [{"id": "guam", "name": "Guam", "hex": "3516"}],
            "air": [{"id": u, "parent": "guam", "box": "ready"} for u in units]}


def test_6_3_2_the_61st_searches_25_hexes_from_guam_for_island_air_only() -> None:
    pos = position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "0618", ["taiho"])],
                   **_guam(["guam-261ag-f3"]))
    g = searching(pos, "IJN", "61st", [10])
    roll = rolls(g)[0]
    assert roll.visible == ("USN",) and "island-based air" in roll.text and "= 9" in roll.text  # 7 hexes: no DRM
    assert search.detected(g.state, "IJN", "island", "usn")
    assert not search.detected(g.state, "IJN", "carrier", "usn")  # 6.3.2: carriers never use island finds
    assert not g.state.tfs["usn"].detected  # the flag the shared IS frames read is the carrier channel's (S-8)


def test_6_3_2_the_61st_does_not_search_at_night_or_without_aircraft_and_the_22nd_never() -> None:
    pos = position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "0618", ["taiho"])], turn=1,
                   **_guam(["guam-261ag-f3"]))
    assert not rolls(searching(pos, "IJN", "61st", [10]))
    pos = position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "0618", ["taiho"])], **_guam([]))
    assert not rolls(searching(pos, "IJN", "61st", [10]))
    g = searching(position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "0618", ["taiho"])]), "IJN", "22nd",
                  [10])
    assert not rolls(g) and any(e.rule == "6.3.2" and "never searches" in e.text for e in g.events)


def test_6_3_3_land_based_search_works_at_night_inside_its_line_and_is_information_only() -> None:
    pos = position([tg("usn", "USN", "3111", USN_TG), tg("inside", "IJN", "1006", ["taiho"]),
                    tg("outside", "IJN", "0424", ["myoko"])], turn=1)
    g = searching(pos, "USN", "VP-16", [9])
    assert [r.data["target"] for r in kinds(g, "search_result")] == ["inside"]
    finish_honestly(g)
    assert kinds(g, "report")[0].data["counts"] == {"CV": 1}
    assert search.detected(g.state, "USN", "land", "inside")  # a sighting, kept as information
    assert not search.detected(g.state, "USN", "carrier", "inside") and not g.state.tfs["inside"].detected
    g = searching(pos, "USN", "VB-101", [10])
    assert [r.data["target"] for r in kinds(g, "search_result")] == ["outside"]


# -- dummies (3.1.6, 6.5, R-7) ---------------------------------------------------------------------------------------


def test_3_1_6_a_found_dummy_is_removed_and_the_searcher_told_only_that() -> None:
    pos = position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "2611", IJN_TG),
                    tg("ijn-dummy", "IJN", "2611", [], dummy=True)])
    g = searching(pos, "USN", "usn", [4, 5])  # the real TG escapes on a 4 (+0), the dummy is found on a 5
    gone = kinds(g, "dummy_removed")
    assert len(gone) == 1 and gone[0].data["target"] == "ijn-dummy" and gone[0].visible is None
    assert not g.state.tfs["ijn-dummy"].in_play
    assert not kinds(g, "report") and g.decision.kind == "formations"


def test_6_5_a_dummy_never_searches_but_may_be_searched_in_a_shared_hex() -> None:
    pos = position([tg("usn", "USN", "2211", USN_TG), tg("ijn-dummy", "IJN", "2211", [], dummy=True)])
    g = searching(pos, "IJN", "ijn-dummy", [9])
    assert len(rolls(g)) == 1 and rolls(g)[0].visible == ("IJN",)  # only the USN searches (6.2); the IJN rolls
    assert [r.data["searcher"] for r in kinds(g, "dummy_removed")] == ["usn"]
    assert not g.state.tfs["ijn-dummy"].in_play
    pos = position([tg("usn", "USN", "3111", USN_TG), tg("ijn-dummy", "IJN", "2211", [], dummy=True)])
    assert not rolls(searching(pos, "IJN", "ijn-dummy", [9]))


def test_6_5_a_dummy_removed_on_a_us_land_based_sighting() -> None:
    pos = position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "1006", ["taiho"]),
                    tg("ijn-dummy", "IJN", "1006", [], dummy=True)], turn=1)
    g = searching(pos, "USN", "VP-16", [1, 8])
    assert [e.data["target"] for e in kinds(g, "dummy_removed")] == ["ijn-dummy"]


# -- same hex (6.2) and detached ships (6.4) -------------------------------------------------------------------------


def test_6_2_both_sides_search_in_a_shared_hex_even_at_night() -> None:
    pos = position([tg("usn", "USN", "2211", USN_TG), tg("ijn", "IJN", "2211", IJN_TG)], turn=1)
    g = searching(pos, "USN", "usn", [4, 4])
    finish_honestly(g)  # the IJN reports the first find before the second search is rolled
    res = kinds(g, "search_result")
    assert [(r.data["searcher"], r.data["target"]) for r in res] == [("usn", "ijn"), ("ijn", "usn")]
    assert [r.visible for r in rolls(g)] == [("IJN",), ("USN",)]  # each roll is the defender's secret
    assert all("own hex" in r.text and "= 5" in r.text for r in rolls(g))  # 4 +1 finds (15.7: 5+)
    assert search.detected(g.state, "USN", "carrier", "ijn")


def test_6_2_same_hex_only_skips_the_air_search() -> None:
    pos = position([tg("usn", "USN", "2211", USN_TG), tg("ijn", "IJN", "2211", IJN_TG),
                    tg("other", "IJN", "2611", ["haguro"])])
    g = searching(pos, "USN", "usn", [1, 1], same_hex=True)
    assert [(r.data["searcher"], r.data["target"]) for r in kinds(g, "search_result")] == [
        ("usn", "ijn"), ("ijn", "usn")]


def test_6_4_detached_ships_are_searched_as_one_group_per_hex() -> None:
    pos = position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "0618", ["taiho"])],
                   ships=[{"id": "yahagi", "independent": True, "hex": "2611"},
                          {"id": "div-61", "independent": True, "hex": "2611"}])
    g = searching(pos, "USN", "usn", [10])
    assert [r.data["target"] for r in kinds(g, "search_result")] == ["detached-IJN-2611"]
    assert kinds(g, "report")[0].data["counts"] == {"CL": 1, "DD": 1}
    assert search.detected(g.state, "USN", "carrier", "yahagi")
    usn = _words(g, "USN")
    assert not re.search(r"\byahagi\b", usn, re.I)


# -- night's end and bad input ---------------------------------------------------------------------------------------


def test_4_3_night_end_clears_every_channel_and_marker() -> None:
    g = searching(position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "2611", IJN_TG)]), "USN", "usn",
                  [10])
    state.detect(g.state, "IJN", "island", "usn")
    state.detect(g.state, "USN", "land", "ijn")
    assert g.state.tfs["ijn"].detected
    search.clear_at_night_end(g.state, RULES._context(Context(g.dice, g.events), g.state.data))
    assert all(not ids for chans in state.extras(g.state)["detected"].values() for ids in chans.values())
    assert not g.state.tfs["ijn"].detected
    assert g.events[-1].rule == "4.3"


@pytest.mark.parametrize("side, formation, why", [
    ("USN", "nowhere", "6.0: no TG or TF"),
    ("IJN", "usn", "6.0: usn is not a IJN formation"),
    ("USN", "61st", "6.3.2"),
    ("IJN", "VP-16", "6.3.3"),
])
def test_6_0_a_bad_searcher_is_refused(side: str, formation: str, why: str) -> None:
    with pytest.raises(LeyteError, match=re.escape(why)):
        searching(position([tg("usn", "USN", "3111", USN_TG)]), side, formation, [])


def test_detected_names_its_channels() -> None:
    g = searching(position([tg("usn", "USN", "3111", USN_TG)]), "USN", "usn", [])
    with pytest.raises(LeyteError, match="no search channel 'island'"):
        search.detected(g.state, "USN", "island", "x")


def test_3_2_3_a_tg_inside_a_tf_searches_under_the_tf_s_name() -> None:
    """The IJN sees TF 58's marker, not its TGs: a search made by one of them is told as the TF's."""
    pos = position([tg("usn", "USN", "3111", USN_TG, tf="tf58"), tg("ijn", "IJN", "2611", ["myoko"])],
                   tfs=[{"id": "tf58", "name": "Task Force 58", "side": "USN", "hex": "3111"}])
    g = searching(pos, "USN", "usn", [2])
    assert [r.data["searcher"] for r in kinds(g, "search_result")] == ["tf58"]
    assert not re.search(r"\busn\b", _words(g, "IJN"))


def test_6_3_2_the_61st_reaches_25_hexes_from_guam_and_no_further() -> None:
    pos = position([tg("edge", "USN", "1006", ["washington"]), tg("beyond", "USN", "0424", ["new-orleans"]),
                    tg("ijn", "IJN", "0618", ["taiho"])], **_guam(["guam-261ag-f3"]))
    g = searching(pos, "IJN", "61st", [10])
    assert [r.data["target"] for r in kinds(g, "search_result")] == ["edge"]
    assert "range 25 hexes from Guam" in rolls(g)[0].text  # -3 at the edge (modifiers.csv, R-40)
    assert rolls(g)[0].data["roll"]["final"] == 6


def test_6_3_1_on_the_16_1_set_up_tf_58_is_one_target_and_tg_52_10_is_out_of_range() -> None:
    """The historical set-up (before the IJN's set-up choices): TF 58 in 3111 holds TGs 58.2, 58.3 and 58.7; TG 58.1
    is in 2811, TG 58.4 in 3209, TG 52.10 in 3712. On a day turn Force A, moved to 1311, searches 22 hexes: TF 58
    (18) as one target, TG 58.1 (15) and TG 58.4 (19), not TG 52.10 (24)."""
    g = Game(RULES, RULES.load_scenario("historical"), seed=1, dice=[6, 1, 1, 1])
    st = g.state
    st.turn = 2
    st.tfs["force-a"].hex = "1311"
    state.extras(st)["parent_tf"].pop("force-a")  # Force A stands apart from the Mobile Fleet
    push(st, "clash_search", side="IJN", formation="force-a")
    advance(st, RULES._context(Context(g.dice, g.events), st.data))
    assert [r.data["target"] for r in kinds(g, "search_result")] == ["tf-58", "tg-58-1", "tg-58-4"]
    assert all(not r.data["found"] for r in kinds(g, "search_result"))
    assert all("range" in r.text and "-2" in r.text for r in rolls(g))  # 15-19 hexes: -2 (modifiers.csv)
    tf58 = search.composition(st, "tf-58")
    units = [s for t in ("tg-58-2", "tg-58-3", "tg-58-7") for s in st.tfs[t].ships]
    assert sum(tf58.values()) == len(units) and list(tf58)[:2] == ["CV", "CVL"]
