"""Scenarios and positions: the historical deployment (V.A-V.C) and any position a test or notebook writes.

A position has the scenario file's shape (see ``schema.py``). The state built from it draws each IJN marker's label
at random from the pool (RULINGS R-15), so a label says nothing about what is under it.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from leyte.core.errors import ScenarioError
from leyte.core.game import Context
from leyte.rulebooks.naval_chess.common import draw_label
from leyte.rulebooks.naval_chess.data import MARKER_LABELS, OPTIONS, SEATS, data  # noqa: F401  (OPTIONS re-exported)
from leyte.rulebooks.naval_chess.state import Marker, State, UnitState


def read_position(source: str | Mapping[str, Any]) -> dict[str, Any]:
    D = data()
    if isinstance(source, Mapping):
        pos = copy.deepcopy(dict(source))
        where = f"scenario {str(pos.get('id', '<dict>'))[:80]!r}"
    else:
        if source not in D.scenarios:
            raise ScenarioError(f"no scenario {str(source)[:80]!r}: known ids are {', '.join(sorted(D.scenarios))}")
        pos = copy.deepcopy(D.scenarios[source])
        where = f"scenario {source!r}"
    from leyte.rulebooks.naval_chess import schema  # pydantic loads only when a position is checked

    schema.check_position(pos, D, where)
    return pos


def new_state(pos: Mapping[str, Any], options: Mapping[str, Any], ctx: Context) -> State:
    from leyte.rulebooks.naval_chess import schema

    D = data()
    opts = schema.CHECKER.validate(schema.Options, dict(options), "options", what="the options")
    p = schema.check_position(copy.deepcopy(dict(pos)), D, "scenario")
    unryu = p.options.unryu or opts.unryu
    free = p.options.free_setup or opts.free_setup
    st = State(scenario=p.id, day=p.day, last_day=p.last_day, options={"unryu": unryu, "free_setup": free},
               marker_pool=list(MARKER_LABELS))
    for uid, u in D.units.items():
        st.units[uid] = UnitState(uid, u.seat, strength=u.strength)
    for uid, h in p.allied.items():
        st.units[uid].loc = f"aboard:{h}" if h in D.units else h
    for uid in p.damaged:
        st.units[uid].damaged = True

    def new_marker(units: list[str], at: str) -> None:
        label = draw_label(st, ctx, "VI.B.1.a")
        st.markers[label] = Marker(label, at, list(units))
        for x in units:
            st.units[x].loc = at
            st.units[x].marker = label

    for tf in p.ijn.task_forces:
        new_marker(tf.units, tf.at)
        if tf.plot:
            st.markers[st.units[tf.units[0]].marker].plot = dict(tf.plot)
    for uid, h in p.ijn.subs.items():
        new_marker([uid], h)
    for h in p.ijn.dummies:
        new_marker([], h)
    if unryu and not any("unryu" in tf.units for tf in p.ijn.task_forces):
        new_marker(["unryu"], "off:north")  # V.B: the option brings the second carrier with Ozawa's force
    for uid, base in p.ijn.air.items():
        _base(st, uid, base)
    if unryu:
        for uid in ("cv1", "cv2"):
            st.units[uid].strength = "strong"
        if not st.units["cv2"].base and st.units["unryu"].loc != "reserve":
            _base(st, "cv2", "unryu")
        extra = [u for u in D.units.values() if u.option == "unryu" and u.cls == "land"]
        for u in extra:
            if not st.units[u.id].base:
                _base(st, u.id, _first_field(st))
    for uid, u in D.units.items():  # Allied air rides its carrier (one air unit per carrier, VI.B.1.b.2.b)
        if u.kind == "air" and u.seat != "IJN" and u.setup in st.units and st.units[u.setup].afloat:
            _base(st, uid, u.setup)
    st.posture = {s: p.posture.get(s, "passive") for s in SEATS}
    ctx.emit("V", f"{p.name or p.id}: day {st.day} ({D.constant('first_date') + st.day - 1} October 1944)",
             kind="start", data={"scenario": st.scenario})
    if unryu:
        from leyte.rulebooks.naval_chess.common import score

        score(st, ctx, D.vp["unryu_option"], "the IJN takes the Unryu option", "V.B", now=True)
    if free:  # V: each seat places its own forces, the historical places offered first
        from leyte.rulebooks.naval_chess import setup
        from leyte.rulebooks.naval_chess.engine import advance

        setup.begin(st, ctx, p.start)
        advance(st, ctx)
        return st
    from leyte.rulebooks.naval_chess import sequence

    sequence.start(st, ctx, p.start)
    return st


def _first_field(st: State) -> str:
    """Where the Unryu option's two extra Bettys arrive when a position does not say: Clark Field, Luzon (D5)."""
    return "D5"


def _base(st: State, uid: str, base: str) -> None:
    a = st.units[uid]
    a.base = base
    a.loc = "ready"
