"""What each seat may know (R-15, R-29).

- The IJN sees all its own forces, its plots and its markers' contents; of the Allies, every counter's hex and how
  many there are (the counters lie face-down), and the name and class of each Allied unit it has detected today.
- Each Allied seat sees every Allied counter (both fleets share the table), every IJN marker's label and hex, and
  the contents only of markers its *own* forces have detected today (plus the 5th Air Force's finds, which go to
  both). The other Allied seat's detections are not in its view. No IJN plot is in any Allied view.
- The umpire (``None``) sees everything.
"""

from __future__ import annotations

from typing import Any

from leyte.rulebooks.naval_chess.common import allied, composition, detected_by
from leyte.rulebooks.naval_chess.data import IMPULSE_NAMES, data
from leyte.rulebooks.naval_chess.sequence import date, hex_of_air
from leyte.rulebooks.naval_chess.state import State


def _unit(st: State, uid: str) -> dict[str, Any]:
    D = data()
    u, ud = st.units[uid], D.units[uid]
    d: dict[str, Any] = {"id": uid, "name": ud.name, "seat": u.seat, "kind": ud.kind, "class": ud.cls,
                         "speed": ud.speed, "loc": u.loc, "damaged": u.damaged, "anchored": u.anchored,
                         "moved": bool(u.moved_from), "marker": u.marker,
                         "supplied": u.supplied}
    if ud.kind == "air":
        d.update({"base": u.base, "hex": hex_of_air(st, uid) if u.loc == "ready" else "", "strength": u.strength,
                  "strike_points": u.points, "rebuild": u.rebuild})
    return d


def view(st: State, player: str | None) -> dict[str, Any]:
    D = data()
    umpire = player in (None, "umpire")
    units: dict[str, dict[str, Any]] = {}
    counters: dict[str, int] = {}
    markers: dict[str, dict[str, Any]] = {}
    for uid, u in sorted(st.units.items()):
        if u.loc == "reserve" and not umpire and u.seat != player:
            continue
        own_side = umpire or (allied(u.seat) == allied(player))  # type: ignore[arg-type]
        if own_side:
            units[uid] = _unit(st, uid)
        elif player == "IJN" and u.afloat and D.units[uid].kind != "air" and not u.loc.startswith("aboard:"):
            if detected_by(st, "IJN", uid):
                units[uid] = {k: v for k, v in _unit(st, uid).items() if k not in ("supplied", "anchored")}
            else:
                counters[u.loc] = counters.get(u.loc, 0) + 1
    for label, m in sorted(st.markers.items()):
        entry: dict[str, Any] = {"label": label, "hex": m.loc, "moved": bool(m.moved_from)}
        if umpire or player == "IJN":
            entry["units"] = composition(st, label)
            entry["plot"] = dict(m.plot)
            entry["dummy"] = not m.units
        elif detected_by(st, player, label):  # type: ignore[arg-type]
            entry["units"] = composition(st, label)
        markers[label] = entry
    out: dict[str, Any] = {
        "viewer": player or "umpire",
        "scenario": st.scenario,
        "day": st.day,
        "last_day": st.last_day,
        "date": f"{date(st)} October 1944" if st.day <= st.last_day else "",
        "phase": st.phase,
        "impulse": st.impulse,
        "impulse_name": IMPULSE_NAMES.get(st.impulse, ""),
        "units": units,
        "markers": markers,
        "allied_vp": st.allied_vp,
        "ledger": [{k: v for k, v in e.items() if k != "published"} for e in st.ledger if e["published"]],
        "escalated": st.escalated,
        "options": dict(st.options),
        "result": st.result,
    }
    if player == "IJN":
        out["allied_counters"] = counters
    if umpire:
        out["detected"] = {k: list(v) for k, v in st.detected.items()}
        out["posture"] = dict(st.posture)
        out["pending_vp"] = [e for e in st.ledger if not e["published"]]
    elif player in st.posture:
        out["posture"] = {player: st.posture[player]}
        out["detected"] = list(st.detected.get(player, []))
    return out


def hidden_names(st: State, player: str) -> frozenset[str]:
    """What ``player`` has not identified (for the conformance leak test): the names and ids of enemy units afloat
    on the map that its own forces have never identified. For an Allied seat, every such IJN ship or submarine (the
    other Allied seat's finds do not count); for the IJN, every such Allied ship, submarine or PT boat, and every
    Allied air unit (R-45)."""
    D = data()
    out: set[str] = set()
    ever = set(st.identified.get(player, ()))
    for uid, u in st.units.items():
        ud = D.units[uid]
        if uid in ever:  # identified on an earlier day: its name is in the player's log already
            continue
        if player == "IJN":
            if u.seat == "IJN":
                continue
            if ud.kind == "air" or (u.on_map and not detected_by(st, "IJN", uid)):
                if u.loc != "sunk":
                    out |= {uid, ud.name}
        elif u.seat == "IJN" and u.on_map and ud.kind != "air":
            if not (u.marker and detected_by(st, player, u.marker)):
                out |= {uid, ud.name}
    return frozenset(out)
