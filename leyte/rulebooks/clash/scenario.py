"""Scenario 16.1 (the only one that survives: 16.2 and 16.3 are titles only) and the position format.

A scenario file (``scenarios/clash-of-the-carriers/scenarios/*.toml``) lists ``[[task_forces]]`` (the one TF a
side, 3.2), ``[[task_groups]]`` (``tf`` names the parent TF; ``start_hex`` for a fixed set-up, ``setup =
"mobile_fleet_or_west"`` for the IJN Forces whose place is the IJN player's choice), ``[[air_bases]]`` (island air,
on the map with ``hex`` or off it with ``hexes_beyond``, 2.1) and ``[[reinforcements]]`` (``turn`` a number, or
``"d10"`` for 16.1.2's random-turn units). It is converted to a *position*: the dict every game starts from, which
tests and "try it" cells also write directly (``tgs``, ``tfs``, ``air``, ``air_bases``, ``reinforcements``,
``ships`` overrides, ``vp``, ``start``).

Set-up (16.1.1): the USN's hexes are printed. The IJN decides, in order: which of Forces A, B, C the Mobile Fleet
holds (at least one); the Mobile Fleet's hex within three hexes of 0618; a hex in columns 01-07 for each Force left
out; how many dummy TGs to add (up to three TGs outside the Mobile Fleet in all, 16.1.1; eight TGs in all, 3.1.1),
each in the hex of a real IJN formation in those columns (3.1.6). The first option of each question is the
historical choice (all three Forces with the Mobile Fleet in 0618). The random turn of 16.1.2's reinforcements is
rolled in secret for the IJN as the scenario is set up, before these questions.

Play after set-up is the turn sequence of 4.0 (``sequence``). A position may start at the End Phase of a turn
(``start = {"phase": "end_phase"}``, 4.3), at a side's formation step (``{"phase": "formations", "side":
"USN"}``, 5.1) or at the Activation Phase (``{"phase": "activation"}``: the pool is filled from the position and the
Initial Phase's other steps are taken as done, for worked examples of 4.2, 7.0 and 8.7). An activation start may
name the marker drawn first (``"activate"``: a TF, a TG by itself or ``"chit:IJN"``/``"chit:USN"``), so an example
begins with that formation's search (6.0) or that chit (8.7) without a scripted draw. A position may also start in
a surface battle (``{"phase": "battle", "hex": ..., "attacker": "USN", "formations": {"IJN": [...], "USN":
[...]}}``, 12.0): the pool is filled, the battle is fought as if the attacker's activation had led into it, and the
Activation Phase goes on after it — the start of the worked examples of 12.6 and 12.8.
"""

from __future__ import annotations

import copy
import itertools
import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from leyte.core.cases import own
from leyte.core.errors import ScenarioError
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.clash import formations, state
from leyte.rulebooks.clash.engine import ask, frame, opt, pop, push
from leyte.rulebooks.clash.options import check_options
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.state import AirState, ShipState, State, TFState

SETUP_CHOICE = "mobile_fleet_or_west"  # a TG whose set-up 16.1.1 leaves to the IJN player
_POSITION_KEYS = frozenset({
    "id", "name", "turn", "first_turn", "last_turn", "turn_record_key", "turn_record", "saipan_hex", "tfs", "tgs",
    "air", "air_bases", "reinforcements", "ships", "vp", "start", "ijn_setup", "options", "special_rules", "limits",
    "recurring", "detected",
})


# -- reading -------------------------------------------------------------------------------------------------------


def read_position(D: ISData, source: str | Path | Mapping[str, Any]) -> dict[str, Any]:
    """A scenario id, a TOML/JSON file or a dict -> a checked position dict."""
    if isinstance(source, Mapping):
        raw = copy.deepcopy(dict(source))
        pos = raw if "tgs" in raw else from_scenario_file(D, raw)
    else:
        text = str(source)
        if text in D.scenarios:
            pos = from_scenario_file(D, D.scenarios[text], text)
        elif text in ("tf58-unleashed", "japanese-dream", "16.2", "16.3"):
            raise ScenarioError(f"scenario {text!r}: 16.2 (TF 58 Unleashed) and 16.3 (The Japanese Dream) are lost "
                                "from the surviving rulebook (titles only); only 16.1 'historical' can be played")
        else:
            p = Path(text)
            if not p.exists():
                raise ScenarioError(f"no scenario {text!r}: known ids are {', '.join(sorted(D.scenarios))} (16.2 and "
                                    "16.3 are lost), or give a path to a .toml/.json file")
            try:
                raw = (tomllib.loads(p.read_text(encoding="utf-8")) if p.suffix == ".toml"
                       else json.loads(p.read_text(encoding="utf-8")))
            except (tomllib.TOMLDecodeError, json.JSONDecodeError) as e:
                raise ScenarioError(f"{p}: cannot read the scenario: {e}") from None
            pos = raw if "tgs" in raw else from_scenario_file(D, raw, p.stem)
    validate(D, pos)
    return pos


def _need(entry: Mapping[str, Any], keys: tuple[str, ...], where: str) -> None:
    for k in keys:
        if k not in entry:
            raise ScenarioError(f"{where}: missing {k!r}")


def _air_ids(entry: Mapping[str, Any], where: str) -> list[dict[str, Any]]:
    """Air units of a TG: ``air = [{carrier, ready, flown}]``."""
    out = []
    groups = entry.get("air", [])
    if not isinstance(groups, list):
        raise ScenarioError(f"{where}: air must be a list of carrier groups")
    for g in groups:
        for box in ("ready", "flown"):
            for aid in g.get(box, []):
                out.append({"id": str(aid), "parent": str(g["carrier"]), "box": box})
    return out


def airfields(D: ISData) -> dict[str, dict[str, Any]]:
    """The air bases of the map's ``airfields.csv`` (2.1): on the map with a hex, or off it with the hex of the map
    edge they lie beyond and how many hexes beyond."""
    from leyte.core.datafiles import rows

    path = D.folder / "airfields.csv"
    if not path.exists():
        return {}
    out: dict[str, dict[str, Any]] = {}
    for r in rows(path):
        e: dict[str, Any] = {"name": r.str("name")}
        if r.str("hex", ""):
            e["hex"] = r.str("hex")
        else:
            e["hexes_beyond"] = r.int("hexes_beyond")
            e["edge_hex"] = r.str("off_map_edge_hex")
        if r.str("capacity", ""):
            e["capacity"] = r.int("capacity")
        if r.str("air_fleet", ""):
            e["air_fleet"] = r.str("air_fleet")  # ruling M-8: the Air Flotilla the base belongs to
        out[r.str("id")] = e
    return out


def _west_column(zone: Mapping[str, Any] | None, default: int = 7) -> int:
    return int(str((zone or {}).get("west_of_column", default)))


def from_scenario_file(D: ISData, raw: Mapping[str, Any], scenario_id: str | None = None) -> dict[str, Any]:
    """Convert a scenario file (layout: scenarios/clash-of-the-carriers/notes/units-format.md) to a position."""
    sid = str(raw.get("id", scenario_id or "custom"))
    where = f"scenario file {sid}.toml"
    for key in ("task_forces", "task_groups"):
        if not isinstance(raw.get(key), list) or not raw[key]:
            raise ScenarioError(f"{where}: needs [[{key}]] (3.1, 3.2)")
    tfs: list[dict[str, Any]] = []
    members: dict[str, str] = {}
    for i, tf in enumerate(raw["task_forces"]):
        loc = f"{where}, task_forces[{i}] ({tf.get('id', '?')})"
        _need(tf, ("id", "name", "side"), loc)
        entry = {"id": str(tf["id"]), "name": str(tf["name"]), "side": str(tf["side"])}
        if "setup_zone" in tf:
            z = tf["setup_zone"]
            entry["hex"] = str(tf.get("default_hex", z["centre"]))
            entry["zone"] = {"centre": str(z["centre"]), "radius": int(z["radius"])}
        elif "start_hex" in tf:
            entry["hex"] = str(tf["start_hex"])
        else:
            raise ScenarioError(f"{loc}: needs start_hex or setup_zone (16.1.1, 16.1.3)")
        for t in tf.get("task_groups", []):
            members[str(t)] = entry["id"]
        tfs.append(entry)
    tf_hex = {t["id"]: t["hex"] for t in tfs}
    tgs: list[dict[str, Any]] = []
    air: list[dict[str, Any]] = []
    for i, tg in enumerate(raw["task_groups"]):
        loc = f"{where}, task_groups[{i}] ({tg.get('id', '?')})"
        _need(tg, ("id", "name", "side", "ships"), loc)
        parent = tg.get("tf") or None
        if parent is not None and parent not in tf_hex:
            raise ScenarioError(f"{loc}: tf {parent!r} is not one of the [[task_forces]] ({', '.join(tf_hex)})")
        if members.get(str(tg["id"])) != parent:
            raise ScenarioError(f"{loc}: tf {parent!r} disagrees with the task_forces' lists "
                                f"({members.get(str(tg['id']))!r})")
        hex_label = tg.get("start_hex") or (tf_hex[parent] if parent else None)
        if hex_label is None:
            raise ScenarioError(f"{loc}: needs start_hex or a tf to set up with (16.1.1, 16.1.3)")
        entry = {"id": str(tg["id"]), "name": str(tg["name"]), "side": str(tg["side"]), "tf": parent,
                 "hex": str(hex_label), "ships": [str(s) for s in tg["ships"]], "dummy": bool(tg.get("dummy", False)),
                 "detected": bool(tg.get("detected", False))}
        if tg.get("segregation"):
            entry["segregation"] = str(tg["segregation"])
        if "detached_setup_zone" in tg:
            entry["setup"] = SETUP_CHOICE
        tgs.append(entry)
        air += _air_ids(tg, loc)
    fields = airfields(D)
    bases: dict[str, dict[str, Any]] = {k: {"id": k, **v} for k, v in fields.items()}
    for i, b in enumerate(raw.get("air_bases", [])):
        loc = f"{where}, air_bases[{i}] ({b.get('id', '?')})"
        _need(b, ("id",), loc)
        bid = str(b["id"])
        if bid not in bases:
            if "hex" not in b and "hexes_beyond" not in b:
                raise ScenarioError(f"{loc}: {bid!r} is not in airfields.csv and gives no hex or hexes_beyond (2.1)")
            bases[bid] = {"id": bid, "name": str(b.get("name", bid)),
                          **{k: b[k] for k in ("hex", "hexes_beyond", "edge_hex") if k in b}}
        for box in ("ready", "flown"):
            for aid in b.get(box, []):
                air.append({"id": str(aid), "parent": bid, "box": box})
    reinf, recurring = [], []
    for i, r in enumerate(raw.get("reinforcements", [])):
        loc = f"{where}, reinforcements[{i}] ({r.get('id', '?')})"
        if "every" in r:  # 16.1.2's revived units: a standing rule of the turn sequence, not a scheduled arrival
            recurring.append({k: v for k, v in r.items() if k not in ("provenance",)})
            continue
        _need(r, ("units",), loc)
        turn = r.get("turn", r.get("turn_roll"))
        bases_of = dict(r.get("bases", {}))
        for u in r["units"]:
            bases_of.setdefault(str(u), r.get("base"))
        if turn is None or any(v is None for v in bases_of.values()):
            raise ScenarioError(f"{loc}: needs turn (or turn_roll) and a base for every unit (16.1.2)")
        reinf.append({"id": str(r.get("id", f"r{i}")), "turn": turn, "air": [str(u) for u in r["units"]],
                      "bases": {str(k): str(v) for k, v in bases_of.items()}, "box": str(r.get("box", "ready"))})
    setup = raw.get("ijn_setup", {})
    west = next((_west_column(t.get("detached_setup_zone")) for t in raw["task_groups"]
                 if "detached_setup_zone" in t), _west_column(setup.get("detached_zone")))
    return {
        "id": sid,
        "name": str(raw.get("name", sid)),
        "turn": int(raw.get("first_turn", 1)),
        "first_turn": int(raw.get("first_turn", 1)),
        "last_turn": int(raw.get("last_turn", 12)),
        "turn_record_key": str(raw.get("turn_record", sid)),
        "saipan_hex": raw.get("saipan_hex"),
        "limits": dict(raw.get("limits", {})),
        "tfs": tfs,
        "tgs": tgs,
        "air": air,
        "air_bases": [bases[k] for k in sorted(bases)],
        "reinforcements": reinf,
        "recurring": recurring,
        "special_rules": {str(r["id"]): dict(r) for r in raw.get("special_rules", []) if r.get("text_available", True)},
        "ijn_setup": {"other_tgs_max": int(setup.get("detached_tgs_max", 3)),
                      "forces_max": int(setup.get("detached_forces_max", 2)),
                      "tf_forces_min": int(setup.get("tf_forces_min", 1)), "west_of_column": west},
        "start": {"phase": "setup"},
    }


# -- checking ------------------------------------------------------------------------------------------------------


def _hex_ok(D: ISData, label: Any, where: str, case: str) -> str:
    try:
        h = D.map.hex(str(label))
    except Exception as e:  # noqa: BLE001 - every malformed or off-map label becomes the same scenario error
        raise ScenarioError(f"{where}: {e} ({case})") from None
    if D.map.terrain(h) == "land":
        raise ScenarioError(f"{where}: {label} is a land hex; naval units need sea ({case})")
    return str(label)


def validate(D: ISData, pos: Mapping[str, Any]) -> None:
    """Check a position: known keys and ids, hexes on the map, every ship in one TG, and the limits of 3.1-3.3."""
    where = f"scenario {pos.get('id', '<dict>')!r}"
    unknown = sorted(set(pos) - _POSITION_KEYS)
    if unknown:
        raise ScenarioError(f"{where}: unknown position field(s) {', '.join(unknown)}")
    tf_ids: dict[str, str] = {}
    for i, tf in enumerate(pos.get("tfs", [])):
        loc = f"{where}, tfs[{i}]"
        _need(tf, ("id", "name", "side", "hex"), loc)
        if tf["side"] not in ("IJN", "USN"):
            raise ScenarioError(f"{loc}: side {tf['side']!r} is not IJN or USN")
        if tf["side"] in tf_ids.values():
            raise ScenarioError(f"{loc}: {tf['side']} already has a TF; each side has one and only one (3.2)")
        _hex_ok(D, tf["hex"], loc, "3.2")
        tf_ids[str(tf["id"])] = tf["side"]
    seen: dict[str, str] = {}
    tg_ids: set[str] = set()
    for i, tg in enumerate(pos.get("tgs", [])):
        loc = f"{where}, tgs[{i}] ({tg.get('id', '?')})"
        _need(tg, ("id", "name", "side", "hex", "ships"), loc)
        if tg["id"] in tg_ids or tg["id"] in tf_ids:
            raise ScenarioError(f"{loc}: id {tg['id']!r} is used twice")
        tg_ids.add(str(tg["id"]))
        if tg["side"] not in ("IJN", "USN"):
            raise ScenarioError(f"{loc}: side {tg['side']!r} is not IJN or USN")
        _hex_ok(D, tg["hex"], loc, "3.1")
        parent = tg.get("tf")
        if parent is not None and tf_ids.get(parent) != tg["side"]:
            raise ScenarioError(f"{loc}: tf {parent!r} is not a {tg['side']} TF of this position (3.2.3)")
        if tg.get("dummy") and tg["ships"]:
            raise ScenarioError(f"{loc}: a dummy TG holds no naval units (3.1.6)")
        for sid in tg["ships"]:
            d = D.ships.get(sid)
            if d is None:
                raise ScenarioError(f"{loc}: no ship {sid!r} in ships.csv")
            if d.side != tg["side"]:
                raise ScenarioError(f"{loc}: {sid} is a {d.side} ship")
            if sid in seen:
                raise ScenarioError(f"{loc}: {sid} is already in {seen[sid]} (3.0: a naval unit is in one TG)")
            seen[sid] = str(tg["id"])
    for i, a in enumerate(pos.get("air", [])):
        if a.get("id") not in D.air:
            raise ScenarioError(f"{where}, air[{i}]: no air unit {a.get('id')!r} in air_units.csv")
        if a.get("box", "ready") not in ("ready", "flown", "cap", "destroyed", "eliminated", "out"):
            raise ScenarioError(f"{where}, air[{i}]: box {a.get('box')!r} is not an air box")
    for i, b in enumerate(pos.get("air_bases", [])):
        if "hex" in b:
            try:
                D.map.hex(str(b["hex"]))
            except Exception as e:  # noqa: BLE001
                raise ScenarioError(f"{where}, air_bases[{i}] ({b.get('id')}): {e} (2.1)") from None
    for i, r in enumerate(pos.get("reinforcements", [])):
        t = r.get("turn")
        if not (t == "d10" or (isinstance(t, int) and not isinstance(t, bool) and t >= 1)):
            raise ScenarioError(f"{where}, reinforcements[{i}]: turn {t!r} must be a turn number or 'd10' (16.1.2)")
        for aid in r.get("air", []):
            if aid not in D.air:
                raise ScenarioError(f"{where}, reinforcements[{i}]: no air unit {aid!r} in air_units.csv")
            if "base" not in r and aid not in r.get("bases", {}):
                raise ScenarioError(f"{where}, reinforcements[{i}]: no base for {aid} (16.1.2)")
    for i, s in enumerate(pos.get("ships", [])):
        if s.get("id") not in D.ships:
            raise ScenarioError(f"{where}, ships[{i}]: no ship {s.get('id')!r} in ships.csv")
    _check_start(pos, where)
    problems = formations.position_problems(D, pos)
    if problems:
        case, why = problems[0]
        raise ScenarioError(f"{where}: {why} ({case})")


_START_KEYS = {"setup": set(), "end_phase": set(), "turn": set(), "formations": {"side"},
               "activation": {"activate"}, "battle": {"hex", "attacker", "formations"}}
_CHITS = ("chit:IJN", "chit:USN")


def _check_start(pos: Mapping[str, Any], where: str) -> None:
    """The ``start`` field: where a position begins (see the module docstring), each phase with its own keys."""
    start = pos.get("start", {})
    if not isinstance(start, Mapping):
        raise ScenarioError(f"{where}: start must be an object with a phase, not {start!r}")
    phase = start.get("phase", "setup")
    if phase not in _START_KEYS:
        raise ScenarioError(f"{where}: start.phase {phase!r} is not one of {', '.join(_START_KEYS)}")
    extra = sorted(set(start) - {"phase"} - _START_KEYS[phase])
    if extra:
        raise ScenarioError(f"{where}: start.phase {phase!r} takes no {', '.join(extra)}")
    if phase == "formations" and start.get("side", "USN") not in ("IJN", "USN"):
        raise ScenarioError(f"{where}: start.side {start.get('side')!r} is not IJN or USN (5.1)")
    tgs = {str(t["id"]): t for t in pos.get("tgs", [])}
    tfs = {str(t["id"]): t for t in pos.get("tfs", [])}
    if phase == "activation" and "activate" in start:
        marker = start["activate"]
        loose = {t for t, e in tgs.items() if not e.get("tf")}
        if marker not in loose and marker not in tfs and marker not in _CHITS:
            raise ScenarioError(f"{where}: start.activate {marker!r} is not a marker of the Activation Pool: a TF, a "
                                f"TG by itself or a command chit ({', '.join(sorted(loose | set(tfs)) + list(_CHITS))};"
                                " 5.2)")
    if phase == "battle":
        _need(start, ("hex", "attacker", "formations"), f"{where}, start")
        if start["attacker"] not in ("IJN", "USN"):
            raise ScenarioError(f"{where}: start.attacker {start['attacker']!r} is not IJN or USN (12.0)")
        sides = start["formations"]
        if not isinstance(sides, Mapping) or sorted(sides) != ["IJN", "USN"]:
            raise ScenarioError(f"{where}: start.formations must list the IJN's and the USN's TGs or TF in the battle "
                                "(12.0)")
        for side, ids in sides.items():
            for fid in ids:
                e = tgs.get(fid) or tfs.get(fid)
                if e is None or e["side"] != side:
                    raise ScenarioError(f"{where}: start.formations.{side}: {fid!r} is not a {side} TG or TF of this "
                                        "position (12.0)")
                here = tfs[e["tf"]]["hex"] if e.get("tf") and e["tf"] in tfs else e["hex"]
                if str(here) != str(start["hex"]):
                    raise ScenarioError(f"{where}: start.formations.{side}: {fid} is in {here}, not in the battle hex "
                                        f"{start['hex']} (12.0)")


# -- building the state --------------------------------------------------------------------------------------------


def saipan_hex(D: ISData, pos: Mapping[str, Any]) -> str | None:
    """The hex 10.2 counts: the position's ``saipan_hex``, else the map hex whose island is Saipan."""
    if pos.get("saipan_hex"):
        return str(pos["saipan_hex"])
    for kind in ("island", "mark", "airfield"):
        for name in ("Saipan", "saipan"):
            found = D.map.find(kind, name)
            if found:
                return D.map.label(found[0])
    return None


CROSS_DECK_SIDES = ("IJN",)  # 15.6: only the IJN may land on another carrier; a sunk USN carrier's air is lost


def deck_capacity(st: State) -> dict[str, Any]:
    """15.6 (option ``cross_decking``): what Imperial Sunset's damage code reads to let a sunk carrier's air units land
    elsewhere — for each IJN carrier, the full-strength factors of the air units the scenario starts aboard it (its
    "starting scenario strength", ruling R-74). USN carriers are not listed, so their air units die with them."""
    D = st.data
    decks = {sid: 0 for sid, s in st.ships.items() if D.ships[sid].carrier and s.side in CROSS_DECK_SIDES}
    for a in st.air.values():
        if a.parent in decks:
            decks[a.parent] += D.air[a.id].strength
    return {"rule": "15.6", "decks": dict(sorted(decks.items()))}


def new_state(D: ISData, pos: Mapping[str, Any], options: Mapping[str, Any], ctx: Context) -> State:
    """Build the opening State of a position on Clash's data ``D`` and run to its first decision."""
    if not isinstance(pos.get("options", {}), Mapping):
        raise ScenarioError(f"options = {pos['options']!r}: an object of option names and true/false")
    opts = check_options({**pos.get("options", {}), **options})  # before anything is built
    st = State(scenario=str(pos.get("id", "custom")), turn=int(pos.get("turn", pos.get("first_turn", 1))),
               first_turn=int(pos.get("first_turn", 1)), last_turn=int(pos.get("last_turn", 12)), options=opts,
               data=D)
    st.flags["turn_record_key"] = pos.get("turn_record_key", pos.get("id", "historical"))
    if "turn_record" in pos:
        st.flags["turn_record"] = {str(k): v for k, v in pos["turn_record"].items()}
    cl = state.extras(st)
    cl["saipan_hex"] = saipan_hex(D, pos)
    for tf in pos.get("tfs", []):
        cl["tfs"][str(tf["id"])] = {"name": str(tf["name"]), "side": str(tf["side"]), "hex": str(tf["hex"])}
        if tf.get("zone"):
            cl["tfs"][str(tf["id"])]["zone"] = dict(tf["zone"])
    for tg in pos.get("tgs", []):
        tid = str(tg["id"])
        t = TFState(id=tid, side=str(tg["side"]), name=str(tg["name"]), hex=str(tg["hex"]),
                    ships=list(tg["ships"]), dummy=bool(tg.get("dummy", False)),
                    detected=bool(tg.get("detected", False)), mp_markers=int(tg.get("mp_markers", 0)))
        st.tfs[tid] = t
        if tg.get("tf"):
            cl["parent_tf"][tid] = str(tg["tf"])
            t.hex = cl["tfs"][str(tg["tf"])]["hex"]  # a TF's TGs are in its hex (3.2.3)
        if tg.get("setup"):
            st.flags.setdefault("setup_choice", []).append(tid)
        for sid in t.ships:
            st.ships[sid] = ShipState(id=sid, side=t.side, tf=tid, hits=int(tg.get("hits", {}).get(sid, 0)),
                                      force=t.name if t.side == "IJN" else None)
            if tg.get("segregation"):  # 3.1.4: ships that started in this TG keep its group
                cl["origin"][sid] = str(tg["segregation"])
    for s in pos.get("ships", []):  # per-ship overrides: damage, sunk
        ship = st.ships.get(s["id"]) or ShipState(id=s["id"], side=D.ships[s["id"]].side)
        for k in ("hits", "sunk", "exited", "independent", "hex"):
            if k in s:
                setattr(ship, k, s[k])
        st.ships[s["id"]] = ship
    for a in pos.get("air", []):
        d = D.air[a["id"]]
        st.air[a["id"]] = AirState(id=a["id"], side=d.side, parent=str(a.get("parent", d.parent)),
                                   box=str(a.get("box", "ready")), reduced=bool(a.get("reduced", False)))
    if opts.get("cross_decking"):
        st.flags["deck_capacity"] = deck_capacity(st)
    for b in pos.get("air_bases", []):
        cl["air_bases"][str(b["id"])] = {k: v for k, v in b.items() if k != "id"}
    st.vp = list(pos.get("vp", []))
    for side, chans in dict(pos.get("detected", {})).items():  # a position in mid-game: what each channel has found
        for channel, found in dict(chans).items():
            for fid in found:
                if str(side) not in state.CHANNELS or str(fid) not in st.tfs and str(fid) not in cl["tfs"]:
                    raise ScenarioError(f"detected.{side}.{channel}: {fid!r} is not an enemy formation of this "
                                        "position (6.3, R-41)")
                try:
                    state.detect(st, str(side), str(channel), str(fid))
                except ValueError as e:
                    raise ScenarioError(f"detected.{side}.{channel}: {e}") from None
                if channel == "carrier":  # as search records a carrier find: the TGs' own flag too (S-8)
                    for t in st.tfs.values():
                        if t.id == fid or cl["parent_tf"].get(t.id) == fid:
                            t.detected = True
    for r in pos.get("reinforcements", []):
        cl["reinforcements"].append(copy.deepcopy(dict(r)))
    cl["recurring"] = copy.deepcopy(list(pos.get("recurring", [])))
    cl["waivers"] = {str(w["tg"]): int(w["units"]) for w in pos.get("limits", {}).get("start_waivers", [])}
    st.flags["special_rules"] = copy.deepcopy(dict(pos.get("special_rules", {})))
    st.flags["ijn_setup"] = dict(pos.get("ijn_setup") or {})
    start = dict(pos.get("start", {"phase": "setup"}))
    phase = start.get("phase", "setup")
    if phase == "setup":
        _roll_reinforcement_turns(st, ctx)
        push(st, "clash_setup", step="mf_forces" if st.flags.get("setup_choice") else "done")
    elif phase == "end_phase":
        st.phase = "end"
        push(st, "clash_end_phase")
    elif phase == "formations":
        push(st, "clash_turn", first_side=str(start.get("side", "USN")))
    elif phase == "activation":
        push(st, "clash_turn", start_at="activation", activate=start.get("activate"))
    elif phase == "battle":
        push(st, "clash_turn", start_at="battle",
             battle={"hex": str(start["hex"]), "attacker": str(start["attacker"]),
                     "formations": {k: [str(x) for x in v] for k, v in start["formations"].items()}})
    else:
        push(st, "clash_turn")
    engine_advance(st, ctx)
    return st


def engine_advance(st: State, ctx: Context) -> None:
    from leyte.rulebooks.clash.engine import advance

    advance(st, ctx)


def _roll_reinforcement_turns(st: State, ctx: Context) -> None:
    """16.1.2: one secret d10 for the IJN gives the turn the random-turn reinforcements arrive."""
    cl = state.extras(st)
    pending = [r for r in cl["reinforcements"] if r["turn"] == "d10"]
    if not pending:
        return
    rec = ctx.roll("d10", purpose="turn of the random-turn island air reinforcements (secret)", rule=own("16.1.2"),
                   visible=("IJN",))
    for r in pending:
        r["turn"] = int(rec.final)


# -- the IJN's set-up choices (16.1.1) ----------------------------------------------------------------------------


def _column(D: ISData, label: str) -> int:
    return D.map.layout.parse_label(label)[0]


def _free_hexes(D: ISData, centre: str, radius: int) -> list[str]:
    m = D.map
    return sorted(m.label(h) for h in m.within(m.hex(centre), radius) if m.terrain(h) != "land")


def _west_hexes(D: ISData, col: int) -> list[str]:
    m = D.map
    return [m.label(h) for h in m.hexes if m.terrain(h) != "land" and _column(D, m.label(h)) <= col]


@frame("clash_setup")
class ClashSetup:
    """16.1.1: the IJN player's set-up decisions, historical choice first; then the first turn."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        D = st.data
        cl = state.extras(st)
        setup = st.flags.get("ijn_setup", {})
        choice = list(st.flags.get("setup_choice", []))
        step = fr["step"]
        mf = state.side_tf(st, "IJN")
        if step == "mf_forces":
            historical = [t for t in choice if cl["parent_tf"].get(t)]
            least, most_out = int(setup.get("tf_forces_min", 1)), int(setup.get("forces_max", len(choice)))
            subsets = [list(c) for n in range(len(choice), max(least, 1) - 1, -1)
                       if len(choice) - n <= most_out for c in itertools.combinations(choice, n)]
            subsets.sort(key=lambda s: s != historical)
            names = {t: st.tfs[t].name for t in choice}
            return ask("IJN", "setup_mobile_fleet", "Which Forces does the Mobile Fleet hold? (16.1.1: at least one)",
                       own("16.1.1"),
                       [opt("mobile_fleet", "Mobile Fleet: " + ", ".join(names[t] for t in s), forces=",".join(s))
                        for s in subsets],
                       data={"forces": choice, "historical": historical})
        if step == "mf_hex" and mf is not None:
            tid, tf = mf
            zone = tf.get("zone") or {"centre": tf["hex"], "radius": 0}
            hexes = _free_hexes(D, zone["centre"], int(zone["radius"]))
            hexes.sort(key=lambda h: h != zone["centre"])
            return ask("IJN", "setup", f"Set up the {tf['name']} within {zone['radius']} hexes of {zone['centre']} "
                       f"(historical: {zone['centre']})", own("16.1.1"),
                       [opt("setup_hex", f"{tf['name']} starts in {h}", tf=tid, hex=h) for h in hexes],
                       data={"tf": tid, "centre": zone["centre"], "radius": int(zone["radius"])})
        if step == "place" and fr.get("pending"):
            tg = st.tfs[fr["pending"][0]]
            col = int(setup.get("west_of_column", 7))
            mf_hex = mf[1]["hex"] if mf else None
            hexes = sorted(_west_hexes(D, col), key=lambda h: (h != mf_hex, h))
            return ask("IJN", "setup", f"Set up {tg.name} in a hex of columns 01-{col:02d} (16.1.1)", own("16.1.1"),
                       [opt("setup_hex", f"{tg.name} starts in {h}", tg=tg.id, hex=h) for h in hexes],
                       data={"tg": tg.id, "west_of_column": col})
        if step == "dummies":
            n = ClashSetup._dummies_allowed(st)
            return ask("IJN", "setup_dummies", f"How many dummy TGs does the IJN set up? (0-{n}; 3.1.6, 16.1.1)",
                       own("16.1.1"), [opt("dummies", f"{k} dummy TG(s)", n=k) for k in range(n + 1)],
                       data={"max": n})
        if step == "dummy_hex":
            hexes = ClashSetup._dummy_hexes(st)
            return ask("IJN", "setup", "Place a dummy TG with a real IJN formation in columns 01-"
                       f"{int(setup.get('west_of_column', 7)):02d} (3.1.6)", own("3.1.6"),
                       [opt("setup_hex", f"dummy TG starts in {h}", dummy=True, hex=h) for h in hexes])
        return None

    @staticmethod
    def _dummy_hexes(st: State) -> list[str]:
        col = int(st.flags.get("ijn_setup", {}).get("west_of_column", 7))
        return sorted({t.hex for t in state.tgs(st, "IJN") if t.hex and not t.dummy
                       and _column(st.data, t.hex) <= col})

    @staticmethod
    def _dummies_allowed(st: State) -> int:
        cl = state.extras(st)
        setup = st.flags.get("ijn_setup", {})
        outside = [t for t in state.tgs(st, "IJN") if t.id not in cl["parent_tf"]]
        room_setup = int(setup.get("other_tgs_max", 3)) - len(outside)
        room_limit = st.data.mod("tg_limit.IJN") - len(state.tgs(st, "IJN"))
        return max(0, min(room_setup, room_limit)) if ClashSetup._dummy_hexes(st) else 0

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        cl = state.extras(st)
        step = fr["step"]
        if step == "mf_forces":
            chosen = str(action["forces"]).split(",")
            mf = state.side_tf(st, "IJN")
            for t in st.flags.get("setup_choice", []):
                if t in chosen and mf is not None:
                    cl["parent_tf"][t] = mf[0]
                else:
                    cl["parent_tf"].pop(t, None)
            fr["pending"] = [t for t in st.flags.get("setup_choice", []) if t not in chosen]
            fr["step"] = "mf_hex"
        elif step == "mf_hex":
            state.move_tf(st, str(action["tf"]), str(action["hex"]))
            fr["step"] = "place" if fr.get("pending") else "dummies"
        elif step == "place":
            tg = st.tfs[fr["pending"].pop(0)]
            tg.hex = str(action["hex"])
            if not fr["pending"]:
                fr["step"] = "dummies"
        elif step == "dummies":
            fr["dummies"] = int(action["n"])
            fr["step"] = "dummy_hex" if fr["dummies"] else "done"
        elif step == "dummy_hex":
            tid = f"ijn-dummy-{st.next_id('tg').split('-')[-1]}"
            st.tfs[tid] = TFState(id=tid, side="IJN", name="dummy TG", hex=str(action["hex"]), dummy=True)
            fr["dummies"] -= 1
            if not fr["dummies"]:
                fr["step"] = "done"
        ctx.emit(own("16.1.1"), f"IJN set-up: {action.text}", kind="setup", visible=("IJN",))

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        problems = formations.state_problems(st)
        if problems:  # the options never allow it: a wrong scenario file
            raise ScenarioError(f"set-up breaks {problems[0][0]}: {problems[0][1]}")
        state.label_markers(st, ctx)  # 3.1.6: from now on the enemy reads labels, never ids
        ctx.emit(own("16.1"), f"Scenario {st.scenario} is set up: turn {st.turn} of {st.last_turn}", kind="setup")
        push(st, "clash_turn")
