"""RULINGS.md and PROVENANCE.md exist, are up to date with their fragments, and cover the known problems (issue 3)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "scenarios" / "imperial-sunset"


def test_assembled_files_match_their_fragments() -> None:
    res = subprocess.run([sys.executable, str(ROOT / "tools" / "build_rulings.py"), "--check"], capture_output=True,
                         text=True)
    assert res.returncode == 0, res.stderr


def test_rulings_cover_every_problem_games_md_lists() -> None:
    text = (DATA / "RULINGS.md").read_text(encoding="utf-8")
    assert re.search(r"3308.*3521|3521.*3308", text)  # PT zone, 11.2 vs 13.1.3.2
    assert "8.3.6" in text and re.search(r"six|seven", text)  # IJN torpedo range
    assert "Shima" in text and "3119" in text  # Shima Force in the strait hex
    assert "contents" in text and "3.1" in text  # the two sections numbered 3.1
    assert "2500" in text  # "west of hex-row 2500"


def test_provenance_explains_each_part() -> None:
    text = (DATA / "PROVENANCE.md").read_text(encoding="utf-8")
    for word in ("printed", "example", "reconstructed", "residual", "formula"):
        assert word in text, word
