"""Test-suite wiring: tests are imported by path (pytest --import-mode=importlib, so two folders may both hold a
``test_tables.py``), and each test folder's helper modules (``is_play``, ``samar_play``, ...) are importable by
name."""

from __future__ import annotations

import sys
from pathlib import Path

for _d in sorted(Path(__file__).parent.iterdir()):
    if _d.is_dir() and not _d.name.startswith(("_", ".")) and str(_d) not in sys.path:
        sys.path.append(str(_d))
