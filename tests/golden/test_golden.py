"""Fixed-seed games of every scenario give exactly the event logs recorded in ``tests/golden/`` (see golden_kit)."""

from __future__ import annotations

import json

import pytest
from golden_kit import CASES, case_name, path_of, play


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}:{case_name(*c)}" for c in CASES])
def test_golden_playthrough_unchanged(case):
    want = json.loads(path_of(case).read_text(encoding="utf-8"))
    got = play(*case)
    # The first checkpoint that differs says roughly where the game diverged.
    first = next((i for i, (a, b) in enumerate(zip(got["checkpoints"], want["checkpoints"])) if a != b), None)
    where = f"events diverge within events {first * 500 + 1}-{(first + 1) * 500}" if first is not None else ""
    assert got == want, where or "the game's length or result changed"
