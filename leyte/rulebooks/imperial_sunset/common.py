"""Small questions many Imperial Sunset modules ask: what is in a TF, how fast is it, is it day, who is where.

Kept apart so the rules modules (one per rulebook module) do not import each other in circles.

The game's static data never comes from a global here: a state carries it (``st.data``, set up by the Rules object
in ``new_state``), and helpers that need only static data take it as their first argument ``D``. Caches of derived
map facts (``dist``, ``sea_labels``) are keyed by that data object, so two games on different data never share an
answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any

from leyte.core.flow import opt
from leyte.core.game import Action
from leyte.core.hexgrid import Hex
from leyte.rulebooks.imperial_sunset import damage
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.state import State, TFState

AIR_FORMATIONS = {"1AF": "IJN", "2AF": "IJN", "USAAF": "USN"}
CHITS = {"chit:IJN": "IJN", "chit:USN": "USN"}
KAMIKAZE = "kamikaze"


@cache
def sea_labels(D: ISData) -> tuple[str, ...]:
    """Every sea hex's label, in label order (placement decisions offer hundreds of them)."""
    m = D.map
    return tuple(m.label(h) for h in m.hexes if m.is_sea(h))


@cache
def counters_of(D: ISData, types: frozenset[str]) -> frozenset[str]:
    """The ids of every ship counter of these types: static data, so worked out once per set of types."""
    return frozenset(sid for sid, d in D.ships.items() if d.type in types)


@cache
def _hex_option_table(kind: str, text: str) -> dict[str, Action]:
    return {}


def hex_options(kind: str, text: str, labels: Iterable[str]) -> list[Action]:
    """One-hex options such as "place a marker in 2417", each built once and shared.

    Options are immutable, and a placement decision lists every legal hex (500 for a distant sonar marker), so
    building them afresh each time was the largest single cost of a random game; a plain table per kind of option
    is the cheapest look-up.
    """
    table = _hex_option_table(kind, text)
    out = []
    for label in labels:
        a = table.get(label)
        if a is None:
            a = table[label] = opt(kind, f"{text} {label}", hex=label)
        out.append(a)
    return out


def hx(D: ISData, label: str) -> Hex:
    return D.map.hex(label)


@lru_cache(maxsize=262_144)
def dist(D: ISData, a: str, b: str) -> int:
    """Hex distance between two printed labels (cached: the rules ask the same pairs over and over)."""
    m = D.map
    return m.hex(a).distance(m.hex(b))


def is_day(st: State) -> bool:
    return bool(st.flags.get("day", True))


def turn_record(st: State, turn: int) -> dict[str, Any]:
    """The turn record line for ``turn`` of this game's scenario (date, day or night, special events; 3.0)."""
    rec = st.flags.get("turn_record", {}).get(str(turn))
    if rec is None:
        rec = st.data.turn_record.get(st.flags.get("turn_record_key", st.scenario), {}).get(turn)
    return dict(rec or {})


def record_is_day(rec: dict[str, Any]) -> bool:
    """Whether a turn record line is a day turn (its time of day does not say night)."""
    tod = str(rec.get("time", rec.get("tod", rec.get("day_night", "day")))).lower()
    return "night" not in tod


def turn_info(st: State) -> dict[str, Any]:
    return st.flags.get("turn_info", {})


def live_ships(st: State, tf: TFState) -> list[str]:
    """The TF's ships still afloat and on the map, in TF order (asked tens of thousands of times a game)."""
    ships = st.ships
    return [s for s in tf.ships if not (x := ships[s]).sunk and not x.exited]


def has_live_ships(st: State, tf: TFState) -> bool:
    """``bool(live_ships(st, tf))`` without building the list (asked after every step of every TF)."""
    ships = st.ships
    for s in tf.ships:
        x = ships[s]
        if not x.sunk and not x.exited:
            return True
    return False


def tf_types(st: State, tf: TFState) -> list[str]:
    D = st.data
    return [D.ships[s].type for s in live_ships(st, tf)]


def has_type(st: State, tf: TFState, types: frozenset[str] | set[str]) -> bool:
    D = st.data
    return any(D.ships[s].type in types for s in live_ships(st, tf))


def tf_speed(st: State, tf: TFState) -> int:
    """MPs before penalties: the slowest ship's speed on this turn's parity (6.2); a dummy moves 4 (5.4)."""
    if tf.dummy:
        return st.data.mod("dummy.speed")
    speeds = [ship_speed(st, s) for s in live_ships(st, tf)]
    return min(speeds) if speeds else 0


def ship_speed(st: State, sid: str) -> int:
    """A ship's speed this turn: its damage box on this turn's parity, less critical-hit losses (6.2, 9.2)."""
    return damage.speed(st, sid, st.turn)


def active_tfs(st: State, side: str | None = None) -> list[TFState]:
    return [t for t in st.tfs.values() if t.in_play and (side is None or t.side == side)]


def enemy_markers_at(st: State, label: str, side: str) -> list[TFState]:
    """Enemy TF markers (real or dummy) in a hex, in id order."""
    return sorted((t for t in st.tfs_at(label) if t.side != side), key=lambda t: t.id)


def tf_value(st: State, tf: TFState, *, undamaged_only: bool = False) -> int:
    """Victory-point value of the ships in a TF (12.1/12.2 values), used by 12.3 and 8.3.9."""
    D = st.data
    total = 0
    for s in live_ships(st, tf):
        if undamaged_only and st.ships[s].hits:
            continue
        total += D.ships[s].vp_sunk
    return total


def side_of_marker(st: State, marker: str) -> str:
    if marker in CHITS:
        return CHITS[marker]
    if marker in AIR_FORMATIONS:
        return AIR_FORMATIONS[marker]
    if marker.startswith(KAMIKAZE):
        return "IJN"
    return st.tfs[marker].side


def marker_name(st: State, marker: str, viewer: str | None = None) -> str:
    """How a pool marker reads to ``viewer``: the owner sees the TF name, the opponent only "IJN TF"/"USN TF"."""
    if marker in CHITS:
        return f"{CHITS[marker]} command chit"
    if marker in AIR_FORMATIONS:
        return {"1AF": "IJN 1st Air Fleet", "2AF": "IJN 2nd Air Fleet", "USAAF": "USAAF"}[marker]
    if marker.startswith(KAMIKAZE):
        return "Kamikaze"
    tf = st.tfs[marker]
    if viewer in (None, "umpire", tf.side):
        return tf.name
    return public_tf_name(tf)


def public_tf_name(tf: TFState) -> str:
    """What the other side calls a TF marker: its marker number, never its name or contents.

    Marker ids ("IJN-3") are dealt at random at set-up (13.1 lets players number their TFs as they like), so the
    number tells the opponent nothing about which force it is.
    """
    return f"TF {tf.id}"
