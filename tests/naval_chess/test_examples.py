"""The Naval Chess Game's worked examples and table notes, driven through the public API with scripted dice.

Every number an example or note of the rulebook states is asserted here: the rolls, the rows read, the results,
who sees what. The positions and scripts are the shared ones of ``leyte.rulebooks.naval_chess.examples`` (the
notebooks play the same ones); a test that needs another die or another ship builds a variant of one.
"""

from __future__ import annotations

import copy
import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
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
    """The hit events as the target's owner sees them (with the target's id); an attacker who has not identified
    the target gets a second, masked copy without it (R-45)."""
    return [e.data for e in events(g, "hit") if "target" in e.data]


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
    before = copy.deepcopy(ex.position)
    g = leyte.new_game("naval-chess", scenario=ex.position, dice=list(ex.dice), seed=1)
    played = play_script(g, ex.script)
    assert ex.position == before, "playing an example must not change the shared position"
    assert len(played) == len(ex.script)
    assert tuple(r["raw"] for r in rolls(g)) == ex.dice
    assert all(r["scripted"] for r in rolls(g)), "an example must roll nothing beyond its script"
    assert ex.case and ex.title and ex.shows
    assert ex.position["setup"] is False


def test_the_examples_module_is_light() -> None:
    """Notebooks import the examples; like ``import leyte`` they must load no widget, plotting or pandas module."""
    code = ("import sys, leyte.rulebooks.naval_chess.examples as m; "
            "bad = [k for k in sys.modules if k.split('.')[0] in ('pandas', 'ipywidgets', 'ipycanvas', 'bokeh')"
            " or k.startswith('leyte.jupyter')]; print(len(m.EXAMPLES), bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    assert out.stdout.strip() == f"{len(EXAMPLES)} []"


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
    assert {"vp": -8, "reason": "Washington (BB) lost"}.items() <= g.view()["pending_vp"][0].items()


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
    # With Taffy 1 there, the Seventh Fleet is first offered a strike on the Bettys' field at D5 (R-12): it declines.
    script = [{"kind": "done"}] if escort else []
    g = drive(new(pos, [3, 3, 2] if escort else [3, 2]),
              [*script, {"kind": "strike", "air": "betty_1", "target": "washington"}])
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


# -- VI.B.2.b night surprise --------------------------------------------------------------------------------------


def surprise(g: Game) -> dict[str, Any]:
    (e,) = events(g, "surprise")
    return e.data


@pytest.mark.parametrize(("raw", "winner"), [(1, "IJN"), (2, "none"), (3, "none"), (4, "Allies"), (5, "Allies"),
                                              (6, "Allies")])
def test_vi_b_2_b_e7_example_allies_who_stayed_get_surprise_on_4_to_6_and_the_ijn_on_1(raw: int, winner: str) -> None:
    g = play("night_surprise_e7", dice=(raw,))
    s = surprise(g)
    assert (s["raw"], s["shift"], s["final"], s["result"]) == (raw, 1, min(6, raw + 1), winner)
    assert events(g, "surprise")[0].visible == ("IJN", "Seventh Fleet")
    assert g.decision.kind == "allocate" and g.decision.player == "IJN"


def test_vi_b_2_b_surprise_fires_first_with_plus_one_in_the_first_round() -> None:
    g = play("night_surprise_e7", dice=(4, 2, 3))  # Allied surprise; then the Allies' 2, then Yamashiro's 3
    drive(g, [{"kind": "fire", "unit": "yamashiro", "target": "oldbb_1"},
              {"kind": "fire", "unit": "oldbb_1", "target": "yamashiro"}])
    first, second = rolls(g)[1:3]
    assert "Mississippi group" in first["purpose"].split(" fires")[0] and "surprise" in first["purpose"]
    assert "Yamashiro" in second["purpose"].split(" fires")[0] and "surprise" not in second["purpose"]
    allied_hit, ijn_hit = hits(g)
    # 2 +1 for surprise +1 against the Very Slow Yamashiro: row 4, D; it lands before Yamashiro fires
    assert (allied_hit["target"], allied_hit["raw"], allied_hit["row"], allied_hit["cell"]) == ("yamashiro", 2, 4, "D")
    # Yamashiro's 3 has no surprise bonus, only +1 against the Very Slow old battleships: row 4
    assert (ijn_hit["target"], ijn_hit["raw"], ijn_hit["row"]) == ("oldbb_1", 3, 4)
    order = [e.kind for e in g.events if e.kind in ("roll", "hit")][-4:]
    assert order == ["roll", "hit", "roll", "hit"]  # fire alternates: the Allies' hit lands before the IJN rolls


@pytest.mark.parametrize(("raw", "result"), [(1, "none"), (2, "none"), (3, "none"), (4, "Allies"), (6, "Allies")])
def test_vi_b_2_b_an_unscreened_damaged_ship_denies_its_side_surprise_and_raises_the_enemy_roll(raw: int,
                                                                                                result: str) -> None:
    """Both sides have stayed in E7 since the day (the two +1s cancel); the IJN line holds the Damaged Fuso (an
    unscreened class): the roll is raised by 1 for the Allies, and a result in the IJN's band gives no surprise."""
    pos = {"id": "crippled", "setup": False, "start": "after_midnight_combat", "allied": {"oldbb_1": "E7"},
           "ijn": {"task_forces": [{"units": ["yamashiro", "fuso"], "at": "E7"}]}, "damaged": ["fuso"]}
    s = surprise(new(pos, [raw]))
    assert (s["raw"], s["shift"], s["final"], s["result"]) == (raw, 1, min(6, raw + 1), result)


def test_vi_b_2_b_the_allies_damaged_line_gets_no_surprise_on_a_5() -> None:
    """The Allied side stayed (+1) but holds a Damaged old battleship (-1): the roll of 5 is read as 5, the Allies'
    band, and they get no surprise; a 1 is still the IJN's."""
    for raw, result in ((5, "none"), (1, "IJN")):
        ex = EXAMPLES["night_surprise_e7"]
        pos = {**copy.deepcopy(ex.position), "damaged": ["oldbb_1"]}
        g = new(pos, [raw])  # a Damaged ship moves only in the Morning: the Seventh Fleet has no move to make
        s = surprise(g)
        assert (s["raw"], s["shift"], s["final"], s["result"]) == (raw, 0, raw, result)


# -- VI.B.1.b.5 the 5th Air Force ---------------------------------------------------------------------------------


def test_vi_b_1_b_5_example_found_on_5_and_yamato_hit_ds_on_1() -> None:
    g = new(EXAMPLES["fifth_af"].position, [5, 1])
    search = rolls(g)[0]
    assert search["raw"] == 5 and "finds on 5+" in search["purpose"]
    d = g.decision
    assert (d.player, d.kind, d.rule) == ("Seventh Fleet", "fifth_af_target", "VI.B.1.b.5")
    assert sorted(o["unit"] for o in d.options) == ["nagato", "yamato"]
    label = d.data["marker"]
    for seat in ("Third Fleet", "Seventh Fleet"):  # the 5th Air Force's finds go to both Allied seats
        assert sorted(u["id"] for u in g.view(seat)["markers"][label]["units"]) == ["nagato", "yamato"]
    drive(g, EXAMPLES["fifth_af"].script)
    (hit,) = hits(g)
    assert (hit["target"], hit["raw"], hit["need"], hit["result"], hit["outcome"]) == ("yamato", 1, 1, "DS", "damaged")
    assert g.view()["units"]["yamato"]["damaged"] is True


@pytest.mark.parametrize("raw", range(1, 7))
def test_vi_b_1_b_5_search_finds_a_task_force_on_5_or_6(raw: int) -> None:
    g = new(EXAMPLES["fifth_af"].position, [raw, 6])
    found = raw >= 5
    assert (g.decision.kind == "fifth_af_target") is found
    label = next(iter(g.view("IJN")["markers"]))
    assert ("units" in g.view("Seventh Fleet")["markers"][label]) is found


@pytest.mark.parametrize(("damaged", "raw", "outcome"), [
    (False, 1, "damaged"), (False, 2, "no effect"), (True, 1, "sunk"), (True, 2, "sunk"), (True, 3, "no effect")])
def test_vi_b_1_b_5_hit_on_1_or_1_2_against_a_damaged_ship(damaged: bool, raw: int, outcome: str) -> None:
    g = play("fifth_af", dice=(5, raw), damaged=["yamato"] if damaged else [])
    (hit,) = hits(g)
    assert (hit["raw"], hit["need"], hit["outcome"]) == (raw, 2 if damaged else 1, outcome)


def test_vi_b_1_b_5_a_found_dummy_is_lifted_and_markers_outside_the_zone_are_not_searched() -> None:
    g = play("fifth_af_dummy")
    assert rolls(g)[0]["raw"] == 5
    assert [e.text.split(": ")[1] for e in events(g, "detected")] == ["no ships (a dummy)"]
    assert len(events(g, "marker_gone")) == 1
    assert g.view("IJN")["markers"] == {} and g.view("Seventh Fleet")["markers"] == {}
    g = play("fifth_af_dummy", dice=(), ijn={"dummies": ["F6"]})  # F6 lies north of the C9-F7-H8 line
    assert rolls(g) == [] and len(g.view("IJN")["markers"]) == 1


# -- VI.B.1.b.4 the strike ceilings (RULINGS R-35) ------------------------------------------------------------------


def strikes_offered(g: Game) -> list[tuple[str, str]]:
    return [(o["target"], o["range"]) for o in offered(g, "strike")]


def points(g: Game) -> int:
    return g.view("Third Fleet")["units"]["air_38_1"]["strike_points"]


def test_vi_b_1_b_4_four_same_hex_strikes_a_day_and_no_fifth() -> None:
    ex = EXAMPLES["strike_ceiling_same_hex"]
    g = drive(new(ex.position, ex.dice), ex.script[:1])
    assert strikes_offered(g) == [("nagato", "same")] and g.view()["units"]["nagato"]["anchored"] is True
    drive(g, ex.script[1:2])
    assert strikes_offered(g) == [("nagato", "same")] and points(g) == 1
    drive(g, ex.script[2:3])
    assert points(g) == 2 and g.decision.kind == "move"  # two strikes a combat step; the Morning is over
    assert not events(g, "battle")  # the Allies sailed in past a harbor
    drive(g, ex.script[3:5])
    assert strikes_offered(g) == [("nagato", "same")] and points(g) == 3
    drive(g, ex.script[5:])
    assert points(g) == 4
    assert (g.decision.player, g.decision.kind) == ("IJN", "flee")  # the battle; no fifth strike was offered
    assert [h["raw"] for h in hits(g)] == [2, 2, 2, 2]
    assert all(h["row"] == 3 and h["cell"] == "D" for h in hits(g))  # +1 against a ship in harbor


def test_vi_b_1_b_4_one_long_then_two_same_hex() -> None:
    ex = EXAMPLES["strike_ceiling_long_then_same"]
    g = new(ex.position, ex.dice)
    assert rolls(g)[0]["raw"] == 3 and "finds on 3+" in rolls(g)[0]["purpose"]
    assert strikes_offered(g) == [("nagato", "long")]
    drive(g, ex.script[:1])
    assert points(g) == 2 and strikes_offered(g) == [("nagato", "long")]  # 2 + 2 still fits the day
    drive(g, ex.script[1:4])
    assert points(g) == 3 and strikes_offered(g) == [("nagato", "same")]
    drive(g, ex.script[4:])
    assert points(g) == 4 and (g.decision.player, g.decision.kind) == ("IJN", "organise")


def test_vi_b_1_b_4_two_same_hex_then_one_long_in_the_afternoon() -> None:
    ex = EXAMPLES["strike_ceiling_same_then_long"]
    g = drive(new(ex.position, ex.dice), ex.script[:2])
    assert points(g) == 2 and g.decision.kind == "flee"  # no third strike in the step; the battle follows
    drive(g, ex.script[2:4])
    assert g.view("Third Fleet")["markers"][next(iter(g.view("IJN")["markers"]))]["hex"] == "H6"
    assert g.decision.kind == "move"  # Nagato 1 hex off, detected, yet no ranged strike after a same-hex one
    drive(g, ex.script[4:5])
    assert strikes_offered(g) == [("nagato", "long")]
    drive(g, ex.script[5:])
    assert points(g) == 4 and (g.decision.player, g.decision.kind) == ("IJN", "organise")


def test_vi_b_1_b_4_two_long_strikes_and_no_extended_one_after_a_long() -> None:
    ex = EXAMPLES["strike_ceiling_two_long"]
    g = new(ex.position, ex.dice)
    assert [r["raw"] for r in rolls(g)] == [4, 4]
    assert sorted(strikes_offered(g)) == [("kongo", "extended"), ("nagato", "long")]
    drive(g, ex.script[:1])
    assert points(g) == 2 and strikes_offered(g) == [("nagato", "long")]
    drive(g, ex.script[1:2])
    assert points(g) == 4 and g.decision.kind == "move"
    drive(g, ex.script[2:])
    assert (g.decision.player, g.decision.kind) == ("IJN", "organise")  # nothing in the Afternoon either
    assert [(h["target"], h["raw"], h["cell"]) for h in hits(g)] == [("nagato", 2, "-"), ("nagato", 2, "-")]


def test_vi_b_1_b_4_one_extended_strike_and_then_no_long_one() -> None:
    ex = EXAMPLES["strike_ceiling_extended"]
    g = drive(new(ex.position, ex.dice), ex.script[:1])
    (hit,) = hits(g)
    assert (hit["target"], hit["raw"], hit["row"], hit["cell"], hit["factors"]) == ("kongo", 4, 4, "D", 2)
    assert points(g) == 4 and g.decision.kind == "move"
    drive(g, ex.script[1:])
    assert (g.decision.player, g.decision.kind) == ("IJN", "organise")


# -- VI.B.2.b PT boats --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("raw", range(1, 7))
def test_vi_b_2_b_gunfire_sinks_a_pt_boat_on_3_to_6(raw: int) -> None:
    g = play("pt_gunfire", dice=(3, raw, 1))
    assert surprise(g)["result"] == "none"
    on_pt = next(h for h in hits(g) if h["target"] == "pt_boats")
    assert (on_pt["raw"], on_pt["result"]) == (raw, "S" if raw >= 3 else "-")
    assert (g.view()["units"]["pt_boats"]["loc"] == "sunk") is (raw >= 3)


def test_vi_b_2_b_pt_example_costs_the_allies_one_point_and_pt_boats_hide_by_day() -> None:
    g = play("pt_gunfire")
    assert g.view()["allied_vp"] == -1
    assert [(e["vp"], e["reason"]) for e in g.view()["ledger"]] == [(-1, "PT boats (PT) lost")]
    by_day = {**copy.deepcopy(EXAMPLES["pt_gunfire"].position), "start": "morning_combat"}
    g = new(by_day, [])
    assert not events(g, "battle") and g.view()["units"]["pt_boats"]["loc"] == "E7"


# -- IV the victory bands (R-8) -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("ex_id", "vp", "winner", "level", "wins"), [
    ("victory_allied_strategic", 40, "Allies", "strategic", 2),
    ("victory_allied_tactical", 39, "Allies", "tactical", 1),
    ("victory_japanese_tactical", 19, "Japan", "tactical", 1),
    ("victory_japanese_strategic", -1, "Japan", "strategic", 2),
])
def test_iv_victory_bands(ex_id: str, vp: int, winner: str, level: str, wins: int) -> None:
    g = play(ex_id)
    assert g.over and g.decision is None
    r = g.result
    assert (r["allied_vp"], r["winner"], r["level"], r["wins"], r["day"], r["historical_vp"]) == (
        vp, winner, level, wins, 7, 72)
    ledger = g.view("IJN")["ledger"]
    assert sum(e["vp"] for e in ledger) == vp and ledger[0]["vp"] == 15  # the Unryu option, at the start


def test_iv_the_strategic_ledger_line_by_line() -> None:
    g = play("victory_allied_strategic")
    assert [(e["vp"], e["reason"]) for e in g.view()["ledger"]] == [
        (15, "the IJN takes the Unryu option"), (12, "Yamato (SBB) lost"), (5, "Atago group (CA) lost"),
        (4, "transports anchored in Leyte Gulf"), (4, "transports anchored in Lingayen Gulf")]
    g = play("victory_japanese_strategic")
    assert [(e["vp"], e["reason"]) for e in g.view()["ledger"]] == [
        (15, "the IJN takes the Unryu option"), (-8, "Northern transports (TR) lost"),
        (-8, "Southern transports (TR) lost")]
    assert [(h["raw"], h["row"], h["cell"], h["outcome"]) for h in hits(g)] == [(5, 6, "DS", "sunk")] * 2


# -- VI.B.1.b.2.c-d the numbers of the surface battle and air range notes --------------------------------------


def test_vi_b_1_b_2_c_withdrawal_hexes_from_the_e7_battle() -> None:
    """Yamashiro came in from E8: it may leave across that hexside or one of the two next to it (E8, D7, F7). The
    Allies, who did not move, may leave only across the three hexsides away from the side the IJN came in by
    (F6, E6, D6). A withdrawal is one hex; the old battleships are no faster than Yamashiro, so no pursuit."""
    g = play("night_surprise_e7", dice=(2, 1, 1, 1, 1))  # no surprise; then every shot misses (row 2: -)
    drive(g, [{"kind": "fire", "unit": "yamashiro"}, {"kind": "fire", "unit": "oldbb_1"}])
    assert g.decision.player == "IJN" and sorted(o["to"] for o in offered(g, "flee")) == ["D7", "E8", "F7"]
    choose(g, kind="stay")
    assert g.decision.player == "Seventh Fleet"
    assert sorted(o["to"] for o in offered(g, "flee")) == ["D6", "E6", "F6"]
    choose(g, kind="stay")
    drive(g, [{"kind": "fire", "unit": "yamashiro"}, {"kind": "fire", "unit": "oldbb_1"}])  # round 2
    choose(g, kind="flee", to="E8")
    assert g.view()["units"]["yamashiro"]["loc"] == "E8" and g.decision is not None
    assert [e.data for e in events(g, "withdraw")] == [{"seat": "IJN", "to": "E8"}]
    assert all(h["outcome"] == "no effect" for h in hits(g)) and all(r["scripted"] for r in rolls(g))


def test_vi_b_1_b_2_c_screened_ships_become_targets_after_the_second_round() -> None:
    pos = {"id": "screen", "setup": False, "start": "morning_combat", "allied": {"washington": "C6"},
           "ijn": {"task_forces": [{"units": ["nagato", "zuikaku"], "at": "C6"}]}}
    g = new(pos, [1, 1, 1, 1, 1, 1, 1])  # every shot misses (row 1 of the BB column, or row 2 with a modifier)
    targets_by_round = []
    ijn_firers = []
    for _ in range(3):
        ijn_firers.append([])
        while g.decision.player == "IJN":  # the IJN allocates first
            ijn_firers[-1].append(g.decision.data["firer"])
            choose(g, kind="fire", target="washington")
        targets_by_round.append(sorted(o["target"] for o in offered(g, "fire")))
        choose(g, kind="fire", unit="washington", target="nagato")
        choose(g, kind="stay")
        choose(g, kind="stay")
    assert targets_by_round == [["nagato"], ["nagato"], ["nagato", "zuikaku"]]
    # the screened carrier fires too from the third round, defensively, at the ship that may now attack it
    assert ijn_firers == [["nagato"], ["nagato"], ["nagato", "zuikaku"]]
    assert len(rolls(g)) == 7 and all(r["scripted"] for r in rolls(g))


@pytest.mark.parametrize(("seat", "carrier", "air", "at", "target", "dice", "kind"), [
    ("Third Fleet", "H6", "air_38_1", "G6", "nagato", [6], "long"),  # USN: long range 1 hex
    ("Third Fleet", "H6", "air_38_1", "F6", "nagato", [6], "extended"),  # USN: extended range 2 hexes
    ("Third Fleet", "H6", "air_38_1", "E6", "nagato", [], None),  # 3 hexes: beyond reach, not even searched
    ("IJN", "C6", "cv1", "D6", "washington", [6], "long"),  # IJN: long range 1-2 hexes
    ("IJN", "C6", "cv1", "E6", "washington", [6], "long"),
    ("IJN", "C6", "cv1", "F6", "washington", [6], "extended"),  # IJN: extended range 3 hexes
])
def test_vi_b_1_b_2_d_naval_air_ranges(seat: str, carrier: str, air: str, at: str, target: str, dice: list[int],
                                       kind: str | None) -> None:
    if seat == "IJN":
        pos = {"id": "range", "setup": False, "start": "morning_combat", "allied": {target: at},
               "ijn": {"task_forces": [{"units": ["zuikaku"], "at": carrier}], "air": {"cv1": "zuikaku"}}}
    else:
        pos = {"id": "range", "setup": False, "start": "morning_combat", "allied": {"tg38_1": carrier},
               "ijn": {"task_forces": [{"units": [target], "at": at}]}}
    g = new(pos, dice)
    assert [r["raw"] for r in rolls(g)] == dice and all(r["scripted"] for r in rolls(g))
    got = [o["range"] for o in offered(g, "strike") if o["air"] == air and o["target"] == target]
    assert got == ([kind] if kind else [])
    if kind:
        assert g.decision.player == seat
