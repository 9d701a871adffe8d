"""Install the trio test game through a real ``leyte.games`` entry point before the conformance tests are collected.

The conformance tests are parametrised over ``leyte.games()`` at collection time, so the game must be discoverable
when this file is imported, not later in a fixture. We do what ``pip install`` would do, minus the copying: write a
``trio_game-0.1.dist-info`` folder (METADATA and entry_points.txt) into a temporary directory and put that
directory, and the folder holding the ``trio_game`` package, on ``sys.path``. ``importlib.metadata`` then finds the
entry point exactly as it finds an installed game's, and the core registry knows nothing special about it.

Everything is taken back when the session ends: the paths, the temporary directory, the imported modules and the
registry's caches.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from importlib import metadata
from pathlib import Path

from leyte.core import registry

HERE = Path(__file__).parent
GAME_ID = "trio"
ENTRY_POINT = "trio_game:PLUGIN"

_added: list[str] = []
_tmp: Path | None = None


def _install() -> None:
    global _tmp
    if any(ep.name == GAME_ID for ep in metadata.entry_points(group=registry.GROUP)):
        return  # already installed (a second import of this conftest, or a real installation)
    _tmp = Path(tempfile.mkdtemp(prefix="leyte-trio-"))
    info = _tmp / "trio_game-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: trio_game\nVersion: 0.1\n"
                                   "Summary: a three-player test game for leyte's conformance suite\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{registry.GROUP}]\n{GAME_ID} = {ENTRY_POINT}\n", encoding="utf-8")
    for p in (str(_tmp), str(HERE)):
        if p not in sys.path:
            sys.path.append(p)
            _added.append(p)


def _uninstall() -> None:
    global _tmp
    for p in _added:
        while p in sys.path:
            sys.path.remove(p)
    _added.clear()
    if _tmp is not None:
        shutil.rmtree(_tmp, ignore_errors=True)
        _tmp = None
    registry.unregister(GAME_ID)
    for name in [m for m in sys.modules if m == "trio_game" or m.startswith("trio_game.")]:
        del sys.modules[name]


_install()


def pytest_sessionfinish(session: object, exitstatus: int) -> None:
    _uninstall()
