"""Take the README's and the game pages' screenshots: each game's app in Voilà, in headless Chromium at 1280×720.

For every registered game (or those named on the command line) this writes a one-cell notebook that opens the game
against its bots with the seat of its start-here notebook human (else the first player), serves it with Voilà (the
same isolated server the browser tests use, ``tests/browser/conftest.py``), waits for the map to paint and saves
``docs/screenshots/<game>-app.png``. Run it after a change a user would see, look at every picture, and commit
them::

    /work/venv/bin/python tools/screenshots.py [game ...]

Never ``playwright install``: the browser is Debian's chromium (``LEYTE_CHROMIUM`` to use another).
"""

from __future__ import annotations

import importlib.util
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
# the seat each game's start-here notebook gives the reader (a game not named here: its first player), so the
# picture on the game's page is the board a newcomer opens
SEATS = {"samar": "USN", "naval-chess": "Seventh Fleet", "clash-of-the-carriers": "IJN"}


def _browser_kit() -> object:
    spec = importlib.util.spec_from_file_location("browser_kit", ROOT / "tests" / "browser" / "conftest.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _notebook(game: str, first: str, folder: Path) -> Path:
    code = (
        "import leyte\n"
        "from leyte.jupyter import play\n"
        "from leyte.jupyter.session import player_kinds\n"
        f"g = leyte.new_game({game!r}, seed=1944)\n"
        f"bot = 'heuristic' if 'heuristic' in player_kinds({game!r}) else 'random'\n"
        f"play(g, players={{p: ('human' if p == {first!r} else bot) for p in g.players}}, viewer={first!r})\n"
    )
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "shot", "metadata": {}, "outputs": [],
                     "source": code.splitlines(True)}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    p = folder / f"{game}.ipynb"
    p.write_text(json.dumps(nb), encoding="utf-8")
    return p


def main(games: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    import leyte

    kit = _browser_kit()
    games = games or leyte.games()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        tmp_path = Path(tmp)
        browser = p.chromium.launch(executable_path=kit.CHROMIUM, headless=True, args=kit.CHROMIUM_ARGS)
        try:
            for game in games:
                first = SEATS.get(game) or leyte.new_game(game).players[0]
                server = kit.VoilaServer(_notebook(game, first, tmp_path), tmp_path)
                try:
                    server.wait()
                    page = browser.new_page(viewport={"width": 1280, "height": 720})
                    page.goto(server.url, timeout=300_000)
                    page.wait_for_selector(".leyte-step", timeout=300_000)
                    time.sleep(3)  # the canvas paints after the widgets appear
                    out = OUT / f"{game}-app.png"
                    page.screenshot(path=str(out))
                    print("wrote", out.relative_to(ROOT))
                    page.close()
                finally:
                    server.stop()
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
