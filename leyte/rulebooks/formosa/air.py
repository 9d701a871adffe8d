"""Formosa's air phases (16.0) that are built: strike planning and reveal (16.1), air superiority (16.2) and the
Japanese Special Attack Phase (16.6 kamikaze, 18.0 fleet sortie).

Kamikaze (16.6): the attack is rolled every GT, on the Air Combat Table column equal to the kamikaze points in the
Tokku display, the 0 column when there are none. The result is a number the Allied player removes, in any split he
likes, from the amphibious markers he holds and the naval gunfire units in the Staging Area; each one goes back to
the Allied Reinforcements Display (so it can be bought again, 8.0). The kamikaze points that flew are then lost.
What the Allies cannot pay (nothing left to return) is simply lost (R-79).

Fleet sortie (18.0): the Japanese may buy the mobile fleet marker once a game (4 LP, Recruit Phase, secret). From
the scenario's ``fleet_sortie_from_gt`` (never GT 1) the Japanese player, holding it, may declare the sortie after
the kamikaze attack: one d6 on the printed table, the scenario's column (E20). Fiasco: nothing. Indecisive: every
naval gunfire unit in the Staging Area goes to the Available display for this GT (back at the Air Return Phase).
Decisive: the same, the Allies lose 1d6 LP (not below 0) and may place no amphibious marker this GT.

Ground support (16.3) is committed with each attack's declaration in ``combat.py`` (R-82).

B-29 strikes (16.5) are the ``phase_b29`` frame below.

Naval gunfire in ground combat (17.0) is below too (R-84).

Interdiction (16.4) is the ``phase_interdiction`` frame; its MP surcharge and reveal are in ``sequence.py``.
"""

from __future__ import annotations

from typing import Any

from leyte.core.errors import IllegalAction, NotYetImplemented
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.formosa import board as B
from leyte.rulebooks.formosa.engine import ask, frame, opt, pop
from leyte.rulebooks.formosa.state import State

# What a kamikaze loss can take, in the order the options are offered: the key the Allied player picks -> label.
KAMIKAZE_TARGETS = {"amphibious": "an amphibious marker", "ng_US": "a US naval gunfire unit",
                    "ng_CW": "a British naval gunfire unit"}


def kamikaze_targets(st: State) -> list[str]:
    """The kinds of thing the Allied player still holds that a kamikaze result can send back (16.6 a-c)."""
    have = {"amphibious": st.markers.get("amphibious", 0), "ng_US": st.ng.get("US", 0), "ng_CW": st.ng.get("CW", 0)}
    return [k for k in KAMIKAZE_TARGETS if have[k] > 0]


@frame("phase_special_attack")
class SpecialAttack:
    """16.6 then 18.0. Frame keys: ``left`` = kamikaze losses the Allies still have to take (absent before the
    roll); ``fleet_asked`` once the Japanese player has been offered the sortie."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if fr.get("kamikaze_done") and not fr.get("fleet_asked") and may_sortie(st):
            return ask("Japanese", "fleet_sortie", "Declare the mobile fleet sortie this GT?", "18.0",
                       [opt("fleet_sortie", "sortie the mobile fleet", go=True),
                        opt("fleet_sortie", "keep the fleet in port", go=False)], {})
        if fr.get("left", 0) <= 0 or not kamikaze_targets(st):
            return None
        return ask("Allied", "kamikaze_loss", f"Kamikaze hits: return {fr['left']} more to the Reinforcements "
                   "Display", "16.6",
                   [opt("kamikaze_loss", f"return {KAMIKAZE_TARGETS[k]}", target=k) for k in kamikaze_targets(st)],
                   {"left": fr["left"]})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "fleet_sortie":
            fr["fleet_asked"] = True
            if action["go"]:
                sortie(st, ctx)
            return
        k = action["target"]
        if k not in kamikaze_targets(st):
            raise IllegalAction(f"16.6: {k!r} is not something the Allies hold to return "
                                f"(one of {', '.join(kamikaze_targets(st))})")
        if k == "amphibious":
            st.markers["amphibious"] -= 1
        else:
            st.ng[k[3:]] -= 1
        fr["left"] -= 1
        ctx.emit("16.6", f"Kamikaze hit: the Allies return {KAMIKAZE_TARGETS[k]} to the Reinforcements Display",
                 data={"returned": k, "left": fr["left"]})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if "left" not in fr:
            pts = st.kamikaze
            table = B.data().table("air_combat")
            rec = ctx.roll_on(table, pts, purpose=f"kamikaze attack with {pts} points", rule="16.6")
            hits = int(rec.result["losses"])
            st.kamikaze = 0
            ctx.emit("16.6", f"Kamikaze attack with {pts} points, rolled {rec.final}: {hits} hits; the kamikaze "
                     f"points are spent", kind="kamikaze",
                     data={"points": pts, "roll": rec.final, "hits": hits})
            fr["left"] = hits
            return
        if not fr.get("kamikaze_done"):
            if fr["left"] > 0:  # decide() found nothing left to return: the rest is lost
                ctx.emit("16.6", f"{fr['left']} kamikaze hits find nothing left to return (R-79)",
                         data={"unpaid": fr["left"]})
            fr["kamikaze_done"] = True
            return
        pop(st, fr)


def may_sortie(st: State) -> bool:
    """18.0: the marker bought and not yet used, and not before the scenario's first sortie GT (never GT 1)."""
    return st.fleet == "held" and st.turn >= max(2, int(st.rules["special"]["fleet_sortie_from_gt"]))


def sortie(st: State, ctx: Context) -> None:
    """Roll the Mobile Fleet Sortie Table on the scenario's column and apply the result (18.0, E20)."""
    st.fleet = "used"
    column = st.rules["special"]["fleet_column"]
    rec = ctx.roll_on(B.data().table("fleet_sortie"), "-", purpose="mobile fleet sortie", rule="18.0")
    res = str(rec.result[column])
    ctx.emit("18.0", f"Mobile fleet sortie, rolled {rec.final}: {res}", kind="fleet_sortie",
             data={"roll": rec.final, "result": res})
    if res == "fiasco":
        return
    away = {k: n for k, n in st.ng.items() if n}
    for k, n in away.items():
        st.ng_away[k] = st.ng_away.get(k, 0) + n
        st.ng[k] = 0
    ctx.emit("18.0", f"Allied naval gunfire withdrawn to the Available display for this GT: {away}",
             data={"ng_away": away})
    if res != "decisive":
        return
    loss = ctx.roll("1d6", purpose="Allied LP lost to the Decisive Battle", rule="18.0").final
    lost = min(loss, st.lp["Allied"])
    st.lp["Allied"] -= lost
    st.no_amphibious_gt = st.turn
    ctx.emit("18.0", f"Decisive Battle: the Allies lose {lost} LP (rolled {loss}) and place no amphibious marker "
             f"this GT", data={"roll": loss, "lp_lost": lost})


# -- 16.1 strike planning and reveal, 16.2 air superiority -------------------------------------------------------

POOLS = {"Allied": ("US", "CW"), "Japanese": ("Japanese",)}
# Missions a TAC point can be planned for (16.1), by side.
MISSIONS = {"Allied": ("superiority", "ground_support", "interdiction"), "Japanese": ("superiority", "ground_support")}
UNBUILT_MISSIONS: dict[str, str] = {}  # a mission whose phase is not built: its case


def planned(st: State, pool: str, mission: str) -> int:
    return st.plan.get(pool, {}).get(mission, 0)


def free_points(st: State, pool: str) -> int:
    """TAC points of a pool not yet given a mission this GT (16.1)."""
    return st.tac[pool] - sum(st.plan.get(pool, {}).values())


@frame("phase_strike_planning")
class StrikePlanning:
    """16.1: each side secretly gives its TAC points missions, one point (or all the rest) at a time; only the
    owner sees the choices (events visible to him alone, and his own view). Unplanned points sit out the GT.
    Kamikaze points need no planning (all fly in 16.6) and the B-29 is committed in its own phase (16.5).
    Frame keys: ``sides`` still to plan."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if not fr.get("sides"):
            return None
        side = fr["sides"][0]
        pools = [p for p in POOLS[side] if free_points(st, p) > 0]
        if not pools:
            return None
        out = []
        for p in pools:
            for m in MISSIONS[side]:
                out.append(opt("plan", f"one {p} TAC point to {m.replace('_', ' ')}", pool=p, mission=m, all=False))
                out.append(opt("plan", f"all {free_points(st, p)} free {p} TAC points to {m.replace('_', ' ')}",
                               pool=p, mission=m, all=True))
        out.append(opt("done", "finish planning (free points sit out this GT)"))
        return ask(side, "strike_planning", f"{side}: plan air missions in secret", "16.1", out,
                   {"free": {p: free_points(st, p) for p in pools}})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        side = fr["sides"][0]
        if action.kind == "done":
            fr["sides"].pop(0)
            return
        pool, mission = action["pool"], action["mission"]
        if pool not in POOLS[side] or mission not in MISSIONS[side] or free_points(st, pool) <= 0:
            raise IllegalAction(f"16.1: {side} cannot plan a {pool} point for {mission!r}")
        if mission in UNBUILT_MISSIONS:
            raise NotYetImplemented(UNBUILT_MISSIONS[mission], f"{mission.replace('_', ' ')} missions")
        n = free_points(st, pool) if action["all"] else 1
        st.plan.setdefault(pool, {})
        st.plan[pool][mission] = planned(st, pool, mission) + n
        ctx.emit("16.1", f"{side} plans {n} {pool} TAC point(s) for {mission}", data={"pool": pool,
                 "mission": mission, "points": n}, visible=(side,))

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if "sides" not in fr:
            fr["sides"] = [s for s in POOLS if any(st.tac[p] for p in POOLS[s])]
            st.plan = {}
            if not fr["sides"]:
                ctx.emit("16.1", "strike planning: nothing to do (no TAC points)")
                pop(st, fr)
            return
        if fr["sides"]:
            fr["sides"].pop(0)  # that side has no free point left
            return
        pop(st, fr)


@frame("phase_strike_reveal")
class StrikeReveal:
    """16.1: both plans become known to both players at once."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        if not st.plan:
            ctx.emit("16.1", "strike reveal: nothing to do (no air missions planned)")
            return
        plan = {p: dict(m) for p, m in sorted(st.plan.items())}
        ctx.emit("16.1", f"Air missions revealed: {plan}", kind="strike_reveal", data={"plan": plan})


def loss_targets(st: State, side: str) -> list[tuple[str, str]]:
    """Where a side's air losses may be taken (16.2 steps 3-4): its superiority and ground support points, and for
    the Allies interdiction too; never kamikaze or B-29."""
    ms = ("superiority", "ground_support") + (("interdiction",) if side == "Allied" else ())
    return [(p, m) for p in POOLS[side] for m in ms if planned(st, p, m) > 0]


@frame("phase_air_superiority")
class AirSuperiority:
    """16.2: the Allies fire first on the column of their superiority points, then the Japanese on the column of
    theirs as planned (their losses do not lower it); a side with none fires on the 0 column (flak). Each side's
    losses are chosen by its owner among its superiority and ground support (Allied: and interdiction) points (E9).
    Survivors of the superiority display are then free again. Frame keys: ``step``, ``loser``, ``left``."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if fr.get("left", 0) <= 0:
            return None
        side = fr["loser"]
        targets = loss_targets(st, side)
        if len(targets) <= 1:
            return None
        return ask(side, "air_loss", f"{side}: lose {fr['left']} more air point(s)", "16.2",
                   [opt("air_loss", f"lose a {p} {m.replace('_', ' ')} point", pool=p, mission=m)
                    for p, m in targets], {"left": fr["left"]})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        key = (action["pool"], action["mission"])
        if key not in loss_targets(st, fr["loser"]):
            raise IllegalAction(f"16.2: {fr['loser']} has no {key[0]} {key[1]} point to lose")
        _lose(st, fr, key, ctx)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if fr.get("left", 0) > 0:  # one place (or none) to take the losses from: no choice to ask
            targets = loss_targets(st, fr["loser"])
            if targets:
                _lose(st, fr, targets[0], ctx)
            else:
                ctx.emit("16.2", f"{fr['left']} hits find no {fr['loser']} air point", data={"unpaid": fr["left"]})
                fr["left"] = 0
            return
        step = fr.get("step", 0)
        if step == 0:
            if not loss_targets(st, "Allied") and not loss_targets(st, "Japanese"):
                ctx.emit("16.2", "air superiority: nothing to do (no air points to hit on either side, R-81)")
                pop(st, fr)
                return
            fr["jp_points"] = sum(planned(st, p, "superiority") for p in POOLS["Japanese"])
        if step in (0, 1):
            side = "Allied" if step == 0 else "Japanese"
            pts = (sum(planned(st, p, "superiority") for p in POOLS["Allied"]) if step == 0 else fr["jp_points"])
            rec = ctx.roll_on(B.data().table("air_combat"), pts, purpose=f"{side} air superiority with {pts} points",
                              rule="16.2")
            hits = int(rec.result["losses"])
            fr["loser"] = "Japanese" if side == "Allied" else "Allied"
            fr["left"] = hits
            fr["step"] = step + 1
            ctx.emit("16.2", f"{side} air superiority fire with {pts} points, rolled {rec.final}: {hits} hits",
                     kind="air_combat", data={"side": side, "points": pts, "roll": rec.final, "hits": hits})
            return
        for p in st.plan:
            st.plan[p].pop("superiority", None)
        pop(st, fr)


def _lose(st: State, fr: dict[str, Any], key: tuple[str, str], ctx: Context) -> None:
    pool, mission = key
    st.plan[pool][mission] -= 1
    st.tac[pool] -= 1
    fr["left"] -= 1
    ctx.emit("16.2", f"{fr['loser']} loses a {pool} {mission.replace('_', ' ')} air point (back to Reinforcements)",
             data={"pool": pool, "mission": mission})


# -- 16.3 ground support -------------------------------------------------------------------------------------------

GROUND_SUPPORT_CAP = {"Allied": 2, "Japanese": 1}  # air points per defending hex (16.3)


def ground_support_pools(st: State, side: str, attackers: list[str]) -> list[str]:
    """Pools whose planned ground support may fly for this attack: an Allied pool needs an attacking unit of its
    nationality (16.0)."""
    if side == "Japanese":
        return ["Japanese"] if planned(st, "Japanese", "ground_support") else []
    nats = {B.unit(u).nationality for lab in attackers for u in st.at(lab) if B.unit(u).side == "Allied"}
    return [p for p in POOLS["Allied"] if planned(st, p, "ground_support") and p in nats]


def ground_support_max(st: State, side: str, attackers: list[str], defenders: list[str], pool: str) -> int:
    """The most points of ``pool`` one attack can take: the cap per defending hex times the hexes (R-82), no more
    than the planned points left."""
    if pool not in ground_support_pools(st, side, attackers):
        return 0
    return min(planned(st, pool, "ground_support"), GROUND_SUPPORT_CAP[side] * len(defenders))


def ground_support_refusal(st: State, side: str, attackers: list[str], defenders: list[str], points: Any,
                           pool: Any) -> str:
    """Why an attack's ground support is illegal ('' when it is legal)."""
    if not isinstance(points, int) or points < 0:
        return f"air must be a whole number of points, not {points!r}"
    pools = ground_support_pools(st, side, attackers)
    pool = pool or (pools[0] if pools else "")
    if pool not in pools:
        return (f"no {side} ground support planned that can fly for this attack (pool {pool!r}; Allied air needs "
                f"an attacking unit of its nationality, 16.0)")
    most = ground_support_max(st, side, attackers, defenders, pool)
    if points > most:
        return (f"{points} air points asked, at most {most} ({GROUND_SUPPORT_CAP[side]} per defending hex for the "
                f"{side}, and {planned(st, pool, 'ground_support')} {pool} points planned)")
    return ""


def commit_ground_support(st: State, side: str, attackers: list[str], points: int, pool: str | None,
                          ctx: Context) -> str:
    """Spend the planned points on this attack (they return to Available after it, so cannot fly again this GT)."""
    pool = pool or ground_support_pools(st, side, attackers)[0]
    st.plan[pool]["ground_support"] -= points
    ctx.emit("16.3", f"{side} ground support: {points} {pool} air point(s), {points} column shift(s) right",
             data={"pool": pool, "points": points})
    return pool


# -- 16.5 B-29 strikes ---------------------------------------------------------------------------------------------

FORTIFYING = ("coastal_defense", "heavy_weapons")  # a B-29 against these uses the Fortified column (16.5)


def b29_column(st: State, label: str) -> str:
    """16.5: Fortified with a revealed CD/HW unit in the hex; else a city or town feature's column, else the hex's
    terrain (R-83)."""
    if any(B.unit(u).type in FORTIFYING and not st.units[u].concealed for u in st.at(label)):
        return "fortified"
    m = B.board()
    h = m.hex(label)
    for k in ("city", "town"):
        if m.has_feature(h, k):
            return k
    return m.terrain(h)


def japanese_hexes(st: State) -> list[str]:
    return sorted({st.units[u].loc for u in B.units_of(st, "Japanese") if st.units[u].on_map})


@frame("phase_b29")
class B29:
    """16.5: each B-29 the Allies hold may strike one hex with Japanese units (concealed ones too). When a concealed
    CD or HW unit is there the Japanese player may reveal it to move the strike to the Fortified column. D1: the
    Japanese player removes one of his units there, then DS; DS: the hex is suppressed until the Air Return Phase
    (no ZOC, no Japanese move out of it or into it, +1 shift for Allied attacks on it, -1 for Japanese attacks
    from it). The B-29 goes back to the Reinforcements Display (R-83). Frame keys: ``hex`` (the target),
    ``step`` (reveal / roll / lose)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        step = fr.get("step")
        if step is None:
            if not st.markers.get("b29") or not japanese_hexes(st) or fr.get("declined"):
                return None
            return ask("Allied", "b29", f"B-29 strike ({st.markers['b29']} available): pick a hex", "16.5",
                       [opt("b29_target", f"strike {h}", hex=h) for h in japanese_hexes(st)]
                       + [opt("b29_target", "no B-29 strike this GT", hex="")], {"b29": st.markers["b29"]})
        if step == "reveal":
            return ask("Japanese", "b29_reveal", f"B-29 over {fr['hex']}: reveal a coastal defense or heavy "
                       "weapons unit to use the Fortified column?", "16.5",
                       [opt("b29_reveal", "reveal it", reveal=True), opt("b29_reveal", "stay concealed",
                                                                        reveal=False)], {"hex": fr["hex"]})
        if step == "lose":
            here = sorted(st.at(fr["hex"]))
            return ask("Japanese", "b29_loss", f"B-29 D1 at {fr['hex']}: eliminate one unit", "16.5",
                       [opt("b29_loss", f"eliminate {B.unit(u).name}", unit=u) for u in here], {"hex": fr["hex"]})
        return None

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "b29_target":
            if not action["hex"]:
                fr["declined"] = True
                return
            if action["hex"] not in japanese_hexes(st):
                raise IllegalAction(f"16.5: {action['hex']} holds no Japanese unit")
            fr["hex"] = action["hex"]
            st.markers["b29"] -= 1
            hidden = [u for u in st.at(fr["hex"]) if st.units[u].concealed and B.unit(u).type in FORTIFYING]
            fr["step"] = "reveal" if hidden and b29_column(st, fr["hex"]) != "fortified" else "roll"
            ctx.emit("16.5", f"A B-29 strikes {fr['hex']}", data={"hex": fr["hex"]})
        elif action.kind == "b29_reveal":
            if action["reveal"]:
                uid = next(u for u in st.at(fr["hex"]) if st.units[u].concealed and B.unit(u).type in FORTIFYING)
                st.units[uid].concealed = False
                ctx.emit("16.5", f"The Japanese reveal {B.unit(uid).name} at {fr['hex']}: Fortified column",
                         kind="reveal", data={"hex": fr["hex"], "units": [uid]})
            fr["step"] = "roll"
        elif action.kind == "b29_loss":
            uid = action["unit"]
            if uid not in st.at(fr["hex"]):
                raise IllegalAction(f"16.5: {uid} is not at {fr['hex']}")
            frm = st.units[uid].loc
            st.units[uid].loc = "removed" if B.unit(uid).type == "deception" else "eliminated"
            st.units[uid].concealed = False
            ctx.emit("16.5", f"{B.unit(uid).name} at {frm} is destroyed by the B-29", kind="loss",
                     data={"unit": uid, "hex": frm})
            _suppress(st, fr, ctx)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if fr.get("step") == "roll":
            col = b29_column(st, fr["hex"])
            rec = ctx.roll_on(B.data().table("b29"), "-", purpose=f"B-29 on {fr['hex']} ({col})", rule="16.5")
            res = str(rec.result[col])
            ctx.emit("16.5", f"B-29 on {fr['hex']}, {col} column, rolled {rec.final}: {res}", kind="b29",
                     data={"hex": fr["hex"], "column": col, "roll": rec.final, "result": res})
            if res == "D1":
                fr["step"] = "lose"
            elif res == "DS":
                _suppress(st, fr, ctx)
            else:
                fr.pop("step")
            return
        if "started" not in fr:
            fr["started"] = True
            if not st.markers.get("b29"):
                ctx.emit("16.5", "b29: nothing to do (no B-29 available)")
                pop(st, fr)
            return
        pop(st, fr)


def _suppress(st: State, fr: dict[str, Any], ctx: Context) -> None:
    if st.at(fr["hex"]) and fr["hex"] not in st.suppressed:
        st.suppressed.append(fr["hex"])
        ctx.emit("16.5", f"The Japanese at {fr['hex']} are suppressed until the Air Return Phase", kind="suppressed",
                 data={"hex": fr["hex"]})
    fr.pop("step", None)


# -- 17.0 naval gunfire in ground combat ---------------------------------------------------------------------------

NG_PER_COMBAT = 2  # 17.0


def ng_free(st: State, pool: str) -> int:
    """Naval gunfire units of a nationality in the Staging Area not yet used this player turn (17.0: they go back
    to the Staging Area after their combat, and each fires once a player turn, R-84)."""
    key = f"{st.turn}:{st.phase}"
    used = st.ng_used.get(pool, 0) if st.ng_used.get("turn") == key else 0
    return st.ng.get(pool, 0) - used


def ng_pools(st: State, allied_hexes: list[str]) -> list[str]:
    """Pools that may fire for a combat whose Allied units are in ``allied_hexes``: one of those hexes coastal
    (17.0) and an Allied unit there of the pool's nationality (16.0)."""
    m = B.board()
    if not any(m.has_feature(m.hex(lab), "coastal") for lab in allied_hexes):
        return []
    nats = {B.unit(u).nationality for lab in allied_hexes for u in st.at(lab) if B.unit(u).side == "Allied"}
    return [p for p in ("US", "CW") if p in nats and ng_free(st, p) > 0]


def ng_refusal(st: State, allied_hexes: list[str], n: Any, pool: Any) -> str:
    if not isinstance(n, int) or n < 0:
        return f"ng must be a whole number of naval gunfire units, not {n!r}"
    pools = ng_pools(st, allied_hexes)
    pool = pool or (pools[0] if pools else "")
    if pool not in pools:
        return (f"no {pool or 'Allied'} naval gunfire can fire here: it needs a coastal hex with an Allied unit of "
                f"its nationality in the combat and a unit not yet used this player turn (17.0, 16.0)")
    most = min(NG_PER_COMBAT, ng_free(st, pool))
    if n > most:
        return f"{n} naval gunfire units asked, at most {most} (two per combat, {ng_free(st, pool)} {pool} free)"
    return ""


def commit_ng(st: State, allied_hexes: list[str], n: int, pool: str | None, ctx: Context, *, attack: bool) -> None:
    pool = pool or ng_pools(st, allied_hexes)[0]
    key = f"{st.turn}:{st.phase}"
    if st.ng_used.get("turn") != key:
        st.ng_used = {"turn": key}
    st.ng_used[pool] = st.ng_used.get(pool, 0) + n
    ctx.emit("17.0", f"{n} {pool} naval gunfire unit(s) support the Allied {'attack' if attack else 'defence'}",
             data={"pool": pool, "ng": n, "attack": attack})


@frame("ng_defence")
class NgDefence:
    """17.0: when the Japanese attack Allied units and naval gunfire can fire for them, the Allied player may commit
    up to two units, each a shift left. Frame keys: ``combat`` (the resolve frame's dict to give the shifts to)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if fr.get("done"):
            return None
        hexes = fr["allied_hexes"]
        out = [opt("ng_defence", "no naval gunfire", ng=0, pool="")]
        for p in ng_pools(st, hexes):
            for n in range(1, min(NG_PER_COMBAT, ng_free(st, p)) + 1):
                out.append(opt("ng_defence", f"{n} {p} naval gunfire unit(s)", ng=n, pool=p))
        if len(out) == 1:
            return None
        return ask("Allied", "ng_defence", f"Naval gunfire for the defence of {'+'.join(hexes)}?", "17.0", out,
                   {"hexes": hexes})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        fr["done"] = True
        n = int(action["ng"])
        if n:
            why = ng_refusal(st, fr["allied_hexes"], n, action["pool"])
            if why:
                raise IllegalAction(f"17.0: {why}")
            commit_ng(st, fr["allied_hexes"], n, action["pool"], ctx, attack=False)
            for f in st.stack:
                if f.get("kind") == "combat_resolve" and f.get("id") == fr["combat_id"]:
                    f["ng"] = -n

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


# -- 16.4 interdiction ---------------------------------------------------------------------------------------------

INTERDICTION_CAP = 2  # TAC points per hex (16.4)


def interdiction_hexes(st: State, pool: str) -> list[str]:
    """Land hexes where one more ``pool`` point may go: at most two points a hex, US and CW never together
    (16.1)."""
    m = B.board()
    out = []
    for h in m.hexes:
        if not B.land(h):
            continue
        lab = m.label(h)
        here = st.interdiction.get(lab)
        if here is None or (here["pool"] == pool and here["points"] < INTERDICTION_CAP):
            out.append(lab)
    return sorted(out)


def interdiction_surcharge(st: State, label: str) -> int:
    """Extra MP a Japanese unit pays to enter an interdicted hex: one per point there (16.4)."""
    here = st.interdiction.get(label)
    return here["points"] if here else 0


@frame("phase_interdiction")
class Interdiction:
    """16.4: the Allies place the TAC points planned for interdiction on land hexes, one at a time, up to two a hex.
    Concealed Japanese units there are revealed at once; Japanese units entering later pay one MP more per point
    and are revealed (``sequence.py`` movement). The points stay until the Air Return Phase."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if fr.get("done"):
            return None
        pools = [p for p in POOLS["Allied"] if planned(st, p, "interdiction") > 0]
        if not pools:
            return None
        out = [opt("interdict", f"place a {p} point at {lab}", pool=p, hex=lab)
               for p in pools for lab in interdiction_hexes(st, p)]
        out.append(opt("done", "finish (unplaced points sit out)"))
        return ask("Allied", "interdiction", "Place interdiction points", "16.4", out,
                   {p: planned(st, p, "interdiction") for p in pools})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "done":
            fr["done"] = True
            return
        pool, lab = action["pool"], action["hex"]
        if planned(st, pool, "interdiction") <= 0 or lab not in interdiction_hexes(st, pool):
            raise IllegalAction(f"16.4: cannot place a {pool} interdiction point at {lab!r}")
        st.plan[pool]["interdiction"] -= 1
        here = st.interdiction.setdefault(lab, {"pool": pool, "points": 0})
        here["points"] += 1
        ctx.emit("16.4", f"{pool} interdiction point at {lab} ({here['points']} there)", kind="interdiction",
                 data={"pool": pool, "hex": lab, "points": here["points"]})
        if any(st.units[u].concealed for u in st.at(lab)):

            B.reveal_stack(st, lab, ctx, "16.4")

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if not fr.get("done") and not any(planned(st, p, "interdiction") for p in POOLS["Allied"]) \
                and not st.interdiction:
            ctx.emit("16.4", "interdiction: nothing to do (no points planned for it)")
        pop(st, fr)
