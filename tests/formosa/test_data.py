"""Formosa's counters and charts: every value tagged, the worked examples' arithmetic read from the real tables
through core's column-shift API, and the printed charts exactly as printed."""

from __future__ import annotations

import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from leyte.core.errors import ScenarioError
from leyte.core.tables import PROVENANCE_TAGS, Shift, percent_odds
from leyte.rulebooks.formosa.data import CRT_COLUMNS, VALUE_FIELDS, load_data

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "formosa"


@pytest.fixture(scope="module")
def data():
    return load_data(FOLDER)


# -- loading and provenance ----------------------------------------------------------------------------------------


def test_loads_every_file(data):
    assert set(data.tables) == {"crt_allied", "crt_japanese", "air_combat", "b29", "fleet_sortie",
                                "counter_landing", "raider_airfield", "pw_camp_b29"}
    assert {"open", "rough", "mud_flats", "mountain", "peak", "city", "town", "river", "road", "rail", "all_sea",
            "sea"} <= set(data.tec)
    assert len(data.units) >= 100
    assert data.folder == FOLDER


def test_default_folder_is_the_checkout_data():
    assert load_data().units.keys() == load_data(FOLDER).units.keys()


def test_every_counter_value_is_tagged(data):
    for uid in data.units:
        for fld in VALUE_FIELDS:
            prov, src = data.value_tag(uid, fld)
            assert prov in PROVENANCE_TAGS, (uid, fld)
            assert src.strip(), (uid, fld)


def test_every_table_cell_tec_value_chart_row_and_constant_is_tagged(data):
    for t in data.tables.values():
        for cell in t.cells.values():
            assert cell.provenance in PROVENANCE_TAGS and cell.source.strip(), (t.id, cell.column, cell.roll)
    for e in data.tec.values():
        for fld, prov in e.provenance.items():
            assert prov in PROVENANCE_TAGS and e.source[fld].strip(), (e.terrain, fld)
    for chart in (data.lp_allied, data.lp_japanese):
        for item in chart.values():
            assert item.provenance == "printed" and item.source.strip()
    for b in data.victory:
        assert b.provenance == "printed"
    for c in data.constants.values():
        assert c.provenance in PROVENANCE_TAGS and c.source.strip(), c.id


def test_the_examples_force_a_us_5_5_a_japanese_3_6_and_a_mechanised_3_a_6(data):
    us55 = [u for u in data.units.values() if u.nationality == "US" and (u.cf, u.bonus, u.mf) == (5, "none", 5)]
    assert us55 and all(data.value_tag(u.id, "cf")[0] == "example" for u in us55)
    j36 = [u for u in data.units.values() if u.side == "Japanese" and (u.cf, u.bonus, u.mf) == (3, "none", 6)
           and u.type == "infantry"]
    assert j36 and all(data.value_tag(u.id, "mf")[0] == "example" for u in j36)
    sample = [u for u in data.units.values() if (u.cf, u.bonus, u.mf, u.mechanised) == (3, "A", 6, True)]
    assert sample and data.value_tag(sample[0].id, "mechanised")[0] == "example"


def test_counter_mix_matches_the_scenario_orders_of_battle(data):
    us = [u for u in data.units.values() if u.at_start == "staging"]
    regiments = [u for u in us if u.type in ("marine", "infantry")]
    assert len(regiments) == 18  # 1st and 2nd MarDiv, 7th, 27th, 81st, 96th ID (24.1 L1428)
    assert sum(u.type == "hq" for u in us) == 2 and sum(u.type == "armor" for u in us) == 2
    assert sum(u.type == "artillery" for u in us) == 3 and sum(u.type == "engineer" for u in us) == 7
    six = [u for u in data.units.values() if u.division == "6th MarDiv"]
    assert len(six) == 3 and all(u.lp_recruit == 0 for u in six)  # 24.1 L1440
    assert [u.opt for u in data.units.values() if u.division == "97th ID"] == [True] * 3  # 25.5
    assert all(u.scenario == "2" for u in data.units.values() if u.nationality == "CW")  # 24.1 L1442
    jap = [u for u in data.units.values() if u.side == "Japanese"]
    at_start = [u for u in jap if u.at_start == "formosa"]
    assert sum(u.type == "infantry" for u in at_start) == 12  # 9th, 12th, 50th, 66th Div (24.1 L1412)
    assert sum(u.type == "deception" for u in at_start) == 4
    for typ, n in (("coastal_defense", 2), ("heavy_weapons", 5), ("engineer", 2)):
        pool = [u for u in jap if u.type == typ and u.at_start == "formosa_choice"]
        assert len(pool) >= n, typ
    assert sum(u.division == "10th Area Army" and u.size == "brigade" and u.type == "infantry" for u in jap) >= 5
    assert all(u.scenario == "1" for u in jap if u.division in ("10th Div", "23rd Div"))  # 24.2 L1460


def test_unit_lp_costs_agree_with_the_printed_charts(data):
    def chart_cost(chart, typ):
        rows = [i for i in chart.values() if typ in i.unit_types]
        assert len(rows) == 1, typ
        return rows[0]

    for u in data.units.values():
        if u.at_start in ("special_6mar",) or u.type == "pw_camp":
            continue
        item = chart_cost(data.lp_allied if u.side == "Allied" else data.lp_japanese, u.type)
        assert u.lp_recruit == item.recruit, u.id
        assert u.lp_replace == item.replace, u.id
        assert u.replaceable == (item.replace is not None), u.id
        if u.side == "Japanese":
            assert u.setup_only == item.setup_only, u.id


def test_concealed_mf_is_uniform_and_static_units_stay_put(data):
    mobile = {u.concealed_mf for u in data.units.values() if u.side == "Japanese" and not u.static}
    assert mobile == {data.constant("concealed.mf")}
    assert all(u.concealed_mf == 0 for u in data.units.values() if u.side == "Japanese" and u.static)
    assert all(u.concealed_mf is None for u in data.units.values() if u.side == "Allied")


# -- combat: column arithmetic through core's API (15.3, 15.4, 15.6) -----------------------------------------------


def test_crt_columns_are_the_nine_percentage_bands(data):
    for key in ("crt_allied", "crt_japanese"):
        assert tuple(data.table(key).columns) == CRT_COLUMNS
        assert data.table(key).rolls == ["1", "2", "3", "4", "5", "6"]


def test_15_4_e3_400_percent_with_one_right_and_two_left_reads_300(data):
    crt = data.table("crt_allied")
    choice = crt.column_with_shifts((4, 1), [Shift(+1, "air point"), Shift(-2, "defender terrain")])
    assert (choice.percent, choice.base, choice.net, choice.final) == (400, "400-499", -1, "300-399")


def test_15_4_e4_20_to_1_reads_700_then_one_left_reads_600(data):
    crt = data.table("crt_japanese")
    assert crt.column_for((20, 1)) == "700+"
    choice = crt.column_with_shifts((20, 1), [Shift(-1, "terrain")])
    assert (choice.percent, choice.base, choice.net, choice.final) == (2000, "700+", -1, "600-699")


def test_15_3_e2_one_against_five_reads_the_lowest_column_and_eight_to_one_the_highest(data):
    crt = data.table("crt_allied")
    assert percent_odds(1, 5) == 20 and crt.column_for((1, 5)) == "49-"
    assert crt.column_for((8, 1)) == "700+"
    assert crt.column_for((49, 100)) == "49-" and crt.column_for((1, 2)) == "50-99"  # L939: 49% exactly
    assert crt.column_for((199, 100)) == "100-199" and crt.column_for((3999, 2000)) == "100-199"  # rounds down


def test_15_3_shifts_off_the_chart_stop_at_its_edge(data):
    crt = data.table("crt_allied")
    assert crt.column_with_shifts((1, 5), [Shift(-3, "terrain")]).final == "49-"
    assert crt.column_with_shifts((8, 1), [Shift(+2, "air")]).clamped == "last"


def test_15_6_e11_a_counterattack_is_never_below_50_99(data):
    for key in ("crt_allied", "crt_japanese"):
        crt = data.table(key)
        for a, d in ((1, 10), (1, 100), (2, 5), (3, 3), (9, 1)):
            final = crt.column_with_shifts((a, d), [Shift(+1, "counterattack 15.6")]).final
            assert CRT_COLUMNS.index(final) >= CRT_COLUMNS.index("50-99"), (key, a, d)
        assert crt.column_with_shifts((1, 10), [Shift(+1, "counterattack 15.6")]).final == "50-99"


def test_15_5_e5_two_us_5_5_against_a_japanese_3_6_can_bloodbath(data):
    crt = data.table("crt_allied")
    col = crt.column_for((5 + 5, 3))
    assert col == "300-399"
    bb = [c for c in crt.cells_in(col) if c.result["result"] == "BB"]
    assert len(bb) == 1 and bb[0].provenance == "example" and "L1029" in bb[0].source


def test_crts_hold_every_result_and_roll_6_is_the_attackers_best(data):
    order = ["AE", "A1", "AR", "CA", "BB", "B1", "DR", "D1", "DE"]  # worse to better for the attacker
    for key in ("crt_allied", "crt_japanese"):
        crt = data.table(key)
        seen = {c.result["result"] for c in crt.cells.values()}
        assert {"CA", "BB", "DE", "AE"} <= seen
        for col in crt.columns:
            res = [crt.lookup_label(col, r).result["result"] for r in range(1, 7)]
            ranks = [order.index(x) for x in res]
            assert ranks[5] == max(ranks), (key, col, res)
        # a better column never reads worse on the same roll
        for r in range(1, 7):
            ranks = [order.index(crt.lookup_label(col, r).result["result"]) for col in crt.columns]
            assert ranks == sorted(ranks), (key, r)


def test_air_combat_has_a_zero_column_for_flak(data):
    air = data.table("air_combat")
    assert air.column_for(0) == "0" and air.columns[0] == "0"
    assert [air.lookup(0, r).result["losses"] for r in range(1, 7)] == [0, 0, 0, 0, 1, 1]
    assert air.column_for(15) == "15-19" and air.column_for(40) == "20+"


def test_b29_fortified_column_is_the_hardest_target(data):
    b29 = data.table("b29")
    hits = {t: sum(b29.lookup("-", r).result[t] == "D1" for r in range(1, 7)) for t in b29.fields}
    assert hits["fortified"] == min(hits.values()) and hits["open"] == max(hits.values())


# -- printed charts, exactly -----------------------------------------------------------------------------------------


def test_18_fleet_sortie_table_as_printed(data):
    t = data.table("fleet_sortie")
    s1 = [t.lookup("-", r).result["scenario_1"] for r in range(1, 7)]
    s2 = [t.lookup("-", r).result["scenario_2"] for r in range(1, 7)]
    assert s1 == ["fiasco"] * 3 + ["indecisive"] * 2 + ["decisive"]
    assert s2 == ["fiasco"] * 4 + ["indecisive", "decisive"]
    assert t.provenance == "printed"


def test_japanese_lp_chart_as_printed(data):
    got = {i.id: (i.recruit_text, i.replace_text, i.setup_only) for i in data.lp_japanese.values()}
    assert got == {
        "top_box": ("3", "N/A", True), "first_line": ("2", "N/A", True), "second_line": ("1", "1", False),
        "deception": ("0", "N/A", False), "tac_air": ("2", "2", False), "kamikaze": ("1/2", "N/A", False),
        "fleet_sortie": ("4", "N/A", False), "pw_camp": ("See Optional Rules", "N/A", False),
        "attack_shift": ("1", "", False), "defense_shift": ("1", "", False),
    }
    assert data.lp_japanese["kamikaze"].recruit == Fraction(1, 2)
    assert data.lp_japanese["pw_camp"].recruit is None and data.lp_japanese["top_box"].replace is None


def test_allied_lp_chart_as_printed(data):
    got = {i.id: (i.recruit_text, i.replace_text) for i in data.lp_allied.values()}
    assert got == {
        "hq_hw": ("4", "2"), "armor_arty": ("3", "2"), "line": ("2", "1"), "ng_b29": ("3", "3"),
        "air_supply": ("2", "2"), "tac_air": ("1", "1"), "amphibious": ("3", "3"), "drop_zone": ("1", "1"),
        "base_port": ("3", ""), "base_airfield": ("1", ""), "base_port_airfield": ("4", ""),
    }


def test_e16_base_costs_agree_between_20_1_and_the_chart(data):
    assert (data.constant("base.port"), data.constant("base.airfield"), data.constant("base.port_airfield")) == (
        3, 1, 4)
    assert data.lp_allied["base_port"].recruit == 3 and data.lp_allied["base_port_airfield"].recruit == 4
    assert data.constant("base.max_per_hex") == 1


def test_e17_victory_bands(data):
    cases = {30: ("strategic", "Allied"), 25: ("strategic", "Allied"), 24: ("operational", "Allied"),
             19: ("operational", "Allied"), 18: ("draw", ""), 13: ("draw", ""), 12: ("operational", "Japanese"),
             7: ("operational", "Japanese"), 6: ("strategic", "Japanese"), -40: ("strategic", "Japanese")}
    for margin, want in cases.items():
        band = data.victory_level(margin)
        assert (band.level, band.winner) == want, margin


def test_e10_naval_transfer_and_e13_set_up_spending(data):
    assert data.constant("transfer.functional_port") == 3 + 1  # embark 3, debark 1 (L1366)
    assert data.constant("transfer.coast_hex") == 1
    cap = data.constant("lp.cap")
    assert cap == 20
    assert data.constant("s1.allied_lp") - cap == data.constant("s1.allied_min_spend") == 10
    assert data.constant("s2.allied_lp") - cap == data.constant("s2.allied_min_spend") == 20
    assert data.constant("s1.japanese_lp_base") + 6 - cap == 1  # E12: a 6 forces one LP spent


def test_stacking_and_capacities(data):
    c = data.constant
    assert (c("stack.allied_mobile"), c("stack.allied_static"), c("stack.japanese_mobile")) == (4, 1, 3)
    assert (c("invasion.amphib_capacity"), c("invasion.dz_capacity")) == (4, 2)
    assert (c("interdiction.max_points_per_hex"), c("ng.max_per_combat")) == (2, 2)


def test_e1_tec_river_into_open_costs_two_and_road_half(data):
    tec = data.tec
    assert tec["open"].mp(False) + tec["river"].mp(False) == 2
    assert tec["open"].provenance["mp_nonmech"] == tec["river"].provenance["mp_nonmech"] == "printed"
    assert tec["road"].mp(False) == tec["rail"].mp(True) == Fraction(1, 2)
    assert tec["mountain"].mp(True) is None and tec["peak"].mp(True) is None
    assert tec["mountain"].shift("Japanese") > tec["mountain"].shift("Allied")


# -- validation: clear errors naming file, row and field -------------------------------------------------------------


def _copy(tmp_path: Path) -> Path:
    dst = tmp_path / "formosa"
    shutil.copytree(FOLDER, dst, ignore=shutil.ignore_patterns("map*", "coast.json", "labels.csv", "notes"))
    return dst


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_bad_bonus_names_file_row_and_field(tmp_path):
    d = _copy(tmp_path)
    _edit(d / "units.csv", "Allied,US,marine,regiment,1st MarDiv,5,A,", "Allied,US,marine,regiment,1st MarDiv,5,X,")
    with pytest.raises(ScenarioError, match=r"units.csv, row 2, field 'bonus': 'X'"):
        load_data(d)


def test_static_must_mean_mf_zero(tmp_path):
    d = _copy(tmp_path)
    _edit(d / "units.csv", "heavy_weapons,battalion,FMF Pacific,3,D,0,false,true",
          "heavy_weapons,battalion,FMF Pacific,3,D,2,false,true")
    with pytest.raises(ScenarioError, match=r"units.csv, row \d+, field 'static'.*2.3.2"):
        load_data(d)


def test_value_provenance_must_quote_the_unit_value(tmp_path):
    d = _copy(tmp_path)
    _edit(d / "value_provenance.csv", "us_1mar,cf,5,", "us_1mar,cf,6,")
    with pytest.raises(ScenarioError, match=r"value_provenance.csv, row \d+, field 'value'.*us_1mar.cf"):
        load_data(d)


def test_an_untagged_cell_is_refused(tmp_path):
    d = _copy(tmp_path)
    _edit(d / "tables" / "crt_allied.csv", "300-399,2,BB,example", "300-399,2,BB,guess")
    with pytest.raises(ScenarioError, match=r"crt_allied.csv, row \d+, field 'provenance'"):
        load_data(d)


def test_an_unknown_crt_result_is_refused(tmp_path):
    d = _copy(tmp_path)
    _edit(d / "tables" / "crt_japanese.csv", "49-,1,AE,", "49-,1,XX,")
    with pytest.raises(ScenarioError, match=r"crt_japanese.csv, column 49-, roll 1, field 'result': 'XX'"):
        load_data(d)


def test_a_bad_tec_cost_is_refused(tmp_path):
    d = _copy(tmp_path)
    _edit(d / "tables" / "tec.csv", "rough,hex,mp_nonmech,2,", "rough,hex,mp_nonmech,two,")
    with pytest.raises(ScenarioError, match=r"tec.csv, row \d+, field 'value': 'two'"):
        load_data(d)


def test_victory_bands_must_tile(tmp_path):
    d = _copy(tmp_path)
    _edit(d / "tables" / "victory.csv", "draw,,13,18", "draw,,14,18")
    with pytest.raises(ScenarioError, match=r"victory.csv: bands .* gap"):
        load_data(d)


def test_a_missing_table_is_named(tmp_path):
    d = _copy(tmp_path)
    (d / "tables" / "b29.toml").unlink()
    with pytest.raises(ScenarioError, match=r"table 'b29' missing"):
        load_data(d)


def test_unknown_constant_is_named(data):
    with pytest.raises(ScenarioError, match=r"constants.csv: no constant 'nope'"):
        data.constant("nope")


def test_loader_import_is_light():
    code = ("import sys, leyte.rulebooks.formosa.data\n"
            "bad = [m for m in ('pandas', 'ipywidgets', 'ipycanvas', 'bokeh') if m in sys.modules]\n"
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_every_ruling_and_provenance_note_cited_in_the_data_exists():
    import re

    rulings = (FOLDER / "RULINGS.md").read_text(encoding="utf-8")
    defined = set(re.findall(r"\*\*([RP]-\d+) —", rulings))
    cited: set[str] = set()
    files = [*FOLDER.glob("*.csv"), *(FOLDER / "tables").iterdir(), *Path(__file__).parents[2].joinpath(
        "leyte", "rulebooks", "formosa").glob("*.py")]
    for f in files:
        cited |= set(re.findall(r"\b([RP]-\d+)\b", f.read_text(encoding="utf-8")))
    assert cited and cited <= defined, sorted(cited - defined)
    assert len(defined) == len(re.findall(r"\*\*[RP]-\d+ —", rulings))  # no id used twice


def test_the_data_files_are_exactly_what_the_build_tool_writes(tmp_path):
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "tools" / "build_formosa_data.py"
    spec = importlib.util.spec_from_file_location("build_formosa_data", path)
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.main(["--check"]) == 0
    tool.build(tmp_path)
    _edit(tmp_path / "units.csv", "us_1mar,1st Mar", "us_1mar,First Mar")
    assert tool.main(["--check", "--out", str(tmp_path)]) == 1


def test_units_and_markers_fill_the_176_counter_sheet(data):
    assert len(data.units) + sum(m.count for m in data.markers.values()) == data.constant("counters.total") == 176
    assert data.markers["b29"].count == data.markers["air_supply"].count == data.markers["fleet"].count == 1
    assert data.markers["b29"].provenance == "printed"
    # the scenarios' starting air and naval forces fit in the counters (1- and 2-point air counters, 2.5 L328)
    assert 2 * data.markers["tac_us"].count >= data.constant("s2.allied_tac")
    assert 2 * data.markers["tac_japanese"].count >= data.constant("s1.japanese_tac_base") + 6
    assert 2 * data.markers["kamikaze"].count >= 6
    assert data.markers["ng_us"].count >= data.constant("s1.allied_ng")
    assert data.markers["ng_cw"].count >= data.constant("s2.cw_ng")


def test_a_unit_start_place_must_be_known(tmp_path):
    d = _copy(tmp_path)
    _edit(d / "units.csv", ",both,staging,mixed", ",both,beach,mixed")
    with pytest.raises(ScenarioError, match=r"units.csv, row 2, field 'at_start': 'beach'"):
        load_data(d)


def test_e19_optional_landing_and_raider_rolls_as_printed(data):
    land = data.table("counter_landing")
    assert [land.lookup("-", r).result["outcome"] for r in range(1, 7)] == (
        ["eliminated"] * 2 + ["turned_back"] + ["lands"] * 3)
    raid = data.table("raider_airfield")
    assert [raid.lookup("-", r).result["tac_points_lost"] for r in range(1, 7)] == [0, 0, 1, 1, 2, 2]
    pw = data.table("pw_camp_b29")
    assert [pw.lookup("-", r).result["outcome"] for r in range(1, 7)] == ["camp_removed"] * 3 + ["unit_eliminated"] * 3
    for t in (land, raid, pw):
        assert t.provenance == "printed"


def test_e15_allied_income_from_the_constants(data):
    c = data.constant
    # Scenario 1 with Amoy held, one functional major port, two minor ports and three functional airfields
    income = (c("lp.allied_income_s1") + c("lp.allied_amoy") + 1 * c("lp.allied_major_port")
              + 2 * c("lp.allied_minor_port") + 3 // c("lp.airfields_per_lp"))
    assert income == 16


def test_e18_die_hard_roll_needs_a_d6_below_the_cf(data):
    regiment = data.units["ij_7inf"]
    assert [r for r in range(1, 7) if r < regiment.cf] == [1, 2]  # 25.6: CF 3 makes a guerrilla on 1-2
    assert sum(u.type == "guerrilla" for u in data.units.values()) == 4  # the mix caps die-hards (25.6 L1534)
