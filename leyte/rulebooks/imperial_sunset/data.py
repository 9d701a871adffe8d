"""Imperial Sunset's static data — map, counters, charts, modifiers, scenarios — loaded and validated once.

The files live in ``scenarios/imperial-sunset/`` (formats in ``scenarios/README.md`` and
``scenarios/imperial-sunset/notes/units-format.md``). Rules code reads every number from here: a ship's gunnery
after its third hit, the Damage Table's 6 column, the strait search modifier. Nothing here changes during play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from leyte.core.datafiles import NamedValue, read_csv, read_toml, rows, table_named
from leyte.core.errors import ScenarioError
from leyte.core.hexgrid import HexMap
from leyte.core.paths import game_data_dir
from leyte.core.tables import PROVENANCE_TAGS, Table
from leyte.rulebooks.imperial_sunset.family import Family, load_family
from leyte.rulebooks.imperial_sunset.options import OPTIONS

GAME_ID = "imperial-sunset"

CARRIER_TYPES = frozenset({"CV", "CVL", "CVE"})
SMALL_TYPES = frozenset({"DD", "DE", "APD"})  # units whose damage points are ships (9.3)
CRUISER_TYPES = frozenset({"CA", "CL", "CLAA", "CAV"})
CAPITAL_TYPES = frozenset({"BB", "CV", "CVL", "CVE"})  # for the submarine contact report (10.5)

# How a search report groups ship types (7.2: the example reports battleships, cruisers, destroyers, carriers).
REPORT_CATEGORY = {
    "BB": "battleships",
    "CV": "carriers",
    "CVL": "carriers",
    "CVE": "carriers",
    "CA": "cruisers",
    "CL": "cruisers",
    "CLAA": "cruisers",
    "CAV": "cruisers",
    "DD": "destroyers",
    "DE": "destroyers",
    "APD": "transports",
}


@dataclass(frozen=True, slots=True)
class Box:
    """A ship's values after a given number of hits (0 = undamaged), from its damage track (9.0)."""

    speed_odd: int
    speed_even: int
    gunnery: int
    aa: int
    air_ops: bool = True


@dataclass(frozen=True, slots=True)
class ShipDef:
    """One ship counter."""

    id: str
    name: str
    side: str
    fleet: str
    type: str
    gunnery: int
    aa: int
    torpedo: bool
    speed_odd: int
    speed_even: int
    capacity: int
    vp_sunk: int
    vp_damaged: int
    track: tuple[Box, ...]
    vp_per_point: int = 0  # DD/DE units: each damage point scores (12.1/12.2)
    air_search_range: int = 0  # 7.2
    air_ops_lost_at: int | None = None  # 9.1: carriers stop operating aircraft from this box
    provenance: str = ""
    source: str = ""

    @property
    def small(self) -> bool:
        return self.type in SMALL_TYPES

    @property
    def carrier(self) -> bool:
        return self.type in CARRIER_TYPES

    @property
    def category(self) -> str:
        return REPORT_CATEGORY.get(self.type, "other")

    def box(self, hits: int) -> Box:
        if hits <= 0:
            return self.track[0]
        return self.track[min(hits, len(self.track) - 1)]

    def speed(self, hits: int, turn: int) -> int:
        """Speed after ``hits`` on game turn ``turn`` (mixed speeds: the lower on odd turns, 6.2)."""
        b = self.box(hits)
        return b.speed_odd if turn % 2 else b.speed_even


@dataclass(frozen=True, slots=True)
class AirDef:
    """One air unit counter."""

    id: str
    name: str
    side: str
    kind: str  # F, B, FB, HB
    strength: int
    reduced: int  # IJN weaker step / USN exhausted side
    range: int
    parent: str  # carrier ship id or formation id (1AF, 2AF, USAAF, KAMIKAZE)
    squadron: str = ""
    provenance: str = ""
    source: str = ""
    printed_kind: str = ""  # the letters on a sister game's counter when they say more than ``kind`` (Clash: DB, T)


ModDef = NamedValue  # a row of modifiers.csv


@dataclass(eq=False)
class ISData:
    """Everything static about Imperial Sunset.

    Compared and hashed by identity: one loaded object is shared by every game of a Rules object (the state holds a
    reference, never a copy), and the rules' caches of derived facts use it as their key.
    """

    folder: Path
    map: HexMap
    ships: dict[str, ShipDef]
    air: dict[str, AirDef]
    tables: dict[str, Table]
    mods: dict[str, ModDef]
    scenarios: dict[str, dict[str, Any]]
    turn_record: dict[str, dict[int, dict[str, Any]]]
    value_provenance: list[dict[str, str]] = field(default_factory=list)
    family: Family = field(default_factory=Family)  # the rule differences of a sister game (family.py)

    def mod(self, key: str) -> int:
        try:
            return self.mods[key].value
        except KeyError:
            raise ScenarioError(f"{self.folder / 'modifiers.csv'}: no modifier {key!r}") from None

    def table(self, key: str) -> Table:
        return table_named(self.tables, self.folder, key)

    @cached_property
    def units(self) -> Any:
        """Every counter as one pandas DataFrame (ships and air units), with provenance and source."""
        import pandas as pd

        rows = []
        for s in self.ships.values():
            rows.append({
                "id": s.id, "name": s.name, "side": s.side, "fleet": s.fleet, "type": s.type, "unit": "ship",
                "gunnery": s.gunnery, "aa": s.aa, "torpedo": s.torpedo, "speed_odd": s.speed_odd,
                "speed_even": s.speed_even, "damage_capacity": s.capacity, "vp_sunk": s.vp_sunk,
                "vp_damaged": s.vp_damaged, "provenance": s.provenance, "source": s.source,
            })
        for a in self.air.values():
            rows.append({
                "id": a.id, "name": a.name, "side": a.side, "type": a.kind, "unit": "air", "strength": a.strength,
                "reduced": a.reduced, "range": a.range, "parent": a.parent, "squadron": a.squadron,
                "provenance": a.provenance, "source": a.source,
            })
        return pd.DataFrame(rows).set_index("id")

    @cached_property
    def damage_tracks(self) -> Any:
        """Every ship's damage log as a DataFrame: its values after each number of hits (9.0, 9.1)."""
        import pandas as pd

        rows = [{"ship": s.id, "box": i, "speed_odd": b.speed_odd, "speed_even": b.speed_even,
                 "gunnery": b.gunnery, "aa": b.aa, "air_ops": b.air_ops}
                for s in self.ships.values() for i, b in enumerate(s.track)]
        return pd.DataFrame(rows).set_index(["ship", "box"])

    def provenance_frame(self) -> Any:
        """Per-value provenance of every counter (unit id, field, provenance, source)."""
        import pandas as pd

        return pd.DataFrame(self.value_provenance)

    @property
    def options(self) -> dict[str, str]:
        return dict(OPTIONS)

    @cached_property
    def history_records(self) -> list[dict[str, Any]]:
        """history.csv checked (turn, side, hex, provenance): what really happened, one row per force per turn.

        Loaded on first use, not with the rules, so a game that never looks at history pays nothing for it.
        """
        from leyte.core.history import load_history

        return load_history(self.folder / "history.csv", self.map, set(self.turn_record["historical"]), ("IJN", "USN"))

    @property
    def history(self) -> Any:
        """The real battle as a pandas DataFrame (issue 15 item 5): turn, date, time, force, side, hex, lat, lon,
        event, provenance, source. pandas is imported here, never at ``import leyte``."""
        from leyte.core.history import frame

        return frame(self.history_records)


def load(folder: str | Path | None = None, game: str = GAME_ID) -> ISData:
    """Read and validate every data file of Imperial Sunset, or of the sister game ``game`` from its own folder."""
    folder = Path(folder) if folder is not None else game_data_dir(game)
    family = load_family(folder, game)
    hexmap = HexMap.load(folder)
    tracks: dict[str, dict[int, Box]] = {}
    for r in rows(folder / "damage_tracks.csv"):
        sid = r.str("ship")
        tracks.setdefault(sid, {})[r.int("box")] = Box(
            r.int("speed_odd"), r.int("speed_even"), r.int("gunnery"), r.int("aa"), r.bool("air_ops", True)
        )
    ships: dict[str, ShipDef] = {}
    for r in rows(folder / "ships.csv"):
        sid = r.str("id")
        if sid in ships:
            raise r.err("id", f"ship {sid!r} appears twice")
        side = r.str("side")
        if side not in ("IJN", "USN"):
            raise r.err("side", f"{side!r} is not IJN or USN")
        cap = r.int("damage_capacity")
        if cap < 1:
            raise r.err("damage_capacity", "must be at least 1")
        tr = tracks.get(sid)
        if tr is None or sorted(tr) != list(range(cap + 1)):
            raise r.err("id", f"damage_tracks.csv must give boxes 0..{cap} for ship {sid!r}")
        prov = r.str("provenance", "reconstructed")
        if prov not in PROVENANCE_TAGS + ("mixed",):
            raise r.err("provenance", f"{prov!r} is not a provenance tag")
        ships[sid] = ShipDef(
            id=sid, name=r.str("name"), side=side, fleet=r.str("fleet", ""), type=r.str("type"),
            gunnery=r.int("gunnery"), aa=r.int("aa"), torpedo=r.bool("torpedo"),
            speed_odd=r.int("speed_odd"), speed_even=r.int("speed_even"), capacity=cap,
            vp_sunk=r.int("vp_sunk", 0), vp_damaged=r.int("vp_damaged", 0),
            track=tuple(tr[i] for i in range(cap + 1)), provenance=prov, source=r.str("source", ""),
            vp_per_point=r.int("vp_per_damage_point", 0), air_search_range=r.int("air_search_range", 0),
            air_ops_lost_at=r.int("air_ops_lost_at", 0) or None,
        )
    air: dict[str, AirDef] = {}
    for r in rows(folder / "air_units.csv"):
        aid = r.str("id")
        if aid in air:
            raise r.err("id", f"air unit {aid!r} appears twice")
        kind = r.str("kind")
        if kind not in ("F", "B", "FB", "HB", "K"):
            raise r.err("kind", f"{kind!r} is not F, B, FB, HB or K")
        air[aid] = AirDef(
            id=aid, name=r.str("name", aid), side=r.str("side"), kind=kind, strength=r.int("strength"),
            reduced=r.int("reduced", 0), range=r.int("range"), parent=r.str("parent"),
            squadron=r.str("squadron", ""), provenance=r.str("provenance", "reconstructed"),
            source=r.str("source", ""), printed_kind=r.str("printed_kind", ""),
        )
    tables: dict[str, Table] = {}
    tdir = folder / "tables"
    for p in sorted(tdir.glob("*.toml")):
        t = Table.load(p)
        tables[t.id] = t
    mods: dict[str, ModDef] = {}
    for r in rows(folder / "modifiers.csv") + rows(folder / "constants.csv"):
        mid = r.str("id")
        if mid in mods:
            raise r.err("id", f"modifier or constant {mid!r} appears twice")
        prov = r.str("provenance")
        if prov not in PROVENANCE_TAGS:
            raise r.err("provenance", f"{prov!r} is not a provenance tag")
        mods[mid] = ModDef(mid, r.int("value"), r.str("case", ""), r.str("description", ""), prov,
                           r.str("source", ""))
    scenarios: dict[str, dict[str, Any]] = {}
    for p in sorted((folder / "scenarios").glob("*.toml")):
        scenarios[p.stem] = read_toml(p)
    turn_record: dict[str, dict[int, dict[str, Any]]] = {}
    for r in rows(folder / "turn_record.csv"):
        turn_record.setdefault(r.str("scenario"), {})[r.int("turn")] = dict(r.row)
    vprov = read_csv(folder / "value_provenance.csv") if (folder / "value_provenance.csv").exists() else []
    return ISData(folder, hexmap, ships, air, tables, mods, scenarios, turn_record, vprov, family)
