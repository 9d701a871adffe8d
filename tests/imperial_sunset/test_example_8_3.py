"""The worked example of 8.3 (Surigao Strait, two rounds), played with scripted dice at the level of surface.py.

Position: the USN TF (Mississippi, West Virginia, X-Ray 1 and 2) holds the Surigao Strait hex 3722 and is
detected; the IJN TF (Fuso, Mogami, Desdiv 4) has just entered it from the east-side hex it came from, by day.
Every number the example states is asserted: placement areas, the range and Moved modifiers, the halved factors
and their columns, each modified roll and its hits, the one-hit cap on Desdiv 4, the torpedo rolls with the
critical hit, and both disengagement rolls. The battleships stay in area 20 in round 1 (ruling C1/R2).
"""

from __future__ import annotations

from test_damage_kit import Driver, make_state, ship_id, total_mod

from leyte.rulebooks.imperial_sunset import damage, surface
from leyte.rulebooks.imperial_sunset.common import data

STRAIT = "3722"


def _entry_hex() -> str:
    m = data().map
    return sorted(m.label(h) for h in m.neighbours(m.hex(STRAIT)) if m.is_sea(h))[0]


def _position():
    st = make_state([
        {"id": "IJN-3", "side": "IJN", "hex": STRAIT, "ships": ["Fuso", "Mogami", "Div 4"], "detected": False},
        {"id": "USN-7", "side": "USN", "hex": STRAIT, "ships": ["Mississippi", "West Virginia", "X-Ray/1", "X-Ray/2"],
         "detected": True, "fleet": "7th"},
    ], day=True, turn=2)
    return st


def _ids():
    return {n: ship_id(n) for n in ("Fuso", "Mogami", "Div 4", "Mississippi", "West Virginia", "X-Ray/1",
                                    "X-Ray/2")}


def play_round_1(drv: Driver, s: dict[str, str]) -> None:
    bf = drv.st.stack[-1]
    # Movement: the USN rolled higher and moves first (8.3.2).
    drv.choose("move", ship=s["Mississippi"], area=20)
    drv.choose("move", ship=s["West Virginia"], area=20)
    drv.choose("move", ship=s["X-Ray/1"], area=18)
    drv.choose("smoke", ship=s["X-Ray/1"], area=0)
    drv.choose("move", ship=s["X-Ray/2"], area=18)
    drv.choose("smoke", ship=s["X-Ray/2"], area=0)
    drv.choose("move", ship=s["Fuso"], area=9)
    drv.choose("move", ship=s["Mogami"], area=10)
    drv.choose("move", ship=s["Div 4"], area=10)
    drv.choose("smoke", ship=s["Div 4"], area=0)
    # Gunnery: the IJN pre-designates (8.3.3); Fuso at a USN battleship, the others hold fire.
    alias = bf["display"][s["Mississippi"]]["alias"]
    drv.choose("designate", ship=s["Fuso"], target=alias)
    drv.choose("designate", ship=s["Mogami"], target="")
    drv.choose("designate", ship=s["Div 4"], target="")
    drv.choose("fire", ship=s["Mississippi"], target=s["Fuso"])
    drv.choose("fire", ship=s["West Virginia"], target=s["Fuso"])
    drv.choose("fire", ship=s["X-Ray/1"], target="")
    drv.choose("fire", ship=s["X-Ray/2"], target="")
    # Torpedoes: nobody fires (out of range or held).
    for n in ("Mogami", "Div 4"):
        drv.choose("torpedo_hold", ship=s[n], optional=True)
    drv.choose("disengage", disengage=True)   # IJN, the active player
    drv.choose("disengage", disengage=False)  # USN


def play_round_2(drv: Driver, s: dict[str, str]) -> None:
    bf = drv.st.stack[-1]
    drv.choose("move", ship=s["Fuso"], area=8)
    drv.choose("move", ship=s["Mogami"], area=8)
    drv.choose("move", ship=s["Div 4"], area=15)
    drv.choose("smoke", ship=s["Div 4"], area=0)
    drv.choose("move", ship=s["Mississippi"], area=22)
    drv.choose("move", ship=s["West Virginia"], area=22)
    drv.choose("move", ship=s["X-Ray/1"], area=18)
    drv.choose("smoke", ship=s["X-Ray/1"], area=0)
    drv.choose("move", ship=s["X-Ray/2"], area=18)
    drv.choose("smoke", ship=s["X-Ray/2"], area=0)
    drv.choose("designate", ship=s["Fuso"], target="")
    drv.choose("designate", ship=s["Mogami"], target="")
    drv.choose("designate", ship=s["Div 4"], target=bf["display"][s["X-Ray/1"]]["alias"])
    drv.choose("fire", ship=s["Mississippi"], target="")
    drv.choose("fire", ship=s["West Virginia"], target="")
    drv.choose("fire", ship=s["X-Ray/1"], target=s["Div 4"])
    drv.choose("fire", ship=s["X-Ray/2"], target=s["Div 4"])
    drv.choose("torpedo_hold", ship=s["Mogami"], optional=True)
    drv.choose("torpedo_fire", ship=s["Div 4"])
    miss = bf["display"][s["Mississippi"]]["alias"]
    for _ in range(3):
        drv.choose("torpedo_target", ship=s["Div 4"], target=miss)
    drv.choose("torpedo_fire", ship=s["X-Ray/1"])
    for _ in range(4):  # Div 4 is the only target in reach, so these are taken without asking
        drv.choose("torpedo_target", ship=s["X-Ray/1"], target=s["Div 4"], optional=True)
    drv.choose("torpedo_hold", ship=s["X-Ray/2"])
    drv.choose("disengage", disengage=True)
    drv.choose("disengage", disengage=False)


# Dice in the order the engine asks for them.
DICE = [
    5, 8,           # placement: IJN group 5 -> area 6, USN group 8 -> area 20 (8.3.1)
    2, 9,           # round 1 initiative: USN higher
    7,              # Fuso at Mississippi: 7 - 5 = 2, miss
    9, 6,           # Mississippi 9 - 3 = 6 (3 hits); West Virginia 6 - 3 = 3 (1 hit)
    4,              # IJN disengagement roll: 4, not 10
    8, 3,           # round 2 initiative: IJN higher
    5,              # Desdiv 4 at X-Ray 1: 5 - 4 = 1, no effect
    10, 1,          # X-Ray 1 at Desdiv 4: 10 - 2 = 8 (2 hits -> 1); X-Ray 2 misses
    10, 6, 4,       # Desdiv 4 torpedoes at Mississippi: 9, 5, 3 after -1
    6,              # critical hit on Mississippi: 6 - 1 = 5, no effect
    10, 5, 4, 3,    # X-Ray 1 torpedoes at Desdiv 4: 8, 3, 2, 1 after -2
    9,              # IJN disengagement roll: 9 + 1 = 10, the battle ends
]


def _start():
    st = _position()
    s = _ids()
    drv = Driver(st, list(DICE))
    surface.start_battle(st, STRAIT, "IJN-3", drv.ctx, entered_from=_entry_hex())
    return drv, s


def test_8_3_example_placement_areas_6_and_20() -> None:
    drv, s = _start()
    drv.run()
    bf = drv.st.stack[-1]
    rolls = drv.rolls()
    assert [r["raw"] for r in rolls[:2]] == [5, 8]
    assert {bf["display"][s[n]]["area"] for n in ("Fuso", "Mogami", "Div 4")} == {6}
    assert {bf["display"][s[n]]["area"] for n in ("Mississippi", "West Virginia", "X-Ray/1", "X-Ray/2")} == {20}


def test_8_3_example_round_1_mississippi_three_hits_west_virginia_one() -> None:
    drv, s = _start()
    drv.run()
    n0 = len(drv.events)
    play_round_1(drv, s)
    r = drv.rolls(n0)
    fuso, miss, wv = r[0], r[1], r[2]
    # Fuso: halved for entering the strait, range 11 (-4) and Moved (-1): 7 -> 2 on the 6 column, a miss.
    assert fuso["column"] == "6" and total_mod(fuso) == -5 and fuso["final"] == 2 and fuso["result"]["hits"] == 0
    # Mississippi: 11 column, range -4 and USN +1: 9 -> 6, three hits.
    assert miss["column"] == "11" and total_mod(miss) == -3 and miss["final"] == 6 and miss["result"]["hits"] == 3
    # West Virginia: second ship at Fuso, factor halved to the 6 column: 6 -> 3, one hit.
    assert wv["column"] == "6" and total_mod(wv) == -3 and wv["final"] == 3 and wv["result"]["hits"] == 1
    assert drv.st.ships[s["Fuso"]].hits == 4
    # Disengagement in round 1: only the IJN wants out; the roll of 4 has no modifier and is short of 10.
    dis = r[3]
    assert dis["raw"] == 4 and dis["final"] == 4 and dis["modifiers"] == []
    bf = drv.st.stack[-1]
    assert bf["round"] == 2 and bf["step"] == "move"  # the battle went on into round 2
    # Fuso slowed to 2 by four hits, and carries the -1 MP marker from firing.
    assert damage.speed(drv.st, s["Fuso"], 2) == 2 and bf["display"][s["Fuso"]]["mp"] == 1


def test_8_3_example_round_2_destroyer_cap_torpedoes_and_disengagement() -> None:
    drv, s = _start()
    drv.run()
    play_round_1(drv, s)
    n0 = len(drv.events)
    play_round_2(drv, s)
    r = drv.rolls(n0)
    dd4, x1, x2 = r[0], r[1], r[2]
    assert dd4["column"] == "4" and total_mod(dd4) == -4 and dd4["final"] == 1 and dd4["result"]["hits"] == 0
    assert x1["column"] == "5" and total_mod(x1) == -2 and x1["final"] == 8 and x1["result"]["hits"] == 2
    assert x2["result"]["hits"] == 0
    torps = r[3:6]
    assert [t["final"] for t in torps] == [9, 5, 3] and all(t["column"] == "6" and total_mod(t) == -1 for t in torps)
    assert sum(t["result"]["hits"] for t in torps) == 4 and [t["result"]["critical"] for t in torps] == [
        True, False, False]
    crit = r[6]
    assert crit["table"] == "critical_hit" and crit["raw"] == 6 and crit["final"] == 5
    assert crit["result"]["effect"] == "no_effect"
    usn_t = r[7:11]
    assert [t["final"] for t in usn_t] == [8, 3, 2, 1] and all(total_mod(t) == -2 for t in usn_t)
    dis = r[11]
    assert dis["raw"] == 9 and dis["final"] == 10
    st = drv.st
    # Desdiv 4: one hit from X-Ray 1's gunfire (not two, 9.3), then two from four torpedo rolls.
    assert st.ships[s["Div 4"]].hits == 3
    assert st.ships[s["Mississippi"]].hits == 4
    assert st.ships[s["Fuso"]].hits == 4
    # The IJN disengaged: the USN stays in Surigao Strait, the IJN TF goes back to the hex it came from.
    assert not st.stack
    assert st.tfs["USN-7"].hex == STRAIT
    assert st.tfs["IJN-3"].hex == _entry_hex()
    # Desdiv 4 fired its torpedoes; Mogami did not.
    assert st.ships[s["Div 4"]].torpedo_used and not st.ships[s["Mogami"]].torpedo_used


def test_8_3_example_ijn_never_sees_usn_names_before_they_fire() -> None:
    drv, s = _start()
    drv.run()
    names = {data().ships[s[n]].name for n in ("Mississippi", "West Virginia", "X-Ray/1", "X-Ray/2")}
    ijn_log = [e.text for e in drv.events if e.seen_by("IJN")]
    assert not any(n in t for t in ijn_log for n in names)
    d = drv.decision
    assert d is not None and d.player == "USN"  # the USN won the initiative and moves first


# -- the same example through the public API ----------------------------------------------------------------------

POSITION = {
    "id": "example-8.3", "turn": 2, "first_turn": 1, "last_turn": 12, "turn_record_key": "historical",
    "turn_record": {"2": {"date": "24 Oct", "time": "day", "kamikazes": 0}},
    "options": {"wild_bull": False, "fanaticism": False, "auto_reports": True},
    "tfs": [
        {"marker": "IJN-3", "name": "Force C", "side": "IJN", "hex": "3622", "ships": ["fuso", "mogami", "div-4"]},
        {"marker": "USN-7", "name": "TF 79", "side": "USN", "fleet": "7th", "hex": STRAIT,
         "ships": ["mississippi", "west-virginia", "x-ray-1", "x-ray-2"]},
    ],
    "start": {"activate": "IJN-3", "pool": []},
}

# The search in the strait (4 + 3 = 7, a detection). The dice after it (the USN's secret report roll, its own mutual
# search, 7.1.1, and the report's fuzzing) belong to the detection rules and come from the seed; the battle's dice
# are scripted from the moment the IJN opens fire.
API_DICE = [4]


def _pick(g, kind: str, **params):
    d = g.decision
    for o in d.options:
        if o.kind == kind and all(o.get(k) == v for k, v in params.items()):
            return g.apply(o)
    raise AssertionError(f"no {kind} {params} in {d.kind} ({d.player}): {[o.text for o in d.options]}")


def _api_drive(g, s: dict[str, str]) -> None:
    """Answer the battle's decisions through ``g.apply``, with the same choices as ``play_round_1/2``."""

    class _Api:
        def __init__(self, game) -> None:
            self.g = game
            self.st = game.state

        def choose(self, kind: str, *, optional: bool = False, **params):
            d = self.g.decision
            if d is None:
                assert optional
                return None
            for o in d.options:
                if o.kind == kind and all(o.get(k) == v for k, v in params.items()):
                    self.g.apply(o)
                    return o
            assert optional, f"no {kind} {params} in {d.kind} ({d.player}): {[o.text for o in d.options]}"
            return None

    api = _Api(g)
    play_round_1(api, s)  # type: ignore[arg-type]
    play_round_2(api, s)  # type: ignore[arg-type]


def test_8_3_example_through_the_public_api() -> None:
    import leyte

    g = leyte.new_game("imperial-sunset", scenario=POSITION, dice=list(API_DICE), seed=1944)
    s = _ids()
    _pick(g, "move", to=STRAIT)
    search = next(e.data["roll"] for e in g.events if e.kind == "roll" and e.data["roll"]["table"] == "search")
    assert search["raw"] == 4 and search["final"] == 7 and search["result"]["detected"]
    for _ in range(5):  # the USN may have found the IJN too (7.1.1) and is asked whether to attack: it lets it be
        d = g.decision
        if d.player == "IJN" and d.kind == "tf_activation":
            break
        g.apply(d.options[-1])
    g.dice.script[:] = list(DICE)  # the battle's dice, from here on
    _pick(g, "surface_attack")
    _api_drive(g, s)
    st = g.state
    rolls = [e.data["roll"] for e in g.events if e.kind == "roll" and e.data["roll"]["rule"].startswith("8.3")]
    gun = [r for r in rolls if r["table"] == "damage"]
    assert [(r["column"], r["final"], r["result"]["hits"]) for r in gun[:3]] == [("6", 2, 0), ("11", 6, 3),
                                                                                  ("6", 3, 1)]
    assert st.ships[s["Fuso"]].hits == 4 and st.ships[s["Mississippi"]].hits == 4 and st.ships[s["Div 4"]].hits == 3
    assert st.tfs["USN-7"].hex == STRAIT and st.tfs["IJN-3"].hex == "3622"
    # The IJN's own log never names a USN ship before it fired.
    first_fire = next(i for i, e in enumerate(g.events) if e.kind == "roll" and "Mississippi fires" in e.text)
    ijn_early = [e.text for e in g.events[:first_fire] if e.seen_by("IJN")]
    assert [t for t in ijn_early if "West Virginia" in t or "X-Ray" in t or "Mississippi" in t] == []


def test_8_3_example_save_and_load_in_the_middle_of_the_battle() -> None:
    import leyte

    g = leyte.new_game("imperial-sunset", scenario=POSITION, dice=[4], seed=1944)
    _pick(g, "move", to=STRAIT)
    for _ in range(5):
        d = g.decision
        if d.player == "IJN" and d.kind == "tf_activation":
            break
        g.apply(d.options[-1])
    _pick(g, "surface_attack")
    for _ in range(7):  # a few movement decisions into round 1
        g.apply(g.decision.options[0])
    assert g.state.stack[-1]["kind"] == "surface_battle"
    h = leyte.load_game(g.to_json())
    assert h.state_digest() == g.state_digest()
    for _ in range(40):
        if g.decision is None or g.decision.kind == "tf_activation":
            break
        a = g.decision.options[-1]
        g.apply(a)
        h.apply(a)
    assert h.state_digest() == g.state_digest() and h.events_json() == g.events_json()
