"""What the front ends draw for Imperial Sunset: task-force markers, ship and sonar markers, the hexes options point
at, the activated TF's search and strike rings, the status line and the summary row of a finished game.

Everything is read from a player's view (``Game.view``), which already hides what that player may not know; the
face never adds to it. An enemy marker carries no ``dummy`` flag and no name: a dummy looks like any other TF to the
other side (5.4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from leyte.core.face import Face, OverlayStyle, PlayerStyle, losses_by_type
from leyte.core.story import Fact
from leyte.rulebooks.imperial_sunset import summary
from leyte.rulebooks.imperial_sunset.displays import (
    AREAS,
    COLS,
    ROWS,
    AirDisplay,
    BattleDisplay,
    adjacent,
    air_display,
    battle_display,
    display_from_view,
)

__all__ = ["ImperialSunsetFace", "view_markers", "range_hexes", "surface_panel", "air_panel"]

Marker = dict[str, Any]
SIDES = ("IJN", "USN")

# Option parameters whose value is a hex label, and those whose value names a TF/ship/marker with a hex.
HEX_PARAMS = ("to", "hex")
UNIT_PARAMS = ("target", "over", "tf", "marker", "ship")


# The heaviest ship type in a TF names it on its counter ("4 CV+"): carriers, then battleships, cruisers, escorts.
TYPE_ORDER = ("CV", "CVL", "CVE", "BB", "CA", "CAV", "CL", "CLAA", "DD", "DE", "APD")


def _tf_sub(types: Sequence[str], dummy: bool | None) -> str:
    """The counter's second line for a TF its owner sees: how many of its heaviest ship type it holds, with a "+"
    when lighter ships sail with them ("5 BB+": five battleships and escorts)."""
    if dummy:
        return "dummy"
    if not types:
        return ""
    main = min(types, key=lambda t: TYPE_ORDER.index(t) if t in TYPE_ORDER else len(TYPE_ORDER))
    n = sum(1 for t in types if t == main)
    return f"{n} {main}" + ("+" if n < len(types) else "")


def _short(tf_id: str) -> str:
    """The text printed on a counter: the marker number ("IJN-3" -> "3"), else the id itself, shortened."""
    tail = str(tf_id).rsplit("-", 1)[-1]
    return tail[:4] if tail else str(tf_id)[:4]


def view_markers(view: Mapping[str, Any]) -> list[Marker]:
    """Markers to draw for a view: TFs, independent ships, sonar contacts and the PT boats.

    Each marker is a dict with ``kind`` ("tf", "ship", "sonar", "pt"), ``hex``, ``side`` (None when unknown),
    ``id``, ``label`` (counter text), ``title`` (hover text), ``detected``, ``moved``, ``dummy`` (None when the
    viewer cannot know) and ``damaged``. Markers off the map (no hex) are left out.
    """
    out: list[Marker] = []
    umpire = view.get("viewer") in (None, "umpire") or "tfs" in view
    if umpire:
        ships = view.get("ships", {}) or {}
        for tf in (view.get("tfs", {}) or {}).values():
            if not tf.get("in_play", True) or not tf.get("hex"):
                continue
            live = [s for s in tf.get("ships", []) if not ships.get(s, {}).get("sunk")]
            out.append(
                _tf_marker(
                    tf,
                    own=True,
                    ships_n=len(live),
                    dummy=bool(tf.get("dummy")),
                    damaged=any(ships.get(s, {}).get("hits") for s in live),
                    types=[str(ships.get(s, {}).get("type", "")) for s in live],
                )
            )
        for s in ships.values():
            if s.get("independent") and not s.get("sunk") and not s.get("exited") and s.get("hex"):
                out.append(_ship_marker(s, s.get("side")))
        for sn in view.get("sonar", []) or []:
            out.append(
                {
                    "kind": "sonar",
                    "shape": "ring",
                    "hex": sn.get("hex"),
                    "side": _sonar_side(sn.get("identity")),
                    "id": f"sonar-{sn.get('hex')}",
                    "label": "S",
                    "title": f"sonar contact ({sn.get('identity', 'unknown')})",
                    "detected": None,
                    "moved": False,
                    "dummy": sn.get("identity") == "dummy",
                    "damaged": False,
                }
            )
    else:
        me = view.get("viewer")
        for tf in view.get("own_tfs", []) or []:
            if not tf.get("hex"):
                continue
            hits = any(s.get("hits") for s in tf.get("ships", []))
            out.append(
                _tf_marker(tf, own=True, ships_n=len(tf.get("ships", [])), dummy=bool(tf.get("dummy")), damaged=hits,
                           types=[str(s.get("type", "")) for s in tf.get("ships", [])])
            )
        for tf in view.get("enemy_tfs", []) or []:
            if tf.get("hex"):
                out.append(_tf_marker(tf, own=False))
        for s in view.get("own_independents", []) or []:
            out.append(_ship_marker(s, me))
        for s in view.get("enemy_independents", []) or []:
            out.append(_ship_marker(s, _other(me)))
        for sn in view.get("sonar", []) or []:
            out.append(
                {
                    "kind": "sonar",
                    "shape": "ring",
                    "hex": sn.get("hex"),
                    "side": None,
                    "id": f"sonar-{sn.get('hex')}",
                    "label": "S",
                    "title": "sonar contact (identity unknown)",
                    "detected": None,
                    "moved": False,
                    "dummy": None,
                    "damaged": False,
                }
            )
    if view.get("pt_hex"):
        out.append(
            {
                "kind": "pt",
                "shape": "small",
                "solid": True,
                "colour": "#2e7d32",
                "hex": view["pt_hex"],
                "side": "USN",
                "id": "pt",
                "label": "PT",
                "title": "PT boats (11.2)",
                "detected": None,
                "moved": False,
                "dummy": False,
                "damaged": False,
            }
        )
    return [m for m in out if m.get("hex")]


def _other(side: Any) -> str | None:
    return {SIDES[0]: SIDES[1], SIDES[1]: SIDES[0]}.get(side)


def _sonar_side(identity: Any) -> str | None:
    return identity if identity in SIDES else None


def _tf_marker(
    tf: Mapping[str, Any], *, own: bool, ships_n: int | None = None, dummy: bool | None = None, damaged: bool = False,
    types: Sequence[str] = (),
) -> Marker:
    tid = str(tf.get("id", "?"))
    if own:
        what = "dummy TF" if dummy else f"{ships_n} ship unit{'s' if ships_n != 1 else ''}"
        title = f"{tf.get('name', tid)} ({tid}): {what}"
    else:
        rep = tf.get("last_report")
        title = f"enemy TF {tid}" + (f" — last report: {_report_text(rep)}" if rep else "")
        dummy = None
    title += " · detected" if tf.get("detected") else " · undetected"
    if tf.get("moved"):
        title += " · moved"
    return {
        "kind": "tf",
        "solid": True,
        "hex": tf.get("hex"),
        "side": tf.get("side"),
        "id": tid,
        "label": _short(tid),
        "sub": _tf_sub(types, dummy) if own else "TF ?",
        "title": title,
        "detected": bool(tf.get("detected")),
        "moved": bool(tf.get("moved")),
        "dummy": dummy,
        "damaged": damaged,
        "own": own,
    }


def _ship_marker(s: Mapping[str, Any], side: Any) -> Marker:
    name = s.get("name", s.get("id", "ship"))
    hits = s.get("hits")
    title = f"{name} ({s.get('type', '?')}), alone" + (f", {hits} hits" if hits else "")
    if s.get("destination"):
        title += f", heading {s['destination']}"
    return {
        "kind": "ship",
        "hex": s.get("hex"),
        "side": side or s.get("side"),
        "id": str(s.get("id")),
        "label": str(s.get("type", "?"))[:3],
        "title": title,
        "detected": bool(s.get("detected")),
        "moved": False,
        "dummy": False,
        "damaged": True,
    }


def _report_text(rep: Any) -> str:
    if isinstance(rep, Mapping):
        parts = [f"{v} {k}" for k, v in rep.items() if isinstance(v, int) and not isinstance(v, bool)]
        return ", ".join(parts) if parts else str(dict(rep))
    return str(rep)


def _unit_hexes(view: Mapping[str, Any], markers: Sequence[Marker] | None = None) -> dict[str, str]:
    """Every id the view can place on the map -> its hex (TFs, independents, and ships inside own TFs)."""
    out: dict[str, str] = {}
    for m in markers if markers is not None else view_markers(view):
        if m["kind"] in ("tf", "ship"):
            out[m["id"]] = m["hex"]
    for tf in view.get("own_tfs", []) or []:
        for s in tf.get("ships", []):
            if tf.get("hex"):
                out.setdefault(str(s.get("id")), tf["hex"])
    for tf in (view.get("tfs", {}) or {}).values():
        if tf.get("in_play", True) and tf.get("hex"):
            for s in tf.get("ships", []):
                out.setdefault(str(s), tf["hex"])
    return out


def range_hexes(view: Mapping[str, Any], hexmap: Any) -> dict[str, list[str]]:
    """The search and strike ranges of the viewer's TF being activated, as hex labels (empty when none).

    ``view`` is a side's view (it carries ``activation`` and, per own TF, ``air_search_range`` and
    ``strike_range``); only what that side may know is used.
    """
    act = view.get("activation") or {}
    tf = next((t for t in view.get("own_tfs", []) if t.get("id") == act.get("tf")), None)
    if tf is None or not act.get("hex"):
        return {"search": [], "strike": []}
    centre = hexmap.hex(act["hex"])
    out = {}
    for key, field in (("search", "air_search_range"), ("strike", "strike_range")):
        r = int(tf.get(field) or 0)
        out[key] = [hexmap.label(h) for h in hexmap.ring(centre, r)] if r > 0 else []
    return out


class ImperialSunsetFace(Face):
    """Imperial Sunset's face: task forces and independents on the 25-nm map, seen through one side's eyes."""

    hex_params = HEX_PARAMS
    unit_params = UNIT_PARAMS

    def players(self) -> list[PlayerStyle]:
        return [
            PlayerStyle("IJN", "Imperial Japanese Navy", "#c0392b", "#f2b8b0", "IJN"),
            PlayerStyle("USN", "US Navy", "#1f4e99", "#a9c2ea", "USN"),
        ]

    def markers(self, view: Mapping[str, Any]) -> list[Marker]:
        return view_markers(view)

    def piece_hexes(self, view: Mapping[str, Any]) -> dict[str, str]:
        """TFs and independents where the view places them, and the ships inside the viewer's own TFs."""
        return _unit_hexes(view)

    def overlays(self, view: Mapping[str, Any], decision: Any) -> dict[str, list[str]]:
        """The search and strike range rings of the viewer's activated TF (6.5, 8.1)."""
        return {k: v for k, v in range_hexes(view, self.map()).items() if v}

    def overlay_styles(self) -> dict[str, OverlayStyle]:
        """The search ring in green, the strike ring in red."""
        return {"search": OverlayStyle("#2e7d32"), "strike": OverlayStyle("#c62828")}

    def focus(self, view: Mapping[str, Any], decision: Any) -> str | None:
        act = view.get("activation") or {}
        return act.get("hex") if isinstance(act, Mapping) else None

    def status(self, view: Mapping[str, Any]) -> str:
        when = f"Turn {view.get('turn')}" + (f" · {view['date']}" if view.get("date") else "")
        if "day" in view:
            when += " · day" if view.get("day") else " · night"
        if view.get("phase"):
            when += f" · {view['phase']}"
        return when

    def result_text(self, result: Mapping[str, Any] | None) -> str:
        if not result:
            return ""
        return f"{result.get('level')} (USN net {result.get('net_usn')} VP)"

    def cards(self, view: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The viewing side's TF composition cards, a row per ship unit, hits against capacity.

        Only a side's own forces appear (the TF card is secret from the other side, 2.2); the umpire gets nothing
        extra here (the map and the log show the rest), which keeps the card honest about what a player knows.
        """
        rows = []
        for tf in view.get("own_tfs", []) or []:
            if tf.get("dummy"):
                rows.append(
                    {
                        "TF": f"{tf.get('name')} ({tf.get('id')})",
                        "hex": tf.get("hex"),
                        "ship": "(dummy)",
                        "type": "",
                        "hits": 0,
                        "capacity": 0,
                        "torpedo": "",
                        "status": _tf_status(tf),
                    }
                )
                continue
            for s in tf.get("ships", []):
                rows.append(
                    {
                        "TF": f"{tf.get('name')} ({tf.get('id')})",
                        "hex": tf.get("hex"),
                        "ship": s.get("name"),
                        "ship_id": s.get("id"),
                        "type": s.get("type"),
                        "hits": s.get("hits", 0),
                        "capacity": s.get("capacity", 0),
                        "torpedo": "used" if s.get("torpedo_used") else "",
                        "status": _tf_status(tf),
                    }
                )
        for s in view.get("own_independents", []) or []:
            rows.append(
                {
                    "TF": "(alone)",
                    "hex": s.get("hex"),
                    "ship": s.get("name"),
                    "type": s.get("type"),
                    "hits": s.get("hits", 0),
                    "capacity": None,
                    "torpedo": "",
                    "status": f"heading {s.get('destination') or '?'}",
                }
            )
        return [_card(r, view.get("viewer"), self.rules.data()) for r in rows]

    def historical_result(self) -> str:
        return "Decisive USN Victory (12.3 marks this level as the historical result)"

    def turn_facts(self, events: Sequence[Any], start: int, end: int) -> list[Fact]:
        """The turn's sightings, strikes, battles, damage, losses and points, read from the viewer's own log
        (``summary.turn_facts``)."""
        return summary.turn_facts(events, start, end, self.rules.data().ships)

    def panels(self, view: Mapping[str, Any], events: Sequence[Any]) -> list[dict[str, Any]]:
        """The surface battle board (8.3) as a track and the air battle board (8.1) as a grid, always both.

        The surface board comes from the view's ``battle`` entry while a battle is on (exact, face-down ships
        included) and from the log once it is over; the air board from the log.
        """
        D = self.rules.data()
        names = {**{k: a.name for k, a in D.air.items()}, **{k: s.name for k, s in D.ships.items()}}
        umpire = view.get("viewer") in (None, "umpire")
        folded = battle_display(events, umpire=umpire, names=names)
        battle = view.get("battle")
        if battle:
            bd = display_from_view(battle, names)
            if folded.hex == bd.hex:  # the view has no dice: keep the latest roll from the log
                bd.last_roll, bd.ended = folded.last_roll, folded.ended
        else:
            bd = folded
        capacity = {k: s.capacity for k, s in D.ships.items()}
        owner = {**{k: a.side for k, a in D.air.items()}, **{k: s.side for k, s in D.ships.items()}}
        return [surface_panel(bd, capacity), air_panel(air_display(events, names, umpire=umpire), names, owner)]

    def summary_row(self, game: Any) -> dict[str, Any]:
        """Winner, level, the USN's net VP (12.3 grades it), the turn and whether the beachhead ended the game at
        once, each side's VP, and the ship units each side lost by type."""
        res = game.result or {}
        row: dict[str, Any] = {
            "winner": res.get("winner"), "level": res.get("level"), "net": res.get("net_usn"),
            "turn": res.get("turn"), "sudden_death": "beachhead" in str(res.get("reason", "")),
        }
        for side, pts in (res.get("points") or {}).items():
            row[f"vp_{side}"] = pts
        row.update(losses_by_type(game))
        return row

    def summary_text(self, rows: Sequence[Mapping[str, Any]]) -> list[str]:
        nets = [r["net"] for r in rows if r.get("net") is not None]
        out = []
        if nets:
            nets_sorted = sorted(nets)
            mean = sum(nets) / len(nets)
            sd = (sum((x - mean) ** 2 for x in nets) / len(nets)) ** 0.5
            mid = len(nets_sorted) // 2
            median = nets_sorted[mid] if len(nets) % 2 else (nets_sorted[mid - 1] + nets_sorted[mid]) / 2
            out.append(f"net USN VP: mean {mean:.1f}, sd {sd:.1f}, min {nets_sorted[0]}, median {median:.0f}, "
                       f"max {nets_sorted[-1]}")
        sudden = sum(1 for r in rows if r.get("sudden_death"))
        if sudden:
            out.append(f"{sudden} game(s) ended at once on the beachhead (12.3)")
        return out


def _card(row: dict[str, Any], side: Any, D: Any) -> dict[str, Any]:
    """A ship unit's card: its name and type, the TF it sails with (the card's group), its values after the hits
    it has taken (its damage log, 9.0), damage boxes against capacity."""
    hits, cap = row.get("hits") or 0, row.get("capacity")
    lines = []
    if row.get("torpedo"):
        lines.append("torpedoes used")
    title = f"{row['ship']} ({row['type']})" if row.get("type") else str(row["ship"])
    card: dict[str, Any] = {"id": f"{row['TF']}/{row['ship']}", "title": title, "side": side,
                            "group": " — ".join(x for x in (f"{row['TF']} in {row['hex']}" if row.get("hex")
                                                             else str(row["TF"]), str(row.get("status") or "")) if x),
                            "lines": [x for x in lines if x], "fields": row}
    ship = D.ships.get(row.get("ship_id") or "")
    if ship is not None:
        b = ship.box(hits)
        speed = str(b.speed_odd) if b.speed_odd == b.speed_even else f"{b.speed_odd}/{b.speed_even}"
        card["values"] = [f"gunnery {b.gunnery}", f"AA {b.aa}", f"speed {speed}"]
    if cap:
        card["damage"] = {"hits": hits, "boxes": cap}
    return card


def _tf_status(tf: Mapping[str, Any]) -> str:
    bits = ["detected" if tf.get("detected") else "undetected"]
    if tf.get("moved"):
        bits.append("moved")
    if tf.get("mp_markers"):
        bits.append(f"-{tf['mp_markers']} MP")
    return ", ".join(bits)


def surface_panel(bd: BattleDisplay, capacity: Mapping[str, int] | None = None) -> dict[str, Any]:
    """The surface battle board as a ``track`` panel: 25 areas, the IJN above, the USN below (as the board is
    laid out between the two players), smoke shaded (8.3.6), the Moved marker as a dot (8.3.2), hits as a bar.

    ``capacity`` gives each real ship's damage capacity, for the bar; a face-down ship's is unknown (full bar).
    """
    capacity = capacity or {}
    if bd.events == 0:
        title = "No surface battle yet."
    else:
        title = f"Surface battle in {bd.hex} · round {bd.round}" + (" · ended" if bd.ended else "")
    pieces = []
    for s in bd.ships.values():
        cap = s.capacity or capacity.get(s.id) or s.hits
        bits = [f"{s.name or s.id} ({s.side})", f"area {s.area}"]
        if s.hits:
            bits.append(f"{s.hits} hit{'s' if s.hits != 1 else ''}" + (f" of {cap}" if cap else ""))
        if s.moved:
            bits.append("moved")
        if s.sunk:
            bits.append("sunk")
        pieces.append({
            "id": s.id,
            "box": min(max(s.area, 1), AREAS),
            "lane": 0 if s.side == SIDES[0] else 1,
            "label": s.name or s.id,
            "side": s.side if s.side in SIDES else None,
            "struck": s.sunk,
            "title": " · ".join(bits),
            "mark": s.moved,
            "damage": min(1.0, s.hits / max(1, cap)) if s.hits else 0.0,
        })
    return {
        "kind": "track", "id": "surface", "title": title, "notes": [bd.last_roll] if bd.last_roll else [],
        "boxes": AREAS, "shaded": sorted(set(bd.smoke)), "pieces": pieces,
    }


def _side_of_label(label: str) -> str | None:
    """The side of an air unit the viewer knows only by its public label ("USN carrier air unit (B 5-8)")."""
    return next((s for s in SIDES if label.startswith(s + " ")), None)


def air_panel(ad: AirDisplay, names: Mapping[str, str], owner: Mapping[str, str]) -> dict[str, Any]:
    """The air battle board as a ``grid`` panel: each ship large in its area with its hits, the units aimed at it
    listed under it, the unit attacking now outlined, and the areas that may add half AA against it shaded (8.1).

    ``owner`` maps ship and air unit ids to their side.
    """
    def name(x: str) -> str:
        return names.get(x, x)

    if ad.events == 0:
        title = "No air strike yet."
    else:
        _, _, ident = ad.target.partition(":")
        title = f"Air strike on {name(ident or ad.target)}" + (" · over" if ad.ended else "")
    target_area = ad.areas.get(ad.aims.get(ad.current or "", ""), 0)
    shaded = [a for a in range(1, ROWS * COLS + 1) if target_area and adjacent(a, target_area)]
    escorts: dict[str, list[str]] = {}
    for esc, air in ad.pairs.items():
        escorts.setdefault(air, []).append(name(esc))
    pieces: list[dict[str, Any]] = []
    for sid, area in ad.areas.items():
        if not 1 <= area <= ROWS * COLS:
            continue
        hits = ad.hits.get(sid, 0)
        pieces.append({
            "id": sid, "cell": area, "label": name(sid), "side": owner.get(sid), "struck": sid in ad.sunk,
            "title": f"{name(sid)} in area {area}" + (f", {hits} hit(s)" if hits else "")
                     + (", sunk" if sid in ad.sunk else ""),
            "major": True, "note": f"{hits} hit(s)" if hits else "", "active": False,
        })
        for a, target in ad.aims.items():
            if target != sid:
                continue
            esc = escorts.get(a)
            pieces.append({
                "id": a, "cell": area, "label": name(a), "side": owner.get(a) or _side_of_label(a), "struck": False,
                "title": f"{name(a)} attacks {name(sid)}" + (f", escorted by {', '.join(esc)}" if esc else ""),
                "major": False, "note": "", "active": a == ad.current,
            })
    return {
        "kind": "grid", "id": "air", "title": title, "notes": [" · ".join(ad.results[-3:])] if ad.results else [],
        "rows": ROWS, "cols": COLS, "shaded": shaded, "pieces": pieces,
    }
