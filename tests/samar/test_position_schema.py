"""Samar positions and scenario files are checked against the declared schema (samar/schema.py, issue 14).

Every malformed field must end in a ``leyte.ScenarioError`` naming the field path, the value and the rule or reason
— never an AttributeError, KeyError, TypeError or a silent acceptance — and a refusal leaves nothing behind.
"""

from __future__ import annotations

import copy
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from position_kit import junk, paths_in, set_at

import leyte

ROOT = Path(__file__).resolve().parents[2]


def valid() -> dict[str, Any]:
    return {
        "id": "schema", "name": "schema test", "turn": 3, "last_turn": 16, "start": "combat",
        "ships": [{"id": "yamato", "hex": "1005", "facing": 3, "speed": "battle", "hits": 1},
                  {"id": "hoel", "hex": "1010", "facing": 0, "fires": 1},
                  {"id": "nagato"}],
        "pools": {"ijn": ["nagato"]},
        "air": [{"id": "vc10", "where": "available"}],
        "smoke": {"1008": 1},
        "options": {"alternate_movement": False},
    }


def test_the_valid_position_is_accepted() -> None:
    g = leyte.new_game("samar", scenario=valid())
    assert g.decision is not None


def _set(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    return set_at(valid(), path, value)


# (path to change, new value, the path the error must name, a word of the reason)
MALFORMED = [
    (("ships", 0, "hits"), -1, "ships[0].hits", "greater than or equal to 0"),
    (("ships", 0, "hits"), 10, "ships[0].hits", "armor 9"),
    (("ships", 1, "fires"), -2, "ships[1].fires", "greater than or equal to 0"),
    (("ships", 0, "facing"), 6, "ships[0].facing", "4.2"),
    (("ships", 0, "facing"), True, "ships[0].facing", "valid integer"),
    (("ships", 0, "facing"), 2.0, "ships[0].facing", "valid integer"),
    (("ships", 0, "facing"), "3", "ships[0].facing", "valid integer"),
    (("ships", 0, "speed"), "warp", "ships[0].speed", "4.1"),
    (("ships", 0, "hex"), "9999", "ships[0].hex", "not a hex"),
    (("ships", 0, "hex"), 1005, "ships[0].hex", "valid string"),
    (("ships", 0, "id"), "bismarck", "ships[0].id", "ships.csv"),
    (("ships", 0, "side"), "USN", "ships[0].side", "IJN ship"),
    (("ships", 0, "waterline"), 3, "ships[0].waterline", "6.3"),
    (("ships", 0, "flipped"), "yes", "ships[0].flipped", "valid boolean"),
    (("ships", 0, "colour"), "red", "ships[0].colour", "not a field"),
    (("ships", 0), "yamato", "ships[0]", "valid dictionary"),
    (("ships",), None, "ships", "valid list"),
    (("turn",), -1, "turn", "greater than or equal to 1"),
    (("turn",), 10**9, "turn", "last_turn 16"),
    (("last_turn",), 17, "last_turn", "16 turns"),
    (("turn",), 8, "turn", "last_turn"),  # with last_turn 5 below
    (("start",), "later", "start", "'turn', 'combat' or 'movement'"),
    (("pools", "ijn"), ["kongo"], "pools.ijn[0]", "not among the ships"),
    (("pools", "reserve"), [], "pools.reserve", "not a field"),
    (("air", 0, "id"), "vc99", "air[0].id", "air_units.csv"),
    (("air", 0, "where"), "aloft", "air[0].where", "'pool'"),
    (("smoke", "1008"), -1, "smoke.1008", "greater than or equal to 0"),
    (("smoke", "9999"), 1, "smoke.9999", "not a hex"),
    (("exited_armor",), -5, "exited_armor", "greater than or equal to 0"),
    (("cleared",), "no", "cleared", "valid boolean"),
    (("options", "alternate_movement"), "maybe", "options.alternate_movement", "3.5"),
    (("options", "fog_of_war"), True, "options.fog_of_war", "not a field"),
]


@pytest.mark.parametrize(("path", "value", "named", "reason"), MALFORMED, ids=[m[2] + "=" + repr(m[1])[:12]
                                                                                  for m in MALFORMED])
def test_malformed_field_is_a_scenario_error_naming_it(path: tuple[Any, ...], value: Any, named: str,
                                                       reason: str) -> None:
    pos = _set(path, value)
    if named == "turn" and value == 8:
        pos["last_turn"] = 5
    before = copy.deepcopy(pos)
    with pytest.raises(leyte.ScenarioError) as err:
        leyte.new_game("samar", scenario=pos)
    msg = str(err.value)
    assert f"{named} = " in msg or f"{named}:" in msg, msg
    assert reason in msg, msg
    assert repr(value)[:20] in msg or not isinstance(value, int | str), msg  # the value is quoted
    assert pos == before  # the caller's dict is untouched


def test_a_ship_listed_twice_names_both_entries() -> None:
    pos = valid()
    pos["ships"].append({"id": "hoel", "hex": "1011"})
    with pytest.raises(leyte.ScenarioError, match=r"ships\[3\]\.id = 'hoel': listed twice \(also ships\[1\]\)"):
        leyte.new_game("samar", scenario=pos)


def test_a_ship_on_the_map_needs_a_hex() -> None:
    pos = valid()
    pos["ships"][2]["where"] = "map"
    with pytest.raises(leyte.ScenarioError, match=r"ships\[2\]\.hex"):
        leyte.new_game("samar", scenario=pos)


def test_new_game_options_are_checked_before_anything_is_built() -> None:
    with pytest.raises(leyte.ScenarioError, match=r"options: alternate_movement = 'maybe'"):
        leyte.new_game("samar", scenario=valid(), options={"alternate_movement": "maybe"})
    with pytest.raises(leyte.ScenarioError, match=r"options: teleport = True: not a field"):
        leyte.new_game("samar", scenario=valid(), options={"teleport": True})


def _historical_file() -> dict[str, Any]:
    return tomllib.loads((ROOT / "scenarios/samar/scenarios/historical.toml").read_text(encoding="utf-8"))


def test_the_scenario_file_passes_and_a_broken_copy_is_refused_by_field() -> None:
    assert leyte.new_game("samar", scenario=_historical_file()).decision is not None
    for path, value, named in [(("taffy3", "radius"), "4", "taffy3.radius"),
                               (("taffy3", "facing"), "up", "taffy3.facing"),
                               (("last_turn",), 40, "last_turn"),
                               (("center_force", "battleships"), "yamato", "center_force.battleships")]:
        raw = set_at(_historical_file(), path, value)
        with pytest.raises(leyte.ScenarioError, match="scenario historical: " + re.escape(named)):
            leyte.new_game("samar", scenario=raw)
    raw = _historical_file()
    del raw["air"]
    with pytest.raises(leyte.ScenarioError, match="air: required field is missing"):
        leyte.new_game("samar", scenario=raw)


PATHS = paths_in(valid())
JUNK = junk(["1005", "yamato", "map", "hulk", "battle", "IJN", "USN", "", "-1"])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(PATHS), junk=JUNK)
def test_junk_in_any_field_gives_only_scenario_error_or_a_game(path: tuple[Any, ...], junk: Any) -> None:
    pos = _set(path, junk)
    try:
        g = leyte.new_game("samar", scenario=pos, seed=1)
    except leyte.ScenarioError as e:
        event("refused")
        assert "scenario" in str(e)  # names the scenario (or, for a number no game can hold, the field)
        return
    event("accepted")
    g.legal_actions()  # an accepted position must be playable


FILE_PATHS = paths_in(_historical_file())


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(FILE_PATHS), junk=JUNK)
def test_junk_in_any_scenario_file_field_gives_only_scenario_error_or_a_game(path: tuple[Any, ...],
                                                                            junk: Any) -> None:
    raw = set_at(_historical_file(), path, junk)
    try:
        g = leyte.new_game("samar", scenario=raw, seed=1)
    except leyte.ScenarioError as e:
        event("refused")
        assert "scenario" in str(e)
        return
    event("accepted")
    g.legal_actions()
