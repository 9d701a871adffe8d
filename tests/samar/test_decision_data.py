"""Every Samar decision carries, in ``Decision.data``, the facts its prompt gives in words (issue 13, item 3): the
ship deciding, its hex, facing and speed marker, the hexes of its move still to go, the entry hex, the attacks and
their dice, the turn. The values must agree with the state they describe, be JSON-ready and use snake_case keys.
The map is open to both sides (2.0), so every fact is one the deciding player may know; the tests also check each
ship fact against the deciding player's own view.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from samar_play import game

import leyte
from leyte.bots import make_bot
from leyte.rulebooks.samar import gunnery
from leyte.rulebooks.samar.geometry import FACING_NAMES, step
from leyte.simulation import bot_view

SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
EVERY_KIND = {"setup", "speed", "step", "select_ship", "select_firer", "fire", "first_mover", "entry_hex",
              "entry_facing", "taffy2", "air_strike"}


def snake_keys(x: Any) -> list[str]:
    """Every mapping key at any depth that is not snake_case (ship ids and speed names are keys too)."""
    bad: list[str] = []
    if isinstance(x, dict):
        for k, v in x.items():
            if not (isinstance(k, str) and SNAKE.match(k)):
                bad.append(repr(k))
            bad += snake_keys(v)
    elif isinstance(x, list):
        for v in x:
            bad += snake_keys(v)
    return bad


def check(g: leyte.Game, d: leyte.Decision) -> None:
    """What the data must say for each kind of decision, against the state and the options."""
    data = dict(d.data)
    assert data, f"{d.kind} ({d.rule}) has no data"
    assert json.loads(json.dumps(data)) == data, f"{d.kind}: data is not JSON-ready"
    assert not snake_keys(data), f"{d.kind}: keys not in snake_case: {snake_keys(data)}"
    st = g.state
    fr = st.stack[-1]
    if "ship" in data and d.kind not in ("setup", "entry_hex", "entry_facing"):
        s = st.ships[data["ship"]]
        seen = bot_view(g, d.player)["ships"][s.id]  # the decider sees what the data says (2.0)
        for key in ("hex", "facing", "speed", "speed_state", "panic", "side"):
            assert data[key] == seen[key], (d.kind, key)
        assert data["facing_name"] == FACING_NAMES[s.facing]
        assert all(o.get("ship") in (None, s.id) for o in d.options)
    if d.kind == "speed":
        assert sorted(data["mp_by_speed"]) == sorted(o["speed"] for o in d.options)
        assert data["mover"] == d.player
        for o in d.options:
            assert f"({data['mp_by_speed'][o['speed']]} hexes)" in o.text
    elif d.kind == "step":
        assert (data["step"], data["mp"], data["mp_left"]) == (fr["moved"] + 1, fr["mp"], fr["mp"] - fr["moved"])
        ahead = step(leyte.rules("samar").map.hex(data["hex"]), data["facing"])
        for o in d.options:
            if o.kind == "advance":
                assert leyte.rules("samar").map.hex(o["to"]) == ahead  # across the bow of the data's facing (4.2)
    elif d.kind == "fire":
        attacks = [(a["weapon"], a["target"]) for a in data["attacks"]]
        assert attacks == [(o["weapon"], o["target"]) for o in d.options if o.kind == "fire"]
        s = st.ships[data["ship"]]
        for a in data["attacks"]:
            t = st.ships[a["target"]]
            info = gunnery.firing_dice(st, s, t, a["weapon"])
            assert (a["dice"], a["range"], a["target_hex"]) == (info["dice"], info["range"], t.hex)
    elif d.kind == "select_firer":
        assert [f["ship"] for f in data["firers"]] == [o["ship"] for o in d.options if o.kind == "select_firer"]
        assert data["side"] == d.player
    elif d.kind == "select_ship":
        assert [x["ship"] for x in data["ships"]] == [o["ship"] for o in d.options]
        assert data["ships_left"] == len(d.options)
        for x in data["ships"]:
            assert x["hex"] == st.ships[x["ship"]].hex
    elif d.kind == "setup":
        assert {o["ship"] for o in d.options} == {data["ship"]}
        m = leyte.rules("samar").map
        for o in d.options:
            assert m.distance(m.hex(o["hex"]), m.hex(data["centre"])) <= data["radius"]  # 3.1
    elif d.kind == "entry_hex":
        assert {o["ship"] for o in d.options} == {data["ship"]} and data["side"] == d.player
    elif d.kind == "entry_facing":
        assert data["hex"] == fr["hex"] and data["ship"] == d.options[0]["ship"]
    elif d.kind == "taffy2":
        assert data["entered"] == fr["count"] and data["pool"] == st.pools["taffy2"]
    elif d.kind == "air_strike":
        assert {o["unit"] for o in d.options if o.kind == "air_strike"} <= set(data["ready"])
        for u in data["ready"]:
            assert st.air[u].side == d.player and st.air[u].where == "available"
    elif d.kind == "first_mover":
        view = bot_view(g, d.player)
        assert (data["turn"], data["time"]) == (view["turn"], view["time"])
    if "turn" in data:
        assert data["turn"] == st.turn


@pytest.mark.parametrize("seed,options", [(1, {"setup_by_hand": True}), (4, {"alternate_movement": True})])
def test_every_decision_of_a_random_game_carries_its_facts(seed: int, options: dict[str, Any]) -> None:
    g = leyte.new_game("samar", scenario="historical", seed=seed, options=options)
    bots = {p: make_bot("random", "samar", p, seed * 1000 + i) for i, p in enumerate(g.players)}
    kinds = set()
    while g.decision is not None:
        d = g.decision
        check(g, d)
        kinds.add(d.kind)
        g.apply(bots[d.player].choose(bot_view(g, d.player), d))
    # the game asked every kind of question, and each was checked; set-up questions only when placing by hand (3.1)
    assert kinds == (EVERY_KIND if options.get("setup_by_hand") else EVERY_KIND - {"setup"})


def test_4_2_step_data_counts_the_hexes_left_of_the_move() -> None:
    # Johnston (speed 6 at battle) moves on its own; each step's data says how many hexes it still has to go.
    g = game([{"id": "johnston", "hex": "1020", "facing": 0}], start="movement")
    g.apply({"kind": "first_mover", "side": "USN"})
    g.apply({"kind": "move_ship", "ship": "johnston"})
    assert g.decision.kind == "speed" and g.decision.data["mp_by_speed"]["battle"] == 6
    g.apply({"kind": "speed", "ship": "johnston", "speed": "battle"})
    seen = []
    while g.decision is not None and g.decision.kind == "step":
        d = g.decision
        seen.append((d.data["hex"], d.data["step"], d.data["mp_left"]))
        g.apply(next(o for o in d.options if o.kind == "advance" and o["facing"] == 0 and not o["smoke"]))
    assert seen == [("1020", 1, 6), ("1019", 2, 5), ("1018", 3, 4), ("1017", 4, 3), ("1016", 5, 2), ("1015", 6, 1)]
