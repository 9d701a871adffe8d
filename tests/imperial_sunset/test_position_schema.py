"""Imperial Sunset positions and scenario files are checked against the declared schema (imperial_sunset/schema.py,
issue 14).

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
        "id": "schema", "turn": 2, "first_turn": 1, "last_turn": 12, "turn_record_key": "historical",
        "turn_record": {"2": {"date": "1944-10-24", "time": "day", "kamikazes": 0, "ijn_air_ops": "true"}},
        "options": {"wild_bull": False, "fanaticism": False, "auto_reports": True},
        "tfs": [
            {"marker": "IJN-1", "name": "Force A", "side": "IJN", "hex": "2821", "ships": ["yamato", "musashi"],
             "hits": {"musashi": 2}, "mp_markers": 1, "detected": False},
            {"marker": "IJN-2", "name": "Dummy", "side": "IJN", "hex": "2822", "dummy": True},
            {"marker": "USN-1", "name": "TG 38.2", "side": "USN", "fleet": "3rd", "hex": "2824",
             "ships": ["iowa"], "detected": True},
        ],
        "ships": [{"id": "tama", "hits": 1, "independent": True, "hex": "3001", "destination": "west"}],
        "air": [{"id": "vf-15-1", "box": "ready"}],
        "kamikazes": 1,
        "sonar": [{"hex": "3002", "identity": "dummy"}],
        "start": {"activate": "USN-1", "pool": ["IJN-1", "chit:IJN"]},
    }


def test_the_valid_position_is_accepted() -> None:
    g = leyte.new_game("imperial-sunset", scenario=valid())
    assert g.decision is not None


def _set(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    return set_at(valid(), path, value)


# (path to change, new value, the path the error must name, a word of the reason)
MALFORMED = [
    (("tfs", 0, "hits", "musashi"), -1, "tfs[0].hits.musashi", "greater than or equal to 0"),
    (("tfs", 0, "hits", "musashi"), 12, "tfs[0].hits.musashi", "damage capacity 11"),
    (("tfs", 0, "hits", "musashi"), 2.5, "tfs[0].hits.musashi", "valid integer"),
    (("tfs", 0, "hits", "iowa"), 1, "tfs[0].hits.iowa", "not one of this force's ships"),
    (("tfs", 0, "hits"), [2], "tfs[0].hits", "valid dictionary"),
    (("tfs", 0, "mp_markers"), -1, "tfs[0].mp_markers", "6.2.4"),
    (("tfs", 0, "mp_markers"), True, "tfs[0].mp_markers", "valid integer"),
    (("tfs", 0, "hex"), "9999", "tfs[0].hex", "not a hex of the map"),
    (("tfs", 0, "hex"), 2821, "tfs[0].hex", "valid string"),
    (("tfs", 0, "side"), "RN", "tfs[0].side", "'IJN' or 'USN'"),
    (("tfs", 0, "ships", 1), "iowa", "tfs[0].ships[1]", "USN ship"),
    (("tfs", 0, "ships", 1), "bismarck", "tfs[0].ships[1]", "ships.csv"),
    (("tfs", 0, "ships"), None, "tfs[0].ships", "valid list"),
    (("tfs", 0, "detected"), 1, "tfs[0].detected", "valid boolean"),
    (("tfs", 0, "name"), 3, "tfs[0].name", "valid string"),
    (("tfs", 0, "marker"), "IJN-one", "tfs[0].marker", "pattern"),
    (("tfs", 0, "speed"), 4, "tfs[0].speed", "not a field"),
    (("tfs", 2, "fleet"), "5th", "tfs[2].fleet", "5.3.1"),
    (("tfs", 1), "dummy", "tfs[1]", "valid dictionary"),
    (("tfs",), "all of them", "tfs", "valid list"),
    (("turn",), -1, "turn", "greater than or equal to 1"),
    (("turn",), 10**9, "turn", "last_turn 12"),
    (("last_turn",), 0, "last_turn", "greater than or equal to 1"),
    (("first_turn",), 13, "last_turn", "before first_turn 13"),
    (("last_turn",), 99, "last_turn", "any turn record"),
    (("turn_record_key",), "napoleonic", "turn_record_key", "turn_record.csv"),
    (("turn_record", "2", "time"), "dusk", "turn_record.2.time", "'day' or 'night'"),
    (("turn_record", "2", "kamikazes"), -3, "turn_record.2.kamikazes", "greater than or equal to 0"),
    (("kamikazes",), -1, "kamikazes", "11.1"),
    (("kamikazes",), "two", "kamikazes", "valid integer"),
    (("options", "wild_bull"), "maybe", "options.wild_bull", "valid boolean"),
    (("options", "hyperdrive"), True, "options.hyperdrive", "not a field"),
    (("ships", 0, "hits"), -1, "ships[0].hits", "greater than or equal to 0"),
    (("ships", 0, "hex"), "1512", "ships[0].hex", "not sea"),
    (("ships", 0, "destination"), "south", "ships[0].destination", "6.4"),
    (("ships", 0, "id"), "hood", "ships[0].id", "ships.csv"),
    (("air", 0, "id"), "vf-99", "air[0].id", "air_units.csv"),
    (("air", 0, "box"), "hangar", "air[0].box", "'ready'"),
    (("air", 0, "missions_today"), -1, "air[0].missions_today", "greater than or equal to 0"),
    (("sonar", 0, "identity"), "whale", "sonar[0].identity", "10.1"),
    (("sonar", 0, "hex"), "3000", "sonar[0].hex", "not a hex of the map"),
    (("pt_hex",), "9999", "pt_hex", "not a hex of the map"),
    (("start", "activate"), "USN-9", "start.activate", "no TF marker"),
    (("start", "pool"), "IJN-1", "start.pool", "valid list"),
    (("colour",), "grey", "colour", "not a field"),
]


@pytest.mark.parametrize(("path", "value", "named", "reason"), MALFORMED, ids=[m[2] + "=" + repr(m[1])[:12]
                                                                                  for m in MALFORMED])
def test_malformed_field_is_a_scenario_error_naming_it(path: tuple[Any, ...], value: Any, named: str,
                                                       reason: str) -> None:
    pos = _set(path, value)
    before = copy.deepcopy(pos)
    with pytest.raises(leyte.ScenarioError) as err:
        leyte.new_game("imperial-sunset", scenario=pos)
    msg = str(err.value)
    assert msg.startswith("scenario 'schema': "), msg
    assert f"{named} = " in msg or f"{named}:" in msg, msg
    assert reason in msg, msg
    assert pos == before  # the caller's dict is untouched


def test_the_hex_checked_for_a_land_hex_really_is_land() -> None:
    D = leyte.rules("imperial-sunset")
    assert D.map.terrain(D.map.hex("1512")) != "sea"


@pytest.mark.parametrize(("change", "named"), [
    (lambda p: p["tfs"][2]["ships"].append("yamato"), r"tfs\[2\]\.ships\[1\]"),
    (lambda p: p["tfs"].append(dict(p["tfs"][0], ships=["nagato"], hits={})), r"tfs\[3\]\.marker = 'IJN-1'"),
    (lambda p: p["tfs"][0].update(marker="USN-5"), r"tfs\[0\]\.marker = 'USN-5'"),
    (lambda p: p["tfs"][1].update(ships=["nagato"]), r"tfs\[1\]\.ships: a dummy TF"),
    (lambda p: p["tfs"][0].update(ships=[], hits={}), r"tfs\[0\]\.ships: a real TF needs ships"),
    (lambda p: p["tfs"][0].update(fleet="7th"), r"tfs\[0\]\.fleet = '7th': only USN"),
    (lambda p: p.update(air=[{"id": "vf-15-1"}, {"id": "vf-15-1"}]), r"air\[1\]\.id = 'vf-15-1': listed twice"),
], ids=["ship-in-two-tfs", "marker-twice", "marker-of-other-side", "dummy-with-ships", "real-tf-empty",
        "ijn-fleet", "air-twice"])
def test_entries_that_disagree_are_refused_by_path(change: Any, named: str) -> None:
    pos = valid()
    change(pos)
    with pytest.raises(leyte.ScenarioError, match=named):
        leyte.new_game("imperial-sunset", scenario=pos)


def test_new_game_options_are_checked_before_anything_is_built() -> None:
    with pytest.raises(leyte.ScenarioError, match=r"options: fanaticism = 'maybe': Input should be a valid boolean"):
        leyte.new_game("imperial-sunset", scenario=valid(), options={"fanaticism": "maybe"})
    with pytest.raises(leyte.ScenarioError, match=r"options: teleport = True: not a field"):
        leyte.new_game("imperial-sunset", scenario=valid(), options={"teleport": True})
    with pytest.raises(leyte.NotYetImplemented, match="14.3"):
        leyte.new_game("imperial-sunset", scenario=valid(), options={"stronger_divine_wind": True})


def _file(name: str) -> dict[str, Any]:
    return tomllib.loads((ROOT / f"scenarios/imperial-sunset/scenarios/{name}.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["historical", "what-if", "campaign"])
def test_every_scenario_file_passes_the_schema(name: str) -> None:
    assert leyte.new_game("imperial-sunset", scenario=_file(name), seed=1).decision is not None


@pytest.mark.parametrize(("path", "value", "named"), [
    (("task_forces", 0, "side"), "ijn", "task_forces[0].side"),
    (("task_forces", 0, "start_hex"), 2821, "task_forces[0].start_hex"),
    (("task_forces", 0, "detected"), "no", "task_forces[0].detected"),
    (("task_forces", 0, "hits", "div-31"), -2, "task_forces[0].hits.div-31"),
    (("first_turn",), 0, "first_turn"),
    (("last_turn",), 40, "last_turn"),
    (("task_forces",), {}, "task_forces"),
])
def test_a_broken_scenario_file_is_refused_by_field(path: tuple[Any, ...], value: Any, named: str) -> None:
    raw = set_at(_file("historical"), path, value)
    with pytest.raises(leyte.ScenarioError, match="scenario file historical.toml: " + re.escape(named)):
        leyte.new_game("imperial-sunset", scenario=raw)


PATHS = paths_in(valid())
JUNK = junk(["2821", "3001", "yamato", "iowa", "IJN", "USN", "IJN-2", "ready", "", "-1"])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(PATHS), junk=JUNK)
def test_junk_in_any_field_gives_only_scenario_error_or_a_game(path: tuple[Any, ...], junk: Any) -> None:
    pos = _set(path, junk)
    try:
        g = leyte.new_game("imperial-sunset", scenario=pos, seed=1)
    except leyte.ScenarioError as e:
        event("refused")
        assert "scenario" in str(e)
        return
    event("accepted")
    g.legal_actions()  # an accepted position must be playable


FILE_PATHS = {name: paths_in(_file(name)) for name in ("historical", "what-if", "campaign")}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(sorted(FILE_PATHS)), junk=JUNK)
def test_junk_in_any_scenario_file_field_gives_only_scenario_error_or_a_game(data: Any, name: str,
                                                                            junk: Any) -> None:
    path = data.draw(st.sampled_from(FILE_PATHS[name]))
    raw = set_at(_file(name), path, junk)
    try:
        g = leyte.new_game("imperial-sunset", scenario=raw, seed=1)
    except leyte.ScenarioError as e:
        event("refused")
        assert "scenario" in str(e)
        return
    event("accepted")
    g.legal_actions()
