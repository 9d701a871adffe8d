"""Issue 15 item 7: no chart title is cut off. Every bokeh chart the package builds (the odds, table and chance
charts of every table of every game, the points timeline, Samar's dice-pool and panic charts) has a title whose every
line fits the figure's width, estimated at ``CHAR_PX`` pixels a character after ``MARGIN_PX`` for the axis."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

# bokeh is part of the `test` extra: these tests always run, and fail if it is missing
import bokeh  # noqa: E402,F401

import leyte
from leyte.core.chart_text import CHAR_PX, MARGIN_PX, fit_title, wrap_title


def too_wide(fig: Any) -> list[str]:
    """The title's lines that run past the room the figure gives them."""
    return [line for line in fig.title.text.split("\n") if len(line) * CHAR_PX > fig.width - MARGIN_PX]


def package_charts() -> Iterator[tuple[str, Any]]:
    from leyte.jupyter import chance_heatmap, odds_chart, table_heatmap, vp_timeline
    from leyte.rulebooks.samar.charts import at_least_one_chart, panic_chart, pool_chart

    for game in leyte.games():
        for key, table in getattr(leyte.rules(game), "tables", {}).items():  # naval-chess reads no d10 tables
            field = next(iter(table.fields))
            for col in table.columns:
                yield f"{game} {key} odds {col}", odds_chart(table, col, 0)
            yield f"{game} {key} table", table_heatmap(table)
            yield f"{game} {key} chance", chance_heatmap(table, field, modifiers=[0])
    awards = [{"side": "USN", "points": 3, "reason": "sunk", "rule": "3.4", "turn": 2}]
    yield "vp timeline", vp_timeline(awards, last_turn=16, title="Victory points by turn, with the net difference")
    yield "samar pool", pool_chart([5, 6, 9])
    notebook_title = "Firing throw: exactly k hits from 5, 6 and 9 dice"  # 02_gunnery.ipynb
    yield "samar pool (notebook title)", pool_chart([5, 6, 9], title=notebook_title)
    yield "samar pool narrow", pool_chart([2, 3], width=300)
    yield "samar at least one", at_least_one_chart()
    yield "samar panic", panic_chart({"USN destroyer, armor 1": (1, "USN")}, max_dice=4)
    yield "samar panic narrow", panic_chart({"USN destroyer, armor 1": (1, "USN")}, max_dice=4, width=320)


def test_every_chart_title_the_package_builds_fits_its_figure() -> None:
    seen = 0
    for what, fig in package_charts():
        assert fig.title.text.strip(), f"{what}: no title"
        assert not too_wide(fig), f"{what}: title cut off in a {fig.width}-pixel figure: {too_wide(fig)}"
        seen += 1
    assert seen > 20  # every game's tables were charted, not just a few


def test_wrap_title_breaks_between_words_and_keeps_every_word() -> None:
    text = "Surface Combat Results Table (8.3.6), column 1:1, modifier +2, with a few words more to wrap"
    out = wrap_title(text, 300)
    assert out.split() == text.split() and out.count("\n") >= 2
    assert all(len(line) * CHAR_PX <= 300 - MARGIN_PX for line in out.split("\n"))
    # cut where the punctuation separates the title's parts: before the case, after a comma
    assert wrap_title("Antiaircraft Table (8.1, 8.1.1), column 13+, modifier +0", 460) == (
        "Antiaircraft Table\n(8.1, 8.1.1), column 13+, modifier +0")
    assert wrap_title("Chance that one firing throw panics the target (6.5)", 320) == (
        "Chance that one firing throw panics\nthe target (6.5)")
    assert wrap_title("Short title", 600) == "Short title"
    assert wrap_title("two\nlines", 600) == "two\nlines"  # breaks the caller chose are kept


def test_fit_title_wraps_a_long_title_of_a_narrow_figure_in_place() -> None:
    from bokeh.plotting import figure

    fig = figure(width=260, title="A title much too long to fit on one line of a narrow chart")
    assert too_wide(fig)
    assert fit_title(fig) is fig and not too_wide(fig)
    assert fig.title.text.split() == "A title much too long to fit on one line of a narrow chart".split()
