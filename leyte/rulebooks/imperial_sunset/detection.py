"""Detection (module 7): surface and air search, contact reports, and the IJN Search Results Table.

A TF must be detected before it can be attacked (7.0). 7.1 An activated TF searches its own hex and every hex it
enters, once per hex per activation; when opposing TFs share a hex, each searches the other (7.1.1 — the only time
the inactive side searches). 7.2 By day, a TF with carriers (or the IJN cruiser Mogami) searches every enemy TF
within its aircraft's range, and land-based air searches from its airfields; a failed search of an already detected
TF loses it again. The searched player then reports what is there, blurred within the band the table allows
(never inventing a type, never reducing a present type to zero); for IJN searches the USN first rolls, in secret, on
the IJN Search Results Table to see what kind of report he owes. A dummy that is detected in any way is removed
without a report (5.4).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from leyte.core.dice import Modifier
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset import engine
from leyte.rulebooks.imperial_sunset.common import (
    active_tfs,
    dist,
    enemy_markers_at,
    is_day,
    live_ships,
    public_tf_name,
)
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.engine import ask, frame, opt, pop
from leyte.rulebooks.imperial_sunset.state import State, TFState, other

REPORT_ORDER = ("carriers", "battleships", "cruisers", "destroyers", "transports")


def air_search_range(st: State, tf: TFState) -> int:
    """Longest air search range of a TF's ships that can still fly (7.2); 0 if it cannot air search."""
    D = st.data
    best = 0
    for s in tf.ships:
        ship = st.ships[s]
        if ship.sunk or ship.exited or ship.air_ops_lost:
            continue
        r = D.ships[s].air_search_range
        if r > best:
            best = r
    return best


def composition(st: State, tf: TFState) -> dict[str, int]:
    """Ship units per report category (7.2: destroyer units count as units, not ships)."""
    out: dict[str, int] = {}
    for s in live_ships(st, tf):
        cat = st.data.ships[s].category
        out[cat] = out.get(cat, 0) + 1
    return out


def _search_frame(searcher_side: str, searcher: str, target: str, mode: str, hex_label: str, rng: int = 0,
                  entering: str | None = None) -> tuple[str, dict[str, Any]]:
    return ("search", {"side": searcher_side, "searcher": searcher, "target": target, "mode": mode,
                       "hex": hex_label, "range": rng, "entering": entering})


def arrival_searches(st: State, tf: TFState, ctx: Context, *, arriving: bool) -> list[tuple[str, dict[str, Any]]]:
    """Searches owed when ``tf`` is activated in, or enters, a hex holding enemy TF markers (7.1, 7.1.1)."""
    hex_label = tf.hex or ""
    enemies = enemy_markers_at(st, hex_label, tf.side)
    if not enemies:
        return []
    fr = engine.top(st)
    searched = fr.setdefault("searched", []) if fr and fr.get("kind") == "activate_tf" else []
    frames: list[tuple[str, dict[str, Any]]] = []
    if hex_label not in searched and not tf.dummy:
        searched.append(hex_label)
        for e in enemies:
            if not e.detected:
                frames.append(_search_frame(tf.side, tf.id, e.id, "surface", hex_label))
    if not tf.detected:
        for e in enemies:
            if not e.dummy:
                frames.append(_search_frame(e.side, e.id, tf.id, "surface", hex_label,
                                            entering=tf.id if arriving else None))
    return frames


def air_search(st: State, tf: TFState, ctx: Context) -> list[tuple[str, dict[str, Any]]]:
    """7.2: search every enemy TF marker within the TF's air search range (the own hex is surface search)."""
    rng = air_search_range(st, tf)
    ctx.emit("7.2", f"TF {tf.id} flies an air search ({rng} hexes)", kind="air_search",
             data={"tf": tf.id, "range": rng})
    frames = []
    for e in sorted(active_tfs(st, other(tf.side)), key=lambda t: t.id):
        d = dist(st.data, tf.hex or "", e.hex or "")
        if 1 <= d <= rng:
            frames.append(_search_frame(tf.side, tf.id, e.id, "air", e.hex or "", d))
    return frames


def formation_origins(D: ISData, formation: str) -> list[str]:
    """Hexes a land-based formation measures its search and strike range from (6.5.8, 6.5.9)."""
    m = D.map
    if formation == "2AF":
        return ["2412"]  # 6.5.9: the 2nd Air Fleet traces every mission from Clark Field (ruling: searches too)
    if formation == "1AF":
        return [m.label(h) for h in m.find("airfleet", "1")]
    return []


def formation_search(st: State, formation: str, ctx: Context) -> list[tuple[str, dict[str, Any]]]:
    """4.5/6.5.8/6.5.9: a formation searches every enemy TF within range of its airfields or search area."""
    D = st.data
    m = D.map
    side = "USN" if formation == "USAAF" else "IJN"
    frames = []
    for e in sorted(active_tfs(st, other(side)), key=lambda t: t.id):
        if e.hex is None:
            continue
        if formation == "USAAF":
            if m.has_feature(m.hex(e.hex), "usaaf_search"):
                frames.append(_search_frame(side, formation, e.id, "usaaf", e.hex, 0))
            continue
        origins = formation_origins(D, formation)
        if not origins:
            continue
        d = min(dist(D, o, e.hex) for o in origins)
        if d <= D.mod("search.air_range.land_based"):
            frames.append(_search_frame(side, formation, e.id, "land", e.hex, d))
    return frames


def search_modifiers(st: State, fr: dict[str, Any]) -> list[Modifier]:
    D = st.data
    mods: list[Modifier] = []
    mode = fr["mode"]
    m = D.map
    if mode == "surface":
        mods.append(Modifier(D.mod("search.own_hex"), "searching its own hex (7.1)"))
        if m.has_feature(m.hex(fr["hex"]), "strait"):
            mods.append(Modifier(D.mod("search.strait"), "strait hex (7.1)"))
    if mode in ("air", "land", "usaaf") and fr["range"]:
        key = f"search.range.{fr['range']}"
        if key in D.mods and D.mods[key].value:
            mods.append(Modifier(D.mods[key].value, f"range {fr['range']} hexes (7.2)"))
    if mode == "air":
        tf = st.tfs[fr["searcher"]]
        fleet_carriers = sum(1 for s in live_ships(st, tf) if D.ships[s].type == "CV")
        if fleet_carriers >= 2:
            mods.append(Modifier(D.mod("search.carriers"), f"{fleet_carriers} fleet carriers searching (7.2)"))
    if mode == "land" and fr["side"] == "IJN":
        mods.append(Modifier(D.mod("search.ijn_land_based"), "IJN land-based air (7.2)"))
    return [x for x in mods if x.value]


@frame("search")
class Search:
    """One search roll against one enemy TF marker (7.3), then its consequences."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        target = st.tfs.get(fr["target"])
        if target is None or not target.in_play or target.hex != fr["hex"]:
            return
        if fr["mode"] == "surface":
            searcher = st.tfs.get(fr["searcher"])
            if searcher is None or not searcher.in_play or searcher.hex != fr["hex"]:
                return
        side = fr["side"]
        D = st.data
        rec = ctx.roll_on(D.table("search"), None, search_modifiers(st, fr), purpose=f"{side} search of TF "
                          f"{target.id}", rule="7.3", visible=(side,))
        result = rec.result
        if not result.get("detected"):
            if target.detected and fr["mode"] != "surface":
                target.detected = False
                ctx.emit("7.2", f"TF {target.id} is lost: a failed search of a detected TF undetects it",
                         kind="detection", data={"tf": target.id, "detected": False})
            else:
                ctx.emit("7.3", f"{side} search of TF {target.id}: no detection", kind="detection",
                         data={"tf": target.id, "detected": False, "by": side}, visible=(side,))
            return
        if target.dummy:
            target.in_play = False
            ctx.emit("5.4", f"TF {target.id} was a dummy and is removed", kind="dummy_removed",
                     data={"tf": target.id, "hex": target.hex})
            return
        was = target.detected
        target.detected = True
        ctx.emit("7.3", f"TF {target.id} in {target.hex} is detected by the {side}", kind="detection",
                 data={"tf": target.id, "detected": True, "by": side, "hex": target.hex, "was": was})
        report, pm = str(result.get("report", "by_type")), int(result.get("plus_minus", 0))
        if side == "IJN":
            sec = ctx.roll_on(D.table("ijn_search_results"), None, (), purpose="USN secret roll for the report "
                              f"on TF {target.id}", rule="7.2", visible=("USN",))
            report, pm = str(sec.result.get("report", report)), int(sec.result.get("plus_minus", pm))
        frames: list[tuple[str, dict[str, Any]]] = [("search_report", {
            "reporter": target.side, "viewer": side, "target": target.id, "report": report, "pm": pm,
            "truth": composition(st, target), "given": {}, "mode": fr["mode"], "rule": "7.2",
        })]
        if side == "USN":
            frames.append(("wild_bull_check", {"target": target.id}))
        entering = fr.get("entering")
        if entering and fr["mode"] == "surface" and entering in st.tfs:
            frames.append(("reactive_battle", {"side": side, "searcher": fr["searcher"], "mover": entering,
                                               "hex": fr["hex"]}))
        engine.push_many(st, frames)


def report_range(true_n: int, pm: int) -> list[int]:
    """The numbers a reporter may give for a present type: within ±pm, never below one (7.2)."""
    return list(range(max(1, true_n - pm), true_n + pm + 1))


@lru_cache(maxsize=1024)
def _report_option(category: str, count: int) -> Action:
    return opt("report", f"Report {count} {category}", category=category, count=count)


@frame("search_report")
class SearchReport:
    """7.2/5.1: the searched player reports what the TF holds, choosing within the table's band."""

    @staticmethod
    def _pending(fr: dict[str, Any]) -> list[str]:
        if fr["report"] == "ship_count":
            return []
        return [c for c in REPORT_ORDER if c in fr["truth"] and c not in fr["given"]]

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        pend = SearchReport._pending(fr)
        if not pend or st.options.get("auto_reports") or fr["pm"] == 0:
            return None
        cat = pend[0]
        n = fr["truth"][cat]
        options = [_report_option(cat, k) for k in report_range(n, fr["pm"])]
        return ask(fr["reporter"], "search_report", f"Report the number of {cat} in TF {fr['target']} "
                   f"(true {n}, you may say {options[0]['count']}-{options[-1]['count']})", fr["rule"], options,
                   data={"category": cat, "target": fr["target"], "true": n, "least": options[0]["count"],
                         "most": options[-1]["count"]})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        fr["given"][str(action["category"])] = int(action["count"])

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pend = SearchReport._pending(fr)
        if pend:
            # Automatic reports: exact when the band is zero, else a seeded pick within the band.
            cat = pend[0]
            choices = report_range(fr["truth"][cat], fr["pm"])
            if len(choices) == 1:
                fr["given"][cat] = choices[0]
            else:
                # logged for the reporter alone, so a scripted die spent here shows in that player's log
                i = ctx.pick(len(choices), purpose=f"automatic report of {cat} on TF {fr['target']}", rule="7.2",
                             visible=(fr["reporter"],))
                fr["given"][cat] = choices[i]
            return
        pop(st, fr)
        if fr["report"] == "ship_count":
            total = sum(fr["truth"].values())
            text = f"Report on TF {fr['target']}: {total} ship units"
            given: dict[str, int] = {"ships": total}
        else:
            given = {c: fr["given"][c] for c in REPORT_ORDER if c in fr["given"]}
            parts = ", ".join(f"{n} {c}" for c, n in given.items()) or "nothing"
            text = f"Report on TF {fr['target']}: {parts} (accurate to ±{fr['pm']} by type)"
        reports = st.flags.setdefault("reports", {}).setdefault(fr["viewer"], {})
        reports[fr["target"]] = {"turn": st.turn, "report": fr["report"], "pm": fr["pm"], "counts": given}
        ctx.emit(fr["rule"], text, kind="report", data={"tf": fr["target"], "counts": given, "pm": fr["pm"],
                                                        "report": fr["report"]},
                 visible=tuple(sorted({fr["viewer"], fr["reporter"]})))


def new_tf_report(st: State, tf: TFState, ctx: Context) -> None:
    """5.1: a newly formed TF's size is told to the opponent as a detection result of 5 would tell it.

    Ruling E23: a dummy placed in the Initial Phase is announced in exactly the same words, kind, data and order,
    as one ship unit — what every new TF this engine forms holds when it is announced (ships split off or form a
    group one at a time, 5.1) — so the announcement never tells a dummy from a real force (5.4).
    """
    D = st.data
    cell = D.table("search").lookup(None, 5).result
    data: dict[str, Any] = {"tf": tf.id, "hex": tf.hex, "side": tf.side}
    text = f"A new {tf.side} TF {tf.id} forms in {tf.hex}"
    if cell.get("report") == "ship_count":
        total = 1 if tf.dummy else len(live_ships(st, tf))
        text += f" with {total} ship unit(s)"
        data["counts"] = {"ships": total}
    ctx.emit("5.1", text, kind="tf_new", data=data)


_ = (is_day, public_tf_name)
