"""Lesson 13's key moments (issue 20 item 5): the positions load and play out, the real losses match our data."""

from __future__ import annotations

import csv
import re
import time
from pathlib import Path

import pytest

import leyte
from leyte.rulebooks.imperial_sunset import key_moments as km

ROOT = Path(__file__).resolve().parents[2]
TIMELINE = (ROOT / "docs" / "teachers" / "leyte-gulf.md").read_text(encoding="utf-8")
HISTORY = list(csv.DictReader((ROOT / "scenarios" / "imperial-sunset" / "history.csv").open(encoding="utf-8")))
PUBLISHED = ("Morison", "Cutler", "Tully", "Hornfischer", "Vego")


def _timeline_rows() -> list[tuple[str, str, str]]:
    """(time, what happened, turn column) of every timeline row with a turn."""
    out = []
    for line in TIMELINE.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and re.fullmatch(r"\d+(–\d+)?", cells[3]):
            out.append((cells[1], cells[2], cells[3]))
    return out


def _turns(cell: str) -> set[int]:
    lo, _, hi = cell.partition("–")
    return set(range(int(lo), int(hi or lo) + 1))


@pytest.mark.parametrize("moment", list(km.MOMENTS))
def test_position_loads_with_forces_where_history_puts_them(moment: str) -> None:
    m = km.MOMENTS[moment]
    pos = km.position(moment)
    g = leyte.new_game("imperial-sunset", scenario=pos, seed=1)
    assert g.decision is not None and g.view(None)["turn"] == m.first_turn
    hexes = {r["hex"] for r in HISTORY if int(r["turn"]) == m.first_turn}
    for tf in pos["tfs"]:
        assert tf["hex"] in hexes, f"{tf['name']} at {tf['hex']} is not a history.csv hex of turn {m.first_turn}"
        assert not set(tf["ships"]) & set(m.lost_before), "a ship lost before the moment is back"


@pytest.mark.parametrize("branch", km.BRANCHES)
def test_halsey_fork_branches_load_and_differ_only_in_tf34(branch: str) -> None:
    pos = km.halsey_fork(branch)
    g = leyte.new_game("imperial-sunset", scenario=pos, seed=1)
    assert g.view(None)["turn"] == 5
    names = {tf["name"] for tf in pos["tfs"]}
    kurita = next(tf for tf in pos["tfs"] if tf["name"] == "Force A")
    assert kurita["hex"] == km.history_hex("Center Force (Kurita)", 4) == "3016"  # the Sibuyan Sea, evening of the 24th
    assert "musashi" not in kurita["ships"]
    third = [s for tf in pos["tfs"] if tf["name"].startswith("TG 38") for s in tf["ships"]]
    if branch == "TF 34 guards San Bernardino":
        tf34 = next(tf for tf in pos["tfs"] if tf["name"] == "TF 34")
        assert tf34["hex"] == km.SAN_BERNARDINO and set(tf34["ships"]) == set(km.TF34_BATTLESHIPS)
        assert not set(third) & set(km.TF34_BATTLESHIPS)
    else:
        assert "TF 34" not in names and set(km.TF34_BATTLESHIPS) <= set(third)


def test_unknown_moment_and_branch_are_refused_by_name() -> None:
    with pytest.raises(leyte.LeyteError, match="no key moment 'leyte'"):
        km.position("leyte")
    with pytest.raises(leyte.LeyteError, match="no Halsey branch"):
        km.halsey_fork("stay put")


@pytest.mark.parametrize("moment", list(km.MOMENTS))
def test_real_losses_match_the_timeline_or_history(moment: str) -> None:
    m = km.MOMENTS[moment]
    ships = leyte.rules("imperial-sunset").ships
    for loss in m.losses:
        name = ships[loss.ship].name
        assert ships[loss.ship].side == loss.side
        if loss.source == "timeline":
            rows = [(clock, turns) for clock, text, turns in _timeline_rows() if name in text]
            assert rows, f"{name} is not in the companion's timeline"
            assert any(_turns(t) & set(range(m.first_turn, m.last_turn + 1)) for _, t in rows), name
            # every clock time we give is one the timeline gives for that ship (no made-up times)
            for hhmm in re.findall(r"\d\d:\d\d", loss.time):
                assert any(hhmm in clock or hhmm in text for clock, text, _ in _timeline_rows() if name in text), \
                    f"{name}: {hhmm} is not in the timeline"
        elif loss.source == "history":
            rows = [r for r in HISTORY if name in r["event"]]
            assert rows and all(m.first_turn <= int(r["turn"]) <= m.last_turn + 1 for r in rows), name
        else:
            assert loss.source.startswith(PUBLISHED), loss.source


def test_real_losses_of_surigao_and_engano_are_the_ones_history_names() -> None:
    assert [x.ship for x in km.real_losses("surigao")] == ["fuso", "yamashiro", "mogami"]
    assert {x.ship for x in km.real_losses("engano")} == {"chitose", "zuikaku", "zuiho", "chiyoda", "tama"}
    assert not [x for x in km.real_losses("surigao") + km.real_losses("engano") if x.side == "USN"]


def test_every_position_plays_to_an_end_within_the_notebooks_cpu_budget() -> None:
    """The lesson plays each position GAMES times (read from the notebook); all of it must stay well under 60 s."""
    source = (ROOT / "notebooks" / "imperial-sunset" / "13_key_moments.ipynb").read_text(encoding="utf-8")
    games = int(re.search(r"GAMES = (\d+)", source).group(1))
    seed = int(re.search(r"SEED = (\d+)", source).group(1))
    t = time.process_time()
    positions = [km.position(m) for m in km.MOMENTS] + [km.halsey_fork(b) for b in km.BRANCHES]
    for pos in positions:
        df = leyte.simulate("imperial-sunset", pos, games=games, seed=seed, bots=("heuristic", "heuristic"))
        assert len(df) == games and (df["decisions"] > 0).all()
        assert ((df["turn"] == pos["last_turn"]) | df["sudden_death"]).all(), pos["id"]
        assert all(km.major_lost(r, side) >= 0 for r in df.to_dict("records") for side in ("IJN", "USN"))
    assert time.process_time() - t < 30, "the lesson's games must stay small enough for CI"


def test_surigao_is_a_fight_not_a_walkover_in_the_game() -> None:
    # Fanaticism sends Nishimura in; over a few seeded games some Japanese major ship must go down, as it did.
    df = leyte.simulate("imperial-sunset", km.position("surigao"), games=4, seed=1, bots=("heuristic", "heuristic"))
    assert sum(km.major_lost(r, "IJN") for r in df.to_dict("records")) > 0
