"""Air operations (6.5): air units, their boxes and ranges, and how they recover between turns.

Air units sit in boxes (``AirState.box``): ``ready``, ``cap`` (with ``cap_over`` naming the TF they cover),
``mission`` (in the air on a strike), ``flown``, ``destroyed`` (IJN, the map's box of 6.5.9), ``out`` (their
carrier can no longer operate aircraft, 9.1) and ``eliminated``.

Here: a unit's strength (its reduced or exhausted side, 6.5.6 extended range), which units may fight or bomb
(escort-carrier squadrons declare a role, 6.5.2), ranges (6.5.1; land-based formations from their airfields, the
2nd Air Fleet from Clark Field only, 6.5.9; the USAAF by search area, 6.5.8), which units a force can send, the
detected targets a strike may choose (7.0), the aircraft steps of the Initial Phase (3.1) and the recovery of
aircraft in the Terminal Phase (6.5.3, 6.5.4, 3.3).

Rules-family switches read here (``family.py``): ``launch_mp`` (``carrier_strike_mp``), ``usn_recovery``,
``ijn_carrier_air_after_strike``, ``carrier_half`` and ``extended_range`` in the Terminal Phase (Clash 5.5, 8.1.2,
9.4), and ``criticals`` through ``is_torpedo_unit`` (Clash rates torpedo bombers T).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from leyte.core.errors import NotYetImplemented
from leyte.core.game import Context
from leyte.rulebooks.imperial_sunset import damage
from leyte.rulebooks.imperial_sunset.common import counters_of, dist, is_day, record_is_day, turn_record
from leyte.rulebooks.imperial_sunset.data import CARRIER_TYPES, ISData
from leyte.rulebooks.imperial_sunset.family import SWITCHES
from leyte.rulebooks.imperial_sunset.state import AirState, State, TFState

LAND_FORMATIONS = ("1AF", "2AF")


def unit_name(D: ISData, aid: str) -> str:
    d = D.air[aid]
    return d.name if d.name and d.name != aid else aid


def public_unit_name(D: ISData, aid: str) -> str:
    """How an air unit reads to its opponent: side, kind and factors, never the carrier it flies from (a carrier's
    air groups carry its name, and meeting them must not tell the defender which carriers are out there)."""
    a = D.air[aid]
    if a.parent not in D.ships:
        return unit_name(D, aid)  # a land-based formation's unit gives no carrier away
    return f"{a.side} carrier air unit ({a.kind} {a.strength}-{a.range})"


def strength(st: State, aid: str, *, extended: bool = False) -> int:
    """Current combat factor: the reduced/exhausted side when flipped, or when flying extended range (6.5.6)."""
    d = st.data.air[aid]
    a = st.air[aid]
    return d.reduced if (a.reduced or extended) else d.strength


def has_weaker_side(st: State, aid: str) -> bool:
    """Whether a step lost flips the unit rather than killing it. Imperial Sunset flips every unit first; family
    switch ``air_one_step`` = "no_reduced_side_dies" (Clash 2.3.2): a unit printed with no reduced side (reduced
    factor 0) has one step only."""
    if st.data.family.switch("air_one_step") == "no_reduced_side_dies":
        return st.data.air[aid].reduced > 0
    return True


def unit_kind(st: State, aid: str) -> str:
    return st.data.air[aid].kind


def carrier_of(st: State, aid: str) -> str | None:
    a = st.air[aid]
    return a.parent if a.parent in st.ships else None


def is_cve_unit(st: State, aid: str) -> bool:
    c = carrier_of(st, aid)
    return c is not None and st.data.ships[c].type == "CVE"


def home_tf(st: State, aid: str) -> TFState | None:
    c = carrier_of(st, aid)
    if c is None:
        return None
    s = st.ships[c]
    return st.tfs.get(s.tf) if s.tf else None


def can_fight(st: State, aid: str) -> bool:
    """F units, FB squadrons flying as fighters this turn (6.5.2)."""
    k = unit_kind(st, aid)
    return k == "F" or (k == "FB" and st.air[aid].role in (None, "F"))


def can_bomb(st: State, aid: str) -> bool:
    k = unit_kind(st, aid)
    return k in ("B", "HB", "T") or (k == "FB" and st.air[aid].role in (None, "B"))


def is_torpedo_unit(D: ISData, aid: str) -> bool:
    """An air torpedo unit: printed ``T`` on its counter (Clash, 9.3; its rules kind is B, as Imperial Sunset rates
    every bomber), or of rules kind ``T``."""
    a = D.air[aid]
    return a.kind == "T" or a.printed_kind == "T"


def _unit_hex(st: State, aid: str) -> str | None:
    tf = home_tf(st, aid)
    return tf.hex if tf else None


def air_ranges(st: State, formation: str) -> list[str]:
    """Hexes a land-based formation measures range from (6.5.9); see ``range_origins``."""
    return list(range_origins(st.data, formation))


@cache
def range_origins(D: ISData, formation: str) -> tuple[str, ...]:
    """Hexes a land-based formation measures range from: its airfields (6.5.9); the 2nd Air Fleet only Clark Field.

    The map tags airfields ``airfleet:1`` / ``airfleet:2``; Clark Field carries ``range_origin`` or is found by its
    name. The USAAF has no range: it strikes anywhere in the search area tagged ``usaaf_search`` (6.5.8).
    """
    m = D.map
    if formation == "2AF":
        origin = m.find("range_origin", "2AF") or m.find("airfield", "Clark Field")
        if not origin:
            origin = [h for h in m.find("airfleet", "2") if "Clark" in " ".join(n for _, n in m.features(h))]
        if not origin:
            origin = [m.hex("2412")] if _has_label(D, "2412") else []
        return tuple(m.label(h) for h in origin)
    if formation == "1AF":
        return tuple(m.label(h) for h in m.find("airfleet", "1"))
    return ()


def _has_label(D: ISData, label: str) -> bool:
    try:
        D.map.hex(label)
        return True
    except Exception:  # noqa: BLE001 - a label not on this map
        return False


@cache
def airfield_hexes(D: ISData, formation: str) -> tuple[str, ...]:
    m = D.map
    key = {"1AF": "1", "2AF": "2"}[formation]
    return tuple(m.label(h) for h in m.find("airfleet", key))


def in_range(st: State, aid: str, target_hex: str, *, extended: bool = False, cap: bool = False) -> bool:
    """Whether a unit can reach ``target_hex`` (6.5.1: the launching hex does not count, the target hex does).

    Land-based strikes of the 2nd Air Fleet are measured from Clark Field (6.5.9); CAP from any of the fleet's
    airfields (8.2.1).
    """
    D = st.data
    a = st.air[aid]
    rng = D.mod("air.usn_extended_range") if extended else D.air[aid].range
    if a.parent in st.ships:  # a carrier's unit: from its TF's hex
        tf = home_tf(st, aid)
        return tf is not None and tf.hex is not None and dist(D, tf.hex, target_hex) <= rng
    if a.parent == "USAAF":
        return D.map.has_feature(D.map.hex(target_hex), "usaaf_search")
    if a.parent in LAND_FORMATIONS:
        origins = airfield_hexes(D, a.parent) if cap else range_origins(D, a.parent)
        return any(dist(D, h, target_hex) <= rng for h in origins)
    h = _unit_hex(st, aid)
    return h is not None and dist(D, h, target_hex) <= rng


def carrier_strike_mp(D: ISData) -> int:
    """MP a carrier TF pays to launch a strike: Imperial Sunset's 6.2.2 cost from the data, or the family switch
    ``launch_mp``'s own value where a sister game differs (Clash: launching is free, so a TF may strike with no MP
    left; the optional wind move of Clash 15.3 is not built)."""
    cost = D.family.switch("launch_mp")
    return D.mod("air.carrier_strike_mp") if cost == SWITCHES["launch_mp"].default else int(cost)


def may_extend(st: State, aid: str) -> bool:
    """6.5.6: USN fleet/light-carrier units not already exhausted may fly out to the extended range."""
    a = st.air[aid]
    c = carrier_of(st, aid)
    return a.side == "USN" and c is not None and not is_cve_unit(st, aid) and not a.reduced


def hex_of_target(st: State, target: str) -> str | None:
    kind, _, tid = target.partition(":")
    if kind == "tf":
        t = st.tfs.get(tid)
        return t.hex if t and t.in_play else None
    s = st.ships.get(tid)
    return s.hex if s and not s.sunk else None


def detected_targets(st: State, side: str) -> list[str]:
    """Detected enemy TFs and detected enemy independents on the map (air strikes need detection, 7.0)."""
    # filter first, then sort the few that pass (this runs for every activation)
    tfs = sorted(t.id for t in st.tfs.values()
                 if t.side != side and t.in_play and t.detected and not t.dummy and t.hex
                 and any(not st.ships[s].sunk and not st.ships[s].in_port for s in t.ships))
    ships = sorted(sid for sid, s in st.ships.items()
                   if s.independent and s.side != side and s.detected and not s.sunk and not s.in_port and s.hex
                   and not s.exited)
    return [f"tf:{t}" for t in tfs] + [f"ship:{sid}" for sid in ships]


def public_label(st: State, tid: str) -> str:
    """The name the enemy reads on TF marker ``tid``. Imperial Sunset's marker ids are that name already; a sister
    game whose formation ids are secret (Clash's task groups, R-51 there) keeps the labels it gives them in
    ``st.flags["marker_labels"]``, so no event or question of the shared strike code names a formation by its id."""
    return str(st.flags.get("marker_labels", {}).get(tid, tid))


def public_target(st: State, target: str | None) -> str | None:
    """A strike target ("tf:<id>" or "ship:<id>") as the enemy may read it: a TF by its public label."""
    if not target:
        return target
    kind, _, tid = target.partition(":")
    return f"tf:{public_label(st, tid)}" if kind == "tf" else target


def describe_target(st: State, target: str) -> str:
    kind, _, tid = target.partition(":")
    if kind == "tf":
        t = st.tfs[tid]
        return f"TF {public_label(st, t.id)} in {t.hex}"
    return f"{damage.ship_name(st.data, tid)} in {st.ships[tid].hex}"


def ships_of_target(st: State, target: str) -> list[str]:
    kind, _, tid = target.partition(":")
    if kind == "tf":
        return [s for s in st.tfs[tid].ships if not st.ships[s].sunk and not st.ships[s].exited
                and not st.ships[s].in_port]
    return [tid] if not st.ships[tid].sunk and not st.ships[tid].in_port else []


def tf_units(st: State, tf: TFState, boxes: tuple[str, ...] = ("ready",),
              by_parent: dict[str, list[str]] | None = None) -> list[str]:
    """Air units of the carriers of a TF that can still operate aircraft, in the given boxes.

    ``by_parent`` is ``units_by_parent(st)`` when the caller walks many TFs (one pass over the air units then).
    """
    if by_parent is not None:
        groups = by_parent
    else:
        flattops = counters_of(st.data, CARRIER_TYPES)  # most TFs hold none: they skip the damage-track look-up (9.1)
        carriers = {sid for sid in tf.ships if sid in flattops and damage.air_ops(st, sid)}
        if not carriers:
            return []
        groups = {}
        for aid, a in st.air.items():
            if a.parent in carriers and not a.ashore and a.box in boxes:
                groups.setdefault(a.parent, []).append(aid)
        return [aid for sid in tf.ships for aid in sorted(groups.get(sid, ()))]
    out: list[str] = []
    for sid in tf.ships:
        units = groups.get(sid)
        if units and damage.air_ops(st, sid):
            out += [aid for aid in units if st.air[aid].box in boxes]
    return out


def units_by_parent(st: State) -> dict[str, list[str]]:
    """Aboard units (not ashore) grouped by parent, each group in id order (the order options are listed in)."""
    groups: dict[str, list[str]] = {}
    for aid, a in st.air.items():
        if not a.ashore:
            groups.setdefault(a.parent, []).append(aid)
    for units in groups.values():
        units.sort()
    return groups


def formation_units(st: State, formation: str) -> list[str]:
    out = sorted(a.id for a in st.air.values() if a.parent == formation and a.box == "ready")
    if formation == "USAAF":
        out = [a for a in out if st.air[a].missions_today == 0]  # once a day (6.5.8)
    return out


def source_units(st: State, fr: dict[str, Any]) -> list[str]:
    if "formation" in fr:
        return formation_units(st, fr["formation"])
    return tf_units(st, st.tfs[fr["tf"]])



def within_reach(D: ISData, origins: tuple[str, ...], target_hex: str, reach: int) -> bool:
    """Whether ``target_hex`` is at most ``reach`` hexes from one of ``origins``."""
    for o in origins:
        if dist(D, o, target_hex) <= reach:
            return True
    return False


def to_flown(st: State, a: AirState, ctx: Context, rule: str, why: str) -> None:
    a.box = "flown"
    a.cap_over = None
    if a.side == "USN" and a.parent != "USAAF" and not is_cve_unit(st, a.id):
        a.reduced = True
    ctx.emit(rule, f"{unit_name(st.data, a.id)} goes to the Flown box ({why})", kind="air_box", data={"air": a.id},
             visible=(a.side,))


def on_mission(st: State, aid: str) -> bool:
    return st.air[aid].box == "mission"


def initial_phase_frames(st: State) -> list[tuple[str, dict[str, Any]]]:
    """The aircraft steps of the Initial Phase, in order (3.1, 6.5.2, 6.5.4, 6.5.9, 14.1, 14.2)."""
    frames: list[tuple[str, dict[str, Any]]] = []
    rec = st.flags.get("turn_info", {})
    if _truthy(rec.get("air_reinforcement", rec.get("ijn_air_reinforcement", ""))):
        frames.append(("air_reinforcement", {}))
    if is_day(st):
        frames.append(("ijn_readiness", {}))
        if st.options.get("escort_carrier_ground_support"):
            frames.append(("ground_support", {}))
        if st.options.get("airfield_suppression"):
            frames.append(("airfield_suppression", {}))
        frames.append(("cap_allocation", {"side": "IJN"}))
        frames.append(("cap_allocation", {"side": "USN"}))
    return frames


def _truthy(v: Any) -> bool:
    return str(v).strip().lower() in ("1", "true", "yes", "y", "x")


def _next_is_night(st: State) -> bool:
    try:
        rec = turn_record(st, st.turn + 1)
    except Exception:  # noqa: BLE001 - no record for the turn after the last
        return True
    if not rec:
        return True
    return not record_is_day(rec)


def terminal_phase(st: State, ctx: Context) -> None:
    """Aircraft at the end of a turn.

    Day (6.5.3, 6.5.4, 8.2.1): USN fleet-carrier units back from their first mission of the day come to the Ready
    box on their exhausted side; those that flew twice stay in the Flown box. CAP over another TF ends (Flown,
    exhausted). Escort-carrier squadrons are ready for next turn's single mission. After the last day turn, CAP over
    the own TF also ends, exhausted. Night: every USN unit recovers to its fresh side in the Ready box, as do USAAF
    bombers and IJN carrier fighters; IJN land-based units wait for their readiness rolls (6.5.9).
    """
    D = st.data
    # Clash 5.5 (family switch ``usn_recovery`` = "unlimited_fatigued"): by day every USN unit in the Flown box comes
    # back to Ready on its fatigued side however often it flew; by night only the Flown box is restored to full
    # strength (a fatigued unit waiting in Ready stays fatigued). Clash does this in the next turn's Initial Phase;
    # nothing happens in between, so doing it here is the same.
    unlimited = D.family.switch("usn_recovery") == "unlimited_fatigued"
    day = is_day(st)
    if st.options.get("airedale_fatigue"):
        raise NotYetImplemented("14.6", "Airedale Fatigue (optional rule; its text is cut off)")
    if day and st.flags.get("ground_support"):
        # 14.1: each squadron back from ground support rolls; a high roll leaves it exhausted.
        for aid in st.flags.pop("ground_support"):
            # which squadrons flew ground support is the USN's secret (only the totals are public), so are these
            r = ctx.roll("d10", purpose=f"ground support losses of {unit_name(D, aid)}", rule="14.1", visible=("USN",))
            if r.final >= D.mod("ground_support.exhaust_min"):
                st.air[aid].reduced = True
                ctx.emit("14.1", f"{unit_name(D, aid)} comes back exhausted", kind="air_box", data={"air": aid},
                         visible=("USN",))
    moved: list[str] = []
    grounded_stay = D.family.switch("carrier_half") == "ready_to_flown"
    # Clash 5.5: IJN carrier aircraft back from a strike stay in the Flown box for good; CAP (role "CAP") still
    # comes home to the Ready box at night, as in Imperial Sunset.
    ijn_flown_forever = D.family.switch("ijn_carrier_air_after_strike") == "flown_forever"
    away: dict[str, int] = st.flags.get("extended_return", {})
    for a in sorted(st.air.values(), key=lambda a: a.id):
        if a.box in ("destroyed", "eliminated", "out"):
            continue
        if grounded_stay and a.parent in st.ships and not a.ashore and st.ships[a.parent].air_ops_lost:
            if a.box != "flown":  # Clash 9.4: aboard a carrier that lost air operations, in the Flown box for good
                a.box, a.cap_over = "flown", None
                moved.append(a.id)
            continue
        if a.id in away:  # Clash 8.1.2: back from extended range, ready at full strength on the turn rolled
            if away[a.id] <= st.turn + 1:
                del away[a.id]
                a.box, a.reduced, a.missions_today = "ready", False, 0
                moved.append(a.id)
            continue
        cve = is_cve_unit(st, a.id)
        home = home_tf(st, a.id)
        if day:
            if a.box == "cap" and a.cap_over is not None and (home is None or a.cap_over != home.id):
                a.box, a.cap_over = "flown", None
                if a.side == "USN" and not cve:
                    a.reduced = True
                if a.side == "IJN" and home is not None:
                    a.role = "CAP"
                moved.append(a.id)
                continue
            if a.box == "cap" and _next_is_night(st):
                a.box, a.cap_over = "flown", None
                if ijn_flown_forever and a.side == "IJN" and home is not None:
                    a.role = "CAP"
                if a.side == "USN" and not cve:
                    a.reduced = True
                    a.missions_today = max(a.missions_today, 2)
                moved.append(a.id)
                continue
            if a.side == "USN" and a.box == "flown" and a.parent != "USAAF":
                if cve:
                    a.box = "ready"
                elif unlimited or a.missions_today < 2:
                    a.box, a.reduced = "ready", True
                moved.append(a.id)
            if cve and a.box == "ready":
                a.role = None
        else:
            if a.side == "USN":
                if a.box in (("flown", "cap") if unlimited else ("flown", "ready", "cap")):
                    a.box, a.reduced, a.cap_over = "ready", False, None
                a.missions_today = 0
                a.role = None
                moved.append(a.id)
            elif a.side == "IJN" and a.parent not in LAND_FORMATIONS and a.box in ("flown", "cap"):
                if ijn_flown_forever and a.box == "flown" and a.role != "CAP" and a.parent in st.ships:
                    continue
                a.box, a.cap_over = "ready", None
                if ijn_flown_forever:
                    a.role = None
                a.missions_today = 0
                moved.append(a.id)
    for side in ("IJN", "USN"):
        mine = [m for m in moved if st.air[m].side == side]
        if mine:
            ctx.emit("6.5.3" if day else "3.3", f"{side} aircraft recover: {len(mine)} unit(s) change box",
                     kind="air_box", data={"units": mine}, visible=(side,))
