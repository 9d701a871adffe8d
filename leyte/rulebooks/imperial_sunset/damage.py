"""Ship damage (module 9): the damage log, sinking, carriers losing air operations, critical hits, small ships.

Every ship has a damage capacity; each hit marks one box of its damage track (``damage_tracks.csv``), and the box
reached gives the ship's speed, gunnery, AA and whether a carrier can still operate aircraft (9.0, 9.1). A ship
whose marked boxes reach its capacity sinks. Some Damage Table results are also critical hits, rolled at once on
the Critical Hit Table for ships bigger than destroyers (9.2; a sister game whose family switch ``criticals`` is
"torpedo_only" rolls once per torpedo hit instead, Clash 9.3). Destroyer, destroyer-escort and transport units stand
for several hulls, so one attack can cost them at most one hull (9.3). Damaged ships may leave their TF for a base,
IJN ships only once half their capacity (rounded up) is gone (9.4, 6.4).

Everything that damages a ship — air strikes, gunnery, torpedoes, submarines (10.6), PT boats (11.2.1) and
kamikazes (11.1) — goes through ``apply_hits``.

Critical-hit effects that outlive the roll (a lost knot of speed, halved gunnery) are kept in
``st.flags["critical"][ship_id]`` so the state stays plain data; ``speed``/``gunnery``/``aa`` below read them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from leyte.core.cases import own
from leyte.core.dice import Modifier, RollRecord
from leyte.core.errors import IllegalAction
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset.data import CRUISER_TYPES, ISData, ShipDef
from leyte.rulebooks.imperial_sunset.engine import ask, frame, opt, pop
from leyte.rulebooks.imperial_sunset.state import ShipState, State

__all__ = [
    "apply_hits", "roll_damage", "roll_critical", "apply_critical", "gunnery", "aa", "speed", "air_ops",
    "remaining", "beyond_half", "may_detach", "destinations", "detach_frames", "detach", "larger_than_dd",
    "ship_name", "torpedo_criticals",
]


def _crit(st: State, sid: str) -> dict[str, Any]:
    return st.flags.get("critical", {}).get(sid, {})


def _halve(x: int) -> int:
    """Half a factor, fractions of one half and over rounding up (2.2)."""
    return math.floor(x / 2 + 0.5)


def ship_name(D: ISData, sid: str) -> str:
    return D.ships[sid].name


def larger_than_dd(D: ISData, sid: str) -> bool:
    """9.2: battleships, cruisers of every kind and carriers of every kind take critical hits; small units do not."""
    return not D.ships[sid].small


def gunnery(st: State, sid: str) -> int:
    """Gunnery factor from the damage box reached, halved by a fire-control critical hit (9.2)."""
    g = st.data.ships[sid].box(st.ships[sid].hits).gunnery
    return _halve(g) if _crit(st, sid).get("gunnery_halved") else g


def aa(st: State, sid: str) -> int:
    return st.data.ships[sid].box(st.ships[sid].hits).aa


def speed(st: State, sid: str, parity: int) -> int:
    """Speed from the damage box on a turn or battle round of this parity (6.2), less critical speed losses."""
    b = st.data.ships[sid].box(st.ships[sid].hits)
    s = b.speed_odd if parity % 2 else b.speed_even
    return max(0, s - int(_crit(st, sid).get("speed_loss", 0)))


def air_ops(st: State, sid: str) -> bool:
    d = st.data.ships[sid]
    return d.carrier and not st.ships[sid].sunk and d.box(st.ships[sid].hits).air_ops


def remaining(st: State, sid: str) -> int:
    """Unmarked damage boxes (8.3.6 counts torpedo rolls by them)."""
    return max(0, st.data.ships[sid].capacity - st.ships[sid].hits)


def beyond_half(st: State, sid: str) -> bool:
    """More than half the damage capacity marked (8.3.9: such ships stay behind after a surface battle)."""
    return 2 * st.ships[sid].hits > st.data.ships[sid].capacity


def may_detach(st: State, sid: str) -> bool:
    """Whether a damaged ship may leave its TF (6.4, 9.3, 9.4).

    Small units never detach for damage (9.3). IJN ships need at least half their capacity marked, rounding the half
    up (9.4: capacity 5 -> 3 hits). USN ships may detach with any damage.
    """
    s = st.ships[sid]
    d = st.data.ships[sid]
    if s.sunk or s.hits <= 0 or d.small or s.tf is None:
        return False
    if s.side == "IJN":
        return s.hits >= math.ceil(d.capacity / 2)
    return True


def destinations(D: ISData, sid: str) -> list[str]:
    """Where a detached ship must head (9.4, 6.4.2): IJN north or west edge, cruisers also Manila; USN east edge."""
    d: ShipDef = D.ships[sid]
    if d.side == "USN":
        return ["east"]
    out = ["north", "west"]
    if d.type in CRUISER_TYPES:
        out.append("manila")
    return out


# -- rolling ----------------------------------------------------------------------------------------------------


def roll_damage(D: ISData,
    ctx: Context, column: int, mods: list[Modifier] | tuple[Modifier, ...], *, purpose: str, rule: str,
    visible: tuple[str, ...] | None = None, text: str | None = None,
) -> RollRecord:
    """One roll on the Damage Table; the record carries ``hits`` and ``critical`` (8.1 step 6, 8.3.3, 8.3.6)."""
    return ctx.roll_on(D.table("damage"), column, list(mods), purpose=purpose, rule=rule, visible=visible,
                       text=text)


def roll_critical(st: State, sid: str, ctx: Context, *, rule: str = "9.2", who: str | None = None,
                  torpedo: bool = False) -> RollRecord:
    """Roll once on the Critical Hit Table against ``sid`` (battleships roll lower, ``critical.battleship``).

    ``torpedo``: the roll is for one torpedo hit (family switch ``criticals`` = "torpedo_only", Clash 9.3); a game
    whose criticals come only from torpedoes reads ``torpedo_critical_hit`` when its data has that table. A caller
    that rolls for a Damage Table critical result in such a game is refused: its part is not built.
    """
    D = st.data
    table = "critical_hit"
    if D.family.switch("criticals") == "torpedo_only":
        if not torpedo:
            raise D.family.not_built("criticals")
        table = "torpedo_critical_hit" if "torpedo_critical_hit" in D.tables else table
    mods: list[Modifier] = []
    if D.ships[sid].type == "BB" and "critical.battleship" in D.mods:
        mods.append(Modifier(D.mod("critical.battleship"), "battleship target (9.2)"))
    return ctx.roll_on(D.table(table), "-", mods, purpose=f"critical hit on {who or ship_name(D, sid)}",
                       rule=rule)


def apply_critical(st: State, sid: str, res: Mapping[str, Any], ctx: Context, *, rule: str = "9.2",
                   who: str | None = None) -> int:
    """Carry out a Critical Hit Table result (the cell's fields); returns the extra hits it marked."""
    s = st.ships[sid]
    if s.sunk:
        return 0
    name = who or ship_name(st.data, sid)
    effect = str(res.get("effect", ""))
    extra = 0
    crit = st.flags.setdefault("critical", {}).setdefault(sid, {})
    if res.get("sunk"):
        _emit_named(ctx, st, sid, rule, f"Critical hit ({effect}): {ship_name(st.data, sid)} blows up", who,
                    kind="critical", data={"ship": sid, "effect": effect},
                    foe_text=f"Critical hit ({effect}): {name} blows up")
        extra = apply_hits(st, sid, remaining(st, sid), ctx, rule=rule, cause=f"critical hit ({effect})",
                           per_attack_cap=False, public_name=who)
        return extra
    if int(res.get("speed_loss", 0)):
        crit["speed_loss"] = int(crit.get("speed_loss", 0)) + int(res["speed_loss"])
    if res.get("gunnery_halved"):
        crit["gunnery_halved"] = True
    _emit_named(ctx, st, sid, rule, f"Critical hit on {ship_name(st.data, sid)}: {effect.replace('_', ' ')}", who,
                kind="critical", data={"ship": sid, "effect": effect, **dict(res)},
                foe_text=f"Critical hit on {name}: {effect.replace('_', ' ')}")
    if int(res.get("extra_hits", 0)):
        extra = apply_hits(st, sid, int(res["extra_hits"]), ctx, rule=rule, cause=f"critical hit ({effect})",
                           per_attack_cap=False, public_name=who)
    if not crit:
        st.flags["critical"].pop(sid, None)
    return extra


# -- the damage log ---------------------------------------------------------------------------------------------


def apply_hits(
    st: State, ship_id: str, hits: int, ctx: Context, *, rule: str, cause: str, per_attack_cap: bool = True,
    critical: bool = False, critical_each_point: bool = False, public_name: str | None = None,
    torpedo: bool = False,
) -> int:
    """Mark ``hits`` on a ship's damage log and carry out what follows; returns the hits actually marked.

    - small units (DD/DE/APD) lose at most one hull to one attack when ``per_attack_cap`` (9.3);
    - no ship takes more hits than its capacity; reaching it sinks the ship (9.0);
    - a carrier whose box shows no air operations grounds its air units (box ``out``), and they are eliminated if
      the carrier later sinks (9.1, 6.5.5);
    - ``critical``: the result was a critical one — ships larger than destroyers roll once on the Critical Hit
      Table at once; ``critical_each_point``: one such roll per hit marked (kamikazes, 11.1).
    - ``torpedo``: the hits are torpedo hits (an air torpedo unit; submarine attacks, rule 10.6, always are). Where
      the family switch ``criticals`` is "torpedo_only" (Clash 9.3) only these cause criticals, one roll per hit
      marked, on any ship (that case names no exception), and the Damage Table's critical results are ignored.

    ``public_name`` is how the ship reads to its opponent when that side may not know its identity (a face-down
    USN counter on the surface display, 8.3.1); the owner's log always names it.
    """
    D = st.data
    s = st.ships[ship_id]
    d = D.ships[ship_id]
    if s.sunk or hits <= 0:
        return 0
    torpedo_only = D.family.switch("criticals") == "torpedo_only"
    if torpedo_only:
        torpedo = torpedo or rule == "10.6"
        critical = False
    asked = hits
    if per_attack_cap and d.small:
        hits = min(hits, 1)
    hits = min(hits, d.capacity - s.hits)
    before = s.hits
    s.hits += hits
    s.damaged_this_activation = True
    capped = " (one hull per attack, 9.3)" if hits < asked and per_attack_cap and d.small and hits == 1 else ""
    text = f"{d.name} takes {hits} hit(s) from {cause}{capped}: {s.hits} of {d.capacity} boxes marked"
    # The opponent of a ship it may not identify learns what the attack scored, not what the ship could take.
    _emit_named(ctx, st, ship_id, rule, text, public_name, kind="damage",
                data={"ship": ship_id, "hits": hits, "asked": asked, "total": s.hits, "capacity": d.capacity,
                      "cause": cause},
                foe_text=f"{public_name} is hit: {asked} hit(s) from {cause}",
                foe_data={"ship": public_name, "hits": asked, "cause": cause})
    if s.hits >= d.capacity:
        _sink(st, ship_id, ctx, rule, cause, public_name)
        return hits
    box = d.box(s.hits)
    ctx.emit(rule, f"{d.name} now: speed {box.speed_odd}/{box.speed_even}, gunnery {box.gunnery}, AA {box.aa}",
             kind="damage_log", data={"ship": ship_id, "box": s.hits}, visible=(s.side,))
    if d.carrier and not box.air_ops and d.box(before).air_ops and not s.air_ops_lost:
        _ground_air(st, ship_id, ctx, rule)
    taken = hits
    if torpedo_only and torpedo and hits:
        return taken + torpedo_criticals(st, ship_id, hits, ctx, public_name=public_name)
    if hits and not s.sunk and larger_than_dd(D, ship_id) and (critical or critical_each_point):
        rolls = hits if critical_each_point else 1
        for _ in range(rolls):
            if s.sunk:
                break
            rec = roll_critical(st, ship_id, ctx, rule="11.1" if critical_each_point else "9.2", who=public_name)
            taken += apply_critical(st, ship_id, rec.result, ctx, rule="9.2", who=public_name)
    return taken


def torpedo_criticals(st: State, sid: str, n: int, ctx: Context, *, public_name: str | None = None) -> int:
    """Clash 9.3: one critical-hit roll for each of ``n`` torpedo hits while the ship floats; returns the extra hits.

    ``apply_hits`` calls this for air and submarine torpedo hits; a surface battle's torpedo hits should come here
    too (the surface module still rolls Damage Table criticals, which a torpedo_only game refuses).
    """
    extra = 0
    for _ in range(n):
        if st.ships[sid].sunk:
            break
        rec = roll_critical(st, sid, ctx, rule="9.2", who=public_name, torpedo=True)
        extra += apply_critical(st, sid, rec.result, ctx, rule="9.2", who=public_name)
    return extra


def _emit_named(ctx: Context, st: State, sid: str, rule: str, text: str, public_name: str | None, *, kind: str,
                data: dict[str, Any], foe_text: str = "", foe_data: dict[str, Any] | None = None) -> None:
    """Emit ``text``; if the ship's identity is hidden from its opponent (``public_name`` given), the owner alone
    sees it, and the opponent gets ``foe_text`` (by default ``text`` with the name replaced) and ``foe_data`` (by
    default ``data`` with the ship's id and name replaced): nothing in the copy may name the ship."""
    if public_name is None:
        ctx.emit(rule, text, kind=kind, data=data)
        return
    side = st.ships[sid].side
    foe = "USN" if side == "IJN" else "IJN"
    ctx.emit(rule, text, kind=kind, data=data, visible=(side,))
    name = ship_name(st.data, sid)
    if foe_data is None:
        foe_data = {k: (public_name if v == sid or v == name else v) for k, v in data.items()}
    foe_text = foe_text or text.replace(name, public_name)
    ctx.emit(rule, foe_text[:1].upper() + foe_text[1:], kind=kind, data=foe_data, visible=(foe,))


def _sink(st: State, sid: str, ctx: Context, rule: str, cause: str, public_name: str | None) -> None:
    D = st.data
    s = st.ships[sid]
    d = D.ships[sid]
    s.sunk = True
    s.hits = d.capacity
    _emit_named(ctx, st, sid, rule, f"{d.name} is sunk by {cause}", public_name, kind="sunk",
                data={"ship": sid, "cause": cause})
    if d.carrier:
        landed = _cross_deck(st, sid, ctx) if st.flags.get("deck_capacity") else set()
        for a in sorted(st.air.values(), key=lambda a: a.id):
            if a.parent == sid and not a.ashore and a.box not in ("destroyed", "eliminated") and a.id not in landed:
                a.box = "eliminated"
                a.cap_over = None
                ctx.emit("6.5.5", f"{D.air[a.id].name} is lost with {d.name}", kind="air_eliminated",
                         data={"air": a.id, "carrier": sid}, visible=(s.side,))


def _deck_hex(st: State, sid: str) -> str | None:
    s = st.ships[sid]
    return st.tfs[s.tf].hex if s.tf in st.tfs else s.hex


def _factors(st: State, aid: str) -> int:
    d = st.data.air[aid]
    return d.reduced if st.air[aid].reduced else d.strength


def _cross_deck(st: State, sid: str, ctx: Context) -> set[str]:
    """A sister game's optional cross-decking (Clash 15.6): when the position records deck capacities
    (``st.flags["deck_capacity"]``: ``rule``, the case to cite, and ``decks``, carrier id -> the air factors it may
    hold, given only for the carriers of the side allowed to cross-deck), the air units of a sunk carrier listed
    there land on another listed carrier in the same hex that still operates aircraft, one by one in id order, each
    on the carrier with the most room left, as long as its factors fit. Returns the units that landed; the caller
    loses the rest with the carrier, as without the rule."""
    cfg = st.flags["deck_capacity"]
    decks: dict[str, int] = cfg.get("decks", {})
    if sid not in decks:
        return set()
    here = _deck_hex(st, sid)
    room = {c: cap - sum(_factors(st, a.id) for a in st.air.values() if a.parent == c and not a.ashore
                         and a.box not in ("destroyed", "eliminated", "out"))
            for c, cap in sorted(decks.items())
            if c != sid and c in st.ships and not st.ships[c].sunk and not st.ships[c].air_ops_lost
            and _deck_hex(st, c) == here}
    landed: set[str] = set()
    side = st.ships[sid].side
    for a in sorted(st.air.values(), key=lambda a: a.id):
        if a.parent != sid or a.ashore or a.box in ("destroyed", "eliminated", "out"):
            continue
        need = _factors(st, a.id)
        fits = sorted((c for c in room if room[c] >= need), key=lambda c: (-room[c], c))
        if not fits:
            continue
        to = fits[0]
        room[to] -= need
        a.parent = to
        landed.add(a.id)
        ctx.emit(own(str(cfg.get("rule", "6.5.5"))), f"{st.data.air[a.id].name} lands on "
                 f"{ship_name(st.data, to)} as {ship_name(st.data, sid)} sinks ({need} factors; "
                 f"{room[to]} left aboard)", kind="cross_deck", data={"air": a.id, "from": sid, "to": to},
                 visible=(side,))
    return landed


def _ground_air(st: State, sid: str, ctx: Context, rule: str) -> None:
    """A carrier's damage box shows no air operations: IS 9.1 takes its air units out of play (box ``out``); a
    sister game whose family switch ``carrier_half`` is "ready_to_flown" (Clash 9.4) keeps them aboard, moves the
    Ready box to the Flown box, and lets them fly nothing more (``tf_units`` skips the carrier; the Terminal Phase
    never readies them again)."""
    s = st.ships[sid]
    s.air_ops_lost = True
    d = st.data.ships[sid]
    if st.data.family.switch("carrier_half") == "ready_to_flown":
        ready = [a for a in sorted(st.air.values(), key=lambda a: a.id)
                 if a.parent == sid and not a.ashore and a.box == "ready"]
        for a in ready:
            a.box = "flown"
        ctx.emit("9.1", f"{d.name} can no longer operate aircraft; {len(ready)} air unit(s) go from Ready to Flown "
                 "and stay aboard", kind="air_ops", data={"ship": sid, "air": [a.id for a in ready]},
                 visible=(s.side,))
        return
    units = [a for a in sorted(st.air.values(), key=lambda a: a.id)
             if a.parent == sid and not a.ashore and a.box not in ("destroyed", "eliminated", "out")]
    for a in units:
        a.box = "out"
        a.cap_over = None
    ctx.emit("9.1", f"{d.name} can no longer operate aircraft; {len(units)} air unit(s) leave play", kind="air_ops",
             data={"ship": sid, "air": [a.id for a in units]}, visible=(s.side,))
    _ = rule


# -- detaching damaged ships (6.4, 9.3, 9.4) ---------------------------------------------------------------------


def detach(st: State, sid: str, destination: str | None, ctx: Context, *, rule: str = "6.4") -> None:
    """Take a ship out of its TF and put it on the map where the TF is, detected (6.4, 8.3.9)."""
    s = st.ships[sid]
    if s.tf is not None:
        tf = st.tfs[s.tf]
        if s.hex is None:
            s.hex = tf.hex
        s.mp_penalty = max(s.mp_penalty, tf.mp_markers)  # 6.2.4: a detaching ship keeps its MP penalty
        if sid in tf.ships:
            tf.ships.remove(sid)
        s.tf = None
    s.independent = True
    s.detected = True
    s.destination = destination
    where = f", heading {destination}" if destination else ""
    ctx.emit(rule, f"{ship_name(st.data, sid)} leaves its TF and proceeds alone from {s.hex}{where} (detected)",
             kind="detach", data={"ship": sid, "hex": s.hex, "destination": destination})


def detach_frames(st: State, hit: list[ShipState] | None = None) -> list[tuple[str, dict[str, Any]]]:
    """Frames asking each side (IJN first) about ships damaged in this activation that may detach (6.4, 9.4).

    The lead's activation pushes these at the end of an activation sub-phase; ships not detached then stay.
    ``hit`` is the list of ships damaged in the activation when the caller has it.
    """
    out: list[tuple[str, dict[str, Any]]] = []
    if hit is None:
        hit = [s for s in st.ships.values() if s.damaged_this_activation]  # usually none: this runs every activation
    for side in ("IJN", "USN"):
        ships = sorted(s.id for s in hit if s.side == side and may_detach(st, s.id))
        if ships:
            out.append(("detach_damaged", {"side": side, "ships": ships}))
    return out


@frame("detach_damaged")
class DetachDamaged:
    """6.4/9.4: the owner decides, ship by ship, whether a damaged ship leaves its TF and where it heads."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        D = st.data
        if fr.get("escort_for"):
            return _escort_question(st, fr)
        ships = [s for s in fr["ships"] if may_detach(st, s)]
        if not ships:
            return None
        sid = ships[0]
        options = [opt("stay", f"{ship_name(D, sid)} stays with its TF", ship=sid)]
        options += [opt("detach", f"Detach {ship_name(D, sid)}, heading {d}", ship=sid, destination=d)
                    for d in destinations(D, sid)]
        return ask(fr["side"], "detach_damaged", f"{ship_name(D, sid)} is damaged: detach it?", "9.4", options,
                   data={"ship": sid, "ship_name": ship_name(D, sid)})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        D = st.data
        if action.kind == "escort_done":
            fr.pop("escort_for", None)
            fr.pop("escort_tf", None)
            return
        if action.kind == "escort":
            esc, ward = str(action["ship"]), str(fr["escort_for"])
            detach(st, esc, "east", ctx, rule="6.4.2")
            st.ships[esc].escorting = ward
            return
        if action.kind == "escort_dd":
            ward, squad, n = str(fr["escort_for"]), str(action["squadron"]), int(action["count"])
            sq = st.ships[squad]
            sq.hits += n  # the destroyers leave the squadron: boxes marked off, but not lost (6.4.1)
            sq.detached_points += n
            st.ships[ward].escort_dds += n
            ctx.emit("6.4.1", f"{n} destroyer(s) of {ship_name(D, squad)} escort {ship_name(D, ward)}", kind="escort",
                     data={"ship": ward, "squadron": squad, "count": n}, visible=(st.ships[ward].side,))
            fr.pop("escort_for", None)
            fr.pop("escort_tf", None)
            return
        sid = action["ship"]
        fr["ships"] = [s for s in fr["ships"] if s != sid]
        if action.kind == "detach":
            tf_id = st.ships[sid].tf
            detach(st, sid, action["destination"], ctx, rule="9.4" if st.ships[sid].side == "IJN" else "6.4.2")
            if tf_id is not None and (st.ships[sid].side == "USN" or D.ships[sid].type in IJN_ESCORTED):
                fr["escort_for"], fr["escort_tf"] = sid, tf_id  # 6.4.1/6.4.2: escorts may go with her
                if len(_escort_question(st, fr).options) == 1:  # nobody to send: no question
                    fr.pop("escort_for")
                    fr.pop("escort_tf")
        elif action.kind != "stay":
            raise IllegalAction("9.4", f"{action.text} is not a detachment choice")

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


IJN_ESCORTED = frozenset({"BB", "CA", "CAV", "CV", "CVL"})  # 6.4.1: battleships, heavy cruisers, carriers


def _escort_question(st: State, fr: dict[str, Any]) -> Decision | None:
    """6.4.1: one or two destroyers from a squadron in the hex may escort a damaged IJN capital ship;
    6.4.2: any undamaged ships of the damaged USN ship's TF may escort her to the east edge."""
    D = st.data
    ward = fr["escort_for"]
    tf = st.tfs.get(fr.get("escort_tf", ""))
    if st.ships[ward].side == "IJN":
        squads = [] if tf is None else [x for x in tf.ships if D.ships[x].type == "DD" and not st.ships[x].sunk]
        options = []
        for sq in squads:
            left = D.ships[sq].capacity - st.ships[sq].hits
            for n in (1, 2):
                if left > n:  # ruling E21: a squadron keeps at least one ship of its own
                    options.append(opt("escort_dd",
                                       f"{n} destroyer(s) of {ship_name(D, sq)} escort {ship_name(D, ward)}",
                                       squadron=sq, count=n))
        options.append(opt("escort_done", f"No destroyer escort for {ship_name(D, ward)}"))
        return ask(fr["side"], "detach_escort", f"Escort {ship_name(D, ward)} home?", "6.4.1", options,
                   data={"ward": ward, "ward_name": ship_name(D, ward)})
    cands = [] if tf is None else [x for x in tf.ships if not st.ships[x].sunk and not st.ships[x].hits
                                   and not st.ships[x].exited]
    options = [opt("escort", f"{ship_name(D, x)} escorts {ship_name(D, ward)} out of the battle area", ship=x)
               for x in cands]
    options.append(opt("escort_done", f"No more escorts for {ship_name(D, ward)}"))
    return ask(fr["side"], "detach_escort", f"Escort {ship_name(D, ward)} to the east edge?", "6.4.2", options,
               data={"ward": ward, "ward_name": ship_name(D, ward)})



