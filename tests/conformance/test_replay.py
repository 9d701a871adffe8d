"""The invariants every game keeps about replaying (ARCHITECTURE.md): determinism, save/load/continue, undo, fork.

- same scenario + seed + bot seeds => the same events, byte for byte;
- saving at a decision, loading and playing on with identically seeded bots gives the game that was never saved;
- undo after an action returns to the identical position; a fork is independent of its parent.
"""

from __future__ import annotations

import pytest
from conformance_kit import SAMPLES, bots, new, play_out, sample_points, scenario_params, step, walk

import leyte

FORK_STEPS = 60  # decisions the fork plays on: enough to cross a phase or two

@pytest.mark.parametrize("game_id,scenario,seed", scenario_params("determinism"))
def test_same_seeds_give_the_same_events_byte_for_byte(game_id: str, scenario: str, seed: int) -> None:
    a, ba = new(game_id, scenario, seed)
    b, bb = new(game_id, scenario, seed)
    assert a.events_json() == b.events_json()  # set-up included
    play_out(a, ba)
    play_out(b, bb)
    assert a.events_json().encode() == b.events_json().encode()
    assert a.state_digest() == b.state_digest()
    assert [x.to_dict() for x in a.actions] == [x.to_dict() for x in b.actions]
    assert a.result == b.result
    for p in a.players:
        assert a.events_json(p) == b.events_json(p)
    # a different seed gives a different game (the seed is really used)
    c, bc = new(game_id, scenario, seed + 1)
    play_out(c, bc)
    assert c.events_json() != a.events_json()


@pytest.mark.parametrize("game_id,scenario,seed", scenario_params("save-load"))
def test_save_load_continue_equals_never_saving(game_id: str, scenario: str, seed: int) -> None:
    for at in sample_points(game_id, scenario, seed, 3)[1:]:
        g, b = new(game_id, scenario, seed)
        for _ in range(at):
            step(g, b)
        text = g.to_json()
        loaded = leyte.load_game(text)
        assert loaded.state_digest() == g.state_digest()
        assert loaded.events_json() == g.events_json()
        assert loaded.decision.to_dict() == g.decision.to_dict()
        assert loaded.to_json() == text
        # play both on with bots seeded alike (fresh bots: neither side of the comparison shares generator state)
        play_out(g, bots(g, seed + 100))
        play_out(loaded, bots(loaded, seed + 100))
        assert loaded.events_json().encode() == g.events_json().encode(), f"decision {at}: logs differ"
        assert loaded.state_digest() == g.state_digest()
        assert loaded.result == g.result
        again = leyte.load_game(g.to_json())  # a finished game's save loads to the same end
        assert again.over and again.state_digest() == g.state_digest()


@pytest.mark.parametrize("game_id,scenario,seed", scenario_params("undo"))
def test_undo_returns_to_the_identical_position(game_id: str, scenario: str, seed: int) -> None:
    for at, g, _ in walk(game_id, scenario, seed, SAMPLES):
        d = g.decision
        digest, log, decision = g.state_digest(), g.events_json(), d.to_dict()
        n_actions = len(g.actions)
        action = d.options[at % len(d.options)]  # not the bot's choice: the walk's bots must not be disturbed
        g.apply(action)
        assert len(g.actions) == n_actions + 1
        assert g.undo() == action
        assert g.state_digest() == digest, f"decision {at}: undo did not restore the state"
        assert g.events_json() == log
        assert g.decision.to_dict() == decision
        assert len(g.actions) == n_actions


@pytest.mark.parametrize("game_id,scenario,seed", scenario_params("fork"))
def test_a_fork_is_independent_of_its_parent(game_id: str, scenario: str, seed: int) -> None:
    for at, g, _ in walk(game_id, scenario, seed, SAMPLES):
        digest, log = g.state_digest(), g.events_json()
        f = g.fork()
        assert f.state_digest() == digest and f.events_json() == log
        # the fork plays on (a stretch of the game, or to its end); the parent does not move
        fb = bots(f, seed + 200)
        for _ in range(FORK_STEPS):
            if f.over:
                break
            step(f, fb)
        assert g.state_digest() == digest, f"decision {at}: playing the fork changed its parent"
        assert g.events_json() == log
        # and the other way round: a fork of the fork stays where it was when the first one plays a step
        parent, child = g.fork(), g.fork()
        d = parent.decision
        parent.apply(d.options[at % len(d.options)])
        assert child.state_digest() == digest and child.events_json() == log, f"decision {at}: the fork moved"
        child.apply(d.options[at % len(d.options)])
        assert child.state_digest() == parent.state_digest() and child.events_json() == parent.events_json()
