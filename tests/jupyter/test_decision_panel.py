"""Issue 15 item 2: the decision panel with long option lists, on real decisions of the three games — groups by
option kind (with counts), a filter that narrows the list as you type, the usual "finish"-like choice first, a list
that is never empty without saying why, and Play buttons that never do nothing in silence."""

from __future__ import annotations

from html import escape

import leyte
from leyte import Action
from leyte.jupyter import GameApp
from leyte.jupyter.app import MAX_BUTTONS, is_no_action, option_groups


def _reorganisation() -> leyte.Game:
    """Imperial Sunset, the IJN's first Initial Phase reorganisation: 42 options of four kinds."""
    g = leyte.new_game("imperial-sunset", scenario="historical", seed=5)
    while not (g.decision.kind == "reorganize" and g.decision.player == "IJN"):
        g.apply(g.decision.options[-1])
    return g


def _plot() -> leyte.Game:
    """Naval Chess, the IJN's first plot: 35 paths for one marker, all of kind "plot"."""
    g = leyte.new_game("naval-chess", seed=11)
    while g.decision.kind != "plot":
        g.apply(g.decision.options[0])
    return g


def _texts(app: GameApp) -> list[str]:
    return [label for label, _i in app.panel.dropdown.options]


def test_no_action_kinds_are_recognised_by_their_words() -> None:
    assert all(is_no_action(k) for k in ("reorg_done", "pass", "let_go", "stay", "end_phase", "done"))
    assert not any(is_no_action(k) for k in ("transfer", "split", "setup_hex", "plot", "move", "fire", "attend"))


def test_groups_follow_the_kinds_in_order_and_split_a_big_kind_by_the_piece_it_names() -> None:
    opts = [Action("move", {"unit": f"u{i % 3}", "to": f"{i:04d}"}) for i in range(15)] + [Action("pass")]
    groups = option_groups(opts, ("unit",))
    assert [label for label, _ in groups] == ["move: u0 (5)", "move: u1 (5)", "move: u2 (5)", "pass (1)"]
    assert sorted(i for _, ix in groups for i in ix) == list(range(16))
    small = option_groups(opts[:5] + opts[-1:], ("unit",))  # five moves: no need to split
    assert [label for label, _ in small] == ["move (5)", "pass (1)"]
    one_each = [Action("move", {"unit": f"u{i}"}) for i in range(15)]  # a piece per option: no grouping at all
    assert [label for label, _ in option_groups(one_each, ("unit",))] == ["move (15)"]


def test_reorganisation_groups_by_kind_with_counts_and_puts_finish_first() -> None:
    app = GameApp(_reorganisation(), ijn="human", usn="random", cards=False)
    p = app.panel
    d = app.session.game.decision
    assert d.kind == "reorganize" and len(d.options) > MAX_BUTTONS
    labels = [label for label, _ in p.groups.options]
    assert labels == ["split (19)", "transfer (21)", "dummy create (1)", "reorg done (1)", "all (42)"]
    # the first group shown is the first option's, and the list holds exactly that group's options, first selected
    assert p.groups.label == "split (19)" and len(p.dropdown.options) == 19
    assert p.dropdown.value == 0 and _texts(app)[0] == d.options[0].text
    # the usual choice is shown first and highlighted, and plays the finishing option
    kids = p.buttons.children
    assert kids[0] is p.usual and p.usual.button_style == "info" and "Finish reorganising" in p.usual.description
    assert "usual choice" in p.usual.tooltip
    n = len(app.session.game.actions)
    p.usual.click()
    assert app.session.game.actions[n].kind == "reorg_done"


def test_choosing_a_group_shows_its_options_and_play_plays_the_selection() -> None:
    app = GameApp(_reorganisation(), ijn="human", usn="random", cards=False)
    p = app.panel
    p.groups.label = "transfer (21)"
    assert len(p.dropdown.options) == 21 and p.dropdown.value is not None
    picked = app.session.game.decision.options[p.dropdown.value]
    assert picked.kind == "transfer" and p.go.tooltip == f"play: {picked.text}" and not p.go.disabled
    n = len(app.session.game.actions)
    p.go.click()
    assert app.session.game.actions[n] == picked


def test_samar_hand_setup_filter_narrows_as_you_type_and_says_when_nothing_matches() -> None:
    g = leyte.new_game("samar", seed=1, options={"setup_by_hand": True})
    app = GameApp(g, players={"USN": "human", "IJN": "random"}, cards=False)
    p = app.panel
    assert [label for label, _ in p.groups.options] == ["setup hex (61)"] and len(p.dropdown.options) == 61
    assert p.usual not in p.buttons.children  # no finishing option in a set-up question: nothing pretends to be one
    assert "click a highlighted hex" in p.prompt.value and "Your turn, USN" in p.prompt.value
    p.filter.value = "IN 141"  # any case: "CVE Fanshaw Bay in 1410", "... in 1411", ...
    texts = _texts(app)
    assert texts and all("in 141" in t.lower() for t in texts) and len(texts) < 61
    assert p.dropdown.value == p.dropdown.options[0][1] and not p.go.disabled
    p.filter.value = "zzz no such hex"
    assert p.dropdown.options == () and p.dropdown.value is None
    assert p.go.disabled and "zzz no such hex" in p.go.tooltip and "filter" in p.go.tooltip
    assert "No option" in p.note.value
    n = len(app.session.game.actions)
    p._play_dropdown()  # even if pressed, it says why and plays nothing
    assert len(app.session.game.actions) == n and "No option in this group matches" in app.session.message
    p.filter.value = ""
    assert len(p.dropdown.options) == 61 and not p.go.disabled


def test_a_filter_that_matches_only_in_other_groups_points_there() -> None:
    app = GameApp(_reorganisation(), ijn="human", usn="random", cards=False)
    p = app.panel
    assert p.groups.label == "split (19)"
    p.filter.value = "Force B"  # only transfers name the force a ship goes to
    assert p.dropdown.options == () and p.go.disabled and "in other groups" in p.go.tooltip
    p.groups.label = "all (42)"
    assert _texts(app) and all("force b" in t.lower() for t in _texts(app)) and not p.go.disabled


def test_naval_chess_plot_is_one_group_filterable_by_destination() -> None:
    g = _plot()
    app = GameApp(g, players={"IJN": "human", "Third Fleet": "random", "Seventh Fleet": "random"}, cards=False)
    p = app.panel
    d = app.session.game.decision
    assert d.kind == "plot" and p.groups.options[0][0] == f"plot ({len(d.options)})"
    p.filter.value = "leave the map"
    assert _texts(app) and all("leave the map" in t for t in _texts(app))
    n = len(app.session.game.actions)
    p.go.click()
    assert len(app.session.game.actions) > n and "leave the map" in app.session.game.actions[n].text


def test_a_short_list_puts_the_usual_choice_first_and_highlights_it() -> None:
    g = _reorganisation()
    # leave the reorganisation at once and find a human decision of ten or fewer options that has a finishing one
    app = GameApp(g, ijn="human", usn="random", cards=False)
    for _ in range(200):
        d = app.session.game.decision
        if d is None:
            break
        kinds = [o.kind for o in app.session.options()]
        if len(kinds) <= MAX_BUTTONS and any(is_no_action(k) for k in kinds) and not is_no_action(kinds[0]):
            break
        app.session.choose(len(d.options) - 1)
    first = app.panel.buttons.children[0]
    assert first.button_style == "info" and "usual choice" in first.tooltip
    assert is_no_action(app.session.game.decision.options[_index_of(app, first.description)].kind)
    # every option exactly once: the usual choice moves to the top, it is not shown twice
    shown = [b.description for b in app.panel.buttons.children]
    assert sorted(shown) == sorted(o.text for o in app.session.options())


def test_a_short_list_shows_each_option_once_in_naval_chess() -> None:
    app = GameApp(leyte.new_game("naval-chess", seed=1), ijn="human", third_fleet="random", seventh_fleet="random",
                  viewer="IJN", cards=False)
    shown = [b.description for b in app.panel.buttons.children]
    assert shown[0].startswith("Keep") and len(shown) == len(set(shown)) == len(app.session.options())


def _index_of(app: GameApp, text: str) -> int:
    return next(i for i, o in enumerate(app.session.game.decision.options) if o.text == text)


def test_play_bots_says_why_when_a_human_must_decide_and_stop_is_labelled() -> None:
    app = GameApp(_reorganisation(), ijn="human", usn="random", cards=False)
    c = app.controls
    assert c.play.description == "▶ Play bots" and c.stop.description == "■ Stop" and c.play.tooltip
    assert c.stop.tooltip
    c.play.click()
    assert c.player.playing is False and "IJN" in app.session.message and "pick an option" in app.session.message
    assert escape(app.session.message) in app.panel.message.value
    c.stop.click()
    assert app.session.message == "Nothing was playing."


def test_play_bots_starts_the_ticker_when_bots_are_on_move_and_stop_halts_it() -> None:
    g = leyte.new_game("samar", seed=1)
    app = GameApp(g, players={"USN": "random", "IJN": "random"}, viewer="umpire", cards=False)
    c = app.controls
    c.play.click()
    assert c.player.playing is True and "Playing" in app.session.message
    c.player.value += 1  # what one browser tick does
    assert len(app.session.game.events) >= 1
    c.stop.click()
    assert c.player.playing is False and app.session.message == "Stopped."


def test_group_and_filter_stay_while_the_list_stays_and_reset_for_the_next_decision() -> None:
    app = GameApp(_reorganisation(), ijn="human", usn="random", cards=False)
    p = app.panel
    p.groups.label = "transfer (21)"
    p.filter.value = "force b"
    narrowed = _texts(app)
    assert narrowed and len(narrowed) < 21
    app.session.message = "something else happened"
    app.session._changed()  # a redraw for the same decision keeps what the player chose
    assert p.groups.label == "transfer (21)" and p.filter.value == "force b" and _texts(app) == narrowed
    p.go.click()  # a transfer played: the next reorganisation list starts again at its first group, unfiltered
    d = app.session.game.decision
    assert d.player == "IJN" and len(d.options) > MAX_BUTTONS
    assert p.filter.value == "" and p.groups.index == 0 and p.dropdown.value == 0
