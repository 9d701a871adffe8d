"""Random playouts of the what-if scenario to the end, every invariant checked after every action (issue 4).

The body is in ``playout_kit.py``; one file per scenario so that the suite's workers share them out.
"""

from __future__ import annotations

import pytest
from playout_kit import playout


@pytest.mark.parametrize("seed", range(100, 165))
def test_random_playout_keeps_every_invariant(seed: int) -> None:
    playout("what-if", seed)
