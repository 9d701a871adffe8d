"""Loading validates every data file; a broken file names the file, the row and the field (issue 3)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import leyte
from leyte.rulebooks.imperial_sunset.data import load

DATA = Path(__file__).resolve().parents[2] / "scenarios" / "imperial-sunset"


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    dst = tmp_path / "imperial-sunset"
    shutil.copytree(DATA, dst)
    return dst


def _break(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(
    "file,old,new,message",
    [
        ("ships.csv", "yamato,Yamato,IJN", "yamato,Yamato,XYZ", r"ships.csv, row 2, field 'side'"),
        ("map.csv", ",sea,", ",ocean,", r"map.csv, row \d+, field 'terrain'"),
        ("tables/damage.csv", "1,1,0,false,,", "1,1,0,false,guessed,", r"damage.csv, row 3, field 'provenance'"),
        ("modifiers.csv", "search.strait,2,", "search.strait,two,", r"modifiers.csv, row \d+, field 'value'"),
        ("air_units.csv", ",F,3,1,", ",Q,3,1,", r"air_units.csv, row \d+, field 'kind'"),
    ],
)
def test_a_broken_file_names_file_row_and_field(copy: Path, file: str, old: str, new: str, message: str) -> None:
    _break(copy / file, old, new)
    with pytest.raises(leyte.ScenarioError, match=message):
        load(copy)


def test_the_shipped_data_loads_and_is_reachable_through_the_public_api() -> None:
    r = leyte.rules("imperial-sunset")
    frame = r.map.to_frame()
    assert {"terrain", "features", "provenance"} <= set(frame.columns) and len(frame) > 1000
    units = r.units
    assert {"name", "side", "type", "gunnery", "aa", "provenance", "source"} <= set(units.columns)
    assert units.loc["fuso", "gunnery"] == 12 and units.loc["yamato", "aa"] == 7
    t = r.tables["damage"]
    assert t.provenance in ("mixed", "example", "reconstructed") and len(t.to_frame()) > 100
    assert set(r.scenarios) == {"historical", "what-if", "campaign"}
    assert r.provenance_frame()["provenance"].isin(["printed", "example", "reconstructed"]).all()
