"""Submarines, 11.0-11.1.6 (and the optional Japanese submarines of 15.2): face-down markers, contacts, attacks.

Each Initial Phase (frame ``clash_subs_initial``, no parameters) the USN rolls on the marker pull table with the
date's DRM (11.1.1: 18 June 0, 19 June +1, 20 June -1, read from the turn record's date through ``modifiers.csv``)
and draws that many markers at random from a cup of real submarines and False Contacts (``constants.csv``: 3 real,
2 false, ruling R-27). Nobody looks at a drawn marker: its face is kept in the state and appears in no view, option
or event until it is turned over. Each marker then gets a placement roll (11.1.2): 1-5 puts it two or more hexes
from every enemy TG/TF marker, 6-10 exactly one hex from one; the owner picks the hex among the legal ones. A hex
holding enemy naval units, or any submarine marker, is never legal.

When a TG, TF or detached ship enters a hex with an enemy marker, movement pushes ``clash_sub_contact`` (``hex``,
``entering``: the ids that entered in this move, ``side``: the submarines' owner; ``contact_frames`` builds it).
The marker is turned over in front of both players (11.1.3). A False Contact does nothing; a real boat affects one
of the formations that entered (drawn at random when several did), and its owner rolls on the Submarine Search and
Detection Table (11.1.4): a find puts that formation in the owner's carrier channel (ruling R-41) and the entering
side reports it through search's own report frame (``clash_search_report``) within the row's ±, exactly on 9-10;
the row's attack (a random unit, a random unit that is not a destroyer division, or one of the owner's choosing)
is one D10 on the Damage Table's torpedo column, +1 when the formation has no DES DIV or DES RN (11.1.5); its hits
are torpedo hits, so each may cause a critical (9.3, family switch ``criticals``), through Imperial Sunset's damage
code. ``clear`` empties the map in the End Phase (11.1.6).

15.7 (optional, secret movement): no placement roll; the owner picks any sea hex without a marker, enemy ships'
hexes included (he cannot see them), and a marker put down among enemy ships is turned over at once (ruling R-85).

15.2 (optional, ``new_game(options={"ijn_submarines": True})``): the IJN pulls from its own cup of three (no DRM)
after the USN has placed, and its boats follow 11.1.2-11.1.6 the same way (SUB-16).

Markers live in Imperial Sunset's ``st.sonar`` list (``id``, ``hex``, ``owner``, ``identity`` = the owner for a real
boat or ``"dummy"``): Imperial Sunset's view already shows each marker's hex and nothing else. Rulings:
``scenarios/clash-of-the-carriers/notes/submarine-rulings.md`` (SUB-1 ...).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from leyte.core.cases import own
from leyte.core.dice import Modifier
from leyte.core.errors import IllegalAction, LeyteError
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.clash import search, state
from leyte.rulebooks.clash.engine import ask, frame, opt, pop, push
from leyte.rulebooks.imperial_sunset import damage
from leyte.rulebooks.imperial_sunset.common import dist, hex_options, live_ships, sea_labels, turn_record
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.state import State

OPTION_IJN = "ijn_submarines"  # 15.2: the optional rule's key in the state's options
PULL_TABLE = {"USN": "sub_markers_usn", "IJN": "sub_markers_ijn"}  # 11.1.1, 15.2.1
CUP = {"USN": ("subs.usn_markers", "subs.usn_real"), "IJN": ("subs.ijn_markers", "subs.ijn_real")}
DESTROYER_TYPES = ("DD",)  # Clash's DES DIV and DES RN units carry the type DD in ships.csv
FALSE = "dummy"  # a False Contact's identity (Imperial Sunset's word for a sonar dummy)


def other(side: str) -> str:
    return "USN" if side == "IJN" else "IJN"


def sides_placing(st: State) -> list[str]:
    """Who pulls markers this Initial Phase: the USN always (11.1.1), the IJN only under 15.2 (SUB-9: after the
    USN, as 4.1 lists the USN's placement and 15.2 adds the IJN's)."""
    return ["USN", "IJN"] if st.options.get(OPTION_IJN) else ["USN"]


def markers(st: State, owner: str | None = None) -> list[dict[str, Any]]:
    """The submarine markers on the map (of ``owner``), in placement order."""
    return [s for s in st.sonar if owner is None or s.get("owner") == owner]


# -- 11.1.1: how many, which -----------------------------------------------------------------------------------------


def date_modifiers(st: State, side: str) -> list[Modifier]:
    """11.1.1's DRM for the turn's date (USN only; 15.2.1 gives the IJN none). The key is the turn record's date,
    so any turn order reads it (RULINGS R-3). A date the data has no DRM for is a data error."""
    if side != "USN":
        return []
    date = str(turn_record(st, st.turn).get("date", ""))
    key = f"sub_markers_usn.date.{date}"
    row = st.data.mods.get(key)
    if row is None:
        raise LeyteError(f"11.1.1: modifiers.csv gives no submarine pull DRM for the date {date!r} of turn {st.turn} "
                         f"(key {key})")
    return [Modifier(row.value, f"turn dated {date} (11.1.1)")] if row.value else []


def cup(D: ISData, side: str) -> list[str]:
    """The markers in a side's container before the draw: real boats first, then False Contacts (R-27)."""
    total_key, real_key = CUP[side]
    total, real = D.mod(total_key), D.mod(real_key)
    if not 0 <= real <= total:
        raise LeyteError(f"11.1.1: constants.csv gives {real} real submarines among {total} markers ({real_key})")
    return [side] * real + [FALSE] * (total - real)


# -- 11.1.2: where -------------------------------------------------------------------------------------------------


@cache
def _sea(D: ISData) -> tuple[str, ...]:
    return sea_labels(D)


def enemy_marker_hexes(st: State, placer: str) -> list[str]:
    """The hexes of the enemy's TG and TF markers on the map, as the placer sees them: dummies too, since the placer
    cannot tell them apart (SUB-2); a TG inside a TF is on the TF's marker; detached ships are no TG or TF."""
    return sorted({t["hex"] for t in search.targets(st, other(placer))
                   if t["hex"] and not t["id"].startswith(search.DETACHED + "-")})


def enemy_unit_hexes(st: State, placer: str) -> set[str]:
    """Hexes a marker may never go to (11.1.2): any enemy marker or enemy ship on the map."""
    out = set(enemy_marker_hexes(st, placer))
    out |= {s.hex for s in st.ships.values() if s.side == other(placer) and s.hex and not s.sunk and not s.exited}
    return out


def placement_hexes(st: State, placer: str, distance: int, or_more: bool) -> list[str]:
    """11.1.2: the sea hexes ``distance`` (or more) from the nearest enemy TG/TF marker, free of enemy units and of
    any other submarine marker (one a hex, either side's, SUB-3)."""
    D = st.data
    near = enemy_marker_hexes(st, placer)
    barred = enemy_unit_hexes(st, placer) | {s["hex"] for s in st.sonar}
    return [lab for lab in _sea(D) if lab not in barred and _in_band(D, lab, near, distance, or_more)]


def _in_band(D: ISData, lab: str, near: list[str], distance: int, or_more: bool) -> bool:
    """Whether the nearest of the enemy markers ``near`` is ``distance`` hexes from ``lab`` (or more, ``or_more``);
    with no enemy marker on the map only an "or more" band is met. A marker closer than ``distance`` settles it at
    once, which is the common case on a crowded map."""
    closest = None
    for h in near:
        d = dist(D, lab, h)
        if d < distance:
            return False
        if closest is None or d < closest:
            closest = d
    return or_more or closest == distance


def _band_text(distance: int, or_more: bool) -> str:
    return (f"{distance} or more hexes from every enemy TG or TF" if or_more
            else f"exactly {distance} hex{'es' if distance != 1 else ''} from an enemy TG or TF")


@frame("clash_subs_initial")
class SubsInitial:
    """11.1.1-11.1.2 (15.2.1): each placing side pulls its markers unseen, then rolls and places them one by one.

    Frame fields: ``todo`` (sides still to pull), ``placer``, ``queue`` (the drawn markers' faces, never shown),
    ``band`` (the current marker's placement roll) and ``hexes`` (where it may go)."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        D = st.data
        if "todo" not in fr:
            fr["todo"] = sides_placing(st)
            fr["queue"] = []
            return
        if not fr["queue"]:
            if not fr["todo"]:
                pop(st, fr)
                return
            side = fr["todo"].pop(0)
            fr["placer"] = side
            rule = own("11.1.1") if side == "USN" else own("15.2.1")
            rec = ctx.roll_on(D.table(PULL_TABLE[side]), None, date_modifiers(st, side),
                              purpose=f"{side} submarine markers pulled", rule=rule)
            n = int(rec.result["markers"])
            pool = cup(D, side)
            drawn = []
            for _ in range(min(n, len(pool))):
                # SUB-1: drawn unseen; the pick is logged for the umpire alone (its index would tell the face)
                drawn.append(pool.pop(ctx.pick(len(pool), purpose=f"{side} submarine marker drawn unseen",
                                               rule=rule, visible=())))
            fr["queue"] = drawn
            ctx.emit(rule, f"The {side} pulls {len(drawn)} submarine marker(s) without looking at them", kind="sub",
                     data={"side": side, "count": len(drawn)})
            return
        if "band" not in fr and state.secret(st):  # 15.7: no placement roll; the owner picks any free sea hex
            fr["band"] = {"choice": True}
            fr["hexes"] = [h for h in _sea(D) if not any(s["hex"] == h for s in st.sonar)]
            return
        if "band" not in fr:
            rule = own("11.1.2") if fr["placer"] == "USN" else own("15.2.2")
            rec = ctx.roll_on(D.table("sub_placement"), None, (), purpose=f"{fr['placer']} submarine marker "
                              "placement", rule=rule)
            band = {"distance": int(rec.result["distance"]), "or_more": bool(rec.result["or_more"])}
            fr["band"] = band
            fr["hexes"] = placement_hexes(st, fr["placer"], band["distance"], band["or_more"])
            if fr["hexes"]:
                return
            fr["queue"].pop(0)  # SUB-4: nowhere legal, the marker goes back to the container unseen
            del fr["band"], fr["hexes"]
            ctx.emit(rule, f"No hex is {_band_text(band['distance'], band['or_more'])} and free: the marker goes "
                     "back to the container unseen", kind="sub", data={"side": fr["placer"]})
            return
        raise LeyteError("11.1.2: a placement is waiting for its hex (engine bug: decide() gave no question)")

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if not fr.get("queue") or "band" not in fr or not fr.get("hexes"):
            return None
        band = fr["band"]
        rule = own("11.1.2") if fr["placer"] == "USN" else own("15.2.2")
        if band.get("choice"):
            return ask(fr["placer"], "sub_place", "Place a face-down submarine marker in any sea hex (15.7: picked, "
                       "not rolled)", own("15.7"), hex_options("place_sub", "Submarine marker to", fr["hexes"]),
                       data={"choice": True, "markers_left": len(fr["queue"])})
        return ask(fr["placer"], "sub_place", f"Place a face-down submarine marker "
                   f"{_band_text(band['distance'], band['or_more'])}", rule,
                   hex_options("place_sub", "Submarine marker to", fr["hexes"]),
                   data={"distance": band["distance"], "or_more": band["or_more"], "markers_left": len(fr["queue"])})

    @staticmethod
    def refuse(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
        """Why a hex is not legal for this marker, in 11.1.2's terms."""
        if action.kind != "place_sub" or "band" not in fr:
            return None
        rule = own("11.1.2") if fr["placer"] == "USN" else own("15.2.2")
        h = str(action.get("hex"))
        band = fr["band"]
        where = f"{fr['placer']} submarine marker"
        if band.get("choice"):  # 15.7: any sea hex without a marker; enemy ships there meet it at once
            rule = own("15.7")
        if h not in _sea(st.data):
            return IllegalAction(rule, f"{h} is not a sea hex of the map", state=where)
        if band.get("choice"):
            if any(s["hex"] == h for s in st.sonar):
                return IllegalAction(rule, f"{h} already has a submarine marker (one a hex)", state=where)
            return None
        if h in enemy_unit_hexes(st, fr["placer"]):
            return IllegalAction(rule, f"{h} holds enemy naval units: a submarine marker never goes there", state=where)
        if any(s["hex"] == h for s in st.sonar):
            return IllegalAction(rule, f"{h} already has a submarine marker (one a hex)", state=where)
        if h not in fr["hexes"]:
            return IllegalAction(rule, f"{h} is not {_band_text(band['distance'], band['or_more'])}, as this "
                                 "marker's placement roll requires", state=where)
        return None

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        side = fr["placer"]
        identity = fr["queue"].pop(0)
        st.counter += 1
        h = str(action["hex"])
        st.sonar.append({"id": f"sub-{st.counter}", "hex": h, "owner": side, "identity": identity})
        rule = own("15.7") if fr["band"].get("choice") else own("11.1.2") if side == "USN" else own("15.2.2")
        ctx.emit(rule, f"The {side} places a face-down submarine marker in {h}", kind="sub",
                 data={"hex": h, "side": side})
        chosen = bool(fr["band"].get("choice"))
        del fr["band"], fr["hexes"]
        if chosen:  # 15.7: a marker put down among enemy ships is turned over at once (11.1.3)
            there = [t["id"] for t in search.targets(st, other(side)) if t["hex"] == h
                     and not t["id"].startswith(search.DETACHED + "-")]
            there += sorted(x.id for x in st.ships.values() if x.side != side and x.independent and not x.sunk
                            and not x.exited and x.hex == h)
            if there:
                push(st, "clash_sub_contact", hex=h, entering=there, side=side)


# -- 11.1.3-11.1.5: contact ----------------------------------------------------------------------------------------


def contact_frames(st: State, hex_label: str, entering: list[str], mover: str) -> list[tuple[str, dict[str, Any]]]:
    """11.1.3: what movement pushes when ``entering`` (formation ids of ``mover``) enter ``hex_label``: one contact
    for each enemy submarine marker there (one a hex, so at most one)."""
    return [("clash_sub_contact", {"hex": hex_label, "entering": list(entering), "side": s["owner"]})
            for s in st.sonar if s["hex"] == hex_label and s.get("owner") != mover]


def _formation(st: State, fid: str) -> dict[str, Any] | None:
    """A formation that entered: its side, hex, whether it is a dummy, the target id a report is filed under, and
    its live ships. A detached ship stands for its hex's detached group, as it does for search (6.4, SUB-6)."""
    cl = state.extras(st)
    if fid in cl["tfs"]:
        tf = cl["tfs"][fid]
        return {"id": fid, "target": fid, "side": tf["side"], "hex": tf["hex"], "dummy": False,
                "ships": search.target_ships(st, fid)}
    t = st.tfs.get(fid)
    if t is not None:
        if not t.in_play:
            return None
        target = state.tf_of(st, fid) or fid
        return {"id": fid, "target": target, "side": t.side, "hex": t.hex, "dummy": t.dummy,
                "ships": [] if t.dummy else live_ships(st, t)}
    s = st.ships.get(fid)
    if s is not None:
        if s.sunk or s.exited or not s.hex:
            return None
        gid = search.detached_id(s.side, s.hex)
        return {"id": fid, "target": gid, "side": s.side, "hex": s.hex, "dummy": False,
                "ships": search.target_ships(st, gid)}
    raise LeyteError(f"11.1.3: {fid!r} is no TG, TF or naval unit")


def _truth(st: State, ships: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for s in ships:
        t = st.data.ships[s].type
        counts[t] = counts.get(t, 0) + 1
    order = {t: i for i, t in enumerate(search.TYPE_ORDER)}
    return {t: counts[t] for t in sorted(counts, key=lambda t: (order.get(t, len(order)), t))}


def label(st: State, target_id: str) -> str:
    """A formation as both players name it: its marker's public label (3.1.6: never an id that tells a dummy), or
    the detached ships of a hex (6.4)."""
    if target_id.startswith(search.DETACHED + "-"):
        return f"the detached ships in {target_id.split('-', 2)[2]}"
    return state.public_id(st, target_id)


def public_name(st: State, fr: dict[str, Any]) -> str:
    """How a torpedoed ship reads to the submarine's owner: a unit of the formation, never its name (SUB-7)."""
    return f"a naval unit of {label(st, fr['target'])}" if fr.get("target") else "a naval unit"


@frame("clash_sub_contact")
class SubContact:
    """11.1.3-11.1.5: turn the marker over; a real boat rolls on the detection table, the entering side reports, and
    the row's attack follows. Stages: ``flip`` -> (report frame on top) ``attack`` -> (``choose``) -> done."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        stage = fr.get("stage", "flip")
        if stage == "flip":
            _flip(st, fr, ctx)
        elif stage == "attack":
            _attack(st, fr, ctx)
        else:
            raise LeyteError(f"11.1.5: submarine contact stage {stage!r} runs nothing (engine bug)")

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if fr.get("stage") != "choose":
            return None
        options = [opt("sub_target", f"Attack a {t} of {label(st, fr['target'])}", type=t)
                   for t in fr["types"]]
        return ask(fr["side"], "sub_target", f"Your submarine in {fr['hex']} attacks a unit of your choice: which "
                   "type?", own("11.1.4"), options, data={"hex": fr["hex"], "target": label(st, fr["target"]),
                                                        "types": list(fr["types"])})

    @staticmethod
    def refuse(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
        if action.kind == "sub_target" and fr.get("stage") == "choose" and action.get("type") not in fr["types"]:
            return IllegalAction(own("11.1.4"), f"no {action.get('type')} is in the formation (its exact report "
                                 f"names {', '.join(fr['types'])})", state=f"submarine in {fr['hex']}")
        return None

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        t = str(action["type"])
        pool = [s for s in _formation_ships(st, fr) if st.data.ships[s].type == t]
        _torpedo(st, fr, pool, f"one of the {t} units (the owner chose the type, SUB-7)", ctx)


def _formation_ships(st: State, fr: dict[str, Any]) -> list[str]:
    f = _formation(st, fr["affected"])
    return f["ships"] if f is not None else []


def _flip(st: State, fr: dict[str, Any], ctx: Context) -> None:
    side, hex_label = str(fr.get("side")), str(fr.get("hex"))
    if side not in PULL_TABLE:
        raise LeyteError(f"11.1.3: side {side!r} is not IJN or USN")
    marker = next((s for s in st.sonar if s["hex"] == hex_label and s.get("owner") == side), None)
    if marker is None:
        pop(st, fr)  # SUB-5: already turned over by an earlier contact
        return
    present = []
    for fid in fr.get("entering") or []:
        f = _formation(st, str(fid))
        if f is None:
            continue
        if f["side"] == side:
            raise LeyteError(f"11.1.3: {fid} is the submarine owner's own formation")
        if f["hex"] == hex_label and (f["dummy"] or f["ships"]):
            present.append(f)
    if not present:
        pop(st, fr)
        return
    st.sonar.remove(marker)  # SUB-5: a turned-over marker leaves the map
    real = marker["identity"] != FALSE
    ctx.emit(own("11.1.3"), f"The {side} submarine marker in {hex_label} is turned over: "
             + ("a submarine" if real else "a False Contact, nothing happens"), kind="sub_contact",
             data={"hex": hex_label, "side": side, "real": real, "marker": marker["id"]})
    if not real:
        pop(st, fr)
        return
    if len(present) > 1:
        i = ctx.pick(len(present), purpose=f"which of {len(present)} formations the submarine finds",
                     rule=own("11.1.3"))
    else:
        i = 0
    f = present[i]
    fr["affected"], fr["target"] = f["id"], f["target"]
    rec = ctx.roll_on(st.data.table("sub_detection"), None, (), purpose=f"{side} submarine in {hex_label} against "
                      f"{label(st, f['target'])}", rule=own("11.1.4"))
    row = rec.result
    if not row.get("detected"):
        ctx.emit(own("11.1.4"), f"The {side} submarine neither finds nor attacks {label(st, f['target'])}",
                 kind="sub", data={"hex": hex_label, "target": label(st, f["target"]), "detected": False})
        pop(st, fr)
        return
    if f["dummy"]:
        st.tfs[f["id"]].in_play = False  # SUB-8: as a search find (3.1.6, R-7)
        ctx.emit(own("3.1.6"), f"The {side} submarine finds nothing: {label(st, f['id'])} was a dummy and is removed",
                 kind="dummy_removed", data={"target": label(st, f["id"]), "hex": hex_label})
        pop(st, fr)
        return
    state.detect(st, side, "carrier", f["target"])  # a submarine's find counts for ships and carrier air
    for t in _tg_members(st, f["target"]):
        t.detected = True
    ctx.emit(own("11.1.4"), f"The {side} submarine detects {label(st, f['target'])}: Detection marker placed",
             kind="sub", data={"hex": hex_label, "target": label(st, f["target"]), "detected": True})
    fr["stage"] = "attack"
    fr["attacks"], fr["rule"] = int(row.get("attacks", 0)), str(row.get("target", "none"))
    truth = _truth(st, f["ships"])
    push(st, "clash_search_report", reporter=other(side), viewer=side, target=f["target"],
         pm=int(row.get("plus_minus", 0)), truth=truth, given={}, step="way", channel="carrier")


def _tg_members(st: State, target_id: str) -> list[Any]:
    cl = state.extras(st)
    if target_id in cl["tfs"]:
        return state.tgs_of(st, target_id)
    t = st.tfs.get(target_id)
    return [t] if t is not None else []


def _attack(st: State, fr: dict[str, Any], ctx: Context) -> None:
    ships = _formation_ships(st, fr)
    if fr["attacks"] <= 0 or not ships:
        if fr["attacks"] <= 0:
            ctx.emit(own("11.1.4"), f"The {fr['side']} submarine does not attack", kind="sub",
                     data={"hex": fr["hex"]})
        pop(st, fr)
        return
    rule = fr["rule"]
    if rule == "chosen":
        fr["types"] = list(_truth(st, ships))
        fr["stage"] = "choose"
        return
    pool = ships
    what = "a random unit"
    if rule == "random_non_destroyer":
        big = [s for s in ships if st.data.ships[s].type not in DESTROYER_TYPES]
        pool, what = (big, "a random unit that is no destroyer division") if big else (ships, "a random unit (only "
                                                                                       "destroyers: SUB-10)")
    elif rule != "random_any":
        raise LeyteError(f"11.1.4: sub_detection.csv names an unknown attack target {rule!r}")
    _torpedo(st, fr, pool, what, ctx)


def _torpedo(st: State, fr: dict[str, Any], pool: list[str], what: str, ctx: Context) -> None:
    """11.1.5: one attack on one unit drawn from ``pool``: D10 on the torpedo column, +1 without destroyers."""
    D = st.data
    pop(st, fr)
    if not pool:
        return
    target = pool[ctx.pick(len(pool), purpose=f"the submarine's target: {what}", rule=own("11.1.4"))] \
        if len(pool) > 1 else pool[0]
    mods = []
    if not any(D.ships[s].type in DESTROYER_TYPES for s in _formation_ships(st, fr)):
        mods.append(Modifier(D.mod("sub_attack.no_destroyer"), "no DES DIV or DES RN in the formation (11.1.5)"))
    who = public_name(st, fr)
    rec = ctx.roll_on(D.table("damage"), D.mod("torpedo.column"), mods, purpose=f"submarine torpedoes at {who}",
                      rule=own("11.1.5"))
    hits = int(rec.result.get("hits", 0))
    if hits <= 0:
        ctx.emit(own("11.1.5"), f"The submarine's torpedoes miss {who}: no effect", kind="sub",
                 data={"hex": fr["hex"], "hits": 0})
        return
    damage.apply_hits(st, target, hits, ctx, rule=own("11.1.5"), cause="submarine torpedoes", torpedo=True,
                      public_name=who)


# -- 11.1.6 --------------------------------------------------------------------------------------------------------


def clear(st: State, ctx: Context) -> None:
    """11.1.6: every submarine marker leaves the map in the End Phase and goes back to its container unseen."""
    if st.sonar:
        ctx.emit(own("11.1.6"), f"{len(st.sonar)} submarine marker(s) leave the map", kind="sub",
                 data={"count": len(st.sonar)})
    st.sonar = []
