"""Tables and charts for the notebooks: TF cards and the event log as pandas, odds and tables as bokeh.

Everything here reads public data only: a player's view (``game.view(side)``), the event log, ``leyte.rules(game)``
tables and the exact chance API (``leyte.core.dice.chance_outcomes``). Bokeh must work offline (CI has no
internet), so ``setup_bokeh()`` loads BokehJS inline rather than from the CDN.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import pandas as pd

from leyte.core.chart_text import fit_title
from leyte.core.dice import Modifier, chance_outcomes
from leyte.core.face import result_words

__all__ = [
    "setup_bokeh",
    "cards_frame",
    "cards_styled",
    "cards_html",
    "event_frame",
    "event_log_html",
    "rolls_frame",
    "odds_frame",
    "odds_chart",
    "odds_html",
    "table_heatmap",
    "chance_heatmap",
    "vp_frame",
    "vp_timeline",
]

_BOKEH_READY = False


def setup_bokeh(*, force: bool = False) -> None:
    """Load BokehJS into the notebook from the installed package (no CDN: works offline, in CI and on Binder)."""
    global _BOKEH_READY
    if _BOKEH_READY and not force:
        return
    from bokeh.io import output_notebook
    from bokeh.resources import Resources

    output_notebook(Resources(mode="inline", components=["bokeh"]), hide_banner=True)
    _BOKEH_READY = True


# -- pandas displays --------------------------------------------------------------------------------------------


def cards_frame(cards: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    """A face's unit cards (``Game.face.cards(view)``) as a table: one row per card, from its ``fields``."""
    return pd.DataFrame([dict(c.get("fields") or {}) for c in cards])


def cards_html(cards: Sequence[Mapping[str, Any]], colours: Mapping[str, str] | None = None) -> str:
    """A face's unit cards as cards a class can read: a coloured edge for the side, the name and class in large type,
    the values as chips, damage as a row of boxes (filled: hits taken), the sentences underneath; cards that share a
    ``group`` (a task force) sit under one heading. Every string is escaped: names come from data files."""
    from html import escape

    colours = colours or {}
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for c in cards:
        groups.setdefault(str(c.get("group") or ""), []).append(c)
    out = []
    for group, members in groups.items():
        if group:
            out.append(f'<div class="leyte-card-group" style="font-weight:600;font-size:15px;margin:8px 0 4px">'
                       f"{escape(group)}</div>")
        out.append('<div style="display:flex;flex-wrap:wrap;gap:6px">')
        for c in members:
            edge = colours.get(str(c.get("side")), "#607d8b")
            chips = "".join(f'<span style="background:#eceff1;border-radius:3px;padding:0 4px;margin-right:3px">'
                            f"{escape(str(v))}</span>" for v in c.get("values") or ())
            dmg = c.get("damage") or {}
            boxes = ""
            if dmg.get("boxes"):
                n, hits = int(dmg["boxes"]), min(int(dmg.get("hits") or 0), int(dmg["boxes"]))
                cells = "".join(
                    f'<span style="display:inline-block;width:11px;height:11px;margin-right:2px;border:1px solid '
                    f'#b71c1c;background:{"#e53935" if i < hits else "#fff"}"></span>' for i in range(n))
                boxes = (f'<div title="damage: {hits} of {n} boxes" aria-label="damage {hits} of {n}">{cells} '
                         f'<span style="font-size:12px;color:#555">{hits}/{n}</span></div>')
            lines = "".join(f"<div>{escape(str(x))}</div>" for x in c.get("lines") or ())
            out.append(
                f'<div class="leyte-card" data-id="{escape(str(c.get("id")))}" style="border:1px solid #cfd8dc;'
                f"border-left:6px solid {escape(edge)};border-radius:4px;padding:4px 8px;min-width:150px;"
                f'max-width:200px;font-size:13px;line-height:1.35;background:#fff">'
                f'<div style="font-weight:700;font-size:15px">{escape(str(c.get("title") or c.get("id")))}</div>'
                f'{f"<div>{chips}</div>" if chips else ""}{boxes}{lines}</div>'
            )
        out.append("</div>")
    return f'<div class="leyte-cards">{"".join(out)}</div>'


def cards_styled(rows: Sequence[Mapping[str, Any]]) -> Any:
    """``cards_frame`` styled: damage as a bar and damaged rows shaded, where the cards say hits and capacity."""
    df = cards_frame(rows)
    if df.empty or "hits" not in df or "capacity" not in df:
        return df.style.hide(axis="index") if not df.empty else df.style
    cap = pd.to_numeric(df["capacity"], errors="coerce")
    frac = (pd.to_numeric(df["hits"], errors="coerce") / cap.where(cap > 0)).fillna(0)

    def shade(row: pd.Series) -> list[str]:
        f = frac.loc[row.name]
        colour = "#ffcdd2" if f >= 0.5 else "#fff3e0" if f > 0 else ""
        return [f"background-color: {colour}" if colour else "" for _ in row]

    return df.style.apply(shade, axis=1).bar(subset=["hits"], color="#e57373", vmin=0).hide(axis="index")


def event_frame(events: Iterable[Any], *, limit: int | None = None) -> pd.DataFrame:
    """The event log as a table: rule case, kind, text (the last ``limit`` events if given)."""
    evs = list(events)
    if limit:
        evs = evs[-limit:]
    rows = [{"rule": e.rule, "kind": e.kind, "text": e.text} for e in evs]
    return pd.DataFrame(rows, columns=["rule", "kind", "text"])


def rolls_frame(events: Iterable[Any]) -> pd.DataFrame:
    """Every die roll in ``events`` as a table: what for, the rule, raw face, each modifier, the final roll, the
    table, column and row read, and the result — the numbers a worked example states."""
    rows = []
    for e in events:
        if e.kind != "roll":
            continue
        r = e.data.get("roll", {})
        rows.append(
            {
                "rule": r.get("rule", e.rule),
                "purpose": r.get("purpose", ""),
                "raw": r.get("raw"),
                "modifiers": " ".join(f"{m['value']:+d} ({m['source']})" for m in r.get("modifiers", [])),
                "total modifier": sum(m["value"] for m in r.get("modifiers", [])),
                "final": r.get("final"),
                "table": r.get("table", ""),
                "column": r.get("column", ""),
                "row": r.get("row", ""),
                "result": _result_text(r.get("result", {})),
                "scripted": r.get("scripted", False),
            }
        )
    cols = [
        "rule",
        "purpose",
        "raw",
        "modifiers",
        "total modifier",
        "final",
        "table",
        "column",
        "row",
        "result",
        "scripted",
    ]
    return pd.DataFrame(rows, columns=cols)


def event_log_html(events: Sequence[Any], *, limit: int = 14) -> str:
    """The latest events as a small HTML table, newest first, each with its rule case, for the app's log pane."""
    from html import escape

    evs = list(events)[-limit:][::-1]  # newest first: the pane has a fixed height
    rows = "".join(
        f'<tr class="leyte-event leyte-{escape(e.kind)}"><td style="color:#666;padding-right:6px">{escape(e.rule)}'
        f"</td><td>{escape(e.text)}</td></tr>"
        for e in evs
    )
    return (
        f'<div class="leyte-log-box" data-count="{len(events)}"><b>Log</b> ({len(events)} events)'
        f'<table class="leyte-log" style="font-size:14px">{rows}</table></div>'
    )


# -- odds -------------------------------------------------------------------------------------------------------


def _total(modifiers: Sequence[Modifier] | int) -> int:
    return modifiers if isinstance(modifiers, int) else sum(m.value for m in modifiers)


def odds_frame(table: Any, column: Any, modifiers: Sequence[Modifier] | int = 0) -> pd.DataFrame:
    """Exact chance of each cell a roll can read: one row per table row, with its result and the probability."""
    rows = []
    for cell, p in chance_outcomes(table, column, modifiers):
        rows.append(
            {
                "roll": cell.roll,
                **dict(cell.result),
                "chance": float(p),
                "exact": str(Fraction(p)),
                "provenance": cell.provenance,
            }
        )
    return pd.DataFrame(rows)


def _result_text(result: Mapping[str, Any], words: Callable[[Mapping[str, Any]], str] | None = None) -> str:
    """A cell in plain words: the face's (``words``, e.g. ``lambda r: face.roll_result_text(table, r)``), else the
    generic ``result_words`` — never the raw ``field=value`` pairs a class cannot read."""
    return (words or result_words)(result)


def odds_chart(
    table: Any, column: Any, modifiers: Sequence[Modifier] | int = 0, *, width: int = 460, height: int = 260
) -> Any:
    """A bokeh bar chart of the exact odds of one roll: bars are table rows, height the chance, label the result.

    Rows that the modifiers push off the end of the die collect the clamped faces, as the table reads them.
    """
    from bokeh.models import ColumnDataSource, HoverTool
    from bokeh.plotting import figure

    col = table.column_for(column)
    outs = chance_outcomes(table, col, modifiers)
    rolls = [c.roll for c, _ in outs]
    src = ColumnDataSource(
        {
            "roll": rolls,
            "chance": [float(p) for _, p in outs],
            "exact": [str(p) for _, p in outs],
            "result": [_result_text(c.result) for c, _ in outs],
            "colour": [_result_colour(c.result) for c, _ in outs],
        }
    )
    tot = _total(modifiers)
    p = figure(
        x_range=rolls,
        width=width,
        height=height,
        toolbar_location=None,
        title=f"{table.name} ({table.case}), column {col}, modifier {tot:+d}",
    )
    p.vbar(x="roll", top="chance", width=0.8, source=src, fill_color="colour", line_color="#333333")
    p.add_tools(HoverTool(tooltips=[("modified roll", "@roll"), ("chance", "@exact"), ("result", "@result")]))
    p.xaxis.axis_label = "modified roll (row of the table)"
    p.yaxis.axis_label = "chance"
    p.y_range.start = 0
    return fit_title(p)  # a long table name and case in a 460-pixel chart would run past its edge


def odds_html(
    table: Any, column: Any, modifiers: Sequence[Modifier] | int = 0, *, read: str | None = None, title: str = "",
    words: Callable[[Mapping[str, Any]], str] | None = None,
) -> str:
    """The exact odds of one roll as a small HTML bar table (no plotting library, so it updates inside the app in
    JupyterLab and Voilà alike); the row the roll actually read is outlined. ``words`` says a cell in plain words
    (a face's ``roll_result_text`` for this table); by default ``leyte.core.face.result_words``."""
    from html import escape

    col = table.column_for(column)
    tot = _total(modifiers)
    rows = []
    outs = chance_outcomes(table, col, modifiers)
    top = max(float(p) for _, p in outs)  # the likeliest row fills the bar; the others in proportion
    for cell, p in outs:
        width = round(float(p) / top * 100)
        mark = "outline:2px solid #ff6f00;" if read is not None and cell.roll == read else ""
        rows.append(
            f'<tr style="{mark}"><td style="padding-right:6px">{escape(cell.roll)}</td>'
            f'<td style="width:120px"><div style="background:{_result_colour(cell.result)};height:10px;'
            f'width:{width}%"></div></td><td style="padding:0 6px">{escape(str(p))}</td>'
            f"<td>{escape(_result_text(cell.result, words))}</td></tr>"
        )
    head = escape(title or f"{table.name}, column {col}, modifier {tot:+d}")
    return (
        f'<div class="leyte-odds"><b>Odds</b> — {head} <span style="color:#666">({escape(table.case)})</span>'
        f'<table style="font-size:13px">{"".join(rows)}</table></div>'
    )


def _result_colour(result: Mapping[str, Any]) -> str:
    """Red shades for harm (hits, steps lost, a minus modifier, a detection, a sinking), grey for nothing, and a
    neutral blue for results that are neither (placement areas, report kinds)."""
    shades = ["#b0bec5", "#ffb74d", "#ef6c00", "#c62828", "#7f0000"]
    for key in ("hits", "extra_hits", "steps", "mp_loss", "speed_loss", "attacks"):
        v = result.get(key)
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return shades[max(0, min(4, int(v)))]
    if isinstance(result.get("drm"), (int, float)):
        return shades[max(0, min(4, -int(result["drm"])))]
    for key in ("detected", "sunk", "critical", "destroyed"):
        if isinstance(result.get(key), bool):
            return "#e53935" if result[key] else "#b0bec5"
    return "#90a4ae"


def table_heatmap(table: Any, field: str | None = None, *, width: int = 560, height: int = 380) -> Any:
    """A bokeh heat map of a whole table: columns across, rows (modified rolls) down, colour = the field's value.

    The hover shows each cell's provenance and the title counts them, so the chart says which numbers are ours.
    """
    from bokeh.models import ColumnDataSource, HoverTool, LinearColorMapper
    from bokeh.palettes import Reds256
    from bokeh.plotting import figure

    field = field or next(iter(table.fields))
    xs, ys, vals, prov, text = [], [], [], [], []
    for col in table.columns:
        for c in table.cells_in(col):
            v = c.result[field]
            xs.append(col)
            ys.append(c.roll)
            vals.append(float(v) if not isinstance(v, str) else 0.0)
            prov.append(c.provenance)
            text.append(str(v))
    src = ColumnDataSource({"column": xs, "roll": ys, "value": vals, "provenance": prov, "text": text})
    mapper = LinearColorMapper(palette=list(reversed(Reds256)), low=min(vals), high=max(vals) or 1)
    p = figure(
        x_range=list(table.columns),
        y_range=list(reversed(table.rolls)),
        width=width,
        height=height,
        toolbar_location=None,
        title=f"{table.name}: {field} by column and modified roll ({_prov_text(table)})",
    )
    p.rect(
        x="column",
        y="roll",
        width=1,
        height=1,
        source=src,
        fill_color={"field": "value", "transform": mapper},
        line_color="#555555",
    )
    p.text(
        x="column", y="roll", text="text", source=src, text_align="center", text_baseline="middle", text_font_size="9pt"
    )
    p.add_tools(
        HoverTool(tooltips=[("column", "@column"), ("roll", "@roll"), (field, "@text"), ("provenance", "@provenance")])
    )
    p.xaxis.axis_label = "column"
    p.yaxis.axis_label = "modified roll"
    return fit_title(p)


def _prov_text(table: Any) -> str:
    return ", ".join(f"{n} {tag}" for tag, n in table.provenance_counts().items())


def chance_heatmap(
    table: Any,
    field: str,
    *,
    modifiers: Iterable[int] = range(-5, 4),
    width: int = 560,
    height: int = 320,
    predicate: Any = None,
) -> Any:
    """The chance of a non-zero (or true) ``field`` for every column and total modifier, as a bokeh heat map.

    For the Damage Table with ``field="hits"`` this is "how likely is at least one hit" — the question a player
    asks before firing. ``predicate(value) -> bool`` replaces "non-zero" if given.
    """
    from bokeh.models import ColumnDataSource, HoverTool, LinearColorMapper
    from bokeh.palettes import Blues256
    from bokeh.plotting import figure

    pred = predicate or bool
    mods = list(modifiers)
    xs, ys, ps, text = [], [], [], []
    for col in table.columns:
        for m in mods:
            p = sum((pr for c, pr in chance_outcomes(table, col, m) if pred(c.result[field])), Fraction(0))
            xs.append(col)
            ys.append(f"{m:+d}")
            ps.append(float(p))
            text.append(f"{float(p):.0%}")
    src = ColumnDataSource({"column": xs, "modifier": ys, "chance": ps, "text": text})
    mapper = LinearColorMapper(palette=list(reversed(Blues256)), low=0, high=1)
    fig = figure(
        x_range=list(table.columns),
        y_range=[f"{m:+d}" for m in mods],
        width=width,
        height=height,
        toolbar_location=None,
        title=f"{table.name}: chance of {field} by column and modifier",
    )
    fig.rect(
        x="column",
        y="modifier",
        width=1,
        height=1,
        source=src,
        fill_color={"field": "chance", "transform": mapper},
        line_color="#ffffff",
    )
    fig.text(
        x="column",
        y="modifier",
        text="text",
        source=src,
        text_align="center",
        text_baseline="middle",
        text_font_size="8pt",
    )
    fig.add_tools(HoverTool(tooltips=[("column", "@column"), ("modifier", "@modifier"), ("chance", "@text")]))
    fig.xaxis.axis_label = "column"
    fig.yaxis.axis_label = "total die-roll modifier"
    return fit_title(fig)


# -- victory points ---------------------------------------------------------------------------------------------


def vp_frame(awards: Iterable[Mapping[str, Any]], *, last_turn: int | None = None,
             net: tuple[str, str] | None = None) -> pd.DataFrame:
    """Cumulative points per side by turn, from a view's points awards (each: side, points, reason, rule, turn).

    ``net=(a, b)`` adds the column "a net" (a's points less b's), for games that grade the difference.
    """
    rows = list(awards)
    sides = sorted({str(a["side"]) for a in rows} | set(net or ()))
    turns = sorted({int(a.get("turn", 0)) for a in rows} | ({last_turn} if last_turn else set()) | {0})
    out = []
    for t in turns:
        tot = {s: sum(a["points"] for a in rows if a["side"] == s and int(a.get("turn", 0)) <= t) for s in sides}
        if net:
            tot[f"{net[0]} net"] = tot[net[0]] - tot[net[1]]
        out.append({"turn": t, **tot})
    return pd.DataFrame(out)


def vp_timeline(
    awards: Iterable[Mapping[str, Any]], *, last_turn: int | None = None, net: tuple[str, str] | None = None,
    colours: Mapping[str, str] | None = None, width: int = 520, height: int = 260, title: str = "Points by turn",
) -> Any:
    """A bokeh step chart of each side's points by turn, and the net difference when ``net`` is given.

    ``colours`` maps a side to its colour (a game's face gives them: ``{p.id: p.colour for p in face.players()}``).
    """
    from bokeh.plotting import figure

    from leyte.core.face import PALETTE

    df = vp_frame(awards, last_turn=last_turn, net=net)
    p = figure(width=width, height=height, toolbar_location=None, title=title)
    for i, name in enumerate(c for c in df.columns if c != "turn"):
        colour = (colours or {}).get(name) or ("#555555" if name.endswith(" net") else PALETTE[i % len(PALETTE)][0])
        p.step(df["turn"], df[name], mode="after", line_width=2, color=colour, legend_label=name)
    p.xaxis.axis_label = "turn"
    p.yaxis.axis_label = "points"
    p.legend.location = "top_left"
    return fit_title(p)
