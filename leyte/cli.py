"""The ``leyte`` command: list games, start and save one, play it on the terminal, simulate many, replay a save.

Every subcommand has ``--help``. Bad arguments or files end with one line on stderr and exit status 2 — never a
traceback.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

import leyte
from leyte.core.errors import LeyteError
from leyte.core.face import option_dict
from leyte.core.hexgrid import _letters as format_letters


class CliError(Exception):
    """A user-facing error: printed as one line, exit status 2."""


def _parse_options(items: Sequence[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise CliError(f"--option takes KEY=VALUE, not {item!r}")
        low = value.lower()
        out[key] = True if low in ("1", "true", "on", "yes") else False if low in ("0", "false", "off", "no") \
            else int(value) if value.lstrip("-").isdigit() else value
    return out


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise CliError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise CliError(f"{path} is not a text file") from None


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as e:
        raise CliError(f"cannot write {path}: {e.strerror or e}") from None


def cmd_games(args: argparse.Namespace, out: TextIO) -> int:
    for g in leyte.games():
        r = leyte.core.registry.get(g)
        out.write(f"{g}\t{r.name}\tscenarios: {', '.join(r.scenario_ids())}\tplayers: {', '.join(r.players)}\n")
    return 0


def cmd_new(args: argparse.Namespace, out: TextIO) -> int:
    g = leyte.new_game(args.game, scenario=args.scenario, seed=args.seed, options=_parse_options(args.option))
    if args.save:
        _write(args.save, g.to_json())
        out.write(f"saved a new {args.game} game ({args.scenario or 'default scenario'}, seed {args.seed}) "
                  f"to {args.save}\n")
    else:
        out.write(g.to_json() + "\n")
    return 0


PAGE = 20  # options listed at a time; 'more' shows the next ones
LINE = 100  # an option's line is kept within this many characters where the words about its hex allow
COMMON = 0.03  # a feature on more than this share of the map's hexes (a search zone, a map edge) goes unsaid
UNSAID = ("blocked_side",)  # features that describe a hexside rather than a place


def _show_decision(g: leyte.Game, out: TextIO, indices: Sequence[int], start: int = 0,
                   view: dict[str, Any] | None = None) -> None:
    """The decision and one page of its options (``indices``: all of them, or those a hex or name picked out).

    An option that points at a hex says where that is (``_move_words``: direction, distance, terrain, place); a
    decision with one option says that it is forced, so the player is never left to wonder why there is no choice.
    """
    d = g.decision
    assert d is not None
    out.write(f"\n[{d.rule}] {d.player}: {d.prompt}\n")
    words = _Where(g, view if view is not None else g.view(d.player))
    for i in indices[start:start + PAGE]:
        text = d.options[i].text
        head = f"  {i + 1:3d}. {text}"
        out.write(head + words.about(d, d.options[i], text, LINE - len(head)) + "\n")
    rest = len(indices) - start - PAGE
    if rest > 0:
        out.write(f"  ... {rest} more: type 'more', or a hex label or a unit name to pick out the options about it\n")
    if len(d.options) == 1:
        data = getattr(d, "data", None) or {}
        why = next((str(data[k]) for k in ("reason", "why") if data.get(k)), "")
        out.write(f"  Only one choice: {d.options[0].text} ({d.rule})" + (f" \u2014 {why}" if why else "")
                  + ". Press Enter (or 1) to play it.\n")


class _Where:
    """Words about the hex an option points at, for one page of options: how far and which way from the piece's
    hex (the option names a piece the face places, or the decision's data gives a ``hex``), and what is there —
    the place's name, terrain and rarer features from the map. Generic: everything comes from the face and map."""

    def __init__(self, g: leyte.Game, view: dict[str, Any]) -> None:
        face = g.face
        self.map = face.map()
        self.labels = {self.map.label(h) for h in self.map.hexes}
        self.hex_params = tuple(face.hex_params)
        self.where = face.piece_hexes(view)
        counts: dict[Any, int] = {}
        for h in self.map.hexes:
            for f in (*self.map.features(h), self.map.place_name(h)):
                counts[f] = counts.get(f, 0) + 1
        # features and names on many hexes ("open sea", a search zone) tell the player nothing about this one
        self.common = {f for f, n in counts.items() if n > COMMON * len(self.map)}

    def destination(self, option: Any) -> str | None:
        od = option_dict(option)
        return next((v for k in self.hex_params if isinstance(v := od.get(k), str) and v in self.labels), None)

    def origin(self, decision: Any, option: Any) -> str | None:
        """The hex of the piece the option moves: a piece it names (other than a target it acts on), else the
        decision's ``hex``."""
        for k, v in option_dict(option).items():
            if k not in self.hex_params and k != "target" and isinstance(v, str) and v in self.where:
                return self.where[v]
        here = (getattr(decision, "data", None) or {}).get("hex")
        return here if isinstance(here, str) and here in self.labels else None

    def place(self, label: str, text: str) -> list[str]:
        """Name, terrain and rarer features of a hex, leaving out names the option's text already gives."""
        h = self.map.hex(label)
        bits: list[str] = []
        name = self.map.place_name(h)
        if name and name not in text and name not in self.common:
            bits.append(name)
        bits.append(self.map.terrain(h))
        for kind, fname in self.map.features(h):
            if kind in UNSAID or (kind, fname) in self.common:
                continue
            word = kind.replace("_", " ")
            word = word if not fname or fname in text else f"{word} {fname}"
            if word not in bits:
                bits.append(word)
        return bits

    def about(self, decision: Any, option: Any, text: str, room: int = LINE) -> str:
        """" \u2014 2 hexes NE of 3328: sea, sea name Leyte Gulf" for an option that points at a hex, else ""; the
        features are dropped from the end until the words fit in ``room`` characters (name and terrain stay)."""
        dest = self.destination(option)
        if dest is None:
            return ""
        origin = self.origin(decision, option)
        if origin is None:
            move = ""
        elif origin == dest:
            move = f"stays in {dest}: "
        else:
            a, b = self.map.hex(origin), self.map.hex(dest)
            n = a.distance(b)
            move = f"{n} hex{'es' if n != 1 else ''} {self.map.compass(a, b)} of {origin}: "
        bits = self.place(dest, text)
        keep, least = len(bits), bits.index(self.map.terrain(self.map.hex(dest))) + 1
        while keep > least and len(f" \u2014 {move}{', '.join(bits[:keep])}") > room:
            keep -= 1
        return f" \u2014 {move}{', '.join(bits[:keep])}"


WINDOW = 15  # a map wider or taller than this many hexes is shown as a WINDOW x WINDOW part of it
GLYPHS = {"sea": ".", "partial": "%", "land": "#"}  # as HexMap.ascii draws them; other terrains take a letter


def _side_letters(face: Any) -> dict[str | None, str]:
    """One capital letter per player, the first of its id that no earlier player took (then of its name)."""
    out: dict[str | None, str] = {}
    for p in face.players():
        pool = [c.upper() for c in f"{p.id}{p.name}ABCDEFGHJKLMNOPQRSTUVWXYZ" if c.isalpha()]
        out[p.id] = next(c for c in pool if c not in out.values() and c not in "?+")
    return out


def _terrain_glyphs(m: Any) -> dict[str, str]:
    """One character per terrain of the map: the usual symbols, else a small letter of its name not yet taken."""
    out: dict[str, str] = {}
    for t in m.terrains:
        pool = [GLYPHS[t]] if t in GLYPHS else []
        pool += [c.lower() for c in t if c.isalpha()] + list("abcdefghijklmnopqrstuvwxyz0123456789")
        out[t] = next(c for c in pool if c not in out.values())
    return out


def _axis(lay: Any, which: str, n: int) -> str:
    """A column's or row's part of the printed labels ("07", "E", "12"), for the map's margins."""
    if lay.scheme == "letters":
        return format_letters(n) if lay.letter == which else str(n)
    width = lay.digits[0] if lay.first == which else lay.digits[1]
    return f"{n:0{width}d}"


def text_map(g: leyte.Game, view: dict[str, Any], indices: Sequence[int] | None = None,
             around: str | None = None) -> str:
    """A small text map for the terminal: a character per hex for its terrain, or a capital letter for the
    player whose pieces are there (as the viewer's view shows them), and ``*`` after the hexes the listed options
    (``indices``, default all) point at; a legend under it. A map larger than ``WINDOW`` hexes either way is shown
    as the part around ``around`` (a hex label), else the decision's hexes, else the viewer's pieces.

    Hex maps are drawn as they are printed: on a map whose rows are straight every other row is indented by half
    a hex; on one whose columns are straight each map row takes two lines, the half-shifted columns on the second.
    """
    face = g.face
    m = face.map()
    lay = m.layout
    d = g.decision
    off = {m.label(h): lay.to_offset(h) for h in m.hexes}
    at = {v: k for k, v in off.items()}
    cols = [c for c, _ in off.values()]
    rows = [r for _, r in off.values()]
    c0, c1, r0, r1 = min(cols), max(cols), min(rows), max(rows)
    letters = _side_letters(face)
    owners: dict[str, set[str]] = {}
    for mk in face.markers(view):
        if mk.get("hex") in off:
            owners.setdefault(mk["hex"], set()).add(letters.get(mk.get("side"), "?"))
    starred: set[str] = set()
    if d is not None:
        targets = face.option_targets(d.options, view)
        for i in range(len(d.options)) if indices is None else indices:
            starred.update(targets.get(i, ()))
    if around is not None:
        try:
            around = m.label(m.hex(around))
        except LeyteError as e:
            return f"map: {e}"
    note = ""
    if c1 - c0 + 1 > WINDOW or r1 - r0 + 1 > WINDOW:
        if around is not None:
            centre, why = [around], f"around {around}"
        else:
            focus = face.focus(view, d) if d is not None else None
            here = (getattr(d, "data", None) or {}).get("hex") if d is not None else None
            centre = ([focus] if focus in off else [here] if here in off else sorted(starred)
                      or sorted(owners))
            why = "around the decision's hexes" if focus in off or here in off or starred else \
                "around the pieces you see" if owners else "at the map's middle"
        cs = sorted(off[x][0] for x in centre) or [(c0 + c1) // 2]
        rs = sorted(off[x][1] for x in centre) or [(r0 + r1) // 2]
        mc, mr = cs[len(cs) // 2], rs[len(rs) // 2]  # the median: a few far-off options do not drag it away
        left = min(max(mc - WINDOW // 2, c0), max(c1 - WINDOW + 1, c0))
        top = min(max(mr - WINDOW // 2, r0), max(r1 - WINDOW + 1, r0))
        c0, c1, r0, r1 = left, min(left + WINDOW - 1, c1), top, min(top + WINDOW - 1, r1)
        note = (f"Part of the map {why}: columns {_axis(lay, 'col', c0)}-{_axis(lay, 'col', c1)}, rows "
                f"{_axis(lay, 'row', r0)}-{_axis(lay, 'row', r1)} of {_axis(lay, 'col', min(cols))}-"
                f"{_axis(lay, 'col', max(cols))} x {_axis(lay, 'row', min(rows))}-{_axis(lay, 'row', max(rows))}.\n"
                "'map HEX' shows the part around another hex.")
    glyph = _terrain_glyphs(m)

    def cell(c: int, r: int) -> str:
        label = at.get((c, r))
        if label is None:
            return "  "
        who = owners.get(label)
        first = ("+" if len(who) > 1 else next(iter(who))) if who else glyph[m.terrain(m.hex(label))]
        return first + ("*" if label in starred else " ")

    margin = max(len(_axis(lay, "row", r)) for r in range(r0, r1 + 1)) + 1
    lines = [" " * margin + "".join(f"{_axis(lay, 'col', c):<3}" for c in range(c0, c1 + 1)).rstrip()]
    if lay.orientation == "pointy":  # rows straight: indent the half-shifted rows
        for r in range(r0, r1 + 1):
            shift = " " if lay.center(lay.to_hex(c0, r))[0] - math.sqrt(3) * c0 > 0.1 else ""
            body = "".join(cell(c, r) + " " for c in range(c0, c1 + 1))
            lines.append(f"{_axis(lay, 'row', r):>{margin - 1}} {shift}{body}".rstrip())
    else:  # columns straight: the half-shifted columns go on a second line under each map row
        down = {c: lay.center(lay.to_hex(c, 0))[1] > 0.1 for c in range(c0, c1 + 1)}
        for r in range(r0, r1 + 1):
            for lower in (False, True):
                body = "".join((cell(c, r) if down[c] == lower else "  ") + " " for c in range(c0, c1 + 1))
                tag = _axis(lay, "row", r) if not lower else ""
                lines.append(f"{tag:>{margin - 1}} {body}".rstrip())
    legend = [f"{v} {t}" for t, v in glyph.items()]
    legend += [f"{letters[p.id]} {p.name}" for p in face.players()]
    legend += ["+ pieces of several players", "? a piece whose owner you do not know",
               "* a hex an option points at"]
    row = ""
    for item in legend:  # the legend wrapped to the terminal's 100 columns
        if row and len(row) + 2 + len(item) > 100:
            lines.append(row)
            row = ""
        row = f"{row}  {item}" if row else item
    lines.append(row)
    lines.append(f"Column {_axis(lay, 'col', c0)}, row {_axis(lay, 'row', r0)} is hex {lay.format_label(c0, r0)}.")
    if note:
        lines.append(note)
    return "\n".join(lines)


def _options_about(g: leyte.Game, view: dict[str, Any], word: str) -> list[int] | None:
    """The options a hex label (through the game's face) or a unit id (any option parameter, in any case) points at,
    or None if ``word`` is neither."""
    d = g.decision
    assert d is not None
    face = g.face
    m = face.map()
    labels = {m.label(h) for h in m.hexes}
    w = word.strip()
    if w in labels or w.upper() in labels:
        hexlabel = w if w in labels else w.upper()
        return [i for i, hs in sorted(face.option_targets(d.options, view).items()) if hexlabel in hs]
    low = w.lower()
    hits = [i for i, o in enumerate(d.options)
            if any(isinstance(v, str) and v.lower() == low for _, v in o.params)]
    return hits or None


def _seats(g: leyte.Game, wanted: Sequence[str]) -> list[str]:
    """The human seats named by ``--as``, each a player of the game and named once."""
    seats: list[str] = []
    for seat in wanted:
        if seat not in g.players:
            raise CliError(f"--as must be one of {', '.join(g.players)}, not {seat!r}")
        if seat in seats:
            raise CliError(f"--as names {seat!r} twice: each seat is played once")
        seats.append(seat)
    return seats


CLEAR = "\033[2J\033[3J\033[H"  # clear the screen and its scrollback, so the next seat cannot scroll back
BLANK = 60  # blank lines pushed out instead when the output is no terminal (a pipe or a file)


def _pass_keyboard(seat: str, out: TextIO, inp: TextIO) -> bool:
    """Hot seat: hide the previous seat's screen and wait for ``seat`` to take the keyboard; False at end of input
    or on 'quit' (whoever holds the keyboard may stop the game here without seeing the next seat's screen)."""
    isatty = getattr(out, "isatty", None)
    out.write(CLEAR if isatty is not None and isatty() else "\n" * BLANK)
    out.write(f"Pass the keyboard to {seat} \u2014 press Enter when ready\n")
    out.flush()
    line = inp.readline()
    if not line:
        out.write("\n")
    return bool(line) and line.strip() not in ("quit", "q", "exit")


def cmd_play(args: argparse.Namespace, out: TextIO, inp: TextIO | None = None) -> int:
    """Play on the terminal. One ``--as`` plays that seat against the bots; several share the keyboard (hot seat):
    whenever the decision passes to another human seat the screen is cleared and handed over, each seat sees only
    its own log, and 'undo' takes back only the seat's own last move."""
    from leyte.bots import make_bot

    inp = inp or sys.stdin
    if args.load:
        g = leyte.load_game(_read(args.load))
    else:
        g = leyte.new_game(args.game, scenario=args.scenario, seed=args.seed, options=_parse_options(args.option))
    humans = _seats(g, args.as_side)
    hot = len(humans) > 1
    bots = {p: make_bot(args.bot, g.id, p, args.seed * 1000 + i) for i, p in enumerate(g.players) if p not in humans}
    seen = dict.fromkeys(humans, 0)  # how much of each seat's log it has been shown
    movers: list[str | None] = [None] * len(g.actions)  # who played each action (None: before this run)
    side = humans[0]  # the seat at the keyboard
    at: str | None = None if hot else side  # hot seat: nobody has the keyboard until the first seat takes it
    if hot:
        others = f"the other players are the {args.bot} bot" if bots else "there are no bots"
        out.write(f"{g.id}: hot seat for {', '.join(humans)} on one keyboard; {others}. The screen is cleared "
                  "between seats. ")
    else:
        out.write(f"{g.id}: you play {side}; the other players are the {args.bot} bot. ")
    out.write("Type an option's number, a hex label or a unit name, 'more', 'map', 'undo', 'save FILE', 'log' or "
              "'quit'.\n")
    asked: Any = None  # the decision last shown, and which of its options are listed from where
    shown: list[int] = []
    start = 0

    def flush() -> None:
        """Print what the seat at the keyboard may see of the log and has not been shown yet."""
        log = g.log(side)
        for e in log[seen[side]:]:
            out.write(f"  ({e.rule}) {e.text}\n")
        seen[side] = len(log)

    def apply(act: Any) -> None:
        who = g.decision.player if g.decision is not None else None
        g.apply(act)
        movers.append(who)

    while True:
        d = g.decision
        # one seat: its log as it grows; hot seat: only while the seat itself is on move, or at the end
        if not hot or d is None or d.player == at:
            flush()
        if d is None:
            out.write(f"\nGame over: {g.face.result_text(g.result)}\n")
            return 0
        if d.player not in humans:
            apply(bots[d.player].choose(g.view(d.player), d))
            continue
        if d.player != at:
            if not _pass_keyboard(d.player, out, inp):
                return 0
            at = side = d.player
            asked = None
            flush()
        if asked is not d:
            asked, shown, start = d, list(range(len(d.options))), 0
            _show_decision(g, out, shown, start, g.view(side))
        out.write("> ")
        out.flush()
        line = inp.readline()
        if not line:
            out.write("\n")
            return 0
        cmd = line.strip()
        if cmd in ("quit", "q", "exit"):
            return 0
        if cmd == "log":
            seen[side] = 0
            continue
        if cmd == "map" or cmd.startswith("map "):
            out.write(text_map(g, g.view(side), shown, cmd[4:].strip() or None) + "\n")
            continue
        if not cmd and len(d.options) == 1:  # Enter takes the only choice, which the listing said is forced
            apply(d.options[0])
            if hot:
                flush()
            continue
        if cmd == "more":
            if start + PAGE < len(shown):
                start += PAGE
            else:
                out.write("that was the last page; the list starts again\n")
                start = 0
            _show_decision(g, out, shown, start, g.view(side))
            continue
        if cmd == "undo":
            if hot:
                out.write(_undo_own(g, side, humans, movers))
                for s in humans:  # the logs got shorter: nobody has seen more than is left
                    seen[s] = min(seen[s], len(g.log(s)))
                asked = None
                continue
            # back to this side's previous decision, undoing the bots' moves in between
            try:
                while True:
                    g.undo()
                    if g.decision is not None and g.decision.player == side:
                        break
            except LeyteError:
                out.write("nothing to undo\n")
            del movers[len(g.actions):]
            seen[side], asked = 0, None
            continue
        if cmd.startswith("save "):
            _write(cmd[5:].strip(), g.to_json())
            out.write(f"saved to {cmd[5:].strip()}\n")
            continue
        if cmd.isdigit() and 1 <= int(cmd) <= len(d.options):
            try:
                apply(d.options[int(cmd) - 1])
            except LeyteError as e:
                out.write(f"refused: {e}\n")
            else:
                if hot:  # the seat sees what its own move did before the keyboard may pass
                    flush()
            continue
        about = _options_about(g, g.view(side), cmd) if cmd else None
        if about is not None:
            if len(about) == 1:
                apply(d.options[about[0]])
                if hot:
                    flush()
                continue
            if about:
                out.write(f"{len(about)} options are about {cmd}:\n")
                shown, start = about, 0
                _show_decision(g, out, shown, start, g.view(side))
            else:
                out.write(f"no option points at {cmd}\n")
            continue
        out.write(f"type a number from 1 to {len(d.options)}, a hex label or a unit name, 'more', 'map' (or "
                  "'map HEX'), 'undo', 'save FILE', 'log' or 'quit'\n")


def _undo_own(g: leyte.Game, seat: str, humans: Sequence[str], movers: list[str | None]) -> str:
    """Hot seat: take back ``seat``'s own last move and the bot moves after it, as the notebook's per-seat Undo
    does; refused (nothing changes) when the last human move was another seat's, or one played before this run
    (whose seat is unknown). Returns the line to print."""
    last = next((i for i in range(len(movers) - 1, -1, -1) if movers[i] is None or movers[i] in humans), None)
    if last is None:
        return "nothing to undo\n"
    who = movers[last]
    if who != seat:
        name = who if who is not None else "a player before this game was loaded"
        return f"undo refused: the last human move was {name}'s; each seat may take back only its own moves\n"
    while len(g.actions) > last:
        g.undo()
    del movers[last:]
    return f"undone: {seat}'s last move\n"


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from leyte.simulation import simulate, text_progress

    bots = [b.strip() for b in args.bots.split(",")]
    from_save = _read(args.from_save) if args.from_save else None
    if from_save is not None and not from_save.strip():
        raise CliError(f"--from {args.from_save}: the file is empty, not a saved game")
    if from_save is not None:
        leyte.load_game(from_save)  # a damaged or foreign save fails here, in one line, before any game is played
    if args.games < 1:
        raise CliError("--games must be at least 1")
    if args.workers < 1:
        raise CliError("--workers must be at least 1")
    frame = simulate(args.game, args.scenario, games=args.games, seed=args.seed, bots=bots, workers=args.workers,
                     from_save=from_save, progress=None if args.quiet else text_progress,
                     scheduler=args.scheduler)
    if args.out:
        try:
            frame.to_csv(args.out, index=False)
        except OSError as e:
            raise CliError(f"cannot write {args.out}: {e.strerror or e}") from None
    out.write(summary_text(frame, args.game) + "\n")
    return 0


def summary_text(frame: Any, game: str | None = None) -> str:
    """The summary table of a simulation: victory levels, turns, losses by type, whatever the game's face adds
    (``Face.summary_text``: e.g. a net VP spread), errors and speed."""
    n = len(frame)
    lines = [f"{n} games"]
    if "level" in frame:
        lines.append("  victory level")
        for level, k in frame["level"].value_counts().items():
            lines.append(f"    {str(level):<28} {k:6d}  {100 * k / n:5.1f} %")
    if game is not None:
        face = leyte.core.registry.face(game)
        lines += [f"  {line}" for line in face.summary_text(frame.to_dict("records"))]
    if "turn" in frame and frame["turn"].notna().any():
        turns = frame["turn"].dropna()
        lines.append(f"  turns to decision: mean {turns.mean():.1f}, min {turns.min()}, max {turns.max()}")
    sides = sorted(c.removeprefix("lost_") for c in frame.columns if c.startswith("lost_") and c.count("_") == 1)
    for side in sides:
        by_type = sorted(c for c in frame.columns if c.startswith(f"lost_{side}_"))
        parts = [f"{c.removeprefix(f'lost_{side}_')} {frame[c].mean():.2f}" for c in by_type if frame[c].any()]
        lines.append(f"  {side} units lost per game: {frame[f'lost_{side}'].mean():.2f}"
                     + (f" ({', '.join(parts)})" if parts else ""))
    if "error" in frame and frame["error"].notna().any():
        bad = frame[frame["error"].notna()]
        lines.append(f"  {len(bad)} game(s) stopped on an error, e.g. seed {bad['seed'].iloc[0]}: "
                     f"{bad['error'].iloc[0][:100]}")
    secs = max(float(frame["seconds"].sum()), 1e-9)
    lines.append(f"  decisions per game: mean {frame['decisions'].mean():.0f}; "
                 f"{frame['decisions'].sum() / secs:.0f} decisions/s, {n / secs:.2f} games/s per worker")
    return "\n".join(lines)


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    g = leyte.load_game(_read(args.file))
    player = None if args.player in (None, "umpire") else args.player
    if player is not None and player not in g.players:
        raise CliError(f"--player must be one of {', '.join(g.players)} or umpire, not {player!r}")
    for e in g.log(player):
        out.write(f"({e.rule}) {e.text}\n")
    d = g.decision
    out.write(f"-- {len(g.actions)} actions replayed; "
              + (f"next: {d.player} to decide {d.kind} ({d.rule})" if d else f"over: {g.result.get('level')}")
              + "\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="leyte", description="WWII Pacific naval wargames as one rules engine.")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("games", help="list the games and their scenarios")
    s.set_defaults(func=cmd_games)

    s = sub.add_parser("new", help="start a game and save it")
    s.add_argument("game")
    s.add_argument("--scenario", default=None, help="scenario id or path (default: the first scenario)")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--option", action="append", metavar="KEY=VALUE", help="rule option (repeatable)")
    s.add_argument("--save", metavar="FILE", help="write the save here (default: print it)")
    s.set_defaults(func=cmd_new)

    s = sub.add_parser("play", help="play one side on the terminal against a bot, or several sides (hot seat)")
    s.add_argument("game")
    s.add_argument("--scenario", default=None)
    s.add_argument("--as", dest="as_side", required=True, action="append", metavar="PLAYER",
                   help="the player you play ('leyte games' lists them); repeat it for several human seats sharing "
                        "the keyboard (hot seat)")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--bot", default="heuristic", help="the opponent bot: heuristic (default) or random")
    s.add_argument("--option", action="append", metavar="KEY=VALUE")
    s.add_argument("--load", metavar="FILE", help="continue a saved game")
    s.set_defaults(func=cmd_play)

    s = sub.add_parser("simulate", help="play many bot-vs-bot games and summarise them")
    s.add_argument("game")
    s.add_argument("--scenario", default=None)
    s.add_argument("--games", type=int, default=10)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--bots", default="random,random",
                   help="one bot per player, in the game's player order; random or heuristic")
    s.add_argument("--workers", type=int, default=1)
    s.add_argument("--from", dest="from_save", metavar="SAVE",
                   help="run the games from a saved position, each with its own new dice (a what-if branch)")
    s.add_argument("--scheduler", metavar="ADDRESS", default=None,
                   help="run the games on a Dask distributed cluster (needs the 'dask' extra)")
    s.add_argument("--out", metavar="CSV", help="write one row per game here")
    s.add_argument("--quiet", action="store_true", help="no progress bar")
    s.set_defaults(func=cmd_simulate)

    s = sub.add_parser("replay", help="replay a save and print its log")
    s.add_argument("file")
    s.add_argument("--player", default=None, help="print only what this side saw")
    s.set_defaults(func=cmd_replay)
    return p


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse already printed a one-line usage error
        return int(e.code or 0) if e.code in (0, None) else 2
    try:
        return int(args.func(args, out))
    except (CliError, LeyteError) as e:
        sys.stderr.write(f"leyte: error: {e}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("leyte: interrupted\n")
        return 130
    except (OSError, UnicodeError, RecursionError, MemoryError) as e:  # the machine, not the game: still one line
        sys.stderr.write(f"leyte: error: {type(e).__name__}: {str(e)[:200]}\n")
        return 2


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
