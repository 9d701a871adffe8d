"""The Jupyter front on a Battle off Samar game, headless: markers from a Samar view, clicks, highlights, ranges."""

from __future__ import annotations

from typing import Any

import leyte
from leyte.jupyter import GameApp, Session  # noqa: E402
from leyte.rulebooks.samar.face import arc_hexes, band_hexes, los_hexes, samar_markers, samar_option_hexes  # noqa: E402


def ship(sid: str, hexl: str, facing: int = 0, **kw: Any) -> dict[str, Any]:
    return {"id": sid, "hex": hexl, "facing": facing, **kw}


def position(ships: list[dict[str, Any]], start: str = "combat", **kw: Any) -> dict[str, Any]:
    return {
        "id": "t",
        "name": "test",
        "turn": 2,
        "start": start,
        "ships": ships,
        "pools": {},
        "air": [],
        "smoke": kw.pop("smoke", {}),
        **kw,
    }


def duel(start: str = "combat", **kw: Any) -> leyte.Game:
    return leyte.new_game(
        "samar",
        scenario=position(
            [ship("yamato", "1010", 3), ship("johnston", "1005", 2, panic=True), ship("kumano", "1012", 0)],
            start=start,
            **kw,
        ),
        seed=3,
    )


def test_markers_from_a_samar_view_carry_facing_side_speed_panic_and_smoke() -> None:
    g = duel(smoke={"1007": 2})
    for viewer in ("IJN", "USN", None):
        ms = samar_markers(g.view(viewer))
        ships = {m["id"]: m for m in ms if m["kind"] == "ship"}
        assert set(ships) == {"yamato", "johnston", "kumano"}  # both sides see the whole map in this game
        assert ships["yamato"]["facing"] == 3 and ships["yamato"]["side"] == "IJN"
        assert ships["johnston"]["side"] == "USN" and ships["johnston"]["panic"]
        assert "panicked" in ships["johnston"]["title"]
        smoke = [m for m in ms if m["kind"] == "smoke"]
        assert [(m["hex"], m["count"]) for m in smoke] == [("1007", 2)]


def test_pool_and_sunk_ships_are_not_drawn() -> None:
    g = leyte.new_game("samar", seed=1, options={"setup_by_hand": True})  # the set-up: every ship in its pool
    assert [m for m in samar_markers(g.view("USN")) if m["kind"] == "ship"] == []


def test_setup_click_places_the_ship_where_clicked() -> None:
    g = leyte.new_game("samar", seed=1, options={"setup_by_hand": True})
    s = Session(g, players={"USN": "human", "IJN": "heuristic"}, viewer="USN")
    hl = s.highlighted()
    assert "1411" in hl and len(hl) > 20  # within 4 hexes of 1411 (3.1)
    res = s.click("1411")
    assert res.played is not None and res.played.get("hex") == "1411"
    assert {m["id"]: m["hex"] for m in s.markers()}["fanshaw_bay"] == "1411"


def test_fire_decision_highlights_targets_and_a_click_picks_the_target() -> None:
    g = duel()
    s = Session(g, players={"IJN": "human", "USN": "random"}, viewer="IJN", auto=False)
    assert g.decision.kind == "select_firer"
    assert "1010" in s.highlighted()  # Yamato's hex: select the firer by clicking it
    res = s.click("1010")
    assert res.played is not None and res.played["ship"] == "yamato"
    assert g.decision.kind == "fire"
    assert "1005" in s.highlighted()
    r = s.ranges()
    assert {"point_blank", "close", "effective", "maximum", "broadside"} <= set(r)
    res = s.click("1005")
    opts = g.decision.options
    if res.played is None:  # main battery and secondaries both bear: the click narrows the panel to them
        assert res.candidates and all(opts[i]["target"] == "johnston" for i in res.candidates)
        assert {o["weapon"] for o in s.options()} >= {"main"}
    else:
        assert res.played["target"] == "johnston"


def test_app_draws_a_line_of_sight_to_every_target_offered_when_a_fire_decision_is_up() -> None:
    # Yamato (1010) sees Johnston (1005) and Gambier Bay (1416); Hoel at 1040 is beyond the turn's MLOS (5.2)
    g = leyte.new_game("samar", seed=3, scenario=position(
        [ship("yamato", "1010", 3), ship("johnston", "1005", 2), ship("gambier_bay", "1416", 0),
         ship("hoel", "1040", 0)]))
    app = GameApp(g, ijn="human", usn="human", viewer="umpire", size=8, auto=False)
    assert g.decision.kind == "select_firer" and app.map.los_drawn == []  # no ship chosen yet: no lines
    app.session.click("1010")
    assert g.decision.kind == "fire" and g.decision.options[0]["ship"] == "yamato"
    targets = {o["target"] for o in g.decision.options if o.kind == "fire"}
    assert targets == {"johnston", "gambier_bay"}
    where = {"johnston": "1005", "gambier_bay": "1416"}
    assert sorted(app.map.los_drawn) == sorted(("1010", where[t]) for t in targets)
    r = app.session.ranges()
    assert r["los:johnston"] == los_hexes(app.session.map, "1010", "1005") and "los:hoel" not in r
    app.session.click("1005")  # the decision moves on: the lines go with it
    if g.decision.kind == "fire":
        app.session.choose(next(o for o in g.decision.options if o.kind == "fire"))
    assert app.map.los_drawn == []


def test_movement_step_points_at_the_hex_ahead_and_a_click_narrows_to_the_new_facings() -> None:
    g = duel(start="movement")
    while g.decision.kind == "first_mover":
        g.apply({"kind": "first_mover", "side": "IJN"})
    s = Session(g, players={"IJN": "human", "USN": "human"}, viewer="umpire", auto=False)
    g.apply({"kind": "move_ship", "ship": "yamato"})
    if g.decision.kind == "speed":
        g.apply(g.decision.options[0])
    assert g.decision.kind == "step"
    view = s.view()
    t = samar_option_hexes(g.decision.options, view, s.map)
    advance = [i for i, o in enumerate(g.decision.options) if o.kind == "advance"]
    assert advance and all(t[i] == ["1011"] for i in advance)  # facing S (3): 1010 -> 1011
    assert s.ranges()["bow"] == ["1011"]
    res = s.click("1011")
    assert res.played is None and sorted(res.candidates) == advance
    assert [o.kind for o in s.options()] == ["advance"] * len(advance)


def test_arcs_bands_and_los_helpers() -> None:
    m = leyte.rules("samar").map
    arcs = arc_hexes(m, "1010", 0, 3)
    assert "1009" in arcs["bow"] and "1011" in arcs["stern"] and "1110" in arcs["broadside"]
    bands = band_hexes(m, "1010", 10)
    assert set(bands) == {"point_blank", "close", "effective", "maximum"}
    assert all(m.distance(m.hex("1010"), m.hex(h)) == 15 for h in bands["maximum"])
    assert los_hexes(m, "1010", "1005") == ["1010", "1009", "1008", "1007", "1006", "1005"]


def test_game_app_draws_a_samar_game_and_steps_with_bots() -> None:
    app = GameApp(duel(), ijn="heuristic", usn="heuristic", viewer="umpire", size=8)
    assert app.map.markers and app.map.frames >= 1
    before = app.map.frames
    app.controls.step.click()
    app.controls.step.click()
    assert app.map.frames > before
    assert "MLOS" in app.session.status()
    assert "engine could not" not in app.session.message


def test_ship_cards_list_the_ships_on_the_map() -> None:
    # (an Output widget records nothing without a kernel: this checks the refresh runs and what it would show)
    app = GameApp(duel(), ijn="human", usn="heuristic", viewer="umpire", size=8, cards=True)
    from leyte.rulebooks.samar.charts import ships_frame

    frame = ships_frame(app.session.view())
    assert set(frame.index) == {"yamato", "johnston", "kumano"} and bool(frame.loc["johnston", "panic"])


def test_samar_bots_play_at_its_faster_default_speed() -> None:
    """A Samar turn is dozens of single-ship moves: its face asks for full speed (200 ms a step), where a game of
    whole task forces keeps the middle of the slider."""
    from leyte.core.face import Face

    app = GameApp(duel(), ijn="heuristic", usn="heuristic", viewer="umpire", size=8)
    assert app.session.game.face.play_speed == 10 > Face.play_speed
    assert app.controls.speed.value == 10 and app.controls.player.interval == 200
    assert "fast" in app.controls.speed.tooltip
