"""The forward model a search bot stands on (issue 19): a cheap, independent copy of a position (``Game.fork`` through
``plain.clone_state``), stepped exactly as the ordinary game, and reseeded to sample its own future.

Every registered game is checked with a few hundred seeded random actions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any

import pytest

import leyte
from leyte.core.game import Game, canonical
from leyte.core.plain import clone_state

GAMES = leyte.games()
STEPS = 300


def _position(gid: str, seed: int) -> str:
    g = leyte.new_game(gid, seed=seed)
    return canonical(g.rules.state_to_dict(g.state))


def _plain(g: Game) -> str:
    return canonical(g.rules.state_to_dict(g.state))


def _random_game(gid: str, seed: int, steps: int) -> Game:
    g = leyte.new_game(gid, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        d = g.decision
        if d is None:
            break
        g.apply(rng.choice(d.options))
    return g


def _mutables(v: Any, seen: dict[int, str], where: str) -> None:
    """Record every mutable object reachable from ``v``; fail on one reached twice (clone_state would split it)."""
    frozen = is_dataclass(v) and type(v).__dataclass_params__.frozen
    if isinstance(v, (dict, list)) or (is_dataclass(v) and not frozen):
        assert id(v) not in seen, f"{where} is the same object as {seen[id(v)]}: a state must be a plain tree"
        seen[id(v)] = where
    if isinstance(v, dict):
        for k, x in v.items():
            _mutables(x, seen, f"{where}[{k!r}]")
    elif isinstance(v, (list, tuple)):
        for i, x in enumerate(v):
            _mutables(x, seen, f"{where}[{i}]")
    elif is_dataclass(v) and not frozen:
        for f in fields(v):
            if f.compare:  # the compare=False fields (static data, the engine's cache) are shared on purpose
                _mutables(getattr(v, f.name), seen, f"{where}.{f.name}")


@pytest.mark.parametrize("gid", GAMES)
def test_states_are_plain_trees_so_a_one_walk_copy_is_exact(gid: str) -> None:
    g = leyte.new_game(gid, seed=11)
    rng = random.Random(11)
    for i in range(STEPS):
        if i % 25 == 0:
            _mutables(g.state, {}, "state")
        d = g.decision
        if d is None:
            break
        g.apply(rng.choice(d.options))
    _mutables(g.state, {}, "state")


@pytest.mark.parametrize("gid", GAMES)
def test_fork_copy_is_equal_and_independent(gid: str) -> None:
    g = _random_game(gid, 3, 120)
    before = _plain(g)
    h = g.fork()
    assert _plain(h) == before
    assert h.state_digest() == g.state_digest()
    assert h.state is not g.state
    # the old copy, through the save format's plain data, gives the same position
    assert canonical(g.rules.state_to_dict(g.state.copy())) == before
    # playing the copy on leaves the original where it was, and the other way round
    rng = random.Random(99)
    for _ in range(60):
        d = h.decision
        if d is None:
            break
        h.apply(rng.choice(d.options))
    assert _plain(g) == before
    forked = _plain(h)
    for _ in range(60):
        d = g.decision
        if d is None:
            break
        g.apply(rng.choice(d.options))
    assert _plain(h) == forked
    assert getattr(h.state, "data", None) is getattr(g.state, "data", None)  # the static data is shared, not copied


@pytest.mark.parametrize("gid", GAMES)
def test_fork_steps_to_the_same_digest_and_decision_as_the_ordinary_game(gid: str) -> None:
    """A fork taken at several points and stepped with the ordinary game's own actions stays identical to it."""
    g = leyte.new_game(gid, seed=5)
    rng = random.Random(5)
    forks: list[Game] = []
    for i in range(STEPS):
        if i % 75 == 0:
            forks.append(g.fork())
        d = g.decision
        if d is None:
            break
        act = rng.choice(d.options)
        g.apply(act)
        for h in forks:
            hd = h.decision
            assert hd is not None and (hd.player, hd.kind, hd.rule) == (d.player, d.kind, d.rule)
            assert hd.options == d.options
            h.apply(act.to_dict())  # by value: the fork's own option objects are found and used
    assert forks
    for h in forks:
        assert h.state_digest() == g.state_digest()
        assert h.events_json() == g.events_json()
        gd, hd = g.decision, h.decision
        assert (gd is None) == (hd is None)
        if gd is not None:
            assert hd.options == gd.options


@pytest.mark.parametrize("gid", GAMES)
def test_quiet_fork_plays_exactly_as_the_ordinary_game_and_keeps_no_log(gid: str) -> None:
    """The fast apply of a search: a quiet copy reaches the same digest and the same decisions, counts the same
    events without keeping them, saves a game that loads back to it, and stays quiet through undo and forks."""
    g = _random_game(gid, 13, 50)
    q = g.fork(quiet=True)
    assert q.quiet and not g.quiet and q.events == [] and len(q.events) == len(g.events)
    rng = random.Random(13)
    for _ in range(STEPS):
        d = g.decision
        if d is None:
            break
        qd = q.decision
        assert qd is not None and (qd.player, qd.kind, qd.rule, qd.options) == (d.player, d.kind, d.rule, d.options)
        act = rng.choice(d.options)
        assert len(g.apply(act)) >= 0 and q.apply(act) == []
        assert len(q.events) == len(g.events)
        assert q.state_digest() == g.state_digest()
    assert (q.decision is None) == (g.decision is None)
    assert q.view()["log"] == [] and q.events_json() == ""
    loaded = leyte.load_game(q.to_json())  # the save's event count is the full game's
    assert loaded.state_digest() == g.state_digest() and loaded.events_json() == g.events_json()
    r = q.fork(seed=3)
    assert r.quiet and len(r.events) == len(g.events)
    q.undo()
    g.undo()
    assert q.quiet and len(q.events) == len(g.events) and q.state_digest() == g.state_digest()


@pytest.mark.parametrize("gid", GAMES)
def test_fork_with_a_seed_samples_its_own_future_and_still_replays(gid: str) -> None:
    g = _random_game(gid, 7, 80)
    dice_before = g.dice.to_dict()
    a, b, c = g.fork(seed=1234), g.fork(seed=1234), g.fork(seed=4321)
    assert g.dice.to_dict() == dice_before  # the original's future is untouched
    assert a.dice.to_dict() == b.dice.to_dict() != c.dice.to_dict()
    assert a.dice.to_dict() != dice_before
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(100):
        if a.decision is None:
            break
        a.apply(rng_a.choice(a.decision.options))
        b.apply(rng_b.choice(b.decision.options))
    assert a.state_digest() == b.state_digest()  # same seed, same choices: the same future
    # the reseed is in the save, so the sampled branch loads back exactly
    assert leyte.load_game(a.to_json()).state_digest() == a.state_digest()


def test_fork_refuses_a_seed_that_is_not_an_integer() -> None:
    g = leyte.new_game(GAMES[0], seed=1)
    for bad in ("12", 1.5, True):
        with pytest.raises(leyte.LeyteError, match="fork: seed must be an integer"):
            g.fork(seed=bad)  # type: ignore[arg-type]


@dataclass(frozen=True)
class _Point:
    q: int
    r: int


@dataclass(slots=True)
class _Unit:
    id: str
    path: list[_Point] = field(default_factory=list)


@dataclass(slots=True)
class _State:
    units: dict[str, _Unit]
    stack: list[dict[str, Any]]
    asked: Any = field(default=None, compare=False)
    data: Any = field(default=None, compare=False)


def test_clone_state_copies_the_tree_shares_static_data_and_frozen_values_and_empties_the_cache() -> None:
    static = {"table": [1, 2, 3]}
    p = _Point(1, 2)
    st = _State({"a": _Unit("a", [p])}, [{"kind": "turn", "seen": ["a"], "pair": (1, [2])}],
                asked=("cached",), data=static)
    cp = clone_state(st)
    assert cp == st and cp is not st
    assert cp.data is static and cp.asked is None
    assert cp.units["a"] is not st.units["a"] and cp.units["a"].path[0] is p
    cp.units["a"].path.append(_Point(3, 4))
    cp.stack[0]["seen"].append("b")
    cp.stack[0]["pair"][1].append(5)
    assert st.units["a"].path == [p]
    assert st.stack == [{"kind": "turn", "seen": ["a"], "pair": (1, [2])}]


def test_every_game_starts_from_a_position_that_clones_exactly() -> None:
    for gid in GAMES:
        g = leyte.new_game(gid, seed=2)
        assert canonical(g.rules.state_to_dict(clone_state(g.state))) == _position(gid, 2)


@dataclass
class _Loose:
    """A state class without slots: an attribute set on it beyond its fields must survive the copy."""

    turn: int
    log: list[str] = field(default_factory=list)


def test_clone_state_keeps_attributes_beyond_the_fields_of_a_class_without_slots() -> None:
    st = _Loose(3, ["a"])
    st.asked = ("cached",)  # type: ignore[attr-defined]
    st.notes = {"seen": ["x"]}  # type: ignore[attr-defined]
    cp = clone_state(st)
    assert cp.turn == 3 and cp.log == ["a"] and cp.log is not st.log
    assert cp.notes == {"seen": ["x"]} and cp.notes["seen"] is not st.notes["seen"]  # type: ignore[attr-defined]
    assert cp.asked is None  # type: ignore[attr-defined]
