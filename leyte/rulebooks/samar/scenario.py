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
from leyte.rulebooks.samar.state import AirState, ShipState, State

OPTIONS = {"alternate_movement": "3.5 alternative movement sequence (default off)",
           "setup_by_hand": "3.1 place Taffy Three by hand rather than at the scenario's default hexes (default off)"}


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
    from leyte.rulebooks.samar import schema  # pydantic loads only when a scenario is read

    where = f"scenario {sid or (raw.get('id', '?') if isinstance(raw, Mapping) else '?')}"
    schema.check_scenario_file(raw, data(), where)
    t3, t2, bg, cf, air = raw["taffy3"], raw["taffy2"], raw["bombardment"], raw["center_force"], raw["air"]
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
    """Check a position against the declared schema (``schema.Position``): every field's type and range, ids in the
    data, hexes at sea. Errors are ScenarioError naming the field path, the value and the rule."""
    from leyte.rulebooks.samar import schema  # pydantic loads only when a position is checked

    where = f"scenario {pos.get('id', '<dict>')!r}" if isinstance(pos, Mapping) else "scenario"
    schema.check_position(pos, data(), where)


def new_state(pos: Mapping[str, Any], options: Mapping[str, Any], ctx: Context) -> State:
    D = data()
    from leyte.rulebooks.samar import schema  # pydantic loads only when a position is checked

    pos = copy.deepcopy(dict(pos))  # frames keep lists from the position; the Game's copy must stay pristine
    schema.check_options(options)  # before anything is built: a refusal leaves nothing behind
    opts = {**pos.get("options", {}), **options}
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
