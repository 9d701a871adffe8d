"""The Game machinery through a real game (Imperial Sunset): refusals, undo, fork, saves, determinism (issue 2)."""

from __future__ import annotations

import json

import pytest

import leyte
from leyte.bots import RandomBot


def _play(g: leyte.Game, n: int, seed: int = 0) -> None:
    bots = {p: RandomBot(p, seed + i) for i, p in enumerate(g.players)}
    for _ in range(n):
        d = g.decision
        if d is None:
            return
        g.apply(bots[d.player].choose(g.view(d.player), d))


def _snapshot(g: leyte.Game) -> tuple[str, str, str, int]:
    return g.state_digest(), g.events_json(), g.to_json(), len(g.actions)


def test_games_lists_imperial_sunset() -> None:
    assert "imperial-sunset" in leyte.games()


def test_unknown_game_scenario_and_seed_are_refused_clearly() -> None:
    with pytest.raises(leyte.LeyteError, match="unknown game 'chess'"):
        leyte.new_game("chess")
    with pytest.raises(leyte.ScenarioError, match="no scenario 'nowhere'"):
        leyte.new_game("imperial-sunset", scenario="nowhere")
    with pytest.raises(leyte.LeyteError, match="seed must be an integer"):
        leyte.new_game("imperial-sunset", seed="x")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "action,rule",
    [
        ({"kind": "fly_to_the_moon"}, "13.1.3.1"),
        ({"kind": "setup_hex", "tf": "USN-1", "hex": "0101"}, "13.1.3.1"),
        ("not an action", None),
    ],
)
def test_refused_action_changes_nothing(action, rule) -> None:
    g = leyte.new_game("imperial-sunset", scenario="historical", seed=11)
    before = _snapshot(g)
    with pytest.raises(leyte.LeyteError) as err:
        g.apply(action)
    assert isinstance(err.value, ValueError)
    if rule:
        assert isinstance(err.value, leyte.IllegalAction) and f"({rule})" in str(err.value)
    assert _snapshot(g) == before


def test_refusal_names_the_rule_and_reason_for_a_usn_move_past_san_bernardino() -> None:
    pos = {
        "id": "refusal", "turn": 2, "turn_record": {"2": {"date": "1944-10-24", "time": "day"}},
        "options": {"wild_bull": False, "fanaticism": False},
        "tfs": [{"marker": "USN-1", "name": "TG 38.2", "side": "USN", "fleet": "3rd", "hex": "3119",
                 "ships": ["iowa", "new-jersey"]}],
        "start": {"activate": "USN-1"},
    }
    g = leyte.new_game("imperial-sunset", scenario=pos)
    m = leyte.rules("imperial-sunset").map
    west = [m.label(h) for h in m.neighbours(m.hex("3119")) if m.has_feature(h, "west_of")]
    assert west, "the San Bernardino hex must border the inner seas"
    before = _snapshot(g)
    with pytest.raises(leyte.IllegalAction, match=r"\(6\.3\).*no further west|\(6\.3\).*inner seas"):
        g.apply({"kind": "move", "to": west[0]})
    assert _snapshot(g) == before
    land = [m.label(h) for h in m.neighbours(m.hex("3119")) if m.terrain(h) != "sea"]
    if land:
        with pytest.raises(leyte.IllegalAction, match=r"\(6\.1\)"):
            g.apply({"kind": "move", "to": land[0]})
    assert _snapshot(g) == before


def test_same_seed_and_actions_give_the_same_events_byte_for_byte() -> None:
    a = leyte.new_game("imperial-sunset", scenario="historical", seed=42)
    _play(a, 400, seed=3)
    b = leyte.new_game("imperial-sunset", scenario="historical", seed=42)
    for act in a.actions:
        b.apply(act)
    assert a.events_json() == b.events_json()
    c = leyte.new_game("imperial-sunset", scenario="historical", seed=43)
    _play(c, 400, seed=3)
    assert c.events_json() != a.events_json()


def test_save_load_continue_equals_uninterrupted_game() -> None:
    g = leyte.new_game("imperial-sunset", scenario="historical", seed=7)
    _play(g, 250, seed=1)
    text = g.to_json()
    h = leyte.load_game(text)
    assert h.state_digest() == g.state_digest() and h.events_json() == g.events_json()
    _play(g, 300, seed=9)
    _play(h, 300, seed=9)
    assert h.events_json() == g.events_json()
    assert h.to_json() == g.to_json()


def test_undo_is_repeatable_and_exact() -> None:
    g = leyte.new_game("imperial-sunset", scenario="historical", seed=5)
    marks = []
    for _ in range(30):
        marks.append(_snapshot(g))
        _play(g, 1, seed=len(marks))
    for snap in reversed(marks):
        g.undo()
        assert _snapshot(g) == snap
    with pytest.raises(leyte.LeyteError, match="nothing to undo"):
        g.undo()


def test_fork_is_independent() -> None:
    g = leyte.new_game("imperial-sunset", scenario="historical", seed=8)
    _play(g, 60)
    f = g.fork()
    before = _snapshot(g)
    _play(f, 80, seed=2)
    assert _snapshot(g) == before
    assert f.state_digest() != g.state_digest()


def test_scripted_dice_then_seed() -> None:
    g = leyte.new_game("imperial-sunset", scenario="historical", seed=3, dice=[4])
    while not any(e.kind == "roll" for e in g.events):
        _play(g, 1)
    first = next(e.data["roll"] for e in g.events if e.kind == "roll")
    assert first["raw"] == 4 and first["scripted"] is True
    assert g.dice.script == []
    while sum(e.kind == "roll" for e in g.events) < 2:
        _play(g, 1)
    second = [e.data["roll"] for e in g.events if e.kind == "roll"][1]
    assert second["scripted"] is False


def test_reseed_is_recorded_in_the_save() -> None:
    g = leyte.new_game("imperial-sunset", scenario="historical", seed=1)
    _play(g, 100)
    g.reseed(99)
    _play(g, 100, seed=4)
    h = leyte.load_game(g.to_json())
    assert h.events_json() == g.events_json()


def _good_save() -> str:
    g = leyte.new_game("imperial-sunset", scenario="historical", seed=2)
    _play(g, 40)
    return g.to_json()


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda t: t[: len(t) // 2], "not valid JSON .*truncated"),
        (lambda t: "{not json", "not valid JSON"),
        (lambda t: "[]", "must be a JSON object"),
        (lambda t: json.dumps({**json.loads(t), "format": "pickle"}), "not a leyte save"),
        (lambda t: json.dumps({**json.loads(t), "version": 99}), "newer than"),
        (lambda t: json.dumps({k: v for k, v in json.loads(t).items() if k != "actions"}), "missing 'actions'"),
        (lambda t: json.dumps({**json.loads(t), "seed": "x"}), "'seed' must be int"),
        (lambda t: json.dumps({**json.loads(t), "game": "chess"}), "unknown game"),
        (lambda t: json.dumps({**json.loads(t), "digest": "0" * 32}), "digest does not match"),
        (lambda t: json.dumps({**json.loads(t), "actions": json.loads(t)["actions"] + [{"kind": "cheat"}]}),
         "action .* cannot be replayed"),
        (lambda t: json.dumps({**json.loads(t), "actions": [{"no": "kind"}]}), "cannot be replayed"),
        (lambda t: "[" * 100000 + "]" * 100000, "nests too deeply|not valid JSON|JSON object"),
        (lambda t: t.replace('"seed": 2', '"seed": NaN'), "NaN"),
        (lambda t: b"\xff\xfe", "not UTF-8"),
    ],
)
def test_corrupted_or_hostile_saves_get_clear_errors(mutate, message) -> None:
    bad = mutate(_good_save())
    with pytest.raises(leyte.SaveError, match=message):
        leyte.load_game(bad)


def test_view_of_unknown_player_is_refused() -> None:
    g = leyte.new_game("imperial-sunset", scenario="historical")
    with pytest.raises(leyte.LeyteError, match="no player 'Martians'"):
        g.view("Martians")


def test_decision_and_actions_are_plain_data() -> None:
    g = leyte.new_game("imperial-sunset", scenario="historical")
    d = g.decision
    assert d.player in g.players and d.rule and d.prompt and d.options
    o = d.options[0]
    assert leyte.Action.from_dict(o.to_dict()) == o
    assert json.loads(json.dumps(d.to_dict()))["options"][0]["text"] == o.text
    assert g.legal_actions() == list(d.options)


def test_the_umpire_sees_each_masked_event_once() -> None:
    """An event written in copies (a masked one for a player who may not know what it names) reaches the umpire's
    log once, as the full copy; the players keep their own copies and the raw log keeps all of them."""
    from leyte.core.game import Event

    full = Event("8.1", "VF-15 attacks", data={"air": "vf-15"}, visible=("USN",))
    masked = Event("8.1", "a USN carrier air unit attacks", data={"masked": True}, visible=("IJN",))
    open_ = Event("3.1", "turn 2")
    assert [e.seen_by(None) for e in (full, masked, open_)] == [True, False, True]
    assert [e.seen_by("umpire") for e in (full, masked, open_)] == [True, False, True]
    assert [e.seen_by("IJN") for e in (full, masked, open_)] == [False, True, True]
