"""Real browser: Voilà serves the notebooks, headless Chromium checks the map paints, Step changes it, bokeh draws.

Run with ``pytest -m browser tests/browser``. Screenshots go to ``test-output/``.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"

# Pixel census of every <canvas> in the light DOM (ipycanvas; bokeh draws inside shadow roots and is not counted):
# how many pixels are painted, and a hash of all of them so any change shows.
CANVAS_CENSUS = """
() => {
  const out = [];
  for (const c of document.querySelectorAll('canvas')) {
    if (!c.width || !c.height) continue;
    const ctx = c.getContext('2d');
    if (!ctx) continue;
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let painted = 0, h = 7;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3]) painted++;
      h = (Math.imul(h, 31) + d[i] + 3 * d[i + 1] + 7 * d[i + 2] + 11 * d[i + 3]) >>> 0;
    }
    out.push({w: c.width, h: c.height, painted: painted, hash: h});
  }
  return out;
}
"""


def _census(page: Any) -> list[dict[str, int]]:
    return page.evaluate(CANVAS_CENSUS)


def _painted(page: Any) -> int:
    return sum(c["painted"] for c in _census(page))


def _fingerprint(page: Any) -> tuple[int, ...]:
    return tuple(c["hash"] for c in _census(page))


def _wait_for(pred: Any, timeout: float = 20.0, every: float = 0.25) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(every)
    return False


def _open_page(
    browser: Any, url: str, timeout_ms: int, viewport: tuple[int, int] = (1500, 1100)
) -> tuple[Any, Any, list[str]]:
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("requestfailed", lambda r: errors.append(f"requestfailed: {r.url} {r.failure}"))
    try:
        page.goto(url, timeout=timeout_ms, wait_until="domcontentloaded")
    except Exception:
        ctx.close()
        raise
    return ctx, page, errors


def _open(
    browser: Any, voila: Any, notebook: Path, viewport: tuple[int, int] = (1500, 1100)
) -> tuple[Any, Any, Any, list[str]]:
    """Serve ``notebook`` with Voilà and load it: (server, context, page, errors).

    On a loaded CI machine a Voilà kernel has twice hung without answering (the page never arrived in 300 s, while
    the same notebook ran in seconds under nbval and in 40 s here alone). That is the server's start-up, not what
    we test, so a page that does not arrive in 150 s gets one fresh Voilà server; a second failure fails the test
    with the first server's log attached, so a real hang in the notebook still shows.
    """
    from playwright.sync_api import TimeoutError as PageTimeout

    server = voila(notebook)
    try:
        return (server, *_open_page(browser, server.url, 150_000, viewport))
    except PageTimeout:
        first_log = server.log.read_text(errors="replace")[-4000:]
        server.stop()
    server = voila(notebook)
    try:
        return (server, *_open_page(browser, server.url, 300_000, viewport))
    except PageTimeout as e:
        raise AssertionError(f"Voilà did not serve {notebook.name} twice; first server's log:\n{first_log}") from e


def _log_count(page: Any) -> int:
    el = page.query_selector(".leyte-log-box")
    return int(el.get_attribute("data-count")) if el else -1


def _real_errors(errors: list[str]) -> list[str]:
    """Errors that count. Voilà's lab template always links Font Awesome from a CDN, which fails offline (CI) and
    is harmless: those failed requests, and the console's matching "Failed to load resource" lines (every failed
    request is also listed as ``requestfailed``, so nothing else hides behind them), are tolerated."""
    out = []
    for e in errors:
        if e.startswith("requestfailed:") and "fontawesome" in e:
            continue
        if e.startswith("console: Failed to load resource: net::ERR_NAME_NOT_RESOLVED"):
            continue
        if "favicon" in e:
            continue
        out.append(e)
    return out


@pytest.mark.parametrize("name", ["06_surface_combat", "05_air_combat"])
def test_worked_example_notebook_paints_and_steps(browser: Any, voila: Any, output_dir: Path, name: str) -> None:
    nb = NOTEBOOKS / "imperial-sunset" / f"{name}.ipynb"
    server, ctx, page, errors = _open(browser, voila, nb)
    try:
        page.wait_for_selector(".leyte-step", timeout=300_000)
        assert _wait_for(lambda: _painted(page) > 20_000, 30), f"map canvas stayed blank: {_census(page)}"
        before_pixels, before_log = _fingerprint(page), _log_count(page)
        for _ in range(12):  # the example's first moves
            page.locator(".leyte-step").first.click()
            time.sleep(0.15)
        assert _wait_for(lambda: _fingerprint(page) != before_pixels and _log_count(page) > before_log, 10)
        page.locator(".leyte-app").first.screenshot(path=str(output_dir / f"{name}_app.png"))
        assert page.locator(".bk-Figure").count() >= 1, "no bokeh figure"
        assert not _real_errors(errors), errors
    finally:
        ctx.close()


# -- Battle off Samar (kept in this file so the Voila servers of the two games never run side by side) -----------

SAMAR_NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks" / "samar"


def test_samar_gunnery_notebook_paints_and_steps(browser: Any, voila: Any, output_dir: Path) -> None:
    server, ctx, page, errors = _open(browser, voila, SAMAR_NOTEBOOKS / "02_gunnery.ipynb")
    try:
        page.wait_for_selector(".leyte-step", timeout=300_000)
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


# The start-here notebooks of every game are driven in test_start_here_apps.py (a list, a map click, bot play).
