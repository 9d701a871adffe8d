"""Clash of the Carriers counters and the 16.1 order of battle, read straight from the data files.

The expected order of battle below is the text's own (16.1.1-16.1.3, L949-1042), typed in here so the tests never
read the rulebook. Formats: scenarios/clash-of-the-carriers/notes/units-format.md; rulings U-1... in
notes/units-rulings.md.
"""

from __future__ import annotations

import csv
import re
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from leyte.core.datafiles import rows
from leyte.core.tables import PROVENANCE_TAGS
from leyte.rulebooks.imperial_sunset.data import AirDef, Box, ShipDef, load

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "scenarios" / "clash-of-the-carriers"
TOOL = ROOT / "tools" / "build_clash_units.py"
TAGS = ("printed", "example", "reconstructed")
TRACK_FIELDS = ("speed_odd", "speed_even", "gunnery", "aa", "air_ops")
BASES = ("guam", "rota", "tinian", "saipan", "yap", "peleliu", "iwo-jima", "truk")

# 16.1.1 / 16.1.3 exactly as printed (spelling included): task group -> naval units.
PRINTED_OOB: dict[str, list[str]] = {
    "force-a": ["Taiho", "Shokaku", "Zuikaku", "Myoko", "Haguro", "Yahagi", "DIV61", "DIVS10/17"],
    "force-b": ["Junyo", "Hiyo", "Ryuhō", "Nagato", "Mogami", "DIV4", "DIV27"],
    "force-c": ["Chitose", "Chiyoda", "Zuiho", "Yamato", "Musashi", "Kongo", "Haruna", "Atago", "Takao", "Maya",
                "Chokai", "Kumano", "Suzuyaa", "Tone", "Chikuma", "Noshiro", "DIV31", "DIV32"],
    "tg-58-2": ["Bunker Hill", "Wasp", "Monterey", "Cabot", "Sante Fe", "Mobile", "Biloxi", "DES RN 52",
                "DES DIV 104", "DES RN 1"],
    "tg-58-3": ["Enterprise", "Lexington", "San Jacinto", "Princeton", "Indianapolis", "Cleveland", "Montpelier",
                "Birmingham", "Reno", "DES RN 50/1", "DES RN 50/2", "DES DIV 100", "DES DIV 90"],
    "tg-58-7": ["Washington", "North Carolina", "South Dakota", "Indiana", "Alabama", "Iowa", "New Jersey",
                "New Orleans", "Minneapolis", "San Francisco", "Wichita", "DES DIV 12/1", "DES DIV 12/2",
                "DES DIV 89", "DES DIV 106"],
    "tg-58-1": ["Hornet", "Yorktown", "Belleau Wood", "Bataan", "Baltimore", "Boston", "Canberra", "San Juan",
                "Oakland", "TG 38.1", "DES DIV 42", "DES DIV 11/1", "DES DIV 11/2"],
    "tg-58-4": ["Essex", "Langley", "Cowpens", "Vincennes", "Houston", "Miami", "San Diego", "DES RN 12",
                "DES DIV 24", "DES RN 23", "DES DIV 46"],
    "tg-52-10": ["New Mexico", "Idaho", "Maryland", "Colorado", "Tennessee", "California", "Pennsylvania",
                 "Louisville", "Honolulu", "St. Louis", "DES RN 54/1", "DES RN 54/2", "DES RN 54/3", "DES RN 54/4"],
}
IJN_TGS = ("force-a", "force-b", "force-c")

# Printed air units per carrier (ship id) or island: (kind, factor, range) -> count.
PRINTED_AIR: dict[str, dict[tuple[str, int, int], int]] = {
    "taiho": {("F", 4, 12): 1, ("DB", 5, 12): 1, ("T", 3, 12): 1},
    "shokaku": {("F", 3, 12): 2, ("DB", 4, 12): 1, ("T", 2, 12): 1},
    "zuikaku": {("F", 4, 12): 1, ("FB", 2, 12): 1, ("DB", 4, 12): 1, ("T", 2, 12): 1},
    "junyo": {("F", 3, 12): 1, ("FB", 1, 12): 1, ("DB", 3, 12): 1, ("T", 1, 12): 1},
    "hiyo": {("F", 3, 12): 1, ("FB", 1, 12): 1, ("DB", 3, 12): 1, ("T", 1, 12): 1},
    "ryuho": {("F", 3, 12): 1, ("FB", 1, 12): 1, ("T", 1, 12): 1},
    "chitose": {("F", 1, 12): 1, ("FB", 2, 12): 1, ("T", 1, 12): 1},
    "chiyoda": {("F", 1, 12): 1, ("FB", 2, 12): 1, ("T", 1, 12): 1},
    "zuiho": {("F", 1, 12): 1, ("FB", 2, 12): 1, ("T", 1, 12): 1},
    "guam": {("F", 3, 25): 1, ("B", 1, 30): 1, ("DB", 1, 25): 1},
    "peleliu": {("F", 3, 25): 2, ("T", 1, 25): 1, ("F", 4, 25): 1, ("DB", 2, 25): 1},  # start + the d10 turn
    "yap": {("F", 2, 25): 1, ("B", 2, 30): 1, ("DB", 2, 25): 1},
    "iwo-jima": {("B", 2, 30): 1, ("F", 1, 25): 1},
    "truk": {("F", 2, 25): 1, ("T", 1, 25): 1},
}
_FLEET = {("F", 4, 8): 2, ("DB", 6, 8): 1, ("T", 5, 8): 1}
_LIGHT = {("F", 4, 8): 1, ("T", 3, 8): 1}
for _cv in ("bunker-hill", "wasp", "lexington", "hornet", "yorktown", "essex"):
    PRINTED_AIR[_cv] = dict(_FLEET)
for _cvl in ("monterey", "cabot", "san-jacinto", "princeton", "belleau-wood", "bataan", "langley", "cowpens"):
    PRINTED_AIR[_cvl] = dict(_LIGHT)
PRINTED_AIR["enterprise"] = {("F", 4, 8): 1, ("F", 3, 8): 1, ("DB", 5, 8): 1, ("T", 4, 8): 1}
PRINTED_SQUADRONS = {  # carrier -> printed squadron names, one per counter
    "bunker-hill": ["VF-8", "VF-8", "VB-8", "VT-8"], "wasp": ["VF-14", "VF-14", "VB-14", "VT-14"],
    "monterey": ["VF-28", "VT-28"], "cabot": ["VF-31", "VT-31"], "enterprise": ["VF-10", "VF-10", "VB-10", "VT-10"],
    "lexington": ["VF-16", "VF-16", "VB-16", "VT-16"], "san-jacinto": ["VF-51", "VT-51"],
    "princeton": ["VF-27", "VT-27"], "hornet": ["VF-2", "VF-2", "VB-2", "VT-2"],
    "yorktown": ["VF-1", "VF-1", "VB-1", "VT-1"], "bataan": ["VF-50", "VT-50"],
    "essex": ["VF-15", "VF-15", "VB-15", "VT-15"], "langley": ["VF-32", "VT-32"], "cowpens": ["VF-25", "VT-25"],
}


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
    return out


@cache
def air() -> dict[str, dict[str, str]]:
    return {r["id"]: r for r in _csv(DATA / "air_units.csv")}


@cache
def provenance() -> dict[tuple[str, str], dict[str, str]]:
    out: dict[tuple[str, str], dict[str, str]] = {}
    for r in _csv(DATA / "value_provenance.csv"):
        key = (r["unit_id"], r["field"])
        assert key not in out, f"duplicate provenance row {key}"
        out[key] = r
    return out


@cache
def scenario() -> dict[str, Any]:
    return tomllib.loads((DATA / "scenarios" / "historical.toml").read_text(encoding="utf-8"))


def tg(tg_id: str) -> dict[str, Any]:
    return next(t for t in scenario()["task_groups"] if t["id"] == tg_id)


# ---------------------------------------------------------------------------------------------------------------
# The generator
# ---------------------------------------------------------------------------------------------------------------


def test_generator_check_passes_on_the_committed_files() -> None:
    res = subprocess.run([sys.executable, str(TOOL), "--check"], capture_output=True, text=True, cwd=ROOT)
    assert res.returncode == 0, res.stderr


def test_generator_is_deterministic_and_check_catches_a_stale_file(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        res = subprocess.run([sys.executable, str(TOOL), "--out", str(out)], capture_output=True, text=True, cwd=ROOT)
        assert res.returncode == 0, res.stderr
    files = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert [str(f) for f in files] == ["air_units.csv", "damage_tracks.csv", "scenarios/historical.toml",
                                       "ships.csv", "value_provenance.csv"]
    for f in files:
        assert (a / f).read_bytes() == (b / f).read_bytes(), f
    (b / "ships.csv").write_text((b / "ships.csv").read_text().replace("Taiho", "Taihou"))
    res = subprocess.run([sys.executable, str(TOOL), "--check", "--out", str(b)], capture_output=True, text=True,
                         cwd=ROOT)
    assert res.returncode == 1 and "ships.csv" in res.stderr


# ---------------------------------------------------------------------------------------------------------------
# 16.1 order of battle: counts and membership
# ---------------------------------------------------------------------------------------------------------------


def test_16_1_every_task_group_holds_exactly_the_printed_units() -> None:
    for tg_id, printed in PRINTED_OOB.items():
        got = [s["printed_name"] for s in ships().values() if s["tg"] == tg_id]
        assert Counter(got) == Counter(printed), tg_id
        assert tg(tg_id)["ships"] == [s["id"] for s in ships().values() if s["tg"] == tg_id]


def test_16_1_unit_counts_per_task_group_and_side() -> None:
    per_tg = Counter(s["tg"] for s in ships().values())
    assert per_tg == {"tg-58-2": 10, "tg-58-3": 13, "tg-58-7": 15, "tg-58-1": 13, "tg-58-4": 11, "tg-52-10": 14,
                      "force-a": 8, "force-b": 7, "force-c": 18}
    sides = Counter(s["side"] for s in ships().values())
    assert sides == {"USN": 76, "IJN": 33}
    assert all(s["side"] == ("IJN" if s["tg"] in IJN_TGS else "USN") for s in ships().values())


def test_3_1_force_c_is_over_the_16_unit_limit_and_the_waiver_says_so() -> None:
    doc = scenario()
    assert doc["limits"]["naval_units_per_tg_max"] == 16
    over = [t["id"] for t in doc["task_groups"] if len(t["ships"]) > 16]
    assert over == ["force-c"]
    assert tg("force-c")["over_limit_at_start"] is True
    assert doc["limits"]["start_waivers"] == [{"tg": "force-c", "rule": "naval_units_per_tg_max", "units": 18,
                                               "case": "16.1.1, 3.1", "ruling": "U-1"}]


def test_3_1_2_and_3_1_3_printed_carrier_groups_respect_the_carrier_limits() -> None:
    for t in scenario()["task_groups"]:
        carriers = [s for s in t["ships"] if ships()[s]["type"] in ("CV", "CVL")]
        assert len(carriers) <= (3 if t["side"] == "IJN" else 4), t["id"]
    usn_carrier_tgs = [t for t in scenario()["task_groups"] if t["side"] == "USN" and t.get("air")]
    assert len(usn_carrier_tgs) == 4


def test_10_4_junyo_and_hiyo_are_light_carriers_and_the_historical_tally_is_37() -> None:
    s = ships()
    assert [s[c]["type"] for c in ("taiho", "shokaku", "zuikaku")] == ["CV", "CV", "CV"]
    assert [s[c]["type"] for c in ("junyo", "hiyo", "ryuho", "chitose", "chiyoda", "zuiho")] == ["CVL"] * 6
    sunk_vp = sum(int(s[c]["vp_sunk"]) for c in ("taiho", "shokaku", "hiyo"))
    assert sunk_vp == 25
    factors = sum(int(a["strength"]) for a in air().values() if a["vp_counts_factors"] == "true")
    assert factors == 69
    assert sunk_vp + 64 // 2 == 57
    survivors = ("zuikaku", "junyo", "ryuho", "chitose", "chiyoda", "zuiho")
    assert sum(int(s[c]["vp_owner_survives"]) for c in survivors) == 20
    assert 57 - 20 == 37


def test_10_1_and_10_2_victory_points_differ_by_side_as_printed() -> None:
    usn = {"CV": (20, 4), "CVL": (10, 2), "BB": (8, 0), "CA": (4, 0), "CL": (3, 0), "DD": (1, 0)}
    ijn = {"CV": 10, "CVL": 5, "BB": 8, "CA": 5, "CL": 2, "DD": 1}
    for sid, r in ships().items():
        if r["side"] == "USN":
            assert (int(r["vp_sunk"]), int(r["vp_damaged"])) == usn[r["type"]], sid
            assert r["vp_owner_survives"] == r["vp_owner_survives_damaged"] == "0"
        else:
            want = 10 if sid in ("yamato", "musashi") else ijn[r["type"]]
            assert (int(r["vp_sunk"]), int(r["vp_damaged"])) == (want, 0), sid
            surv = {"CV": ("5", "2"), "CVL": ("3", "1")}.get(r["type"], ("0", "0"))
            assert (r["vp_owner_survives"], r["vp_owner_survives_damaged"]) == surv, sid
        assert r["vp_per_damage_point"] == "0"


def test_8_7_example_every_ship_of_tg_58_7_is_speed_4_5() -> None:
    for sid, r in ships().items():
        if r["tg"] == "tg-58-7":
            assert (r["speed_odd"], r["speed_even"]) == ("4", "5"), sid
            assert provenance()[(sid, "speed_odd")]["provenance"] == "example"


def test_3_1_4_only_52_10_is_segregated() -> None:
    for sid, r in ships().items():
        want = "" if r["side"] == "IJN" else ("52.10" if r["tg"] == "tg-52-10" else "58")
        assert r["fleet"] == want, sid


# ---------------------------------------------------------------------------------------------------------------
# Air units
# ---------------------------------------------------------------------------------------------------------------


def test_16_1_every_printed_air_value_is_in_the_file() -> None:
    got: dict[str, Counter[tuple[str, int, int]]] = {}
    for a in air().values():
        got.setdefault(a["parent"], Counter())[(a["printed_kind"], int(a["strength"]), int(a["range"]))] += 1
    assert got == {k: Counter(v) for k, v in PRINTED_AIR.items()}
    assert Counter(a["side"] for a in air().values()) == {"USN": 44, "IJN": 46}


def test_16_1_3_usn_air_per_task_group_and_squadron_names() -> None:
    per_tg = Counter(ships()[a["parent"]]["tg"] for a in air().values() if a["side"] == "USN")
    assert per_tg == {"tg-58-1": 12, "tg-58-2": 12, "tg-58-3": 12, "tg-58-4": 8}
    for carrier, sqns in PRINTED_SQUADRONS.items():
        assert [a["squadron"] for a in air().values() if a["parent"] == carrier] == sqns, carrier
    # U-4: Belleau Wood's printed "VF-25"/"VT-25" duplicate Cowpens's; the squadron is ruled VF-24/VT-24.
    bw = [a for a in air().values() if a["parent"] == "belleau-wood"]
    assert [a["squadron"] for a in bw] == ["VF-24", "VT-24"]
    assert all(provenance()[(a["id"], "squadron")]["provenance"] == "reconstructed" for a in bw)


def test_14_0_example_ijn_db_3_flips_to_1_and_is_printed() -> None:
    dbs = [a for a in air().values() if a["side"] == "IJN" and (a["printed_kind"], a["strength"]) == ("DB", "3")]
    assert {a["parent"] for a in dbs} == {"junyo", "hiyo"}
    for a in dbs:
        assert a["reduced"] == "1"
        assert provenance()[(a["id"], "reduced")]["provenance"] == "printed"


def test_reduced_sides_follow_the_fatigue_ruling() -> None:
    usn = {("F", 4): 2, ("F", 3): 1, ("DB", 6): 4, ("DB", 5): 3, ("T", 5): 3, ("T", 4): 2, ("T", 3): 1}
    for a in air().values():
        k, s = a["printed_kind"], int(a["strength"])
        if a["side"] == "USN":
            assert (int(a["reduced"]), a["reduced_side"]) == (usn[(k, s)], "fatigued"), a["id"]
        elif s == 1:
            assert (a["reduced"], a["reduced_side"]) == ("0", "none"), a["id"]
        else:
            assert (int(a["reduced"]), a["reduced_side"]) == (max(1, s - 2), "reduced"), a["id"]


def test_air_unit_parents_are_carriers_or_the_shared_airfield_ids() -> None:
    for a in air().values():
        if a["carrier_name"]:
            assert ships()[a["parent"]]["name"] == a["carrier_name"]
            assert ships()[a["parent"]]["type"] in ("CV", "CVL")
        else:
            assert a["parent"] in BASES, a["id"]
            assert a["side"] == "IJN"
    kinds = {a["kind"] for a in air().values()}
    assert kinds <= {"F", "B", "FB"}


def test_16_1_island_air_reinforcements_and_revival() -> None:
    doc = scenario()
    bases = {b["id"]: b for b in doc["air_bases"]}
    assert list(bases) == ["guam", "peleliu", "yap", "iwo-jima"]
    assert all(b["flown"] == [] and b["full_strength"] for b in bases.values())
    start = {aid for b in bases.values() for aid in b["ready"]}
    assert len(start) == 10
    reinf = {r["id"]: r for r in doc["reinforcements"]}
    assert reinf["truk-turn-2"]["turn"] == 2
    assert sorted(air()[u]["counter_label"] for u in reinf["truk-turn-2"]["units"]) == ["F 2-25", "T 1-25"]
    d10 = reinf["d10-turn"]
    assert d10["turn_roll"] == "d10"
    assert sorted((air()[u]["parent"], air()[u]["counter_label"]) for u in d10["units"]) == [
        ("iwo-jima", "F 1-25"), ("peleliu", "DB 2-25"), ("peleliu", "F 3-25")]
    rev = reinf["revived"]
    assert (rev["base"], rev["box"], rev["every"], rev["count"]) == ("guam", "flown", "day_turn", 1)
    land = {a["id"] for a in air().values() if a["side"] == "IJN" and not a["carrier_name"]}
    assert start | set(reinf["truk-turn-2"]["units"]) | set(d10["units"]) == land


# ---------------------------------------------------------------------------------------------------------------
# Scenario set-up
# ---------------------------------------------------------------------------------------------------------------


def test_16_1_set_up_hexes_exactly_as_printed() -> None:
    tfs = {t["id"]: t for t in scenario()["task_forces"]}
    assert tfs["tf-58"]["start_hex"] == "3111"
    assert tfs["tf-58"]["task_groups"] == ["tg-58-2", "tg-58-3", "tg-58-7"]
    assert tfs["mobile-fleet"]["setup_zone"] == {"centre": "0618", "radius": 3}
    assert (tfs["mobile-fleet"]["task_groups_min"], len(tfs["mobile-fleet"]["task_groups_choice"])) == (1, 3)
    assert {t: tg(t)["start_hex"] for t in ("tg-58-1", "tg-58-2", "tg-58-3", "tg-58-4", "tg-58-7", "tg-52-10")} == {
        "tg-58-1": "2811", "tg-58-2": "3111", "tg-58-3": "3111", "tg-58-4": "3209", "tg-58-7": "3111",
        "tg-52-10": "3712"}
    for f in IJN_TGS:
        assert tg(f)["detached_setup_zone"] == {"west_of_column": "07", "inclusive": True, "printed": "07XX"}
    assert scenario()["ijn_setup"]["detached_tgs_max"] == 3


def test_16_1_4_special_rules_and_lost_scenarios() -> None:
    rules = {r["id"]: r for r in scenario()["special_rules"]}
    assert [r["text_available"] for r in rules.values()] == [True, True, True, False, False]
    assert (rules["cautious-spruance"]["max_hexes"], rules["cautious-spruance"]["lifted_on_turn"]) == (9, 9)
    assert rules["decisive-battle-mentality"]["target_carriers_min"] == 3
    assert (rules["japanese-coordination"]["flagship"], rules["japanese-coordination"]["report_radius"]) == (
        "taiho", 3)
    assert {rules["tf58-unleashed"]["case"], rules["japanese-dream"]["case"]} == {"16.2", "16.3"}


def test_3_1_1_and_3_2_limits() -> None:
    lim = scenario()["limits"]
    assert lim["USN"] == {"tgs_max": 10, "carrier_tgs_max": 4, "carriers_per_tg_max": 4, "tfs_max": 1,
                          "tf_tgs_max": 5}
    assert lim["IJN"] == {"tgs_max": 8, "carrier_tgs_max": 8, "carriers_per_tg_max": 3, "tfs_max": 1,
                          "tf_tgs_max": 3}
    assert (lim["tgs_per_hex_max_without_tf"], lim["dummy_tg_speed"]) == (2, 4)


def test_carrier_air_starts_ready_with_its_carrier() -> None:
    for t in scenario()["task_groups"]:
        for entry in t.get("air", []):
            assert entry["carrier"] in t["ships"]
            assert entry["ready"] == [a for a, r in air().items() if r["parent"] == entry["carrier"]]


# ---------------------------------------------------------------------------------------------------------------
# Garbles (notes/units-rulings.md)
# ---------------------------------------------------------------------------------------------------------------


def test_garbled_names_keep_the_printed_spelling_beside_the_ruled_name() -> None:
    s = ships()
    assert (s["santa-fe"]["name"], s["santa-fe"]["printed_name"]) == ("Santa Fe", "Sante Fe")
    assert (s["suzuya"]["name"], s["suzuya"]["printed_name"]) == ("Suzuya", "Suzuyaa")
    assert s["tg-38-1-dd"]["type"] == "DD" and s["tg-38-1-dd"]["printed_name"] == "TG 38.1"
    assert s["divs-10-17"]["ships"] == "4"
    for sid in ("santa-fe", "suzuya", "tg-38-1-dd"):
        assert provenance()[(sid, "name")]["provenance"] == "reconstructed"


def test_every_ruling_cited_in_the_data_is_written_up() -> None:
    text = (DATA / "notes" / "units-rulings.md").read_text(encoding="utf-8")
    defined = set(re.findall(r"^\| (U-\d+) \|", text, flags=re.M))
    assert defined == {f"U-{i}" for i in range(1, len(defined) + 1)}
    cited = set(re.findall(r"U-\d+", (DATA / "value_provenance.csv").read_text(encoding="utf-8")))
    cited |= set(re.findall(r"U-\d+", (DATA / "scenarios" / "historical.toml").read_text(encoding="utf-8")))
    assert cited and cited <= defined, cited - defined


def test_mogami_has_no_air_search_in_clash() -> None:
    assert ships()["mogami"]["air_search_range"] == "0"
    assert ships()["mogami"]["type"] == "CA"


# ---------------------------------------------------------------------------------------------------------------
# Provenance and damage logs
# ---------------------------------------------------------------------------------------------------------------


def test_every_row_and_every_value_has_a_provenance_tag_and_a_source() -> None:
    prov = provenance()
    for kind, table in (("ship", ships()), ("air", air())):
        for uid, r in table.items():
            assert r["provenance"] in TAGS + ("mixed",), uid
            assert r["source"], uid
            for fld, value in r.items():
                if fld in ("id", "provenance", "source"):
                    continue
                p = prov[(uid, fld)]
                assert p["value"] == value, (kind, uid, fld)
                assert p["provenance"] in TAGS and p["source"].strip(), (uid, fld)
    for sid, rows_ in tracks().items():
        for r in rows_:
            for f in TRACK_FIELDS:
                p = prov[(sid, f"track.{r['box']}.{f}")]
                assert p["value"] == r[f] and p["provenance"] in TAGS and p["source"].strip()


def test_carried_over_values_use_the_reconstructed_tag_with_the_is_source() -> None:
    assert "carried-over" not in PROVENANCE_TAGS  # so the carried tag is "reconstructed" (units-provenance.md)
    for sid, r in ships().items():
        p = provenance()[(sid, "gunnery")]
        assert p["provenance"] == "reconstructed"
        word = "carried over from Imperial Sunset" if r["basis"] == "carried-over" else "class analogy with Imperial"
        assert word in p["source"] and r["is_id"] in p["source"], sid


def test_june_1944_ijn_aa_is_never_above_imperial_sunsets_october_value() -> None:
    is_ships = {r["id"]: r for r in _csv(ROOT / "scenarios" / "imperial-sunset" / "ships.csv")}
    lowered = []
    for sid, r in ships().items():
        if r["side"] == "IJN" and r["basis"] == "carried-over":
            assert int(r["aa"]) <= int(is_ships[sid]["aa"]), sid
            if int(r["aa"]) < int(is_ships[sid]["aa"]):
                lowered.append(sid)
                assert "adjusted to June 1944" in provenance()[(sid, "aa")]["source"]
    assert "nagato" in lowered and "yamato" not in lowered


def test_damage_tracks_cover_boxes_0_to_capacity() -> None:
    for sid, r in ships().items():
        boxes = tracks()[sid]
        cap = int(r["damage_capacity"])
        assert [int(b["box"]) for b in boxes] == list(range(cap + 1)), sid
        first, last = boxes[0], boxes[-1]
        assert [first[f] for f in ("speed_odd", "speed_even", "gunnery", "aa")] == [
            r[f] for f in ("speed_odd", "speed_even", "gunnery", "aa")]
        assert [last[f] for f in TRACK_FIELDS] == ["0", "0", "0", "0", "false"]
        for f in ("speed_odd", "speed_even", "gunnery", "aa"):
            vals = [int(b[f]) for b in boxes]
            assert vals == sorted(vals, reverse=True), (sid, f)
        if r["type"] in ("CV", "CVL"):
            ops = [b["air_ops"] == "true" for b in boxes]
            assert ops.index(False) == int(r["air_ops_lost_at"]), sid


# ---------------------------------------------------------------------------------------------------------------
# Imperial Sunset's loader reads the files
# ---------------------------------------------------------------------------------------------------------------


def test_imperial_sunset_row_readers_accept_every_file() -> None:
    """Build ShipDef, Box and AirDef from Clash's files the way imperial_sunset.data.load does."""
    tr: dict[str, dict[int, Box]] = {}
    for r in rows(DATA / "damage_tracks.csv"):
        tr.setdefault(r.str("ship"), {})[r.int("box")] = Box(
            r.int("speed_odd"), r.int("speed_even"), r.int("gunnery"), r.int("aa"), r.bool("air_ops", True))
    defs = []
    for r in rows(DATA / "ships.csv"):
        cap = r.int("damage_capacity")
        assert r.str("provenance") in PROVENANCE_TAGS + ("mixed",)
        defs.append(ShipDef(
            id=r.str("id"), name=r.str("name"), side=r.str("side"), fleet=r.str("fleet", ""), type=r.str("type"),
            gunnery=r.int("gunnery"), aa=r.int("aa"), torpedo=r.bool("torpedo"), speed_odd=r.int("speed_odd"),
            speed_even=r.int("speed_even"), capacity=cap, vp_sunk=r.int("vp_sunk", 0),
            vp_damaged=r.int("vp_damaged", 0), track=tuple(tr[r.str("id")][i] for i in range(cap + 1)),
            vp_per_point=r.int("vp_per_damage_point", 0), air_search_range=r.int("air_search_range", 0),
            air_ops_lost_at=r.int("air_ops_lost_at", 0) or None))
    assert len(defs) == 109
    assert next(d for d in defs if d.id == "taiho").carrier
    airdefs = [AirDef(id=r.str("id"), name=r.str("name", r.str("id")), side=r.str("side"), kind=r.str("kind"),
                      strength=r.int("strength"), reduced=r.int("reduced", 0), range=r.int("range"),
                      parent=r.str("parent"), squadron=r.str("squadron", ""))
               for r in rows(DATA / "air_units.csv")]
    assert len(airdefs) == 90


def test_imperial_sunset_load_reads_clash_units_and_scenario(tmp_path: Path) -> None:
    """The whole IS loader, on IS's map and charts with Clash's unit files and scenario swapped in."""
    folder = tmp_path / "mixed"
    shutil.copytree(ROOT / "scenarios" / "imperial-sunset", folder)
    for name in ("ships.csv", "damage_tracks.csv", "air_units.csv", "value_provenance.csv"):
        shutil.copy(DATA / name, folder / name)
    for p in (folder / "scenarios").glob("*.toml"):
        p.unlink()
    shutil.copy(DATA / "scenarios" / "historical.toml", folder / "scenarios" / "historical.toml")
    d = load(folder)
    assert len(d.ships) == 109 and len(d.air) == 90
    assert d.ships["yamato"].box(1).gunnery < d.ships["yamato"].gunnery
    assert d.ships["junyo"].air_ops_lost_at == 3 and d.ships["junyo"].type == "CVL"
    assert d.air["junyo-db3-1"].reduced == 1
    assert d.scenarios["historical"]["game"] == "clash-of-the-carriers"


@pytest.mark.parametrize("sid", ["taiho", "shokaku", "junyo", "hiyo", "ryuho", "div-27", "div-32", "divs-10-17",
                                 "north-carolina", "new-mexico", "colorado", "san-juan", "honolulu"])
def test_new_ships_name_their_analogue(sid: str) -> None:
    r = ships()[sid]
    assert r["basis"] == "analogue" and r["is_id"] != sid
    assert f"Imperial Sunset {r['is_id']}" in provenance()[(sid, "aa")]["source"]


def test_the_printed_torpedo_letter_reaches_the_rules() -> None:
    """Clash's T counters are rules kind B (the shared loader's vocabulary) but torpedo units for 9.3's criticals."""
    from leyte.rulebooks.clash.rules import RULES
    from leyte.rulebooks.imperial_sunset import air_ops

    D = RULES.data()
    torpedo = sorted(a for a in D.air if air_ops.is_torpedo_unit(D, a))
    assert torpedo and all(D.air[a].kind == "B" and D.air[a].printed_kind == "T" for a in torpedo)
    assert len(torpedo) == sum(1 for r in air().values() if r["printed_kind"] == "T")
    assert not air_ops.is_torpedo_unit(D, next(a for a in D.air if D.air[a].printed_kind == "DB"))
