"""The Naval Chess Game's worked examples and table notes, driven through the public API with scripted dice.

Every number an example or note of the rulebook states is asserted here: the rolls, the rows read, the results,
who sees what. The positions and scripts are the shared ones of ``leyte.rulebooks.naval_chess.examples`` (the
notebooks play the same ones); a test that needs another die or another ship builds a variant of one.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import pytest

import leyte
from leyte import Game
from leyte.jupyter.session import play_script
from leyte.rulebooks.naval_chess.examples import EXAMPLES


def new(pos: Mapping[str, Any], dice: list[int] | tuple[int, ...]) -> Game:
    return leyte.new_game("naval-chess", scenario=dict(pos), dice=list(dice), seed=1)


def matches(o: Any, want: Mapping[str, Any]) -> bool:
    if "kind" in want and o.kind != want["kind"]:
        return False
    if "text" in want and str(want["text"]) not in o.text:
        return False
    return all(o.get(k) == v for k, v in want.items() if k not in ("kind", "text"))


def choose(g: Game, **want: Any) -> None:
    """Apply the first option of the current decision that fits ``want`` (kind, text substring, parameters)."""
    d = g.decision
    assert d is not None, f"the game is over; wanted {want}"
    found = [o for o in d.options if matches(o, want)]
    assert found, f"{d.player}'s {d.kind} decision offers no {want}: {[o.text for o in d.options]}"
    g.apply(found[0])


def drive(g: Game, script: Any) -> Game:
    for want in script:
        choose(g, **want)
    return g


def events(g: Game, kind: str, seat: str | None = None) -> list[Any]:
    return [e for e in g.events if e.kind == kind and (seat is None or e.seen_by(seat))]


def hits(g: Game) -> list[dict[str, Any]]:
    return [e.data for e in events(g, "hit")]


def rolls(g: Game) -> list[dict[str, Any]]:
    return [e.data["roll"] for e in events(g, "roll")]


def offered(g: Game, kind: str) -> list[Any]:
    d = g.decision
    return [o for o in d.options if o.kind == kind] if d else []


def sub_position(target: str, *, start: str = "morning_combat", damaged: tuple[str, ...] = (),
                 posture: str = "passive", sub: str = "i_boats_1", extra: Mapping[str, str] | None = None
                 ) -> dict[str, Any]:
    """A submarine and one enemy force in F6 (a sea hex outside Surigao Strait)."""
    allied = dict(extra or {})
    ijn: dict[str, Any] = {}
    if sub == "darter":
        allied["darter"] = "F6"
        ijn["task_forces"] = [{"units": [target], "at": "F6"}]
    else:
        allied[target] = "F6"
        ijn["subs"] = {sub: "F6"}
    owner = "Seventh Fleet" if sub == "darter" else "IJN"
    return {"id": "sub-test", "setup": False, "start": start, "allied": allied, "ijn": ijn, "damaged": list(damaged),
            "posture": {owner: posture}}


# -- the engine counts the defences as the attack found them ----------------------------------------------------


def test_vi_b_1_b_2_a_a_carrier_the_sub_damages_still_counts_for_the_anti_sub_roll() -> None:
    """An Active IJN sub rolls 3 against a lone Undamaged fleet carrier by day: the bracketed row 3 is D with XX.
    The carrier was Undamaged when attacked, so the task force had 2 anti-sub factors and the sub is lost, though
    the same roll damaged the carrier."""
    g = new(sub_position("tg38_1", posture="active"), [3])
    choose(g, kind="target", unit="tg38_1")
    (hit,) = hits(g)
    assert (hit["result"], hit["outcome"], hit["loss"], hit["factors"]) == ("D", "damaged", "XX", 2)
    assert g.view()["units"]["tg38_1"]["damaged"] is True
    (lost,) = events(g, "sub_lost")
    assert "XX against 2 anti-sub factors" in lost.text
    assert g.view()["units"]["i_boats_1"]["loc"] == "sunk"


def test_vi_b_1_b_2_b_a_carrier_sunk_by_the_strike_still_fired_its_anti_air() -> None:
    """On 25 October (day 6) the Kamikaze rolls 3 at extended range (3 hexes) against the Damaged Taffy 1 alone:
    +1 against a Damaged ship reads row 4, DS, and the Damaged carrier sinks; the unaltered row 3 is XXX. The task
    force met the strike with 1 + 1 carrier + 1 for the extended range = 3 factors, so the Kamikaze is shot down:
    the carrier's sinking by the same strike does not take its guns out of the count."""
    pos = {"id": "aa-test", "setup": False, "day": 6, "start": "morning_combat", "allied": {"taffy_1": "G5"},
           "ijn": {"air": {"kamikaze_1": "D5"}}, "damaged": ["taffy_1"]}
    g = new(pos, [5, 3])  # the land-based search at 3 hexes (5+), then the strike
    choose(g, kind="strike", air="kamikaze_1", target="taffy_1", range="extended")
    (hit,) = hits(g)
    assert (hit["raw"], hit["row"], hit["cell"], hit["outcome"]) == (3, 4, "DS", "sunk")
    assert (hit["loss"], hit["factors"]) == ("XXX", 3)
    assert [e.text for e in events(g, "air_lost") if "Anti-aircraft" in e.text] == [
        "Anti-aircraft fire destroys an IJN Kamikaze air unit (XXX against 3 factors)"]


# -- positions may hold dummies (for the 5th Air Force example) ---------------------------------------------------


def test_vi_b_1_a_a_position_may_lay_dummies_and_a_bad_one_is_refused_with_its_field() -> None:
    pos = {"id": "dummy-test", "setup": False, "allied": {"tr_south": "E7"}, "ijn": {"dummies": ["G9", "off:north"]}}
    g = new(pos, [])
    markers = g.view("IJN")["markers"]
    assert sorted(m["hex"] for m in markers.values()) == ["G9", "off:north"]
    assert all(m["dummy"] and m["units"] == [] for m in markers.values())
    assert all("units" not in m for m in g.view("Seventh Fleet")["markers"].values())
    with pytest.raises(leyte.LeyteError, match=r"ijn\.dummies\[0\].*A1 is land.*VI\.B\.1\.a"):
        new({**pos, "ijn": {"dummies": ["A1"]}}, [])
    with pytest.raises(leyte.LeyteError, match=r"15 IJN markers but only 14 labels"):
        new({**pos, "ijn": {"dummies": ["G9"] * 14}, "options": {"unryu": True}}, [])


# -- every shared example plays as the notebooks play it ----------------------------------------------------------


@pytest.mark.parametrize("ex_id", sorted(EXAMPLES))
def test_each_example_plays_start_to_end_with_exactly_its_scripted_dice(ex_id: str) -> None:
    ex = EXAMPLES[ex_id]
    g = leyte.new_game("naval-chess", scenario=ex.position, dice=list(ex.dice), seed=1)
    played = play_script(g, ex.script)
    assert len(played) == len(ex.script)
    assert tuple(r["raw"] for r in rolls(g)) == ex.dice
    assert all(r["scripted"] for r in rolls(g)), "an example must roll nothing beyond its script"
    assert ex.case and ex.title and ex.shows
    assert ex.position["setup"] is False


def play(ex_id: str, dice: tuple[int, ...] | list[int] | None = None, **changes: Any) -> Game:
    """Play a shared example, optionally with other dice or a changed position (a variant for one more case)."""
    ex = EXAMPLES[ex_id]
    pos = copy.deepcopy(ex.position)
    pos.update(changes)
    return drive(new(pos, ex.dice if dice is None else dice), ex.script)


# -- VI.B.1.b.2 the damage note -----------------------------------------------------------------------------------


def test_vi_b_1_b_2_damage_note_example_second_roll_ds_sinks_the_damaged_washington() -> None:
    g = play("damage_note")
    first, reply = hits(g)
    assert (first["column"], first["raw"], first["row"], first["cell"]) == ("CA", 4, 5, "D1-3/DS4-6")
    assert (first["target"], first["result"], first["outcome"]) == ("washington", "DS", "sunk")
    assert (reply["column"], reply["raw"], reply["row"], reply["result"], reply["outcome"]) == (
        "BB", 1, 1, "-", "no effect")
    second = rolls(g)[2]
    assert second["raw"] == 5 and "D on 1-3, DS on 4-6" in second["purpose"]
    assert g.view()["units"]["washington"]["loc"] == "sunk"
    assert {"vp": -8, "reason": "Washington lost"}.items() <= g.view()["pending_vp"][0].items()


@pytest.mark.parametrize("second", range(1, 7))
def test_vi_b_1_b_2_d1_3_ds4_6_is_a_second_roll(second: int) -> None:
    g = play("damage_note", dice=(4, 1, second))
    first = hits(g)[0]
    assert first["cell"] == "D1-3/DS4-6"
    if second <= 3:  # D: the Damaged Washington stays Damaged and afloat
        assert (first["result"], first["outcome"]) == ("D", "already damaged")
        assert g.view()["units"]["washington"]["damaged"] is True
        assert g.view()["units"]["washington"]["loc"] == "F6"
    else:  # DS: sinks a ship that is already Damaged
        assert (first["result"], first["outcome"]) == ("DS", "sunk")


def test_vi_b_1_b_2_d_never_sinks_an_already_damaged_ship() -> None:
    g = play("damage_note", dice=(2, 1))  # CA row 2 +1 = row 3: D
    first = hits(g)[0]
    assert (first["row"], first["cell"], first["outcome"]) == (3, "D", "already damaged")
    assert g.view()["units"]["washington"]["loc"] == "F6"


def test_vi_b_1_b_2_ds_only_damages_an_undamaged_ship_and_sinks_a_damaged_one() -> None:
    g = play("damage_note", dice=(6, 1), damaged=[])  # CA row 6: DS
    first = hits(g)[0]
    assert (first["row"], first["cell"], first["outcome"]) == (6, "DS", "damaged")
    assert g.view()["units"]["washington"]["damaged"] is True and g.view()["units"]["washington"]["loc"] == "F6"
    g = play("damage_note", dice=(5, 1))  # Damaged target: row 5 +1 = row 6: DS
    assert (hits(g)[0]["row"], hits(g)[0]["cell"], hits(g)[0]["outcome"]) == (6, "DS", "sunk")


def test_vi_b_1_b_2_s_sinks_an_undamaged_ship() -> None:
    ex = EXAMPLES["damage_note"]
    pos = {**copy.deepcopy(ex.position), "damaged": [], "ijn": {"task_forces": [{"units": ["yamato"], "at": "F6"}]}}
    g = drive(new(pos, [6, 1]), [{"kind": "fire", "unit": "yamato", "target": "washington"},
                                 {"kind": "fire", "unit": "washington", "target": "yamato"}])
    first = hits(g)[0]
    assert (first["column"], first["row"], first["cell"], first["outcome"]) == ("SBB", 6, "S", "sunk")
    assert g.view()["units"]["washington"]["loc"] == "sunk"


# -- VI.B.1.b.2.a submarines: contact reports, +1 against a Damaged ship, anti-sub factors --------------------------


def contact_reports(g: Game, seat: str | None = None) -> list[Any]:
    return [e for e in events(g, "detected", seat) if e.text.startswith("Contact report")]


@pytest.mark.parametrize("raw", range(1, 7))
def test_vi_b_1_b_2_a_ijn_sub_reports_on_a_roll_above_3_to_the_ijn_only(raw: int) -> None:
    g = play("sub_contact_ijn", dice=(raw,))
    sunk = raw == 1  # row 1's X against the lone battleship's 1 anti-sub factor
    assert (g.view()["units"]["i_boats_1"]["loc"] == "sunk") is sunk
    reports = contact_reports(g)
    if raw > 3:
        (rep,) = reports
        assert rep.visible == ("IJN",)
        assert "Washington (BB)" in rep.text and "Louisville group (CA)" in rep.text
        assert {"washington", "oldendorf_cruisers"} <= set(g.view("IJN")["units"])
        assert "allied_counters" in g.view("IJN") and "F6" not in g.view("IJN")["allied_counters"]
    else:
        assert reports == []
        assert g.view("IJN")["allied_counters"] == {"F6": 2}
    for seat in ("Third Fleet", "Seventh Fleet"):
        assert not [e for e in g.view(seat)["log"] if "Contact report" in e["text"]]


@pytest.mark.parametrize("raw", range(1, 7))
def test_vi_b_1_b_2_a_allied_sub_reports_on_a_roll_above_2_to_its_own_seat_only(raw: int) -> None:
    g = play("sub_contact_allied", dice=(raw,))
    label = next(iter(g.view("IJN")["markers"]))
    assert (g.view()["units"]["darter"]["loc"] == "sunk") is (raw == 1)
    seventh, third = g.view("Seventh Fleet"), g.view("Third Fleet")
    assert not [e for e in third["log"] if "Contact report" in e["text"] or "Nagato" in e["text"]]
    assert "units" not in third["markers"][label] and third["detected"] == []
    if raw > 2:
        (rep,) = contact_reports(g)
        assert rep.visible == ("Seventh Fleet",) and "Nagato (BB" in rep.text
        assert [u["id"] for u in seventh["markers"][label]["units"]] == ["nagato"]
        assert seventh["detected"] == [label]
    else:
        assert contact_reports(g) == []
        assert "units" not in seventh["markers"][label]


def test_vi_b_1_b_2_a_the_report_reads_the_raw_roll_and_the_hit_the_raised_one() -> None:
    """An IJN sub rolls 3 against the Damaged Washington: +1 reads row 4 (D; the ship stays Damaged), but the raw 3
    is not above 3, so no report."""
    g = play("sub_contact_ijn", dice=(3,), damaged=["washington"])
    (hit,) = hits(g)
    assert (hit["raw"], hit["row"], hit["cell"], hit["outcome"]) == (3, 4, "D", "already damaged")
    assert contact_reports(g) == []
    g = play("sub_contact_ijn", dice=(5,), damaged=["washington"])  # row 6: DS sinks the Damaged ship
    assert (hits(g)[0]["row"], hits(g)[0]["cell"], hits(g)[0]["outcome"]) == (6, "DS", "sunk")
    g = play("sub_contact_ijn", dice=(5,))  # the same roll against an Undamaged ship reads row 5: D
    assert (hits(g)[0]["row"], hits(g)[0]["cell"], hits(g)[0]["outcome"]) == (5, "D", "damaged")


def test_vi_b_1_b_2_a_subs_do_not_attack_ships_in_harbor() -> None:
    pos = {"id": "harbor", "setup": False, "start": "morning_combat", "allied": {"tr_south": "E7"},
           "ijn": {"subs": {"i_boats_1": "E7"}}}
    g = new(pos, [])
    assert g.view()["units"]["tr_south"]["anchored"] is True
    assert not events(g, "hit") and g.decision.kind != "sub_target"


def test_vi_b_1_b_2_a_sub_asw_example_escorts_and_a_carrier_make_xx() -> None:
    g = play("sub_asw")
    (hit,) = hits(g)
    assert (hit["raw"], hit["row"], hit["cell"], hit["loss"], hit["factors"]) == (2, 2, "-", "XX", 2)
    (lost,) = events(g, "sub_lost")
    assert lost.text == "The escorts sink the IJN submarine (XX against 2 anti-sub factors)"
    assert g.view()["units"]["i_boats_1"]["loc"] == "sunk"


@pytest.mark.parametrize(("case", "factors"), [
    ("by day", 2), ("at night", 1), ("Damaged carrier", 1), ("two carriers", 2), ("no carrier", 1),
    ("in Surigao Strait", 1)])
def test_vi_b_1_b_2_a_anti_sub_factors(case: str, factors: int) -> None:
    """1 factor for any task force's escorts; +1 for an Undamaged carrier by day (outside Surigao Strait); at
    most 2."""
    pos = copy.deepcopy(EXAMPLES["sub_asw"].position)
    if case == "at night":
        pos["start"] = "before_midnight_combat"
    elif case == "Damaged carrier":
        pos["damaged"] = ["tg38_1"]
    elif case == "two carriers":
        pos["allied"]["tg38_2"] = "F6"
    elif case == "no carrier":
        pos["allied"] = {"washington": "F6"}
    elif case == "in Surigao Strait":
        pos["allied"] = {"tg38_1": "E7"}
        pos["ijn"]["subs"] = {"i_boats_1": "E7"}
    target = next(iter(pos["allied"]))
    g = drive(new(pos, [2]), [{"kind": "target", "unit": target}])
    (hit,) = hits(g)
    assert (hit["loss"], hit["factors"]) == ("XX", factors)
    assert (g.view()["units"]["i_boats_1"]["loc"] == "sunk") is (factors == 2)


def test_vi_b_1_b_2_a_a_cvb_adds_no_anti_sub_factor() -> None:
    g = drive(new(sub_position("ise", sub="darter"), [2]), [{"kind": "target", "unit": "ise"}])
    assert (hits(g)[0]["loss"], hits(g)[0]["factors"]) == ("XX", 1)
    assert g.view()["units"]["darter"]["loc"] == "F6"
    g = drive(new(sub_position("zuikaku", sub="darter"), [2]), [{"kind": "target", "unit": "zuikaku"}])
    assert hits(g)[0]["factors"] == 2 and g.view()["units"]["darter"]["loc"] == "sunk"


# -- VI.B.1.b.2.b air: +1 to hit, not to the loss; anti-air factors ----------------------------------------------


def test_vi_b_1_b_2_b_air_example_5_becomes_6_ds_against_a_damaged_ship() -> None:
    g = play("air_plus_one")
    (hit,) = hits(g)
    assert (hit["column"], hit["raw"], hit["row"], hit["cell"], hit["loss"]) == ("air_weak", 5, 6, "DS", "-")
    assert hit["outcome"] == "sunk" and g.view()["units"]["nagato"]["loc"] == "sunk"
    assert not events(g, "air_lost")


def test_vi_b_1_b_2_b_air_example_1_x_stays_1_x() -> None:
    g = play("air_plus_one", dice=(1,))
    (hit,) = hits(g)
    assert (hit["raw"], hit["row"], hit["cell"], hit["loss"], hit["factors"]) == (1, 2, "-", "X", 1)
    (lost,) = events(g, "air_lost")
    assert lost.text == "Anti-aircraft fire destroys an Allied naval air unit (X against 1 factors)"
    assert g.view()["units"]["air_taffy_1"]["loc"] == "sunk"


@pytest.mark.parametrize(("target", "where", "damaged", "row", "cell"), [
    ("nagato", "C6", False, 5, "-"),  # Undamaged, not Very Slow, at sea: no +1
    ("fuso", "C6", False, 6, "DS"),  # Very Slow
    ("nagato", "D5", False, 6, "DS"),  # in harbor at Manila (anchored)
    ("nagato", "C6", True, 6, "DS"),  # Damaged
])
def test_vi_b_1_b_2_b_plus_one_against_damaged_very_slow_or_anchored(target: str, where: str, damaged: bool,
                                                                        row: int, cell: str) -> None:
    pos = copy.deepcopy(EXAMPLES["air_plus_one"].position)
    pos["allied"] = {"taffy_1": where}
    pos["ijn"] = {"task_forces": [{"units": [target], "at": where}]}
    pos["damaged"] = [target] if damaged else []
    g = drive(new(pos, [5]), [{"kind": "strike", "air": "air_taffy_1", "target": target}])
    (hit,) = hits(g)
    assert (hit["raw"], hit["row"], hit["cell"]) == (5, row, cell)


def test_vi_b_1_b_2_b_lone_carrier_has_two_anti_air_factors() -> None:
    g = play("aa_lone_carrier")
    (hit,) = hits(g)
    assert (hit["raw"], hit["loss"], hit["factors"]) == (2, "XX", 2)
    (lost,) = events(g, "air_lost")
    assert lost.text == "Anti-aircraft fire destroys an Allied naval air unit (XX against 2 factors)"
    g = drive(new({**EXAMPLES["aa_lone_carrier"].position, "ijn": {"task_forces": [{"units": ["nagato"],
                                                                                    "at": "C6"}]}}, [2]),
              [{"kind": "strike", "air": "air_taffy_1", "target": "nagato"}])
    assert hits(g)[0]["factors"] == 1 and not events(g, "air_lost")


@pytest.mark.parametrize(("at", "dice", "kind", "factors", "lost"), [
    ("G6", [1, 3, 3], "long", 2, False),  # 1 hex: the IJN's own search fails, the Third Fleet's finds on 3+
    ("F6", [1, 4, 3], "extended", 3, True),  # 2 hexes: extended range for USN naval air, one more factor
])
def test_vi_b_1_b_2_b_extended_range_adds_one_anti_air_factor(at: str, dice: list[int], kind: str, factors: int,
                                                               lost: bool) -> None:
    pos = {"id": "aa-ext", "setup": False, "start": "morning_combat", "allied": {"tg38_1": "H6"},
           "ijn": {"task_forces": [{"units": ["zuikaku"], "at": at}]}}
    g = drive(new(pos, dice), [{"kind": "strike", "air": "air_38_1", "target": "zuikaku", "range": kind}])
    (hit,) = hits(g)
    assert (hit["raw"], hit["loss"], hit["factors"]) == (3, "XXX", factors)
    assert (g.view()["units"]["air_38_1"]["loc"] == "sunk") is lost


@pytest.mark.parametrize(("escort", "factors"), [(None, 1), ("taffy_1", 2)])
def test_vi_b_1_b_2_b_allied_carriers_cover_every_allied_task_force_in_the_hex(escort: str | None,
                                                                              factors: int) -> None:
    # The land-based search rolls once for each Allied task force in D6 (each fleet's ships are one, R-24).
    allied = {"washington": "D6", **({escort: "D6"} if escort else {})}
    pos = {"id": "aa-allied", "setup": False, "start": "morning_combat", "allied": allied,
           "ijn": {"air": {"betty_1": "D5"}}}
    g = drive(new(pos, [3, 3, 2] if escort else [3, 2]), [{"kind": "strike", "air": "betty_1", "target": "washington"}])
    hit = hits(g)[0]
    assert (hit["target"], hit["loss"], hit["factors"]) == ("washington", "XX", factors)
    assert (g.view()["units"]["betty_1"]["loc"] == "sunk") is (factors == 2)


@pytest.mark.parametrize(("same_tf", "factors"), [(False, 1), (True, 2)])
def test_vi_b_1_b_2_b_ijn_carriers_cover_only_their_own_task_force(same_tf: bool, factors: int) -> None:
    tfs = ([{"units": ["nagato", "zuikaku"], "at": "C6"}] if same_tf
           else [{"units": ["nagato"], "at": "C6"}, {"units": ["zuikaku"], "at": "C6"}])
    pos = {**copy.deepcopy(EXAMPLES["aa_lone_carrier"].position), "ijn": {"task_forces": tfs}}
    g = drive(new(pos, [2]), [{"kind": "strike", "air": "air_taffy_1", "target": "nagato"}])
    assert hits(g)[0]["factors"] == factors
    assert (g.view()["units"]["air_taffy_1"]["loc"] == "sunk") is (factors == 2)
