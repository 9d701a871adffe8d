"""The land package stays out of ``import leyte`` and names no game, and its pieces work together on one map."""

from __future__ import annotations

import pathlib
import subprocess
import sys

from leyte.core.hexgrid import HexMap
from leyte.core.reach import zones_of_control
from leyte.land import movement, supply

LAND = pathlib.Path(movement.__file__).parent


def test_import_leyte_does_not_load_the_land_package() -> None:
    code = "import sys, leyte; leyte.games(); print(any(m.startswith('leyte.land') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False"


def test_land_modules_name_no_game_and_import_only_core() -> None:
    for path in LAND.glob("*.py"):
        text = path.read_text(encoding="utf-8").lower()
        for word in ("imperial", "samar", "clash", "naval_chess", "leyte.rulebooks", "leyte.render", "\"usn\"",
                     "\"ijn\"", "japan", "allied"):
            assert word not in text, (path.name, word)


def test_zones_from_core_feed_movement_and_supply() -> None:
    m = HexMap.from_ascii(
        """
        ooooooo
        ooooooo
        oUoEooS
        ooooooo
        ooooooo
        """,
        legend={"o": "open"}, terrains=("open",))
    u, e = m.find("mark", "U")[0], m.find("mark", "E")[0]
    ezoc = zones_of_control(m, [e])
    moves = movement.destinations(m, u, 3, enter_cost=lambda h: 1, enemy={e}, ezoc=ezoc)
    assert e not in moves and all(moves[h].in_ezoc for h in moves if h in ezoc)
    # no destination lies beyond a zone hex on its route: the route stops at the first zone hex it enters
    for d in moves.values():
        assert not any(h in ezoc for h in d.path[1:-1])
    # the unit traces around the enemy's zone to a source on the far side, or not at all within 2 hexes
    far = m.find("mark", "S")[0]
    around = supply.trace(m, u, [far], 9, enemy={e}, ezoc=ezoc)
    assert around and not set(around.path[1:]) & (ezoc | {e}) and around.length > u.distance(far)
    assert supply.trace(m, u, [far], u.distance(far))  # straight through, with no enemy there
    assert not supply.trace(m, u, [far], around.length - 1, enemy={e}, ezoc=ezoc)
