"""The sequence of play (6.1) as frames: set-up (3.0, 24.0), then each GT's Strategic Stage, Allied and Japanese
Player Turns and Administrative Segment.

Built: set-up (Japanese set-up LP, TAC and kamikaze rolls, the free choices from the set-up pools, set-up buys with
the 20-LP cap, placement on Formosa revealed or concealed, Allied set-up buys, pre-invasion reconnaissance), the
Logistics Phase (7.2), the Recruit Phase (8.0-8.3, with 8.1 deployment and the cap), Amoy (9.1), both Movement
Phases (12.0-12.4 through ``leyte.land.movement``, with 14.0 zones of control), over-stacking (13.3), Base
Building (20.1-20.2), Air Return, and End of Turn (sudden death 4.1, victory 4.2, the GT marker). Both Combat
Phases (15.0) are frames of ``combat.py``; the air phases (16.1 planning and reveal, 16.2, 16.6 kamikaze, 18.0
fleet sortie, 16.3, 16.4, 16.5, 17.0) are in ``air.py``.

Not built yet: every phase that would have something to do in it raises ``NotYetImplemented`` naming its case
(10.1 invasions, 21.0 naval transfer). A phase with
nothing to do by the rules (no air points, no markers, no unit adjacent to an enemy) says so in the log and goes on;
none is skipped silently.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from leyte.core.errors import IllegalAction, NotYetImplemented
from leyte.core.game import Action, Context, Decision
from leyte.core.hexgrid import Hex
from leyte.land.movement import Destination, destinations
from leyte.land.stacking import fits, overstacked
from leyte.rulebooks.formosa import air
from leyte.rulebooks.formosa import board as B
from leyte.rulebooks.formosa.engine import ask, frame, opt, pop, push, push_many
from leyte.rulebooks.formosa.scenario import PHASE_NAMES
from leyte.rulebooks.formosa.state import State

PHASE_CASE = {
    "logistics": "7.2", "recruit": "8.0", "amoy": "9.1", "strike_planning": "16.1", "strike_reveal": "16.1",
    "air_superiority": "16.2", "special_attack": "16.6", "b29": "16.5", "invasion": "10.1",
    "naval_transfer": "21.0", "allied_movement": "12.0", "allied_combat": "15.0", "base_building": "20.0",
    "interdiction": "16.4", "japanese_movement": "12.0", "japanese_combat": "15.0", "air_return": "16.0",
    "end_of_turn": "6.1",
}
# Allied set-up and recruit purchases that are not units: chart row, marker id, the markers.csv limit id.
ALLIED_ITEMS = {
    "amphibious": ("amphibious", "amphibious"), "drop_zone": ("drop_zone", "drop_zone"),
    "b29": ("ng_b29", "b29"), "air_supply": ("air_supply", "air_supply"),
}
UNIT_LOCS_TO_BUY = ("reinforcements", "pool")
REPLACE_LOCS = ("eliminated", "replacements")


# -- helpers ---------------------------------------------------------------------------------------------------


def cap(st: State) -> int:
    return int(st.rules["lp_cap"])


def spend(st: State, side: str, cost: Fraction) -> None:
    """Take LP, keeping the half LP a kamikaze purchase leaves (R-21) in ``half_lp``."""
    halves = st.lp[side] * 2 + st.half_lp[side] - int(cost * 2)
    st.lp[side], st.half_lp[side] = divmod(halves, 2)


def can_afford(st: State, side: str, cost: Fraction) -> bool:
    return st.lp[side] * 2 + st.half_lp[side] >= cost * 2


def apply_cap(st: State, ctx: Context, case: str, side: str) -> None:
    """7.2 (and R-8 at set-up): LP above the cap when a side finishes buying are lost. Each side's buying closes
    on its own (the Japanese recruit first, 8.0, R-65), and nothing the other side does later changes its LP."""
    if st.lp[side] > cap(st):
        lost = st.lp[side] - cap(st)
        st.lp[side] = cap(st)
        ctx.emit(case, f"{side}: {lost} LP above the {cap(st)}-LP cap are lost (7.2, R-8)", kind="lp",
                 data={"side": side, "lost": lost, "lp": st.lp[side]})


def rolled(ctx: Context, dice: int, plus: int, *, purpose: str, rule: str, visible: tuple[str, ...] | None) -> int:
    if dice == 0:
        return plus
    rec = ctx.roll(f"{dice}d6", purpose=purpose, rule=rule, visible=visible)
    return rec.final + plus


def may_buy(st: State, uid: str, side: str, setup: bool) -> bool:
    """Can this unit be bought now (8.2, 24.0)? Its side, its scenario, optional units only with 25.0, set-up-only
    units only at set-up, Commonwealth units only where the scenario allows them."""
    u = B.unit(uid)
    if u.side != side or st.units[uid].loc not in UNIT_LOCS_TO_BUY or u.at_start in ("formosa", "special_6mar"):
        return False
    if u.scenario not in ("both", st.scenario):
        return False
    if u.opt and not st.options.get("optional_rules"):
        return False
    if u.setup_only and not setup:
        return False
    if u.nationality == "CW" and not st.rules["special"]["commonwealth"]:
        return False
    if u.type in ("deception", "pw_camp"):
        return False  # deception units are all at start; the PW camp is 25.10
    return True


def deploy_hexes(st: State, uid: str, *, setup: bool) -> list[Hex]:
    """Where a Japanese unit may be placed: at set-up anywhere on Formosa (24.1, R-64, R-66); a recruit in a city
    or port already holding a Japanese unit, CD in a port and HW in a city or town (8.1, R-13). Terrain and
    stacking apply (R-47), and a static unit goes only where no static unit is."""
    m = B.board()
    u = B.unit(uid)
    own = B.stacks(st, "Japanese")
    out = []
    for h in m.hexes:
        if not B.on_formosa(h) or B.enter_cost(h, u.mechanised) is None:
            continue
        if not setup:
            if u.type == "coastal_defense":
                if not m.has_feature(h, "port"):
                    continue
            elif u.type == "heavy_weapons":
                if not (m.has_feature(h, "city") or m.has_feature(h, "town")):
                    continue
            elif not ((m.has_feature(h, "city") or m.has_feature(h, "port")) and h in own):
                continue
        if h in B.occupied(st, "Allied"):
            continue
        if not fits(B.stack_limits(), "Japanese", [*own.get(h, []), uid], B.stack_class(st)):
            continue
        out.append(h)
    return out


# -- set-up (3.0, 24.0) ----------------------------------------------------------------------------------------


@frame("game")
class GameFrame:
    """The whole game: set-up (unless the scenario starts from a position), then the GTs."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        if st.phase != "setup":
            push(st, "turn", i=PHASE_NAMES.index(st.phase))
            return
        push_many(st, [("japanese_setup_roll", {}), ("setup_choose", {}),
                       ("buy", {"side": "Japanese", "setup": True}), ("setup_place", {}),
                       ("buy", {"side": "Allied", "setup": True}), ("setup_end", {}), ("recon", {}),
                       ("turn", {"i": 0})])


@frame("japanese_setup_roll")
class JapaneseSetupRoll:
    """24.1/24.2: the Japanese set-up LP (1d6 + 15 or + 20), TAC (1d6 + 3) and kamikaze (1d6) points; the Allies
    receive their fixed set-up LP."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        jp = st.rules["japanese"]
        case = "24.1" if st.scenario == "1" else "24.2"
        st.lp["Japanese"] = rolled(ctx, jp["setup_lp"]["dice"], jp["setup_lp"]["plus"],
                                   purpose="Japanese set-up LP", rule=case, visible=None)
        st.tac["Japanese"] = rolled(ctx, jp["tac"]["dice"], jp["tac"]["plus"], purpose="Japanese TAC points",
                                    rule=case, visible=("Japanese",))
        st.kamikaze = rolled(ctx, jp["kamikaze"]["dice"], jp["kamikaze"]["plus"], purpose="Japanese kamikaze points",
                             rule=case, visible=("Japanese",))
        st.lp["Allied"] = st.rules["allied_lp"]
        ctx.emit(case, f"Set-up LP: Japanese {st.lp['Japanese']}, Allied {st.lp['Allied']}", kind="lp",
                 data={"lp": dict(st.lp)})
        pop(st, fr)


@frame("setup_choose")
class SetupChoose:
    """24.1: the Japanese pick, free, the given number of each pooled type (R-46); the rest may be bought."""

    @staticmethod
    def left(st: State) -> dict[str, int]:
        want = st.rules["japanese"]["free_choice"]
        taken: dict[str, int] = {}
        for uid, u in st.units.items():
            if u.loc == "setup" and B.unit(uid).at_start == "formosa_choice":
                t = B.unit(uid).type
                taken[t] = taken.get(t, 0) + 1
        return {t: n - taken.get(t, 0) for t, n in sorted(want.items()) if n > taken.get(t, 0)}

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        left = SetupChoose.left(st)
        if not left:
            return None
        options = [opt("take", f"take {B.unit(uid).name} free", unit=uid) for uid in st.at("pool")
                   if B.unit(uid).type in left]
        return ask("Japanese", "setup_choose", f"Pick the free set-up units ({left} still to pick)", "24.1",
                   options, {"left": left})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        st.units[action["unit"]].loc = "setup"
        ctx.emit("24.1", f"Japanese take {B.unit(action['unit']).name}", visible=("Japanese",),
                 data={"unit": action["unit"]})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


@frame("buy")
class Buy:
    """Spending LP on the LP Expenditure Charts (7.3, 8.0-8.3), at set-up (3.0: set-up-only units may be bought
    only now; no kamikaze, R-21) or in the Recruit Phase. Finishing with LP above the cap loses the excess (7.2,
    R-8): the decision's data says how much must be spent to lose nothing (E12, E13)."""

    @staticmethod
    def options(st: State, fr: dict[str, Any]) -> list[Action]:
        side, setup = fr["side"], fr["setup"]
        d = B.data()
        out: list[Action] = []
        for uid in sorted(st.units):
            if may_buy(st, uid, side, setup) and can_afford(st, side, Fraction(B.unit(uid).lp_recruit)):
                out.append(opt("buy", f"recruit {B.unit(uid).name} ({B.unit(uid).lp_recruit} LP)", unit=uid))
        if not setup:
            for uid in sorted(st.units):
                u = B.unit(uid)
                if (u.side == side and st.units[uid].loc in REPLACE_LOCS and u.replaceable
                        and not st.units[uid].unsupplied  # lost with no LOS (19.5 point 3)
                        and u.lp_replace is not None and can_afford(st, side, Fraction(u.lp_replace))):
                    out.append(opt("replace", f"replace {u.name} ({u.lp_replace} LP)", unit=uid))
        chart = d.lp_allied if side == "Allied" else d.lp_japanese
        if side == "Allied":
            for item, (row, limit) in ALLIED_ITEMS.items():
                price = chart[row].recruit
                if price is not None and st.markers[item] < d.markers[limit].count and can_afford(st, side, price):
                    out.append(opt("buy_item", f"buy a {item} ({price} LP)", item=item))
            price = chart["tac_air"].recruit
            if price is not None and st.tac["US"] < d.markers["tac_us"].count * 2 and can_afford(st, side, price):
                out.append(opt("buy_item", f"buy a US TAC point ({price} LP)", item="tac"))
            price = chart["ng_b29"].recruit
            if price is not None and st.ng["US"] < d.markers["ng_us"].count and can_afford(st, side, price):
                out.append(opt("buy_item", f"buy a US naval gunfire unit ({price} LP)", item="ng"))
        else:
            price = chart["tac_air"].recruit
            if price is not None and st.tac["Japanese"] < d.markers["tac_japanese"].count * 2 and \
                    can_afford(st, side, price):
                out.append(opt("buy_item", f"buy a TAC point ({price} LP)", item="tac"))
            price = chart["kamikaze"].recruit
            if not setup and price is not None and can_afford(st, side, price):
                out.append(opt("buy_item", f"buy a kamikaze point ({price} LP)", item="kamikaze"))
            price = chart["fleet_sortie"].recruit
            if not setup and st.fleet == "none" and price is not None and can_afford(st, side, price):
                out.append(opt("buy_item", f"buy the mobile fleet sortie ({price} LP, once a game)", item="fleet"))
        out.append(opt("done", "finish buying"))
        return out

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if fr.get("finished"):
            return None
        side = fr["side"]
        case = ("24.1" if st.scenario == "1" else "24.2") if fr["setup"] else "8.0"
        over = max(0, st.lp[side] - cap(st))
        return ask(side, "buy", f"{side}: spend LP ({st.lp[side]} LP; spend at least {over} to lose none to the "
                   f"{cap(st)}-LP cap)", case, Buy.options(st, fr),
                   {"lp": st.lp[side], "cap": cap(st), "spend_at_least": over})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        side = fr["side"]
        vis = ("Japanese",) if side == "Japanese" else None
        if action.kind == "done":
            fr["finished"] = True
            return
        if action.kind in ("buy", "replace"):
            uid = action["unit"]
            u = B.unit(uid)
            replace = action.kind == "replace"
            cost = Fraction(u.lp_replace if replace and u.lp_replace is not None else u.lp_recruit)
            spend(st, side, cost)
            ctx.emit("8.3" if replace else "8.2", f"{side} {'replaces' if replace else 'recruits'} {u.name} "
                     f"for {cost} LP", kind="lp", data={"unit": uid, "cost": str(cost)}, visible=vis)
            if side == "Allied":
                st.units[uid].loc = "staging"  # 8.1: Allied units arrive in the Staging Area
            elif fr["setup"]:
                st.units[uid].loc = "setup"
            else:
                st.units[uid].loc = "replacements" if replace else "reinforcements"
                push(st, "deploy", unit=uid, revealed=replace)
            return
        item = action["item"]
        d = B.data()
        chart = d.lp_allied if side == "Allied" else d.lp_japanese
        row = {"tac": "tac_air", "kamikaze": "kamikaze", "ng": "ng_b29", "fleet": "fleet_sortie"}.get(item) \
            or ALLIED_ITEMS[item][0]
        price = chart[row].recruit
        assert price is not None
        spend(st, side, price)
        if item == "tac":
            st.tac["US" if side == "Allied" else "Japanese"] += 1
        elif item == "kamikaze":
            st.kamikaze += 1
        elif item == "ng":
            st.ng["US"] += 1
        elif item == "fleet":
            st.fleet = "held"  # 18.0: one sortie a game
        else:
            st.markers[item] += 1
        ctx.emit("8.2", f"{side} buys a {item} for {price} LP", kind="lp", data={"item": item, "cost": str(price)},
                 visible=vis)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        apply_cap(st, ctx, "24.1" if fr["setup"] else "7.2", fr["side"])


@frame("deploy")
class Deploy:
    """8.1: a Japanese recruit is placed at once, concealed; a replacement revealed (R-47). With nowhere to go
    the LP stay spent and the unit waits in its display (R-48)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if fr.get("done"):
            return None
        hexes = deploy_hexes(st, fr["unit"], setup=False)
        if not hexes:
            return None
        m = B.board()
        return ask("Japanese", "deploy", f"Place {B.unit(fr['unit']).name}", "8.1",
                   [opt("place", f"place at {m.label(h)}", unit=fr["unit"], hex=m.label(h)) for h in hexes],
                   {"unit": fr["unit"]})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        u = st.units[fr["unit"]]
        u.loc, u.concealed = action["hex"], not fr["revealed"]
        ctx.emit("8.1", f"Japanese place {B.unit(u.id).name} at {u.loc}", visible=("Japanese",),
                 data={"unit": u.id, "hex": u.loc})
        fr["done"] = True

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if not fr.get("done"):
            ctx.emit("8.1", f"{B.unit(fr['unit']).name} has no hex to deploy in: it waits in its display (R-48)",
                     visible=("Japanese",), data={"unit": fr["unit"]})
        pop(st, fr)


@frame("setup_place")
class SetupPlace:
    """24.1: every Japanese set-up unit goes anywhere on Formosa, revealed or concealed (3.0), within terrain and
    stacking limits; deception units only concealed (they are removed once revealed, R-12)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        waiting = st.at("setup")
        if not waiting:
            return None
        uid = waiting[0]
        m = B.board()
        faces = (True,) if B.unit(uid).type == "deception" else (True, False)
        options = [opt("place", f"place at {m.label(h)} {'concealed' if c else 'revealed'}", unit=uid,
                       hex=m.label(h), concealed=c) for h in deploy_hexes(st, uid, setup=True) for c in faces]
        return ask("Japanese", "setup_place", f"Place {B.unit(uid).name} on Formosa", "24.1", options,
                   {"unit": uid, "waiting": len(waiting)})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        u = st.units[action["unit"]]
        u.loc, u.concealed = action["hex"], bool(action["concealed"])
        ctx.emit("24.1", f"Japanese place {B.unit(u.id).name} at {u.loc}", visible=("Japanese",),
                 data={"unit": u.id, "hex": u.loc, "concealed": u.concealed})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        for uid in st.at("pool"):
            st.units[uid].loc = "reinforcements"  # the untaken pool stays in the mix
        pop(st, fr)


@frame("setup_end")
class SetupEnd:
    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        ctx.emit("24.1", "Set-up complete", data={"lp": dict(st.lp)})
        pop(st, fr)


@frame("recon")
class Recon:
    """24.1 special rule: pre-invasion reconnaissance. The Allies roll the given dice and reveal that many
    Japanese stacks of their choice (a hex holding concealed units); revealed deception units are removed."""

    @staticmethod
    def targets(st: State) -> list[str]:
        return sorted({u.loc for uid, u in st.units.items() if u.on_map and u.concealed})

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if "left" not in fr or fr["left"] <= 0 or not Recon.targets(st):
            return None
        return ask("Allied", "recon", f"Reveal a concealed Japanese stack ({fr['left']} left)", "24.1",
                   [opt("reveal", f"reveal the stack at {h}", hex=h) for h in Recon.targets(st)],
                   {"left": fr["left"]})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        B.reveal_stack(st, action["hex"], ctx, "24.1")
        fr["left"] -= 1

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        n = st.rules["special"]["recon_dice"]
        if "left" not in fr and n:
            fr["left"] = ctx.roll(f"{n}d6", purpose="pre-invasion reconnaissance: stacks revealed", rule="24.1").final
            return
        pop(st, fr)


# -- the game turn (6.1) ---------------------------------------------------------------------------------------


@frame("turn")
class Turn:
    """One GT: the phases of 6.1 in order. From GT 2 on, sudden death (4.1) is checked before each phase."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if st.result is not None:
            pop(st, fr)
            return
        if st.turn >= B.data().constant("sudden_death.from_gt") and sudden_death(st, ctx):
            pop(st, fr)
            return
        i = fr["i"]
        if i >= len(PHASE_NAMES):
            pop(st, fr)
            if st.result is None:
                push(st, "turn", i=0)
            return
        fr["i"] = i + 1
        st.phase = PHASE_NAMES[i]
        ctx.emit(PHASE_CASE[st.phase], f"GT {st.turn}: {st.phase.replace('_', ' ')} phase", kind="phase",
                 data={"turn": st.turn, "phase": st.phase})
        if st.turn == 1 and st.phase in st.rules["special"]["gt1_skips"]:
            ctx.emit("6.1", f"GT 1 skips the {st.phase} phase (6.1)", data={"phase": st.phase})
            return
        push(st, "phase_" + st.phase)


def _nothing(st: State, fr: dict[str, Any], ctx: Context, why: str) -> None:
    ctx.emit(PHASE_CASE[st.phase], f"{st.phase.replace('_', ' ')}: nothing to do ({why})")
    pop(st, fr)


def _not_built(case: str, what: str, when: Any) -> type:
    """A phase this engine does not play yet: it raises when the rules would have something happen in it."""

    class Pending:
        @staticmethod
        def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
            why = when(st)
            if why:
                raise NotYetImplemented(case, f"{what} (GT {st.turn}: {why})")
            _nothing(st, fr, ctx, f"no {what.split(' (')[0]} possible")

    Pending.__doc__ = f"{case} {what}: not built yet."
    return Pending


frame("phase_invasion")(_not_built(
    "10.1", "amphibious and airborne invasions",
    lambda st: "invasion markers available" if (st.markers["amphibious"] and st.no_amphibious_gt != st.turn)
    or st.markers["drop_zone"] else ""))
frame("phase_naval_transfer")(_not_built(
    "21.0", "naval transfer",
    lambda st: "Allied units wait off the map" if st.at("staging") or st.at("amoy") else ""))


@frame("phase_logistics")
class Logistics:
    """7.2: both sides add LP. Japanese: 1d6 plus one per two Japanese-controlled airfields on Formosa. Allied:
    the scenario's base, 5 for Amoy from the GT after its capture (9.1), 3 per functional major port, 1 per
    functional minor port, one per two functional airfields. The 6th MarDiv arrives in Amoy the GT after its fall
    (24.1, R-41, R-70)."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        d, m = B.data(), B.board()
        if st.rules["special"]["sixth_marines_after_amoy"] and st.amoy_captured and st.turn == st.amoy_captured + 1:
            arrive = [uid for uid, u in d.units.items() if u.at_start == "special_6mar"
                      and st.units[uid].loc == "reinforcements"]
            for uid in sorted(arrive):
                st.units[uid].loc = "amoy"
            ctx.emit("24.1", f"The 6th Marine Division arrives in Amoy ({len(arrive)} regiments)",
                     data={"units": sorted(arrive)})
        per = d.constant("lp.airfields_per_lp")
        jp_fields = [h for h in m.find("airfield") if B.on_formosa(h) and h in B.occupied(st, "Japanese")]
        die = ctx.roll(f"{d.constant('lp.japanese_income_dice')}d6", purpose="Japanese LP", rule="7.2").final
        jp = die + len(jp_fields) // per
        st.lp["Japanese"] += jp
        ports = B.functional(st, "port")
        major = sum(1 for h in ports if B.port_size(h) == "major")
        minor = len(ports) - major
        fields = len(B.functional(st, "airfield"))
        amoy = d.constant("lp.allied_amoy") if st.amoy_captured and st.turn > st.amoy_captured else 0
        parts = {"base": st.rules["allied_income"], "amoy": amoy,
                 "major_ports": major * d.constant("lp.allied_major_port"),
                 "minor_ports": minor * d.constant("lp.allied_minor_port"), "airfields": fields // per}
        al = sum(parts.values())
        st.lp["Allied"] += al
        ctx.emit("7.2", f"LP income: Japanese {jp} (die {die}, {len(jp_fields)} airfields), Allied {al} {parts}",
                 kind="lp", data={"Japanese": jp, "Allied": al, "allied_parts": parts, "lp": dict(st.lp)})


@frame("phase_recruit")
class Recruit:
    """8.0: the Japanese recruit, then the Allies; the 20-LP cap applies when the phase closes (7.2), then
    stacking is checked (13.3, R-49)."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        push_many(st, [("buy", {"side": "Japanese", "setup": False}), ("buy", {"side": "Allied", "setup": False}),
                       ("overstack", {"side": "Japanese", "case": "13.3"}),
                       ("overstack", {"side": "Allied", "case": "13.3"})])


@frame("phase_amoy")
class Amoy:
    """9.1: from GT 2 until it falls the Allies roll 1d6; a roll below the GT number takes Amoy (so never on GT 2
    except a 1, and certainly from GT 7)."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        if st.amoy_captured:
            ctx.emit("9.1", f"Amoy is already in Allied hands (since GT {st.amoy_captured})")
            return
        if st.turn < B.data().constant("amoy.first_gt"):
            ctx.emit("9.1", f"No Amoy roll before GT {B.data().constant('amoy.first_gt')}")
            return
        r = ctx.roll("1d6", purpose=f"Amoy operation (captured below {st.turn})", rule="9.1").final
        if r < st.turn:
            st.amoy_captured = st.turn
            ctx.emit("9.1", f"Amoy falls on GT {st.turn} (rolled {r})", kind="amoy",
                     data={"roll": r, "turn": st.turn})
        else:
            ctx.emit("9.1", f"Amoy holds (rolled {r}, needed below {st.turn})", data={"roll": r})


# -- movement (12.0-12.4, 14.1) ----------------------------------------------------------------------------------


def unit_destinations(st: State, uid: str) -> dict[Hex, Destination]:
    """Where one unit may end its move: ``leyte.land.movement`` with Formosa's TEC, roads, enemy units, EZOC
    (14.1), prohibited terrain for mechanised units (12.2), and US/CW never sharing a hex (13.1)."""
    m = B.board()
    u = B.unit(uid)
    side = u.side
    mech = u.mechanised
    enemies = B.occupied(st, B.enemy_of(side))
    if side == "Japanese":  # 16.5 DS: no Japanese unit enters a suppressed hex (by road either)
        enemies = enemies | {m.hex(lab) for lab in st.suppressed}
    other_nat: set[Hex] = set()
    if side == "Allied":
        for h, ids in B.stacks(st, "Allied").items():
            if any(B.unit(x).nationality != u.nationality for x in ids):
                other_nat.add(h)
    zoc = set() if u.type == "guerrilla" else B.ezoc(st, side)
    found = destinations(m, m.hex(st.units[uid].loc), B.movement_factor(st, uid),
                         enter_cost=lambda h: B.enter_cost(h, mech) if B.land(h) else None,
                         side_cost=B.side_cost(mech), enemy=enemies, ezoc=zoc,
                         barred=lambda h: B.enter_cost(h, mech) is None, surcharge=lambda h: surcharge(st, h, side))
    return {h: dst for h, dst in found.items() if h not in other_nat and B.land(h)}


def surcharge(st: State, h: Hex, side: str) -> int:
    """Extra MP to enter a hex: one per Allied interdiction point there, for Japanese units only (16.4), by road
    too."""
    return air.interdiction_surcharge(st, B.board().label(h)) if side == "Japanese" else 0


def movers(st: State, side: str) -> list[str]:
    return [uid for uid in B.units_of(st, side) if not st.units[uid].moved and B.movement_factor(st, uid) > 0
            and st.units[uid].loc not in st.suppressed]  # 16.5 DS: suppressed units cannot move


def _movement_frame(side: str) -> type:
    class Movement:
        @staticmethod
        def decide(st: State, fr: dict[str, Any]) -> Decision | None:
            if fr.get("finished"):
                return None
            m = B.board()
            options = []
            for uid in movers(st, side):
                name = "a concealed unit" if st.units[uid].concealed else B.unit(uid).name
                for h, dst in unit_destinations(st, uid).items():
                    options.append(opt("move", f"move {name} ({uid}) from {st.units[uid].loc} to {m.label(h)} "
                                       f"({dst.cost} MP)", unit=uid, to=m.label(h)))
            options.append(opt("end_movement", "end the Movement Phase"))
            return ask(side, "movement", f"{side} Movement Phase: move units one at a time", "12.0", options)

        @staticmethod
        def refuse(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
            if action.kind != "move":
                return None
            uid, to = action.get("unit"), action.get("to")
            state = f"GT {st.turn} {side} movement"
            if uid not in st.units or not st.units[uid].on_map or B.unit(uid).side != side:
                return IllegalAction("12.0", f"{uid!r} is not a {side} unit on the map", state=state)
            if st.units[uid].moved:
                return IllegalAction("12.2", f"{uid} has already moved this phase (each unit moves once)", state=state)
            if B.movement_factor(st, uid) == 0:
                return IllegalAction("12.0", f"{uid} is static (MF 0) and cannot move", state=state)
            m = B.board()
            try:
                h = m.hex(str(to))
            except Exception:  # noqa: BLE001
                return IllegalAction("12.0", f"{to!r} is not a hex of the map", state=state)
            if h in B.occupied(st, B.enemy_of(side)):
                return IllegalAction("12.2", f"{to} is occupied by an enemy unit; no unit may enter it", state=state)
            if not B.land(h) or B.enter_cost(h, B.unit(uid).mechanised) is None:
                return IllegalAction("12.2", f"{to} is prohibited terrain for {uid}", state=state)
            mf = B.movement_factor(st, uid)
            return IllegalAction("12.1", f"{uid} cannot reach {to} with its MF {mf} (terrain and hexside costs, "
                                 f"EZOC stops 14.1, or too far for the one-hex minimum move 12.3)", state=state)

        @staticmethod
        def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
            if action.kind == "end_movement":
                fr["finished"] = True
                return
            uid, to = action["unit"], action["to"]
            m = B.board()
            dst = unit_destinations(st, uid)[m.hex(to)]
            frm = st.units[uid].loc
            st.units[uid].loc, st.units[uid].moved = to, True
            concealed = st.units[uid].concealed
            vis = ("Japanese",) if concealed else None
            ctx.emit("12.0", f"{B.unit(uid).name} moves {frm} -> {to} ({dst.cost} MP)", kind="move", visible=vis,
                     data={"unit": uid, "from": frm, "to": to, "cost": str(dst.cost),
                           "path": [m.label(h) for h in dst.path], "minimum_move": dst.minimum_move})
            if concealed:
                # The Allies see a "?" stack leave one hex and arrive in another, nothing more.
                ctx.emit("12.0", f"A concealed Japanese unit moves {frm} -> {to}", kind="move", visible=("Allied",),
                         data={"from": frm, "to": to, "masked": True})
            entered = [m.label(h) for h in dst.path if m.label(h) != frm]
            hit = [lab for lab in entered if lab in st.interdiction]
            if concealed and hit:  # 16.4: entering an interdicted hex reveals the unit
                st.units[uid].concealed = False
                if B.unit(uid).type == "deception":
                    st.units[uid].loc = "removed"
                ctx.emit("16.4", f"{B.unit(uid).name} is revealed entering interdicted {hit[0]}", kind="reveal",
                         data={"hex": hit[0], "units": [{"unit": uid, "name": B.unit(uid).name,
                                                         "type": B.unit(uid).type}]})

        @staticmethod
        def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
            pop(st, fr)
            for uid in st.units:
                st.units[uid].moved = False
            push(st, "overstack", side=side, case="13.3")

    Movement.__doc__ = f"12.0: the {side} Ground Movement Phase."
    return Movement


frame("phase_allied_movement")(_movement_frame("Allied"))
frame("phase_japanese_movement")(_movement_frame("Japanese"))


@frame("overstack")
class Overstack:
    """13.3: the owner of an over-stacked hex picks the fewest units to bring it within 13.1/13.2; they go to the
    Replacements display (they do not score for the enemy, R-5)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        side = fr["side"]
        over = overstacked(B.stack_limits(), side, B.stacks(st, side), B.stack_class(st))
        if not over:
            return None
        h, excess = next(iter(over.items()))
        m = B.board()
        cls = B.stack_class(st)
        ids = [uid for uid in B.stacks(st, side)[h] if cls(uid) in excess]
        return ask(side, "overstack", f"{m.label(h)} is over-stacked ({excess}): remove a unit", "13.3",
                   [opt("remove", f"remove {B.unit(uid).name}", unit=uid) for uid in ids],
                   {"hex": m.label(h), "excess": excess})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        uid = action["unit"]
        frm = st.units[uid].loc
        st.units[uid].loc, st.units[uid].concealed = "replacements", False
        ctx.emit("13.3", f"{B.unit(uid).name} is removed from over-stacked {frm}", data={"unit": uid, "hex": frm})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


# -- base building (20.0) ------------------------------------------------------------------------------------------


def base_cost(h: Hex) -> int | None:
    """20.1 (E16): 3 LP in a port hex, 1 in an airfield hex, 4 in a hex with both; None where neither is."""
    m, d = B.board(), B.data()
    port, field = m.has_feature(h, "port"), m.has_feature(h, "airfield")
    if port and field:
        return d.constant("base.port_airfield")
    if port:
        return d.constant("base.port")
    if field:
        return d.constant("base.airfield")
    return None


@frame("phase_base_building")
class BaseBuilding:
    """20.1: an Allied engineer on its mobile side in a port or airfield hex flips to its base side for the LP of
    E16, one base per hex; 20.2: a base may flip back to its engineer side."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if fr.get("finished"):
            return None
        m = B.board()
        options = []
        based = {st.units[uid].loc for uid in B.units_of(st, "Allied") if st.units[uid].base}
        for uid in B.units_of(st, "Allied"):
            u = st.units[uid]
            if B.unit(uid).type != "engineer":
                continue
            if u.base:
                options.append(opt("demobilize", f"flip the base at {u.loc} back to {B.unit(uid).name}", unit=uid))
                continue
            cost = base_cost(m.hex(u.loc))
            if cost is not None and u.loc not in based and st.lp["Allied"] >= cost:
                options.append(opt("build", f"{B.unit(uid).name} builds a base at {u.loc} ({cost} LP)", unit=uid))
        options.append(opt("end_base_building", "end the Base Building Phase"))
        return ask("Allied", "base_building", "Build engineer bases", "20.1", options)

    @staticmethod
    def refuse(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
        if action.kind != "build":
            return None
        uid = action.get("unit")
        if uid not in st.units or not st.units[uid].on_map or B.unit(uid).type != "engineer" or \
                B.unit(uid).side != "Allied":
            return IllegalAction("20.1", f"{uid!r} is not an Allied engineer on the map")
        cost = base_cost(B.board().hex(st.units[uid].loc))
        if cost is None:
            return IllegalAction("20.1", f"{st.units[uid].loc} has neither a port nor an airfield")
        if any(st.units[x].base and st.units[x].loc == st.units[uid].loc for x in B.units_of(st, "Allied")):
            return IllegalAction("20.1", f"{st.units[uid].loc} already holds an engineer base (one per hex)")
        if st.lp["Allied"] < cost:
            return IllegalAction("20.1", f"a base at {st.units[uid].loc} costs {cost} LP; the Allies have "
                                 f"{st.lp['Allied']}")
        return None

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "end_base_building":
            fr["finished"] = True
            return
        uid = action["unit"]
        u = st.units[uid]
        if action.kind == "demobilize":
            u.base = False
            ctx.emit("20.2", f"The base at {u.loc} flips back to {B.unit(uid).name}", data={"unit": uid})
            return
        cost = base_cost(B.board().hex(u.loc))
        assert cost is not None
        st.lp["Allied"] -= cost
        u.base = True
        ctx.emit("20.1", f"{B.unit(uid).name} becomes a base at {u.loc} for {cost} LP", kind="lp",
                 data={"unit": uid, "hex": u.loc, "cost": cost, "lp": st.lp["Allied"]})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


@frame("phase_air_return")
class AirReturn:
    """Air Return Phase (6.1): air strikes on the map go back to the Available display. None can be on the map
    yet (the air phases raise before any is flown). Naval gunfire units a fleet sortie sent to the Available
    display (18.0) come back to the Staging Area here, ready for the next GT."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        st.plan = {}  # 16.1: every TAC point is free to plan again next GT
        st.interdiction = {}  # 16.4: interdiction points go home
        if st.suppressed:  # 16.5: the B-29 goes home and its suppression ends
            ctx.emit("16.5", f"B-29 suppression ends at {', '.join(st.suppressed)}", data={"hexes": st.suppressed})
            st.suppressed = []
        away = {k: n for k, n in st.ng_away.items() if n}
        if not away:
            _nothing(st, fr, ctx, "no air strikes on the map")
            return
        for k, n in away.items():
            st.ng[k] = st.ng.get(k, 0) + n
        st.ng_away = {}
        ctx.emit("18.0", f"Naval gunfire units back in the Staging Area after the fleet sortie: {away}", data=away)
        pop(st, fr)


@frame("phase_end_of_turn")
class EndOfTurn:
    """End of Turn (6.1): stacking for both sides (13.3), sudden death (4.1), victory after the last GT (4.2),
    else the GT marker advances."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if not fr.get("stacked"):
            fr["stacked"] = True
            push_many(st, [("overstack", {"side": "Allied", "case": "13.3"}),
                           ("overstack", {"side": "Japanese", "case": "13.3"})])
            return
        pop(st, fr)
        if st.turn >= B.data().constant("sudden_death.from_gt") and sudden_death(st, ctx):
            return
        if st.turn >= st.last_turn:
            final_victory(st, ctx)
            return
        st.turn += 1
        ctx.emit("6.1", f"The GT marker advances to GT {st.turn}", kind="turn", data={"turn": st.turn})


# -- victory (4.0) -----------------------------------------------------------------------------------------------


def sudden_death(st: State, ctx: Context) -> bool:
    """4.1 (from GT 2, R-3, checked before every phase, R-67): the Allies win if their ground units hold every port
    and airfield hex of the map; the Japanese win if no Allied ground unit is on the map."""
    m = B.board()
    allied = B.occupied(st, "Allied")
    targets = set(m.find("port")) | set(m.find("airfield"))
    winner = None
    if not allied:
        winner, why = "Japanese", "no Allied ground unit is on the Formosa map"
    elif targets <= allied:
        winner, why = "Allied", "Allied ground units occupy every port and airfield hex"
    if winner is None:
        return False
    st.result = {"winner": winner, "level": "strategic", "sudden_death": True, "turn": st.turn, "reason": why}
    ctx.emit("4.1", f"Sudden death: {winner} strategic victory ({why})", kind="result", data=dict(st.result))
    return True


def victory_points(st: State) -> dict[str, Any]:
    """4.2: Allied VP for objectives they control (bases needed at ports and airfields); Japanese VP per Allied
    HQ, regiment, brigade or group eliminated (R-5: not those removed for over-stacking)."""
    m, d = B.board(), B.data()
    allied = B.occupied(st, "Allied")
    based = {m.hex(st.units[uid].loc) for uid in B.units_of(st, "Allied") if st.units[uid].base}
    parts = {"major_port": 0, "minor_port": 0, "airfield": 0, "industrial": 0, "peak": 0}
    for h in sorted(allied):
        if h in based and m.has_feature(h, "port"):
            parts[f"{B.port_size(h)}_port"] += d.constant(f"vp.{B.port_size(h)}_port")
        if h in based and m.has_feature(h, "airfield"):
            parts["airfield"] += d.constant("vp.airfield")
        if m.has_feature(h, "industrial"):
            parts["industrial"] += d.constant("vp.industrial")
        if m.has_feature(h, "peak") or m.terrain(h) == "peak":
            parts["peak"] += d.constant("vp.peak")
    sizes = ("regiment", "brigade", "group", "hq", "corps", "army", "task_force")
    lost = [uid for uid, u in st.units.items() if u.loc == "eliminated" and B.unit(uid).side == "Allied"
            and (B.unit(uid).size in sizes or B.unit(uid).type == "hq")]
    return {"Allied": sum(parts.values()), "Japanese": len(lost) * d.constant("vp.japanese_per_unit"),
            "allied_parts": parts, "japanese_units": sorted(lost)}


def final_victory(st: State, ctx: Context) -> None:
    vp = victory_points(st)
    margin = vp["Allied"] - vp["Japanese"]
    band = B.data().victory_level(margin)
    st.result = {"winner": band.winner or None, "level": band.level, "sudden_death": False, "margin": margin,
                 "points": {"Allied": vp["Allied"], "Japanese": vp["Japanese"]}, "breakdown": vp}
    ctx.emit("4.2", f"Game over after GT {st.turn}: margin {margin}, {band.level} {band.winner}".strip(),
             kind="result", data=dict(st.result))
