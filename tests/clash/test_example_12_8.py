"""Example 12.8 (disengagement) through the public API (``EXAMPLES["12.8"]``).

After the fifth Battle Round, with smoke on the display, one side wants out and the other does not: both roll. The
rolls are 2 and 5: 2 + 1 (smoke) + 5 (rounds completed) = 8 is not enough; 5 + 1 + 5 = 11 ends the battle. Then
12.9: the side that broke off retreats one hex toward a friendly edge with a -1 MP marker; the other side stays.
"""

from __future__ import annotations

from example_kit import mods, played, rolls, start

from leyte.jupyter.session import play_script
from leyte.rulebooks.clash.examples import EXAMPLES

HEX = "2010"


def test_example_12_8_rolls_2_and_5_after_round_5_with_smoke_end_the_battle() -> None:
    g = played("12.8")
    r = rolls(g, "12.8")
    assert len(r) == 2  # both players roll, once, after round 5 only
    assert [x["raw"] for x in r] == [2, 5]
    for x in r:
        assert mods(x) == {"smoke on the display (12.8)": 1, "5 Battle Round(s) completed (12.8)": 5}
    assert [x["final"] for x in r] == [8, 11]  # 8 is not enough; 11 (either roll) ends it
    ends = [e for e in g.events if e.kind == "battle_end"]
    assert ends[0].rule == "12.9" and ends[0].data == {"reason": "USN breaks off", "round": 5}
    d = g.decision
    assert (d.player, d.kind, d.rule) == ("USN", "surface_retreat", "12.9")
    # 12.9: one hex toward the east or south; never back into the battle hex
    assert sorted(o["hex"] for o in d.options) == ["2011", "2110", "2111"]
    g.apply({"kind": "retreat", "hex": "2011"})
    tfs = g.view(None)["tfs"]
    assert tfs["ijn"]["hex"] == HEX and tfs["ijn"]["mp_markers"] == 0  # the IJN stays
    assert tfs["usn"]["hex"] == "2011"
    assert any(e.kind == "battle_place" and e.data == {"side": "USN", "hex": "2011", "tfs": ["usn"]}
               and "-1 MP marker" in e.text for e in g.events)


def _until_round_6(dice: list[int], script: list) -> object:
    g = start("12.8", dice=dice)
    play_script(g, script)
    return g


def test_12_8_rolls_of_2_and_4_do_not_end_it() -> None:
    # 2+1+5 = 8 and 4+1+5 = 10: below 11, the battle goes on into round 6
    g = _until_round_6([6, 1, 1, 10, 2, 4], list(EXAMPLES["12.8"].script))
    assert [x["final"] for x in rolls(g, "12.8")] == [8, 10]
    assert not any(e.kind == "battle_end" for e in g.events)
    assert g.decision.kind == "surface_move" and g.view(None)["battle"]["round"] == 6


def test_12_8_the_first_battle_round_counts_one_and_smoke_only_once_laid() -> None:
    script = list(EXAMPLES["12.8"].script)
    no_smoke = [{**s, "area": 0} if s["kind"] == "smoke" else s for s in script[:4]]
    g = start("12.8", dice=[6, 1, 1, 10, 9, 10])
    play_script(g, [*no_smoke, {"kind": "disengage", "disengage": False}, {"kind": "disengage", "disengage": True}])
    r = rolls(g, "12.8")
    assert [x["final"] for x in r] == [10, 11] and mods(r[0]) == {"1 Battle Round(s) completed (12.8)": 1}
    assert [e.data["reason"] for e in g.events if e.kind == "battle_end"] == ["IJN breaks off"]


def test_12_8_after_round_8_the_battle_ends_with_no_roll() -> None:
    script = list(EXAMPLES["12.8"].script)
    first, later = script[:6], script[6:12]  # round 1 (smoke laid) and a round with no smoke, both fighting on
    rounds = [*first, *later * 6, *later[:4]]  # rounds 1-7 fight on; round 8 asks no one about disengaging
    g = start("12.8", dice=[6, 1, 1, 10, 1])  # the last: 12.9, one undamaged unit a side: drawn for who stays
    play_script(g, rounds)
    assert not rolls(g, "12.8")  # nobody rolled to disengage
    ends = [e for e in g.events if e.kind == "battle_end"]
    assert ends and ends[0].data["round"] == 8 and ends[0].data["reason"] == "8 Battle Rounds fought"
    assert ends[1].data == {"undamaged": {"IJN": 1, "USN": 1}}  # equal: a draw says who stays (pick 1: the IJN)
    assert (g.decision.player, g.decision.kind) == ("USN", "surface_retreat")
