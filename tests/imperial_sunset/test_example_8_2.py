"""The worked example of 8.2 (the strike on Musashi), played with scripted dice at the level of air.py.

Position: a USN carrier TF sends a 6-8 and a 5-8 bomber, with a pair of 4-8 fighters as escort, at IJN TF1 (Musashi,
Yamato, Nagato and escorts), covered by a single 3-12 fighter on CAP. Asserted: one escort committed, the other kept
for suppression; the simultaneous air-to-air rolls (IJN 5 on the 2 column: nothing; USN 6+1 = 7 on the 4 column: a
step) ; the reduced CAP's 9 on the 1 column flipping the 5-8 to a 3-8; Musashi's and Myoko's AA against the 3-8
and the miss on the 3 column; Musashi's -2 cut to -1 by suppression, Yamato's half AA on the 4 column, and the 8 - 1
= 7 on the 6 column that puts 2 damage points on Musashi.
"""

from __future__ import annotations

from typing import Any

from test_damage_kit import Driver, add_air, make_state, ship_id, total_mod

from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset import air, engine
from leyte.rulebooks.imperial_sunset.common import data
from leyte.rulebooks.imperial_sunset.engine import ask, frame, opt, pop
from leyte.rulebooks.imperial_sunset.state import State

IJN_HEX, USN_HEX = "2821", "2621"


@frame("test_activation_8_2")
class _Activation:
    """Stands in for the lead's activation frame: holds the TF and its MPs, and only offers to end."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision:
        return ask(fr["side"], "test_end", "end", "4.4", [opt("test_end", "end")])

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        pop(st, fr)


def position() -> State:
    st = make_state([
        {"id": "IJN-1", "side": "IJN", "hex": IJN_HEX, "detected": True,
         "ships": ["Musashi", "Yamato", "Nagato", "Myoko", "Haguro", "Div 2/32"]},
        {"id": "USN-3", "side": "USN", "hex": USN_HEX, "fleet": "3rd", "ships": ["Essex", "Reno"]},
    ])
    for aid in ("vb-15", "vt-15", "vf-15-1", "vf-15-2"):
        add_air(st, aid)
    add_air(st, "ijn-1af-3f12-1", box="cap", cap_over="IJN-1")
    return st


DICE = [5, 6,   # air-to-air, simultaneous: IJN CAP 5 on the 2 column, USN escort 6 (+1) on the 4 column
        9,      # the reduced CAP (1-12) at the strike: 9 on the 1 column, one flip
        4, 6,   # the 3-8: Musashi's AA 4 on the 6 column (-1), Myoko's 6 on the 2 column (-1)
        7,      # the 3-8 bombs: 7 - 2 = 5 on the 3 column, a miss
        6, 3,   # the 6-8: Musashi's AA 6 (-2, suppressed to -1), Yamato's 3 on the 4 column (nothing)
        8]      # the 6-8 bombs: 8 - 1 = 7 on the 6 column, 2 damage points


def play() -> tuple[Driver, dict[str, str]]:
    st = position()
    drv = Driver(st, list(DICE))
    s = {n: ship_id(n) for n in ("Musashi", "Yamato", "Myoko", "Nagato", "Haguro", "Div 2/32")}
    act_fr = engine.push(st, "test_activation_8_2", side="USN", tf="USN-3", mp=5)
    strike = [o for o in air.activation_options(st, act_fr) if o.kind == "air_strike"]
    assert [o["target"] for o in strike] == ["tf:IJN-1"]
    assert air.act(st, act_fr, strike[0], drv.ctx)
    drv.choose("strike_add", air="vb-15", role="strike")
    drv.choose("strike_add", air="vt-15", role="strike")
    drv.choose("strike_add", air="vf-15-1", role="escort")
    drv.choose("strike_add", air="vf-15-2", role="escort")
    drv.choose("strike_launch")
    drv.choose("escort_commit", air="vf-15-1")
    drv.choose("escort_done")
    drv.choose("flip", air="vt-15")  # the USN picks the 5-8
    for sid, area in ((s["Musashi"], 6), (s["Yamato"], 7), (s["Nagato"], 1), (s["Myoko"], 5), (s["Haguro"], 2),
                      (s["Div 2/32"], 16)):
        drv.choose("place_ship", ship=sid, area=area)
    drv.choose("aim", air="vb-15", ship=s["Musashi"])
    drv.choose("aim", air="vt-15", ship=s["Musashi"])
    drv.choose("pair", escort="vf-15-2", air="vb-15")
    drv.choose("attack_next", air="vt-15")
    drv.choose("aa_adjacent", ship=s["Myoko"])
    drv.choose("aa_adjacent_done")
    drv.choose("attack_next", air="vb-15", optional=True)
    drv.choose("aa_adjacent", ship=s["Yamato"])
    drv.choose("aa_adjacent_done")
    return drv, s


def test_8_2_example_air_to_air_escort_and_cap() -> None:
    drv, _ = play()
    r = drv.rolls()
    cap, esc, cap2 = r[0], r[1], r[2]
    assert cap["table"] == "air_to_air" and cap["column"].split("-")[0] == "2" and cap["raw"] == 5
    assert cap["result"]["steps"] == 0
    assert esc["column"].split("-")[0] == "4" and esc["raw"] == 6 and esc["final"] == 7 and esc["result"]["steps"] == 1
    assert cap2["column"] == "1" and cap2["raw"] == 9 and cap2["result"]["steps"] == 1
    st = drv.st
    zero = st.air["ijn-1af-3f12-1"]
    assert zero.reduced and zero.box == "cap" and air.strength(st, zero.id) == 1   # the 3-12 is now a 1-12
    losses = [e.data["air"] for e in drv.events if e.kind == "air_loss"]
    assert losses == ["ijn-1af-3f12-1", "vt-15"]                                   # no USN loss in the dogfight
    assert air.strength(st, "vt-15") == 3                                          # the 5-8 flipped to a 3-8


def test_8_2_example_aa_suppression_and_bombing() -> None:
    drv, s = play()
    r = drv.rolls()
    mus1, myo, bomb1, mus2, yam, bomb2 = r[3:9]
    assert mus1["table"] == "aa" and mus1["column"] == "6" and mus1["raw"] == 4 and mus1["result"]["drm"] == -1
    assert myo["column"] == "2" and myo["raw"] == 6 and myo["result"]["drm"] == -1
    assert bomb1["table"] == "damage" and bomb1["column"] == "3" and bomb1["raw"] == 7 and bomb1["final"] == 5
    assert bomb1["result"]["hits"] == 0
    assert mus2["column"] == "6" and mus2["raw"] == 6 and mus2["result"]["drm"] == -2
    sup = [e for e in drv.events if e.kind == "aa_suppression"]
    assert len(sup) == 1 and sup[0].data["before"] == -2 and sup[0].data["after"] == -1
    assert yam["column"] == "4" and yam["raw"] == 3 and yam["result"]["drm"] == 0
    assert bomb2["column"] == "6" and total_mod(bomb2) == -1 and bomb2["final"] == 7 and bomb2["result"]["hits"] == 2
    st = drv.st
    assert st.ships[s["Musashi"]].hits == 2
    # The strike cost the carrier TF 2 MP (6.2.2); only two units attacked, so no -1 MP for the target (6.2.3).
    assert st.stack[-1]["kind"] == "test_activation_8_2" and st.stack[-1]["mp"] == 3
    assert st.tfs["IJN-1"].mp_markers == 0
    # The USN units go to the Flown box on their exhausted side (6.5.1).
    assert all(st.air[a].box == "flown" and st.air[a].reduced for a in ("vb-15", "vt-15", "vf-15-1", "vf-15-2"))


def test_8_2_example_musashi_aa_values_match_the_counters() -> None:
    D = data()
    assert D.ships[ship_id("Musashi")].aa == 6 and D.ships[ship_id("Yamato")].aa == 7
    assert D.ships[ship_id("Myoko")].aa == 4


# -- the same example through the public API ----------------------------------------------------------------------

POSITION = {
    "id": "example-8.2", "turn": 2, "first_turn": 1, "last_turn": 12, "turn_record_key": "historical",
    "turn_record": {"2": {"date": "24 Oct", "time": "day", "kamikazes": 0}},
    "options": {"wild_bull": False, "fanaticism": False, "auto_reports": True},
    "tfs": [
        {"marker": "IJN-1", "name": "Force A", "side": "IJN", "hex": IJN_HEX, "detected": True,
         "ships": ["musashi", "yamato", "nagato", "myoko", "haguro", "div-2-32"]},
        {"marker": "USN-3", "name": "TG 38.3", "side": "USN", "fleet": "3rd", "hex": USN_HEX,
         "ships": ["essex", "reno"]},
    ],
    "air": [{"id": "vb-15"}, {"id": "vt-15"}, {"id": "vf-15-1"}, {"id": "vf-15-2"},
            {"id": "ijn-1af-3f12-1", "box": "cap", "cap_over": "IJN-1"}],
    "start": {"activate": "USN-3", "pool": []},
}


class _Api:
    """The Driver's ``choose`` over ``Game.apply``, so ``play``'s choices can be replayed through the public API."""

    def __init__(self, game) -> None:
        self.g = game

    def choose(self, kind: str, *, optional: bool = False, **params: Any):
        d = self.g.decision
        for o in d.options:
            if o.kind == kind and all(o.get(k) == v for k, v in params.items()):
                self.g.apply(o)
                return o
        assert optional, f"no {kind} {params} in {d.kind} ({d.player}): {[o.text for o in d.options]}"
        return None


def test_8_2_example_through_the_public_api() -> None:
    import leyte

    g = leyte.new_game("imperial-sunset", scenario=POSITION, seed=1944)
    d = g.decision
    assert d.player == "USN" and d.kind == "tf_activation"
    g.dice.script[:] = list(DICE)  # from the strike on, the example's dice
    api = _Api(g)
    api.choose("air_strike", target="tf:IJN-1")
    s = {n: ship_id(n) for n in ("Musashi", "Yamato", "Myoko", "Nagato", "Haguro", "Div 2/32")}
    for aid, role in (("vb-15", "strike"), ("vt-15", "strike"), ("vf-15-1", "escort"), ("vf-15-2", "escort")):
        api.choose("strike_add", air=aid, role=role)
    api.choose("strike_launch")
    api.choose("escort_commit", air="vf-15-1")
    api.choose("escort_done")
    api.choose("flip", air="vt-15")
    for n, area in (("Musashi", 6), ("Yamato", 7), ("Nagato", 1), ("Myoko", 5), ("Haguro", 2), ("Div 2/32", 16)):
        api.choose("place_ship", ship=s[n], area=area)
    api.choose("aim", air="vb-15", ship=s["Musashi"])
    api.choose("aim", air="vt-15", ship=s["Musashi"])
    api.choose("pair", escort="vf-15-2", air="vb-15")
    api.choose("attack_next", air="vt-15")
    api.choose("aa_adjacent", ship=s["Myoko"])
    api.choose("aa_adjacent_done")
    api.choose("attack_next", air="vb-15", optional=True)
    api.choose("aa_adjacent", ship=s["Yamato"])
    api.choose("aa_adjacent_done")
    rolls = [e.data["roll"] for e in g.events if e.kind == "roll"]
    assert [(r["table"], r["final"]) for r in rolls[-9:]] == [
        ("air_to_air", 5), ("air_to_air", 7), ("air_to_air", 9), ("aa", 4), ("aa", 6), ("damage", 5), ("aa", 6),
        ("aa", 3), ("damage", 7)]
    assert rolls[-1]["result"]["hits"] == 2 and g.state.ships[s["Musashi"]].hits == 2
    d = g.decision
    assert d.player == "USN" and d.kind == "tf_activation" and "3 MP" in d.prompt  # 5 MP less the strike's 2
    # Who sees what: the IJN never sees the strike's composition event, the USN never sees Musashi's damage box.
    assert not any(e.text.startswith("Strike units:") for e in g.log("IJN"))
    assert not any(e.kind == "damage_log" for e in g.log("USN"))
