"""Helpers for the Samar tests: build a position, find an option, run a phase with scripted dice."""

from __future__ import annotations

from typing import Any

import leyte


def pos(ships: list[dict[str, Any]], *, turn: int = 2, start: str = "combat", **kw: Any) -> dict[str, Any]:
    """A position with only the given ships on the map (hex given) and nothing in any pool."""
    return {"id": "test", "name": "test position", "turn": turn, "last_turn": kw.pop("last_turn", 16),
            "start": start, "ships": ships, "pools": kw.pop("pools", {}), "air": kw.pop("air", []),
            "smoke": kw.pop("smoke", {}), **kw}


def game(ships: list[dict[str, Any]], dice: list[int] | None = None, options: dict[str, Any] | None = None,
         **kw: Any) -> leyte.Game:
    return leyte.new_game("samar", scenario=pos(ships, **kw), dice=dice or [], options=options)


def fire(g: leyte.Game, ship: str, target: str, weapon: str = "main") -> list[leyte.Event]:
    """Select ``ship`` and fire at ``target``; the side to declare must be the ship's side."""
    g.apply({"kind": "select_firer", "ship": ship})
    return g.apply({"kind": "fire", "ship": ship, "weapon": weapon, "target": target})


def dice_for(g: leyte.Game, ship: str, target: str, weapon: str = "main") -> int | None:
    """The dice the option list offers for an attack, or None when the attack is not legal now."""
    d = g.decision
    if d is None or d.kind != "select_firer":
        return None
    if not any(o.get("ship") == ship for o in d.options):
        return None
    h = g.fork()
    h.apply({"kind": "select_firer", "ship": ship})
    for o in h.decision.options:  # type: ignore[union-attr]
        if o.kind == "fire" and o["target"] == target and o["weapon"] == weapon:
            return int(o.text.rsplit("(", 1)[1].split()[0])
    return None


def usn_to_fire(g: leyte.Game) -> None:
    """Let the IJN pass (if it has anything to fire) so the USN declares next."""
    d = g.decision
    if d is not None and d.kind == "select_firer" and d.player == "IJN":
        g.apply({"kind": "pass"})


def kinds(events: list[leyte.Event], kind: str) -> list[leyte.Event]:
    return [e for e in events if e.kind == kind]


def end_combat(g: leyte.Game) -> None:
    """Pass for both sides until the combat phase is over (the movement phase asks who moves first)."""
    while g.decision is not None and g.decision.kind in ("select_firer", "fire"):
        if g.decision.kind == "fire":
            g.apply({"kind": "hold", "ship": g.decision.options[0]["ship"]})
        else:
            g.apply({"kind": "pass"})


def move_ship(g: leyte.Game, ship: str, speed: str | None = None) -> None:
    """Select ``ship`` in the current group move and, if asked, set its speed."""
    g.apply({"kind": "move_ship", "ship": ship})
    if speed is not None and g.decision is not None and g.decision.kind == "speed":
        g.apply({"kind": "speed", "ship": ship, "speed": speed})
