"""What the front ends draw for Clash of the Carriers: Imperial Sunset's face on Clash's map and views.

Imperial Sunset's face reads only a player's view, and Clash's view has the same shape (its TGs are the TF records
the face already draws), so most of the drawing is shared. Three things differ, and a class projecting the map
notices each of them:

- Clash's formations are *task groups*; one task force a side holds some of them on its chart (3.2). An enemy
  marker is therefore a TG marker ("TG ?"), not Imperial Sunset's "TF ?".
- The enemy's TF marker is public (the view lists its hex), while the TGs inside it are on its chart and off the
  map (3.2.3). Imperial Sunset's face draws only TGs, so without a marker of its own TF 58 would be missing from the
  Japanese map (and the Mobile Fleet from the American one).
- Before the first turn the game is being set up (16.1.1): the status line says so rather than "day", and an enemy
  TG marker has no number yet — the marker numbers the other side reads (3.1.6) are dealt when play starts, so a
  number shown during the set-up would change under the players' eyes at the first turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from leyte.rulebooks.imperial_sunset.face import ImperialSunsetFace, view_markers

__all__ = ["ClashFace", "tf_label", "tg_rank"]

Marker = dict[str, Any]


def tf_label(name: str, tid: str) -> str:
    """The short text on a TF marker: its number ("Task Force 58" -> "58"), else its initials ("Mobile Fleet" ->
    "MF"), else the id shortened."""
    words = str(name).split()
    if words and words[-1].isdigit():
        return words[-1]
    initials = "".join(w[0] for w in words if w[:1].isalpha()).upper()
    return initials[:4] or str(tid)[:4]


#: what a ship type adds to its TG's place in a stack: the carriers first (they are what the battle is about), then
#: the battleships; a fleet carrier outweighs any number of light carriers a TG of this game holds
SHIP_RANK = {"CV": 100.0, "CVL": 30.0, "BB": 8.0, "CA": 2.0, "CL": 1.0, "DD": 0.5}


def tg_rank(tf: Mapping[str, Any]) -> float:
    """An own TG's ``rank`` on the map (``Face.markers``): a stack of the viewer's TGs in one hex (the Mobile Fleet's
    Forces at the set-up) shows the one with the big carriers on top — Force A, not Force C. Sunk ships count
    nothing; a dummy ranks last."""
    if tf.get("dummy"):
        return -1.0
    return sum(SHIP_RANK.get(str(s.get("type")), 0.0) for s in tf.get("ships", []) or [] if not s.get("sunk"))


def enemy_tf_markers(view: Mapping[str, Any]) -> list[Marker]:
    """A marker for each enemy TF the view places on the map (3.2.3: the marker is seen, its TGs are not)."""
    viewer = view.get("viewer")
    if viewer in (None, "umpire"):
        return []  # the umpire sees every TG where it is; a TF marker on top would only hide them
    out: list[Marker] = []
    for tf in view.get("task_forces", []) or []:
        if tf.get("side") == viewer or not tf.get("hex"):
            continue
        name, tid = str(tf.get("name", tf.get("id", "TF"))), str(tf.get("id", "?"))
        out.append({
            "kind": "tf",
            "solid": True,
            "hex": tf["hex"],
            "side": tf.get("side"),
            "id": tid,
            "label": tf_label(name, tid),
            "sub": "TF",
            "title": f"{name}: the enemy's task force marker — its TGs are on its chart, not on the map (3.2.3)",
            "detected": False,
            "moved": False,
            "dummy": None,
            "damaged": False,
            "own": False,
        })
    return out


class ClashFace(ImperialSunsetFace):
    """Clash of the Carriers' face: Imperial Sunset's, with task-group markers and the enemy's TF marker."""

    def markers(self, view: Mapping[str, Any]) -> list[Marker]:
        out: list[Marker] = []
        setup = view.get("phase") == "setup"
        ranks = {str(tf.get("id")): tg_rank(tf) for tf in view.get("own_tfs", []) or []}
        for m in view_markers(view):
            if m["kind"] == "tf" and m.get("own") and str(m.get("id")) in ranks:
                m = {**m, "rank": ranks[str(m["id"])]}
            if m["kind"] == "tf" and not m.get("own"):
                # an enemy formation on the map is one of its TGs, or a dummy TG marker (3.1.6)
                title = str(m["title"]).replace("enemy TF ", "enemy TG marker ", 1)
                if setup:
                    title = "enemy TG: its marker number is dealt when play starts (3.1.6)" + \
                        (" · detected" if m.get("detected") else " · undetected")
                m = {**m, "sub": "TG ?", "title": title, **({"label": "?"} if setup else {})}
            out.append(m)
        return out + enemy_tf_markers(view)

    def piece_hexes(self, view: Mapping[str, Any]) -> dict[str, str]:
        """Imperial Sunset's pieces, and the enemy TF marker where the view places it."""
        out = super().piece_hexes(view)
        for m in enemy_tf_markers(view):
            out.setdefault(m["id"], m["hex"])
        return out

    def roll_result_text(self, table: str, result: Mapping[str, Any]) -> str:
        """The submarine placement table (11.1.2) gives a distance band from the enemy's markers; said as a band,
        not as its two fields."""
        if table == "sub_placement" and isinstance(result.get("distance"), int):
            n = result["distance"]
            hexes = "hex" if n == 1 else "hexes"
            band = f"{n} or more {hexes}" if result.get("or_more") else f"exactly {n} {hexes}"
            return f"{band} from the nearest enemy TG or TF"
        return super().roll_result_text(table, result)

    def status(self, view: Mapping[str, Any]) -> str:
        if view.get("phase") == "setup":
            return f"Turn {view.get('turn')} · set-up (16.1.1)"
        return super().status(view)
