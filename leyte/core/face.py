"""A game's *face*: what the front ends should draw for it, given as plain data and never as drawing code.

The front ends (``leyte.render``, ``leyte.jupyter``, the CLI and ``simulate``) know no game. Everything that
depends on a game's view schema — where its pieces are, what a counter says, which hex an option points at, which
rings and lines to outline, what the status line and the unit cards say, what one finished game's summary row
holds, each player's name and colour — comes from the game's ``Face`` (Mesa's portrayal functions are the model).

A face reads only what it is given: a player's view (``Game.view(player)``, already filtered by the rules) and the
decision's options, so it can never show a player something the view does not hold.

``DefaultFace`` reads any view that lists its pieces with a ``hex`` key, so a new game shows its map on day one;
a game subclasses it and overrides what its own view schema says better.

Markers are dicts with these keys (front ends rely on them; games may add their own, e.g. ``facing``, ``count``):

- ``kind``: what the piece is ("unit", "tf", "ship", "smoke", ...), ``id`` (unique on the map), ``hex`` (label);
- ``side``: the player who owns it, or None when the viewer cannot know;
- ``label``: the short counter text; ``title``: the hover text; optionally ``sub``, a second, smaller line on the
  counter (a ship count and type, a name: "4 CV+"), and ``count``, the pieces one marker stands for (a stack
  badge shows it);
- ``detected``, ``moved``, ``dummy`` (None when the viewer cannot know), ``damaged``;
- how it looks, all optional: ``shape`` ("counter", the default square; "small", a smaller square with a white
  edge; "ring", a disc), ``solid`` (filled in its colour with white text, else white with coloured text) and
  ``colour`` (instead of the owner's). A marker with a ``facing`` (0-5) is drawn as a single ship with a bow tick,
  and may carry ``speed`` (a letter), ``panic``, ``fire`` and ``hulk``; a ``"smoke"`` marker is a grey puff.
- ``rank`` (a number, default 0): in a stack of counters on one hex the highest rank lies on top (the only counter
  lettered), so a face puts the piece that matters most where the class can read it; equal ranks keep view order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from leyte.core.story import Fact, place_phrase, tell

__all__ = ["PlayerStyle", "OverlayStyle", "Face", "DefaultFace", "PALETTE", "option_dict", "last_turn", "short",
           "result_words"]

Marker = dict[str, Any]

# Distinct, colour-blind-friendly colours (Okabe-Ito, darkened for white text) and their light tints.
PALETTE: tuple[tuple[str, str], ...] = (
    ("#c0392b", "#f2b8b0"),
    ("#1f4e99", "#a9c2ea"),
    ("#1e7b4f", "#b5e0c8"),
    ("#8e44ad", "#dcc4e8"),
    ("#b9770e", "#f5d9a8"),
    ("#117a8b", "#b0e0e8"),
)

_MARKER_DEFAULTS: dict[str, Any] = {
    "kind": "unit", "side": None, "label": "", "title": "", "detected": None, "moved": False, "dummy": None,
    "damaged": False,
}


@dataclass(frozen=True, slots=True)
class PlayerStyle:
    """How a player is shown: its id in the rules, a readable name, a counter colour and a light tint, and the side
    it plays on (several players may share a side, e.g. two Allied fleet commanders)."""

    id: str
    name: str
    colour: str
    light: str
    side: str


@dataclass(frozen=True, slots=True)
class OverlayStyle:
    """How a front end draws one named set of hexes from ``Face.overlays``: ``"edge"`` outlines each hex, ``"fill"``
    tints them (at ``alpha``), ``"line"`` draws a dashed line from the first hex's centre to the last's (a line of
    sight). ``width`` is the stroke width in pixels."""

    colour: str
    style: str = "edge"
    width: float = 1.5
    alpha: float = 1.0


#: how an overlay the face gives no style for is drawn
DEFAULT_OVERLAY = OverlayStyle("#37474f")


def option_dict(o: Any) -> Mapping[str, Any]:
    """An option as a dict whatever it arrived as (an ``Action`` or the dict form a view carries)."""
    return o.to_dict() if hasattr(o, "to_dict") else o


class Face:
    """The base of every game's face. Subclasses override what their view schema needs; see ``DefaultFace``."""

    #: option parameters whose value is a hex label, and those whose value names a piece that has a hex
    hex_params: tuple[str, ...] = ("to", "hex")
    unit_params: tuple[str, ...] = ("target", "unit", "piece")
    #: the front ends' default bot-play speed, 1-10 (ticks per two seconds): a game whose turn is many small moves
    #: (one ship at a time) is watched at a higher speed than one whose every step is a whole task force's move
    play_speed: int = 6

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    # -- who plays -------------------------------------------------------------------------------------------------

    def players(self) -> list[PlayerStyle]:
        """Each player's name, colour and side, in the rules' player order."""
        sides = getattr(self.rules, "sides", None) or {}
        return [
            PlayerStyle(p, p, PALETTE[i % len(PALETTE)][0], PALETTE[i % len(PALETTE)][1], sides.get(p, p))
            for i, p in enumerate(self.rules.players)
        ]

    def player(self, player: str | None) -> PlayerStyle | None:
        return next((p for p in self.players() if p.id == player), None)

    def colour(self, player: str | None, light: bool = False) -> str:
        """A player's counter colour (grey for a piece whose owner the viewer cannot know)."""
        p = self.player(player)
        if p is None:
            return "#9e9e9e" if light else "#555555"
        return p.light if light else p.colour

    def colours(self) -> dict[str, str]:
        """Player -> counter colour, for a map widget or a chart."""
        return {p.id: p.colour for p in self.players()}

    def viewers(self) -> list[str]:
        """Whose eyes a front end may look through: each player, then the umpire (who sees everything)."""
        return [*self.rules.players, "umpire"]

    # -- the map ---------------------------------------------------------------------------------------------------

    def map(self) -> Any:
        """The game's ``HexMap``."""
        return self.rules.data().map

    def markers(self, view: Mapping[str, Any]) -> list[Marker]:
        """The pieces to draw for a view; see the module docstring for the keys."""
        raise NotImplementedError

    def option_targets(self, options: Iterable[Any], view: Mapping[str, Any]) -> dict[int, list[str]]:
        """For each option (by index) the hexes it points at; options that point at no hex are left out.

        The default reads ``hex_params`` as hex labels (only real labels of the map count) and ``unit_params`` as
        ids of pieces the view places on the map.
        """
        on_map = self._labels()
        where = self.piece_hexes(view)
        out: dict[int, list[str]] = {}
        for i, o in enumerate(options):
            d = option_dict(o)
            hexes: list[str] = []
            for k in self.hex_params:
                v = d.get(k)
                if isinstance(v, str) and v in on_map and v not in hexes:
                    hexes.append(v)
            for k in self.unit_params:
                v = d.get(k)
                if isinstance(v, str) and v in where and where[v] not in hexes:
                    hexes.append(where[v])
            if hexes:
                out[i] = hexes
        return out

    def piece_hexes(self, view: Mapping[str, Any]) -> dict[str, str]:
        """Every id an option may name -> the hex it is in: by default the markers' ids."""
        return {m["id"]: m["hex"] for m in self.markers(view) if m.get("hex")}

    def overlays(self, view: Mapping[str, Any], decision: Any) -> dict[str, list[str]]:
        """Named sets of hexes to outline for the decision at hand: range rings, arcs, lines of sight.

        A key names what the set is ("search", "strike", "broadside", "los:<target>"); the front end picks a colour
        per key and shows the key in its legend.
        """
        return {}

    def overlay_styles(self) -> dict[str, OverlayStyle]:
        """How to draw each overlay key, in drawing order; a key ending in ":" styles every key with that prefix
        ("los:" for "los:<target>"). A key with no style is outlined in grey; the default styles none."""
        return {}

    def overlay_style(self, key: str) -> OverlayStyle:
        """The style of one overlay key: its own, else its prefix's ("los:..."), else the grey outline."""
        styles = self.overlay_styles()
        if key in styles:
            return styles[key]
        head, sep, _ = key.partition(":")
        return styles.get(head + sep, DEFAULT_OVERLAY) if sep else DEFAULT_OVERLAY

    def focus(self, view: Mapping[str, Any], decision: Any) -> str | None:
        """The hex the decision at hand is about (the front end centres there), or None."""
        return None

    # -- tactical displays ------------------------------------------------------------------------------------------

    def panels(self, view: Mapping[str, Any], events: Sequence[Any]) -> list[dict[str, Any]]:
        """The game's tactical displays off the map (a battle board, a strike board), as generic panels.

        ``view`` is the viewer's view and ``events`` the log as far as that viewer has seen it (already filtered),
        so a panel shows nothing the viewer may not know. A front end lays the panels out once, by ``id``, so a face
        returns the same panels in the same order on every call, an empty one included (its title says so).

        Every panel has ``kind``, ``id`` (stable, unique among the face's panels), ``title`` (one line), ``notes``
        (short lines under the title: the latest roll, the last results), ``shaded`` (box or cell numbers to tint:
        smoke, the areas that may fire) and ``pieces``. Each piece has ``id`` (unique in the panel), ``label`` (the
        counter text; a front end may cut it to fit), ``side`` (the owning player, None when unknown: drawn grey),
        ``struck`` (sunk or destroyed: greyed and crossed) and ``title`` (hover text). The kinds:

        - ``"track"``: ``boxes`` numbered 1..N left to right. A piece has ``box``, ``lane`` (0 above the track,
          1 below; pieces in one box and lane stack away from it in list order), ``mark`` (a small dot, e.g. a
          moved marker) and ``damage`` (0..1, the share of its capacity lost, drawn as a bar).
        - ``"grid"``: ``rows`` x ``cols`` cells numbered 1.. row by row. A piece has ``cell``, ``major`` (a large
          counter, e.g. a ship; others are smaller and listed under it, e.g. what attacks it), ``note`` (a short
          line under the counter, e.g. its hits) and ``active`` (outlined: what acts now).

        The default is no panel.
        """
        return []

    # -- words -----------------------------------------------------------------------------------------------------

    def status(self, view: Mapping[str, Any]) -> str:
        """When we are in the game: turn, date or time, phase (the front end adds whose decision it is)."""
        bits = [f"Turn {view.get('turn')}"] if view.get("turn") is not None else []
        for k in ("date", "time", "phase"):
            if view.get(k):
                bits.append(str(view[k]))
        return " · ".join(bits)

    def result_text(self, result: Mapping[str, Any] | None) -> str:
        """The outcome in a few words, for the status line and the terminal."""
        if not result:
            return ""
        bits = [str(result[k]) for k in ("winner", "level") if result.get(k)]
        return " — ".join(dict.fromkeys(bits))

    def roll_result_text(self, table: str, result: Mapping[str, Any]) -> str:
        """One cell of a table (``table`` is its name) in plain words, for the odds panel and the roll log: a class
        reads "2 or more hexes away", not "distance=2, or_more=True". The default words any cell
        (``result_words``); a game whose cells need a sentence overrides it for those tables."""
        return result_words(result)

    def cards(self, view: Mapping[str, Any]) -> list[dict[str, Any]]:
        """Unit cards, one per unit the view lets its player inspect: ``{"id", "title", "side", "lines": [str,
        ...], "fields": {name: scalar}}``, optionally ``"group"`` (a heading shared by cards that belong together,
        such as a task force), ``"values": [str, ...]`` (short factor chips: "gunnery 19") and ``"damage": {"hits",
        "boxes"}`` (drawn as a row of boxes). ``lines`` are sentences for a card; ``fields`` the same facts as one
        table row (every card of a game has the same field names), for those who want the raw table."""
        return [
            {"id": m["id"], "title": m.get("title") or m["id"], "side": m.get("side"), "lines": [],
             "fields": {"id": m["id"], "hex": m["hex"], "kind": m.get("kind")}}
            for m in self.markers(view)
        ]

    def turn_summary(self, events: Sequence[Any]) -> list[str]:
        """A few plain sentences on the last finished turn (or day), for a class to discuss in presentation mode.

        ``events`` must be the viewer's own log (already filtered, as for ``panels``): the summary is built from
        nothing else, so it tells no player what that player may not see. The default reads the kinds of event the
        games share — losses, detections, battles, victory points, the end of the game — and retells each in its
        own words, shortened (damage short of a loss too); a game whose log says more in other kinds overrides it.
        """
        evs = list(events)
        start, end, head = last_turn(evs)
        picked = evs[start:end]
        out = [f"{head}:" if head else "So far:"]
        facts = self.turn_facts(evs, start, end)
        if facts is not None:
            out += tell(facts, self.place)
            if len(out) == 1:
                out.append("Nothing you could see was lost, hit, found or fought over.")
            return out
        for title, test in SUMMARY_GROUPS:
            texts = list(dict.fromkeys(short(untitled(e.text, title)) for e in picked if test(e)))
            if texts:
                out.append(sentence(title, texts))
        if len(out) == 1:
            out.append("Nothing you could see was lost, hit, found or fought over.")
        return out

    def turn_facts(self, events: Sequence[Any], start: int, end: int) -> list[Fact] | None:
        """What happened to whom in ``events[start:end]`` (the turn being summed up), as ``leyte.core.story.Fact``
        values for ``tell`` to word; None (the default) when the game has no such reading, and ``turn_summary`` then
        retells the shared event kinds in groups instead.

        ``events`` is the viewer's whole log so far, so a face may learn from earlier turns what its viewer already
        knows (its own forces' names, where an enemy force was last seen), and nothing else.
        """
        return None

    def place(self, label: str) -> str:
        """A hex in words for a summary: the nearest name on the map's art ("in the <sea>"), else "at <hex>"."""
        return place_phrase(self.map(), label)

    # -- batch play ------------------------------------------------------------------------------------------------

    def summary_row(self, game: Any) -> dict[str, Any]:
        """One row of scalar columns for a finished game, for ``leyte simulate`` (seed and timing are added)."""
        res = game.result or {}
        row: dict[str, Any] = {k: res.get(k) for k in ("winner", "level", "turn")}
        for k, v in sorted(res.items()):
            if k not in row and (v is None or isinstance(v, (str, int, float, bool))):
                row[k] = v
        points = res.get("points")
        if isinstance(points, Mapping):
            for p, v in sorted(points.items()):
                total = v.get("total") if isinstance(v, Mapping) else v
                if isinstance(total, (int, float)):
                    row[f"points_{p}"] = total
        return row

    def summary_text(self, rows: Sequence[Mapping[str, Any]]) -> list[str]:
        """Extra lines of the ``leyte simulate`` summary that only this game can word (none by default)."""
        return []

    def historical_result(self) -> str:
        """How the real battle ends by this game's victory rules, in words, saying whether the rulebook prints it
        or it is our reading; set beside a finished game's result in the history comparison. Empty: not known."""
        return ""

    # -- helpers ---------------------------------------------------------------------------------------------------

    def _labels(self) -> set[str]:
        cached = self.__dict__.get("_label_set")
        if cached is None:
            m = self.map()
            cached = self.__dict__["_label_set"] = {m.label(h) for h in m.hexes}
        return cached


class DefaultFace(Face):
    """A face for any game whose view lists its pieces with a ``hex`` key.

    It looks through the view's top-level lists and dicts (``units``, ``ships``, ``pieces``, ...) for entries that
    are dicts with a ``hex`` on the map, and draws each as a counter in its ``side`` (or ``player``) colour with its
    ``name`` or ``id`` as hover text. Crude, but a new game's map shows its pieces from the first commit.
    """

    def markers(self, view: Mapping[str, Any]) -> list[Marker]:
        on_map = self._labels()
        out: list[Marker] = []
        seen: set[str] = set()
        for key, val in view.items():
            if key in ("decision", "log"):
                continue
            entries = val.values() if isinstance(val, Mapping) else val if isinstance(val, list) else ()
            for e in entries:
                if not isinstance(e, Mapping) or e.get("hex") not in on_map:
                    continue
                mid = str(e.get("id", f"{key}-{len(out)}"))
                if mid in seen:
                    continue
                seen.add(mid)
                owner = e.get("side", e.get("player"))
                out.append({
                    **_MARKER_DEFAULTS,
                    "kind": str(e.get("kind", key.rstrip("s") or "unit")),
                    "id": mid,
                    "hex": e["hex"],
                    "side": owner if owner in self.rules.players else None,
                    "label": str(e.get("label", e.get("type", mid)))[:4],
                    "title": str(e.get("name", mid)),
                    "detected": e.get("detected"),
                    "damaged": bool(e.get("hits") or e.get("damaged")),
                })
        return out


def losses_by_type(game: Any, pieces: str = "ships") -> dict[str, int]:
    """Pieces lost per player and type (``lost_<player>_<type>``) and per player in all, from the umpire's view.

    For games whose umpire view maps piece ids to dicts with ``sunk`` (or ``lost``) and ``side``, and whose data
    lists the same ids under ``pieces`` with ``side`` and ``type``. Every player and type the counters have gets a
    column, lost or not, so every game of a study has the same columns.
    """
    data = game.rules.data()
    defs = getattr(data, pieces, {}) or {}
    seen = game.rules.view(game.state, None).get(pieces) or {}
    out: dict[str, int] = {f"lost_{p}": 0 for p in game.players}
    for d in defs.values():
        out[f"lost_{d.side}_{d.type}"] = 0
    for pid, s in sorted(seen.items()):
        if not (s.get("sunk") or s.get("lost")):
            continue
        side = s.get("side", "")
        typ = getattr(defs.get(pid), "type", "unit")
        out[f"lost_{side}_{typ}"] = out.get(f"lost_{side}_{typ}", 0) + 1
        out[f"lost_{side}"] = out.get(f"lost_{side}", 0) + 1
    return out


# -- the turn summary ------------------------------------------------------------------------------------------------

#: event kinds that open a new turn or day (the games share these)
def _words(name: str) -> str:
    return str(name).replace("_", " ")


def result_words(result: Mapping[str, Any]) -> str:
    """A table cell in plain words, for any game: a true flag by its name ("detected", "or more"), a number after
    its field ("hits 2"), a word after its field ("report: by type"); false flags, zeros and "none" are left out,
    since a reader takes a missing thing as not happening, and a cell with nothing left says "nothing"."""
    bits = []
    for key, value in result.items():
        if value is None or value is False or value == 0 or (isinstance(value, str) and value.lower() in ("none", "")):
            continue
        if value is True:
            bits.append(_words(key))
        elif isinstance(value, (int, float)):
            name = FIELD_WORDS.get(key, _words(key))
            bits.append(f"{name} {value:+g}" if key in SIGNED_FIELDS else f"{name} {value:g}")
        else:
            bits.append(f"{_words(key)}: {_words(str(value))}")
    return ", ".join(bits) or "nothing"


SIGNED_FIELDS = frozenset({"drm", "shift", "modifier"})  # fields read as a change, so shown with a sign
FIELD_WORDS = {"drm": "die modifier", "plus_minus": "counts off by up to"}  # the common fields' names said aloud

TURN_KINDS = frozenset({"turn", "day"})
#: event kinds that end the game
END_KINDS = frozenset({"result", "game_over", "victory"})
LOSS_KINDS = frozenset({"sunk", "air_lost", "air_eliminated", "eliminated", "destroyed", "lost"})
LOST_WORDS = frozenset({"sunk", "sinks", "destroyed", "eliminated", "lost"})
SUMMARY_MAX = 3  # texts quoted per sentence; the rest are counted
SHORT_MAX = 90  # characters kept of one event's text


def _lost(e: Any) -> bool:
    """A loss: a loss kind, or a hit whose outcome (``outcome`` or ``result`` in its data) is a sinking."""
    if e.kind in LOSS_KINDS:
        return True
    return e.kind == "hit" and any(str(e.data.get(k, "")).lower() in LOST_WORDS for k in ("outcome", "result"))


def _harmless(e: Any) -> bool:
    """A hit that did nothing (a table's "-" result, or a text saying so): not worth a class's attention."""
    if any(str(e.data.get(k, "")).lower() in ("-", "no effect") for k in ("outcome", "result")):
        return True
    return any(w in str(e.text).lower() for w in ("no effect", "no damage"))


SUMMARY_GROUPS: tuple[tuple[str, Any], ...] = (
    ("Lost", _lost),
    # damage short of a loss: Samar's and Imperial Sunset's "damage", Naval Chess's "hit" that sank nothing
    ("Hit", lambda e: e.kind in ("damage", "hit") and not _lost(e) and not _harmless(e)),
    # a "detection" may also log a search that found nothing or markers taken off: only one that detects counts
    ("Found", lambda e: e.kind == "detected" or (e.kind == "detection" and bool(e.data.get("detected")))),
    ("Fought", lambda e: e.kind == "battle"),
    ("Victory points", lambda e: e.kind == "vp"),
    ("The end", lambda e: e.kind in END_KINDS),
)


def last_turn(events: Sequence[Any]) -> tuple[int, int, str]:
    """Where the last finished turn (or day) lies in a log: ``(start, end, its opening text)``.

    That is the span between the last two turn openings; once the game is over, the last turn runs to the end (it
    will not be followed by another); with no finished turn yet, the log so far (head ``""``).
    """
    marks = [i for i, e in enumerate(events) if e.kind in TURN_KINDS]
    over = any(e.kind in END_KINDS for e in events)
    if marks and over:
        return marks[-1], len(events), short(events[marks[-1]].text)
    if len(marks) >= 2:
        return marks[-2], marks[-1], short(events[marks[-2]].text)
    return 0, len(events), ""


def short(text: str, limit: int = SHORT_MAX) -> str:
    """One event's text cut to a readable length at a word, without a trailing full stop."""
    t = " ".join(str(text).split()).rstrip(". ")
    if len(t) <= limit:
        return t
    return t[:limit].rsplit(" ", 1)[0].rstrip(",;:(-— ") + "…"


def untitled(text: str, title: str) -> str:
    """A text without a lead that repeats the sentence's title ("Victory points: +1 ..." -> "+1 ...")."""
    t = str(text)
    return t[len(title) + 1:].lstrip() if t.lower().startswith(title.lower() + ":") else t


def sentence(title: str, texts: Sequence[str]) -> str:
    """``Title: a; b; c; and 4 more.`` — the first few texts, the rest counted."""
    shown = "; ".join(texts[:SUMMARY_MAX])
    more = len(texts) - SUMMARY_MAX
    return f"{title}: {shown}" + (f"; and {more} more." if more > 0 else ".")
