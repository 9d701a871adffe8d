"""Real browser, Battle off Samar: Voilà serves the gunnery notebook, Chromium checks the map paints, Step changes
it, bokeh draws and the page logs no error. (Imperial Sunset's notebooks are in ``test_voila_notebooks.py``.)"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from test_voila_notebooks import _census, _fingerprint, _log_count, _open, _painted, _real_errors, _wait_for

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks" / "samar"


def test_samar_gunnery_notebook_paints_and_steps(browser: Any, voila: Any, output_dir: Path) -> None:
    server = voila(NOTEBOOKS / "02_gunnery.ipynb")
    ctx, page, errors = _open(browser, server.url)
    try:
        page.wait_for_selector(".leyte-step", timeout=180_000)
        assert _wait_for(lambda: _painted(page) > 50_000, 30), f"map canvas stayed blank: {_census(page)}"
        page.screenshot(path=str(output_dir / "samar_gunnery_loaded.png"), full_page=True)
        # the first map is the static one drawn for Yamato: arcs, range bands and the line of sight
        page.locator("canvas").first.screenshot(path=str(output_dir / "samar_gunnery_yamato_map.png"))
        app = page.locator(".leyte-app").first
        before_pixels, before_log = _fingerprint(page), _log_count(page)
        changed = False
        for _ in range(8):  # the example's first moves: select Yamato, fire at Johnston (the map outlines its bands)
            app.locator(".leyte-step").click()
            if _wait_for(lambda: _fingerprint(page) != before_pixels and _log_count(page) > before_log, 3):
                changed = True
                break
        app.screenshot(path=str(output_dir / "samar_gunnery_app_after_step.png"))
        assert changed, f"Step did not change the canvas and grow the log (log {before_log} -> {_log_count(page)})"
        time.sleep(0.3)
        assert page.locator(".bk-Figure").count() >= 2, "the firing-throw charts are missing"
        assert not _real_errors(errors), errors
    finally:
        ctx.close()
