"""Formosa's two scenarios (24.1, 24.2) as data files, read and checked field by field, and the starting state.

A scenario is ``scenarios/formosa/scenarios/<id>.json`` (or the same dict inline). It gives the number of GTs, the
set-up LP (the Japanese roll 1d6 plus a base; the Allies get a fixed sum), the TAC, kamikaze and naval gunfire
points, the Japanese set-up pools the player picks from, the special rules, and no markers at start. An optional
``position`` starts the game at any phase of any GT with the units where it says (worked examples, tests, "try
it" cells); without it the game starts with the set-up of 24.0. Every refusal names the field and the reason.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from leyte.core.errors import ScenarioError
from leyte.rulebooks.formosa.board import data
from leyte.rulebooks.formosa.state import OFF_MAP, State, UnitState

SCENARIO_DIR = "scenarios"
PHASE_NAMES = ("logistics", "recruit", "amoy", "strike_planning", "strike_reveal", "air_superiority",
               "special_attack", "b29", "invasion", "naval_transfer", "allied_movement", "allied_combat",
               "base_building", "interdiction", "japanese_movement", "japanese_combat", "air_return", "end_of_turn")
MARKER_IDS = ("amphibious", "drop_zone", "b29", "air_supply")
SKIPPABLE = ("logistics", "recruit", "amoy")


def scenario_ids() -> list[str]:
    folder = data().folder / SCENARIO_DIR
    return sorted(p.stem for p in folder.glob("*.json"))


def read_position(source: str | Mapping[str, Any]) -> dict[str, Any]:
    """A scenario by id ("1", "2"), by path, or as a dict; checked, returned as a fresh dict."""
    if isinstance(source, Mapping):
        raw = copy.deepcopy(dict(source))
    elif isinstance(source, str):
        path = data().folder / SCENARIO_DIR / f"{source}.json"
        if not path.exists():
            path = Path(source)
        if not path.is_file():
            raise ScenarioError(f"formosa: no scenario {source!r} (scenarios: {', '.join(scenario_ids())})")
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise ScenarioError(f"{path}: not valid JSON ({e})") from None
    else:
        raise ScenarioError(f"formosa: a scenario is an id, a path or a dict, not {type(source).__name__}")
    check(raw)
    return raw


def _need(d: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in d:
        raise ScenarioError(f"scenario field {where}{key}: missing")
    v = d[key]
    if not isinstance(v, kind) or isinstance(v, bool) and kind is not bool:
        raise ScenarioError(f"scenario field {where}{key}: {v!r} is not a {getattr(kind, '__name__', kind)}")
    return v


def _count(d: Mapping[str, Any], key: str, where: str) -> int:
    v = _need(d, key, int, where)
    if v < 0:
        raise ScenarioError(f"scenario field {where}{key}: {v} must not be negative")
    return v


def check(s: Mapping[str, Any]) -> None:
    """Refuse a scenario that would break the rules code later, naming the field."""
    if not isinstance(s, Mapping):
        raise ScenarioError("formosa scenario: must be an object")
    _need(s, "id", str, "")
    if _count(s, "turns", "") < 1:
        raise ScenarioError("scenario field turns: a scenario lasts at least one GT")
    _count(s, "lp_cap", "")
    _count(s, "allied_income", "")
    jp = _need(s, "japanese", Mapping, "")
    for k in ("setup_lp", "tac", "kamikaze"):
        roll = _need(jp, k, Mapping, "japanese.")
        _count(roll, "dice", f"japanese.{k}.")
        _count(roll, "plus", f"japanese.{k}.")
    free = _need(jp, "free_choice", Mapping, "japanese.")
    for typ, n in free.items():
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ScenarioError(f"scenario field japanese.free_choice.{typ}: {n!r} is not a count")
        pool = [u for u in data().units.values() if u.at_start == "formosa_choice" and u.type == typ]
        if n > len(pool):
            raise ScenarioError(f"scenario field japanese.free_choice.{typ}: {n} but the pool holds {len(pool)} "
                                f"(24.1, R-46)")
    al = _need(s, "allied", Mapping, "")
    _count(al, "lp", "allied.")
    for k in ("tac", "ng"):
        for nat, n in _need(al, k, Mapping, "allied.").items():
            if nat not in ("US", "CW") or not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise ScenarioError(f"scenario field allied.{k}.{nat}: a nationality US or CW and a count, "
                                    f"not {nat!r}: {n!r}")
    for mk in _need(al, "markers", Mapping, "allied."):
        if mk not in MARKER_IDS:
            raise ScenarioError(f"scenario field allied.markers.{mk}: not one of {', '.join(MARKER_IDS)}")
        _count(al["markers"], mk, "allied.markers.")
    sp = _need(s, "special", Mapping, "")
    _count(sp, "recon_dice", "special.")
    for ph in _need(sp, "gt1_skips", list, "special."):
        if ph not in SKIPPABLE:
            raise ScenarioError(f"scenario field special.gt1_skips: {ph!r} is not one of {', '.join(SKIPPABLE)}")
    _need(sp, "commonwealth", bool, "special.")
    _need(sp, "sixth_marines_after_amoy", bool, "special.")
    _need(sp, "fleet_column", str, "special.")
    _count(sp, "fleet_sortie_from_gt", "special.")
    if "position" in s:
        _check_position(_need(s, "position", Mapping, ""), s["turns"])


def _check_position(p: Mapping[str, Any], turns: int) -> None:
    turn = _count(p, "turn", "position.")
    if not 1 <= turn <= turns:
        raise ScenarioError(f"scenario field position.turn: {turn} is not a GT of this scenario (1-{turns})")
    phase = _need(p, "phase", str, "position.")
    if phase not in PHASE_NAMES:
        raise ScenarioError(f"scenario field position.phase: {phase!r} is not one of {', '.join(PHASE_NAMES)}")
    from leyte.rulebooks.formosa.board import board

    m = board()
    for uid, u in _need(p, "units", Mapping, "position.").items():
        if uid not in data().units:
            raise ScenarioError(f"scenario field position.units.{uid}: no such unit in units.csv")
        if not isinstance(u, Mapping):
            raise ScenarioError(f"scenario field position.units.{uid}: must be an object with a loc")
        loc = _need(u, "loc", str, f"position.units.{uid}.")
        if loc not in OFF_MAP:
            try:
                h = m.hex(loc)
            except Exception:  # noqa: BLE001 - the map's own error names the label; ours names the field
                raise ScenarioError(f"scenario field position.units.{uid}.loc: {loc!r} is neither a hex of the "
                                    f"map nor one of {', '.join(OFF_MAP)}") from None
            if m.is_sea(h):
                raise ScenarioError(f"scenario field position.units.{uid}.loc: {loc} is a sea hex (10.2.2)")
        if u.get("concealed") and data().units[uid].side != "Japanese":
            raise ScenarioError(f"scenario field position.units.{uid}.concealed: only Japanese units conceal (11.0)")
        if u.get("base") and (data().units[uid].type != "engineer" or data().units[uid].side != "Allied"
                              or loc in OFF_MAP):
            raise ScenarioError(f"scenario field position.units.{uid}.base: only an Allied engineer on the map "
                                f"has a base side (20.1)")
    for side, n in p.get("lp", {}).items():
        if side not in ("Allied", "Japanese") or not isinstance(n, int) or n < 0:
            raise ScenarioError(f"scenario field position.lp.{side}: a side and LP >= 0, not {n!r}")
    if p.get("fleet", "none") not in ("none", "held", "used"):
        raise ScenarioError(f"scenario field position.fleet: {p['fleet']!r} is not one of none, held, used (18.0)")
    amoy = p.get("amoy_captured", 0)
    if not isinstance(amoy, int) or not 0 <= amoy <= turn:
        raise ScenarioError(f"scenario field position.amoy_captured: {amoy!r} is not 0 or a GT up to {turn}")


def new_state(s: Mapping[str, Any], options: Mapping[str, Any]) -> State:
    """The state before the first frame runs: set-up per 24.0, or the given position."""
    D = data()
    sp = s["special"]
    st = State(scenario=s["id"], turn=1, last_turn=s["turns"], options=dict(options))
    st.rules = {"lp_cap": s["lp_cap"], "allied_income": s["allied_income"], "japanese": dict(s["japanese"]),
                "allied_lp": s["allied"]["lp"], "special": dict(sp)}
    for uid, u in D.units.items():
        loc = "reinforcements"
        if u.at_start == "staging":
            loc = "staging"
        elif u.at_start == "formosa":
            loc = "setup"
        elif u.at_start == "formosa_choice":
            loc = "pool"
        st.units[uid] = UnitState(uid, loc)
    st.lp = {"Allied": 0, "Japanese": 0}
    st.half_lp = {"Allied": 0, "Japanese": 0}
    st.tac = {"US": s["allied"]["tac"].get("US", 0), "CW": s["allied"]["tac"].get("CW", 0), "Japanese": 0}
    st.ng = {"US": s["allied"]["ng"].get("US", 0), "CW": s["allied"]["ng"].get("CW", 0)}
    st.markers = {k: s["allied"]["markers"].get(k, 0) for k in MARKER_IDS}
    p = s.get("position")
    if p is None:
        return st
    st.phase = p["phase"]
    st.turn = p["turn"]
    for uid in st.units:
        st.units[uid] = UnitState(uid, "reinforcements")
    for uid, u in p["units"].items():
        st.units[uid] = UnitState(uid, u["loc"], concealed=bool(u.get("concealed", False)), base=bool(u.get("base")),
                                    unsupplied=bool(u.get("unsupplied")))
    st.lp.update(p.get("lp", {}))
    st.tac.update(p.get("tac", {"US": 0, "CW": 0, "Japanese": 0}))
    st.ng.update(p.get("ng", {"US": 0, "CW": 0}))
    st.kamikaze = p.get("kamikaze", 0)
    st.markers.update(p.get("markers", {}))
    st.amoy_captured = p.get("amoy_captured", 0)
    st.fleet = p.get("fleet", "none")
    return st
