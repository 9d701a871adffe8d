"""Every Clash worked example (``EXAMPLES``) is a position new_game loads, a script that plays to the end and dice
that are all used — the contract the notebooks' step-through relies on — and the position format's ``start``."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from example_kit import GAME, start

import leyte
from leyte.jupyter.session import play_script
from leyte.rulebooks.clash import examples
from leyte.rulebooks.clash.examples import EXAMPLES


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_example_plays_its_script_to_the_end_using_exactly_its_dice(name: str) -> None:
    ex = EXAMPLES[name]
    g = start(name)
    played = play_script(g, ex.script)
    assert len(played) == len(ex.script)  # no step was skipped
    assert g.dice.script == []  # every scripted roll and draw was used ...
    extra = start(name, dice=(*ex.dice, 1))
    play_script(extra, ex.script)
    assert extra.dice.script == [1]  # ... and nothing more: the script stops at a decision before any other roll
    assert [e.text for e in extra.events] == [e.text for e in g.events]
    assert ex.id == name and ex.case and ex.shows


def test_examples_are_in_rulebook_order_with_unique_ids() -> None:
    def key(case: str) -> tuple[int, ...]:
        return tuple(int(p) for p in case.split("."))
    cases = [key(ex.case) for ex in EXAMPLES.values()]
    assert cases == sorted(cases)
    every = examples._ALL  # the list itself: the EXAMPLES dict would hide an id used twice
    assert len({ex.id for ex in every}) == len(every) == len(EXAMPLES)


def _battle_position(**start_over: Any) -> dict[str, Any]:
    pos = copy.deepcopy(EXAMPLES["12.6"].position)
    pos["start"].update(start_over)
    return pos


@pytest.mark.parametrize("start_field, words", [
    ({"phase": "search"}, "start.phase 'search' is not one of"),
    ({"phase": "activation", "activate": "tg-nowhere"}, "start.activate 'tg-nowhere' is not a marker"),
    ({"phase": "activation", "side": "USN"}, "start.phase 'activation' takes no side"),
    ({"phase": "formations", "side": "both"}, "start.side 'both' is not IJN or USN (5.1)"),
    ({"phase": "battle", "hex": "2010"}, "missing 'attacker'"),
    ("activation", "start must be an object"),
])
def test_a_bad_start_is_refused_naming_the_field(start_field: Any, words: str) -> None:
    pos = copy.deepcopy(EXAMPLES["6.1"].position)
    pos["start"] = start_field
    with pytest.raises(leyte.LeyteError) as e:
        leyte.new_game(GAME, scenario=pos)
    assert words in str(e.value)


@pytest.mark.parametrize("over, words", [
    ({"attacker": "both"}, "start.attacker 'both' is not IJN or USN (12.0)"),
    ({"formations": {"IJN": ["ijn"]}}, "start.formations must list the IJN's and the USN's"),
    ({"formations": {"IJN": ["usn"], "USN": ["usn"]}}, "'usn' is not a IJN TG or TF"),
    ({"hex": "2011"}, "ijn is in 2010, not in the battle hex 2011 (12.0)"),
])
def test_a_bad_battle_start_is_refused_naming_12_0(over: dict[str, Any], words: str) -> None:
    with pytest.raises(leyte.LeyteError) as e:
        leyte.new_game(GAME, scenario=_battle_position(**over))
    assert words in str(e.value)


def test_an_activation_start_may_begin_with_a_command_chit_or_a_formation() -> None:
    g = start("8.7-chits")
    assert (g.decision.player, g.decision.kind, g.decision.rule) == ("USN", "command_chit", "8.7")
    g = start("6.1")
    first = [e for e in g.events if e.kind == "draw"]
    assert first[0].rule == "4.2" and first[0].data["marker"] == "force-a"
    assert "index" not in first[0].data  # named by the position, not a random draw
