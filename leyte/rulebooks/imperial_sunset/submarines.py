"""Submarines (module 10): sonar markers drawn and placed each turn, contacts, attacks and the ASW answer.

10.1 A roll (+1 for every submarine sunk so far) sets how many sonar markers come into play. 10.2 They are drawn at
random from a cup of IJN, USN and false-contact markers and placed alternately; a roll per marker says whether it
goes on or next to an enemy TF (odd) or at least two hexes from every enemy TF (even). 10.3 They never move, one to
a hex. 10.4 A TF moving from, into or through a marker's hex — or activated there and not leaving — turns it over:
a false contact or a friendly boat is removed; an enemy boat gets a contact report (10.5: how many ship units,
capital ships or not) and may attack on the Submarine Attack Table (the IJN subtracts 2); 10.6 the torpedoes use
the Damage Table's 6 column. 10.7 If the TF has a destroyer unit it counterattacks. 10.8 All markers go in the
Terminal Phase.

Rulings (RULINGS.md): markers are placed face-down — neither player knows what he places; the IJN places first;
a dummy TF also turns markers over, and an enemy boat finding it exposes the dummy, which is removed (5.4).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from leyte.core.dice import Modifier
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset import damage, engine
from leyte.rulebooks.imperial_sunset.common import active_tfs, hex_options, live_ships, sea_labels
from leyte.rulebooks.imperial_sunset.data import CAPITAL_TYPES, CARRIER_TYPES, ISData
from leyte.rulebooks.imperial_sunset.engine import ask, frame, opt, pop
from leyte.rulebooks.imperial_sunset.state import State, TFState, other


@frame("subs")
class SubDetermination:
    """10.1–10.2: how many markers this turn, drawn from the cup and placed in turn."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        D = st.data
        pop(st, fr)
        mods = [Modifier(st.subs_sunk * D.mod("sub_determination.sub_eliminated"),
                         f"{st.subs_sunk} submarine(s) sunk so far")] if st.subs_sunk else []
        rec = ctx.roll_on(D.table("sub_determination"), None, mods, purpose="submarine determination", rule="10.1")
        n = int(rec.result["markers"])
        cup = (["IJN"] * D.mod("sonar.cup.IJN") + ["USN"] * D.mod("sonar.cup.USN")
               + ["dummy"] * D.mod("sonar.cup.dummy"))
        drawn = []
        for _ in range(min(n, len(cup))):
            drawn.append(cup.pop(ctx.dice.choice_index(len(cup))))
        ctx.emit("10.2", f"{len(drawn)} sonar markers are drawn face-down", kind="sonar", data={"count": len(drawn)})
        if drawn:
            engine.push(st, "sub_place", queue=drawn, placer="IJN", parity=None)


@cache
def _around(D: ISData, label: str) -> frozenset[str]:
    """A hex and its on-map neighbours (10.2's "on or next to")."""
    m = D.map
    return frozenset(m.label(h) for h in m.within(m.hex(label), 1))


@cache
def _sea_set(D: ISData) -> frozenset[str]:
    return frozenset(sea_labels(D))


def _placement_hexes(st: State, placer: str, odd: bool) -> list[str]:
    """Odd roll: on or next to an enemy TF marker; even roll: two or more hexes from every one (10.2)."""
    D = st.data
    near: set[str] = set()
    for t in active_tfs(st, other(placer)):
        if t.hex:
            near |= _around(D, t.hex)
    taken = {s["hex"] for s in st.sonar}
    if odd:
        sea = _sea_set(D)
        return [lab for lab in sorted(near) if lab not in taken and lab in sea]
    return [lab for lab in sea_labels(D) if lab not in near and lab not in taken]


@frame("sub_place")
class SubPlace:
    """10.2: alternate placement; each marker's roll limits where it may go."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if not fr["queue"]:
            pop(st, fr)
            return
        if fr["parity"] is None:
            rec = ctx.roll("d10", purpose=f"{fr['placer']} sonar placement roll", rule="10.2")
            fr["parity"] = "odd" if rec.final % 2 else "even"
            fr["hexes"] = _placement_hexes(st, fr["placer"], fr["parity"] == "odd")
            if fr["hexes"]:
                return
        # nowhere legal to put it: the marker is set aside
        fr["queue"].pop(0)
        ctx.emit("10.2", "No legal hex for this sonar marker; it is set aside", kind="sonar")
        fr["placer"], fr["parity"] = other(fr["placer"]), None

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if not fr["queue"] or fr["parity"] is None or not fr.get("hexes"):
            return None
        where = "on or next to an enemy TF" if fr["parity"] == "odd" else "two or more hexes from every enemy TF"
        return ask(fr["placer"], "sub_place", f"Place a sonar marker {where}", "10.2",
                   hex_options("place_sonar", "Sonar marker to", fr["hexes"]),
                   data={"parity": fr["parity"], "markers_left": len(fr["queue"])})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        identity = fr["queue"].pop(0)
        st.counter += 1
        st.sonar.append({"id": f"sonar-{st.counter}", "hex": str(action["hex"]), "identity": identity})
        ctx.emit("10.2", f"{fr['placer']} places a sonar marker in {action['hex']}", kind="sonar",
                 data={"hex": action["hex"], "placer": fr["placer"]})
        fr["placer"], fr["parity"] = other(fr["placer"]), None
        fr.pop("hexes", None)


def contact_frames(st: State, tf: TFState, hex_label: str, *, leaving: bool,
                   stayed: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """10.4: a contact for every sonar marker in the hex a TF leaves, enters or stays in."""
    return [("sub_contact", {"sonar": s["id"], "tf": tf.id, "hex": hex_label})
            for s in st.sonar if s["hex"] == hex_label]


def _find(st: State, sonar_id: str) -> dict[str, Any] | None:
    return next((s for s in st.sonar if s["id"] == sonar_id), None)


@frame("sub_contact")
class SubContact:
    """10.4–10.7: reveal the marker; an enemy boat may attack; ASW answers."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        marker = _find(st, fr["sonar"])
        tf = st.tfs.get(fr["tf"])
        if marker is None or tf is None or not tf.in_play or (not tf.dummy and not live_ships(st, tf)):
            pop(st, fr)
            return
        ident = marker["identity"]
        if fr.get("revealed"):
            pop(st, fr)
            return
        fr["revealed"] = True
        ctx.emit("10.4", f"The sonar marker in {marker['hex']} is turned over: "
                 f"{'a false contact' if ident == 'dummy' else ident + ' submarine'}", kind="sonar",
                 data={"hex": marker["hex"], "identity": ident})
        if ident == "dummy" or ident == tf.side:
            st.sonar.remove(marker)
            pop(st, fr)
            return
        if tf.dummy:
            tf.in_play = False
            ctx.emit("5.4", f"The submarine finds nothing: TF {tf.id} was a dummy and is removed",
                     kind="dummy_removed", data={"tf": tf.id})
            pop(st, fr)
            return
        ships = live_ships(st, tf)
        capital = any(st.data.ships[s].type in CAPITAL_TYPES for s in ships)
        fr["sub_side"] = ident
        fr["report"] = {"units": len(ships), "capital": capital}
        ctx.emit("10.5", f"Contact report to the {ident} submarine: {len(ships)} ship units"
                 + (", capital ships present" if capital else ", no capital ships"), kind="report",
                 data={"tf": tf.id, **fr["report"]}, visible=(ident,))

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if "report" not in fr or fr.get("attacked"):
            return None
        stage = fr.get("stage", "attack?")
        if stage == "attack?":
            return ask(fr["sub_side"], "sub_attack", f"Your submarine in {fr['hex']} has contact "
                       f"({fr['report']['units']} units). Attack?", "10.4",
                       [opt("sub_attack", "Attack"), opt("sub_hold", "Hold fire")],
                       data={"hex": fr["hex"], "units": fr["report"]["units"]})
        if stage == "choose":
            return ask(fr["sub_side"], "sub_target", "Choose the kind of ship to attack", "10.5",
                       [opt("sub_target", f"Attack a {c}", category=c) for c in fr["categories"]])
        return None

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        D = st.data
        if action.kind == "sub_hold":
            fr["attacked"] = True
            pop(st, fr)
            return
        if action.kind == "sub_attack":
            mods = [Modifier(D.mod("sub_attack.ijn"), "IJN submarine (10.4)")] if fr["sub_side"] == "IJN" else []
            rec = ctx.roll_on(D.table("sub_attack"), None, mods, purpose="submarine attack", rule="10.4")
            fr["attacks"] = int(rec.result["attacks"])
            fr["target_rule"] = str(rec.result["target"])
            if fr["attacks"] <= 0:
                fr["attacked"] = True
                ctx.emit("10.4", "The submarine cannot get into an attack position", kind="sub")
                pop(st, fr)
                return
            if fr["target_rule"] == "chosen":
                # E11: every category of the game is offered, not only those in the TF (which would tell the
                # submarine more than its contact report); a category the TF lacks falls back to any ship.
                cats = sorted({d.category for d in D.ships.values()})
                fr["categories"], fr["stage"] = cats, "choose"
                return
            _resolve(st, fr, None, ctx)
            return
        if action.kind == "sub_target":
            _resolve(st, fr, str(action["category"]), ctx)


def hidden_target(tf: TFState) -> str:
    """How a submarine's target reads in the log: a ship unit of the TF, never its name (10.5)."""
    return f"a ship unit of TF {tf.id}"


def _resolve(st: State, fr: dict[str, Any], category: str | None, ctx: Context) -> None:
    D = st.data
    tf = st.tfs[fr["tf"]]
    fr["attacked"] = True
    pop(st, fr)
    for _ in range(fr["attacks"]):
        pool = live_ships(st, tf)
        if fr["target_rule"] == "random_non_escort":
            pool = [s for s in pool if D.ships[s].type not in ("DD", "DE")] or pool
        if category is not None:
            pool = [s for s in pool if D.ships[s].category == category] or live_ships(st, tf)
        if not pool:
            break
        target = pool[ctx.pick(len(pool), purpose="submarine target drawn at random", rule="10.5")]
        # Ruling E11: the submarine player never learns which ship his torpedoes hit, only what they score.
        who = hidden_target(tf)
        rec = ctx.roll_on(D.table("damage"), 6, (), purpose=f"torpedoes at {who}", rule="10.6")
        damage.apply_hits(st, target, int(rec.result.get("hits", 0)), ctx, rule="10.6", cause="submarine",
                          critical=bool(rec.result.get("critical", False)), public_name=who)
    _asw(st, fr, tf, ctx)


def _asw(st: State, fr: dict[str, Any], tf: TFState, ctx: Context) -> None:
    """10.7: a TF with a destroyer unit rolls against the submarine; a modified 10 sinks it."""
    D = st.data
    dds = [s for s in live_ships(st, tf) if D.ships[s].type in ("DD", "DE")]
    if not dds:
        ctx.emit("10.7", "No destroyer unit in the TF: no ASW counterattack", kind="sub")
        return
    mods = []
    if len(dds) > 1:
        mods.append(Modifier((len(dds) - 1) * D.mod("asw.extra_destroyer"), f"{len(dds) - 1} extra destroyer unit(s)"))
    if tf.side == "USN" and any(D.ships[s].type in CARRIER_TYPES for s in live_ships(st, tf)):
        mods.append(Modifier(D.mod("asw.usn_carrier"), "USN carrier present"))
    rec = ctx.roll_on(D.table("asw"), None, mods, purpose="ASW counterattack", rule="10.7")
    if rec.result.get("sunk"):
        marker = _find(st, fr["sonar"])
        if marker is not None:
            st.sonar.remove(marker)
        st.subs_sunk += 1
        ctx.emit("10.7", f"The {fr['sub_side']} submarine is sunk", kind="sub", data={"sunk": True})


def remove_all(st: State, ctx: Context) -> None:
    """10.8: every sonar marker leaves the map in the Terminal Phase."""
    if st.sonar:
        ctx.emit("10.8", f"{len(st.sonar)} sonar marker(s) removed", kind="sonar")
    st.sonar = []
