"""The speed caches behind the option lists (issue 7) never change what a question offers.

Options (in the core memo and in the rules' per-kind caches) and table reads are remembered between questions. Here a
random game is played and, at many of its decisions, the same question is asked again of a fresh copy of the
position with every remembered list forgotten: the options must come out the same, in the same order, with the
same words.
"""

from __future__ import annotations

import leyte
import leyte.core.flow as flow
from leyte.bots import RandomBot
from leyte.rulebooks.imperial_sunset import air, cap, strikes, surface, taskforces


def _forget() -> None:
    flow._MEMO.clear()
    for cached in (taskforces._transfer_option, taskforces._split_option, surface._area_option, surface._gun_option,
                   air._strike_option, cap.cap_other_option, strikes._compose_option):
        cached.cache_clear()


def _listed(d: leyte.Decision) -> list[tuple[str, tuple, str]]:
    return [(o.kind, o.params, o.text) for o in d.options]


def test_remembered_option_lists_equal_freshly_worked_out_ones() -> None:
    g = leyte.new_game("imperial-sunset", scenario="historical", seed=5)
    bots = {p: RandomBot(p, 100 + i) for i, p in enumerate(g.players)}
    checked: dict[str, int] = {}
    n = 0
    while (d := g.decision) is not None and n < 2500:
        if d.kind in ("reorganize", "tf_activation", "surface_move", "gunnery_designate", "strike_compose",
                      "air_activation") or n % 11 == 0:
            _forget()
            fresh = g.rules.decision(g.rules.copy_state(g.state))
            assert fresh is not None
            assert _listed(fresh) == _listed(d), f"decision {n} ({d.kind}) differs when worked out afresh"
            checked[d.kind] = checked.get(d.kind, 0) + 1
        g.apply(bots[d.player].choose({}, d))
        n += 1
    # the test means something only if the cached questions came up
    assert checked.get("reorganize", 0) >= 20 and checked.get("tf_activation", 0) >= 50, checked
    assert checked.get("surface_move", 0) >= 20 and checked.get("strike_compose", 0) >= 20, checked
