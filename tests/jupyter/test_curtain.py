"""Classroom play with several human seats on one screen: the "pass the screen" curtain and the per-seat Undo.

Headless against ``Session`` with naval-chess (three seats) and the trio test game (three seats, secret picks),
then the widgets: the curtain takes the place of the map, log and decision panel, and Undo says why it is greyed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import leyte
from leyte.jupyter import GameApp, Session

NC = "naval-chess"
FIRST, SECOND, BOT = "IJN", "Third Fleet", "Seventh Fleet"
HERE = Path(__file__).resolve().parent




def hot_seat(**kw: Any) -> Session:
    g = leyte.new_game(NC, seed=1)
    return Session(g, players={FIRST: "human", SECOND: "human", BOT: "random"}, **kw)


def nothing_shown(s: Session) -> None:
    """Behind the curtain the session exposes nothing of the game, whoever asks."""
    assert s.curtain is not None
    assert s.view() == {} and s.markers() == [] and s.visible_events() == [] and s.options() == []
    assert s.targets() == {} and s.highlighted() == [] and s.ranges() == {} and s.panels() == []
    assert s.focus() is None and not s.may_decide_here()
    assert s.status() == f"Pass the screen to {s.seat_name(s.curtain)}"


def play_until_passed(s: Session, seat: str) -> None:
    """``seat`` plays its first option until the decision passes to another human seat."""
    for _ in range(200):
        d = s.game.decision
        if d.player != seat or s.curtain is not None:
            return
        s.choose(0)
    raise AssertionError(f"{seat} never handed the decision on")


def test_the_screen_starts_behind_the_curtain_and_refuses_play_until_revealed() -> None:
    s = hot_seat()
    assert s.hot_seat() and s.curtain == FIRST == s.game.decision.player
    nothing_shown(s)
    digest = s.game.state_digest()
    assert s.choose(0) == [] and "curtain" in s.message and s.seat_name(FIRST) in s.message
    assert s.click("E5").played is None and "curtain" in s.message
    assert not s.undo() and s.game.state_digest() == digest and s.game.actions == []
    s.reveal()
    assert s.curtain is None and s.viewer == FIRST
    assert s.options() and s.markers() and s.view()["decision"]["player"] == FIRST
    assert s.message.startswith(f"Your turn, {s.seat_name(FIRST)}")


def test_the_curtain_falls_each_time_the_decision_passes_to_another_human_seat() -> None:
    s = hot_seat()
    s.reveal()
    play_until_passed(s, FIRST)
    assert s.curtain == SECOND == s.game.decision.player
    assert s.viewer == FIRST  # nobody has looked through the next seat's eyes yet
    nothing_shown(s)
    s.reveal()
    assert s.viewer == SECOND and s.curtain is None
    # the log shown is the new seat's own, and the message no longer tells the previous seat's move
    assert s.visible_events() == s.game.log(SECOND)
    assert FIRST + " played" not in s.message and s.message.startswith("Your turn")
    assert any(not e.seen_by(SECOND) for e in s.game.events)  # there was something to hide
    play_until_passed(s, SECOND)
    assert s.curtain == FIRST
    s.reveal()
    assert s.visible_events() == s.game.log(FIRST)


def test_a_seat_that_keeps_the_decision_keeps_the_screen() -> None:
    s = hot_seat()
    s.reveal()
    assert s.game.decision.player == FIRST
    s.choose(0)
    assert s.game.decision.player == FIRST  # several decisions in a row of the same seat: no curtain between them
    assert s.curtain is None and s.options()


def test_undo_takes_back_only_the_seats_own_last_move() -> None:
    s = hot_seat()
    s.reveal()
    play_until_passed(s, FIRST)
    s.reveal()
    before = list(s.game.actions)
    digest = s.game.state_digest()
    why = s.undo_refusal()
    assert s.seat_name(FIRST) in why and "only its own" in why
    assert not s.undo()
    assert s.message.startswith("Undo refused") and s.seat_name(FIRST) in s.message
    assert s.game.actions == before and s.game.state_digest() == digest
    mine = len(s.game.actions)
    s.choose(0)  # the seat's own move; the bot after it answers at once
    assert s.movers()[mine:][:2] == [SECOND, BOT]
    assert s.undo_refusal() == "" and s.undo()
    assert s.game.actions == before and s.game.decision.player == SECOND and len(s.movers()) == len(before)


def test_the_movers_are_rebuilt_when_the_game_was_played_behind_the_sessions_back() -> None:
    s = hot_seat()
    g = s.game
    who = []
    for _ in range(12):
        who.append(g.decision.player)
        g.apply(g.decision.options[0])
    assert s.movers() == who


def test_changing_the_eyes_goes_through_the_curtain() -> None:
    s = hot_seat()
    s.reveal()
    s.set_viewer(SECOND)
    assert s.viewer == FIRST and s.curtain == SECOND
    nothing_shown(s)
    s.reveal()
    assert s.viewer == SECOND and s.options() == []  # its eyes, but the decision is still the other seat's


def test_a_seat_handed_to_a_bot_behind_the_curtain_leaves_the_screen_to_the_one_human_left() -> None:
    s = hot_seat()
    s.reveal()
    play_until_passed(s, FIRST)
    assert s.curtain == SECOND
    s.set_player(FIRST, "random")
    s._changed()
    assert not s.hot_seat() and s.curtain is None and s.viewer == SECOND and s.options()


def test_with_one_human_seat_nothing_changes() -> None:
    g = leyte.new_game(NC, seed=1)
    s = Session(g, players={FIRST: "human", SECOND: "random", BOT: "random"}, viewer=FIRST)
    assert not s.hot_seat() and s.curtain is None and s.options()
    for _ in range(30):
        s.choose(0)
        assert s.curtain is None
        s.set_viewer(SECOND)
        assert s.viewer == SECOND and s.curtain is None
        s.set_viewer(FIRST)
    n = len(g.actions)
    assert s.undo() and len(g.actions) < n and g.decision.player == FIRST


def test_a_teacher_who_asks_for_the_umpires_eyes_runs_every_seat_without_a_curtain() -> None:
    s = hot_seat(viewer="umpire")
    assert not s.hot_seat() and s.curtain is None and s.options()
    forced = hot_seat(viewer="umpire", curtain=True)
    assert forced.hot_seat() and forced.curtain == FIRST


def test_trio_secret_picks_never_cross_the_curtain(trio: str) -> None:
    g = leyte.new_game(trio, seed=5)
    s = Session(g, players={p: "human" for p in g.players})
    seen_curtains = []
    for _ in range(3 * 6):
        if g.decision is None:
            break
        seat = g.decision.player
        if s.curtain is not None:
            seen_curtains.append(s.curtain)
            assert s.curtain == seat
            nothing_shown(s)
            s.reveal()
        assert s.viewer == seat and s.visible_events() == g.log(seat)
        # no other seat's secret pick of this round is in the log the seat is shown
        assert not [e for e in s.visible_events() if e.kind == "pick" and e.data["player"] != seat]
        s.choose(0)
    assert g.over and len(seen_curtains) >= 6
    assert all(a != b for a, b in zip(seen_curtains, seen_curtains[1:]))


def test_trio_two_humans_and_a_bot_undo_refuses_the_other_seats_move(trio: str) -> None:
    g = leyte.new_game(trio, seed=5)
    s = Session(g, players={"blue_north": "human", "blue_south": "random", "red": "human"})
    order = []
    for _ in range(5):
        if s.curtain is not None:
            s.reveal()
        order.append(g.decision.player)
        s.choose(0)
    # round 1: picks and moves; round 2 starts with the bot's pick, then red's, then blue_north's
    assert order == ["blue_north", "red", "blue_north", "red", "red"]
    assert s.curtain == "blue_north" == g.decision.player
    s.reveal()
    n = len(g.actions)
    assert not s.undo() and "only its own" in s.message and len(g.actions) == n
    s.choose(0)  # blue_north's secret pick; it then moves first, so it keeps the screen
    assert s.curtain is None and g.decision.player == "blue_north" and g.decision.kind == "move"
    assert s.undo() and len(g.actions) == n and g.decision.kind == "pick"
    assert s.movers()[-1] == "red"  # red's pick stays played


def press_first_option(app: GameApp) -> None:
    """Click the panel's first option button, or "Play this option" when the options come as a list."""
    kids = app.panel.buttons.children
    (app.panel.go if app.panel.go in kids else kids[0]).click()


def test_app_curtain_replaces_the_map_log_and_panel_and_its_button_lifts_it() -> None:
    g = leyte.new_game(NC, seed=1)
    app = GameApp(g, players={FIRST: "human", SECOND: "human", BOT: "random"})
    s = app.session
    assert s.curtain == FIRST
    shown = app.widget.children
    assert app.curtain.widget in shown and app.map.widget not in shown and app.table[0] not in shown
    assert app.map.markers == [] and app.log.value == "" and app.panel.buttons.children == ()
    assert app.panel.prompt.value == "" and app.odds.value == ""
    name, colour = s.seat_name(FIRST), s.seat_colour(FIRST)
    assert f"Pass the screen to {name}" in app.curtain.text.value and colour in app.curtain.text.value
    assert "font-size:52px" in app.curtain.text.value  # legible from the back row at 1280x720
    assert app.curtain.button.description == f"I am {name}: show my screen"
    assert app.curtain.button.style.font_size == "30px"
    assert app.controls.undo.disabled and app.controls.undo.tooltip == "Nothing to undo."
    assert app.controls.viewer.value == FIRST  # the eyes list names the seat the screen is passed to
    app.curtain.button.click()
    shown = app.widget.children
    assert app.curtain.widget not in shown and app.table[0] in shown
    assert app.map.markers and app.log.value and app.panel.buttons.children
    assert app.controls.viewer.value == FIRST
    # play the seat's turn through the panel's buttons until the screen must pass
    for _ in range(200):
        if s.curtain is not None:
            break
        press_first_option(app)
    assert s.curtain == SECOND and app.curtain.widget in app.widget.children and app.map.markers == []
    assert app.controls.viewer.value == SECOND and s.viewer == FIRST  # the list no longer shows the previous seat
    assert app.curtain.button.description == f"I am {s.seat_name(SECOND)}: show my screen"
    app.curtain.button.click()
    assert app.controls.viewer.value == SECOND
    assert app.controls.undo.disabled and s.seat_name(FIRST) in app.controls.undo.tooltip
    digest = g.state_digest()
    app.controls.undo.click()  # a click that reaches the kernel anyway is refused in words
    assert g.state_digest() == digest and "Undo refused" in app.panel.message.value
    # picking another seat's eyes in the list brings the curtain down for that seat, and the list names that seat
    # (the one the screen is passed to), not the seat that just had the screen
    app.controls.viewer.value = FIRST
    assert s.curtain == FIRST and s.viewer == SECOND and app.controls.viewer.value == FIRST
    assert app.curtain.widget in app.widget.children and app.log.value == ""
    app.curtain.button.click()
    assert s.curtain is None and s.viewer == FIRST == app.controls.viewer.value


def test_app_eyes_list_names_the_seat_the_screen_is_passed_to_never_the_previous_one() -> None:
    """Issue 15: while the curtain is down the "eyes" list shows the seat the screen goes to; after the reveal,
    that seat itself — at the start, at every pass, and without the list's own change handler firing."""
    g = leyte.new_game(NC, seed=1)
    app = GameApp(g, players={FIRST: "human", SECOND: "human", BOT: "random"})
    s = app.session
    asked: list[str] = []
    app.controls.viewer.observe(lambda ch: asked.append(ch["new"]), names="value")
    assert s.curtain == FIRST and s.eyes == FIRST and app.controls.viewer.value == FIRST
    passed: list[str] = []
    for _ in range(400):
        if s.curtain is not None:
            seat = s.curtain
            assert app.controls.viewer.value == seat == s.eyes != s.viewer
            app.curtain.button.click()
            passed.append(seat)
            assert s.curtain is None and app.controls.viewer.value == seat == s.viewer == s.eyes
            if len(passed) == 4:
                break
            continue
        press_first_option(app)
    assert passed == [FIRST, SECOND, FIRST, SECOND]
    # the list moved once per pass, as the curtain fell (the first seat was set before we listened), never at reveal
    assert asked == passed[1:]


def test_app_with_one_human_has_no_curtain() -> None:
    g = leyte.new_game(NC, seed=1)
    app = GameApp(g, players={FIRST: "human", SECOND: "random", BOT: "random"})
    assert app.session.curtain is None and app.curtain.widget not in app.widget.children
    assert app.map.widget in app.table[0].children and app.panel.buttons.children
