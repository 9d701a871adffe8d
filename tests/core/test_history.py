"""history.csv of every game: each row checked, the forces where the sources put them, pandas kept out of import."""

from __future__ import annotations

import csv
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import leyte
from leyte.core.errors import ScenarioError
from leyte.core.history import COLUMNS, load_history

GAMES = ("imperial-sunset", "samar", "naval-chess")


def _land_hex() -> str:
    data = leyte.rules("samar")
    return next(data.map.label(h) for h in data.map.hexes if data.map.terrain(h) == "land")


def _row(game: str, turn: int, force: str) -> dict:
    rows = [r for r in leyte.rules(game).history_records if r["turn"] == turn and r["force"] == force]
    assert len(rows) == 1, (game, turn, force)
    return rows[0]


@pytest.mark.parametrize("game", GAMES)
def test_history_frame_has_every_row_checked(game: str) -> None:
    data = leyte.rules(game)
    df = data.history
    assert list(df.columns) == list(COLUMNS)
    assert len(df) == len(data.history_records) > 30
    assert set(df["provenance"]) <= {"printed", "example", "reconstructed"}
    assert df["source"].str.len().min() > 10
    for r in data.history_records:
        h = data.map.hex(r["hex"])
        assert h in data.map
    # every force's turns run in order without gaps: one row per force per turn while it is in the battle
    for force, g in df.groupby("force"):
        turns = list(g["turn"])
        assert turns == list(range(turns[0], turns[0] + len(turns))), force


def test_samar_taffy3_starts_on_1411_and_kurita_closes_from_the_north_west() -> None:
    t3 = _row("samar", 1, "Taffy 3 (C. Sprague)")
    assert (t3["hex"], t3["time"]) == ("1411", "0648")
    data = leyte.rules("samar")
    kurita = data.map.hex(_row("samar", 1, "Center Force battleships (Kurita)")["hex"])
    assert data.map.hex("1411").distance(kurita) > data.map.hex("1411").distance(data.map.hex(_row(
        "samar", 12, "Center Force battleships (Kurita)")["hex"]))
    assert "break" in _row("samar", 13, "Center Force battleships (Kurita)")["event"]


def test_imperial_sunset_anchors_on_the_printed_straits() -> None:
    data = leyte.rules("imperial-sunset")
    nishimura = _row("imperial-sunset", 5, "Southern Force (Nishimura)")  # night of 24/25 October
    assert nishimura["date"] == "1944-10-25" and nishimura["time"] == "night"
    assert data.map.has_feature(data.map.hex(nishimura["hex"]), "strait", "Surigao Strait")
    kurita = _row("imperial-sunset", 5, "Center Force (Kurita)")
    assert data.map.has_feature(data.map.hex(kurita["hex"]), "strait", "San Bernardino Strait")
    assert data.map.has_feature(data.map.hex(_row("imperial-sunset", 3, "Center Force (Kurita)")["hex"]),
                                "sea_name", "Sibuyan Sea")
    # Nishimura's force is gone after the strait: no rows after turn 6
    assert max(r["turn"] for r in data.history_records if r["force"].startswith("Southern")) == 6


def test_naval_chess_kurita_at_brunei_then_samar() -> None:
    data = leyte.rules("naval-chess")
    k = _row("naval-chess", 3, "Center Force (Kurita)")
    assert k["date"] == "1944-10-22" and data.has(k["hex"], "harbor", "Brunei")
    assert _row("naval-chess", 6, "Center Force (Kurita)")["hex"] == "E7"
    assert _row("naval-chess", 6, "Southern Force (Nishimura)")["hex"] == "E7"  # Surigao Strait hex
    assert data.terrain("E7") == "strait"


def _broken(tmp_path: Path, game: str, field: str, value: str) -> Path:
    """A one-row copy of the game's history.csv with one field spoilt."""
    src = Path(leyte.rules(game).folder) / "history.csv"
    with src.open(encoding="utf-8") as f:
        reader = csv.DictReader(f)
        first = next(reader)
        names = list(reader.fieldnames or [])
    first[field] = value
    out = tmp_path / "history.csv"
    with out.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, names)
        w.writeheader()
        w.writerow(first)
    return out


@pytest.mark.parametrize(("field", "value", "why"), [
    ("hex", "9999", "not on this map"),
    ("hex", "", "missing"),
    ("hex", _land_hex(), "all land"),
    ("turn", "17", "not a turn of this game"),
    ("turn", "x", "not a whole number"),
    ("provenance", "guessed", "is not one of"),
    ("side", "RN", "is not one of"),
    ("lat", "95", "outside"),
])
def test_bad_rows_name_file_row_and_field(tmp_path: Path, field: str, value: str, why: str) -> None:
    data = leyte.rules("samar")
    path = _broken(tmp_path, "samar", field, value)
    with pytest.raises(ScenarioError, match=rf"history\.csv, row 2, field '{field}': .*{why}"):
        load_history(path, data.map, set(data.turn_record), ("IJN", "USN"))


def test_duplicate_force_turn_is_refused(tmp_path: Path) -> None:
    data = leyte.rules("samar")
    src = (Path(data.folder) / "history.csv").read_text(encoding="utf-8").splitlines()
    path = tmp_path / "history.csv"
    path.write_text("\n".join([src[0], src[1], src[1]]) + "\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"row 3, field 'force'.*already has a row for turn 1"):
        load_history(path, data.map, set(data.turn_record), ("IJN", "USN"))


def test_missing_file_is_a_scenario_error(tmp_path: Path) -> None:
    data = leyte.rules("samar")
    with pytest.raises(ScenarioError, match="file not found"):
        load_history(tmp_path / "history.csv", data.map, set(data.turn_record), ("IJN", "USN"))


def test_import_leyte_does_not_import_pandas() -> None:
    code = "import sys, leyte; leyte.rules('samar'); print('pandas' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_generator_reproduces_the_tables(tmp_path: Path) -> None:
    """The CSVs are the output of tools/build_history.py: running it on a copy gives the same bytes."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "tools" / "build_history.py").exists():
        pytest.fail("tools/build_history.py is missing")
    copy = tmp_path / "repo"
    shutil.copytree(root / "tools", copy / "tools")
    shutil.copytree(root / "scenarios", copy / "scenarios")
    shutil.copytree(root / "leyte", copy / "leyte")
    env = {"PYTHONPATH": f"{copy}:{copy / 'tools'}", "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, str(copy / "tools" / "build_history.py")], check=True, env=env,
                   capture_output=True, cwd=copy)
    for game in GAMES:
        new = (copy / "scenarios" / game / "history.csv").read_bytes()
        assert new == (root / "scenarios" / game / "history.csv").read_bytes(), game
