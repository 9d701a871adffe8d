"""Hostile input at the API: a save opens no file, huge or deep values are refused with a short message, only known
save versions load, bad dice and options are refused — every refusal a LeyteError that changes nothing (issue 14)."""

from __future__ import annotations

import json

import pytest

import leyte
from leyte import LeyteError, SaveError


def _save(**changes) -> str:
    d = json.loads(leyte.new_game("samar", seed=3).to_json())
    d.update(changes)
    return json.dumps(d)


@pytest.mark.parametrize("name", ["/dev/zero", "/etc/passwd", "scenarios/samar/map.toml", "x" * 5000, "."])
def test_a_save_naming_a_file_as_its_scenario_is_refused_without_opening_it(name) -> None:
    with pytest.raises(SaveError, match="never names a file") as e:
        leyte.load_game(_save(scenario=name))
    assert len(str(e.value)) < 400


@pytest.mark.parametrize("version", [0, -1, 2, 10**6])
def test_only_known_save_versions_load(version) -> None:
    with pytest.raises(SaveError, match="version"):
        leyte.load_game(_save(version=version))


def test_a_huge_integer_in_a_save_is_a_save_error() -> None:
    text = _save().replace('"seed": 3', '"seed": ' + "9" * 5000)
    with pytest.raises(SaveError) as e:
        leyte.load_game(text)
    assert len(str(e.value)) < 300


def test_a_deeply_nested_save_is_a_save_error() -> None:
    deep = "[" * 300 + "]" * 300
    with pytest.raises(SaveError, match="deep"):
        leyte.load_game(_save().replace('"reseeds": []', f'"reseeds": {deep}'))


DEEP: list = ["x"]
for _ in range(60):
    DEEP = [DEEP]


@pytest.mark.parametrize("bad", [
    {"kind": "advance", "ship": DEEP},
    {"kind": "advance", "ship": 10**5000},
    {"kind": "advance", "ship": "y" * 5_000_000},
], ids=["sixty-deep", "5000-digits", "5-million-characters"])
def test_deep_huge_or_long_action_values_are_refused_with_a_short_message_and_change_nothing(bad) -> None:
    g = leyte.new_game("samar", seed=1)
    before = (g.state_digest(), len(g.events))
    with pytest.raises(LeyteError) as e:
        g.apply(bad)
    assert len(str(e.value)) < 500
    assert (g.state_digest(), len(g.events)) == before


@pytest.mark.parametrize("dice", [5, "123", [1, "2"], [True], {"a": 1}])
def test_dice_must_be_a_list_of_integers(dice) -> None:
    with pytest.raises(LeyteError, match="dice"):
        leyte.new_game("samar", dice=dice)


@pytest.mark.parametrize("options", [5, ["alternate_movement"], {"alternate_movement": float("nan")}])
def test_options_must_be_an_object_of_plain_values(options) -> None:
    with pytest.raises(LeyteError):
        leyte.new_game("samar", options=options)


def test_a_long_string_in_a_refused_action_is_quoted_only_in_part() -> None:
    g = leyte.new_game("imperial-sunset", seed=1)
    with pytest.raises(LeyteError) as e:
        g.apply({"kind": "z" * 9000})
    assert len(str(e.value)) < 600
