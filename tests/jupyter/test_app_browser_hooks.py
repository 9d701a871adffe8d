"""What the browser tests rely on in ``GameApp``, checked without a browser: the map targets the page carries, the
one pair of labelled play buttons (the ticker hidden, still ticking), the sentence saying what a click played,
and the log's type size at a desk."""

from __future__ import annotations

import json
import re
from html import unescape

import leyte
from leyte.jupyter import GameApp
from leyte.jupyter.app import DESK_FONT, PRESENT_CSS


def _sunset() -> GameApp:
    return GameApp(leyte.new_game("imperial-sunset", scenario="historical", seed=1944), ijn="human", usn="random",
                   cards=False)


def test_map_targets_are_the_highlighted_hexes_at_their_pixels_and_the_page_carries_them() -> None:
    app = _sunset()
    s = app.session
    targets = app.map_targets()
    assert {t["hex"] for t in targets} == set(s.highlighted()) and len(targets) == 8  # Ozawa's entry hexes (3.1)
    for t in targets:
        assert app.map.hex_at(t["x"], t["y"]) == t["hex"]  # the pixel is inside its own hex
        assert t["options"] == 1 and t["text"].endswith(t["hex"])
    m = re.search(r'data-targets="([^"]*)"', app.style.value)
    assert m and json.loads(unescape(m.group(1))) == targets


def test_a_click_at_a_target_pixel_plays_that_option_and_the_panel_says_so() -> None:
    app = _sunset()
    t = app.map_targets()[3]
    assert app.map.click(t["x"], t["y"]) == t["hex"]
    assert app.session.game.actions[-1].text == t["text"]
    assert f"IJN played: {t['text']}" in app.panel.message.value


def test_an_option_button_says_what_it_played_not_only_whose_turn_it_is() -> None:
    app = GameApp(leyte.new_game("samar", seed=1025), ijn="heuristic", usn="human", cards=False)
    app.panel.groups.value = app.panel.groups.options[0][1]
    app.panel.dropdown.value = app.panel.dropdown.options[2][1]
    text = app.panel.dropdown.options[2][0]
    app.panel.go.click()
    assert f"USN played: {text}" in app.panel.message.value and "Your turn" in app.panel.message.value


def test_only_the_labelled_play_buttons_show_and_the_hidden_ticker_still_steps() -> None:
    app = _sunset()
    c = app.controls
    assert c.player.layout.display == "none" and c.player in c.widget.children[1].children
    assert c.play.description == "▶ Play bots" and c.stop.description == "■ Stop" and c.play.tooltip
    c.sides["IJN"].value = "random"
    c.play.click()
    assert c.player.playing is True
    shown, played = app.session.revealed, len(app.session.game.actions)
    for _ in range(6):
        c.player.value += 1  # what the browser's ticker does: each tick shows an event or plays a bot move
    assert app.session.revealed >= shown + 3 and c.player.playing is True
    assert len(app.session.game.actions) > played


def test_the_log_reads_at_desk_size_and_the_viewer_dropdown_names_the_seat_in_full() -> None:
    assert f".leyte-log {{font-size:{DESK_FONT} !important}}" in PRESENT_CSS and float(DESK_FONT[:-2]) >= 13
    app = GameApp(leyte.new_game("naval-chess", seed=1944),
                  players={"IJN": "random", "Third Fleet": "random", "Seventh Fleet": "human"}, cards=False)
    assert app.controls.viewer.layout.width == "auto"
