"""Reading the scenario files (scenarios/imperial-sunset/scenarios/*.toml) into the engine's position format.

The files describe 13.1–13.3 as the rulebook states them (format: notes/units-format.md); the engine starts from a
*position* (notes/position-format.md). This module is the one place that knows both shapes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from leyte.core.errors import ScenarioError
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.state import AirState, State


def _air_entries(tf: Mapping[str, Any]) -> list[dict[str, Any]]:
    out = []
    for group in tf.get("air", []):
        for box in ("ready", "flown"):
            for aid in group.get(box, []):
                out.append({"id": aid, "parent": group["carrier"], "box": box})
    return out


def substitutions(D: ISData) -> dict[str, str]:
    """Printed set-up hexes that fall on land on the rebuilt map, and the sea hex ruled in their place."""
    import csv

    path = D.folder / "setup_substitutions.csv"
    if not path.exists():
        return {}
    return {r["printed"]: r["used"] for r in csv.DictReader(path.read_text(encoding="utf-8").splitlines())}


def _on(rule: Mapping[str, Any] | None) -> bool:
    return bool(rule) and str(rule.get("status", "required")) in ("required", "recommended")


def to_position(D: ISData, raw: Mapping[str, Any], scenario_id: str | None = None) -> dict[str, Any]:
    sid = str(raw.get("id", scenario_id or "custom"))
    where = f"scenario file {sid}.toml"
    if "task_forces" not in raw:
        raise ScenarioError(f"{where}: no [[task_forces]]")
    subs = substitutions(D)
    tfs: list[dict[str, Any]] = []
    air: list[dict[str, Any]] = []
    reinforcements: list[dict[str, Any]] = []
    for i, tf in enumerate(raw["task_forces"]):
        loc = f"{where}, task_forces[{i}] ({tf.get('id', '?')})"
        for key in ("id", "name", "side", "ships"):
            if key not in tf:
                raise ScenarioError(f"{loc}: missing {key!r}")
        fleet = tf.get("fleet") or None
        if "entry" in tf:
            e = tf["entry"]
            reinforcements.append({"id": tf["id"], "turn": int(e["turn"]), "name": tf["name"], "side": tf["side"],
                                   "fleet": fleet, "hexes": [str(h) for h in e["hexes"]],
                                   "ships": list(tf["ships"]), "air": _air_entries(tf),
                                   "detected": bool(tf.get("detected", False)), "hits": dict(tf.get("hits", {}))})
            continue
        entry: dict[str, Any] = {"name": tf["name"], "side": tf["side"], "fleet": fleet, "ships": list(tf["ships"]),
                                 "detected": bool(tf.get("detected", False)), "hits": dict(tf.get("hits", {}))}
        if "start_hex" in tf:
            printed = str(tf["start_hex"])
            entry["hex"] = subs.get(printed, printed)
        elif "setup_zone" in tf:
            z = tf["setup_zone"]
            entry["hex"] = str(tf.get("default_hex", z["centre"]))
            entry["zone"] = {"center": str(z["centre"]), "radius": int(z["radius"]), "default": entry["hex"],
                             "rule": str(tf.get("case", "13.1"))}
        else:
            raise ScenarioError(f"{loc}: needs start_hex, setup_zone or entry")
        tfs.append(entry)
        air += _air_entries(tf)
    for f in raw.get("air_formations", []):
        for box in ("ready", "flown"):
            for aid in f.get(box, []):
                air.append({"id": aid, "parent": f["id"], "box": box})
    rules = raw.get("special_rules", {})
    grounded: dict[str, list[str]] = {}
    stand = rules.get("ijn_air_stand_down")
    if stand:
        for f in stand.get("formations", []):
            grounded[f] = [str(d) for d in stand.get("dates", [])]
    return {
        "id": sid,
        "name": raw.get("name", sid),
        "turn": int(raw.get("first_turn", 1)),
        "first_turn": int(raw.get("first_turn", 1)),
        "last_turn": int(raw.get("last_turn", 12)),
        "turn_record_key": str(raw.get("turn_record", sid)),
        "tfs": tfs,
        "air": air,
        "reinforcements": reinforcements,
        "grounded_formations": grounded,
        "whatif_air_ob": "variable_air_ob" in raw,
        "variable_air_ob": raw.get("variable_air_ob", {}),
        "special_rules": {"wild_bull": _on(rules.get("wild_bull")),
                          "fanaticism": _on(rules.get("ijn_fanaticism"))},
        "ijn_carrier_aircraft_return": bool(rules.get("ijn_carrier_aircraft")),
        "all_ijn_air_ready": bool(rules.get("all_ijn_air_ready")),
        "options": {},
    }


def apply_whatif_air(st: State, result: Mapping[str, Any]) -> list[str]:
    """13.2: add the air units the secret roll grants; a carrier's units ride with it when it arrives."""
    D = st.data
    spec = st.flags.get("variable_air_ob") or {}
    units = {u["field"]: u for u in spec.get("units", [])}
    added: list[str] = []
    for field, count in sorted(result.items()):
        if not count or field not in units:
            continue
        u = units[field]
        aid, parent = u["unit"], u["sets_up_with"]
        if aid not in D.air:
            raise ScenarioError(f"what-if air OB: unit {aid!r} is not in air_units.csv")
        added.append(aid)
        for r in st.flags.get("reinforcements", []):
            if parent in r.get("ships", []):
                r.setdefault("air", []).append({"id": aid, "parent": parent, "box": u.get("box", "ready")})
                break
        else:
            st.air[aid] = AirState(id=aid, side="IJN", parent=parent, box=u.get("box", "ready"))
    return added
