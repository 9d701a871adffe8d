"""The Jupyter front: a live hex map, step controls, a decision panel and tactical displays (the ``jupyter`` extra).

Imported only by notebooks (``import leyte`` never loads it). It stands on the public API (``leyte.*``, ``Game``,
``game.view(side)``, ``game.events``, ``leyte.rules(game)``) and on ``leyte.render``; never on game internals.

    import leyte
    from leyte.jupyter import play, setup_bokeh
    app = play(leyte.new_game("imperial-sunset", scenario="historical", seed=1944), ijn="human", usn="random")
    app

The same widgets play every registered game: what to draw (markers, option targets, rings, status line, cards,
players' names and colours) comes from the game's face (``game.face``), never from a game id here.
"""

from __future__ import annotations

from leyte.jupyter.app import DecisionPanel, GameApp, StepControls, play
from leyte.jupyter.displays import (
    cards_frame,
    cards_styled,
    chance_heatmap,
    event_frame,
    event_log_html,
    odds_chart,
    odds_frame,
    odds_html,
    rolls_frame,
    setup_bokeh,
    table_heatmap,
    vp_frame,
    vp_timeline,
)
from leyte.jupyter.mapview import MapView, batched
from leyte.jupyter.panelview import GridView, PanelView, TrackView, panel_view
from leyte.jupyter.session import ClickResult, Session, match_option, play_script, player_kinds

__all__ = [
    "play",
    "GameApp",
    "StepControls",
    "DecisionPanel",
    "MapView",
    "PanelView",
    "TrackView",
    "GridView",
    "panel_view",
    "Session",
    "ClickResult",
    "player_kinds",
    "match_option",
    "play_script",
    "batched",
    "setup_bokeh",
    "show_map",
    "cards_frame",
    "cards_styled",
    "event_frame",
    "event_log_html",
    "odds_frame",
    "rolls_frame",
    "odds_chart",
    "odds_html",
    "table_heatmap",
    "chance_heatmap",
    "vp_frame",
    "vp_timeline",
]


def show_map(
    hexmap: object,
    *,
    size: float | None = None,
    markers: list | None = None,
    highlight: list | None = None,
    status: str = "",
    center: str | None = None,
    zoom: float | None = None,
    colours: dict[str, str] | None = None,
) -> MapView:
    """A map widget for a bare map (no game): terrain, features, optional markers and highlighted hexes.

    ``colours`` maps a player to its counter colour (``game.face.colours()``); markers of others are grey. With no
    ``size`` a small map is drawn big enough to read on a projector (``mapview.fit_size``).
    """
    from leyte.jupyter.mapview import fit_size

    mv = MapView(hexmap, size=size if size is not None else fit_size(hexmap), colours=colours)
    if center is not None:
        mv.center_on(center, zoom)
    mv.show(markers or [], highlight=highlight or [], status=status)
    return mv
