"""Property-based fuzzing of every public entry point, for every registered game (issue 14, item 3).

Whatever ``new_game``, ``apply``, ``load_game``, ``rules`` and the views are given, they return or raise a
``LeyteError`` subclass — never a bare ``TypeError``, ``KeyError`` or ``RecursionError`` — and a refused action
changes nothing. Hypothesis draws JSON-like junk, near-misses of real options and mutated saves.
"""

from __future__ import annotations

import json

import pytest
from conformance_kit import GAMES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import leyte
from leyte import LeyteError

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                derandomize=True, database=None)

scalars = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
                    st.floats(allow_nan=True), st.text(max_size=30))
junk = st.recursive(scalars, lambda kids: st.one_of(st.lists(kids, max_size=4),
                                                     st.dictionaries(st.text(max_size=8), kids, max_size=4)),
                    max_leaves=12)


def _snapshot(g: leyte.Game) -> tuple[str, int, int]:
    return g.state_digest(), len(g.events), len(g.actions)


@pytest.fixture(scope="module")
def started() -> dict[str, leyte.Game]:
    return {gid: leyte.new_game(gid, seed=5) for gid in GAMES}


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(scenario=st.one_of(junk, st.text(max_size=40)), seed=junk, options=junk, dice=junk)
def test_new_game_returns_a_game_or_raises_a_leyte_error(game, scenario, seed, options, dice) -> None:
    try:
        g = leyte.new_game(game, scenario=scenario, seed=seed, options=options, dice=dice)
    except LeyteError:
        return
    assert isinstance(g, leyte.Game)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(action=junk, data=st.data())
def test_apply_refuses_junk_and_near_misses_without_changing_anything(started, game, action, data) -> None:
    g = started[game]
    d = g.decision
    # a near miss: a real option with one parameter replaced by junk, or a junk parameter added
    opt = d.options[data.draw(st.integers(0, len(d.options) - 1))].to_dict()
    key = data.draw(st.sampled_from(sorted(opt)))
    near = {**opt, key: data.draw(junk)} if key != "kind" else {**opt, "extra": data.draw(junk)}
    for candidate in (action, near):
        before = _snapshot(g)
        try:
            g.apply(candidate)
        except LeyteError:
            assert _snapshot(g) == before
        else:
            g.undo()  # the near miss happened to be legal: take it back for the next example
            assert _snapshot(g) == before


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(field=st.sampled_from(["format", "version", "game", "scenario", "seed", "options", "dice", "actions",
                              "reseeds", "digest", "events"]), value=junk)
def test_load_game_of_a_mutated_save_loads_or_raises_a_save_error(started, game, field, value) -> None:
    d = json.loads(started[game].to_json())
    d[field] = value
    try:
        g = leyte.load_game(json.dumps(d))
    except leyte.SaveError:
        return
    assert isinstance(g, leyte.Game)


@FUZZ
@given(text=st.one_of(st.text(max_size=200), st.binary(max_size=200)))
def test_load_game_of_any_text_or_bytes_raises_a_save_error(text) -> None:
    with pytest.raises(leyte.SaveError):
        leyte.load_game(text)


@FUZZ
@given(name=junk)
def test_rules_and_new_game_refuse_unknown_games_with_a_leyte_error(name) -> None:
    if name in GAMES:
        return
    with pytest.raises(LeyteError):
        leyte.rules(name)
    with pytest.raises(LeyteError):
        leyte.new_game(name)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(player=junk)
def test_views_of_anyone_but_a_player_or_the_umpire_are_refused(started, game, player) -> None:
    g = started[game]
    try:
        v = g.view(player)
    except LeyteError:
        return
    assert player in (None, "umpire", *g.players) and isinstance(v, dict)
