"""What each side may know in Clash of the Carriers: Imperial Sunset's view, plus Clash's formations and channels.

Imperial Sunset's view (``imperial_sunset.views``) gives a side its own TGs in full and the enemy's markers. Clash
adds: its own TF with the TGs on its chart, and the enemy's TF marker alone — a TG inside a TF is on the TF chart,
not on the map (3.2.3), so the enemy's TGs inside its TF are dropped from the enemy list; what each of its own search
channels has detected (6.3.1-6.3.3: never pooled); the island air bases (on the printed map, 2.1); the USN's
extended-range track (8.1.2) to the USN only; the IJN's coming reinforcements (16.1.2, their random turn rolled in
secret) to the IJN only; and the Saipan garrison that 10.2 counts.
"""

from __future__ import annotations

from typing import Any

from leyte.rulebooks.clash import state
from leyte.rulebooks.imperial_sunset import views as base
from leyte.rulebooks.imperial_sunset.state import State


def view(st: State, player: str | None) -> dict[str, Any]:
    v = base.view(st, player)
    if player in (None, "umpire"):
        return v
    cl = state.extras(st)
    parents = cl["parent_tf"]
    v["enemy_tfs"] = [t for t in v["enemy_tfs"] if t["id"] not in parents]
    own_tf = state.side_tf(st, player)
    v["task_forces"] = [
        {"id": tid, "name": tf["name"], "side": tf["side"], "hex": tf["hex"],
         **({"tgs": [t.id for t in state.tgs_of(st, tid)]} if tf["side"] == player else {})}
        for tid, tf in sorted(cl["tfs"].items())
    ]
    v["own_tf"] = own_tf[0] if own_tf else None
    v["detected"] = {ch: list(ids) for ch, ids in cl["detected"][player].items()}
    v["air_bases"] = {k: dict(b) for k, b in sorted(cl["air_bases"].items())}
    if player == "USN":
        v["er_track"] = {k: list(x) for k, x in sorted(cl["er_track"].items())}
    else:
        v["reinforcements"] = [dict(r) for r in cl["reinforcements"]]
    v["saipan_hex"] = cl["saipan_hex"]
    return v
