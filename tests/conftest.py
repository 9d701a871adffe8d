"""Test-suite wiring: tests are imported by path (pytest --import-mode=importlib, so two folders may both hold a
``test_tables.py``), and each test folder's helper modules (``is_play``, ``samar_play``, ...) are importable by
name."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

for _d in sorted(Path(__file__).parent.iterdir()):
    if _d.is_dir() and not _d.name.startswith(("_", ".")) and str(_d) not in sys.path:
        sys.path.append(str(_d))


@pytest.fixture(scope="module")
def trio() -> Iterator[str]:
    """The three-seat trio test game, installed through a real entry point exactly as tests/conformance does it
    (and taken away again afterwards if we were the ones to install it), for the front ends' multi-seat tests."""
    import leyte

    here = Path(__file__).resolve().parent
    spec = importlib.util.spec_from_file_location("_trio_install_shared", here / "conformance" / "conftest.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # installs on import unless already installed
    try:
        assert "trio" in leyte.games()
        yield "trio"
    finally:
        if mod._tmp is not None:
            mod._uninstall()
