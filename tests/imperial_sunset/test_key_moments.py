"""Lesson 13's key moments (issue 20 item 5): the positions load and play out, the real losses match our data."""

from __future__ import annotations

import csv
import re
import time
from pathlib import Path
from typing import Any

import pytest

import leyte
from leyte.rulebooks.imperial_sunset import key_moments as km

ROOT = Path(__file__).resolve().parents[2]
TIMELINE = (ROOT / "docs" / "teachers" / "leyte-gulf.md").read_text(encoding="utf-8")
HISTORY = list(csv.DictReader((ROOT / "scenarios" / "imperial-sunset" / "history.csv").open(encoding="utf-8")))
Runs = tuple[dict[str, Any], float]  # games per position key, CPU seconds taken
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


@pytest.fixture(scope="module")
def lesson_runs() -> Runs:
    """Every position of the lesson played as the notebook plays it (its GAMES and SEED), and the CPU time taken."""
    source = (ROOT / "notebooks" / "imperial-sunset" / "13_key_moments.ipynb").read_text(encoding="utf-8")
    games = int(re.search(r"GAMES = (\d+)", source).group(1))
    seed = int(re.search(r"SEED = (\d+)", source).group(1))
    t = time.process_time()
    positions = {m: km.position(m) for m in km.MOMENTS} | {b: km.halsey_fork(b) for b in km.BRANCHES}
    runs = {k: leyte.simulate("imperial-sunset", pos, games=games, seed=seed, bots=("heuristic", "heuristic"))
            for k, pos in positions.items()}
    for k, df in runs.items():
        df.attrs["last_turn"], df.attrs["games"] = positions[k]["last_turn"], games
    return runs, time.process_time() - t


def test_every_position_plays_to_an_end_within_the_notebooks_cpu_budget(lesson_runs: Runs) -> None:
    runs, seconds = lesson_runs
    for key, df in runs.items():
        assert len(df) == df.attrs["games"] and (df["decisions"] > 0).all()
        assert ((df["turn"] == df.attrs["last_turn"]) | df["sudden_death"]).all(), key
    assert seconds < 30, "the lesson's games must stay small enough for CI (the notebook well under 60 s)"


def _mean(df: Any, side: str) -> float:
    return sum(km.major_lost(r, side) for r in df.to_dict("records")) / len(df)


def test_what_the_notebook_says_about_each_difference_holds(lesson_runs: Runs) -> None:
    """The lesson's "what the difference tells us" paragraphs describe these results; a rule change that turns them
    around must update the text too."""
    runs, _ = lesson_runs
    assert _mean(runs["sibuyan-sea"], "IJN") < 1  # Musashi usually survives the game's strikes
    assert _mean(runs["surigao"], "IJN") >= 2 and _mean(runs["surigao"], "USN") > 0  # shattered, but at a cost
    samar_usn = sorted(km.major_lost(r, "USN") for r in runs["samar"].to_dict("records"))
    assert samar_usn[len(samar_usn) // 2] == 0 and samar_usn[-1] >= 3  # mostly no contact, a few massacres
    assert _mean(runs["engano"], "IJN") < len(km.real_losses("engano")) and _mean(runs["engano"], "USN") > 0
    data = leyte.rules("imperial-sunset")
    assert data.ships["musashi"].capacity == 11  # "eleven hits", Sibuyan Sea
    assert data.mod("sighting.night.USN") == 3 * data.mod("sighting.night.IJN")  # "three times as far", Surigao


def test_surigao_is_a_fight_not_a_walkover_in_the_game() -> None:
    # Fanaticism sends Nishimura in; over a few seeded games some Japanese major ship must go down, as it did.
    df = leyte.simulate("imperial-sunset", km.position("surigao"), games=4, seed=1, bots=("heuristic", "heuristic"))
    assert sum(km.major_lost(r, "IJN") for r in df.to_dict("records")) > 0


def test_engano_american_losses_come_mostly_from_kamikazes() -> None:
    """The lesson says so: the game's kamikazes of 25 October find Halsey's carriers, unlike the real ones."""
    from leyte.bots import make_bot
    from leyte.simulation import bot_view

    sunk_by_kamikaze, sunk = 0, 0
    for seed in (1, 2, 3):
        g = leyte.new_game("imperial-sunset", scenario=km.position("engano"), seed=seed)
        bots = {p: make_bot("heuristic", "imperial-sunset", p, seed * 10 + i) for i, p in enumerate(g.players)}
        while g.decision is not None:
            d = g.decision
            g.apply(bots[d.player].choose(bot_view(g, d.player), d))
        lost = [s["name"] for s in g.view(None)["ships"].values() if s["side"] == "USN" and s["sunk"]]
        # a ship counts as a kamikaze loss if a kamikaze (11.1) hit it; its sinking may be logged as the critical
        # hit (9.2) that the kamikaze's hit rolled
        hit = {n for n in lost for e in g.events if e.rule == "11.1" and n in e.text}
        sunk, sunk_by_kamikaze = sunk + len(lost), sunk_by_kamikaze + len(hit)
    assert sunk > 0 and sunk_by_kamikaze > sunk / 2, (sunk_by_kamikaze, sunk)
