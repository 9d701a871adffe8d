"""SVG pictures of maps and positions (python-chess ``svg.py`` style: pure functions returning strings).

``game_svg(game, player=...)`` is what ``Game._repr_svg_`` shows where no widget runs (GitHub, nbviewer, exported
HTML); it draws only what ``player`` may see. It draws the same art as the canvas widget: the real coastline over
quiet hex tints, a faint hex grid, the names of islands, seas, straits and places at a fixed type size with a white
halo, counters of at least ``art.MIN_COUNTER_PX`` with a count badge on stacks, a scale bar, a north arrow and a
legend. A land map (``leyte.render.landart``) adds its terrain in the colours its ``map.toml`` gives, relief marks,
rivers along hexsides, roads and railways through hex centres, bridges and place symbols, and its legend lists them.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from leyte.core.hexgrid import HexMap
from leyte.core.mapart import map_art, nm_per_unit
from leyte.render import art, landart
from leyte.render.geometry import FEATURE_STYLE, TERRAIN_COLOURS, frame_for, hex_center, hex_polygon, map_geometry

FIT_WIDTH, FIT_HEIGHT = 760.0, 640.0  # the picture's default size: most of a 1280x720 screen
LEGEND_BAND = 270.0  # px beside a narrow map for its legend
HEX_NUMBER_SIZE = 17.0  # px per circumradius from which hex numbers are legible, and shown


def _poly(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def fit_svg_size(m: HexMap) -> float:
    """The hex circumradius (px) that makes the whole map about ``FIT_WIDTH`` x ``FIT_HEIGHT``."""
    geo = map_geometry(m)
    return round(min(FIT_WIDTH / geo.width, FIT_HEIGHT / geo.height), 2)


def _text(x: float, y: float, text: str, *, px: float, colour: str, cls: str, weight: str = "normal",
          style: str = "normal", spacing: float = 0.0, anchor: str = "middle", halo: float = 3.5) -> str:
    """One line of text with a white halo behind it (drawn under the fill by ``paint-order``)."""
    sp = f' letter-spacing="{spacing:.2f}em"' if spacing else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{px:.0f}" font-weight="{weight}" font-style="{style}"{sp} '
            f'text-anchor="{anchor}" dominant-baseline="central" fill="{colour}" stroke="{art.HALO}" '
            f'stroke-width="{halo:.1f}" stroke-linejoin="round" paint-order="stroke" class="{cls}">'
            f"{escape(text)}</text>")


def map_svg(
    m: HexMap,
    *,
    size: float | None = None,
    labels: bool = False,
    markers: list[dict[str, Any]] | None = None,
    highlight: list[str] | None = None,
    title: str = "",
    names: dict[str, str] | None = None,
    decorations: bool = True,
    window: tuple[float, float, float, float] | None = None,
) -> str:
    """The map as an SVG string: terrain, coastline, names, features, hex numbers, markers, highlighted hexes, and
    (``decorations``) a scale bar, a north arrow and a legend.

    ``markers`` are dicts with ``hex`` (label), ``colour`` (the owner's, from the game's face), ``side``,
    ``detected``, ``text`` (hover), and optionally ``label`` and ``sub`` (the counter's two lines), ``count``,
    ``kind``, ``facing``; ``highlight`` is a list of hex labels; ``names`` maps a side to its readable name for the
    legend. ``size`` is the hex circumradius in px (default: the whole map in about 760 x 640); ``window``
    (x, y, width, height in px at that size) shows only that part of the map, decorations included.
    """
    size = size if size is not None else fit_svg_size(m)
    fr = frame_for(m, size)
    mapart = map_art(m)
    coast = bool(mapart.rings)
    # a tall, narrow map gets a band on its right for the legend, the north arrow and the scale bar
    band = LEGEND_BAND if decorations and window is None and fr.width + LEGEND_BAND <= FIT_WIDTH else 0.0
    width = fr.width + band
    wx, wy, ww, wh = window if window is not None else (0.0, 0.0, width, fr.height)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{ww:.0f}" height="{wh:.0f}" '
        f'viewBox="{wx:.0f} {wy:.0f} {ww:.0f} {wh:.0f}" font-family="sans-serif">'
    ]
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out.append(f'<rect x="{wx:.0f}" y="{wy:.0f}" width="{ww:.0f}" height="{wh:.0f}" fill="{art.SEA}"/>')
    land = landart.land_art(m, symbols=FEATURE_STYLE)  # None on a naval map: it draws as before
    palette = land.palette if land is not None else art.SOFT_TERRAIN if coast else TERRAIN_COLOURS
    # only the hexes the picture shows (a window leaves most of a big map out)
    pad = 2 * size
    centres = {h: hex_center(m, h, fr) for h in m.hexes}
    shown = [h for h, (x, y) in centres.items() if wx - pad <= x <= wx + ww + pad and wy - pad <= y <= wy + wh + pad]
    for h in shown:
        info = m.info[h]
        stroke = "" if coast else ' stroke="#7aa7c0" stroke-width="0.3"'
        out.append(
            f'<polygon points="{_poly(hex_polygon(m, h, fr))}" fill="{palette.get(info.terrain, "#cccccc")}"'
            f'{stroke}><title>{info.label} {info.terrain}</title></polygon>'
        )
    if coast:
        d = " ".join("M" + " L".join(f"{fr.xy(x, y)[0]:.1f},{fr.xy(x, y)[1]:.1f}" for x, y in ring) + "Z"
                     for ring in mapart.rings)
        out.append(f'<path class="coast" d="{d}" fill="{art.LAND}" stroke="{art.COAST}" stroke-width="1.2" '
                   f'stroke-linejoin="round"/>')
        if land is not None:
            # a land map's terrain is what its rules read, hex by hex: paint it over the coast fill, coast on top
            out.extend(_land_hexes(m, fr, land, shown))
            out.append(f'<path class="coastline" d="{d}" fill="none" stroke="{art.COAST}" stroke-width="1.2" '
                       f'stroke-linejoin="round"/>')
        grid = " ".join("M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in hex_polygon(m, h, fr)) + "Z" for h in shown)
        out.append(f'<path class="grid" d="{grid}" fill="none" stroke="{art.GRID}" stroke-opacity="{art.GRID_ALPHA}" '
                   f'stroke-width="0.8"/>')
    if land is not None:
        out.extend(_land_lines(fr, land))
    styles = {**FEATURE_STYLE, **(landart.LAND_FEATURE_STYLE if land is not None else {})}
    for h in m.hexes:
        feats = [(k, n) for k, n in m.features(h) if k in styles]
        for i, (kind, name) in enumerate(feats):
            if kind in styles:
                colour, letter = styles[kind]
                x, y = hex_center(m, h, fr)
                r = max(3.0, size * 0.32)
                cls = f' class="feature {kind}"' if land is not None else ""  # naval maps: bytes as before
                if land is not None:
                    # a land hex may hold a port, an airfield and a city: set them side by side, smaller, lettered
                    r = max(4.0, size * 0.24)
                    x += (i - (len(feats) - 1) / 2) * r * 2.1
                out.append(
                    f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{colour}"{cls} '
                    f'stroke="#333" stroke-width="0.8"><title>{escape(name or kind)} ({m.label(h)})</title>'
                    f"</circle>"
                )
                if land is not None and r >= 6:
                    out.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{r * 1.2:.0f}" font-weight="bold" '
                               f'text-anchor="middle" dominant-baseline="central" fill="#fff">{letter}</text>')
    for lab in highlight or []:
        h = m.hex(lab)
        out.append(
            f'<polygon points="{_poly(hex_polygon(m, h, fr))}" fill="#ffeb3b" fill-opacity="0.45" '
            f'stroke="#f57f17" stroke-width="1"/>'
        )
    if labels:
        for h in shown:
            x, y = hex_center(m, h, fr)
            out.append(
                f'<text x="{x:.1f}" y="{y - size * 0.5:.1f}" font-size="{max(9.0, size * 0.3):.1f}" '
                f'text-anchor="middle" fill="{art.HEX_NUMBER}" class="hex-number">{m.label(h)}</text>'
            )
    for lb in mapart.labels:
        x, y = fr.xy(lb.x, lb.y)
        colour, italic, bold, spacing = art.LABEL_STYLE[lb.kind]
        if lb.kind == "place":
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}" stroke="{art.HALO}" '
                       f'stroke-width="1.2"/>')
            out.append(_text(x + 6, y, lb.name, px=art.LABEL_PX[lb.size], colour=colour, cls=f"name {lb.kind}",
                             anchor="start"))
            continue
        out.append(_text(x, y, art.label_text(lb.kind, lb.name), px=art.LABEL_PX[lb.size], colour=colour,
                         cls=f"name {lb.kind}", weight="bold" if bold else "normal",
                         style="italic" if italic else "normal", spacing=spacing))
    out.extend(_markers(m, fr, markers or []))
    if decorations:
        busy = [hex_center(m, m.hex(mk["hex"]), fr) for mk in markers or []]
        busy += [fr.xy(lb.x, lb.y) for lb in mapart.labels]
        busy = [(x - wx, y - wy) for x, y in busy]
        out.append(f'<g transform="translate({wx:.0f},{wy:.0f})">')
        out.extend(_decorations(m, fr, markers or [], names or {}, coast, bool(highlight), busy, band,
                                (ww, wh) if window is not None else None,
                                land.legend() if land is not None else None))
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


def _markers(m: HexMap, fr: Any, markers: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    s = art.counter_px(fr.size)
    smoke = [mk for mk in markers if mk.get("kind") == "smoke"]
    for mk in smoke:
        x, y = hex_center(m, m.hex(mk["hex"]), fr)
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{max(s * 0.6, fr.size * 0.8):.1f}" fill="#9e9e9e" '
                   f'fill-opacity="0.6" class="smoke"><title>{escape(str(mk.get("text", "")))}</title></circle>')
    counts = art.stacks(markers)
    by_hex: dict[str, int] = {}
    top: dict[str, tuple[float, float]] = {}
    for mk in markers:
        if mk.get("kind") == "smoke":
            continue
        h = m.hex(mk["hex"])
        x, y = hex_center(m, h, fr)
        k = by_hex.get(mk["hex"], 0)
        by_hex[mk["hex"]] = k + 1
        off = (k % 4) * s * 0.22
        x, y = x + off, y - off
        label, sub = str(mk.get("label") or ""), str(mk.get("sub") or "")
        wd, label_px, sub_px = art.counter_text(s, label, sub)
        top[mk["hex"]] = (x + wd / 2, y - s / 2)
        colour = mk.get("colour") or "#555555"
        solid = mk.get("solid", True)
        fill, ink = (colour, "#ffffff") if solid else ("#ffffff", colour)
        edge = "#ffd600" if mk.get("detected") else "#111"
        out.append(
            f'<rect x="{x - wd / 2:.1f}" y="{y - s / 2:.1f}" width="{wd:.1f}" height="{s:.1f}" rx="3" '
            f'fill="{fill}" stroke="{edge}" stroke-width="2" class="marker">'
            f'<title>{escape(str(mk.get("text", "")))}</title></rect>'
        )
        if "facing" in mk:
            a = math.radians(-90.0 + 60.0 * int(mk.get("facing") or 0))
            out.append(f'<line x1="{x + math.cos(a) * s * 0.5:.1f}" y1="{y + math.sin(a) * s * 0.5:.1f}" '
                       f'x2="{x + math.cos(a) * s * 0.95:.1f}" y2="{y + math.sin(a) * s * 0.95:.1f}" stroke="#111" '
                       f'stroke-width="3" stroke-linecap="round"/>')
        if label:
            out.append(f'<text x="{x:.1f}" y="{y - (s * 0.17 if sub else 0):.1f}" font-size="{label_px:.1f}" '
                       f'font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="{ink}" '
                       f'class="counter-label">{escape(label)}</text>')
        if sub:
            out.append(f'<text x="{x:.1f}" y="{y + s * 0.24:.1f}" font-size="{sub_px:.1f}" font-weight="bold" '
                       f'text-anchor="middle" '
                       f'dominant-baseline="central" fill="{ink}" class="counter-sub">{escape(sub)}</text>')
    for lab, n in sorted(counts.items()):
        if n < 2 or lab not in top:
            continue
        bx, by = top[lab]
        out.append(f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="9" fill="{art.BADGE}" stroke="#fff" stroke-width="1.5" '
                   f'class="stack-count"/>')
        out.append(f'<text x="{bx:.1f}" y="{by:.1f}" font-size="12" font-weight="bold" text-anchor="middle" '
                   f'dominant-baseline="central" fill="#fff">{n}</text>')
    return out


def _decorations(m: HexMap, fr: Any, markers: list[dict[str, Any]], names: dict[str, str], coast: bool,
                 highlight: bool, busy: list[tuple[float, float]], band: float = 0.0,
                 size: tuple[float, float] | None = None,
                 terrain_rows: list[tuple[str, str, str]] | None = None) -> list[str]:
    """North arrow (top right), scale bar (bottom right) and legend (a left-hand corner, or the band beside the
    map when there is one), each on a white card, in a picture ``size`` px (default: the whole map)."""
    out: list[str] = []
    w, h = size if size is not None else (fr.width + band, fr.height)
    # north arrow: map north is up on every map we draw (each projection keeps true north up)
    ax, ay = w - 28, 16
    out.append(f'<g class="north-arrow"><rect x="{ax - 16:.0f}" y="{ay - 8:.0f}" width="32" height="52" rx="5" '
               f'fill="#ffffff" fill-opacity="0.85"/><path d="M{ax:.0f},{ay:.0f} L{ax + 9:.0f},{ay + 26:.0f} '
               f'L{ax:.0f},{ay + 20:.0f} L{ax - 9:.0f},{ay + 26:.0f} Z" fill="#222"/>'
               f'<text x="{ax:.0f}" y="{ay + 36:.0f}" font-size="14" font-weight="bold" text-anchor="middle" '
               f'dominant-baseline="central" fill="#222">N</text></g>')
    bar = art.scale_bar(nm_per_unit(m), fr.size, max_px=min(180.0, w * 0.3))
    if bar is not None:
        x1, y1 = w - 16 - bar.px, h - 18
        out.append(f'<g class="scale-bar"><rect x="{x1 - 8:.1f}" y="{y1 - 26:.1f}" width="{bar.px + 16:.1f}" '
                   f'height="36" rx="5" fill="#ffffff" fill-opacity="0.85"/>'
                   f'<path d="M{x1:.1f},{y1 - 6:.1f} L{x1:.1f},{y1:.1f} L{x1 + bar.px:.1f},{y1:.1f} '
                   f'L{x1 + bar.px:.1f},{y1 - 6:.1f}" fill="none" stroke="#222" stroke-width="2.5"/>'
                   f'<text x="{x1 + bar.px / 2:.1f}" y="{y1 - 14:.1f}" font-size="13" text-anchor="middle" '
                   f'dominant-baseline="central" fill="#222">{escape(bar.text)}</text></g>')
    colours = {mk.get("side"): mk.get("colour") for mk in markers if mk.get("side") and mk.get("colour")}
    entries = art.legend_entries(markers, colours, names, coast=coast, highlight=highlight, terrain_rows=terrain_rows)
    row, pad = 20, 8
    lw = 12 + max(len(t) for _, _, t in entries) * 7.5 + 28
    lh = pad * 2 + row * len(entries)
    x0, y0 = (fr.width + 8, 72.0) if band and lw <= band - 12 else art.legend_corner(busy, w, h, lw, lh)
    items = [f'<rect x="{x0}" y="{y0:.0f}" width="{lw:.0f}" height="{lh}" rx="5" fill="#ffffff" fill-opacity="0.88" '
             f'stroke="#90a4ae"/>']
    for i, (swatch, colour, words) in enumerate(entries):
        cy = y0 + pad + row * i + row / 2
        sx = x0 + pad
        if swatch == "area":
            items.append(f'<path d="M{sx},{cy - 7:.1f} h16 v14 h-16 Z" style="fill:{colour}" stroke="#555" '
                         f'stroke-width="0.8"/>')
        elif swatch == "smoke":
            items.append(f'<circle cx="{sx + 8}" cy="{cy:.1f}" r="7" fill="{colour}" fill-opacity="0.6"/>')
        elif swatch == "ring":
            items.append(f'<circle cx="{sx + 8}" cy="{cy:.1f}" r="7" fill="{colour}" stroke="#fff"/>')
        elif swatch == "small":
            items.append(f'<path d="M{sx + 3},{cy - 5:.1f} h10 v10 h-10 Z" fill="{colour}" stroke="#fff"/>')
        elif swatch in LINE_SWATCH:
            items.append(f'<path d="M{sx},{cy:.1f} h16" fill="none" stroke="{colour}" {LINE_SWATCH[swatch]}/>')
        else:
            items.append(f'<path d="M{sx},{cy - 7:.1f} h16 v14 h-16 Z" fill="{colour}" stroke="#111" '
                         f'stroke-width="1.5"/>')
        items.append(f'<text x="{sx + 24}" y="{cy:.1f}" font-size="13" dominant-baseline="central" '
                     f'fill="#222">{escape(words)}</text>')
    out.append('<g class="legend">' + "".join(items) + "</g>")
    return out


#: how each hexside line is stroked (SVG attributes), the legend's swatch drawn the same way
LINE_SWATCH = {
    "river": 'stroke-width="3" stroke-linecap="round"',
    "road": 'stroke-width="2.2" stroke-dasharray="5 3"',
    "rail": 'stroke-width="2.2" stroke-dasharray="1.5 2.5"',
    "bridge": 'stroke-width="5"',
}


def _land_hexes(m: HexMap, fr: Any, land: landart.LandArt, shown: list[Any]) -> list[str]:
    """The land hexes in their terrain colours (one path per terrain), with a relief mark on mountains."""
    out: list[str] = []
    by_terrain: dict[str, list[str]] = {}
    for h in shown:
        t = m.terrain(h)
        if t in landart.WATER:
            continue
        by_terrain.setdefault(t, []).append("M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in hex_polygon(m, h, fr)) + "Z")
    for t, ds in by_terrain.items():
        out.append(f'<path class="terrain {t}" d="{" ".join(ds)}" fill="{land.colour(t)}"/>')
    marks = []
    for h in shown:
        if m.terrain(h) in land.relief:
            for line in landart.relief_marks(hex_center(m, h, fr), fr.size):
                marks.append("M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in line))
    if marks:
        out.append(f'<path class="relief" d="{" ".join(marks)}" fill="none" stroke="{landart.RELIEF}" '
                   f'stroke-width="{max(0.8, fr.size * 0.08):.1f}" stroke-linejoin="round" stroke-opacity="0.7"/>')
    return out


def _land_lines(fr: Any, land: landart.LandArt) -> list[str]:
    """Rivers along their hexsides, then roads and railways from centre to centre, then bridges on top."""
    out: list[str] = []

    def d(segs: tuple[landart.Segment, ...]) -> str:
        return " ".join(f"M{fr.xy(*p)[0]:.1f},{fr.xy(*p)[1]:.1f} L{fr.xy(*q)[0]:.1f},{fr.xy(*q)[1]:.1f}"
                        for p, q in segs)

    w = max(1.6, fr.size * 0.12)
    if land.rivers:
        out.append(f'<path class="river" d="{d(land.rivers)}" fill="none" stroke="{landart.RIVER}" '
                   f'stroke-width="{w * 1.4:.1f}" stroke-linecap="round"/>')
    if land.roads:
        out.append(f'<path class="road" d="{d(land.roads)}" fill="none" stroke="{landart.ROAD}" '
                   f'stroke-width="{w:.1f}" stroke-dasharray="{w * 3:.1f} {w * 1.8:.1f}" stroke-linecap="butt"/>')
    if land.rails:
        # a railway: a dark line with cross-ties (a white dash over it reads as track)
        out.append(f'<path class="rail" d="{d(land.rails)}" fill="none" stroke="{landart.RAIL}" '
                   f'stroke-width="{w * 1.1:.1f}" transform="translate({w * 0.9:.1f},{w * 0.9:.1f})"/>')
        out.append(f'<path class="rail-ties" d="{d(land.rails)}" fill="none" stroke="#ffffff" '
                   f'stroke-width="{w * 0.5:.1f}" stroke-dasharray="{w * 1.2:.1f} {w * 1.2:.1f}" '
                   f'transform="translate({w * 0.9:.1f},{w * 0.9:.1f})"/>')
    for x, y in land.bridges:
        px, py = fr.xy(x, y)
        r = max(3.0, fr.size * 0.16)
        out.append(f'<rect class="bridge" x="{px - r:.1f}" y="{py - r * 0.55:.1f}" width="{r * 2:.1f}" '
                   f'height="{r * 1.1:.1f}" fill="#fff" stroke="{landart.BRIDGE}" stroke-width="1.5"/>')
    return out


def game_svg(game: Any, player: str | None = None, *, size: float | None = None) -> str:
    """A position as SVG from ``player``'s point of view (None: the umpire's); it shows only what the view holds.

    Everything game-specific comes from the game's face: its markers, the colour of each player's pieces, and the
    hexes the decision's options point at (highlighted when ``player`` may see the options).
    """
    face = game.face
    m = face.map()
    v = game.view(player)
    markers = [
        {"hex": mk["hex"], "colour": mk.get("colour") or face.colour(mk.get("side")), "side": mk.get("side"),
         "detected": mk.get("detected"), "text": mk.get("title") or mk.get("id"), "label": mk.get("label"),
         "sub": mk.get("sub"), "count": mk.get("count"), "kind": mk.get("kind"), "solid": mk.get("solid", True),
         "shape": mk.get("shape", "counter"), "rank": mk.get("rank", 0),
         **({"facing": mk["facing"]} if "facing" in mk else {})}
        for mk in face.markers(v) if mk.get("hex")
    ]
    # as on the live map: rings and small markers lie under the counters that share their hex
    markers.sort(key=art.stack_key)  # and the face's rank puts the counter that matters most on top
    highlight: list[str] = []
    d = v.get("decision")
    if d and d.get("options"):
        highlight = sorted({h for hs in face.option_targets(d["options"], v).values() for h in hs})
    name = next((p.name for p in face.players() if p.id == player), "umpire")
    window = None
    if size is None:
        # counters crowded on a map of small hexes: show the action, zoomed until they stand apart
        size = fit_svg_size(m)
        pts = [m.center(m.hex(mk["hex"])) for mk in markers if mk.get("kind") != "smoke"]
        pts += [m.center(m.hex(h)) for h in highlight]
        spread = art.spread_size(pts, FIT_WIDTH, FIT_HEIGHT)
        if spread is not None and spread > size * art.SPREAD_RATIO:
            size = spread
            fr = frame_for(m, size)
            (x0, y0), (x1, y1) = (fr.xy(min(p[0] for p in pts), min(p[1] for p in pts)),
                                  fr.xy(max(p[0] for p in pts), max(p[1] for p in pts)))
            ww, wh = min(FIT_WIDTH, fr.width), min(FIT_HEIGHT, fr.height)
            wx = min(max(0.0, (x0 + x1) / 2 - ww / 2), fr.width - ww)
            wy = min(max(0.0, (y0 + y1) / 2 - wh / 2), fr.height - wh)
            window = (wx, wy, ww, wh)
    return map_svg(m, size=size, markers=markers, highlight=highlight, names={p.id: p.name for p in face.players()},
                   title=f"{game.id} turn {v.get('turn')} ({name})", labels=size >= HEX_NUMBER_SIZE, window=window)
