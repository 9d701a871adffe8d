"""Clash of the Carriers' worked examples as positions, options, scripted dice and scripted choices.

Each ``Example`` is plain data, so a notebook, a test or the command line replays it through the public API::

    from leyte.jupyter.session import play_script
    ex = EXAMPLES["6.1"]
    g = leyte.new_game("clash-of-the-carriers", scenario=ex.position, options=dict(ex.options),
                       dice=list(ex.dice), seed=ex.seed)
    play_script(g, ex.script)

The position (the format ``scenario.read_position`` reads) starts at the step the example needs — an activation
may name the marker drawn first, and a position may open in a surface battle (see ``scenario``); ``dice`` holds
every roll the example makes, in the order the engine asks for them, and nothing more. Random draws take scripted
values too: a draw from the Activation Pool scripted as 3 takes the third marker left in it (4.2), and so on for
the unseen submarine markers and the coin flips of 12.9. ``script`` holds the choices the players make on the way,
as matchers (an option's ``kind``, a ``text`` substring, parameters that must be equal). After the script the game
waits at the next decision with every scripted die used. ``shows`` retells, in our own words, what the example
shows and every number it states; the test for an example asserts each of them.

Besides the rulebook's labelled examples (6.1, 8.7, 10.2, 10.4, 12.6, 12.8) the list holds cases that state a value
(5.6, 7.2, 8.1.1, 8.5, 11.1.1, 12.3), so the notebooks can step through them the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["EXAMPLES", "Example"]


@dataclass(frozen=True)
class Example:
    """One worked example: where it starts, the options it needs, the dice it rolls, the choices made, what it shows."""

    id: str  # the case that prints it, as "6.1"
    title: str
    case: str
    position: dict[str, Any]
    dice: tuple[int, ...]
    script: tuple[dict[str, Any], ...]
    options: dict[str, bool] = field(default_factory=dict)
    seed: int = 1
    shows: str = ""


def _pos(id: str, tgs: list[dict[str, Any]], start: dict[str, Any], *, turn: int = 2, **more: Any) -> dict[str, Any]:
    """A position on the game's own data; turn 2 is a day turn of 18 June on the historical turn record."""
    return {"id": id, "name": f"Worked example {id}", "turn": turn, "last_turn": 12,
            "turn_record_key": "historical", "tgs": tgs, "start": start, **more}


def _tg(id: str, name: str, side: str, hex: str, ships: list[str], **more: Any) -> dict[str, Any]:
    return {"id": id, "name": name, "side": side, "hex": hex, "ships": ships, **more}


def _battle(ijn: list[str], usn: list[str]) -> dict[str, Any]:
    """12.0: a lone IJN ship and a lone USN ship meet in open sea (2010); the USN moved in."""
    return _pos(f"battle-{ijn[0]}-{usn[0]}", [_tg("ijn", "IJN TG", "IJN", "2010", ijn),
                                              _tg("usn", "USN TG", "USN", "2010", usn)],
                {"phase": "battle", "hex": "2010", "attacker": "USN", "formations": {"IJN": ["ijn"], "USN": ["usn"]}})


def _hold_round(ijn: str, ijn_area: int, usn: str, usn_area: int, *,
                fire: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """One Battle Round's movement, smoke and gunnery choices with both ships staying where they are (12.3-12.5)."""
    out: list[dict[str, Any]] = [{"kind": "move", "ship": ijn, "area": ijn_area},
                                 {"kind": "move", "ship": usn, "area": usn_area}]
    return out + [{"kind": "fire", "ship": s, "target": ""} for s in fire]


def _torpedo_script(ijn: str, ijn_area: int, usn: str, usn_area: int, firer: str) -> tuple[dict[str, Any], ...]:
    """Round 1 of a two-ship battle: both stay, the USN lays no smoke, nobody fires guns, ``firer`` fires torpedoes."""
    smoke = [{"kind": "smoke", "ship": usn, "text": "no smoke"}] if usn.startswith("des") else []
    moves = _hold_round(ijn, ijn_area, usn, usn_area)
    fire = [{"kind": "fire", "ship": ijn, "target": ""}, {"kind": "fire", "ship": usn, "target": ""}]
    return (*moves, *smoke, *fire, {"kind": "torpedo_fire", "ship": firer})


def _strike_on_taiho(tg: str, bombers: list[str]) -> list[dict[str, Any]]:
    """One USN air strike on Force A in 2211 (8.0-8.6): launch ``bombers``; the IJN puts Taiho in box 1 and Myoko in
    box 2 of the air-sea display (8.3); every bomber goes for Taiho, in alphabetical order (the last goes by itself)."""
    return [{"kind": "clash_strike", "launcher": tg, "hex": "2211"},
            *[{"kind": "strike_add", "air": a, "role": "strike"} for a in bombers], {"kind": "strike_launch"},
            {"kind": "place_ship", "ship": "taiho", "area": 1}, {"kind": "place_ship", "ship": "myoko", "area": 2},
            *[{"kind": "aim", "air": a, "ship": "taiho"} for a in sorted(bombers)],
            *[{"kind": "attack_next", "air": a} for a in sorted(bombers)[:-1]]]


# TG 58.1 and TG 58.4 each send four bombers (7.2 counts air units, fighters or not)
_BOMBERS_58_1 = {"vb-2": "hornet", "vt-2": "hornet", "vb-1": "yorktown", "vt-1": "yorktown"}
_BOMBERS_58_4 = {"vb-15": "essex", "vt-15": "essex", "vt-32": "langley", "vt-25": "cowpens"}

# TG 58.2 and 58.3's ships make the 12-unit TG of 6.1: 2 CV, 2 CVL, 2 BB, 2 CA and 4 destroyer units.
_TG_6_1 = ["bunker-hill", "wasp", "monterey", "cabot", "washington", "north-carolina", "new-orleans", "minneapolis",
           "desrn-52", "desdiv-104", "desrn-1", "desdiv-100"]
_TG_52_10 = ["new-mexico", "idaho", "maryland", "colorado", "tennessee", "california", "pennsylvania", "louisville",
             "honolulu", "st-louis", "desrn-54-1", "desrn-54-2", "desrn-54-3", "desrn-54-4"]
_IJN_CARRIER_AIR = {
    "taiho": ["taiho-f4-1", "taiho-db5-1", "taiho-t3-1"],
    "shokaku": ["shokaku-f3-1", "shokaku-f3-2", "shokaku-db4-1", "shokaku-t2-1"],
    "zuikaku": ["zuikaku-f4-1", "zuikaku-fb2-1", "zuikaku-db4-1", "zuikaku-t2-1"],
    "junyo": ["junyo-f3-1", "junyo-fb1-1", "junyo-db3-1", "junyo-t1-1"],
    "hiyo": ["hiyo-f3-1", "hiyo-fb1-1", "hiyo-db3-1", "hiyo-t1-1"],
    "ryuho": ["ryuho-f3-1", "ryuho-fb1-1", "ryuho-t1-1"],
    "chitose": ["chitose-f1-1", "chitose-fb2-1", "chitose-t1-1"],
    "chiyoda": ["chiyoda-f1-1", "chiyoda-fb2-1", "chiyoda-t1-1"],
    "zuiho": ["zuiho-f1-1", "zuiho-fb2-1", "zuiho-t1-1"],
}
# 10.4: the air lost with Taiho, Shokaku and Hiyo, all of Zuikaku's, Junyo's, Ryuho's and Chitose's, and Chiyoda's
# fighter and fighter-bomber: 32 + 29 + 3 = 64 factors.
_LOST_10_4 = {"taiho", "shokaku", "hiyo", "zuikaku", "junyo", "ryuho", "chitose", "chiyoda-f1-1", "chiyoda-fb2-1"}
_TG_58_1_AIR = ["vf-2-1", "vf-2-2", "vb-2", "vt-2", "vf-1-1", "vf-1-2", "vb-1", "vt-1"]
_NIGHT = {"1": {"date": "1944-06-18", "time": "night"}}

# One entry per worked example, in rulebook order. Keep each entry self-contained (its own position dict).
_ALL: list[Example] = [
    Example(
        "5.6", "Island air gets ready: Guam on 1-5, other fields on 1-3", "5.6",
        _pos("example-5-6", [_tg("tg-58-1", "TG 58.1", "USN", "3810", ["hornet"]),
                             _tg("force-a", "Force A", "IJN", "0618", ["taiho"])],
             {"phase": "turn"},
             air=[{"id": "guam-261ag-f3", "parent": "guam", "box": "flown"},
                  {"id": "peleliu-263ag-f3", "parent": "peleliu", "box": "flown"}],
             air_bases=[{"id": "guam", "name": "Guam", "hex": "3516"},
                        {"id": "peleliu", "name": "Peleliu", "hexes_beyond": 7, "edge_hex": "0624"}]),
        dice=(5, 4),
        script=({"kind": "done"}, {"kind": "done"}),
        shows="Turn 2 begins with a fighter unit in the Flown box on Guam and one on Peleliu. Both sides leave "
              "their formations as they are; then each island unit rolls to be Ready. Guam's 5 is enough (1-5 on "
              "Guam); Peleliu's 4 is not (1-3 on any other field), so only the Guam fighters may fly CAP next.",
    ),
    Example(
        "6.1", "A fudged search report", "6.1",
        _pos("example-6-1", [_tg("tg-example", "TG example", "USN", "3111", _TG_6_1),
                             _tg("force-a", "Force A", "IJN", "2211", ["taiho", "myoko"])],
             {"phase": "activation", "activate": "force-a"}),
        dice=(7,),
        script=({"kind": "report_way", "way": "by_type"},
                {"kind": "report_count", "type": "CV", "count": 1}, {"kind": "report_count", "type": "CVL", "count": 3},
                {"kind": "report_count", "type": "BB", "count": 1}, {"kind": "report_count", "type": "CA", "count": 4},
                {"kind": "report_count", "type": "DD", "count": 6}),
        shows="Force A (a fleet carrier, 9 hexes off: no search modifier) searches a USN TG of 12 units: 2 CV, 2 CVL, "
              "2 BB, 2 CA and 4 destroyer units. The USN player rolls for it in secret: 7, a report by type within 2 "
              "of the truth. He reports 1 CV, 3 CVL, 1 BB, 4 CA and 6 DES DIV (-1, +1, -1, +2, +2): legal. A 0 for a "
              "type that is there, a type that is not there or a count 3 off would be refused, and the IJN never "
              "sees the die.",
    ),
    Example(
        "7.2", "Two big air attacks: -2 MP", "7.2",
        _pos("example-7-2", [_tg("tg-58-1", "TG 58.1", "USN", "2811", ["hornet", "yorktown", "baltimore"]),
                             _tg("tg-58-4", "TG 58.4", "USN", "2711", ["essex", "langley", "cowpens", "vincennes"]),
                             _tg("force-a", "Force A", "IJN", "2211", ["taiho", "myoko"])],
             {"phase": "activation", "activate": "tg-58-1"},
             air=[{"id": a, "parent": c, "box": "ready"} for a, c in {**_BOMBERS_58_1, **_BOMBERS_58_4}.items()],
             detected={"USN": {"carrier": ["force-a"]}}),
        dice=(1, 1, 1, 1, 1, 1, 1, 1, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2),
        script=({"kind": "end_move"}, *_strike_on_taiho("tg-58-1", list(_BOMBERS_58_1)), {"kind": "chit_pass"},
                {"kind": "end_move"}, *_strike_on_taiho("tg-58-4", list(_BOMBERS_58_4))),
        shows="Force A, already found, is struck twice in one turn by four air units each: TG 58.1's four bombers, "
              "then (after the IJN draws its chit, pick 3, and sets it aside, and the USN draws TG 58.4, pick 2) TG "
              "58.4's. Taiho's guns roll 1s (no effect) and so do the bombers (no hits): the strikes matter here only "
              "for their size. The first attack of four or more air units costs Force A 1 MP on its next move; the "
              "second makes it 2, the most there can be (a third would leave it at 2). The last pick, 2, is the "
              "IJN's next draw: the USN chit, which finds nothing left to activate.",
    ),
    Example(
        "8.1.1", "Extended range: 11 hexes on the fatigued side", "8.1.1",
        _pos("example-8-1-1", [_tg("tg-58-1", "TG 58.1", "USN", "2811", ["hornet", "baltimore"]),
                               _tg("force-a", "Force A", "IJN", "1711", ["taiho", "myoko"])],
             {"phase": "activation", "activate": "tg-58-1"},
             air=[{"id": a, "parent": "hornet", "box": "ready"} for a in ("vf-2-1", "vf-2-2", "vb-2", "vt-2")],
             detected={"USN": {"carrier": ["force-a"]}}),
        dice=(),
        script=({"kind": "end_move"}, {"kind": "clash_strike", "launcher": "tg-58-1", "hex": "1711"}),
        shows="Force A has been found 11 hexes west of TG 58.1 (range counts the target hex, not the one the "
              "strike leaves from, 8.1). Hornet's units fly 8, so they reach it only at extended range: 3 more "
              "hexes, 11 in all, flying on their fatigued side (VB-2 attacks with 4, not 6). At 8 hexes they would "
              "fly at full strength; at 12 no strike is offered.",
    ),
    Example(
        "8.5", "USN anti-aircraft fire from the next box, at half", "8.5",
        _pos("example-8-5", [_tg("force-a", "Force A", "IJN", "2211", ["taiho", "myoko"]),
                             _tg("tg-58-3", "TG 58.3", "USN", "2811", ["enterprise", "birmingham"])],
             {"phase": "activation", "activate": "force-a"},
             air=[{"id": "taiho-db5-1", "parent": "taiho", "box": "ready"}],
             detected={"IJN": {"carrier": ["tg-58-3"]}}),
        dice=(1, 1, 1, 3),
        script=({"kind": "end_move"}, {"kind": "clash_strike", "launcher": "force-a", "hex": "2811"},
                {"kind": "strike_add", "air": "taiho-db5-1", "role": "strike"}, {"kind": "strike_launch"},
                {"kind": "place_ship", "ship": "enterprise", "area": 1},
                {"kind": "place_ship", "ship": "birmingham", "area": 2},
                {"kind": "aim", "air": "taiho-db5-1", "ship": "enterprise"},
                {"kind": "aa_adjacent", "ship": "birmingham"}),
        shows="Taiho's dive bombers attack Enterprise in box 1 of the air-sea display; Birmingham (AA 5) is in box "
              "2 next to it. Enterprise fires at full strength (6); Birmingham, a USN ship in the next box, fires "
              "at half its AA, rounded up: 5 / 2 = 2.5, which 1.2 rounds to 3. All three dice are 1s (no effect, no "
              "hit); the last pick, 3, is the USN's next draw, its command chit.",
    ),
    Example(
        "8.7", "A carrier TG's activation: search, move, strike", "8.7",
        _pos("example-8-7", [_tg("tg-58-1", "TG 58.1", "USN", "2811",
                                 ["hornet", "yorktown", "baltimore", "boston"], mp_markers=1),
                             _tg("force-a", "Force A", "IJN", "2211", ["taiho", "myoko"])],
             {"phase": "activation", "activate": "tg-58-1"},
             air=[{"id": a, "parent": "hornet" if "-2" in a else "yorktown", "box": "ready"} for a in _TG_58_1_AIR]),
        dice=(5,),
        script=({"kind": "report_way", "way": "honest"},
                {"kind": "move", "to": "2711"}, {"kind": "move", "to": "2611"},
                {"kind": "move", "to": "2612"}, {"kind": "move", "to": "2712"},
                {"kind": "clash_strike", "launcher": "tg-58-1", "hex": "2211"}),
        shows="The example's TG is TG 58.7, the battle line, which has no carriers and starts inside TF 58; we use "
              "TG 58.1 (two fleet carriers) instead. Its ships are all 4/5 and turn 2 is even: 5 MP, less 1 for the "
              "-1 MP marker an air attack left last turn = 4. It searches first and finds Force A (a 5, +1 for two "
              "fleet carriers), then spends 2 MP toward it and its last 2 MP south-east, 0 left, and launches a "
              "strike from 2712. The -1 MP marker is used up by this move.",
    ),
    Example(
        "8.7-chits", "The two Special Command Chits", "8.7",
        _pos("example-8-7-chits", [_tg("tg-58-1", "TG 58.1", "USN", "3810", ["hornet"]),
                                   _tg("tg-58-4", "TG 58.4", "USN", "3905", ["essex"]),
                                   _tg("force-a", "Force A", "IJN", "0210", ["taiho"]),
                                   _tg("force-b", "Force B", "IJN", "0115", ["junyo"])],
             {"phase": "activation", "activate": "chit:USN"}, turn=1, turn_record=_NIGHT),
        dice=(5, 4, 2, 3),
        script=({"kind": "chit_activate", "marker": "tg-58-4"}, {"kind": "end_move"},
                {"kind": "chit_activate", "marker": "force-b"}, {"kind": "end_move"},
                {"kind": "chit_activate", "marker": "tg-58-1"}),
        shows="A night turn. The USN chit comes out first and activates TG 58.4; the chit goes back into the pool. "
              "The IJN draws (pick 5) its own chit and activates Force B; that chit is spent. The USN then draws TG "
              "58.4's own marker (pick 4) and the IJN Force B's (pick 2): both are set aside, for nothing moves "
              "twice. The USN draws its returned chit (pick 3) and may now activate only TG 58.1. Neither chit ever "
              "offers an Air Flotilla.",
    ),
    Example(
        "10.2", "The Saipan penalty", "10.2",
        _pos("example-10-2", [_tg("tg-52-10", "TG 52.10", "USN", "3712", _TG_52_10[:13])],
             {"phase": "end_phase"}, turn=12),
        dice=(), script=(),
        shows="At the End Phase the USN counts its naval units in the Saipan hex (3712): 14 or more cost nothing, "
              "each one short costs a VP. Here 13 are left: -1; 12 would be -2. The count is made at every End "
              "Phase, 12 in a game.",
    ),
    Example(
        "10.4", "The historical result", "10.4",
        _pos("example-10-4", [_tg("tg-52-10", "TG 52.10", "USN", "3712", _TG_52_10),
                              _tg("force-a", "Force A", "IJN", "0618", ["taiho", "shokaku", "zuikaku"]),
                              _tg("force-b", "Force B", "IJN", "0618", ["junyo", "hiyo", "ryuho"]),
                              _tg("force-c", "Force C", "IJN", "0618", ["chitose", "chiyoda", "zuiho"])],
             {"phase": "end_phase"}, turn=12,
             ships=[{"id": s, "sunk": True} for s in ("taiho", "shokaku", "hiyo")],
             air=[{"id": a, "parent": c, "box": "destroyed" if c in _LOST_10_4 or a in _LOST_10_4 else "ready"}
                  for c, units in _IJN_CARRIER_AIR.items() for a in units]),
        dice=(), script=(),
        shows="June 1944 as it went: the USN sank Taiho and Shokaku (CV, 10 each) and Hiyo (CVL, 5) = 25, and "
              "destroyed 64 IJN carrier air factors = 32 (one VP for each two); 57 in all. The IJN scores its "
              "carriers still afloat: Zuikaku (CV) 5 and five CVLs at 3, 15: 20, and nothing for sinking or "
              "damaging USN ships. 57 - 20 = 37, 30 or more: a Decisive US Victory.",
    ),
    Example(
        "11.1.1", "Submarine markers on 19 June: all five", "11.1.1",
        _pos("example-11-1-1", [_tg("tg-58-1", "TG 58.1", "USN", "3810", ["hornet"]),
                                _tg("force-a", "Force A", "IJN", "0618", ["taiho"])],
             {"phase": "formations", "side": "USN"}, turn=6),
        dice=(9, 1, 1, 1, 1, 1, 4),
        script=({"kind": "done"},),
        shows="Turn 6 is a day of 19 June, which adds 1 to the USN's submarine roll: 9 + 1 = 10 pulls all five "
              "markers (the five 1s are the unseen draws, one marker at a time; the 4 is the first placement "
              "roll, which the USN now answers by choosing a hex).",
    ),
    Example(
        "11.1.1-20-june", "Submarine markers on 20 June: two", "11.1.1",
        _pos("example-11-1-1-20-june", [_tg("tg-58-1", "TG 58.1", "USN", "3810", ["hornet"]),
                                        _tg("force-a", "Force A", "IJN", "0618", ["taiho"])],
             {"phase": "formations", "side": "USN"}, turn=10),
        dice=(4, 1, 1, 4),
        script=({"kind": "done"},),
        shows="On 20 June the roll loses 1: 4 - 1 = 3 pulls two markers.",
    ),
    Example(
        "12.3", "Leaving the display from box 1", "12.3",
        _battle(["div-61"], ["washington"]),
        dice=(6, 1, 1, 10, 3),
        script=({"kind": "move", "ship": "div-61", "area": 1}, {"kind": "smoke", "ship": "div-61", "area": 1},
                {"kind": "move", "ship": "washington", "area": 22},
                {"kind": "disengage", "disengage": False}, {"kind": "disengage", "disengage": False},
                {"kind": "exit_display", "ship": "div-61"}, {"kind": "move", "ship": "washington", "area": 22}),
        shows="DES DIV 61 is placed in box 2, moves to box 1 in round 1 and lays smoke there. In round 2 it starts in "
              "box 1, the IJN's way out, and rolls to leave: 3, less 1 for the smoke on the display, is 2 — no more "
              "than the Battle Round's number, 2, so it leaves. With no IJN unit left the battle ends as if the IJN "
              "had broken off (ruling R-29): the IJN retreats.",
    ),
    Example(
        "12.6", "A USN torpedo attack at 4 boxes", "12.6",
        _battle(["yamato"], ["desrn-52"]),
        dice=(6, 1, 9, 2, 1),
        script=_torpedo_script("yamato", 10, "desrn-52", 14, "desrn-52"),
        shows="Initiative 6 to 1 for the IJN; Yamato is placed by a 9 in box 10, DES RN 52 by a 2 in box 14. The "
              "destroyers' torpedoes cross 4 boxes (the firer's box is not counted, the target's is): USN torpedoes "
              "go 3 boxes with no modifier, -1 for each box beyond, so -1 here, and the USN's own +1. The roll of 1 "
              "becomes 1 on the 6 column: no hit.",
    ),
    Example(
        "12.6-usn-7", "A USN torpedo attack at 7 boxes", "12.6",
        _battle(["yamato"], ["desrn-52"]),
        dice=(6, 1, 9, 5, 1),
        script=_torpedo_script("yamato", 10, "desrn-52", 17, "desrn-52"),
        shows="As before, but DES RN 52 is placed by a 5 in box 17: 7 boxes, the USN's longest torpedo shot, -4. "
              "8 boxes would be out of range.",
    ),
    Example(
        "12.6-ijn", "An IJN torpedo attack at 8 boxes", "12.6",
        _battle(["atago"], ["washington"]),
        dice=(6, 1, 9, 6, 3),
        script=_torpedo_script("atago", 10, "washington", 18, "atago"),
        shows="Atago is placed in box 10, Washington by a 6 in box 18: 8 boxes. IJN torpedoes go 6 boxes with no "
              "modifier and 12 at most: -2 here, and the roll of 3 reads 1. 12 boxes would be -6; 13 out of range.",
    ),
    Example(
        "12.8", "Breaking off after five Battle Rounds", "12.8",
        _battle(["div-61"], ["washington"]),
        dice=(6, 1, 1, 10, 2, 5),
        script=(*_hold_round("div-61", 2, "washington", 22)[:1], {"kind": "smoke", "ship": "div-61", "area": 2},
                *_hold_round("div-61", 2, "washington", 22, fire=("washington",))[1:],
                {"kind": "disengage", "disengage": False}, {"kind": "disengage", "disengage": False},
                *[step for _ in range(3) for step in (
                    *_hold_round("div-61", 2, "washington", 22)[:1], {"kind": "smoke", "ship": "div-61", "area": 0},
                    *_hold_round("div-61", 2, "washington", 22, fire=("washington",))[1:],
                    {"kind": "disengage", "disengage": False}, {"kind": "disengage", "disengage": False})],
                *_hold_round("div-61", 2, "washington", 22)[:1], {"kind": "smoke", "ship": "div-61", "area": 0},
                *_hold_round("div-61", 2, "washington", 22, fire=("washington",))[1:],
                {"kind": "disengage", "disengage": True}, {"kind": "disengage", "disengage": False}),
        shows="DES DIV 61 (box 2) and Washington (box 22) are too far apart to fire; the destroyers lay smoke in "
              "round 1. After round 5 the USN wants out and the IJN does not: both roll. 2 + 1 (smoke) + 5 (rounds) "
              "= 8 is not enough; 5 + 1 + 5 = 11 is, and either roll may end it. The USN now retreats one hex toward "
              "a friendly edge (east or south) with a -1 MP marker; the IJN stays in 2010. After round 8 a "
              "battle ends with no roll.",
    ),
    Example(
        "14.0", "Deliver the Ordnance: a 3-strength DB that loses a step to AA still bombs on the 3 column", "14.0",
        {"id": "example-14.0", "name": "Worked example 14.0", "turn": 2, "first_turn": 1, "last_turn": 2,
         "turn_record_key": "historical",
         "tgs": [{"id": "force-b", "name": "Force B", "side": "IJN", "hex": "1410", "ships": ["junyo"]},
                 {"id": "tg-58-7", "name": "TG 58.7", "side": "USN", "hex": "1416", "ships": ["washington"]}],
         "tfs": [], "air": [{"id": "junyo-db3-1", "parent": "junyo", "box": "ready"}],
         "detected": {"IJN": {"carrier": ["tg-58-7"]}}, "start": {"phase": "activation"}},
        dice=(1, 8, 10, 1),
        script=({"kind": "end_move"},
                {"kind": "clash_strike", "launcher": "force-b", "hex": "1416"},
                {"kind": "strike_add", "air": "junyo-db3-1", "role": "strike"},
                {"kind": "strike_launch"}),
        options={"deliver_the_ordnance": True},
        shows="The IJN draws Force B first (the pick 1 of the four markers), stays in 1410 and strikes TG 58.7 six "
              "hexes away with Junyo's DB, a 3-strength unit whose reduced side is 1. Washington's AA (factor 8) "
              "rolls 8: a D result with -3, so the DB loses a step and is flipped to its 1 side. Under 14.0 it still "
              "bombs on the 3 column, not the 1 column, and keeps the -3 the AA gave it: 10 - 3 = 7 on the 3 column "
              "is 1 hit (on the 1 column it would be none). It then flies back to its carrier's Flown box on its "
              "1-strength side, and the next draw (pick 1 of the three markers left) is TG 58.7's.",
    ),
]

EXAMPLES: dict[str, Example] = {ex.id: ex for ex in _ALL}
