"""The `leyte` command (issue 2): every subcommand works, has --help, and fails with one line, never a traceback."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

import leyte
from leyte.cli import main


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old_err, old_in = sys.stderr, sys.stdin
    sys.stderr, sys.stdin = err, io.StringIO(stdin)
    try:
        code = main(list(argv), out=out)
    finally:
        sys.stderr, sys.stdin = old_err, old_in
    return code, out.getvalue(), err.getvalue()


def test_games_lists_the_games_and_scenarios() -> None:
    code, out, _ = run("games")
    assert code == 0 and "imperial-sunset" in out and "historical" in out and "campaign" in out


@pytest.mark.parametrize("sub", ["games", "new", "play", "simulate", "replay"])
def test_every_subcommand_has_help(sub: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "leyte.cli", sub, "--help"], capture_output=True, text=True)
    assert proc.returncode == 0 and "usage: leyte" in proc.stdout


@pytest.mark.parametrize(
    "argv,message",
    [
        (["new", "chess"], "unknown game 'chess'"),
        (["new", "imperial-sunset", "--scenario", "nowhere"], "no scenario 'nowhere'"),
        (["replay", "/nonexistent/save.json"], "cannot read"),
        (["play", "imperial-sunset", "--as", "Martians"], "--as must be one of"),
        (["simulate", "imperial-sunset", "--bots", "random"], "give one bot each"),
        (["simulate", "imperial-sunset", "--bots", "random,genius"], "unknown bot 'genius'"),
        (["new", "imperial-sunset", "--option", "nonsense"], "KEY=VALUE"),
    ],
)
def test_bad_arguments_end_with_one_line_and_status_2(argv, message) -> None:
    code, _, err = run(*argv)
    assert code == 2
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_bad_save_file_is_one_line(tmp_path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "leyte-save", "version": 1')
    code, _, err = run("replay", str(bad))
    assert code == 2 and "not valid JSON" in err and err.count("\n") == 1


def test_argparse_errors_are_status_2_without_traceback() -> None:
    proc = subprocess.run([sys.executable, "-m", "leyte.cli", "new"], capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_new_then_replay(tmp_path) -> None:
    path = tmp_path / "g.json"
    code, out, _ = run("new", "imperial-sunset", "--scenario", "historical", "--seed", "7", "--save", str(path))
    assert code == 0 and path.exists()
    g = leyte.load_game(path.read_text())
    assert g.seed == 7
    code, out, _ = run("replay", str(path), "--player", "USN")
    assert code == 0 and "0 actions replayed" in out


def test_play_on_the_terminal_with_undo_save_and_quit(tmp_path) -> None:
    save = tmp_path / "p.json"
    script = "\n".join(["1", "2", "undo", "zzz", f"save {save}", "quit"]) + "\n"
    code, out, _ = run("play", "imperial-sunset", "--scenario", "historical", "--as", "USN", "--seed", "3",
                       stdin=script)
    assert code == 0
    assert "you play USN" in out and "[13.1" in out and "type a number" in out
    g = leyte.load_game(save.read_text())
    assert len(g.actions) >= 1 and g.decision.player in ("USN", "IJN")


def test_simulate_prints_a_summary_and_writes_csv_independent_of_workers(tmp_path) -> None:
    csv1, csv2 = tmp_path / "a.csv", tmp_path / "b.csv"
    code, out, _ = run("simulate", "imperial-sunset", "--scenario", "historical", "--games", "2", "--seed", "10",
                       "--out", str(csv1), "--quiet")
    assert code == 0 and "2 games" in out and "net USN VP" in out
    code, _, _ = run("simulate", "imperial-sunset", "--scenario", "historical", "--games", "2", "--seed", "10",
                     "--out", str(csv2), "--quiet", "--workers", "2")
    assert code == 0
    import pandas as pd

    a, b = pd.read_csv(csv1).drop(columns=["seconds"]), pd.read_csv(csv2).drop(columns=["seconds"])
    assert a.equals(b)
    assert list(a["seed"]) == [10, 11]


def test_simulate_row_replays_exactly() -> None:
    frame = leyte.simulate("imperial-sunset", "historical", games=1, seed=21)
    from leyte.simulation import run_one

    again = run_one(("imperial-sunset", "historical", 21, ("random", "random"), None))
    assert again["decisions"] == frame.loc[0, "decisions"] and again["net"] == frame.loc[0, "net"]
    assert json.dumps(again["level"]) == json.dumps(frame.loc[0, "level"])


def test_hostile_files_end_in_one_line_and_status_2(tmp_path, capsys) -> None:
    """Issue 14: a directory, a binary file, an empty --from and an unknown --player are one-line errors."""
    from leyte.cli import main

    binary = tmp_path / "b.toml"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    empty = tmp_path / "empty.json"
    empty.write_text("")
    save = tmp_path / "g.json"
    assert main(["new", "samar", "--save", str(save)]) == 0
    cases = [
        ["new", "samar", "--scenario", str(tmp_path)],
        ["new", "samar", "--scenario", str(binary)],
        ["simulate", "samar", "--games", "1", "--quiet", "--from", str(empty)],
        ["replay", str(save), "--player", "Halsey"],
        ["replay", str(tmp_path)],
    ]
    for argv in cases:
        capsys.readouterr()
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("leyte: error:") and err.count("\n") == 1 and "Traceback" not in err, (argv, err)


def test_play_accepts_a_hex_label_or_a_unit_id_and_pages_long_lists(tmp_path) -> None:
    """Issue 15: the terminal takes a hex label wherever an option names one, a unit id, and 'more'."""
    save = tmp_path / "h.json"
    # The USN sets up Task Force 78 first (13.1.3.1): typing a hex of its set-up zone plays that option.
    script = "\n".join(["3522", f"save {save}", "quit"]) + "\n"
    code, out, _ = run("play", "imperial-sunset", "--scenario", "historical", "--as", "USN", "--seed", "3",
                       stdin=script)
    assert code == 0
    g = leyte.load_game(save.read_text())
    assert g.actions[0].to_dict() == {"kind": "setup_hex", "tf": "USN-1", "hex": "3522"}
    # Samar's first set-up decision lists 61 options: one page at a time, 'more' shows the next
    code, out, _ = run("play", "samar", "--as", "USN", "--seed", "1", stdin="more\nquit\n")
    assert code == 0 and "more: type 'more'" in out
    first = [line for line in out.splitlines() if line.strip().startswith("1.")]
    assert first and "  21." in out
