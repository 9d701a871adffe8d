"""History beside the game (issue 15 item 5): the real forces as faded "ghost" rings on the live map, a turn slider
to walk through what really happened, and a table comparing a played game with the real battle.

Everything comes from the public API: ``leyte.rules(game).history`` (one row per real force per turn, see
``leyte.core.history``), ``game.view``, ``game.face`` and ``game.result``. Nothing here names a game, a seat or a
view key that only one game has; the turn is read from the view's ``turn`` or ``day``, whichever the game keeps.

pandas is imported only inside the functions that build tables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as W
import numpy as np

from leyte.core.errors import LeyteError
from leyte.jupyter.mapview import MapView, batched, fit_size, rgb

__all__ = ["GhostMap", "HistoryView", "compare", "current_turn", "ghost_markers", "COMPARE_COLUMNS"]

#: what ``compare`` returns, in this order
COMPARE_COLUMNS = (
    "turn", "force", "side", "event", "historical_hex", "piece", "piece_hex", "distance", "game_result",
    "historical_result",
)

GHOST_ALPHA = 0.45  # faded enough that the game's own counters stay the thing the eye reads first
TURN_KEYS = ("turn", "day")  # the view keys a game may keep its turn under
NOT_FLEETS = ("smoke", "air", "ghost")  # marker kinds ``compare`` does not count as a fleet's position


def _history(game: Any) -> Any:
    """The game's history table, or a ``LeyteError`` saying the game has none (so a notebook learns why)."""
    data = game.rules.data() if hasattr(game.rules, "data") else None
    hist = getattr(data, "history", None)
    if hist is None or len(hist) == 0:
        raise LeyteError(f"history (issue 15 item 5): game {getattr(game, 'id', '?')!r} keeps no history table")
    return hist


def current_turn(game: Any, view: Mapping[str, Any] | None = None) -> int | None:
    """The game's turn as its view states it (``turn``, else ``day``), or None if the view keeps neither as a
    whole number (a view's ``day`` may be a day/night flag, which is not a turn)."""
    v = game.view("umpire") if view is None else view
    for key in TURN_KEYS:
        t = v.get(key)
        if isinstance(t, (int, np.integer)) and not isinstance(t, bool):
            return int(t)
    return None


def history_turn(hist: Any, turn: int | None) -> int:
    """The history's turn to show for a game turn: that turn if the table has it, else the last earlier one the
    table has (the forces stood there until the next recorded position), else the table's first."""
    turns = sorted(int(t) for t in hist["turn"].unique())
    if turn is None:
        return turns[0]
    earlier = [t for t in turns if t <= turn]
    return earlier[-1] if earlier else turns[0]


def _short(force: str) -> str:
    """A ring's label: the force's name without the commander in brackets, at most three initials or eight
    characters, so it fits inside a hex."""
    name = force.split("(")[0].strip() or force
    words = [w for w in name.replace("-", " ").split() if w]
    if len(name) <= 8:
        return name
    initials = "".join(w[0] for w in words if w[0].isalnum())
    return initials[:3] if len(initials) >= 2 else name[:8]


def _lighten(colour: str, amount: float = 0.55) -> str:
    """A counter colour mixed towards white: the ghost's fill, so it reads as "not a piece"."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    r, g, b = (int(c + (255 - c) * amount) for c in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


def ghost_markers(game: Any, turn: int) -> list[dict[str, Any]]:
    """The history's forces of ``turn`` as map markers: shape "ring", a light version of the side's colour, the
    short force name as label and force, event and source as title."""
    hist = _history(game)
    colours = game.face.colours()
    out: list[dict[str, Any]] = []
    for r in hist[hist["turn"] == turn].itertuples(index=False):
        base = colours.get(r.side, "#555555")
        out.append({
            "kind": "ghost", "shape": "ring", "hex": r.hex, "side": r.side, "id": f"ghost:{r.force}",
            "label": _short(r.force), "colour": _lighten(base),
            "title": f"{r.force} (history, {r.date} {r.time}): {r.event} [{r.provenance}; {r.source}]",
            "event": r.event, "force": r.force, "source": r.source,
        })
    return out


class GhostMap(MapView):
    """A ``MapView`` that draws ghost rings on top of whatever the game draws.

    The game's own markers may be drawn in a style that has no rings (single ships with a facing), so ghosts are
    kept apart in ``ghosts`` and drawn after the markers, faded, on the same layer; ``ghosts_drawn`` records the
    hexes of the last frame's rings for tests.
    """

    def __init__(self, hexmap: Any, **kwargs: Any) -> None:
        self.ghosts: list[dict[str, Any]] = []
        self.ghosts_drawn: list[str] = []
        super().__init__(hexmap, **kwargs)

    def show_ghosts(self, ghosts: Sequence[Mapping[str, Any]]) -> None:
        """Replace the ghost rings and draw the marker layer again."""
        self.ghosts = [dict(g) for g in ghosts]
        with batched():
            self._draw_units()

    def hover_text(self, label: str) -> str:
        """The hex's pieces as usual, then each ghost standing there with its force, event and source."""
        from html import escape

        text = super().hover_text(label)
        here = [str(g.get("title", "")) for g in self.ghosts if g.get("hex") == label]
        return "<br>".join([text, *(f"<i>{escape(t)}</i>" for t in here)])

    def _draw_units(self) -> None:
        super()._draw_units()
        self.ghosts_drawn = []
        ghosts = [g for g in self.ghosts if g.get("hex") in self.geo.index]
        if not ghosts:
            return
        c = self.canvas[1]
        s = self.scale
        seen: dict[str, int] = {}
        pts, fills, texts = [], [], []
        for g in ghosts:
            lab = g["hex"]
            k = seen.get(lab, 0)
            seen[lab] = k + 1
            cx, cy = self.to_screen(np.array(self.geo.center_of(lab)))
            off = k * max(6.0, s * 1.05) * 0.35
            pts.append((cx - off, cy + off))  # stacked the other way from counters, so a ring and a piece both show
            fills.append(str(g.get("colour") or "#bbbbbb"))
            texts.append(str(g.get("label", "")))
            self.ghosts_drawn.append(lab)
        p = np.array(pts)
        radius = max(4.0, s * 0.6)
        c.global_alpha = GHOST_ALPHA
        c.fill_styled_circles(p[:, 0], p[:, 1], radius, rgb(fills))
        c.global_alpha = 1.0
        c.stroke_style = "#ffffff"
        c.line_width = 2.0
        c.set_line_dash([3, 3])
        c.stroke_circles(p[:, 0], p[:, 1], radius)
        c.set_line_dash([])
        if s >= 7:
            c.font = f"italic {max(7, int(s * 0.45))}px sans-serif"
            c.text_align = "center"
            c.text_baseline = "middle"
            c.fill_style = "#263238"
            for (x, y), text in zip(pts, texts):
                c.fill_text(text, float(x), float(y))


class HistoryView:
    """The game's current position with the real forces of a chosen turn as ghost rings, and a turn slider.

    ``viewer`` is whose markers are drawn (default the umpire, who sees every piece). The slider starts at the
    game's current turn when the view states one, else at the history's first turn; moving it redraws only the
    ghosts. Call ``refresh()`` after the game has moved on to draw its new position. ``widget`` is what to display.
    """

    def __init__(self, game: Any, *, viewer: str = "umpire", size: float | None = None) -> None:
        self.game = game
        self.viewer = viewer
        self.history = _history(game)
        hexmap = game.face.map()
        self.map = GhostMap(hexmap, size=size if size is not None else fit_size(hexmap),
                            colours=game.face.colours(), overlay_style=game.face.overlay_style)
        turns = [int(t) for t in self.history["turn"]]
        self.slider = W.IntSlider(value=history_turn(self.history, current_turn(game, game.view(viewer))),
                                  min=min(turns), max=max(turns), step=1, description="turn",
                                  continuous_update=False)
        self.label = W.HTML()
        self.label.add_class("leyte-history")
        self.slider.observe(lambda ch: self.show_turn(int(ch["new"])), names="value")
        self.widget = W.VBox([W.HBox([self.slider]), self.label, self.map.widget])
        self.refresh()

    @property
    def turn(self) -> int:
        return int(self.slider.value)

    def refresh(self) -> None:
        """Draw the game's current markers again (after it has moved on), keeping the chosen turn's ghosts."""
        view = self.game.view(self.viewer)
        self.map.ghosts = ghost_markers(self.game, self.turn)
        self.map.show(self.game.face.markers(view), status=self.game.face.status(view))
        self.label.value = self.caption(self.turn)

    def show_turn(self, turn: int) -> None:
        """Show the real forces of ``turn`` (the slider calls this); a turn outside the history is refused."""
        if not self.slider.min <= turn <= self.slider.max:
            raise LeyteError(f"history turn: {turn} is outside the recorded turns {self.slider.min}-{self.slider.max}")
        if int(self.slider.value) != turn:
            self.slider.value = turn  # observing the slider calls back here
            return
        self.map.show_ghosts(ghost_markers(self.game, turn))
        self.label.value = self.caption(turn)

    def caption(self, turn: int) -> str:
        """The turn's date and time and each force's event that turn, as HTML."""
        import html

        rows = self.history[self.history["turn"] == turn]
        if rows.empty:
            return f"<b>Turn {turn}</b>: no recorded positions"
        first = rows.iloc[0]
        when = " ".join(str(x) for x in (first["date"], first["time"]) if str(x))
        items = "".join(
            f"<li>{html.escape(str(r.force))}: {html.escape(str(r.event) or 'no event recorded')}</li>"
            for r in rows.itertuples(index=False)
        )
        return f"<b>History, turn {turn}</b> ({html.escape(when)})<ul style='margin:0'>{items}</ul>"

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def _historical_result(game: Any) -> str:
    """What the real battle scored, where the game knows it: its face's ``historical_result()``, else any
    ``historical*`` entry of the game's result, else any ``historical*`` constant of the game's data; blank when
    none says."""
    said = game.face.historical_result()
    if said:
        return str(said)
    found: dict[str, Any] = {k: v for k, v in (game.result or {}).items() if str(k).startswith("historical")}
    if not found:
        data = game.rules.data()
        constants = getattr(data, "constants", None)
        if isinstance(constants, Mapping):
            for k, v in constants.items():
                if str(k).startswith("historical"):
                    found[str(k)] = getattr(v, "value", v)
    return "; ".join(f"{k} {v}" for k, v in sorted(found.items()))


def compare(game: Any, turn: int | None = None) -> Any:
    """For each real force at the game's current turn (or ``turn``): where it really was, and the game's nearest
    piece of the same side (its hex and the distance in hexes), with the game's result beside the real one.

    Pieces are read through the umpire's eyes, so every piece counts whatever the players could see; only ships
    and groups of ships count (not air units at their bases, smoke or ghosts), as history tracks fleets. A side with
    no piece on the map leaves piece, hex and distance blank rather than inventing one. Returns a pandas
    DataFrame with the columns of :data:`COMPARE_COLUMNS`.
    """
    import pandas as pd

    hist = _history(game)
    view = game.view("umpire")
    t = history_turn(hist, current_turn(game, view) if turn is None else turn)
    hexmap = game.face.map()
    pieces = [m for m in game.face.markers(view)
              if m.get("side") and m.get("hex") and m.get("kind") not in NOT_FLEETS]
    result = game.face.result_text(game.result) if game.result else ""
    real = _historical_result(game)
    rows: list[dict[str, Any]] = []
    for r in hist[hist["turn"] == t].itertuples(index=False):
        here = hexmap.hex(r.hex)
        best: tuple[int, str, str] | None = None
        for m in pieces:
            if m["side"] != r.side:
                continue
            try:
                d = hexmap.distance(here, hexmap.hex(m["hex"]))
            except LeyteError:
                continue
            if best is None or d < best[0]:
                best = (d, str(m.get("title") or m.get("id") or ""), hexmap.label(hexmap.hex(m["hex"])))
        rows.append({
            "turn": t, "force": r.force, "side": r.side, "event": r.event, "historical_hex": r.hex,
            "piece": best[1] if best else "", "piece_hex": best[2] if best else "",
            "distance": best[0] if best else pd.NA, "game_result": result, "historical_result": real,
        })
    df = pd.DataFrame.from_records(rows, columns=list(COMPARE_COLUMNS))
    df["distance"] = df["distance"].astype("Int64")
    return df
