"""Example 12.8 (disengagement), driven through Game.apply with scripted dice on the game's own data.

After the fifth Battle Round, with smoke on the display, one side wants out and the other does not: both roll. The
rolls are 2 and 5: 2 + 1 (smoke) + 5 (rounds completed) = 8 is not enough; 5 + 1 + 5 = 11 ends the battle. Then
12.9: the side that broke off retreats one hex toward a friendly edge with a -1 MP marker; the other side stays.
"""

from __future__ import annotations

from clash_surface_kit import HEX, battle, play, record, rolls

from leyte.core.game import Action, Decision, Game

# initiative IJN 6 / USN 1; DES DIV 61 placed by a 1 (box 2), Washington by a 10 (box 22): 20 boxes apart, so no
# one can fire and the only rolls after deployment are the disengagement rolls.
OPENING = [6, 1, 1, 10]


def _smoke_then_usn_out_after(g: Game, out_round: int) -> object:
    def policy(d: Decision) -> Action | None:
        if d.kind == "smoke" and (record(g) or {}).get("round") == 1:
            return next(o for o in d.options if o["area"])  # DES DIV 61 lays smoke in its box in round 1 only
        if d.kind == "disengage" and d.player == "USN" and d.data["round"] == out_round:
            return next(o for o in d.options if o["disengage"])
        return None
    return policy


def _disengage_rolls(g: Game) -> list[dict]:
    return [r for r in rolls(g, rule="12.8")]


def test_example_12_8_rolls_2_and_5_after_round_5_with_smoke_end_the_battle() -> None:
    g = battle(["div-61"], ["washington"], OPENING + [2, 5])
    play(g, _smoke_then_usn_out_after(g, 5))
    r = _disengage_rolls(g)
    assert len(r) == 2  # both players roll, once, after round 5 only
    assert [x["raw"] for x in r] == [2, 5]
    for x in r:
        assert {m["source"]: m["value"] for m in x["modifiers"]} == {
            "smoke on the display (12.8)": 1, "5 Battle Round(s) completed (12.8)": 5}
    assert [x["final"] for x in r] == [8, 11]  # 8 is not enough; 11 (either roll) ends it
    ends = [e for e in g.events if e.kind == "battle_end"]
    assert ends[0].rule == "12.9" and ends[0].data == {"reason": "USN breaks off", "round": 5}
    # 12.9: the USN retreats one hex toward the east or south, -1 MP; the IJN stays in the battle hex
    st = g.state
    usn, ijn = st.tfs["usn"], st.tfs["ijn"]
    assert ijn.hex == HEX and ijn.mp_markers == 0
    assert usn.hex != HEX and usn.mp_markers == 1
    m = st.data.map
    assert m.hex(usn.hex) in m.neighbours(m.hex(HEX))
    col, row = m.layout.parse_label(usn.hex)
    c0, r0 = m.layout.parse_label(HEX)
    assert col > c0 or (col == c0 and row > r0)
    assert record(g) is None and g.decision.kind == "test_end"


def test_12_8_rolls_of_2_and_4_do_not_end_it_and_smoke_stays() -> None:
    # 2+1+5 = 8 and 4+1+5 = 10: below 11, the battle goes on into round 6 with the smoke still on the display
    g = battle(["div-61"], ["washington"], OPENING + [2, 4])
    play(g, _smoke_then_usn_out_after(g, 5), until=lambda g: (record(g) or {}).get("round", 0) == 6)
    assert [x["final"] for x in _disengage_rolls(g)] == [8, 10]
    bf = record(g)
    assert bf is not None and bf["round"] == 6 and bf["smoke"] == [2]
    assert not any(e.kind == "battle_end" for e in g.events)


def test_12_8_the_first_battle_round_counts_one() -> None:
    # after round 1, no smoke: only +1 for the round completed
    g = battle(["div-61"], ["washington"], OPENING + [9, 10])

    def policy(d: Decision) -> Action | None:
        if d.kind == "disengage" and d.player == "IJN":
            return next(o for o in d.options if o["disengage"])
        return None
    play(g, policy)
    r = _disengage_rolls(g)
    assert [x["final"] for x in r] == [10, 11]
    assert [e.data["reason"] for e in g.events if e.kind == "battle_end"] == ["IJN breaks off"]
    assert g.state.tfs["usn"].hex == HEX and g.state.tfs["ijn"].hex != HEX
    assert g.state.tfs["ijn"].mp_markers == 1
