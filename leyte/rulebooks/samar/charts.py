"""Battle off Samar charts: the dice-pool odds of the firing throw (5.5-5.6), the chance of panic (6.5) and a table
of the ships in a view. They live with the game, not in ``leyte.jupyter``, because only Samar rolls pools of d6.

Samar's gunnery rolls a pool of d6 rather than reading one d10 table, so its odds are a binomial over the pool with
the per-die chance taken from the printed Firing Throw table (``chance_outcomes``), never typed in here: change the
table and the charts follow. Everything is exact (``Fraction``); the charts only turn the fractions into floats.
bokeh and pandas are imported inside the functions that draw or tabulate, so importing this module stays light.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from math import comb
from typing import Any

import leyte
from leyte.core.chart_text import fit_title
from leyte.core.dice import chance_outcomes
from leyte.rulebooks.samar.face import SamarFace

__all__ = [
    "hit_chance_per_die",
    "pool_hits",
    "pool_frame",
    "pool_chart",
    "at_least_one_chart",
    "ships_frame",
    "dice_total",
    "panic_chance",
    "panic_chart",
]


def hit_chance_per_die(table: Any = None) -> Fraction:
    """The chance that one firing die hits, read from the Firing Throw table (5.6): the sum of its hit rows."""
    t = table if table is not None else leyte.rules("samar").tables["firing_throw"]
    return sum((p for cell, p in chance_outcomes(t, "-", 0) if cell.result.get("hit")), Fraction(0))


def pool_hits(dice: int, p: Fraction | None = None) -> dict[int, Fraction]:
    """Exact chance of each number of hits from a pool of ``dice`` firing dice (5.5): binomial in the per-die chance.

    A pool cut to zero or fewer dice makes no attack (5.5), which is {0: 1}.
    """
    q = p if p is not None else hit_chance_per_die()
    n = max(0, int(dice))
    return {k: comb(n, k) * q**k * (1 - q) ** (n - k) for k in range(n + 1)}


def pool_frame(dice_counts: Iterable[int]) -> Any:
    """One row per pool size: the exact chance of 0, 1, 2, ... hits, the expected hits and P(at least one)."""
    import pandas as pd

    rows = []
    q = hit_chance_per_die()
    for n in dice_counts:
        dist = pool_hits(n, q)
        row: dict[str, Any] = {"dice": n, "expected hits": float(n * q), "P(at least 1)": float(1 - dist[0])}
        row.update({f"P({k})": float(v) for k, v in dist.items()})
        rows.append(row)
    return pd.DataFrame(rows).set_index("dice").fillna(0.0)


def pool_chart(dice_counts: Iterable[int], *, width: int = 560, height: int = 280, title: str = "") -> Any:
    """A bokeh chart: for each pool size a line of the exact chance of exactly k hits."""
    from bokeh.models import HoverTool
    from bokeh.palettes import Category10
    from bokeh.plotting import figure

    counts = list(dice_counts)
    q = hit_chance_per_die()
    fig = figure(
        width=width,
        height=height,
        title=title or "Firing throw (5.6): chance of exactly k hits",
        x_axis_label="hits",
        y_axis_label="probability",
        tools="",
        toolbar_location=None,
    )
    colours = Category10[10]
    for i, n in enumerate(counts):
        dist = pool_hits(n, q)
        xs, ys = list(dist), [float(v) for v in dist.values()]
        c = colours[i % 10]
        fig.line(xs, ys, line_width=2, color=c, legend_label=f"{n} dice")
        fig.scatter(xs, ys, size=6, color=c, legend_label=f"{n} dice")
    fig.add_tools(HoverTool(tooltips=[("hits", "@x"), ("chance", "@y{0.000}")]))
    fig.legend.location = "top_right"
    return fit_title(fig)


def at_least_one_chart(max_dice: int = 14, *, width: int = 560, height: int = 240) -> Any:
    """A bokeh bar chart: the exact chance of at least one hit for pools of 1 to ``max_dice`` dice."""
    from bokeh.models import ColumnDataSource, HoverTool
    from bokeh.plotting import figure

    q = hit_chance_per_die()
    ns = list(range(1, max_dice + 1))
    src = ColumnDataSource({"dice": ns, "p": [float(1 - (1 - q) ** n) for n in ns]})
    fig = figure(
        width=width,
        height=height,
        title="Chance of at least one hit",
        x_axis_label="firing dice",
        tools="",
        toolbar_location=None,
        y_range=(0, 1),
    )
    fig.vbar(x="dice", top="p", width=0.8, source=src, color="#1f4e99")
    fig.add_tools(HoverTool(tooltips=[("dice", "@dice"), ("chance", "@p{0.000}")]))
    return fit_title(fig)


def ships_frame(view: Mapping[str, Any], *, on_map: bool = True) -> Any:
    """The ships of a Samar view as a table indexed by id (the face's cards: where, facing, speed, hits, armor,
    waterline, fires, panic, and the counter values in play)."""
    import pandas as pd

    rows = SamarFace.card_rows(view, on_map=on_map)
    return pd.DataFrame(rows, columns=list(SamarFace.CARD_COLUMNS)).set_index("id")


def dice_total(dice: int) -> dict[int, Fraction]:
    """Exact distribution of the sum of ``dice`` six-sided dice (the total that decides panic, 6.5)."""
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(max(0, int(dice))):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, Fraction(0)) + p / 6
        dist = nxt
    return dist


def panic_chance(dice: int, armor: int, side: str, panicked_friends: int = 0) -> Fraction:
    """Exact chance that a firing throw of ``dice`` dice panics its target (Panic Determination, 5.6 / 6.5).

    The target panics when the faces' total, less its armor, plus one for each friendly ship already panicked,
    is greater than its side's threshold; threshold and per-friend step are read from the game's constants.
    """
    r = leyte.rules("samar")
    limit = int(r.c(f"panic.threshold.{side}"))
    step = int(r.c("panic.per_panicked_friend"))
    return sum(
        (p for total, p in dice_total(dice).items() if total - armor + step * panicked_friends > limit), Fraction(0)
    )


def panic_chart(
    targets: Mapping[str, tuple[int, str]], max_dice: int = 14, *, width: int = 560, height: int = 280
) -> Any:
    """A bokeh chart: for each named target (armor, side) the exact chance of panic against the pool size."""
    from bokeh.palettes import Category10
    from bokeh.plotting import figure

    fig = figure(
        width=width,
        height=height,
        title="Chance that one firing throw panics the target (6.5)",
        x_axis_label="firing dice",
        y_axis_label="probability",
        tools="",
        toolbar_location=None,
        y_range=(0, 1),
    )
    ns = list(range(1, max_dice + 1))
    for i, (label, (armor, side)) in enumerate(targets.items()):
        ys = [float(panic_chance(n, armor, side)) for n in ns]
        fig.line(ns, ys, line_width=2, color=Category10[10][i % 10], legend_label=label)
        fig.scatter(ns, ys, size=5, color=Category10[10][i % 10], legend_label=label)
    fig.legend.location = "top_left"
    return fit_title(fig)
