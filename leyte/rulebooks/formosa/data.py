"""Formosa's counters and charts, read from ``scenarios/formosa/`` and checked row by row.

The rulebook prints the two LP Expenditure Charts, the Mobile Fleet Sortie Table and the victory schedule; the
counters, both Combat Results Tables, the Air Combat Table, the B-29 Attack Table and the TEC were lost with the
counter sheet and the map, so most values here are rebuilt. Every value therefore carries its provenance
(``printed``, ``example``, ``reconstructed``) and a source, and the loader refuses a file that drops one: a reader
holding the printed game can replace any file and see at once what changed. Errors name the file, row and field.

Rolled charts become core ``Table`` objects (the CRTs pick a column by percentage odds and take column shifts
through ``Table.column_with_shifts``); the charts nobody rolls on (TEC, LP charts, victory bands) are plain
records. Only the standard library and ``leyte.core`` are imported, so ``import leyte`` stays light.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType

from leyte.core.datafiles import NamedValue, Row, rows
from leyte.core.errors import LeyteError, ScenarioError
from leyte.core.paths import game_data_dir
from leyte.core.tables import PROVENANCE_TAGS, Table

__all__ = ["FormosaData", "LpItem", "Marker", "TecEntry", "Unit", "ValueTag", "VictoryBand", "load_data",
           "CRT_COLUMNS", "CRT_RESULTS"]

GAME_FOLDER = "formosa"
SIDES = {"Allied": ("US", "CW"), "Japanese": ("Japanese",)}
UNIT_TYPES = {
    "Allied": ("marine", "infantry", "hq", "armor", "artillery", "engineer", "airborne", "ranger", "heavy_weapons"),
    "Japanese": ("infantry", "armor", "coastal_defense", "heavy_weapons", "marine", "airborne", "special_forces",
                 "engineer", "second_line", "construction", "guerrilla", "deception", "pw_camp"),
}
BONUSES = ("A", "D", "none")
SCENARIOS = ("1", "2", "both")
# Where a unit starts (24.1): the Allied Staging Area, on Formosa, in a pool the Japanese set-up counts draw from,
# free in Amoy after its capture (6th MarDiv), or not at all ("no": bought, or optional).
AT_START = ("staging", "formosa", "formosa_choice", "special_6mar", "no")
MARKER_KINDS = ("air", "naval", "marker", "admin")
# The fields of a counter whose provenance value_provenance.csv must give when a unit's row says "mixed".
VALUE_FIELDS = ("name", "type", "size", "division", "cf", "bonus", "mf", "mechanised", "static", "concealed_mf",
                "opt", "setup_only", "replaceable", "lp_recruit", "lp_replace", "at_start")
# 15.3 (L939-941) and the 15.4 examples (L954-956): nine percentage columns from <=49% to >=700%.
CRT_COLUMNS = ("49-", "50-99", "100-199", "200-299", "300-399", "400-499", "500-599", "600-699", "700+")
CRT_RESULTS = ("A1", "AE", "AR", "B1", "BB", "CA", "D1", "DR", "DE")  # 15.5, L993-1027
B29_RESULTS = ("NE", "DS", "D1")  # 16.5, L1179-1190; NE (no effect) is ours
FLEET_RESULTS = ("fiasco", "indecisive", "decisive")  # 18.0, L1243-1251
ROLLED_TABLES = ("crt_allied", "crt_japanese", "air_combat", "b29", "fleet_sortie", "counter_landing",
                 "raider_airfield", "pw_camp_b29")
TEC_FIELDS = ("mp_nonmech", "mp_mech", "def_shift_allied", "def_shift_japanese")
TEC_KINDS = ("hex", "feature", "hexside")


@dataclass(frozen=True, slots=True)
class Unit:
    """One counter. ``cf`` serves attack and defence alike (R-6); ``bonus`` is the A or D shift flag (15.4.1)."""

    id: str
    name: str
    side: str
    nationality: str
    type: str
    size: str
    division: str
    cf: int
    bonus: str
    mf: int
    mechanised: bool
    static: bool
    concealed_mf: int | None
    opt: bool
    setup_only: bool
    replaceable: bool
    lp_recruit: int
    lp_replace: int | None
    scenario: str
    at_start: str
    provenance: str
    source: str


@dataclass(frozen=True, slots=True)
class Marker:
    """Air, naval, marker and admin counters: how many the sheet holds (a limit on purchases, 8.2 L617)."""

    id: str
    name: str
    side: str
    nationality: str
    kind: str
    count: int
    provenance: str
    source: str


@dataclass(frozen=True, slots=True)
class ValueTag:
    """Where one value of one counter came from."""

    unit_id: str
    field: str
    value: str
    provenance: str
    source: str


@dataclass(frozen=True, slots=True)
class TecEntry:
    """One terrain of the TEC. A cost of ``None`` means prohibited; shifts count columns to the left, for the
    defender's nationality (15.4.1 L984). ``provenance``/``source`` are per field, since the text prints some."""

    terrain: str
    kind: str
    mp_nonmech: Fraction | None
    mp_mech: Fraction | None
    def_shift_allied: int
    def_shift_japanese: int
    provenance: Mapping[str, str]
    source: Mapping[str, str]

    def mp(self, mechanised: bool) -> Fraction | None:
        """The MP this terrain costs a unit of that class (None: it may not enter)."""
        return self.mp_mech if mechanised else self.mp_nonmech

    def shift(self, defender_side: str) -> int:
        """Columns to the left this terrain gives a defender of that side."""
        return self.def_shift_japanese if defender_side == "Japanese" else self.def_shift_allied


@dataclass(frozen=True, slots=True)
class LpItem:
    """One row of an LP Expenditure Chart, with the printed text kept beside the value read from it."""

    id: str
    item: str
    unit_types: tuple[str, ...]
    recruit_text: str
    replace_text: str
    recruit: Fraction | None  # None: no price printed ("See Optional Rules")
    replace: Fraction | None  # None: "N/A" (cannot be replaced) or blank (not a unit)
    setup_only: bool
    provenance: str
    source: str


@dataclass(frozen=True, slots=True)
class VictoryBand:
    """One band of the 4.2 schedule: Allied VP minus Japanese VP within [margin_min, margin_max] (None: open)."""

    level: str
    winner: str
    margin_min: int | None
    margin_max: int | None
    provenance: str
    source: str

    def holds(self, margin: int) -> bool:
        lo_ok = self.margin_min is None or margin >= self.margin_min
        return lo_ok and (self.margin_max is None or margin <= self.margin_max)


@dataclass(frozen=True)
class FormosaData:
    """Everything ``load_data`` read: counters, per-value provenance, rolled tables, TEC, LP charts, constants."""

    folder: Path
    units: Mapping[str, Unit]
    value_provenance: Mapping[tuple[str, str], ValueTag]
    tables: Mapping[str, Table]
    tec: Mapping[str, TecEntry]
    lp_allied: Mapping[str, LpItem]
    lp_japanese: Mapping[str, LpItem]
    victory: tuple[VictoryBand, ...]
    constants: Mapping[str, NamedValue]
    markers: Mapping[str, Marker]

    def constant(self, key: str) -> int:
        """A named number of constants.csv; a clear error for a name the file lacks."""
        try:
            return self.constants[key].value
        except KeyError:
            raise ScenarioError(f"{self.folder / 'constants.csv'}: no constant {key!r}") from None

    def table(self, key: str) -> Table:
        """A rolled chart by id; a clear error for an unknown one."""
        try:
            return self.tables[key]
        except KeyError:
            raise ScenarioError(f"{self.folder / 'tables'}: no table {key!r}") from None

    def victory_level(self, margin: int) -> VictoryBand:
        """The 4.2 band an Allied-minus-Japanese VP margin falls in."""
        for band in self.victory:
            if band.holds(margin):
                return band
        raise LeyteError(f"4.2: no victory band holds a margin of {margin}")

    def value_tag(self, unit_id: str, fld: str) -> tuple[str, str]:
        """(provenance, source) of one value of one counter, whether its row is tagged whole or per value."""
        u = self.units[unit_id]
        if u.provenance != "mixed":
            return u.provenance, u.source
        tag = self.value_provenance[(unit_id, fld)]
        return tag.provenance, tag.source


def load_data(folder: str | Path | None = None) -> FormosaData:
    """Read and validate the Formosa data folder (default: the installed ``scenarios/formosa``)."""
    folder = Path(folder) if folder is not None else game_data_dir(GAME_FOLDER)
    if not folder.is_dir():
        raise ScenarioError(f"{folder}: no such data folder")
    units = _units(folder / "units.csv")
    tags = _value_provenance(folder / "value_provenance.csv", units)
    tables = _tables(folder / "tables")
    return FormosaData(
        folder=folder,
        units=MappingProxyType(units),
        value_provenance=MappingProxyType(tags),
        tables=MappingProxyType(tables),
        tec=MappingProxyType(_tec(folder / "tables" / "tec.csv")),
        lp_allied=MappingProxyType(_lp_chart(folder / "tables" / "lp_allied.csv")),
        lp_japanese=MappingProxyType(_lp_chart(folder / "tables" / "lp_japanese.csv")),
        victory=_victory(folder / "tables" / "victory.csv"),
        constants=MappingProxyType(_constants(folder / "constants.csv")),
        markers=MappingProxyType(_markers(folder / "markers.csv")),
    )


# -- counters ------------------------------------------------------------------------------------------------------


def _choice(r: Row, fld: str, allowed: tuple[str, ...]) -> str:
    v = r.str(fld)
    if v not in allowed:
        raise r.err(fld, f"{v!r} is not one of {', '.join(allowed)}")
    return v


def _tagged(r: Row, *, mixed_ok: bool) -> tuple[str, str]:
    p = r.str("provenance")
    if p not in PROVENANCE_TAGS and not (mixed_ok and p == "mixed"):
        extra = " or mixed" if mixed_ok else ""
        raise r.err("provenance", f"{p!r} is not one of {', '.join(PROVENANCE_TAGS)}{extra}")
    return p, r.str("source")


def _units(path: Path) -> dict[str, Unit]:
    out: dict[str, Unit] = {}
    for r in rows(path):
        uid = r.str("id")
        if uid in out:
            raise r.err("id", f"{uid!r} appears twice")
        side = _choice(r, "side", tuple(SIDES))
        nat = _choice(r, "nationality", SIDES[side])
        typ = _choice(r, "type", UNIT_TYPES[side])
        mf = r.int("mf", lo=0)
        static = r.bool("static")
        if static != (mf == 0):
            raise r.err("static", f"{static} contradicts MF {mf}: MF 0 and only MF 0 is static (2.3.2 L199)")
        mech = r.bool("mechanised")
        if mech and static:
            raise r.err("mechanised", "a static unit (MF 0) cannot be mechanised (2.3.2 L200)")
        cmf_text = (r.row.get("concealed_mf") or "").strip()
        if side == "Japanese":
            cmf: int | None = r.int("concealed_mf", lo=0)
            if static and cmf != 0:
                raise r.err("concealed_mf", f"{cmf}: a concealed static unit cannot move (11.1 L745)")
        elif cmf_text:
            raise r.err("concealed_mf", f"{cmf_text!r}: only Japanese units have a concealed side (11.1)")
        else:
            cmf = None
        replaceable = r.bool("replaceable")
        rep_text = (r.row.get("lp_replace") or "").strip()
        lp_replace = r.int("lp_replace", lo=0) if rep_text else None
        if replaceable != (lp_replace is not None):
            raise r.err("lp_replace", "a replaceable unit needs a replacement cost and only it has one (8.2, 8.3)")
        prov, src = _tagged(r, mixed_ok=True)
        out[uid] = Unit(
            id=uid, name=r.str("name"), side=side, nationality=nat, type=typ, size=r.row.get("size", "").strip(),
            division=r.row.get("division", "").strip(), cf=r.int("cf", lo=0), bonus=_choice(r, "bonus", BONUSES),
            mf=mf, mechanised=mech, static=static, concealed_mf=cmf, opt=r.bool("opt"),
            setup_only=r.bool("setup_only"), replaceable=replaceable, lp_recruit=r.int("lp_recruit", lo=0),
            lp_replace=lp_replace, scenario=_choice(r, "scenario", SCENARIOS),
            at_start=_choice(r, "at_start", AT_START),
            provenance=prov, source=src,
        )
    if not out:
        raise ScenarioError(f"{path.name}: no units")
    return out


def _value_provenance(path: Path, units: Mapping[str, Unit]) -> dict[tuple[str, str], ValueTag]:
    """Per-value tags; every value of a "mixed" unit must be tagged, and the tag must quote the unit's value."""
    out: dict[tuple[str, str], ValueTag] = {}
    for r in rows(path):
        uid = r.str("unit_id")
        if uid not in units:
            raise r.err("unit_id", f"{uid!r} is not a unit of units.csv")
        fld = _choice(r, "field", VALUE_FIELDS)
        if (uid, fld) in out:
            raise r.err("field", f"{uid}.{fld} is tagged twice")
        value = (r.row.get("value") or "").strip()
        actual = _csv_text(getattr(units[uid], fld))
        if value != actual:
            raise r.err("value", f"{value!r} differs from units.csv's {actual!r} for {uid}.{fld}")
        prov, src = _tagged(r, mixed_ok=False)
        out[(uid, fld)] = ValueTag(uid, fld, value, prov, src)
    for uid, u in units.items():
        if u.provenance == "mixed":
            missing = [f for f in VALUE_FIELDS if (uid, f) not in out]
            if missing:
                raise ScenarioError(f"{path.name}: unit {uid!r} is 'mixed' but {', '.join(missing)} untagged")
    return out


def _csv_text(v: object) -> str:
    if isinstance(v, bool):
        return str(v).lower()
    return "" if v is None else str(v)


# -- charts --------------------------------------------------------------------------------------------------------


def _tables(folder: Path) -> dict[str, Table]:
    out: dict[str, Table] = {}
    for key in ROLLED_TABLES:
        path = folder / f"{key}.toml"
        if not path.exists():
            raise ScenarioError(f"{folder}: table {key!r} missing ({path.name})")
        try:
            out[key] = Table.load(path)
        except ScenarioError:
            raise
        except LeyteError as e:
            raise ScenarioError(f"{path}: {e}") from None
    for key in ("crt_allied", "crt_japanese"):
        t = out[key]
        if t.column_by != "percent" or tuple(t.columns) != CRT_COLUMNS:
            raise ScenarioError(f"{folder / (key + '.csv')}: columns must be the percentage bands "
                                f"{', '.join(CRT_COLUMNS)} (15.3), not {', '.join(t.columns)}")
        _check_results(folder / f"{key}.csv", t, ("result",), CRT_RESULTS)
    _check_results(folder / "b29.csv", out["b29"], tuple(out["b29"].fields), B29_RESULTS)
    _check_results(folder / "fleet_sortie.csv", out["fleet_sortie"], ("scenario_1", "scenario_2"), FLEET_RESULTS)
    _check_results(folder / "counter_landing.csv", out["counter_landing"], ("outcome",),
                   ("eliminated", "turned_back", "lands"))
    _check_results(folder / "pw_camp_b29.csv", out["pw_camp_b29"], ("outcome",),
                   ("camp_removed", "unit_eliminated"))
    return out


def _check_results(path: Path, t: Table, fields: tuple[str, ...], allowed: tuple[str, ...]) -> None:
    for cell in t.cells.values():
        for f in fields:
            if cell.result.get(f) not in allowed:
                raise ScenarioError(f"{path.name}, column {cell.column}, roll {cell.roll}, field {f!r}: "
                                    f"{cell.result.get(f)!r} is not one of {', '.join(allowed)}")


def _mp(r: Row, text: str) -> Fraction | None:
    if text == "P":
        return None
    try:
        v = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise r.err("value", f"{text!r} is not an MP cost (a number, 1/2, or P for prohibited)") from None
    if v < 0:
        raise r.err("value", f"{text!r}: an MP cost cannot be negative")
    return v


def _tec(path: Path) -> dict[str, TecEntry]:
    """The long-form TEC (one value per row, so each carries its own provenance) gathered per terrain."""
    seen: dict[str, dict[str, object]] = {}
    kinds: dict[str, str] = {}
    provs: dict[str, dict[str, str]] = {}
    srcs: dict[str, dict[str, str]] = {}
    for r in rows(path):
        terr = r.str("terrain")
        kind = _choice(r, "kind", TEC_KINDS)
        if kinds.setdefault(terr, kind) != kind:
            raise r.err("kind", f"{terr!r} is both {kinds[terr]} and {kind}")
        fld = _choice(r, "field", TEC_FIELDS)
        vals = seen.setdefault(terr, {})
        if fld in vals:
            raise r.err("field", f"{terr}.{fld} appears twice")
        text = r.str("value")
        if fld.startswith("mp_"):
            vals[fld] = _mp(r, text)
        else:
            vals[fld] = r.int("value", lo=0)
        provs.setdefault(terr, {})[fld], srcs.setdefault(terr, {})[fld] = _tagged(r, mixed_ok=False)
    out: dict[str, TecEntry] = {}
    for terr, vals in seen.items():
        missing = [f for f in TEC_FIELDS if f not in vals]
        if missing:
            raise ScenarioError(f"{path.name}: terrain {terr!r} lacks {', '.join(missing)}")
        out[terr] = TecEntry(terr, kinds[terr], vals["mp_nonmech"], vals["mp_mech"],  # type: ignore[arg-type]
                             vals["def_shift_allied"], vals["def_shift_japanese"],  # type: ignore[arg-type]
                             MappingProxyType(provs[terr]), MappingProxyType(srcs[terr]))
    return out


def _lp_cost(r: Row, fld: str) -> Fraction | None:
    text = (r.row.get(fld) or "").strip()
    if text in ("", "N/A") or text.lower().startswith("see "):
        return None
    try:
        v = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise r.err(fld, f"{text!r} is not an LP cost (a number, 1/2, N/A, or a 'See ...' reference)") from None
    if v < 0:
        raise r.err(fld, f"{text!r}: an LP cost cannot be negative")
    return v


def _lp_chart(path: Path) -> dict[str, LpItem]:
    out: dict[str, LpItem] = {}
    for r in rows(path):
        iid = r.str("id")
        if iid in out:
            raise r.err("id", f"{iid!r} appears twice")
        types = tuple(t for t in (r.row.get("unit_types") or "").split(";") if t.strip())
        prov, src = _tagged(r, mixed_ok=False)
        out[iid] = LpItem(iid, r.str("item"), types, r.str("recruit"), (r.row.get("replace") or "").strip(),
                          _lp_cost(r, "recruit"), _lp_cost(r, "replace"), r.bool("setup_only"), prov, src)
    return out


def _victory(path: Path) -> tuple[VictoryBand, ...]:
    bands: list[VictoryBand] = []
    for r in rows(path):
        lo = (r.row.get("margin_min") or "").strip()
        hi = (r.row.get("margin_max") or "").strip()
        prov, src = _tagged(r, mixed_ok=False)
        bands.append(VictoryBand(r.str("level"), (r.row.get("winner") or "").strip(),
                                 r.int("margin_min") if lo else None, r.int("margin_max") if hi else None, prov, src))
    # The bands must tile every margin: open at both ends, each starting one above the previous one's end.
    ordered = sorted(bands, key=lambda b: -10**9 if b.margin_min is None else b.margin_min)
    if not ordered or ordered[0].margin_min is not None or ordered[-1].margin_max is not None:
        raise ScenarioError(f"{path.name}: the bands must run from no lower bound to no upper bound (4.2)")
    for a, b in zip(ordered, ordered[1:]):
        if a.margin_max is None or b.margin_min != a.margin_max + 1:
            raise ScenarioError(f"{path.name}: bands {a.level}/{a.winner or 'draw'} and {b.level}/"
                                f"{b.winner or 'draw'} leave a gap or overlap (4.2)")
    return tuple(bands)


def _constants(path: Path) -> dict[str, NamedValue]:
    out: dict[str, NamedValue] = {}
    for r in rows(path):
        cid = r.str("id")
        if cid in out:
            raise r.err("id", f"{cid!r} appears twice")
        prov, src = _tagged(r, mixed_ok=False)
        out[cid] = NamedValue(cid, r.int("value"), r.str("case"), r.str("description"), prov, src)
    return out


def _markers(path: Path) -> dict[str, Marker]:
    out: dict[str, Marker] = {}
    for r in rows(path):
        mid = r.str("id")
        if mid in out:
            raise r.err("id", f"{mid!r} appears twice")
        side = (r.row.get("side") or "").strip()
        if side and side not in SIDES:
            raise r.err("side", f"{side!r} is not one of {', '.join(SIDES)} (or blank for a shared marker)")
        nat = (r.row.get("nationality") or "").strip()
        if nat and (not side or nat not in SIDES[side]):
            raise r.err("nationality", f"{nat!r} is not a nationality of side {side or '(none)'}")
        prov, src = _tagged(r, mixed_ok=False)
        out[mid] = Marker(mid, r.str("name"), side, nat, _choice(r, "kind", MARKER_KINDS), r.int("count", lo=1),
                          prov, src)
    return out
