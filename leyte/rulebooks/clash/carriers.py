"""Aircraft from different carriers, optional rule 15.6 (option ``cross_decking``).

With the option, the scenario records each IJN carrier's "starting scenario strength" (``scenario.deck_capacity``:
the full-strength factors of the units it starts with) in ``st.flags["deck_capacity"]``. Two things read it:

- Imperial Sunset's damage code, when an IJN carrier sinks: its air units land on other IJN carriers in its hex
  while their factors fit (ruling R-74); the rest are lost, as every sunk carrier's are without the option;
- the Initial Phase step here (``clash_cross_deck``, after both sides' formations): the IJN may move carrier air
  units to another IJN carrier in the same hex that still operates aircraft (9.4), each unit once a turn, as long as
  the factors aboard the receiving carrier stay within its starting strength.

USN carrier air never changes carrier (15.6): a USN unit in the step is refused naming the case, and a sunk USN
carrier's units are lost with it. Without the option nothing here runs and the flag is never set.
"""

from __future__ import annotations

from typing import Any

from leyte.core.cases import own
from leyte.core.errors import IllegalAction
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.clash.engine import ask, frame, opt, pop
from leyte.rulebooks.imperial_sunset.state import State

GONE = ("destroyed", "eliminated", "out")
MOVABLE = ("ready", "flown")  # aboard; CAP has landed by the Initial Phase (5.7)


def decks(st: State) -> dict[str, int]:
    """Carrier id -> starting factors, for the carriers that may take other carriers' aircraft (empty without the
    option)."""
    return dict((st.flags.get("deck_capacity") or {}).get("decks", {}))


def factors(st: State, aid: str) -> int:
    d = st.data.air[aid]
    return d.reduced if st.air[aid].reduced else d.strength


def aboard(st: State, carrier: str) -> int:
    """The factors now based on ``carrier`` (full or reduced side), lost units not counted."""
    return sum(factors(st, a.id) for a in st.air.values() if a.parent == carrier and not a.ashore and a.box not in GONE)


def deck_hex(st: State, sid: str) -> str | None:
    s = st.ships[sid]
    return st.tfs[s.tf].hex if s.tf in st.tfs else s.hex


def operating(st: State, sid: str) -> bool:
    s = st.ships.get(sid)
    return s is not None and not s.sunk and not s.exited and not s.air_ops_lost


def why_not(st: State, fr: dict[str, Any], aid: str, to: str) -> str | None:
    """Why air unit ``aid`` may not move to carrier ``to`` now (15.6, R-74), or None if it may."""
    D = st.data
    a = st.air.get(aid)
    if a is None:
        return f"{aid!r} is no air unit of this game"
    if a.side != fr["side"]:
        return f"{D.air[aid].name} is a {a.side} unit: {a.side} carrier air never operates from another carrier"
    caps = decks(st)
    if a.parent not in caps or a.ashore or a.box not in MOVABLE:
        return f"{D.air[aid].name} is not a carrier air unit aboard one of the {fr['side']}'s carriers"
    if aid in fr.get("moved", []):
        return f"{D.air[aid].name} has already changed carrier this turn"
    if to not in caps or to == a.parent or not operating(st, to):
        return f"{to} is not another {fr['side']} carrier still operating aircraft"
    if deck_hex(st, to) != deck_hex(st, a.parent):
        return f"{D.ships[to].name} is not in the hex of {D.ships[a.parent].name}"
    need, now = factors(st, aid), aboard(st, to)
    if now + need > caps[to]:
        return (f"{D.ships[to].name} holds {now} of its starting {caps[to]} factors: {D.air[aid].name} ({need}) "
                "does not fit")
    return None


def moves(st: State, fr: dict[str, Any]) -> list[Action]:
    D = st.data
    caps = decks(st)
    out: list[Action] = []
    for a in sorted(st.air.values(), key=lambda a: a.id):
        if a.side != fr["side"] or a.parent not in caps:
            continue
        for to in caps:
            if why_not(st, fr, a.id, to) is None:
                out.append(opt("cross_deck", f"{D.air[a.id].name} moves from {D.ships[a.parent].name} to "
                               f"{D.ships[to].name}", air=a.id, to=to))
    return out


@frame("clash_cross_deck")
class CrossDeck:
    """15.6: the IJN moves carrier air units between its carriers in one hex, or finishes (``side``, ``moved``)."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)  # decide() asked nothing: no unit can change carrier

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        options = moves(st, fr)
        if not options:
            return None
        return ask(fr["side"], "cross_deck", f"{fr['side']}: move carrier aircraft to another carrier in the same hex,"
                   " or finish (Initial Phase)", own("15.6"), [opt("cross_deck_done", "No more changes"), *options],
                   data={"side": fr["side"]})

    @staticmethod
    def refuse(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
        if action.kind != "cross_deck":
            return None
        why = why_not(st, fr, str(action.get("air")), str(action.get("to")))
        return IllegalAction(own("15.6"), why, state=f"{fr['side']} cross-decking") if why else None

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "cross_deck_done":
            pop(st, fr)
            return
        why = CrossDeck.refuse(st, fr, action)
        if why is not None:
            raise why
        aid, to = str(action["air"]), str(action["to"])
        a = st.air[aid]
        frm, a.parent = a.parent, to
        fr.setdefault("moved", []).append(aid)
        D = st.data
        ctx.emit(own("15.6"), f"{D.air[aid].name} moves from {D.ships[frm].name} to {D.ships[to].name} "
                 f"({aboard(st, to)} of {decks(st)[to]} factors aboard)", kind="cross_deck",
                 data={"air": aid, "from": frm, "to": to}, visible=(fr["side"],))
