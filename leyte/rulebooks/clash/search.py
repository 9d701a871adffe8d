"""Search and detection, 6.0-6.5: the defender rolls in secret and reports, within the table's band, what is there.

Clash turns Imperial Sunset's search around (cases.csv, difference 6): the *searched* player rolls the d10 on the
searcher's Search Table (ruling R-6), keeps the die to himself, and tells the searcher only what he finds — for a
real formation, a count for every ship type present, each within the table row's ± of the truth, never 0 for a
present type and never a type that is absent (6.1; 11.1.4 states the same band rule for the submarine table). The
report is the defender's decision: the honest report is always legal and always offered first, and the other
choices are a short fixed list (notes/search-rulings.md, S-1), so a bot can answer it.

Who may search, and what a find is worth (R-41: a Detected state per channel, never pooled):

- an activated TG or TF (frame ``clash_search``, ``formation`` = its id): first the same-hex search of 6.2 against
  every enemy formation sharing its hex, both ways (each side rolls for the other's search); then, by day, an air
  search of every enemy TG, TF or detached group within its side's range (6.3.1: USN 13, IJN 22 hexes) if it holds
  a carrier that can still fly. Finds go to the side's ``carrier`` channel (ships and carrier aircraft are one
  command). A dummy never searches (6.5);
- the 61st Air Flotilla (``formation="61st"``), by day, 25 hexes from Guam (6.3.2): finds go to the IJN's ``island``
  channel, which only island air may strike from. The 22nd never searches (6.3.2);
- the US land-based searchers VP-16 and VB-101 (``formation="VP-16"`` / ``"VB-101"``), day or night, every enemy
  formation inside their dotted line (6.3.3, R-8): a find is information only — the report is given and kept in
  the USN's ``land`` list of sightings, but it is no detection, places no marker and allows no strike.

Under 15.7 (secret movement) each air, island and land-based search lists every enemy TG/TF marker its channel has
not found, in reach or not; one out of reach is logged as a miss and can never be found (ruling R-83).

Any find removes a dummy at once, and the searcher is told only that it was a dummy (3.1.6, R-7). Damaged or
detached ships (6.4) are searched like a formation: the ships one side has detached in one hex are one target,
``detached-<side>-<hex>``. Every channel is cleared in the End Phase of a night turn (4.3, R-4:
``clear_at_night_end``). Strike code asks ``detected(st, side, channel, target)``; only a carrier-channel find sets
a TG's own ``detected`` flag, the one Imperial Sunset's shared frames read (S-8).

Importing this module registers the frames ``clash_search``, ``clash_search_roll`` and ``clash_search_report``.

What each player learns: the die, its modifiers and the true composition are shown to the rolling defender alone;
the searcher sees that a search was made, whether it found anything, and the report's counts (not the band, which
would tell the die).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from leyte.core.cases import own
from leyte.core.datafiles import rows
from leyte.core.dice import Modifier
from leyte.core.errors import IllegalAction, LeyteError
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.clash import state
from leyte.rulebooks.clash.engine import ask, frame, opt, pop, push_many
from leyte.rulebooks.imperial_sunset.common import dist, live_ships, record_is_day, turn_record
from leyte.rulebooks.imperial_sunset.state import State, TFState

TABLES = {"IJN": "search_ijn", "USN": "search_usn"}  # the defender reads the searcher's table
TYPE_ORDER = ("CV", "CVL", "BB", "CA", "CL", "DD")  # the order of a report (6.1's example: CV, CVL, BB, CA, DES DIV)
LAND_BASED = ("VP-16", "VB-101")  # 6.3.3: the two US land-based searchers (search_zones.csv)
ISLAND_SEARCHER = "61st"  # 6.3.2: the one Japanese air flotilla that searches, from Guam
ISLAND_SILENT = "22nd"  # 6.3.2: never searches
ISLAND_BASE = "guam"  # the 61st is based on Guam (used only when airfields.csv names no searching base)
REPORT_WAYS = ("honest", "all_high", "all_low", "by_type")  # S-1: the defender's first choice, honest first
DETACHED = "detached"


def other(side: str) -> str:
    return "USN" if side == "IJN" else "IJN"


def is_day_turn(st: State) -> bool:
    """Day or night from the turn record (the same test the End Phase uses for 4.3's night clearing)."""
    return record_is_day(turn_record(st, st.turn))


# -- targets -------------------------------------------------------------------------------------------------------


def detached_id(side: str, hex_label: str) -> str:
    """The id of the group a side's detached ships form in one hex (6.4): one search target, one report."""
    return f"{DETACHED}-{side}-{hex_label}"


def targets(st: State, side: str) -> list[dict[str, Any]]:
    """Every formation of ``side`` a search may look for, in id order: each TF (its TGs are on its chart, 3.2.3, so
    the TF is searched as one), each TG standing by itself (real or dummy), and each hex of detached ships (6.4).
    Each entry: ``id``, ``hex``, ``dummy``."""
    cl = state.extras(st)
    out: list[dict[str, Any]] = []
    for tid, tf in sorted(cl["tfs"].items()):
        if tf["side"] == side and state.tgs_of(st, tid):
            out.append({"id": tid, "hex": tf["hex"], "dummy": False})
    for t in state.tgs(st, side):
        if t.id not in cl["parent_tf"] and t.hex is not None and (t.dummy or live_ships(st, t)):
            out.append({"id": t.id, "hex": t.hex, "dummy": t.dummy})
    hexes = sorted({s.hex for s in st.ships.values()
                    if s.side == side and s.independent and not s.sunk and not s.exited and s.hex})
    out += [{"id": detached_id(side, h), "hex": h, "dummy": False} for h in hexes]
    return out


def _target(st: State, target_id: str) -> dict[str, Any] | None:
    """A target by id, if it is still on the map (it may have been removed by an earlier search this step)."""
    for side in ("IJN", "USN"):
        for t in targets(st, side):
            if t["id"] == target_id:
                return {**t, "side": side}
    return None


def target_ships(st: State, target_id: str) -> list[str]:
    """The live ships of a target: a TF's TGs, a TG, or a detached group (6.4)."""
    cl = state.extras(st)
    if target_id in cl["tfs"]:
        return [s for t in state.tgs_of(st, target_id) for s in live_ships(st, t)]
    if target_id in st.tfs:
        return live_ships(st, st.tfs[target_id])
    if target_id.startswith(DETACHED + "-"):
        _, side, hex_label = target_id.split("-", 2)
        return sorted(s.id for s in st.ships.values() if s.side == side and s.independent and not s.sunk
                      and not s.exited and s.hex == hex_label)
    return []


def composition(st: State, target_id: str) -> dict[str, int]:
    """Naval units per ship type (6.1 counts units: a destroyer division is one), in report order."""
    counts: dict[str, int] = {}
    for s in target_ships(st, target_id):
        t = st.data.ships[s].type
        counts[t] = counts.get(t, 0) + 1
    order = {t: i for i, t in enumerate(TYPE_ORDER)}
    return {t: counts[t] for t in sorted(counts, key=lambda t: (order.get(t, len(order)), t))}


def _tg_members(st: State, target_id: str) -> list[TFState]:
    cl = state.extras(st)
    if target_id in cl["tfs"]:
        return state.tgs_of(st, target_id)
    t = st.tfs.get(target_id)
    return [t] if t is not None else []


# -- detection -----------------------------------------------------------------------------------------------------


def detected(st: State, side: str, channel: str, target_id: str) -> bool:
    """Whether ``side``'s ``channel`` has found ``target_id`` (a TF, a TG, a detached ship or group) since the last
    night's end (R-41). A TG inside a detected TF is detected with it; a detached ship with its hex's group.

    Channels: ``carrier`` (both sides: ships and carrier aircraft), ``island`` (IJN island air), ``land`` (the USN's
    land-based sightings: information only, 6.3.3 — no strike may use it)."""
    chans = state.extras(st)["detected"].get(side)
    if chans is None or channel not in chans:
        raise LeyteError(f"6.3: {side!r} has no search channel {channel!r} "
                         f"(channels: {', '.join(state.CHANNELS.get(side, ()))})")
    found = chans[channel]
    if target_id in found:
        return True
    parent = state.tf_of(st, target_id)
    if parent is not None and parent in found:
        return True
    ship = st.ships.get(target_id)
    return bool(ship is not None and ship.independent and ship.hex and detached_id(ship.side, ship.hex) in found)


def _record(st: State, side: str, channel: str, target_id: str) -> None:
    """Add a find to its channel. Only a carrier-channel find sets the TG's own ``detected`` flag, the one Imperial
    Sunset's shared strike and surface frames read: so those frames can never act on an island find (6.3.2) or a
    land-based sighting (6.3.3); island air asks ``detected(st, "IJN", "island", ...)`` (S-8)."""
    state.detect(st, side, channel, target_id)
    if channel == "carrier":
        for t in _tg_members(st, target_id):
            t.detected = True


def clear_at_night_end(st: State, ctx: Context) -> None:
    """4.3 with R-4: in the End Phase of a night turn every Detected marker and every channel's finds are cleared
    (the land-based sightings too: they are as old as the detections). The caller checks it is a night turn."""
    cleared = sorted(t.id for t in state.tgs(st) if t.detected)
    for t in state.tgs(st):
        t.detected = False
    for chans in state.extras(st)["detected"].values():
        for ids in chans.values():
            ids.clear()
    ctx.emit(own("4.3"), f"Night End Phase: detection markers removed ({len(cleared)} TGs)", kind="detection")


# -- what a formation may search -----------------------------------------------------------------------------------


def _searcher(st: State, side: str, formation: str) -> tuple[str | None, list[str]]:
    """The hex and live ships of an activated TG or TF of ``side``; a bad id is refused naming 6.0."""
    cl = state.extras(st)
    if formation in cl["tfs"]:
        tf = cl["tfs"][formation]
        if tf["side"] != side:
            raise LeyteError(f"6.0: {formation} is not a {side} formation")
        return tf["hex"], [s for t in state.tgs_of(st, formation) for s in live_ships(st, t)]
    t = st.tfs.get(formation)
    if t is None or not t.in_play:
        raise LeyteError(f"6.0: no TG or TF {formation!r} in play to search with")
    if t.side != side:
        raise LeyteError(f"6.0: {formation} is not a {side} formation")
    return t.hex, [] if t.dummy else live_ships(st, t)


def _own_target_id(st: State, formation: str) -> str:
    """The marker the enemy sees for a searching formation: its TF if it is inside one."""
    return state.tf_of(st, formation) or formation


def _can_fly_search(st: State, ships: list[str]) -> bool:
    """6.3.1: an air search needs a carrier whose flight deck still works (one that can fly a search at all)."""
    D = st.data
    return any(D.ships[s].air_search_range > 0 and not st.ships[s].air_ops_lost for s in ships)


def _roll(side: str, searcher: str, channel: str, mode: str, target: dict[str, Any], rng: int = 0,
          reach: bool = True) -> tuple[str, dict]:
    fr = {"side": side, "searcher": searcher, "channel": channel, "mode": mode, "target": target["id"],
          "hex": target["hex"], "range": rng}
    if not reach:
        fr["reach"] = False  # 15.7: rolled for like every marker, but out of reach, so never found
    return ("clash_search_roll", fr)


def _every_marker(st: State, e: dict[str, Any], reach: bool) -> bool:
    """Whether a search lists target ``e``: one in reach always; under 15.7 every TG/TF marker, real or dummy, in
    reach or not, so that the number and names of the rolls tell the searcher nothing (ruling R-83). Detached ships
    sail in view (ruling R-85), so a group of them out of reach is left out as before."""
    return reach or (state.secret(st) and not e["id"].startswith(DETACHED + "-"))


def same_hex_searches(st: State, side: str, formation: str) -> list[tuple[str, dict[str, Any]]]:
    """6.2: a formation sharing a hex with enemy formations searches each of them, and each real one searches it
    back (both players roll). Targets a channel has already found are not searched again."""
    hex_label, ships = _searcher(st, side, formation)
    if hex_label is None:
        return []
    me = {"id": _own_target_id(st, formation), "hex": hex_label}
    frames = []
    for e in targets(st, other(side)):
        if e["hex"] != hex_label:
            continue
        if ships and not detected(st, side, "carrier", e["id"]):
            frames.append(_roll(side, formation, "carrier", "same_hex", e))
        if (not e["dummy"] and not e["id"].startswith(DETACHED + "-") and target_ships(st, e["id"])
                and not detected(st, other(side), "carrier", me["id"])):
            frames.append(_roll(other(side), e["id"], "carrier", "same_hex", me))  # 6.5: dummies never search
    return frames


def air_searches(st: State, side: str, formation: str) -> list[tuple[str, dict[str, Any]]]:
    """6.3.1: by day, a TG or TF with a working carrier searches every enemy target 1..range hexes away."""
    hex_label, ships = _searcher(st, side, formation)
    if hex_label is None or not is_day_turn(st) or not _can_fly_search(st, ships):
        return []
    rng = st.data.mod(f"search.air_range.{side}")
    frames = []
    for e in targets(st, other(side)):
        d = dist(st.data, hex_label, e["hex"])
        reach = 1 <= d <= rng
        if _every_marker(st, e, reach) and not detected(st, side, "carrier", e["id"]):
            frames.append(_roll(side, formation, "carrier", "air", e, d, reach))
    return frames


@lru_cache(maxsize=8)
def _island_search_bases(folder: Path, default_range: int) -> tuple[tuple[str, int], ...]:
    """(base id, search range) of every air base whose flotilla searches: ``airfields.csv``'s ``search_hexes`` above
    0 (map ruling M-8: Guam, 25); a file without that column names Guam with the printed range (6.3.2, R-5)."""
    path = folder / "airfields.csv"
    if not path.exists():
        return ((ISLAND_BASE, default_range),)
    table = rows(path)
    if table and "search_hexes" not in table[0].row:
        return ((ISLAND_BASE, default_range),)
    return tuple((r.str("id"), n) for r in table if (n := r.int("search_hexes", 0)) > 0)


def island_searches(st: State) -> list[tuple[str, dict[str, Any]]]:
    """6.3.2: by day, the 61st searches every USN target within range of its searching base (Guam, 25 hexes), if
    it has island aircraft based there (S-7)."""
    if not is_day_turn(st):
        return []
    D = st.data
    bases = state.extras(st)["air_bases"]
    frames = []
    searching = False
    for base_id, rng in _island_search_bases(D.folder, D.mod("search.air_range.land_based")):
        hex_label = bases.get(base_id, {}).get("hex")
        if not hex_label or not any(a.parent == base_id and a.box in ("ready", "flown", "cap")
                                    for a in st.air.values()):
            continue
        searching = True
        for e in targets(st, "USN"):
            d = dist(D, hex_label, e["hex"])
            if d <= rng and not detected(st, "IJN", "island", e["id"]) and \
                    not any(f[1]["target"] == e["id"] for f in frames):
                frames.append(_roll("IJN", ISLAND_SEARCHER, "island", "island", e, d))
    if searching and state.secret(st):  # 15.7: a roll for every other marker too, none of them in reach
        listed = {f[1]["target"] for f in frames}
        frames += [_roll("IJN", ISLAND_SEARCHER, "island", "island", e, 0, False) for e in targets(st, "USN")
                   if e["id"] not in listed and _every_marker(st, e, False)
                   and not detected(st, "IJN", "island", e["id"])]
        frames.sort(key=lambda f: f[1]["target"])
    return frames


def land_based_searches(st: State, searcher: str) -> list[tuple[str, dict[str, Any]]]:
    """6.3.3 with R-8: VP-16 or VB-101 searches every IJN target inside its dotted line, day or night."""
    m = st.data.map
    out = []
    for e in targets(st, "IJN"):
        reach = m.has_feature(m.hex(e["hex"]), "us_search", searcher)
        if _every_marker(st, e, reach) and not detected(st, "USN", "land", e["id"]):
            out.append(_roll("USN", searcher, "land", "land", e, 0, reach))
    return out


@frame("clash_search")
class ClashSearch:
    """6.0: every search one activated formation may make now, one ``clash_search_roll`` each, then pop.

    Parameters: ``side`` (the searcher) and ``formation`` — a TG or TF id, ``"61st"``/``"22nd"`` (6.3.2) or
    ``"VP-16"``/``"VB-101"`` (6.3.3, R-8). ``same_hex=True`` makes only 6.2's search in the formation's hex: what
    movement pushes when a TG enters a hex holding enemy formations (R-1)."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        side, formation = str(fr["side"]), str(fr["formation"])
        if side not in TABLES:
            raise LeyteError(f"6.0: side {side!r} is not IJN or USN")
        if formation == ISLAND_SILENT:
            ctx.emit(own("6.3.2"), "The 22nd Air Flotilla never searches", kind="search")
            return
        if formation == ISLAND_SEARCHER:
            if side != "IJN":
                raise LeyteError("6.3.2: the 61st Air Flotilla is Japanese")
            frames = island_searches(st)
            what = "The 61st Air Flotilla searches from Guam" if is_day_turn(st) else \
                "The 61st Air Flotilla cannot search at night (6.3)"
            ctx.emit(own("6.3.2"), f"{what}: {len(frames)} {_listed(st)}", kind="search",
                     data={"searcher": formation, "targets": [state.public_id(st, f[1]["target"]) for f in frames]})
        elif formation in LAND_BASED:
            if side != "USN":
                raise LeyteError(f"6.3.3: {formation} is a US land-based searcher")
            frames = land_based_searches(st, formation)
            ctx.emit(own("6.3.3"), f"{formation} searches inside its line: {len(frames)} {_listed(st)}", kind="search",
                     data={"searcher": formation, "targets": [state.public_id(st, f[1]["target"]) for f in frames]})
        else:
            frames = same_hex_searches(st, side, formation)
            air = [] if fr.get("same_hex") else air_searches(st, side, formation)
            near = {f[1]["target"] for f in frames}
            air = [f for f in air if f[1]["target"] not in near]  # 15.7: a marker in its hex is searched there
            me = state.public_id(st, _own_target_id(st, formation))  # the enemy reads a label (3.1.6)
            if air:
                ctx.emit(own("6.3.1"), f"{me} flies an air search: {len(air)} {_listed(st)}", kind="search",
                         data={"searcher": me, "targets": [state.public_id(st, f[1]["target"]) for f in air]})
            elif not frames:  # the step is still in the log (R-1: an activation searches first), with nothing to roll
                ctx.emit(own("6.0"), f"{me} searches: nothing it has not found is within reach", kind="search",
                         data={"searcher": me, "targets": []},
                         visible=(side,))  # only a real formation searches (6.5): the enemy must not learn it
            frames += air
        push_many(st, frames)


def _listed(st: State) -> str:
    """What the number in a search's log line counts: targets in reach, or under 15.7 every marker (R-83)."""
    return "marker(s), one roll each (15.7)" if state.secret(st) else "target(s) in range"


# -- one search roll -----------------------------------------------------------------------------------------------


def search_modifiers(st: State, fr: dict[str, Any]) -> list[Modifier]:
    """The searcher's DRMs (R-6, R-40: IS's modifiers scaled to Clash, modifiers.csv), told to the rolling player."""
    D = st.data
    mods: list[Modifier] = []

    def add(key: str, why: str) -> None:
        nv = D.mods.get(key)
        if nv is not None and nv.value:
            mods.append(Modifier(nv.value, why))

    mode, rng = fr["mode"], int(fr.get("range", 0))
    if mode == "same_hex":
        add("search.own_hex", "searching its own hex (6.2)")
    elif mode == "air":
        add(f"search.range.{fr['side']}.{rng}", f"range {rng} hexes (6.3.1)")
        hex_label, ships = _searcher(st, fr["side"], fr["searcher"])
        cvs = sum(1 for s in ships if D.ships[s].type == "CV")
        if cvs >= 2:
            add("search.carriers", f"{cvs} fleet carriers searching (6.3.1)")
    elif mode == "island":
        add(f"search.range.land_based.{rng}", f"range {rng} hexes from Guam (6.3.2)")
        add("search.ijn_land_based", "island-based air (6.3.2)")
    return mods


def _label(st: State, target_id: str) -> str:
    """How a target reads in text both players see: detached ships by their hex, a TG by its marker label (3.1.6)."""
    if target_id.startswith(DETACHED + "-"):
        return f"the detached ships in {target_id.split('-', 2)[2]}"
    return state.public_id(st, target_id)


@frame("clash_search_roll")
class ClashSearchRoll:
    """6.1: the defender rolls one search in secret on the searcher's table; a find removes a dummy (R-7) or records
    the detection in the searcher's channel and asks the defender for the report."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        side, defender = fr["side"], other(fr["side"])
        tgt = _target(st, fr["target"])
        if tgt is None or tgt["hex"] != fr["hex"]:
            return  # removed or gone since the search was listed
        if fr["mode"] == "same_hex":  # 6.2 needs both still in the hex
            me = _target(st, _own_target_id(st, fr["searcher"]))
            if me is None or me["hex"] != fr["hex"]:
                return
        # the marker the defender sees: a TG inside a TF is the TF (3.2.3), by its label (3.1.6)
        by = state.public_id(st, _own_target_id(st, fr["searcher"]))
        rule = own({"same_hex": "6.2", "air": "6.3.1", "island": "6.3.2", "land": "6.3.3"}[fr["mode"]])
        name = _label(st, tgt["id"])
        if not fr.get("reach", True):  # 15.7, R-83: rolled for the count's sake; out of reach, it cannot be found
            ctx.emit(own("15.7"), f"{defender} rolls for the {side} search of {name}: out of reach", kind="search_roll",
                     data={"target": tgt["id"], "reach": False}, visible=(defender,))
            ctx.emit(rule, f"{side} search of {name} by {by}: nothing found", kind="search_result",
                     data={"target": state.public_id(st, tgt["id"]), "found": False, "searcher": by})
            return
        rec = ctx.roll_on(st.data.table(TABLES[side]), None, search_modifiers(st, fr),
                          purpose=f"{defender} rolls in secret for the {side} search of {name}", rule=own("6.1"),
                          visible=(defender,))
        row = rec.result
        if not row.get("detected"):
            ctx.emit(rule, f"{side} search of {name} by {by}: nothing found", kind="search_result",
                     data={"target": state.public_id(st, tgt["id"]), "found": False, "searcher": by})
            return
        if tgt["dummy"]:
            if row.get("dummy_removed", True):
                st.tfs[tgt["id"]].in_play = False
                ctx.emit(own("3.1.6"), f"{side} search of {name} by {by}: it was a dummy and is removed "
                         "(no report, R-7)", kind="dummy_removed",
                         data={"target": state.public_id(st, tgt["id"]), "hex": tgt["hex"], "searcher": by})
            return
        _record(st, side, fr["channel"], tgt["id"])
        found = "sighted (information only)" if fr["channel"] == "land" else "detected"
        ctx.emit(rule, f"{side} search of {name} by {by}: {found}", kind="search_result",
                 data={"target": state.public_id(st, tgt["id"]), "found": True, "channel": fr["channel"],
                       "searcher": by})
        push_many(st, [("clash_search_report", {
            "reporter": defender, "viewer": side, "target": tgt["id"], "pm": int(row.get("plus_minus", 0)),
            "truth": composition(st, tgt["id"]), "given": {}, "step": "way", "channel": fr["channel"]})])


# -- the defender's report -----------------------------------------------------------------------------------------


def report_range(true_n: int, pm: int) -> list[int]:
    """6.1: the counts a reporter may give for a present type — the truth first, then the rest of the band in
    ascending order (within ±pm, never below one)."""
    return [true_n] + [k for k in range(max(1, true_n - pm), true_n + pm + 1) if k != true_n]


def fudged(truth: dict[str, int], pm: int, way: str) -> dict[str, int]:
    """The whole report a canned way gives (S-1): honest, every type at the top of its band, or at the bottom."""
    if way == "all_high":
        return {t: n + pm for t, n in truth.items()}
    if way == "all_low":
        return {t: max(1, n - pm) for t, n in truth.items()}
    return dict(truth)


def _fmt(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {t}" for t, n in counts.items())


@frame("clash_search_report")
class ClashSearchReport:
    """6.1: the defender tells the searcher a count per type present, within the band of his secret roll.

    First decision (``report_way``): honest, all high, all low, or type by type; type by type then asks one small
    ``report_count`` decision per type present, the true count first. A band of 0 asks nothing (the report is exact).
    """

    @staticmethod
    def _pending(fr: dict[str, Any]) -> list[str]:
        return [t for t in fr["truth"] if t not in fr["given"]]

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        pm, truth = fr["pm"], fr["truth"]
        label = _label(st, fr["target"])  # the reporter owns the target: it reads the id and the marker the enemy saw
        name = label if label == fr["target"] or label.startswith("the ") else f"{fr['target']} (marker {label})"
        if pm == 0:
            return None
        if fr["step"] == "way":
            texts = {"honest": f"Report honestly: {_fmt(truth)}",
                     "all_high": f"Report every type {pm} high: {_fmt(fudged(truth, pm, 'all_high'))}",
                     "all_low": f"Report every type as low as allowed: {_fmt(fudged(truth, pm, 'all_low'))}",
                     "by_type": "Choose the count of each type"}
            return ask(fr["reporter"], "search_report", f"Report {name} to the {fr['viewer']} (your secret roll allows "
                       f"±{pm} per type)", own("6.1"), [opt("report_way", texts[w], way=w) for w in REPORT_WAYS],
                       data={"target": fr["target"], "truth": dict(truth), "pm": pm})
        pend = ClashSearchReport._pending(fr)
        if not pend:
            return None
        t = pend[0]
        options = [opt("report_count", f"Report {k} {t}", type=t, count=k) for k in report_range(truth[t], pm)]
        return ask(fr["reporter"], "search_report_count", f"How many {t} does {name} hold in your report? (true "
                   f"{truth[t]}, ±{pm}, never 0)", own("6.1"), options,
                   data={"target": fr["target"], "type": t, "true": truth[t], "pm": pm,
                         "least": min(o["count"] for o in options), "most": max(o["count"] for o in options)})

    @staticmethod
    def refuse(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
        """Why a report is not legal, in 6.1's terms (the band, zero for a present type, an absent type)."""
        where = f"report on {_label(st, fr['target'])}"
        if action.kind == "report_way":
            return IllegalAction(own("6.1"), f"the report way must be one of {', '.join(REPORT_WAYS)}"
                                 + ("" if fr["step"] == "way" else ", asked before the counts"), state=where)
        if action.kind != "report_count":
            return None
        t, n = str(action.get("type")), action.get("count")
        truth, pm = fr["truth"], fr["pm"]
        if t not in truth:
            return IllegalAction(own("6.1"), f"no {t} is in the formation: a type that is absent is never reported",
                                 state=where)
        if not isinstance(n, int) or isinstance(n, bool):
            return IllegalAction(own("6.1"), f"the count of {t} must be a whole number, not {n!r}", state=where)
        if n < 1:
            return IllegalAction(own("6.1"), f"{t} is present: a present type is never reported as 0", state=where)
        if abs(n - truth[t]) > pm:
            band = report_range(truth[t], pm)
            return IllegalAction(own("6.1"), f"{n} {t} is outside the search table's ±{pm} for this roll "
                                 f"(allowed {min(band)}-{max(band)})", state=where)
        pend = ClashSearchReport._pending(fr)
        if fr["step"] == "way" or not pend or pend[0] != t:
            now = "the report way" if fr["step"] == "way" else (pend[0] if pend else "nothing")
            return IllegalAction(own("6.1"), f"the report asks for {now} now, not {t}", state=where)
        return None

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "report_way":
            way = str(action["way"])
            if way == "by_type":
                fr["step"] = "types"
            else:
                fr["given"] = fudged(fr["truth"], fr["pm"], way)
                fr["step"] = "types"
            return
        fr["given"][str(action["type"])] = int(action["count"])

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if fr["pm"] == 0:
            fr["given"] = dict(fr["truth"])
        pop(st, fr)
        given = {t: fr["given"][t] for t in fr["truth"]}
        reports = st.flags.setdefault("reports", {}).setdefault(fr["viewer"], {})
        reports[fr["target"]] = {"turn": st.turn, "report": "by_type", "counts": given, "channel": fr["channel"]}
        info = " (information only: no detection, 6.3.3)" if fr["channel"] == "land" else ""
        ctx.emit(own("6.1"), f"{fr['reporter']} reports {_label(st, fr['target'])}: {_fmt(given)}{info}", kind="report",
                 data={"target": _label(st, fr["target"]), "counts": given, "channel": fr["channel"]},
                 visible=tuple(sorted({fr["viewer"], fr["reporter"]})))
