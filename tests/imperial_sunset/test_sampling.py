"""The sampling hook (issue 19): positions consistent with one side's view, drawn without peeking (5.4, 7.2)."""

from __future__ import annotations

import random

import pytest

import leyte
from leyte.bots import RandomBot
from leyte.core import registry
from leyte.core.game import canonical
from leyte.rulebooks.imperial_sunset.sampling import shufflable

PLUGIN = registry.plugin("imperial-sunset")


def _advance(g: leyte.Game, n: int, seed: int) -> None:
    bots = {p: RandomBot(p, seed + i) for i, p in enumerate(g.players)}
    for _ in range(n):
        d = g.decision
        if d is None:
            return
        g.apply(bots[d.player].choose(g.view(d.player), d))


def _midgame(seed: int, n: int = 100) -> leyte.Game:
    g = leyte.new_game("imperial-sunset", seed=seed)
    _advance(g, n, seed)
    assert not g.over
    return g


def _swap_contents(g: leyte.Game, a: str, b: str) -> None:
    """Exchange what two enemy TF markers hold (ships, fleet, dummy status): a fact their opponent cannot see."""
    st = g.state
    ta, tb = st.tfs[a], st.tfs[b]
    (ta.ships, tb.ships), (ta.fleet, tb.fleet), (ta.dummy, tb.dummy) = (
        (tb.ships, ta.ships), (tb.fleet, ta.fleet), (tb.dummy, ta.dummy))
    for tf in (ta, tb):
        for sid in tf.ships:
            st.ships[sid].tf = tf.id
    for u in st.air.values():
        if u.cap_over in (a, b):
            u.cap_over = b if u.cap_over == a else a


@pytest.mark.parametrize(("seed", "player"), [(1, "USN"), (1, "IJN"), (2, "USN")])
def test_5_4_sample_keeps_the_players_view_and_redraws_the_rest(seed: int, player: str) -> None:
    g = _midgame(seed)
    real = canonical(g.view(player))
    digests = set()
    for k in range(6):
        s = PLUGIN.sample(g, player, random.Random(k))
        assert canonical(s.view(player)) == real  # never peeks: the sampling side cannot tell it from the real game
        digests.add(s.state_digest())
    assert canonical(g.view(player)) == real  # the real game is untouched
    if len(shufflable(g, player)) >= 2:
        assert len(digests) > 1  # the hidden contents really are redrawn


@pytest.mark.parametrize(("seed", "n", "player"), [(1, 100, "IJN"), (1, 300, "USN"), (2, 300, "IJN")])
def test_7_2_what_the_player_learnt_is_kept(seed: int, n: int, player: str) -> None:
    """Detected, reported or announced enemy TFs, and the player's own, keep their contents in every sample."""
    g = _midgame(seed, n)
    reports = g.state.flags.get("reports", {}).get(player, {})
    fixed = {t.id: (t.ships, t.dummy, t.fleet) for t in g.state.tfs.values()
             if t.side == player or t.detected or t.id in reports}
    assert any(g.state.tfs[t].side != player for t in fixed)
    for k in range(4):
        s = PLUGIN.sample(g, player, random.Random(k))
        assert {t: (s.state.tfs[t].ships, s.state.tfs[t].dummy, s.state.tfs[t].fleet) for t in fixed} == fixed


def test_sample_refuses_a_quiet_game() -> None:
    with pytest.raises(leyte.LeyteError, match="quiet game keeps no log"):
        PLUGIN.sample(_midgame(1, 10).fork(quiet=True), "USN", random.Random(0))


def test_7_2_samples_do_not_depend_on_a_hidden_fact() -> None:
    g = _midgame(1)
    tfs = shufflable(g, "USN")
    a, b = next((x.id, y.id) for x in tfs for y in tfs if x.ships != y.ships)
    other = g.fork()
    _swap_contents(other, a, b)
    assert other.state_digest() != g.state_digest()  # two different real games ...
    assert canonical(other.view("USN")) == canonical(g.view("USN"))  # ... that the USN cannot tell apart
    for k in range(5):
        s1 = PLUGIN.sample(g, "USN", random.Random(k))
        s2 = PLUGIN.sample(other, "USN", random.Random(k))
        assert s1.state_digest() == s2.state_digest()
    # and the IJN, who knows its own TFs, is told apart: its view differs
    assert canonical(other.view("IJN")) != canonical(g.view("IJN"))


@pytest.mark.parametrize(("seed", "player"), [(2, "USN"), (3, "IJN")])
def test_5_4_every_sample_is_a_legal_position_played_to_an_end(seed: int, player: str) -> None:
    g = _midgame(seed, 80)
    s = PLUGIN.sample(g, player, random.Random(seed))
    st = s.state
    for tf in st.tfs.values():  # every ship sits where its TF says
        for sid in tf.ships:
            assert st.ships[sid].tf == tf.id
        if tf.dummy:
            assert not tf.ships
    _advance(s, 100_000, seed)
    assert s.over and s.result is not None


def test_sample_refuses_a_stranger_and_another_games_game() -> None:
    g = _midgame(1, 10)
    with pytest.raises(leyte.LeyteError, match="no player 'CIC'"):
        PLUGIN.sample(g, "CIC", random.Random(0))
    with pytest.raises(leyte.LeyteError, match="not a game of 'samar'"):
        registry.plugin("samar").sample(g, "USN", random.Random(0))


@pytest.mark.parametrize("game", ["naval-chess", "clash-of-the-carriers"])
def test_sample_not_built_yet_says_so(game: str) -> None:
    g = leyte.new_game(game, seed=1)
    p = registry.plugin(game)
    with pytest.raises(leyte.NotYetImplemented, match="rule sample"):
        p.sample(g, p.rules.players[0], random.Random(0))
