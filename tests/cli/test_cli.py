"""The `leyte` command (issue 2): every subcommand works, has --help, and fails with one line, never a traceback."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections.abc import Callable
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
    # Samar's hand set-up: Taffy 3's first ship has 61 places to choose from (3.1)
    code, out, _ = run("play", "samar", "--as", "USN", "--seed", "1", "--option", "setup_by_hand=true",
                       stdin="more\nquit\n")
    assert code == 0 and "more: type 'more'" in out
    first = [line for line in out.splitlines() if line.strip().startswith("1.")]
    assert first and "  21." in out


# -- hot seat: several human seats on one keyboard (issue 16 item 6) ----------------------------------------------

HERE = Path(__file__).resolve().parent
PASS = "press Enter when ready\n"




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


# -- where a move goes, forced moves, a text map (issue 15 item 6) ------------------------------------------------

ARROW = re.compile(r"^\s+(\d+)\. .* \u2014 (\d+) hex(?:es)? (N|NE|E|SE|S|SW|W|NW) of (\S+): (.*)$")


def advance(g: leyte.Game, until: Callable[[leyte.Game], bool], limit: int = 500) -> leyte.Game:
    """Play each decision's first option until ``until(g)``: a fixed, seeded way to reach a position."""
    for _ in range(limit):
        if until(g):
            return g
        g.apply(g.decision.options[0])
    raise AssertionError("the position was not reached")


def play_from(tmp_path: Path, g: leyte.Game, seat: str, stdin: str) -> str:
    save = tmp_path / "at.json"
    save.write_text(g.to_json())
    code, out, err = run("play", g.id, "--load", str(save), "--as", seat, stdin=stdin)
    assert code == 0, err
    return out


def check_move_words(g: leyte.Game, out: str) -> int:
    """Every option line that says where it goes agrees with the map: the distance and compass point from the hex
    it names to the option's destination, and the destination's terrain first after the name. Returns how many."""
    m = leyte.rules(g.id).map
    n = 0
    for line in out.splitlines():
        hit = ARROW.match(line)
        if hit is None:
            continue
        i, dist, point, origin, place = hit.groups()
        dest = g.decision.options[int(i) - 1].to_dict()
        to = dest.get("to", dest.get("hex"))
        a, b = m.hex(origin), m.hex(to)
        assert a.distance(b) == int(dist) and m.compass(a, b) == point, line
        assert m.terrain(b) in place.split(", "), line
        assert len(line) <= 100, line
        n += 1
    return n


def test_a_move_says_how_far_which_way_and_into_what(tmp_path) -> None:
    # Samar: a ship's step names its own hex (the decision's data) as the start
    g = advance(leyte.new_game("samar", seed=1), lambda g: g.decision.player == "USN" and g.decision.kind == "step")
    out = play_from(tmp_path, g, "USN", "quit\n")
    assert "    1. CVE Fanshaw Bay to 1409 facing N \u2014 1 hex N of 1410: sea\n" in out
    assert check_move_words(g, out) == len(g.decision.options) - sum(
        "to" not in o.to_dict() for o in g.decision.options)
    # Naval chess: the unit the option moves is placed by the face; a name every other hex has is left unsaid
    g = advance(leyte.new_game("naval-chess", seed=1), lambda g: g.decision.player == "Third Fleet"
                and g.decision.kind == "move")
    out = play_from(tmp_path, g, "Third Fleet", "quit\n")
    assert "    2. Iowa: H6 to H5 \u2014 1 hex N of H6: sea\n" in out and "open sea" not in out
    assert check_move_words(g, out) >= 16
    # Imperial Sunset: set-up hexes, with the named features of the hex (a sea area, a strait)
    g = leyte.new_game("imperial-sunset", scenario="historical", seed=3)
    out = play_from(tmp_path, g, "USN", "quit\n")
    assert "Taffy 1 starts in 3522 \u2014 3 hexes NW of 3724: sea, sea name Leyte Gulf" in out
    assert "Taffy 1 starts in 3722 \u2014 2 hexes W of 3724: sea, strait Surigao Strait" in out
    assert check_move_words(g, out) == 13  # and the 14th stays where its marker is
    assert "    1. Taffy 1 starts in 3724 \u2014 stays in 3724: sea\n" in out


def test_a_hex_is_named_by_its_map_unless_the_option_already_says_it() -> None:
    from leyte.cli import _Where

    g = leyte.new_game("naval-chess", seed=1)
    words = _Where(g, g.view("IJN"))
    # (B2 is also one of the three home hexes: a feature on more than 3% of the hexes goes unsaid)
    assert words.place("B2", "Kamikaze 1 to B2") == ["Hong Kong", "coastal", "harbor Hong Kong",
                                                      "airfield Hong Kong"]
    assert words.place("B2", "Kamikaze 1 to B2 (Hong Kong)") == ["coastal", "harbor", "airfield"]
    assert words.place("H6", "") == ["sea"]  # "open sea", the name of half the map, is no news


@pytest.mark.parametrize("game,scenario,seat", [
    ("naval-chess", None, "IJN"), ("samar", None, "IJN"), ("imperial-sunset", "historical", "IJN")])
def test_a_forced_move_is_said_and_played_on_enter(tmp_path, game: str, scenario: str | None, seat: str) -> None:
    g = advance(leyte.new_game(game, scenario=scenario, seed=1),
                lambda g: g.decision.player == seat and len(g.decision.options) == 1 and len(g.actions) > 0)
    d, before = g.decision, len(g.actions)
    after = tmp_path / "after.json"
    out = play_from(tmp_path, g, seat, f"\nsave {after}\nquit\n")
    assert f"  Only one choice: {d.options[0].text} ({d.rule}). Press Enter (or 1) to play it.\n" in out
    played = leyte.load_game(after.read_text())
    assert played.actions[before].to_dict() == d.options[0].to_dict()
    # a decision with a choice says nothing of the sort, and Enter there plays nothing
    g2 = advance(leyte.new_game(game, scenario=scenario, seed=1),
                 lambda g: g.decision.player == seat and len(g.decision.options) > 1)
    out = play_from(tmp_path, g2, seat, f"\nsave {after}\nquit\n")
    assert "Only one choice" not in out.split("type a number")[0] and "'map'" in out
    assert len(leyte.load_game(after.read_text()).actions) == len(g2.actions)


def map_block(out: str) -> list[str]:
    """The lines 'map' printed: from its column header to the legend's end."""
    lines = out.split("> ")[1].splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith("Column "))
    return lines[:end + 1 + (end + 1 < len(lines) and lines[end + 1].startswith("Part of"))
                 + (end + 2 < len(lines) and lines[end + 2].startswith("'map HEX'"))]


def grid_of(block: list[str]) -> list[str]:
    """The map rows of a 'map' block: between the column header and the legend (which starts with the sea)."""
    return block[1:block.index(next(x for x in block if x.startswith(". sea")))]


def test_map_draws_the_whole_small_map_with_pieces_and_option_hexes(tmp_path) -> None:
    g = advance(leyte.new_game("naval-chess", seed=1), lambda g: g.decision.player == "Third Fleet"
                and g.decision.kind == "move")
    view = g.view("Third Fleet")
    out = play_from(tmp_path, g, "Third Fleet", "map\nquit\n")
    block = map_block(out)
    assert all(len(line) <= 100 for line in block)
    assert block[0].split() == list("ABCDEFGH")
    grid = grid_of(block)
    assert len(grid) == 20  # ten map rows, two lines each: the lower columns of a flat map go on the second
    cells = "".join(grid)
    targets = {h for hs in g.face.option_targets(g.decision.options, view).values() for h in hs}
    assert cells.count("*") == len(targets) >= 5
    legend = " ".join(block)
    assert "T Third Fleet" in legend and "S Seventh Fleet" in legend and "I IJN" in legend
    assert ". sea" in legend and "c coastal" in legend and "s strait" in legend and "# land" in legend
    on_map = {mk["hex"] for mk in g.face.markers(view)}
    assert sum(cells.count(c) for c in "TSI+?") == len(on_map)
    assert "Part of the map" not in out  # 8 x 10 hexes fit


@pytest.mark.parametrize("game,scenario,seat,options", [("imperial-sunset", "historical", "USN", {}),
                                                        ("samar", None, "USN", {"setup_by_hand": True})])
def test_map_of_a_large_map_shows_the_part_around_the_decision(tmp_path, game: str, scenario: str | None,
                                                                seat: str, options: dict) -> None:
    g = leyte.new_game(game, scenario=scenario, seed=3, options=options)
    m = leyte.rules(game).map
    out = play_from(tmp_path, g, seat, f"map\nmap {m.label(m.hexes[0])}\nmap nowhere\nquit\n")
    block = map_block(out)
    assert all(len(line) <= 100 for line in block)
    assert block[-2].startswith("Part of the map around the decision's hexes: columns ")
    header = block[0].split()
    assert len(header) == 15
    targets = {h for hs in g.face.option_targets(g.decision.options, g.view(seat)).values() for h in hs}
    assert "".join(grid_of(block)).count("*") == len(targets)  # all set-up hexes lie in the window
    second = out.split("> ")[2]
    assert "Part of the map around " + m.label(m.hexes[0]) in second
    assert f"is hex {m.label(m.hexes[0])}.\n" in second  # the first hex is the map's corner: the window's too
    assert out.split("> ")[3].startswith("map: ") and "nowhere" in out.split("> ")[3]
