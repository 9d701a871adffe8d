"""Dice: one seeded generator per game, scripted rolls for worked examples, and a record of every roll.

The generator is SplitMix64 written out here rather than ``random.Random``: its whole state is one integer, so it
fits in a JSON save in a few bytes, and its output cannot change with the Python version. Scripted values
(``new_game(..., dice=[7, 4, 10])``) are consumed first, in order, then the seed takes over — which is how the
rulebooks' worked examples and the tests get the book's numbers.

Any die size is welcome (``"d6"``, ``"d12"``, ``"d20"``) and so are sums of dice (``"2d6"``, one scripted value per
die). The exact odds of a roll are worked out as ``Fraction``s (``distribution``, ``chance_at_least``...), so a
notebook or a bot can weigh a roll before making it without sampling.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from leyte.core.diespec import DIE_SIDES, parse_dice
from leyte.core.errors import LeyteError, SaveError

if TYPE_CHECKING:  # the annotations only: tables imports nothing of this module (both read core.diespec)
    from leyte.core.tables import Cell, ColumnChoice, Shift, Table

__all__ = [
    "Dice",
    "Modifier",
    "RollRecord",
    "DIE_SIDES",
    "chance_outcomes",
    "parse_dice",
    "distribution",
    "chance_at_least",
    "chance_at_most",
]

_MASK = (1 << 64) - 1
# The usual dice by name; any "dN" or "NdS" is understood too (parse_dice).
def _die_sides(die: str | int) -> int:
    count, sides = parse_dice(die)
    if count != 1:
        raise LeyteError(f"{die!r} is {count} dice; roll it with roll_dice, which sums them")
    return sides


def _modifier_total(modifiers: Sequence[Modifier] | int) -> int:
    if isinstance(modifiers, bool):
        raise LeyteError(f"modifiers must be a number or Modifier values, not {modifiers!r}")
    if isinstance(modifiers, int):
        return modifiers
    return sum(m.value for m in modifiers)


_DISTRIBUTIONS: dict[tuple[int, int], tuple[tuple[int, Fraction], ...]] = {}


def distribution(spec: str | int, modifiers: Sequence[Modifier] | int = 0) -> dict[int, Fraction]:
    """Exact chance of each total of ``spec`` plus modifiers, lowest total first; the chances sum to exactly 1.

    Worked out by convolving one die at a time (exact integer counts, divided once at the end), remembered per
    dice spec because games and notebooks ask about the same few rolls over and over.
    """
    count, sides = parse_dice(spec)
    key = (count, sides)
    base = _DISTRIBUTIONS.get(key)
    if base is None:
        ways = {0: 1}
        for _ in range(count):
            nxt: dict[int, int] = {}
            for total, n in ways.items():
                for face in range(1, sides + 1):
                    nxt[total + face] = nxt.get(total + face, 0) + n
            ways = nxt
        whole = sides**count
        base = tuple((t, Fraction(n, whole)) for t, n in sorted(ways.items()))
        _DISTRIBUTIONS[key] = base
    shift = _modifier_total(modifiers)
    return {t + shift: p for t, p in base}


def chance_at_least(spec: str | int, target: int, modifiers: Sequence[Modifier] | int = 0) -> Fraction:
    """Exact chance that ``spec`` plus modifiers comes to ``target`` or more ("hits on 9+")."""
    return sum((p for t, p in distribution(spec, modifiers).items() if t >= target), Fraction(0))


def chance_at_most(spec: str | int, target: int, modifiers: Sequence[Modifier] | int = 0) -> Fraction:
    """Exact chance that ``spec`` plus modifiers comes to ``target`` or less ("readies on 1-3")."""
    return sum((p for t, p in distribution(spec, modifiers).items() if t <= target), Fraction(0))


_LIMITS: dict[int, int] = {}  # n -> the rejection bound of randbelow(n), worked out once per n


@dataclass(frozen=True, slots=True)
class Modifier:
    """One die-roll modifier and where it comes from ("range 11 areas, 8.3.3")."""

    value: int
    source: str

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "source": self.source}


@dataclass(frozen=True, slots=True)
class RollRecord:
    """Everything about one roll that a log, a notebook or a test may want to show."""

    purpose: str
    rule: str
    die: str
    raw: int
    modifiers: tuple[Modifier, ...] = ()
    final: int = 0
    table: str = ""
    column: str = ""
    row: str = ""
    result: dict[str, Any] = field(default_factory=dict)
    scripted: bool = False
    faces: tuple[int, ...] = ()  # each die of a sum such as 2d6; empty for a single die
    column_choice: ColumnChoice | None = None  # how a shifted odds column was reached, when shifts were given

    def to_dict(self) -> dict[str, Any]:
        out = {
            "purpose": self.purpose,
            "rule": self.rule,
            "die": self.die,
            "raw": self.raw,
            "modifiers": [m.to_dict() for m in self.modifiers],
            "final": self.final,
            "table": self.table,
            "column": self.column,
            "row": self.row,
            "result": dict(self.result),
            "scripted": self.scripted,
        }
        if self.faces:  # only sums carry faces, so single-die records (and the logs made of them) keep their shape
            out["faces"] = list(self.faces)
        if self.column_choice is not None:
            out["column_choice"] = self.column_choice.to_dict()
        return out

    def text(self) -> str:
        mods = "".join(f" {m.value:+d} ({m.source})" for m in self.modifiers)
        where = f" on {self.table} column {self.column}" if self.table else ""
        res = f" -> {self.result}" if self.result else ""
        each = f" ({'+'.join(map(str, self.faces))})" if self.faces else ""
        why = f" [{self.column_choice.text()}]" if self.column_choice is not None else ""
        return f"{self.purpose}: rolled {self.raw}{each}{mods} = {self.final}{where}{why}{res}"


class Dice:
    """The game's only source of chance.

    ``roll`` returns a raw face; ``roll_on`` rolls on a table with modifiers and returns a full ``RollRecord``.
    The game copies each record into its event log; the dice themselves keep only the generator state and the
    unused script, which is all a save needs.
    """

    __slots__ = ("seed", "state", "script", "count")

    def __init__(self, seed: int = 0, script: Iterable[int] | None = None) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise LeyteError(f"the seed must be an integer, not {seed!r}")
        self.seed = seed
        self.state = seed & _MASK
        self.script: list[int] = []
        self.count = 0
        if script is not None:
            for v in script:
                if not isinstance(v, int) or isinstance(v, bool):
                    raise LeyteError(f"scripted dice must be integers, not {v!r}")
                self.script.append(v)

    def _next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``0..n-1`` without modulo bias (rejection sampling)."""
        if n <= 0:
            raise LeyteError("randbelow needs a positive bound")
        limit = _LIMITS.get(n)
        if limit is None:
            limit = _LIMITS[n] = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self._next64()
            if x < limit:
                return x % n

    def roll(self, die: str | int = "d10") -> tuple[int, bool]:
        """One raw face of ``die`` and whether it came from the script. A scripted 0 on a d10 reads as 10."""
        sides = DIE_SIDES.get(die) if type(die) is str else None  # the common names skip parsing (a hot path)
        if sides is None:
            sides = _die_sides(die)
        self.count += 1
        if self.script:
            return self._scripted(sides), True
        return self.randbelow(sides) + 1, False

    def _face(self, sides: int) -> tuple[int, bool]:
        self.count += 1
        if self.script:
            return self._scripted(sides), True
        return self.randbelow(sides) + 1, False

    def _scripted(self, sides: int) -> int:
        v = given = self.script.pop(0)
        if sides == 10 and v == 0:
            v = 10
        if not 1 <= v <= sides:
            zero = "; a 0 reads as 10" if sides == 10 else ""
            raise LeyteError(f"scripted roll {given} is not a face of a d{sides} (faces 1-{sides}{zero})")
        return v

    def roll_dice(self, spec: str | int) -> tuple[int, tuple[int, ...], bool]:
        """Roll ``spec`` (``"2d6"``, ``"d20"``): the total, each die's face, and whether any came from the script.

        Each die takes its own scripted value, so a worked example's "3 and 5" is scripted as ``[3, 5]``.
        """
        count, sides = parse_dice(spec)
        faces = []
        scripted = False
        for _ in range(count):
            v, s = self._face(sides)
            faces.append(v)
            scripted = scripted or s
        return sum(faces), tuple(faces), scripted

    def _roll_spec(self, spec: str) -> tuple[int, tuple[int, ...], bool]:
        """Raw total, faces (only for sums) and scripted flag; a single die goes through ``roll`` exactly as before."""
        count, sides = parse_dice(spec)
        if count == 1:
            raw, scripted = self._face(sides)
            return raw, (), scripted
        return self.roll_dice(spec)

    def choice_index(self, n: int) -> int:
        """A random pick among ``n`` things (random draws, random targets); scripted values pick 1-based."""
        if n <= 0:
            raise LeyteError("nothing to choose from")
        self.count += 1
        if self.script:
            v = self.script.pop(0)
            if not 1 <= v <= n:
                raise LeyteError(f"scripted pick {v} is not between 1 and {n}")
            return v - 1
        return self.randbelow(n)

    def roll_on(
        self,
        table: Table,
        column: Any,
        modifiers: Sequence[Modifier] = (),
        *,
        purpose: str,
        rule: str,
        shifts: Sequence[Shift] | Mapping[str, int] | None = None,
    ) -> RollRecord:
        """Roll the table's die, add the modifiers, read the cell; the record says all of it.

        With ``shifts`` (even empty) the column is worked out by ``Table.column_with_shifts`` and the record keeps
        that working too (odds, base column, each shift, clamping), so one event shows the whole combat.
        """
        choice = None
        if shifts is not None:
            choice = table.column_with_shifts(column, shifts)
            col = choice.final
        else:
            col = table.column_for(column)
        raw, faces, scripted = self._roll_spec(table.die)
        final = raw + sum(m.value for m in modifiers)
        cell = table.lookup_label(col, final)
        return RollRecord(
            purpose=purpose,
            rule=rule,
            die=table.die,
            raw=raw,
            modifiers=tuple(modifiers),
            final=final,
            table=table.id,
            column=cell.column,
            row=cell.roll,
            result=dict(cell.result),
            scripted=scripted,
            faces=faces,
            column_choice=choice,
        )

    def roll_plain(
        self, die: str, modifiers: Sequence[Modifier] = (), *, purpose: str, rule: str
    ) -> RollRecord:
        """A roll read against a rule rather than a table (e.g. "1-3 readies the unit", 6.5.9); ``die`` may be a sum."""
        raw, faces, scripted = self._roll_spec(die)
        final = raw + sum(m.value for m in modifiers)
        return RollRecord(purpose, rule, die, raw, tuple(modifiers), final, scripted=scripted, faces=faces)

    # -- save / load ---------------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "state": self.state, "script": list(self.script), "count": self.count}

    @classmethod
    def from_dict(cls, d: Any) -> Dice:
        if not isinstance(d, dict):
            raise SaveError("dice: expected an object")
        try:
            seed, state, script, count = d["seed"], d["state"], d["script"], d["count"]
        except KeyError as e:
            raise SaveError(f"dice: missing field {e.args[0]!r}") from None
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (seed, state, count)):
            raise SaveError("dice: seed, state and count must be integers")
        if not 0 <= state <= _MASK:
            raise SaveError("dice: generator state out of range")
        if not isinstance(script, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in script):
            raise SaveError("dice: script must be a list of integers")
        out = cls(seed, script)
        out.state = state
        out.count = count
        return out

    def copy(self) -> Dice:
        return Dice.from_dict(self.to_dict())


def chance_outcomes(
    table: Table, column: Any, modifiers: Sequence[Modifier] | int = ()
) -> list[tuple[Cell, Fraction]]:
    """Exact probability of each cell a roll on ``table`` can read, before it is rolled.

    Cells are returned in the table's row order; only cells with a non-zero chance appear. Several raw faces that
    clamp onto the same row add up, so the probabilities always sum to exactly 1.
    """
    total = _modifier_total(modifiers)
    col = table.column_for(column)
    acc: dict[str, Fraction] = {}
    cells: dict[str, Cell] = {}
    for raw, p in distribution(table.die).items():
        cell = table.lookup_label(col, raw + total)
        acc[cell.roll] = acc.get(cell.roll, Fraction(0)) + p
        cells[cell.roll] = cell
    order = [c.roll for c in table.cells_in(col)]
    return [(cells[k], acc[k]) for k in order if k in acc]
