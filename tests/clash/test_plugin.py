"""The Clash of the Carriers plug-in: Imperial Sunset's Rules object on Clash's data, engine, cases and state."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from clash_kit import choose, data_folder, game, rules

import leyte
from leyte.core import registry
from leyte.core.errors import IllegalAction
from leyte.core.registry import GamePlugin
from leyte.rulebooks.clash import PLUGIN, state
from leyte.rulebooks.clash.engine import ENGINE
from leyte.rulebooks.clash.face import ClashFace
from leyte.rulebooks.clash.rules import RULES, ClashOfTheCarriers
from leyte.rulebooks.imperial_sunset.engine import ENGINE as IS_ENGINE
from leyte.rulebooks.imperial_sunset.rules import ImperialSunset
from leyte.rulebooks.imperial_sunset.state import State

GAME = "clash-of-the-carriers"


@pytest.fixture
def registered() -> Iterator[None]:
    """Clash registered at run time on the test data (the entry point waits until the game plays to the end)."""
    registry.register(GamePlugin(GAME, rules(), face=PLUGIN.face, bots=dict(PLUGIN.bots)))
    try:
        yield
    finally:
        registry.unregister(GAME)


def test_the_rules_object_is_imperial_sunset_s_on_clash_s_own_id_players_and_data() -> None:
    r = rules()
    assert isinstance(r, ImperialSunset) and isinstance(r, ClashOfTheCarriers)
    assert (r.id, r.players) == (GAME, ("IJN", "USN"))
    assert "Philippine Sea" in r.name and r.scenario_ids() == ["historical"]
    D = r.data()
    assert D.folder == data_folder() and D.family.game == GAME and D.family.switch("launch_mp") == 0
    assert D.family.cases is not None and D.family.cases("8.3.8") == "12.8"
    assert PLUGIN.id == GAME and PLUGIN.rules is RULES and set(PLUGIN.bots) == {"heuristic"}  # random: leyte.bots
    bot = PLUGIN.bots["heuristic"]("USN", 3)
    assert bot.side == "USN"


def test_the_engine_extends_imperial_sunset_s_and_imperial_sunset_never_sees_clash_frames() -> None:
    assert ENGINE.base is IS_ENGINE and ENGINE.name == GAME
    for kind in ("clash_setup", "clash_turn", "clash_end_phase", "clash_formations"):
        assert kind in ENGINE.handlers and kind not in IS_ENGINE.handlers
    assert "surface_battle" in ENGINE.handlers  # every Imperial Sunset frame runs here too


def test_a_new_game_stops_at_the_ijn_set_up_citing_clash_s_own_case() -> None:
    g = game()
    d = g.decision
    assert (d.player, d.kind, d.rule) == ("IJN", "setup_mobile_fleet", "16.1.1")


def test_4_0_set_up_hands_over_to_the_first_turn_s_initial_phase() -> None:
    g = game()
    choose(g, "mobile_fleet")
    choose(g, "setup_hex", hex="0618")
    choose(g, "dummies", n=0)
    d = g.decision
    assert (d.player, d.kind, d.rule, g.state.turn, g.state.phase) == ("IJN", "formations", "5.1", 1, "initial")
    assert any(e.kind == "turn" and e.rule == "4.0" for e in g.events)


def test_clash_state_extras_live_in_the_saved_state_and_round_trip() -> None:
    g = game(dice=[6])
    st: State = g.state
    state.detect(st, "USN", "land", "force-a")
    state.extras(st)["er_track"]["5"] = ["hornet-db6"]
    d = st.to_dict()
    back = State.from_dict(json.loads(json.dumps(d)), st.data)
    assert back.to_dict() == d
    cl = state.extras(back)
    assert cl["parent_tf"] == {"tg-58-2": "tf-58", "tg-58-3": "tf-58", "tg-58-7": "tf-58", "force-a": "mobile-fleet",
                               "force-b": "mobile-fleet", "force-c": "mobile-fleet"}
    assert cl["detected"]["USN"] == {"carrier": [], "land": ["force-a"]}
    assert cl["er_track"] == {"5": ["hornet-db6"]}
    assert cl["air_bases"]["peleliu"] == {"name": "Peleliu", "hexes_beyond": 33, "edge_hex": "0620", "capacity": 6}
    with pytest.raises(ValueError, match="USN has no 'island' search channel"):
        state.detect(st, "USN", "island", "force-a")
    assert st.copy().to_dict() == d


def test_save_and_load_through_the_public_api_when_registered(registered: None) -> None:
    g = leyte.new_game(GAME, seed=3)
    choose(g, "mobile_fleet", forces="force-a,force-b")
    text = g.to_json()
    h = leyte.load_game(text)
    assert h.state.to_dict() == g.state.to_dict() and h.decision == g.decision
    assert isinstance(g.face, ClashFace) and g.face.status(g.view("IJN")).startswith("Turn 1")


def test_a_refusal_through_the_public_api_names_clash_s_case(registered: None) -> None:
    g = leyte.new_game(GAME, seed=3)
    with pytest.raises(IllegalAction) as e:
        g.apply({"kind": "mobile_fleet", "forces": ""})
    assert e.value.rule == "16.1.1"


def test_views_keep_each_side_s_secrets() -> None:
    g = game(dice=[4])
    usn, ijn = g.view("USN"), g.view("IJN")
    # the IJN's TGs are on the Mobile Fleet's chart: the USN sees the TF marker, not the Forces inside it (3.2.3)
    assert usn["enemy_tfs"] == [] and {"id": "mobile-fleet", "name": "Mobile Fleet", "side": "IJN",
                                       "hex": "0618", "last_report": None} in usn["task_forces"]
    assert "reinforcements" not in usn and "er_track" not in ijn
    assert [r["turn"] for r in ijn["reinforcements"]] == [2, 4]  # the random-turn units: one secret d10
    text = json.dumps(usn)
    for secret in ("taiho", "Taiho", "force-a"):
        assert secret not in text
    own_tf = next(t for t in usn["task_forces"] if t["side"] == "USN")
    assert own_tf["tgs"] == ["tg-58-2", "tg-58-3", "tg-58-7"] and usn["saipan_hex"] == "3712"
    assert {t["id"] for t in usn["own_tfs"]} == {"tg-58-1", "tg-58-2", "tg-58-3", "tg-58-4", "tg-58-7", "tg-52-10"}


def test_the_face_draws_the_clash_map_and_each_side_s_markers(registered: None) -> None:
    g = leyte.new_game(GAME, seed=2)
    face = g.face
    assert isinstance(face, ClashFace) and [p.id for p in face.players()] == ["IJN", "USN"]
    usn = face.markers(g.view("USN"))
    own = [m for m in usn if m["side"] == "USN"]
    assert {m["hex"] for m in own} == {"3111", "2811", "3209", "3712"}  # its own TGs
    # the enemy's TGs are in its TF, whose marker alone is on the map (3.2.3)
    assert [(m["id"], m["sub"]) for m in usn if m["side"] != "USN"] == [("mobile-fleet", "TF")]
    assert "<svg" in g._repr_svg_()
