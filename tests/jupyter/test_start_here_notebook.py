"""What notebooks/00_start_here.ipynb shows, checked here rather than in the lesson: the board is up and waits for
the human Japanese player; the Japanese eyes hold no American ship name; the historical opening positions (13.1);
a bot-vs-bot copy of the game plays on and undoes exactly; the odds chart's probabilities add up to one."""

from __future__ import annotations

import leyte
from leyte.core.dice import chance_outcomes
from leyte.jupyter import GameApp, play


def test_the_start_page_game_waits_for_the_japanese_and_hides_the_american_ships() -> None:
    game = leyte.new_game("imperial-sunset", scenario="historical", seed=1944)
    app = play(game, ijn="human", usn="heuristic")
    s = app.session
    assert app.map.frames >= 1 and app.map.status
    assert s.game.decision is not None and s.game.decision.player == "IJN"
    assert app.panel.buttons.children, "the human's legal options are offered"
    ijn_view = s.game.view("IJN")
    markers = repr(s.game.face.markers(ijn_view))
    assert "Gambier Bay" not in markers and "Enterprise" not in markers
    assert all("ships" not in tf for tf in ijn_view["enemy_tfs"])


def test_13_1_opening_positions_americans_detected_japanese_not() -> None:
    start = leyte.new_game("imperial-sunset", scenario="historical", seed=1944)
    usn0 = start.view("USN")
    assert usn0["own_tfs"] and all(tf["detected"] for tf in usn0["own_tfs"] if not tf["dummy"])
    assert all(not tf["detected"] for tf in start.view("IJN")["own_tfs"])


def test_a_bot_copy_plays_on_and_undoes_exactly_and_the_odds_add_up() -> None:
    game = leyte.new_game("imperial-sunset", scenario="historical", seed=1944)
    probe = GameApp(game.fork(), ijn="random", usn="random", cards=False)
    before = probe.session.game.state_digest()
    k0, n = len(probe.session.game.actions), len(probe.session.game.events)
    for _ in range(5):
        probe.controls.step.click()
    assert len(probe.session.game.actions) > k0 and len(probe.session.game.events) > n
    while len(probe.session.game.actions) > k0:
        probe.session.game.undo()
    assert probe.session.game.state_digest() == before
    assert game.state_digest() != "" and len(game.actions) == 0  # the board's own game is untouched
    damage = leyte.rules("imperial-sunset").tables["damage"]
    assert sum(p for _, p in chance_outcomes(damage, 6, -3)) == 1
