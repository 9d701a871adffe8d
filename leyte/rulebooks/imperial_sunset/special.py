"""Special rules (module 11): kamikazes and PT boats.

11.1 Kamikazes enter the activation pool on 25 and 26 October day turns; drawn, each strikes a detected USN TF with
no CAP and no AA, at a ship that is not a destroyer or escort, on the Damage Table's 9 column, every point of damage
also a critical hit (the strike itself is resolved in ``air``). With nothing detected, it waits.

11.2 One PT marker stands for the Seventh Fleet's 39 PT boats. Each Initial Phase the USN places it within three
hexes of its base hex (ruled 3521, see RULINGS.md); an IJN TF that enters its hex is attacked at once, before any
other combat and without detection, on the PT Boat Attack Table (+2 at night).
"""

from __future__ import annotations

from typing import Any

from leyte.core.dice import Modifier
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset import damage
from leyte.rulebooks.imperial_sunset.common import is_day, live_ships
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.engine import ask, frame, opt, pop
from leyte.rulebooks.imperial_sunset.state import State, TFState
from leyte.rulebooks.imperial_sunset.submarines import hidden_target


def pt_zone(D: ISData) -> list[str]:
    m = D.map
    tagged = [m.label(h) for h in m.find("pt_zone")]
    if tagged:
        return [lab for lab in tagged if m.is_sea(m.hex(lab))]
    base = m.hex(f"{D.mod('pt.base'):04d}")
    return [m.label(h) for h in m.within(base, D.mod("pt.radius")) if m.is_sea(h)]


@frame("pt_place")
class PTPlace:
    """11.2: the USN puts the PT boats somewhere in their zone for this turn."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        D = st.data
        if st.options.get("pt_boats", True) is False:
            return None
        options = [opt("place_pt", f"PT boats to {h}", hex=h) for h in pt_zone(D)]
        if st.pt_hex in pt_zone(D):
            options.sort(key=lambda a: a["hex"] != st.pt_hex)  # keep last turn's spot first
        return ask("USN", "pt_place", "Place the PT boats (within 3 hexes of the beachhead)", "11.2", options)

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        st.pt_hex = str(action["hex"])
        ctx.emit("11.2", f"The PT boats deploy to {st.pt_hex}", kind="pt", data={"hex": st.pt_hex})
        pop(st, fr)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        st.pt_hex = None
        pop(st, fr)


def pt_frames(st: State, tf: TFState, hex_label: str) -> list[tuple[str, dict[str, Any]]]:
    if tf.side != "IJN" or st.pt_hex != hex_label:
        return []
    return [("pt_attack", {"tf": tf.id, "hex": hex_label})]


@frame("pt_attack")
class PTAttack:
    """11.2.1: the PT boats attack an IJN TF entering their hex."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        D = st.data
        tf = st.tfs.get(fr["tf"])
        if tf is None or not tf.in_play or tf.hex != fr["hex"]:
            return
        mods = [] if is_day(st) else [Modifier(D.mod("pt.night"), "night (11.2.1)")]
        rec = ctx.roll_on(D.table("pt_attack"), None, mods, purpose=f"PT boat attack on TF {tf.id}", rule="11.2.1")
        loss, hits = int(rec.result.get("mp_loss", 0)), int(rec.result.get("hits", 0))
        if loss:
            tf.mp_markers += loss
            ctx.emit("11.2.1", f"TF {tf.id} gets a -{loss} MP marker from the PT boats", kind="pt",
                     data={"tf": tf.id, "mp_loss": loss})
        if hits:
            ships = live_ships(st, tf)
            if not ships:
                tf.in_play = False
                ctx.emit("5.4", f"The PT boats find TF {tf.id} empty: a dummy, removed", kind="dummy_removed",
                         data={"tf": tf.id})
                return
            target = ships[ctx.pick(len(ships), purpose="PT hit lands on a random ship", rule="11.2.1")]
            # As for a submarine's target (ruling E11): the PT boats attack without detection and learn what their
            # torpedoes scored, not which ship they hit.
            damage.apply_hits(st, target, hits, ctx, rule="11.2.1", cause="PT boats",
                              public_name=hidden_target(tf))
