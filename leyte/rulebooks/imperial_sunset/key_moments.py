"""The real key moments of Leyte Gulf as Imperial Sunset positions, with what really happened (issue 20 item 5).

Lesson 13 (``notebooks/imperial-sunset/13_key_moments.ipynb``) replays Sibuyan Sea, Surigao Strait, off Samar and
Cape Engano from the forces that really met, and forks at Halsey's decision of the evening of 24 October. The
positions are built here, not in the notebook, so a test can load and play the very same ones.

Where each force stands comes from ``history.csv`` (the force's hex on the moment's first turn); which ships it holds
comes from the historical scenario (13.1), less the ships already lost. The real losses are data with their source:
``timeline`` rows are named in the teacher's companion timeline (docs/teachers/leyte-gulf.md), ``history`` rows in
``history.csv``'s events, and the few the companion leaves out cite the published source. Only ships of the game's
major types (not destroyers, which the game counts in divisions) are compared, so game and history count alike.
Nothing here changes a rule: these are ordinary positions (notes/position-format.md).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from leyte.core.errors import LeyteError

#: Ship types compared between game and history: the game counts destroyers by division, history by hull.
MAJOR_TYPES = ("BB", "CA", "CAV", "CL", "CLAA", "CV", "CVL", "CVE")

# The scenario's TF ids -> the force name history.csv uses for it.
_HISTORY_FORCE = {
    "force-a": "Center Force (Kurita)",
    "force-b": "Center Force (Kurita)",
    "force-c": "Southern Force (Nishimura)",
    "shima-force": "Second Striking Force (Shima)",
    "ozawa-force": "Northern Force (Ozawa)",
    "tg-38-2": "TG 38.2 (Bogan, with Halsey)",
    "tg-38-3": "TG 38.3 (Sherman)",
    "tg-38-4": "TG 38.4 (Davison)",
    "tf-78": "Bombardment Group (Oldendorf)",
    "tf-79": "Bombardment Group (Oldendorf)",
    "taffy-1": "Taffy 1 (T. Sprague)",
    "taffy-2": "Taffy 2 (Stump)",
    "taffy-3": "Taffy 3 (C. Sprague)",
}

#: The fast battleships Halsey named for Task Force 34 (Cutler; Morison), by the task group they sailed with.
TF34_BATTLESHIPS = ("iowa", "new-jersey", "massachusetts", "south-dakota", "washington", "alabama")


@dataclass(frozen=True)
class Loss:
    """One ship really lost: who, which side, when (local time, as the sources give it), and where that is said."""

    ship: str
    side: str
    time: str
    source: str  # "timeline", "history" or a published source


@dataclass(frozen=True)
class Moment:
    """A key moment: its turns, the scenario TFs (by id) that took part, and the real losses of those turns."""

    id: str
    title: str
    first_turn: int
    last_turn: int
    tfs: tuple[str, ...]
    losses: tuple[Loss, ...]
    lost_before: tuple[str, ...] = ()  # ships already sunk before the moment, left out of its TFs
    air_formations: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


MOMENTS: dict[str, Moment] = {
    m.id: m
    for m in (
        Moment(
            "sibuyan-sea", "Sibuyan Sea, 24 October", 2, 4,
            ("force-a", "force-b", "ozawa-force", "tg-38-2", "tg-38-3", "tg-38-4"),
            (Loss("musashi", "IJN", "24 Oct about 19:35", "timeline"),
             Loss("princeton", "USN", "24 Oct hit about 09:40, scuttled that evening", "timeline")),
            air_formations=("1AF", "2AF"),
        ),
        Moment(
            "surigao", "Surigao Strait, night of 24-25 October", 5, 5,
            ("force-c", "shima-force", "tf-78", "tf-79"),
            (Loss("fuso", "IJN", "25 Oct about 03:10 torpedoed, sank later that night", "timeline"),
             Loss("yamashiro", "IJN", "25 Oct about 04:20", "timeline"),
             Loss("mogami", "IJN", "25 Oct morning, scuttled after the battle", "history")),
        ),
        Moment(
            "samar", "Off Samar, morning of 25 October", 6, 6,
            ("force-a", "force-b", "taffy-1", "taffy-2", "taffy-3"),
            (Loss("gambier-bay", "USN", "25 Oct, between 08:55 and 10:10", "timeline"),
             Loss("chokai", "IJN", "25 Oct morning", "Morison vol. XII"),
             Loss("chikuma", "IJN", "25 Oct morning", "Morison vol. XII"),
             Loss("suzuya", "IJN", "25 Oct morning", "Morison vol. XII")),
            lost_before=("musashi",),
        ),
        Moment(
            "engano", "Cape Engano, 25 October", 6, 8,
            ("ozawa-force", "tg-38-2", "tg-38-3", "tg-38-4"),
            (Loss("chitose", "IJN", "25 Oct morning", "timeline"),
             Loss("zuikaku", "IJN", "25 Oct afternoon", "timeline"),
             Loss("zuiho", "IJN", "25 Oct afternoon", "timeline"),
             Loss("chiyoda", "IJN", "25 Oct afternoon", "timeline"),
             Loss("tama", "IJN", "25 Oct about 22:00, by the submarine Jallao", "timeline")),
            lost_before=("princeton",),
        ),
    )
}


@cache
def _rules() -> Any:
    from leyte.rulebooks.imperial_sunset.data import load

    return load()


def history_hex(force: str, turn: int) -> str:
    """Where history.csv puts ``force`` on ``turn``; the nearest earlier turn if that row is missing."""
    rows = [r for r in _rules().history_records if r["force"] == force and int(r["turn"]) <= turn]
    if not rows:
        raise LeyteError(f"history.csv has no row for {force!r} on or before turn {turn}")
    return str(max(rows, key=lambda r: int(r["turn"]))["hex"])


def _scenario_tf(tf_id: str) -> dict[str, Any]:
    for tf in _rules().scenarios["historical"]["task_forces"]:
        if tf["id"] == tf_id:
            return tf
    raise LeyteError(f"the historical scenario (13.1) has no task force {tf_id!r}")


def _tf_entry(tf_id: str, turn: int, lost: set[str], *, ships: list[str] | None = None,
              hex_: str | None = None, name: str | None = None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    src = _scenario_tf(tf_id)
    kept = [s for s in (ships if ships is not None else src["ships"]) if s not in lost]
    entry: dict[str, Any] = {"name": name or src["name"], "side": src["side"],
                             "hex": hex_ or history_hex(_HISTORY_FORCE[tf_id], turn), "ships": kept,
                             "detected": True}
    if src.get("fleet"):
        entry["fleet"] = src["fleet"]
    air = [{"id": a, "parent": grp["carrier"], "box": "ready"}
           for grp in src.get("air", []) if grp["carrier"] in kept for a in grp["ready"]]
    return entry, air


def _formation_air(ids: tuple[str, ...]) -> list[dict[str, Any]]:
    out = []
    for f in _rules().scenarios["historical"].get("air_formations", []):
        if f["id"] in ids:
            out += [{"id": a, "parent": f["id"], "box": "ready"} for a in f["ready"]]
            out += [{"id": a, "parent": f["id"], "box": "flown"} for a in f["flown"]]
    return out


def _base(pid: str, first_turn: int, last_turn: int) -> dict[str, Any]:
    # Fanaticism (13.1.5.2) is on as in the historical scenario: it is what sends the Japanese forces in.
    return {"id": pid, "turn": first_turn, "first_turn": first_turn, "last_turn": last_turn,
            "turn_record_key": "historical", "options": {"fanaticism": True}, "tfs": [], "air": []}


def position(moment: str) -> dict[str, Any]:
    """The position of a key moment (a fresh dict each call): its forces where history.csv puts them."""
    if moment not in MOMENTS:
        raise LeyteError(f"no key moment {moment!r}; choose one of {', '.join(MOMENTS)}")
    m = MOMENTS[moment]
    pos = _base(f"key-moment-{m.id}", m.first_turn, m.last_turn)
    for tf_id in m.tfs:
        entry, air = _tf_entry(tf_id, m.first_turn, set(m.lost_before))
        pos["tfs"].append(entry)
        pos["air"] += air
    pos["air"] += _formation_air(m.air_formations)
    return copy.deepcopy(pos)


#: The two branches of the Halsey fork.
BRANCHES = ("as Halsey did", "TF 34 guards San Bernardino")
SAN_BERNARDINO = "3119"  # the strait hex (6.3); history.csv puts Kurita there on the night of 24-25 October


def halsey_fork(branch: str) -> dict[str, Any]:
    """Halsey's decision of 24 October, 20:20, already carried out, as a position at the start of turn 5.

    The engine has no "form Task Force 34" order for a bot to give, so each branch is written as the dispositions
    the order produces: Kurita, Nishimura, Shima and Ozawa where they stood at the end of turn 4, the Seventh Fleet
    in place, and the three Third Fleet groups either all north on the track they really ran (as Halsey did) or
    north less their six fast battleships, which form TF 34 in the strait's hex.
    """
    if branch not in BRANCHES:
        raise LeyteError(f"no Halsey branch {branch!r}; choose one of {', '.join(BRANCHES)}")
    pos = _base(f"halsey-fork-{'north' if branch == BRANCHES[0] else 'tf34'}", 5, 8)
    lost = {"musashi", "princeton"}
    for tf_id in ("force-a", "force-b", "force-c", "shima-force", "ozawa-force", "taffy-1", "taffy-2", "taffy-3",
                  "tf-78", "tf-79"):
        entry, air = _tf_entry(tf_id, 4, lost)
        pos["tfs"].append(entry)
        pos["air"] += air
    guard = branch == BRANCHES[1]
    for tf_id in ("tg-38-2", "tg-38-3", "tg-38-4"):
        ships = [s for s in _scenario_tf(tf_id)["ships"] if not (guard and s in TF34_BATTLESHIPS)]
        # turn 5's hex: where the group really was once it had run north that night
        entry, air = _tf_entry(tf_id, 5, lost, ships=ships)
        pos["tfs"].append(entry)
        pos["air"] += air
    if guard:
        pos["tfs"].append({"name": "TF 34", "side": "USN", "fleet": "3rd", "hex": SAN_BERNARDINO,
                           "ships": list(TF34_BATTLESHIPS), "detected": True})
    pos["air"] += _formation_air(("1AF", "2AF"))
    return copy.deepcopy(pos)


def real_losses(moment: str, major_only: bool = True) -> list[Loss]:
    """The ships really lost in a moment, by default only those of the compared types (MAJOR_TYPES)."""
    ships = _rules().ships
    return [x for x in MOMENTS[moment].losses if not major_only or ships[x.ship].type in MAJOR_TYPES]


def major_lost(row: Any, side: str) -> int:
    """Major ships (MAJOR_TYPES) a side lost in one simulated game, from a ``leyte.simulate`` row."""
    return int(sum(row.get(f"lost_{side}_{t}", 0) for t in MAJOR_TYPES))
