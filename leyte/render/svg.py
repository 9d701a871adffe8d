"""SVG pictures of maps and positions (python-chess ``svg.py`` style: pure functions returning strings).

``game_svg(game, player=...)`` is what ``Game._repr_svg_`` shows where no widget runs (GitHub, nbviewer, exported
HTML); it draws only what ``player`` may see.
"""

from __future__ import annotations

from html import escape
from typing import Any

from leyte.core.hexgrid import HexMap
from leyte.render.geometry import FEATURE_STYLE, TERRAIN_COLOURS, frame_for, hex_center, hex_polygon


def _poly(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def map_svg(
    m: HexMap,
    *,
    size: float = 8.0,
    labels: bool = False,
    markers: list[dict[str, Any]] | None = None,
    highlight: list[str] | None = None,
    title: str = "",
) -> str:
    """The map as an SVG string: terrain, features, optional labels, markers and highlighted hexes.

    ``markers`` are dicts with ``hex`` (label), ``colour`` (the owner's, from the game's face), ``detected`` and
    ``text``; ``highlight`` is a list of hex labels.
    """
    fr = frame_for(m, size)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{fr.width:.0f}" height="{fr.height:.0f}" '
        f'viewBox="0 0 {fr.width:.0f} {fr.height:.0f}" font-family="sans-serif">'
    ]
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out.append(f'<rect width="{fr.width:.0f}" height="{fr.height:.0f}" fill="#8fbcd4"/>')
    for h in m.hexes:
        info = m.info[h]
        out.append(
            f'<polygon points="{_poly(hex_polygon(m, h, fr))}" fill="{TERRAIN_COLOURS.get(info.terrain, "#cccccc")}" '
            f'stroke="#7aa7c0" stroke-width="0.3"><title>{info.label} {info.terrain}</title></polygon>'
        )
    for h in m.hexes:
        for kind, name in m.features(h):
            if kind in FEATURE_STYLE:
                colour, letter = FEATURE_STYLE[kind]
                x, y = hex_center(m, h, fr)
                out.append(
                    f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size * 0.45:.1f}" fill="{colour}" '
                    f'stroke="#333" stroke-width="0.5"><title>{escape(name or kind)} ({m.label(h)})</title>'
                    f"</circle>"
                )
                if kind == "strait":
                    out.append(
                        f'<text x="{x:.1f}" y="{y + size * 0.2:.1f}" font-size="{size * 0.6:.1f}" '
                        f'text-anchor="middle" fill="#333">{letter}</text>'
                    )
    for lab in highlight or []:
        h = m.hex(lab)
        out.append(
            f'<polygon points="{_poly(hex_polygon(m, h, fr))}" fill="#ffeb3b" fill-opacity="0.45" '
            f'stroke="#f57f17" stroke-width="1"/>'
        )
    if labels:
        for h in m.hexes:
            x, y = hex_center(m, h, fr)
            out.append(
                f'<text x="{x:.1f}" y="{y - size * 0.45:.1f}" font-size="{size * 0.32:.1f}" '
                f'text-anchor="middle" fill="#456">{m.label(h)}</text>'
            )
    by_hex: dict[str, int] = {}
    for mk in markers or []:
        h = m.hex(mk["hex"])
        x, y = hex_center(m, h, fr)
        k = by_hex.get(mk["hex"], 0)
        by_hex[mk["hex"]] = k + 1
        x += k * size * 0.5
        colour = mk.get("colour") or "#555555"
        s = size * 1.1
        out.append(
            f'<rect x="{x - s / 2:.1f}" y="{y - s / 2:.1f}" width="{s:.1f}" height="{s:.1f}" rx="1.5" '
            f'fill="{colour}" stroke="{"#ffd600" if mk.get("detected") else "#111"}" stroke-width="1" '
            f'class="marker"><title>{escape(str(mk.get("text", "")))}</title></rect>'
        )
    out.append("</svg>")
    return "\n".join(out)


def game_svg(game: Any, player: str | None = None, *, size: float = 8.0) -> str:
    """A position as SVG from ``player``'s point of view (None: the umpire's); it shows only what the view holds.

    Everything game-specific comes from the game's face: its markers, the colour of each player's pieces, and the
    hexes the decision's options point at (highlighted when ``player`` may see the options).
    """
    face = game.face
    m = face.map()
    v = game.view(player)
    markers = [
        {"hex": mk["hex"], "colour": face.colour(mk.get("side")), "detected": mk.get("detected"),
         "text": mk.get("title") or mk.get("id")}
        for mk in face.markers(v) if mk.get("hex")
    ]
    highlight: list[str] = []
    d = v.get("decision")
    if d and d.get("options"):
        highlight = sorted({h for hs in face.option_targets(d["options"], v).values() for h in hs})
    name = next((p.name for p in face.players() if p.id == player), "umpire")
    return map_svg(m, size=size, markers=markers, highlight=highlight,
                   title=f"{game.id} turn {v.get('turn')} ({name})")
