"""Surface combat (8.3): the battle on the 25-area surface display, round by round.

``start_battle`` puts every ship of the active TF and of the detected enemy TFs in the hex on the display (8.3.1)
and pushes one ``surface_battle`` frame. The frame then plays up to eight rounds (8.3), each with the segments in
order — movement (8.3.2, smoke 8.3.5), gunnery (8.3.3, night sighting 8.3.4), torpedoes (8.3.6), air attacks
(8.3.7, with scramble 6.5.10), disengagement (8.3.8) and placement adjustment (8.3.11) — and finally puts the TFs
back on the map (8.3.9), leaving ships past half damage behind as detected independents.

The display is a straight track of areas (ruling R2): range is the difference of area numbers, the IJN deploys
towards the low end and the USN towards the high end. USN counters lie face-down for the IJN (8.3.1): the IJN sees
a battle alias and the generic type ("BB USN-2") until the ship fires, which turns it face-up (our ruling).
Options offered to the IJN name USN ships by alias only.

Simultaneity (8.3.3, 8.3.6): every gunnery or torpedo roll of a segment is made first and its hits are held; the
hits are marked only when the segment ends, so a ship sunk in a segment still fires in it. Critical hits are
rolled right after the attacking unit's rolls and take effect with the hits.

A sister game of the rules family changes steps through the ``surface_*`` switches of ``family.py`` (initiative
once, one placement roll per unit face up, gunnery with no designation, halving or markers, torpedoes once per
battle, smoke that stays, no adjustment segment, exits from the end boxes, a disengagement roll by both players, a
retreat instead of the placement list); each is read where its step runs, and Imperial Sunset's values are the
defaults, so its games are unchanged.
"""

from __future__ import annotations

import csv
import hashlib
import math
from functools import cache, lru_cache
from typing import Any, TypedDict, cast

from leyte.core.cases import own
from leyte.core.dice import Modifier
from leyte.core.errors import IllegalAction, LeyteError
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset import air_ops, damage
from leyte.rulebooks.imperial_sunset.common import live_ships
from leyte.rulebooks.imperial_sunset.data import CRUISER_TYPES, ISData
from leyte.rulebooks.imperial_sunset.engine import ask, frame, opt, pop, push, top
from leyte.rulebooks.imperial_sunset.state import State, TFState, other

__all__ = ["start_battle", "battle_view", "gunnery_modifiers", "torpedo_modifiers", "fire_factor", "gunnery_range"]

SIDES = ("IJN", "USN")
SMOKE_TYPES = frozenset({"DD", "DE"})


def _areas(D: ISData) -> int:
    return D.mod("surface.areas")


def _halve(x: int) -> int:
    return math.floor(x / 2 + 0.5)


def _sw(st: State, name: str) -> Any:
    """A rules-family switch (``family.py``): Imperial Sunset's value unless a sister game's data sets another."""
    return st.data.family.switch(name)


def _cite(st: State, case: str) -> str:
    """A case as the running game numbers it, for texts (a sister game's ``cases.csv``; Imperial Sunset: as is)."""
    cases = st.data.family.cases
    return (cases(case) or case) if cases is not None else case


def _on(st: State, bf: dict[str, Any], sid: str) -> bool:
    """A ship still on the display: afloat, and not gone off an end box (Clash 12.3; IS ships never leave it)."""
    return not st.ships[sid].sunk and not bf["display"][sid].get("off")


# -- starting a battle ------------------------------------------------------------------------------------------


def start_battle(st: State, hex_label: str, active_tf: str, ctx: Context, *, entered_from: str | None,
                 initiator: str | None = None) -> None:
    """Begin a surface battle in ``hex_label`` between the active TF and every detected enemy TF there (8.3).

    ``entered_from`` is the hex the active TF entered the battle hex from this activation (None if it was
    activated there); it decides the strait rule (8.3.10) and where a disengaging attacker returns (8.3.9).
    ``initiator`` is a non-active TF that started the battle by detecting the active TF as it came in (8.3); it
    fights even if the active side has not detected it. Without it, a battle in which the active side has
    detected no enemy is read as such a reaction and takes in every enemy TF of the hex.
    """
    D = st.data
    atf = st.tfs[active_tf]
    side = atf.side

    def afloat(t: TFState) -> bool:
        return not t.dummy and any(not st.ships[s].sunk for s in t.ships)

    here = [t for t in sorted(st.tfs_at(hex_label), key=lambda t: t.id) if t.side != side and afloat(t)]
    enemy = [t.id for t in here if t.detected or t.id == initiator]
    if not enemy and atf.detected:
        enemy = [t.id for t in here]
    if not enemy:
        raise IllegalAction("8.3", f"no detected enemy TF in {hex_label} to fight")
    tfs = {side: [active_tf], other(side): enemy}
    strait = D.map.has_feature(D.map.hex(hex_label), "strait") and entered_from is not None
    act_index = -1
    for i in range(len(st.stack) - 1, -1, -1):
        f = st.stack[i]
        if f.get("kind") == "activate_tf" and f.get("tf") == active_tf:
            f["combat_done"] = True  # surface combat ends the TF's movement (6.2.5)
            f["mp"] = 0
            act_index = i
            break
    day = bool(st.flags.get("day", True))
    ships = {s_: [sid for t in tfs[s_] for sid in st.tfs[t].ships if not st.ships[sid].sunk
                  and not st.ships[sid].exited] for s_ in SIDES}
    display: dict[str, dict[str, Any]] = {}
    aliases: dict[str, str] = {}
    order = sorted(ships["USN"], key=lambda s: hashlib.sha256(f"{s}|{hex_label}|{st.turn}".encode()).hexdigest())
    for n, sid in enumerate(order, start=1):
        aliases[sid] = f"USN-{n}"
    for s_ in SIDES:
        for sid in ships[s_]:
            display[sid] = {"side": s_, "area": 0, "moved": False, "mp": 0, "revealed": s_ == "IJN",
                            "fired": False, "alias": aliases.get(sid, sid), "group": None}
    ctx.emit("8.3", f"Surface battle in {hex_label}: {side} TF {active_tf} against "
             + ", ".join(f"TF {t}" for t in enemy) + (" (strait: the entering ships fire at half in round 1)"
                                                       if strait else ""),
             kind="battle", data={"hex": hex_label, "active": active_tf, "enemy": enemy, "day": day,
                                  "strait": strait})
    ctx.emit("8.3.1", "Your ships' battle aliases as the IJN sees them: "
             + ", ".join(f"{damage.ship_name(D, s)} = {aliases[s]}" for s in order), kind="battle_alias",
             data={"aliases": aliases}, visible=("USN",))
    push(st, "surface_battle", hex=hex_label, active_side=side, active_tf=active_tf, tfs=tfs,
         entered_from=entered_from, strait_side=side if strait else None, day=day, round=0,
         display=display, act_index=act_index, groups={s_: [] for s_ in SIDES}, smoke=[],
         smoke_by={s_: False for s_ in SIDES}, queue=[], pending=[], shots={}, designations={}, wants={},
         disengaged={s_: False for s_ in SIDES}, end_reason=None, torp_plan=None, air_queue=[],
         order=list(SIDES), moves={})
    push(st, "battle_group")


# -- naming and geometry ----------------------------------------------------------------------------------------


def _live(st: State, bf: dict[str, Any], side: str) -> list[str]:
    return [s for s, d in bf["display"].items() if d["side"] == side and _on(st, bf, s)]


def _label(st: State, bf: dict[str, Any], sid: str, viewer: str | None) -> str:
    """How ``viewer`` names a ship on the display: face-down USN counters show only their type and alias."""
    D = st.data
    d = bf["display"][sid]
    if d["side"] == "USN" and viewer == "IJN" and not d["revealed"]:
        return f"{D.ships[sid].type} {d['alias']}"
    return damage.ship_name(D, sid)


def _public(st: State, bf: dict[str, Any], sid: str) -> str | None:
    d = bf["display"][sid]
    return _label(st, bf, sid, "IJN") if d["side"] == "USN" and not d["revealed"] else None


def _say(ctx: Context, st: State, bf: dict[str, Any], rule: str, template: str, ships: list[str], *, kind: str,
         data_: dict[str, Any] | None = None) -> None:
    """Emit ``template`` (with {0}, {1}... for ships) once for everyone, or split when a USN ship is face-down."""
    hidden = [s for s in ships if _public(st, bf, s) is not None]
    full = template.format(*[damage.ship_name(st.data, s) for s in ships])
    if not hidden:
        ctx.emit(rule, full, kind=kind, data=data_ or {})
        return
    ctx.emit(rule, full, kind=kind, data=data_ or {}, visible=("USN",))
    pub = template.format(*[_label(st, bf, s, "IJN") for s in ships])
    pdata = {k: (bf["display"][v]["alias"] if isinstance(v, str) and v in hidden else v)
             for k, v in (data_ or {}).items()}
    ctx.emit(rule, pub, kind=kind, data=pdata, visible=("IJN",))


def _rng(bf: dict[str, Any], a: str, b: str) -> int:
    return abs(bf["display"][a]["area"] - bf["display"][b]["area"])


def _sighted(st: State, bf: dict[str, Any], shooter: str, target: str) -> bool:
    """8.3.4: unlimited by day; at night within the side's sighting range, or a ship that fired this round."""
    if bf["day"]:
        return True
    if bf["display"][target]["fired"] and _sw(st, "surface_gunnery") == "designated":
        return True
    side = bf["display"][shooter]["side"]
    return _rng(bf, shooter, target) <= st.data.mod(f"sighting.night.{side}")


def _smoke_between(st: State, bf: dict[str, Any], a: str, b: str) -> bool:
    """8.3.5: smoke in the firing ship's area, the target's, or any area between (none at night; Clash 12.4: at
    night too, family switch ``surface_smoke``)."""
    if not bf["smoke"] or (not bf["day"] and _sw(st, "surface_smoke") == "day_only_cleared"):
        return False
    lo, hi = sorted((bf["display"][a]["area"], bf["display"][b]["area"]))
    return any(lo <= x <= hi for x in bf["smoke"])


def fire_factor(st: State, bf: dict[str, Any], sid: str, *, second: bool) -> tuple[int, list[str]]:
    """The gunnery factor a ship fires with now and why it was halved (8.3.3, 8.3.10; halving rounds .5 up)."""
    f = damage.gunnery(st, sid)
    why = []
    if bf["round"] == 1 and bf["strait_side"] and bf["display"][sid]["side"] == bf["strait_side"] \
            and st.ships[sid].tf == bf["active_tf"]:
        f = _halve(f)
        why.append("halved: entering the strait (8.3.10)")
    if second:
        f = _halve(f)
        why.append("halved: not the first ship at this target (8.3.3)")
    return f, why


def gunnery_modifiers(st: State, bf: dict[str, Any], shooter: str, target: str) -> list[Modifier]:
    D = st.data
    r = _rng(bf, shooter, target)
    c = _cite(st, "8.3.3")
    mods = [Modifier(D.mod(f"gunnery.range.{r}"), f"range {r} areas ({c})")]
    if bf["display"][shooter]["moved"]:
        mods.append(Modifier(D.mod("gunnery.moved"), "Moved marker (8.3.2)"))
    if D.ships[target].small:
        mods.append(Modifier(D.mod("gunnery.destroyer_target"), f"destroyer target ({c})"))
    if bf["display"][shooter]["side"] == "USN":
        mods.append(Modifier(D.mod("gunnery.usn"), f"USN ({c})"))
    if _smoke_between(st, bf, shooter, target):
        mods.append(Modifier(D.mod("gunnery.smoke"), f"smoke ({_cite(st, '8.3.5')})"))
    return [m for m in mods if m.value]


def gunnery_range(D: ISData, sid: str) -> int | None:
    """A ship's maximum gunnery range in areas (the counter's range value), or None if the data gives none."""
    v = getattr(D.ships[sid], "gunnery_range", None)
    if v is None:
        v = _ship_column(str(D.folder), "gunnery_range").get(sid)
    return int(v) if v not in (None, "") else None


@cache
def _ship_column(folder: str, column: str) -> dict[str, str]:
    """One column of ships.csv, for values ShipDef does not carry yet."""
    try:
        with open(f"{folder}/ships.csv", encoding="utf-8") as fh:
            return {r["id"]: (r.get(column) or "").strip() for r in csv.DictReader(fh)}
    except FileNotFoundError:
        return {}


def _gun_range_ok(D: ISData, bf: dict[str, Any], shooter: str, target: str) -> bool:
    """8.3.3: a target within the firing ship's range, and a range the modifier rows cover."""
    r = _rng(bf, shooter, target)
    top = gunnery_range(D, shooter)
    return f"gunnery.range.{r}" in D.mods and (top is None or r <= top)


def _torp_max(D: ISData, side: str) -> int:
    n = -1
    while f"torpedo.{side.lower()}.range.{n + 1}" in D.mods:
        n += 1
    return n


def torpedo_modifiers(st: State, bf: dict[str, Any], shooter: str, target: str) -> list[Modifier]:
    D = st.data
    side = bf["display"][shooter]["side"]
    r = _rng(bf, shooter, target)
    c = _cite(st, "8.3.6")
    mods = [Modifier(D.mod(f"torpedo.{side.lower()}.range.{r}"), f"range {r} areas ({c})")]
    if D.ships[target].small:
        mods.append(Modifier(D.mod("torpedo.destroyer_target"), f"destroyer target ({c})"))
    if side == "USN":
        mods.append(Modifier(D.mod("torpedo.usn"), f"USN ({c})"))
    if _smoke_between(st, bf, shooter, target):
        mods.append(Modifier(D.mod("torpedo.smoke"), f"smoke ({_cite(st, '8.3.5')})"))
    return [m for m in mods if m.value]


def _ship_speed(st: State, bf: dict[str, Any], sid: str) -> int:
    """Speed on the display: the damage box's speed for this round's parity (6.2) less -1 MP markers (8.3.2)."""
    return max(0, damage.speed(st, sid, bf["round"]) - bf["display"][sid]["mp"])


def _gun_targets(st: State, bf: dict[str, Any], sid: str) -> list[str]:
    foe = other(bf["display"][sid]["side"])
    return [t for t in _live(st, bf, foe) if _sighted(st, bf, sid, t) and _gun_range_ok(st.data, bf, sid, t)]


def _torp_targets(st: State, bf: dict[str, Any], sid: str) -> list[str]:
    side = bf["display"][sid]["side"]
    top = _torp_max(st.data, side)
    return [t for t in _live(st, bf, other(side)) if _sighted(st, bf, sid, t) and _rng(bf, sid, t) <= top]


def _target_param(bf: dict[str, Any], viewer: str, sid: str) -> str:
    """The id a target carries in an option: USN ships go by alias in IJN options (no leak of identity)."""
    d = bf["display"][sid]
    return d["alias"] if viewer == "IJN" and d["side"] == "USN" else sid


def _ranges(bf: dict[str, Any], viewer: str, sid: str, targets: list[str]) -> dict[str, Any]:
    """A fire decision's facts: the firing ship and the range in areas to each target, keyed as the options name
    the targets (by alias where the viewer may not know the ship)."""
    return {"ship": sid, "ranges": {_target_param(bf, viewer, t): _rng(bf, sid, t) for t in targets}}


def _from_param(bf: dict[str, Any], value: str) -> str:
    if value in bf["display"]:
        return value
    for sid, d in bf["display"].items():
        if d["alias"] == value:
            return sid
    raise IllegalAction("8.3", f"no ship {value!r} on the surface display")


def battle_view(st: State, bf: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    """What ``viewer`` sees of the surface display: areas, markers, smoke; face-down USN ships by alias only."""
    ships = []
    for sid, d in sorted(bf["display"].items(), key=lambda kv: (kv[1]["area"], kv[1]["side"], kv[1]["alias"])):
        if not _on(st, bf, sid):
            continue
        hidden = viewer == "IJN" and d["side"] == "USN" and not d["revealed"]
        ships.append({"id": d["alias"] if hidden else sid, "name": _label(st, bf, sid, viewer), "side": d["side"],
                      "type": st.data.ships[sid].type, "area": d["area"], "moved": d["moved"], "mp": d["mp"],
                      "hits": None if hidden or (viewer not in (None, "umpire", d["side"])) else st.ships[sid].hits})
    return {"hex": bf["hex"], "round": bf["round"], "step": battle_step(st, bf), "day": bf["day"],
            "smoke": list(bf["smoke"]), "ships": ships}


# -- the battle frame -------------------------------------------------------------------------------------------


@lru_cache(maxsize=1 << 14)
def _area_option(who: str, sid: str, area: int, stays: bool) -> Action:
    """One display move (8.3.2); the same few dozen come back every round, so each is built once."""
    return opt("move", f"{who} {'stays in' if stays else 'moves to'} area {area}", ship=sid, area=area)


@lru_cache(maxsize=1 << 14)
def _gun_option(D: ISData, kind: str, sid: str, target: str, label: str, rng: int) -> Action:
    """A gunnery designation or USN fire option (8.3.3); ``target`` "" holds fire. Built once per combination."""
    if not target:
        return opt(kind, f"{damage.ship_name(D, sid)} holds fire", ship=sid, target="")
    verb = "will fire at" if kind == "designate" else "fires at"
    return opt(kind, f"{damage.ship_name(D, sid)} {verb} {label} (range {rng})", ship=sid, target=target)


# (player, kind, prompt, rule, options[, data]): what ``ask`` takes; data holds the facts the prompt states
Question = tuple[str, str, str, str, list[Action]] | tuple[str, str, str, str, list[Action], dict[str, Any]]


class BattleRecord(TypedDict, total=False):
    """The ``surface_battle`` frame: the record of one battle, shared by its step frames (plain data, so it saves).

    Set at the start: where and who (``hex``, ``active_side``, ``active_tf``, ``tfs`` by side, ``entered_from``,
    ``strait_side``, ``day``, ``act_index`` of the activation below), the battle display (``display``: per ship its
    side, area, MP spent, whether revealed, its alias and group) and the round (``round``). Filled in as the steps
    go: deployment groups (``groups``, ``display_order``), the queue of ships or sides still to act (``queue``,
    ``air_queue``, ``order_disengage``, ``place_queue``), smoke (``smoke``, ``smoke_by``, ``smoke_ask``), gunnery
    and torpedoes (``designations``, ``shots``, ``pending``, ``fired``, ``torp_plan``), the moves made this round
    (``moves``), initiative (``order``), disengagement (``wants``, ``disengaged``) and why it ended
    (``end_reason``).
    """

    kind: str
    hex: str
    active_side: str
    active_tf: str
    tfs: dict[str, list[str]]
    entered_from: str | None
    strait_side: str | None
    day: bool
    round: int
    display: dict[str, dict[str, Any]]
    act_index: int
    groups: dict[str, list[int]]
    display_order: dict[str, list[str]]
    smoke: list[int]
    smoke_by: dict[str, bool]
    smoke_ask: list[Any] | None
    queue: list[list[str]]
    air_queue: list[str]
    order_disengage: list[str]
    place_queue: list[str]
    pending: list[Any]
    shots: dict[str, Any]
    designations: dict[str, str | None]
    fired: list[str]
    torp_plan: dict[str, Any] | None
    moves: dict[str, Any]
    order: list[str]
    wants: dict[str, bool]
    disengaged: dict[str, bool]
    end_reason: str | None


@frame("surface_battle")
class SurfaceBattle:
    """One surface battle from deployment to the end-of-battle placement (8.3).

    This frame is the battle's record (the display, the round, the queues of ships still to act); each step of a
    round is a frame of its own (``battle_<step>``, below) pushed on top of it in turn: ``_goto`` hands the battle
    to its next step and ``_close`` takes the last step and the record off the stack.
    """

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        raise LeyteError("surface battle record left without a step frame above it (engine bug)")


def battle_record(st: State) -> BattleRecord:
    """The battle record under the current step frame."""
    fr = st.stack[-2]
    if fr.get("kind") != "surface_battle":
        raise LeyteError(f"battle step {st.stack[-1].get('kind')} is not above a surface battle")
    return cast(BattleRecord, fr)


def battle_step(st: State, bf: dict[str, Any]) -> str:
    """The step the battle is in: the name of the step frame just above its record."""
    i = next(i for i, f in enumerate(st.stack) if f is bf)
    kind = str(st.stack[i + 1]["kind"]) if i + 1 < len(st.stack) else ""
    return kind.removeprefix("battle_")


def _goto(st: State, step: str) -> None:
    """Hand the battle on to its next step: the step frame on top gives way to ``battle_<step>``."""
    fr = st.stack[-1]
    if not str(fr.get("kind", "")).startswith("battle_"):
        raise LeyteError(f"_goto({step!r}): the top frame {fr.get('kind')} is not a battle step")
    st.stack.pop()
    push(st, f"battle_{step}")


def _close(st: State, bf: dict[str, Any]) -> None:
    """The battle is over: take its last step frame and its record off the stack."""
    st.stack.pop()
    pop(st, bf)


def _answer(st: State, bf: dict[str, Any], action: Action, ctx: Context) -> None:
    """Apply a battle choice (the step frame that asked it has checked it is one of its options)."""
    D = st.data
    k = action.kind
    if k == "group":
        side, sid = bf["queue"].pop(0)
        bf["display"][sid]["group"] = action["group"]
        bf["groups"][side].append(action["group"])
    elif k == "move":
        _do_move(st, bf, action["ship"], action["area"], ctx)
    elif k == "exit_display":
        _try_exit(st, bf, action["ship"], ctx)
    elif k == "smoke":
        side, sid, _path = bf["smoke_ask"]
        bf["smoke_ask"] = None
        _goto(st, "move")
        if action["area"] and (action["area"] not in bf["smoke"] or _sw(st, "surface_smoke") == "day_only_cleared"):
            bf["smoke"].append(action["area"])
            bf["smoke_by"][side] = True
            _say(ctx, st, bf, "8.3.5", "{0} lays smoke in area " + str(action["area"]), [sid], kind="smoke",
                 data_={"ship": sid, "area": action["area"]})
    elif k == "designate":
        side, sid = bf["queue"].pop(0)
        tgt = _from_param(bf, action["target"]) if action["target"] else None
        bf["designations"][sid] = tgt
        if tgt:
            ctx.emit("8.3.3", f"IJN designates a target for {damage.ship_name(D, sid)}", kind="designate",
                     data={"ship": sid}, visible=None)
            ctx.emit("8.3.3", f"{damage.ship_name(D, sid)} is designated at {_label(st, bf, tgt, 'IJN')}",
                     kind="designate", data={"ship": sid, "target": _target_param(bf, "IJN", tgt)},
                     visible=("IJN",))
    elif k == "fire":
        side, sid = bf["queue"].pop(0)
        if action["target"]:
            _gun_fire(st, bf, sid, _from_param(bf, action["target"]), ctx)
    elif k == "torpedo_hold":
        bf["queue"].pop(0)
    elif k == "torpedo_fire":
        side, sid = bf["queue"][0]
        d = D.ships[sid]
        if _sw(st, "surface_torpedoes") == "once_per_battle":
            # Clash 12.6: once in this battle, one attack like a gunnery roll (no roll per damage point)
            rolls = 1
            bf.setdefault("torps_fired", []).append(sid)
        else:
            rolls = 1 if side == "IJN" and d.type in CRUISER_TYPES else damage.remaining(st, sid)
            st.ships[sid].torpedo_used = True
        bf["torp_plan"] = {"ship": sid, "rolls": max(1, rolls), "targets": []}
        bf["display"][sid]["revealed"] = True
        ctx.emit("8.3.6", f"{damage.ship_name(D, sid)} fires its torpedoes ({max(1, rolls)} roll(s))",
                 kind="torpedo", data={"ship": sid, "rolls": max(1, rolls)})
    elif k == "torpedo_target":
        plan = bf["torp_plan"]
        plan["targets"].append(_from_param(bf, action["target"]))
        if len(plan["targets"]) >= plan["rolls"]:
            _torp_fire(st, bf, plan, ctx)
            bf["torp_plan"] = None
            bf["queue"].pop(0)
    elif k == "surface_air":
        side = bf["air_queue"].pop(0)
        if action["launch"]:
            _launch_air(st, bf, side, ctx)
    elif k == "disengage":
        side = next(s for s in bf["order_disengage"] if s not in bf["wants"])
        bf["wants"][side] = bool(action["disengage"])
        ctx.emit("8.3.8", f"{side} chooses to " + ("disengage" if action["disengage"] else "fight on"),
                 kind="disengage_choice", data={"side": side}, visible=(side,))
    elif k == "place_tf":
        side = bf["place_queue"].pop(0)
        _place_side(st, bf, side, action["hex"], int(action["category"]), ctx)
    else:
        raise IllegalAction("8.3", f"{action.text} is not a choice in this surface battle")


class _BattleStep:
    """What every battle step frame shares: its question, if any, is asked of the record below it; a question with a
    single answer is taken automatically; with none, the step does its automatic work."""

    kind = ""

    @staticmethod
    def question(st: State, bf: dict[str, Any]) -> Question | None:
        return None

    @staticmethod
    def auto(st: State, bf: dict[str, Any], ctx: Context) -> None:
        raise LeyteError("a battle step without automatic work")

    @classmethod
    def decide(cls, st: State, fr: dict[str, Any]) -> Decision | None:
        q = cls.question(st, battle_record(st))
        if q is None or len(q[4]) < 2:
            return None
        return ask(*q)

    @classmethod
    def act(cls, st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        _answer(st, battle_record(st), action, ctx)

    @classmethod
    def run(cls, st: State, fr: dict[str, Any], ctx: Context) -> None:
        bf = battle_record(st)
        q = cls.question(st, bf)
        if q is not None and len(q[4]) == 1:
            _answer(st, bf, q[4][0], ctx)
            return
        cls.auto(st, bf, ctx)



@frame("battle_group")
class BattleGroup(_BattleStep):
    """8.3.1: the owner puts each ship in a group of four for the placement rolls."""

    @staticmethod
    def question(st: State, bf: dict[str, Any]) -> Question | None:
        D = st.data
        side, sid = bf["queue"][0] if bf["queue"] else (None, None)
        if side is None:
            return None
        size = D.mod("surface.group_size")
        groups = bf["groups"][side]
        n_groups = math.ceil(len(bf["display_order"][side]) / size)
        options = [opt("group", f"Put {damage.ship_name(D, sid)} in group {g + 1}", ship=sid, group=g)
                   for g in range(n_groups) if sum(1 for x in groups if x == g) < size]
        return side, "surface_group", f"Divide your ships into groups of {size} for deployment", "8.3.1", \
            options, {"group_size": size}

    @staticmethod
    def auto(st: State, bf: dict[str, Any], ctx: Context) -> None:
        _step_group(st, bf, ctx)


@frame("battle_round")
class BattleRound(_BattleStep):
    """8.3: a new round begins (or the battle ends after the last)."""

    @staticmethod
    def auto(st: State, bf: dict[str, Any], ctx: Context) -> None:
        _step_round(st, bf, ctx)


@frame("battle_move")
class BattleMove(_BattleStep):
    """8.3.2: each ship moves on the battle display up to its speed."""

    @staticmethod
    def question(st: State, bf: dict[str, Any]) -> Question | None:
        D = st.data
        if not bf["queue"]:
            return None
        side, sid = bf["queue"][0]
        here = bf["display"][sid]["area"]
        sp = _ship_speed(st, bf, sid)
        lo, hi = max(1, here - sp), min(_areas(D), here + sp)
        who = _label(st, bf, sid, side)
        options = [_area_option(who, sid, a, a == here) for a in range(lo, hi + 1)]
        if _sw(st, "surface_exits") == "edge_roll" and here == D.mod(f"surface.{side.lower()}_exit_box"):
            options.append(opt("exit_display", f"{who} tries to leave the display from box {here} (a D10 of at "
                               f"most {bf['round']})", ship=sid))
        return side, "surface_move", f"Move {damage.ship_name(D, sid)} (area {here}, speed {sp})", "8.3.2", \
            options, {"ship": sid, "area": here, "speed": sp}

    @staticmethod
    def auto(st: State, bf: dict[str, Any], ctx: Context) -> None:
        _step_move(st, bf, ctx)


@frame("battle_smoke")
class BattleSmoke(_BattleStep):
    """8.3.5: a ship that moved may lay smoke in an area it passed."""

    @staticmethod
    def question(st: State, bf: dict[str, Any]) -> Question | None:
        D = st.data
        side, sid, path = bf["smoke_ask"]
        options = [opt("smoke", "Lay no smoke", ship=sid, area=0)]
        options += [opt("smoke", f"{damage.ship_name(D, sid)} lays smoke in area {a}", ship=sid, area=a)
                    for a in path]
        return side, "smoke", f"Smoke from {damage.ship_name(D, sid)}?", "8.3.5", options, {"ship": sid}

    @staticmethod
    def auto(st: State, bf: dict[str, Any], ctx: Context) -> None:
        _step_smoke(st, bf, ctx)


@frame("battle_designate")
class BattleDesignate(_BattleStep):
    """8.3.3: the IJN designates its targets before the USN fires (fixed once made)."""

    @staticmethod
    def question(st: State, bf: dict[str, Any]) -> Question | None:
        D = st.data
        if not bf["queue"]:
            return None
        side, sid = bf["queue"][0]
        targets = _gun_targets(st, bf, sid)
        options = [_gun_option(D, "designate", sid, _target_param(bf, side, t), _label(st, bf, t, side),
                               _rng(bf, sid, t)) for t in targets]
        options.append(_gun_option(D, "designate", sid, "", "", 0))
        return side, "gunnery_designate", f"Designate the target of {damage.ship_name(D, sid)} (fixed once made)", \
            "8.3.3", options, _ranges(bf, side, sid, targets)

    @staticmethod
    def auto(st: State, bf: dict[str, Any], ctx: Context) -> None:
        _step_designate(st, bf, ctx)


@frame("battle_usn_fire")
class BattleUSNFire(_BattleStep):
    """8.3.3: the USN fires, ship by ship; then the IJN's designated fire is resolved."""

    @staticmethod
    def question(st: State, bf: dict[str, Any]) -> Question | None:
        D = st.data
        if not bf["queue"]:
            return None
        side, sid = bf["queue"][0]
        targets = _gun_targets(st, bf, sid)
        options = [_gun_option(D, "fire", sid, t, damage.ship_name(D, t), _rng(bf, sid, t)) for t in targets]
        options.append(_gun_option(D, "fire", sid, "", "", 0))
        return side, "gunnery_fire", f"Fire {damage.ship_name(D, sid)}?", "8.3.3", options, \
            _ranges(bf, side, sid, targets)

    @staticmethod
    def auto(st: State, bf: dict[str, Any], ctx: Context) -> None:
        _step_usn_fire(st, bf, ctx)


@frame("battle_torpedo")
class BattleTorpedo(_BattleStep):
    """8.3.6: ships with torpedoes fire them once per battle, one target per roll."""

    @staticmethod
    def question(st: State, bf: dict[str, Any]) -> Question | None:
        D = st.data
        if not bf["queue"]:
            return None
        side, sid = bf["queue"][0]
        plan = bf["torp_plan"]
        if plan is None:
            if not _torp_targets(st, bf, sid):
                return side, "torpedo", "", "8.3.6", [opt("torpedo_hold", "hold", ship=sid)]
            return side, "torpedo", f"Fire {damage.ship_name(D, sid)}'s torpedoes (once per battle)?", "8.3.6", [
                opt("torpedo_fire", f"{damage.ship_name(D, sid)} fires its torpedoes", ship=sid),
                opt("torpedo_hold", f"{damage.ship_name(D, sid)} keeps its torpedoes", ship=sid)]
        k = len(plan["targets"]) + 1
        targets = _torp_targets(st, bf, sid)
        options = [opt("torpedo_target", f"Torpedo roll {k} of {plan['rolls']} at {_label(st, bf, t, side)} "
                       f"(range {_rng(bf, sid, t)})", ship=sid, target=_target_param(bf, side, t))
                   for t in targets]
        return side, "torpedo_target", f"Target of torpedo roll {k} of {plan['rolls']}", "8.3.6", options, \
            {**_ranges(bf, side, sid, targets), "roll": k, "rolls": plan["rolls"]}

    @staticmethod
    def auto(st: State, bf: dict[str, Any], ctx: Context) -> None:
        _step_torpedo(st, bf, ctx)


@frame("battle_air")
class BattleAir(_BattleStep):
    """8.3.7: a side with carrier aircraft ready may launch a strike at the enemy ships (scramble, 6.5.10)."""

    @staticmethod
    def question(st: State, bf: dict[str, Any]) -> Question | None:
        if not bf["air_queue"]:
            return None
        side = bf["air_queue"][0]
        return side, "surface_air", "Air attack segment: launch a strike at the enemy ships?", "8.3.7", [
            opt("surface_air", "Launch an air strike (scramble, 6.5.10)", launch=True),
            opt("surface_air", "No air attack this round", launch=False)]

    @staticmethod
    def auto(st: State, bf: dict[str, Any], ctx: Context) -> None:
        _step_air(st, bf, ctx)


@frame("battle_disengage")
class BattleDisengage(_BattleStep):
    """8.3.8: each side says whether it wants to break off; then the disengagement roll."""

    @staticmethod
    def question(st: State, bf: dict[str, Any]) -> Question | None:
        side = next((s for s in bf["order_disengage"] if s not in bf["wants"]), None)
        if side is None:
            return None
        return side, "disengage", f"Round {bf['round']}: do you want to break off the battle?", "8.3.8", [
            opt("disengage", "Continue the battle", disengage=False),
            opt("disengage", "Disengage", disengage=True)], {"round": bf["round"]}

    @staticmethod
    def auto(st: State, bf: dict[str, Any], ctx: Context) -> None:
        _step_disengage(st, bf, ctx)


@frame("battle_place")
class BattlePlace(_BattleStep):
    """8.3.9: each side places its TFs after the battle."""

    @staticmethod
    def question(st: State, bf: dict[str, Any]) -> Question | None:
        if not bf["place_queue"]:
            return None
        side = bf["place_queue"][0]
        options = [opt("place_tf", f"Place your TF(s) in {h}" + (" (over-stacked: -2 MP)" if cat == 4 else ""),
                       hex=h, category=cat) for h, cat in _placement_options(st, bf, side)]
        return side, "surface_placement", "Where do your ships go after the battle?", "8.3.9", options

    @staticmethod
    def auto(st: State, bf: dict[str, Any], ctx: Context) -> None:
        _step_place(st, bf, ctx)


# -- segments ---------------------------------------------------------------------------------------------------


def _step_group(st: State, bf: dict[str, Any], ctx: Context) -> None:
    """8.3.1: groups of four (the owner chooses who goes with whom), one placement roll per group."""
    D = st.data
    if _sw(st, "surface_deployment") == "per_unit_face_up":
        return _deploy_per_unit(st, bf, ctx)
    if "display_order" not in bf:
        bf["display_order"] = {s_: [s for s, d in bf["display"].items() if d["side"] == s_] for s_ in SIDES}
        size = D.mod("surface.group_size")
        for s_ in SIDES:
            ships = bf["display_order"][s_]
            if len(ships) <= size:
                for sid in ships:
                    bf["display"][sid]["group"] = 0
            else:
                bf["queue"] += [[s_, sid] for sid in ships]
        return
    table = D.table("surface_placement_day" if bf["day"] else "surface_placement_night")
    for s_ in SIDES:
        groups = sorted({bf["display"][s]["group"] for s in bf["display_order"][s_]})
        for g in groups:
            members = [s for s in bf["display_order"][s_] if bf["display"][s]["group"] == g]
            rec = ctx.roll_on(table, "-", [], purpose=f"{s_} placement of group {g + 1} ({len(members)} ships)",
                              rule="8.3.1")
            area = int(rec.result[f"{s_.lower()}_area"])
            for s in members:
                bf["display"][s]["area"] = area
            if s_ == "IJN":
                ctx.emit("8.3.1", f"IJN group {g + 1} ({', '.join(damage.ship_name(D, s) for s in members)}) is placed "
                         f"face-up in area {area}", kind="deploy", data={"side": s_, "area": area, "ships": members})
            else:
                ctx.emit("8.3.1", f"USN group {g + 1} ({', '.join(damage.ship_name(D, s) for s in members)}) is placed "
                         f"face-down in area {area}", kind="deploy", data={"side": s_, "area": area, "ships": members},
                         visible=("USN",))
                ctx.emit("8.3.1", f"USN group {g + 1} ({', '.join(_label(st, bf, s, 'IJN') for s in members)}) is "
                         f"placed face-down in area {area}", kind="deploy",
                         data={"side": s_, "area": area, "ships": [bf["display"][s]["alias"] for s in members]},
                         visible=("IJN",))
    _goto(st, "round")


def _deploy_per_unit(st: State, bf: dict[str, Any], ctx: Context) -> None:
    """Clash 12.2: one placement roll per naval unit, every counter face up (no groups, no aliases)."""
    D = st.data
    bf["display_order"] = {s_: [s for s, d in bf["display"].items() if d["side"] == s_] for s_ in SIDES}
    table = D.table("surface_placement_day" if bf["day"] else "surface_placement_night")
    for s_ in SIDES:
        for sid in bf["display_order"][s_]:
            rec = ctx.roll_on(table, "-", [], purpose=f"{s_} placement of {damage.ship_name(D, sid)}", rule="8.3.1")
            area = int(rec.result[f"{s_.lower()}_area"])
            bf["display"][sid]["area"] = area
            ctx.emit("8.3.1", f"{damage.ship_name(D, sid)} is placed in box {area}", kind="deploy",
                     data={"side": s_, "area": area, "ships": [sid]})
    _goto(st, "round")


def _step_round(st: State, bf: dict[str, Any], ctx: Context) -> None:
    """Start a round: the Battle Round marker advances; both sides roll, the higher moves first (8.3.2).

    Family switch ``surface_initiative`` "once" (Clash 12.1): the order rolled before deployment holds."""
    bf["round"] += 1
    ctx.emit("8.3", f"Surface battle round {bf['round']}", kind="battle_round", data={"round": bf["round"]})
    if _sw(st, "surface_initiative") == "once":
        bf["queue"] = [[s_, sid] for s_ in bf["order"] for sid in bf["display_order"][s_] if _on(st, bf, sid)]
        bf["moves"] = {}
        _goto(st, "move")
        return
    while True:
        ri = ctx.roll("d10", purpose="IJN initiative roll", rule="8.3.2")
        ru = ctx.roll("d10", purpose="USN initiative roll", rule="8.3.2")
        if ri.final != ru.final:
            break
        ctx.emit("8.3.2", "Tied initiative rolls: both roll again", kind="initiative")
    first = "IJN" if ri.final > ru.final else "USN"
    bf["order"] = [first, other(first)]
    ctx.emit("8.3.2", f"{first} moves first", kind="initiative", data={"first": first})
    bf["queue"] = [[s_, sid] for s_ in bf["order"] for sid in bf["display_order"][s_] if not st.ships[sid].sunk]
    bf["moves"] = {}
    _goto(st, "move")


def _do_move(st: State, bf: dict[str, Any], sid: str, area: int, ctx: Context) -> None:
    side, _ = bf["queue"].pop(0)
    d = bf["display"][sid]
    start = d["area"]
    d["area"] = area
    bf["moves"][sid] = abs(area - start)
    if area != start:
        _say(ctx, st, bf, "8.3.2", "{0} moves from area " + f"{start} to area {area}", [sid], kind="surface_move",
             data_={"ship": sid, "from": start, "to": area})
    smoke_now = bf["day"] or _sw(st, "surface_smoke") == "stays"
    if smoke_now and st.data.ships[sid].type in SMOKE_TYPES:
        lo, hi = sorted((start, area))
        bf["smoke_ask"] = [side, sid, list(range(lo, hi + 1))]
        _goto(st, "smoke")


def _try_exit(st: State, bf: dict[str, Any], sid: str, ctx: Context) -> None:
    """Clash 12.3: a unit that starts the movement segment in its side's end box may roll to leave the display: a D10
    (-1 with any smoke on the display) no higher than the Battle Round's number takes it off."""
    D = st.data
    bf["queue"].pop(0)
    bf["moves"][sid] = 0
    mods = [Modifier(D.mod("surface.exit_smoke"), f"smoke on the display ({_cite(st, '8.3.2')})")] \
        if bf["smoke"] else []
    rec = ctx.roll("d10", mods, purpose=f"{damage.ship_name(D, sid)} tries to leave the display (at most "
                   f"{bf['round']} leaves)", rule=own("12.3"))
    name = damage.ship_name(D, sid)
    if rec.final <= bf["round"]:
        bf["display"][sid]["off"] = True
        ctx.emit(own("12.3"), f"{name} leaves the surface display", kind="surface_exit",
                 data={"ship": sid, "roll": rec.final, "round": bf["round"], "left": True})
    else:
        ctx.emit(own("12.3"), f"{name} stays in box {bf['display'][sid]['area']}", kind="surface_exit",
                 data={"ship": sid, "roll": rec.final, "round": bf["round"], "left": False})


def _step_move(st: State, bf: dict[str, Any], ctx: Context) -> None:
    """End of the movement segment: Moved markers for moves of more than one area; -1 MP markers come off.

    Family switch ``surface_gunnery`` "simultaneous_plain" (Clash 12.3, 12.5): no Moved markers, and both sides
    fire ship by ship (initiative side first) with no designation; all hits are marked when the segment ends."""
    if _sw(st, "surface_exits") == "edge_roll" and _battle_over(st, bf, ctx):
        return  # Clash 12.3: every unit of a side has left the display
    plain = _sw(st, "surface_gunnery") == "simultaneous_plain"
    for sid, d in bf["display"].items():
        if not _on(st, bf, sid):
            continue
        d["moved"] = bf["moves"].get(sid, 0) > 1 and not plain
        d["mp"] = 0
    if plain:
        bf["pending"] = []
        bf["shots"] = {}
        bf["fired"] = []
        bf["queue"] = [[s_, sid] for s_ in bf["order"] for sid in bf["display_order"][s_]
                       if _on(st, bf, sid) and damage.gunnery(st, sid) > 0]
        _goto(st, "usn_fire")
        return
    marked = [s for s, d in bf["display"].items() if d["moved"] and _on(st, bf, s)]
    if marked:
        slots = ", ".join("{" + str(i) + "}" for i in range(len(marked)))
        _say(ctx, st, bf, "8.3.2", "Moved markers: " + slots, marked, kind="moved", data_={})
    _goto(st, "designate")
    bf["designations"] = {}
    bf["queue"] = [["IJN", sid] for sid in bf["display_order"]["IJN"]
                   if _on(st, bf, sid) and damage.gunnery(st, sid) > 0]


def _step_designate(st: State, bf: dict[str, Any], ctx: Context) -> None:
    """IJN fire was designated in advance (8.3.3); it is now rolled, ship by ship in designation order."""
    bf["pending"] = []
    bf["shots"] = {}
    bf["fired"] = []
    for sid, tgt in bf["designations"].items():
        if tgt:
            _gun_fire(st, bf, sid, tgt, ctx)
    bf["queue"] = [["USN", sid] for sid in bf["display_order"]["USN"]
                   if _on(st, bf, sid) and damage.gunnery(st, sid) > 0]
    _goto(st, "usn_fire")


def _gun_fire(st: State, bf: dict[str, Any], sid: str, tgt: str, ctx: Context) -> None:
    D = st.data
    side = bf["display"][sid]["side"]
    key = f"{side}:{tgt}"
    second = bf["shots"].get(key, 0) > 0 and _sw(st, "surface_gunnery") == "designated"
    bf["shots"][key] = bf["shots"].get(key, 0) + 1
    factor, why = fire_factor(st, bf, sid, second=second)
    bf["fired"].append(sid)
    bf["display"][sid]["revealed"] = True
    if factor <= 0:
        return
    ctx.emit("8.3.3", f"{sid} fires at {tgt}", kind="shot", data={"shooter": sid, "target": tgt, "round":
             bf["round"], "segment": "gunnery", "factor": factor}, visible=("umpire",))
    mods = gunnery_modifiers(st, bf, sid, tgt)
    note = f" ({'; '.join(why)})" if why else ""
    rec = damage.roll_damage(D, ctx, factor, mods, purpose=f"{damage.ship_name(D, sid)} fires at "
                             f"{_label(st, bf, tgt, 'IJN')}, gunnery {factor}{note}", rule="8.3.3")
    _hold(st, bf, sid, tgt, rec.result, ctx, cause=f"gunfire from {damage.ship_name(D, sid)}")


def _hold(st: State, bf: dict[str, Any], sid: str, tgt: str, result: Any, ctx: Context, *, cause: str) -> None:
    """Keep a roll's hits until the segment ends; roll its critical hit now (ruling: see module docstring)."""
    hits = int(result.get("hits", 0))
    crit = None
    # Clash 9.3 (switch ``criticals`` "torpedo_only"): Damage Table criticals do not exist; torpedo hits roll theirs
    # when they are marked (``_apply_pending``).
    table_crits = _sw(st, "criticals") == "damage_table"
    if hits and result.get("critical") and table_crits and damage.larger_than_dd(st.data, tgt) \
            and not st.ships[tgt].sunk:
        crit = dict(damage.roll_critical(st, tgt, ctx, who=_label(st, bf, tgt, "IJN")).result)
    bf["pending"].append({"target": tgt, "hits": hits, "crit": crit, "cause": cause})


def _step_usn_fire(st: State, bf: dict[str, Any], ctx: Context) -> None:
    """End of gunnery: mark all hits together (simultaneous fire), then -1 MP markers on every ship that fired."""
    D = st.data
    _apply_pending(st, bf, ctx, "8.3.3")
    plain = _sw(st, "surface_gunnery") == "simultaneous_plain"
    for sid in bf["fired"] if not plain else []:
        bf["display"][sid]["mp"] += D.mod("surface.fired_mp")
        if not bf["day"]:
            bf["display"][sid]["fired"] = True
    bf["fired"] = []
    if _battle_over(st, bf, ctx):
        return
    per_battle = _sw(st, "surface_torpedoes") == "once_per_battle"
    used = set(bf.get("torps_fired", []))
    order = bf["order"] if plain else list(SIDES)
    bf["queue"] = [[s_, sid] for s_ in order for sid in bf["display_order"][s_]
                   if _on(st, bf, sid) and D.ships[sid].torpedo
                   and (sid not in used if per_battle else not st.ships[sid].torpedo_used)
                   and _torp_targets(st, bf, sid)]
    bf["torp_plan"] = None
    bf["pending"] = []
    _goto(st, "torpedo")


def _apply_pending(st: State, bf: dict[str, Any], ctx: Context, rule: str) -> None:
    for p in bf["pending"]:
        tgt = p["target"]
        if p["hits"]:
            damage.apply_hits(st, tgt, p["hits"], ctx, rule=rule, cause=p["cause"], per_attack_cap=True,
                              public_name=_public(st, bf, tgt), torpedo=rule == "8.3.6")
        if p["crit"] and not st.ships[tgt].sunk:
            damage.apply_critical(st, tgt, p["crit"], ctx, who=_public(st, bf, tgt))
    bf["pending"] = []


def _torp_fire(st: State, bf: dict[str, Any], plan: dict[str, Any], ctx: Context) -> None:
    D = st.data
    sid = plan["ship"]
    col = D.mod("torpedo.column")
    results = []
    for tgt in plan["targets"]:
        ctx.emit("8.3.6", f"{sid} torpedoes {tgt}", kind="shot", data={"shooter": sid, "target": tgt,
                 "round": bf["round"], "segment": "torpedo"}, visible=("umpire",))
        mods = torpedo_modifiers(st, bf, sid, tgt)
        rec = damage.roll_damage(D, ctx, col, mods, purpose=f"torpedo from {damage.ship_name(D, sid)} at "
                                 f"{_label(st, bf, tgt, 'IJN')}", rule="8.3.6")
        results.append((tgt, rec.result))
    for tgt, res in results:
        _hold(st, bf, sid, tgt, res, ctx, cause=f"torpedoes from {damage.ship_name(D, sid)}")
    if not bf["day"] and _sw(st, "surface_gunnery") == "designated":
        bf["display"][sid]["fired"] = True


def _step_torpedo(st: State, bf: dict[str, Any], ctx: Context) -> None:
    _apply_pending(st, bf, ctx, "8.3.6")
    if _battle_over(st, bf, ctx):
        return
    bf["air_queue"] = [s_ for s_ in [bf["active_side"], other(bf["active_side"])] if _air_ready(st, bf, s_)]
    # Clash 12.7 (switch ``surface_air`` "target_aa_only") flies the same strike frames: no CAP meets it and only
    # the ship attacked fires AA (``air_to_air.intercepting_cap``; the surface mode never has adjacent AA)
    _goto(st, "air")


def _air_ready(st: State, bf: dict[str, Any], side: str) -> bool:
    """8.3.7/6.5.10: by day, a side whose battle TFs hold a carrier with aircraft not in the Flown box."""
    if not bf["day"]:
        return False
    for t in bf["tfs"][side]:
        for a in air_ops.tf_units(st, st.tfs[t], boxes=("ready", "cap")):
            if air_ops.can_bomb(st, a) and air_ops.unit_kind(st, a) != "F":
                return True
    return False


def _launch_air(st: State, bf: dict[str, Any], side: str, ctx: Context) -> None:
    bi = next(i for i, f in enumerate(st.stack) if f is bf)
    enemy = _live(st, bf, other(side))
    hidden = [s for s in enemy if side == "IJN" and _public(st, bf, s) is not None]
    push(st, "strike_compose", side=side, source={"tfs": list(bf["tfs"][side]), "enemy_tfs":
         list(bf["tfs"][other(side)])}, target=None, chosen={}, act_index=bf["act_index"], mode="surface",
         battle_index=bi, enemy_ships=enemy, target_hex=bf["hex"],
         labels={s: _label(st, bf, s, "IJN") for s in hidden},
         aliases_of={s: bf["display"][s]["alias"] for s in hidden})
    ctx.emit("8.3.7", f"{side} launches an air attack in the surface battle", kind="strike")


def _step_air(st: State, bf: dict[str, Any], ctx: Context) -> None:
    if _battle_over(st, bf, ctx):
        return
    if _sw(st, "surface_disengage") == "both_roll" and bf["round"] > st.data.mod("disengage.last_choice_round"):
        return _end(st, bf, ctx, f"{bf['round']} Battle Rounds fought")  # Clash 12.8: no choice after the last
    bf["wants"] = {}
    bf["order_disengage"] = [bf["active_side"], other(bf["active_side"])]
    _goto(st, "disengage")


def _step_disengage(st: State, bf: dict[str, Any], ctx: Context) -> None:
    """8.3.8: both out ends it; neither fights on; one: the active player rolls, 10+ ends it."""
    if _sw(st, "surface_disengage") == "both_roll":
        return _disengage_both(st, bf, ctx)
    w = bf["wants"]
    ctx.emit("8.3.8", "Disengagement: " + ", ".join(f"{s} {'disengages' if w[s] else 'fights on'}" for s in SIDES),
             kind="disengage", data={"wants": dict(w)})
    D = st.data
    if w["IJN"] and w["USN"]:
        bf["disengaged"] = {"IJN": True, "USN": True}
        return _end(st, bf, ctx, "both sides disengage")
    if w["IJN"] or w["USN"]:
        quitter = "IJN" if w["IJN"] else "USN"
        mods = []
        smoked = sum(1 for s in SIDES if bf["smoke_by"][s])
        if smoked == 1:
            mods.append(Modifier(D.mod("disengage.smoke_one_side"), "one side made smoke (8.3.8)"))
        elif smoked == 2:
            mods.append(Modifier(D.mod("disengage.smoke_both_sides"), "both sides made smoke (8.3.8)"))
        if bf["round"] > 1:
            mods.append(Modifier(D.mod("disengage.per_round") * (bf["round"] - 1),
                                 f"{bf['round'] - 1} round(s) already fought (8.3.8)"))
        need = D.mod("disengage.threshold")
        rec = ctx.roll("d10", [m for m in mods if m.value], purpose=f"{bf['active_side']} disengagement roll "
                       f"({need}+ ends the battle)", rule="8.3.8")
        if rec.final >= need:
            bf["disengaged"][quitter] = True
            return _end(st, bf, ctx, f"{quitter} breaks off")
        ctx.emit("8.3.8", "The battle goes on", kind="disengage")
    if bf["round"] >= D.mod("surface.max_rounds"):
        return _end(st, bf, ctx, f"{bf['round']} rounds fought")
    _adjust(st, bf, ctx)


def _disengage_both(st: State, bf: dict[str, Any], ctx: Context) -> None:
    """Clash 12.8: both out ends it; neither, it goes on; one: both players roll a D10, +1 with smoke on the display
    and +1 per Battle Round completed, and either modified roll of 11 or more ends it."""
    D = st.data
    w = bf["wants"]
    ctx.emit("8.3.8", "Disengagement: " + ", ".join(f"{s} {'disengages' if w[s] else 'fights on'}" for s in SIDES),
             kind="disengage", data={"wants": dict(w)})
    if w["IJN"] and w["USN"]:
        bf["disengaged"] = {"IJN": True, "USN": True}
        return _end(st, bf, ctx, "both sides disengage")
    if w["IJN"] or w["USN"]:
        quitter = "IJN" if w["IJN"] else "USN"
        c = _cite(st, "8.3.8")
        mods = [Modifier(D.mod("disengage.smoke_one_side"), f"smoke on the display ({c})")] if bf["smoke"] else []
        mods.append(Modifier(D.mod("disengage.per_round") * bf["round"],
                             f"{bf['round']} Battle Round(s) completed ({c})"))
        need = D.mod("disengage.threshold")
        rolls = [ctx.roll("d10", [m for m in mods if m.value], purpose=f"{s_} disengagement roll ({need}+ ends the "
                          "battle)", rule="8.3.8") for s_ in SIDES]
        if any(r.final >= need for r in rolls):
            bf["disengaged"][quitter] = True
            return _end(st, bf, ctx, f"{quitter} breaks off")
        ctx.emit("8.3.8", "The battle goes on", kind="disengage")
    _adjust(st, bf, ctx)


def _adjust(st: State, bf: dict[str, Any], ctx: Context) -> None:
    """End of a round (8.3.5, 8.3.4, 8.3.11): smoke, night Detected and Moved markers come off; ships recentre.

    Family switches: ``surface_smoke`` "stays" keeps the smoke (Clash 12.4); ``surface_adjust`` "none" moves no
    ship (Clash has no adjustment segment)."""
    if _sw(st, "surface_smoke") == "day_only_cleared":
        bf["smoke"] = []
        bf["smoke_by"] = {s: False for s in SIDES}
    live = [s for s, d in bf["display"].items() if _on(st, bf, s)]
    for s in live:
        bf["display"][s]["fired"] = False
        bf["display"][s]["moved"] = False
    if _sw(st, "surface_adjust") == "none":
        _goto(st, "round")
        return
    areas = [bf["display"][s]["area"] for s in live]
    n = _areas(st.data)
    near_edge = any(min(bf["display"][s]["area"] - 1, n - bf["display"][s]["area"]) < damage.speed(st, s, bf["round"]
                                                                                                    + 1) for s in live)
    if areas and near_edge:
        lo, hi = min(areas), max(areas)
        shift = (1 + n) // 2 - (lo + hi) // 2
        shift = max(1 - lo, min(n - hi, shift))
        if shift:
            for s in live:
                bf["display"][s]["area"] += shift
            ctx.emit("8.3.11", f"The ships near the edge of the display are moved {abs(shift)} area(s) "
                     f"{'up' if shift > 0 else 'down'} the track, keeping their distances", kind="adjust",
                     data={"shift": shift})
    _goto(st, "round")


def _battle_over(st: State, bf: dict[str, Any], ctx: Context) -> bool:
    """8.3: the battle stops at once when one side has no ship left afloat on the display."""
    gone = [s for s in SIDES if not _live(st, bf, s)]
    left = [s for s in gone if any(d["side"] == s and d.get("off") and not st.ships[x].sunk
                                   for x, d in bf["display"].items())]
    if left:  # Clash 12.8 and ruling R-29: a side all of whose units left the display is the side that broke off
        for s in left:
            bf["disengaged"][s] = True
        _end(st, bf, ctx, " and ".join(f"every {s} unit has left the display" for s in left))
        return True
    if gone:
        _end(st, bf, ctx, "no ships left on one side" if len(gone) == 1 else "both sides destroyed")
        return True
    return False


# -- end of battle (8.3.9) --------------------------------------------------------------------------------------


def _end(st: State, bf: dict[str, Any], ctx: Context, reason: str) -> None:
    D = st.data
    bf["end_reason"] = reason
    ctx.emit("8.3.9", f"The surface battle ends: {reason}", kind="battle_end", data={"reason": reason,
                                                                                       "round": bf["round"]})
    if _sw(st, "surface_end") == "retreat":
        bf["place_queue"] = _retreating(st, bf, ctx)
        _goto(st, "place")
        return
    # Ships past half damage stay in the hex as detected independents (8.3.9); destroyer units never detach (9.3).
    for sid in list(bf["display"]):
        s = st.ships[sid]
        if not s.sunk and s.tf is not None and not D.ships[sid].small and damage.beyond_half(st, sid):
            s.hex = bf["hex"]
            damage.detach(st, sid, "east" if s.side == "USN" else None, ctx, rule="8.3.9")
    alive = {s_: [t for t in bf["tfs"][s_] if any(not st.ships[x].sunk for x in st.tfs[t].ships)] for s_ in SIDES}
    dis = bf["disengaged"]
    if dis["IJN"] and dis["USN"]:
        leave = [s_ for s_ in [bf["active_side"], other(bf["active_side"])] if alive[s_]]
    elif dis["IJN"] or dis["USN"]:
        leave = ["IJN" if dis["IJN"] else "USN"]
    elif not alive["IJN"] or not alive["USN"]:
        leave = []
    elif bf["round"] >= D.mod("surface.max_rounds"):
        value = {s_: sum(D.ships[x].vp_sunk for t in alive[s_] for x in st.tfs[t].ships
                         if not st.ships[x].sunk and st.ships[x].hits == 0) for s_ in SIDES}
        ctx.emit("8.3.9", f"Eight rounds fought: undamaged ship value IJN {value['IJN']}, USN {value['USN']}",
                 kind="battle_end", data={"value": value})
        if value["IJN"] == value["USN"]:
            i = ctx.pick(2, purpose="coin flip: who stays in the hex (1 IJN, 2 USN)", rule="8.3.9")
            stays = SIDES[i]
        else:
            stays = "IJN" if value["IJN"] > value["USN"] else "USN"
        leave = [other(stays)]
    else:
        leave = []
    leave = [s_ for s_ in leave if alive[s_]]
    # IJN Fanaticism (13.1.5.2): a battle against big USN ships that the IJN does not break off counts.
    usn_big = any(D.ships[x].type in ("BB", "CV", "CVL", "CVE") for x in bf["display"] if bf["display"][x]["side"]
                  == "USN")
    if usn_big and not dis["IJN"]:
        for t in bf["tfs"]["IJN"]:
            for s in st.tfs[t].ships:  # the ships are released, whatever TF they join later (E22)
                st.ships[s].fanaticism_met = True
    bf["place_queue"] = leave
    _goto(st, "place")


def _retreating(st: State, bf: dict[str, Any], ctx: Context) -> list[str]:
    """Clash 12.9: the sides that retreat one hex. A side that broke off goes (both, if both did); after the last
    round the side with fewer undamaged units on the display goes (a tie: a coin flip, as in 8.3.9); a side with
    nothing afloat has nothing to move."""
    D = st.data
    alive = {s_: any(not st.ships[x].sunk for t in bf["tfs"][s_] for x in st.tfs[t].ships) for s_ in SIDES}
    dis = bf["disengaged"]
    if dis["IJN"] or dis["USN"]:
        leave = [s_ for s_ in [bf["active_side"], other(bf["active_side"])] if dis[s_]]
    elif not alive["IJN"] or not alive["USN"]:
        leave = []
    elif bf["round"] >= D.mod("surface.max_rounds"):
        whole = {s_: sum(1 for x, d in bf["display"].items() if d["side"] == s_ and not st.ships[x].sunk
                         and st.ships[x].hits == 0) for s_ in SIDES}
        ctx.emit("8.3.9", f"After the last Battle Round: undamaged units IJN {whole['IJN']}, USN {whole['USN']}",
                 kind="battle_end", data={"undamaged": whole})
        if whole["IJN"] == whole["USN"]:
            stays = SIDES[ctx.pick(2, purpose="coin flip: who stays in the hex (1 IJN, 2 USN)", rule="8.3.9")]
        else:
            stays = "IJN" if whole["IJN"] > whole["USN"] else "USN"
        leave = [other(stays)]
    else:
        leave = []
    return [s_ for s_ in leave if alive[s_]]


def _adjacent_sea(D: ISData, hex_label: str) -> list[str]:
    m = D.map
    return sorted(m.label(h) for h in m.neighbours(m.hex(hex_label)) if m.is_sea(h))


def _placement_options(st: State, bf: dict[str, Any], side: str) -> list[tuple[str, int]]:
    """8.3.9 order: a vacant adjacent hex (not the attacker's entry hex); a friendly hex within stacking; the
    attacker's entry hex; a friendly hex over-stacked (-2 MP). Only the first category that has a hex is offered.
    """
    D = st.data
    if side == bf["active_side"] and bf["disengaged"][side] and bf["entered_from"]:
        return [(bf["entered_from"], 0)]
    limit = D.mod("stack.friendly_tfs") if "stack.friendly_tfs" in D.mods else \
        damage._constants_file(str(D.folder)).get("stack.friendly_tfs", 2)
    moving = [st.tfs[t] for t in bf["tfs"][side]]
    fleet = {t.fleet for t in moving if t.fleet}
    cats: dict[int, list[str]] = {1: [], 2: [], 3: [], 4: []}
    entry = bf["entered_from"]
    for h in _adjacent_sea(D, bf["hex"]):
        here = st.tfs_at(h)
        friends = [t for t in here if t.side == side]
        if not here and h != entry:
            cats[1].append(h)
        elif friends and h != entry:
            mixed = side == "USN" and any(t.fleet and fleet and t.fleet not in fleet for t in friends)
            if len(friends) + len(moving) <= limit and not mixed:
                cats[2].append(h)
            else:
                cats[4].append(h)
    if entry and entry in _adjacent_sea(D, bf["hex"]):
        cats[3].append(entry)
    for c in (1, 2, 3, 4):
        if cats[c]:
            return [(h, c) for h in cats[c]]
    return [(bf["hex"], 0)]


def _place_side(st: State, bf: dict[str, Any], side: str, hex_label: str, category: int, ctx: Context) -> None:
    tfs = [st.tfs[t] for t in bf["tfs"][side] if any(not st.ships[x].sunk for x in st.tfs[t].ships)]
    for t in tfs:
        t.hex = hex_label
    ctx.emit("8.3.9", f"{side} TF(s) " + ", ".join(t.id for t in tfs) + f" leave the battle for {hex_label}",
             kind="battle_place", data={"side": side, "hex": hex_label, "tfs": [t.id for t in tfs]})
    if category == 4:
        for t in st.tfs_at(hex_label, side):
            t.mp_markers += st.data.mod("overstack.mp")
        st.flags.setdefault("overstacked", [])
        if hex_label not in st.flags["overstacked"]:
            st.flags["overstacked"].append(hex_label)
        ctx.emit("8.3.9", f"{hex_label} is over-stacked: every {side} TF there gets a -2 MP marker", kind="mp",
                 data={"hex": hex_label})


def _step_place(st: State, bf: dict[str, Any], ctx: Context) -> None:
    ctx.emit("8.3", "The surface battle is over", kind="battle_over", data={"hex": bf["hex"]})
    _close(st, bf)


def _step_smoke(st: State, bf: dict[str, Any], ctx: Context) -> None:  # pragma: no cover - always asks
    _goto(st, "move")




@frame("reactive_battle")
class ReactiveBattle:
    """8.3: a TF that detects an enemy entering its hex may start a surface battle (its owner decides).

    Detection (7.1.1) pushes this frame by name when the search of a TF entering the hex succeeds.
    """

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        searcher, mover = st.tfs.get(fr["searcher"]), st.tfs.get(fr["mover"])
        if searcher is None or mover is None or not searcher.in_play or not mover.in_play:
            return None
        if searcher.hex != fr["hex"] or mover.hex != fr["hex"] or not mover.detected:
            return None
        if not live_ships(st, searcher) or not live_ships(st, mover):
            return None  # e.g. an air strike in between sank the last ship: no one is left to fight (8.3)
        return ask(fr["side"], "reactive_battle", f"TF {mover.id} entered {fr['hex']} and was detected by "
                   f"{searcher.name}: start a surface battle?", "8.3",
                   [opt("react_battle", "Start a surface battle"), opt("react_pass", "Let it be")],
                   data={"enemy_tf": mover.id, "hex": fr["hex"], "searcher": searcher.id})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        pop(st, fr)
        if action.kind == "react_battle":
            below = top(st)
            entered_from = below.get("entered_from") if below and below.get("kind") == "activate_tf" else None
            start_battle(st, fr["hex"], fr["mover"], ctx, entered_from=entered_from,
                         initiator=fr["searcher"])

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
