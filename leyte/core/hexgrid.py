"""Hex grids: an immutable ``Hex`` value and a ``HexMap`` that knows the printed labels, terrain and features.

The games disagree on how a hex is printed (four digits with the column first or the row first, or a letter and a
number such as ``E7``), which lines of hexes are pushed half a hex, whether hexes have flat or pointed tops, and
which kinds of terrain exist at all. The map file says which (see ``scenarios/README.md``); inside the engine every
hex is an axial coordinate pair, so distance, neighbours, rings, lines and paths are the same arithmetic for every
game. What lies along the edge between two hexes (a river, a road, a closed strait) is a ``Hexside`` attribute,
looked up the same way from either side. Movement and supply searches over a map live in ``leyte.core.reach``.
"""

from __future__ import annotations

import csv
import heapq
import math
import re
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from leyte.core.errors import LeyteError, ScenarioError

__all__ = ["Hex", "HexMap", "HexInfo", "Hexside", "MapLayout", "TERRAINS", "HEXSIDE_KINDS", "LABEL_SCHEMES"]

# The terrain vocabulary of a map that declares none: the two naval games written first use exactly these.
TERRAINS = ("sea", "partial", "land")
# What may lie along a hexside when a map declares no vocabulary of its own: a side closed to movement, a river
# crossing, a road or railway running across the side, and a side that is all water (two coastal hexes whose
# shared edge is open sea, e.g. a strait a ship may pass although both hexes hold land).
HEXSIDE_KINDS = ("blocked", "river", "road", "rail", "all_sea")
LABEL_SCHEMES = ("digits", "letters")
_DEFAULT_LEGEND = {".": "sea", "%": "partial", "#": "land"}

# Axial directions; the order is fixed so that every iteration over neighbours is deterministic.
_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class Hex(tuple):  # noqa: SLOT001
    """One hex in axial coordinates (q, r); the third cube coordinate is ``-q - r``.

    Immutable and hashable, so hexes can be dict keys, set members and parts of frozen actions. A tuple subclass
    rather than a dataclass because rules hash hexes millions of times per game and tuple hashing runs in C.
    """

    __slots__ = ()

    def __new__(cls, q: int, r: int) -> Hex:
        if not isinstance(q, int) or not isinstance(r, int) or isinstance(q, bool) or isinstance(r, bool):
            raise TypeError(f"Hex coordinates must be integers, got {q!r}, {r!r}")
        return tuple.__new__(cls, (q, r))

    @property
    def q(self) -> int:
        return self[0]

    @property
    def r(self) -> int:
        return self[1]

    def __repr__(self) -> str:
        return f"Hex(q={self[0]}, r={self[1]})"

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: object) -> Hex:  # type: ignore[override]
        assert isinstance(other, Hex)
        return Hex(self[0] + other[0], self[1] + other[1])

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self[0] - other[0], self[1] - other[1])

    def distance(self, other: Hex) -> int:
        """Number of hex steps between the two hexes (the range the rules count)."""
        dq = self[0] - other[0]
        dr = self[1] - other[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def neighbours(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, on a map or not, in a fixed order."""
        q, r = self.q, self.r
        return tuple(Hex(q + dq, r + dr) for dq, dr in _DIRECTIONS)

    def ring(self, radius: int) -> list[Hex]:
        """Hexes at exactly ``radius`` steps, walking the ring in a fixed order."""
        if radius < 0:
            raise ValueError("ring radius must be >= 0")
        if radius == 0:
            return [self]
        out: list[Hex] = []
        dq, dr = _DIRECTIONS[4]
        h = Hex(self.q + dq * radius, self.r + dr * radius)
        for i in range(6):
            for _ in range(radius):
                out.append(h)
                h = Hex(h.q + _DIRECTIONS[i][0], h.r + _DIRECTIONS[i][1])
        return out

    def within(self, radius: int) -> list[Hex]:
        """Every hex at distance ``0..radius``, nearest rings first."""
        out: list[Hex] = []
        for k in range(radius + 1):
            out.extend(self.ring(k))
        return out

    def line_to(self, other: Hex) -> list[Hex]:
        """The hexes a straight line from this centre to the other centre passes through (for line of sight).

        Cube-coordinate interpolation with a tiny nudge, so a line running exactly along a hex edge always picks
        the same side — determinism matters more than which side.
        """
        n = self.distance(other)
        if n == 0:
            return [self]
        eps = 1e-6
        aq, ar, a_s = self.q + eps, self.r + eps, self.s - 2 * eps
        bq, br, b_s = other.q + eps, other.r + eps, other.s - 2 * eps
        out = []
        for i in range(n + 1):
            t = i / n
            out.append(_cube_round(aq + (bq - aq) * t, ar + (br - ar) * t, a_s + (b_s - a_s) * t))
        return out


def _cube_round(fq: float, fr: float, fs: float) -> Hex:
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


@dataclass(frozen=True, slots=True)
class MapLayout:
    """How a printed map numbers and places its hexes (see ``scenarios/README.md``).

    Two label schemes exist in the family. ``"digits"``: two zero-padded numbers run together, ``first`` saying
    which is the column (``"0712"`` with ``first="col"`` is column 7, row 12). ``"letters"``: a letter and a
    number (``"E7"``); ``letter`` says whether the letter counts columns or rows (A = 1, ..., Z = 26, AA = 27 as on
    a spreadsheet, so a large map never runs out) and the number is the other one, written without leading zeros.
    """

    orientation: str = "flat"  # "flat": columns are straight; "pointy": rows are straight
    first: str = "col"  # digits scheme: which printed field comes first
    offset: str = "even"  # which columns (flat) / rows (pointy) sit half a hex down / right
    digits: tuple[int, int] = (2, 2)
    scheme: str = "digits"  # "digits" ("0712") or "letters" ("E7")
    letter: str = "col"  # letters scheme: whether the letter names the column or the row

    def __post_init__(self) -> None:
        if self.orientation not in ("flat", "pointy"):
            raise ScenarioError(f"map layout: orientation must be 'flat' or 'pointy', not {self.orientation!r}")
        if self.first not in ("col", "row"):
            raise ScenarioError(f"map layout: first must be 'col' or 'row', not {self.first!r}")
        if self.offset not in ("odd", "even"):
            raise ScenarioError(f"map layout: offset must be 'odd' or 'even', not {self.offset!r}")
        if self.scheme not in LABEL_SCHEMES:
            raise ScenarioError(f"map layout: label_scheme must be one of {', '.join(LABEL_SCHEMES)}, "
                                f"not {self.scheme!r}")
        if self.letter not in ("col", "row"):
            raise ScenarioError(f"map layout: letter must be 'col' or 'row', not {self.letter!r}")
        d = self.digits
        if (not isinstance(d, tuple) or len(d) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 4 for x in d)):
            raise ScenarioError(f"map layout: label_digits must be two whole numbers from 1 to 4, not {d!r}")

    def _shifted(self, n: int) -> bool:
        return (n & 1) == (1 if self.offset == "odd" else 0)

    def _push(self, n: int) -> int:
        # redblobgames "odd-q/even-q/odd-r/even-r": how far the shifted lines move the axial coordinate.
        return (n - (n & 1)) // 2 if self.offset == "odd" else (n + (n & 1)) // 2

    def to_hex(self, col: int, row: int) -> Hex:
        """Offset (col, row) -> axial."""
        if self.orientation == "flat":
            return Hex(col, row - self._push(col))
        return Hex(col - self._push(row), row)

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """Axial -> offset (col, row); the inverse of ``to_hex``."""
        if self.orientation == "flat":
            return h.q, h.r + self._push(h.q)
        return h.q + self._push(h.r), h.r

    def center(self, h: Hex) -> tuple[float, float]:
        """Centre of a hex in units of the circumradius, x to map-east, y to map-south."""
        col, row = self.to_offset(h)
        if self.orientation == "flat":
            return 1.5 * col, math.sqrt(3) * (row + (0.5 if self._shifted(col) else 0.0))
        return math.sqrt(3) * (col + (0.5 if self._shifted(row) else 0.0)), 1.5 * row

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of a hex, in the same units as ``center``."""
        cx, cy = self.center(h)
        start = 0.0 if self.orientation == "flat" else 30.0
        return [
            (cx + math.cos(math.radians(start + 60 * i)), cy + math.sin(math.radians(start + 60 * i)))
            for i in range(6)
        ]

    @property
    def scheme_text(self) -> str:
        """The label scheme in words, for error messages ("4 digits, column first, e.g. 0712")."""
        if self.scheme == "letters":
            other = "row" if self.letter == "col" else "column"
            mine = "column" if self.letter == "col" else "row"
            return f"letters scheme: a letter for the {mine} and a number for the {other}, e.g. E7"
        da, db = self.digits
        first = "column" if self.first == "col" else "row"
        a, b = (7, 12) if self.first == "col" else (12, 7)
        example = f", e.g. {a:0{da}d}{b:0{db}d} for column 7, row 12" if a < 10**da and b < 10**db else ""
        return f"{da + db}-digit scheme, {first} first{example}"

    def format_label(self, col: int, row: int) -> str:
        if self.scheme == "letters":
            let, num = (col, row) if self.letter == "col" else (row, col)
            if let < 1 or num < 0:
                raise LeyteError(f"hex (column {col}, row {row}) has no label in the {self.scheme_text}")
            return _letters(let) + str(num)
        a, b = (col, row) if self.first == "col" else (row, col)
        da, db = self.digits
        if a < 0 or b < 0 or a >= 10**da or b >= 10**db:
            raise LeyteError(f"hex ({col}, {row}) has no {da + db}-digit label")
        return f"{a:0{da}d}{b:0{db}d}"

    def parse_label(self, label: str) -> tuple[int, int]:
        """(column, row) of a printed label; a malformed one raises ``LeyteError`` naming the label and scheme."""
        text = str(label).strip()
        if self.scheme == "letters":
            m = _LETTER_LABEL.match(text.upper())
            if m is None:
                raise LeyteError(f"{label!r} is not a hex label in the {self.scheme_text} (letters A-Z, then a "
                                 "number without leading zeros)")
            let, num = _letters_value(m.group(1)), int(m.group(2))
            return (let, num) if self.letter == "col" else (num, let)
        da, db = self.digits
        if len(text) != da + db or not text.isdigit() or not text.isascii():
            raise LeyteError(f"{label!r} is not a {da + db}-digit hex label ({self.scheme_text})")
        a, b = int(text[:da]), int(text[da:])
        return (a, b) if self.first == "col" else (b, a)

    def canonical(self, label: str | int) -> str:
        """The printed form of a label as this map writes it ("e7" -> "E7"); raises like ``parse_label``."""
        if isinstance(label, int) and not isinstance(label, bool) and self.scheme == "digits":
            label = f"{label:0{sum(self.digits)}d}"
        return self.format_label(*self.parse_label(str(label)))


_COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

_LETTER_LABEL = re.compile(r"^([A-Z]+)(0|[1-9][0-9]*)$")


def _letters(n: int) -> str:
    """1 -> A, 26 -> Z, 27 -> AA: spreadsheet-style, so every positive number has exactly one spelling."""
    out = ""
    while n > 0:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def _letters_value(text: str) -> int:
    n = 0
    for ch in text:
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n


class Hexside(tuple):  # noqa: SLOT001
    """The edge shared by two adjacent hexes, the same value whichever hex it is named from.

    Rivers, roads across a side, closed straits and all-sea sides belong to the edge, not to either hex, so a rule
    asking "may I cross from a to b?" and one asking "from b to a?" must read the same record. The two hexes are
    stored in sorted order; a pair that is not adjacent shares no hexside and is refused.
    """

    __slots__ = ()

    def __new__(cls, a: Hex, b: Hex) -> Hexside:
        if not isinstance(a, Hex) or not isinstance(b, Hex):
            raise TypeError(f"a hexside joins two Hex values, got {a!r}, {b!r}")
        if a.distance(b) != 1:
            raise LeyteError(f"{a!r} and {b!r} are not adjacent, so they share no hexside")
        return tuple.__new__(cls, (a, b) if a <= b else (b, a))

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        return self[0], self[1]

    def __repr__(self) -> str:
        return f"Hexside({self[0]!r}, {self[1]!r})"


@dataclass(frozen=True, slots=True)
class HexInfo:
    """What the map says about one hex."""

    label: str
    terrain: str
    features: tuple[tuple[str, str], ...] = ()
    provenance: str = ""
    source: str = ""
    name: str = ""  # the place the hex shows, from an optional ``name`` column of map.csv ("Hong Kong")


@dataclass
class HexMap:
    """A printed map: which hexes exist, how they are labelled, their terrain, features and hexsides.

    Read-only after loading; rules ask it questions and never change it. ``terrains`` is the map's own terrain
    vocabulary (a naval game's sea/land/reef, a land game's clear/forest/swamp...): a hex whose terrain is not in it
    is refused, so a typo in a data file fails at load time rather than reading as "not sea" in the middle of a
    game. ``side_kinds`` does the same for hexside attributes, and ``hexsides`` holds them, keyed by ``Hexside``.
    """

    layout: MapLayout
    info: dict[Hex, HexInfo]
    meta: dict[str, Any] = field(default_factory=dict)
    terrains: tuple[str, ...] = TERRAINS
    hexsides: Mapping[Hexside, frozenset[str]] = field(default_factory=dict)
    side_kinds: tuple[str, ...] = HEXSIDE_KINDS
    _by_label: dict[str, Hex] = field(default_factory=dict, repr=False)
    _nbrs: dict[Hex, tuple[Hex, ...]] = field(default_factory=dict, repr=False)
    _sorted: list[Hex] = field(default_factory=list, repr=False)
    _feat: dict[Hex, frozenset[tuple[str, str]]] = field(default_factory=dict, repr=False)
    _kinds: dict[Hex, frozenset[str]] = field(default_factory=dict, repr=False)
    _find: dict[tuple[str, str | None], list[Hex]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.terrains = _vocabulary(self.terrains, "terrains")
        self.side_kinds = _vocabulary(self.side_kinds, "hexside kinds")
        allowed = set(self.terrains)
        for i in self.info.values():
            if i.terrain not in allowed:
                raise LeyteError(f"hex {i.label}: terrain {i.terrain!r} is not one this map declares "
                                 f"({', '.join(self.terrains)})")
        self.hexsides = self._checked_sides(self.hexsides)
        # Maps are read-only after loading, so every lookup the rules repeat is indexed once here.
        self._by_label = {i.label: h for h, i in self.info.items()}
        if self.layout.scheme == "letters":
            # "A10" must not sort before "A2": order by the letter's value, then the number.
            def key(h: Hex) -> tuple[int, int]:
                m = _LETTER_LABEL.match(self.info[h].label)
                return (_letters_value(m.group(1)), int(m.group(2))) if m else (0, 0)

            self._sorted = sorted(self.info, key=key)
        else:
            self._sorted = sorted(self.info, key=lambda h: self.info[h].label)
        self._feat = {h: frozenset(i.features) for h, i in self.info.items()}
        self._kinds = {h: frozenset(k for k, _ in i.features) for h, i in self.info.items()}

    # -- loading -------------------------------------------------------------------------------------------------

    @classmethod
    def load(cls, folder: str | Path) -> HexMap:
        """Read ``map.toml`` and ``map.csv`` from a folder, validating every row."""
        folder = Path(folder)
        toml_path = folder / "map.toml"
        csv_path = folder / "map.csv"
        try:
            meta = tomllib.loads(toml_path.read_text(encoding="utf-8"))
        except FileNotFoundError as e:
            raise ScenarioError(f"{toml_path}: missing map header") from e
        except tomllib.TOMLDecodeError as e:
            raise ScenarioError(f"{toml_path}: not valid TOML: {e}") from e
        try:
            layout = MapLayout(
                orientation=meta.get("orientation", "flat"),
                first=meta.get("first", "col"),
                offset=meta.get("offset", "even"),
                digits=tuple(meta.get("label_digits", (2, 2))),  # type: ignore[arg-type]
                scheme=meta.get("label_scheme", "digits"),
                letter=meta.get("letter", "col"),
            )
            terrains = _vocabulary(meta.get("terrains", TERRAINS), "terrains")
            side_kinds = _vocabulary(meta.get("hexside_kinds", HEXSIDE_KINDS), "hexside_kinds")
        except LeyteError as e:
            raise ScenarioError(f"{toml_path}: {e}") from e
        default_prov = str(meta.get("provenance", ""))
        default_src = str(meta.get("source", ""))
        info: dict[Hex, HexInfo] = {}
        try:
            text = csv_path.read_text(encoding="utf-8")
        except FileNotFoundError as e:
            raise ScenarioError(f"{csv_path}: missing map body") from e
        reader = csv.DictReader(text.splitlines())
        for col in ("label", "terrain"):
            if reader.fieldnames is None or col not in reader.fieldnames:
                raise ScenarioError(f"{csv_path}: missing column {col!r}")
        for lineno, row in enumerate(reader, start=2):
            label = (row.get("label") or "").strip()
            try:
                c, r = layout.parse_label(label)
            except LeyteError as e:
                raise ScenarioError(f"{csv_path}, row {lineno}, field 'label': {e}") from e
            terrain = (row.get("terrain") or "").strip()
            if terrain not in terrains:
                raise ScenarioError(
                    f"{csv_path}, row {lineno}, field 'terrain': {terrain!r} is not one of {', '.join(terrains)}"
                )
            feats: list[tuple[str, str]] = []
            for part in (row.get("features") or "").split(";"):
                part = part.strip()
                if not part:
                    continue
                kind, _, name = part.partition(":")
                if not kind.strip():
                    raise ScenarioError(f"{csv_path}, row {lineno}, field 'features': empty kind in {part!r}")
                feats.append((kind.strip(), name.strip()))
            h = layout.to_hex(c, r)
            if h in info:
                raise ScenarioError(f"{csv_path}, row {lineno}, field 'label': hex {label} appears twice")
            info[h] = HexInfo(
                label=label,
                terrain=terrain,
                features=tuple(feats),
                provenance=(row.get("provenance") or "").strip() or default_prov,
                source=(row.get("source") or "").strip() or default_src,
                name=(row.get("name") or "").strip(),
            )
        if not info:
            raise ScenarioError(f"{csv_path}: the map has no hexes")
        sides = _load_hexsides(folder / "hexsides.csv", layout, info, side_kinds)
        return cls(layout=layout, info=info, meta=meta, terrains=terrains, hexsides=sides, side_kinds=side_kinds)

    @classmethod
    def from_ascii(
        cls,
        art: str,
        *,
        layout: MapLayout | None = None,
        origin: tuple[int, int] = (1, 1),
        legend: Mapping[str, str] | None = None,
        terrains: Iterable[str] | None = None,
        sides: Mapping[tuple[str, str], Iterable[str]] | None = None,
        side_kinds: Iterable[str] = HEXSIDE_KINDS,
    ) -> HexMap:
        """Build a small map from ASCII art: one character per hex, by default ``.`` sea, ``%`` partial, ``#`` land.

        Rows of text are map rows, characters are columns (spaces are ignored, so art can be indented to look
        hexagonal). ``legend`` maps characters to terrain names for maps with another vocabulary (``terrains``,
        default: the legend's names in order). Any other character is a hex of the first declared terrain carrying
        the feature ``mark:<char>``, which tests use to name start, goal and unit hexes. ``sides`` gives hexside
        attributes keyed by a pair of mark characters or labels. Meant for test fixtures.
        """
        layout = layout or MapLayout()
        legend = dict(legend) if legend is not None else dict(_DEFAULT_LEGEND)
        vocab = _vocabulary(terrains if terrains is not None else dict.fromkeys(legend.values()), "terrains")
        info: dict[Hex, HexInfo] = {}
        lines = [ln for ln in art.strip("\n").splitlines() if ln.strip()]
        for r_i, line in enumerate(lines):
            for c_i, ch in enumerate(line.replace(" ", "")):
                col, row = origin[0] + c_i, origin[1] + r_i
                terrain = legend.get(ch, vocab[0])
                feats = () if ch in legend else (("mark", ch),)
                info[layout.to_hex(col, row)] = HexInfo(layout.format_label(col, row), terrain, feats)
        by_name: dict[str, Hex] = {i.label: h for h, i in info.items()}
        by_name.update({n: h for h, i in info.items() for k, n in i.features if k == "mark"})
        side_map: dict[Hexside, frozenset[str]] = {}
        for (a, b), kinds in (sides or {}).items():
            if a not in by_name or b not in by_name:
                raise LeyteError(f"hexside {a}-{b}: {a if a not in by_name else b!r} is not a mark or label here")
            side_map[Hexside(by_name[a], by_name[b])] = frozenset(kinds)
        return cls(layout=layout, info=info, terrains=vocab, hexsides=side_map, side_kinds=tuple(side_kinds))

    # -- labels --------------------------------------------------------------------------------------------------

    def hex(self, label: str | int) -> Hex:
        """The hex with this printed label; an error if the label is malformed or not on this map."""
        text = f"{label:04d}" if isinstance(label, int) else str(label).strip()
        h = self._by_label.get(text)
        if h is None:
            c, r = self.layout.parse_label(text)  # raises on a malformed label, naming the scheme
            h = self._by_label.get(self.layout.format_label(c, r))  # another spelling of a label ("e7" for "E7")
            if h is None:
                raise LeyteError(f"hex {text} (column {c}, row {r}) is not on this map")
        return h

    def label(self, h: Hex) -> str:
        """The printed label of a hex (on the map or not, as long as it has a label)."""
        i = self.info.get(h)
        if i is not None:
            return i.label
        return self.layout.format_label(*self.layout.to_offset(h))

    # -- queries -------------------------------------------------------------------------------------------------

    @property
    def hexes(self) -> list[Hex]:
        """All on-map hexes in label order."""
        return list(self._sorted)

    def __contains__(self, h: object) -> bool:
        return h in self.info

    def __len__(self) -> int:
        return len(self.info)

    def terrain(self, h: Hex) -> str:
        return self._get(h).terrain

    def features(self, h: Hex) -> tuple[tuple[str, str], ...]:
        return self._get(h).features

    def has_feature(self, h: Hex, kind: str, name: str | None = None) -> bool:
        if name is None:
            kinds = self._kinds.get(h)
            return kinds is not None and kind in kinds
        feats = self._feat.get(h)
        return feats is not None and (kind, name) in feats

    def find(self, kind: str, name: str | None = None) -> list[Hex]:
        """Hexes carrying a feature of this kind (and name), in label order."""
        key = (kind, name)
        out = self._find.get(key)
        if out is None:
            out = [h for h in self._sorted if self.has_feature(h, kind, name)]
            self._find[key] = out
        return list(out)

    def is_sea(self, h: Hex) -> bool:
        i = self.info.get(h)
        return i is not None and i.terrain == "sea"

    def blocked(self, a: Hex, b: Hex) -> bool:
        """Is the hexside between two adjacent hexes closed?

        Either hex may carry the feature ``blocked_side:<other label>`` (the older way to say it), or the hexside
        may carry the attribute ``blocked``. Tolerant by design: off-map or non-adjacent pairs answer False.
        """
        ia, ib = self.info.get(a), self.info.get(b)
        if ia is None or ib is None:
            return False
        if ("blocked_side", ib.label) in self._feat[a] or ("blocked_side", ia.label) in self._feat[b]:
            return True
        kinds = self.hexsides.get((a, b) if a <= b else (b, a))  # type: ignore[call-overload]
        return kinds is not None and "blocked" in kinds

    # -- hexsides ------------------------------------------------------------------------------------------------

    def hexside(self, a: Hex, b: Hex) -> Hexside:
        """The hexside between two adjacent hexes, at least one on the map; an error naming both labels if not."""
        if not isinstance(a, Hex) or not isinstance(b, Hex):
            raise LeyteError(f"a hexside joins two Hex values, not {a!r} and {b!r} (use HexMap.hex for a label)")
        if a not in self.info and b not in self.info:
            raise LeyteError(f"hexside {self._name(a)}-{self._name(b)}: neither hex is on this map")
        if a.distance(b) != 1:
            raise LeyteError(f"hexes {self._name(a)} and {self._name(b)} are not adjacent, so they share no hexside")
        return Hexside(a, b)

    def side(self, a: Hex, b: Hex) -> frozenset[str]:
        """Every attribute of the hexside between ``a`` and ``b``; the same answer asked from either hex.

        A side closed the older way (a ``blocked_side`` feature on either hex) also reads ``blocked`` here, so a
        rule can ask one question whichever way the data file said it.
        """
        kinds = self.hexsides.get(self.hexside(a, b), frozenset())
        if "blocked" not in kinds and self.blocked(a, b):
            kinds = kinds | {"blocked"}
        return kinds

    def side_has(self, a: Hex, b: Hex, kind: str) -> bool:
        """Does the hexside between ``a`` and ``b`` carry ``kind``? An undeclared kind is an error (a typo)."""
        if kind not in self.side_kinds:
            raise LeyteError(f"hexside kind {kind!r} is not one this map declares ({', '.join(self.side_kinds)})")
        return kind in self.side(a, b)

    def sides_with(self, kind: str) -> list[Hexside]:
        """Every hexside carrying ``kind``, in a fixed order (for drawing rivers and roads).

        For ``blocked`` this includes sides closed the older way, by a ``blocked_side`` feature on a hex.
        """
        if kind not in self.side_kinds:
            raise LeyteError(f"hexside kind {kind!r} is not one this map declares ({', '.join(self.side_kinds)})")
        out = {s for s, kinds in self.hexsides.items() if kind in kinds}
        if kind == "blocked":
            for h in self.find("blocked_side"):
                for k, name in self.info[h].features:
                    other = self._by_label.get(name) if k == "blocked_side" else None
                    if other is not None and h.distance(other) == 1:
                        out.add(Hexside(h, other))
        return sorted(out)

    def _checked_sides(self, sides: Mapping[Any, Iterable[str]]) -> dict[Hexside, frozenset[str]]:
        out: dict[Hexside, frozenset[str]] = {}
        allowed = set(self.side_kinds)
        for key, kinds in sides.items():
            if not isinstance(key, tuple) or len(key) != 2:
                raise LeyteError(f"hexside {key!r}: expected a pair of hexes")
            a, b = key
            side = self.hexside(a, b)
            ks = frozenset(kinds)
            bad = sorted(k for k in ks if k not in allowed)
            if bad:
                raise LeyteError(f"hexside {self._name(a)}-{self._name(b)}: {', '.join(map(repr, bad))} not one "
                                 f"of the map's hexside kinds ({', '.join(self.side_kinds)})")
            if side in out:
                raise LeyteError(f"hexside {self._name(a)}-{self._name(b)} is given twice")
            out[side] = ks
        return out

    def _name(self, h: Hex) -> str:
        try:
            return self.label(h)
        except LeyteError:
            return repr(h)

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """Adjacent hexes that are on the map."""
        n = self._nbrs.get(h)
        if n is None:
            n = tuple(x for x in h.neighbours() if x in self.info)
            self._nbrs[h] = n
        return n

    def distance(self, a: Hex, b: Hex) -> int:
        return a.distance(b)

    def within(self, h: Hex, radius: int) -> list[Hex]:
        """On-map hexes within ``radius`` of ``h`` (including ``h``), nearest first."""
        return [x for x in h.within(radius) if x in self.info]

    def ring(self, h: Hex, radius: int) -> list[Hex]:
        return [x for x in h.ring(radius) if x in self.info]

    def line(self, a: Hex, b: Hex) -> list[Hex]:
        return a.line_to(b)

    def center(self, h: Hex) -> tuple[float, float]:
        return self.layout.center(h)

    def place_name(self, h: Hex) -> str:
        """The place a hex shows on the map (map.csv's optional ``name`` column), or "" when it has none."""
        return self._get(h).name

    def compass(self, a: Hex, b: Hex) -> str:
        """Which way ``b`` lies from ``a`` on the printed map, as one of 8 compass points ("N", "NE", ... "NW").

        Read from the hex centres, so it follows the layout (flat or pointy, which lines are shifted) and
        not the axial coordinates; map north is up. The same hex has no direction: "".
        """
        (ax, ay), (bx, by) = self.layout.center(a), self.layout.center(b)
        dx, dy = bx - ax, ay - by  # y grows to map-south; flip it so north is positive
        if abs(dx) < 1e-9 and abs(dy) < 1e-9:
            return ""
        bearing = math.degrees(math.atan2(dx, dy)) % 360.0
        return _COMPASS[int(bearing / 45.0 + 0.5) % 8]

    def path(
        self,
        start: Hex,
        goal: Hex,
        *,
        passable: Callable[[Hex], bool] | None = None,
        cost: Callable[[Hex, Hex], float] | None = None,
    ) -> list[Hex] | None:
        """Cheapest path from ``start`` to ``goal`` (both included), or None when there is none.

        ``passable(hex)`` says which hexes may be entered (default: any on-map hex); ``cost(from, to)`` prices a
        step (default 1). A* with the hex distance as heuristic, which stays admissible as long as every step
        costs at least 1; ties break by insertion order so the same query always returns the same path.
        """
        if start not in self.info or goal not in self.info:
            return None
        ok = passable or (lambda _h: True)
        step = cost or (lambda _a, _b: 1.0)
        if start != goal and not ok(goal):
            return None
        counter = 0
        frontier: list[tuple[float, int, Hex]] = [(0.0, 0, start)]
        came: dict[Hex, Hex | None] = {start: None}
        best: dict[Hex, float] = {start: 0.0}
        while frontier:
            _, _, cur = heapq.heappop(frontier)
            if cur == goal:
                out = [cur]
                while (prev := came[out[-1]]) is not None:
                    out.append(prev)
                return out[::-1]
            for nxt in self.neighbours(cur):
                if not ok(nxt):
                    continue
                c = best[cur] + step(cur, nxt)
                if c < best.get(nxt, math.inf):
                    best[nxt] = c
                    came[nxt] = cur
                    counter += 1
                    heapq.heappush(frontier, (c + nxt.distance(goal), counter, nxt))
        return None

    def reachable(
        self, start: Hex, budget: float, *, passable: Callable[[Hex], bool] | None = None,
        cost: Callable[[Hex, Hex], float] | None = None,
    ) -> dict[Hex, float]:
        """Every hex reachable from ``start`` within ``budget`` movement, with its cheapest cost."""
        ok = passable or (lambda _h: True)
        step = cost or (lambda _a, _b: 1.0)
        best: dict[Hex, float] = {start: 0.0}
        frontier: list[tuple[float, int, Hex]] = [(0.0, 0, start)]
        counter = 0
        while frontier:
            c0, _, cur = heapq.heappop(frontier)
            if c0 > best.get(cur, math.inf):
                continue
            for nxt in self.neighbours(cur):
                if not ok(nxt):
                    continue
                c = c0 + step(cur, nxt)
                if c <= budget and c < best.get(nxt, math.inf):
                    best[nxt] = c
                    counter += 1
                    heapq.heappush(frontier, (c, counter, nxt))
        return best

    def to_frame(self) -> Any:
        """One row per hex: printed label, column, row, terrain, features, provenance, source (pandas)."""
        import pandas as pd  # lazily: importing leyte must stay light

        rows = []
        for h in self.hexes:
            i = self.info[h]
            c, r = self.layout.to_offset(h)
            rows.append(
                {
                    "label": i.label,
                    "col": c,
                    "row": r,
                    "terrain": i.terrain,
                    "features": "; ".join(f"{k}:{n}" if n else k for k, n in i.features),
                    "provenance": i.provenance,
                    "source": i.source,
                }
            )
        return pd.DataFrame(rows).set_index("label")

    def ascii(self, marks: dict[Hex, str] | None = None, legend: Mapping[str, str] | None = None) -> str:
        """The map as text, one character per hex (the inverse of ``from_ascii``), for test fixtures and debugging.

        ``legend`` is the same character -> terrain mapping ``from_ascii`` took; a terrain it does not name prints
        as its first letter.
        """
        marks = marks or {}
        char = {t: c for c, t in (legend if legend is not None else _DEFAULT_LEGEND).items()}
        offs = {h: self.layout.to_offset(h) for h in self.info}
        cols = [c for c, _ in offs.values()]
        rows = [r for _, r in offs.values()]
        by_off = {v: k for k, v in offs.items()}
        lines = []
        for r in range(min(rows), max(rows) + 1):
            chars = []
            for c in range(min(cols), max(cols) + 1):
                h = by_off.get((c, r))
                if h is None:
                    chars.append(" ")
                elif h in marks:
                    chars.append(marks[h])
                else:
                    t = self.info[h].terrain
                    chars.append(char.get(t, t[:1]))
            lines.append("".join(chars).rstrip())
        return "\n".join(lines)

    def _get(self, h: Hex) -> HexInfo:
        i = self.info.get(h)
        if i is None:
            raise LeyteError(f"hex {self.label(h)} is not on this map")
        return i

    def __iter__(self) -> Iterator[Hex]:
        return iter(self._sorted)


def _vocabulary(names: Any, what: str) -> tuple[str, ...]:
    """A declared list of names (terrains, hexside kinds): non-empty, no blanks, no repeats."""
    if isinstance(names, str) or not isinstance(names, Iterable):
        raise LeyteError(f"{what} must be a list of names, not {names!r}")
    out = tuple(names)
    if not out:
        raise LeyteError(f"{what}: the list is empty")
    for n in out:
        if not isinstance(n, str) or not n.strip() or n != n.strip():
            raise LeyteError(f"{what}: {n!r} is not a name")
    if len(set(out)) != len(out):
        raise LeyteError(f"{what}: {', '.join(out)} repeats a name")
    return out


def _load_hexsides(
    path: Path, layout: MapLayout, info: Mapping[Hex, HexInfo], kinds: tuple[str, ...]
) -> dict[tuple[Hex, Hex], frozenset[str]]:
    """Read the optional ``hexsides.csv`` (columns ``a``, ``b``, ``kinds``: two labels and ``;``-separated kinds)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    reader = csv.DictReader(text.splitlines())
    for col in ("a", "b", "kinds"):
        if reader.fieldnames is None or col not in reader.fieldnames:
            raise ScenarioError(f"{path}: missing column {col!r}")
    out: dict[tuple[Hex, Hex], frozenset[str]] = {}
    for lineno, row in enumerate(reader, start=2):
        ends = []
        for f in ("a", "b"):
            label = (row.get(f) or "").strip()
            try:
                ends.append(layout.to_hex(*layout.parse_label(label)))
            except LeyteError as e:
                raise ScenarioError(f"{path}, row {lineno}, field {f!r}: {e}") from e
        a, b = ends
        if a.distance(b) != 1:
            raise ScenarioError(f"{path}, row {lineno}: {row['a']} and {row['b']} are not adjacent")
        if a not in info and b not in info:
            raise ScenarioError(f"{path}, row {lineno}: neither {row['a']} nor {row['b']} is on the map")
        ks = frozenset(k.strip() for k in (row.get("kinds") or "").split(";") if k.strip())
        bad = sorted(ks - set(kinds))
        if not ks or bad:
            raise ScenarioError(f"{path}, row {lineno}, field 'kinds': {', '.join(bad) or 'empty'} is not one of "
                                f"{', '.join(kinds)}")
        key = (a, b) if a <= b else (b, a)
        if key in out:
            raise ScenarioError(f"{path}, row {lineno}: hexside {row['a']}-{row['b']} appears twice")
        out[key] = ks
    return out


def labels(m: HexMap, hexes: Iterable[Hex]) -> list[str]:
    """Labels of several hexes, for messages and events."""
    return [m.label(h) for h in hexes]
