"""Task groups, task forces and stacking (3.0-3.3), and the formation step of the Initial Phase (5.1).

The limits, each read from constants.csv:

- 3.1: at most 16 naval units in a TG (a destroyer division or squadron counts one);
- 3.1.1: at most 10 USN and 8 IJN TGs, dummies included;
- 3.1.2: at most four USN TGs holding carriers, each with at most four carriers;
- 3.1.3: at most eight IJN TGs holding carriers, each with at most three carriers;
- 3.1.4: ships that started in TG 52.10 never share a TG with ships that started in TG 58.x (the scenario marks
  each such starting TG with a ``segregation`` group; ships of two different groups never share a TG);
- 3.1.6: a dummy TG holds no ships and is created in the hex of a real TG of its side;
- 3.2: one TF a side, never more; 3.2.1 TF 58 holds at most five TGs, 3.2.2 the Mobile Fleet at most three;
- 3.2.3: a TG joins or leaves the TF only in the TF's hex;
- 3.3: outside a TF at most two friendly TGs share a hex; three or more in the TF's hex must join it before the
  Initial Phase ends (elsewhere they must move apart: movement, 7.0, makes them).

``problems`` checks a layout of TGs and TFs against all of them; the formation step offers only the changes that
keep every limit, and a refused change is an ``IllegalAction`` naming the case it breaks.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator, Mapping
from collections.abc import Set as AbstractSet
from typing import Any, NamedTuple

from leyte.core.cases import own
from leyte.core.errors import IllegalAction
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.clash import state
from leyte.rulebooks.clash.engine import ask, frame, opt, pop, push
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.state import State, TFState

Problem = tuple[str, str]  # (case, reason)
_CARRIER_CASE = {"USN": "3.1.2", "IJN": "3.1.3"}
_TF_CASE = {"USN": "3.2.1", "IJN": "3.2.2"}


# -- a layout: the formations alone, from a position or a state ----------------------------------------------------


def _layout_of_position(pos: Mapping[str, Any]) -> dict[str, Any]:
    sunk = {s["id"] for s in pos.get("ships", []) if s.get("sunk") or s.get("exited")}
    origin = {sid: str(tg["segregation"]) for tg in pos.get("tgs", []) if tg.get("segregation")
              for sid in tg["ships"]}
    return {
        "tgs": {str(tg["id"]): {"side": tg["side"], "hex": str(tg["hex"]), "dummy": bool(tg.get("dummy", False)),
                                "tf": tg.get("tf"), "ships": [s for s in tg["ships"] if s not in sunk]}
                for tg in pos.get("tgs", [])},
        "tfs": {str(tf["id"]): {"side": tf["side"], "hex": str(tf["hex"]), "name": tf["name"]}
                for tf in pos.get("tfs", [])},
        "origin": origin,
        "waivers": {str(w["tg"]): int(w["units"]) for w in pos.get("limits", {}).get("start_waivers", [])},
    }


def layout_of(st: State) -> dict[str, Any]:
    """The formations of a state as a plain layout (TGs with their live ships, TFs, segregation groups)."""
    cl = state.extras(st)
    return {
        "tgs": {t.id: {"side": t.side, "hex": t.hex, "dummy": t.dummy, "tf": cl["parent_tf"].get(t.id),
                       "ships": [s for s in t.ships if not st.ships[s].sunk and not st.ships[s].exited]}
                for t in state.tgs(st)},
        "tfs": {k: {"side": v["side"], "hex": v["hex"], "name": v["name"]} for k, v in cl["tfs"].items()},
        "origin": dict(cl["origin"]),
        "waivers": dict(cl.get("waivers", {})),
    }


class _Limits(NamedTuple):
    """The numbers 3.1-3.2 read from the game data, and its carriers, gathered once per data object (the data never
    changes): the formation step checks them for every candidate change."""

    carriers: frozenset[str]
    tg_units: int  # 3.1
    tfs_per_side: int  # 3.2
    tgs: dict[str, int]  # 3.1.1, by side
    carriers_per_tg: dict[str, int]  # 3.1.2, 3.1.3
    carrier_tgs: dict[str, int]  # 3.1.2, 3.1.3
    tf_tgs: dict[str, int]  # 3.2.1, 3.2.2


def _limits(D: ISData) -> _Limits:
    lim = _LIMITS.get(D)
    if lim is None:
        sides = ("IJN", "USN")
        lim = _LIMITS[D] = _Limits(
            carriers=frozenset(k for k, s in D.ships.items() if s.carrier), tg_units=D.mod("tg.max_units"),
            tfs_per_side=D.mod("tf.per_side"), tgs={s: D.mod(f"tg_limit.{s}") for s in sides},
            carriers_per_tg={s: D.mod(f"carriers_per_tg.{s}") for s in sides},
            carrier_tgs={s: D.mod(f"carrier_tgs.{s}") for s in sides},
            tf_tgs={s: D.mod(f"tf.max_tgs.{s}") for s in sides})
    return lim


_LIMITS: weakref.WeakKeyDictionary[ISData, _Limits] = weakref.WeakKeyDictionary()


Tally = dict[tuple[str, str], int]  # ("tgs" | "carrier_tgs", side) or ("tf", TF id) -> how many TGs


def _tally_keys(carriers: frozenset[str], tg: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What one TG record adds to the side and TF totals: a TG of its side, a TG with carriers, a TG of its TF."""
    keys = [("tgs", tg["side"])]
    if not carriers.isdisjoint(tg["ships"]):
        keys.append(("carrier_tgs", tg["side"]))
    if tg["tf"] is not None:
        keys.append(("tf", tg["tf"]))
    return keys


def _tally(D: ISData, tgs: Mapping[str, Any]) -> Tally:
    """The totals 3.1.1-3.1.3 and 3.2.1-3.2.2 count, over every TG of a layout."""
    carriers = _limits(D).carriers
    out: Tally = {}
    for tg in tgs.values():
        for key in _tally_keys(carriers, tg):
            out[key] = out.get(key, 0) + 1
    return out


def _found(D: ISData, lay: Mapping[str, Any], only: AbstractSet[str] | None = None,
           tally: Tally | None = None) -> Iterator[tuple[str, str, str, int]]:
    """Every limit the layout breaks as (case, reason, what, how far): ``what`` names the thing over its limit and
    ``how far`` the count, so a change can be judged by whether it makes anything worse. Lazily, in a fixed order,
    so the first finding a change makes worse is found without looking at the rest.

    ``only`` (the TGs a candidate change edited) leaves out the checks of one TG's own record (3.1's size, the
    carriers in it, 3.1.4's mix, 3.1.6's empty dummy, 3.2.3's TG away from its TF, a TF that does not exist) for
    every other TG: those records are the baseline's, so their findings are the baseline's and can make nothing
    worse. ``tally`` gives the side and TF totals of this layout when the caller has them (``_why_not`` updates the
    baseline's by the edited TGs); without it they are counted afresh.
    """
    tgs, tfs, origin = lay["tgs"], lay["tfs"], lay["origin"]
    waived = lay.get("waivers", {})
    lim = _limits(D)
    carriers = lim.carriers
    checked = list(tgs) if only is None else [k for k in tgs if k in only]  # in layout order, for 3.2.3
    own_checks = sorted(checked)
    totals = tally if tally is not None else _tally(D, tgs)
    cap = lim.tg_units
    for tid in own_checks:
        n = len(tgs[tid]["ships"])
        if n > max(cap, waived.get(tid, 0)):
            yield "3.1", f"{tid} would hold {n} naval units; a TG holds at most {cap}", f"size:{tid}", n
    for side in ("IJN", "USN"):
        mine = totals.get(("tgs", side), 0)
        limit = lim.tgs[side]
        if mine > limit:
            yield ("3.1.1", f"the {side} would have {mine} TGs (dummies included); the limit is {limit}",
                   f"tgs:{side}", mine)
        per = lim.carriers_per_tg[side]
        for tid in own_checks:
            if tgs[tid]["side"] == side:
                n = sum(1 for s in tgs[tid]["ships"] if s in carriers)
                if n > per:
                    yield (_CARRIER_CASE[side], f"{tid} would hold {n} carriers; a {side} TG holds at most {per}",
                           f"carriers:{tid}", n)
        with_carriers = totals.get(("carrier_tgs", side), 0)
        most = lim.carrier_tgs[side]
        if with_carriers > most:
            yield (_CARRIER_CASE[side], f"the {side} would have {with_carriers} TGs with carriers; the limit is "
                                        f"{most}", f"carrier_tgs:{side}", with_carriers)
    for tid in own_checks:
        tg = tgs[tid]
        groups = sorted({origin[s] for s in tg["ships"] if s in origin})
        if len(groups) > 1:
            yield ("3.1.4", f"{tid} would mix ships that started in {' and '.join(groups)}, which never share a TG",
                   f"mix:{tid}", len(groups))
        if tg["dummy"] and tg["ships"]:
            yield "3.1.6", f"dummy {tid} cannot hold naval units", f"dummy:{tid}", len(tg["ships"])
    for side in ("IJN", "USN"):
        n = sum(1 for tf in tfs.values() if tf["side"] == side)
        if n > lim.tfs_per_side:
            yield "3.2", f"the {side} may have one TF only", f"tfs:{side}", n
    for fid, tf in sorted(tfs.items()):
        members = totals.get(("tf", fid), 0)
        limit = lim.tf_tgs[tf["side"]] if tf["side"] in lim.tf_tgs else D.mod(f"tf.max_tgs.{tf['side']}")
        if members > limit:
            yield _TF_CASE[tf["side"]], f"{tf['name']} would hold {members} TGs; at most {limit}", f"tf:{fid}", members
        for k in checked:
            if tgs[k]["tf"] == fid and tgs[k]["hex"] != tf["hex"]:
                yield "3.2.3", f"{k} is in {tgs[k]['hex']}, not in {tf['name']}'s hex {tf['hex']}", f"apart:{k}", 1
    for k in own_checks:
        v = tgs[k]
        if v["tf"] is not None and v["tf"] not in tfs:
            yield "3.2", f"{k} names a TF {v['tf']!r} that does not exist", f"notf:{k}", 1


def problems(D: ISData, lay: Mapping[str, Any]) -> list[Problem]:
    """Every limit of 3.1-3.2 the layout breaks, as (case, reason); 3.3's stacking is checked when the step ends.

    A TG the scenario sets up over the 16-unit limit (``waivers``, ruling U-1: Force C's printed 18) is not in
    breach while it holds no more than it started with; 3.1 binds it as soon as it would grow.
    """
    return [(c, r) for c, r, _, _ in _found(D, lay)]


def crowded_hexes(D: ISData, lay: Mapping[str, Any], side: str) -> dict[str, list[str]]:
    """Hexes where three or more of ``side``'s TGs stand outside the TF (3.3), with those TGs."""
    by_hex: dict[str, list[str]] = {}
    for k, v in sorted(lay["tgs"].items()):
        if v["side"] == side and v["tf"] is None and v["hex"]:
            by_hex.setdefault(v["hex"], []).append(k)
    return {h: ks for h, ks in by_hex.items() if len(ks) >= D.mod("stack.force_tf_at")}


def position_problems(D: ISData, pos: Mapping[str, Any]) -> list[Problem]:
    return problems(D, _layout_of_position(pos))


def state_problems(st: State) -> list[Problem]:
    return problems(st.data, layout_of(st))


# -- the formation step (5.1: 3.1.4-3.1.6, 3.2.3, 3.3) ------------------------------------------------------------


def push_formations(st: State, side: str) -> None:
    push(st, "clash_formations", side=side)


def _why_not(st: State, side: str, action: Action,
             base: Baseline | None = None) -> IllegalAction | None:
    """Why a formation change is not allowed now, naming the case (None: it is allowed).

    ``base`` is the current layout, what it already breaks and its totals (``_baseline``), computed once when many
    candidate changes are judged against the same position. The change is tried on a copy of the layout that shares
    every TG record it leaves alone and copies the ones it edits (``edit``); ``_found`` then re-checks only those, with
    the totals moved by what they changed."""
    cur, before, tally = base if base is not None else _baseline(st)
    tgs = dict(cur["tgs"])
    lay = {**cur, "tgs": tgs}
    tfs = lay["tfs"]
    kind = action.kind
    touched: set[str] = set()

    def edit(k: str) -> dict[str, Any]:
        touched.add(k)
        rec = tgs[k] = {**tgs[k], "ships": list(tgs[k]["ships"])}
        return rec

    def refuse(case: str, why: str) -> IllegalAction:
        return IllegalAction(own(case), why, state=f"turn {st.turn} Initial Phase, {side} formations")

    spruance = _spruance_refusal(st, side, action)
    if spruance is not None:
        return refuse("16.1.4", spruance)
    if kind == "done":
        tf = state.side_tf(st, side)
        for h, ks in crowded_hexes(st.data, lay, side).items():
            if tf is not None and tf[1]["hex"] == h and sum(1 for v in tgs.values() if v["tf"] == tf[0]) < \
                    st.data.mod(f"tf.max_tgs.{side}"):
                return refuse("3.3", f"{len(ks)} TGs ({', '.join(ks)}) stand in {h} with {tf[1]['name']}: they must "
                                     "join the TF before the Initial Phase ends")
        return None
    if kind == "join":
        tg, tf = str(action["tg"]), str(action["tf"])
        if tg not in tgs or tgs[tg]["side"] != side:
            return refuse("3.2.3", f"{tg} is not one of the {side}'s TGs")
        if tf not in tfs or tfs[tf]["side"] != side:
            return refuse("3.2", f"{tf} is not the {side}'s TF")
        if tgs[tg]["tf"] is not None:
            return refuse("3.2.3", f"{tg} is already in {tfs[tgs[tg]['tf']]['name']}")
        if tgs[tg]["hex"] != tfs[tf]["hex"]:
            return refuse("3.2.3", f"{tg} in {tgs[tg]['hex']} is not in {tfs[tf]['name']}'s hex {tfs[tf]['hex']}")
        edit(tg)["tf"] = tf
    elif kind == "split":
        tg = str(action["tg"])
        if tg not in tgs or tgs[tg]["side"] != side or tgs[tg]["tf"] is None:
            return refuse("3.2.3", f"{tg} is not a TG of the {side}'s TF")
        edit(tg)["tf"] = None
    elif kind in ("shift", "new_tg"):
        sid = str(action["ship"])
        home = cl_tg_of_ship(st, sid)
        if home is None or st.ships[sid].side != side or st.ships[sid].sunk:
            return refuse("3.1.4", f"{sid} is not a ship in one of the {side}'s TGs")
        edit(home)["ships"].remove(sid)
        if kind == "shift":
            to = str(action["to"])
            if to not in tgs or tgs[to]["side"] != side or tgs[to]["dummy"] or to == home:
                return refuse("3.1.4", f"{to} is not another real TG of the {side}")
            if tgs[to]["hex"] != tgs[home]["hex"]:
                return refuse("3.1.4", f"{to} in {tgs[to]['hex']} is not in {home}'s hex {tgs[home]['hex']}; ships "
                                       "shift only between TGs in the same hex")
            edit(to)["ships"].append(sid)
        else:
            tgs["(new)"] = {"side": side, "hex": tgs[home]["hex"], "dummy": False, "tf": None, "ships": [sid]}
            touched.add("(new)")
    elif kind == "dummy":
        h = str(action["hex"])
        if not any(v["hex"] == h and v["side"] == side and not v["dummy"] and v["ships"] for v in tgs.values()):
            return refuse("3.1.6", f"a dummy TG is created in the hex of a real {side} TG; there is none in {h}")
        tgs["(dummy)"] = {"side": side, "hex": h, "dummy": True, "tf": None, "ships": []}
        touched.add("(dummy)")
    elif kind == "remove_dummy":
        tg = str(action["tg"])
        if tg not in tgs or not tgs[tg]["dummy"] or tgs[tg]["side"] != side:
            return refuse("3.1.6", f"{tg} is not one of the {side}'s dummy TGs")
        touched.add(tg)
        del tgs[tg]
    else:
        return refuse("5.1", f"{action.text} is not a formation change")
    carriers = _limits(st.data).carriers
    tally = dict(tally)
    for k in touched:  # the totals move by what the edited TGs took away and what they add
        for key in _tally_keys(carriers, cur["tgs"][k]) if k in cur["tgs"] else ():
            tally[key] -= 1
        for key in _tally_keys(carriers, tgs[k]) if k in tgs else ():
            tally[key] = tally.get(key, 0) + 1
    worse = next(((c, r) for c, r, what, n in _found(st.data, lay, touched, tally) if n > before.get(what, 0)), None)
    return refuse(*worse) if worse is not None else None


Baseline = tuple[dict[str, Any], dict[str, int], Tally]


def _baseline(st: State) -> Baseline:
    """The current layout, how far it already breaks each limit (a change is refused only if it makes one worse) and
    its side and TF totals."""
    lay = layout_of(st)
    return lay, {what: n for _, _, what, n in _found(st.data, lay)}, _tally(st.data, lay["tgs"])


def _spruance_refusal(st: State, side: str, action: Action) -> str | None:
    """16.1.4 Cautious Spruance: until the rule lifts, TF 58 stays intact — no TG leaves it, no ship leaves its TGs
    and none of its ships forms a new TG (its nine-hex leash from Saipan is a movement rule, 7.0, not built)."""
    rule = st.flags.get("special_rules", {}).get("cautious-spruance")
    if not rule or side != "USN" or st.turn >= int(rule.get("lifted_on_turn", 0)):
        return None
    tf = str(rule.get("task_force", ""))
    parents = state.extras(st)["parent_tf"]
    kind = action.kind
    why = f"Cautious Spruance: {tf} stays intact until turn {rule.get('lifted_on_turn')}"
    if kind == "split" and parents.get(str(action["tg"])) == tf:
        return why
    if kind in ("shift", "new_tg"):
        home = cl_tg_of_ship(st, str(action["ship"]))
        if home is not None and parents.get(home) == tf:
            if kind == "new_tg" or parents.get(str(action["to"])) != tf:
                return why
    return None


def cl_tg_of_ship(st: State, sid: str) -> str | None:
    s = st.ships.get(sid)
    return s.tf if s is not None and s.tf in st.tfs else None


def _changes(st: State, side: str) -> list[Action]:
    """Every formation change the side could ask for now, in the order offered, before the limits are checked."""
    return [a for a, _ in _keyed_changes(st, side)]


def _keyed_changes(st: State, side: str) -> list[tuple[Action, tuple[Any, ...] | None]]:
    """``_changes``, each with the key of its verdict (``_ship_class``; None: judged on its own)."""
    cl = state.extras(st)
    mine = state.tgs(st, side)
    tf = state.side_tf(st, side)
    out: list[tuple[Action, tuple[Any, ...] | None]] = []
    for t in mine:
        if cl["parent_tf"].get(t.id):
            out.append((opt("split", f"{t.name} leaves {cl['tfs'][cl['parent_tf'][t.id]]['name']}", tg=t.id), None))
        elif tf is not None and t.hex == tf[1]["hex"]:
            out.append((opt("join", f"{t.name} joins {tf[1]['name']}", tg=t.id, tf=tf[0]), None))
    for t in mine:
        if t.dummy:
            out.append((opt("remove_dummy", f"remove dummy {t.id}", tg=t.id), None))
            continue
        partners = [other for other in mine if other.id != t.id and not other.dummy and other.hex == t.hex]
        for sid in sorted(s for s in t.ships if not st.ships[s].sunk and not st.ships[s].exited):
            name = st.data.ships[sid].name
            alike = _ship_class(st, sid)
            for other in partners:
                out.append((opt("shift", f"{name} shifts from {t.name} to {other.name}", ship=sid, to=other.id),
                            ("shift", alike, other.id)))
            out.append((opt("new_tg", f"{name} leaves {t.name} to form a new TG", ship=sid), ("new_tg", alike)))
    for h in sorted({t.hex for t in mine if t.hex and not t.dummy and t.ships}):
        out.append((opt("dummy", f"create a dummy TG in {h}", hex=h), None))
    out.append((opt("done", "formations done"), None))
    return out


def _candidates(st: State, side: str) -> list[Action]:
    """The changes that keep every limit: each judged against one baseline of the position, and ships alike
    (``_ship_class``) going the same way judged once."""
    base = _baseline(st)
    verdicts: dict[tuple[Any, ...], bool] = {}
    kept = []
    for a, key in _keyed_changes(st, side):
        ok = verdicts.get(key) if key is not None else None
        if ok is None:
            ok = _why_not(st, side, a, base) is None
            if key is not None:
                verdicts[key] = ok
        if ok:
            kept.append(a)
    return kept


def _ship_class(st: State, sid: str) -> tuple[Any, ...]:
    """What decides whether a ship may shift or form a new TG, for sharing one verdict among ships alike.

    ``_why_not`` judges such a change by the TGs it touches and by the ship's own facts that a limit counts: whether
    it is a carrier (3.1.2, 3.1.3) and which starting group it came from (3.1.4); a ship's size is always one unit
    (3.1). Two ships alike in those, in the same TG and going to the same place, leave layouts that break the same
    limits by the same amounts, so one check serves both. A new rule that looks at more of the ship must add it
    here."""
    ship = st.ships[sid]
    return (ship.tf, ship.side, ship.sunk, ship.exited, st.data.ships[sid].carrier,
            state.extras(st)["origin"].get(sid))


def _apply(st: State, side: str, action: Action, ctx: Context) -> None:
    cl = state.extras(st)
    kind = action.kind
    if kind == "join":
        tg = st.tfs[str(action["tg"])]
        cl["parent_tf"][tg.id] = str(action["tf"])
        text = f"{tg.name} joins {cl['tfs'][str(action['tf'])]['name']}"
        case = "3.2.3"
    elif kind == "split":
        tg = st.tfs[str(action["tg"])]
        text = f"{tg.name} leaves {cl['tfs'][cl['parent_tf'].pop(tg.id)]['name']}"
        case = "3.2.3"
    elif kind == "shift":
        sid, to = str(action["ship"]), st.tfs[str(action["to"])]
        home = st.tfs[str(st.ships[sid].tf)]
        home.ships.remove(sid)
        to.ships.append(sid)
        st.ships[sid].tf = to.id
        text, case = f"{st.data.ships[sid].name} shifts from {home.name} to {to.name}", "3.1.4"
        _drop_if_empty(st, home)
        _mark_fed(st, home.id, to.id)
    elif kind == "new_tg":
        sid = str(action["ship"])
        home = st.tfs[str(st.ships[sid].tf)]
        tid = f"{side.lower()}-tg-{st.next_id('tg').split('-')[-1]}"
        st.tfs[tid] = TFState(id=tid, side=side, name=f"new TG {tid}", hex=home.hex, ships=[sid],
                              reorganized=True)
        state.label_new(st, tid)
        home.ships.remove(sid)
        st.ships[sid].tf = tid
        text, case = f"{st.data.ships[sid].name} leaves {home.name} and forms {tid}", "3.1.5"
        _drop_if_empty(st, home)
        _mark_fed(st, home.id, tid)
    elif kind == "dummy":
        tid = f"{side.lower()}-dummy-{st.next_id('tg').split('-')[-1]}"
        st.tfs[tid] = TFState(id=tid, side=side, name="dummy TG", hex=str(action["hex"]), dummy=True,
                              reorganized=True)  # 15.5 marks a new dummy as a new real TG (ruling R-73)
        state.label_new(st, tid)
        text, case = f"a dummy TG {tid} is created in {action['hex']}", "3.1.6"
    elif kind == "remove_dummy":
        del st.tfs[str(action["tg"])]
        text, case = f"dummy {action['tg']} is removed", "3.1.6"
    else:
        return
    st.tfs = dict(sorted(st.tfs.items()))
    ctx.emit(own(case), f"{side} formations: {text}", kind="formation", visible=(side,))


def _mark_fed(st: State, home: str, to: str) -> None:
    """15.5: remember that ``to`` took ships from ``home``; once ``home`` is disbanded, every TG it fed this Initial
    Phase is marked ``reorganized``. Kept only under the option, so the standard game's state is as it was."""
    if not st.options.get("reorganisation_cost"):
        return
    fed = state.extras(st).setdefault("fed_by", {}).setdefault(home, [])
    if to not in fed:
        fed.append(to)
    if home not in st.tfs:
        for tid in fed:
            if tid in st.tfs:
                st.tfs[tid].reorganized = True


def _drop_if_empty(st: State, tg: TFState) -> None:
    """3.1.5: a TG left without ships is disbanded (its pool marker goes with it)."""
    if not tg.dummy and not tg.ships:
        del st.tfs[tg.id]
        state.extras(st)["parent_tf"].pop(tg.id, None)


@frame("clash_formations")
class Formations:
    """5.1 (3.1.4-3.1.6, 3.2.3, 3.3): one side adjusts its TGs and TF, one change at a time, then says done."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        side = fr["side"]
        return ask(side, "formations", f"{side}: adjust TGs and TF, or finish (Initial Phase)", own("5.1"),
                   _candidates(st, side), data={"side": side})

    @staticmethod
    def refuse(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
        return _why_not(st, fr["side"], action)

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        why = _why_not(st, fr["side"], action)
        if why is not None:
            raise why
        if action.kind == "done":
            side = fr["side"]
            st.flags.setdefault("must_disperse", {})[side] = sorted(crowded_hexes(st.data, layout_of(st), side))
            pop(st, fr)
            ctx.emit(own("5.1"), f"{side} formations done", kind="formation")
            return
        _apply(st, fr["side"], action, ctx)

