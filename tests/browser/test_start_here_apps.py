"""Real browser, a projector's 1280x720: each game's start-here app served by Voilà, driven as a newcomer would.

For every game one test (one Voilà server) plays its way forward from the first human decision until it has
done all three of:

- a decision with many options through the grouped list: the group selector lists kinds with their counts, the
  filter box is typed into and narrows the list, an option is picked and "Play this option" plays exactly it;
- a click on a highlighted hex of the map canvas, at the pixel the app says that hex is drawn at
  (``GameApp.map_targets``, carried in the page), which plays the option pointing there;
- bot play with "▶ Play bots": the human's seat is handed to a bot, the log grows tick by tick (so the hidden Play
  widget still ticks in a real browser), and the bots stop — at "■ Stop", or by themselves when the seat is handed
  back to a human and its decision comes up.

On the way it checks the words a class reads are there and large enough (computed font size of the prompt, the
option controls, Play/Stop and the log at least 13 px), and that only the labelled Play/Stop show, not the raw
ipywidgets Play widget too. Screenshots go to ``test-output/start_here_<game>_*.png``. Run one file at a time:
``pytest -m browser -n 0 tests/browser/test_start_here_apps.py``.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from test_voila_notebooks import _census, _fingerprint, _open, _painted, _real_errors, _wait_for

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PROJECTOR = (1280, 720)
MIN_FONT_PX = 13.0
APP = ".leyte-app"

# Every visible element of the page under the selector that holds text of its own, with its computed font size
# (a <select> counts once, for its options' text).
FONT_SIZES = """
(sel) => {
  const out = [];
  for (const root of document.querySelectorAll(sel)) {
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (el.tagName === 'OPTION' || !el.getClientRects().length) continue;
      const own = el.tagName === 'SELECT' ? el.options.length > 0
        : [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
      if (own) out.push([parseFloat(getComputedStyle(el).fontSize), (el.innerText || '').trim().slice(0, 40)]);
    }
  }
  return out;
}
"""


def _fonts(page: Any, sel: str) -> list[tuple[float, str]]:
    return [(float(px), text) for px, text in page.evaluate(FONT_SIZES, sel)]


def _check_fonts(page: Any, sel: str, what: str) -> None:
    sizes = _fonts(page, sel)
    assert sizes, f"no {what} text on the page ({sel})"
    small = [(px, t) for px, t in sizes if px < MIN_FONT_PX]
    assert not small, f"{what} text smaller than {MIN_FONT_PX} px, unreadable from the back row: {small[:5]}"


def _log_count(page: Any) -> int:
    el = page.query_selector(f"{APP} .leyte-log-box")
    return int(el.get_attribute("data-count")) if el else -1


def _plain(text: str) -> str:
    """Text as the engine wrote it: ipywidgets' list shows spaces as no-break spaces."""
    return text.replace("\xa0", " ").strip()


def _options(page: Any) -> list[str]:
    return [_plain(t) for t in page.locator(f"{APP} .leyte-option-list select option").all_inner_texts()]


def _message(page: Any) -> str:
    return _plain(page.locator(f"{APP} .leyte-message").first.inner_text())


def _prompt(page: Any) -> str:
    return page.locator(f"{APP} .leyte-prompt").first.inner_text()


def _targets(page: Any) -> list[dict[str, Any]]:
    el = page.query_selector(f"{APP} .leyte-map-targets")
    return json.loads(el.get_attribute("data-targets")) if el else []


def _state(page: Any) -> tuple[str, str, int]:
    return (_prompt(page), _message(page), _log_count(page))


def _click_and_settle(page: Any, locator: Any) -> None:
    """Click, wait for the kernel's answer to show (on a loaded machine it may take seconds), then for quiet."""
    before = _state(page)
    locator.click()
    assert _wait_for(lambda: _state(page) != before, 60), f"nothing changed after the click: {before}"
    _settled(page)


def _settled(page: Any, quiet: float = 1.5, timeout: float = 30.0) -> None:
    """Wait until the app stops changing (the kernel answered and the bots are done): the prompt, the message and
    the log stay the same for ``quiet`` seconds."""
    end = time.monotonic() + timeout
    last, since = None, time.monotonic()
    while time.monotonic() < end:
        now = _state(page)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return
        time.sleep(0.2)
    raise AssertionError(f"the app kept changing for {timeout} s: {last}")


def _is_your_turn(page: Any) -> bool:
    return "Your turn" in _prompt(page)


def _groups(page: Any) -> list[str]:
    return [_plain(g) for g in page.locator(f"{APP} .leyte-groups select option").all_inner_texts()]


def _offers_group(page: Any, group: str | None) -> bool:
    """The list's group selector has the group named ``group`` (any group when None)."""
    return group is None or any(g.startswith(f"{group} (") for g in _groups(page))


def _play_from_list(page: Any, game: str, out: Path, group: str | None = None) -> str:
    """A decision with many options: the grouped list (switched to ``group`` when named), the filter typed into, the
    option picked and played."""
    app = page.locator(APP).first
    groups = _groups(page)
    assert groups and all(re.search(r"\(\d+\)$", g) for g in groups), f"groups without counts: {groups}"
    if group is not None:
        label = next(g for g in groups if g.startswith(f"{group} ("))
        shown = _options(page)
        app.locator(".leyte-groups select").select_option(label=label)
        want = int(re.search(r"\((\d+)\)$", label).group(1))
        assert _wait_for(lambda: _options(page) != shown and len(_options(page)) == want, 20), \
            f"choosing the group {label!r} did not show its {want} options: {_options(page)[:5]}"
    listed = _options(page)
    assert len(listed) >= 2, f"the list offers too little: {listed}"
    # never an empty selection: the list opens with an option selected and Play enabled
    assert app.locator(".leyte-option-list select").input_value() != ""
    assert app.locator(".leyte-go").is_enabled()
    target = listed[-1]
    # type the word of the last option's text that the fewest other options share: the list must narrow to it
    tokens = [w for w in re.findall(r"[A-Za-z][A-Za-z.]{2,}", target)] or [target]
    word = min(tokens, key=lambda w: (sum(w.lower() in t.lower() for t in listed), -len(w)))
    box = app.locator(".leyte-filter input")
    box.click()
    box.press_sequentially(word, delay=40)
    assert _wait_for(
        lambda: (opts := _options(page))
        and target in opts and all(word.lower() in o.lower() for o in opts), 20
    ), f"typing {word!r} did not narrow the list to options holding it"
    narrowed = _options(page)
    note = app.locator(".leyte-filter-note").inner_text()
    assert f"{len(narrowed)} of" in note, note
    page.screenshot(path=str(out / f"start_here_{game}_list.png"))
    app.locator(".leyte-option-list select").select_option(index=narrowed.index(target))
    app.locator(".leyte-go").click()
    # the panel says what was played ("USN played: ..."), only after the engine took it
    assert _wait_for(lambda: f"played: {target}" in _message(page), 30), f"Play this option did not play {target!r}: " \
        f"{_message(page)!r}"
    _settled(page)
    return target


def _play_by_map_click(page: Any, game: str, out: Path) -> str:
    """A click on a highlighted hex, at the pixel where the map draws it, plays the option pointing there."""
    app = page.locator(APP).first
    one = [t for t in _targets(page) if t["options"] == 1]
    assert one, f"no hex on the map that one option points at: {_targets(page)}"
    t = one[len(one) // 2]
    canvas = app.locator(".leyte-map-canvas").first
    canvas.scroll_into_view_if_needed()
    page.screenshot(path=str(out / f"start_here_{game}_before_click.png"))
    pixels = _fingerprint(page)
    canvas.click(position={"x": t["x"], "y": t["y"]})
    assert _wait_for(lambda: f"played: {t['text']}" in _message(page), 30), \
        f"a click on {t['hex']} at ({t['x']}, {t['y']}) did not play {t['text']!r}: {_message(page)!r}"
    _settled(page)
    assert _wait_for(lambda: _fingerprint(page) != pixels, 20), "the map was not redrawn after the click"
    return t["hex"]


def _bots_play(page: Any, game: str, seat: str, out: Path, stop_by: str) -> None:
    """Hand the seat to a bot, ▶ Play bots, watch the log grow, and see the bots stop: by ■ Stop, or by themselves
    once the seat is human again and its decision comes up."""
    app = page.locator(APP).first
    seat_box = app.locator(f".leyte-player-{'-'.join(seat.split())} select")
    before = _state(page)
    seat_box.select_option("random")
    assert _wait_for(lambda: _state(page) != before, 60), "handing the seat to a bot changed nothing"
    _settled(page)
    start = _log_count(page)
    app.locator(".leyte-play").click()
    assert _wait_for(lambda: _log_count(page) >= start + 3, 60), \
        f"▶ Play bots did not advance the game (log {start} -> {_log_count(page)}): {_message(page)!r}"
    assert page.locator(f"{APP} .leyte-ticker").first.is_hidden(), "the raw Play widget shows"
    page.screenshot(path=str(out / f"start_here_{game}_bots.png"))
    if stop_by == "stop":
        app.locator(".leyte-stop").click()
        assert _wait_for(lambda: _message(page).startswith("Stopped"), 60), _message(page)  # loaded machines are slow
    else:
        seat_box.select_option("human")
        assert _wait_for(lambda: _is_your_turn(page), 90), f"the bots did not stop at {seat}'s decision"
    _settled(page, quiet=3.0)
    stopped = _log_count(page)
    time.sleep(2.0)
    assert _log_count(page) == stopped, "the bots kept playing after they should have stopped"


def _drive(
    browser: Any, voila: Any, out: Path, game: str, notebook: Path, seat: str, stop_by: str, also: Any = None,
    list_group: str | None = None,
) -> None:
    """The three things for one game's notebook; ``also(page)`` checks what else that notebook promises. With
    ``list_group`` the list is driven only at a decision offering that group of options, through that group (a game
    whose early long lists are better answered by a click on the map)."""
    server, ctx, page, errors = _open(browser, voila, notebook, viewport=PROJECTOR)
    try:
        page.wait_for_selector(f"{APP} .leyte-prompt", timeout=300_000)
        assert _wait_for(lambda: _painted(page) > 50_000, 60), "the map canvas stayed blank"
        _settled(page)
        if also is not None:
            also(page)
        page.screenshot(path=str(out / f"start_here_{game}_loaded.png"))
        # one pair of play buttons, labelled and explained; the ticker behind them is hidden
        assert page.locator(f"{APP} .leyte-play").first.inner_text().strip() == "▶ Play bots"
        assert page.locator(f"{APP} .leyte-stop").first.inner_text().strip() == "■ Stop"
        for sel in (".leyte-play", ".leyte-stop"):
            assert page.locator(f"{APP} {sel}").first.get_attribute("title"), f"{sel} has no tooltip"
        assert page.locator(f"{APP} .widget-play").count() == 1, "the ticker is not in the page: nothing would tick"
        assert page.locator(f"{APP} .widget-play").first.is_hidden(), "the raw ipywidgets Play shows beside ▶ ■"
        _check_fonts(page, f"{APP} .leyte-play", "Play bots")
        _check_fonts(page, f"{APP} .leyte-stop", "Stop")
        _check_fonts(page, f"{APP} .leyte-log-pane", "log")
        listed = clicked = ""
        for _ in range(12):  # play forward from the first decision until both a list and a map click were used
            assert _is_your_turn(page), f"expected {seat}'s decision: {_prompt(page)!r}"
            assert "What to do now" in _prompt(page), _prompt(page)
            _check_fonts(page, f"{APP} .leyte-prompt", "prompt")
            has_list = page.locator(f"{APP} .leyte-option-list").count() > 0 and \
                page.locator(f"{APP} .leyte-option-list").first.is_visible()
            if has_list:
                _check_fonts(page, f"{APP} .leyte-option-list", "option list")
                _check_fonts(page, f"{APP} .leyte-go", "Play this option")
            else:
                _check_fonts(page, f"{APP} .leyte-option", "option button")
            if not listed and has_list and _offers_group(page, list_group):
                listed = _play_from_list(page, game, out, list_group)
            elif not clicked and any(t["options"] == 1 for t in _targets(page)):
                clicked = _play_by_map_click(page, game, out)
            elif has_list:  # neither needed here: play on with the list's selected option
                _click_and_settle(page, page.locator(f"{APP} .leyte-go"))
            else:
                buttons = page.locator(f"{APP} .leyte-option:not(.leyte-usual)")
                _click_and_settle(page, (buttons if buttons.count() else page.locator(f"{APP} .leyte-option")).first)
            if listed and clicked:
                break
        assert listed and clicked, f"did not reach both a long list and a map click (list {listed!r}, " \
            f"click {clicked!r})"
        page.screenshot(path=str(out / f"start_here_{game}_after_click.png"))
        _bots_play(page, game, seat, out, stop_by)
        page.screenshot(path=str(out / f"start_here_{game}_end.png"))
        assert not _real_errors(errors), errors
    finally:
        ctx.close()


def _bokeh_draws(page: Any) -> None:
    assert page.locator(".bk-Figure").count() >= 1 or page.locator(".bk-root").count() >= 1, "no bokeh figure"


def _map_fills_a_projector(page: Any) -> None:
    # the lettered map is taller than wide: it should fill most of a 720-pixel-high projector image
    heights = [c["h"] for c in _census(page)]
    assert max(heights) >= 480, f"the map is too small to read on a projector: {_census(page)}"


def test_imperial_sunset_start_here_list_map_click_and_bots(browser: Any, voila: Any, output_dir: Path) -> None:
    """The IJN: Ozawa's entry hex clicked on the map, a 42-option reorganisation through the list, then ■ Stop;
    the notebook's bokeh chart draws too."""
    _drive(browser, voila, output_dir, "imperial-sunset", NOTEBOOKS / "00_start_here.ipynb", "IJN", "stop",
           also=_bokeh_draws)


def test_samar_start_here_list_map_click_and_bots(browser: Any, voila: Any, output_dir: Path) -> None:
    """Taffy 3: a ship picked from the list of 13, a step clicked on the map, then the bots stop by themselves."""
    _drive(browser, voila, output_dir, "samar", NOTEBOOKS / "samar" / "00_start_here.ipynb", "USN", "human")


def test_naval_chess_start_here_list_map_click_and_bots(browser: Any, voila: Any, output_dir: Path) -> None:
    """Kinkaid: a move from the grouped list, a move clicked on the map, then ■ Stop; the lettered map is painted
    big enough for a projector (small maps are scaled up)."""
    _drive(browser, voila, output_dir, "naval-chess", NOTEBOOKS / "naval-chess" / "00_start_here.ipynb",
           "Seventh Fleet", "stop", also=_map_fills_a_projector)


def test_clash_start_here_list_map_click_and_bots(browser: Any, voila: Any, output_dir: Path) -> None:
    """Ozawa: the Forces picked by button, the Mobile Fleet's set-up hex clicked on the map (16.1.1), a shift of a
    division between Forces found by the filter in the 77-option formations list (5.1), then ■ Stop."""
    _drive(browser, voila, output_dir, "clash-of-the-carriers",
           NOTEBOOKS / "clash-of-the-carriers" / "00_start_here.ipynb", "IJN", "stop", list_group="shift")
