"""Every printed chart of the Combat Results page reproduced cell by cell from scenarios/samar/ (5.6, 6.1, 6.3)."""

from __future__ import annotations

import pytest

import leyte

D = leyte.rules("samar")


def grid(table_id: str, field: str) -> dict[tuple[int, int], object]:
    t = D.tables[table_id]
    return {(c, r): t.lookup(c if t.column_by == "factor" else "-", r).result[field]
            for c in ([int(x) for x in t.columns] if t.column_by == "factor" else ["-"]) for r in range(1, 7)}


def test_5_6_firing_throw_each_die_hits_on_5_or_6() -> None:
    t = D.tables["firing_throw"]
    assert t.provenance == "printed"
    assert [t.lookup("-", r).result["hit"] for r in range(1, 7)] == [False] * 4 + [True] * 2


def test_6_1_damage_throw_criticals_on_5_or_6_and_modified_rolls_clamp() -> None:
    t = D.tables["damage_throw"]
    assert t.provenance == "printed"
    assert [t.lookup("-", r).result["critical"] for r in range(-1, 9)] == [False] * 6 + [True] * 4


def test_6_3_critical_hit_throw_every_cell() -> None:
    t = D.tables["critical_hit"]
    assert t.provenance == "printed"
    assert t.meta["column_names"] == {"1": "High Arc Plunging Fire", "2": "Low Arc Plunging Fire",
                                      "3": "Torpedo Attack", "4": "All Other"}
    printed = {
        1: ["fire"] * 4 + ["catastrophic"] * 2,
        2: ["fire"] * 5 + ["catastrophic"],
        3: ["waterline"] * 6,
        4: ["waterline"] * 2 + ["fire"] * 4,
    }
    for col, cells in printed.items():
        assert [t.lookup(col, r).result["effect"] for r in range(1, 7)] == cells, col


def test_speed_effects_on_gunnery_chart() -> None:
    se = D.speed_effects
    assert {k: (v["firing"], v["target"]) for k, v in se.items() if v["provenance"] == "printed"} == {
        "slowed": (-1, 1), "cruise": (1, 0), "battle": (0, 0), "flank": (-1, 0), "evasive": (-2, "-maneuver")}


@pytest.mark.parametrize("key,value", [
    ("fire.broadside", 2), ("fire.range_over_15_no_radar", -1), ("fire.range_threshold", 15),
    ("target.broadside", 1), ("target.other_ship_in_hex", 1), ("target.smoke_or_fire", -1),
    ("range.extended", -1), ("range.close", 1), ("range.point_blank", -2),
    ("weight.less", -1), ("weight.greater", 1), ("weight.double", 2),
    ("panic.threshold.IJN", 12), ("panic.threshold.USN", 15), ("panic.per_panicked_friend", 1),
    ("fouling.all_slow", -1), ("fouling.flank", 1), ("fouling.evasive", 2), ("fouling.hit_min", 5),
    ("smoke.remove_max", 3), ("fire.remove_max", 3), ("panic.remove_max.IJN", 2), ("panic.remove_max.USN", 3),
    ("hulk.sink_max", 2), ("torpedo.range", 6), ("torpedo.weight", 8), ("victory.ijn_major", 20),
    ("victory.usn_major", 8), ("taffy2.per_turn", 4), ("kamikaze.max_roll", 2), ("shallows.armor_min", 3),
])
def test_firing_throw_schedule_and_rule_numbers_are_printed(key: str, value: int) -> None:
    c = D.constants[key]
    assert (c.value, c.provenance) == (value, "printed")


def test_turn_record_has_16_turns_from_0648_with_a_reconstructed_mlos() -> None:
    tr = D.turn_record
    assert sorted(tr) == list(range(1, 17))
    times = [tr[t]["time"] for t in range(1, 17)]
    assert times[0] == "0648" and times[-1] == "0948"
    mins = [int(x[:2]) * 60 + int(x[2:]) for x in times]
    assert all(b - a == 12 for a, b in zip(mins, mins[1:]))
    assert all(tr[t]["provenance"] == "reconstructed" and tr[t]["source"] for t in tr)
    assert "0712" in tr[3]["time"] and "Taffy Two" in tr[3]["events"]
    assert tr[12]["time"] == "0900" and "Bombardment" in tr[12]["events"]
