"""The pure renderers: the static SVG a game shows where no widget runs, and the battle display folded from the log."""

from __future__ import annotations

from typing import Any

import leyte
from leyte.render.battle import battle_display
from leyte.render.geometry import map_geometry
from leyte.render.svg import game_svg

STRAIT = "3722"


def surigao() -> dict[str, Any]:
    """The 8.3 example's position: Force C one hex short of Surigao Strait, the US battle line in it, by day."""
    return {
        "id": "test-8.3",
        "turn": 2,
        "first_turn": 1,
        "last_turn": 12,
        "turn_record_key": "historical",
        "options": {"wild_bull": False, "fanaticism": False, "auto_reports": False},
        "tfs": [
            {"marker": "IJN-3", "name": "Force C", "side": "IJN", "hex": "3822", "ships": ["fuso", "mogami", "div-4"]},
            {
                "marker": "USN-7",
                "name": "TF 77.2",
                "side": "USN",
                "fleet": "7th",
                "hex": STRAIT,
                "ships": ["mississippi", "west-virginia", "x-ray-1", "x-ray-2"],
            },
        ],
        "start": {"activate": "IJN-3", "pool": ["USN-7"]},
    }


def into_battle() -> leyte.Game:
    # IJN search 4 (+3, detects), the USN's secret report roll, the USN's search 1 (fails); placement 5 and 8.
    g = leyte.new_game("imperial-sunset", scenario=surigao(), seed=1944, dice=[4, 9, 1, 5, 8, 2, 9])
    g.apply({"kind": "move", "to": STRAIT})
    while g.decision.kind == "search_report":
        g.apply(g.decision.options[0])
    g.apply({"kind": "surface_attack"})
    return g


def test_game_svg_shows_a_side_only_what_it_knows_and_highlights_its_options() -> None:
    g = leyte.new_game("imperial-sunset", scenario=surigao(), seed=1)
    ijn = game_svg(g, "IJN")
    usn = game_svg(g, "USN")
    assert ijn.startswith("<svg") and ijn.rstrip().endswith("</svg>")
    assert "Force C" in ijn and "TF 77.2" not in ijn and "Mississippi" not in ijn
    assert "TF 77.2" in usn and "Force C" not in usn
    moves = [o for o in g.legal_actions() if o.kind == "move"]
    assert ijn.count('fill="#ffeb3b"') == len(moves)  # the IJN is on move: its destinations are highlighted
    assert usn.count('fill="#ffeb3b"') == 0  # the USN does not see the IJN's options
    assert g._repr_svg_() is not None


def test_8_3_1_battle_display_places_the_groups_in_areas_6_and_20() -> None:
    g = into_battle()
    ump = battle_display(g.log(None), umpire=True)
    assert ump.hex == STRAIT and ump.round == 1
    assert {s.area for s in ump.ships.values() if s.side == "IJN"} == {6}
    assert {s.area for s in ump.ships.values() if s.side == "USN"} == {20}
    assert set(ump.ships) == {"fuso", "mogami", "div-4", "mississippi", "west-virginia", "x-ray-1", "x-ray-2"}


def test_8_3_1_the_ijn_sees_the_us_ships_face_down() -> None:
    g = into_battle()
    ijn = battle_display(g.log("IJN"))
    usn_ids = {sid for sid, s in ijn.ships.items() if s.side == "USN"}
    assert usn_ids == {"USN-1", "USN-2", "USN-3", "USN-4"}
    assert "mississippi" not in ijn.ships


def test_geometry_is_cached_per_map() -> None:
    m = leyte.rules("imperial-sunset").map
    assert map_geometry(m) is map_geometry(m)
    geo = map_geometry(m)
    assert len(geo.labels) == len(m) and geo.index["3521"] == geo.labels.index("3521")


def test_app_odds_pane_shows_the_exact_odds_of_the_latest_roll() -> None:
    from leyte.jupyter import GameApp

    g = leyte.new_game("imperial-sunset", scenario=surigao(), seed=1944, dice=[4, 9, 1])
    script = [{"kind": "move", "to": STRAIT}, {"kind": "report", "count": 2}, {"kind": "report", "count": 2}]
    app = GameApp(g, ijn="random", usn="random", viewer="umpire", cards=False, script=script)
    assert app.odds.value == ""  # no roll yet
    app.session.run("decision")
    html = app.odds.value
    assert "leyte-odds" in html and "USN search" in html  # the latest table roll: the USN's mutual search (7.1.1)
    assert html.count("outline:2px") == 1  # the row it read


def test_8_2_air_battle_display_follows_the_strike_on_musashi() -> None:
    from leyte.jupyter import play_script
    from leyte.render.airbattle import adjacent, air_display

    pos = {
        "id": "test-8.2",
        "turn": 2,
        "first_turn": 1,
        "last_turn": 12,
        "turn_record_key": "historical",
        "turn_record": {"2": {"date": "24 Oct", "time": "day", "kamikazes": 0}},
        "options": {"wild_bull": False, "fanaticism": False, "auto_reports": True},
        "tfs": [
            {
                "marker": "IJN-1",
                "name": "Force A",
                "side": "IJN",
                "hex": "2821",
                "detected": True,
                "ships": ["musashi", "yamato", "nagato", "myoko", "haguro", "div-2-32"],
            },
            {
                "marker": "USN-3",
                "name": "TG 38.3",
                "side": "USN",
                "fleet": "3rd",
                "hex": "2621",
                "ships": ["essex", "reno"],
            },
        ],
        "air": [
            {"id": "vb-15"},
            {"id": "vt-15"},
            {"id": "vf-15-1"},
            {"id": "vf-15-2"},
            {"id": "ijn-1af-3f12-1", "box": "cap", "cap_over": "IJN-1"},
        ],
        "start": {"activate": "USN-3", "pool": []},
    }
    script = (
        [{"kind": "air_strike", "target": "tf:IJN-1"}]
        + [
            {"kind": "strike_add", "air": a, "role": r}
            for a, r in (("vb-15", "strike"), ("vt-15", "strike"), ("vf-15-1", "escort"), ("vf-15-2", "escort"))
        ]
        + [
            {"kind": "strike_launch"},
            {"kind": "escort_commit", "air": "vf-15-1"},
            {"kind": "escort_done"},
            {"kind": "flip", "air": "vt-15"},
        ]
        + [
            {"kind": "place_ship", "ship": s, "area": a}
            for s, a in (("musashi", 6), ("yamato", 7), ("nagato", 1), ("myoko", 5), ("haguro", 2), ("div-2-32", 16))
        ]
        + [
            {"kind": "aim", "air": "vb-15", "ship": "musashi"},
            {"kind": "aim", "air": "vt-15", "ship": "musashi"},
            {"kind": "pair", "escort": "vf-15-2", "air": "vb-15"},
            {"kind": "attack_next", "air": "vt-15"},
            {"kind": "aa_adjacent", "ship": "myoko"},
            {"kind": "aa_adjacent_done"},
            {"kind": "attack_next", "air": "vb-15", "optional": True},
            {"kind": "aa_adjacent", "ship": "yamato"},
            {"kind": "aa_adjacent_done"},
        ]
    )
    g = leyte.new_game("imperial-sunset", scenario=pos, seed=1944, dice=[5, 6, 9, 4, 6, 7, 6, 3, 8])
    play_script(g, script)
    ad = air_display(g.log(None))
    assert ad.target == "tf:IJN-1" and ad.ended
    assert ad.areas["musashi"] == 6 and ad.areas["div-2-32"] == 16
    assert ad.aims == {"vb-15": "musashi", "vt-15": "musashi"} and ad.pairs == {"vf-15-2": "vb-15"}
    assert ad.hits == {"musashi": 2}
    assert adjacent(6, 5) and adjacent(6, 7) and adjacent(6, 1) and not adjacent(6, 16)  # Myoko, Yamato may fire
