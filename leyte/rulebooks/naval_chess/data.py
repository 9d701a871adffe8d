"""The Naval Chess Game's static data, read once from ``scenarios/naval-chess``: the lettered map, the counters,
the Anti-Ship Firing/Bombing Results Table, the scouting, surprise and victory point tables and the named constants.

Every row carries its provenance (printed, example, reconstructed) and a source; PROVENANCE.md says how each file
was built. The rules modules read values by name (``constant("asw_max")``), never as numbers in code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from leyte.core.datafiles import NamedValue, read_toml, rows
from leyte.core.errors import ScenarioError
from leyte.core.hexgrid import Hex, HexMap
from leyte.core.paths import game_data_dir

SEATS = ("IJN", "Third Fleet", "Seventh Fleet")
ALLIED_SEATS = ("Third Fleet", "Seventh Fleet")
SIDE_OF = {"IJN": "Japan", "Third Fleet": "Allies", "Seventh Fleet": "Allies"}
CLASSES = ("SBB", "FBB", "BB", "FB", "CVB", "B", "CA", "TR/CA", "TR", "SS", "FCV", "CV", "CVE", "PT",
           "naval", "seaplane", "land", "kamikaze")
SHIP_KINDS = ("ship", "sub", "pt")
SPEEDS = ("F", "", "S", "VS")  # fast, standard (unmarked), slow, very slow (VI.B.1.a)
CARRIERS = ("FCV", "CV", "CVE")  # carriers that count for AA and ASW (CVB does not, VI.B.1.b.2.a-b)
SCREENED = ("FCV", "CV", "CVE", "TR", "TR/CA")  # RULINGS R-22
RESULTS = ("-", "D", "DS", "S", "D1-3/DS4-6")
LOSSES = ("-", "X", "XX", "XXX")
MARKER_LABELS = tuple(f"J{n}" for n in range(1, 15))  # the IJN's marker labels, drawn at random
IMPULSES = ("morning", "afternoon", "before_midnight", "after_midnight")
IMPULSE_NAMES = {"morning": "Morning", "afternoon": "Afternoon", "before_midnight": "Before Midnight",
                 "after_midnight": "After Midnight"}


OPTIONS = {"unryu": "V.B: the second carrier Unryu with CV2, both IJN air groups Strong, two more Bettys; "
                    "the Allies get 15 VP (default off)",
           "free_setup": "V: each seat places its own forces by hand in the printed zones, the 1944 places offered "
                         "first (default off: the historical set-up)"}


@dataclass(frozen=True, slots=True)
class Unit:
    id: str
    name: str
    seat: str
    kind: str  # ship, sub, pt, air
    cls: str
    speed: str
    strength: str  # air units: strong or weak
    ships: str
    setup: str
    option: str
    provenance: str
    source: str

    @property
    def side(self) -> str:
        return SIDE_OF[self.seat]

    @property
    def surface(self) -> bool:
        return self.kind == "ship"

    @property
    def carrier(self) -> bool:
        return self.cls in CARRIERS


@dataclass(frozen=True, slots=True)
class Cell:
    hit: str
    loss: str
    active_hit: str
    active_loss: str
    provenance: str


@dataclass
class Data:
    folder: Path
    map: HexMap
    names: dict[str, str]
    units: dict[str, Unit]
    anti_ship: dict[str, dict[int, Cell]]
    scouting: dict[int, int]
    surprise: list[tuple[int, int, str]]
    vp: dict[str, int]
    constants: dict[str, NamedValue]
    scenarios: dict[str, dict[str, Any]]
    options: dict[str, str] = field(default_factory=lambda: dict(OPTIONS))  # the scenario options (V.B)

    def constant(self, key: str) -> int:
        try:
            return self.constants[key].value
        except KeyError:
            raise ScenarioError(f"{self.folder / 'constants.csv'}: no constant {key!r}") from None

    def hex(self, label: str) -> Hex:
        return self.map.hex(label)

    def label(self, h: Hex) -> str:
        return self.map.label(h)

    def neighbours(self, label: str) -> list[str]:
        """Adjacent hexes a ship may enter (not land), in a fixed order."""
        m = self.map
        out = []
        for n in m.hex(label).neighbours():
            if n in m and m.terrain(n) != "land":
                out.append(m.label(n))
        return out

    def has(self, label: str, kind: str, name: str | None = None) -> bool:
        return self.map.has_feature(self.map.hex(label), kind, name)

    def feature(self, label: str, kind: str) -> str | None:
        for k, n in self.map.features(self.map.hex(label)):
            if k == kind:
                return n
        return None

    def edge_hexes(self, edge: str) -> list[str]:
        return [self.map.label(h) for h in self.map.find("edge", edge)]

    def terrain(self, label: str) -> str:
        return self.map.terrain(self.map.hex(label))

    def distance(self, a: str, b: str) -> int:
        return self.map.hex(a).distance(self.map.hex(b))

    @cached_property
    def history_records(self) -> list[dict[str, Any]]:
        """history.csv checked (turn, side, hex, provenance): what really happened, one row per force per turn.

        Loaded on first use, not with the rules, so a game that never looks at history pays nothing for it.
        """
        from leyte.core.history import load_history

        return load_history(self.folder / "history.csv", self.map, set(range(1, self.constant("days") + 1)), SEATS)

    @property
    def history(self) -> Any:
        """The real battle as a pandas DataFrame (issue 15 item 5): turn, date, time, force, side, hex, lat, lon,
        event, provenance, source. pandas is imported here, never at ``import leyte``."""
        from leyte.core.history import frame

        return frame(self.history_records)


def _cell_codes(r: Any, fld: str, allowed: tuple[str, ...]) -> str:
    v = r.str(fld)
    if v not in allowed:
        raise r.err(fld, f"{v!r} is not one of {', '.join(allowed)}")
    return v


@cache
def data() -> Data:
    folder = game_data_dir("naval-chess")
    m = HexMap.load(folder)
    names = {r.str("label"): r.str("name", "") for r in rows(folder / "map.csv")}
    units: dict[str, Unit] = {}
    for r in rows(folder / "units.csv"):
        seat = r.str("seat")
        if seat not in SEATS:
            raise r.err("seat", f"{seat!r} is not one of {', '.join(SEATS)}")
        kind = r.str("kind")
        if kind not in (*SHIP_KINDS, "air"):
            raise r.err("kind", f"{kind!r} is not ship, sub, pt or air")
        cls = _cell_codes(r, "class", CLASSES)
        speed = (r.row.get("speed") or "").strip()
        if speed not in SPEEDS:
            raise r.err("speed", f"{speed!r} is not F, S, VS or empty (standard)")
        u = Unit(r.str("id"), r.str("name"), seat, kind, cls, speed, r.str("strength", ""), r.str("ships", ""),
                 r.str("setup", ""), r.str("option", ""), r.prov(), r.str("source"))
        if u.id in units:
            raise r.err("id", f"{u.id!r} appears twice")
        units[u.id] = u
    anti: dict[str, dict[int, Cell]] = {}
    for r in rows(folder / "tables" / "anti_ship.csv"):
        col = r.str("column")
        roll = r.int("roll", lo=1)
        anti.setdefault(col, {})[roll] = Cell(
            _cell_codes(r, "hit", RESULTS), _cell_codes(r, "loss", LOSSES), _cell_codes(r, "active_hit", RESULTS),
            _cell_codes(r, "active_loss", LOSSES), r.prov())
    for col, cells in anti.items():
        if sorted(cells) != [1, 2, 3, 4, 5, 6]:
            raise ScenarioError(f"{folder / 'tables' / 'anti_ship.csv'}: column {col} lacks rows 1-6")
    scouting = {r.int("range", lo=0): r.int("detect_from", lo=1) for r in rows(folder / "tables" / "scouting.csv")}
    surprise = [(r.int("roll_from", lo=1), r.int("roll_to", lo=1), r.str("result"))
                for r in rows(folder / "tables" / "surprise.csv")]
    vp = {r.str("class"): r.int("vp") for r in rows(folder / "tables" / "vp.csv")}
    constants = {r.str("id"): NamedValue(r.str("id"), r.int("value"), r.str("case"), r.str("description"), r.prov(),
                                         r.str("source")) for r in rows(folder / "constants.csv")}
    scenarios = {}
    for p in sorted((folder / "scenarios").glob("*.toml")):
        sc = read_toml(p)
        scenarios[str(sc.get("id", p.stem))] = sc
    return Data(folder, m, names, units, anti, scenarios=scenarios, scouting=scouting, surprise=surprise, vp=vp,
                constants=constants)
