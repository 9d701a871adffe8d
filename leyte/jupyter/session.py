"""The logic behind the step controls and the decision panel, with no widget in it.

A ``Session`` holds one game, who plays each side (a human or a named bot), whose eyes we look through, and how
far the event log has been revealed. The widgets only call its methods and redraw, so everything a click does —
which option a hex click picks, what Step reveals, what Undo takes back, what a view hides — is tested headless.

It stands on the public API alone: ``Game`` (decision, apply, undo, fork, view, events, over, result), the game's
face (``Game.face``: markers, option targets, rings, status line), the bots (``leyte.bots.make_bot``) and
``leyte.render.overlay``. It names no game and no side.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import leyte
from leyte import Action, Event, Game, LeyteError
from leyte.bots import bot_names, make_bot
from leyte.render.overlay import options_at

__all__ = ["Session", "ClickResult", "HUMAN", "player_kinds", "match_option", "play_script"]

HUMAN = "human"


def player_kinds(game: str | None = None) -> list[str]:
    """What may play a side: a human, or any bot the game offers ("random", "heuristic", ...)."""
    return [HUMAN, *bot_names(game)]


@dataclass
class ClickResult:
    """What a click on a hex meant: the option played, the candidates to choose among, or why nothing happened."""

    hex: str
    played: Action | None = None
    candidates: list[int] = field(default_factory=list)
    message: str = ""


def match_option(decision: Any, want: Mapping[str, Any] | Callable[[Any], bool]) -> Action | None:
    """The one option of ``decision`` that a script entry describes.

    An entry is a dict — ``kind``, optional ``text`` (a substring of the option's text) and parameters that must be
    equal — or a predicate on the option. The first matching option wins; no match is an error naming the options,
    because a worked example that no longer fits the engine must say so loudly — unless the entry says
    ``"optional": True`` (a step the engine may take by itself), when the answer is None.
    """
    skip = ("kind", "text", "optional")
    for o in decision.options:
        if callable(want):
            if want(o):
                return o
            continue
        if "kind" in want and o.kind != want["kind"]:
            continue
        if "text" in want and str(want["text"]) not in o.text:
            continue
        if all(o.get(k) == v for k, v in want.items() if k not in skip):
            return o
    if not callable(want) and want.get("optional"):
        return None
    raise LeyteError(
        f"the script expects {want!r} but {decision.player}'s {decision.kind} decision "
        f"({decision.rule}) offers: {'; '.join(o.text for o in decision.options)}"
    )


def play_script(game: Game, script: Sequence[Mapping[str, Any] | Callable[[Any], bool]]) -> list[Action]:
    """Play a worked example's moves on ``game`` (no widgets); returns the actions played."""
    out = []
    for i, want in enumerate(script):
        d = game.decision
        if d is None:
            raise LeyteError(f"the game ended with {len(script) - i} scripted moves left")
        act = match_option(d, want)
        if act is None:
            continue
        game.apply(act)
        out.append(act)
    return out


class Session:
    """One game being shown: players per side, the viewer, the revealed part of the log, and the reset point.

    ``players`` maps each side to ``"human"`` or a bot name; ``viewer`` is a side or ``"umpire"``. ``auto`` makes
    bots answer at once after a human move, so a game against the bot needs no extra clicks; stepping with
    ``step()`` shows their moves one event at a time instead.

    Hot seat: when two or more seats are human and share one screen, the eyes follow the decision. Each time the
    decision passes to another human seat, a curtain comes down (``curtain`` names the seat the screen must be
    passed to) and nothing of the game is exposed until that seat calls ``reveal()``. Undo then takes back only
    the seat's own moves. ``curtain=False`` (or asking for the umpire's eyes at the start, as a teacher running
    every seat does) turns this off; with one human seat it never applies.
    """

    def __init__(
        self,
        game: Game,
        *,
        players: Mapping[str, str] | None = None,
        viewer: str | None = None,
        seed: int = 0,
        auto: bool = True,
        max_actions: int = 5000,
        script: Sequence[Mapping[str, Any] | Callable[[Any], bool]] = (),
        curtain: bool | None = None,
    ) -> None:
        self._start = game.fork()
        self.game = game
        self.seed = seed
        self.auto = auto
        self.max_actions = max_actions
        self.players: dict[str, str] = {side: "random" for side in game.players}
        self.bots: dict[str, Any] = {}
        for side, kind in (players or {}).items():
            self.set_player(side, kind)
        for side in game.players:
            if side not in self.bots and self.players[side] != HUMAN:
                self.set_player(side, self.players[side])
        self.viewer = "umpire"
        self.curtain: str | None = None  # the seat the screen must be passed to; nothing is shown while set
        # an explicit umpire's eyes means one person runs every seat (a teacher's demonstration): no curtain
        self.hot_seat_allowed = curtain if curtain is not None else viewer != "umpire"
        self._last_human: str | None = None  # the human seat last seen on move: the curtain falls when it changes
        self.revealed = len(game.events)
        self.message = ""
        self.listeners: list[Callable[[], None]] = []
        self.candidates: list[int] = []  # options narrowed down by a click that matched several
        self._script0 = list(script)
        self.script = list(script)  # the worked example's moves, played in order before any player is asked
        self._script_used: list[tuple[int, Any]] = []  # (actions played before it, entry): Undo puts them back
        # who was on move for each action (None: played before this session began); rebuilt by replay if the
        # game was played outside the session
        self._movers: list[str | None] = [None] * len(game.actions)
        self.set_viewer(viewer)
        if self.hot_seat():  # nobody has the screen yet: the first seat to play (or the eyes asked for) takes it
            self.curtain = viewer if viewer is not None else self.humans()[0]
        self._follow_decision()

    # -- configuration -------------------------------------------------------------------------------------------

    def set_player(self, side: str, kind: str) -> None:
        if side not in self.game.players:
            raise LeyteError(f"no side {side!r}; sides: {', '.join(self.game.players)}")
        if kind != HUMAN and kind not in bot_names(self.game.id):
            raise LeyteError(f"unknown player {kind!r}; choose from {', '.join(player_kinds(self.game.id))}")
        self.players[side] = kind
        if kind == HUMAN:
            self.bots.pop(side, None)
        else:
            self.bots[side] = make_bot(kind, self.game.id, side, self.seed + 1 + self.game.players.index(side))

    def set_viewer(self, viewer: str | None) -> None:
        """Look through ``viewer``'s eyes. In a hot-seat game a change of eyes goes through the curtain, so one
        student cannot peek at another's screen by picking it in a list."""
        v = "umpire" if viewer in (None, "umpire") else viewer
        if v not in (*self.game.players, "umpire"):
            raise LeyteError(f"no viewer {viewer!r}; choose from {', '.join((*self.game.players, 'umpire'))}")
        if self.hot_seat() and v != self.viewer:
            self.curtain = v
            self.candidates = []
        elif not self.hot_seat():
            self.viewer = v

    def subscribe(self, fn: Callable[[], None]) -> None:
        """Call ``fn`` after every change (the widgets redraw from it)."""
        self.listeners.append(fn)

    def _changed(self) -> None:
        self._follow_decision()
        for fn in list(self.listeners):
            fn()

    # -- hot seat ------------------------------------------------------------------------------------------------

    def humans(self) -> list[str]:
        """The seats played by a human, in the rules' player order."""
        return [p for p in self.game.players if self.players.get(p) == HUMAN]

    def hot_seat(self) -> bool:
        """Whether several humans share this screen, so the curtain and the per-seat undo apply."""
        return self.hot_seat_allowed and len(self.humans()) >= 2

    @property
    def eyes(self) -> str:
        """The seat a front end's "eyes" list should name: while the curtain is down, the seat the screen is being
        passed to (showing the previous seat there would tell the room whose screen it was, and invite picking it
        back); otherwise the viewer."""
        return self.curtain if self.curtain is not None else self.viewer

    def seat_name(self, seat: str) -> str:
        """The readable name the face gives a seat (the umpire is the umpire)."""
        p = self.game.face.player(seat)
        return p.name if p is not None else seat

    def seat_colour(self, seat: str) -> str:
        """The seat's counter colour from the face (grey for the umpire), for the curtain's swatch."""
        return self.game.face.colour(seat)

    def _follow_decision(self) -> None:
        """Bring the curtain down when the decision has passed to a human seat other than the one at the screen."""
        if not self.hot_seat():
            if self.curtain is not None:  # a seat became a bot behind the curtain: the one human left has the screen
                self.curtain = None
                humans = self.humans()
                if len(humans) == 1:
                    self.viewer = humans[0]
            return
        d = self.game.decision
        if d is None or self.script or self.players.get(d.player) != HUMAN:
            return
        if d.player != self._last_human and d.player != self.viewer:
            self.curtain = d.player
            self.candidates = []
        self._last_human = d.player

    def reveal(self) -> None:
        """The seat named by the curtain has the screen: lift the curtain and look through its eyes only."""
        if self.curtain is None:
            self.message = "The screen is already shown."
            self._changed()
            return
        seat = self.curtain
        self.viewer = seat
        self.curtain = None
        self.candidates = []
        d = self.game.decision
        # the message may describe the previous seat's move (a secret plot's text): replace it
        if d is not None and d.player == seat and self.players.get(seat) == HUMAN:
            self.message = f"Your turn, {self.seat_name(seat)}: choose one of the options below ({d.rule})."
        else:
            self.message = f"You are looking through the eyes of {self.seat_name(seat)}."
        self._changed()

    # -- what is shown -------------------------------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """The viewer's view: a side sees only what that side may know (``Game.view``); behind the curtain, an
        empty dict (nothing of the game)."""
        if self.curtain is not None:
            return {}
        return self.game.view(None if self.viewer == "umpire" else self.viewer)

    def visible_events(self, limit: int | None = None) -> list[Event]:
        """The revealed events the viewer may see, oldest first (the last ``limit`` of them if given): always a
        prefix of ``game.log(viewer)``, and nothing behind the curtain."""
        if self.curtain is not None:
            return []
        who = None if self.viewer == "umpire" else self.viewer
        evs = [e for e in self.game.events[: self.revealed] if e.seen_by(who)]
        return evs[-limit:] if limit else evs

    def may_decide_here(self) -> bool:
        """Whether the current decision's options may be shown: a human's, seen through that side's or the
        umpire's eyes (a side never sees the other side's options)."""
        d = self.game.decision
        if d is None or self.script or self.curtain is not None or self.players.get(d.player) != HUMAN:
            return False
        return self.viewer in ("umpire", d.player)

    def targets(self, view: Mapping[str, Any] | None = None) -> dict[int, list[str]]:
        """Option index -> hexes it points at, for the options the viewer may see (else empty)."""
        d = self.game.decision
        if d is None or not self.may_decide_here():
            return {}
        v = view if view is not None else self.view()
        return self.game.face.option_targets(d.options, v)

    def highlighted(self, view: Mapping[str, Any] | None = None) -> list[str]:
        """Hexes to highlight: every hex a legal option (or the narrowed-down candidates) points at."""
        t = self.targets(view)
        keep = set(self.candidates) if self.candidates else set(t)
        return sorted({h for i, hs in t.items() if i in keep for h in hs})

    def ranges(self, view: Mapping[str, Any] | None = None) -> dict[str, list[str]]:
        """The rings, arcs and lines the face outlines for the decision at hand, from the viewer's view only."""
        if self.curtain is not None:
            return {}
        return self.game.face.overlays(view if view is not None else self.view(), self.game.decision)

    def markers(self, view: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """The counters the viewer may see (none behind the curtain)."""
        if self.curtain is not None:
            return []
        return self.game.face.markers(view if view is not None else self.view())

    def focus(self, view: Mapping[str, Any] | None = None) -> str | None:
        """The hex the decision at hand is about, if the viewer may see it (the map centres there)."""
        if self.curtain is not None:
            return None
        return self.game.face.focus(view if view is not None else self.view(), self.game.decision)

    def panels(self, view: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """The face's tactical displays (``Face.panels``) from the viewer's view and the events revealed to it."""
        if self.curtain is not None:
            return []
        return self.game.face.panels(view if view is not None else self.view(), self.visible_events())

    @property
    def units(self) -> Any:
        """The game's counters (a DataFrame indexed by id): range ratings for the Samar range bands."""
        return leyte.rules(self.game.id).units

    @property
    def map(self) -> Any:
        return self.game.face.map()

    def status(self) -> str:
        """One line: turn, date, phase and who decides what (the prompt only where the viewer may see it)."""
        g = self.game
        if self.curtain is not None:
            return f"Pass the screen to {self.seat_name(self.curtain)}"
        v = g.view(None if self.viewer == "umpire" else self.viewer)
        when = g.face.status(v)
        d = g.decision
        if d is None:
            outcome = g.face.result_text(g.result)
            return f"{when} · game over" + (f": {outcome}" if outcome else "")
        who = f"{d.player} ({self.players.get(d.player)})"
        what = d.prompt if self.viewer in ("umpire", d.player) else d.kind
        return f"{when} · {who} to decide: {what} [{d.rule}]"

    # -- play ----------------------------------------------------------------------------------------------------

    def _bot_move(self) -> Action:
        d = self.game.decision
        assert d is not None
        while self.script:
            n = len(self.game.actions)
            act = match_option(d, self.script[0])
            if act is None:  # an optional step the engine took by itself
                self._script_used.append((n, self.script.pop(0)))
                continue
            self._apply(act)
            self._script_used.append((n, self.script.pop(0)))
            return act
        bot = self.bots[d.player]
        act = bot.choose(self.game.view(d.player), d)
        self._apply(act)
        return act

    def _apply(self, act: Action | Mapping[str, Any]) -> list[Event]:
        """Play an action, noting who was on move (Undo in a hot-seat game needs to know whose move it was)."""
        who = self.game.decision.player  # type: ignore[union-attr]
        movers = self.movers()
        evs = self.game.apply(act)
        movers.append(who)
        return evs

    def movers(self) -> list[str | None]:
        """Who was on move for each of the game's actions; None for those played before this session began.

        Kept as the session plays; if the game was played or undone behind the session's back, rebuilt by replaying
        from the session's starting position.
        """
        n = len(self.game.actions)
        if len(self._movers) != n:
            g = self._start.fork()
            base = len(g.actions)
            out: list[str | None] = [None] * min(base, n)
            if n >= base and self.game.actions[:base] == g.actions:
                for a in self.game.actions[base:]:
                    out.append(g.decision.player if g.decision is not None else None)
                    g.apply(a)
            else:
                out = [None] * n
            self._movers = out
        return self._movers

    def _human_to_move(self) -> bool:
        d = self.game.decision
        return d is not None and not self.script and self.players.get(d.player) == HUMAN

    def _reveal_one(self) -> bool:
        """Reveal events up to and including the next one the viewer may see; False if none is left."""
        who = None if self.viewer == "umpire" else self.viewer
        evs = self.game.events
        while self.revealed < len(evs):
            self.revealed += 1
            if evs[self.revealed - 1].seen_by(who):
                return True
        return False

    def step(self) -> str:
        """One step: reveal the next logged event; if all are shown, let the bot on move play one action.

        Returns what happened: "event", "bot", "human" (a human must decide; nothing changed) or "over".
        """
        self.candidates = []
        if self._reveal_one():
            self.message = ""
            self._changed()
            return "event"
        if self.game.over:
            self.message = "The game is over."
            self._changed()
            return "over"
        if self._human_to_move():
            d = self.game.decision
            assert d is not None
            self.message = f"{d.player} is played by a human: choose an option ({d.rule})."
            self._changed()
            return "human"
        who = self.game.decision.player  # type: ignore[union-attr]
        before = len(self.script)
        try:
            act = self._bot_move()
        except LeyteError as e:
            self.message = f"The bot's move was refused: {e}"
            self._changed()
            return "human"
        self._reveal_one()
        how = "the example" if len(self.script) < before else f"{self.players.get(who)} bot"
        # several humans share the screen: the log (filtered by the eyes) says what this seat may know of the move
        self.message = f"{who} ({how}) played" + ("." if self.hot_seat() else f": {act.text}")
        if before and not self.script:
            self.message += " — the example's last move; from here on the players (or bots) take over."
        self._changed()
        return "bot"

    def run(self, until: str = "decision") -> int:
        """Let the bots play until a human must decide, the phase or turn changes, or the game ends.

        ``until`` is "decision" (the next human decision), "phase" or "turn". A scripted worked example also stops
        at its last move. Returns the number of actions played. Everything played is revealed.
        """
        self.candidates = []
        start = self._where()
        played = 0
        try:
            scripted = bool(self.script)
            while played < self.max_actions and not self.game.over and not self._human_to_move():
                self._bot_move()
                played += 1
                if scripted and not self.script:
                    break  # the worked example is over: stop there rather than let the bots play on
                if until != "decision" and self._where(until) != start[: 1 if until == "turn" else 2]:
                    break
        except LeyteError as e:
            self.message = f"A bot's move was refused: {e}"
        else:
            self.message = self._after_run(played)
        self.revealed = len(self.game.events)
        self._changed()
        return played

    def _after_run(self, played: int) -> str:
        """What a run did, in plain words: the bots' moves, then whose turn it is and what to do now."""
        d = self.game.decision
        if d is None:
            return (f"The bots played {played} move{'s' if played != 1 else ''}. " if played else "") + \
                "The game is over."
        if self._human_to_move():
            name = next((p.name for p in self.game.face.players() if p.id == d.player), d.player)
            head = f"The bots played {played} move{'s' if played != 1 else ''}. " if played else ""
            return head + f"Your turn, {name}: choose one of the options below ({d.rule})."
        return f"The bots played {played} move{'s' if played != 1 else ''}."

    def _where(self, until: str = "phase") -> tuple[Any, ...]:
        d = self.game.decision
        who = d.player if d is not None else self.game.players[0]
        v = self.game.view(who)
        return (v.get("turn"), v.get("phase")) if until != "turn" else (v.get("turn"),)

    def choose(self, option: int | Action | Mapping[str, Any]) -> list[Event]:
        """Play an option for the human on move (by index into the current options, or as an action).

        A refusal is put into words in ``message`` and changes nothing; then the bots answer if ``auto``.
        """
        d = self.game.decision
        self.candidates = []
        if d is None:
            self.message = "The game is over."
            self._changed()
            return []
        if isinstance(option, int):
            if not 0 <= option < len(d.options):
                self.message = f"There is no option {option}; there are {len(d.options)}."
                self._changed()
                return []
            act: Action | Mapping[str, Any] = d.options[option]
        else:
            act = option
        if self.curtain is not None:
            self.message = f"The screen is behind the curtain: {self.seat_name(self.curtain)} must show it first."
            self._changed()
            return []
        try:
            evs = self._apply(act)
        except LeyteError as e:
            self.message = f"Not allowed: {e}"
            self._changed()
            return []
        self.message = f"{d.player} played: {getattr(act, 'text', act)}"
        if self.auto:
            self.revealed = len(self.game.events)
            self.run("decision")
            self.message = f"{d.player} played: {getattr(act, 'text', act)}. " + self.message
        else:
            self._reveal_one()
            self._changed()
        return evs

    def click(self, hex_label: str) -> ClickResult:
        """A click on a hex: play the one legal option pointing there, or narrow the choice to the several that do.

        Only options the viewer may take part in count; a click where no option points does nothing and says so.
        """
        res = ClickResult(hex_label)
        d = self.game.decision
        if d is None:
            res.message = "The game is over."
        elif self.curtain is not None:
            res.message = f"The screen is behind the curtain: {self.seat_name(self.curtain)} must show it first."
        elif not self.may_decide_here():
            res.message = f"{hex_label}: it is {d.player}'s decision, not yours to make from this view."
        else:
            hits = options_at(hex_label, self.targets())
            if self.candidates:
                narrowed = [i for i in hits if i in self.candidates]
                hits = narrowed or hits
            if not hits:
                res.message = f"No legal option points at {hex_label}."
            elif len(hits) == 1:
                res.played = d.options[hits[0]]
                self.choose(hits[0])
                res.message = self.message
                return res
            else:
                res.candidates = hits
                self.candidates = hits
                res.message = f"{len(hits)} options point at {hex_label}: pick one in the panel."
        self.message = res.message
        self._changed()
        return res

    def undo_refusal(self) -> str:
        """Why Undo may not be pressed now ("" if it may): nothing played, the curtain is down, or — with several
        human seats — the last human move was another seat's (a seat takes back only its own moves)."""
        if not self.game.actions:
            return "Nothing to undo."
        if not self.hot_seat() or self.viewer == "umpire" and self.curtain is None:
            return ""
        if self.curtain is not None:
            return f"The screen is behind the curtain: {self.seat_name(self.curtain)} must show it first."
        last = self._last_human_move()
        if last is None:
            return f"{self.seat_name(self.viewer)} has no move of its own to take back."
        who = self.movers()[last]
        if who != self.viewer:
            name = self.seat_name(who) if who is not None else "a player before this session began"
            return (f"The last human move was {name}'s, not {self.seat_name(self.viewer)}'s: "
                    "each seat may take back only its own moves.")
        return ""

    def _last_human_move(self) -> int | None:
        """The index of the last action a human seat played (or one from before the session, whose seat is
        unknown), or None."""
        movers = self.movers()
        for i in range(len(movers) - 1, -1, -1):
            if movers[i] is None or self.players.get(movers[i]) == HUMAN:
                return i
        return None

    def undo(self) -> bool:
        """Take back the last action, and keep going back past bot moves to the previous human decision.

        With several human seats, only the seat at the screen's own last move may be taken back (with the bot moves
        after it); another seat's move is refused in ``message`` and nothing changes. The umpire's eyes (which the
        curtain hands over like any seat's: the teacher's) undo as in a one-human game. Returns whether anything
        was undone.
        """
        self.candidates = []
        why = self.undo_refusal()
        if why:
            self.message = why if why == "Nothing to undo." else f"Undo refused: {why}"
            self._changed()
            return False
        if self.hot_seat() and self.viewer != "umpire":
            keep = self._last_human_move()
            assert keep is not None
            while len(self.game.actions) > keep:
                self._undo_one()
        else:
            self._undo_one()
            while self.game.actions and not self._human_to_move() and any(k == HUMAN for k in self.players.values()):
                self._undo_one()
        self.revealed = len(self.game.events)
        self.message = "Undone."
        self._changed()
        return True

    def _undo_one(self) -> None:
        movers = self.movers()
        self.game.undo()
        del movers[len(self.game.actions):]
        self._rewind_script()

    def _rewind_script(self) -> None:
        """Give back the example's moves that were played after the position Undo returned to."""
        n = len(self.game.actions)
        back = []
        while self._script_used and self._script_used[-1][0] >= n:
            back.append(self._script_used.pop()[1])
        self.script[:0] = reversed(back)

    def reset(self) -> None:
        """Back to the position the session started from, with fresh bots (same seeds, so the same game)."""
        self.game = self._start.fork()
        self._movers = [None] * len(self.game.actions)
        self._last_human = None  # the first human decision of the replay brings the curtain down again
        self.script = list(self._script0)
        self._script_used = []
        for side, kind in list(self.players.items()):
            self.set_player(side, kind)
        self.revealed = len(self.game.events)
        self.candidates = []
        self.message = "Reset to the start."
        self._changed()

    def options(self) -> Sequence[Action]:
        """The options the panel offers: all legal ones, or the candidates a click narrowed them to."""
        d = self.game.decision
        if d is None or not self.may_decide_here():
            return []
        if self.candidates:
            return [d.options[i] for i in self.candidates]
        return list(d.options)

    def option_index(self, act: Action) -> int:
        d = self.game.decision
        assert d is not None
        return list(d.options).index(act)
