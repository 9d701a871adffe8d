"""Imperial Sunset's tactical displays: the surface battle board (8.3) and the air battle board (8.1), folded from
the log as a viewer saw it (``displays``), and the generic panels the face makes of them for any front end."""

from __future__ import annotations

from is_play import STRAIT, into_battle, surigao  # noqa: E402,F401  (the 8.3 position shared with the SVG tests)

import leyte
from leyte.bots import make_bot
from leyte.jupyter import play_script
from leyte.rulebooks.imperial_sunset.displays import adjacent, air_display, battle_display
from leyte.rulebooks.imperial_sunset.face import air_panel


def musashi_strike() -> leyte.Game:
    """The 8.2 example: TG 38.3's strike on Force A, Musashi in area 6, played to its end with scripted dice."""
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
    return g


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


def test_8_3_1_surface_panel_is_a_25_box_track_ijn_above_usn_below() -> None:
    g = into_battle()
    surface, air = g.face.panels(g.view(None), g.log(None))
    assert (surface["kind"], surface["id"], surface["boxes"]) == ("track", "surface", 25)
    assert surface["title"] == f"Surface battle in {STRAIT} · round 1"
    by_id = {p["id"]: p for p in surface["pieces"]}
    assert set(by_id) == {"fuso", "mogami", "div-4", "mississippi", "west-virginia", "x-ray-1", "x-ray-2"}
    assert {(p["box"], p["lane"], p["side"]) for p in surface["pieces"] if p["side"] == "IJN"} == {(6, 0, "IJN")}
    assert {(p["box"], p["lane"], p["side"]) for p in surface["pieces"] if p["side"] == "USN"} == {(20, 1, "USN")}
    assert by_id["fuso"]["label"] == "Fuso" and not by_id["fuso"]["struck"] and by_id["fuso"]["damage"] == 0
    # the view carries no dice: the latest battle roll comes from the log
    rolls = [e.text for e in g.log(None) if e.kind == "roll" and e.data["roll"].get("rule", "").startswith("8.3")]
    assert rolls and surface["notes"] == [rolls[-1]]
    assert (air["kind"], air["id"], air["title"], air["pieces"]) == ("grid", "air", "No air strike yet.", [])


def test_8_3_1_the_ijn_panel_shows_the_us_ships_face_down_under_their_aliases() -> None:
    g = into_battle()
    surface = g.face.panels(g.view("IJN"), g.log("IJN"))[0]
    usn = [p for p in surface["pieces"] if p["side"] == "USN"]
    assert sorted(p["id"] for p in usn) == ["USN-1", "USN-2", "USN-3", "USN-4"]
    assert all(p["label"].endswith(p["id"]) and p["lane"] == 1 for p in usn)  # "BB USN-2": type and alias only
    text = repr(surface)
    assert "Mississippi" not in text and "mississippi" not in text and "X-Ray" not in text


def test_8_3_panel_after_the_battle_is_folded_from_the_log() -> None:
    g = into_battle()
    bots = {p: make_bot("random", g.id, p, 5) for p in g.players}
    while g.decision is not None and g.view(None).get("battle"):
        g.apply(bots[g.decision.player].choose(g.view(g.decision.player), g.decision))
    surface = g.face.panels(g.view(None), g.log(None))[0]
    folded = battle_display(g.log(None), umpire=True)
    assert folded.ended and surface["title"].endswith("· ended") and STRAIT in surface["title"]
    sunk = {sid for sid, s in folded.ships.items() if s.sunk}
    assert {p["id"] for p in surface["pieces"] if p["struck"]} == sunk
    for p in surface["pieces"]:
        s = folded.ships[p["id"]]
        assert p["box"] == min(max(s.area, 1), 25) and (p["damage"] > 0) == (s.hits > 0)


def test_8_2_air_battle_display_follows_the_strike_on_musashi() -> None:
    g = musashi_strike()
    ad = air_display(g.log(None), umpire=True)
    assert ad.target == "tf:IJN-1" and ad.ended
    assert ad.areas["musashi"] == 6 and ad.areas["div-2-32"] == 16
    assert ad.aims == {"vb-15": "musashi", "vt-15": "musashi"} and ad.pairs == {"vf-15-2": "vb-15"}
    assert ad.hits == {"musashi": 2}
    assert adjacent(6, 5) and adjacent(6, 7) and adjacent(6, 1) and not adjacent(6, 16)  # Myoko, Yamato may fire


def test_8_2_the_defender_s_air_display_names_no_carrier() -> None:
    """The IJN meets the strike's units under labels that give no carrier away (side, kind, factors); the USN, the
    owner, sees their names; the umpire's display is the owner's."""
    g = musashi_strike()
    ijn = air_display(g.log("IJN"))
    assert set(ijn.aims.values()) == {"musashi"}
    assert set(ijn.aims) == {"USN carrier air unit (B 6-8)", "USN carrier air unit (B 5-8)"}
    assert ijn.pairs == {"USN carrier air unit (F 4-8)": "USN carrier air unit (B 6-8)"}
    assert air_display(g.log("USN")).aims == {"vb-15": "musashi", "vt-15": "musashi"}
    panel = g.face.panels(g.view("IJN"), g.log("IJN"))[1]
    assert [(p["label"], p["side"]) for p in panel["pieces"] if not p["major"]] == [
        ("USN carrier air unit (B 6-8)", "USN"), ("USN carrier air unit (B 5-8)", "USN")]
    ijn_text = " ".join(e.text + repr(e.data) for e in g.log("IJN"))
    assert "Essex" not in ijn_text and "vb-15" not in ijn_text
    assert "Essex VB-15" in " ".join(e.text for e in g.log("USN"))


def test_8_2_air_panel_puts_each_ship_in_its_cell_with_its_attackers_under_it() -> None:
    g = musashi_strike()
    air = g.face.panels(g.view(None), g.log(None))[1]
    assert (air["kind"], air["rows"], air["cols"]) == ("grid", 4, 4)
    assert air["title"] == "Air strike on IJN-1 · over" and air["shaded"] == []
    ships = {p["id"]: p for p in air["pieces"] if p["major"]}
    assert {k: p["cell"] for k, p in ships.items()} == {
        "musashi": 6, "yamato": 7, "nagato": 1, "myoko": 5, "haguro": 2, "div-2-32": 16}
    assert ships["musashi"]["note"] == "2 hit(s)" and ships["musashi"]["label"] == "Musashi"
    assert all(p["side"] == "IJN" for p in ships.values())
    attackers = [p for p in air["pieces"] if not p["major"]]
    assert [(p["id"], p["cell"], p["side"]) for p in attackers] == [("vb-15", 6, "USN"), ("vt-15", 6, "USN")]
    assert "escorted by" in attackers[0]["title"] and not any(p["active"] for p in attackers)
    assert air["notes"] and "hit" in air["notes"][0]


def test_8_2_air_panel_shades_the_areas_that_may_add_half_aa_against_the_attack_under_way() -> None:
    g = musashi_strike()
    log = [e for e in g.log(None) if not e.data.get("masked")]  # the umpire's: one full copy of each event
    first = next(i for i, e in enumerate(log) if e.kind == "air_attack" and "ship" in e.data)
    D = g.rules.data()
    names = {k: s.name for k, s in D.ships.items()}
    owner = {**{k: a.side for k, a in D.air.items()}, **{k: s.side for k, s in D.ships.items()}}
    air = air_panel(air_display(log[: first + 1], names, umpire=True), names, owner)
    attacker = log[first].data["air"]
    assert [p["id"] for p in air["pieces"] if p.get("active")] == [attacker]
    assert air["shaded"] == [1, 2, 3, 5, 7, 9, 10, 11]  # touching area 6, Musashi's (8.1)
    assert "over" not in air["title"]
