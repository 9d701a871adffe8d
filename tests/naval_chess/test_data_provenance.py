"""Naval Chess data files checked on their own, without the engine: provenance on every row, the lettered map,
the 72-point historical ledger of PROVENANCE.md, and the printed set-up zones (IV, V.A-V.C).

The files are read with the csv and tomllib modules only, so these tests hold whatever state the engine
(leyte/rulebooks/naval_chess) is in, and they fail if a data correction breaks a printed fact.
"""

from __future__ import annotations

import csv
import tomllib
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "scenarios" / "naval-chess"
CSV_FILES = ("units.csv", "map.csv", "constants.csv", "tables/anti_ship.csv", "tables/scouting.csv",
             "tables/surprise.csv", "tables/vp.csv")
TAGS = {"printed", "example", "reconstructed"}

# The historical ledger of PROVENANCE.md: the IJN units the Allies sank in the battles of 23-25 October 1944,
# and the nightly tallies with an Allied transport anchored in Leyte Gulf (days 2-7; see PROVENANCE.md).
LEDGER_SUNK = ("musashi", "fuso", "yamashiro", "zuikaku", "kurita_cruisers", "kumano_cruisers",
               "cv1", "betty_1", "betty_2", "betty_3", "aoba")
LEDGER_ANCHORED_TALLIES = 6
LEDGER_IJN_UNLOADS = 1  # the TR/CA unit's troops landed at Ormoc on 26 October (VI.C)


def rows(name: str) -> list[dict[str, str]]:
    with (DATA / name).open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def constant(name: str) -> int:
    return int(next(r["value"] for r in rows("constants.csv") if r["id"] == name))


def scenario() -> dict:
    with (DATA / "scenarios" / "historical.toml").open("rb") as f:
        return tomllib.load(f)


def unit_vp(unit: dict[str, str], vp: dict[str, int]) -> int:
    """A ship scores by its class; an air unit by its strength (the vp table's air_strong / air_weak rows)."""
    return vp[f"air_{unit['strength']}"] if unit["kind"] == "air" else vp[unit["class"]]


@pytest.mark.parametrize("name", CSV_FILES)
def test_every_row_has_an_honest_provenance_tag_and_a_source(name: str) -> None:
    table = rows(name)
    assert table, f"{name} is empty"
    for i, row in enumerate(table, start=2):
        assert None not in row, f"{name} line {i}: more fields than the header (an unquoted comma?)"
        assert row["provenance"] in TAGS, f"{name} line {i}: provenance {row['provenance']!r}"
        assert row["source"].strip(), f"{name} line {i}: empty source"
        if row["provenance"] == "example":
            assert "example" in row["source"], f"{name} line {i}: an example tag must cite the example"


def test_toml_files_carry_provenance_and_source() -> None:
    for path in (DATA / "map.toml", DATA / "scenarios" / "historical.toml"):
        with path.open("rb") as f:
            doc = tomllib.load(f)
        assert doc["provenance"] in TAGS and doc["source"].strip(), path.name


def test_map_has_every_hex_a1_to_h10_exactly_once() -> None:
    labels = [r["label"] for r in rows("map.csv")]
    expected = {f"{col}{row}" for col in "ABCDEFGH" for row in range(1, 11)}
    assert len(labels) == len(set(labels)) == 80
    assert set(labels) == expected


def test_map_terrain_is_one_of_the_declared_terrains() -> None:
    with (DATA / "map.toml").open("rb") as f:
        terrains = set(tomllib.load(f)["terrains"])
    assert {r["terrain"] for r in rows("map.csv")} <= terrains


def test_v_b_hong_kong_is_b2_and_manila_is_d5_and_vi_b_2_b_surigao_is_e7() -> None:
    hexes = {r["label"]: r for r in rows("map.csv")}
    assert "harbor:Hong Kong" in hexes["B2"]["features"].split(";")
    assert "harbor:Manila" in hexes["D5"]["features"].split(";")
    assert hexes["E7"]["terrain"] == "strait" and hexes["E7"]["name"] == "Surigao Strait"
    for label in ("B2", "D5", "E7"):
        assert hexes[label]["provenance"] == "printed"
    # VI.C: the IJN TR/CA unit may unload at E6, E7 or Leyte Gulf: those must be sea areas, not land.
    assert hexes["E6"]["terrain"] != "land" and "unload:Leyte Gulf" in hexes["E7"]["features"]


def test_v_map_edges_match_the_printed_hex_ranges() -> None:
    hexes = {r["label"]: r["features"].split(";") for r in rows("map.csv")}
    west = {h for h, f in hexes.items() if "edge:west" in f}
    north = {h for h, f in hexes.items() if "edge:north" in f}
    east = {h for h, f in hexes.items() if "edge:east" in f}
    assert west == {f"A{r}" for r in range(3, 10)}
    assert north == {f"{c}1" for c in "DEFGH"}
    assert east == {"H5", "H6", "H7", "H8", "H9", "G10"}


def test_iv_historical_ledger_of_provenance_sums_to_72() -> None:
    units = {u["id"]: u for u in rows("units.csv")}
    vp = {r["class"]: int(r["vp"]) for r in rows("tables/vp.csv")}
    assert len(set(LEDGER_SUNK)) == len(LEDGER_SUNK)
    for uid in LEDGER_SUNK:
        assert units[uid]["seat"] == "IJN" and not units[uid]["option"], uid
    sunk = sum(unit_vp(units[uid], vp) for uid in LEDGER_SUNK)
    anchored = LEDGER_ANCHORED_TALLIES * vp["anchored_tr"]
    unload = LEDGER_IJN_UNLOADS * vp["ijn_unload"]
    assert (sunk, anchored, unload) == (52, 24, 4)
    assert sunk + anchored - unload == constant("historical_vp") == 72
    # The transports start on the east edge (V.A) and need a day to reach Leyte Gulf: at most days - 1 tallies.
    assert LEDGER_ANCHORED_TALLIES <= constant("days") - 1


def test_v_a_all_allied_ship_units_start_on_h5_to_h9() -> None:
    units = {u["id"]: u for u in rows("units.csv")}
    allied = scenario()["allied"]
    ships = {uid for uid, u in units.items() if u["seat"] != "IJN" and u["kind"] == "ship"}
    assert ships and ships <= set(allied)
    for uid in ships:
        assert allied[uid] in {"H5", "H6", "H7", "H8", "H9"}, (uid, allied[uid])
    # V.A: the PT boats start loaded on a transport, not on the map.
    pts = [u for u in units.values() if u["kind"] == "pt"]
    assert pts and all(u["id"] not in allied and units[u["setup"]]["class"] == "TR" for u in pts)


def test_v_b_at_least_7_ijn_ship_units_start_at_brunei_or_off_the_west_edge() -> None:
    units = {u["id"]: u for u in rows("units.csv")}
    hexes = {r["label"]: r["features"].split(";") for r in rows("map.csv")}
    assert "harbor:Brunei" in hexes["B9"]
    placed = {uid: tf["at"] for tf in scenario()["ijn"]["task_forces"] for uid in tf["units"]}
    ships = {uid for uid, u in units.items() if u["seat"] == "IJN" and u["kind"] == "ship" and not u["option"]}
    assert set(placed) == ships
    west = [uid for uid, at in placed.items() if at in {"B9", "off:west"}]
    assert len(west) >= constant("ijn_west_minimum") == 7
    # The rest: Hong Kong (B2), Manila (D5) or off the north edge.
    assert all(at in {"B9", "off:west", "B2", "D5", "off:north"} for at in placed.values())


def test_v_b_three_land_based_air_units_start_on_airfields() -> None:
    units = {u["id"]: u for u in rows("units.csv")}
    hexes = {r["label"]: r["features"] for r in rows("map.csv")}
    air = scenario()["ijn"]["air"]
    land = [uid for uid in air if units[uid]["kind"] == "air" and units[uid]["class"] == "land"]
    assert len(land) == constant("ijn_land_air_start") == 3
    assert all("airfield:" in hexes[air[uid]] for uid in land)


def test_example_cells_hold_what_the_worked_examples_state() -> None:
    anti = {(r["column"], int(r["roll"])): r for r in rows("tables/anti_ship.csv")}
    # VI.B.1.b.2.b: with +1 to hit, a 5 reads the 6 row's hit (DS); the loss stays on the raw roll (1: X).
    assert anti[("air_weak", 5)]["hit"] == "-" and anti[("air_weak", 6)]["hit"] == "DS"
    assert anti[("air_weak", 1)]["loss"] == "X"
    # VI.B.2.b, E7 example: with a shift of 1 for the Allies, they win surprise on 4-6, nobody on 2-3, IJN on 1.
    bands = [(int(r["roll_from"]), int(r["roll_to"]), r["result"]) for r in rows("tables/surprise.csv")]

    def result(roll: int) -> str:
        roll = min(6, max(1, roll))
        return next(res for lo, hi, res in bands if lo <= roll <= hi)

    assert [result(raw + 1) for raw in range(1, 7)] == ["IJN", "none", "none", "Allies", "Allies", "Allies"]
