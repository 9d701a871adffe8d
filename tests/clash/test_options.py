"""new_game(options=...) on Clash: every advanced and optional rule of the rulebook (13.0, 14.0, 15.1-15.7) is a
switch; unknown names and non-bool values are refused naming the field, and each switch given off plays the
standard game."""

from __future__ import annotations

import re

import pytest

import leyte
from leyte.core.errors import ScenarioError
from leyte.rulebooks.clash.options import ALWAYS_ON, OPTIONS

GAME = "clash-of-the-carriers"


def test_every_advanced_and_optional_rule_is_a_switch() -> None:
    cases = sorted(re.match(r"(\d+\.\d+):", text).group(1) for text in OPTIONS.values())  # type: ignore[union-attr]
    assert cases == ["13.0", "14.0", "15.1", "15.2", "15.3", "15.4", "15.5", "15.6", "15.7"]


def test_unknown_option_is_refused_naming_it() -> None:
    with pytest.raises(ScenarioError, match=r"options\.wild_bull: no such Clash option"):
        leyte.new_game(GAME, scenario="historical", options={"wild_bull": True})


def test_option_value_must_be_bool() -> None:
    name = next(iter(OPTIONS))
    with pytest.raises(ScenarioError, match=rf"options\.{name} = 'yes'"):
        leyte.new_game(GAME, scenario="historical", options={name: "yes"})


def test_a_rule_always_played_cannot_be_switched_off() -> None:
    for name, (case, _) in ALWAYS_ON.items():
        with pytest.raises(ScenarioError, match=rf"options\.{name} = false: rule {case} is always played"):
            leyte.new_game(GAME, scenario="historical", options={name: False})


@pytest.mark.parametrize("name", sorted(set(OPTIONS) - set(ALWAYS_ON)))
def test_a_switch_given_off_plays_the_standard_game(name: str) -> None:
    off = leyte.new_game(GAME, scenario="historical", options={name: False}, seed=3)
    plain = leyte.new_game(GAME, scenario="historical", seed=3)
    assert off.decision.to_dict() == plain.decision.to_dict()
    assert [e.text for e in off.events] == [e.text for e in plain.events]
