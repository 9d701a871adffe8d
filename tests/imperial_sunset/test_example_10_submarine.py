"""The submarine worked example of module 10, played through the public API with the book's dice.

A US submarine marker lies in 1004; the Ozawa Force moves through it. The USN rolls 6 on the Submarine Attack Table
(an attack is possible), the IJN reports 11 units including capital ships, the target is drawn at random from the
non-destroyer units (Tama), the 6 column of the Damage Table at 8 gives 2 damage points and sinks her, and the ASW
roll of 8 with +1 for the second destroyer unit makes 9 — no result.
"""

from __future__ import annotations

from is_play import choose, day_record, rolls

import leyte

OZAWA = ["zuikaku", "zuiho", "chitose", "chiyoda", "ise", "hyuga", "isuzu", "tama", "oyodo", "div-43", "div-61"]


def _position() -> dict:
    return {
        "id": "example-10",
        "turn": 2,
        "turn_record": {"2": day_record()},
        "options": {"wild_bull": False, "fanaticism": False, "auto_reports": True},
        "tfs": [{"marker": "IJN-5", "name": "Ozawa Force", "side": "IJN", "hex": "1003", "ships": OZAWA}],
        "sonar": [{"hex": "1004", "identity": "USN"}],
        "start": {"activate": "IJN-5"},
    }


# The random draw among the nine non-destroyer units (1-based): Tama.
TAMA_PICK = [s for s in OZAWA if not s.startswith("div-")].index("tama") + 1
# The set-up rolls nothing: the attack roll, the draw, the damage roll, the ASW roll.
DICE = [6, TAMA_PICK, 8, 8]


def test_10_example_tama_sunk_and_asw_misses() -> None:
    tama_pick = TAMA_PICK
    g = leyte.new_game("imperial-sunset", scenario=_position(), dice=list(DICE))
    events = choose(g, "move", to="1004")
    reveal = [e for e in events if e.rule == "10.4" and e.kind == "sonar"]
    assert reveal and reveal[0].data["identity"] == "USN"
    report = [e for e in events if e.rule == "10.5" and e.kind == "report"][0]
    assert report.data["units"] == 11 and report.data["capital"] is True
    assert report.visible == ("USN",)  # the contact report goes to the submarine player only
    assert g.decision.player == "USN" and g.decision.kind == "sub_attack"
    events = choose(g, "sub_attack")
    attack, damage_roll, asw = rolls(events, "10.4")[0], rolls(events, "10.6")[0], rolls(events, "10.7")[0]
    assert (attack["raw"], attack["final"], attack["result"]["attacks"]) == (6, 6, 1)
    assert attack["result"]["target"] == "random_non_escort"
    # The nine non-destroyer units go into the container and Tama is drawn (10.5).
    u = leyte.rules("imperial-sunset").units
    assert sum(u.at[s, "type"] not in ("DD", "DE") for s in OZAWA) == 9
    draw = [e for e in events if e.kind == "draw"]
    assert [e.data for e in draw] == [{"index": tama_pick - 1, "of": 9}]
    assert [e.data["ship"] for e in events if e.kind == "damage" and e.seen_by("IJN")] == ["tama"]
    # Ruling E11: the submarine player learns what his torpedoes scored and that the ship sank, never which ship.
    usn = [e for e in events if e.kind in ("damage", "sunk") and e.seen_by("USN")]
    assert [(e.kind, e.data["ship"]) for e in usn] == [("damage", "a ship unit of TF IJN-5"),
                                                       ("sunk", "a ship unit of TF IJN-5")]
    assert usn[0].data == {"ship": "a ship unit of TF IJN-5", "hits": 2, "cause": "submarine"}  # no capacity
    usn_log = " ".join(e.text + repr(e.data) for e in g.log("USN"))
    assert "Tama" not in usn_log and "tama" not in usn_log
    assert u.at["tama", "type"] == "CL"
    assert (damage_roll["column"], damage_roll["final"], damage_roll["result"]["hits"]) == ("6", 8, 2)
    view = g.view(None)
    assert view["ships"]["tama"]["sunk"] is True and view["ships"]["tama"]["hits"] == 2
    assert asw["raw"] == 8 and asw["final"] == 9 and asw["result"]["sunk"] is False
    assert [m["value"] for m in asw["modifiers"]] == [1]
    assert [s["hex"] for s in view["sonar"]] == ["1004"]  # the boat survives; markers go in the Terminal Phase
    scripted = [e.data["roll"]["raw"] for e in g.events if e.kind == "roll"]
    assert scripted == [6, 8, 8]   # every die the example names, and no other roll (the pick is the draw above)


def test_10_4_friendly_or_false_contact_is_removed() -> None:
    pos = _position()
    pos["sonar"] = [{"hex": "1004", "identity": "IJN"}]
    g = leyte.new_game("imperial-sunset", scenario=pos)
    choose(g, "move", to="1004")
    assert g.view(None)["sonar"] == []
    assert g.decision.kind == "tf_activation"


def test_10_7_no_destroyer_no_asw() -> None:
    pos = _position()
    pos["tfs"][0]["ships"] = [s for s in OZAWA if not s.startswith("div-")]
    g = leyte.new_game("imperial-sunset", scenario=pos, dice=[6, 1, 1])
    choose(g, "move", to="1004")
    events = choose(g, "sub_attack")
    assert not rolls(events, "10.7")
    assert any("No destroyer unit" in e.text for e in events)
