"""`leyte simulate` and `leyte play` with the heuristic bots (issue 7): what-if branches from a save, losses by ship
type, turns to decision, results independent of workers (and of a Dask cluster), and terminal play from stdin."""

from __future__ import annotations

import io
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

import leyte
from leyte.bots import make_bot
from leyte.cli import main
from leyte.simulation import bot_view, run_one, simulate

GAME = "imperial-sunset"


@cache
def late_save() -> str:
    """A heuristic-vs-heuristic historical game stopped early on turn 10: branches from it are short."""
    g = leyte.new_game(GAME, scenario="historical", seed=6)
    bots = {p: make_bot("heuristic", GAME, p, 6) for p in g.players}
    while g.decision is not None and g.state.turn < 10:
        d = g.decision
        g.apply(bots[d.player].choose(bot_view(g, d.player), d))
    assert g.decision is not None, "the game that makes the test save ended before turn 10"
    return g.to_json()


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old_err, old_in = sys.stderr, sys.stdin
    sys.stderr, sys.stdin = err, io.StringIO(stdin)
    try:
        code = main(list(argv), out=out)
    finally:
        sys.stderr, sys.stdin = old_err, old_in
    return code, out.getvalue(), err.getvalue()


def _same(a, b) -> bool:  # noqa: ANN001 - two DataFrames
    return a.drop(columns=["seconds"]).equals(b.drop(columns=["seconds"]))


def test_branches_from_a_save_do_not_depend_on_workers_and_replay_alone() -> None:
    save = late_save()
    one = simulate(GAME, games=4, seed=100, bots=("heuristic", "heuristic"), from_save=save)
    two = simulate(GAME, games=4, seed=100, bots=("heuristic", "heuristic"), from_save=save, workers=2)
    assert _same(one, two)
    assert list(one["seed"]) == [100, 101, 102, 103]
    # each branch got its own dice: not every game ends the same way
    assert one[["net", "decisions"]].drop_duplicates().shape[0] > 1
    row = run_one((GAME, None, 102, ("heuristic", "heuristic"), save))
    assert row["net"] == one.loc[2, "net"] and row["decisions"] == one.loc[2, "decisions"]


def test_rows_carry_losses_by_type_and_turns_to_decision() -> None:
    frame = simulate(GAME, games=3, seed=7, bots=("heuristic", "heuristic"), from_save=late_save())
    for side in ("IJN", "USN"):
        by_type = [c for c in frame.columns if c.startswith(f"lost_{side}_")]
        assert by_type, f"no loss columns for {side}"
        assert (frame[by_type].sum(axis=1) == frame[f"lost_{side}"]).all()
    assert frame["turn"].between(10, 12).all() and frame["sudden_death"].dtype == bool
    # the loss count agrees with the ships the umpire sees sunk
    g = leyte.load_game(late_save())
    g.reseed(7)
    from leyte.simulation import play_out

    play_out(g, {p: make_bot("heuristic", GAME, p, 7 * 1000 + sum(map(ord, p))) for p in g.players})
    sunk = [s for s in g.view(None)["ships"].values() if s["sunk"] and s["side"] == "USN"]
    assert frame.loc[0, "lost_USN"] == len(sunk)


def test_simulate_on_a_local_dask_cluster_gives_the_same_rows() -> None:
    import distributed
    save = late_save()
    local = simulate(GAME, games=4, seed=30, bots=("heuristic", "random"), from_save=save)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as c, \
            distributed.Client(c) as client:
        on_dask = simulate(GAME, games=4, seed=30, bots=("heuristic", "random"), from_save=save, scheduler=client)
        by_address = simulate(GAME, games=2, seed=30, bots=("heuristic", "random"), from_save=save,
                              scheduler=c.scheduler_address)
    assert _same(local, on_dask)
    assert _same(local.iloc[:2].reset_index(drop=True), by_address)


def test_scheduler_without_dask_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    code, _, err = run("simulate", GAME, "--games", "1", "--scheduler", "tcp://127.0.0.1:8786", "--quiet")
    assert code == 2 and err.count("\n") == 1 and "dask" in err


def test_cli_simulate_from_a_save_prints_levels_losses_and_turns(tmp_path: Path) -> None:
    save = tmp_path / "fork.json"
    save.write_text(late_save())
    out_csv = tmp_path / "runs.csv"
    code, out, _ = run("simulate", GAME, "--games", "3", "--seed", "5", "--bots", "heuristic,heuristic",
                       "--from", str(save), "--out", str(out_csv), "--quiet")
    assert code == 0, out
    assert "3 games" in out and "victory level" in out and "turns to decision" in out
    assert "USN units lost per game" in out and "IJN units lost per game" in out
    import pandas as pd

    rows = pd.read_csv(out_csv)
    assert list(rows["seed"]) == [5, 6, 7] and "lost_USN" in rows


def test_a_game_that_raises_can_be_recorded_as_a_row_instead_of_stopping_the_run() -> None:
    frame = simulate(GAME, games=2, seed=1, bots=("random", "no-such-bot"), on_error="record")
    assert list(frame["seed"]) == [1, 2] and frame["error"].str.contains("unknown bot").all()
    from leyte.cli import summary_text

    assert "2 game(s) stopped on an error" in summary_text(frame)
    with pytest.raises(leyte.LeyteError, match="unknown bot"):
        simulate(GAME, games=1, seed=1, bots=("random", "no-such-bot"))


@pytest.mark.parametrize("argv,msg", [(["--games", "0"], "--games"), (["--workers", "0"], "--workers"),
                                      (["--bots", "heuristic,clever"], "unknown bot")])
def test_cli_simulate_bad_arguments(argv: list[str], msg: str) -> None:
    code, _, err = run("simulate", GAME, "--quiet", *argv)
    assert code == 2 and msg in err and err.count("\n") == 1


def test_play_as_ijn_against_the_heuristic_usn_from_a_script(tmp_path: Path) -> None:
    save = tmp_path / "mine.json"
    script = "\n".join(["1"] * 30 + ["undo", f"save {save}", "log", "quit"]) + "\n"
    code, out, _ = run("play", GAME, "--scenario", "historical", "--as", "IJN", "--bot", "heuristic", "--seed", "2",
                       stdin=script)
    assert code == 0
    assert "you play IJN; the other players are the heuristic bot" in out
    assert "  1. " in out and "> " in out
    g = leyte.load_game(save.read_text())
    usn_setups = [a for a in g.actions if a.kind == "setup_hex"]
    assert usn_setups, "the heuristic USN bot made its set-up moves"
    assert g.decision is not None and g.decision.player == "IJN"


def test_play_reads_a_real_stdin_pipe(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "leyte.cli", "play", GAME, "--scenario", "historical", "--as", "IJN", "--bot",
         "heuristic", "--seed", "4"],
        input="1\n2\n1\nquit\n", capture_output=True, text=True, timeout=120,
        cwd=Path(__file__).resolve().parents[2])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("> ") >= 3 and "Traceback" not in proc.stderr
