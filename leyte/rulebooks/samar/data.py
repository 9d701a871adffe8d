"""Samar's static data — map, counters, charts, modifiers, turn record — loaded and validated once.

Files live in ``scenarios/samar/`` (formats: ``scenarios/README.md`` and ``scenarios/samar/PROVENANCE.md``). Rules
code reads every number from here; nothing here changes during play. Errors name the file, row and field.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from leyte.core.datafiles import NamedValue, rows, table_named
from leyte.core.errors import ScenarioError
from leyte.core.hexgrid import HexMap
from leyte.core.paths import game_data_dir
from leyte.core.tables import Table

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


Constant = NamedValue  # a row of constants.csv or modifiers.csv


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
        return table_named(self.tables, self.folder, key)

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
            rows.append(
                {
                    "id": s.id,
                    "name": s.name,
                    "side": s.side,
                    "group": s.group,
                    "type": s.type,
                    "unit": "ship",
                    "number": s.number,
                    "range": s.range,
                    "M": s.range_m,
                    "R": s.radar,
                    "gunnery": s.front.gunnery,
                    "secondary": s.front.secondary,
                    "A": s.secondary_aa_only,
                    "weight": s.weight,
                    "armor": s.front.armor,
                    "P": s.armor_p,
                    "T": s.armor_t,
                    "torpedo": s.front.torpedo,
                    "speed": s.front.speed,
                    "H": s.speed_h,
                    "maneuver": s.maneuver,
                    "reverse": f"{s.reverse.armor}/{s.reverse.gunnery}/{s.reverse.secondary}/{s.reverse.torpedo}/"
                    f"{s.reverse.speed}",
                    "provenance": s.provenance,
                    "source": s.source,
                }
            )
        for a in self.air.values():
            rows.append(
                {
                    "id": a.id,
                    "name": a.name,
                    "side": a.side,
                    "group": a.group,
                    "type": a.kind,
                    "unit": "air",
                    "gunnery": a.gunnery,
                    "weight": a.weight,
                    "torpedo": a.torpedo,
                    "range": 0,
                    "provenance": a.provenance,
                    "source": a.source,
                }
            )
        return pd.DataFrame(rows).set_index("id")

    @property
    def options(self) -> dict[str, str]:
        return {"alternate_movement": "3.5 alternative movement sequence (interleaved by speed); default off",
                "setup_by_hand": "3.1 the USN player places Taffy Three ship by ship; default off (the scenario's "
                                 "historical hexes)"}

    @cached_property
    def history_records(self) -> list[dict[str, Any]]:
        """history.csv checked (turn, side, hex, provenance): what really happened, one row per force per turn.

        Loaded on first use, not with the rules, so a game that never looks at history pays nothing for it.
        """
        from leyte.core.history import load_history

        return load_history(self.folder / "history.csv", self.map, set(self.turn_record), ("IJN", "USN"))

    @property
    def history(self) -> Any:
        """The real battle as a pandas DataFrame (issue 15 item 5): turn, date, time, force, side, hex, lat, lon,
        event, provenance, source. pandas is imported here, never at ``import leyte``."""
        from leyte.core.history import frame

        return frame(self.history_records)


def load(folder: str | Path | None = None) -> SamarData:
    folder = Path(folder) if folder is not None else game_data_dir(GAME_ID)
    hexmap = HexMap.load(folder)
    ships: dict[str, ShipDef] = {}
    for r in rows(folder / "ships.csv"):
        sid = r.str("id")
        if sid in ships:
            raise r.err("id", f"ship {sid!r} appears twice")
        side = r.str("side")
        if side not in ("IJN", "USN"):
            raise r.err("side", f"{side!r} is not IJN or USN")
        typ = r.str("type")
        if typ not in SHIP_TYPES:
            raise r.err("type", f"{typ!r} is not one of {', '.join(SHIP_TYPES)}")
        front = Side(
            r.int("armor", lo=1),
            r.int("gunnery", lo=0),
            r.int("secondary", lo=0),
            r.int("torpedo", lo=0),
            r.int("speed", lo=1),
        )
        rev = Side(
            r.int("r_armor", lo=0),
            r.int("r_gunnery", lo=0),
            r.int("r_secondary", lo=0),
            r.int("r_torpedo", lo=0),
            r.int("r_speed", lo=1),
        )
        ships[sid] = ShipDef(
            id=sid,
            name=r.str("name"),
            side=side,
            group=r.str("group"),
            type=typ,
            number=r.str("number", ""),
            range=r.int("range", lo=1),
            range_m=r.bool("range_m"),
            radar=r.bool("radar"),
            secondary_aa_only=r.bool("secondary_aa_only"),
            secondary_range=r.int("secondary_range", lo=0),
            secondary_weight=r.int("secondary_weight", lo=0),
            weight=r.int("weight", lo=1),
            armor_p=r.bool("armor_p"),
            armor_t=r.bool("armor_t"),
            speed_h=r.bool("speed_h"),
            maneuver=r.int("maneuver", lo=0),
            front=front,
            reverse=rev,
            provenance=r.prov(),
            source=r.str("source", ""),
        )
    air: dict[str, AirDef] = {}
    for r in rows(folder / "air_units.csv"):
        aid = r.str("id")
        if aid in air:
            raise r.err("id", f"air unit {aid!r} appears twice")
        kind = r.str("kind")
        if kind not in AIR_KINDS:
            raise r.err("kind", f"{kind!r} is not D, T or F")
        air[aid] = AirDef(
            aid,
            r.str("name"),
            r.str("side"),
            r.str("group"),
            kind,
            r.bool("special_attack"),
            r.int("gunnery", lo=0),
            r.int("weight", lo=0),
            r.int("torpedo", lo=0),
            r.prov(),
            r.str("source", ""),
        )
    tables = {}
    for p in sorted((folder / "tables").glob("*.toml")):
        t = Table.load(p)
        tables[t.id] = t
    constants: dict[str, Constant] = {}
    for r in rows(folder / "modifiers.csv") + rows(folder / "constants.csv"):
        cid = r.str("id")
        if cid in constants:
            raise r.err("id", f"{cid!r} appears twice")
        constants[cid] = Constant(
            cid, r.int("value"), r.str("case", ""), r.str("description", ""), r.prov(), r.str("source", "")
        )
    speed_effects: dict[str, dict[str, Any]] = {}
    for r in rows(folder / "speed_effects.csv"):
        tgt = r.str("target")
        speed_effects[r.str("speed")] = {
            "firing": r.int("firing"),
            "target": tgt if tgt == "-maneuver" else r.int("target"),
            "provenance": r.prov(),
            "source": r.str("source", ""),
        }
    turn_record: dict[int, dict[str, Any]] = {}
    for r in rows(folder / "turn_record.csv"):
        turn_record[r.int("turn", lo=1)] = {
            "time": r.str("time"),
            "mlos": r.int("mlos", lo=1),
            "events": r.str("events", ""),
            "provenance": r.prov(),
            "source": r.str("source", ""),
        }
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
