"""Shared helpers for Clash's surface combat tests (12.0-12.9): a battle pushed on a position of the game's own data.

The surface tables (placement, 12.2) and constants live only in the game's data folder, so these tests run on it.
To test a battle alone (movement pushes ``clash_surface_battle`` in a whole game), ``battle`` builds a game at
its formation step, swaps the stack for a host frame with the battle above it, and lets the engine run; from then on
every choice goes through ``Game.apply`` (the public API) and every roll comes from the scripted dice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from leyte.core.game import Action, Context, Decision, Game
from leyte.rulebooks.clash import surface  # registers clash_surface_battle and Clash's battle_place
from leyte.rulebooks.clash.engine import ask, frame, opt, pop, push
from leyte.rulebooks.clash.rules import RULES
from leyte.rulebooks.clash.scenario import engine_advance
from leyte.rulebooks.imperial_sunset.state import State

_ = surface
HEX = "2010"  # open sea in the middle of the map


@frame("test_surface_host")
class _Host:
    """What the sequence of play will be: the frame under the battle, waiting once the battle is over."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision:
        return ask("USN", "test_end", "the battle is over", "12.0", [opt("test_end", "end")])

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        pop(st, fr)


def tg(tid: str, side: str, ships: list[str], hex_label: str = HEX, *, tf: str | None = None) -> dict[str, Any]:
    d: dict[str, Any] = {"id": tid, "name": tid.upper(), "side": side, "hex": hex_label, "ships": ships}
    if tf:
        d["tf"] = tf
    return d


def battle(ijn: list[str], usn: list[str], dice: Sequence[int], *, day: bool = True, attacker: str = "USN",
           hits: dict[str, int] | None = None, extra: list[dict[str, Any]] | None = None,
           tfs: list[dict[str, Any]] | None = None, formations: dict[str, list[str]] | None = None,
           usn_tf: str | None = None, air: list[dict[str, Any]] | None = None, seed: int = 7) -> Game:
    """A game whose next frames are a surface battle in HEX between TG "ijn" and TG "usn" (or ``formations``)."""
    tgs = [tg("ijn", "IJN", ijn), tg("usn", "USN", usn, tf=usn_tf)] + list(extra or [])
    pos: dict[str, Any] = {"id": "surface-test", "tgs": tgs, "tfs": tfs or [], "air": air or [],
                           "start": {"phase": "formations", "side": "USN"}}
    if hits:
        pos["ships"] = [{"id": k, "hits": v} for k, v in hits.items()]
    g = Game(RULES, RULES.load_scenario(pos), seed=seed, dice=list(dice))
    st = g.state
    st.stack.clear()
    del g.events[:]  # the set-up log (its 4.0 turn marker) belongs to the stack just thrown away
    st.flags["day"] = day
    push(st, "test_surface_host")
    push(st, "clash_surface_battle", hex=HEX, attacker=attacker,
         formations=formations or {"IJN": ["ijn"], "USN": ["usn"]})
    engine_advance(st, RULES._context(Context(g.dice, g.events), RULES.data()))
    g._decision = False
    return g


def record(g: Game) -> dict[str, Any] | None:
    """The battle record (the ``surface_battle`` frame), or None once the battle is over."""
    return next((f for f in g.state.stack if f["kind"] == "surface_battle"), None)


def area(g: Game, sid: str) -> int:
    bf = record(g)
    assert bf is not None
    return int(bf["display"][sid]["area"])


def default(g: Game, d: Decision) -> Action:
    """Stay, hold fire, keep torpedoes, lay no smoke, fight on."""
    bf = record(g)
    for o in d.options:
        if o.kind == "move" and bf is not None and o["area"] == bf["display"][o["ship"]]["area"]:
            return o
        if o.kind == "fire" and not o["target"]:
            return o
        if o.kind == "smoke" and not o["area"]:
            return o
        if o.kind == "torpedo_hold" or (o.kind == "disengage" and not o["disengage"]):
            return o
    return d.options[0]


def play(g: Game, policy: Callable[[Decision], Action | None] | None = None, *,
         until: Callable[[Game], bool] | None = None, limit: int = 600) -> None:
    """Answer decisions (``policy`` first, ``default`` when it says None) until the battle is over or ``until``."""
    for _ in range(limit):
        d = g.decision
        if d is None or d.kind == "test_end" or (until is not None and until(g)):
            return
        o = (policy(d) if policy else None) or default(g, d)
        g.apply(o)
    raise AssertionError("the battle did not end")


def rolls(g: Game, *, rule: str | None = None, table: str | None = None) -> list[dict[str, Any]]:
    out = [e.data["roll"] for e in g.events if e.kind == "roll"]
    return [r for r in out if (rule is None or r["rule"] == rule) and (table is None or r.get("table") == table)]


def kinds(g: Game) -> list[str]:
    return [e.kind for e in g.events]
