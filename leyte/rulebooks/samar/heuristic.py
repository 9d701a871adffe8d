"""A rules-of-thumb bot for Samar, one per side, reading only its view (the open map) and the static data.

Following the designer's notes (10.2): the US player runs the carriers away from the Japanese under smoke and on
evasive action while the destroyers and escorts turn in for torpedo attacks, and throws his aircraft at Japanese
heavy ships that have wandered away from their escorts; the Japanese player closes on a broad front, keeps escorts
near the battleships, shoots at the carriers first and, once the map is clear, steers the heavy ships for the
deep-water exits into Leyte Gulf (3.4). Each side drives the other's panicked ships (4.7) towards the nearest map
edge and off it: a ship steamed off is out of the game.

Moves are planned, not stepped greedily: for a ship's speed and each hex of its move the bot looks at every course
the ship can still steer this move (4.2: one hex across the bow, then a turn within the maneuver rating) and scores
where each course ends — plus what each hex entered costs on the way (shallows 4.4, fouling 4.3, reaction fire
4.3) — and a ship never ends a move where it can no longer keep moving without leaving the map or running onto
land, unless leaving is the point. The scores are small hand-set weights; each says why it is there.

The bot reads its view, each decision's ``data`` (the ship deciding, the hexes left of its move, each attack's
dice, the hex being entered) and the options' kinds and parameters; never a prompt or an option's text, so rewording
them changes nothing it does (tests/samar/test_heuristic_reads_data.py plays a game with both replaced by nonsense).

Not registered under a bot name here (``leyte.bots`` owns the registry): ``SamarHeuristic(side, seed)`` can be used
directly, or through ``leyte.bots.make_bot("heuristic", "samar", side)``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from leyte.core.game import Action, Decision
from leyte.core.players import Bot
from leyte.rulebooks.samar.data import data
from leyte.rulebooks.samar.geometry import FACING_STEP, angle_off_bow, band, turn_size

# What sinking (or driving off) an enemy ship is worth to each side. The IJN must clear every US ship (3.4), carriers
# first as the notes advise; the USN's danger is the Japanese heavy ships that could reach Leyte Gulf — destroyers
# never count there (3.4), so they are worth little to it.
VALUE = {
    "IJN": {"CVE": 10.0, "DD": 6.0, "DE": 5.0, "BB": 6.0, "CA": 5.0, "CL": 4.0},
    "USN": {"BB": 10.0, "CA": 7.0, "CL": 5.0, "DD": 1.5},
}
LEAVE_BAD = -400.0  # steaming one's own ship off the map for nothing (4.6)
UNSAFE = -60.0  # ending a move where the ship cannot keep moving next turn without leaving or stopping at land
IJN_ENTRY = ("0101", "0201", "0301", "0401", "0102", "0103", "0104")  # where Japanese ships appear (3.2)


# -- the map as small tables (static, built once) --------------------------------------------------------------------


@dataclass(frozen=True)
class Grid:
    labels: tuple[str, ...]
    index: dict[str, int]
    qr: tuple[tuple[int, int], ...]
    nb: tuple[tuple[int, ...], ...]  # nb[i][f]: the hex across side f, -1 off the map
    land: tuple[bool, ...]
    shallow: tuple[bool, ...]
    exit: tuple[bool, ...]  # deep-water south-edge hexes (3.4, R-22)
    row: tuple[int, ...]  # printed row: 1 north .. 43 south
    edge_steps: tuple[int, ...]  # hexes to the nearest hex with a side off the map, plus the step off

    def dist(self, a: int, b: int) -> int:
        (qa, ra), (qb, rb) = self.qr[a], self.qr[b]
        dq, dr = qa - qb, ra - rb
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@cache
def grid() -> Grid:
    m = data().map
    labels = tuple(sorted(m.label(h) for h in m))
    index = {lb: i for i, lb in enumerate(labels)}
    hexes = [m.hex(lb) for lb in labels]
    qr = tuple((h.q, h.r) for h in hexes)
    pos = {h: i for i, h in enumerate(hexes)}
    nb = []
    for h in hexes:
        nb.append(tuple(pos.get(type(h)(h.q + dq, h.r + dr), -1) for dq, dr in FACING_STEP))
    land = tuple(m.terrain(h) == "land" for h in hexes)
    shallow = tuple(m.terrain(h) == "partial" for h in hexes)
    ex = tuple(m.has_feature(h, "exit", "Leyte Gulf") for h in hexes)
    edge = [1 if -1 in nb[i] else 99 for i in range(len(hexes))]
    _bfs(edge, nb, lambda j: not land[j])
    return Grid(labels, index, qr, tuple(nb), land, shallow, ex, tuple(int(lb[2:]) for lb in labels), tuple(edge))


def _bfs(dist: list[int], nb: Any, ok: Callable[[int], bool]) -> None:
    """Fill ``dist`` outwards from its finite entries through hexes where ``ok`` holds."""
    frontier = [i for i, d in enumerate(dist) if d < 99]
    while frontier:
        nxt = []
        for i in frontier:
            for j in nb[i]:
                if j >= 0 and ok(j) and dist[j] > dist[i] + 1:
                    dist[j] = dist[i] + 1
                    nxt.append(j)
        frontier = nxt


def _np() -> Any:
    import numpy as np

    return np


@cache
def distances() -> Any:
    """Every hex's distance to every other, as one small numpy array (the map has under 1,400 hexes)."""
    import numpy as np

    qr = np.array(grid().qr, dtype=np.int16)
    dq = qr[:, None, 0] - qr[None, :, 0]
    dr = qr[:, None, 1] - qr[None, :, 1]
    return ((np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2).astype(np.int8)


@cache
def broadside(f: int, dq: int, dr: int) -> bool:
    """Is a hex at axial offset (dq, dr) in the broadside arc of a ship facing f (5.3, R-3)?"""
    a = angle_off_bow(g_hex0(), f, type(g_hex0())(dq, dr))
    return 30.0 + 1e-9 < a < 150.0 - 1e-9


@cache
def g_hex0() -> Any:
    from leyte.core.hexgrid import Hex

    return Hex(0, 0)


@cache
def exit_steps(avoid_shallows: bool) -> tuple[int, ...]:
    """Hexes to the nearest Leyte Gulf exit hex and off it, by sea (heavy ships keep out of shallows, 4.4)."""
    g = grid()
    d = [1 if g.exit[i] else 99 for i in range(len(g.labels))]
    _bfs(d, g.nb, lambda j: not g.land[j] and not (avoid_shallows and g.shallow[j]))
    return tuple(d)


@cache
def safe(maneuver: int, avoid_shallows: bool, depth: int = 8) -> bytes:
    """safe[i*6+f]: a ship in hex i facing f can steer ``depth`` more hexes without leaving the map or meeting land
    (R-13: a ship whose bow faces land stops there for good). A ship must move its full speed every turn (4.0)
    and turns only on entering a hex (4.2), so a bow pointed at a nearby edge can force it off."""
    g = grid()
    n = len(g.labels)
    ok = bytearray(b"\x01" * (n * 6))
    for _ in range(depth):
        nxt = bytearray(n * 6)
        for i in range(n):
            for f in range(6):
                j = g.nb[i][f]
                if j < 0 or g.land[j] or (avoid_shallows and g.shallow[j]):
                    continue
                if any(ok[j * 6 + f2] for f2 in TURNS[min(maneuver, 3)][f]):
                    nxt[i * 6 + f] = 1
        ok = nxt
    return bytes(ok)


@cache
def panic_chance(dice: int, need_over: int) -> float:
    """P(total of ``dice`` d6 > need_over): the Panic Determination (5.6)."""
    dist = {0: 1.0}
    for _ in range(max(0, dice)):
        nxt: dict[int, float] = {}
        for t, p in dist.items():
            for face in range(1, 7):
                nxt[t + face] = nxt.get(t + face, 0.0) + p / 6
        dist = nxt
    return sum(p for t, p in dist.items() if t > need_over)


# TURNS[m][f]: the facings a ship facing f may take on entering a hex with maneuver m (4.2)
TURNS = tuple(tuple(tuple(f2 for f2 in range(6) if turn_size(f, f2) <= m) for f in range(6)) for m in range(4))

def reach(s: dict[str, Any], mlos: int) -> int:
    """How far a ship's main battery reaches this turn: 150 % of its range, or the range itself for an M ship
    (5.4), and never past the maximum line of sight (5.2)."""
    rng = int(s.get("range") or 0)
    return min(mlos, rng if s.get("range_m") else math.ceil(rng * 1.5))


def per_hit_value(fire: str, shift: int, need: float, waterline: int) -> float:
    """What one hit is worth, as a share of the target: its hit marker (of the ``need`` still to sink it, 6.2) and
    the chance its damage throw is a critical (5-6 after the weight-of-fire ``shift``, 6.1) of each kind in the
    column of the fire (6.3): catastrophic sinks it; a waterline hit slows it, then stops it — a slowed Japanese
    heavy ship will not reach Leyte Gulf, a slowed carrier cannot run; a fire costs it a die a shot."""
    p_crit = min(1.0, max(0.0, (2 + shift) / 6))
    cat, wl = {"high_arc": (2 / 6, 0.0), "low_arc": (1 / 6, 0.0), "torpedo": (0.0, 1.0)}.get(fire, (0.0, 2 / 6))
    slow = 0.4 if waterline == 0 else 0.2 if waterline == 1 else 0.0
    return 1.0 / need + p_crit * (cat + wl * slow + (1 - cat - wl) * 0.05)


def attack_dice(d: Decision) -> dict[tuple[str, str], int]:
    """(weapon, target) -> dice, for each attack a fire decision offers, as its data states them (5.1)."""
    return {(a["weapon"], a["target"]): int(a["dice"]) for a in d.data.get("attacks", ())}


# -- the bot -----------------------------------------------------------------------------------------------------


class SamarHeuristic(Bot):
    """Scores each option with the rules of thumb below and takes the best (ties: the first offered)."""

    name = "heuristic"

    def __init__(self, side: str, seed: int = 0) -> None:
        super().__init__(side, seed)
        self._aimed: dict[tuple[int, str], float] = {}  # expected hits already thrown at a target this combat phase
        self._plan: tuple[Any, Planner] | None = None

    def planner(self, ctx: Ctx, s: dict[str, Any]) -> Planner:
        """The search for one ship's move, kept while nothing it reads has changed: the next hex of the same move
        then reuses it (a pure saving: the same view gives the same plan)."""
        key = ctx.signature(s["id"])
        if self._plan is None or self._plan[0] != key:
            self._plan = (key, Planner(ctx, s))
        else:
            self._plan[1].ctx = ctx
        return self._plan[1]

    def choose(self, view: dict[str, Any], decision: Decision) -> Action:
        opts = decision.options
        if decision.kind not in ("select_firer", "fire"):
            self._aimed.clear()  # the combat phase is over: its attacks have landed
        fn = getattr(self, f"_{decision.kind}", None)
        if fn is None or len(opts) == 1:
            return opts[0]
        ctx = Ctx(view, self.side)
        scores = fn(ctx, decision)
        best = max(scores)
        choice = opts[scores.index(best)]
        if decision.kind == "fire" and choice.kind == "fire":
            self._note_aim(ctx, choice, attack_dice(decision)[choice["weapon"], choice["target"]])
        return choice

    # -- movement ---------------------------------------------------------------------------------------------------

    def _first_mover(self, ctx: Ctx, d: Decision) -> list[float]:
        return [1.0 if o["side"] == "USN" else 0.0 for o in d.options]  # moving second lets the IJN react (3.3)

    def _speed(self, ctx: Ctx, d: Decision) -> list[float]:
        """Each speed is worth the best move it allows plus what the marker does to the next combat (Speed Effects
        chart): own fire gained or lost, incoming fire cut by evasive action. For an enemy's panicked ship the signs
        turn round."""
        out = []
        mp_by_speed = d.data["mp_by_speed"]
        for o in d.options:
            s = ctx.ships[o["ship"]]
            mp = int(mp_by_speed[o["speed"]])
            plan = self.planner(ctx, s)
            v = plan.value_from(ctx.i(s["hex"]), int(s["facing"]), mp)
            out.append(v + ctx.speed_bonus(s, o["speed"]))
        return out

    def _step(self, ctx: Ctx, d: Decision) -> list[float]:
        s = ctx.ships[d.data["ship"]]
        left = int(d.data["mp_left"])  # this hex and the rest of the move (4.2)
        plan = self.planner(ctx, s)
        here = ctx.i(s["hex"])
        out = []
        for o in d.options:
            if o.kind == "advance":
                j = ctx.i(o["to"])
                v = plan.enter_cost(j) + plan.value_from(j, int(o["facing"]), left - 1)
                v += ctx.smoke_value(s, here) if o["smoke"] else 0.0
                out.append(v)
            elif o.kind == "leave_map":
                out.append(plan.leave_value(here, int(s["facing"])))
            else:  # stop: land ahead
                out.append(plan.terminal(here, int(s["facing"])) - 30.0)
        return out

    # -- entry and set-up -------------------------------------------------------------------------------------------

    def _entry_hex(self, ctx: Ctx, d: Decision) -> list[float]:
        s = ctx.ships[d.options[0]["ship"]]
        plan = Planner(ctx, s)
        # spread out over the entry hexes: every ship already there means a fouling roll (4.3)
        return [max(plan.terminal(ctx.i(o["hex"]), f) for f in range(6)) - 6.0 * ctx.crowd(o["hex"])
                for o in d.options]

    def _entry_facing(self, ctx: Ctx, d: Decision) -> list[float]:
        s = ctx.ships[d.options[0]["ship"]]
        plan = Planner(ctx, s)
        # the entry hex is the first hex of the move: face where the rest of the move should go
        h = ctx.pending_hex(d)
        return [plan.value_from(h, int(o["facing"]), int(s.get("speed_rating") or 1) - 1) for o in d.options]

    def _taffy2(self, ctx: Ctx, d: Decision) -> list[float]:
        # Taffy Two comes on as fast as it may: every ship on the map keeps the map from being cleared (3.4)
        out = []
        for o in d.options:
            if o.kind == "taffy2_done":
                out.append(-1.0)
                continue
            first = {"DD": 0.3, "CVE": 0.2, "DE": 0.1}.get(ctx.ships[o["ship"]]["type"], 0.0)
            out.append(2.0 - ctx.crowd(o["hex"]) + first)
        return out

    # -- combat -----------------------------------------------------------------------------------------------------

    def _select_firer(self, ctx: Ctx, d: Decision) -> list[float]:
        return [-1.0 if o.kind == "pass" else 1.0 for o in d.options]

    def _fire(self, ctx: Ctx, d: Decision) -> list[float]:
        dice = attack_dice(d)
        return [0.0 if o.kind == "hold" else self.attack_value(ctx, o, dice[o["weapon"], o["target"]])
                for o in d.options]

    def attack_value(self, ctx: Ctx, o: Action, dice: int) -> float:
        """Expected worth of one attack: the hits it should score (a third of the dice, 5.6) times what each hit is
        worth against this target, plus the chance of panicking it (5.6) — a panicked ship is ours to move, towards
        the map edge. Hits already thrown at the target this phase count against it: effects land together, and
        dice spent on a ship that is already going down are wasted."""
        t = ctx.ships[o["target"]]
        s = ctx.ships[o["ship"]]
        w = ctx.value(t)
        weapon = o["weapon"]
        fire = "torpedo" if weapon == "torpedo" else "other"
        weight = 8 if weapon == "torpedo" else int(s.get("weight") or 1)
        if weapon == "main" and not s.get("range_m"):
            b = band(ctx.grid.dist(ctx.i(s["hex"]), ctx.i(t["hex"])), int(s["range"]), False)
            fire = "low_arc" if b == "effective" else "high_arc" if b == "maximum" else "other"
        a = max(1, int(t["armor"]))
        shift = 2 if weight >= 2 * a else 1 if weight > a else -1 if weight < a else 0
        if fire in ("low_arc", "high_arc") and t.get("armor_p"):
            shift += 1
        if fire == "torpedo" and t.get("armor_t"):
            shift += 1
        hits = dice / 3
        already = self._aimed.get((ctx.turn, t["id"]), 0.0)
        need = max(0.5, ctx.hits_to_sink(t) - already)
        value = w * min(1.0, hits * per_hit_value(fire, shift, need, int(t.get("waterline") or 0)))
        thr = 12 if t["side"] == "IJN" else 15
        if not t.get("panic"):
            value += 0.5 * w * panic_chance(dice, thr + a - ctx.panicked(t["side"]))
        if weapon == "torpedo" and self.side == "USN" and t["type"] == "DD":
            value *= 0.4  # keep the fish for the heavy ships (10.2)
        return value

    def _note_aim(self, ctx: Ctx, o: Action, dice: int) -> None:
        key = (ctx.turn, o["target"])
        self._aimed = {k: v for k, v in self._aimed.items() if k[0] == ctx.turn}
        self._aimed[key] = self._aimed.get(key, 0.0) + dice / 3

    def _air_strike(self, ctx: Ctx, d: Decision) -> list[float]:
        """Aircraft go for heavy ships away from their escorts (10.2): every ship within point blank of the target
        fires AA once (8.3), so a lone target costs fewest planes, and the planes already placed on it soak up the
        AA for the next one. A burning ship fires no AA. The US player waits for a worthwhile target; the special
        attack units must be used the turn they come (3.2)."""
        out = []
        for o in d.options:
            if o.kind == "air_done":
                out.append(max(0.2, 1.0 - 0.06 * ctx.turn))  # planes kept for later are worth less as time runs
                continue
            unit = next(a for a in ctx.view["air"] if a["id"] == o["unit"])
            t = ctx.ships[o["target"]]
            bonus = 1 if unit["kind"] == "D" else 0
            aa = 0.0
            for x in ctx.side_ships(t["side"]):
                if ctx.grid.dist(ctx.i(x["hex"]), ctx.i(t["hex"])) <= 2 and not x.get("fires"):
                    aa += min(1.0, (int(x.get("secondary") or 0) + bonus) / 6)
            placed = sum(1 for a in ctx.view["air"] if a["where"] == "placed" and a["target"] == t["id"])
            through = max(0.0, 1.0 - aa / (placed + 1))
            dice = int(unit["torpedo"] or unit["gunnery"])
            if t.get("speed_state") == "evasive":
                dice -= int(t.get("maneuver") or 0)
            weight = 8 if unit["kind"] == "T" else int(unit["weight"])
            a = max(1, int(t["armor"]))
            shift = 2 if weight >= 2 * a else 1 if weight > a else -1 if weight < a else 0
            fire = {"T": "torpedo", "D": "high_arc"}.get(unit["kind"], "other")
            per_hit = per_hit_value(fire, shift, ctx.hits_to_sink(t), int(t.get("waterline") or 0))
            if unit["kind"] == "F":
                per_hit = min(1.0, (2 + shift) / 6) * 0.1  # fighters only start fires (8.4)
            worth = ctx.value(t) * max(0, dice) / 3 * per_hit
            out.append(worth * through)
        return out

    def _setup(self, ctx: Ctx, d: Decision) -> list[float]:
        return [1.0] + [0.0] * (len(d.options) - 1)  # the historical ring round 1411 is offered first


class Ctx:
    """One decision's reading of the view: who is where, as map indexes, and the small questions the rules of thumb
    ask of it."""

    def __init__(self, view: dict[str, Any], side: str) -> None:
        self.view = view
        self.side = side
        self.grid = grid()
        self.turn = int(view["turn"])
        self.mlos = int(view["mlos"])
        self.cleared = bool(view["cleared"])
        self.ships: dict[str, dict[str, Any]] = view["ships"]
        self.afloat = [s for s in self.ships.values() if s["where"] == "map" and s.get("hex")]
        self.vessels: dict[int, int] = {}  # hex -> vessels in it (hulks too), for fouling
        for s in self.ships.values():
            if s["where"] in ("map", "hulk") and s.get("hex"):
                k = self.grid.index[s["hex"]]
                self.vessels[k] = self.vessels.get(k, 0) + 1

    def i(self, label: str) -> int:
        return self.grid.index[label]

    def signature(self, moving: str) -> tuple[Any, ...]:
        """Everything a move plan reads, except where the moving ship itself now is."""
        rest = tuple((s["id"], s["hex"], s["where"], s["hits"], s["flipped"], s["panic"], s["torps_out"],
                      s["waterline"], s["fires"]) for s in self.ships.values() if s["id"] != moving)
        m = self.ships[moving]
        own = (m["hits"], m["flipped"], m["panic"], m["torps_out"], m["waterline"], m["fires"], m["speed"])
        return (moving, self.turn, self.cleared, own, rest)

    def side_ships(self, side: str) -> list[dict[str, Any]]:
        return [s for s in self.afloat if s["side"] == side]

    def crowd(self, label: str) -> int:
        return self.vessels.get(self.i(label), 0)

    def panicked(self, side: str) -> int:
        return sum(1 for s in self.side_ships(side) if s.get("panic"))

    def value(self, t: dict[str, Any]) -> float:
        return VALUE[self.side].get(t["type"], 3.0)

    def hits_to_sink(self, t: dict[str, Any]) -> float:
        """Hit markers still needed to sink it (6.2): past the armor of the side up, then past the reverse's."""
        a = int(t["armor"]) + 1 - int(t.get("hits") or 0)
        if not t.get("flipped"):
            a += self.reverse_armor(t["id"]) + 1
        return float(max(1, a))

    @staticmethod
    def reverse_armor(sid: str) -> int:
        return data().ships[sid].reverse.armor

    def pending_hex(self, d: Decision) -> int:
        """The hex a ship being placed enters, as the facing decision's data names it."""
        return self.i(d.data["hex"])

    def speed_bonus(self, s: dict[str, Any], speed: str) -> float:
        """What the speed marker does to the coming combat phase (Speed Effects chart)."""
        eff = data().speed_effects
        state = "evasive" if (speed == "battle" and s.get("panic")) else speed
        fmod = int(eff[state]["firing"])
        tmod = -int(s.get("maneuver") or 0) if eff[state]["target"] == "-maneuver" else int(eff[state]["target"])
        enemies = self.side_ships("IJN" if s["side"] == "USN" else "USN")
        near = min((self.grid.dist(self.i(s["hex"]), self.i(e["hex"])) for e in enemies), default=99)
        if near > self.mlos + 4:
            fmod = tmod = 0  # nobody to shoot or to be shot at next phase
        if s["side"] == "USN":
            # carriers' and torpedo boats' guns matter little (torpedo launches ignore the firer's speed, 7.1),
            # while evasive action takes the maneuver rating off every incoming throw: the escorts' main defence
            w_fire = 0.4 if (s["type"] == "CVE" or s.get("torpedoes_left")) else 1.5
            w_def = 1.6
        else:
            w_fire, w_def = 2.0, 0.8  # the Japanese are there to shoot
        v = w_fire * fmod - w_def * tmod
        if speed == "cruise":
            v -= 2.5  # cruising is slow to leave again (4.1): the chase or the run needs the speed
        return -v if s["side"] != self.side else v

    def smoke_value(self, s: dict[str, Any], here: int) -> float:
        """US ships lay smoke whenever Japanese guns could bear (4.5): the Japanese have no radar and lose a die per
        marker on the line, while the radar-equipped US destroyers shoot through it. The Japanese never lay any."""
        if self.side != "USN":
            return -0.1
        enemies = self.side_ships("IJN")
        near = min((self.grid.dist(here, self.i(e["hex"])) for e in enemies), default=99)
        return 0.6 if near <= self.mlos + 3 else -0.1


class Planner:
    """Where a ship should steer this move: a search over every course it can still take, scored at the end."""

    def __init__(self, ctx: Ctx, s: dict[str, Any]) -> None:
        self.ctx = ctx
        self.s = s
        self.g = ctx.grid
        self.mine = s["side"] == ctx.side  # else: an enemy's panicked ship we move (4.7)
        self.man = int(s.get("maneuver") or 0)
        self.heavy_hull = int(s["armor"]) >= data().c("shallows.armor_min")
        self.enemies = [e for e in ctx.afloat if e["side"] != s["side"]]
        self.friends = [e for e in ctx.afloat if e["side"] == s["side"] and e["id"] != s["id"]]
        self.e_idx = [ctx.i(e["hex"]) for e in self.enemies]
        self.f_idx = [ctx.i(f["hex"]) for f in self.friends]
        dm = distances()
        self.e_dist = dm[:, self.e_idx] if self.e_idx else None  # e_dist[i, k]: hex i to enemy k
        np = _np()
        self.e_guns = np.array([float(e.get("gunnery") or 0) for e in self.enemies])
        self.e_reach = np.array([reach(e, ctx.mlos) for e in self.enemies])
        self.e_value = np.array([ctx.value(e) for e in self.enemies])
        self.f_dist = dm[:, self.f_idx] if self.f_idx else None
        self.vessels = dict(ctx.vessels)  # who else is in each hex: the moving ship is not in its own way
        if s.get("hex") and s["where"] == "map":
            self.vessels[ctx.i(s["hex"])] -= 1
        self.memo: dict[tuple[int, int, int], float] = {}
        self.hmemo: dict[int, Any] = {}
        self.cmemo: dict[int, float] = {}
        self.tmemo: dict[tuple[int, int], float] = {}
        self.exiting = (s["side"] == "IJN" and ctx.cleared and bool(s.get("heavy")) and self.mine)

    # the search

    def value_from(self, i: int, f: int, left: int) -> float:
        """Best score reachable from hex i facing f with ``left`` hexes still to move (the first across the bow)."""
        key = (i, f, left)
        v = self.memo.get(key)
        if v is not None:
            return v
        if left <= 0:
            v = self.terminal(i, f)
        else:
            j = self.g.nb[i][f]
            if j < 0:
                v = self.leave_value(i, f)
            elif self.g.land[j]:
                v = self.terminal(i, f) - 30.0
            else:
                c = self.enter_cost(j)
                # far ahead in a long move, look at gentle turns only: the search stays small, and a ship that
                # wants to come about still can in the hexes nearer the end
                man = min(self.man, 1) if left >= 5 else self.man
                v = max(self.value_from(j, f2, left - 1) for f2 in TURNS[man][f]) + c
        self.memo[key] = v
        return v

    def enter_cost(self, j: int) -> float:
        c = self.cmemo.get(j)
        if c is None:
            c = self.cmemo[j] = self._enter_cost(j)
        return c

    def _enter_cost(self, j: int) -> float:
        """What entering hex j costs on the way: shallows for armor 3+ (4.4: beached on a waterline critical, a
        third of the time), fouling any vessel there (4.3), reaction fire from every enemy within two hexes (4.3).
        For an enemy's ship we move the same things are gains, except fouling, which hurts our ship too."""
        c = 0.0
        if self.g.shallow[j] and self.heavy_hull:
            c -= 25.0
        n = self.vessels.get(j, 0)
        c -= 5.0 * n if self.mine else 2.0 * n
        near = int((self.e_dist[j] <= 2).sum()) if self.e_dist is not None else 0
        react = (3.0 if int(self.s["armor"]) <= 1 else 1.5) * near
        c -= react if self.mine else -react
        return c

    def leave_value(self, i: int, f: int) -> float:
        """Steaming off across the bow (4.6): the point for an enemy's ship, the goal for a Japanese heavy ship on a
        Leyte Gulf exit facing south once the map is clear (3.4, R-22), a waste otherwise."""
        if not self.mine:
            return 150.0
        if self.exiting and self.g.exit[i] and f in (2, 3, 4):
            return 300.0
        return LEAVE_BAD

    def terminal(self, i: int, f: int) -> float:
        key = (i, f)
        if key not in self.tmemo:
            self.tmemo[key] = self._terminal(i, f)
        return self.tmemo[key]

    def _terminal(self, i: int, f: int) -> float:
        g, s = self.g, self.s
        if not self.mine:
            # an enemy's panicked ship: as near the edge as it can get, bow towards it, to go off next time
            return -6.0 * g.edge_steps[i] + self._bow_out(i, f)
        if self.exiting:
            return -5.0 * exit_steps(self.heavy_hull)[i] + self._bow_out(i, f)
        v = 0.0
        if not safe(self.man, self.heavy_hull)[i * 6 + f]:
            v += UNSAFE
        if s["side"] == "IJN" or s.get("group") == "Bombardment Group":
            v += self._gunship(i, f)
        elif s["type"] in ("DD", "DE") and s.get("torpedoes_left"):
            v += self._torpedo_boat(i)
        else:
            v += self._runner(i)
        return v

    def _bow_out(self, i: int, f: int) -> float:
        j = self.g.nb[i][f]
        return 3.0 if j < 0 else 0.0

    def _gunship(self, i: int, f: int) -> float:
        """Japanese ships and the Bombardment Group: bring the guns to bear (5.3, 5.4) on the best target in reach —
        broadside (+2 dice), at effective or maximum range where plunging fire can blow a ship up (6.3) — and close
        in when nothing is in reach. Japanese heavy ships keep an escort within two hexes for AA (10.2), the escorts
        stay with a battleship, nobody bunches up (fouling, 4.3), and as the morning wears on the line edges south,
        where the exits into Leyte Gulf are (3.4). Torpedo-armed ships also want targets within six hexes (7.2)."""
        base, targets = self._gun_hex(i)
        best, total = 0.0, 0.0
        qi, ri = self.g.qr[i]
        for ei, plain, wide in targets:
            qe, re_ = self.g.qr[ei]
            sc = wide if broadside(f, qe - qi, re_ - ri) else plain
            total += sc
            best = max(best, sc)
        return base + best + 0.15 * (total - best)

    def _gun_hex(self, i: int) -> tuple[float, list[tuple[int, float, float]]]:
        """The parts of ``_gunship`` that do not depend on the facing, once per hex: the score of each target in
        reach (without and with the broadside dice) and the rest."""
        if i in self.hmemo:
            return self.hmemo[i]
        g, ctx, s, np = self.g, self.ctx, self.s, _np()
        rng = int(s["range"])
        m = bool(s.get("range_m"))
        far = reach(s, ctx.mlos)
        gun = int(s.get("gunnery") or 0)
        torp = int(s.get("torpedo") or 0) if s.get("torpedoes_left") else 0
        targets: list[tuple[int, float, float]] = []
        base = 0.0
        if self.e_dist is not None:
            row = self.e_dist[i]
            nearest = int(row.min())
            for k in range(len(self.enemies)):
                d = int(row[k])
                if d > far and not (torp and d <= 6):
                    continue
                e = self.enemies[k]
                w = ctx.value(e)
                plain = wide = w * (torp + 1) / 3 * 1.3 if (torp and 3 <= d <= 6) else 0.0
                if 1 <= d <= far and gun:
                    bd = band(d, rng, m)
                    dice = gun + {"point_blank": -2, "close": 1, "maximum": -1}.get(bd or "", 0)
                    if d > 15 and not s.get("radar"):
                        dice -= 1
                    plunge = 1.0 if m else {"effective": 1.25, "maximum": 1.4}.get(bd or "", 1.0)
                    plain = max(plain, w * max(0, dice) / 3 * plunge)
                    wide = max(wide, w * max(0, dice + 2) / 3 * plunge)
                if wide > 0:
                    targets.append((self.e_idx[k], plain, wide))
            base -= 0.6 * max(0, nearest - far)
            if s["side"] == "IJN":
                # every US ship must go (3.4): besides the nearest, lean towards where most of them are
                gap = np.maximum(row.astype(float) - far, 0.0)
                base -= 0.5 * float(gap @ self.e_value) / max(1.0, float(self.e_value.sum()))
        if s["side"] == "IJN":
            base += self._formation(i)
            if s.get("heavy"):
                base += 0.04 * ctx.turn * g.row[i]  # edge south as the morning goes (3.4 exits)
                if self.e_dist is not None:  # US destroyers with torpedoes left within six hexes (7.2)
                    row = self.e_dist[i]
                    base -= 1.2 * sum(1 for k, e in enumerate(self.enemies)
                                      if e["type"] in ("DD", "DE") and e.get("torpedoes_left") and row[k] <= 6)
        self.hmemo[i] = (base, targets)
        return base, targets

    def _formation(self, i: int) -> float:
        if self.f_dist is None:
            return 0.0
        row = self.f_dist[i]
        v = -1.0 * int((row <= 1).sum())  # a broad front, not a column: fouling (4.3), one smoke screen blinds all
        if self.s["type"] == "BB":
            escorts = sum(1 for k, f in enumerate(self.friends) if f["type"] != "BB" and row[k] <= 2)
            v += 1.5 * min(escorts, 2)
        elif any(f["type"] == "BB" and row[k] <= 2 for k, f in enumerate(self.friends)):
            v += 1.0
        return v

    def _torpedo_boat(self, i: int) -> float:
        """US destroyers and escorts with torpedoes: turn in on the Japanese heavy ships (10.2), to between three
        and six hexes — inside torpedo range (7.2), outside the point blank where every enemy fires on a ship
        entering (4.3)."""
        if self.e_dist is None or not any(e["type"] in ("BB", "CA", "CL") for e in self.enemies):
            return self._runner(i)  # nothing worth a torpedo yet: keep with the carriers' run
        best = 0.0
        row = self.e_dist[i]
        for k, e in enumerate(self.enemies):
            d = int(row[k])
            w = 1.0 if e["type"] in ("BB", "CA") else 0.6 if e["type"] == "CL" else 0.3
            if 3 <= d <= 6:
                sc = 10.0 * w
            else:
                sc = w * (10.0 - 1.5 * abs(d - 4.5))
            best = max(best, sc)
        return best + self._cover(i)

    def _runner(self, i: int) -> float:
        """Carriers, and escorts with no torpedoes left: open the range (the carriers do not run well, 10.2, so
        every hex counts), keep sea room from the edges — a ship pinned against one is caught — and lean south,
        where Leyte Gulf and the Bombardment Group are (3.1); staying afloat on the map is what wins (3.4)."""
        g = self.g
        if self.e_dist is not None:
            row = self.e_dist[i]
            d = int(row.min())
            # the guns that could reach this hex next combat phase (5.4, MLOS 5.2), and those a turn's steaming
            # away from it: out of reach of as many as may be, rather than only far from the nearest
            threat = float((row <= self.e_reach) @ self.e_guns) + 0.3 * float((row <= self.e_reach + 4) @ self.e_guns)
        else:
            d = min(g.dist(i, self.ctx.i(lb)) for lb in IJN_ENTRY)
            threat = 0.0
        v = 1.0 * min(d, 30) - 0.6 * threat + 0.8 * min(g.edge_steps[i], 5) + 0.1 * g.row[i]
        return v + self._cover(i)

    def _cover(self, i: int) -> float:
        # fouling and bunching: own ships in the same or the next hex
        return -0.8 * int((self.f_dist[i] <= 1).sum()) if self.f_dist is not None else 0.0


