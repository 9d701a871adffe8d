"""The rules take their static data from the game (issue 13): the Rules object loads it once, every state points at
it, saves and copies never carry it, and a second Rules object on another data folder runs the same modules on its
own numbers (what a sister game of the same rules family will do)."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

import leyte
from leyte.core.game import Game
from leyte.rulebooks.imperial_sunset import RULES, common
from leyte.rulebooks.imperial_sunset.rules import ImperialSunset
from leyte.rulebooks.imperial_sunset.state import TFState

GAME = "imperial-sunset"


def _copy_with_constant(tmp_path: Path, key: str, value: int) -> Path:
    """A copy of the game's data folder with one printed constant changed."""
    folder = tmp_path / "data"
    shutil.copytree(RULES.data().folder, folder)
    path = folder / "constants.csv"
    with path.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert any(r["id"] == key for r in rows), f"constants.csv has no {key}"
    for r in rows:
        if r["id"] == key:
            r["value"] = str(value)
    with path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return folder


def _dummy(g: Game) -> TFState:
    """A dummy TF marker placed on the game's state (5.4: a dummy moves at the printed dummy speed)."""
    here = next(t.hex for t in g.state.tfs.values() if t.hex)
    tf = TFState(id="IJN-99", side="IJN", name="dummy", hex=here, dummy=True)
    g.state.tfs[tf.id] = tf
    return tf


def test_the_rules_object_loads_its_data_once_and_every_game_shares_it() -> None:
    assert leyte.rules(GAME) is RULES.data() is RULES.data()
    a = leyte.new_game(GAME, scenario="historical", seed=1)
    b = leyte.new_game(GAME, scenario="what-if", seed=2)
    assert a.state.data is RULES.data() and b.state.data is RULES.data()


def test_saves_and_copies_never_carry_the_data() -> None:
    g = leyte.new_game(GAME, scenario="historical", seed=3)
    assert "data" not in g.rules.state_to_dict(g.state)
    assert g.fork().state.data is g.state.data  # a copy points at the same, immutable data
    assert g.state.copy().to_dict() == g.state.to_dict()
    again = leyte.load_game(g.to_json())
    assert again.state.data is g.state.data and again.state_digest() == g.state_digest()


def test_a_second_rules_object_on_its_own_data_runs_the_same_modules_on_its_own_numbers(tmp_path: Path) -> None:
    sister = ImperialSunset(folder=_copy_with_constant(tmp_path, "dummy.speed", 6))
    assert sister.data() is not RULES.data()
    assert sister.data().mod("dummy.speed") == 6 and RULES.data().mod("dummy.speed") == 4
    ours = Game(RULES, RULES.load_scenario("historical"), seed=5)
    theirs = Game(sister, sister.load_scenario("historical"), seed=5)
    assert theirs.state.data is sister.data()
    assert common.tf_speed(ours.state, _dummy(ours)) == 4
    assert common.tf_speed(theirs.state, _dummy(theirs)) == 6
    # the same position on equal data plays the same: the data object is not part of the state's digest
    assert ours.state_digest() == theirs.state_digest()


def test_a_rules_object_on_a_missing_folder_says_which_file_is_missing(tmp_path: Path) -> None:
    with pytest.raises(leyte.LeyteError, match="missing|no such|not found|does not exist"):
        ImperialSunset(folder=tmp_path / "nowhere").data()
