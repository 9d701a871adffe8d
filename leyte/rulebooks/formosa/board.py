"""What the Formosa rules ask of the map and the counters: terrain costs (12.1, 2.2), zones of control (14.0),
stacking (13.0), control (5.x) and the functional ports and airfields (20.0).

Small pure functions of the state, shared by the sequence frames, the views and the tests. The map and the data
are read once per process (they never change during a game).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from leyte.core.game import Context
from leyte.core.hexgrid import Hex, HexMap
from leyte.land.stacking import StackLimits
from leyte.rulebooks.formosa.data import FormosaData, Unit, load_data
from leyte.rulebooks.formosa.state import State

SIDES = ("Allied", "Japanese")
# 2.2: a hex's movement cost is its worst terrain; cities and towns are features with rows of their own in the TEC.
COST_FEATURES = ("city", "town")


@lru_cache(maxsize=1)
def data() -> FormosaData:
    return load_data()


@lru_cache(maxsize=1)
def board() -> HexMap:
    return HexMap.load(data().folder)


def unit(uid: str) -> Unit:
    return data().units[uid]


def enemy_of(side: str) -> str:
    return "Japanese" if side == "Allied" else "Allied"


def on_formosa(h: Hex) -> bool:
    """A land hex of Formosa proper: the Pescadores are a separate island (R-64)."""
    m = board()
    return h in m and not m.is_sea(h) and not m.has_feature(h, "island")


def land(h: Hex) -> bool:
    m = board()
    return h in m and not m.is_sea(h)


def enter_cost(h: Hex, mechanised: bool) -> Fraction | None:
    """MP to enter ``h`` (12.1): the worst of its terrain and its city/town features (2.2); None: prohibited."""
    m = board()
    tec = data().tec
    costs = [tec[m.terrain(h)].mp(mechanised)]
    costs += [tec[k].mp(mechanised) for k, _ in m.features(h) if k in COST_FEATURES]
    if any(c is None for c in costs):
        return None
    return max(c for c in costs if c is not None)


def side_cost(mechanised: bool):  # noqa: ANN201 - a callable for leyte.land.movement
    """Extra MP to cross a hexside (12.1): the sum of its TEC hexside rows; None when one of them prohibits it."""
    tec = data().tec

    def cost(kinds: frozenset[str]) -> Fraction | None:
        if "blocked" in kinds:
            return None
        total = Fraction(0)
        for k in kinds:
            if k in ("road", "rail"):
                continue  # a road only matters when followed (12.4), which leyte.land handles
            row = tec.get(k)
            if row is None:
                continue
            c = row.mp(mechanised)
            if c is None:
                return None
            total += c
        return total

    return cost


def units_of(st: State, side: str) -> list[str]:
    """Ids of a side's units on the map, in id order."""
    return sorted(uid for uid, u in st.units.items() if u.on_map and unit(uid).side == side)


def stacks(st: State, side: str) -> dict[Hex, list[str]]:
    m = board()
    out: dict[Hex, list[str]] = {}
    for uid in units_of(st, side):
        out.setdefault(m.hex(st.units[uid].loc), []).append(uid)
    return out


def occupied(st: State, side: str) -> set[Hex]:
    return set(stacks(st, side))


def exerts_zoc(st: State, uid: str) -> bool:
    """14.0: every ground unit on the map, guerrillas excepted (R-55); deception units until revealed (R-12); none
    in a hex a B-29 suppressed (16.5 DS)."""
    return st.units[uid].on_map and unit(uid).type != "guerrilla" and st.units[uid].loc not in st.suppressed


def ezoc(st: State, side: str) -> set[Hex]:
    """Hexes in the zone of control of ``side``'s enemies (14.0): the six neighbours of each such unit, across
    land hexsides only (a ZOC crosses every land hexside, so not an all-sea one, R-68)."""
    m = board()
    out: set[Hex] = set()
    for uid in units_of(st, enemy_of(side)):
        if not exerts_zoc(st, uid):
            continue
        h = m.hex(st.units[uid].loc)
        for n in m.neighbours(h):
            if land(n) and "all_sea" not in m.side(h, n):
                out.add(n)
    return out


def movement_factor(st: State, uid: str) -> int:
    """The MF a unit moves with: the concealed back's (11.1, R-11) while concealed, else the printed one."""
    u = unit(uid)
    if st.units[uid].base:
        return 0
    if st.units[uid].concealed and u.concealed_mf is not None:
        return u.concealed_mf
    return u.mf


def is_static(st: State, uid: str) -> bool:
    return st.units[uid].base or unit(uid).static


def stack_limits() -> StackLimits:
    d = data()
    return StackLimits({
        "Allied": {"mobile": d.constant("stack.allied_mobile"), "static": d.constant("stack.allied_static")},
        "Japanese": {"mobile": d.constant("stack.japanese_mobile"), "static": d.constant("stack.japanese_static")},
    }, case="13.1-13.2")


def stack_class(st: State):  # noqa: ANN201 - a callable for leyte.land.stacking
    return lambda uid: "static" if is_static(st, uid) else "mobile"


def functional(st: State, kind: str) -> list[Hex]:
    """Allied functional ports (``port``) or airfields (``airfield``): hexes holding an Allied engineer base
    (20.0, 20.1); one base makes both a port and an airfield of its hex functional."""
    m = board()
    out = []
    for u in st.units.values():
        if u.base and u.on_map:
            h = m.hex(u.loc)
            if m.has_feature(h, kind):
                out.append(h)
    return sorted(set(out))


def port_size(h: Hex) -> str:
    for k, v in board().features(h):
        if k == "port":
            return v
    return ""


def reveal_stack(st: State, label: str, ctx: Context, case: str) -> None:
    """Turn every concealed unit of a hex face up (11.0); a deception unit revealed is removed (R-12)."""
    shown = []
    for uid in st.at(label):
        u = st.units[uid]
        if u.concealed:
            u.concealed = False
            if unit(uid).type == "deception":
                u.loc = "removed"
            shown.append({"unit": uid, "name": unit(uid).name, "type": unit(uid).type})
    ctx.emit(case, f"The stack at {label} is revealed: {', '.join(s['name'] for s in shown)}", kind="reveal",
             data={"hex": label, "units": shown})
