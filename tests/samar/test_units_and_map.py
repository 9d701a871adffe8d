"""Counters (9.0 reconstructed), the set-up lists of 3.1-3.2 and the rebuilt map (2.3)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import leyte

D = leyte.rules("samar")
ROOT = Path(__file__).resolve().parents[2]


def test_3_1_3_2_set_up_lists_every_ship_once_with_the_printed_counts() -> None:
    sc = D.scenarios["historical"]
    assert len(sc["taffy3"]["ships"]) == 13 and len(sc["taffy2"]["ships"]) == 14
    assert len(sc["bombardment"]["ships"]) == 14
    assert len(sc["center_force"]["ships"]) == 19 and len(sc["center_force"]["battleships"]) == 4
    every = (sc["taffy3"]["ships"] + sc["taffy2"]["ships"] + sc["bombardment"]["ships"]
             + sc["center_force"]["ships"] + sc["center_force"]["battleships"])
    assert sorted(every) == sorted(D.ships) and len(set(every)) == len(every)
    assert len(sc["air"]["taffy"]) == 12


def test_ruling_r1_taffy_two_carriers_are_cve_1_to_6() -> None:
    t2 = sorted(int(s.number) for s in D.ships.values() if s.group == "Taffy 2" and s.type == "CVE")
    t3 = sorted(int(s.number) for s in D.ships.values() if s.group == "Taffy 3" and s.type == "CVE")
    assert t2 == [1, 2, 3, 4, 5, 6] and t3 == [7, 8, 9, 10, 11, 12]
    assert sorted(int(s.number) for s in D.ships.values() if s.group == "Taffy 3" and s.type == "DE") == [6, 7, 8, 9]


def test_3_4_armor_makes_the_exit_thresholds_meaningful() -> None:
    heavy = [s for s in D.ships.values() if s.side == "IJN" and s.heavy]
    total = sum(s.front.armor for s in heavy)
    assert len(heavy) == 12 and total == 48
    assert D.ships["yamato"].front.armor > D.c("victory.usn_major") - 0  # one battleship alone is about 8
    assert total >= 2 * D.c("victory.ijn_major")  # 20 needs a good part of the force, not all of it


def test_counters_are_internally_consistent() -> None:
    for s in D.ships.values():
        assert s.provenance == "reconstructed" and "tools/build_samar_units.py" in s.source
        assert 1 <= s.front.armor and s.reverse.armor <= s.front.armor
        assert s.reverse.gunnery <= s.front.gunnery and s.reverse.torpedo <= s.front.torpedo
        assert s.maneuver in (1, 2, 3)
        if s.type in ("CVE", "DE"):
            assert s.speed_h, s.id  # the escort carriers and DEs cannot reach flank speed
        if s.range_m:
            assert s.weight <= 3
    assert {a.kind for a in D.air.values() if a.side == "USN"} == {"D", "T", "F"}
    assert all(a.special_attack for a in D.air.values() if a.side == "IJN")


def test_unit_generator_is_up_to_date() -> None:
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "build_samar_units.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_2_3_map_is_32_by_43_one_mile_hexes_with_named_hexes_at_sea() -> None:
    m = D.map
    assert len(m) == 32 * 43 and m.meta["hex_size_nm"] == 1
    assert m.meta["orientation"] == "flat" and m.meta["first"] == "col"
    for lb in ("0101", "0104", "0201", "0401", "3241", "3242", "3243"):
        assert m.terrain(m.hex(lb)) == "sea", lb
    assert all(m.terrain(h) == "sea" for h in m.within(m.hex("1411"), 4))
    entry = [m.label(h) for h in m.find("entry", "IJN")]
    assert entry == ["0101", "0102", "0103", "0104", "0201", "0301", "0401"]
    exits = m.find("exit", "Leyte Gulf")
    assert len(exits) >= 10 and all(m.label(h).endswith("43") and m.terrain(h) == "sea" for h in exits)
    terr = m.to_frame()["terrain"].value_counts()
    assert terr["land"] > 0 and terr["partial"] > 0  # the seaboard of Samar and its shallows are on the map
