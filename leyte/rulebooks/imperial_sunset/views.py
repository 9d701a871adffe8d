"""What each side may know (the hidden-information rules of 2.2, 5.4, 7.2, 10.2 and 13.1.5.1).

A side sees all of its own forces. Of the enemy it sees TF markers on the map (a dummy looks like any other TF),
their detected status and whether they have moved, the contact reports it was given, detected independent ships
(6.4: in full view), sonar markers without their identity, and the PT boats' hex. It never sees enemy ship names in
an undetected TF, enemy air units, the other side's secret rolls (What-If OB, Wild Bull), or a dummy's status.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from operator import attrgetter
from typing import Any

from leyte.core.game import Context, Event
from leyte.rulebooks.imperial_sunset import detection, surface
from leyte.rulebooks.imperial_sunset.air_ops import public_unit_name
from leyte.rulebooks.imperial_sunset.common import live_ships
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.state import State, TFState


def _ready_ranges(st: State) -> dict[str, int]:
    """The longest range among each carrier's (or formation's) aircraft in the Ready box (6.5.1)."""
    D = st.data
    out: dict[str, int] = {}
    for a in st.air.values():
        if a.box == "ready" and not a.ashore:
            r = D.air[a.id].range
            if r > out.get(a.parent, 0):
                out[a.parent] = r
    return out


def _own_tf(st: State, tf: TFState, ready: dict[str, int] | None = None) -> dict[str, Any]:
    ready = _ready_ranges(st) if ready is None else ready
    counters, ships = st.data.ships, st.ships  # bots ask for a view at every decision: look each ship up once
    return {
        "air_search_range": 0 if tf.dummy else detection.air_search_range(st, tf),  # 7.2, for range highlights
        "strike_range": max((ready[s] for s in tf.ships if s in ready), default=0),  # 6.5.1: ready aircraft
        "id": tf.id, "name": tf.name, "side": tf.side, "hex": tf.hex, "dummy": tf.dummy, "fleet": tf.fleet,
        "detected": tf.detected, "activated": tf.activated, "moved": tf.moved, "mp_markers": tf.mp_markers,
        "ships": [{"id": s, "name": (d := counters[s]).name, "type": d.type, "hits": (x := ships[s]).hits,
                   "capacity": d.capacity, "torpedo_used": x.torpedo_used}
                  for s in live_ships(st, tf)],
    }


def _enemy_tf(st: State, tf: TFState, viewer: str, reports: dict[str, Any] | None = None) -> dict[str, Any]:
    """``reports`` is the viewer's contact reports by TF, when the caller has looked them up."""
    if reports is None:
        reports = st.flags.get("reports", {}).get(viewer, {})
    report = reports.get(tf.id)
    return {"id": tf.id, "side": tf.side, "hex": tf.hex, "detected": tf.detected, "activated": tf.activated,
            "moved": tf.moved, "last_report": report}


def view(st: State, player: str | None) -> dict[str, Any]:
    if player in (None, "umpire"):
        d = st.to_dict()
        d["viewer"] = "umpire"
        D = st.data
        for sid, ship in d["ships"].items():
            ship["name"], ship["type"] = D.ships[sid].name, D.ships[sid].type
        d["battle"] = _battle(st, None)
        return d
    D = st.data
    enemy = "USN" if player == "IJN" else "IJN"
    # Bots ask for a view at every decision: filter before sorting, and sort the TFs once for both lists.
    ready = _ready_ranges(st)
    in_play = sorted((t for t in st.tfs.values() if t.in_play), key=attrgetter("id"))
    own_tfs = [_own_tf(st, t, ready) for t in in_play if t.side == player]
    reports = st.flags.get("reports", {}).get(player, {})
    enemy_tfs = [_enemy_tf(st, t, player, reports) for t in in_play if t.side == enemy]
    own_ind, enemy_ind = [], []
    for s in sorted((x for x in st.ships.values() if x.independent and not x.sunk and not x.exited),
                    key=attrgetter("id")):
        entry = {"id": s.id, "name": D.ships[s.id].name, "type": D.ships[s.id].type, "hex": s.hex,
                 "detected": s.detected}
        if s.side == player:
            own_ind.append({**entry, "hits": s.hits, "destination": s.destination})
        elif s.detected:
            enemy_ind.append(entry)
    own_air = [{"id": a.id, "parent": a.parent, "box": a.box, "reduced": a.reduced, "cap_over": a.cap_over,
                "role": a.role} for a in sorted((x for x in st.air.values() if x.side == player), key=attrgetter("id"))]
    return {
        "viewer": player,
        "scenario": st.scenario,
        "turn": st.turn,
        "last_turn": st.last_turn,
        "phase": st.phase,
        "day": bool(st.flags.get("day", True)),
        "date": st.flags.get("turn_info", {}).get("date", ""),
        "own_tfs": own_tfs,
        "enemy_tfs": enemy_tfs,
        "own_independents": own_ind,
        "enemy_independents": enemy_ind,
        "own_air": own_air,
        "sonar": [{"hex": s["hex"]} for s in st.sonar],
        "pt_hex": st.pt_hex,
        "pool_size": len(st.pool),
        "own_losses": sorted(s.id for s in st.ships.values() if s.sunk and s.side == player),
        "secret": {k: v for k, v in st.secret.items() if _secret_owner(k) == player},
        "vp_awards": [a for a in st.vp],
        "battle": _battle(st, player),
        "activation": _activation(st, player),
        "result": st.result,
    }


def _activation(st: State, player: str) -> dict[str, Any] | None:
    """The viewer's own TF being activated now (its id, hex and MPs left), for range highlights."""
    for fr in reversed(st.stack):
        if fr.get("kind") == "activate_tf":
            if fr.get("side") != player:
                return None
            tf = st.tfs[fr["tf"]]
            return {"tf": tf.id, "hex": tf.hex, "mp": fr["mp"]}
    return None


def _battle(st: State, player: str | None) -> dict[str, Any] | None:
    for fr in reversed(st.stack):
        if fr.get("kind") == "surface_battle":
            return surface.battle_view(st, fr, player)
    return None


def _secret_owner(key: str) -> str:
    return {"wild_bull": "USN", "whatif_air_ob": "IJN"}.get(key, "umpire")


def hidden_names(st: State, player: str) -> frozenset[str]:
    """What ``player`` has not detected, as the strings that would give it away (the leak test's list).

    - the name and id of every enemy ship in an undetected TF (5.4, 7.0: a marker tells nothing of what it holds),
      except ships on the surface display of a battle now being fought, which 8.3.1 governs: there only the USN's
      face-down counters stay hidden from the IJN;
    - the name and id of every enemy air unit flying from a carrier (its label names the carrier, which the
      opponent may not learn from the air units it meets).

    Detected independents (6.4) are in full view, and sunk ships are no secret. Once the game is over nothing is
    hidden. A name seen while its TF was detected may be met again later; the leak test remembers what it has seen.
    """
    if st.result is not None or player not in ("IJN", "USN"):
        return frozenset()
    D = st.data
    enemy = "USN" if player == "IJN" else "IJN"
    battle = next((fr for fr in reversed(st.stack) if fr.get("kind") == "surface_battle"), None)
    shown = battle["display"] if battle is not None else {}
    out: set[str] = set()
    for tf in st.tfs.values():
        if tf.side != enemy or not tf.in_play or tf.detected:
            continue
        for sid in tf.ships:
            if not st.ships[sid].sunk and sid not in shown:
                out.update((sid, D.ships[sid].name))
    for sid, d in shown.items():
        s = st.ships[sid]
        if player == "IJN" and d["side"] == "USN" and not d["revealed"] and not s.sunk and not s.independent:
            out.update((sid, D.ships[sid].name))  # a ship detached from the battle is in full view (6.4)
    for a in st.air.values():
        if a.side == enemy and a.parent in D.ships:
            out.update((a.id, D.air[a.id].name))
    out.discard("")
    return frozenset(out)


# -- carrier air units seen by the other side --------------------------------------------------------------------

_SIDES = ("IJN", "USN")


def _pattern(words: list[str], *, start: bool = True) -> re.Pattern[str]:
    """Any of ``words`` as a whole word, the longest first. ``start=False`` leaves out the check before the word,
    which keeps the regex engine's quick scan for first letters: twice as fast, for a first look at every event."""
    words = sorted(words, key=lambda w: (-len(w), w))
    return re.compile((r"(?<![\w/])" if start else "") + "(?:" + "|".join(map(re.escape, words)) + r")(?![\w/])")


# Event kinds no rules module writes an air unit's name or id into (movement, activation, search and reports,
# surface combat, sonar, regrouping): the bulk of a game's events, written without a look. Every other kind is
# searched, so a new kind is masked by default; the conformance leak test checks the opponent's copies.
_NO_AIR_KINDS = frozenset({
    "move", "move_public", "surface_move", "mp", "detection", "activate", "activate_end", "shot", "reorganize",
    "designate", "report", "smoke", "deploy", "sonar", "disengage_choice", "disengage", "moved", "damage_log",
    "air_display", "battle", "battle_round", "tf_new", "tf_removed",
})
_NO_AIR_ROLLS = ("7.", "8.3", "10.")  # rolls of searches, surface combat and submarines: no air unit takes part


@cache
def _air_masks(D: ISData) -> tuple[re.Pattern[str], dict[str, tuple[re.Pattern[str], dict[str, str]]]]:
    """A regex finding any carrier air unit's name or id as a whole word, and per side: its own such regex and each
    name's and id's public label."""
    out: dict[str, tuple[re.Pattern[str], dict[str, str]]] = {}
    every: list[str] = []
    for side in _SIDES:
        labels: dict[str, str] = {}
        for aid, a in D.air.items():
            if a.side == side and a.parent in D.ships:
                labels[aid] = labels[a.name] = public_unit_name(D, aid)
        out[side] = (_pattern(list(labels)), labels)
        every += labels
    return _pattern(every, start=False), out


def _strings(text: str, data: Mapping[str, Any] | None) -> str:
    """The event's text and every string in its data, in one string to search at once (run on every event: the
    flat values most data holds are read without a stack)."""
    if not data:
        return text
    roll = data.get("roll") if len(data) == 1 else None
    if type(roll) is dict:  # a roll's record: its strings are the purpose and the modifiers' sources
        return "\x00".join([text, str(roll.get("purpose", "")), *(str(m.get("source", "")) for m in
                                                                   roll.get("modifiers", ()))])
    parts = [text]
    todo: list[Any] = []
    for v in data.values():
        t = type(v)
        if t is str:
            parts.append(v)
        elif t is dict or t is list or t is tuple:
            todo.append(v)
    while todo:
        v = todo.pop()
        if type(v) is str:
            parts.append(v)
        elif type(v) is dict:
            todo.extend(v.values())
        elif type(v) is list or type(v) is tuple:
            todo.extend(v)
    return "\x00".join(parts)


def _masked(v: Any, rx: re.Pattern[str], labels: dict[str, str]) -> Any:
    if isinstance(v, str):
        return rx.sub(lambda m: labels[m.group(0)], v)
    if isinstance(v, dict):
        return {k: _masked(x, rx, labels) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_masked(x, rx, labels) for x in v]
    return v


class MaskingContext(Context):
    """The rules' context, which writes every event that names a carrier air unit once per side: the owner's copy
    names the unit, the opponent's gives its public label (``air_ops.public_unit_name``) in the text and the data
    and is marked ``"masked": true``; when no player's copy is the full one (both sides' units named), a copy for
    the umpire alone keeps it.

    A carrier's air groups carry its name; meeting them would tell the defender which carriers are out there, which
    only a search may tell (7.2). Doing it here, where every event is written, covers every air combat step and
    every roll that names a unit without each rules module keeping two texts.
    """

    __slots__ = ("any_unit", "masks")

    def __init__(self, ctx: Context, D: ISData) -> None:
        super().__init__(ctx.dice, ctx.events)
        self.any_unit, self.masks = _air_masks(D)

    def emit(self, rule: str, text: str, *, kind: str = "info", data: Mapping[str, Any] | None = None,
             visible: Sequence[str] | None = None) -> Event:
        if kind in _NO_AIR_KINDS or (kind == "roll" and rule.startswith(_NO_AIR_ROLLS)):
            return super().emit(rule, text, kind=kind, data=data, visible=visible)
        blob = _strings(text, data)
        if self.any_unit.search(blob) is None:
            return super().emit(rule, text, kind=kind, data=data, visible=visible)
        named = [s for s in _SIDES if self.masks[s][0].search(blob)]
        if not named:
            return super().emit(rule, text, kind=kind, data=data, visible=visible)
        viewers = _SIDES if visible is None else tuple(visible)
        ev = None
        full = False
        for v in viewers:
            t, d = text, dict(data) if data else {}
            foreign = [x for x in named if x != v] if v in _SIDES else []
            for x in foreign:
                rx, labels = self.masks[x]
                t, d = _masked(t, rx, labels), _masked(d, rx, labels)
            if foreign:
                d["masked"] = True  # the opponent's copy: a front end showing the umpire everything skips it
            full = full or not foreign
            ev = super().emit(rule, t, kind=kind, data=d, visible=(v,))
        if not full:  # every player got a masked copy: the umpire keeps the event as it happened
            ev = super().emit(rule, text, kind=kind, data=data, visible=("umpire",))
        assert ev is not None
        return ev
