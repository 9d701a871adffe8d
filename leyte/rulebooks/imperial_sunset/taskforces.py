"""Task forces (module 5): forming, splitting, merging and disbanding TFs, dummies, limits and stacking.

5.1 In the Initial Phase ships in one hex may be regrouped into new or existing TFs; a TF split from another keeps
its detection status, and the opponent learns a new TF's size as a detection result of 5 would tell it. 5.2/5.3 The
IJN may have ten naval TFs in play, the USN sixteen; Third and Seventh Fleet ships never share a TF (5.3.1).
5.4 Dummy TFs (no ships, 4 MPs, no search or combat) may be added or removed each Initial Phase; any detection
removes one. 5.5 Two friendly TFs a hex (fleet-pure for the USN), 16 ship units a TF; 5.5.1 at most four USN TFs
with fleet or light carriers, five such carriers a TF, four TFs with escort carriers, six a TF. 6.2.1 A TF formed or
changed in the Initial Phase loses one MP this turn. New units enter here too (3.1).
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any, NamedTuple

from leyte.core.errors import IllegalAction
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset import engine
from leyte.rulebooks.imperial_sunset.common import active_tfs, counters_of, hex_options, live_ships, sea_labels
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.detection import new_tf_report
from leyte.rulebooks.imperial_sunset.engine import ask, frame, opt, pop
from leyte.rulebooks.imperial_sunset.state import AirState, ShipState, State, TFState

BIG_CARRIERS = frozenset({"CV", "CVL"})  # 5.5.1 counts fleet and light carriers together, escort carriers apart
ESCORT_CARRIERS = frozenset({"CVE"})


def tf_count(st: State, side: str) -> int:
    return len(active_tfs(st, side))


def tf_limit(D: ISData, side: str) -> int:
    return D.mod(f"tf_limit.{side}")


def new_tf_id(st: State, side: str) -> str:
    """The next unused marker number for a side (ids are never reused, so the log stays unambiguous)."""
    n = 1 + max([int(t.id.split("-")[1]) for t in st.tfs.values() if t.side == side] or [0])
    return f"{side}-{n}"


def disband(tf: TFState, ctx: Context) -> None:
    """Take a TF marker off the map: a real TF left empty and a dummy withdrawn read alike to the opponent (5.1,
    5.4; ruling E23)."""
    tf.in_play = False
    ctx.emit("5.1", f"TF {tf.id} is disbanded", kind="tf_removed", data={"tf": tf.id})


def carrier_census(st: State, live: dict[str, list[str]] | None = None) -> tuple[frozenset[str], frozenset[str]]:
    """The USN TFs in play that hold a fleet or light carrier, and those that hold an escort carrier (5.5.1).

    ``live`` maps every real USN TF in play to its ships afloat, when the caller has worked that out already.
    """
    D = st.data
    big: set[str] = set()
    cve: set[str] = set()
    if live is None:
        live = {t.id: live_ships(st, t) for t in active_tfs(st, "USN") if not t.dummy}
    big_ids, cve_ids = counters_of(D, BIG_CARRIERS), counters_of(D, ESCORT_CARRIERS)
    for tid, ships in live.items():
        for s in ships:
            if s in big_ids:
                big.add(tid)
            elif s in cve_ids:
                cve.add(tid)
    return frozenset(big), frozenset(cve)


class Makeup(NamedTuple):
    """What 5.3.1/5.5/5.5.1 look at in a would-be TF: ship units, fleets, fleet/light carriers, escort carriers."""

    units: int
    fleets: frozenset[str]
    big: int
    cve: int

    @classmethod
    def of(cls, D: ISData, ships: list[str]) -> Makeup:
        types = [D.ships[s].type for s in ships]
        return cls(len(ships), frozenset(f for s in ships if (f := D.ships[s].fleet)),
                   sum(1 for t in types if t in BIG_CARRIERS), types.count("CVE"))

    def plus(self, D: ISData, sid: str) -> Makeup:
        d = D.ships[sid]
        return Makeup(self.units + 1, self.fleets | {d.fleet} if d.fleet else self.fleets,
                      self.big + (d.type in BIG_CARRIERS), self.cve + (d.type == "CVE"))


@cache
def _alone(D: ISData, sid: str) -> Makeup:
    """The make-up of a TF of one ship (a split); static, so counted once per ship."""
    return Makeup.of(D, [sid])


def composition_refusal(st: State, side: str, fleet: str | None, ships: list[str] | Makeup,
                        exclude_tf: str | None = None,
                        census: tuple[frozenset[str], frozenset[str]] | None = None) -> tuple[str, str] | None:
    """Why a TF holding ``ships`` (or a ``Makeup`` of them) would break 5.3.1/5.5/5.5.1; None if it is fine.

    ``census`` is ``carrier_census(st)`` when the caller asks many times about one position (the reorganisation
    options do), so the count of carrier TFs is made once; a ``Makeup`` lets it add one ship to a TF cheaply.
    """
    D = st.data
    m = ships if isinstance(ships, Makeup) else Makeup.of(D, ships)
    if m.units > D.mod("tf.max_ship_units"):
        return "5.5", f"a TF holds at most {D.mod('tf.max_ship_units')} ship units"
    if side == "USN":
        if len(m.fleets) > 1:
            return "5.3.1", "Third and Seventh Fleet ships never share a TF"
        big, cve = m.big, m.cve
        if big > D.mod("usn.carriers_per_tf"):
            return "5.5.1", f"at most {D.mod('usn.carriers_per_tf')} fleet or light carriers in one TF"
        if cve > D.mod("usn.cves_per_tf"):
            return "5.5.1", f"at most {D.mod('usn.cves_per_tf')} escort carriers in one TF"
        if not big and not cve:
            return None
        big_tfs, cve_tfs = census if census is not None else carrier_census(st)
        if big and len(big_tfs - {exclude_tf}) >= D.mod("usn.carrier_tfs"):
            return "5.5.1", f"at most {D.mod('usn.carrier_tfs')} USN TFs may hold fleet or light carriers"
        if cve and len(cve_tfs - {exclude_tf}) >= D.mod("usn.cve_tfs"):
            return "5.5.1", f"at most {D.mod('usn.cve_tfs')} USN TFs may hold escort carriers"
    return None


def stack_refusal(st: State, side: str, hex_label: str, fleet: str | None, extra: int = 1,
                  friends: list[TFState] | None = None) -> tuple[str, str] | None:
    """5.5: would ``extra`` more friendly TFs in ``hex_label`` break stacking?

    ``friends`` is the side's TF markers (dummies too) in the hex, when the caller has them.
    """
    D = st.data
    if friends is None:
        friends = st.tfs_at(hex_label, side)
    if len(friends) + extra > D.mod("stack.friendly_tfs"):
        return "5.5", f"at most {D.mod('stack.friendly_tfs')} friendly TFs in one hex"
    if side == "USN" and fleet and any(t.fleet and t.fleet != fleet for t in friends):
        return "5.5", "Third and Seventh Fleet TFs may not stack together"
    return None


def _reorg_options(st: State, side: str) -> list[Action]:
    D = st.data
    opts: list[Action] = []
    tfs = sorted(active_tfs(st, side), key=lambda t: t.id)
    room = len(tfs) < tf_limit(D, side)  # tf_count, from the list in hand
    moved = set(st.flags.get("reorg_moved", []))
    for tf in tfs:
        # Ruling (RULINGS 5.4): a dummy placed this Initial Phase stays until the next one, and each ship changes
        # TF at most once per Initial Phase — the rules set no number, and without a bound regrouping never ends.
        if tf.dummy and tf.entered_turn != st.turn:
            opts.append(opt("dummy_remove", f"Remove dummy TF {tf.id} in {tf.hex}", tf=tf.id))
    live = {tf.id: live_ships(st, tf) for tf in tfs if not tf.dummy}
    census = carrier_census(st, live) if side == "USN" else None
    markers: dict[str | None, list[TFState]] = {}  # the side's markers by hex, dummies too (they count for 5.5)
    by_hex: dict[str | None, list[TFState]] = {}  # the real TFs by hex (ships change TF only within a hex)
    for tf in tfs:
        markers.setdefault(tf.hex, []).append(tf)
        if not tf.dummy:
            by_hex.setdefault(tf.hex, []).append(tf)
    stacking: dict[tuple[str, str | None], bool] = {}  # (hex, fleet) -> may one more TF go there (5.5)

    def may_stack(hex_label: str, fleet: str | None) -> bool:
        ok = stacking.get((hex_label, fleet))
        if ok is None:
            ok = stacking[hex_label, fleet] = stack_refusal(
                st, side, hex_label, fleet, friends=markers.get(hex_label, [])) is None
        return ok

    makeup: dict[str, Makeup] = {}  # only TFs that share a hex with another need one

    def makeup_of(tid: str) -> Makeup:
        m = makeup.get(tid)
        if m is None:
            m = makeup[tid] = Makeup.of(D, live[tid])
        return m

    # A ship's own part in 5.3.1/5.5/5.5.1 is its make-up alone (fleet, fleet/light carrier, escort carrier), so
    # whether it may join a TF is asked once per (TF, kind of ship), not once per ship: this question lists every
    # ship-and-TF pair in the hex and is the costliest of the Initial Phase.
    joins: dict[tuple[str, Makeup], bool] = {}
    alone_ok: dict[Makeup, bool] = {}
    for tf in tfs:
        if tf.dummy:
            continue
        ships = live[tf.id]
        group = by_hex[tf.hex]
        partners = [o for o in group if o is not tf] if len(group) > 1 else ()
        may_split = room and len(ships) > 1 and may_stack(tf.hex or "", tf.fleet)
        if not partners and not may_split:
            continue  # a TF alone in its hex that may not split offers nothing
        for s in ships:
            if s in moved:
                continue
            kind = _alone(D, s)
            for other_tf in partners:
                ok = joins.get((other_tf.id, kind))
                if ok is None:
                    ok = joins[other_tf.id, kind] = composition_refusal(
                        st, side, other_tf.fleet, makeup_of(other_tf.id).plus(D, s), exclude_tf=other_tf.id,
                        census=census) is None
                if ok:
                    opts.append(_transfer_option(D, s, tf.name, other_tf.id, other_tf.name))
            if may_split:
                ok = alone_ok.get(kind)
                if ok is None:
                    ok = alone_ok[kind] = composition_refusal(st, side, tf.fleet, kind, census=census) is None
                if ok:
                    opts.append(_split_option(D, s, tf.name))
    loose = [s for s in st.ships.values() if s.independent and s.side == side and s.id not in moved
             and not s.sunk and not s.exited and not s.in_port and s.hex is not None]
    for s in sorted(loose, key=lambda x: x.id):
        fleet = D.ships[s.id].fleet or None
        if room and may_stack(s.hex, fleet):
            opts.append(opt("form_independent", f"Form a TF for {D.ships[s.id].name} in {s.hex}", ship=s.id))
        if s.hits == 0 and not s.destination:
            # 8.3.9: an undamaged ship left independent by over-stacking may rejoin a TF (a detached damaged ship
            # may not, 6.4)
            for tf in by_hex.get(s.hex, ()):
                if composition_refusal(
                        st, side, tf.fleet, makeup_of(tf.id).plus(D, s.id), exclude_tf=tf.id, census=census) is None:
                    opts.append(opt("rejoin", f"{D.ships[s.id].name} joins {tf.name}", ship=s.id, to=tf.id))
    if room:
        opts.append(opt("dummy_create", "Create a dummy TF"))
    opts.append(opt("reorg_done", "Finish reorganising"))
    return opts


@lru_cache(maxsize=1 << 16)
def _transfer_option(D: ISData, sid: str, from_name: str, to_id: str, to_name: str) -> Action:
    """Options are immutable, so one object per ship and pair of TFs serves every Initial Phase."""
    return opt("transfer", f"Move {D.ships[sid].name} from {from_name} to {to_name}", ship=sid, to=to_id)


@lru_cache(maxsize=1 << 16)
def _split_option(D: ISData, sid: str, from_name: str) -> Action:
    return opt("split", f"Form a new TF with {D.ships[sid].name} from {from_name}", ship=sid)


@frame("reorganize")
class Reorganize:
    """5.1/5.4: one side regroups its TFs and dummies, one small change at a time."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision:
        side = fr["side"]
        return ask(side, "reorganize", f"{side}: reorganise task forces and dummies (Initial Phase)", "5.1",
                   _reorg_options(st, side))

    @staticmethod
    def refuse(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
        D = st.data
        side = fr["side"]
        if action.kind in ("split", "dummy_create", "form_independent") and tf_count(st, side) >= tf_limit(D, side):
            return IllegalAction("5.2" if side == "IJN" else "5.3",
                                 f"the {side} already has {tf_limit(D, side)} TFs in play")
        if action.kind == "transfer":
            s, to = str(action.get("ship", "")), str(action.get("to", ""))
            if s in st.ships and to in st.tfs:
                tf = st.tfs[to]
                why = composition_refusal(st, side, tf.fleet, live_ships(st, tf) + [s], exclude_tf=to)
                if why:
                    return IllegalAction(why[0], why[1])
                src = st.ships[s].tf
                if src is None or st.tfs[src].hex != tf.hex:
                    return IllegalAction("5.1", "ships can only change TF within one hex")
        return None

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        side = fr["side"]
        D = st.data
        k = action.kind
        if k == "reorg_done":
            pop(st, fr)
            return
        if k == "dummy_remove":
            tf = st.tfs[str(action["tf"])]
            disband(tf, ctx)
            return
        if k == "dummy_create":
            engine.push(st, "dummy_place", side=side)
            return
        if k in ("transfer", "split", "form_independent", "rejoin"):
            st.flags.setdefault("reorg_moved", []).append(str(action["ship"]))
        if k == "transfer":
            sid, to = str(action["ship"]), st.tfs[str(action["to"])]
            src = st.tfs[st.ships[sid].tf or ""]
            src.ships.remove(sid)
            to.ships.append(sid)
            st.ships[sid].tf = to.id
            src.reorganized = to.reorganized = True
            if st.ships[sid].mp_penalty:
                to.mp_markers = max(to.mp_markers, st.ships[sid].mp_penalty)  # 6.2.4: penalties travel
            ctx.emit("5.1", f"{D.ships[sid].name} moves from {src.name} to {to.name}", kind="reorganize",
                     data={"ship": sid, "from": src.id, "to": to.id}, visible=(side,))
            if not live_ships(st, src):
                disband(src, ctx)
            return
        if k == "split":
            sid = str(action["ship"])
            src = st.tfs[st.ships[sid].tf or ""]
            new = TFState(id=new_tf_id(st, side), side=side, name=f"{src.name} (detached group)", hex=src.hex,
                          ships=[sid], fleet=src.fleet, detected=src.detected, reorganized=True,
                          entered_turn=st.turn)
            src.ships.remove(sid)
            src.reorganized = True
            st.ships[sid].tf = new.id
            st.tfs[new.id] = new
            new_tf_report(st, new, ctx)
            return
        if k == "rejoin":
            sid, to = str(action["ship"]), st.tfs[str(action["to"])]
            s = st.ships[sid]
            s.independent, s.tf, s.hex, s.detected = False, to.id, None, False
            to.ships.append(sid)
            to.reorganized = True
            ctx.emit("8.3.9", f"{D.ships[sid].name} rejoins {to.name}", kind="reorganize",
                     data={"ship": sid, "to": to.id}, visible=(side,))
            return
        if k == "form_independent":
            sid = str(action["ship"])
            s = st.ships[sid]
            new = TFState(id=new_tf_id(st, side), side=side, name=f"{D.ships[sid].name} group", hex=s.hex,
                          ships=[sid], fleet=D.ships[sid].fleet or None, detected=s.detected,
                          reorganized=True, entered_turn=st.turn)
            s.independent, s.tf, s.hex = False, new.id, None
            new.mp_markers = s.mp_penalty
            st.tfs[new.id] = new
            new_tf_report(st, new, ctx)
            return
        raise IllegalAction("5.1", f"{action.text} is not a reorganisation step")


@frame("dummy_place")
class DummyPlace:
    """5.4: a new dummy may go in any sea hex where stacking allows."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision:
        D = st.data
        side = fr["side"]
        # 5.5 stacking, counted once for the whole map: a hex with the limit of friendly TFs takes no dummy
        friends: dict[str, int] = {}
        for t in active_tfs(st, side):
            if t.hex:
                friends[t.hex] = friends.get(t.hex, 0) + 1
        limit = D.mod("stack.friendly_tfs")
        hexes = [h for h in sea_labels(D) if friends.get(h, 0) + 1 <= limit]
        open_hexes = set(hexes)
        own = sorted({t.hex for t in active_tfs(st, side) if t.hex and t.hex in open_hexes})
        ordered = own + [h for h in hexes if h not in own]  # beside a real TF first, as 5.4 advises
        return ask(side, "dummy_place", "Where does the dummy TF go?", "5.4",
                   hex_options("dummy_hex", "Dummy to", ordered))

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        side = fr["side"]
        tf = TFState(id=new_tf_id(st, side), side=side, name="Dummy", hex=str(action["hex"]), dummy=True,
                     entered_turn=st.turn)
        st.tfs[tf.id] = tf
        pop(st, fr)
        ctx.emit("5.4", f"{side} dummy TF {tf.id} placed in {tf.hex}", kind="dummy", data={"tf": tf.id},
                 visible=(side,))
        new_tf_report(st, tf, ctx)


@frame("reorg_penalties")
class ReorgPenalties:
    """6.2.1: every TF formed or changed this Initial Phase loses one MP this turn."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        loss = st.data.mod("reorganize.mp_loss")
        for tf in sorted(st.tfs.values(), key=lambda t: t.id):
            if tf.in_play and tf.reorganized and not tf.dummy:
                tf.mp_markers += loss
                ctx.emit("6.2.1", f"{tf.name} reorganised: -{loss} MP this turn", kind="mp",
                         data={"tf": tf.id}, visible=(tf.side,))


@frame("reinforcements")
class Reinforcements:
    """3.1: forces arriving this turn enter at one of their entry hexes, undetected (13.1.2, 13.1.4)."""

    @staticmethod
    def _due(st: State) -> list[dict[str, Any]]:
        return [r for r in st.flags.get("reinforcements", []) if int(r["turn"]) == st.turn and not r.get("done")]

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        due = Reinforcements._due(st)
        if not due:
            return None
        r = due[0]
        side = r["side"]
        if tf_count(st, side) >= tf_limit(st.data, side):
            # Ruling (RULINGS 5.2/5.3): an arriving force needs a free TF marker; the owner may withdraw a dummy
            # to free one, otherwise the force waits a turn.
            dummies = sorted((t for t in active_tfs(st, side) if t.dummy), key=lambda t: t.id)
            if not dummies:
                return None
            return ask(side, "reinforcement", f"{r['name']} arrives but every TF marker is in use: withdraw a "
                       "dummy to make room", "5.2" if side == "IJN" else "5.3",
                       [opt("dummy_remove", f"Withdraw dummy TF {t.id} in {t.hex}", tf=t.id) for t in dummies],
                       data={"group": r["id"], "group_name": r["name"]})
        options = [opt("enter", f"{r['name']} enters at {h}", group=r["id"], hex=h)
                   for h in r["hexes"] if stack_refusal(st, side, h, r.get("fleet")) is None]
        if not options:
            return None
        return ask(side, "reinforcement", f"Where does {r['name']} enter?", "3.1", options,
                   data={"group": r["id"], "group_name": r["name"]})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "dummy_remove":
            tf = st.tfs[str(action["tf"])]
            disband(tf, ctx)
            return
        r = next(x for x in Reinforcements._due(st) if x["id"] == action["group"])
        enter_group(st, r, str(action["hex"]), ctx)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        due = Reinforcements._due(st)
        if due:
            r = due[0]
            r["done"] = True
            ctx.emit("3.1", f"{r['name']} cannot enter this turn: every entry hex is full or no TF marker is "
                     "free", kind="reinforcement", visible=(r["side"],))
            r2 = dict(r, turn=st.turn + 1, done=False, id=r["id"] + "+")
            st.flags["reinforcements"].append(r2)
            return
        pop(st, fr)


def enter_group(st: State, r: dict[str, Any], hex_label: str, ctx: Context) -> None:
    """Put an arriving TF on the map with its ships and aircraft."""
    r["done"] = True
    side = r["side"]
    tf = TFState(id=r.get("marker") or new_tf_id(st, side), side=side, name=r["name"], hex=hex_label,
                 ships=list(r["ships"]), fleet=r.get("fleet"), detected=bool(r.get("detected", False)),
                 entered_turn=st.turn)
    st.tfs[tf.id] = tf
    for sid in r["ships"]:
        st.ships[sid] = ShipState(id=sid, side=side, tf=tf.id, hits=int(r.get("hits", {}).get(sid, 0)),
                                  force=tf.name if side == "IJN" else None)  # 13.1.5.2 / E22
    for a in r.get("air", []):
        st.air[a["id"]] = AirState(id=a["id"], side=side, parent=a["parent"], box=a.get("box", "ready"))
    ctx.emit("3.1", f"{r['name']} enters at {hex_label}", kind="reinforcement",
             data={"tf": tf.id, "hex": hex_label, "side": side}, visible=(side,))
    ctx.emit("3.1", f"A new {side} TF {tf.id} appears at {hex_label}", kind="tf_new",
             data={"tf": tf.id, "hex": hex_label, "side": side})


@frame("overstack")
class Overstack:
    """8.3.9: a hex left over-stacked by a battle must be within limits after the Initial Phase; the owner breaks
    up TFs of his choice into independent ships until it is."""

    @staticmethod
    def _excess(st: State) -> tuple[str, str] | None:
        cap = st.data.mod("stack.friendly_tfs")
        for hex_label in sorted(st.flags.get("overstacked", [])):
            for side in ("IJN", "USN"):
                if len(st.tfs_at(hex_label, side)) > cap:
                    return side, hex_label
        return None

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        ex = Overstack._excess(st)
        if ex is None:
            return None
        side, hex_label = ex
        tfs = sorted(st.tfs_at(hex_label, side), key=lambda t: t.id)
        return ask(side, "overstack", f"{hex_label} is over-stacked: choose a TF whose ships go on the map as "
                   "independents", "8.3.9", [opt("break_up", f"Break up {t.name}", tf=t.id) for t in tfs],
                   data={"hex": hex_label})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        tf = st.tfs[str(action["tf"])]
        for sid in live_ships(st, tf):
            s = st.ships[sid]
            s.tf, s.hex, s.independent, s.detected = None, tf.hex, True, tf.detected
        tf.ships = [x for x in tf.ships if st.ships[x].sunk or st.ships[x].exited]
        tf.in_play = False
        ctx.emit("8.3.9", f"TF {tf.id} in {tf.hex} is broken up; its ships stand alone on the map",
                 kind="tf_removed", data={"tf": tf.id, "hex": tf.hex})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        st.flags["overstacked"] = []
        pop(st, fr)
