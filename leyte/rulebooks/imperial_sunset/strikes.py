"""Air strikes (6.5, 8.1): composing a strike and playing it out from CAP combat to the last bombing roll.

The attacker picks strike aircraft and escorts from the Ready box (``strike_compose``, 8.1 step 1); launching pays
the carrier TF's MPs (6.2.2). The strike itself is an ``air_strike`` record frame with one frame per step pushed
above it in turn (``strike_start``, ``strike_commit_escorts``, ... ``strike_land``): CAP against the escorts, then
against the bombers (8.2.3, 8.2.2, in ``air_to_air``), the defender's placement of ships on the air battle display, the
attacker's choice of targets and AA-suppression pairings (8.1.1), then each attacking unit in the attacker's order:
the target's AA, adjacent ships at half strength (``aa``), and the bombing roll (8.1 step 6). Afterwards aircraft
return (6.5.1, 6.5.3), IJN carrier aircraft land ashore (6.5.7), and a TF attacked by four or more units loses an
MP (6.2.3). Every player choice is a Decision; a choice with a single legal answer is taken automatically so the
log stays readable.

Rules-family switches read here (``family.py``): ``launch_mp``, ``aa_adjacent`` (Clash: only USN ships fire next
door, at every attacker, 8.5), ``aa_suppression`` (escorts placed on ships, 8.5.1), ``ijn_carrier_air_after_strike``
(Clash: back to the Flown box, 5.5) and ``extended_range`` (Clash: away on the turn track, 8.1.2).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, TypedDict, cast

from leyte.core.dice import Modifier
from leyte.core.errors import IllegalAction, LeyteError
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset import damage
from leyte.rulebooks.imperial_sunset.aa import (
    aa_fire,
    display_adjacent,
    display_areas,
    roll_suppression,
    ship_from_param,
    ship_label,
    ship_param,
    suppression_key,
)
from leyte.rulebooks.imperial_sunset.air_ops import (
    LAND_FORMATIONS,
    airfield_hexes,
    can_bomb,
    can_fight,
    carrier_of,
    carrier_strike_mp,
    describe_target,
    formation_units,
    hex_of_target,
    in_range,
    is_cve_unit,
    is_torpedo_unit,
    may_extend,
    on_mission,
    public_label,
    public_target,
    public_unit_name,
    ships_of_target,
    strength,
    tf_units,
    unit_kind,
    unit_name,
)
from leyte.rulebooks.imperial_sunset.air_to_air import (
    cap_fires_at_strike,
    end_loss_job,
    escorts_vs_cap,
    goto,
    intercepting_cap,
    number_drm,
    take_loss,
)
from leyte.rulebooks.imperial_sunset.common import dist
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.engine import ask, frame, opt, pop, push
from leyte.rulebooks.imperial_sunset.kamikaze import kamikaze_column
from leyte.rulebooks.imperial_sunset.state import State, other


def _compose_units(st: State, fr: dict[str, Any]) -> list[str]:
    src = fr["source"]
    if fr.get("mode") == "surface":
        tf_ids = src["tfs"]
        units: list[str] = []
        for t in tf_ids:
            units += tf_units(st, st.tfs[t], boxes=("ready", "cap"))  # scramble (6.5.10)
        return units
    if "tf" in src:
        return tf_units(st, st.tfs[src["tf"]])
    return formation_units(st, src["formation"])


def _reach(st: State, fr: dict[str, Any], aid: str) -> str | None:
    """'normal', 'extended' or None (cannot reach the target)."""
    if fr.get("mode") == "surface":
        return "normal"
    h = hex_of_target(st, fr["target"])
    if h is None:
        return None
    if in_range(st, aid, h):
        return "normal"
    if may_extend(st, aid) and in_range(st, aid, h, extended=True):
        return "extended"
    return None


@lru_cache(maxsize=1 << 14)
def _compose_option(D: ISData, aid: str, role: str, strength_: int, extended: bool) -> Action:
    """Add a unit to a strike as ``role`` ("strike"/"escort") at this strength, or take it off ("remove"); 8.1."""
    if role == "remove":
        return opt("strike_remove", f"Take {unit_name(D, aid)} off the strike", air=aid)
    ext = " at extended range (exhausted strength, 6.5.6)" if extended else ""
    what = "a strike unit" if role == "strike" else "an escort"
    return opt("strike_add", f"Add {unit_name(D, aid)} as {what} ({strength_}){ext}", air=aid, role=role)


@lru_cache(maxsize=1 << 14)
def _place_ship_option(D: ISData, sid: str, area: int) -> Action:
    return opt("place_ship", f"Place {damage.ship_name(D, sid)} in area {area}", ship=sid, area=area)


@frame("strike_compose")
class StrikeCompose:
    """8.1 step 1: the attacker picks the strike aircraft and the escorts from the Ready box."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        D = st.data
        chosen: dict[str, str] = fr["chosen"]
        options: list[Action] = []
        for a in _compose_units(st, fr):
            if a in chosen:
                options.append(_compose_option(D, a, "remove", 0, False))
                continue
            reach = _reach(st, fr, a)
            if reach is None:
                continue
            extended = reach == "extended"
            f = strength(st, a, extended=extended)
            if can_bomb(st, a) and unit_kind(st, a) != "F":
                options.append(_compose_option(D, a, "strike", f, extended))
            if can_fight(st, a):
                options.append(_compose_option(D, a, "escort", f, extended))
        if any(r == "strike" for r in chosen.values()):
            options.append(opt("strike_launch", "Launch the strike"))
        options.append(opt("strike_cancel", "Cancel the strike"))
        target = describe_target(st, fr["target"]) if fr.get("mode") != "surface" else "the enemy ships in the battle"
        return ask(fr["side"], "strike_compose", f"Compose the air strike on {target}", "8.1", options,
                   data={"target": public_target(st, fr["target"]) if fr.get("mode") != "surface" else None,
                         "target_text": target})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "strike_add":
            fr["chosen"][action["air"]] = action["role"]
        elif action.kind == "strike_remove":
            fr["chosen"].pop(action["air"], None)
        elif action.kind == "strike_cancel":
            ctx.emit("8.1", "The strike is called off", kind="strike", visible=(fr["side"],))
            pop(st, fr)
        elif action.kind == "strike_launch":
            launch_strike(st, fr, ctx)
        else:
            raise IllegalAction("8.1", f"{action.text} is not a strike composition choice")


def launch_strike(st: State, fr: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """Pay the carrier MP cost (6.2.2), put the chosen units in the air and replace the compose frame by the strike."""
    D = st.data
    side = fr["side"]
    chosen: dict[str, str] = fr["chosen"]
    mode = fr.get("mode", "normal")
    src = fr["source"]
    act_fr = st.stack[fr["act_index"]] if 0 <= fr.get("act_index", -1) < len(st.stack) else None
    if mode == "normal" and "tf" in src and act_fr is not None:
        cost = carrier_strike_mp(D)
        if int(act_fr.get("mp", 0)) < cost:
            raise IllegalAction("6.2.2", f"a carrier strike needs {cost} MP; the TF has {act_fr.get('mp', 0)}")
        act_fr["mp"] = int(act_fr["mp"]) - cost
        if cost:  # a sister game that launches for free (launch_mp 0) has nothing to log
            ctx.emit("6.2.2", f"Launching the strike costs the TF {cost} MP ({act_fr['mp']} left)", kind="mp",
                     data={"tf": src["tf"], "cost": cost}, visible=(side,))
    strike = sorted(a for a, r in chosen.items() if r == "strike")
    escorts = sorted(a for a, r in chosen.items() if r == "escort")
    extended = sorted(a for a in chosen if _reach(st, fr, a) == "extended")
    for a in strike + escorts:
        u = st.air[a]
        u.box = "mission"
        u.cap_over = None
        u.missions_today += 1
        if unit_kind(st, a) == "FB":
            u.role = "B" if a in strike else "F"
    pop(st, fr)
    defender = other(side)
    visible_text = ", ".join(f"{unit_name(D, a)} ({strength(st, a, extended=a in extended)})" for a in strike)
    esc_text = ", ".join(unit_name(D, a) for a in escorts) or "none"
    if mode == "surface":
        target_text = "enemy ships in the surface battle"
    else:
        target_text = describe_target(st, fr["target"])
    ctx.emit("8.1", f"{side} air strike on {target_text}: {len(strike)} strike unit(s), {len(escorts)} escort(s)",
             kind="strike", data={"side": side, "target": public_target(st, fr.get("target")), "strike": len(strike),
                                  "escorts": len(escorts)})
    ctx.emit("8.1", f"Strike units: {visible_text}; escorts: {esc_text}", kind="strike",
             data={"strike": strike, "escorts": escorts, "extended": extended}, visible=(side,))
    rec = push(
        st, "air_strike", side=side, defender=defender, mode=mode, target=fr.get("target"), source=src,
        strike=strike, escorts=escorts, extended=extended, act_index=fr.get("act_index", -1),
        battle_index=fr.get("battle_index", -1), enemy_ships=fr.get("enemy_ships", []),
        target_hex=fr.get("target_hex") or (hex_of_target(st, fr["target"]) if fr.get("target") else None),
        labels=dict(fr.get("labels", {})), aliases_of=dict(fr.get("aliases_of", {})),
    )
    push(st, "strike_start")
    return rec


class StrikeRecord(TypedDict, total=False):
    """The ``air_strike`` frame: the record of one strike, shared by its step frames (plain data, so it saves).

    Set at launch: who strikes whom (``side``, ``defender``, ``mode`` normal/surface/kamikaze, ``target``,
    ``target_hex``, ``source``), the units (``strike``, ``escorts``, ``extended``), where the activation and the
    surface battle sit on the stack (``act_index``, ``battle_index``), the enemy ships and their face-down labels in a
    surface battle (``enemy_ships``, ``labels``, ``aliases_of``). Filled in as the steps go: CAP and the units it
    engages (``cap``, ``engaged_escorts``, ``engaged_cap``, ``need_escorts``, ``suppressors``), loss jobs
    (``losses``, ``after_losses``, ``excess``), bombing DRMs (``drms``), the air battle display (``ships``, ``areas``,
    ``aim``, ``pair``), the attacks (``done``, ``current``, ``current_destroyed``, ``adjacent_fired``, ``attackers``,
    ``attacked_ships``, ``dto_column``: Clash 14.0's bombing column of a unit stepped by AA) and the IJN carrier
    units looking for an airfield (``landing``).
    """

    kind: str
    side: str
    defender: str
    mode: str
    target: str | None
    target_hex: str | None
    source: dict[str, Any]
    strike: list[str]
    escorts: list[str]
    extended: list[str]
    act_index: int
    battle_index: int
    enemy_ships: list[str]
    labels: dict[str, str]
    aliases_of: dict[str, str]
    cap: list[str]
    engaged_escorts: list[str]
    engaged_cap: list[str]
    need_escorts: int
    suppressors: list[str]
    losses: list[dict[str, Any]]
    after_losses: str
    excess: int
    drms: dict[str, list[list[Any]]]
    ships: list[str]
    areas: dict[str, int]
    aim: dict[str, str]
    pair: dict[str, str]
    done: list[str]
    current: str | None
    current_destroyed: str | None
    adjacent_fired: list[str]
    attackers: int
    attacked_ships: list[str]
    landing: list[str]
    dto_column: dict[str, int]


Question = tuple[str, str, str, str, list[Action]]


@frame("air_strike")
class AirStrike:
    """8.1 and 8.2: one strike from CAP combat to the last bombing roll.

    This frame is the strike's record; its steps are frames of their own (``strike_<step>``, below) pushed on top of
    it one at a time, each handing over to the next with ``goto`` and the last closing the strike with ``close``.
    """

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        raise LeyteError("air strike record left without a step frame above it (engine bug)")


def record(st: State) -> StrikeRecord:
    """The strike record under the current step frame."""
    fr = st.stack[-2]
    if fr.get("kind") != "air_strike":
        raise LeyteError(f"strike step {st.stack[-1].get('kind')} is not above an air strike")
    return cast(StrikeRecord, fr)


def close(st: State, fr: StrikeRecord | dict[str, Any]) -> None:
    """The strike is over: take its last step frame and its record off the stack."""
    st.stack.pop()
    pop(st, cast(dict[str, Any], fr))


class _Step:
    """What every strike step frame shares: its question, if it has one, is asked of the record below it; a
    question with a single answer is taken automatically so the log stays readable; with no answer at all, the step
    does its automatic work (``auto``)."""

    kind = ""

    @classmethod
    def question(cls, st: State, fr: StrikeRecord) -> Question | None:
        return None

    @classmethod
    def answer(cls, st: State, fr: StrikeRecord, action: Action, ctx: Context) -> None:
        raise IllegalAction("8.1", f"{action.text} is not a choice in this air strike")

    @classmethod
    def auto(cls, st: State, fr: StrikeRecord, ctx: Context) -> None:
        raise IllegalAction("8.1", f"air strike step {cls.kind!r} has no choice left to make")

    @classmethod
    def decide(cls, st: State, fr: dict[str, Any]) -> Decision | None:
        q = cls.question(st, record(st))
        if q is None or len(q[4]) < 2:
            return None
        return ask(*q)

    @classmethod
    def act(cls, st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        cls.answer(st, record(st), action, ctx)

    @classmethod
    def run(cls, st: State, fr: dict[str, Any], ctx: Context) -> None:
        rec = record(st)
        q = cls.question(st, rec)
        if q is not None and len(q[4]) == 1:
            cls.answer(st, rec, q[4][0], ctx)
            return
        cls.auto(st, rec, ctx)


@frame("strike_start")
class StrikeStart(_Step):
    """Which CAP intercepts (8.2), and whether escorts must be committed against it first (8.2.3)."""

    @classmethod
    def auto(cls, st: State, fr: StrikeRecord, ctx: Context) -> None:
        _start(st, fr, ctx)


@frame("strike_commit_escorts")
class StrikeCommitEscorts(_Step):
    """8.2.3: the attacker commits escorts against the CAP, at least one per CAP unit."""

    @classmethod
    def question(cls, st: State, fr: StrikeRecord) -> Question | None:
        D = st.data
        need = fr["need_escorts"]
        committed = fr["engaged_escorts"]
        free = [a for a in fr["escorts"] if a not in committed and on_mission(st, a)]
        options = [opt("escort_commit", f"Commit {unit_name(D, a)} against the CAP", air=a) for a in free]
        if len(committed) >= need:
            options.append(opt("escort_done", "Keep the rest for AA suppression"))
        return fr["side"], "escort_commit", "Commit escorts against the CAP (one per CAP unit at least)", "8.2.3", \
            options

    @classmethod
    def answer(cls, st: State, fr: StrikeRecord, action: Action, ctx: Context) -> None:
        if action.kind == "escort_commit":
            fr["engaged_escorts"].append(action["air"])
            if len(fr["engaged_escorts"]) >= len([a for a in fr["escorts"] if on_mission(st, a)]):
                goto(st, "escorts_committed")
        elif action.kind == "escort_done":
            goto(st, "escorts_committed")
        else:
            super().answer(st, fr, action, ctx)


@frame("strike_escorts_committed")
class StrikeEscortsCommitted(_Step):
    """8.2.3/8.1.1: escorts not engaged stay for AA suppression; CAP beyond the engaged escorts is assigned next."""

    @classmethod
    def auto(cls, st: State, fr: StrikeRecord, ctx: Context) -> None:
        fr["suppressors"] = [a for a in fr["escorts"] if a not in fr["engaged_escorts"] and on_mission(st, a)]
        if len(fr["cap"]) > len(fr["engaged_escorts"]):
            goto(st, "commit_cap")
        else:
            fr["engaged_cap"] = list(fr["cap"])
            goto(st, "a2a_escorts")


@frame("strike_commit_cap")
class StrikeCommitCap(_Step):
    """8.2.3: the defender assigns the CAP units beyond the escorts' number."""

    @classmethod
    def question(cls, st: State, fr: StrikeRecord) -> Question | None:
        D = st.data
        committed = fr["engaged_cap"]
        free = [a for a in fr["cap"] if a not in committed]
        options = [opt("cap_commit", f"Send {unit_name(D, a)} against the escorts", air=a) for a in free]
        if len(committed) >= min(len(fr["engaged_escorts"]), len(fr["cap"])):
            options.append(opt("cap_done", "Keep the other CAP units for the strike aircraft"))
        return fr["defender"], "cap_commit", "Assign the CAP units beyond the escorts' number", "8.2.3", options

    @classmethod
    def answer(cls, st: State, fr: StrikeRecord, action: Action, ctx: Context) -> None:
        if action.kind == "cap_commit":
            fr["engaged_cap"].append(action["air"])
            if len(fr["engaged_cap"]) >= len(fr["cap"]):
                goto(st, "a2a_escorts")
        elif action.kind == "cap_done":
            goto(st, "a2a_escorts")
        else:
            super().answer(st, fr, action, ctx)


@frame("strike_a2a_escorts")
class StrikeEscortsVsCap(_Step):
    """8.2.3: committed escorts and CAP fire at each other."""

    @classmethod
    def auto(cls, st: State, fr: StrikeRecord, ctx: Context) -> None:
        escorts_vs_cap(st, fr, ctx)


@frame("strike_losses")
class StrikeLosses(_Step):
    """8.2.2/8.2.3: the owner takes the losses of an air-to-air roll, one unit at a time."""

    @classmethod
    def question(cls, st: State, fr: StrikeRecord) -> Question | None:
        D = st.data
        job = fr["losses"][0]
        pool = [a for a in job["pool"] if st.air[a].box in ("mission", "cap")] if job["n"] > 0 else []
        if job["kind"] == "steps":
            full = [a for a in pool if not st.air[a].reduced]
            choices = full or pool
            options = [opt("lose_step", f"{unit_name(D, a)} loses a step"
                           + (" (destroyed)" if st.air[a].reduced else ""), air=a) for a in choices]
            return job["owner"], "step_loss", f"Take {job['n']} step loss(es)", job["rule"], options
        choices = [a for a in pool if not st.air[a].reduced]
        if not choices and job["excess"] == "per_unit":  # Clash 8.2.1: every unit fatigued, a step is a -1 DRM
            options = [opt("flip", f"{unit_name(D, a)} takes the step while fatigued ({number_drm(D)} on its "
                           "bombing roll)", air=a) for a in pool]
            return job["owner"], "flip_loss", f"Take {job['n']} step(s) on fatigued units", job["rule"], options
        options = [opt("flip", f"Flip {unit_name(D, a)} to its exhausted side", air=a) for a in choices]
        return job["owner"], "flip_loss", f"Flip {job['n']} unit(s) to the exhausted side", job["rule"], options

    @classmethod
    def answer(cls, st: State, fr: StrikeRecord, action: Action, ctx: Context) -> None:
        if action.kind in ("lose_step", "flip"):
            take_loss(st, fr, action["air"], ctx)
        else:
            super().answer(st, fr, action, ctx)

    @classmethod
    def auto(cls, st: State, fr: StrikeRecord, ctx: Context) -> None:
        end_loss_job(st, fr, ctx)


@frame("strike_cap_vs_strike")
class StrikeCapVsStrike(_Step):
    """8.2.2: the surviving CAP fires at the strike aircraft."""

    @classmethod
    def auto(cls, st: State, fr: StrikeRecord, ctx: Context) -> None:
        cap_fires_at_strike(st, fr, ctx)


@frame("strike_excess_drm")
class StrikeExcessDrm(_Step):
    """8.2.2: CAP results a USN strike could not absorb become bombing DRMs the IJN places on strike units."""

    @classmethod
    def question(cls, st: State, fr: StrikeRecord) -> Question | None:
        D = st.data
        # The option names the unit by its place in the strike, not by its id: an id such as "vb-15" would tell the
        # IJN which carrier it flew from (E24).
        options = [opt("place_drm", f"Put a {number_drm(D)} bombing DRM on {public_unit_name(D, a)}", slot=i)
                   for i, a in enumerate(fr["strike"]) if on_mission(st, a)]
        return fr["defender"], "excess_drm", f"Place {fr['excess']} bombing DRM(s) on the strike units", "8.2.2", \
            options

    @classmethod
    def answer(cls, st: State, fr: StrikeRecord, action: Action, ctx: Context) -> None:
        if action.kind != "place_drm":
            super().answer(st, fr, action, ctx)
        D = st.data
        air = fr["strike"][action["slot"]]
        fr["drms"].setdefault(air, []).append([number_drm(D), "CAP result left over (8.2.2)"])
        fr["excess"] -= 1
        ctx.emit("8.2.2", f"The IJN places a {number_drm(D)} bombing DRM on {unit_name(D, air)}",
                 kind="strike", data={"air": air})
        if fr["excess"] <= 0:
            goto(st, "after_cap")

    @classmethod
    def auto(cls, st: State, fr: StrikeRecord, ctx: Context) -> None:
        goto(st, "after_cap")  # no strike unit left to carry the DRMs


@frame("strike_after_cap")
class StrikeAfterCap(_Step):
    """8.1: the strike aircraft that got through go on to the air battle display."""

    @classmethod
    def auto(cls, st: State, fr: StrikeRecord, ctx: Context) -> None:
        _after_cap(st, fr, ctx)


@frame("strike_place_ships")
class StrikePlaceShips(_Step):
    """8.1 step 2: the defender places the target's ships on the air battle display, one per area."""

    @classmethod
    def question(cls, st: State, fr: StrikeRecord) -> Question | None:
        D = st.data
        placed = fr["areas"]
        todo = [s for s in fr["ships"] if s not in placed]
        sid = todo[0]
        used = set(placed.values())
        free = [n for n in range(1, display_areas(D) + 1) if n not in used]
        options = [_place_ship_option(D, sid, n) for n in free]
        return (fr["defender"], "air_display", f"Place {damage.ship_name(D, sid)} on the air battle display", "8.1",
                options)

    @classmethod
    def answer(cls, st: State, fr: StrikeRecord, action: Action, ctx: Context) -> None:
        if action.kind != "place_ship":
            super().answer(st, fr, action, ctx)
        fr["areas"][action["ship"]] = action["area"]
        ctx.emit("8.1", f"{damage.ship_name(st.data, action['ship'])} is placed in area {action['area']} of the "
                 "air battle display", kind="air_display", data={"ship": action["ship"], "area": action["area"]})
        if all(s in fr["areas"] for s in fr["ships"]):
            goto(st, "place_air")


@frame("strike_place_air")
class StrikePlaceAir(_Step):
    """8.1 step 2: the attacker chooses the ship each strike unit attacks."""

    @classmethod
    def question(cls, st: State, fr: StrikeRecord) -> Question | None:
        D = st.data
        todo = [a for a in fr["strike"] if on_mission(st, a) and a not in fr["aim"]]
        aid = todo[0]
        options = [opt("aim", f"{unit_name(D, aid)} attacks {ship_label(D, fr, s)}"
                       + (f" (area {fr['areas'][s]})" if s in fr["areas"] else ""), air=aid,
                       ship=ship_param(fr, s))
                   for s in fr["ships"] if not st.ships[s].sunk]
        return fr["side"], "air_target", f"Choose the ship {unit_name(D, aid)} attacks", "8.1", options

    @classmethod
    def answer(cls, st: State, fr: StrikeRecord, action: Action, ctx: Context) -> None:
        if action.kind != "aim":
            super().answer(st, fr, action, ctx)
        D = st.data
        sid = ship_from_param(fr, action["ship"])
        fr["aim"][action["air"]] = sid
        ctx.emit("8.1", f"{unit_name(D, action['air'])} will attack {ship_label(D, fr, sid)}",
                 kind="air_target", data={"air": action["air"], "ship": action["ship"]})
        if all(a in fr["aim"] for a in fr["strike"] if on_mission(st, a)):
            goto(st, "pair" if fr["suppressors"] else "order")

    @classmethod
    def auto(cls, st: State, fr: StrikeRecord, ctx: Context) -> None:
        goto(st, "pair" if fr["suppressors"] else "order")


@frame("strike_pair")
class StrikePair(_Step):
    """8.1.1: each escort kept back may pair with a strike unit to suppress the target's AA."""

    @classmethod
    def question(cls, st: State, fr: StrikeRecord) -> Question | None:
        D = st.data
        todo = [e for e in fr["suppressors"] if e not in fr["pair"]]
        eid = todo[0]
        if roll_suppression(D):  # Clash 8.5.1: on a ship, any number per ship, -1 each on its AA roll
            options = [opt("pair", f"{unit_name(D, eid)} suppresses the AA of {ship_label(D, fr, s)}", escort=eid,
                           ship=ship_param(fr, s)) for s in fr["ships"] if not st.ships[s].sunk]
            options.append(opt("pair", f"{unit_name(D, eid)} does not suppress", escort=eid, ship=""))
            return fr["side"], "aa_suppression", f"Place {unit_name(D, eid)} on a ship to suppress AA", "8.1.1", \
                options
        taken = set(fr["pair"].values())
        options = [opt("pair", f"{unit_name(D, eid)} suppresses AA for {unit_name(D, a)}", escort=eid, air=a)
                   for a in fr["strike"] if on_mission(st, a) and a in fr["aim"] and a not in taken]
        options.append(opt("pair", f"{unit_name(D, eid)} does not suppress", escort=eid, air=""))
        return fr["side"], "aa_suppression", f"Pair {unit_name(D, eid)} with a strike unit", "8.1.1", options

    @classmethod
    def answer(cls, st: State, fr: StrikeRecord, action: Action, ctx: Context) -> None:
        if action.kind != "pair":
            super().answer(st, fr, action, ctx)
        D = st.data
        if action.get("ship") is not None:
            sid = ship_from_param(fr, action["ship"]) if action["ship"] else ""
            fr["pair"][action["escort"]] = suppression_key(sid) if sid else ""
            if sid:
                ctx.emit("8.1.1", f"{unit_name(D, action['escort'])} suppresses the AA of {ship_label(D, fr, sid)}",
                         kind="air_pair", data={"escort": action["escort"], "ship": action["ship"]})
        else:
            fr["pair"][action["escort"]] = action["air"]
        if action.get("air"):
            ctx.emit("8.1.1",
                     f"{unit_name(D, action['escort'])} pairs with {unit_name(D, action['air'])} to suppress AA",
                     kind="air_pair", data={"escort": action["escort"], "air": action["air"]})
        if all(e in fr["pair"] for e in fr["suppressors"]):
            goto(st, "order")

    @classmethod
    def auto(cls, st: State, fr: StrikeRecord, ctx: Context) -> None:
        goto(st, "order")


@frame("strike_order")
class StrikeOrder(_Step):
    """8.1: the attacker picks which unit attacks next; when none is left the strike ends."""

    @classmethod
    def question(cls, st: State, fr: StrikeRecord) -> Question | None:
        D = st.data
        todo = [a for a in fr["strike"] if a in fr["aim"] and a not in fr["done"] and st.air[a].box == "mission"]
        options = [opt("attack_next", f"{unit_name(D, a)} attacks {ship_label(D, fr, fr['aim'][a])} next", air=a)
                   for a in todo]
        return fr["side"], "attack_order", "Which unit attacks next?", "8.1", options

    @classmethod
    def answer(cls, st: State, fr: StrikeRecord, action: Action, ctx: Context) -> None:
        if action.kind != "attack_next":
            super().answer(st, fr, action, ctx)
        _begin_attack(st, fr, action["air"], ctx)

    @classmethod
    def auto(cls, st: State, fr: StrikeRecord, ctx: Context) -> None:
        goto(st, "finish")


@frame("strike_aa_adjacent")
class StrikeAdjacentAA(_Step):
    """8.1: ships next to the target on the display may fire at the attacking unit at half AA."""

    @classmethod
    def question(cls, st: State, fr: StrikeRecord) -> Question | None:
        D = st.data
        cur = fr["current"]
        target = fr["aim"][cur]
        attacked = set(fr["aim"].values())
        if D.family.switch("aa_adjacent") == "usn_half_all":
            # Clash 8.5: IJN ships fire only into their own box; each USN ship may fire at half into an adjacent
            # box at every attacking unit there, even a ship under attack itself (``adjacent_fired`` is per unit).
            if fr["defender"] != "USN":
                return None
            attacked = set()
        options = []
        for s in fr["ships"]:
            if s in attacked or s in fr["adjacent_fired"] or st.ships[s].sunk or damage.aa(st, s) <= 0:
                continue
            if display_adjacent(st.data, fr["areas"].get(s, 0), fr["areas"].get(target, 0)):
                options.append(opt("aa_adjacent",
                                   f"{damage.ship_name(D, s)} fires at {public_unit_name(D, cur)} at half AA",
                                   ship=s))
        if not options:
            return None
        options.append(opt("aa_adjacent_done", "No more adjacent AA fire at this unit"))
        return fr["defender"], "aa_adjacent", f"Adjacent ships firing at {public_unit_name(D, cur)}", "8.1", \
            options

    @classmethod
    def answer(cls, st: State, fr: StrikeRecord, action: Action, ctx: Context) -> None:
        if action.kind == "aa_adjacent":
            fr["adjacent_fired"].append(action["ship"])
            aa_fire(st, fr, action["ship"], ctx, half=True, adjacent=True)
            if fr["current_destroyed"] is not None:
                goto(st, "bomb")
        elif action.kind == "aa_adjacent_done":
            goto(st, "bomb")
        else:
            super().answer(st, fr, action, ctx)

    @classmethod
    def auto(cls, st: State, fr: StrikeRecord, ctx: Context) -> None:
        goto(st, "bomb")


@frame("strike_bomb")
class StrikeBomb(_Step):
    """8.1 step 6: the current unit's bombing roll."""

    @classmethod
    def auto(cls, st: State, fr: StrikeRecord, ctx: Context) -> None:
        _bomb(st, fr, ctx)


@frame("strike_finish")
class StrikeFinish(_Step):
    """Aircraft return (6.5.1, 6.5.3, 6.5.7, 6.5.8); the target TF may lose an MP (6.2.3)."""

    @classmethod
    def auto(cls, st: State, fr: StrikeRecord, ctx: Context) -> None:
        _finish(st, fr, ctx)


@frame("strike_land")
class StrikeLand(_Step):
    """6.5.7: each IJN carrier unit picks an airfield in range of the target, or is lost if there is none."""

    @classmethod
    def question(cls, st: State, fr: StrikeRecord) -> Question | None:
        D = st.data
        aid = fr["landing"][0]
        h = fr.get("target_hex")
        options = []
        for f in LAND_FORMATIONS:
            for af in airfield_hexes(D, f):
                if h and dist(D, h, af) <= D.air[aid].range:
                    options.append(opt("land", f"{unit_name(D, aid)} lands at {af} ({f})", air=aid, field=af,
                                       formation=f))
        if not options:
            return None
        return fr["side"], "land", f"Where does {unit_name(D, aid)} land?", "6.5.7", options

    @classmethod
    def answer(cls, st: State, fr: StrikeRecord, action: Action, ctx: Context) -> None:
        if action.kind != "land":
            super().answer(st, fr, action, ctx)
        _land(st, fr, action["air"], action["formation"], action["field"], ctx)

    @classmethod
    def auto(cls, st: State, fr: StrikeRecord, ctx: Context) -> None:
        aid = fr["landing"].pop(0)
        _land(st, fr, aid, None, None, ctx)


def _start(st: State, fr: StrikeRecord, ctx: Context) -> None:
    fr.update(cap=intercepting_cap(st, fr), engaged_escorts=[], engaged_cap=[], suppressors=[], losses=[], drms={},
              areas={}, aim={}, pair={}, done=[], adjacent_fired=[], current=None, current_destroyed=None,
              landing=[], attackers=0, attacked_ships=[], excess=0)
    if fr["mode"] == "surface":
        fr["ships"] = [s for s in fr["enemy_ships"] if not st.ships[s].sunk]
    else:
        fr["ships"] = ships_of_target(st, fr["target"])
    cap = fr["cap"]
    if cap and fr["defender"] == "IJN" and st.data.family.switch("ijn_carrier_air_after_strike") == "flown_forever":
        # Clash R-23 (5.5, 8.6): IJN CAP that meets a strike has flown a mission and ends the turn in its Flown box
        fought = st.flags.setdefault("ijn_cap_fought", [])
        fought.extend(a for a in cap if a not in fought)
    if cap:
        ctx.emit("8.2", f"{len(cap)} {fr['defender']} CAP unit(s) intercept: "
                 + ", ".join(f"{unit_name(st.data, a)} ({strength(st, a)})" for a in cap), kind="cap",
                 data={"cap": cap})
    if cap and fr["escorts"]:
        fr["need_escorts"] = min(len(cap), len(fr["escorts"]))
        goto(st, "commit_escorts")
    elif cap:
        goto(st, "cap_vs_strike")
    else:
        fr["suppressors"] = list(fr["escorts"])
        goto(st, "after_cap")


def _after_cap(st: State, fr: StrikeRecord, ctx: Context) -> None:
    strike = [a for a in fr["strike"] if on_mission(st, a)]
    if not strike:
        ctx.emit("8.1", "No strike aircraft get through", kind="strike")
        goto(st, "finish")
        return
    if fr["mode"] in ("surface", "kamikaze") or len(fr["ships"]) <= 1:
        if len(fr["ships"]) == 1:
            fr["areas"] = {fr["ships"][0]: 1}
        goto(st, "place_air")
        return
    ctx.emit("8.1", f"{fr['defender']} places the ships of the target on the air battle display, one per area",
             kind="air_display")
    goto(st, "place_ships")


def _begin_attack(st: State, fr: StrikeRecord, aid: str, ctx: Context) -> None:
    """One attacking unit: the target's AA, then adjacent ships at half (not for heavy bombers, not in 8.3.7)."""
    D = st.data
    fr["current"] = aid
    fr["current_destroyed"] = None
    fr["attackers"] += 1
    if D.family.switch("aa_adjacent") == "usn_half_all":
        fr["adjacent_fired"] = []  # Clash 8.5: a USN ship may fire into the adjacent box at each attacking unit
    target = fr["aim"][aid]
    if target not in fr["attacked_ships"]:
        fr["attacked_ships"].append(target)
    if st.ships[target].sunk:
        goto(st, "bomb")
        return
    ctx.emit("8.1", f"{unit_name(D, aid)} ({strength(st, aid, extended=aid in fr['extended'])}) attacks "
             f"{ship_label(D, fr, target)}", kind="air_attack", data={"air": aid, "ship": ship_param(fr, target)})
    hb = unit_kind(st, aid) == "HB"
    aa_fire(st, fr, target, ctx, half=hb, adjacent=False)
    if fr["current_destroyed"] is not None or hb or fr["mode"] in ("surface", "kamikaze"):
        goto(st, "bomb")
    else:
        goto(st, "aa_adjacent")


def _bomb(st: State, fr: StrikeRecord, ctx: Context) -> None:
    D = st.data
    aid = fr["current"]
    target = fr["aim"][aid]
    fr["done"].append(aid)
    destroyed = fr["current_destroyed"]
    if destroyed != "before":
        if st.ships[target].sunk:
            ctx.emit("8.1", f"{ship_label(D, fr, target)} has already sunk; {unit_name(D, aid)} wastes its attack",
                     kind="air_attack", data={"air": aid, "wasted": True})
        else:
            column = (kamikaze_column(D) if fr["mode"] == "kamikaze"
                      else fr.get("dto_column", {}).get(aid) or strength(st, aid, extended=aid in fr["extended"]))
            mods = [Modifier(int(v), str(src)) for v, src in fr["drms"].get(aid, [])]
            rec = damage.roll_damage(D, ctx, column, mods,
                                     purpose=f"{unit_name(D, aid)} bombs {ship_label(D, fr, target)}",
                                     rule="11.1" if fr["mode"] == "kamikaze" else "8.1")
            hits = int(rec.result.get("hits", 0))
            if hits:
                damage.apply_hits(st, target, hits, ctx, rule="8.1", cause=f"air attack by {unit_name(D, aid)}",
                                  per_attack_cap=True, critical=bool(rec.result.get("critical")),
                                  critical_each_point=fr["mode"] == "kamikaze",
                                  public_name=fr.get("labels", {}).get(target), torpedo=is_torpedo_unit(D, aid))
            else:
                ctx.emit("8.1", f"{unit_name(D, aid)} misses", kind="air_attack", data={"air": aid, "hits": 0})
    if destroyed is not None:
        st.air[aid].box = "destroyed"
    fr["current"] = None
    fr["current_destroyed"] = None
    goto(st, "order")


def _land(st: State, fr: StrikeRecord, aid: str, formation: str | None, field: str | None, ctx: Context) -> None:
    """6.5.7: IJN carrier strike aircraft land at an airfield in range of the target and join its air fleet."""
    D = st.data
    if aid in fr["landing"]:
        fr["landing"].remove(aid)
    a = st.air[aid]
    if formation is None:
        a.box = "destroyed"
        ctx.emit("6.5.7", f"{unit_name(D, aid)} finds no airfield in range and is lost", kind="air_loss",
                 data={"air": aid})
    else:
        a.parent = formation
        a.ashore = True
        a.box = "flown"
        ctx.emit("6.5.7", f"{unit_name(D, aid)} lands at {field} and joins the {formation}", kind="air_box",
                 data={"air": aid, "field": field, "formation": formation}, visible=("IJN",))
    if not fr["landing"]:
        close(st, fr)


def _finish(st: State, fr: StrikeRecord, ctx: Context) -> None:
    """Aircraft return (6.5.1, 6.5.3, 6.5.7, 6.5.8), and the target TF may lose an MP (6.2.3)."""
    fam = st.data.family
    for a in [x for x in fr["strike"] + fr["escorts"] if st.air[x].box == "mission"]:
        u = st.air[a]
        if a in fr["extended"] and fam.switch("extended_range") == "turn_track":
            away_on_turn_track(st, a, ctx)
            continue
        ijn_carrier = u.side == "IJN" and carrier_of(st, a) is not None
        if ijn_carrier and fam.switch("ijn_carrier_air_after_strike") == "flown_forever":
            u.box = "flown"  # Clash 5.5, 8.6: back to its own carrier's Flown box, and never readied again
            continue
        if ijn_carrier and not st.flags.get("ijn_carrier_aircraft_return"):
            fr["landing"].append(a)
            continue
        u.box = "flown"
        if u.side == "USN" and u.parent != "USAAF" and not is_cve_unit(st, a):
            u.reduced = True
            if a in fr["extended"]:
                u.missions_today = max(u.missions_today, 2)  # extended range uses the day's two missions (6.5.6)
    _mp_penalty(st, fr, ctx)
    ctx.emit("8.1", "The air strike is over", kind="strike_end")
    if fr["landing"]:
        goto(st, "land")
        return
    close(st, fr)


# Clash 8.1.2, printed: a d10 of 6 or more brings a unit back two turns later, less than 6 four turns later. A sister
# game's modifiers.csv may restate them (air.extended_return_min, air.extended_return_short, air.extended_return_long).
EXTENDED_RETURN = {"air.extended_return_min": 6, "air.extended_return_short": 2, "air.extended_return_long": 4}


def away_on_turn_track(st: State, aid: str, ctx: Context) -> None:
    """Family switch ``extended_range`` = "turn_track" (Clash 8.1.2): a unit back from an extended-range attack
    rolls for the turn it is ready again, at full strength; until then it sits out (``st.flags["extended_return"]``,
    read by the Terminal Phase, ``air_ops.terminal_phase``)."""
    D = st.data
    n = {k: D.mod(k) if k in D.mods else v for k, v in EXTENDED_RETURN.items()}
    r = ctx.roll("d10", purpose=f"how long {unit_name(D, aid)} is away after its extended-range attack", rule="6.5.6",
                 visible=(st.air[aid].side,))
    turns = n["air.extended_return_short"] if r.final >= n["air.extended_return_min"] else n["air.extended_return_long"]
    back = st.turn + turns
    u = st.air[aid]
    u.box, u.reduced = "flown", True
    st.flags.setdefault("extended_return", {})[aid] = back
    ctx.emit("6.5.6", f"{unit_name(D, aid)} is away until turn {back} (extended range)", kind="air_box",
             data={"air": aid, "turn": back}, visible=(u.side,))


def _mp_penalty(st: State, fr: StrikeRecord, ctx: Context) -> None:
    """6.2.3: a TF attacked by four or more air units in one activation sub-phase loses an MP (two a turn at most)."""
    D = st.data
    if fr["mode"] == "surface" and D.family.switch("surface_air") == "strike":  # Clash 12.7 costs no display MP
        bi = fr.get("battle_index", -1)
        if 0 <= bi < len(st.stack):
            bf = st.stack[bi]
            for s in fr["attacked_ships"]:
                if s in bf.get("display", {}):
                    bf["display"][s]["mp"] = bf["display"][s].get("mp", 0) + D.mod("surface.attack_mp")
    tfs: dict[str, int] = {}
    for s in fr.get("attacked_ships", []):
        t = st.ships[s].tf
        if t:
            tfs[t] = tfs.get(t, 0) + sum(1 for a, tgt in fr["aim"].items() if tgt == s and a in fr["done"])
    ai = fr.get("act_index", -1)
    holder: dict[str, Any] = st.stack[ai] if 0 <= ai < len(st.stack) else {}
    tally = holder.setdefault("air_attackers", {})
    for t, n in sorted(tfs.items()):
        before = tally.get(t, 0)
        tally[t] = before + n
        need = D.mod("air_attack.mp_loss_threshold")
        tf = st.tfs[t]
        if before < need <= tally[t] and tf.air_mp_lost_this_turn < D.mod("air_attack.mp_loss_max"):
            tf.mp_markers += 1
            tf.air_mp_lost_this_turn += 1
            ctx.emit("6.2.3", f"TF {public_label(st, tf.id)} was attacked by {tally[t]} air units: -1 MP at its "
                     "next activation", kind="mp", data={"tf": public_label(st, t)})
