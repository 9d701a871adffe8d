"""Issue 15 item 4: presentation mode — one switch for a class looking at one screen: the map at full width, large
type, the tables hidden, and a plain-words summary of the last finished turn, built from the viewer's own log."""

from __future__ import annotations

from html import escape

import ipywidgets as W
import pytest

import leyte
from leyte.core.face import Face, last_turn, short
from leyte.core.game import Event
from leyte.jupyter import GameApp
from leyte.jupyter.app import PRESENT_WIDTH

GAMES = ("imperial-sunset", "samar", "naval-chess")


def _shown(w: W.Widget) -> list[W.Widget]:
    """Every widget on screen under ``w``: its children, depth first, leaving out those laid out as hidden."""
    if w.layout.display == "none":
        return []
    out = [w]
    for c in getattr(w, "children", ()):
        out += _shown(c)
    return out


def _bots(gid: str) -> dict[str, str]:
    return {p: "random" for p in leyte.new_game(gid, seed=1).players}


def _played(gid: str, viewer: str, turns: int = 2) -> GameApp:
    """An app whose random bots have played ``turns`` turn boundaries, seen through ``viewer``'s eyes."""
    app = GameApp(leyte.new_game(gid, seed=3), players=_bots(gid), viewer=viewer, cards=True, panels=True)
    for _ in range(turns):
        app.session.run("turn")
    return app


def test_the_switch_hides_the_tables_widens_the_map_and_adds_the_class() -> None:
    app = _played("imperial-sunset", "IJN")
    desk_width = app.map.width
    shown = _shown(app.widget)
    assert app.cards in shown and app.odds in shown and all(pv.widget in shown for pv in app.panels.values())
    assert app.summary not in shown and "leyte-present" not in app.widget._dom_classes

    app.controls.present.value = True  # the "Presentation" toggle in the controls
    shown = _shown(app.widget)
    assert app.presentation and "leyte-present" in app.widget._dom_classes
    assert app.cards not in shown and app.odds not in shown
    assert not any(pv.widget in shown for pv in app.panels.values())
    assert app.map is app.present_map and app.map.widget in shown and app.desk_map.widget not in shown
    assert PRESENT_WIDTH - 60 <= app.map.width <= PRESENT_WIDTH + 10 < desk_width + PRESENT_WIDTH
    assert app.map.markers, "the full-width map is drawn, not left blank"
    assert app.log in shown and app.panel.widget in shown and app.summary in shown
    assert "Turn summary" in app.summary.value and "<li>" in app.summary.value
    assert "font-size:22px" in app.style.value and ".leyte-present" in app.style.value

    app.controls.present.value = False  # and back
    shown = _shown(app.widget)
    assert not app.presentation and "leyte-present" not in app.widget._dom_classes
    assert app.map is app.desk_map and app.cards in shown and app.odds in shown and app.summary not in shown


def test_presentation_can_be_asked_for_at_the_start_and_clicks_on_the_big_map_still_reach_the_session() -> None:
    g = leyte.new_game("naval-chess", seed=11)
    app = GameApp(g, players={p: "human" if i == 0 else "random" for i, p in enumerate(g.players)},
                  presentation=True)
    assert app.controls.present.value and "leyte-present" in app.widget._dom_classes
    assert app.summary.value.startswith("<div><b>Turn summary")
    heard: list[str] = []
    app.session.click = lambda label: heard.append(label)  # type: ignore[method-assign]
    x, y = app.map.pixel_of("C5")
    app.map._mouse_down(x, y)
    app.map._mouse_up(x, y)
    assert heard == ["C5"]


@pytest.mark.parametrize("gid", GAMES)
def test_each_game_summarises_a_bot_played_turn_in_sentences_from_the_viewers_own_log(gid: str) -> None:
    g0 = leyte.new_game(gid, seed=1)
    for viewer in (*g0.players, "umpire"):
        app = _played(gid, viewer)
        app.set_presentation(True)
        evs = app.session.visible_events()
        lines = app.session.game.face.turn_summary(evs)
        start, end, head = last_turn(evs)
        assert head and lines[0] == head + ":" and end > start, "a finished turn is summed up under its own heading"
        assert len(lines) >= 2 and all(t.endswith(".") and t[0].isupper() for t in lines[1:])
        assert all(escape(t) in app.summary.value for t in lines[1:])
        mine = " ".join(lines)
        # every summarised text is one the viewer saw in that turn; none the viewer may not see
        hidden = [e for e in app.session.game.events if not e.seen_by(None if viewer == "umpire" else viewer)]
        for e in hidden:
            if len(short(e.text)) > 20 and not any(e.text == v.text for v in evs):
                assert short(e.text) not in mine, (viewer, e.text)


def test_a_loss_the_viewer_may_not_see_stays_out_of_the_summary() -> None:
    """Imperial Sunset, seed 3, turn 2: a USN air unit sinks Uranami. The USN's log names the unit (Essex VB-15);
    the IJN's own report of the same sinking does not — and each summary tells it in its own side's words: the IJN
    names its own TF, the USN knows it only by its marker."""
    app = _played("imperial-sunset", "IJN", turns=2)
    g = app.session.game
    start, end, _ = last_turn(g.events)
    own = [e for e in g.events[start:end] if e.kind == "sunk" and e.visible == ("USN",)]
    assert own and "Essex" in own[0].text, "this seed sinks a ship in a way only the USN may read"
    ijn = g.face.turn_summary(app.session.visible_events())
    usn = g.face.turn_summary(g.log("USN"))
    assert "Reinforcement Escort Force was sighted in the Philippine Sea and lost Uranami to one air strike." in ijn
    assert "TF IJN-1 was sighted in the Philippine Sea and lost Uranami to one air strike." in usn
    assert "Essex" not in " ".join(ijn) and "Reinforcement Escort Force" not in " ".join(usn)


def test_the_default_summary_words_losses_detections_battles_and_points_and_counts_the_rest() -> None:
    """A game whose face reads no facts of its own (the base ``Face``) gets the shared kinds retold in groups."""
    face = Face(leyte.new_game("samar", seed=1).rules)
    evs = [
        Event("1", "Turn 1: dawn", "turn"),
        Event("2", "Center Force is detected in the Sibuyan Sea", "detected"),
        Event("2", "A search finds nothing", "detection", {"detected": False}),
        Event("3", "Surface battle off Samar", "battle"),
        *(Event("4", f"Ship {i} is sunk by air strike {i}", "sunk") for i in range(5)),
        Event("4", "Air strike on Musashi: sunk", "hit", {"outcome": "sunk"}),
        Event("4", "Air strike on Yamato: damaged", "hit", {"outcome": "damaged"}),
        Event("4", "Air strike on Nagato: no result", "hit", {"result": "-"}),
        Event("4", "Critical hit on Kongo: no effect", "damage"),
        Event("2", "Night: the detection markers come off", "detection"),
        Event("5", "Victory points: +3 to the Allies", "vp"),
        Event("1", "Turn 2: noon", "turn"),
        Event("2", "Something later, in a turn not yet over", "detected"),
    ]
    lines = face.turn_summary(evs)
    assert lines[0] == "Turn 1: dawn:"
    assert lines[1] == ("Lost: Ship 0 is sunk by air strike 0; Ship 1 is sunk by air strike 1; "
                        "Ship 2 is sunk by air strike 2; and 3 more.")
    assert lines[2] == "Hit: Air strike on Yamato: damaged."
    assert lines[3] == "Found: Center Force is detected in the Sibuyan Sea."
    assert lines[4] == "Fought: Surface battle off Samar."
    assert lines[5] == "Victory points: +3 to the Allies."
    text = " ".join(lines)
    assert len(lines) == 6 and not any(w in text for w in ("Nagato", "Kongo", "nothing", "markers", "later"))
    assert face.turn_summary(evs[:1] + evs[-2:]) == ["Turn 1: dawn:", "Nothing you could see was lost, hit, found "
                                                     "or fought over."]
    assert face.turn_summary([])[0] == "So far:"
    assert short("x " * 80).endswith("…") and len(short("x " * 80)) <= 91
