"""Seeded random playouts to the end, checking the game's invariants after every action.

The shared body of the test_playouts_*.py files.

Random legal actions for both sides (the `random` bot). After every action: every ship is in at most one place and
its TF agrees, hits never exceed capacity, no option names a sunk ship, MP are never negative, TF limits and ship
units per TF hold. At the end: the victory breakdown equals an independent recount from the log, and a save taken at
a random decision, loaded and continued with the same actions gives the same events byte for byte.
"""

from __future__ import annotations

import json

import leyte
from leyte.bots import RandomBot
from leyte.core.dice import Dice


def _check(g: leyte.Game) -> None:
    st = g.state
    D = g.rules.data()
    where: dict[str, str] = {}
    for tf in st.tfs.values():
        for sid in tf.ships:
            assert sid not in where, f"{sid} is in {where[sid]} and {tf.id}"
            where[sid] = tf.id
            assert st.ships[sid].tf == tf.id, f"{sid} lists TF {st.ships[sid].tf} but sits in {tf.id}"
        if tf.in_play and not tf.dummy:
            live = [s for s in tf.ships if not st.ships[s].sunk and not st.ships[s].exited]
            assert len(live) <= D.mod("tf.max_ship_units"), f"TF {tf.id} holds {len(live)} ship units (5.5)"
    for s in st.ships.values():
        assert 0 <= s.hits <= D.ships[s.id].capacity, f"{s.id} has {s.hits} hits"
        if s.independent:
            assert s.tf is None
    for side in ("IJN", "USN"):
        n = sum(1 for t in st.tfs.values() if t.in_play and t.side == side)
        assert n <= D.mod(f"tf_limit.{side}"), f"{side} has {n} TFs in play"
    for fr in st.stack:
        if fr.get("kind") == "activate_tf":
            assert fr["mp"] >= 0, f"negative MP in {fr}"
    d = g.decision
    if d is not None:
        for o in d.options:
            for k in ("ship", "target_ship"):
                v = o.get(k)
                if isinstance(v, str) and v in st.ships:
                    assert not st.ships[v].sunk, f"option {o.text} names the sunk ship {v}"


def _recount(g: leyte.Game) -> tuple[int, int]:
    """VP per side recounted from the event log alone (damage totals, sinkings, awards)."""
    D = g.rules.data()
    hits: dict[str, int] = {}
    sunk: set[str] = set()
    detached: dict[str, int] = {}
    start = g.scenario
    for s in start.get("ships", []):
        if s.get("sunk"):
            sunk.add(s["id"])
    for tf in start["tfs"]:
        for sid, h in tf.get("hits", {}).items():
            hits[sid] = max(hits.get(sid, 0), int(h))
    for e in g.events:  # in order: damage events carry running totals, escort events mark boxes off (6.4.1)
        data = e.data if isinstance(e.data, dict) else {}
        if e.kind == "escort" and data.get("squadron") in D.ships:
            sq = data["squadron"]
            hits[sq] = hits.get(sq, 0) + int(data["count"])
            detached[sq] = detached.get(sq, 0) + int(data["count"])
            continue
        sid = data.get("ship")
        if sid not in D.ships:
            continue
        if e.kind == "damage" and "total" in data:
            hits[sid] = max(hits.get(sid, 0), int(data["total"]))
        if e.kind == "sunk":
            sunk.add(sid)
    pts = {"USN": 0, "IJN": 0}
    for sid, d in D.ships.items():
        if sid not in g.state.ships:
            continue
        gainer = "USN" if d.side == "IJN" else "IJN"
        h = hits.get(sid, 0)
        if d.small:
            pts[gainer] += (min(h, d.capacity) - detached.get(sid, 0)) * d.vp_per_point
        elif sid in sunk:
            pts[gainer] += d.vp_sunk
        elif h:
            pts[gainer] += d.vp_damaged
    for e in g.events:
        if e.kind == "vp":
            pts[e.data["side"]] += int(e.data["points"])
    return pts["USN"], pts["IJN"]


def playout(scenario: str, seed: int) -> None:
    """Play one seeded random game to the end, checking every invariant; see the module docstring."""
    g = leyte.new_game("imperial-sunset", scenario=scenario, seed=seed)
    bots = {p: RandomBot(p, seed * 31 + i) for i, p in enumerate(g.players)}
    save_at = Dice(seed).randbelow(300)
    saved: str | None = None
    n_saved = 0
    n = 0
    while (d := g.decision) is not None:
        if n == save_at:
            saved, n_saved = g.to_json(), len(g.actions)
        g.apply(bots[d.player].choose({}, d))
        n += 1
        _check(g)
        assert n < 100_000, "the game does not end"
    r = g.result
    assert r is not None and r["level"]
    usn, ijn = _recount(g)
    assert (r["points"]["USN"], r["points"]["IJN"]) == (usn, ijn)
    if saved is not None:
        h = leyte.load_game(saved)
        for a in g.actions[n_saved:]:
            h.apply(a)
        assert h.events_json() == g.events_json()
        assert h.result == json.loads(json.dumps(g.result)) or h.result == g.result
