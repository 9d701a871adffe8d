"""Surface combat in Clash of the Carriers (12.0-12.9), on Imperial Sunset's battle display and round loop.

The 25-box display, the round's segments (movement, gunnery, torpedoes, air, disengagement), spotting, smoke and the
Damage Table rolls are Imperial Sunset's (``imperial_sunset/surface.py``); every way Clash's rulebook does them
differently is a family switch that module reads (``family.toml``: ``surface_*``, differences 27-34 of the reading
notes). This module adds what Clash does on its own:

- ``clash_surface_battle`` (pushed by the sequence of play when opposing formations meet in a hex, 12.0): checks the
  formations, rolls initiative once for the whole battle (12.1, ruling R-28), puts every naval unit of those
  formations on the display face up and hands over to the shared battle frames;
- ``battle_place``, replacing Imperial Sunset's placement step (8.3.9): the side that broke off (or that had fewer
  undamaged units after round 8, or whose units all left the display, R-29) retreats one hex toward its friendly map
  edges and every retreating TG takes a -1 MP marker (12.9).

Our readings, where 12.0-12.9 leave a gap: both sides move in each round's movement segment, the initiative side
first (12.3 names only the initiative player's move; a side that never moves could never use the exits of 12.3);
a unit fires torpedoes once per battle with one attack like a gunnery roll (12.6 gives no count of rolls); a unit
that left the display rejoins its TG and goes wherever the TG goes; "toward a friendly edge" is a neighbouring hex
one column nearer that edge, or straight south (USN) or north (IJN); a retreat obeys 3.3 (at most two loose TGs, or
the TF alone, in a hex) and never enters a hex holding enemy naval units; with no such hex the side stays where it
is, and takes no marker. Air attacks in a surface battle (12.7) fly Imperial Sunset's strike frames: by our reading
no CAP meets them (12.7 names only the target's AA before the attack) and they cost the ships no display MP.
"""

from __future__ import annotations

from typing import Any

from leyte.core.cases import own
from leyte.core.errors import LeyteError
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.clash import state
from leyte.rulebooks.clash.engine import ask, frame, opt, pop, push
from leyte.rulebooks.imperial_sunset import surface as base
from leyte.rulebooks.imperial_sunset.common import record_is_day, turn_record
from leyte.rulebooks.imperial_sunset.state import State, TFState, other

__all__ = ["start", "retreat_hexes", "formations_in_battle"]

SIDES = base.SIDES


def _day(st: State) -> bool:
    """Day or night (12.2, 12.5): the sequence of play's flag when it set one, else the turn record's line."""
    if "day" in st.flags:
        return bool(st.flags["day"])
    return record_is_day(turn_record(st, st.turn))


def formations_in_battle(st: State, hex_label: str, side: str, ids: list[str]) -> list[str]:
    """The TGs a side fights with: each id a TG, or the side's TF (all its TGs, 3.2.3); every one in the hex.

    Dummy TGs hold no naval units and never fight. Bad ids raise a ``LeyteError`` naming 12.0 and the id."""
    out: list[str] = []
    for fid in ids:
        tf = state.extras(st)["tfs"].get(fid)
        if tf is not None:
            if tf["side"] != side:
                raise LeyteError(f"12.0: {fid} is not a {side} formation")
            if tf["hex"] != hex_label:
                raise LeyteError(f"12.0: {fid} is in {tf['hex']}, not in the battle hex {hex_label}")
            tgs = [t.id for t in state.tgs_of(st, fid)]
        elif fid in st.tfs and st.tfs[fid].in_play:
            t = st.tfs[fid]
            if t.side != side:
                raise LeyteError(f"12.0: {fid} is not a {side} formation")
            if t.hex != hex_label:
                raise LeyteError(f"12.0: {fid} is in {t.hex}, not in the battle hex {hex_label}")
            tgs = [fid]
        else:
            raise LeyteError(f"12.0: no TG or TF {fid!r} in play")
        out += [t for t in tgs if t not in out and not st.tfs[t].dummy]
    return out


def start(st: State, hex_label: str, attacker: str, formations: dict[str, list[str]], ctx: Context) -> None:
    """Begin a surface battle in ``hex_label`` (12.0): initiative (12.1), then the display (12.2) and the rounds."""
    if attacker not in SIDES:
        raise LeyteError(f"12.0: attacker must be IJN or USN, not {attacker!r}")
    if not isinstance(formations, dict) or set(formations) - set(SIDES) \
            or not all(isinstance(v, list) for v in formations.values()):
        raise LeyteError(f"12.0: formations must map IJN and USN to lists of TG or TF ids, not {formations!r}")
    tfs = {s: formations_in_battle(st, hex_label, s, list(formations.get(s, []))) for s in SIDES}
    ships = {s: [sid for t in tfs[s] for sid in st.tfs[t].ships if not st.ships[sid].sunk
                 and not st.ships[sid].exited] for s in SIDES}
    for s in SIDES:
        if not ships[s]:
            raise LeyteError(f"12.0: the {s} has no naval unit afloat in {hex_label} to fight a surface battle")
    day = _day(st)
    ctx.emit(own("12.0"), f"Surface battle in {hex_label} ({'day' if day else 'night'}): "
             + "; ".join(f"{s} " + ", ".join(st.tfs[t].name for t in tfs[s]) for s in SIDES), kind="battle",
             data={"hex": hex_label, "active": attacker, "enemy": tfs[other(attacker)], "tfs": tfs, "day": day})
    while True:  # 12.1 and ruling R-28: rolled once, before deployment; ties are rolled again
        ri = ctx.roll("d10", purpose="IJN initiative roll", rule=own("12.1"))
        ru = ctx.roll("d10", purpose="USN initiative roll", rule=own("12.1"))
        if ri.final != ru.final:
            break
        ctx.emit(own("12.1"), "Tied initiative rolls: both roll again", kind="initiative")
    first = "IJN" if ri.final > ru.final else "USN"
    ctx.emit(own("12.1"), f"{first} has the initiative for the whole battle", kind="initiative",
             data={"first": first, "rolls": {"IJN": ri.final, "USN": ru.final}})
    display = {sid: {"side": s, "area": 0, "moved": False, "mp": 0, "revealed": True, "fired": False,
                     "alias": sid, "group": None} for s in SIDES for sid in ships[s]}
    push(st, "surface_battle", hex=hex_label, active_side=attacker, active_tf=tfs[attacker][0], tfs=tfs,
         entered_from=None, strait_side=None, day=day, round=0, display=display, act_index=-1,
         groups={s: [] for s in SIDES}, smoke=[], smoke_by={s: False for s in SIDES}, queue=[], pending=[],
         shots={}, designations={}, wants={}, disengaged={s: False for s in SIDES}, end_reason=None,
         torp_plan=None, air_queue=[], order=[first, other(first)], moves={}, torps_fired=[])
    push(st, "battle_group")


@frame("clash_surface_battle")
class ClashSurfaceBattle:
    """12.0: the surface battle the sequence of play starts in ``hex`` (``attacker``: the side that moved in;
    ``formations``: {side: [TG or TF ids]}). It hands over to the battle record at once."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        start(st, str(fr["hex"]), str(fr["attacker"]), fr["formations"], ctx)


# -- 12.9: retreat ---------------------------------------------------------------------------------------------------


def _movers(st: State, bf: dict[str, Any], side: str) -> tuple[list[TFState], str | None]:
    """The side's battle TGs still afloat, and its TF's id if they are the TF's (a TF retreats as one)."""
    tgs = [st.tfs[t] for t in bf["tfs"][side] if any(not st.ships[x].sunk for x in st.tfs[t].ships)]
    parents = {state.tf_of(st, t.id) for t in tgs}
    tf = next(iter(parents)) if len(parents) == 1 else None
    return tgs, tf


def _toward_edge(st: State, side: str, here: str, there: str) -> bool:
    """``there`` lies toward the side's friendly map edges (12.9: USN east or south, IJN west or north)."""
    parse = st.data.map.layout.parse_label
    (c0, r0), (c1, r1) = parse(here), parse(there)
    if side == "USN":
        return c1 > c0 or (c1 == c0 and r1 > r0)
    return c1 < c0 or (c1 == c0 and r1 < r0)


def retreat_hexes(st: State, bf: dict[str, Any], side: str) -> list[str]:
    """The hexes ``side`` may retreat into (12.9): adjacent sea toward its edges, within 3.3's stacking, no enemy."""
    D = st.data
    m = D.map
    here = bf["hex"]
    tgs, tf = _movers(st, bf, side)
    moving_loose = 0 if tf is not None else len(tgs)
    out = []
    for h in sorted(m.label(x) for x in m.neighbours(m.hex(here)) if m.is_sea(x)):
        if not _toward_edge(st, side, here, h):
            continue
        there = [t for t in state.tgs(st) if t.hex == h and t not in tgs]
        if any(t.side != side and not t.dummy and any(not st.ships[x].sunk for x in t.ships) for t in there):
            continue  # never into a hex holding enemy naval units
        friends = [t for t in there if t.side == side]
        tf_there = any(state.tf_of(st, t.id) is not None for t in friends)
        loose = sum(1 for t in friends if state.tf_of(st, t.id) is None)
        if tf is not None:
            if friends:
                continue  # a TF stacks alone (3.3)
        elif tf_there or loose + moving_loose > D.mod("stack.friendly_tgs"):
            continue
        out.append(h)
    return out


def _retreat(st: State, bf: dict[str, Any], side: str, hex_label: str, ctx: Context) -> None:
    D = st.data
    tgs, tf = _movers(st, bf, side)
    if not hex_label:
        ctx.emit(own("12.9"), f"The {side} has no hex to retreat into and stays in {bf['hex']}", kind="battle_place",
                 data={"side": side, "hex": bf["hex"], "tfs": [t.id for t in tgs]})
        return
    if tf is not None:
        state.move_tf(st, tf, hex_label)
    for t in tgs:
        t.hex = hex_label
        t.mp_markers += D.mod("retreat.mp_loss")
    ctx.emit(own("12.9"), f"{side} " + ", ".join(t.name for t in tgs) + f" retreat to {hex_label} and take a "
             f"-{D.mod('retreat.mp_loss')} MP marker", kind="battle_place",
             data={"side": side, "hex": hex_label, "tfs": [t.id for t in tgs]})


@frame("battle_place", replaces=True)
class ClashBattlePlace:
    """12.9: each side that must go retreats one hex toward its friendly edges (its owner picks the hex)."""

    @staticmethod
    def _question(st: State, bf: dict[str, Any]) -> tuple[str, list[Action]] | None:
        if not bf["place_queue"]:
            return None
        side = bf["place_queue"][0]
        hexes = retreat_hexes(st, bf, side)
        if not hexes:
            return side, [opt("retreat", f"No hex to retreat into: stay in {bf['hex']}", hex="")]
        return side, [opt("retreat", f"Retreat to {h} (-1 MP)", hex=h) for h in hexes]

    @classmethod
    def decide(cls, st: State, fr: dict[str, Any]) -> Decision | None:
        bf = base.battle_record(st)
        q = cls._question(st, bf)
        if q is None or len(q[1]) < 2:
            return None
        return ask(q[0], "surface_retreat", "Your formations leave the battle: which hex do they retreat to?",
                   own("12.9"), q[1], data={"hex": bf["hex"]})

    @classmethod
    def act(cls, st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        bf = base.battle_record(st)
        side = bf["place_queue"].pop(0)
        _retreat(st, bf, side, str(action["hex"]), ctx)

    @classmethod
    def run(cls, st: State, fr: dict[str, Any], ctx: Context) -> None:
        bf = base.battle_record(st)
        q = cls._question(st, bf)
        if q is not None:
            bf["place_queue"].pop(0)
            _retreat(st, bf, q[0], str(q[1][0]["hex"]), ctx)
            return
        ctx.emit(own("12.9"), "The surface battle is over", kind="battle_over", data={"hex": bf["hex"]})
        st.stack.pop()
        pop(st, bf)
