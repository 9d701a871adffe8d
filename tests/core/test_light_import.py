"""`import leyte` stays light: no widget, canvas, plotting or pandas module (issue 2)."""

from __future__ import annotations

import subprocess
import sys


def test_import_leyte_loads_no_heavy_module() -> None:
    code = (
        "import sys, leyte; "
        "bad = [m for m in ('pandas', 'ipywidgets', 'ipycanvas', 'bokeh', 'numpy') if m in sys.modules]; "
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""


def test_listing_games_does_not_load_the_game_packages() -> None:
    code = "import sys, leyte; leyte.games(); print('leyte.rulebooks.imperial_sunset' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False"
