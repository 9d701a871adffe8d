"""Formosa lines of supply (19.0-19.3): who is supplied, from where, on ``leyte.land.supply``.

A line is counted in hexes up to the unit's printed MF (19.1), never in MP, so terrain only matters where it is
prohibited to the unit; mechanised units may cross mountain and peak hexes only along a road or rail (19.0 point 4).
Sea hexes, all-sea hexsides, enemy-held hexes and enemy zones block it, except that the unit's own hex may be in an
enemy zone (otherwise every unit in contact would be cut off; the reading notes' §6a ruling, R-90).

Allied sources (19.2) are functional ports (20.0: an engineer base in a port hex), reached directly or through an
HQ of the same nationality whose own line reaches a port or a road/rail hex and then runs along the net without
limit. Japanese sources (19.3) are Japanese coastal-defence and heavy-weapons units; a concealed one is revealed
when a unit first uses it (``use``). Guerrillas need no supply (23.0, 19.0 exception).

The pure queries (``line``, ``in_supply``) never change the state, so views and bots may call them freely;
``use`` is what a rule calls when a line is actually checked, since it may reveal the Japanese source.
"""

from __future__ import annotations

from leyte.core.errors import LeyteError
from leyte.core.game import Context
from leyte.core.hexgrid import Hex
from leyte.land.supply import SupplyLine, trace, trace_via_relay
from leyte.rulebooks.formosa import board as B
from leyte.rulebooks.formosa.state import State

__all__ = ["JAPANESE_SOURCE_TYPES", "line", "in_supply", "use", "sources"]

JAPANESE_SOURCE_TYPES = ("coastal_defense", "heavy_weapons")  # the static units of 19.3


def _prohibited(mechanised: bool):  # noqa: ANN202 - a hex test for leyte.land.supply
    """19.1/19.0 point 4: hexes the unit may not enter block its line (``trace`` lets a road carry it through)."""
    return lambda h: B.enter_cost(h, mechanised) is None


def _sources_japanese(st: State) -> dict[Hex, list[str]]:
    m = B.board()
    out: dict[Hex, list[str]] = {}
    for uid in B.units_of(st, "Japanese"):
        if B.unit(uid).type in JAPANESE_SOURCE_TYPES:
            out.setdefault(m.hex(st.units[uid].loc), []).append(uid)
    return out


def sources(st: State, side: str) -> list[Hex]:
    """The hexes a side's lines may end at now: functional ports (Allied) or CD/HW units' hexes (Japanese)."""
    if side == "Allied":
        return B.functional(st, "port")
    if side == "Japanese":
        return sorted(_sources_japanese(st))
    raise LeyteError(f"19.0: unknown side {side!r}")


def line(st: State, uid: str) -> SupplyLine:
    """The unit's LOS (19.0-19.3), or an unsupplied ``SupplyLine`` when it has none.

    Guerrillas (23.0) and the Japanese supply units themselves count as supplied with a line of length 0.
    """
    if uid not in st.units:
        raise LeyteError(f"19.0: no unit {uid!r}")
    u, us = B.unit(uid), st.units[uid]
    if not us.on_map:
        raise LeyteError(f"19.0: {u.name} is not on the map ({us.loc}), so it traces no line of supply")
    m = B.board()
    here = m.hex(us.loc)
    if u.type == "guerrilla" or (u.side == "Japanese" and u.type in JAPANESE_SOURCE_TYPES):
        return SupplyLine(True, source=here, path=(here,))
    side = u.side
    blocks = {"enemy": B.occupied(st, B.enemy_of(side)), "ezoc": B.ezoc(st, side),
              "prohibited": _prohibited(u.mechanised)}
    srcs = sources(st, side)
    direct = trace(m, here, srcs, u.mf, **blocks)
    if direct or side == "Japanese":
        return direct
    relays = {m.hex(st.units[h].loc): B.unit(h).mf for h in B.units_of(st, "Allied")
              if B.unit(h).type == "hq" and B.unit(h).nationality == u.nationality}
    if not relays:
        return direct
    hq_mech = any(B.unit(h).mechanised for h in B.units_of(st, "Allied") if B.unit(h).type == "hq")
    return trace_via_relay(m, here, relays, srcs, u.mf, relay_prohibited=_prohibited(hq_mech), **blocks)


def in_supply(st: State, uid: str) -> bool:
    return bool(line(st, uid))


def use(st: State, uid: str, ctx: Context | None = None, case: str = "19.3") -> SupplyLine:
    """``line`` when a rule checks it: a concealed Japanese CD/HW unit at the source is revealed (19.3)."""
    ln = line(st, uid)
    if ln and B.unit(uid).side == "Japanese" and ln.source is not None:
        for sid in _sources_japanese(st).get(ln.source, []):
            if st.units[sid].concealed:
                st.units[sid].concealed = False
                if ctx is not None:
                    ctx.emit(case, f"{B.unit(sid).name} at {st.units[sid].loc} is revealed as a supply source "
                             f"(19.3)", kind="reveal", data={"unit": sid, "hex": st.units[sid].loc})
    return ln
