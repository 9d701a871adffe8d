"""Scenarios and positions: the historical set-up (3.1, 3.2) and any position a test or notebook writes.

A *position* is a plain dict (JSON-ready)::

    {"id": "demo", "turn": 5, "last_turn": 16, "start": "combat",      # "turn" (default), "combat" or "movement"
     "ships": [{"id": "yamato", "hex": "1005", "facing": 3, "speed": "battle", "hits": 0, ...}],  # ShipState fields
     "pools": {"ijn": [...], "ijn_bb": [...], "taffy2": [...], "bombardment": [...]},
     "air": [{"id": "vc10", "where": "available"}], "smoke": {"1207": 1}, "options": {"alternate_movement": true}}

Ships not listed take no part. ``where`` defaults to ``map`` when a hex is given, else ``pool``. Scenario files
(``scenarios/samar/scenarios/*.toml``) are converted to this form by ``from_scenario_file``.
"""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from leyte.core.errors import ScenarioError
from leyte.core.game import Context
from leyte.rulebooks.samar import sequence
from leyte.rulebooks.samar.data import data
from leyte.rulebooks.samar.geometry import FACING_NAMES
from leyte.rulebooks.samar.state import SPEEDS, AirState, ShipState, State

OPTIONS = {"alternate_movement": "3.5 alternative movement sequence (default off)"}
SHIP_FIELDS = set(ShipState.__slots__)  # type: ignore[attr-defined]


def read_position(source: str | Path | Mapping[str, Any]) -> dict[str, Any]:
    D = data()
    if isinstance(source, Mapping):
        pos = copy.deepcopy(dict(source))
        if "ships" not in pos and "taffy3" in pos:
            pos = from_scenario_file(pos)
    else:
        text = str(source)
        if text in D.scenarios:
            pos = from_scenario_file(D.scenarios[text], text)
        else:
            p = Path(text)
            if not p.exists():
                raise ScenarioError(f"no scenario {text!r}: known ids are {', '.join(sorted(D.scenarios))}, or give "
                                    "a path to a .toml/.json file")
            try:
                raw = tomllib.loads(p.read_text(encoding="utf-8")) if p.suffix == ".toml" else json.loads(
                    p.read_text(encoding="utf-8"))
            except (tomllib.TOMLDecodeError, json.JSONDecodeError) as e:
                raise ScenarioError(f"{p}: cannot read the scenario: {e}") from None
            pos = raw if "ships" in raw else from_scenario_file(raw, p.stem)
    validate(pos)
    return pos


def from_scenario_file(raw: Mapping[str, Any], sid: str | None = None) -> dict[str, Any]:
    where = f"scenario {sid or raw.get('id', '?')}"
    try:
        t3, t2, bg, cf, air = raw["taffy3"], raw["taffy2"], raw["bombardment"], raw["center_force"], raw["air"]
    except KeyError as e:
        raise ScenarioError(f"{where}: missing section [{e.args[0]}]") from None
    facing = FACING_NAMES.index(str(t3.get("facing", "N")))
    ships = [{"id": s, "side": "USN", "where": "pool"} for s in t3["ships"] + t2["ships"] + bg["ships"]]
    ships += [{"id": s, "side": "IJN", "where": "pool"} for s in cf["ships"] + cf["battleships"]]
    return {
        "id": str(raw.get("id", sid or "custom")),
        "name": str(raw.get("name", sid or "custom")),
        "turn": int(raw.get("first_turn", 1)),
        "last_turn": int(raw.get("last_turn", 16)),
        "start": "turn",
        "ships": ships,
        "pools": {"ijn": list(cf["ships"]), "ijn_bb": list(cf["battleships"]), "taffy2": list(t2["ships"]),
                  "bombardment": list(bg["ships"])},
        "air": [{"id": a, "where": "pool"} for a in air["taffy"] + air["kamikaze"]],
        "smoke": {},
        "setup": {"todo": list(t3["ships"]), "centre": str(t3["centre"]), "radius": int(t3["radius"]),
                  "facing": facing, "default": dict(t3.get("default", {}))},
        "options": {},
    }


def validate(pos: Mapping[str, Any]) -> None:
    D = data()
    where = f"scenario {pos.get('id', '<dict>')!r}"
    if not isinstance(pos.get("ships"), list):
        raise ScenarioError(f"{where}: needs a list 'ships'")
    seen: set[str] = set()
    for i, s in enumerate(pos["ships"]):
        loc = f"{where}, ships[{i}]"
        sid = s.get("id")
        if sid not in D.ships:
            raise ScenarioError(f"{loc}, field 'id': no ship {sid!r} in ships.csv")
        if sid in seen:
            raise ScenarioError(f"{loc}, field 'id': {sid} listed twice")
        seen.add(sid)
        for k in s:
            if k not in SHIP_FIELDS:
                raise ScenarioError(f"{loc}, field {k!r}: not a ship field ({', '.join(sorted(SHIP_FIELDS))})")
        if s.get("hex") is not None:
            try:
                h = D.map.hex(str(s["hex"]))
            except ValueError as e:
                raise ScenarioError(f"{loc}, field 'hex': {e}") from None
            if D.map.terrain(h) == "land":
                raise ScenarioError(f"{loc}, field 'hex': {s['hex']} is land")
        if s.get("speed", "battle") not in SPEEDS:
            raise ScenarioError(f"{loc}, field 'speed': {s.get('speed')!r} is not one of {', '.join(SPEEDS)}")
        if not 0 <= int(s.get("facing", 0)) <= 5:
            raise ScenarioError(f"{loc}, field 'facing': must be 0 (N) to 5 (NW)")
    for k, lst in pos.get("pools", {}).items():
        for sid in lst:
            if sid not in seen:
                raise ScenarioError(f"{where}, pools.{k}: {sid!r} is not among the ships")
    for i, a in enumerate(pos.get("air", [])):
        if a.get("id") not in D.air:
            raise ScenarioError(f"{where}, air[{i}], field 'id': no air unit {a.get('id')!r}")
    t = int(pos.get("turn", 1))
    if not 1 <= t <= int(pos.get("last_turn", 16)) <= D.c("turns"):
        raise ScenarioError(f"{where}: turn {t} / last_turn must lie within 1..{D.c('turns')}")
    if pos.get("start", "turn") not in ("turn", "combat", "movement"):
        raise ScenarioError(f"{where}, field 'start': must be turn, combat or movement")
    for k in pos.get("options", {}):
        if k not in OPTIONS:
            raise ScenarioError(f"{where}, options: unknown option {k!r}; options: {', '.join(OPTIONS)}")


def new_state(pos: Mapping[str, Any], options: Mapping[str, Any], ctx: Context) -> State:
    D = data()
    pos = copy.deepcopy(dict(pos))  # frames keep lists from the position; the Game's copy must stay pristine
    opts = dict(pos.get("options", {}))
    for k, v in options.items():
        if k not in OPTIONS:
            raise ScenarioError(f"unknown option {k!r}; options: {', '.join(OPTIONS)}")
        opts[k] = v
    st = State(scenario=str(pos.get("id", "custom")), turn=int(pos.get("turn", 1)),
               last_turn=int(pos.get("last_turn", 16)), options=opts)
    for s in pos["ships"]:
        d = dict(s)
        d.setdefault("side", D.ships[d["id"]].side)
        if "where" not in d:
            d["where"] = "map" if d.get("hex") else "pool"
        st.ships[d["id"]] = ShipState(**d)
    for a in pos.get("air", []):
        st.air[a["id"]] = AirState(id=a["id"], side=D.air[a["id"]].side, where=a.get("where", "pool"),
                                   target=a.get("target"))
    st.pools = {k: list(v) for k, v in pos.get("pools", {}).items()}
    st.smoke = {str(k): int(v) for k, v in pos.get("smoke", {}).items()}
    st.cleared = bool(pos.get("cleared", False))
    st.exited_armor = int(pos.get("exited_armor", 0))
    ctx.emit("3.0", f"{pos.get('name', st.scenario)}: turn {st.turn} ({D.time(st.turn)})", kind="start",
             data={"scenario": st.scenario})
    start = pos.get("start", "turn")
    if start == "turn":
        sequence.start(st, ctx, pos.get("setup"))
    else:
        from leyte.rulebooks.samar.engine import advance, push_many

        frames: list[tuple[str, dict[str, Any]]] = []
        if start == "combat":
            frames.append(("combat", {}))
        frames += [("movement", {}), ("removal", {}), ("end_turn", {})]
        push_many(st, frames)
        advance(st, ctx)
    return st
