"""Submarines (11.0-11.1.6) on the game's own data, with scripted dice: the marker pull and its date DRMs (11.1.1),
the unseen draw, placement bands and refusals (11.1.2), contact (11.1.3), every row of the detection table with the
entering side's bounded report (11.1.4, search's report frame), the attack with and without destroyers (11.1.5),
End Phase removal (11.1.6), hidden information, and the optional IJN boats (15.2) through `options`.

Each test pushes the frame the sequence of play or movement will push (``clash_subs_initial``,
``clash_sub_contact``) on a position resting at the Initial Phase's formation step, and runs it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from leyte.core.errors import IllegalAction, LeyteError
from leyte.core.game import Action, Context, Game
from leyte.rulebooks.clash import search, submarines
from leyte.rulebooks.clash.engine import advance, push
from leyte.rulebooks.clash.rules import RULES
from leyte.rulebooks.imperial_sunset.common import dist

USN_TG = ["bunker-hill", "monterey", "washington", "new-orleans", "desrn-52", "desdiv-104"]  # 1 CV 1 CVL 1 BB 1 CA 2 DD
USN_TRUE = {"CV": 1, "CVL": 1, "BB": 1, "CA": 1, "DD": 2}
IJN_TG = ["taiho", "myoko", "yahagi", "div-61"]  # 1 CV, 1 CA, 1 CL, 1 DD
IJN_TRUE = {"CV": 1, "CA": 1, "CL": 1, "DD": 1}
IJN_NO_DD = ["taiho", "myoko", "yahagi"]
SUB_HEX = "2211"


def tg(tid: str, side: str, hex_label: str, ships: list[str], **kw: Any) -> dict[str, Any]:
    return {"id": tid, "name": tid, "side": side, "hex": hex_label, "ships": ships, **kw}


def position(tgs: list[dict[str, Any]] | None = None, *, turn: int = 2) -> dict[str, Any]:
    """Turn 2 is 18 June (no DRM), 6 is 19 June (+1), 10 is 20 June (-1) on the historical turn record."""
    if tgs is None:
        tgs = [tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", SUB_HEX, IJN_TG)]
    return {"id": "subs", "turn": turn, "last_turn": 12, "turn_record_key": "historical", "tgs": tgs,
            "start": {"phase": "formations", "side": "USN"}}


def run(g: Game, kind: str, **params: Any) -> Game:
    push(g.state, kind, **params)
    advance(g.state, RULES._context(Context(g.dice, g.events), g.state.data))
    g._decision = False
    return g


def new(pos: dict[str, Any], dice: list[int]) -> Game:
    return Game(RULES, RULES.load_scenario(pos), seed=5, dice=dice)


def initial(dice: list[int], *, turn: int = 2, tgs: list[dict[str, Any]] | None = None) -> Game:
    return run(new(position(tgs, turn=turn), dice), "clash_subs_initial")


def contact(dice: list[int], *, identity: str = "USN", tgs: list[dict[str, Any]] | None = None,
            entering: list[str] | None = None, hex_label: str = SUB_HEX, owner: str = "USN") -> Game:
    """A marker of ``owner`` (face ``identity``) in ``hex_label`` and a contact as ``entering`` arrive there."""
    g = new(position(tgs), dice)
    g.state.sonar.append({"id": "sub-9", "hex": hex_label, "owner": owner, "identity": identity})
    return run(g, "clash_sub_contact", hex=hex_label, entering=entering or ["ijn"], side=owner)


def kinds(g: Game, kind: str) -> list[Any]:
    return [e for e in g.events if e.kind == kind]


def rolls(g: Game, case: str) -> list[Any]:
    return [e for e in g.events if e.kind == "roll" and e.rule == case]


def hits(g: Game, sid: str) -> int:
    return g.state.ships[sid].hits


# -- 11.1.1 ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("roll, pulled", [(1, 2), (3, 2), (4, 3), (6, 3), (7, 4), (8, 4), (9, 5), (10, 5)])
def test_11_1_1_each_band_of_the_pull_table_on_18_june(roll: int, pulled: int) -> None:
    g = initial([roll] + [1] * pulled + [1])
    assert kinds(g, "sub")[0].data == {"side": "USN", "count": pulled}
    assert rolls(g, "11.1.1")[0].data["roll"]["modifiers"] == []
    assert len([e for e in g.events if e.kind == "draw"]) == pulled


@pytest.mark.parametrize("turn, roll, pulled, drm", [
    (6, 3, 3, 1),   # 19 June: 3 + 1 = 4 -> three markers
    (6, 8, 5, 1),   # 19 June: 8 + 1 = 9 -> all five
    (6, 10, 5, 1),  # 19 June: 11 clamps to the top row
    (10, 4, 2, -1),  # 20 June: 4 - 1 = 3 -> two
    (10, 9, 4, -1),  # 20 June: 9 - 1 = 8 -> four
    (10, 1, 2, -1),  # 20 June: 0 clamps to the bottom row
])
def test_11_1_1_date_drm_from_the_turn_record(turn: int, roll: int, pulled: int, drm: int) -> None:
    g = initial([roll] + [1] * pulled + [1], turn=turn)
    assert [m["value"] for m in rolls(g, "11.1.1")[0].data["roll"]["modifiers"]] == [drm]
    assert kinds(g, "sub")[0].data["count"] == pulled


def test_11_1_1_markers_come_from_a_cup_of_three_real_and_two_false_r27() -> None:
    """Picks 5, 4, 3, 2, 1 take the cup from the back: the two False Contacts first, then the three boats."""
    g = initial([9, 5, 4, 3, 2, 1] + [1, 1] * 5 + [1])
    faces = []
    while g.decision.kind == "sub_place":
        g.apply(g.legal_actions()[0])
    faces = [m["identity"] for m in g.state.sonar]
    assert faces == ["dummy", "dummy", "USN", "USN", "USN"]
    assert all(m["owner"] == "USN" for m in g.state.sonar)


def test_11_1_1_a_date_without_a_drm_in_the_data_is_refused() -> None:
    g = new(position(), [5])
    g.state.flags["turn_record"] = {"2": {"date": "1944-06-21", "time": "day"}}
    with pytest.raises(LeyteError, match=r"11\.1\.1.*1944-06-21"):
        run(g, "clash_subs_initial")


# -- 11.1.2 ---------------------------------------------------------------------------------------------------------


def test_11_1_2_a_roll_of_1_to_5_places_two_or_more_hexes_from_every_enemy_tg() -> None:
    for roll in (1, 5):
        g = initial([1, 1, 1, roll])
        d = g.decision
        assert (d.kind, d.player, d.rule) == ("sub_place", "USN", "11.1.2")
        offered = [o["hex"] for o in d.options]
        assert len(offered) > 100 and SUB_HEX not in offered
        assert min(dist(g.state.data, h, SUB_HEX) for h in offered) == 2


def test_11_1_2_a_roll_of_6_to_10_places_exactly_one_hex_away() -> None:
    for roll in (6, 10):
        g = initial([1, 1, 1, roll])
        offered = sorted(o["hex"] for o in g.decision.options)
        assert offered and all(dist(g.state.data, h, SUB_HEX) == 1 for h in offered)
        assert len(offered) == 6  # an open-sea hex has six neighbours


def test_11_1_2_placement_refusals_name_the_case_and_the_reason() -> None:
    # pull 3 (picks 1, 1, 1), each marker rolls 7: exactly one hex from the IJN TG
    g = initial([4, 1, 1, 1, 7, 7, 7])
    with pytest.raises(IllegalAction, match=r"11\.1\.2.*holds enemy naval units"):
        g.apply(Action("place_sub", {"hex": SUB_HEX}))
    with pytest.raises(IllegalAction, match=r"11\.1\.2.*is not exactly 1 hex"):
        g.apply(Action("place_sub", {"hex": "3111"}))
    first = g.decision.options[0]["hex"]
    g.apply(Action("place_sub", {"hex": first}))
    assert first not in [o["hex"] for o in g.decision.options]
    with pytest.raises(IllegalAction, match=r"11\.1\.2.*already has a submarine marker"):
        g.apply(Action("place_sub", {"hex": first}))
    with pytest.raises(IllegalAction, match="not a sea hex"):
        g.apply(Action("place_sub", {"hex": "9999"}))


def test_11_1_2_no_legal_hex_sends_the_marker_back_unseen() -> None:
    """With no enemy TG on the map a 6-10 has nowhere to go (SUB-4)."""
    g = initial([1, 1, 1, 6, 2], tgs=[tg("usn", "USN", "3111", USN_TG)])
    assert "goes back to the container" in kinds(g, "sub")[1].text
    assert g.decision.kind == "sub_place" and g.decision.data["markers_left"] == 1


def _placed(picks: list[int]) -> Game:
    g = initial([9, *picks] + [6] * 5)
    while g.decision.kind == "sub_place":
        assert "identity" not in json.dumps(g.decision.data)
        g.apply(g.legal_actions()[-1])
    return g


def _seen(g: Game, player: str) -> str:
    events = [(e.rule, e.kind, e.text, e.data) for e in g.events if e.visible is None or player in e.visible]
    return json.dumps([g.view(player), events], sort_keys=True)


def test_11_1_2_neither_player_can_tell_a_real_marker_from_a_false_one_before_the_flip() -> None:
    """Two games whose unseen draws differ (real first / false first) look the same to both players, byte for byte."""
    a, b = _placed([1, 1, 1, 1, 1]), _placed([5, 4, 3, 2, 1])
    assert [m["identity"] for m in a.state.sonar] == ["USN", "USN", "USN", "dummy", "dummy"]
    assert [m["identity"] for m in b.state.sonar] == ["dummy", "dummy", "USN", "USN", "USN"]
    for player in ("USN", "IJN"):
        assert _seen(a, player) == _seen(b, player)
        v = a.view(player)
        assert v["sonar"] == [{"hex": m["hex"]} for m in a.state.sonar]
        assert '"identity"' not in json.dumps(v)
    assert all(e.visible == () for e in kinds(a, "draw"))  # the unseen draws are the umpire's alone


# -- 11.1.3 ---------------------------------------------------------------------------------------------------------


def test_11_1_3_a_false_contact_does_nothing_and_leaves_the_map() -> None:
    g = contact([], identity="dummy")
    flip = kinds(g, "sub_contact")[0]
    assert flip.visible is None and flip.data["real"] is False and "False Contact" in flip.text
    assert not rolls(g, "11.1.4") and g.state.sonar == [] and g.decision.kind == "formations"
    assert not search.detected(g.state, "USN", "carrier", "ijn")


def test_11_1_3_no_marker_of_that_side_in_the_hex_means_no_contact() -> None:
    g = run(new(position(), []), "clash_sub_contact", hex=SUB_HEX, entering=["ijn"], side="USN")
    assert not kinds(g, "sub_contact") and g.decision.kind == "formations"


def test_11_1_3_a_friendly_marker_is_no_contact() -> None:
    g = new(position(), [])
    g.state.sonar.append({"id": "sub-9", "hex": SUB_HEX, "owner": "USN", "identity": "USN"})
    assert submarines.contact_frames(g.state, SUB_HEX, ["usn"], "USN") == []
    assert submarines.contact_frames(g.state, SUB_HEX, ["ijn"], "IJN") == [
        ("clash_sub_contact", {"hex": SUB_HEX, "entering": ["ijn"], "side": "USN"})]
    with pytest.raises(LeyteError, match=r"11\.1\.3.*own formation"):
        run(g, "clash_sub_contact", hex=SUB_HEX, entering=["usn"], side="USN")


def test_11_1_3_several_tgs_entering_a_draw_picks_the_one_affected() -> None:
    tgs = [tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", SUB_HEX, IJN_TG),
           tg("ijn2", "IJN", SUB_HEX, ["zuikaku", "div-4"])]
    g = contact([2, 3], tgs=tgs, entering=["ijn", "ijn2"])
    draw = kinds(g, "draw")[0]
    assert draw.rule == "11.1.3" and draw.data == {"index": 1, "of": 2}
    assert "ijn2" in kinds(g, "sub")[-1].text  # the second formation is the one the boat finds (then misses)


# -- 11.1.4 ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("roll", [1, 2])
def test_11_1_4_rows_1_2_neither_detect_nor_attack(roll: int) -> None:
    g = contact([roll])
    assert kinds(g, "sub_contact")[0].data["real"] is True
    assert not search.detected(g.state, "USN", "carrier", "ijn") and not g.state.tfs["ijn"].detected
    assert not kinds(g, "report") and not rolls(g, "11.1.5") and g.decision.kind == "formations"


@pytest.mark.parametrize("roll", [3, 4])
def test_11_1_4_rows_3_4_detect_with_a_report_within_3_and_no_attack(roll: int) -> None:
    g = contact([roll])
    assert search.detected(g.state, "USN", "carrier", "ijn") and g.state.tfs["ijn"].detected
    assert not search.detected(g.state, "IJN", "carrier", "usn")
    d = g.decision
    assert (d.player, d.kind, d.data["pm"], d.data["truth"]) == ("IJN", "search_report", 3, IJN_TRUE)
    g.apply(Action("report_way", {"way": "all_high"}))
    assert kinds(g, "report")[0].data["counts"] == {t: n + 3 for t, n in IJN_TRUE.items()}
    assert g.state.flags["reports"]["USN"]["ijn"]["counts"] == {t: n + 3 for t, n in IJN_TRUE.items()}
    assert not rolls(g, "11.1.5") and kinds(g, "sub")[-1].text.endswith("does not attack")


def test_11_1_4_the_report_is_bounded_never_zero_never_an_absent_type() -> None:
    g = contact([5])
    g.apply(Action("report_way", {"way": "by_type"}))
    with pytest.raises(IllegalAction, match="never reported as 0"):
        g.apply(Action("report_count", {"type": "CV", "count": 0}))
    with pytest.raises(IllegalAction, match="absent is never reported"):
        g.apply(Action("report_count", {"type": "BB", "count": 1}))
    with pytest.raises(IllegalAction, match="outside the search table's ±2"):
        g.apply(Action("report_count", {"type": "CV", "count": 4}))
    assert [o["count"] for o in g.legal_actions()] == [1, 2, 3]


@pytest.mark.parametrize("roll", [5, 6])
def test_11_1_4_rows_5_6_report_within_2_and_attack_any_unit_even_a_destroyer(roll: int) -> None:
    # the pick 4 of 4 is div-61, the destroyer division; the formation has one, so no +1: 7 -> 2 hits, capped at one
    # hull for a small unit (9.3)
    g = contact([roll, 4, 7, 1])
    assert g.decision.data["pm"] == 2
    g.apply(Action("report_way", {"way": "honest"}))
    draw = [e for e in kinds(g, "draw") if e.rule == "11.1.4"][0]
    assert draw.data == {"index": 3, "of": 4}
    rec = rolls(g, "11.1.5")[0].data["roll"]
    assert rec["modifiers"] == [] and str(rec["column"]) == "6"
    assert hits(g, "div-61") == 1 and hits(g, "taiho") == hits(g, "myoko") == hits(g, "yahagi") == 0


@pytest.mark.parametrize("roll", [7, 8])
def test_11_1_4_rows_7_8_report_within_1_and_attack_a_random_non_destroyer(roll: int) -> None:
    g = contact([roll, 3, 3, 1])  # 3 on the 6 column: one hit; its critical roll 1: no effect
    assert g.decision.data["pm"] == 1
    g.apply(Action("report_way", {"way": "all_low"}))
    assert kinds(g, "report")[0].data["counts"] == {"CV": 1, "CA": 1, "CL": 1, "DD": 1}
    draw = [e for e in kinds(g, "draw") if e.rule == "11.1.4"][0]
    assert draw.data["of"] == 3  # taiho, myoko, yahagi: div-61 is never the target
    assert hits(g, "yahagi") == 1 and hits(g, "div-61") == 0


def test_11_1_4_rows_7_8_against_destroyers_alone_attack_one_of_them_sub10() -> None:
    tgs = [tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", SUB_HEX, ["div-61", "div-4"])]
    g = contact([7, 2, 3, 1], tgs=tgs)
    g.apply(Action("report_way", {"way": "honest"}))
    assert [e for e in kinds(g, "draw") if e.rule == "11.1.4"][0].data["of"] == 2
    assert hits(g, "div-4") == 1


@pytest.mark.parametrize("roll", [9, 10])
def test_11_1_4_rows_9_10_exact_report_without_asking_and_the_owner_chooses(roll: int) -> None:
    g = contact([roll, 2])
    assert kinds(g, "report")[0].data["counts"] == IJN_TRUE  # exact: the IJN is asked nothing
    d = g.decision
    assert (d.player, d.kind, d.rule) == ("USN", "sub_target", "11.1.4")
    assert [o["type"] for o in d.options] == list(IJN_TRUE)
    assert "taiho" not in json.dumps([o.text for o in d.options]) + json.dumps(d.data)
    with pytest.raises(IllegalAction, match=r"11\.1\.4.*no BB"):
        g.apply(Action("sub_target", {"type": "BB"}))
    g.apply(Action("sub_target", {"type": "CV"}))
    assert hits(g, "taiho") == 0 and "miss" in kinds(g, "sub")[-1].text  # 2 on the 6 column: no effect


def test_11_1_4_a_dummy_found_by_a_submarine_is_removed_sub8() -> None:
    tgs = [tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", SUB_HEX, IJN_TG),
           {"id": "d1", "name": "d1", "side": "IJN", "hex": SUB_HEX, "ships": [], "dummy": True}]
    g = contact([2, 3], tgs=tgs, entering=["ijn", "d1"])
    assert not g.state.tfs["d1"].in_play and kinds(g, "dummy_removed")
    assert not kinds(g, "report") and g.state.tfs["ijn"].detected is False


# -- 11.1.5 ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("roll, expected", [(1, 0), (2, 0), (3, 1), (6, 1), (7, 2), (10, 2)])
def test_11_1_5_damage_table_6_column_with_destroyers_present(roll: int, expected: int) -> None:
    # row 5: a random unit; pick 1 = taiho; criticals rolled 1 (no effect) for each torpedo hit (9.3)
    g = contact([5, 1, roll, 1, 1])
    g.apply(Action("report_way", {"way": "honest"}))
    rec = rolls(g, "11.1.5")[0].data["roll"]
    assert rec["raw"] == roll and rec["final"] == roll
    assert hits(g, "taiho") == expected
    assert len(rolls(g, "9.3")) == expected  # one torpedo critical roll per hit (9.3, criticals = torpedo_only)


@pytest.mark.parametrize("roll, expected", [(1, 0), (2, 1), (6, 2), (10, 3)])
def test_11_1_5_plus_one_when_the_formation_has_no_destroyer(roll: int, expected: int) -> None:
    tgs = [tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", SUB_HEX, IJN_NO_DD)]
    g = contact([5, 1, roll, 1, 1, 1], tgs=tgs)
    g.apply(Action("report_way", {"way": "honest"}))
    rec = rolls(g, "11.1.5")[0].data["roll"]
    assert [m["value"] for m in rec["modifiers"]] == [1] and rec["final"] == roll + 1
    assert hits(g, "taiho") == expected


def test_11_1_5_the_submarine_owner_never_learns_the_ship_it_hit() -> None:
    g = contact([5, 1, 7, 1, 1])
    g.apply(Action("report_way", {"way": "honest"}))
    assert hits(g, "taiho") == 2
    usn = [e for e in g.events if e.visible is None or "USN" in e.visible]
    assert not any("Taiho" in e.text or "taiho" in json.dumps(e.data) for e in usn)
    assert any(e.kind == "damage" and e.visible == ("USN",) and "a naval unit of ijn" in e.text.lower() for e in usn)


def test_11_1_5_a_detached_ship_entering_is_its_hexs_detached_group_sub6() -> None:
    g = new(position([tg("usn", "USN", "3111", USN_TG), tg("ijn", "IJN", "2611", IJN_TG)]), [5, 2])
    s = g.state.ships["myoko"]
    g.state.tfs["ijn"].ships.remove("myoko")
    s.independent, s.hex = True, SUB_HEX
    g.state.sonar.append({"id": "sub-9", "hex": SUB_HEX, "owner": "USN", "identity": "USN"})
    run(g, "clash_sub_contact", hex=SUB_HEX, entering=["myoko"], side="USN")
    gid = search.detached_id("IJN", SUB_HEX)
    assert search.detected(g.state, "USN", "carrier", "myoko")
    assert g.decision.data["target"] == gid and g.decision.data["truth"] == {"CA": 1}
    g.apply(Action("report_way", {"way": "honest"}))
    rec = rolls(g, "11.1.5")[0].data["roll"]
    assert [m["value"] for m in rec["modifiers"]] == [1]  # a lone cruiser has no destroyer with it


# -- 11.1.6 and 15.2 ------------------------------------------------------------------------------------------------


def test_11_1_6_clear_removes_every_marker() -> None:
    g = initial([4, 1, 1, 1, 1, 1, 1])
    while g.decision.kind == "sub_place":
        g.apply(g.legal_actions()[0])
    assert len(g.state.sonar) == 3
    ctx = RULES._context(Context(g.dice, g.events), g.state.data)
    submarines.clear(g.state, ctx)
    assert g.state.sonar == [] and g.events[-1].rule == "11.1.6" and g.events[-1].data == {"count": 3}


@pytest.mark.parametrize("roll, pulled", [(1, 0), (3, 0), (4, 1), (6, 1), (7, 2), (8, 2), (9, 3), (10, 3)])
def test_15_2_1_ijn_pull_table_through_the_option(roll: int, pulled: int) -> None:
    """15.2.1's whole table (1-3: 0, 4-6: 1, 7-8: 2, 9-10: 3), no DRM, with the option given to the game."""
    g = Game(RULES, RULES.load_scenario(position()), seed=5, options={"ijn_submarines": True},
             dice=[2, 1, 1, 6, 6, roll] + [1] * pulled + [6] * pulled)
    assert g.state.options == {"ijn_submarines": True}
    run(g, "clash_subs_initial")
    for _ in range(2):  # the USN places its two first (SUB-9)
        assert g.decision.player == "USN"
        g.apply(g.legal_actions()[0])
    ijn = rolls(g, "15.2.1")
    assert len(ijn) == 1 and ijn[0].data["roll"]["modifiers"] == []
    assert [e.data for e in kinds(g, "sub") if e.data.get("side") == "IJN" and "count" in e.data] == [
        {"side": "IJN", "count": pulled}]
    for _ in range(pulled):
        d = g.decision
        assert (d.player, d.kind, d.rule) == ("IJN", "sub_place", "15.2.2")
        assert all(dist(g.state.data, o["hex"], "3111") == 1 for o in d.options)  # 11.1.2's 6-10 band
        g.apply(d.options[0])
    ijn_markers = submarines.markers(g.state, "IJN")
    assert len(ijn_markers) == pulled and all(m["identity"] in ("IJN", "dummy") for m in ijn_markers)
    assert g.decision.kind == "formations"
    submarines.clear(g.state, RULES._context(Context(g.dice, g.events), g.state.data))
    assert g.state.sonar == [] and g.events[-1].rule == "11.1.6"  # 11.1.6: the IJN's leave the map too


def test_15_2_2_an_ijn_marker_on_the_usn_tg_is_refused_naming_15_2_2() -> None:
    g = Game(RULES, RULES.load_scenario(position()), seed=5, options={"ijn_submarines": True},
             dice=[2, 1, 1, 6, 6, 9, 1, 1, 1, 6])
    run(g, "clash_subs_initial")
    while g.decision.player == "USN":
        g.apply(g.legal_actions()[0])
    before = g.to_json()
    with pytest.raises(IllegalAction, match=r"15\.2\.2.*3111 holds enemy naval units"):
        g.apply(Action("place_sub", {"hex": "3111"}))
    assert g.to_json() == before


def test_15_2_2_an_ijn_boat_follows_11_1_3_to_11_1_5_against_a_usn_tg() -> None:
    """An IJN real boat met by the USN TG: turned over (11.1.3), a 9 on 11.1.4 finds the TG for the IJN's carrier
    channel with an exact report, the IJN chooses the type, and the torpedo attack (11.1.5) has no +1 (the TG has
    destroyers)."""
    g = Game(RULES, RULES.load_scenario(position()), seed=5, options={"ijn_submarines": True}, dice=[9, 10])
    g.state.sonar.append({"id": "sub-9", "hex": "3111", "owner": "IJN", "identity": "IJN"})
    run(g, "clash_sub_contact", hex="3111", entering=["usn"], side="IJN")
    flip = [e for e in g.events if e.rule == "11.1.3"]
    assert flip and flip[0].data["side"] == "IJN" and flip[0].data["real"] is True
    assert search.detected(g.state, "IJN", "carrier", "usn")
    assert kinds(g, "report")[0].data["counts"] == USN_TRUE  # 9-10: exact
    d = g.decision
    assert (d.player, d.kind, d.rule) == ("IJN", "sub_target", "11.1.4")
    assert [o["type"] for o in d.options] == list(USN_TRUE)
    g.apply(next(o for o in d.options if o["type"] == "CV"))
    rec = rolls(g, "11.1.5")[0].data["roll"]
    assert rec["modifiers"] == [] and hits(g, "bunker-hill") > 0
    assert not submarines.markers(g.state, "IJN")


def test_15_2_without_the_option_only_the_usn_pulls() -> None:
    g = initial([1, 1, 1, 6, 6])
    while g.decision.kind == "sub_place":
        g.apply(g.legal_actions()[0])
    assert not rolls(g, "15.2.1") and not submarines.markers(g.state, "IJN")
    assert g.state.options == {}


# -- formations, the 16.1 set-up, saving ----------------------------------------------------------------------------


def test_11_1_4_a_tf_entering_is_one_formation_and_its_tgs_are_detected_with_it() -> None:
    tgs = [tg("usn", "USN", "3111", USN_TG), tg("a", "IJN", SUB_HEX, ["taiho"], tf="mf"),
           tg("b", "IJN", SUB_HEX, ["myoko", "div-61"], tf="mf")]
    pos = {**position(tgs), "tfs": [{"id": "mf", "name": "Mobile Fleet", "side": "IJN", "hex": SUB_HEX}]}
    g = new(pos, [10, 1, 2])
    g.state.sonar.append({"id": "sub-9", "hex": SUB_HEX, "owner": "USN", "identity": "USN"})
    run(g, "clash_sub_contact", hex=SUB_HEX, entering=["mf"], side="USN")
    assert kinds(g, "report")[0].data == {"target": "mf", "counts": {"CV": 1, "CA": 1, "DD": 1}, "channel": "carrier"}
    assert search.detected(g.state, "USN", "carrier", "mf") and g.state.tfs["a"].detected and g.state.tfs["b"].detected
    assert not search.detected(g.state, "USN", "land", "mf")
    assert [o["type"] for o in g.decision.options] == ["CV", "CA", "DD"]


def test_11_1_2_on_the_16_1_set_up_markers_go_next_to_the_ijn_markers_never_on_them() -> None:
    g = Game(RULES, RULES.load_scenario("historical"), seed=1, dice=[5, 1, 1, 1, 8, 3])
    st = g.state
    st.turn = 2
    run(g, "clash_subs_initial")
    ijn = submarines.enemy_marker_hexes(st, "USN")
    assert ijn and all(not h.startswith(submarines.search.DETACHED) for h in ijn)
    d = g.decision
    offered = [o["hex"] for o in d.options]
    assert offered and all(min(dist(st.data, h, m) for m in ijn) == 1 for h in offered)
    g.apply(d.options[0])
    offered = [o["hex"] for o in g.decision.options]  # the second marker rolled 3: two or more from every one
    assert d.options[0]["hex"] not in offered
    assert all(min(dist(st.data, h, m) for m in ijn) >= 2 for h in offered)


def test_a_placement_and_its_hidden_faces_survive_a_save_and_load() -> None:
    from leyte.rulebooks.imperial_sunset.state import State

    g = initial([4, 1, 1, 1, 6, 6, 6])
    g.apply(g.legal_actions()[0])
    back = State.from_dict(json.loads(json.dumps(g.state.to_dict())), g.state.data)
    assert back.sonar == g.state.sonar and back.stack == g.state.stack
    assert [m["identity"] for m in back.sonar] == ["USN"] and back.stack[-1]["queue"] == ["USN", "USN"]
