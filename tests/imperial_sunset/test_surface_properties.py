"""Property tests of surface combat (8.3) and damage (9): random battles played to the end with random choices.

Invariants checked on every battle: hits never exceed a ship's capacity and a ship is sunk exactly when they reach
it (9.0); no destroyer unit takes more than one hit from one gunnery or torpedo roll (9.3); a ship sunk in a segment
never fires after that segment (8.3.3 simultaneity means the sinking is only marked when the segment ends); MPs and
areas stay on the display.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from test_damage_kit import Driver, make_state

from leyte.rulebooks.imperial_sunset import damage, surface
from leyte.rulebooks.imperial_sunset.rules import RULES

data = RULES.data  # the game's static data, as its Rules object loads it

HEX = "3622"


def _fleet(rng: random.Random, side: str, n: int) -> list[str]:
    pool = sorted(s.name for s in data().ships.values() if s.side == side and s.gunnery > 0 and not s.carrier)
    return rng.sample(pool, n)


def random_battle(seed: int, *, day: bool, max_steps: int = 4000) -> Driver:
    rng = random.Random(seed)
    st = make_state([
        {"id": "IJN-1", "side": "IJN", "hex": HEX, "ships": _fleet(rng, "IJN", rng.randint(1, 6))},
        {"id": "USN-1", "side": "USN", "hex": HEX, "ships": _fleet(rng, "USN", rng.randint(1, 6)), "detected": True,
         "fleet": "7th"},
    ], day=day, turn=rng.randint(1, 12))
    for s in st.ships.values():
        s.hits = rng.randint(0, max(0, data().ships[s.id].capacity - 1)) if rng.random() < 0.3 else 0
    drv = Driver(st, [], seed=seed)
    m = data().map
    entry = sorted(m.label(h) for h in m.neighbours(m.hex(HEX)) if m.is_sea(h))[0]
    surface.start_battle(st, HEX, "IJN-1", drv.ctx, entered_from=entry if rng.random() < 0.5 else None)
    for _ in range(max_steps):
        d = drv.decision
        if d is None:
            break
        # Lean towards fighting so that ships do sink: fire when possible, disengage rarely.
        opts = list(d.options)
        if d.kind in ("gunnery_designate", "gunnery_fire", "torpedo_target"):
            firing = [o for o in opts if o.get("target")]
            opts = firing or opts
        if d.kind == "torpedo":
            opts = [o for o in opts if o.kind == "torpedo_fire"] or opts
        if d.kind == "disengage":
            opts = [o for o in opts if not o["disengage"]] if rng.random() < 0.8 else opts
        choice = rng.choice(opts)
        from leyte.rulebooks.imperial_sunset import engine

        engine.act(st, choice, drv.ctx)
    else:
        raise AssertionError("battle did not end")
    return drv


def _check(drv: Driver) -> None:
    st = drv.st
    D = data()
    sunk_at: dict[str, int] = {}
    seg_of_event: list[tuple[int, str]] = []
    for i, e in enumerate(drv.events):
        if e.kind in ("sunk", "damage") and e.data["ship"] not in st.ships:
            continue  # the IJN's copy of an event about a face-down USN ship names it by alias
        if e.kind == "sunk":
            sunk_at.setdefault(e.data["ship"], i)
        if e.kind == "damage":
            sid = e.data["ship"]
            if D.ships[sid].small and ("gunfire" in e.data["cause"] or "torpedo" in e.data["cause"]):
                assert e.data["hits"] <= 1, f"{sid} took {e.data['hits']} hits from one attack (9.3)"
        if e.kind == "shot":
            seg_of_event.append((i, e.data["shooter"]))
    for i, shooter in seg_of_event:
        assert shooter not in sunk_at or sunk_at[shooter] > i, f"{shooter} fired after it sank"
    for sid, s in st.ships.items():
        cap = D.ships[sid].capacity
        assert 0 <= s.hits <= cap
        assert s.sunk == (s.hits >= cap)
    assert not st.stack, "the battle frame must be gone at the end"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 10**9), day=hs.booleans())
def test_8_3_random_battles_keep_damage_and_fire_invariants(seed: int, day: bool) -> None:
    _check(random_battle(seed, day=day))


def test_8_3_random_battles_do_sink_ships() -> None:
    """The property above must be able to fail: over a few battles some ships really do sink."""
    sunk = 0
    for seed in range(12):
        drv = random_battle(seed, day=seed % 2 == 0)
        _check(drv)
        sunk += sum(1 for s in drv.st.ships.values() if s.sunk)
    assert sunk > 0


def test_8_3_3_a_ship_sunk_in_the_gunnery_segment_still_fires_in_it() -> None:
    """Yamato's roll sinks X-Ray/1 (one box left); X-Ray/1 still gets to choose and roll before hits are marked."""
    st = make_state([
        {"id": "IJN-1", "side": "IJN", "hex": HEX, "ships": ["Yamato"]},
        {"id": "USN-1", "side": "USN", "hex": HEX, "ships": ["X-Ray/1"], "detected": True, "hits": {"X-Ray/1": 3}},
    ])
    yamato = next(s for s in st.ships if st.ships[s].side == "IJN")
    xray = next(s for s in st.ships if st.ships[s].side == "USN")
    # placement 1 and 1 (areas 2 and 13), initiative IJN 9 / USN 1, Yamato 10 (a hit at any range), X-Ray 1.
    drv = Driver(st, [1, 1, 9, 1, 10, 1])
    surface.start_battle(st, HEX, "IJN-1", drv.ctx, entered_from=None)
    drv.run()
    bf = surface.battle_record(drv.st)  # the battle's record, under the frame of its move step
    assert (bf["display"][yamato]["area"], bf["display"][xray]["area"]) == (2, 13)
    drv.choose("move", ship=yamato, area=2)
    drv.choose("move", ship=xray, area=9)  # closes to 7 areas, inside its gun range
    drv.choose("smoke", ship=xray, area=0)
    drv.choose("designate", ship=yamato, target=bf["display"][xray]["alias"])
    d = drv.decision
    assert d.kind == "gunnery_fire" and d.player == "USN"
    assert not st.ships[xray].sunk  # Yamato has rolled a hit, but nothing is marked yet
    drv.choose("fire", ship=xray, target=yamato)
    shots = [e.data["shooter"] for e in drv.events if e.kind == "shot"]
    assert shots == [yamato, xray]
    assert st.ships[xray].sunk
    sunk_i = next(i for i, e in enumerate(drv.events) if e.kind == "sunk")
    last_shot = max(i for i, e in enumerate(drv.events) if e.kind == "shot")
    assert last_shot < sunk_i


def test_9_3_destroyer_units_take_one_hit_per_attack() -> None:
    st = make_state([{"id": "U", "side": "USN", "hex": HEX, "ships": ["X-Ray/1"]}])
    sid = next(iter(st.ships))
    drv = Driver(st, [])
    assert damage.apply_hits(st, sid, 3, drv.ctx, rule="8.3.3", cause="gunfire") == 1
    assert damage.apply_hits(st, sid, 2, drv.ctx, rule="10.6", cause="submarine", per_attack_cap=False) == 2
    assert st.ships[sid].hits == 3 and not st.ships[sid].sunk


@settings(max_examples=200, deadline=None)
@given(name_i=hs.integers(0, 10**6), blows=hs.lists(hs.tuples(hs.integers(0, 12), hs.booleans(), hs.booleans()),
                                                  max_size=12), seed=hs.integers(0, 10**6))
def test_9_hits_never_exceed_capacity(name_i: int, blows: list[tuple[int, bool, bool]], seed: int) -> None:
    ships = sorted(data().ships.values(), key=lambda s: s.id)
    ship = ships[name_i % len(ships)]
    st = make_state([{"id": "T", "side": ship.side, "hex": HEX, "ships": [ship.name]}])
    drv = Driver(st, [], seed=seed)
    for hits, cap, crit in blows:
        before = st.ships[ship.id].hits
        taken = damage.apply_hits(st, ship.id, hits, drv.ctx, rule="9", cause="test", per_attack_cap=cap,
                                  critical=crit)
        after = st.ships[ship.id].hits
        assert after <= ship.capacity and taken == after - before
        if ship.small and cap and not crit:
            assert taken <= 1
    assert st.ships[ship.id].sunk == (st.ships[ship.id].hits == ship.capacity)
