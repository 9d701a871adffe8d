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

CHANNELS_THAT_SEE = ("carrier", "island")  # finds that let a side strike and so see the ships; a land-based
# sighting (6.3.3) gives only the defender's report of counts


def view(st: State, player: str | None) -> dict[str, Any]:
    v = base.view(st, player)
    if player in (None, "umpire"):
        return v
    cl = state.extras(st)
    parents = cl["parent_tf"]
    v["enemy_tfs"] = sorted(({**t, "id": state.public_id(st, t["id"])} for t in v["enemy_tfs"]
                             if t["id"] not in parents and state.marker_seen(st, player, t["id"])),
                            key=lambda t: t["id"])  # labels, never ids (3.1.6); 15.7: found markers only
    own_tf = state.side_tf(st, player)
    reports = st.flags.get("reports", {}).get(player, {})
    v["task_forces"] = [
        {"id": tid, "name": tf["name"], "side": tf["side"],
         "hex": tf["hex"] if tf["side"] == player or state.marker_seen(st, player, tid) else None,
         **({"tgs": [t.id for t in state.tgs_of(st, tid)]} if tf["side"] == player
            else {"last_report": reports.get(tid)})}  # a search of the TF marker reports on the whole TF (6.1)
        for tid, tf in sorted(cl["tfs"].items())
    ]
    v["own_tf"] = own_tf[0] if own_tf else None
    # the scenario's special rules in force (16.1.4), public to both sides: the turn each lifts and, for a distance
    # rule, its limit; which formations a rule binds stays with their owner's charts
    v["special_rules"] = {rid: {k: r[k] for k in ("lifted_on_turn", "max_hexes") if k in r}
                          for rid, r in sorted(st.flags.get("special_rules", {}).items())}
    v["marker_labels"] = {tid: lab for tid, lab in sorted(state.labels(st).items())
                          if tid in st.tfs and st.tfs[tid].side == player}  # what the enemy reads on each (3.1.6)
    # what each channel found, by the marker labels the side reads on the map: a TG's id would tell which historical
    # group (and so what ships) a label hides, even for a land-based sighting that gives counts only (6.3.3, R-51)
    v["detected"] = {ch: sorted(state.public_id(st, i) for i in ids) for ch, ids in cl["detected"][player].items()}
    v["air_bases"] = {k: dict(b) for k, b in sorted(cl["air_bases"].items())}
    if player == "USN":
        v["er_track"] = {k: list(x) for k, x in sorted(cl["er_track"].items())}
    else:
        v["reinforcements"] = [dict(r) for r in cl["reinforcements"]]
    v["saipan_hex"] = cl["saipan_hex"]
    return v


def hidden_names(st: State, player: str) -> frozenset[str]:
    """What ``player`` has not detected, as the strings that would give it away (the conformance leak test's list).

    Imperial Sunset's list (the ships of every enemy TG not detected, every enemy carrier air unit), with Clash's
    detection: a TG counts as found when one of the player's striking channels holds it or its TF (6.3.1, 6.3.2;
    never a land-based sighting, 6.3.3, whose report tells counts only). And the id of every enemy dummy TG still in
    play: a dummy is a marker like any other until a search removes it (3.1.6), so its id must not tell it apart."""
    if st.result is not None or player not in ("IJN", "USN"):
        return frozenset()
    enemy = "USN" if player == "IJN" else "IJN"
    found = {f for ch in CHANNELS_THAT_SEE if ch in state.CHANNELS[player]
             for f in state.extras(st)["detected"][player][ch]}
    parents = state.extras(st)["parent_tf"]
    D = st.data
    out = set(base.hidden_names(st, player))
    for t in st.tfs.values():
        if t.side != enemy or not t.in_play:
            continue
        if t.dummy:
            out.add(t.id)
        elif t.id in found or parents.get(t.id) in found:  # an island find: IS's flag is the carrier channel's
            for sid in t.ships:
                out.discard(sid)
                out.discard(D.ships[sid].name)
    # a ship whose name is a word of a public TF name (USS Mobile, the Mobile Fleet) stays hidden by its id only: the
    # TF's name on every marker is no news
    public_words = {w for tf in state.extras(st)["tfs"].values() for w in str(tf["name"]).split()}
    return frozenset(out - public_words)
