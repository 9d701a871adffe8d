"""What the front ends draw for Battle off Samar: ship markers with their facing, smoke, the hexes a decision points
at, and the range bands, arcs and lines of sight of the ship a decision is about.

Samar's views differ from Imperial Sunset's: single ships rather than task forces, both sides see the whole map
(2.0), a facing on every ship, smoke markers. Geometry (facing steps, firing arcs, range bands) comes from the
rulebook module itself, so the picture and the rules can never disagree on which hex is the bow arc (5.3, RULINGS
R-3) or how far close range reaches (5.4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from leyte.core.face import Face, OverlayStyle, PlayerStyle, losses_by_type
from leyte.core.story import Fact
from leyte.rulebooks.samar import summary
from leyte.rulebooks.samar.geometry import arc, band, line

__all__ = [
    "SamarFace",
    "samar_ships",
    "samar_markers",
    "samar_option_hexes",
    "samar_focus",
    "samar_ranges",
    "arc_hexes",
    "band_hexes",
    "los_hexes",
    "ship_hexes",
    "FACING_NAMES",
]

FACING_NAMES = ("N", "NE", "SE", "S", "SW", "NW")

# Short speed letters on a counter (4.1): the marker a ship carries, if any; battle speed carries none.
SPEED_MARK = {"cruise": "C", "flank": "F", "evasive": "E"}
GONE = ("sunk", "exited", "pool", "used")


def samar_ships(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The view's ships as a list whatever its shape (a side's view lists them; the umpire's maps id -> ship)."""
    ships = view.get("ships") or []
    if isinstance(ships, Mapping):
        ships = list(ships.values())
    return [dict(s) for s in ships]


def _ship_title(s: Mapping[str, Any]) -> str:
    bits = [f"{s.get('type', '?')} {s.get('name', s.get('id'))}", f"facing {s.get('facing_name', '?')}"]
    bits.append(f"{s.get('speed_state') or s.get('speed') or 'battle'} speed")
    if s.get("hits"):
        bits.append(f"{s['hits']} hit{'s' if s['hits'] != 1 else ''}" + (" (flipped)" if s.get("flipped") else ""))
    if s.get("waterline") == 1:
        bits.append("slowed")
    elif s.get("waterline") == 2:
        bits.append("dead in the water")
    if s.get("fires"):
        bits.append("on fire")
    if s.get("panic"):
        bits.append(f"panicked (moved by {s.get('controller')})")
    if s.get("where") == "hulk":
        bits.append("hulk")
    if s.get("beached"):
        bits.append("beached")
    return ", ".join(bits)


def samar_markers(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Markers for a Samar view: every ship on the map (hulks too), then one smoke marker per smoky hex.

    A ship marker has the keys the map widget knows from Imperial Sunset (``kind`` "ship", ``hex``, ``side``,
    ``id``, ``label``, ``title``, ``detected``, ``moved``, ``dummy``, ``damaged``) plus ``facing`` (0 N .. 5 NW),
    ``speed`` (a one-letter marker or ""), ``panic``, ``hulk``, ``fire`` and ``waterline``. Smoke markers have
    kind "smoke" and ``count``. Both sides see the whole map in this game, so nothing here is hidden.
    """
    out: list[dict[str, Any]] = []
    for s in samar_ships(view):
        if not s.get("hex") or s.get("where") in GONE or s.get("sunk"):
            continue
        hulk = s.get("where") == "hulk"
        out.append(
            {
                "kind": "ship",
                "hex": s["hex"],
                "side": s.get("side"),
                "id": str(s.get("id")),
                "label": str(s.get("type", "?"))[:3],
                "title": _ship_title(s),
                "detected": True,
                "moved": False,
                "dummy": False,
                "damaged": bool(s.get("hits")),
                "facing": int(s.get("facing") or 0),
                "speed": SPEED_MARK.get(str(s.get("speed_state") or s.get("speed") or ""), ""),
                "panic": bool(s.get("panic")),
                "hulk": hulk,
                "fire": bool(s.get("fires")),
                "waterline": int(s.get("waterline") or 0),
            }
        )
    for label, n in sorted((view.get("smoke") or {}).items()):
        if n:
            out.append(
                {
                    "kind": "smoke",
                    "hex": label,
                    "side": None,
                    "id": f"smoke-{label}",
                    "label": "",
                    "title": f"smoke ×{n} (4.5): blocks line of sight except for radar",
                    "detected": None,
                    "moved": False,
                    "dummy": False,
                    "damaged": False,
                    "count": int(n),
                }
            )
    return out


def samar_option_hexes(options: Iterable[Any], view: Mapping[str, Any], hexmap: Any) -> dict[int, list[str]]:
    """For each option (by index) the hexes a click on the map may mean.

    A hex parameter (set-up, entry) is itself; a move step points at its ``to`` hex, the hex ahead of the ship
    (every new facing there is a separate option, so a click narrows the choice to them); a target points at the
    target's hex, a ship to select at the ship's hex; an air strike at its target. Options with no place (pass,
    speed, facing at entry, first mover) are left out and chosen in the panel.
    """
    ships = {str(s.get("id")): s for s in samar_ships(view)}
    on_map = {hexmap.label(h) for h in hexmap.hexes}
    out: dict[int, list[str]] = {}
    for i, o in enumerate(options):
        d = o.to_dict() if hasattr(o, "to_dict") else dict(o)
        kind = d.get("kind")
        hexes: list[str] = []
        hx = d.get("hex")
        if isinstance(hx, str) and hx in on_map:
            hexes.append(hx)
        elif kind == "advance":
            to = d.get("to")  # the engine names the hex ahead on every move step
            if isinstance(to, str) and to in on_map:
                hexes.append(to)
        elif kind in ("fire", "air_strike", "torpedo") and d.get("target") is not None:
            t = ships.get(str(d.get("target")))
            if t and t.get("hex"):
                hexes.append(t["hex"])
        elif kind in ("move_ship", "select_firer", "leave_map") and d.get("ship") is not None:
            s = ships.get(str(d.get("ship")))
            if s and s.get("hex"):
                hexes.append(s["hex"])
        if hexes:
            out[i] = hexes
    return out


def samar_focus(view: Mapping[str, Any], decision: Any) -> dict[str, Any] | None:
    """The ship the current decision is about (the one moving, firing, choosing a target), or None."""
    if decision is None:
        return None
    opts = decision.options if hasattr(decision, "options") else decision.get("options", [])
    ids = set()
    for o in opts:
        d = o.to_dict() if hasattr(o, "to_dict") else o
        if d.get("kind") in ("advance", "fire", "hold", "speed", "leave_map", "torpedo") and d.get("ship"):
            ids.add(str(d["ship"]))
    if len(ids) != 1:
        return None
    sid = ids.pop()
    return next((s for s in samar_ships(view) if str(s.get("id")) == sid and s.get("hex")), None)


def arc_hexes(hexmap: Any, label: str, facing: int, reach: int) -> dict[str, list[str]]:
    """Hexes within ``reach`` of a ship, split into its ``bow``, ``broadside`` and ``stern`` arcs (5.3)."""
    centre = hexmap.hex(label)
    out: dict[str, list[str]] = {"bow": [], "broadside": [], "stern": []}
    for h in hexmap.info:
        if h != centre and 0 < centre.distance(h) <= reach:
            out[arc(centre, facing, h)].append(hexmap.label(h))
    return out


def band_hexes(hexmap: Any, label: str, rating: int, m: bool = False) -> dict[str, list[str]]:
    """The outer edge of each range band of a main battery with range ``rating`` (5.4) as rings of hexes."""
    centre = hexmap.hex(label)
    out: dict[str, list[str]] = {}
    limit = rating if m else -(-rating * 3 // 2)
    for r in range(1, limit + 1):
        b = band(r, rating, m)
        nxt = band(r + 1, rating, m)
        if b is not None and nxt != b:
            out[b] = [hexmap.label(h) for h in hexmap.ring(centre, r)]
    return out


def los_hexes(hexmap: Any, frm: str, to: str) -> list[str]:
    """The hexes a line of sight from centre to centre crosses (5.2), both ends included."""
    return [hexmap.label(h) for h in line(hexmap.hex(frm), hexmap.hex(to)) if h in hexmap.info]


def ship_hexes(markers: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Ship id -> hex, from markers (what a test or a notebook uses to find a ship on the map)."""
    return {m["id"]: m["hex"] for m in markers if m.get("kind") == "ship"}


def samar_ranges(view: Mapping[str, Any], decision: Any, hexmap: Any, units: Any = None) -> dict[str, list[str]]:
    """What to outline for the ship a decision is about: its range bands (5.4), broadside arc (5.3) and one line of
    sight per target offered (5.2; key ``los:<target id>``, the hexes the line crosses) when it is choosing a
    target, its bow hex when it is moving. Empty when the decision is about no single ship.

    ``units`` is ``leyte.rules("samar").units`` (range rating and the M flag per ship id); without it no bands.
    """
    s = samar_focus(view, decision)
    if s is None:
        return {}
    kinds = {(o.to_dict() if hasattr(o, "to_dict") else o).get("kind") for o in decision.options}
    facing = int(s.get("facing") or 0)
    out: dict[str, list[str]] = {}
    if kinds & {"fire", "hold"} and units is not None and str(s.get("id")) in units.index:
        row = units.loc[str(s["id"])]
        rating = int(row["range"] or 0)
        if rating > 0:
            out.update(band_hexes(hexmap, s["hex"], rating, bool(row["M"])))
            reach = rating if bool(row["M"]) else -(-rating * 3 // 2)
            out["broadside"] = arc_hexes(hexmap, s["hex"], facing, reach)["broadside"]
    if kinds & {"fire", "hold"}:
        where = {str(x.get("id")): x.get("hex") for x in samar_ships(view)}
        for o in decision.options:
            d = o.to_dict() if hasattr(o, "to_dict") else o
            t = str(d.get("target"))
            if d.get("kind") == "fire" and where.get(t) and f"los:{t}" not in out:
                out[f"los:{t}"] = los_hexes(hexmap, s["hex"], where[t])
    elif kinds & {"advance", "leave_map"}:
        tos = {str(d["to"]) for d in (o.to_dict() if hasattr(o, "to_dict") else o for o in decision.options)
               if d.get("kind") == "advance" and d.get("to")}
        out["bow"] = sorted(tos)  # the hex ahead, as the engine names it; none when the bow points off the map
    return out


class SamarFace(Face):
    """Battle off Samar's face: every ship on the one-mile map with its facing, open to both sides."""

    play_speed = 10  # a turn is dozens of single-ship moves: watched at full speed it still takes a few seconds

    CARD_COLUMNS = (
        "id",
        "name",
        "type",
        "side",
        "where",
        "hex",
        "facing_name",
        "speed_state",
        "hits",
        "flipped",
        "armor",
        "waterline",
        "fires",
        "panic",
        "controller",
        "torps_out",
        "range",
        "range_m",
        "radar",
        "gunnery",
        "weight",
        "torpedo",
        "speed_rating",
        "maneuver",
    )

    def players(self) -> list[PlayerStyle]:
        return [
            PlayerStyle("IJN", "Center Force (Kurita)", "#c0392b", "#f2b8b0", "IJN"),
            PlayerStyle("USN", "Taffy 3 and friends (Sprague)", "#1f4e99", "#a9c2ea", "USN"),
        ]

    def markers(self, view: Mapping[str, Any]) -> list[dict[str, Any]]:
        return samar_markers(view)

    def option_targets(self, options: Iterable[Any], view: Mapping[str, Any]) -> dict[int, list[str]]:
        return samar_option_hexes(options, view, self.map())

    def overlays(self, view: Mapping[str, Any], decision: Any) -> dict[str, list[str]]:
        """Range bands and the broadside arc of the ship a decision is about, a line of sight per target (5.2-5.4),
        or its bow hex when it is moving."""
        if decision is None:
            return {}
        return samar_ranges(view, decision, self.map(), self.rules.data().units)

    def overlay_styles(self) -> dict[str, OverlayStyle]:
        """The broadside arc tinted purple (5.3); the range bands outlined at their outer edge, hottest red to
        longest blue (5.4); the hex ahead in black; each line of sight a dashed black line (5.2)."""
        band = {"point_blank": "#b71c1c", "close": "#e65100", "effective": "#2e7d32", "maximum": "#1565c0"}
        return {
            "broadside": OverlayStyle("#6a1b9a", "fill", alpha=0.18),
            **{k: OverlayStyle(c, width=2.0) for k, c in band.items()},
            "bow": OverlayStyle("#000000", width=2.0),
            "los": OverlayStyle("#000000", "line", width=2.0),
            "los:": OverlayStyle("#000000", "line", width=2.0),
        }

    def focus(self, view: Mapping[str, Any], decision: Any) -> str | None:
        s = samar_focus(view, decision)
        return s.get("hex") if s else None

    def status(self, view: Mapping[str, Any]) -> str:
        """Twelve-minute turns: the clock time and the maximum line of sight that goes with it (5.2)."""
        when = f"Turn {view.get('turn')} · {view.get('time')} · MLOS {view.get('mlos')}"
        if view.get("phase"):
            when += f" · {view['phase']}"
        return when

    @classmethod
    def card_rows(cls, view: Mapping[str, Any], *, on_map: bool = True) -> list[dict[str, Any]]:
        return [{c: s.get(c) for c in cls.CARD_COLUMNS} for s in samar_ships(view) if not on_map or s.get("hex")]

    def cards(self, view: Mapping[str, Any]) -> list[dict[str, Any]]:
        """One card per ship on the map: where, facing, speed, damage and its counter values in play."""
        out = []
        for row in self.card_rows(view):
            lines = [f"{row.get('hex')} facing {row.get('facing_name')}, {row.get('speed_state') or 'battle'} speed",
                     f"{row.get('hits') or 0} hits, armor {row.get('armor')}"]
            if row.get("panic"):
                lines.append(f"panicked (moved by {row.get('controller')})")
            values = [f"gunnery {row.get('gunnery')}", f"armor {row.get('armor')}", f"speed {row.get('speed_rating')}"]
            if row.get("torpedo"):
                values.append(f"torpedoes {row.get('torpedo')}")
            out.append({"id": row["id"], "title": f"{row.get('name')} ({row.get('type')})", "side": row.get("side"),
                        "group": "on the map" if row.get("where") == "map" else str(row.get("where") or ""),
                        "values": values, "lines": lines, "fields": row})
        return out

    def historical_result(self) -> str:
        return ("USN: the map was never cleared, so no Japanese ship counted towards Leyte Gulf (our reading of 3.4; "
                "the rulebook does not score the real action). Sunk: Gambier Bay, Johnston, Hoel, Samuel B. Roberts; "
                "Chokai, Chikuma, Suzuya")

    def turn_facts(self, events: Sequence[Any], start: int, end: int) -> list[Fact]:
        """Who fired on whom, what each group lost, had damaged or got off the map (``summary.turn_facts``)."""
        return summary.turn_facts(events, start, end, self.rules.data().ships)

    def summary_row(self, game: Any) -> dict[str, Any]:
        """Winner and level (3.4), the armor exited into Leyte Gulf, whether the map was cleared, each side's
        points, and the ships each side lost by type."""
        res = game.result or {}
        row: dict[str, Any] = {"winner": res.get("winner"), "level": res.get("level"), "turn": res.get("turn")}
        for side, pts in (res.get("points") or {}).items():
            row[f"vp_{side}"] = pts
        row.update(game.rules.summary_row(game.state))
        row.update(losses_by_type(game))
        return row
