"""new_game(options=...) on Clash: unknown names and non-bool values are refused naming the field; an advanced or
optional rule that is not built yet is refused naming its case, and nothing is built either way."""

from __future__ import annotations

import pytest

import leyte
from leyte.core.errors import NotYetImplemented, ScenarioError
from leyte.rulebooks.clash.options import NOT_BUILT, OPTIONS

GAME = "clash-of-the-carriers"


def test_unknown_option_is_refused_naming_it() -> None:
    with pytest.raises(ScenarioError, match=r"options\.wild_bull: no such Clash option"):
        leyte.new_game(GAME, scenario="historical", options={"wild_bull": True})


def test_option_value_must_be_bool() -> None:
    name = next(iter({**OPTIONS, **NOT_BUILT}))
    with pytest.raises(ScenarioError, match=rf"options\.{name} = 'yes'"):
        leyte.new_game(GAME, scenario="historical", options={name: "yes"})


@pytest.mark.parametrize("name", sorted(NOT_BUILT))
def test_unbuilt_rule_names_its_case(name: str) -> None:
    case = NOT_BUILT[name][0]
    with pytest.raises(NotYetImplemented, match=rf"rule {case} "):
        leyte.new_game(GAME, scenario="historical", options={name: True})


@pytest.mark.parametrize("name", sorted(NOT_BUILT))
def test_unbuilt_rule_switched_off_plays_the_standard_game(name: str) -> None:
    off = leyte.new_game(GAME, scenario="historical", options={name: False}, seed=3)
    plain = leyte.new_game(GAME, scenario="historical", seed=3)
    assert off.decision.to_dict() == plain.decision.to_dict()
