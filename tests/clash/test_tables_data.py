"""Clash of the Carriers charts, constants, modifiers and turn record (issue 17 item 3).

The Player Aid Card was lost in OCR; tools/build_clash_tables.py rebuilds it. These tests hold the printed cells to
the numbers the rulebook prints (hard-coded here, never read from the rulebook text), replay the worked examples
that touch the charts (6.1, 10.4, 12.6, 12.8) and the 15.7 threshold, check every row carries a provenance tag, and
check the files stay fresh and readable by ``leyte.core.tables.Table`` and by the Imperial Sunset data loader, whose
formats the game reuses.
"""

from __future__ import annotations

import csv
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from leyte.core.datafiles import rows
from leyte.core.errors import LeyteError
from leyte.core.tables import PROVENANCE_TAGS, Table

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "scenarios" / "clash-of-the-carriers"
TABLES = GAME / "tables"
GENERATOR = ROOT / "tools" / "build_clash_tables.py"

TABLE_IDS = (
    "search_ijn", "search_usn", "damage", "aa", "air_to_air", "critical_hit", "sub_detection", "sub_markers_usn",
    "sub_markers_ijn", "sub_placement", "er_return", "island_ready", "deliver_ordnance", "surface_placement_day",
    "surface_placement_night",
)
PRINTED_TABLES = (
    "sub_detection", "sub_markers_usn", "sub_markers_ijn", "sub_placement", "er_return", "island_ready",
    "deliver_ordnance",
)


@cache
def table(tid: str) -> Table:
    return Table.load(TABLES / f"{tid}.toml")


@cache
def named(fname: str) -> dict[str, dict[str, str]]:
    with (GAME / fname).open(encoding="utf-8", newline="") as fh:
        got = list(csv.DictReader(fh))
    out = {r["id"]: r for r in got}
    assert len(out) == len(got), f"{fname}: ids must be unique"
    return out


def value(mid: str) -> int:
    """A constant or modifier, as rules code reads it (both files share one id space)."""
    row = named("constants.csv").get(mid) or named("modifiers.csv").get(mid)
    assert row is not None, f"no constant or modifier {mid!r}"
    return int(row["value"])


def cell(tid: str, roll: int) -> dict[str, object]:
    return dict(table(tid).lookup("-", roll).result)


# -- generator and formats -----------------------------------------------------------------------------------------


def test_generator_check_passes_on_the_committed_files() -> None:
    done = subprocess.run([sys.executable, str(GENERATOR), "--check"], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "33 files up to date" in done.stdout


def test_generator_refuses_a_row_without_provenance(tmp_path: Path) -> None:
    src = (ROOT / "tools" / "sources" / "clash_tables.toml").read_text(encoding="utf-8")
    bad = src.replace('provenance = "printed"\nsource = "11.1.4 (a random unit', 'source = "11.1.4 (a random unit', 1)
    assert bad != src
    (tmp_path / "bad.toml").write_text(bad, encoding="utf-8")
    done = subprocess.run([sys.executable, str(GENERATOR), "--source", str(tmp_path / "bad.toml"), "--out",
                           str(tmp_path / "out")], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2
    assert "7-8 needs a provenance tag" in done.stderr
    assert not (tmp_path / "out").exists()


def test_every_table_loads_and_no_other_table_is_shipped() -> None:
    assert sorted(p.stem for p in TABLES.glob("*.toml")) == sorted(TABLE_IDS)
    assert sorted(p.stem for p in TABLES.glob("*.csv")) == sorted(TABLE_IDS)
    for tid in TABLE_IDS:
        t = table(tid)
        assert t.id == tid
        assert t.cells, tid
        assert all(c.provenance in PROVENANCE_TAGS for c in t.cells.values()), tid
        assert all(c.source for c in t.cells.values()), f"{tid}: every cell needs a source (its own or the header's)"


def test_printed_tables_are_printed_in_every_cell() -> None:
    for tid in PRINTED_TABLES:
        assert table(tid).provenance == "printed", tid


def test_imperial_sunset_loader_reads_the_clash_files(tmp_path: Path) -> None:
    """The IS loader, given Clash's charts, constants, modifiers and turn record (the rest of the folder is IS's
    until the Clash units and map land), reads them all: same formats, no id clash between the two CSVs."""
    from leyte.rulebooks.imperial_sunset import data as is_data

    folder = tmp_path / "game"
    shutil.copytree(ROOT / "scenarios" / "imperial-sunset", folder)
    shutil.rmtree(folder / "tables")
    shutil.copytree(TABLES, folder / "tables")
    for name in ("constants.csv", "modifiers.csv", "turn_record.csv"):
        shutil.copy(GAME / name, folder / name)
    D = is_data.load(folder)
    assert set(D.tables) == set(TABLE_IDS)
    assert D.mod("disengage.threshold") == 11
    assert D.mod("search.air_range.land_based") == 25
    assert sorted(D.turn_record) == ["historical"]
    assert sorted(D.turn_record["historical"]) == list(range(1, 13))


# -- constants and modifiers ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("fname", ["constants.csv", "modifiers.csv"])
def test_every_constant_and_modifier_row_parses_with_a_provenance_tag(fname: str) -> None:
    got = rows(GAME / fname)
    assert got
    for r in got:
        assert r.str("id")
        r.int("value")  # raises on anything but a whole number
        assert r.str("case"), r.str("id")
        assert r.str("description"), r.str("id")
        assert r.str("provenance") in PROVENANCE_TAGS, r.str("id")
        assert r.str("source"), r.str("id")
    assert not set(named("constants.csv")) & set(named("modifiers.csv"))


def test_printed_constants_equal_the_rulebook() -> None:
    printed = {
        "round.half_up": 1, "die.sides": 10, "game.turns": 12, "game.day_turns_per_date": 3,
        "game.night_turns_per_date": 1,
        # 3.1-3.3 organisation
        "tg.max_units": 16, "tg_limit.USN": 10, "tg_limit.IJN": 8, "carrier_tgs.USN": 4, "carriers_per_tg.USN": 4,
        "carrier_tgs.IJN": 8, "carriers_per_tg.IJN": 3, "tf.per_side": 1, "tf.max_tgs.USN": 5, "tf.max_tgs.IJN": 3,
        "stack.friendly_tgs": 2, "stack.force_tf_at": 3, "dummy.speed": 4,
        # 6.3, 15.7 search
        "search.air_range.USN": 13, "search.air_range.IJN": 22, "search.air_range.land_based": 25,
        "search.air_range.22nd_af": 0, "search.find_min": 5, "report.min_present": 1, "report.absent": 0,
        # air
        "air.range.USN": 8, "air.range.IJN_carrier": 12, "air.range.IJN_land": 25, "air.range.IJN_land_bomber": 30,
        "air.usn_extended_range": 11, "air.er_extra_mp": 3, "air.ijn_ready_max": 3, "air.ijn_ready_max.guam": 5,
        "aa.delivery_min": 6, "aa.adjacent_divisor": 2, "cap.radar_min_hexes": 1, "cap.radar_max_hexes": 2,
        "carrier.air_ops_lost_percent": 50, "reinforce.revived_per_day_turn": 1,
        # 7.2, 12.9, 15.x movement
        "air_attack.mp_loss_threshold": 4, "air_attack.mp_loss_max": 2, "retreat.hexes": 1, "retreat.mp_loss": 1,
        "reorganize.mp_loss": 1, "night.extra_mp": 1, "wind.cap_hexes": 1, "wind.strike_hexes": 2,
        # 11, 15.2 submarines
        "subs.usn_markers": 5, "subs.ijn_markers": 3, "subs.max_per_hex": 1,
        # 12 surface
        "surface.max_rounds": 8, "surface.areas": 25, "surface.ijn_exit_box": 1, "surface.usn_exit_box": 25,
        "surface.group_size": 1, "torpedo.usn.no_drm_range": 3, "torpedo.ijn.no_drm_range": 6,
        "cap.escorts_per_cap": 1, "cap.ijn_intercept_hexes": 0,
        "disengage.threshold": 11, "disengage.last_choice_round": 7, "sighting.night.IJN": 6,
        "sighting.night.USN": 18, "torpedo.usn.max_range": 7, "torpedo.ijn.max_range": 12,
        # 10.1 (VPs the IJN scores) and 10.2 (VPs the USN scores)
        "vp.ijn.cv_sunk": 20, "vp.ijn.cv_damaged": 4, "vp.ijn.cvl_sunk": 10, "vp.ijn.cvl_damaged": 2,
        "vp.ijn.bb_sunk": 8, "vp.ijn.ca_sunk": 4, "vp.ijn.cl_sunk": 3, "vp.ijn.dd_sunk": 1,
        "vp.ijn.surviving_cv_full": 5, "vp.ijn.surviving_cv_damaged": 2, "vp.ijn.surviving_cvl_full": 3,
        "vp.ijn.surviving_cvl_damaged": 1,
        "vp.usn.cv_sunk": 10, "vp.usn.cvl_sunk": 5, "vp.usn.yamato_class_sunk": 10, "vp.usn.bb_sunk": 8,
        "vp.usn.ca_sunk": 5, "vp.usn.cl_sunk": 2, "vp.usn.dd_sunk": 1, "vp.usn.air_factors_per_vp": 2,
        "vp.saipan_units": 14, "vp.saipan_penalty": 1,
        # 10.3 levels
        "victory.decisive_usn_over": 29, "victory.significant_usn_from": 20, "victory.draw_from": 10,
        "victory.ijn_pyrrhic_from": 0,
        # 16.1 scenario rules
        "spruance.radius": 9, "spruance.lifted_turn": 9, "decisive_battle.min_carriers": 3, "coordination.radius": 3,
        "setup.mobile_fleet_radius": 3, "setup.ijn_extra_tgs": 3,
    }
    for mid, want in printed.items():
        assert value(mid) == want, mid
        assert named("constants.csv")[mid]["provenance"] == "printed", mid


def test_printed_modifiers_equal_the_rulebook() -> None:
    printed = {
        "sub_markers_usn.date.1944-06-18": 0, "sub_markers_usn.date.1944-06-19": 1,
        "sub_markers_usn.date.1944-06-20": -1, "sub_attack.no_destroyer": 1, "aa.suppression_per_fighter": -1,
        "bombing.fatigued_step_loss": -1, "gunnery.smoke": -1, "torpedo.smoke": -1, "surface.exit_smoke": -1,
        "disengage.smoke_one_side": 1, "disengage.smoke_both_sides": 1, "disengage.per_round": 1,
    }
    for mid, want in printed.items():
        assert value(mid) == want, mid
        assert named("modifiers.csv")[mid]["provenance"] == "printed", mid


def test_12_6_torpedo_range_series_match_the_printed_examples() -> None:
    assert [value(f"torpedo.usn.range.{n}") for n in range(8)] == [0, 0, 0, 0, -1, -2, -3, -4]
    assert [value(f"torpedo.ijn.range.{n}") for n in range(13)] == [0] * 7 + [-1, -2, -3, -4, -5, -6]
    assert "torpedo.usn.range.8" not in named("modifiers.csv")
    assert "torpedo.ijn.range.13" not in named("modifiers.csv")


def test_8_7_example_launches_a_strike_after_spending_every_mp() -> None:
    mp = 5 - 1  # 4/5 ships on an even turn, less the -1 MP marker
    assert mp - 2 - 2 - value("air.carrier_strike_mp") == 0
    assert named("constants.csv")["air.carrier_strike_mp"]["provenance"] == "example"


def test_12_8_disengagement_example() -> None:
    """After the fifth Battle Round, smoke laid: 2 + 1 + 5 = 8 goes on, 5 + 1 + 5 = 11 ends the battle."""
    mods = value("disengage.smoke_one_side") + 5 * value("disengage.per_round")
    assert 2 + mods == 8 < value("disengage.threshold")
    assert 5 + mods == 11 >= value("disengage.threshold")


def test_10_4_historical_tally_is_a_decisive_us_victory() -> None:
    usn = 2 * value("vp.usn.cv_sunk") + value("vp.usn.cvl_sunk") + 64 // value("vp.usn.air_factors_per_vp")
    ijn = value("vp.ijn.surviving_cv_full") + 5 * value("vp.ijn.surviving_cvl_full")
    assert (usn, ijn, usn - ijn) == (57, 20, 37)
    assert usn - ijn > value("victory.decisive_usn_over")
    assert value("victory.significant_usn_from") <= 29 <= value("victory.decisive_usn_over")


def test_10_2_saipan_penalty() -> None:
    def penalty(units: int) -> int:
        return -max(0, value("vp.saipan_units") - units) * value("vp.saipan_penalty")

    assert [penalty(n) for n in (15, 14, 13, 12)] == [0, 0, -1, -2]


def test_reconstructed_search_range_penalty_reaches_minus_three_at_each_searchers_edge() -> None:
    for side, rng in (("USN", 13), ("IJN", 22), ("land_based", 25)):
        series = [value(f"search.range.{side}.{n}") for n in range(rng + 1)]
        assert series[0] == 0 and series[-1] == -3, side
        assert all(b <= a for a, b in zip(series, series[1:], strict=False)), side
        assert value(f"search.air_range.{side}") == rng
        assert f"search.range.{side}.{rng + 1}" not in named("modifiers.csv")


# -- search (6.1, 15.7) ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("tid", ["search_ijn", "search_usn"])
def test_15_7_a_modified_5_or_more_finds(tid: str) -> None:
    for roll in (-3, 0, 1, 4):
        got = cell(tid, roll)
        assert got["detected"] is False and got["report"] == "none" and got["dummy_removed"] is False
    for roll in (5, 6, 7, 9, 10, 11, 14):
        got = cell(tid, roll)
        assert got["detected"] is True and got["report"] == "by_type", roll
        assert got["dummy_removed"] is True, roll  # 3.1.6: any detection removes a dummy
    assert table(tid).cells[("-", "4-")].provenance == "printed"


def test_6_1_example_a_roll_of_7_reports_each_type_within_two() -> None:
    got = cell("search_ijn", 7)
    assert got == {"detected": True, "report": "by_type", "plus_minus": 2, "dummy_removed": True}
    assert table("search_ijn").lookup("-", 7).provenance == "example"
    assert cell("search_usn", 7)["plus_minus"] == 2
    assert table("search_usn").lookup("-", 7).provenance == "reconstructed"  # the example is an IJN search


@pytest.mark.parametrize("tid", ["search_ijn", "search_usn"])
def test_search_bands_narrow_as_the_roll_rises_and_follow_11_1_4(tid: str) -> None:
    bands = [int(cell(tid, r)["plus_minus"]) for r in range(5, 13)]
    assert bands == [3, 3, 2, 1, 1, 0, 0, 0]


# -- printed charts -------------------------------------------------------------------------------------------------


def test_11_1_4_rows_are_exactly_the_printed_five_bands() -> None:
    t = table("sub_detection")
    assert t.rolls == ["1-2", "3-4", "5-6", "7-8", "9-10"]
    want = {
        "1-2": (False, "none", 0, 0, "none"),
        "3-4": (True, "by_type", 3, 0, "none"),
        "5-6": (True, "by_type", 2, 1, "random_any"),
        "7-8": (True, "by_type", 1, 1, "random_non_destroyer"),
        "9-10": (True, "by_type", 0, 1, "chosen"),
    }
    for c in t.cells_in("-"):
        r = c.result
        assert (r["detected"], r["report"], r["plus_minus"], r["attacks"], r["target"]) == want[c.roll]
        assert c.provenance == "printed" and c.source.startswith("11.1.4")
    for roll in (0, 11):
        with pytest.raises(LeyteError):
            t.lookup("-", roll)  # 11.1.4 has no DRM: a roll off the die is a bug


def test_11_1_1_usn_pull_with_its_date_drms() -> None:
    printed = {1: 2, 2: 2, 3: 2, 4: 3, 5: 3, 6: 3, 7: 4, 8: 4, 9: 5, 10: 5}
    for roll, markers in printed.items():
        assert cell("sub_markers_usn", roll)["markers"] == markers
    drm = {d: value(f"sub_markers_usn.date.{d}") for d in ("1944-06-18", "1944-06-19", "1944-06-20")}
    assert cell("sub_markers_usn", 9 + drm["1944-06-19"])["markers"] == 5
    assert cell("sub_markers_usn", 10 + drm["1944-06-19"])["markers"] == 5
    assert cell("sub_markers_usn", 4 + drm["1944-06-20"])["markers"] == 2
    assert cell("sub_markers_usn", 1 + drm["1944-06-20"])["markers"] == 2
    assert cell("sub_markers_usn", 6 + drm["1944-06-18"])["markers"] == 3


def test_15_2_1_ijn_pull_has_no_drms() -> None:
    printed = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 1, 7: 2, 8: 2, 9: 3, 10: 3}
    assert {r: cell("sub_markers_ijn", r)["markers"] for r in range(1, 11)} == printed
    with pytest.raises(LeyteError):
        table("sub_markers_ijn").lookup("-", 11)


def test_11_1_2_placement_8_1_2_er_return_5_6_ready_and_14_0_delivery() -> None:
    assert [(cell("sub_placement", r)["distance"], cell("sub_placement", r)["or_more"]) for r in (1, 5, 6, 10)] == [
        (2, True), (2, True), (1, False), (1, False)]
    assert [cell("er_return", r)["turns_out"] for r in range(1, 11)] == [4] * 5 + [2] * 5
    assert [cell("island_ready", r)["guam"] for r in range(1, 11)] == [True] * 5 + [False] * 5
    assert [cell("island_ready", r)["other"] for r in range(1, 11)] == [True] * 3 + [False] * 7
    assert max(r for r in range(1, 11) if cell("island_ready", r)["guam"]) == value("air.ijn_ready_max.guam")
    assert max(r for r in range(1, 11) if cell("island_ready", r)["other"]) == value("air.ijn_ready_max")
    assert [cell("deliver_ordnance", r)["attacks"] for r in range(1, 11)] == [False] * 5 + [True] * 5
    assert min(r for r in range(1, 11) if cell("deliver_ordnance", r)["attacks"]) == value("aa.delivery_min")


# -- reconstructed charts -------------------------------------------------------------------------------------------


def test_charts_fitted_to_is_examples_are_never_tagged_example_here() -> None:
    """IS examples bind only IS: what IS fitted to them is reconstructed by analogy in Clash."""
    for tid in ("damage", "aa", "air_to_air", "critical_hit", "surface_placement_day", "surface_placement_night"):
        assert table(tid).provenance == "reconstructed", tid
        assert "IS" in table(tid).source or tid == "critical_hit", tid
    for mid, row in named("modifiers.csv").items():
        assert row["provenance"] != "example", mid


def test_damage_table_is_the_is_formula_with_a_6_column_and_no_critical_flag() -> None:
    t = table("damage")
    assert list(t.fields) == ["hits"]
    assert "6" in t.columns
    for col in t.columns:
        f = int(col.rstrip("+"))
        for roll in range(-2, 14):
            want = 0 if roll <= 0 else max(0, (min(roll, 11) + f - 5) // 4)
            assert t.lookup_label(col, roll).result["hits"] == want, (col, roll)
    # 11.1.5: a submarine rolls on the 6 column, +1 when the target TG holds no destroyer unit.
    assert t.lookup(6, 10 + value("sub_attack.no_destroyer")).result["hits"] == 3
    with pytest.raises(LeyteError):
        t.lookup(0, 5)


def test_aa_results_read_as_8_5_2_names_them() -> None:
    t = table("aa")
    for c in t.cells.values():
        r = c.result
        assert r["drm"] <= 0
        if r["step_loss"]:
            assert r["result"] == f"D{r['drm']}"
        elif r["drm"]:
            assert r["result"] == str(r["drm"])
        else:
            assert r["result"] == "none"
    # 8.5.1 lowers the AA roll itself, so a heavily suppressed roll reads the 0- row.
    assert t.lookup(6, 2 + 3 * value("aa.suppression_per_fighter")).roll == "0-"
    assert any(c.result["step_loss"] for c in t.cells.values())


def test_torpedo_critical_table_covers_every_modified_roll() -> None:
    t = table("critical_hit")
    assert t.name == "Torpedo Critical Hit Table"
    assert cell("critical_hit", 5 + value("critical.battleship") + 1)["effect"] == "no_effect"
    assert cell("critical_hit", 12)["sunk"] is True
    assert not any(c.result["gunnery_halved"] for c in t.cells.values())


def test_surface_placement_puts_the_ijn_at_the_low_end() -> None:
    for tid in ("surface_placement_day", "surface_placement_night"):
        for roll in range(1, 11):
            got = cell(tid, roll)
            assert value("surface.ijn_exit_box") <= int(got["ijn_area"]) < int(got["usn_area"])
            assert int(got["usn_area"]) <= value("surface.usn_exit_box")


# -- turn record ----------------------------------------------------------------------------------------------------


def test_turn_record_is_12_turns_night_first_over_18_to_20_june() -> None:
    got = rows(GAME / "turn_record.csv")
    assert [r.int("turn") for r in got] == list(range(1, 13))
    assert {r.str("scenario") for r in got} == {"historical"}
    dates = ["1944-06-18"] * 4 + ["1944-06-19"] * 4 + ["1944-06-20"] * 4
    assert [r.str("date") for r in got] == dates
    assert [r.str("time") for r in got] == ["night", "day", "day", "day"] * 3
    assert [r.str("day_turn", "") for r in got] == ["", "1", "2", "3"] * 3
    assert [r.bool("last_turn") for r in got] == [False] * 11 + [True]
    assert [r.bool("air_search") for r in got] == [r.str("time") == "day" for r in got]
    for r in got:
        value(f"sub_markers_usn.date.{r.str('date')}")  # every date has its 11.1.1 DRM


def test_turn_record_special_rules_and_reinforcements() -> None:
    got = {r.int("turn"): r for r in rows(GAME / "turn_record.csv")}
    assert [t for t, r in got.items() if r.str("ijn_reinforcement", "")] == [2]
    assert got[2].str("ijn_reinforcement").startswith("Truk:")
    assert "253rd" in got[2].str("ijn_reinforcement") and "755th" in got[2].str("ijn_reinforcement")
    # 16.1.4: Cautious Spruance lifts on turn 9, the night of 20 June under the night-first order.
    assert [t for t, r in got.items() if r.bool("cautious_spruance")] == list(range(1, value("spruance.lifted_turn")))
    assert got[9].str("date") == "1944-06-20" and got[9].str("time") == "night"
    # 16.1.4: the decisive-battle window is 18 and 19 June.
    assert [t for t, r in got.items() if r.bool("decisive_battle")] == list(range(1, 9))
    # 16.1.2: one revived unit every day turn.
    assert [t for t, r in got.items() if r.bool("revived_reinforcement")] == [2, 3, 4, 6, 7, 8, 10, 11, 12]
    # 8.1.2: an ER unit is back 4 or 2 turns later, never after the last turn.
    for t, r in got.items():
        assert r.int("er_return_1_5") == (t + 4 if t + 4 <= 12 else 0)
        assert r.int("er_return_6_10") == (t + 2 if t + 2 <= 12 else 0)
