"""The widget logic, headless, against the engine: what a click picks, what is highlighted, what a view hides.

Positions are small dicts in the documented format (scenarios/imperial-sunset/notes/position-format.md), so each
test reads like the situation it sets up.
"""

from __future__ import annotations

from typing import Any

import pytest

import leyte
from leyte import Action
from leyte.jupyter import GameApp, Session  # noqa: E402
from leyte.rulebooks.imperial_sunset.face import view_markers  # noqa: E402


def position(**extra: Any) -> dict[str, Any]:
    """Force A (Yamato, Musashi; a -1 MP marker) activated in 3223, TG 38.3 (Essex, detected) in 3423: 4.4."""
    pos: dict[str, Any] = {
        "id": "test-4.4",
        "turn": 2,
        "first_turn": 1,
        "last_turn": 12,
        "turn_record_key": "historical",
        "options": {"wild_bull": False, "fanaticism": False, "auto_reports": True},
        "tfs": [
            {
                "marker": "IJN-1",
                "name": "Force A",
                "side": "IJN",
                "hex": "3223",
                "ships": ["yamato", "musashi"],
                "mp_markers": 1,
            },
            {
                "marker": "USN-3",
                "name": "TG 38.3",
                "side": "USN",
                "fleet": "3rd",
                "hex": "3423",
                "ships": ["essex"],
                "detected": True,
            },
        ],
        "start": {"activate": "IJN-1", "pool": ["USN-3", "chit:IJN", "chit:USN"]},
    }
    pos.update(extra)
    return pos


def new_session(**kw: Any) -> Session:
    g = leyte.new_game("imperial-sunset", scenario=position(), seed=3)
    kw.setdefault("players", {"IJN": "human", "USN": "random"})
    kw.setdefault("viewer", "IJN")
    return Session(g, **kw)


def move_targets(s: Session) -> set[str]:
    return {o["to"] for o in s.game.legal_actions() if o.kind == "move"}


def test_4_4_highlighted_hexes_are_the_legal_move_destinations() -> None:
    s = new_session()
    assert set(s.highlighted()) == move_targets(s)
    assert "3223" not in s.highlighted()  # the TF's own hex is no move


def test_4_4_click_on_a_reachable_hex_moves_the_tf_there() -> None:
    s = new_session()
    res = s.click("3322")
    assert res.played == Action("move", {"to": "3322"})
    tf = next(t for t in s.view()["own_tfs"] if t["id"] == "IJN-1")
    assert tf["hex"] == "3322"
    assert "3 MP left" in s.game.decision.prompt  # 5 on an even turn, -1 marker, -1 hex entered (6.2)


def test_click_where_no_option_points_changes_nothing_and_says_so() -> None:
    s = new_session()
    before = s.game.state_digest()
    res = s.click("2412")  # Clark Field: land, not adjacent
    assert res.played is None and not res.candidates
    assert "No legal option" in res.message
    assert s.game.state_digest() == before


def test_a_refused_action_is_reported_in_words_and_changes_nothing() -> None:
    s = new_session()
    before = s.game.state_digest()
    s.choose(Action("move", {"to": "2412"}))
    assert s.message.startswith("Not allowed:")
    assert "Traceback" not in s.message
    assert s.game.state_digest() == before


def test_the_other_side_sees_no_options_and_cannot_click_them() -> None:
    s = new_session(viewer="USN")
    assert s.targets() == {} and s.highlighted() == [] and s.options() == []
    before = s.game.state_digest()
    res = s.click("3322")
    assert res.played is None and "IJN's decision" in res.message
    assert s.game.state_digest() == before


def test_a_dummy_looks_like_any_tf_to_the_other_side() -> None:
    pos = position()
    pos["tfs"].append({"marker": "IJN-9", "name": "Dummy", "side": "IJN", "hex": "3224", "dummy": True})
    g = leyte.new_game("imperial-sunset", scenario=pos, seed=1)
    usn = {m["id"]: m for m in view_markers(g.view("USN")) if m["side"] == "IJN"}
    assert set(usn) == {"IJN-1", "IJN-9"}
    real, dummy = usn["IJN-1"], usn["IJN-9"]
    assert real.keys() == dummy.keys()
    assert real["dummy"] is None and dummy["dummy"] is None
    assert "Force A" not in real["title"] and "Dummy" not in dummy["title"]
    own = {m["id"]: m for m in view_markers(g.view("IJN")) if m["side"] == "IJN"}
    assert own["IJN-9"]["dummy"] is True and "Force A" in own["IJN-1"]["title"]


def test_enemy_ship_names_never_reach_the_other_sides_markers() -> None:
    g = leyte.new_game("imperial-sunset", scenario=position(), seed=1)
    text = repr(view_markers(g.view("USN")))
    assert "Yamato" not in text and "Musashi" not in text and "Force A" not in text


def test_step_reveals_one_event_at_a_time_then_lets_the_bot_play() -> None:
    s = new_session(players={"IJN": "random", "USN": "random"}, viewer="umpire")
    k = min(3, len(s.game.events))
    assert k >= 1
    s.revealed = 0
    seen = []
    for _ in range(k):
        assert s.step() == "event"
        seen.append(len(s.visible_events()))
    assert seen == list(range(1, k + 1))
    s.revealed = len(s.game.events)
    n = len(s.game.actions)
    assert s.step() == "bot"
    assert len(s.game.actions) == n + 1


def test_step_waits_for_a_human() -> None:
    s = new_session()
    assert s.step() == "human"
    assert not s.game.actions


def test_run_to_end_of_phase_stops_when_the_phase_changes() -> None:
    s = new_session(players={"IJN": "random", "USN": "random"}, viewer="umpire")
    start = s.game.view("IJN")
    s.run("phase")
    now = s.game.view("IJN")
    assert s.game.over or (now["turn"], now["phase"]) != (start["turn"], start["phase"])


def test_undo_goes_back_past_bot_moves_to_the_humans_decision() -> None:
    s = new_session()
    s.click("3322")
    s.click("3323")
    assert len(s.game.actions) >= 2
    s.undo()
    assert s.game.decision.player == "IJN"
    tf = next(t for t in s.view()["own_tfs"] if t["id"] == "IJN-1")
    assert tf["hex"] == "3322"


def test_reset_returns_to_the_start_and_replays_identically() -> None:
    s = new_session(players={"IJN": "random", "USN": "random"}, viewer="umpire")
    start = s.game.state_digest()
    s.run("turn")
    first = s.game.events_json()
    s.reset()
    assert s.game.state_digest() == start
    s.run("turn")
    assert s.game.events_json() == first  # same bots, same seeds, same game


def test_option_hexes_follow_target_tfs_to_their_hex() -> None:
    g = leyte.new_game("imperial-sunset", scenario=position(), seed=1)
    v = g.view("IJN")
    opts = [Action("air_strike", {"target": "USN-3"}), Action("end_activation")]
    assert g.face.option_targets(opts, v) == {0: ["3423"]}


def test_app_buttons_drive_the_session_and_redraw_the_map() -> None:
    g = leyte.new_game("imperial-sunset", scenario=position(), seed=3)
    app = GameApp(g, ijn="human", usn="random", cards=False)
    frames = app.map.frames
    labels = [b.description for b in app.panel.buttons.children]
    assert "Move to 3322" in labels and "End this activation" in labels
    next(b for b in app.panel.buttons.children if b.description == "Move to 3322").click()
    assert app.map.frames > frames
    assert "3322" in app.map.status
    app.controls.sides["IJN"].value = "random"
    count = app.log.value.count("leyte-event")
    app.controls.step.click()
    app.controls.step.click()
    assert app.log.value.count("leyte-event") > count or 'data-count="' in app.log.value
    app.controls.undo.click()
    app.controls.reset.click()
    assert not app.session.game.actions


def test_an_engine_failure_behind_a_button_is_shown_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    g = leyte.new_game("imperial-sunset", scenario=position(), seed=3)
    app = GameApp(g, ijn="random", usn="random", cards=False)

    def broken() -> str:
        raise RuntimeError("frame made no progress")

    monkeypatch.setattr(app.session, "step", broken)
    app.controls.step.click()  # must not raise
    assert "could not do that" in app.panel.message.value and "frame made no progress" in app.panel.message.value


def test_undo_in_a_worked_example_gives_the_scripted_moves_back() -> None:
    g = leyte.new_game("imperial-sunset", scenario=position(), seed=3)
    script = [{"kind": "move", "to": "3322"}, {"kind": "move", "to": "3323"}, {"kind": "end_activation"}]
    s = Session(g, players={"IJN": "random", "USN": "random"}, viewer="umpire", script=script)
    while len(s.script) > 1:  # Step reveals events and plays the example's moves, one at a time
        s.step()
    assert len(s.script) == 1
    s.undo()
    assert len(s.script) == 2 and s.script[0] == {"kind": "move", "to": "3323"}
    s.run("decision")  # replaying from there reaches the example's end exactly as without the undo
    fresh = leyte.new_game("imperial-sunset", scenario=position(), seed=3)
    for want in script:
        fresh.apply({k: v for k, v in want.items()})
    assert s.game.state_digest() == fresh.state_digest()


def test_a_long_option_list_is_a_dropdown_with_a_value_and_its_button_plays_it() -> None:
    """Issue 15: with ipywidgets 8.1 a dropdown whose options are replaced had no value, and "Play this option"
    then did nothing and said nothing. The first option is selected, and the button plays the selected one."""
    g = leyte.new_game("samar", seed=1, options={"setup_by_hand": True})  # a set-up question has 50-odd hexes
    app = GameApp(g, players={"USN": "human", "IJN": "random"}, cards=False)
    d = app.session.game.decision
    assert len(d.options) > 10 and app.panel.dropdown in app.panel.buttons.children
    assert app.panel.dropdown.value is not None
    before = len(app.session.game.actions)
    app.panel.go.click()
    assert len(app.session.game.actions) > before
    app.panel.dropdown.value = None
    app.panel.go.click()
    assert "Pick an option" in app.session.message


def test_after_bot_play_the_message_says_whose_turn_it_is_in_plain_words() -> None:
    """Issue 15: no more "0 actions played. A human must decide." — the message names the player to move."""
    g = leyte.new_game("imperial-sunset", scenario=position(), seed=3)
    s = Session(g, players={"IJN": "human", "USN": "random"}, viewer="IJN")
    s.run("decision")
    assert "Your turn" in s.message and "Imperial Japanese Navy" in s.message and "0 actions" not in s.message
