"""Mandatory attacks: who must attack whom, and whether a partly declared combat phase can still be finished.

Many land games oblige the phasing side to attack (Formosa 15 is the instance we follow, with ruling L909):

- every *obligated* attacker (a friendly unit or stack in an enemy zone of control and not exempt) attacks;
- every enemy that exerts a zone of control on a friendly hex is attacked (exempt friends included);
- each attacker attacks at most once and each defender is attacked at most once;
- a combat with several attackers or defenders needs every attacker adjacent to every defender;
- in the *combined* reading, an obligated attacker attacks all the enemies exerting a zone on it in one combat.

The combined reading can be impossible to meet (two units each in the zone of the same two enemies, one of which
is out of reach of the other unit). Ruling L909: when no complete plan meets it, the obligations are met once
every obligated attacker attacks some adjacent enemy and every zone-exerting enemy is attacked (the *relaxed*
reading). ``AttackDuties.mode`` says which reading binds this phase; it is decided once, from the position.

The units here are whatever the game attacks with as one piece (a hex's stack when a hex attacks together), keyed
by any hashable value. A declaration is refused when it leaves no legal way to finish the phase, so a player can
never paint themselves into an impossible end.

The feasibility search, exact for either reading:

1. *Relaxed*: a plan exists iff every still-free required unit has a still-free enemy neighbour. One direction is
   obvious. For the other, pick one such edge per required unit and drop edges while all required units stay
   covered: a minimal edge cover has no path of three edges (its middle edge would be redundant), so each of
   its components is a star, i.e. one attacker against several defenders or several attackers against one, and
   every star is a legal combat. Linear time; ``complete`` builds exactly this plan.
2. *Combined*: depth-first search over combats. Take the first still-free required unit (fixed order); every
   plan puts it in exactly one combat, so branch over the combats that could hold it, then recurse on the
   units left free, memoising on the free set. Only *minimal* combats are tried: an optional attacker (one not
   obligated) never joins obligated ones and at most one joins a combat, since dropping it keeps a combat legal
   and covers nothing required; the same goes for defenders nobody must attack. An obligated attacker's combat
   must hold its whole zone set, and any other obligated attacker whose zone set meets the combat's defenders
   must join it (those defenders are used up), which prunes most branches. With hex-sized pieces each piece has
   at most six neighbours, so a phase of about ten pieces is settled in milliseconds.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from typing import Any

from leyte.core.errors import LeyteError
from leyte.core.hexgrid import Hex, HexMap

__all__ = ["Combat", "AttackDuties", "Feasibility", "hex_duties"]

Piece = Hashable


def _order(items: Iterable[Piece]) -> list[Piece]:
    """A fixed order for any hashable pieces (hexes and strings sort naturally; anything else by repr)."""
    items = list(items)
    try:
        return sorted(items)  # type: ignore[type-var]
    except TypeError:
        return sorted(items, key=repr)


def _subsets(items: Sequence[Piece], *, min_size: int = 0) -> Iterator[tuple[Piece, ...]]:
    for k in range(min_size, len(items) + 1):
        yield from combinations(items, k)


@dataclass(frozen=True, slots=True)
class Combat:
    """One declared combat: the attacking pieces and the defending pieces."""

    attackers: frozenset[Piece]
    defenders: frozenset[Piece]

    @classmethod
    def of(cls, attackers: Iterable[Piece] | Piece, defenders: Iterable[Piece] | Piece) -> Combat:
        """Build from pieces or collections of pieces (a lone string or hex is one piece)."""
        def many(x: Any) -> frozenset[Piece]:
            return frozenset(x) if isinstance(x, (set, frozenset, list)) else frozenset((x,))
        return cls(many(attackers), many(defenders))


@dataclass(frozen=True, slots=True)
class Feasibility:
    """Can the phase still be finished legally? With one way to do it (``completion``) when it can."""

    ok: bool
    mode: str  # "combined" or "relaxed"
    reason: str = ""
    completion: tuple[Combat, ...] = ()

    def __bool__(self) -> bool:
        return self.ok


class AttackDuties:
    """The attack obligations of one combat phase.

    ``attackers`` maps each friendly piece that may attack to the enemy pieces it is adjacent to (it may attack
    them). ``zoc_on`` maps friendly pieces (attackers or not) to the enemy pieces exerting a zone of control on
    them. ``exempt`` pieces need not attack although in a zone (static units, say); their zone-exerting enemies
    must still be attacked. ``case`` is cited in every refusal.
    """

    def __init__(
        self,
        attackers: Mapping[Piece, Iterable[Piece]],
        zoc_on: Mapping[Piece, Iterable[Piece]],
        *,
        exempt: Iterable[Piece] = (),
        case: str = "",
    ) -> None:
        self.case = case
        self.adj: dict[Piece, frozenset[Piece]] = {a: frozenset(ds) for a, ds in attackers.items()}
        self.zoc: dict[Piece, frozenset[Piece]] = {f: frozenset(ds) for f, ds in zoc_on.items()}
        self.exempt = frozenset(exempt)
        self.obligated = frozenset(f for f, ds in self.zoc.items() if ds and f not in self.exempt)
        self.must_defend = frozenset(d for ds in self.zoc.values() for d in ds)
        for a in _order(self.obligated):
            if a not in self.adj:
                raise LeyteError(f"attacks{self._cite()}: {a!r} is in an enemy zone and not exempt, so it must "
                                 "attack, but it is not listed among the attackers")
            if not self.zoc[a] <= self.adj[a]:
                far = _order(self.zoc[a] - self.adj[a])
                raise LeyteError(f"attacks{self._cite()}: {a!r} is in the zone of {far!r} but not adjacent to it")
        self.rev: dict[Piece, frozenset[Piece]] = {}
        for a, ds in self.adj.items():
            for d in ds:
                self.rev[d] = self.rev.get(d, frozenset()) | {a}
        self.defenders = frozenset(self.rev) | self.must_defend
        self._required = [*_order(self.obligated), *_order(self.must_defend)]
        self._memo: dict[tuple[frozenset[Piece], frozenset[Piece]], tuple[Combat, ...] | None] = {}

    def _cite(self) -> str:
        return f" ({self.case})" if self.case else ""

    # -- the reading in force ---------------------------------------------------------------------------------

    @cached_property
    def combined_possible(self) -> bool:
        """Can the whole phase be planned under the combined reading?"""
        return self._search(frozenset(self.adj), frozenset(self.defenders)) is not None

    @property
    def mode(self) -> str:
        """``combined`` when some complete plan meets it, else ``relaxed`` (ruling L909)."""
        return "combined" if self.combined_possible else "relaxed"

    # -- single combats ---------------------------------------------------------------------------------------

    def problem(self, combat: Combat, *, mode: str | None = None) -> str:
        """Why ``combat`` is illegal on its own under ``mode`` (default: the reading in force), or ""."""
        mode = mode or self.mode
        if not combat.attackers or not combat.defenders:
            return "a combat needs at least one attacker and one defender"
        for a in _order(combat.attackers):
            if a not in self.adj:
                return f"{a!r} may not attack"
            far = combat.defenders - self.adj[a]
            if far:
                return f"{a!r} is not adjacent to {_order(far)!r}; every attacker must be adjacent to every defender"
        if mode == "combined":
            for a in _order(combat.attackers & self.obligated):
                missing = self.zoc[a] - combat.defenders
                if missing:
                    return (f"{a!r} must attack every enemy exerting a zone on it in one combat, and "
                            f"{_order(missing)!r} is left out")
        return ""

    def _declared_problem(self, declared: Sequence[Combat], mode: str) -> str:
        seen_a: set[Piece] = set()
        seen_d: set[Piece] = set()
        for i, c in enumerate(declared, 1):
            why = self.problem(c, mode=mode)
            if why:
                return f"combat {i}: {why}"
            twice = (c.attackers & seen_a) | (c.defenders & seen_d)
            if twice:
                return f"combat {i}: {_order(twice)!r} already fights in an earlier combat this phase"
            seen_a |= c.attackers
            seen_d |= c.defenders
        return ""

    # -- the whole phase --------------------------------------------------------------------------------------

    def feasible(self, declared: Sequence[Combat] = ()) -> Feasibility:
        """Can ``declared`` combats be completed into a phase that meets every obligation?"""
        mode = self.mode
        why = self._declared_problem(declared, mode)
        if why:
            return Feasibility(False, mode, why)
        used_a = frozenset(a for c in declared for a in c.attackers)
        used_d = frozenset(d for c in declared for d in c.defenders)
        free_a, free_d = frozenset(self.adj) - used_a, self.defenders - used_d
        rest = self._search(free_a, free_d) if mode == "combined" else self._relaxed(free_a, free_d)
        if rest is None:
            return Feasibility(False, mode, self._stuck(free_a, free_d, mode))
        return Feasibility(True, mode, "", rest)

    def check_declaration(self, declared: Sequence[Combat], new: Combat) -> None:
        """Refuse ``new`` (with the reason) if, after ``declared``, it leaves the phase impossible to finish."""
        f = self.feasible([*declared, new])
        if not f:
            raise LeyteError(f"attacks{self._cite()}: this combat cannot be declared: {f.reason}")

    def unmet(self, declared: Sequence[Combat]) -> tuple[list[Piece], list[Piece]]:
        """(obligated attackers not yet attacking, required defenders not yet attacked)."""
        used_a = {a for c in declared for a in c.attackers}
        used_d = {d for c in declared for d in c.defenders}
        return _order(self.obligated - used_a), _order(self.must_defend - used_d)

    def satisfied(self, declared: Sequence[Combat]) -> bool:
        """May the phase end? Every declared combat legal and every obligation met."""
        attackers, defenders = self.unmet(declared)
        return not attackers and not defenders and not self._declared_problem(declared, self.mode)

    def _stuck(self, free_a: frozenset[Piece], free_d: frozenset[Piece], mode: str) -> str:
        for a in _order(self.obligated & free_a):
            if not self.adj[a] & free_d:
                return f"{a!r} must attack but every enemy next to it is already in another combat"
        for d in _order(self.must_defend & free_d):
            if not self.rev.get(d, frozenset()) & free_a:
                return f"{d!r} must be attacked but every unit next to it is already in another combat"
        return "no way remains to meet every obligation with one combat per unit" + (
            " (each unit in several enemy zones attacking all of them together)" if mode == "combined" else "")

    # -- relaxed: a star cover ------------------------------------------------------------------------------------

    def _relaxed(self, free_a: frozenset[Piece], free_d: frozenset[Piece]) -> tuple[Combat, ...] | None:
        need_a = [a for a in _order(self.obligated) if a in free_a]
        need_d = [d for d in _order(self.must_defend) if d in free_d]
        required = set(need_a) | set(need_d)
        edges: list[tuple[Piece, Piece]] = []
        covered: set[Piece] = set()
        for v, is_att in [*((a, True) for a in need_a), *((d, False) for d in need_d)]:
            if v in covered:
                continue
            nbrs = _order((self.adj[v] & free_d) if is_att else (self.rev.get(v, frozenset()) & free_a))
            if not nbrs:
                return None
            u = next((n for n in nbrs if n in required and n not in covered), nbrs[0])
            edges.append((v, u) if is_att else (u, v))
            covered |= {v, u}
        # Drop redundant edges: what is left is a minimal cover, hence a set of stars.
        for e in list(edges):
            others = [x for x in edges if x != e]
            ends = {p for x in others for p in x}
            if all(p in ends for p in e if p in required):
                edges = others
        plan: list[Combat] = []
        todo = list(edges)
        while todo:
            a, d = todo.pop(0)
            att, dfn = {a}, {d}
            for x in list(todo):
                if x[0] in att or x[1] in dfn:
                    att.add(x[0])
                    dfn.add(x[1])
                    todo.remove(x)
            plan.append(Combat(frozenset(att), frozenset(dfn)))
        return tuple(plan)

    # -- combined: exact search -----------------------------------------------------------------------------------

    def _search(self, free_a: frozenset[Piece], free_d: frozenset[Piece]) -> tuple[Combat, ...] | None:
        key = (free_a, free_d)
        if key in self._memo:
            return self._memo[key]
        x = next((v for v in self._required if v in free_a or (v in free_d and v in self.must_defend)), None)
        if x is None:
            result: tuple[Combat, ...] | None = ()
        else:
            result = None
            for c in self._candidates(x, free_a, free_d):
                rest = self._search(free_a - c.attackers, free_d - c.defenders)
                if rest is not None:
                    result = (c, *rest)
                    break
        self._memo[key] = result
        return result

    def _forced_ok(self, att: frozenset[Piece], dfn: frozenset[Piece], free_a: frozenset[Piece]) -> bool:
        """Combined reading: each obligated attacker has its whole zone set here, and none left out needs one."""
        for a in att & self.obligated:
            if not self.zoc[a] <= dfn:
                return False
        return not any(self.zoc[b] & dfn for b in (self.obligated & free_a) - att)

    def _candidates(self, x: Piece, free_a: frozenset[Piece], free_d: frozenset[Piece]) -> Iterator[Combat]:
        if x in self.obligated and x in free_a:
            base = self.zoc[x]
            if not base <= free_d:
                return
            extra = _order((self.adj[x] & free_d & self.must_defend) - base)
            for more in _subsets(extra):
                dfn = base | frozenset(more)
                mates = _order(b for b in (self.obligated & free_a) - {x} if dfn <= self.adj[b])
                for ms in _subsets(mates):
                    att = frozenset((x, *ms))
                    if self._forced_ok(att, dfn, free_a):
                        yield Combat(att, dfn)
            return
        near = self.rev.get(x, frozenset()) & free_a
        groups: list[frozenset[Piece]] = [frozenset(s) for s in _subsets(_order(near & self.obligated), min_size=1)]
        groups += [frozenset((o,)) for o in _order(near - self.obligated)]
        for att in groups:
            common = free_d.intersection(*(self.adj[a] for a in att))
            base = frozenset((x,)).union(*(self.zoc[a] for a in att & self.obligated))
            if not base <= common:
                continue
            for more in _subsets(_order((common & self.must_defend) - base)):
                dfn = base | frozenset(more)
                if self._forced_ok(att, dfn, free_a):
                    yield Combat(att, dfn)


def hex_duties(
    m: HexMap,
    friendly: Iterable[Hex],
    enemy: Iterable[Hex],
    *,
    can_attack: Iterable[Hex] | None = None,
    exerts_zoc: Iterable[Hex] | None = None,
    exempt: Iterable[Hex] = (),
    attack_across: Callable[[Hex, Hex], bool] | None = None,
    zoc_across: Callable[[Hex, Hex], bool] | None = None,
    case: str = "",
) -> AttackDuties:
    """The duties of a phase where each hex's stack attacks and defends as one piece, read off the map.

    ``friendly`` and ``enemy`` are occupied hexes. ``can_attack`` (default: every friendly hex) may attack;
    ``exerts_zoc`` (default: every enemy hex) projects a zone of control; ``exempt`` friendly hexes need not
    attack. ``attack_across(a, d)`` and ``zoc_across(d, f)`` say whether an attack, or a zone, crosses the side
    between two adjacent hexes; both default to "not across a closed or all-sea side", since a land zone does
    not reach over open water.
    """
    closed = frozenset({"blocked", "all_sea"})

    def open_side(a: Hex, b: Hex) -> bool:
        return not m.side(a, b) & closed

    hits = attack_across or open_side
    reaches = zoc_across or open_side
    foes = frozenset(enemy)
    friends = frozenset(friendly)
    both = friends & foes
    if both:
        raise LeyteError(f"attacks{f' ({case})' if case else ''}: {', '.join(m.label(h) for h in sorted(both))} "
                         "listed as both friendly and enemy")
    zoc_from = foes if exerts_zoc is None else frozenset(exerts_zoc)
    attackers = friends if can_attack is None else frozenset(can_attack)
    adj = {a: frozenset(d for d in m.neighbours(a) if d in foes and hits(a, d)) for a in sorted(attackers)}
    zoc = {f: frozenset(d for d in m.neighbours(f) if d in zoc_from and reaches(d, f)) for f in sorted(friends)}
    return AttackDuties(adj, zoc, exempt=exempt, case=case)
