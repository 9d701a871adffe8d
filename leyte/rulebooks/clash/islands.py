"""Island air bases: the IJN's land-based air of Clash of the Carriers (2.1, 5.3, 5.6, 5.7, 6.3.2, 8.0, 16.1.2,
16.1.4 Japanese Coordination).

Island air units are ``AirState`` records whose ``parent`` is the id of the base they sit on (``guam``, ``yap``,
...; ``state.extras(st)["air_bases"]``). A base on the map has a ``hex``; one beyond the map edge has an
``edge_hex`` and ``hexes_beyond`` (2.1): a flight from it costs the hexes beyond plus the hexes from the edge hex to
the target (map ruling M-6, read with 8.1: the target hex counts, the start does not). A base holds at most its
``capacity`` units (2.1, ruling M-7); a unit on a strike still belongs to its base.

The two Air Flotillas (ruling R-5): each base belongs to the flotilla ``airfields.csv``'s ``air_fleet`` names (map
ruling M-8: the 61st holds the Marianas, Yap and Peleliu, the 22nd Truk and Iwo Jima); only the 61st searches, from
Guam (6.3.2).

Frames, as the Clash wave 2 interface names them:

- ``clash_island_initial`` (no parameters, once per Initial Phase): 5.3 reinforcements due this turn, then the
  revived units of 16.1.2 on a day turn, then the 5.6 ready roll of every unit in a Flown box (every turn, R-24),
  then island CAP by day (5.7) and, while the special rule stands, the IJN's choice to give the Japanese
  Coordination order (16.1.4, R-10).
- ``clash_af_activation`` (``af`` = "61st" or "22nd"): an AF marker drawn by day. The 61st first pushes
  ``clash_search`` (6.3.2: 25 hexes from Guam; built by the search module), then either flotilla offers strikes on
  what the island search channel has detected, flown with Imperial Sunset's strike frames from the island.
- ``clash_flagship_report`` (no parameters): pushed when the Mobile Fleet marker is drawn after the Coordination
  order; the IJN names a hex within ``coordination.radius`` of the flagship (R-10, R-11).
- ``clash_airfield_strike`` (``side`` = "USN", ``tg``, ``base``): a USN carrier strike on an island airfield,
  resolved as ruling R-42 says (island CAP intercepts; no AA; each bomber rolls on the Damage Table; each hit is a
  step off an IJN unit on that base, Flown box first).

Our rulings made here (for RULINGS.md): a reinforcement whose base is full waits in the turn record and arrives at
the first Initial Phase with room; a revived unit for a full Guam stays in the dead pile that turn (2.1 capacity
beats 16.1.2's placement, since 2.1 is the only limit on a base). A strike on an airfield that island CAP defends is
flown as R-42 and 8.2 read together (see ``AirfieldStrike``).
"""

from __future__ import annotations

from typing import Any

from leyte.core.cases import own
from leyte.core.dice import Modifier
from leyte.core.errors import IllegalAction, LeyteError, ScenarioError
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.clash import state
from leyte.rulebooks.clash.engine import ask, frame, opt, pop, push
from leyte.rulebooks.imperial_sunset import damage, strikes
from leyte.rulebooks.imperial_sunset.air_ops import (
    can_bomb,
    can_fight,
    has_weaker_side,
    strength,
    tf_units,
    to_flown,
    unit_kind,
)
from leyte.rulebooks.imperial_sunset.common import dist, record_is_day, turn_record
from leyte.rulebooks.imperial_sunset.data import CARRIER_TYPES, ISData
from leyte.rulebooks.imperial_sunset.state import AirState, State

GUAM = "guam"  # the 61st Air Flotilla's base (6.3.2, R-5)
AFS = ("61st", "22nd")
COORDINATION = "japanese-coordination"  # the special rule's id in the scenario (16.1.4)
FLAGSHIP = "taiho"
ON_BASE = ("ready", "flown", "cap", "mission")  # boxes whose units count against a base's capacity


# -- bases, flotillas, capacity, range -----------------------------------------------------------------------------


def bases(st: State) -> dict[str, dict[str, Any]]:
    """The island air bases of the position (16.1.1, ``airfields.csv``)."""
    return state.extras(st)["air_bases"]


def base(st: State, base_id: str) -> dict[str, Any]:
    try:
        return bases(st)[base_id]
    except KeyError:
        raise LeyteError(f"no island air base {base_id!r} (2.1; bases: {', '.join(sorted(bases(st)))})") from None


def base_name(st: State, base_id: str) -> str:
    return str(base(st, base_id).get("name", base_id))


def flotilla(st: State, base_id: str) -> str:
    """The Air Flotilla of a base (``state.flotilla``: airfields.csv's ``air_fleet``, map ruling M-8)."""
    return state.flotilla(base_id, base(st, base_id))


def flotilla_bases(st: State, af: str) -> list[str]:
    if af not in AFS:
        raise LeyteError(f"no Air Flotilla {af!r}: the IJN has the 61st and the 22nd (R-5)")
    return sorted(b for b in bases(st) if flotilla(st, b) == af)


def is_island_unit(st: State, aid: str) -> bool:
    a = st.air.get(aid)
    return a is not None and a.side == "IJN" and a.parent in bases(st)


def base_units(st: State, base_id: str, boxes: tuple[str, ...] = ON_BASE) -> list[str]:
    """Air units of a base in the given boxes, in id order."""
    return sorted(a.id for a in st.air.values() if a.parent == base_id and a.side == "IJN" and a.box in boxes)


def capacity(st: State, base_id: str) -> int | None:
    """How many air units the base may hold (2.1); None when the data gives no limit."""
    cap = base(st, base_id).get("capacity")
    return None if cap is None else int(cap)


def room(st: State, base_id: str) -> int | None:
    """Free places on a base (2.1), or None for a base without a limit."""
    cap = capacity(st, base_id)
    return None if cap is None else max(0, cap - len(base_units(st, base_id)))


def place(st: State, aid: str, base_id: str, *, box: str, reduced: bool = False) -> AirState:
    """Base an IJN air unit on an island, refusing it when the base is full (2.1)."""
    free = room(st, base_id)
    if free is not None and free < 1 and st.air.get(aid, AirState(aid, "IJN", "")).parent != base_id:
        raise IllegalAction(own("2.1"), f"{base_name(st, base_id)} is full: it holds {capacity(st, base_id)} air "
                            f"unit(s), its capacity, so {st.data.air[aid].name} cannot be based there")
    a = st.air.get(aid)
    if a is None:
        a = st.air[aid] = AirState(id=aid, side="IJN", parent=base_id)
    a.parent, a.box, a.reduced, a.cap_over, a.role, a.ashore = base_id, box, reduced, None, None, False
    return a


def capacity_problems(st: State) -> list[str]:
    """Bases holding more units than their capacity (2.1): a position that breaks the rule."""
    out = []
    for b in sorted(bases(st)):
        cap = capacity(st, b)
        n = len(base_units(st, b))
        if cap is not None and n > cap:
            out.append(f"{base_name(st, b)} holds {n} air units, over its capacity of {cap}")
    return out


def distance(st: State, base_id: str, target_hex: str) -> int:
    """MPs from a base to a hex (8.1): on the map the hex distance; from beyond the edge the hexes beyond plus the
    hexes from the edge hex (2.1, ruling M-6)."""
    b = base(st, base_id)
    if b.get("hex"):
        return dist(st.data, str(b["hex"]), target_hex)
    if b.get("edge_hex") is None or b.get("hexes_beyond") is None:
        raise ScenarioError(f"island air base {base_id}: needs a hex, or an edge hex and hexes beyond (2.1)")
    return int(b["hexes_beyond"]) + dist(st.data, str(b["edge_hex"]), target_hex)


def in_reach(st: State, aid: str, target_hex: str) -> bool:
    """Whether an island unit reaches ``target_hex`` from its base (8.1: its MP is the second number of the
    counter)."""
    return distance(st, st.air[aid].parent, target_hex) <= st.data.air[aid].range


def is_day(st: State) -> bool:
    return record_is_day(turn_record(st, st.turn))


# -- Japanese Coordination (16.1.4, R-10, R-11) ---------------------------------------------------------------------


def coordination(st: State) -> dict[str, Any]:
    """The state of the Coordination rule: ``ordered`` (the turn of the order, or None) and ``flagship``."""
    c = state.extras(st).setdefault("coordination", {"ordered": None, "flagship": None})
    return c


def coordination_in_force(st: State) -> bool:
    return COORDINATION in st.flags.get("special_rules", {})


def coordination_ordered(st: State) -> bool:
    """Whether the Mobile Fleet's commander has released island air against carrier groups (or the rule is off)."""
    return not coordination_in_force(st) or coordination(st)["ordered"] is not None


def _live(st: State, sid: str) -> bool:
    s = st.ships.get(sid)
    return s is not None and not s.sunk and not s.exited


def is_carrier_formation(st: State, formation: str) -> bool:
    """R-10: a USN carrier TG holds a CV or CVL afloat; TF 58 is one while any of its TGs does."""
    flattops = {sid for sid, d in st.data.ships.items() if d.type in CARRIER_TYPES}
    cl = state.extras(st)
    tgs = state.tgs_of(st, formation) if formation in cl["tfs"] else [st.tfs[formation]] if formation in st.tfs else []
    return any(sid in flattops and _live(st, sid) for t in tgs for sid in t.ships)


def check_coordination(st: State, formation: str) -> None:
    """Refuse an island strike on a USN carrier TG or TF before the Coordination order (16.1.4)."""
    if not coordination_ordered(st) and is_carrier_formation(st, formation):
        raise IllegalAction(own("16.1.4"), f"Japanese Coordination: island-based air may not attack {formation}, a "
                            "USN carrier formation, until the IJN gives the order in an Initial Phase")


def flagship(st: State) -> str | None:
    """The Mobile Fleet's flagship: Taiho, or the ship the IJN named after she sank (R-10)."""
    named = coordination(st).get("flagship") or FLAGSHIP
    return named if _live(st, named) else None


def ship_hex(st: State, sid: str) -> str | None:
    s = st.ships[sid]
    if s.tf and s.tf in st.tfs:
        return st.tfs[s.tf].hex
    return s.hex


def coordination_marker_needed(st: State) -> bool:
    """R-11: from the order on, the Mobile Fleet's marker goes into the pool every turn, even when no TF Mobile
    Fleet exists (then it only makes the announcement when drawn: push ``clash_flagship_report``)."""
    return coordination_in_force(st) and coordination(st)["ordered"] is not None


# -- the sequence's hooks: AF markers, island CAP in a hex ---------------------------------------------------------


def af_markers(st: State) -> list[str]:
    """The AF markers that go into the Activation Pool this turn (5.2, R-5): both flotillas by day, none at night."""
    return list(AFS) if is_day(st) else []


def base_hexes(st: State, hex_label: str) -> list[str]:
    """Island bases in a map hex (Saipan and Tinian share 3712, map ruling M-5)."""
    return sorted(b for b, e in bases(st).items() if e.get("hex") == hex_label)


def island_cap_over(st: State, hex_label: str) -> list[str]:
    """Island CAP units flying over the bases of ``hex_label``: they intercept raids entering that hex (5.7, 8.2)."""
    here = set(base_hexes(st, hex_label))
    return sorted(a.id for a in st.air.values() if a.box == "cap" and a.cap_over in here and is_island_unit(st, a.id))


# -- the Initial Phase: 5.3, 16.1.2, 5.6, 5.7, 16.1.4 --------------------------------------------------------------


def _arrivals(st: State, ctx: Context) -> None:
    """5.3 and 16.1.2: reinforcements whose turn has come land on their bases, room permitting (2.1)."""
    cl = state.extras(st)
    keep = []
    for r in cl["reinforcements"]:
        if not isinstance(r.get("turn"), int) or r["turn"] > st.turn:
            keep.append(r)
            continue
        waiting = []
        for aid in r["air"]:
            b = r["bases"][aid]
            if room(st, b) == 0:
                waiting.append(aid)
                ctx.emit(own("2.1"), f"{base_name(st, b)} is full ({capacity(st, b)} units): "
                         f"{st.data.air[aid].name} waits for room", kind="reinforcement",
                         data={"air": aid, "base": b}, visible=("IJN",))
                continue
            place(st, aid, b, box=str(r.get("box", "ready")))
            ctx.emit(own("5.3"), f"IJN air reinforcement: {st.data.air[aid].name} arrives on {base_name(st, b)} "
                     f"({r.get('box', 'ready')})", kind="reinforcement", data={"air": aid, "base": b},
                     visible=("IJN",))
        if waiting:
            keep.append({**r, "air": waiting, "turn": st.turn + 1})
    cl["reinforcements"] = keep


def _dead_pile(st: State) -> list[str]:
    """IJN land-based units in the dead pile (16.1.2): counters that belong to an island, not to a carrier."""
    D = st.data
    return sorted(a.id for a in st.air.values()
                  if a.side == "IJN" and a.box == "destroyed" and D.air[a.id].parent not in D.ships)


def _revive(st: State, ctx: Context) -> None:
    """16.1.2: on a day turn, units drawn at random from the dead pile come back to Guam's Flown box, reduced if
    the counter has a reduced side (R-36)."""
    D = st.data
    for r in state.extras(st)["recurring"]:
        if r.get("every") != "day_turn":
            continue
        n = int(r.get("count", D.mod("reinforce.revived_per_day_turn")
                      if "reinforce.revived_per_day_turn" in D.mods else 1))
        b = str(r.get("base", GUAM))
        for _ in range(n):
            pool = _dead_pile(st)
            if not pool:
                ctx.emit(own("16.1.2"), "No IJN land-based unit in the dead pile to revive", kind="reinforcement",
                         visible=("IJN",))
                break
            if room(st, b) == 0:
                ctx.emit(own("2.1"), f"{base_name(st, b)} is full ({capacity(st, b)} units): no unit is revived "
                         "this turn", kind="reinforcement", data={"base": b}, visible=("IJN",))
                break
            aid = pool[ctx.pick(len(pool), purpose="revived unit drawn from the dead pile", rule=own("16.1.2"),
                                visible=("IJN",))]
            reduced = D.air[aid].reduced > 0
            place(st, aid, b, box=str(r.get("box", "flown")), reduced=reduced)
            ctx.emit(own("16.1.2"), f"Revived: {D.air[aid].name} returns to {base_name(st, b)}'s Flown box"
                     + (" on its reduced side" if reduced else ""), kind="reinforcement",
                     data={"air": aid, "base": b, "reduced": reduced}, visible=("IJN",))


def _ready_rolls(st: State, ctx: Context) -> None:
    """5.6: every island unit in a Flown box rolls a D10 to become Ready (Guam 1-5, the other fields 1-3); every
    Initial Phase, day or night (R-24)."""
    D = st.data
    flown = sorted(a.id for a in st.air.values() if is_island_unit(st, a.id) and a.box == "flown")
    if not flown:
        return
    if "island_ready" not in D.tables:
        raise ScenarioError(f"{D.folder}: no island_ready table for the ready rolls of 5.6")
    table = D.table("island_ready")
    for aid in flown:
        a = st.air[aid]
        col = "guam" if a.parent == GUAM else "other"
        rec = ctx.roll_on(table, "-", [], purpose=f"{D.air[aid].name} on {base_name(st, a.parent)} tries to "
                          "become Ready", rule=own("5.6"), visible=("IJN",))
        if bool(rec.result.get(col)):
            a.box = "ready"
            ctx.emit(own("5.6"), f"{D.air[aid].name} is Ready", kind="air_box", data={"air": aid}, visible=("IJN",))


def cap_candidates(st: State) -> list[str]:
    """Island fighters (F, FB) in a Ready box: the units that may fly CAP over their base (5.7)."""
    return sorted(a.id for a in st.air.values()
                  if is_island_unit(st, a.id) and a.box == "ready" and unit_kind(st, a.id) in ("F", "FB"))


@frame("clash_island_initial")
class IslandInitial:
    """The island steps of the Initial Phase: 5.3 and 16.1.2 arrivals, 5.6 ready rolls, 5.7 island CAP by day, and
    the Japanese Coordination order (16.1.4)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        step = fr.get("step")
        if step == "cap":
            units = cap_candidates(st)
            if not units:
                return None
            D = st.data
            return ask("IJN", "island_cap", "Island CAP (5.7): which fighters fly CAP over their base?", own("5.7"),
                       [opt("island_cap_done", "No more island CAP")]
                       + [opt("island_cap", f"{D.air[a].name} flies CAP over {base_name(st, st.air[a].parent)}",
                              air=a) for a in units],
                       data={"units": units})
        if step == "coordination":
            if not coordination_in_force(st) or coordination(st)["ordered"] is not None:
                return None
            return ask("IJN", "coordination_order", "Japanese Coordination (16.1.4): does the Mobile Fleet's "
                       "commander release the island air forces against the USN carrier groups?", own("16.1.4"),
                       [opt("coordination_wait", "Not yet: island air may not attack USN carrier groups"),
                        opt("coordination_order", "Give the order (announced to the USN; it stands to the end)")])
        return None

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "island_cap":
            a = st.air[action["air"]]
            a.box, a.cap_over = "cap", a.parent
            ctx.emit(own("5.7"), f"{st.data.air[a.id].name} flies CAP over {base_name(st, a.parent)}", kind="cap",
                     data={"air": a.id, "base": a.parent}, visible=("IJN",))
        elif action.kind == "island_cap_done":
            fr["step"] = "coordination"
        elif action.kind == "coordination_wait":
            fr["step"] = "done"
        elif action.kind == "coordination_order":
            coordination(st)["ordered"] = st.turn
            ctx.emit(own("16.1.4"), "Japanese Coordination: the Mobile Fleet's commander orders the island air forces "
                     "to attack the USN carrier groups", kind="coordination", data={"turn": st.turn})
            fr["step"] = "done"
        else:
            raise IllegalAction(own("4.1"), f"{action.text} is not an island air step")

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        step = fr.get("step")
        if step is None:
            problems = capacity_problems(st)
            if problems:
                raise ScenarioError(f"{problems[0]} (2.1)")
            _arrivals(st, ctx)
            if is_day(st):
                _revive(st, ctx)
            _ready_rolls(st, ctx)
            fr["step"] = "cap" if is_day(st) else "coordination"  # no CAP at night (5.7)
        elif step == "cap":
            fr["step"] = "coordination"
        else:
            pop(st, fr)


# -- the flagship announcement (16.1.4, R-10, R-11) ----------------------------------------------------------------


@frame("clash_flagship_report")
class FlagshipReport:
    """When the Mobile Fleet marker is drawn after the order, the IJN tells the USN a hex within the radius of its
    flagship (R-10); if Taiho has sunk it first names a new flagship, for good."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if not coordination_in_force(st) or coordination(st)["ordered"] is None:
            return None
        D = st.data
        flag = flagship(st)
        if flag is None:
            ijn = sorted(sid for sid, s in st.ships.items() if s.side == "IJN" and _live(st, sid) and ship_hex(st, sid))
            flattops = [sid for sid in ijn if D.ships[sid].type in CARRIER_TYPES]
            pick = flattops or ijn
            if not pick:
                return None
            return ask("IJN", "flagship", "The flagship has sunk: name the Mobile Fleet's new flagship (16.1.4)",
                       own("16.1.4"), [opt("flagship", f"{damage.ship_name(D, s)} becomes the flagship", ship=s)
                                       for s in pick])
        here = ship_hex(st, flag)
        if here is None:
            return None
        r = D.mod("coordination.radius") if "coordination.radius" in D.mods else 3
        m = D.map
        hexes = sorted(m.label(h) for h in m.within(m.hex(here), r))
        return ask("IJN", "flagship_report", f"Tell the USN a hex within {r} hexes of the flagship (16.1.4)",
                   own("16.1.4"), [opt("flagship_report", f"The flagship is within {r} hexes of {h}", hex=h)
                                   for h in hexes], data={"radius": r})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "flagship":
            coordination(st)["flagship"] = action["ship"]
            ctx.emit(own("16.1.4"), f"{damage.ship_name(st.data, action['ship'])} is the Mobile Fleet's flagship",
                     kind="coordination", data={"ship": action["ship"]}, visible=("IJN",))
            return
        r = st.data.mod("coordination.radius") if "coordination.radius" in st.data.mods else 3
        ctx.emit(own("16.1.4"), f"IJN: the flagship of the Mobile Fleet is within {r} hexes of hex {action['hex']}",
                 kind="coordination", data={"hex": action["hex"], "radius": r})
        pop(st, fr)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)  # no order yet, or no IJN ship left: nothing to announce


# -- an Air Flotilla's activation (R-5, 6.3.2, 8.0, 8.1) ------------------------------------------------------------


def island_detections(st: State) -> list[str]:
    """USN formations the IJN island channel has detected (6.3.2: never the carriers' findings), still in play."""
    cl = state.extras(st)
    out = []
    for f in state.detected_by(st, "IJN", "island"):
        if f in cl["tfs"]:
            if cl["tfs"][f]["side"] == "USN" and state.tgs_of(st, f):
                out.append(f)
        elif f in st.tfs and st.tfs[f].side == "USN" and st.tfs[f].in_play and not st.tfs[f].dummy:
            out.append(f)
    return out


def formation_hex(st: State, formation: str) -> str | None:
    cl = state.extras(st)
    if formation in cl["tfs"]:
        return str(cl["tfs"][formation]["hex"])
    t = st.tfs.get(formation)
    return t.hex if t else None


def formation_name(st: State, formation: str) -> str:
    cl = state.extras(st)
    if formation in cl["tfs"]:
        return str(cl["tfs"][formation]["name"])
    return st.tfs[formation].name


def enemy_name(st: State, formation: str) -> str:
    """A US formation as the IJN reads it: the TF marker by its name, a TG by its marker label (R-51), never the
    historical group's name, which would tell its ships."""
    if formation in state.extras(st)["tfs"]:
        return formation_name(st, formation)
    return f"USN TG {state.public_id(st, formation)}"


def by_label(st: State, label: str) -> str:
    """The formation an option's marker label stands for (the label itself when nothing is labelled)."""
    return next((tid for tid, lab in state.labels(st).items() if lab == label), label)


def af_units(st: State, af: str) -> list[str]:
    """Ready units of a flotilla's bases."""
    return [a for b in flotilla_bases(st, af) for a in base_units(st, b, ("ready",))]


def af_targets(st: State, af: str) -> list[str]:
    """Detected formations some Ready bomber of the flotilla reaches (8.0, 8.1), Coordination permitting."""
    bombers = [a for a in af_units(st, af) if can_bomb(st, a) and unit_kind(st, a) != "F"]
    out = []
    for f in island_detections(st):
        h = formation_hex(st, f)
        if h is None or not any(in_reach(st, a, h) for a in bombers):
            continue
        if not coordination_ordered(st) and is_carrier_formation(st, f):
            continue
        out.append(f)
    return out


@frame("clash_af_activation")
class AFActivation:
    """An AF marker drawn (R-5): by day the 61st searches first (6.3.2), then either flotilla may strike, from its
    bases, what its island search has detected (8.0; Coordination, 16.1.4). At night it does nothing (6.3, R-9)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if fr.get("step") != "strike":
            return None
        targets = af_targets(st, fr["af"])
        if not targets:
            return None
        return ask("IJN", "island_strike", f"The {fr['af']} Air Flotilla: launch a strike? (8.0)", own("8.0"),
                   [opt("af_done", f"End the {fr['af']} Air Flotilla's activation")]
                   + [opt("island_strike", f"Strike {enemy_name(st, f)} in {formation_hex(st, f)}",
                          target=state.public_id(st, f)) for f in targets],
                   data={"af": fr["af"], "targets": [state.public_id(st, f) for f in targets]})

    @staticmethod
    def refuse(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
        if action.kind != "island_strike" or fr.get("step") != "strike":
            return None
        f = by_label(st, str(action.get("target")))
        if f not in island_detections(st):
            return IllegalAction(own("6.3.2"), f"{f} has not been detected by island search: island air strikes "
                                 "only what its own search found")
        try:
            check_coordination(st, f)
        except IllegalAction as e:
            return e
        return IllegalAction(own("8.1"), f"no Ready bomber of the {fr['af']} Air Flotilla reaches {f}")

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "af_done":
            pop(st, fr)
            return
        f = by_label(st, str(action["target"]))
        check_coordination(st, f)
        cl = state.extras(st)
        tg = f
        if f in cl["tfs"]:  # 8.0: a strike on a TF falls on one of its TGs, drawn at random
            tgs = state.tgs_of(st, f)
            tg = tgs[ctx.pick(len(tgs), purpose=f"which TG of {formation_name(st, f)} the strike finds",
                              rule=own("8.0"))].id
        push(st, "clash_island_compose", side="IJN", af=fr["af"], target=f"tf:{tg}", chosen={},
             source={"formation": fr["af"]}, act_index=-1)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        af = fr["af"]
        flotilla_bases(st, af)  # refuses an unknown flotilla
        if not is_day(st):
            ctx.emit(own("6.3"), f"The {af} Air Flotilla neither searches nor strikes at night (6.3, R-9)",
                     kind="activation")
            pop(st, fr)
            return
        if fr.get("step") is None:
            fr["step"] = "strike"
            if af == AFS[0]:
                push(st, "clash_search", side="IJN", formation=af)  # 6.3.2: the 61st searches from Guam
            return
        pop(st, fr)  # nothing in reach: the activation ends


def compose_units(st: State, fr: dict[str, Any]) -> list[str]:
    return af_units(st, fr["af"])


@frame("clash_island_compose")
class IslandCompose:
    """8.1: the IJN picks the strike units and escorts among the flotilla's Ready units that reach the target from
    their own base (2.1: off-map bases add their hexes beyond); the strike then flies Imperial Sunset's frames."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        D: ISData = st.data
        chosen: dict[str, str] = fr["chosen"]
        h = strikes.hex_of_target(st, fr["target"])
        options: list[Action] = []
        for a in compose_units(st, fr):
            if a in chosen:
                options.append(opt("strike_remove", f"Take {D.air[a].name} off the strike", air=a))
                continue
            if h is None or not in_reach(st, a, h):
                continue
            where = f" from {base_name(st, st.air[a].parent)} ({distance(st, st.air[a].parent, h)} MP)"
            if can_bomb(st, a) and unit_kind(st, a) != "F":
                options.append(opt("strike_add", f"Add {D.air[a].name} as a strike unit ({strength(st, a)}){where}",
                                   air=a, role="strike"))
            if can_fight(st, a):
                options.append(opt("strike_add", f"Add {D.air[a].name} as an escort ({strength(st, a)}){where}",
                                   air=a, role="escort"))
        if any(r == "strike" for r in chosen.values()):
            options.append(opt("strike_launch", "Launch the strike"))
        options.append(opt("strike_cancel", "Cancel the strike"))
        return ask("IJN", "strike_compose", f"Compose the {fr['af']} Air Flotilla's strike on "
                   f"{strikes.describe_target(st, fr['target'])}", own("8.1"), options,
                   data={"target": strikes.public_target(st, fr["target"]), "af": fr["af"]})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "strike_add":
            fr["chosen"][action["air"]] = action["role"]
        elif action.kind == "strike_remove":
            fr["chosen"].pop(action["air"], None)
        elif action.kind == "strike_cancel":
            ctx.emit(own("8.1"), "The island strike is called off", kind="strike", visible=("IJN",))
            pop(st, fr)
        elif action.kind == "strike_launch":
            strikes.launch_strike(st, fr, ctx)
        else:
            raise IllegalAction(own("8.1"), f"{action.text} is not a strike composition choice")


# -- strikes on airfields (8.0, R-42) ------------------------------------------------------------------------------


def airfield_distance(st: State, tg_id: str, base_id: str) -> int | None:
    """MPs from a TG to an island base (8.1; a base beyond the edge adds its hexes beyond, 2.1)."""
    h = st.tfs[tg_id].hex
    return None if h is None else distance(st, base_id, h)


def _a2a_mods(D: ISData, side: str) -> list[Modifier]:
    """The side's air-to-air DRM (8.2.1; USN +1, modifiers.csv), as Imperial Sunset's air_to_air reads it."""
    if side == "USN" and "air_to_air.usn" in D.mods and D.mod("air_to_air.usn"):
        return [Modifier(D.mod("air_to_air.usn"), "USN air-to-air (8.2)")]
    return []


def base_cap(st: State, base_id: str) -> list[str]:
    """The island CAP that meets a raid on a base: all of it over the base's hex (8.2.3), or over the base itself
    when it lies beyond the map edge."""
    h = base(st, base_id).get("hex")
    if h:
        return island_cap_over(st, str(h))
    return sorted(a.id for a in st.air.values()
                  if a.box == "cap" and a.cap_over == base_id and is_island_unit(st, a.id))


@frame("clash_airfield_strike")
class AirfieldStrike:
    """R-42: a USN carrier strike on an island airfield.

    The island CAP over the base's hex meets it (5.7, 8.2.3). Escorts take on the CAP, all of them, since there is
    no AA at an island to suppress (8.5 is fired by naval units); CAP and escorts fire at each other at the same
    time (R-21). With no escort the CAP fires at the bombers (8.2.1); with more CAP units than escorts the IJN sends
    the extra ones at the bombers (8.2.2). Each owner takes its steps, full-strength units first; an IJN unit on
    its weaker side is destroyed, a USN unit never is: each further step is a DRM on its bombing roll (8.2.1,
    ``bombing.fatigued_step_loss``). Each bomber left rolls on the Damage Table at its factor; each hit takes one
    step off an IJN unit on the ground there, the IJN choosing, Flown box before Ready.
    """

    @staticmethod
    def _units(st: State, fr: dict[str, Any]) -> list[str]:
        d = airfield_distance(st, fr["tg"], fr["base"])
        return [a for a in tf_units(st, st.tfs[fr["tg"]]) if d is not None and d <= st.data.air[a].range]

    @staticmethod
    def _ground_targets(st: State, fr: dict[str, Any]) -> list[str]:
        for box in ("flown", "ready"):
            units = base_units(st, fr["base"], (box,))
            if units:
                return units
        return []

    @staticmethod
    def _loss_choices(st: State, fr: dict[str, Any]) -> list[str]:
        job = fr["losses"][0]
        alive = [a for a in job["pool"] if st.air[a].box in ("mission", "cap")]
        full = [a for a in alive if not st.air[a].reduced]
        return full or alive  # 8.2.1: flip every full-strength unit before any takes a second step

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        D = st.data
        step = fr.get("step", "compose")
        if step == "compose":
            chosen: dict[str, str] = fr.setdefault("chosen", {})
            options: list[Action] = []
            for a in AirfieldStrike._units(st, fr):
                if a in chosen:
                    options.append(opt("strike_remove", f"Take {D.air[a].name} off the strike", air=a))
                elif can_bomb(st, a) and unit_kind(st, a) != "F":
                    options.append(opt("strike_add", f"Add {D.air[a].name} as a strike unit ({strength(st, a)})",
                                       air=a, role="strike"))
                elif can_fight(st, a):
                    options.append(opt("strike_add", f"Add {D.air[a].name} as an escort ({strength(st, a)})",
                                       air=a, role="escort"))
            if any(r == "strike" for r in chosen.values()):
                options.append(opt("strike_launch", "Launch the strike"))
            options.append(opt("strike_cancel", "Cancel the strike"))
            return ask(fr["side"], "strike_compose", f"Compose the air strike on the airfield of "
                       f"{base_name(st, fr['base'])}", own("8.0"), options, data={"base": fr["base"]})
        if step == "cap_split":
            free = [a for a in fr["cap"] if a not in fr["vs_bombers"]]
            return ask("IJN", "cap_vs_bombers", f"Island CAP: pick a fighter to attack the bombers "
                       f"({fr['extra'] - len(fr['vs_bombers'])} more; the others fight the escorts, 8.2.2)",
                       own("8.2.2"), [opt("cap_vs_bombers", f"{D.air[a].name} attacks the bombers", air=a)
                                      for a in free])
        if step == "losses" and fr["losses"]:
            units = AirfieldStrike._loss_choices(st, fr)
            if len(units) < 2 or fr["losses"][0]["n"] < 1:
                return None
            job = fr["losses"][0]
            return ask(job["side"], "air_step_loss", f"{job['n']} step(s) lost in the air battle over "
                       f"{base_name(st, fr['base'])}: which unit takes the next?", own("8.2.1"),
                       [opt("air_step_loss", f"{D.air[a].name} takes a step", air=a) for a in units])
        if step == "steps" and fr["hits"] > 0:
            units = AirfieldStrike._ground_targets(st, fr)
            if len(units) < 2:
                return None
            return ask("IJN", "airfield_step", f"{fr['hits']} step(s) to lose on {base_name(st, fr['base'])}: "
                       "which unit loses the next? (R-42: Flown box first)", own("8.0"),
                       [opt("airfield_step", f"{D.air[a].name} loses a step", air=a) for a in units])
        return None

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "strike_add":
            fr["chosen"][action["air"]] = action["role"]
        elif action.kind == "strike_remove":
            fr["chosen"].pop(action["air"], None)
        elif action.kind == "strike_cancel":
            ctx.emit(own("8.1"), "The strike is called off", kind="strike", visible=(fr["side"],))
            pop(st, fr)
        elif action.kind == "strike_launch":
            AirfieldStrike._launch(st, fr, ctx)
        elif action.kind == "cap_vs_bombers":
            fr["vs_bombers"].append(action["air"])
            if len(fr["vs_bombers"]) >= fr["extra"]:
                AirfieldStrike._air_battle(st, fr, ctx)
        elif action.kind == "air_step_loss":
            AirfieldStrike._air_step(st, fr, str(action["air"]), ctx)
        elif action.kind == "airfield_step":
            AirfieldStrike._step(st, fr, str(action["air"]), ctx)
        else:
            raise IllegalAction(own("8.0"), f"{action.text} is not a choice in this airfield strike")

    @staticmethod
    def _launch(st: State, fr: dict[str, Any], ctx: Context) -> None:
        strike = sorted(a for a, r in fr["chosen"].items() if r == "strike")
        escorts = sorted(a for a, r in fr["chosen"].items() if r == "escort")
        for a in strike + escorts:
            st.air[a].box = "mission"
            st.air[a].missions_today += 1
        ctx.emit(own("8.0"), f"{fr['side']} air strike on the airfield of {base_name(st, fr['base'])}: "
                 f"{len(strike)} strike unit(s), {len(escorts)} escort(s)", kind="strike",
                 data={"base": fr["base"], "strike": len(strike), "escorts": len(escorts)})
        fr.update(strike=strike, escorts=escorts, cap=base_cap(st, fr["base"]), vs_bombers=[], losses=[], drms={},
                  hits=0)
        if fr["cap"]:
            ctx.emit(own("8.2"), f"{len(fr['cap'])} island CAP unit(s) intercept: "
                     + ", ".join(f"{st.data.air[a].name} ({strength(st, a)})" for a in fr["cap"]), kind="cap",
                     data={"cap": fr["cap"]})
        fr["extra"] = len(fr["cap"]) - len(escorts) if escorts else 0
        if fr["extra"] > 0:
            fr["step"] = "cap_split"
        else:
            AirfieldStrike._air_battle(st, fr, ctx)

    @staticmethod
    def _roll(st: State, ctx: Context, side: str, units: list[str], what: str) -> int:
        D = st.data
        total = sum(strength(st, a) for a in units)
        if not units or total <= 0:
            return 0
        rec = ctx.roll_on(D.table("air_to_air"), total, _a2a_mods(D, side), purpose=f"{what} (factor {total})",
                          rule=own("8.2.1"))
        return int(rec.result.get("steps", 0))

    @staticmethod
    def _air_battle(st: State, fr: dict[str, Any], ctx: Context) -> None:
        """CAP and escorts fire at the same time (R-21); the extra CAP, or all of it with no escort, at the bombers."""
        cap, escorts = fr["cap"], fr["escorts"]
        jobs = []
        if cap:
            vs_escorts = [a for a in cap if a not in fr["vs_bombers"]] if escorts else []
            vs_bombers = fr["vs_bombers"] if escorts else list(cap)
            on_cap = AirfieldStrike._roll(st, ctx, "USN", escorts, "escorts fire at the island CAP")
            on_esc = AirfieldStrike._roll(st, ctx, "IJN", vs_escorts, "island CAP fires at the escorts")
            on_bomb = AirfieldStrike._roll(st, ctx, "IJN", vs_bombers, "island CAP fires at the bombers")
            for side, n, pool in (("IJN", on_cap, cap), ("USN", on_esc, escorts), ("USN", on_bomb, fr["strike"])):
                if n and pool:
                    jobs.append({"side": side, "n": n, "pool": list(pool)})
        fr["losses"] = jobs
        fr["step"] = "losses"

    @staticmethod
    def _air_step(st: State, fr: dict[str, Any], aid: str, ctx: Context) -> None:
        D = st.data
        if aid not in AirfieldStrike._loss_choices(st, fr):
            raise IllegalAction(own("8.2.1"), f"{aid} may not take this step: full-strength units are flipped first")
        job = fr["losses"][0]
        a = st.air[aid]
        if not a.reduced and has_weaker_side(st, aid):
            a.reduced = True
            what = f"loses a step (now {strength(st, aid)})"
        elif a.side == "USN":  # 8.2.1: never eliminated; a DRM on its bombing roll instead
            drm = D.mod("bombing.fatigued_step_loss") if "bombing.fatigued_step_loss" in D.mods else -1
            fr["drms"][aid] = int(fr["drms"].get(aid, 0)) + int(drm)
            what = f"loses a step on its fatigued side ({fr['drms'][aid]} on its bombing roll)"
        else:
            a.box, a.cap_over = "destroyed", None
            what = "is destroyed"
        job["n"] -= 1
        ctx.emit(own("8.2.1"), f"{D.air[aid].name} {what}", kind="air_loss", data={"air": aid})

    @staticmethod
    def _bomb(st: State, fr: dict[str, Any], ctx: Context) -> None:
        D = st.data
        hits = 0
        for a in fr["strike"]:
            if st.air[a].box != "mission":
                continue
            mods = [Modifier(int(fr["drms"][a]), "steps lost while fatigued (8.2.1)")] if fr["drms"].get(a) else []
            rec = damage.roll_damage(D, ctx, strength(st, a), mods, purpose=f"{D.air[a].name} bombs the airfield "
                                     f"of {base_name(st, fr['base'])}", rule=own("8.0"))
            hits += int(rec.result.get("hits", 0))
        for a in fr["strike"] + fr["escorts"]:
            if st.air[a].box == "mission":
                to_flown(st, st.air[a], ctx, own("8.0"), "back from the airfield strike")
        ctx.emit(own("8.0"), f"The strike scores {hits} hit(s) on the air units of {base_name(st, fr['base'])} "
                 "(R-42)", kind="strike", data={"base": fr["base"], "hits": hits})
        fr["step"], fr["hits"] = "steps", hits

    @staticmethod
    def _step(st: State, fr: dict[str, Any], aid: str, ctx: Context) -> None:
        D = st.data
        if aid not in AirfieldStrike._ground_targets(st, fr):
            raise IllegalAction(own("8.0"), f"{aid} is not a unit on the ground that may lose the step (R-42: Flown "
                                "box first)")
        a = st.air[aid]
        if not a.reduced and D.air[aid].reduced > 0:
            a.reduced = True
            what = "is reduced"
        else:
            a.box = "destroyed"
            what = "is destroyed"
        fr["hits"] -= 1
        ctx.emit(own("8.0"), f"{D.air[aid].name} on {base_name(st, fr['base'])} {what} on the ground (R-42)",
                 kind="air_loss", data={"air": aid, "base": fr["base"]})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        step = fr.get("step")
        if step == "losses":
            while fr["losses"]:
                units = AirfieldStrike._loss_choices(st, fr)
                if fr["losses"][0]["n"] > 0 and len(units) == 1:
                    AirfieldStrike._air_step(st, fr, units[0], ctx)
                    return
                if fr["losses"][0]["n"] > 0 and units:
                    return  # a choice: decide() asks it
                fr["losses"].pop(0)
            AirfieldStrike._bomb(st, fr, ctx)
            return
        if step == "steps" and fr["hits"] > 0:
            units = AirfieldStrike._ground_targets(st, fr)
            if units:
                AirfieldStrike._step(st, fr, units[0], ctx)
                return
            fr["hits"] = 0
        pop(st, fr)
