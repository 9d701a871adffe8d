"""The `leyte` command (issue 2): every subcommand works, has --help, and fails with one line, never a traceback."""

from __future__ import annotations

import importlib.util
import io
import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

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
    assert "Pass the keyboard" not in out and "\n" * 3 not in out  # one seat: no hot-seat screen
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


# -- hot seat: several human seats on one keyboard (issue 16 item 6) ----------------------------------------------

HERE = Path(__file__).resolve().parent
PASS = "press Enter when ready\n"


@pytest.fixture(scope="module")
def trio() -> Iterator[str]:
    """The three-seat trio test game, installed through a real entry point as tests/conformance does it (and taken
    away again afterwards if we were the ones to install it)."""
    spec = importlib.util.spec_from_file_location("_trio_install_cli", HERE.parent / "conformance" / "conftest.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # installs on import unless already installed
    try:
        assert "trio" in leyte.games()
        yield "trio"
    finally:
        if mod._tmp is not None:
            mod._uninstall()


class Keyboard(io.StringIO):
    """Players at the terminal: Enter at each "pass the keyboard" screen, otherwise ``answer(output so far)``
    (None ends the input, as Ctrl-D would)."""

    def __init__(self, out: io.StringIO, answer: Callable[[str], str | None], limit: int = 2000) -> None:
        super().__init__()
        self.out, self.answer, self.left = out, answer, limit

    def readline(self, size: int = -1) -> str:  # noqa: ARG002 - the signature of TextIO.readline
        self.left -= 1
        text = self.out.getvalue()
        if self.left < 0:
            return ""
        if text.endswith(PASS):
            return "\n"
        line = self.answer(text)
        return "" if line is None else line + "\n"


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def play_hot(argv: list[str], answer: Callable[[str], str | None], out: io.StringIO | None = None
             ) -> tuple[int, str, str]:
    out = out if out is not None else io.StringIO()
    err = io.StringIO()
    old_err, old_in = sys.stderr, sys.stdin
    sys.stderr, sys.stdin = err, Keyboard(out, answer)
    try:
        code = main(argv, out=out)
    finally:
        sys.stderr, sys.stdin = old_err, old_in
    return code, out.getvalue(), err.getvalue()


def screens(out: str) -> list[tuple[str, str]]:
    """The output cut at each pass screen: (the seat handed the keyboard, what was printed until the next pass)."""
    parts = re.split(r"Pass the keyboard to (.+?) \u2014 press Enter when ready\n", out)
    return [(parts[i], parts[i + 1]) for i in range(1, len(parts), 2)]


def log_lines(text: str) -> list[str]:
    return [m.group(1) for m in re.finditer(r"^  \([^)]*\) (.*)$", text, re.M)]


@pytest.mark.parametrize(
    "seats,message",
    [
        (["IJN", "IJN"], "--as names 'IJN' twice"),
        (["Third Fleet", "IJN", "Third Fleet"], "--as names 'Third Fleet' twice"),
        (["IJN", "Martians"], "--as must be one of IJN, Third Fleet, Seventh Fleet, not 'Martians'"),
    ],
)
def test_hot_seat_refuses_unknown_or_repeated_seats_in_one_line(seats: list[str], message: str) -> None:
    argv = ["play", "naval-chess"] + [a for s in seats for a in ("--as", s)]
    code, out, err = run(*argv, stdin="1\n")
    assert code == 2 and message in err and err.count("\n") == 1 and "Traceback" not in err
    assert "Pass the keyboard" not in out


def test_hot_seat_passes_the_keyboard_and_shows_each_seat_only_its_own_log(tmp_path) -> None:
    """Naval Chess, IJN and Third Fleet at one keyboard (Seventh Fleet a bot): the screen is cleared between them,
    each sees only the events it may see, and the IJN's secret plots never reach the Third Fleet's screen."""
    save = tmp_path / "nc.json"
    state = {"passes": 0}

    def answer(text: str) -> str | None:
        if text.count("Pass the keyboard to") >= 4 and state["passes"] == 0:
            state["passes"] = 1
            return f"save {save}"
        return "quit" if state["passes"] else "1"

    code, out, _ = play_hot(["play", "naval-chess", "--as", "IJN", "--as", "Third Fleet", "--seed", "1"], answer)
    assert code == 0 and "hot seat for IJN, Third Fleet" in out
    g = leyte.load_game(save.read_text())
    seen = screens(out)
    assert [seat for seat, _ in seen] == ["IJN", "Third Fleet", "IJN", "Third Fleet"]
    # not on a terminal, the previous seat's screen is pushed out of sight by blank lines before each pass line
    assert all(piece.endswith("\n" * 60) for piece in out.split("Pass the keyboard to")[:-1])
    secret = {e.text for e in g.events} - {e.text for e in g.log("Third Fleet")}
    assert any(t.startswith("Plotted") for t in secret)  # the IJN did plot in secret before the keyboard passed
    for seat, text in seen:
        mine = {e.text for e in g.log(seat)}
        lines = log_lines(text)
        assert lines and set(lines) <= mine, seat
        decisions = re.findall(r"^\[[^\]]+\] (.+?): ", text, re.M)
        assert decisions and set(decisions) == {seat}
        if seat == "Third Fleet":
            assert not any(t in text for t in secret)
    # the Third Fleet's first screen starts where its log starts; its second only with what came since
    first, second = log_lines(seen[1][1]), log_lines(seen[3][1])
    assert first[0] == g.log("Third Fleet")[0].text and not set(first) & set(second)


def test_hot_seat_on_a_terminal_clears_the_screen_with_ansi_codes() -> None:
    def answer(text: str) -> str | None:
        return "quit" if text.count("Pass the keyboard") >= 2 else "1"

    code, out, _ = play_hot(["play", "naval-chess", "--as", "IJN", "--as", "Third Fleet", "--seed", "1"], answer,
                            out=Tty())
    assert code == 0
    assert out.count("\033[2J\033[3J\033[H" + "Pass the keyboard to") == 2 and "\n" * 60 not in out


def test_hot_seat_undo_takes_back_only_the_seats_own_last_move(tmp_path) -> None:
    """Like the notebook's per-seat Undo: the IJN takes back its own move; the Third Fleet, whose screen comes after
    the IJN's moves, is refused and nothing changes."""
    saves = [tmp_path / f"u{i}.json" for i in range(4)]
    script = iter(["2", f"save {saves[0]}", "undo", f"save {saves[1]}"])
    state = {"third": False}

    def answer(text: str) -> str | None:
        nxt = next(script, None)
        if nxt is not None:
            return nxt
        if "Pass the keyboard to Third Fleet" in text:
            if not state["third"]:
                state["third"] = True
                return f"save {saves[2]}"
            if "undo refused" not in text:
                return "undo"
            return None if saves[3].exists() else f"save {saves[3]}"
        return "1"

    code, out, _ = play_hot(["play", "naval-chess", "--as", "IJN", "--as", "Third Fleet", "--seed", "1"], answer)
    assert code == 0
    played, undone = (leyte.load_game(p.read_text()) for p in saves[:2])
    assert len(played.actions) == 1 and played.actions[0].to_dict() == leyte.new_game(
        "naval-chess", seed=1).decision.options[1].to_dict()
    assert undone.actions == [] and "undone: IJN's last move" in out
    before, after = (leyte.load_game(p.read_text()) for p in saves[2:])
    assert before.decision.player == "Third Fleet" and before.state_digest() == after.state_digest()
    assert "undo refused: the last human move was IJN's" in out
    # the refused seat is shown its decision again
    assert out.rsplit("undo refused", 1)[1].split("\n", 1)[1].lstrip("\n").startswith("[VI.B.1.b.1] Third Fleet:")


def test_hot_seat_trio_secret_picks_stay_behind_the_pass(trio: str) -> None:
    """Trio with all three seats human: the keyboard passes at every decision, a secret pick appears only on its
    picker's screens, and the game plays to its end."""
    code, out, _ = play_hot(["play", trio, "--scenario", "sprint", "--as", "blue_north", "--as", "blue_south",
                             "--as", "red"], lambda _text: "1")
    assert code == 0 and "Game over" in out
    seen = screens(out)
    assert len(seen) >= 6 and all(a != b for (a, _), (b, _) in zip(seen, seen[1:], strict=False))
    picks = re.findall(r"(\w+) secretly picks \d", out)
    assert set(picks) == {"blue_north", "blue_south", "red"}
    for seat, text in seen:
        for who in re.findall(r"(\w+) secretly picks \d", text):
            assert who == seat


def test_hot_seat_quit_at_the_pass_screen_shows_nothing_of_the_next_seat() -> None:
    code, out, _ = run("play", "naval-chess", "--as", "IJN", "--as", "Third Fleet", "--seed", "1", stdin="quit\n")
    assert code == 0 and out.rstrip().endswith("Pass the keyboard to IJN \u2014 press Enter when ready")
    code, out, _ = run("play", "naval-chess", "--as", "IJN", "--as", "Third Fleet", "--seed", "1", stdin="\nquit\n")
    assert code == 0 and "[VI.A] IJN:" in out
