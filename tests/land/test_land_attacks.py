"""Mandatory attacks (leyte.land.attacks): obligations, the combined reading, ruling L909, and feasibility.

Pieces are strings: "a1" attackers, "d1" defenders, "s1" static (exempt) friends. The search is checked against a
brute force over every way to split small random positions into combats.
"""

from __future__ import annotations

import itertools
import random

import pytest

from leyte.core.errors import LeyteError
from leyte.core.hexgrid import HexMap
from leyte.land.attacks import AttackDuties, Combat, hex_duties


def test_15_a_unit_in_an_enemy_zone_must_attack_and_the_enemy_must_be_attacked() -> None:
    duties = AttackDuties({"a1": {"d1"}}, {"a1": {"d1"}}, case="15")
    assert duties.obligated == {"a1"} and duties.must_defend == {"d1"} and duties.mode == "combined"
    assert duties.unmet([]) == (["a1"], ["d1"]) and not duties.satisfied([])
    assert duties.satisfied([Combat.of("a1", "d1")])
    assert duties.feasible().completion == (Combat.of("a1", "d1"),)


def test_15_combined_reading_attacks_every_zone_enemy_in_one_combat() -> None:
    duties = AttackDuties({"a1": {"d1", "d2"}}, {"a1": {"d1", "d2"}}, case="15")
    assert duties.mode == "combined"
    with pytest.raises(LeyteError, match=r"\(15\).*'a1' must attack every enemy exerting a zone.*'d2'"):
        duties.check_declaration([], Combat.of("a1", "d1"))
    duties.check_declaration([], Combat.of("a1", {"d1", "d2"}))


def test_15_l909_unsatisfiable_combined_reading_falls_back_to_relaxed() -> None:
    # a1 is in the zones of d1 and d2, a2 in those of d2 and d3, and a1 cannot reach d3: d2 can only be attacked
    # once, so a1 and a2 would have to share one combat against d1, d2 and d3, which a1 cannot join.
    adj = {"a1": {"d1", "d2"}, "a2": {"d2", "d3"}}
    duties = AttackDuties(adj, adj, case="15")
    assert not duties.combined_possible and duties.mode == "relaxed"
    plan = duties.feasible()
    assert plan and duties.satisfied(plan.completion)
    assert duties.satisfied([Combat.of("a1", {"d1", "d2"}), Combat.of("a2", "d3")])
    # a1 on d2 alone would leave d1 (which only a1 touches) unattackable: refused, naming d1
    with pytest.raises(LeyteError, match="'d1' must be attacked but every unit next to it"):
        duties.check_declaration([], Combat.of("a1", "d2"))


def test_15_each_piece_fights_once_and_attackers_touch_every_defender() -> None:
    duties = AttackDuties({"a1": {"d1"}, "a2": {"d1", "d2"}}, {"a1": {"d1"}, "a2": {"d2"}})
    with pytest.raises(LeyteError, match="'a1' is not adjacent to \\['d2'\\]"):
        duties.check_declaration([], Combat.of({"a1", "a2"}, {"d1", "d2"}))
    with pytest.raises(LeyteError, match="already fights in an earlier combat"):
        duties.check_declaration([Combat.of("a1", "d1")], Combat.of("a2", {"d1", "d2"}))
    with pytest.raises(LeyteError, match="needs at least one attacker"):
        duties.check_declaration([], Combat(frozenset(), frozenset({"d1"})))
    with pytest.raises(LeyteError, match="'x9' may not attack"):
        duties.check_declaration([], Combat.of("x9", "d1"))


def test_15_exempt_units_need_not_attack_but_their_zone_enemies_are_attacked() -> None:
    duties = AttackDuties({"s1": {"d1"}, "a1": {"d1"}}, {"s1": {"d1"}}, exempt={"s1"})
    assert duties.obligated == frozenset() and duties.must_defend == {"d1"}
    assert duties.feasible() and duties.satisfied([Combat.of("a1", "d1")])
    stuck = AttackDuties({}, {"s1": {"d1"}}, exempt={"s1"})
    f = stuck.feasible()
    assert not f and "'d1' must be attacked" in f.reason


def test_inconsistent_input_is_refused() -> None:
    with pytest.raises(LeyteError, match="must attack, but it is not listed among the attackers"):
        AttackDuties({}, {"a1": {"d1"}})
    with pytest.raises(LeyteError, match="in the zone of \\['d2'\\] but not adjacent"):
        AttackDuties({"a1": {"d1"}}, {"a1": {"d1", "d2"}})


def _brute(adj, zoc, exempt, attackers, defenders):
    """Every complete plan under each reading, as sets of combats: label each piece with a combat (or none)."""
    obligated = {a for a, ds in zoc.items() if ds and a not in exempt}
    must = {d for ds in zoc.values() for d in ds}
    k = min(len(attackers), len(defenders))
    plans = {"combined": set(), "relaxed": set()}
    for labels in itertools.product(range(-1, k), repeat=len(attackers) + len(defenders)):
        la, ld = labels[: len(attackers)], labels[len(attackers):]
        combats = []
        ok = True
        for i in range(k):
            att = frozenset(a for a, lab in zip(attackers, la, strict=True) if lab == i)
            dfn = frozenset(d for d, lab in zip(defenders, ld, strict=True) if lab == i)
            if not att and not dfn:
                continue
            if not att or not dfn or any(not dfn <= adj[a] for a in att):
                ok = False
                break
            combats.append(Combat(att, dfn))
        if not ok:
            continue
        used_a = {a for c in combats for a in c.attackers}
        used_d = {d for c in combats for d in c.defenders}
        if not obligated <= used_a or not must <= used_d:
            continue
        plan = frozenset(combats)
        plans["relaxed"].add(plan)
        if all(zoc[a] <= c.defenders for c in combats for a in c.attackers & obligated):
            plans["combined"].add(plan)
    return plans


def test_l909_feasibility_agrees_with_brute_force_on_random_positions() -> None:
    rng = random.Random(909)
    checked = {"combined": 0, "relaxed": 0, "declared": 0}
    for _ in range(300):
        attackers = [f"a{i}" for i in range(rng.randint(1, 3))]
        defenders = [f"d{i}" for i in range(rng.randint(1, 3))]
        adj = {a: {d for d in defenders if rng.random() < 0.6} for a in attackers}
        zoc = {a: {d for d in adj[a] if rng.random() < 0.6} for a in attackers}
        exempt = {a for a in attackers if rng.random() < 0.2}
        duties = AttackDuties(adj, zoc, exempt=exempt)
        plans = _brute(adj, zoc, exempt, attackers, defenders)
        assert duties.combined_possible == bool(plans["combined"])
        mode = duties.mode
        checked[mode] += 1
        f = duties.feasible()
        assert f.ok == bool(plans[mode])
        if f.ok:
            assert duties.satisfied(f.completion) and frozenset(f.completion) in plans[mode]
        # every single legal combat as a first declaration: accepted exactly when some plan contains it
        for att_n in range(1, len(attackers) + 1):
            for att in itertools.combinations(attackers, att_n):
                for def_n in range(1, len(defenders) + 1):
                    for dfn in itertools.combinations(defenders, def_n):
                        c = Combat(frozenset(att), frozenset(dfn))
                        if duties.problem(c):
                            continue
                        checked["declared"] += 1
                        assert duties.feasible([c]).ok == any(c in p for p in plans[mode]), (adj, zoc, exempt, c)
    assert min(checked.values()) > 10  # both readings and many declarations were exercised


def test_ten_pieces_on_a_front_line_are_settled_exactly() -> None:
    # A front of five attacker stacks facing five defender stacks, each attacker in the zones of the two
    # defenders opposite it: the combined reading chains them all into one combat that the end stacks cannot
    # join, so the phase falls back to the relaxed reading, and a declaration that strands d4 is refused.
    adj = {f"a{i}": {f"d{i}", f"d{i + 1}"} for i in range(4)}
    adj["a4"] = {"d4"}
    duties = AttackDuties(adj, adj)
    assert duties.mode == "relaxed"
    f = duties.feasible()
    assert f and duties.satisfied(f.completion)
    with pytest.raises(LeyteError, match="cannot be declared"):
        duties.check_declaration([Combat.of("a3", "d4")], Combat.of("a4", "d4"))
    assert duties.feasible([Combat.of("a0", {"d0", "d1"}), Combat.of("a1", "d2")])


def test_15_duties_read_off_a_map_where_each_hex_fights_as_one_piece() -> None:
    # Two friendly stacks A and B face enemy stacks X and Y; G is an enemy stack with no zone (a guerrilla);
    # the A-X side is all sea, so X's zone does not reach A and A cannot attack X.
    m = HexMap.from_ascii("AXBYG", legend={"o": "open"}, terrains=("open",), sides={("A", "X"): {"all_sea"}})
    a, x, b, y, g = (m.find("mark", c)[0] for c in "AXBYG")
    duties = hex_duties(m, [a, b], [x, y, g], exerts_zoc=[x, y], case="15")
    assert duties.adj == {a: frozenset(), b: frozenset({x, y})}
    assert duties.obligated == {b} and duties.must_defend == {x, y}
    assert duties.mode == "combined" and duties.feasible().completion == (Combat(frozenset({b}), frozenset({x, y})),)
    with pytest.raises(LeyteError, match=r"\(15\): 0101 listed as both friendly and enemy"):
        hex_duties(m, [a], [a], case="15")
