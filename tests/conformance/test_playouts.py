"""Seeded random playouts of every scenario of every registered game, to the end (OpenSpiel's random_sim_test).

At every decision the game must say who decides what with a finite, non-empty list of distinct options; the
decision and the legal actions agree; the game ends with a result; a finished game refuses every action.
"""

from __future__ import annotations

import json

import pytest
from conformance_kit import PLAYOUT_SEEDS, bots, scenario_params

import leyte
from leyte.core import registry


@pytest.mark.parametrize("game_id,scenario,seed", scenario_params("playout", seeds=PLAYOUT_SEEDS))
def test_random_playout_reaches_the_end_with_a_result(game_id: str, scenario: str, seed: int) -> None:
    g = leyte.new_game(game_id, scenario=scenario, seed=seed)
    players = bots(g, seed)
    assert set(players) == set(g.players) and len(g.players) >= 2
    n = 0
    seen_players: set[str] = set()
    while (d := g.decision) is not None:
        assert n < 200_000, f"{game_id}/{scenario} seed {seed}: no end after {n} decisions"
        assert d.player in g.players, f"decision {d.kind} for unknown player {d.player!r}"
        assert isinstance(d.kind, str) and d.kind and isinstance(d.rule, str) and d.rule
        assert isinstance(d.prompt, str) and d.prompt
        assert d.options, f"decision {d.kind} ({d.rule}) offers no option"
        assert len(set(d.options)) == len(d.options), f"decision {d.kind} ({d.rule}) repeats an option"
        assert g.legal_actions() == list(d.options)
        json.dumps(dict(d.data))  # the facts a prompt states are JSON-ready
        seen_players.add(d.player)
        n_events = len(g.events)
        new_events = g.apply(players[d.player].choose({}, d))
        assert g.events[n_events:] == new_events
        n += 1
    assert n > 0
    assert g.over and g.legal_actions() == []
    res = g.result
    assert isinstance(res, dict) and res.get("winner"), f"{game_id}/{scenario} seed {seed} ended without a winner"
    json.dumps(res)
    with pytest.raises(leyte.IllegalAction):
        g.apply({"kind": "pass"})


@pytest.mark.parametrize("game_id", [g for g in leyte.games()])
def test_every_game_lists_scenarios_and_players(game_id: str) -> None:
    r = registry.get(game_id)
    assert r.id == game_id and r.name
    assert r.scenario_ids(), f"{game_id} has no scenario"
    assert len(set(r.players)) == len(r.players) >= 2
    g = leyte.new_game(game_id)  # the first scenario is the default
    assert g.scenario_ref == r.scenario_ids()[0]
    assert set(g.sides) == set(g.players) and all(isinstance(s, str) and s for s in g.sides.values())
    with pytest.raises(leyte.LeyteError):
        leyte.new_game(game_id, scenario="no-such-scenario-xyz")
