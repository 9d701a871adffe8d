"""Clash of the Carriers' place in the Imperial Sunset rules family: its switch values and its case map.

Clash runs Imperial Sunset's modules, so every case number those modules can cite must be renumbered into Clash's
rulebook (or marked as a rule Clash does not have). The modules are scanned with ``ast`` — not a hand-kept list — so
a case literal added to a shared module later fails here until cases.csv says where Clash has it.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from leyte.core.cases import own
from leyte.core.datafiles import rows
from leyte.core.errors import LeyteError
from leyte.rulebooks.imperial_sunset.family import SWITCHES, load_family

ROOT = Path(__file__).resolve().parents[2]
IS_MODULES = ROOT / "leyte" / "rulebooks" / "imperial_sunset"
FOLDER = ROOT / "scenarios" / "clash-of-the-carriers"
GAME = "clash-of-the-carriers"

# Clash of the Carriers' numbered cases, as its rulebook's body heads them (1.0 to 16.1.4).
CLASH_CASES = frozenset("""
1.0 1.1 1.2 1.3 1.4 2.0 2.1 2.2 2.3 2.3.1 2.3.2 2.3.3 2.4
3.0 3.1 3.1.1 3.1.2 3.1.3 3.1.4 3.1.5 3.1.6 3.2 3.2.1 3.2.2 3.2.3 3.3 3.4
4.0 4.1 4.2 4.3 5.0 5.1 5.2 5.3 5.4 5.5 5.6 5.7
6.0 6.1 6.2 6.3 6.3.1 6.3.2 6.3.3 6.4 6.5 7.0 7.1 7.2 7.3
8.0 8.1 8.1.1 8.1.2 8.2 8.2.1 8.2.2 8.2.3 8.2.4 8.3 8.4 8.5 8.5.1 8.5.2 8.6 8.7
9.0 9.1 9.2 9.3 9.4 9.5 10.0 10.1 10.2 10.3 10.4
11.0 11.1 11.1.1 11.1.2 11.1.3 11.1.4 11.1.5 11.1.6
12.0 12.1 12.2 12.3 12.4 12.5 12.6 12.7 12.8 12.9 13.0 14.0
15.0 15.1 15.2 15.2.1 15.2.2 15.3 15.4 15.5 15.6 15.7 16.0 16.1 16.1.1 16.1.2 16.1.3 16.1.4
""".split())

# A case literal: "8.3.6", or several joined by "/" ("12.1/12.2").
CASE = re.compile(r"^\d{1,2}(\.\d+)+(/\d{1,2}(\.\d+)+)*$")


def _literal_cases() -> dict[str, set[str]]:
    """Every string constant in the Imperial Sunset modules that is a case number, with the modules using it."""
    found: dict[str, set[str]] = {}
    for p in sorted(IS_MODULES.glob("*.py")):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and CASE.match(node.value):
                found.setdefault(node.value, set()).add(p.stem)
    return found


def _case_rows() -> dict[str, tuple[str, str]]:
    return {r.str("base_case"): (r.str("case", ""), r.str("note", "")) for r in rows(FOLDER / "cases.csv")}


def test_the_scan_finds_the_cases_the_modules_cite() -> None:
    found = _literal_cases()
    # a few the scan must see, or it is scanning the wrong thing
    assert {"8.3.8", "6.2.2", "11.1", "12.1/12.2", "13.1.5.1"} <= set(found)
    assert "surface" in found["8.3.8"] and "strikes" in found["6.2.2"]
    assert len(found) > 70


def test_every_case_the_shared_modules_cite_is_in_cases_csv() -> None:
    missing = {c: sorted(m) for c, m in _literal_cases().items() if c not in _case_rows()}
    assert not missing, f"cases.csv lacks Imperial Sunset cases {missing}"


def test_every_mapped_case_is_a_real_clash_case_and_every_row_has_a_note() -> None:
    for base, (case, note) in _case_rows().items():
        assert note, f"cases.csv row {base} has no note"
        for part in filter(None, case.split("/")):
            assert part in CLASH_CASES, f"cases.csv maps {base} to {case}, which is not a Clash case"


@pytest.mark.parametrize("base, clash", [
    ("8.3.8", "12.8"), ("8.3.6", "12.6"), ("12.3", "10.3"), ("5.3.1", "3.1.4"), ("4.3", "8.7"), ("7.3", "6.1"),
    ("10.5", "11.1.4"), ("9.2", "9.3"), ("6.5.6", "8.1.1"),
])
def test_the_same_rule_gets_clash_s_number(base: str, clash: str) -> None:
    cases = load_family(FOLDER, GAME).cases
    assert cases is not None and cases(base) == clash


@pytest.mark.parametrize("base", ["11.1", "11.2", "13.1.5.1", "10.7", "8.3.11", "6.2.2", "14.1"])
def test_an_imperial_sunset_only_rule_reached_in_clash_is_an_error(base: str) -> None:
    cases = load_family(FOLDER, GAME).cases
    assert cases is not None
    with pytest.raises(LeyteError, match=f"case {re.escape(base)} has no counterpart"):
        cases(base)


def test_clash_s_own_numbers_pass_through() -> None:
    cases = load_family(FOLDER, GAME).cases
    assert cases is not None
    assert cases("16.1.4") == "16.1.4"  # not an Imperial Sunset case: untouched
    assert cases(own("10.2")) == "10.2"  # Clash's Saipan penalty, although IS 10.2 is submarine deployment
    assert cases("10.2") == "11.1.2"


def test_family_toml_sets_every_switch_to_clash_s_rule() -> None:
    fam = load_family(FOLDER, GAME)
    doc = tomllib.loads((FOLDER / "family.toml").read_text(encoding="utf-8"))
    assert set(doc["switches"]) == set(SWITCHES)
    assert {n: fam.switch(n) for n in SWITCHES} == {
        "launch_mp": 0, "aa_adjacent": "usn_half_all", "aa_suppression": "roll_minus_one_per_fighter",
        "a2a_excess": "per_unit_drm", "deliver_ordnance": "optional_steps", "criticals": "torpedo_only",
        "carrier_half": "ready_to_flown", "ijn_carrier_air_after_strike": "flown_forever",
        "usn_recovery": "unlimited_fatigued", "extended_range": "turn_track", "cap_scope": "hex_pool",
        # surface combat, 12.0-12.9 (reading notes differences 27-34)
        "surface_initiative": "once", "surface_deployment": "per_unit_face_up",
        "surface_gunnery": "simultaneous_plain", "surface_torpedoes": "once_per_battle",
        "surface_disengage": "both_roll", "surface_end": "retreat", "surface_smoke": "stays",
        "surface_adjust": "none", "surface_exits": "edge_roll", "surface_air": "target_aa_only",
        "air_one_step": "no_reduced_side_dies",  # 2.3.2, found by the whole-game playouts
    }
    assert all(fam.switch(n) != s.default for n, s in SWITCHES.items())  # every one is a real difference


def test_each_switch_comment_cites_both_rulebooks() -> None:
    lines = (FOLDER / "family.toml").read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        name = line.split("=")[0].strip()
        if name in SWITCHES:
            comment = []
            j = i - 1
            while j >= 0 and lines[j].startswith("#"):
                comment.insert(0, lines[j])
                j -= 1
            text = " ".join(comment)
            assert "Clash" in text and f"IS {SWITCHES[name].is_case}" in text, f"{name}: comment {text!r}"
