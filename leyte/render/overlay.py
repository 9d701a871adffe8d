"""What goes on top of the map: markers read from a player's view, and which hexes the legal options point at.

Pure functions over the JSON-ready dicts of the public API (``game.view(side)`` and decision options), shared by
the SVG picture and the canvas widget, so "what a side sees" and "what a click picks" are decided in one place and
tested without a browser.

A side's view already hides what that side may not know (``Game.view``); these functions never add to it. In
particular an enemy marker carries no ``dummy`` flag and no name: a dummy looks like any other TF to the other side.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = ["Marker", "view_markers", "option_hexes", "options_at", "hex_summary", "HEX_PARAMS", "UNIT_PARAMS"]

Marker = dict[str, Any]

# Option parameters whose value is a hex label, and those whose value names a TF/ship/marker with a hex.
HEX_PARAMS = ("to", "hex")
UNIT_PARAMS = ("target", "over", "tf", "marker", "ship")


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
                )
            )
        for s in ships.values():
            if s.get("independent") and not s.get("sunk") and not s.get("exited") and s.get("hex"):
                out.append(_ship_marker(s, s.get("side")))
        for sn in view.get("sonar", []) or []:
            out.append(
                {
                    "kind": "sonar",
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
                _tf_marker(tf, own=True, ships_n=len(tf.get("ships", [])), dummy=bool(tf.get("dummy")), damaged=hits)
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
    return {"IJN": "USN", "USN": "IJN"}.get(side)


def _sonar_side(identity: Any) -> str | None:
    return identity if identity in ("IJN", "USN") else None


def _tf_marker(
    tf: Mapping[str, Any], *, own: bool, ships_n: int | None = None, dummy: bool | None = None, damaged: bool = False
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
        "hex": tf.get("hex"),
        "side": tf.get("side"),
        "id": tid,
        "label": _short(tid),
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


def _opt_dict(o: Any) -> Mapping[str, Any]:
    return o.to_dict() if hasattr(o, "to_dict") else o


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


def option_hexes(options: Iterable[Any], view: Mapping[str, Any], labels: Iterable[str]) -> dict[int, list[str]]:
    """For each option (by index) the map hexes it points at: a destination, a set-up hex, a target TF's hex.

    Options that point at no hex (end an activation, pass, a ship on the battle display) are left out. ``labels``
    is the set of the map's hex labels, so a parameter that merely looks like a label is not mistaken for one.
    """
    on_map = set(labels)
    where = _unit_hexes(view)
    out: dict[int, list[str]] = {}
    for i, o in enumerate(options):
        d = _opt_dict(o)
        hexes: list[str] = []
        for k in HEX_PARAMS:
            v = d.get(k)
            if isinstance(v, str) and v in on_map:
                hexes.append(v)
        for k in UNIT_PARAMS:
            v = d.get(k)
            if isinstance(v, str) and v in where and where[v] not in hexes:
                hexes.append(where[v])
        if hexes:
            out[i] = hexes
    return out


def options_at(hex_label: str, targets: Mapping[int, Sequence[str]]) -> list[int]:
    """The option indices a click on ``hex_label`` could mean, in option order."""
    return [i for i, hs in targets.items() if hex_label in hs]


def hex_summary(hex_label: str, markers: Sequence[Marker], describe: str = "") -> str:
    """Hover text: the printed label, what the map says about the hex, and the markers the viewer sees there."""
    here = [m["title"] for m in markers if m.get("hex") == hex_label]
    head = f"{hex_label}" + (f" · {describe}" if describe else "")
    return head + ("".join(f"\n• {t}" for t in here) if here else "")


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
