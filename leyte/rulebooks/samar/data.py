"""Samar's static data — map, counters, charts, modifiers, turn record — loaded and validated once.

Files live in ``scenarios/samar/`` (formats: ``scenarios/README.md`` and ``scenarios/samar/PROVENANCE.md``). Rules
code reads every number from here; nothing here changes during play. Errors name the file, row and field.
"""

from __future__ import annotations

import csv
import tomllib
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from leyte.core.errors import ScenarioError
from leyte.core.hexgrid import HexMap
from leyte.core.paths import game_data_dir
from leyte.core.tables import PROVENANCE_TAGS, Table

GAME_ID = "samar"
SHIP_TYPES = ("BB", "CA", "CL", "DD", "DE", "CVE")
AIR_KINDS = ("D", "T", "F")


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a ship counter (front, or reverse after the first flip, 6.2)."""

    armor: int
    gunnery: int
    secondary: int
    torpedo: int
    speed: int


@dataclass(frozen=True, slots=True)
class ShipDef:
    id: str
    name: str
    side: str
    group: str
    type: str
    number: str
    range: int
    range_m: bool
    radar: bool
    secondary_aa_only: bool
    secondary_range: int
    secondary_weight: int
    weight: int
    armor_p: bool
    armor_t: bool
    speed_h: bool
    maneuver: int
    front: Side
    reverse: Side
    provenance: str
    source: str

    def face(self, flipped: bool) -> Side:
        return self.reverse if flipped else self.front

    @property
    def heavy(self) -> bool:
        """3.4: anything but destroyers (and destroyer escorts) counts as a heavy vessel."""
        return self.type not in ("DD", "DE")

    @property
    def label(self) -> str:
        return f"{self.type} {self.name}"


@dataclass(frozen=True, slots=True)
class AirDef:
    id: str
    name: str
    side: str
    group: str
    kind: str  # D dive bomber, T torpedo plane, F fighter (8.4)
    special_attack: bool
    gunnery: int
    weight: int
    torpedo: int
    provenance: str
    source: str


@dataclass(frozen=True, slots=True)
class Constant:
    id: str
    value: int
    case: str
    description: str
    provenance: str
    source: str


@dataclass
class SamarData:
    folder: Path
    map: HexMap
    ships: dict[str, ShipDef]
    air: dict[str, AirDef]
    tables: dict[str, Table]
    constants: dict[str, Constant]
    speed_effects: dict[str, dict[str, Any]]
    turn_record: dict[int, dict[str, Any]]
    scenarios: dict[str, dict[str, Any]]
    extras: dict[str, Any] = field(default_factory=dict)

    def c(self, key: str) -> int:
        try:
            return self.constants[key].value
        except KeyError:
            raise ScenarioError(f"{self.folder}: no modifier or constant {key!r}") from None

    def table(self, key: str) -> Table:
        try:
            return self.tables[key]
        except KeyError:
            raise ScenarioError(f"{self.folder / 'tables'}: no table {key!r}") from None

    def mlos(self, turn: int) -> int:
        return int(self.turn_record[turn]["mlos"])

    def time(self, turn: int) -> str:
        return str(self.turn_record[turn]["time"])

    @cached_property
    def units(self) -> Any:
        """Every counter as one pandas DataFrame, with provenance and source."""
        import pandas as pd

        rows = []
        for s in self.ships.values():
            rows.append({
                "id": s.id, "name": s.name, "side": s.side, "group": s.group, "type": s.type, "unit": "ship",
                "number": s.number, "range": s.range, "M": s.range_m, "R": s.radar, "gunnery": s.front.gunnery,
                "secondary": s.front.secondary, "A": s.secondary_aa_only, "weight": s.weight,
                "armor": s.front.armor, "P": s.armor_p, "T": s.armor_t, "torpedo": s.front.torpedo,
                "speed": s.front.speed, "H": s.speed_h, "maneuver": s.maneuver,
                "reverse": f"{s.reverse.armor}/{s.reverse.gunnery}/{s.reverse.secondary}/{s.reverse.torpedo}/"
                           f"{s.reverse.speed}",
                "provenance": s.provenance, "source": s.source,
            })
        for a in self.air.values():
            rows.append({
                "id": a.id, "name": a.name, "side": a.side, "group": a.group, "type": a.kind, "unit": "air",
                "gunnery": a.gunnery, "weight": a.weight, "torpedo": a.torpedo, "range": 0,
                "provenance": a.provenance, "source": a.source,
            })
        return pd.DataFrame(rows).set_index("id")

    @property
    def options(self) -> dict[str, str]:
        return {"alternate_movement": "3.5 alternative movement sequence (interleaved by speed); default off"}


def _read_csv(path: Path) -> list[dict[str, str]]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(f"{path}: file not found") from None
    return list(csv.DictReader(text.splitlines()))


class _Row:
    def __init__(self, path: Path, lineno: int, row: dict[str, str]) -> None:
        self.path, self.lineno, self.row = path, lineno, row

    def err(self, fld: str, msg: str) -> ScenarioError:
        return ScenarioError(f"{self.path.name}, row {self.lineno}, field {fld!r}: {msg}")

    def s(self, fld: str, default: str | None = None) -> str:
        v = self.row.get(fld)
        if v is None or v.strip() == "":
            if default is not None:
                return default
            raise self.err(fld, "missing")
        return v.strip()

    def i(self, fld: str, lo: int | None = None) -> int:
        v = self.s(fld)
        try:
            n = int(v)
        except ValueError:
            raise self.err(fld, f"{v!r} is not a whole number") from None
        if lo is not None and n < lo:
            raise self.err(fld, f"{n} is below {lo}")
        return n

    def b(self, fld: str) -> bool:
        v = self.s(fld).lower()
        if v in ("true", "false"):
            return v == "true"
        raise self.err(fld, f"{v!r} is not true/false")

    def prov(self) -> str:
        p = self.s("provenance")
        if p not in PROVENANCE_TAGS:
            raise self.err("provenance", f"{p!r} is not one of {', '.join(PROVENANCE_TAGS)}")
        return p


def _rows(path: Path) -> list[_Row]:
    return [_Row(path, i, r) for i, r in enumerate(_read_csv(path), start=2)]


def load(folder: str | Path | None = None) -> SamarData:
    folder = Path(folder) if folder is not None else game_data_dir(GAME_ID)
    hexmap = HexMap.load(folder)
    ships: dict[str, ShipDef] = {}
    for r in _rows(folder / "ships.csv"):
        sid = r.s("id")
        if sid in ships:
            raise r.err("id", f"ship {sid!r} appears twice")
        side = r.s("side")
        if side not in ("IJN", "USN"):
            raise r.err("side", f"{side!r} is not IJN or USN")
        typ = r.s("type")
        if typ not in SHIP_TYPES:
            raise r.err("type", f"{typ!r} is not one of {', '.join(SHIP_TYPES)}")
        front = Side(r.i("armor", 1), r.i("gunnery", 0), r.i("secondary", 0), r.i("torpedo", 0), r.i("speed", 1))
        rev = Side(r.i("r_armor", 0), r.i("r_gunnery", 0), r.i("r_secondary", 0), r.i("r_torpedo", 0),
                   r.i("r_speed", 1))
        ships[sid] = ShipDef(
            id=sid, name=r.s("name"), side=side, group=r.s("group"), type=typ, number=r.s("number", ""),
            range=r.i("range", 1), range_m=r.b("range_m"), radar=r.b("radar"),
            secondary_aa_only=r.b("secondary_aa_only"), secondary_range=r.i("secondary_range", 0),
            secondary_weight=r.i("secondary_weight", 0), weight=r.i("weight", 1), armor_p=r.b("armor_p"),
            armor_t=r.b("armor_t"), speed_h=r.b("speed_h"), maneuver=r.i("maneuver", 0), front=front, reverse=rev,
            provenance=r.prov(), source=r.s("source", ""),
        )
    air: dict[str, AirDef] = {}
    for r in _rows(folder / "air_units.csv"):
        aid = r.s("id")
        if aid in air:
            raise r.err("id", f"air unit {aid!r} appears twice")
        kind = r.s("kind")
        if kind not in AIR_KINDS:
            raise r.err("kind", f"{kind!r} is not D, T or F")
        air[aid] = AirDef(aid, r.s("name"), r.s("side"), r.s("group"), kind, r.b("special_attack"),
                          r.i("gunnery", 0), r.i("weight", 0), r.i("torpedo", 0), r.prov(), r.s("source", ""))
    tables = {}
    for p in sorted((folder / "tables").glob("*.toml")):
        t = Table.load(p)
        tables[t.id] = t
    constants: dict[str, Constant] = {}
    for r in _rows(folder / "modifiers.csv") + _rows(folder / "constants.csv"):
        cid = r.s("id")
        if cid in constants:
            raise r.err("id", f"{cid!r} appears twice")
        constants[cid] = Constant(cid, r.i("value"), r.s("case", ""), r.s("description", ""), r.prov(),
                                  r.s("source", ""))
    speed_effects: dict[str, dict[str, Any]] = {}
    for r in _rows(folder / "speed_effects.csv"):
        tgt = r.s("target")
        speed_effects[r.s("speed")] = {
            "firing": r.i("firing"), "target": tgt if tgt == "-maneuver" else r.i("target"),
            "provenance": r.prov(), "source": r.s("source", ""),
        }
    turn_record: dict[int, dict[str, Any]] = {}
    for r in _rows(folder / "turn_record.csv"):
        turn_record[r.i("turn", 1)] = {"time": r.s("time"), "mlos": r.i("mlos", 1), "events": r.s("events", ""),
                                       "provenance": r.prov(), "source": r.s("source", "")}
    scenarios: dict[str, dict[str, Any]] = {}
    for p in sorted((folder / "scenarios").glob("*.toml")):
        try:
            scenarios[p.stem] = tomllib.loads(p.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as e:
            raise ScenarioError(f"{p}: not valid TOML: {e}") from None
    return SamarData(folder, hexmap, ships, air, tables, constants, speed_effects, turn_record, scenarios)


@cache
def data() -> SamarData:
    """The game's static data, loaded once per process."""
    return load()
