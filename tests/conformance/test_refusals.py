"""A refused action raises ``leyte.IllegalAction`` naming a rule case, and changes nothing.

At decisions sampled over a seeded random game we offer actions that are not among the options: a made-up kind, a
legal kind with one parameter given a wrong value, a legal kind with a parameter it does not take, and a legal
option's parameters under the wrong kind. Each must be refused, and the game afterwards must have the same state
digest, the same event log, the same decision and the same action history as before; playing on must still work.
"""

from __future__ import annotations

from typing import Any

import pytest
from conformance_kit import SAMPLES, new, play_out, scenario_params, walk

import leyte
from leyte.core.game import Action


def _snapshot(g: leyte.Game) -> tuple[Any, ...]:
    d = g.decision
    return (g.state_digest(), g.events_json(), d.to_dict() if d else None, [a.to_dict() for a in g.actions])


def _quick(g: leyte.Game) -> tuple[Any, ...]:
    """What a refusal could visibly disturb, cheap enough to compare after every refusal (the full state digest
    is compared once per sampled decision, after all its refusals)."""
    d = g.decision
    return (len(g.events), g.events[-1] if g.events else None, d.to_dict() if d else None, tuple(g.actions),
            g.dice.count)


def _wrong_value(v: Any) -> Any:
    if isinstance(v, bool):
        return "not-a-boolean"
    if isinstance(v, int):
        return 10**9 + 7
    if isinstance(v, float):
        return -1e9
    if isinstance(v, list):
        return [*v, "no-such-thing-xyz"]
    return "no-such-thing-xyz"


def refused_actions(options: tuple[Action, ...]) -> list[dict[str, Any]]:
    """Actions that must all be refused at a decision with these options (none of them is an option)."""
    kinds = sorted({o.kind for o in options})
    out: list[dict[str, Any]] = [{"kind": "made-up-kind-xyz"}, {"kind": "made-up-kind-xyz", "to": "0101"}]
    with_params = [o for o in options if o.params]
    for o in with_params[:3]:
        d = o.to_dict()
        key = sorted(k for k in d if k != "kind")[0]
        out.append({**d, key: _wrong_value(d[key])})
    o = options[0]
    out.append({**o.to_dict(), "bogus_parameter_xyz": 1})
    if with_params:
        other = [k for k in kinds if k != with_params[0].kind]
        out.append({**with_params[0].to_dict(), "kind": other[0] if other else "made-up-kind-xyz"})
    return [a for a in out if Action.from_dict(a) not in options]


@pytest.mark.parametrize("game_id,scenario,seed", scenario_params("refusal"))
def test_refused_actions_raise_illegal_action_and_change_nothing(game_id: str, scenario: str, seed: int) -> None:
    checked = 0
    for at, g, _ in walk(game_id, scenario, seed, SAMPLES):
        d = g.decision
        before, quick = _snapshot(g), _quick(g)
        for bad in refused_actions(d.options):
            for form in (bad, Action.from_dict(bad)):
                with pytest.raises(leyte.IllegalAction) as err:
                    g.apply(form)
                assert isinstance(err.value, leyte.LeyteError)
                assert err.value.rule, f"decision {at}: the refusal of {bad} names no rule case"
                assert _quick(g) == quick, f"decision {at} ({d.kind}): refusing {bad} changed the game"
                checked += 1
        assert _snapshot(g) == before, f"decision {at} ({d.kind}): a refusal changed the state or the log"
        # still playable: a legal option is accepted after the refusals
        f = g.fork()
        f.apply(d.options[-1])
        assert len(f.actions) == len(g.actions) + 1
    assert checked >= SAMPLES


@pytest.mark.parametrize("game_id,scenario,seed", scenario_params("refusal-after-end"))
def test_a_finished_game_refuses_everything(game_id: str, scenario: str, seed: int) -> None:
    g, b = new(game_id, scenario, seed)
    play_out(g, b)
    before = _snapshot(g)
    last = g.actions[-1]
    for bad in ({"kind": "made-up-kind-xyz"}, last):
        with pytest.raises(leyte.IllegalAction):
            g.apply(bad)
    assert _snapshot(g) == before
