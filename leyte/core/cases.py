"""Case numbers for a game that runs another game's rules modules.

Two rulebooks of one rules family (one designer, one system) number the same procedure differently: the air strike
that is case 8.1 in one is 8.0 in the other. A sister game that reuses the first game's modules must still cite its
*own* rulebook in every event, question and refusal — a player holding that rulebook looks up what the game cites.

``CaseMap`` does the renumbering at the boundary where the rules talk to the player: the events written through a
``CaseContext``, the rule of each ``Decision``, and the rule of each ``IllegalAction``. The shared modules keep their
literals and stay byte-for-byte what the base game runs. A case the map does not know passes through unchanged, so
the sister game's own modules write their own numbers; where one of those numbers is also a base case the map
renames, they mark it with ``own("8.2")`` and it passes through as written.

A base case the sister rulebook has no counterpart for maps to ``None``: reaching it means a base-only rule ran in
the sister game, which is a bug, and the translation raises rather than cite a case the player cannot find.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from leyte.core.errors import IllegalAction, LeyteError, ScenarioError
from leyte.core.game import Context, Decision, Event


class Own(str):
    """A case number already in the running game's own numbering: the map never renames it."""

    __slots__ = ()


def own(case: str) -> Own:
    """Mark ``case`` as the running game's own number (see the module docstring)."""
    return Own(case)


@dataclass(frozen=True)
class CaseMap:
    """Base game's case → this game's case (``None``: no counterpart in this game's rulebook)."""

    base: str
    game: str
    cases: Mapping[str, str | None]

    def __call__(self, case: str) -> str:
        if type(case) is Own:
            return str(case)
        if case not in self.cases:
            return case
        mapped = self.cases[case]
        if mapped is None:
            raise LeyteError(f"{self.game}: {self.base} case {case} has no counterpart in this game's rules "
                             f"(a {self.base}-only rule ran; engine bug)")
        return mapped

    def decision(self, d: Decision | None) -> Decision | None:
        if d is None:
            return None
        rule = self(d.rule)
        return d if rule == d.rule and type(d.rule) is str else dataclasses.replace(d, rule=rule)

    def refusal(self, e: IllegalAction) -> IllegalAction:
        rule = self(e.rule)
        if rule == e.rule and type(e.rule) is str:
            return e
        return IllegalAction(rule, e.reason, state=e.state)

    @classmethod
    def read(cls, path: Path, base: str, game: str) -> CaseMap:
        """Read a ``cases.csv`` (columns ``base_case``, ``case``, ``note``; an empty ``case`` means no counterpart).

        Each base case appears once; the note says why the two numbers are the same rule (or why there is none).
        """
        from leyte.core.datafiles import rows

        cases: dict[str, str | None] = {}
        for r in rows(path):
            b = r.str("base_case")
            if b in cases:
                raise r.err("base_case", f"case {b!r} appears twice")
            c = r.str("case", "")
            cases[b] = c or None
        if not cases:
            raise ScenarioError(f"{path}: no rows")
        return cls(base, game, cases)


class CaseContext(Context):
    """A rules context that writes every event under the running game's own case numbers.

    Wraps the context the rules receive (which may itself rewrite events, like a masking context): the wrapped
    context's ``emit`` runs with the renumbered case, so whatever it does to the text still happens once.
    """

    __slots__ = ("inner", "cases")

    def __init__(self, ctx: Context, cases: CaseMap) -> None:
        super().__init__(ctx.dice, ctx.events)
        self.inner = ctx
        self.cases = cases

    def emit(self, rule: str, text: str, *, kind: str = "info", data: Mapping[str, Any] | None = None,
             visible: Sequence[str] | None = None) -> Event:
        return self.inner.emit(self.cases(rule), text, kind=kind, data=data, visible=visible)

    def roll_on(self, table: Any, column: Any, modifiers: Sequence[Any] = (), *, purpose: str, rule: str,
                visible: Sequence[str] | None = None, text: str | None = None) -> Any:
        case = self.cases(rule)  # the roll's own record cites the game's case too
        rec = self.dice.roll_on(table, column, modifiers, purpose=purpose, rule=case)
        self.inner.emit(case, text or rec.text(), kind="roll", data={"roll": rec.to_dict()}, visible=visible)
        return rec

    def roll(self, die: str, modifiers: Sequence[Any] = (), *, purpose: str, rule: str,
             visible: Sequence[str] | None = None, text: str | None = None) -> Any:
        case = self.cases(rule)
        rec = self.dice.roll_plain(die, modifiers, purpose=purpose, rule=case)
        self.inner.emit(case, text or rec.text(), kind="roll", data={"roll": rec.to_dict()}, visible=visible)
        return rec
