"""Imperial Sunset counters, order of battle, scenarios and turn record, read straight from the data files.

Every printed value and every worked-example value the text states about a unit is asserted here, with the case in
the test name. The files are read with csv and tomllib only, so these tests check the data a user would replace,
not the engine's reading of it. Formats: scenarios/imperial-sunset/notes/units-format.md; rulings U1... in
notes/units-rulings.md.
"""

from __future__ import annotations

import csv
import re
import subprocess
import sys
import tomllib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "scenarios" / "imperial-sunset"
SCENARIOS = ("historical", "what-if", "campaign")
TAGS = ("printed", "example", "reconstructed")
TRACK_FIELDS = ("speed_odd", "speed_even", "gunnery", "aa", "air_ops")


def _csv(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


@cache
def ships() -> dict[str, dict[str, str]]:
    return {r["id"]: r for r in _csv(DATA / "ships.csv")}


@cache
def tracks() -> dict[str, list[dict[str, str]]]:
    out: dict[str, list[dict[str, str]]] = {}
    for r in _csv(DATA / "damage_tracks.csv"):
        out.setdefault(r["ship"], []).append(r)
    for rows in out.values():
        rows.sort(key=lambda r: int(r["box"]))
    return out


@cache
def air() -> dict[str, dict[str, str]]:
    return {r["id"]: r for r in _csv(DATA / "air_units.csv")}


@cache
def provenance() -> dict[tuple[str, str], dict[str, str]]:
    out = {}
    for r in _csv(DATA / "value_provenance.csv"):
        key = (r["unit_id"], r["field"])
        assert key not in out, f"duplicate provenance row {key}"
        out[key] = r
    return out


@cache
def scenario(name: str) -> dict[str, Any]:
    return tomllib.loads((DATA / "scenarios" / f"{name}.toml").read_text(encoding="utf-8"))


@cache
def turns() -> dict[str, list[dict[str, str]]]:
    out: dict[str, list[dict[str, str]]] = {}
    for r in _csv(DATA / "turn_record.csv"):
        out.setdefault(r["scenario"], []).append(r)
    return out


@cache
def sources() -> dict[str, dict[str, str]]:
    return {r["id"]: r for r in _csv(ROOT / "tools" / "sources" / "imperial_sunset_ships.csv")}


def n(ship: str, fld: str) -> int:
    return int(ships()[ship][fld])


def box(ship: str, k: int) -> dict[str, str]:
    return tracks()[ship][k]


def tf(scen: str, tf_id: str) -> dict[str, Any]:
    return next(t for t in scenario(scen)["task_forces"] if t["id"] == tf_id)


def tf_by_name(scen: str, name: str) -> dict[str, Any]:
    return next(t for t in scenario(scen)["task_forces"] if t["name"] == name)


def formation(scen: str, fid: str) -> dict[str, Any]:
    return next(f for f in scenario(scen)["air_formations"] if f["id"] == fid)


def labels(ids: list[str]) -> Counter[str]:
    return Counter(air()[a]["counter_label"] for a in ids)


def rhu(x: float) -> int:
    """The rulebook's rounding: .5 goes up."""
    return int(x + 0.5)


def squadron_units(carrier: str) -> list[dict[str, str]]:
    return [a for a in air().values() if a["parent"] == carrier]


# ---------------------------------------------------------------------------------------------------------------
# 2.3.1 sample counter
# ---------------------------------------------------------------------------------------------------------------


def test_2_3_1_sample_counter_chikuma_3_5_16_t_4_5():
    c = ships()["chikuma"]
    assert (c["gunnery"], c["aa"], c["gunnery_range"]) == ("5", "3", "16")
    assert (c["speed_odd"], c["speed_even"], c["torpedo"]) == ("4", "5", "true")
    for fld in ("gunnery", "aa", "gunnery_range", "speed_odd", "speed_even", "torpedo"):
        assert provenance()[("chikuma", fld)]["provenance"] == "printed"


# ---------------------------------------------------------------------------------------------------------------
# Example 8.3 (Surigao)
# ---------------------------------------------------------------------------------------------------------------


def test_8_3_example_fuso_gunnery_12_halved_to_6_column():
    assert n("fuso", "gunnery") == 12
    assert rhu(n("fuso", "gunnery") / 2) == 6


def test_8_3_example_mississippi_fires_on_11_column():
    assert n("mississippi", "gunnery") == 11


def test_8_3_example_west_virginia_gunnery_12_halved_to_6_column():
    assert n("west-virginia", "gunnery") == 12
    assert rhu(n("west-virginia", "gunnery") / 2) == 6


def test_8_3_example_x_ray_1_fires_on_5_column():
    assert n("x-ray-1", "gunnery") == 5


def test_8_3_example_desdiv_4_fires_on_4_column():
    assert n("div-4", "gunnery") == 4


def test_8_3_example_usn_battleships_speed_3_in_even_round():
    assert n("mississippi", "speed_even") == 3
    assert n("west-virginia", "speed_even") == 3


def test_8_3_example_fuso_moves_3_and_mogami_desdiv_4_move_4_in_odd_round():
    assert n("fuso", "speed_odd") == 3
    assert n("mogami", "speed_odd") >= 4
    assert n("div-4", "speed_odd") >= 4


def test_8_3_example_fuso_speed_2_after_4_hits_and_afloat():
    assert n("fuso", "damage_capacity") > 4
    assert int(box("fuso", 4)["speed_even"]) == 2
    assert provenance()[("fuso", "track.4.speed_even")]["provenance"] == "example"


def test_8_3_example_desdiv_4_full_speed_5_in_even_round():
    assert n("div-4", "speed_even") == 5
    assert int(box("div-4", 1)["speed_even"]) == 5  # losing a ship does not slow the unit (9.3, U20)


def test_8_3_example_desdiv_4_has_3_points_left_after_one_hit():
    assert ships()["div-4"]["damage_points_are_ships"] == "true"
    assert n("div-4", "damage_capacity") - 1 == 3


def test_8_3_example_usn_destroyer_unit_fires_torpedoes_with_4_points():
    assert n("x-ray-1", "damage_capacity") == 4
    assert ships()["x-ray-1"]["torpedo"] == "true"
    assert ships()["div-4"]["torpedo"] == "true"


def test_8_3_example_ships_are_in_the_forces_of_13_1():
    assert {"fuso", "mogami", "div-4"} <= set(tf("historical", "force-c")["ships"])
    pool = scenario("historical")["ship_pools"][0]["ships"]
    assert {"mississippi", "west-virginia", "x-ray-1", "x-ray-2"} <= set(pool)


# ---------------------------------------------------------------------------------------------------------------
# Example 8.2 (strike on Musashi)
# ---------------------------------------------------------------------------------------------------------------


def test_8_2_example_aa_yamato_7_musashi_6_myoko_4():
    assert n("yamato", "aa") == 7 and rhu(7 / 2) == 4
    assert n("musashi", "aa") == 6
    assert n("myoko", "aa") == 4 and n("myoko", "aa") // 2 == 2


def test_8_2_example_usn_strike_units_6_8_and_5_8_escorted_by_4_8_fighters():
    vb, vt, vf = air()["vb-18"], air()["vt-18"], air()["vf-18-1"]
    assert (vb["kind"], vb["strength"], vb["range"]) == ("B", "6", "8")
    assert (vt["kind"], vt["strength"], vt["range"]) == ("B", "5", "8")
    assert (vf["kind"], vf["strength"], vf["range"]) == ("F", "4", "8")


def test_8_2_example_5_8_flips_to_3_8():
    assert all(a["reduced"] == "3" for a in air().values() if a["squadron"].startswith("VT-") and a["strength"] == "5")


def test_8_2_example_ijn_3_f_12_fighter_flips_to_1_12():
    fighters = [a for a in air().values() if a["counter_label"] == "3-F-12"]
    assert fighters and all((a["kind"], a["reduced"], a["range"]) == ("F", "1", "12") for a in fighters)


def test_8_2_example_force_a_has_three_battleships():
    assert sum(ships()[s]["type"] == "BB" for s in tf("historical", "force-a")["ships"]) == 3


# ---------------------------------------------------------------------------------------------------------------
# Example 4.4 (activation)
# ---------------------------------------------------------------------------------------------------------------


def test_4_4_example_force_a_slowest_ship_speed_4():
    for scen in SCENARIOS:
        a = tf(scen, "force-a")["ships"]
        assert min(n(s, "speed_odd") for s in a) == 4
        assert min(n(s, "speed_even") for s in a) == 4


def test_4_4_example_tg_38_3_all_ships_4_5():
    for s in tf("historical", "tg-38-3")["ships"]:
        assert (n(s, "speed_odd"), n(s, "speed_even")) == (4, 5), s


# ---------------------------------------------------------------------------------------------------------------
# Examples 10 and 12.3
# ---------------------------------------------------------------------------------------------------------------


def test_10_example_tama_sunk_by_2_damage_points():
    assert n("tama", "damage_capacity") == 2
    assert box("tama", 2)["speed_even"] == "0"


def test_10_example_ozawa_force_11_units_with_capital_ships_and_two_destroyer_units():
    oz = tf("historical", "ozawa-force")["ships"]
    assert len(oz) == 11
    assert sum(ships()[s]["type"] in ("DD", "DE") for s in oz) == 2
    assert any(ships()[s]["type"] in ("BB", "CV", "CVL") for s in oz)
    assert "tama" in oz


def test_12_3_example_apd_lands_4_points():
    apd = ships()["maru-apd"]
    assert apd["type"] == "APD" and int(apd["damage_capacity"]) * int(apd["vp_landing_per_point"]) == 4


# ---------------------------------------------------------------------------------------------------------------
# 12.1 / 12.2 VP, 7.2 search, 9.3 small units
# ---------------------------------------------------------------------------------------------------------------


def test_12_1_usn_losses_vp_values():
    expect = {"CV": (10, 2), "CVL": (5, 1), "CVE": (3, 0), "BB": (8, 2), "CA": (4, 0), "CL": (3, 0)}
    for s in ships().values():
        if s["side"] == "USN" and s["type"] in expect:
            assert (int(s["vp_sunk"]), int(s["vp_damaged"])) == expect[s["type"]], s["id"]
        if s["side"] == "USN" and s["type"] in ("DD", "DE"):
            assert s["vp_per_damage_point"] == "1" and s["vp_sunk"] == s["damage_capacity"]


def test_12_2_ijn_losses_vp_values():
    expect = {"CV": 10, "CVL": 5, "BB": 8, "CA": 5, "CAV": 5, "CL": 2, "CLAA": 2}
    for s in ships().values():
        if s["side"] != "IJN":
            continue
        if s["id"] in ("yamato", "musashi"):
            assert s["vp_sunk"] == "10"
        elif s["type"] in expect:
            assert int(s["vp_sunk"]) == expect[s["type"]], s["id"]
        elif s["type"] == "DD":
            assert s["vp_per_damage_point"] == "1"
        assert s["vp_damaged"] == "0"


def test_12_1_only_the_apd_lands_troops():
    assert [s["id"] for s in ships().values() if s["vp_landing_per_point"] != "0"] == ["maru-apd"]


def test_7_2_air_search_ranges():
    for s in ships().values():
        r = int(s["air_search_range"])
        if s["id"] == "mogami":
            assert r == 6 and s["type"] == "CAV"
        elif s["type"] in ("CV", "CVL"):
            assert r == (12 if s["side"] == "USN" else 14)
        elif s["type"] == "CVE":
            assert r == 4
        else:
            assert r == 0


def test_9_3_destroyer_de_apd_damage_points_are_ships():
    for s in ships().values():
        small = s["type"] in ("DD", "DE", "APD")
        assert s["damage_points_are_ships"] == ("true" if small else "false")
        if small:
            assert 1 <= int(s["damage_capacity"]) <= 4  # 1.1: up to four ships a unit
            assert int(s["ships"]) == int(s["damage_capacity"])


# ---------------------------------------------------------------------------------------------------------------
# 13.1 Historical
# ---------------------------------------------------------------------------------------------------------------

IJN_13_1 = {
    "Force A": ("2821", {"yamato", "musashi", "nagato", "chokai", "myoko", "haguro", "noshiro", "div-31", "div-2-32"}),
    "Force B": ("2821", {"kongo", "haruna", "kumano", "suzuya", "tone", "chikuma", "yahagi", "div-17", "desrn-10"}),
    "Force C": ("3820", {"fuso", "yamashiro", "mogami", "div-4"}),
    "Shima Force": ("3119", {"nachi", "ashigara", "abukuma", "div-7-18"}),
    "Reinforcement Escort Force": ("2418", {"kinu", "uranami"}),
    "Transport Group": ("3909", {"maru-apd"}),
    "Destroyer Division 21": ("2418", {"div-21"}),
}


def test_13_1_1_ijn_forces_and_start_hexes():
    for name, (hx, members) in IJN_13_1.items():
        t = tf_by_name("historical", name)
        assert t["start_hex"] == hx and set(t["ships"]) == members and t["detected"] is False, name
    assert ships()["div-31"]["name"] == "Div 31" and ships()["maru-apd"]["name"] == "Maru APD"


def test_13_1_1_div_31_starts_with_two_damage_points():
    assert tf("historical", "force-a")["hits"] == {"div-31": 2}
    assert n("div-31", "damage_capacity") > 2


def test_13_1_1_air_fleets_ready_and_flown():
    af1, af2 = formation("historical", "1AF"), formation("historical", "2AF")
    assert labels(af1["ready"]) == Counter({"3-F-12": 1, "3-12": 1})
    assert labels(af1["flown"]) == Counter({"3-F-12": 1, "3-12": 1})
    assert labels(af2["ready"]) == Counter({"3-F-12": 4, "3-12": 1, "4-12": 3})
    assert labels(af2["flown"]) == Counter({"3-F-12": 2, "3-12": 2, "4-12": 2})
    for a in af1["ready"] + af1["flown"]:
        assert air()[a]["parent"] == "1AF"
    for a in af2["ready"] + af2["flown"]:
        assert air()[a]["parent"] == "2AF"


def test_13_1_2_ozawa_force_enters_turn_1_between_1023_and_1030():
    oz = tf("historical", "ozawa-force")
    assert oz["entry"]["turn"] == 1 and oz["detected"] is False
    assert oz["entry"]["hexes"] == [f"10{c}" for c in range(23, 31)]
    assert set(oz["ships"]) == {"zuikaku", "zuiho", "chitose", "chiyoda", "ise", "hyuga", "isuzu", "tama", "oyodo",
                                "div-43", "div-61"}


def test_13_1_2_ozawa_carrier_air_units():
    boxes = {b["carrier"]: b["ready"] for b in tf("historical", "ozawa-force")["air"]}
    assert labels(boxes["zuikaku"]) == Counter({"3-12": 1, "4-F-12": 1})
    for c in ("zuiho", "chitose", "chiyoda"):
        assert labels(boxes[c]) == Counter({"3-12": 1})
    assert air()["zuikaku-4f12-1"]["kind"] == "F" and air()["zuikaku-312-1"]["kind"] == "B"


def test_13_1_2_air_reinforcement_rolls_turns_6_and_10():
    assert scenario("historical")["air_reinforcement_rolls"]["turns"] == [6, 10]
    rolls = [int(r["turn"]) for r in turns()["historical"] if r["air_reinforcement_roll"] == "true"]
    assert rolls == [6, 10]


def test_13_1_3_1_seventh_fleet_taffies_within_two_of_3623():
    expect = {
        "taffy-1": {"sangamon": "Air Group 37", "suwannee": "Air Group 60", "santee": "Air Group 26",
                    "petrof-bay": "CS 76"},
        "taffy-2": {"natoma-bay": "CS 81", "manila-bay": "CS 80", "marcus-island": "CS 21", "kadashan-bay": "CS 20",
                    "savo-island": "CS 27", "ommaney-bay": "CS 75"},
        "taffy-3": {"fanshaw-bay": "CS 68", "st-lo": "CS 65", "white-plains": "CS 4", "kalinin-bay": "CS 3",
                    "kitkun-bay": "CS 5", "gambier-bay": "CS 10"},
    }
    for t_id, carriers in expect.items():
        t = tf("historical", t_id)
        assert t["setup_zone"] == {"centre": "3623", "radius": 2} and t["detected"] is True
        assert set(t["ships"]) == set(carriers) | {f"{t_id}-1", f"{t_id}-2"}
        assert ships()[f"{t_id}-1"]["type"] == "DD" and ships()[f"{t_id}-2"]["type"] == "DE"
        for c, sqn in carriers.items():
            assert ships()[c]["type"] == "CVE"
            (unit,) = squadron_units(c)
            assert unit["squadron"] == sqn and unit["kind"] == "FB"


def test_13_1_3_1_tf_78_and_or_79_pool_within_two_of_3521():
    pool = scenario("historical")["ship_pools"][0]
    expect = {"mississippi", "maryland", "west-virginia", "tennessee", "california", "pennsylvania", "louisville",
              "portland", "minneapolis", "shropshire", "denver", "columbia", "phoenix", "boise", "desrn-54",
              "desrn-56", "desdiv-108", "desdiv-112-1", "desdiv-112-2", "x-ray-1", "x-ray-2"}
    assert set(pool["ships"]) == expect and len(pool["ships"]) == 21
    split = tf("historical", "tf-78")["ships"] + tf("historical", "tf-79")["ships"]
    assert sorted(split) == sorted(pool["ships"])
    assert pool["setup_zone"]["centre"] == "3521" and pool["setup_zone"]["radius"] == 2
    assert len(pool["ships"]) > scenario("historical")["limits"]["ship_units_per_tf_max"]  # both TFs needed (U6)


def test_13_1_3_1_usaaf_two_hb_units():
    f = formation("historical", "USAAF")
    assert len(f["ready"]) == 2 and all(air()[a]["kind"] == "HB" for a in f["ready"])


TG = {
    "tg-38-2": ("2824", {"intrepid": ["VF-18", "VF-18", "VB-18", "VT-18"], "cabot": ["VF-29", "VT-29"],
                         "independence": ["VFN-41", "VTN-41"]},
                {"iowa", "new-jersey", "biloxi", "vincennes", "miami", "desrn-50-1", "desrn-52", "desdiv-104",
                 "desdiv-106"}),
    "tg-38-3": ("2621", {"essex": ["VF-15", "VF-15", "VB-15", "VT-15"], "lexington": ["VF-19", "VF-19", "VB-19",
                                                                                       "VT-19"],
                         "langley": ["VF-44", "VT-44"], "princeton": ["VF-27", "VT-27"]},
                {"massachusetts", "south-dakota", "santa-fe", "mobile", "reno", "desrn-50-2", "desrn-55",
                 "desdiv-110"}),
    "tg-38-4": ("3328", {"enterprise": ["VF-20", "VF-20", "VB-20", "VT-20"], "franklin": ["VF-13", "VF-13", "VB-13",
                                                                                           "VT-13"],
                         "san-jacinto": ["VF-51", "VT-51"], "belleau-wood": ["VF-21", "VT-21"]},
                {"washington", "alabama", "new-orleans", "wichita", "desrn-6", "desdiv-12-1", "desdiv-12-2",
                 "desdiv-24"}),
    "tg-38-1": ("", {"wasp": ["VF-14", "VF-14", "VB-14", "VT-14"], "hornet": ["VF-11", "VF-11", "VB-11", "VT-11"],
                     "hancock": ["VF-7", "VF-7", "VB-7", "VT-7"], "monterey": ["VF-28", "VT-28"],
                     "cowpens": ["VF-22", "VT-22"]},
                {"boston", "chester", "pensacola", "salt-lake-city", "desrn-4-1", "desrn-4-2", "desrn-46",
                 "desdiv-92", "desdiv-100"}),
}


@pytest.mark.parametrize("tg_id", sorted(TG))
def test_13_1_3_2_and_13_1_4_third_fleet_groups_and_squadrons(tg_id):
    hx, carriers, others = TG[tg_id]
    t = tf("historical", tg_id)
    if hx:
        assert t["start_hex"] == hx and t["detected"] is True
    assert set(t["ships"]) == set(carriers) | others
    boxes = {b["carrier"]: b["ready"] for b in t["air"]}
    for c, sqns in carriers.items():
        assert sorted(air()[a]["squadron"] for a in boxes[c]) == sorted(sqns), c
        assert ships()[c]["fleet"] == "3rd"
        light = ships()[c]["type"] == "CVL"
        for a in boxes[c]:
            u = air()[a]
            if u["kind"] == "F":
                assert u["strength"] == "4"
            else:
                assert u["strength"] == ("3" if light else ("6" if u["squadron"].startswith("VB") else "5"))


def test_13_1_4_tg_38_1_arrives_turn_10_in_2328_2428_or_2528():
    e = tf("historical", "tg-38-1")["entry"]
    assert e["turn"] == 10 and e["hexes"] == ["2328", "2428", "2528"]


def test_13_1_dummy_tfs_none_and_twelve_turns():
    s = scenario("historical")
    assert s["dummy_tfs_at_start"] == 0 and (s["first_turn"], s["last_turn"], s["turns"]) == (1, 12, 12)
    assert s["detection"] == {"IJN": "undetected", "USN": "detected"}


def test_13_1_5_special_rules_required():
    r = scenario("historical")["special_rules"]
    assert r["wild_bull"]["status"] == "required" and r["ijn_fanaticism"]["status"] == "required"
    assert r["ijn_fanaticism"]["task_forces"] == ["force-a", "force-b", "force-c", "shima-force"]
    assert set(r["ijn_fanaticism"]["strait_hexes"]) == {"3119", "3722"}
    assert r["ijn_fanaticism"]["objective_hex"] == "3521"


def test_13_1_shima_force_printed_hex_3119_kept():
    assert tf("historical", "shima-force")["start_hex"] == "3119"


# ---------------------------------------------------------------------------------------------------------------
# 13.2 What-If
# ---------------------------------------------------------------------------------------------------------------


def test_13_2_cruisers_added_and_div_31_undamaged():
    a = tf("what-if", "force-a")
    assert set(a["ships"]) == IJN_13_1["Force A"][1] | {"atago", "takao", "maya"}
    assert "hits" not in a or not a["hits"]
    assert set(tf("what-if", "reinforcement-escort-force")["ships"]) == {"kinu", "uranami", "aoba"}
    for other in ("Force B", "Force C", "Shima Force", "Transport Group", "Destroyer Division 21"):
        t = tf_by_name("what-if", other)
        assert (t["start_hex"], set(t["ships"])) == IJN_13_1[other]


def test_13_2_all_ijn_air_ready_and_no_wild_bull():
    s = scenario("what-if")
    for fid in ("1AF", "2AF"):
        f = formation("what-if", fid)
        assert f["flown"] == []
        assert len(f["ready"]) == len(formation("historical", fid)["ready"] + formation("historical", fid)["flown"])
    assert s["special_rules"]["wild_bull"]["status"] == "off"
    assert s["special_rules"]["ijn_carrier_aircraft"]["strike_units_return_to_carrier"] is True
    assert s["special_rules"]["ijn_carrier_aircraft"]["missions_per_day"] == 1


def test_13_2_variable_air_ob_units_match_the_printed_additions():
    units = {u["field"]: u["unit"] for u in scenario("what-if")["variable_air_ob"]["units"]}
    expect = {"junyo_3_f_12": "3-F-12", "junyo_4_12": "4-12", "ryuho_3_12": "3-12", "unryu_3_f_12": "3-F-12",
              "unryu_4_12": "4-12", "amagi_3_f_12": "3-F-12", "amagi_4_12": "4-12", "zuikaku_3_12": "3-12"}
    assert set(units) == set(expect)
    for fld, label in expect.items():
        u = air()[units[fld]]
        assert u["counter_label"] == label and u["carrier_name"].lower() == fld.split("_")[0]
        assert u["used_in"] == "what-if"
    assert air()[units["zuikaku_3_12"]]["parent"] == "zuikaku"
    table = DATA / "tables" / "whatif_air_ob.toml"
    if table.exists():
        fields = tomllib.loads(table.read_text(encoding="utf-8"))["fields"]
        assert set(fields) == set(expect)


def test_13_2_carriers_not_in_play_have_no_ship_counter():
    for c in ("junyo", "ryuho", "unryu", "amagi"):
        assert c not in ships()


# ---------------------------------------------------------------------------------------------------------------
# 13.3 Campaign
# ---------------------------------------------------------------------------------------------------------------


def test_13_3_1_ijn_positions():
    expect = {"Force A": "4301", "Force B": "4412", "Force C": "4412", "Shima Force": "3410",
              "Reinforcement Escort Force": "2510", "Transport Group": "4120", "Destroyer Division 21": "2512"}
    for name, hx in expect.items():
        assert tf_by_name("campaign", name)["start_hex"] == hx, name
    assert {"atago", "takao", "maya"} <= set(tf("campaign", "force-a")["ships"])
    assert not tf("campaign", "force-a").get("hits")
    assert "aoba" in tf("campaign", "reinforcement-escort-force")["ships"]
    assert "Transport Force" in tf("campaign", "transport-group")["aliases"]


def test_13_3_1_second_air_fleet_flown_three_fighters():
    assert labels(formation("campaign", "2AF")["flown"]) == Counter({"3-F-12": 3, "3-12": 2, "4-12": 2})
    assert labels(formation("campaign", "2AF")["ready"]) == Counter({"3-F-12": 4, "3-12": 1, "4-12": 3})
    assert labels(formation("campaign", "1AF")["flown"]) == Counter({"3-F-12": 1, "3-12": 1})


def test_13_3_2_ozawa_turn_5_between_1015_and_1028_and_rolls_10_14():
    e = tf("campaign", "ozawa-force")["entry"]
    assert e["turn"] == 5 and e["hexes"] == [f"10{c}" for c in range(15, 29)]
    rolls = [int(r["turn"]) for r in turns()["campaign"] if r["air_reinforcement_roll"] == "true"]
    assert rolls == [10, 14]


def test_13_3_turns_are_13_1_turns_shifted_by_four():
    hist = {int(r["turn"]): r for r in turns()["historical"]}
    for r in turns()["campaign"]:
        t = int(r["turn"])
        if t > 4:
            h = hist[t - 4]
            assert (r["date"], r["time"], r["day_turn"], r["air_reinforcement_roll"], r["kamikazes"]) == \
                (h["date"], h["time"], h["day_turn"], h["air_reinforcement_roll"], h["kamikazes"])
        else:
            assert r["date"] == "1944-10-23"
    assert tf("campaign", "ozawa-force")["entry"]["turn"] == tf("historical", "ozawa-force")["entry"]["turn"] + 4


def test_13_3_4_usn_arrivals():
    expect = {"tg-38-2": (2, ["2828"]), "tg-38-3": (2, ["2328"]), "tg-38-4": (3, ["3328"]),
              "tg-38-1": (10, ["2428", "2528", "2628"])}
    for t_id, (turn, hexes) in expect.items():
        t = tf("campaign", t_id)
        assert (t["entry"]["turn"], t["entry"]["hexes"], t["detected"]) == (turn, hexes, False)


def test_13_3_5_air_fleets_stand_down_on_23_october():
    rule = scenario("campaign")["special_rules"]["ijn_air_stand_down"]
    assert rule["formations"] == ["1AF", "2AF"] and rule["turns"] == [1, 2, 3, 4]
    for r in turns()["campaign"]:
        assert (r["ijn_air_ops"] == "false") == (r["date"] == "1944-10-23")
    assert scenario("campaign")["special_rules"]["wild_bull"]["status"] == "required"


# ---------------------------------------------------------------------------------------------------------------
# Turn record, kamikazes (11.1), TF limits (5.2, 5.3, 5.5)
# ---------------------------------------------------------------------------------------------------------------


def test_1_1_turn_record_three_day_turns_and_one_night_per_date():
    for scen, count in (("historical", 12), ("what-if", 12), ("campaign", 16)):
        rows = turns()[scen]
        assert [int(r["turn"]) for r in rows] == list(range(1, count + 1))
        assert scenario(scen)["last_turn"] == count
        by_date = Counter((r["date"], r["time"]) for r in rows)
        for d in {r["date"] for r in rows}:
            assert (by_date[(d, "day")], by_date[(d, "night")]) == (3, 1)
        assert rows[0]["time"] == "night"  # 13.3 starts on a night turn followed by three day turns (U1)
        assert [r["last_turn"] for r in rows].count("true") == 1 and rows[-1]["last_turn"] == "true"
        assert rows[-1]["date"] == "1944-10-26"


def test_11_1_kamikazes_two_each_25_october_day_turn_one_on_26_october():
    for scen in SCENARIOS:
        rows = turns()[scen]
        for r in rows:
            k = int(r["kamikazes"])
            if r["date"] == "1944-10-25" and r["time"] == "day":
                assert k == 2
            elif r["date"] != "1944-10-26":
                assert k == 0
        assert sum(int(r["kamikazes"]) for r in rows if r["date"] == "1944-10-26") == 1
        assert sum(int(r["kamikazes"]) for r in rows) == len([a for a in air().values() if a["kind"] == "K"]) == 7


def test_5_2_5_3_tf_counts_at_start():
    s = scenario("historical")
    sides = Counter(t["side"] for t in s["task_forces"])
    assert sides["IJN"] == s["limits"]["IJN"]["tfs_at_start"] == 8
    assert sides["USN"] == s["limits"]["USN"]["tfs_at_start"] == 9
    assert s["limits"]["IJN"]["naval_tfs_max"] == 10 and s["limits"]["USN"]["naval_tfs_max"] == 16


@pytest.mark.parametrize("scen", SCENARIOS)
def test_5_5_tf_limits_and_5_3_1_fleets_not_mixed(scen):
    s = scenario(scen)
    for t in s["task_forces"]:
        units = t["ships"]
        assert len(units) <= 16, t["id"]
        types = [ships()[u]["type"] for u in units]
        if t["side"] == "USN":
            assert {ships()[u]["fleet"] for u in units} == {t["fleet"]}, t["id"]
            assert sum(x in ("CV", "CVL") for x in types) <= 5
            assert types.count("CVE") <= 6
        else:
            assert all(ships()[u]["fleet"] == "" for u in units)
    hexes = Counter(t.get("start_hex") for t in s["task_forces"] if t.get("start_hex"))
    assert max(hexes.values()) <= 2


@pytest.mark.parametrize("scen", SCENARIOS)
def test_scenario_forces_reference_existing_units_once(scen):
    s = scenario(scen)
    seen: list[str] = []
    for t in s["task_forces"]:
        for u in t["ships"]:
            assert u in ships(), u
            assert ships()[u]["side"] == t["side"]
        seen += t["ships"]
        for b in t.get("air", []):
            assert b["carrier"] in t["ships"]
            for a in b["ready"] + b["flown"]:
                assert air()[a]["parent"] == b["carrier"]
                seen.append(a)
        for u in t.get("hits", {}):
            assert u in t["ships"]
    for f in s["air_formations"]:
        for a in f["ready"] + f["flown"]:
            assert air()[a]["parent"] == f["id"]
            seen.append(a)
    assert len(seen) == len(set(seen))
    for u in s.get("variable_air_ob", {}).get("units", []):
        assert u["unit"] in air() and u["unit"] not in seen
    for m in s["special_rules"]["kamikaze"]["markers"]:
        assert air()[m]["kind"] == "K"
    for u in ships().values():  # every counter listed for the scenario is fielded once
        assert (scen in u_scen(u["id"])) == (u["id"] in seen)


def u_scen(ship_id: str) -> set[str]:
    out = set()
    for scen in SCENARIOS:
        if any(ship_id in t["ships"] for t in scenario(scen)["task_forces"]):
            out.add(scen)
    return out


def test_every_ship_is_in_a_scenario_and_what_if_cruisers_only_later():
    for sid in ships():
        assert u_scen(sid), sid
    for sid in ("atago", "takao", "maya", "aoba"):
        assert u_scen(sid) == {"what-if", "campaign"}


# ---------------------------------------------------------------------------------------------------------------
# Provenance
# ---------------------------------------------------------------------------------------------------------------

CASE_RE = re.compile(r"\b\d{1,2}\.\d")


def test_every_ship_and_air_value_has_provenance():
    prov = provenance()
    ship_fields = [c for c in _csv(DATA / "ships.csv")[0] if c not in ("id", "provenance", "source")]
    for s in ships().values():
        for fld in ship_fields:
            row = prov[(s["id"], fld)]
            assert row["provenance"] in TAGS and row["source"], (s["id"], fld)
            assert row["value"] == s[fld], (s["id"], fld)
    air_fields = [c for c in _csv(DATA / "air_units.csv")[0] if c not in ("id", "provenance", "source")]
    for a in air().values():
        for fld in air_fields:
            row = prov[(a["id"], fld)]
            assert row["provenance"] in TAGS and row["source"], (a["id"], fld)
            assert row["value"] == a[fld], (a["id"], fld)


def test_every_damage_track_cell_has_provenance():
    for sid, rows in tracks().items():
        for r in rows:
            for fld in TRACK_FIELDS:
                p = provenance()[(sid, f"track.{r['box']}.{fld}")]
                assert p["provenance"] in TAGS and p["value"] == r[fld]


def test_printed_and_example_values_cite_a_case():
    for row in provenance().values():
        if row["provenance"] in ("printed", "example"):
            assert CASE_RE.search(row["source"]) or "example" in row["source"], row


def test_reconstructed_values_say_from_what():
    for row in provenance().values():
        if row["provenance"] == "reconstructed":
            assert len(row["source"]) >= 10, row


# ---------------------------------------------------------------------------------------------------------------
# Consistency: sisters, tracks, ids, types
# ---------------------------------------------------------------------------------------------------------------

VALUE_FIELDS = ("gunnery", "gunnery_range", "aa", "torpedo", "speed_odd", "speed_even", "damage_capacity",
                "air_ops_lost_at", "vp_sunk", "vp_damaged")


def test_sister_ships_alike_unless_a_refit_is_documented():
    groups: dict[tuple[str, str, str, str], list[str]] = {}
    for sid, src in sources().items():
        groups.setdefault((src["class"], src["type"], src["side"], src["ships"]), []).append(sid)
    compared = 0
    for members in groups.values():
        plain = [m for m in members if not sources()[m]["refit_note"]]
        for a, b in zip(plain, plain[1:], strict=False):
            compared += 1
            for fld in VALUE_FIELDS:
                assert ships()[a][fld] == ships()[b][fld], (a, b, fld)
            assert [r[f] for r in tracks()[a] for f in TRACK_FIELDS] == \
                [r[f] for r in tracks()[b] for f in TRACK_FIELDS], (a, b)
    assert compared >= 70


def test_sisters_that_differ_differ_by_history():
    assert n("maya", "aa") > n("takao", "aa")  # April 1944 AA refit
    assert n("maya", "gunnery") < n("takao", "gunnery")  # No. 3 turret landed
    assert n("yamato", "aa") > n("musashi", "aa")  # example 8.2 and the 1944 refits
    for sid in ("maya", "chokai", "yamato", "musashi", "mogami", "isuzu", "west-virginia", "south-dakota"):
        assert sources()[sid]["refit_note"]


@pytest.mark.parametrize("sid", sorted(ships()))
def test_9_0_damage_track_monotone_and_sunk_at_capacity(sid):
    rows = tracks()[sid]
    cap = n(sid, "damage_capacity")
    assert [int(r["box"]) for r in rows] == list(range(cap + 1))
    b0 = rows[0]
    for fld in ("speed_odd", "speed_even", "gunnery", "aa"):
        assert b0[fld] == ships()[sid][fld]
        vals = [int(r[fld]) for r in rows]
        assert all(x >= y for x, y in zip(vals, vals[1:], strict=False)), (sid, fld, vals)
    for r in rows:
        assert int(r["speed_odd"]) <= int(r["speed_even"]) <= int(r["speed_odd"]) + 1  # 6.2: lower on odd turns
    assert (rows[-1]["speed_odd"], rows[-1]["speed_even"], rows[-1]["gunnery"], rows[-1]["aa"],
            rows[-1]["air_ops"]) == ("0", "0", "0", "0", "false")
    afloat = rows[:-1]
    assert all(int(r["speed_even"]) >= 1 for r in afloat)


def test_9_1_carriers_lose_air_operations_at_half_damage_and_never_regain():
    for sid, s in ships().items():
        ops = [r["air_ops"] == "true" for r in tracks()[sid]]
        if s["type"] in ("CV", "CVL", "CVE"):
            lost = int(s["air_ops_lost_at"])
            assert ops == [k < lost for k in range(len(ops))]
            assert lost == -(-int(s["damage_capacity"]) // 2)
        else:
            assert not any(ops) and s["air_ops_lost_at"] == ""


def test_9_3_small_unit_track_loses_ships_not_speed():
    for sid, s in ships().items():
        if s["damage_points_are_ships"] == "true":
            for r in tracks()[sid][:-1]:
                assert (r["speed_odd"], r["speed_even"]) == (s["speed_odd"], s["speed_even"])


def test_2_4_type_codes_and_ids_are_slugs():
    assert {s["type"] for s in ships().values()} <= {"BB", "CV", "CVL", "CVE", "CA", "CL", "CLAA", "CAV", "DD", "DE",
                                                     "APD"}
    assert ships()["mogami"]["type"] == "CAV" and ships()["reno"]["type"] == "CLAA"
    assert {a["kind"] for a in air().values()} <= {"F", "B", "FB", "HB", "K"}
    for uid in list(ships()) + list(air()):
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", uid), uid
    assert {s["side"] for s in ships().values()} == {"IJN", "USN"}
    assert all(s["fleet"] in ("3rd", "7th") for s in ships().values() if s["side"] == "USN")


def test_air_units_steps_and_ranges():
    for a in air().values():
        if a["side"] == "IJN" and a["kind"] != "K":
            assert a["range"] == "12" and a["reduced_side"] == "reduced"
            assert 1 <= int(a["reduced"]) < int(a["strength"])
        if a["side"] == "USN":
            assert a["reduced_side"] == "fatigued" and int(a["reduced"]) < int(a["strength"])
            if a["kind"] != "HB":
                assert a["parent"] in ships() and ships()[a["parent"]]["fleet"] == a["fleet"]


# ---------------------------------------------------------------------------------------------------------------
# Set-up zones against the map (when the map exists) and the generator
# ---------------------------------------------------------------------------------------------------------------


def test_setup_zone_default_hexes_lie_in_their_zone():
    from leyte.core.hexgrid import HexMap

    m = HexMap.load(DATA)
    for scen in SCENARIOS:
        for t in scenario(scen)["task_forces"]:
            z = t.get("setup_zone")
            if not z:
                continue
            d = t["default_hex"]
            assert m.distance(m.hex(d), m.hex(z["centre"])) <= z["radius"], (scen, t["id"])
            assert int(d[2:]) >= z.get("min_col", 0)
            assert m.is_sea(m.hex(d)), (scen, t["id"], d)


def test_generator_is_deterministic_and_outputs_are_current(tmp_path):
    tool = ROOT / "tools" / "build_imperial_sunset_units.py"
    for out in ("a", "b"):
        subprocess.run([sys.executable, str(tool), "--out", str(tmp_path / out)], check=True, capture_output=True)
    files = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file())
    assert len(files) == 8
    for rel in files:
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes(), rel
        assert (tmp_path / "a" / rel).read_bytes() == (DATA / rel).read_bytes(), f"{rel} is stale: re-run the tool"
