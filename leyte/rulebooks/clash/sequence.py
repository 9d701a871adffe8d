"""The sequence of play (4.0): each turn's Initial Phase (4.1, 5.1-5.7), Activation Phase (4.2) and End Phase (4.3).

Initial Phase, in order: both sides adjust their formations (5.1, IJN first: ``clash_formations``), and under
option 15.6 the IJN may move aircraft between its carriers (``clash_cross_deck``); the pool is filled
(5.2, ``activation``); island air — reinforcements, ready rolls and island CAP (5.3, 5.6, 5.7) — runs as
``clash_island_initial`` when the IJN has island aircraft or reinforcements still to come; USN units whose
extended-range absence ends this turn come back to Ready at full strength (5.4, 8.1.2, ``extras["er_track"]``); USN
carrier aircraft in Flown boxes recover (5.5: fatigued by day, fresh at night; the IJN's never do); by day both sides
may put fighters on CAP over their TGs (5.7, Imperial Sunset's ``cap_allocation``); then the submarine markers are
placed (11.1.1, ``clash_subs_initial``) when the data gives the USN any or the IJN has its own (15.2). Activation Phase:
markers are drawn until the pool is empty (``activation``). End Phase (4.3): detached damaged units move, the IJN first
(7.3); fighters on CAP come down to their Ready boxes; at night every detection ends (ruling R-4); submarine markers
leave the map (11.1.6); the USN's Saipan garrison is counted (10.2); after the last turn the victory tally (10.0-10.3).
"""

from __future__ import annotations

from typing import Any

from leyte.core.cases import own
from leyte.core.game import Context
from leyte.rulebooks.clash import carriers, movement, state, submarines, victory, wind
from leyte.rulebooks.clash.engine import frame, pop, push, push_many
from leyte.rulebooks.imperial_sunset.air_ops import unit_name
from leyte.rulebooks.imperial_sunset.common import is_day, record_is_day, turn_record
from leyte.rulebooks.imperial_sunset.state import State


def island_air_in_play(st: State) -> bool:
    """Whether 5.3/5.6/island CAP have anything to work on: IJN aircraft on an island base, arrivals to come, or a
    standing revival rule (16.1.2)."""
    cl = state.extras(st)
    bases = cl["air_bases"]
    return bool(any(a.parent in bases for a in st.air.values()) or cl["reinforcements"] or cl["recurring"])


def usn_sub_markers(st: State) -> int:
    """How many submarine markers the USN has (11.1.1; the data's ``subs.usn_markers``, none if it gives none)."""
    row = st.data.mods.get("subs.usn_markers")
    return int(row.value) if row is not None else 0


@frame("clash_turn")
class ClashTurn:
    """4.0: start a game turn — the turn record, then the Initial Phase's steps, the Activation and End Phases.

    ``first_side`` (a position starting at one side's formation step, 5.1) skips the formation steps before it;
    ``start_at="activation"`` (a position starting at the Activation Phase) skips the Initial Phase but the pool;
    ``activate`` then names the marker drawn first. ``start_at="battle"`` fills the pool and fights ``battle`` (the
    parameters of ``clash_surface_battle``) before the rest of the Activation Phase."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        rec = turn_record(st, st.turn)
        st.flags["turn_info"] = rec
        st.flags["day"] = record_is_day(rec)
        st.phase = "initial"
        for t in st.tfs.values():
            t.activated = False
            t.moved = False
            t.air_mp_lost_this_turn = 0
            t.reorganized = False  # 15.5: a reorganisation marker lasts one turn
        state.extras(st).pop("fed_by", None)
        ctx.emit(own("4.0"), f"Turn {st.turn}: {rec.get('date', '')} {'day' if is_day(st) else 'night'}".strip(),
                 kind="turn", data={"turn": st.turn, "day": is_day(st), "record": rec})
        pop(st, fr)
        if fr.get("start_at") in ("activation", "battle"):
            first: list[tuple[str, dict[str, Any]]] = []
            if fr.get("activate"):
                first = [("clash_first_draw", {"marker": fr["activate"]})]
            if fr.get("battle"):
                first = [("clash_surface_battle", dict(fr["battle"]))]
            push_many(st, [("clash_pool", {}), *first, ("clash_activation_phase", {}), ("clash_end_phase", {})])
            return
        sides = ["IJN", "USN"]
        if fr.get("first_side") in sides:
            sides = sides[sides.index(fr["first_side"]):]
        frames: list[tuple[str, dict[str, Any]]] = [("clash_formations", {"side": s}) for s in sides]
        if carriers.decks(st):  # 15.6 (option cross_decking): the IJN may move aircraft between its carriers
            frames.append(("clash_cross_deck", {"side": "IJN"}))
        frames.append(("clash_pool", {}))
        if island_air_in_play(st):
            frames.append(("clash_island_initial", {}))
        frames += [("clash_er_return", {}), ("clash_usn_recovery", {})]
        if is_day(st):
            frames += wind.cap_frames(st)  # 15.3 (optional): carriers steam into the wind before CAP goes up
        if usn_sub_markers(st) or st.options.get(submarines.OPTION_IJN):  # 15.2: the IJN may pull with none
            frames.append(("clash_subs_initial", {}))
        frames += [("clash_activation_phase", {}), ("clash_end_phase", {})]
        push_many(st, frames)


@frame("clash_er_return")
class ErReturn:
    """5.4 (8.1.2): USN units whose extended-range absence ends by this turn go to their Ready box at full strength."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        track = state.extras(st)["er_track"]
        due = sorted(k for k in track if int(k) <= st.turn)
        for k in due:
            for aid in track.pop(k):
                a = st.air[aid]
                a.box, a.reduced, a.cap_over = "ready", False, None
                ctx.emit(own("5.4"), f"{unit_name(st.data, aid)} is back from its extended-range mission, Ready at "
                         "full strength", kind="air_box", data={"air": aid}, visible=("USN",))


@frame("clash_usn_recovery")
class UsnRecovery:
    """5.5: USN carrier units in a Flown box come back to Ready — fatigued by day, full strength at night. The IJN's
    never leave the Flown box (5.5, ruling R-23); units aboard a carrier that lost air operations stay (9.4)."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        D = st.data
        if D.family.switch("usn_recovery") != "unlimited_fatigued":
            raise D.family.not_built("usn_recovery")
        day = is_day(st)
        back = []
        for a in sorted(st.air.values(), key=lambda a: a.id):
            carrier = st.ships.get(a.parent)
            if a.side != "USN" or a.box != "flown" or carrier is None or carrier.sunk or carrier.air_ops_lost:
                continue
            a.box, a.reduced = "ready", day
            back.append(a.id)
        if back:
            ctx.emit(own("5.5"), f"{len(back)} USN air unit(s) recover from Flown to Ready, "
                     + ("fatigued (day turn)" if day else "at full strength (night turn)"), kind="air_box",
                     data={"air": back, "fatigued": day}, visible=("USN",))


def clear_detection(st: State, ctx: Context) -> None:
    """4.3, ruling R-4: at the End Phase of a night turn every detection ends (markers and each channel's findings)."""
    cleared = sorted(t.id for t in state.tgs(st) if t.detected)
    for t in state.tgs(st):
        t.detected = False
    for s in st.ships.values():
        s.detected = False
    for chans in state.extras(st)["detected"].values():
        for ids in chans.values():
            ids.clear()
    ctx.emit(own("4.3"), f"Night End Phase: detection markers removed ({len(cleared)} TGs)", kind="detection")


def decisive_battle_failed(st: State, ctx: Context) -> bool:
    """16.1.4 Decisive Battle Mentality, judged at the End Phase of the rule's last dated turn (ruling R-35: turn 8).
    If the IJN had a Ready carrier unit in range of a detected USN TG of three or more carriers and never struck such
    a TG with every unit then able to, the game ends at once in a Decisive US Victory."""
    rule = st.flags.get("special_rules", {}).get("decisive-battle-mentality")
    if not rule:
        return False
    dates = [str(d) for d in rule.get("dates", [])]
    date = str(turn_record(st, st.turn).get("date", ""))
    following = str(turn_record(st, st.turn + 1).get("date", "")) if st.turn < st.last_turn else ""
    if date not in dates or following in dates:
        return False
    seen = st.flags.get("decisive_battle", {})
    if not seen.get("chance") or seen.get("met"):
        ctx.emit(own("16.1.4"), "Decisive Battle Mentality: " + ("the IJN struck as it had to" if seen.get("met")
                 else "no USN carrier TG was ever detected within reach of Ready IJN carrier air"), kind="special_rule")
        return False
    t = victory.tally(st)
    level = victory.LEVELS[0]
    st.result = {"winner": "USN", "level": level, "net_usn": t["net_usn"], "turn": st.turn,
                 "reason": "16.1.4 Decisive Battle Mentality: the IJN never struck a detected USN carrier TG in reach "
                           "with all its able carrier air on 18-19 June",
                 "points": {"USN": t["USN"]["total"], "IJN": t["IJN"]["total"]}, "breakdown": t}
    st.stack.clear()
    st.phase = "over"
    ctx.emit(own("16.1.4"), f"Game over: {st.result['reason']} — {level}", kind="game_over",
             data={"level": level, "winner": "USN", "net_usn": t["net_usn"]})
    return True


@frame("clash_end_phase")
class ClashEndPhase:
    """4.3 End Phase, then the next turn or, after the last, the victory tally (10.0-10.3)."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        st.phase = "end"
        pop(st, fr)
        contacts = movement.move_detached(st, "IJN", ctx)  # 4.3: the IJN moves his damaged ships first
        contacts += movement.move_detached(st, "USN", ctx)
        # 11.1.3: a detached unit that entered a submarine's hex meets it before the markers leave the map (11.1.6)
        push_many(st, [*contacts, ("clash_end_phase_rest", {})])


@frame("clash_end_phase_rest")
class ClashEndPhaseRest:
    """4.3 End Phase after the detached units' moves and any submarine contact they made: CAP lands, night clears
    detection, the submarine markers leave (11.1.6), the Saipan check (10.2), then the next turn or the tally."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        fought = set(st.flags.pop("ijn_cap_fought", []))  # IJN CAP that met a strike (IS strikes record it)
        landed = sorted(a.id for a in st.air.values() if a.box == "cap" and a.id not in fought)
        for aid in landed:
            st.air[aid].box, st.air[aid].cap_over = "ready", None
        for side in ("IJN", "USN"):  # each side's own units: their ids name carriers the enemy may not know
            mine = [a for a in landed if st.air[a].side == side]
            if mine:
                ctx.emit(own("5.7"), f"{len(mine)} {side} fighter unit(s) come down from CAP to their Ready boxes",
                         kind="air_box", data={"air": mine}, visible=(side,))
        flown = sorted(a.id for a in st.air.values() if a.box == "cap" and a.id in fought)
        for aid in flown:
            st.air[aid].box, st.air[aid].cap_over = "flown", None
        if flown:
            ctx.emit(own("5.7"), f"{len(flown)} IJN fighter unit(s) that fought as CAP go to their Flown boxes (R-23)",
                     kind="air_box", data={"air": flown}, visible=("IJN",))
        if not record_is_day(turn_record(st, st.turn)):
            clear_detection(st, ctx)
        submarines.clear(st, ctx)
        victory.saipan_check(st, ctx)
        if decisive_battle_failed(st, ctx):
            return
        if st.turn >= st.last_turn:
            victory.finish(st, ctx, reason=f"end of turn {st.turn}, the last turn")
            return
        st.turn += 1
        push(st, "clash_turn")
