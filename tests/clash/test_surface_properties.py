"""Clash surface battles played with random choices and random dice: every battle ends within 8 rounds, cites only
Clash's cases, leaves the hex as 12.9 says, and each side's log holds nothing of the other side's secret choices."""

from __future__ import annotations

import random

import pytest
from clash_surface_kit import HEX, battle, record

IJN = ["atago", "takao", "div-61", "yamato", "haruna", "myoko", "div-4", "nagato"]
USN = ["washington", "north-carolina", "desrn-52", "desdiv-104", "indianapolis"]


@pytest.mark.parametrize("seed", range(16))
def test_random_battles_end_by_the_rules(seed: int) -> None:
    rnd = random.Random(seed)
    ijn, usn = rnd.sample(IJN, rnd.randint(1, 4)), rnd.sample(USN, rnd.randint(1, 3))
    g = battle(ijn, usn, [], day=seed % 2 == 0, seed=seed)
    for _ in range(3000):
        if g.decision.kind == "test_end":
            break
        g.apply(rnd.choice(g.legal_actions()))
    assert g.decision.kind == "test_end" and record(g) is None
    rounds = [e.data["round"] for e in g.events if e.kind == "battle_round"]
    assert rounds == list(range(1, len(rounds) + 1)) and len(rounds) <= 8
    assert all(e.rule.startswith("12.") or e.rule == "9.3" for e in g.events), {e.rule for e in g.events}
    st, m = g.state, g.state.data.map
    moved = {e.data["side"]: e.data["hex"] for e in g.events if e.kind == "battle_place"}
    for side, tid in (("IJN", "ijn"), ("USN", "usn")):
        t = st.tfs[tid]
        if side in moved and moved[side] != HEX:
            assert t.hex == moved[side] and m.hex(t.hex) in m.neighbours(m.hex(HEX)) and t.mp_markers == 1
        else:
            assert t.hex == HEX and t.mp_markers == 0
    for viewer in ("IJN", "USN"):
        foe = "USN" if viewer == "IJN" else "IJN"
        secret = [e for e in g.log(viewer) if e.kind == "disengage_choice" and e.data.get("side") == foe]
        assert secret == []
