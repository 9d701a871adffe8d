"""Ground combat (15.0-15.8) for both Combat Phases, on ``leyte.land`` (attack duties, odds, retreat, advance).

The phase is a loop of decisions for the phasing side: declare one combat (defending hex(es) and attacking hexes),
which is resolved at once (15.5: results apply before the next combat), then the next, until the obligations of
15.0/15.1 are met and the side ends the phase. A declaration that leaves the obligations impossible to finish is
refused (R-71, L909 through ``AttackDuties``). Pieces are hexes: units in one hex attack together and defend
together (15.0), and the duties are read from the position when the phase begins (R-72).

Shifts built: the A and D flags, terrain (best in-hex, river hexsides only when every attacker crosses one), the
concentric attack (R-60), LP shifts for a side with a unit in supply (15.4.1, 19.5, R-93) and the counterattack's
single +1 with nothing else (15.6, L1041). Air and naval gunfire need the air phases and naval gunfire (17.0);
they are refused options naming their case (R-75), never silently dropped. Retreats go toward the nearest supply
source (15.7, R-74, R-94).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Any

from leyte.core.errors import IllegalAction, LeyteError, NotYetImplemented
from leyte.core.game import Action, Context, Decision
from leyte.core.hexgrid import Hex
from leyte.core.tables import Shift
from leyte.land.attacks import AttackDuties, Combat, hex_duties
from leyte.land.odds import gather_shifts, odds_column
from leyte.land.retreat import advance_options, retreat_options, supply_distance
from leyte.land.stacking import fits
from leyte.rulebooks.formosa import air
from leyte.rulebooks.formosa import board as B
from leyte.rulebooks.formosa import supply as S
from leyte.rulebooks.formosa.engine import ask, frame, opt, pop, push, push_many
from leyte.rulebooks.formosa.state import State

# Shift options a later phase will fill; asking for one now is refused naming its case.
NO_RETREAT_TYPES = ("coastal_defense", "heavy_weapons")  # a CA against these ends the combat (15.5, R-61)


def _lab(h: Hex) -> str:
    return B.board().label(h)


def alive(st: State, uids: list[str]) -> list[str]:
    """The units of a list still on the map (losses and retreats change a combat's forces as it goes)."""
    return [u for u in uids if st.units[u].on_map]


def eliminate(st: State, ctx: Context, uid: str, case: str) -> None:
    """A combat loss: to the Eliminated display (4.2: an Allied loss scores for the Japanese, R-5); a deception
    unit is removed (R-12). Its LOS is checked first, while it still stands on the map: a unit without one may
    not be replaced later (19.5 point 3, 8.3)."""
    frm = st.units[uid].loc
    st.units[uid].unsupplied = not S.use(st, uid, ctx)
    st.units[uid].loc = "removed" if B.unit(uid).type == "deception" else "eliminated"
    st.units[uid].concealed = False
    ctx.emit(case, f"{B.unit(uid).name} at {frm} is eliminated" + (" out of supply" if st.units[uid].unsupplied
             else ""), kind="loss", data={"unit": uid, "hex": frm, "supplied": not st.units[uid].unsupplied})


# -- duties --------------------------------------------------------------------------------------------------------


def _attack_capable(st: State, uids: list[str]) -> bool:
    return any(B.unit(u).cf > 0 and B.unit(u).type != "deception" for u in uids)


def _exempt(st: State, uids: list[str]) -> bool:
    """15.0: static and guerrilla units need not attack, nor mobile units stacked with a static unit."""
    return any(B.is_static(st, u) for u in uids) or all(B.unit(u).type == "guerrilla" for u in uids)


def duties(st: State, fr: dict[str, Any]) -> AttackDuties:
    """The phase's obligations, from the hexes recorded when it began (R-72)."""
    m = B.board()
    return hex_duties(m, [m.hex(x) for x in fr["friendly"]], [m.hex(x) for x in fr["enemy"]],
                      can_attack=[m.hex(x) for x in fr["can_attack"]], exerts_zoc=[m.hex(x) for x in fr["zoc"]],
                      exempt=[m.hex(x) for x in fr["exempt"]], case="15.1")


def _start(st: State, fr: dict[str, Any], side: str) -> None:
    own, foe = B.stacks(st, side), B.stacks(st, B.enemy_of(side))
    # A hex with no unit able to attack (only deception or 0-CF units) neither attacks nor obliges.
    fr["friendly"] = sorted(_lab(h) for h, ids in own.items() if _attack_capable(st, ids))
    fr["enemy"] = sorted(_lab(h) for h in foe)
    fr["can_attack"] = list(fr["friendly"])
    fr["zoc"] = sorted(_lab(h) for h, ids in foe.items() if any(B.exerts_zoc(st, u) for u in ids))
    fr["exempt"] = sorted(_lab(h) for h, ids in own.items() if _exempt(st, ids))
    fr["combats"] = []
    fr["fought"] = []


def _names(st: State, lab: str, viewer: str) -> str:
    """A hex and its units as ``viewer`` may see them (11.0: a concealed enemy unit is only "?")."""
    ids = [u if B.unit(u).side == viewer or not st.units[u].concealed else "?" for u in st.at(lab)]
    return f"{lab} ({', '.join(ids)})"


def _declared(fr: dict[str, Any]) -> list[Combat]:
    m = B.board()
    return [Combat(frozenset(m.hex(x) for x in c["att"]), frozenset(m.hex(x) for x in c["def"]))
            for c in fr["combats"]]


def _candidate_combats(du: AttackDuties, done: list[Combat]) -> list[Combat]:
    """Combats worth offering: every defender set a zone or a single hex asks for, with every subset of the free
    attacking hexes next to all of it, kept only if the phase can still be finished afterwards."""
    used_a = {a for c in done for a in c.attackers}
    used_d = {d for c in done for d in c.defenders}
    free_a = sorted(a for a in du.adj if a not in used_a and du.adj[a])
    dsets: set[frozenset[Hex]] = {frozenset((d,)) for d in du.defenders if d not in used_d}
    dsets |= {du.zoc[a] for a in free_a if du.zoc.get(a) and not du.zoc[a] & used_d}
    out: list[Combat] = []
    for dfn in sorted(dsets, key=lambda s: sorted(s)):
        near = [a for a in free_a if dfn <= du.adj[a]]
        for k in range(1, len(near) + 1):
            for att in combinations(near, k):
                c = Combat(frozenset(att), dfn)
                if du.feasible([*done, c]):
                    out.append(c)
    return out


@frame("combat_phase")
class CombatPhase:
    """15.0: the phasing side declares and resolves its combats one at a time and ends the phase once every unit
    in an EZOC (not exempt) has attacked and every enemy exerting a zone on it has been attacked."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if fr.get("finished"):
            return None
        side = fr["side"]
        du = duties(st, fr)
        done = _declared(fr)
        options = []
        for c in _candidate_combats(du, done):
            att, dfn = sorted(_lab(h) for h in c.attackers), sorted(_lab(h) for h in c.defenders)
            options.append(opt("attack", f"attack {'+'.join(dfn)} from {'+'.join(att)}", attackers=att,
                               defenders=dfn))
            base = f"attack {'+'.join(dfn)} from {'+'.join(att)}"
            supports: list[tuple[str, dict[str, Any]]] = [("", {})]
            for pool in air.ng_pools(st, att) if side == "Allied" else ():  # 17.0: the most NG it may take
                n = min(air.NG_PER_COMBAT, air.ng_free(st, pool))
                supports.append((f" with {n} {pool} naval gunfire unit(s)", {"ng": n, "ng_pool": pool}))
            for pool in air.ground_support_pools(st, side, att):  # 16.3: the most air this attack may take
                n = air.ground_support_max(st, side, att, dfn, pool)
                supports.append((f" with {n} {pool} air point(s)", {"air": n, "air_pool": pool}))
                for ng_pool in air.ng_pools(st, att) if side == "Allied" else ():  # both supports at once
                    k = min(air.NG_PER_COMBAT, air.ng_free(st, ng_pool))
                    supports.append((f" with {n} {pool} air point(s) and {k} {ng_pool} naval gunfire unit(s)",
                                     {"air": n, "air_pool": pool, "ng": k, "ng_pool": ng_pool}))
            lps = [lp for lp in range(1, 3 if side == "Allied" else 2)  # 15.4.1: LP shifts, offered only when legal
                   if _lp_refusal(st, fr, Action("attack", {"attackers": att, "defenders": dfn, "lp": lp})) is None]
            for text, extra in supports:  # every support may be bought with LP shifts too
                if extra:
                    options.append(opt("attack", base + text, attackers=att, defenders=dfn, **extra))
                for lp in lps:
                    options.append(opt("attack", f"{base}{text}, spending {lp} LP for {lp} shift(s)", attackers=att,
                                       defenders=dfn, lp=lp, **extra))
        if du.satisfied(done):
            options.append(opt("end_combat", "end the Combat Phase"))
        need_a, need_d = du.unmet(done)
        return ask(side, "combat", f"{side} Combat Phase: declare the next attack", "15.0", options,
                   {"must_attack": sorted(_lab(h) for h in need_a),
                    "must_be_attacked": sorted(_lab(h) for h in need_d), "mode": du.mode})

    @staticmethod
    def refuse(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
        state = f"GT {st.turn} {fr['side']} combat"
        if action.kind == "attack" and action.get("air_supply"):
            return _air_supply_refusal(st, fr, action, state)
        if action.kind == "attack" and action.get("lp"):
            bad = _lp_refusal(st, fr, action)
            if bad:
                return IllegalAction("15.4.1", bad, state=state)
        if action.kind == "attack" and action.get("air"):
            why = air.ground_support_refusal(st, fr["side"], list(action.get("attackers") or ()),
                                             list(action.get("defenders") or ()), action["air"], action.get("air_pool"))
            if why:
                return IllegalAction("16.3", why, state=state)
        if action.kind == "attack" and action.get("ng"):
            if fr["side"] != "Allied":
                return IllegalAction("17.0", "only the Allies have naval gunfire", state=state)
            why = air.ng_refusal(st, list(action.get("attackers") or ()), action["ng"], action.get("ng_pool"))
            if why:
                return IllegalAction("17.0", why, state=state)
        du = duties(st, fr)
        if action.kind == "end_combat":
            need_a, need_d = du.unmet(_declared(fr))
            if need_a or need_d:
                who = [f"{_names(st, _lab(h), fr['side'])} must attack" for h in need_a]
                who += [f"{_names(st, _lab(h), fr['side'])} must be attacked" for h in need_d]
                return IllegalAction("15.0", "the phase cannot end: " + "; ".join(who), state=state)
            return None
        if action.kind != "attack":
            return None
        m = B.board()
        try:
            att = frozenset(m.hex(str(x)) for x in action.get("attackers") or ())
            dfn = frozenset(m.hex(str(x)) for x in action.get("defenders") or ())
        except Exception:  # noqa: BLE001
            return IllegalAction("15.2", "attackers and defenders must be lists of hex labels", state=state)
        bad = [_lab(h) for h in att if _lab(h) not in fr["can_attack"]]
        bad += [_lab(h) for h in dfn if _lab(h) not in fr["enemy"]]
        if bad:
            return IllegalAction("15.2", f"{bad} hold no {fr['side']} attacker / enemy defender this phase",
                                 state=state)
        try:
            du.check_declaration(_declared(fr), Combat(att, dfn))
        except LeyteError as e:
            text = str(e)
            for lab in [*fr["friendly"], *fr["enemy"]]:  # name the hexes and their units, not Hex(...) reprs
                text = text.replace(repr(m.hex(lab)), _names(st, lab, fr["side"]))
            return IllegalAction("15.1", text, state=state)
        return None

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "end_combat":
            fr["finished"] = True
            return
        att, dfn = sorted(action["attackers"]), sorted(action["defenders"])
        fr["combats"].append({"att": att, "def": dfn})
        for lab in [*att, *dfn]:
            if any(st.units[u].concealed for u in st.at(lab)):

                B.reveal_stack(st, lab, ctx, "15.2")
        # 15.0: a unit attacks once and is attacked once; one that retreated or advanced into a hex fighting
        # later stays out of that combat.
        fought = fr.setdefault("fought", [])
        a_ids = [u for lab in att for u in st.at(lab) if B.unit(u).side == fr["side"] and u not in fought]
        d_ids = [u for lab in dfn for u in st.at(lab) if B.unit(u).side != fr["side"] and u not in fought]
        fought += a_ids + d_ids
        lp = int(action.get("lp") or 0)
        if lp:
            from leyte.rulebooks.formosa.sequence import spend

            for u in a_ids:  # the check is a use of the source (19.3: a concealed CD/HW unit is revealed)
                if S.use(st, u, ctx):
                    break
            spend(st, fr["side"], Fraction(lp))
            ctx.emit("15.4.1", f"{fr['side']} spends {lp} LP for {lp} column shift(s) (15.4.1, 19.5)", kind="lp",
                     data={"lp": lp, "side": fr["side"]})
        ctx.emit("15.2", f"{fr['side']} attack {'+'.join(dfn)} from {'+'.join(att)}", kind="combat",
                 data={"attackers": att, "defenders": dfn, "attacking_units": a_ids, "defending_units": d_ids})
        n_air = int(action.get("air") or 0)
        if n_air:
            air.commit_ground_support(st, fr["side"], att, n_air, action.get("air_pool"), ctx)
        n_ng = int(action.get("ng") or 0)
        if n_ng:
            air.commit_ng(st, att, n_ng, action.get("ng_pool"), ctx, attack=True)
        cid = len(fr["combats"])
        push(st, "combat_resolve", side=fr["side"], att=a_ids, dfn=d_ids, att_hexes=att, dfn_hexes=dfn,
             counter=False, lp_att=lp, air=n_air, ng=n_ng, id=cid)
        if fr["side"] == "Japanese" and air.ng_pools(st, dfn):  # 17.0: the Allies may fire in defence
            push(st, "ng_defence", allied_hexes=dfn, combat_id=cid)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


def _combat_phase(side: str) -> type:
    class Phase:
        @staticmethod
        def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
            pop(st, fr)
            sub: dict[str, Any] = {"side": side}
            _start(st, sub, side)
            if not duties(st, sub).adj or not any(duties(st, sub).adj.values()):
                ctx.emit("15.0", f"{side} combat: nothing to do (no {side} unit is next to an enemy unit)")
                return
            push(st, "combat_phase", **sub)

    Phase.__doc__ = f"15.0: the {side} Combat Phase."
    return Phase


frame("phase_allied_combat")(_combat_phase("Allied"))
frame("phase_japanese_combat")(_combat_phase("Japanese"))


# -- shifts and the roll (15.2-15.4, 15.6) --------------------------------------------------------------------------


def terrain_shift(st: State, att_hexes: list[str], dfn_hexes: list[str], defender: str) -> list[Shift]:
    """15.4.1: the defender's best in-hex terrain (of its terrain and city/town features; over several defending
    hexes, the best of them, R-73), plus a hexside's shift only when every attacking hex attacks across such a
    side into every defending hex."""
    m, tec = B.board(), B.data().tec
    best, where = 0, ""
    for lab in dfn_hexes:
        h = m.hex(lab)
        kinds = [m.terrain(h), *(k for k, _ in m.features(h) if k in tec and tec[k].kind == "feature")]
        for k in kinds:
            if tec[k].shift(defender) > best:
                best, where = tec[k].shift(defender), f"{k} at {lab}"
    out = [Shift(-best, f"defender in {where} (15.4.1)")] if best else []
    for k, row in sorted(tec.items()):
        if row.kind != "hexside" or not row.shift(defender):
            continue
        if all(k in m.side(m.hex(a), m.hex(d)) for a in att_hexes for d in dfn_hexes):
            out.append(Shift(-row.shift(defender), f"every attacker crosses a {k} hexside (15.4.1)"))
    return out


def concentric(st: State, att_hexes: list[str], dfn_hexes: list[str]) -> bool:
    """R-60: against one hex, each of its six neighbours holds an attacking hex or is next to one."""
    if len(dfn_hexes) != 1:
        return False
    m = B.board()
    att = {m.hex(x) for x in att_hexes}
    return all(n in att or any(a in m.neighbours(n) for a in att) for n in m.neighbours(m.hex(dfn_hexes[0])))


def shifts_for(st: State, fr: dict[str, Any]) -> list[Shift]:
    if fr["counter"]:
        return [Shift(1, "counterattack (15.6; the only shift, L1041)")]
    att, dfn = alive(st, fr["att"]), alive(st, fr["dfn"])
    out: list[Shift] = []
    if any(B.unit(u).bonus == "A" for u in att):
        out.append(Shift(1, "an attacking unit has the A indicator (15.4.1)"))
    if any(B.unit(u).bonus == "D" for u in dfn):
        out.append(Shift(-1, "a defending unit has the D indicator (15.4.1)"))
    if concentric(st, fr["att_hexes"], fr["dfn_hexes"]):
        out.append(Shift(1, "concentric attack (15.4.1, R-60)"))
    out += terrain_shift(st, fr["att_hexes"], fr["dfn_hexes"], B.unit(dfn[0]).side if dfn else "Japanese")
    if fr.get("lp_att"):
        out.append(Shift(fr["lp_att"], f"{fr['lp_att']} LP spent by the attacker (15.4.1)"))
    if fr.get("lp_def"):
        out.append(Shift(-1, "1 LP spent by the defender (15.4.1)"))
    if fr.get("air"):
        out.append(Shift(fr["air"], f"{fr['air']} ground support air point(s) (16.3)"))
    if fr.get("ng"):
        out.append(Shift(fr["ng"], f"{abs(fr['ng'])} naval gunfire unit(s) for the Allies (17.0)"))
    if fr["side"] == "Allied" and set(fr["dfn_hexes"]) & set(st.suppressed):
        out.append(Shift(1, "the defenders are suppressed by a B-29 (16.5 DS)"))
    if fr["side"] == "Japanese" and set(fr["att_hexes"]) & set(st.suppressed):
        out.append(Shift(-1, "the attackers are suppressed by a B-29 (16.5 DS)"))
    return out


def _air_supply_refusal(st: State, fr: dict[str, Any], action: Action, state: str) -> IllegalAction:
    """19.4: air supply serves only an Allied combat whose units trace no LOS; that part is checked here. Placing
    the air supply unit belongs to the air phases (16.0), so a legal request raises ``NotYetImplemented`` until
    the air module exists, rather than playing the combat without it."""
    if fr["side"] != "Allied":
        return IllegalAction("19.4", "only the Allied player has air supply", state=state)
    m = B.board()
    try:
        labs = [_lab(m.hex(str(x))) for x in action.get("attackers") or ()]
    except Exception:  # noqa: BLE001
        return IllegalAction("15.2", "attackers must be a list of hex labels", state=state)
    units = [u for lab in labs for u in st.at(lab) if B.unit(u).side == "Allied"]
    if any(S.in_supply(st, u) for u in units):
        return IllegalAction("19.4", "air supply is only for units that trace no line of supply", state=state)
    raise NotYetImplemented("19.4", "the air supply unit is placed in the air phases (16.0), not built yet")


def _lp_refusal(st: State, fr: dict[str, Any], action: Action) -> str | None:
    """15.4.1, 19.5 point 2: an attacker may buy shifts with LP (the Allies up to 2, the Japanese 1) only when one
    of its attacking units traces an LOS, and only with LP in hand. None: the request is legal."""
    lp, side = action.get("lp"), fr["side"]
    most = 2 if side == "Allied" else 1
    if not isinstance(lp, int) or isinstance(lp, bool) or not 0 <= lp <= most:
        return f"lp must be a whole number from 0 to {most} for the {side} attacker, not {lp!r}"
    m = B.board()
    try:
        labs = [_lab(m.hex(str(x))) for x in action.get("attackers") or ()]
    except Exception:  # noqa: BLE001 - the declaration check names bad labels
        return None
    units = [u for lab in labs for u in st.at(lab) if B.unit(u).side == side]
    if not any(S.in_supply(st, u) for u in units):
        return "no attacking unit traces a line of supply (19.5 point 2), so no LP shift may be bought"
    from leyte.rulebooks.formosa.sequence import can_afford

    if not can_afford(st, side, Fraction(lp)):
        return f"{side} has {st.lp.get(side, 0)} LP, not the {lp} asked"
    return None


@frame("combat_resolve")
class Resolve:
    """15.2 steps 2-8: total the CF, read the percentage column after shifts on the attacker's CRT, roll, and
    push the result's steps (losses, retreats, counterattack, advance) in order. Before the roll the defender
    may spend 1 LP for a shift to the left when one of its defending units traces an LOS (15.4.1, 19.5 point 2);
    a counterattack takes no other shift (15.6, L1041)."""

    @staticmethod
    def defender_may_buy(st: State, fr: dict[str, Any]) -> bool:
        from leyte.rulebooks.formosa.sequence import can_afford

        foe = B.enemy_of(fr["side"])
        return (not fr["counter"] and "lp_def" not in fr and bool(alive(st, fr["att"]))
                and can_afford(st, foe, Fraction(1)) and any(S.in_supply(st, u) for u in alive(st, fr["dfn"])))

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if not Resolve.defender_may_buy(st, fr):
            return None
        foe = B.enemy_of(fr["side"])
        return ask(foe, "combat_lp", f"{foe}: spend 1 LP for a defensive column shift?", "15.4.1",
                   [opt("defend_lp", "spend 1 LP: one column to the left", lp=1),
                    opt("defend_lp", "spend nothing", lp=0)], {"defenders": fr["dfn_hexes"]})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        fr["lp_def"] = int(action["lp"])
        if fr["lp_def"]:
            from leyte.rulebooks.formosa.sequence import spend

            foe = B.enemy_of(fr["side"])
            for u in alive(st, fr["dfn"]):  # the check is a use of the source (19.3)
                if S.use(st, u, ctx):
                    break
            spend(st, foe, Fraction(1))
            ctx.emit("15.4.1", f"{foe} spends 1 LP for a defensive column shift (15.4.1, 19.5)", kind="lp",
                     data={"lp": 1, "side": foe})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        side = fr["side"]
        att, dfn = alive(st, fr["att"]), alive(st, fr["dfn"])
        if not att or not dfn:
            ctx.emit("15.2", "No combat: nothing is left to " + ("attack (a deception unit revealed is removed, R-12)"
                                                                 if att else "attack with"))
            return
        a_cf, d_cf = sum(B.unit(u).cf for u in att), sum(B.unit(u).cf for u in dfn)
        table = B.data().table("crt_allied" if side == "Allied" else "crt_japanese")
        sh = gather_shifts(shifts_for(st, fr))
        col = odds_column(table, a_cf, max(d_cf, 1), sh, floor="50-99" if fr["counter"] else None)
        case = "15.6" if fr["counter"] else "15.2"
        rec = ctx.roll_on(table, col.final, purpose=f"{side} {'counterattack' if fr['counter'] else 'attack'} "
                          f"{a_cf} vs {d_cf} ({col.text()})", rule=case)
        res = str(rec.result["result"])
        ctx.emit(case, f"{side} {a_cf} vs {d_cf}: {col.text()}, rolled {rec.final}: {res}", kind="combat_result",
                 data={"attack": a_cf, "defence": d_cf, "odds": col.to_dict(), "roll": rec.final, "result": res})
        apply_result(st, fr, res, ctx)


def apply_result(st: State, fr: dict[str, Any], res: str, ctx: Context) -> None:
    """15.5: each result as a queue of steps, the owner choosing which units go."""
    side, foe = fr["side"], B.enemy_of(fr["side"])
    att, dfn = alive(st, fr["att"]), alive(st, fr["dfn"])
    adv = {"att": fr["att"], "dfn_hexes": fr["dfn_hexes"], "side": side}
    steps: list[tuple[str, dict[str, Any]]] = []
    if res == "A1":
        steps = [("combat_loss", {"side": side, "pool": att, "count": 1, "case": "15.5"})]
    elif res == "AE":
        for u in att:
            eliminate(st, ctx, u, "15.5")
    elif res == "AR":
        steps = [("combat_retreat", {"side": side, "units": att, "case": "15.7"})]
    elif res == "B1":
        steps = [("combat_loss", {"side": side, "pool": att, "count": 1, "case": "15.5"}),
                 ("combat_loss", {"side": foe, "pool": dfn, "count": 1, "case": "15.5"}),
                 ("combat_advance", {**adv, "hexes": 1})]
    elif res == "BB":
        a_cf, d_cf = sum(B.unit(u).cf for u in att), sum(B.unit(u).cf for u in dfn)
        if d_cf <= a_cf:  # a tie eliminates the defender
            for u in dfn:
                eliminate(st, ctx, u, "15.5")
            steps = [("combat_loss", {"side": side, "pool": att, "at_least": d_cf, "case": "15.5"}),
                     ("combat_advance", {**adv, "hexes": 1})]
        else:
            for u in att:
                eliminate(st, ctx, u, "15.5")
            steps = [("combat_loss", {"side": foe, "pool": dfn, "at_least": a_cf, "case": "15.5"})]
    elif res == "CA":
        if fr["counter"]:
            ctx.emit("15.6", "A CA in a counterattack is no effect: the combat ends (15.6)")
        elif any(B.unit(u).type in NO_RETREAT_TYPES for u in dfn):
            ctx.emit("15.5", "CA against a coastal defence or heavy weapons unit: the combat ends (15.5, R-61)")
        else:
            steps = [("combat_counter", {"side": foe, "dfn": dfn, "dfn_hexes": fr["dfn_hexes"], "att": att})]
    elif res == "D1":
        steps = [("combat_loss", {"side": foe, "pool": dfn, "count": 1, "case": "15.5"}),
                 ("combat_advance", {**adv, "hexes": 1})]
    elif res == "DR":
        steps = [("combat_retreat", {"side": foe, "units": dfn, "case": "15.7"}),
                 ("combat_advance", {**adv, "hexes": 1})]
    elif res == "DE":
        for u in dfn:
            eliminate(st, ctx, u, "15.5")
        steps = [("combat_advance", {**adv, "hexes": 2})]
    else:
        raise LeyteError(f"15.5: unknown combat result {res!r} on the CRT")
    push_many(st, steps)


# -- result steps --------------------------------------------------------------------------------------------------


@frame("combat_loss")
class Loss:
    """15.5: the owner picks which unit goes: one unit (``count``) or units whose printed CF total at least
    ``at_least`` (BB). With no choice left the units go at once."""

    @staticmethod
    def _left(st: State, fr: dict[str, Any]) -> tuple[list[str], int]:
        pool = alive(st, fr["pool"])
        if "count" in fr:
            return pool, fr["count"] - fr.get("taken", 0)
        return pool, fr["at_least"] - fr.get("taken_cf", 0)

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        pool, need = Loss._left(st, fr)
        if need <= 0 or not pool:
            return None
        if "count" in fr and len(pool) <= need:
            return None
        if "count" not in fr and sum(B.unit(u).cf for u in pool) <= need:
            return None
        what = f"{need} more unit(s)" if "count" in fr else f"units of at least {need} more printed CF"
        return ask(fr["side"], "combat_loss", f"{fr['side']}: eliminate {what}", fr["case"],
                   [opt("eliminate", f"eliminate {B.unit(u).name} ({B.unit(u).cf} CF)", unit=u) for u in pool],
                   {"need": need})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        uid = action["unit"]
        eliminate(st, ctx, uid, fr["case"])
        fr["taken"] = fr.get("taken", 0) + 1
        fr["taken_cf"] = fr.get("taken_cf", 0) + B.unit(uid).cf

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pool, need = Loss._left(st, fr)
        if need > 0 and pool:  # no choice left: the units needed go
            for u in pool if "count" not in fr else pool[:need]:
                eliminate(st, ctx, u, fr["case"])
        pop(st, fr)


def retreat_hexes(st: State, side: str, uids: list[str], frm: str) -> list[str] | None:
    """15.7: where one hex's retreating units may end (one hex; more only to meet stacking); None: eliminated."""
    m = B.board()
    foes = B.occupied(st, B.enemy_of(side))
    zoc = B.ezoc(st, side)
    mech = any(B.unit(u).mechanised for u in uids)
    own = B.stacks(st, side)
    cls = B.stack_class(st)

    def room(h: Hex) -> bool:
        return fits(B.stack_limits(), side, [*own.get(h, []), *uids], cls)

    # 15.7 point 4, R-94: toward the nearest supply source, counted in hexes around enemy hexes and zones.
    dist = supply_distance(m, S.sources(st, side), blocked=lambda h: h in foes or h in zoc)
    r = retreat_options(m, m.hex(frm), enemy=foes, ezoc=zoc,
                        prohibited=lambda h: not B.land(h) or B.enter_cost(h, mech) is None, room=room,
                        distance=dist or None)
    if r.eliminated:
        return None
    return sorted({m.label(x[-1]) for x in r.preferred})


@frame("combat_retreat")
class Retreat:
    """15.7: each hex of retreating units moves as one stack to a hex its owner picks; blocked, it is eliminated.
    Units in a hex with a static unit ignore the retreat, the static unit too (L1054, R-77)."""

    @staticmethod
    def _next(st: State, fr: dict[str, Any]) -> tuple[str, list[str]] | None:
        done = fr.setdefault("done", [])
        for lab in sorted({st.units[u].loc for u in alive(st, fr["units"])}):
            if lab not in done:
                return lab, [u for u in alive(st, fr["units"]) if st.units[u].loc == lab]
        return None

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        nxt = Retreat._next(st, fr)
        if nxt is None:
            return None
        lab, uids = nxt
        if any(B.is_static(st, u) for u in st.at(lab)):
            return None
        to = retreat_hexes(st, fr["side"], uids, lab)
        if not to:
            return None
        return ask(fr["side"], "combat_retreat", f"{fr['side']}: retreat the units at {lab}", "15.7",
                   [opt("retreat", f"retreat from {lab} to {t}", frm=lab, to=t) for t in to], {"from": lab})

    @staticmethod
    def refuse(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
        if action.kind != "retreat":
            return None
        nxt = Retreat._next(st, fr)
        if nxt is None:
            return IllegalAction("15.7", "nothing is retreating")
        to = retreat_hexes(st, fr["side"], nxt[1], nxt[0]) or []
        tgt = str(action.get("to"))
        if tgt in to:
            return None
        m = B.board()
        why = "it is not one legal retreat hex away"
        try:
            h = m.hex(tgt)
            if h in B.occupied(st, B.enemy_of(fr["side"])):
                why = "it holds an enemy unit"
            elif h in B.ezoc(st, fr["side"]):
                why = "it is in an enemy zone of control"
        except Exception:  # noqa: BLE001
            why = "it is not a hex of the map"
        return IllegalAction("15.7", f"the units at {nxt[0]} may not retreat to {tgt}: {why} (legal: {to})")

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        lab, uids = Retreat._next(st, fr)  # type: ignore[misc]
        for u in uids:
            st.units[u].loc = action["to"]
        fr["done"].append(action["to"])
        fr["done"].append(lab)
        ctx.emit("15.7", f"{', '.join(B.unit(u).name for u in uids)} retreat {lab} -> {action['to']}",
                 kind="move", data={"units": uids, "from": lab, "to": action["to"]})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        nxt = Retreat._next(st, fr)
        if nxt is None:
            pop(st, fr)
            return
        lab, uids = nxt
        fr["done"].append(lab)
        if any(B.is_static(st, u) for u in st.at(lab)):
            ctx.emit("15.7", f"The units at {lab} stand with a static unit and ignore the retreat (15.7, R-77)",
                     data={"hex": lab})
            return
        if retreat_hexes(st, fr["side"], uids, lab) is None:
            ctx.emit("15.7", f"The units at {lab} have nowhere to retreat and are eliminated (15.7)",
                     data={"hex": lab})
            for u in uids:
                eliminate(st, ctx, u, "15.7")


def _barred(mech: bool):  # noqa: ANN202 - a hex test for leyte.land.retreat
    return lambda h: not B.land(h) or B.enter_cost(h, mech) is None


@frame("combat_advance")
class Advance:
    """15.8: the victor's surviving mobile attackers may enter defending hexes left empty, one unit at a time, one
    hex (two after DE: 15.5, the second hex any legal one beyond, EZOC no bar). Optional, so ``stop`` ends it."""

    @staticmethod
    def options(st: State, fr: dict[str, Any]) -> list[Action]:
        m = B.board()
        side = fr["side"]
        foes = B.occupied(st, B.enemy_of(side))
        cleared = [lab for lab in fr["dfn_hexes"] if m.hex(lab) not in foes]
        moved = fr.setdefault("moved", [])
        own = B.stacks(st, side)
        cls = B.stack_class(st)
        out: list[Action] = []
        for u in alive(st, fr["att"]):
            if u in moved or B.is_static(st, u) or B.movement_factor(st, u) == 0:
                continue
            start = m.hex(st.units[u].loc)
            ends: set[str] = set()
            for lab in cleared:
                if m.hex(lab) not in m.neighbours(start):
                    continue
                for route in advance_options(m, start, m.hex(lab), hexes=fr["hexes"], enemy=foes,
                                             prohibited=_barred(B.unit(u).mechanised)):
                    if fits(B.stack_limits(), side, [*own.get(route[-1], []), u], cls):
                        ends.add(m.label(route[-1]))
            out += [opt("advance", f"advance {B.unit(u).name} to {e}", unit=u, to=e) for e in sorted(ends)]
        return out

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if fr.get("stopped"):
            return None
        options = Advance.options(st, fr)
        if not options:
            return None
        return ask(fr["side"], "combat_advance", f"{fr['side']}: advance after combat (optional)", "15.8",
                   [*options, opt("stop", "advance no further")])

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "stop":
            fr["stopped"] = True
            return
        u, frm = action["unit"], st.units[action["unit"]].loc
        st.units[u].loc = action["to"]
        fr["moved"].append(u)
        ctx.emit("15.8", f"{B.unit(u).name} advances {frm} -> {action['to']}", kind="move",
                 data={"unit": u, "from": frm, "to": action["to"]})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


@frame("combat_counter")
class Counter:
    """15.6: after CA every defending unit attacks one hex of the attackers (the counterattacker's choice), with
    one right shift and no other; its own CA counts as no effect; its victors may advance."""

    @staticmethod
    def targets(st: State, fr: dict[str, Any]) -> list[str]:
        return sorted({st.units[u].loc for u in alive(st, fr["att"])})

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        t = Counter.targets(st, fr)
        if len(t) < 2 or fr.get("chosen"):
            return None
        return ask(fr["side"], "combat_counter", f"{fr['side']}: counterattack one hex", "15.6",
                   [opt("counterattack", f"counterattack {x}", target=x) for x in t])

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        fr["chosen"] = action["target"]

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        t = Counter.targets(st, fr)
        dfn_units = alive(st, fr["dfn"])
        if not t or not dfn_units:
            return
        target = fr.get("chosen") or t[0]
        defenders = [u for u in alive(st, fr["att"]) if st.units[u].loc == target]
        ctx.emit("15.6", f"{fr['side']} counterattack {target}", kind="combat",
                 data={"attackers": fr["dfn_hexes"], "defenders": [target], "counter": True})
        push(st, "combat_resolve", side=fr["side"], att=dfn_units, dfn=defenders,
             att_hexes=sorted({st.units[u].loc for u in dfn_units}), dfn_hexes=[target], counter=True)
