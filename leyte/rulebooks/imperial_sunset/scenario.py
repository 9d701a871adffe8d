"""Scenarios (module 13) and optional rules (14): set-up, the special rules' rolls, and the position format.

A *position* is the dict every game starts from — the scenario files are converted to it, and worked examples and
"try it yourself" cells write one directly (format: scenarios/imperial-sunset/notes/position-format.md). Set-up
asks the owner where each TF with a set-up zone goes ("within two hexes of 3623", 13.1.3.1; the historical hex is the
first option), deals the TF marker numbers at random (13.1 lets each player number his TFs freely, and random
numbers keep the numbers from telling the opponent which force is which), rolls the What-If air order of battle in
secret (13.2), then starts the first turn.

Special rules: the Wild Bull (13.1.5.1) — a secret USN roll the first time an IJN carrier TF is detected, binding
Third Fleet TFs to close on it — and IJN Fanaticism (13.1.5.2, enforced in ``movement``).
"""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from leyte.core.errors import ScenarioError
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset import activation, engine, scenario_files, sequence
from leyte.rulebooks.imperial_sunset.common import (
    AIR_FORMATIONS,
    active_tfs,
    dist,
    live_ships,
    record_is_day,
    turn_record,
)
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.engine import ask, frame, opt, pop
from leyte.rulebooks.imperial_sunset.state import AirState, ShipState, State, TFState


def read_position(D: ISData, source: str | Path | Mapping[str, Any]) -> dict[str, Any]:
    """A scenario id, a TOML/JSON file or a dict -> a validated position dict."""
    if isinstance(source, Mapping):
        pos = copy.deepcopy(dict(source))
        if "tfs" not in pos and "task_forces" in pos:
            pos = from_scenario_file(D, pos)
    else:
        text = str(source)
        if text in D.scenarios:
            pos = from_scenario_file(D, D.scenarios[text], scenario_id=text)
        else:
            p = Path(text)
            if not p.exists():
                raise ScenarioError(f"no scenario {text!r}: known ids are {', '.join(sorted(D.scenarios))}, "
                                    "or give a path to a .toml/.json file")
            try:
                raw = tomllib.loads(p.read_text(encoding="utf-8")) if p.suffix == ".toml" else json.loads(
                    p.read_text(encoding="utf-8"))
            except (tomllib.TOMLDecodeError, json.JSONDecodeError) as e:
                raise ScenarioError(f"{p}: cannot read the scenario: {e}") from None
            pos = raw if "tfs" in raw else from_scenario_file(D, raw, scenario_id=p.stem)
    validate(D, pos)
    return pos


def from_scenario_file(D: ISData, raw: Mapping[str, Any], scenario_id: str | None = None) -> dict[str, Any]:
    """Convert a scenarios/imperial-sunset/scenarios/*.toml file to a position, after checking the fields read."""
    from leyte.rulebooks.imperial_sunset import schema  # pydantic loads only when a scenario is read

    sid = raw.get("id", scenario_id or "custom") if isinstance(raw, Mapping) else scenario_id
    schema.check_scenario_file(raw, D, f"scenario file {sid}.toml")
    return scenario_files.to_position(D, raw, scenario_id)


def validate(D: ISData, pos: Mapping[str, Any]) -> None:
    """Check a position against the declared schema (``schema.Position``): every field's type and range, ids in the
    data, sea hexes, entries that agree with each other. Errors are ScenarioError naming the field path, the value
    and the rule."""
    from leyte.rulebooks.imperial_sunset import schema  # pydantic loads only when a position is checked

    where = f"scenario {pos.get('id', '<dict>')!r}" if isinstance(pos, Mapping) else "scenario"
    schema.check_position(pos, D, where)


def new_state(D: ISData, pos: Mapping[str, Any], options: Mapping[str, Any], ctx: Context) -> State:
    """Build the opening State of a position on the game's data ``D`` and run to its first decision."""
    from leyte.rulebooks.imperial_sunset import schema  # pydantic loads only when options are checked

    schema.check_options(options)  # before anything is built: a refusal leaves nothing behind
    opts = {**pos.get("options", {}), **options}
    st = State(scenario=str(pos.get("id", "custom")), turn=int(pos.get("turn", pos.get("first_turn", 1))),
               first_turn=int(pos.get("first_turn", 1)), last_turn=int(pos.get("last_turn", 12)), options=opts,
               data=D)
    st.flags["turn_record_key"] = pos.get("turn_record_key", pos.get("id", "historical"))
    if "turn_record" in pos:
        st.flags["turn_record"] = {str(k): v for k, v in pos["turn_record"].items()}
    st.flags["reinforcements"] = copy.deepcopy(list(pos.get("reinforcements", [])))
    st.flags["grounded_formations"] = copy.deepcopy(dict(pos.get("grounded_formations", {})))
    st.flags["formations"] = list(pos.get("formations", ["1AF", "2AF", "USAAF"]))
    st.flags["whatif_air_ob"] = bool(pos.get("whatif_air_ob", False))
    st.flags["variable_air_ob"] = copy.deepcopy(dict(pos.get("variable_air_ob", {})))
    st.flags["ijn_carrier_aircraft_return"] = bool(pos.get("ijn_carrier_aircraft_return", False))
    for key in ("wild_bull", "fanaticism"):
        st.options.setdefault(key, bool(pos.get("special_rules", {}).get(key, False)))
    st.kamikazes = int(pos.get("kamikazes", 0))
    for i, son in enumerate(pos.get("sonar", [])):
        st.sonar.append({"id": f"sonar-p{i + 1}", "hex": str(son["hex"]), "identity": son["identity"]})
    st.pt_hex = pos.get("pt_hex")
    for tf in pos["tfs"]:
        t = TFState(id=tf.get("marker", ""), side=tf["side"], name=tf["name"], hex=str(tf["hex"]),
                    ships=list(tf.get("ships", [])), dummy=bool(tf.get("dummy", False)), fleet=tf.get("fleet"),
                    detected=bool(tf.get("detected", False)), mp_markers=int(tf.get("mp_markers", 0)),
                    activated=bool(tf.get("activated", False)))
        st.flags.setdefault("setup_zones", {})
        st.tfs[t.id or f"_{tf['name']}"] = t
        if tf.get("zone"):
            st.flags["setup_zones"][tf["name"]] = dict(tf["zone"])
        for sid in t.ships:
            st.ships[sid] = ShipState(id=sid, side=t.side, tf=t.id, hits=int(tf.get("hits", {}).get(sid, 0)),
                                      force=t.name if t.side == "IJN" else None)
    for s in pos.get("ships", []):  # per-ship overrides: damage, sunk, independents
        sid = s["id"]
        ship = st.ships.get(sid) or ShipState(id=sid, side=D.ships[sid].side)
        for k in ("hits", "sunk", "exited", "torpedo_used", "independent", "detected", "hex", "destination"):
            if k in s:
                setattr(ship, k, s[k])
        st.ships[sid] = ship
    for a in pos.get("air", []):
        d = D.air[a["id"]]
        st.air[a["id"]] = AirState(id=a["id"], side=d.side, parent=a.get("parent", d.parent),
                                   box=a.get("box", "ready"), reduced=bool(a.get("reduced", False)),
                                   cap_over=a.get("cap_over"), role=a.get("role"),
                                   missions_today=int(a.get("missions_today", 0)))
    if pos.get("all_ijn_air_ready"):
        for a in st.air.values():  # 13.2: every IJN air unit starts Ready
            if a.side == "IJN" and a.box == "flown":
                a.box = "ready"
    _deal_markers(st, ctx)
    st.vp = list(pos.get("vp", []))
    start = dict(pos.get("start", {}))
    engine.push(st, "setup", start=start)
    engine.advance(st, ctx)
    return st


def _deal_markers(st: State, ctx: Context) -> None:
    """Give every TF without a marker id a random marker number of its side (13.1)."""
    unnamed = [k for k, t in st.tfs.items() if not t.id]
    by_side: dict[str, list[str]] = {"IJN": [], "USN": []}
    for k in unnamed:
        by_side[st.tfs[k].side].append(k)
    fixed = {t.id for t in st.tfs.values() if t.id}
    for side, keys in by_side.items():
        numbers = [f"{side}-{n}" for n in range(1, len(st.tfs) + 20) if f"{side}-{n}" not in fixed][: len(keys)]
        for k in keys:
            i = ctx.dice.randbelow(len(numbers)) if len(numbers) > 1 else 0
            tid = numbers.pop(i)
            t = st.tfs.pop(k)
            t.id = tid
            st.tfs[tid] = t
            for sid in t.ships:
                st.ships[sid].tf = tid
    st.tfs = dict(sorted(st.tfs.items()))


@frame("setup")
class Setup:
    """13.x set-up: zone placements, the What-If air OB roll, then the first turn (or a worked example's start)."""

    @staticmethod
    def _pending(st: State) -> list[TFState]:
        zones = st.flags.get("setup_zones", {})
        done = st.flags.setdefault("placed", [])
        return [t for t in sorted(st.tfs.values(), key=lambda t: (t.side != "IJN", t.id))
                if t.name in zones and t.name not in done]

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        D = st.data
        pend = Setup._pending(st)
        if not pend:
            return None
        tf = pend[0]
        z = st.flags["setup_zones"][tf.name]
        m = D.map
        centre = m.hex(str(z["center"]))
        cap = D.mod("stack.friendly_tfs")
        legal = []
        for h in (m.label(x) for x in m.within(centre, int(z["radius"])) if m.is_sea(x)):
            friends = [t for t in st.tfs_at(h, tf.side) if t.id != tf.id]
            mixed = tf.side == "USN" and any(t.fleet and t.fleet != tf.fleet for t in friends)
            if len(friends) < cap and not mixed:
                legal.append(h)
        default = str(z.get("default", tf.hex))
        legal.sort(key=lambda h: (h != default, h))
        return ask(tf.side, "setup", f"Set up {tf.name} within {z['radius']} hexes of {z['center']} "
                   f"(historical: {default})", str(z.get("rule", "13.1")),
                   [opt("setup_hex", f"{tf.name} starts in {h}", tf=tf.id, hex=h) for h in legal],
                   data={"tf": tf.id, "centre": str(z["center"]), "radius": int(z["radius"]),
                         "historical_hex": default})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        tf = st.tfs[str(action["tf"])]
        tf.hex = str(action["hex"])
        st.flags["placed"].append(tf.name)
        ctx.emit("13.1", f"{tf.name} sets up in {tf.hex}", kind="setup", data={"tf": tf.id, "hex": tf.hex},
                 visible=(tf.side,))

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        if st.flags.get("whatif_air_ob") and not st.secret.get("whatif_air_ob"):
            whatif_air_ob(st, ctx)
        start = fr.get("start") or {}
        if start.get("activate"):
            _start_in_activation(st, start, ctx)
            return
        st.phase = "initial"
        sequence.start(st, ctx)


def _start_in_activation(st: State, start: Mapping[str, Any], ctx: Context) -> None:
    """A worked example that begins with one TF already drawn: the rest of that turn follows normally."""
    rec = dict(start.get("turn_record") or turn_record(st, st.turn))
    st.flags["turn_info"] = rec
    st.flags["day"] = bool(start.get("day", record_is_day(rec)))
    st.phase = "activation"
    st.pool = list(start.get("pool", []))
    engine.push_many(st, [("activation_phase", {}), ("terminal", {}), ("end_turn", {})])
    marker = str(start["activate"])
    if marker.startswith("kamikaze"):
        st.kamikazes = max(st.kamikazes, 1)
        engine.push(st, "activate_kamikaze", marker=marker, side="IJN")
        return
    if marker in AIR_FORMATIONS:
        st.flags.setdefault("formations_activated", []).append(marker)
        engine.push(st, "activate_air", formation=marker, side=AIR_FORMATIONS[marker])
        return
    if marker not in st.tfs:
        raise ScenarioError(f"start.activate: no TF or air formation {marker!r} in the position")
    activation.begin_tf_activation(st, st.tfs[marker], ctx)


def whatif_air_ob(st: State, ctx: Context) -> None:
    """13.2: the IJN rolls in secret for extra carrier air units; they join the Ozawa carriers' air groups."""
    D = st.data
    rec = ctx.roll_on(D.table("whatif_air_ob"), None, (), purpose="What-If IJN air order of battle (secret)",
                      rule="13.2", visible=("IJN",))
    added = scenario_files.apply_whatif_air(st, rec.result)
    st.secret["whatif_air_ob"] = {"roll": rec.final, "added": added}


def wild_bull_roll(st: State, target_id: str, ctx: Context) -> None:
    """13.1.5.1: on first detecting an IJN CV/CVL TF, roll secretly; bind the nearest Third Fleet TFs to chase it."""
    D = st.data
    if not st.options.get("wild_bull") or "wild_bull" in st.secret:
        return
    target = st.tfs.get(target_id)
    if target is None or not any(D.ships[s].type in ("CV", "CVL") for s in live_ships(st, target)):
        return
    rec = ctx.roll_on(D.table("wild_bull"), None, (), purpose="Wild Bull (secret)", rule="13.1.5.1",
                      visible=("USN",))
    res = rec.result
    ijn_hexes = [t.hex for t in active_tfs(st, "IJN") if t.hex]
    third = [t for t in active_tfs(st, "USN") if t.fleet == "3rd" and not t.dummy and t.hex]
    exempt = sorted(t.id for t in third if any(dist(D, t.hex or "", h) <= 1 for h in ijn_hexes))
    free = [t for t in third if t.id not in exempt]
    carriers = sorted((t for t in free if any(D.ships[s].type in ("CV", "CVL") for s in live_ships(st, t))),
                      key=lambda t: (dist(D, t.hex or "", target.hex or ""), t.id))
    bound = [t.id for t in carriers[: int(res.get("pursuing_carrier_tfs", 0))]]
    if res.get("battleships_pursue"):
        bound += sorted(t.id for t in free if t.id not in bound
                        and any(D.ships[s].type == "BB" for s in live_ships(st, t)))
    turns = int(res.get("turns", 0))
    st.secret["wild_bull"] = {"roll": rec.final, "order": res.get("order"), "bound": bound, "exempt": exempt,
                              "target": target_id, "until_turn": st.turn + turns - 1 if turns else 0}
    ctx.emit("13.1.5.1", f"Wild Bull: {res.get('order')} — {len(bound)} Third Fleet TF(s) must close on "
             f"TF {target_id} for {turns} turn(s); exempt (adjacent to the enemy): {', '.join(exempt) or 'none'}",
             kind="wild_bull", data=dict(st.secret["wild_bull"]), visible=("USN",))


@frame("wild_bull_check")
class WildBullCheck:
    """13.1.5.1: the first time an IJN carrier TF is detected, the USN rolls in secret on the Wild Bull Table.

    Detection (7.3) pushes this frame by name after a USN search succeeds, so it need not import this module.
    """

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        wild_bull_roll(st, fr["target"], ctx)
