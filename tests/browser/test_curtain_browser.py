"""Real browser: a hot-seat game served by Voilà at a projector's 1280x720. The curtain fills the game's part of the
page with nothing of the game in it; its button brings the map back painted (a canvas attached again after it was
taken out of the page must draw again); when the seat hands the decision on, the curtain falls for the next seat.

Run with ``pytest -m browser tests/browser/test_curtain_browser.py``. Screenshots go to ``test-output/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_voila_notebooks import _census, _open_page, _painted, _real_errors, _wait_for

pytestmark = pytest.mark.browser

GAME = "leyte.new_game('naval-chess', seed=1)"
PLAYERS = "{'IJN': 'human', 'Third Fleet': 'human', 'Seventh Fleet': 'random'}"


def hot_seat_notebook(folder: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell("import leyte\nfrom leyte.jupyter import GameApp"),
        nbformat.v4.new_code_cell(f"app = GameApp({GAME}, players={PLAYERS})\napp"),
    ]
    path = folder / "hot_seat.ipynb"
    nbformat.write(nb, path)
    return path


def test_hot_seat_curtain_hides_the_game_and_its_button_brings_the_painted_map_back(
    browser: Any, voila: Any, output_dir: Path, tmp_path: Path
) -> None:
    server = voila(hot_seat_notebook(tmp_path))
    ctx, page, errors = _open_page(browser, server.url, 300_000)
    try:
        page.set_viewport_size({"width": 1280, "height": 720})
        curtain = page.locator(".leyte-curtain")
        curtain.wait_for(timeout=300_000)
        page.screenshot(path=str(output_dir / "curtain_ijn.png"))
        text = curtain.inner_text()
        assert "Pass the screen to IJN" in text
        assert page.locator(".leyte-log-pane").count() == 0 and page.locator(".leyte-prompt").count() == 0
        assert page.locator(".leyte-option").count() == 0
        box = curtain.bounding_box()
        assert box and box["width"] >= 1000 and box["height"] >= 500, box  # it covers the game's part of the page
        button = page.locator(".leyte-curtain-button")
        assert "I am IJN: show my screen" in button.inner_text()
        size = button.evaluate("b => parseFloat(getComputedStyle(b).fontSize)")
        assert size >= 28, size
        button.click()
        assert _wait_for(lambda: page.locator(".leyte-curtain").count() == 0, 30)
        assert _wait_for(lambda: _census(page) and _painted(page) >= 0.9 * max(c["w"] * c["h"] for c in _census(page)),
                         30), f"the map came back blank: {_census(page)}"
        page.screenshot(path=str(output_dir / "curtain_ijn_revealed.png"))
        # IJN plays its first option until the screen must pass to the other human seat
        for _ in range(60):
            if page.locator(".leyte-curtain").count():
                break
            before = page.locator(".leyte-prompt").inner_text()
            opts = page.locator(".leyte-option")
            try:  # the panel is rebuilt after each move: a button found a moment ago may be gone; look again
                (opts.first if opts.count() else page.get_by_role("button", name="Play this option")).click(
                    timeout=5_000)
            except PlaywrightTimeout:
                continue
            _wait_for(lambda b=before: page.locator(".leyte-curtain").count() > 0
                      or page.locator(".leyte-prompt").inner_text() != b, 10)
        assert page.locator(".leyte-curtain").count() == 1, "the decision never passed to the other human seat"
        assert _wait_for(lambda: "Third Fleet" in page.locator(".leyte-curtain").inner_text(), 10)
        page.screenshot(path=str(output_dir / "curtain_third_fleet.png"))
        assert not _real_errors(errors), errors
    finally:
        ctx.close()
