"""The widgets around a ``Session``: step controls, the decision panel, the log, unit cards, the map and the game's
tactical displays (``panels=True``, or a list of the face's panel ids), as one app.

``play(game, players={...})`` is the one-call front door the notebooks use; each player is "human" or a bot name,
and may also be given as a keyword named for the player in lower case (a player "Seventh Fleet" is
``seventh_fleet="human"``).
``GameApp`` is the same thing with the parts exposed (``app.map``, ``app.controls``, ``app.panel``) so a notebook
can show one part alone or a test can press the buttons (``button.click()``) and read what changed.
``presentation=True`` (or the "Presentation" switch) is for a class at one screen: a full-width map, large type,
no tables, and the face's plain-words summary of the last finished turn as the viewer saw it. Nothing here
names a game or a side: players, their names and colours, markers and the status line come from the game's face.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as W
from IPython.display import display

import leyte
from leyte import Action, Game, LeyteError
from leyte.jupyter.displays import cards_html, cards_styled, event_log_html, odds_html
from leyte.jupyter.mapview import STATUS_HEIGHT, MapView, fit_size, map_geometry
from leyte.jupyter.panelview import PanelView, panel_view
from leyte.jupyter.session import HUMAN, Session, player_kinds
from leyte.render.overlay import options_at

__all__ = ["GameApp", "StepControls", "DecisionPanel", "Curtain", "play", "option_groups", "is_no_action"]

MAX_BUTTONS = 10  # more options than this become a dropdown

# words a "no action" option's kind is made of (or is): finishing, passing, staying put. The usual choice of a long
# list, shown first and highlighted; generic, so no front end names a game's kinds one by one.
NO_ACTION_WORDS = frozenset({"done", "pass", "stay", "hold", "let_go", "end", "finish", "skip", "decline", "none",
                             "stop", "wait"})
PRESENT_WIDTH, PRESENT_HEIGHT = 1200, 900  # presentation mode: the map fills this much of a projected screen
PRESENT_FONT = "22px"  # ... and the words read from the back row
DESK_FONT = "14px"  # the panel's words and the log at a desk (a projector at 1280x720 still shows them)
# one style sheet for the app: inert until the app carries the ``leyte-present`` class
PRESENT_CSS = (
    "<style>"
    # at a desk the words of the panel read a size above the widgets' 13 px: a projector at 1280x720 shows them
    f".leyte-app .leyte-prompt, .leyte-app .leyte-message, .leyte-app .leyte-option, .leyte-app .leyte-usual, "
    f".leyte-app .leyte-go, .leyte-app .leyte-option-list select, .leyte-app .leyte-log-pane {{font-size:{DESK_FONT}}}"
    f".leyte-present .leyte-log-pane, .leyte-present .leyte-prompt, .leyte-present .leyte-message, "
    f".leyte-present .leyte-turn-summary, .leyte-present .leyte-option, .leyte-present .leyte-usual "
    f"{{font-size:{PRESENT_FONT};line-height:1.35}}"
    ".leyte-present .leyte-log-pane * {font-size:inherit}"
    # the log's table sets its own small type inline: at a desk it is read at 14 px, presented at the large size
    f".leyte-app .leyte-log-pane .leyte-log {{font-size:{DESK_FONT} !important}}"
    f".leyte-app.leyte-present .leyte-log-pane .leyte-log {{font-size:{PRESENT_FONT} !important}}"
    ".leyte-turn-summary {background:#fffde7;border-left:6px solid #f9a825;padding:6px 14px}"
    "</style>"
)
GROUP_SPLIT = 12  # a kind with more options than this is split by the piece its options name, if they name several


def is_no_action(kind: str) -> bool:
    """Whether an option kind means "do nothing more here" (``reorg_done``, ``pass``, ``let_go``...): the kind
    itself or one of its underscore-separated words is a no-action verb."""
    k = kind.lower()
    return k in NO_ACTION_WORDS or any(w in NO_ACTION_WORDS for w in k.split("_"))


def words(name: Any) -> str:
    """An identifier in plain words: ``reorg_done`` -> ``reorg done``."""
    return str(name).replace("_", " ").replace("-", " ")


def option_groups(options: Sequence[Action], unit_params: Sequence[str] = ()) -> list[tuple[str, list[int]]]:
    """The options' positions grouped by kind, in the order the kinds first appear (so the first group holds the
    first option). A kind with many options whose options name several pieces (its first ``unit_params`` key that
    varies, each piece with two options or more on average) is split per piece, labelled "kind: piece"; the labels
    carry the count, "move (61)"."""
    by_kind: dict[str, list[int]] = {}
    for i, o in enumerate(options):
        by_kind.setdefault(o.kind, []).append(i)
    out: list[tuple[str, list[int]]] = []
    for kind, idx in by_kind.items():
        split: dict[str, list[int]] = {}
        if len(idx) > GROUP_SPLIT:
            for key in unit_params:
                vals = [dict(options[i].params).get(key) for i in idx]
                # worth it only when the pieces gather several options each (a piece per option is no grouping)
                if all(isinstance(v, str) for v in vals) and 1 < len(set(vals)) <= len(idx) // 2:
                    for i, v in zip(idx, vals):
                        split.setdefault(f"{words(kind)}: {words(v)}", []).append(i)
                    break
        if split:
            out.extend((f"{name} ({len(ix)})", ix) for name, ix in split.items())
        else:
            out.append((f"{words(kind)} ({len(idx)})", idx))
    return out


def guarded(session: Session, fn: Any) -> Any:
    """Wrap a widget callback so that anything the engine raises reaches the user as a sentence in the panel.

    Refusals are already put into words by ``Session``; this catches the rest (an engine bug mid-game), which a
    widget callback would otherwise only print to a log nobody sees in Voilà.
    """

    def call(*args: Any) -> Any:
        try:
            return fn(*args)
        except Exception as e:  # noqa: BLE001 - the point is to show every failure, not to handle a kind
            session.message = f"The engine could not do that: {type(e).__name__}: {e}"
            session._changed()
            return None

    return call


def player_names(face: Any) -> dict[str, str]:
    """Each player's readable name (the map legend's words), from the game's face."""
    return {p.id: p.name for p in face.players()}


class StepControls:
    """Step, Next decision, Run to end of phase / turn, Undo, Reset, Play/Pause with a speed slider, and the
    choice of player for each side and of whose eyes we see with.

    "▶ Play bots" and "■ Stop" drive a hidden ``ipywidgets.Play``: the browser ticks it, each tick is one Step, so
    it runs the same in JupyterLab and Voilà without a kernel thread, and only the labelled buttons show.
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        self.step = W.Button(
            description="Step ▸", tooltip="show the next event; a bot on move plays one action", button_style="primary"
        )
        self.next = W.Button(description="Next decision", tooltip="bots play until a human must decide")
        self.phase = W.Button(description="End of phase", tooltip="bots play to the end of this phase")
        self.turn = W.Button(description="End of turn", tooltip="bots play to the end of this turn")
        self.undo = W.Button(description="↶ Undo")
        self.reset = W.Button(description="⟲ Reset")
        # read by GameApp, which owns what the switch changes (the map, the fonts, the tables, the summary)
        self.present = W.ToggleButton(description="Presentation", icon="television",
                                      tooltip="for a class: the map full width, large type, tables hidden, and a "
                                              "plain-words summary of the last turn")
        self.present.layout.width = "auto"
        self.present.add_class("leyte-present-toggle")
        for b in (self.step, self.next, self.phase, self.turn, self.undo, self.reset):
            b.layout.width = "auto"
        self.step.add_class("leyte-step")
        self.player = W.Play(value=0, min=0, max=10**9, step=1, interval=700, description="Play", show_repeat=False,
                             tooltip="Play: the bots keep stepping at the chosen speed; Stop (the square) halts them")
        # Only the labelled buttons below are shown: two sets of play buttons side by side confuse a newcomer. The
        # ticker stays in the box, hidden by CSS alone: its timer runs in the browser's model of the widget, which
        # lives on while the view is not drawn (the browser test proves Play bots still advances the game).
        self.player.layout.display = "none"
        self.player.add_class("leyte-ticker")
        # the Play widget above is the browser-side ticker; these labelled buttons start and stop it, and say why
        # when there is nothing for the bots to play (a human's decision, the game over, the curtain down)
        self.play = W.Button(description="▶ Play bots", button_style="success",
                             tooltip="the bots keep playing, one step per tick at the chosen speed, until a human "
                                     "must decide or you press Stop")
        self.stop = W.Button(description="■ Stop", tooltip="stop the bots after the step they are playing")
        for b in (self.play, self.stop):
            b.layout.width = "auto"
        self.play.add_class("leyte-play")
        self.stop.add_class("leyte-stop")
        self.play.on_click(guarded(session, lambda _b: self.start()))
        self.stop.on_click(guarded(session, lambda _b: self.halt()))
        self.speed = W.IntSlider(
            value=min(10, max(1, session.game.face.play_speed)), min=1, max=10, description="speed", readout=False,
            layout=W.Layout(width="180px"), tooltip="how fast the bots play: slow on the left, fast on the right"
        )
        self.speed.observe(lambda ch: setattr(self.player, "interval", int(2000 / ch["new"])), names="value")
        self.player.interval = int(2000 / self.speed.value)
        self.player.observe(guarded(session, self._tick), names="value")
        kinds = player_kinds(session.game.id)
        self.sides = {
            side: W.Dropdown(
                options=kinds, value=session.players.get(side, HUMAN), description=side,
                layout=W.Layout(width="auto"), style={"description_width": "initial"},  # "Seventh Fleet" in full
            )
            for side in session.game.players
        }
        for side, dd in self.sides.items():
            # a CSS class holds no spaces (a browser refuses it, and the page logs an error): "A B" -> "A-B"
            dd.add_class("leyte-player-" + "-".join(side.split()))
            dd.observe(lambda ch, side=side: session.set_player(side, ch["new"]) or session._changed(), names="value")
        self.viewer = W.Dropdown(
            options=session.game.face.viewers(), value=session.viewer, description="eyes",
            layout=W.Layout(width="auto"), style={"description_width": "initial"},  # "Seventh Fleet" in full
        )
        self.viewer.observe(guarded(session, lambda ch: self._eyes(ch["new"])), names="value")
        self.step.on_click(guarded(session, lambda _b: session.step()))
        self.next.on_click(guarded(session, lambda _b: session.run("decision")))
        self.phase.on_click(guarded(session, lambda _b: session.run("phase")))
        self.turn.on_click(guarded(session, lambda _b: session.run("turn")))
        self.undo.on_click(guarded(session, lambda _b: session.undo()))
        self.reset.on_click(guarded(session, lambda _b: session.reset()))
        self.widget = W.VBox(
            [
                W.HBox([self.step, self.next, self.phase, self.turn, self.undo, self.reset, self.present]),
                W.HBox([self.play, self.stop, self.player, self.speed, *self.sides.values(), self.viewer]),
            ]
        )

    def play_refusal(self) -> str:
        """Why the bots cannot play on now ("" if they can): Play must never start and silently do nothing."""
        s = self.session
        d = s.game.decision
        if d is None:
            return "The game is over: nothing left to play."
        if s.curtain is not None:
            return f"The screen is behind the curtain: {s.seat_name(s.curtain)} must show it first."
        if s._human_to_move() and s.revealed >= len(s.game.events):
            return f"It is {d.player}'s turn, and {d.player} is played by a human: pick an option in the panel."
        return ""

    def start(self) -> None:
        """▶ Play bots: start the ticker, or say in the panel why there is nothing to play."""
        why = self.play_refusal()
        if why:
            self.player.playing = False
            self.session.message = why
            self.session._changed()
            return
        self.player.playing = True
        self.session.message = "Playing: the bots move at the chosen speed. ■ Stop halts them."
        self.session._changed()

    def halt(self) -> None:
        """■ Stop: halt the ticker and say so."""
        was = self.player.playing
        self.player.playing = False
        self.session.message = "Stopped." if was else "Nothing was playing."
        self.session._changed()

    def _tick(self, _change: Any) -> None:
        what = self.session.step()
        if what in ("human", "over") or self.session.curtain is not None:
            self.player.playing = False

    def refresh(self) -> None:
        """Follow the session: the eyes it looks through (behind the curtain: the seat the screen is passed to),
        and whether Undo may be pressed (and why not)."""
        s = self.session
        eyes = s.eyes
        if self.viewer.value != eyes and eyes in self.viewer.options:
            self._syncing = True
            try:
                self.viewer.value = eyes
            finally:
                self._syncing = False
        why = s.undo_refusal()
        self.undo.disabled = bool(why)
        self.undo.tooltip = why or (
            "take back your own last move and the bot moves after it" if s.hot_seat()
            else "take back the last move (and the bot moves after it)"
        )

    def _eyes(self, new: str) -> None:
        if getattr(self, "_syncing", False):
            return
        self.session.set_viewer(new)
        self.session._changed()


class DecisionPanel:
    """The current decision: whose turn it is and what to do, in plain words, and only its legal options.

    A few options come as buttons, the usual choice (a "finish"/"pass"-like option, ``is_no_action``) first and
    highlighted. Many options come as a group selector (one entry per kind, with its count), a filter box and a
    list that always has a selection — or, when the filter matches nothing, says so and disables Play with the
    reason in its tooltip; the usual choice stays one click away above them. No button ever does nothing silently.
    If the engine still refuses (a stale click), ``Session`` puts the reason into words shown here.
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        self.prompt = W.HTML()
        self.prompt.add_class("leyte-prompt")
        self.buttons = W.VBox()
        self.usual = W.Button(button_style="info", layout=W.Layout(width="auto", max_width="100%"))
        self.usual.add_class("leyte-usual")
        self.usual.on_click(guarded(session, lambda _b: self._play_usual()))
        self.groups = W.Dropdown(options=[], description="group", layout=W.Layout(width="96%"))
        self.groups.add_class("leyte-groups")
        self.filter = W.Text(value="", placeholder="type to filter the options", description="filter",
                             continuous_update=True, layout=W.Layout(width="96%"))
        self.filter.add_class("leyte-filter")
        self.dropdown = W.Select(options=[], rows=10, layout=W.Layout(width="96%"))
        self.dropdown.add_class("leyte-option-list")
        self.note = W.HTML()
        self.note.add_class("leyte-filter-note")
        self.go = W.Button(description="Play this option", button_style="success")
        self.go.add_class("leyte-go")
        self.go.on_click(guarded(session, lambda _b: self._play_dropdown()))
        self.groups.observe(lambda _ch: self._fill(), names="value")
        self.filter.observe(lambda _ch: self._fill(), names="value")
        self.dropdown.observe(lambda _ch: self._go_state(), names="value")
        self.message = W.HTML()
        self.message.add_class("leyte-message")
        self.widget = W.VBox([self.prompt, self.buttons, self.message], layout=W.Layout(width="100%"))
        self._opts: list[tuple[int, Any]] = []  # (index into the decision's options, option) the panel offers
        self._usual_index: int | None = None
        self._shown: tuple[Any, ...] = ()  # which list the group selector and filter were set up for
        self.refresh()

    def _play_dropdown(self) -> None:
        if self.dropdown.value is None:  # never a silent button: say what is missing
            self.session.message = self._why_no_play() or "Pick an option in the list first."
            self.session._changed()
            return
        self.choose(self.dropdown.value)

    def _play_usual(self) -> None:
        if self._usual_index is None:
            self.session.message = "There is no option to finish with here: pick one in the list."
            self.session._changed()
            return
        self.choose(self._usual_index)

    def _why_no_play(self) -> str:
        """Why "Play this option" cannot play now ("" if it can)."""
        if not self.dropdown.options:
            text = self.filter.value.strip()
            if text:
                elsewhere = sum(text.lower() in o.text.lower() for _i, o in self._opts)
                where = (f"{elsewhere} in other groups (pick \"all\" to see them)" if elsewhere
                         else "change or clear the filter")
                return f"No option in this group matches {text!r}: {where}."
            return "This group has no options: pick another group."
        if self.dropdown.value is None:
            return "Pick an option in the list first."
        return ""

    def _go_state(self) -> None:
        why = self._why_no_play()
        self.go.disabled = bool(why)
        if why:
            self.go.tooltip = why
        else:
            text = dict((i, o.text) for i, o in self._opts).get(self.dropdown.value, "")
            self.go.tooltip = f"play: {text}"

    def _fill(self) -> None:
        """The list: the chosen group's options whose text holds the filter (any case); the first one selected."""
        keep = set(self.groups.value or ())
        text = self.filter.value.strip().lower()
        shown = [(o.text, i) for i, o in self._opts if i in keep and text in o.text.lower()]
        self.dropdown.options = shown
        # ipywidgets 8.1 leaves a list without a value when its options are replaced: select the first, so the
        # list never shows empty and "Play this option" always has something to play
        self.dropdown.value = shown[0][1] if shown else None
        if shown:
            self.note.value = f"<span style='color:#666'>{len(shown)} of {len(keep)} in this group</span>"
        else:
            self.note.value = f"<b style='color:#b71c1c'>{escape(self._why_no_play())}</b>"
        self._go_state()

    def refresh(self) -> None:
        s = self.session
        d = s.game.decision
        self._opts = []
        self._usual_index = None
        if d is None or not s.may_decide_here() or len(s.options()) <= MAX_BUTTONS:
            self._shown = ()
        if d is None:
            r = s.game.result or {}
            bits = [s.game.face.result_text(r)] + ([str(r["reason"])] if r.get("reason") else [])
            self.prompt.value = "<b>Game over.</b> " + escape(", ".join(b for b in bits if b))
            self.buttons.children = ()
        elif s.may_decide_here():
            opts = s.options()
            self._opts = [(s.option_index(o), o) for o in opts]
            usual = next(((i, o) for i, o in self._opts if is_no_action(o.kind)), None)
            clickable = bool(s.targets())
            how = "pick an option below" + (" or click a highlighted hex on the map" if clickable else "")
            self.prompt.value = (
                f"<b>Your turn, {escape(d.player)}.</b> {escape(d.prompt)} "
                f"<span style='color:#666'>[{escape(d.rule)}]</span><br>What to do now: {how}."
            )
            if len(opts) <= MAX_BUTTONS:
                ordered = ([usual] if usual else []) + [p for p in self._opts if usual is None or p[0] != usual[0]]
                btns = []
                for i, o in ordered:
                    b = W.Button(description=o.text, tooltip=o.text, layout=W.Layout(width="auto", max_width="100%"))
                    b.add_class("leyte-option")
                    if usual is not None and i == usual[0]:
                        b.button_style = "info"
                        b.tooltip = f"the usual choice: {o.text}"
                        b.add_class("leyte-usual")
                    b.on_click(guarded(s, lambda _b, i=i: self.choose(i)))
                    btns.append(b)
                self.buttons.children = tuple(btns)
            else:
                pos = [i for i, _o in self._opts]
                key = (len(s.game.actions), tuple(pos))
                if key != self._shown:
                    # a new list: the first group that holds a real choice (the usual "done" has its own button
                    # above), no filter; the same list (a message changed) keeps the group and filter the player
                    # chose
                    self._shown = key
                    groups = option_groups([o for _i, o in self._opts], getattr(s.game.face, "unit_params", ()))
                    entries = [(label, tuple(pos[k] for k in ks)) for label, ks in groups]
                    if len(entries) > 1:
                        entries.append((f"all ({len(pos)})", tuple(pos)))
                    self.groups.options = entries
                    only_usual = (usual[0],) if usual is not None else ()
                    self.groups.value = next((v for _l, v in entries if v != only_usual), entries[0][1])
                    self.filter.value = ""
                self._fill()
                kids: list[W.Widget] = []
                if usual is not None:
                    self._usual_index = usual[0]
                    self.usual.description = f"✓ {usual[1].text}"
                    self.usual.tooltip = f"the usual choice: {usual[1].text}"
                    kids.append(self.usual)
                kids += [self.groups, self.filter, self.dropdown, self.note, self.go]
                self.buttons.children = tuple(kids)
        else:
            who = s.players.get(d.player)
            how = ("press Step to let the bot play it, or ▶ Play bots to watch it play on" if who != HUMAN
                   else f"switch the eyes to {d.player} to see the options")
            self.prompt.value = (
                f"<b>{escape(d.player)}'s turn</b> ({escape(str(who))}) "
                f"<span style='color:#666'>[{escape(d.rule)}]</span>. What to do now: {how}."
            )
            self.buttons.children = ()
        self.show_message()

    def show_message(self) -> None:
        """The session's latest sentence under the options."""
        s = self.session
        self.message.value = f"<i>{escape(s.message)}</i>" if s.message else ""

    def choose(self, index: int) -> None:
        """Play an option and say what was played. ``Session.choose`` (with ``auto``) redraws while the bots
        answer and only then puts "X played: ..." in front of its message, so the sentence is shown again here:
        a newcomer sees what the click did, not only whose turn it is now."""
        self.session.choose(index)
        self.show_message()


class Curtain:
    """The "pass the screen" panel of a hot-seat game: it takes the place of the map, the log and the decision panel
    while the screen passes from one human seat to the next, and shows nothing of the game — only whose turn it is,
    in the seat's colour, in letters large enough for the back row of a classroom, and one button to lift it.
    """

    def __init__(self, session: Session, min_height: int = 560) -> None:
        self.session = session
        self.text = W.HTML()
        self.text.add_class("leyte-curtain-text")
        self.button = W.Button(layout=W.Layout(width="auto", min_width="480px", height="96px", margin="32px 0 0 0"),
                               button_style="primary")
        self.button.style.font_size = "30px"
        self.button.style.font_weight = "bold"
        self.button.add_class("leyte-curtain-button")
        self.button.on_click(guarded(session, lambda _b: session.reveal()))
        self.widget = W.VBox(
            [self.text, self.button],
            layout=W.Layout(width="100%", min_height=f"{min_height}px", align_items="center", justify_content="center",
                            border="6px solid #37474f", padding="24px"),
        )
        self.widget.add_class("leyte-curtain")
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        seat = s.curtain
        if seat is None:
            return
        name = escape(s.seat_name(seat))
        colour = escape(s.seat_colour(seat))
        swatch = (f"<span class='leyte-curtain-swatch' style='display:inline-block;width:64px;height:64px;"
                  f"background:{colour};border:4px solid #212121;border-radius:8px;vertical-align:middle'></span>")
        self.text.value = (
            "<style>.leyte-curtain{background:#eceff1}</style>"
            "<div style='text-align:center;font-family:sans-serif;color:#212121;line-height:1.25'>"
            f"<div style='font-size:52px;font-weight:bold'>Pass the screen to {name} — {swatch}</div>"
            "<div style='font-size:28px;margin-top:18px'>Everyone else, please look away.</div></div>"
        )
        self.button.description = f"I am {s.seat_name(seat)}: show my screen"
        self.button.tooltip = f"only {s.seat_name(seat)} should press this"


class GameApp:
    """Map, controls, decision panel, log and TF cards for one game; redraws on every change of the session."""

    def __init__(
        self,
        game: Game | Session,
        *,
        players: dict[str, str] | None = None,
        viewer: str | None = None,
        seed: int = 0,
        auto: bool = True,
        size: float | None = None,
        cards: bool = True,
        center: str | None = None,
        zoom: float | None = None,
        panels: bool | Sequence[str] = False,
        script: Any = (),
        presentation: bool = False,
        **by_player: str,
    ) -> None:
        if isinstance(game, Session):
            self.session = game
        else:
            players = resolve_players(game, players, by_player)
            if viewer is None:
                humans = [s for s, k in players.items() if k == HUMAN]
                # one human: that seat's eyes; several: the session's curtain hands the screen from seat to seat
                viewer = humans[0] if len(humans) == 1 else None
            self.session = Session(game, players=players, viewer=viewer, seed=seed, auto=auto, script=script)
        s = self.session
        if s.auto and not s.script and HUMAN in s.players.values() and not s.game.over and not s._human_to_move():
            s.run("decision")  # the bots set up and play until the human's first decision
            s.message = ""
        self.desk_map = MapView(s.map, size=size if size is not None else fit_size(s.map),
                                colours=s.game.face.colours(), overlay_style=s.game.face.overlay_style,
                                names=player_names(s.game.face))
        self.desk_map.canvas.add_class("leyte-map-canvas")
        self.map = self.desk_map  # the map drawn now: the desk's, or the presentation's (built when first asked)
        self.present_map: MapView | None = None
        self._center = (center, zoom)
        if center is not None:
            self.map.center_on(center, zoom)
        self.controls = StepControls(s)
        self.panel = DecisionPanel(s)
        self.log = W.HTML(layout=W.Layout(max_height="380px", overflow="auto"))
        self.log.add_class("leyte-log-pane")
        self.odds = W.HTML()
        self.odds.add_class("leyte-odds-pane")
        # unit cards to read, with the same facts one click away as a pandas table for those who want to sort them
        self.cards_view = W.HTML()
        self.cards_view.add_class("leyte-cards-pane")
        self.cards_table = W.Output()
        self.cards_as_table = W.ToggleButton(description="Show as table", icon="table",
                                             tooltip="the same facts as one pandas table, a row per unit")
        self.cards_as_table.layout.width = "auto"
        self.cards_as_table.observe(guarded(s, lambda _ch: self.refresh()), names="value")
        self.cards = W.VBox([self.cards_as_table, self.cards_view],
                            layout=W.Layout(max_height="360px", overflow="auto"))
        self.show_cards = cards
        self.panels: dict[str, PanelView] = self._panel_views(panels)
        self.map.on_hex_click(guarded(s, self._hex_click))
        self.summary = W.HTML(layout=W.Layout(display="none", margin="6px 0"))
        self.summary.add_class("leyte-turn-summary")
        self.presentation = False
        s.subscribe(self.refresh)
        right = [self.panel.widget, self.odds, self.log] + ([self.cards] if cards else [])
        self.curtain = Curtain(s, min_height=max(self.map.height, 560))
        # the game's part of the screen: swapped for the curtain while the screen passes between human seats, so
        # the page then holds no widget of the game at all (not merely one hidden under another)
        self.desk = [
            # the panel takes the width the map leaves (a projector's 1280 px: about 640), never less than 440
            W.HBox([self.map.widget, W.VBox(right, layout=W.Layout(flex="1 1 440px", min_width="440px",
                                                                     max_width="660px", margin="0 0 0 10px"))]),
            *(pv.widget for pv in self.panels.values()),
        ]
        self.table = self.desk
        self.style = W.HTML(PRESENT_CSS)
        self.widget = W.VBox([self.controls.widget, *self.table, self.style])
        self.widget.add_class("leyte-app")
        self.controls.present.observe(guarded(s, lambda ch: self.set_presentation(ch["new"])), names="value")
        if presentation:
            self.set_presentation(True)
        else:
            self.refresh()

    def set_presentation(self, on: bool) -> None:
        """Presentation mode on or off (the "Presentation" switch does this): for a class looking at one screen,
        the map at full width, the log and the decision in large type, the tables (unit cards, odds, tactical
        panels) hidden, and the summary of the last finished turn on top, in the viewer's eyes only."""
        on = bool(on)
        if self.controls.present.value != on:
            self.controls.present.value = on  # its observer calls back here
            return
        self.presentation = on
        if on:
            self.widget.add_class("leyte-present")
            if self.present_map is None:
                self.present_map = self._build_present_map()
            self.map = self.present_map
            self.table = [self.summary, self.map.widget,
                          W.HBox([W.Box([self.panel.widget], layout=W.Layout(width="50%")),
                                  W.Box([self.log], layout=W.Layout(width="50%", margin="0 0 0 12px"))])]
        else:
            self.widget.remove_class("leyte-present")
            self.map = self.desk_map
            self.table = self.desk
        hidden = [self.cards, self.odds, *(pv.widget for pv in self.panels.values())]
        for w in hidden:
            w.layout.display = "none" if on else None
        self.summary.layout.display = None if on else "none"
        self.log.layout.max_height = "520px" if on else "380px"
        self.widget.children = (self.controls.widget, *self.table, self.style)
        self.refresh()

    def _build_present_map(self) -> MapView:
        """The map redrawn at the size that fills a projected screen's width; a tall map is cut at the screen's
        height (pan down with the arrows), since hexes shrunk to fit it all would not read from the back row."""
        s = self.session
        geo = map_geometry(s.map)
        size = (PRESENT_WIDTH - 8) / geo.width
        height = min(int(geo.height * size + 8) + STATUS_HEIGHT, PRESENT_HEIGHT)
        m = MapView(s.map, size=size, width=PRESENT_WIDTH, height=height, colours=s.game.face.colours(),
                    overlay_style=s.game.face.overlay_style, names=player_names(s.game.face))
        center, zoom = self._center
        if center is not None:
            m.center_on(center, zoom)
        m.on_hex_click(guarded(s, self._hex_click))
        m.canvas.add_class("leyte-map-canvas")
        return m

    def _hex_click(self, label: str) -> None:
        """A click on the map: the session plays the option pointing there (or narrows the choice); the panel then
        says what was played (see ``DecisionPanel.choose``)."""
        self.session.click(label)
        self.panel.show_message()

    def map_targets(self) -> list[dict[str, Any]]:
        """The hexes a click on the map would play now, as the map was last drawn: each hex the viewer's options
        point at and whose centre is inside the canvas, with its pixel on the canvas, how many options point there
        and the first one's text. The page carries it (``targets_html``) so a browser test can click the very
        pixel a user would, without repeating the map's geometry."""
        s = self.session
        d = s.game.decision
        if d is None or s.curtain is not None or not s.may_decide_here():
            return []
        targets = s.targets()
        pad = self.map.scale * 0.4  # the whole hex centre in view, not a sliver at the edge
        out: list[dict[str, Any]] = []
        for label in s.highlighted():
            hits = options_at(label, targets)
            if s.candidates:  # narrowed by an earlier click, as ``Session.click`` narrows
                hits = [i for i in hits if i in s.candidates] or hits
            if not hits:
                continue
            x, y = self.map.pixel_of(label)
            if pad <= x <= self.map.width - pad and STATUS_HEIGHT + pad <= y <= self.map.height - pad:
                out.append({"hex": label, "x": round(x, 1), "y": round(y, 1), "options": len(hits),
                            "text": d.options[hits[0]].text})
        return out

    def targets_html(self) -> str:
        """``map_targets`` as an invisible element of the page (``.leyte-map-targets``, JSON in ``data-targets``)."""
        data = escape(json.dumps(self.map_targets()), quote=True)
        return f"<span class='leyte-map-targets' style='display:none' data-targets=\"{data}\"></span>"

    def summary_html(self, events: Sequence[Any]) -> str:
        """The face's turn summary of these (the viewer's) events as HTML: the first line a heading."""
        lines = self.session.game.face.turn_summary(events)
        if not lines:
            return ""
        head, *rest = lines
        items = "".join(f"<li>{escape(t)}</li>" for t in rest)
        return f"<div><b>Turn summary — {escape(head.rstrip(':'))}</b><ul style='margin:4px 0'>{items}</ul></div>"

    def refresh(self) -> None:
        """Redraw everything from the session: one map frame, the panel, the log, the cards."""
        s = self.session
        self.controls.refresh()
        if s.curtain is not None:
            # nothing of the game stays in the widgets behind the curtain: no markers, log, odds, cards or options
            self.map.show([], status=s.status())
            self.panel.prompt.value = ""
            self.panel.buttons.children = ()
            self.panel.message.value = ""
            self.log.value = self.odds.value = ""
            self.cards_view.value = ""
            self.cards_table.clear_output()
            self.curtain.refresh()
            self.summary.value = ""
            self.style.value = PRESENT_CSS  # no map targets behind the curtain either
            self.widget.children = (self.controls.widget, self.curtain.widget, self.style)
            return
        if self.widget.children[1:-1] != tuple(self.table):
            self.widget.children = (self.controls.widget, *self.table, self.style)
        v = s.view()
        self.map.show(s.markers(v), highlight=s.highlighted(v), status=s.status(), ranges=s.ranges(v),
                      focus=s.focus(v))
        self.style.value = PRESENT_CSS + self.targets_html()
        self.panel.refresh()
        evs = s.visible_events()
        self.log.value = event_log_html(evs)
        self.odds.value = self._latest_odds(evs)
        if self.presentation:
            self.summary.value = self.summary_html(evs)
        if self.panels and not self.presentation:
            for p in s.game.face.panels(v, evs):
                if p.get("id") in self.panels:
                    self.panels[p["id"]].show(p)
        if self.show_cards and not self.presentation:
            self._show_cards(s.game.face.cards(v))

    def _show_cards(self, cards: list[dict[str, Any]]) -> None:
        """The viewer's unit cards, or (the toggle pressed) the same facts as a table."""
        as_table = self.cards_as_table.value
        self.cards.children = (self.cards_as_table, self.cards_table if as_table else self.cards_view)
        if as_table:
            self.cards_table.clear_output(wait=True)
            if cards:
                with self.cards_table:
                    display(cards_styled(cards))
            return
        self.cards_view.value = (cards_html(cards, self.session.game.face.colours()) if cards
                                 else "<i>No units of yours to show.</i>")

    def _panel_views(self, wanted: bool | Sequence[str]) -> dict[str, PanelView]:
        """A canvas per panel of the face asked for (``True``: all of them), by panel id, in the face's order."""
        if not wanted:
            return {}
        s = self.session
        offered = s.panels()
        ids = [p["id"] for p in offered]
        if wanted is not True:
            wanted = [wanted] if isinstance(wanted, str) else list(wanted)
            unknown = [w for w in wanted if w not in ids]
            if unknown:
                raise LeyteError(f"{s.game.id} has no panel {', '.join(map(repr, unknown))}; "
                                 f"its panels: {', '.join(ids) or 'none'}")
        colours = s.game.face.colours()
        return {p["id"]: panel_view(p, colours=colours) for p in offered if wanted is True or p["id"] in wanted}

    def _latest_odds(self, events: list[Any]) -> str:
        """The exact odds of the latest table roll the viewer has seen, with the row it read outlined."""
        for e in reversed(events):
            if e.kind != "roll":
                continue
            r = e.data.get("roll", {})
            table = self._tables.get(r.get("table", ""))
            if table is None:
                continue
            try:
                total = sum(int(m["value"]) for m in r.get("modifiers", []))
                title = f"{r.get('purpose', '')}: rolled {r.get('raw')}, {total:+d} = {r.get('final')}"
                words = functools.partial(self.session.game.face.roll_result_text, str(r.get("table", "")))
                return odds_html(table, r.get("column"), total, read=r.get("row"), title=title, words=words)
            except (LeyteError, KeyError, ValueError, TypeError):
                return ""
        return ""

    @property
    def _tables(self) -> dict[str, Any]:
        # a game whose rules hold no printed tables (Naval Chess reads its charts in code) has no odds to show
        return getattr(leyte.rules(self.session.game.id), "tables", None) or {}

    def _ipython_display_(self) -> None:
        display(self.widget)


def resolve_players(game: Game, players: dict[str, str] | None, by_player: dict[str, str]) -> dict[str, str]:
    """Who plays each player: ``players`` by id, or keywords named for the player in lower case (spaces and dashes
    as underscores); by default the first player is a human and the others the random bot."""
    keys = {p.lower().replace(" ", "_").replace("-", "_"): p for p in game.players}
    out = {p: (HUMAN if i == 0 else "random") for i, p in enumerate(game.players)}
    for k, v in by_player.items():
        if k not in keys:
            raise LeyteError(f"{game.id} has no player {k!r}; its players: {', '.join(game.players)}")
        out[keys[k]] = v
    for p, v in (players or {}).items():
        if p not in out:
            raise LeyteError(f"{game.id} has no player {p!r}; its players: {', '.join(game.players)}")
        out[p] = v
    return out


def play(game: Game, *, players: dict[str, str] | None = None, **kwargs: Any) -> GameApp:
    """A game against the bot in one call: ``play(game, players={first_player: "human", other: "heuristic"})``;
    a player may also be named by keyword in lower case. Other keywords go to ``GameApp``."""
    return GameApp(game, players=players, **kwargs)
