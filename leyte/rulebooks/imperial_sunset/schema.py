"""The declared schema of an Imperial Sunset position and scenario file (notes/position-format.md), via pydantic.

Why pydantic (v2) rather than hand-written checks: it is widely used and well kept, its models state in one place
what each field is (type, range, default), its strict mode refuses the near-misses that ``int(...)`` and ``bool(...)``
calls let through (a bool for a count, a float, the string "maybe" for an on/off option), and each error carries the
exact location (``tfs[2].hits.yamato``), the input and the rule broken — what a ``ScenarioError`` must name. Checks
that need the game's data (ids in ships.csv and air_units.csv, sea hexes of the map, hits within a ship's damage
capacity) are validators reading the data from the validation context, so they report the same field path; checks
across entries (a ship in two TFs, the marker a ``start`` activates) run after the model and name their path too.

Only ``scenario.py`` imports this module, and only while checking, so ``import leyte`` does not load pydantic.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, create_model, field_validator
from pydantic_core import PydanticCustomError

from leyte.core.errors import NotYetImplemented, ScenarioError
from leyte.core.schema import SchemaChecker, StrictModel, check_entry
from leyte.rulebooks.imperial_sunset.common import AIR_FORMATIONS, KAMIKAZE
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.options import OPTIONAL_NOT_BUILT, OPTIONS

Side = Literal["IJN", "USN"]
Count = Annotated[int, Field(ge=0)]
# 11.1: the counter mix has seven kamikaze markers (special_rules.kamikaze.markers in the scenario files); a larger
# number would also fill the activation pool without end.
Kamikazes = Annotated[int, Field(ge=0, le=7)]
Formation = Literal["1AF", "2AF", "USAAF"]
Flag = bool | Literal["true", "false"]  # turn-record switches: the CSV spells them as words
Box = Literal["ready", "cap", "flown", "destroyed", "out"]


def _data(info: ValidationInfo) -> ISData:
    return info.context["data"]  # type: ignore[index]


def _max_turn(info: ValidationInfo) -> int:
    """The longest turn record in the data (the campaign's): no scenario runs past it (3.0)."""
    return max(max(rec) for rec in _data(info).turn_record.values())


def _sea_hex(label: str, info: ValidationInfo, rule: str) -> str:
    m = _data(info).map
    try:
        h = m.hex(label)
    except ValueError as e:
        raise PydanticCustomError("hex", "not a hex of the map ({reason})", {"reason": str(e)}) from None
    if m.terrain(h) != "sea":
        raise PydanticCustomError("hex", "{label} is {terrain}, not sea ({rule})",
                                  {"label": label, "terrain": m.terrain(h), "rule": rule})
    return label


def _ship_id(sid: str, info: ValidationInfo) -> str:
    if sid not in _data(info).ships:
        raise PydanticCustomError("ship", "no ship '{sid}' in ships.csv", {"sid": sid})
    return sid


def _hits(sid: str, hits: int, info: ValidationInfo) -> None:
    ship = _data(info).ships.get(sid)
    if ship is not None and hits > ship.capacity:
        raise PydanticCustomError("hits", "more than {sid}'s damage capacity {cap} (6.3)",
                                  {"sid": sid, "cap": ship.capacity})



def _check_ships(v: list[str], info: ValidationInfo) -> list[str]:
    side = info.data.get("side")
    for j, sid in enumerate(v):
        check_entry(j, _ship_id, sid, info)
        own = _data(info).ships[sid].side
        if side is not None and own != side:
            raise PydanticCustomError("side", "{sid} is a {own} ship, not {side}",
                                      {"sid": sid, "own": own, "side": side, "at": j})
    return v


def _check_hits(v: dict[str, int], info: ValidationInfo) -> dict[str, int]:
    ships = info.data.get("ships", [])
    for sid, n in v.items():
        if sid not in ships:
            raise PydanticCustomError("hits", "{sid} is not one of this force's ships", {"sid": sid, "at": sid})
        check_entry(sid, _hits, sid, n, info)
    return v


def _check_last(v: int, info: ValidationInfo) -> int:
    first = info.data.get("first_turn")
    if first is not None and v < first:
        raise PydanticCustomError("turn", "last_turn comes before first_turn {first} (3.0)", {"first": first})
    if v > _max_turn(info):
        raise PydanticCustomError("turn", "after the last turn of any turn record ({n})", {"n": _max_turn(info)})
    return v



class TurnRecord(StrictModel):
    """One line of a turn record (3.0): the date, day or night, the kamikazes and air events of the turn."""

    date: str = ""
    time: Literal["day", "night"] = "day"
    kamikazes: Kamikazes = 0
    ijn_air_ops: Flag = True
    air_reinforcement: Flag = False
    ijn_air_reinforcement: Flag = False


class Zone(StrictModel):
    """A set-up zone (13.1.3.1): the owner places the TF within ``radius`` hexes of ``center``."""

    center: str
    radius: Annotated[int, Field(ge=0, le=10)]
    default: str | None = None
    rule: str = "13.1"

    @field_validator("center", "default")
    @classmethod
    def _sea(cls, v: str | None, info: ValidationInfo) -> str | None:
        return None if v is None else _sea_hex(v, info, "13.1")


class TF(StrictModel):
    """A task-force marker on the map (5.1): real with ships, or a dummy. ``ships`` comes before ``hits``."""

    marker: Annotated[str, Field(pattern=r"^(IJN|USN)-[1-9][0-9]?$")] | None = None  # None: dealt at random
    name: str
    side: Side
    hex: str
    fleet: Literal["3rd", "7th"] | None = None
    ships: list[str] = []
    dummy: bool = False
    detected: bool = False
    activated: bool = False
    mp_markers: Annotated[int, Field(ge=0, le=10)] = 0  # -1 MP markers waiting (6.2.1, 6.2.3, 6.2.4)
    hits: dict[str, Count] = {}
    zone: Zone | None = None

    @field_validator("hex")
    @classmethod
    def _sea(cls, v: str, info: ValidationInfo) -> str:
        return _sea_hex(v, info, "5.1")

    _ships = field_validator("ships")(_check_ships)
    _hits = field_validator("hits")(_check_hits)


class ShipOverride(StrictModel):
    """Per-ship facts beyond its TF's: damage, sunk, an independent on its own hex (6.4)."""

    id: str
    hits: Count = 0
    sunk: bool = False
    exited: bool = False
    torpedo_used: bool = False
    independent: bool = False
    detected: bool = False
    hex: str | None = None
    destination: Literal["north", "west", "east", "manila"] | None = None

    @field_validator("id")
    @classmethod
    def _known(cls, v: str, info: ValidationInfo) -> str:
        return _ship_id(v, info)

    @field_validator("hits")
    @classmethod
    def _cap(cls, v: int, info: ValidationInfo) -> int:
        if "id" in info.data:
            _hits(info.data["id"], v, info)
        return v

    @field_validator("hex")
    @classmethod
    def _sea(cls, v: str | None, info: ValidationInfo) -> str | None:
        return None if v is None else _sea_hex(v, info, "6.4")


class Air(StrictModel):
    """An air unit (6.5): its box, its counter side, and what it is doing this turn."""

    id: str
    parent: str = ""  # default: the unit's own parent in air_units.csv
    box: Box = "ready"
    reduced: bool = False
    cap_over: str | None = None
    role: Literal["F", "B"] | None = None
    missions_today: Annotated[int, Field(ge=0, le=4)] = 0

    @field_validator("id")
    @classmethod
    def _known(cls, v: str, info: ValidationInfo) -> str:
        if v not in _data(info).air:
            raise PydanticCustomError("air", "no air unit '{aid}' in air_units.csv", {"aid": v})
        return v

    @field_validator("parent")
    @classmethod
    def _parent(cls, v: str, info: ValidationInfo) -> str:
        if v not in AIR_FORMATIONS:
            _ship_id(v, info)
        return v


class Reinforcement(StrictModel):
    """A force that enters later (3.1, 13.1.2): the turn, the entry hexes, its ships and aircraft."""

    id: str
    turn: Annotated[int, Field(ge=1)]
    name: str
    side: Side
    marker: str | None = None
    fleet: Literal["3rd", "7th"] | None = None
    hexes: Annotated[list[str], Field(min_length=1)]
    ships: list[str]
    air: list[Air] = []
    detected: bool = False
    hits: dict[str, Count] = {}
    done: bool = False

    @field_validator("turn")
    @classmethod
    def _turn(cls, v: int, info: ValidationInfo) -> int:
        if v > _max_turn(info):
            raise PydanticCustomError("turn", "after the last turn of any turn record ({n})", {"n": _max_turn(info)})
        return v

    @field_validator("hexes")
    @classmethod
    def _sea(cls, v: list[str], info: ValidationInfo) -> list[str]:
        for j, h in enumerate(v):
            check_entry(j, _sea_hex, h, info, "3.1")
        return v

    _ships = field_validator("ships")(_check_ships)
    _hits = field_validator("hits")(_check_hits)


class Sonar(StrictModel):
    hex: str
    identity: Literal["IJN", "USN", "dummy"]

    @field_validator("hex")
    @classmethod
    def _sea(cls, v: str, info: ValidationInfo) -> str:
        return _sea_hex(v, info, "10.1")


class Start(StrictModel):
    """Begin in the Activation Phase with this marker drawn (worked examples); ``pool`` is what is left to draw."""

    activate: str | None = None
    pool: list[str] = []
    turn_record: TurnRecord | None = None
    day: bool = True  # default: as the turn record says


class SpecialRules(StrictModel):
    wild_bull: bool = False  # 13.1.5.1
    fanaticism: bool = False  # 13.1.5.2


class VPAward(StrictModel):
    side: Side
    points: int
    reason: str = ""
    rule: str = ""
    turn: Count = 0


# Every option switch is on/off; the names come from options.py so the schema and new_game agree.
Options = create_model(  # type: ignore[call-overload]
    "Options", __base__=StrictModel, **{k: (bool, False) for k in (*OPTIONS, *OPTIONAL_NOT_BUILT)})


class FileRule(BaseModel):
    """A special rule of a scenario file (13.1.5, 13.3.5): its status, plus what the rule needs (left to it)."""

    model_config = ConfigDict(extra="allow", strict=True)
    case: str = ""
    status: Literal["required", "recommended", "optional", "off"] = "required"
    formations: list[Formation] = []
    dates: list[str] = []


class AirOBUnit(StrictModel):
    """One extra carrier air unit the secret What-If roll may add (13.2)."""

    field: str
    unit: str
    sets_up_with: str
    box: Box = "ready"

    @field_validator("unit")
    @classmethod
    def _known(cls, v: str, info: ValidationInfo) -> str:
        if v not in _data(info).air:
            raise PydanticCustomError("air", "no air unit '{aid}' in air_units.csv", {"aid": v})
        return v


class VariableAirOB(BaseModel):
    """The What-If variable air order of battle (13.2): the table rolled and the units it can add."""

    model_config = ConfigDict(extra="allow", strict=True)
    units: list[AirOBUnit] = []


class Position(StrictModel):
    """A whole position. Turn fields come first-last-turn so each is checked against the ones before it."""

    id: str = "custom"
    name: str = "custom"
    first_turn: Annotated[int, Field(ge=1)] = 1
    last_turn: Annotated[int, Field(ge=1)] = 12
    turn: Annotated[int, Field(ge=1)] = 1  # defaults to first_turn (a default is never checked or used)
    turn_record_key: str = "historical"
    turn_record: dict[str, TurnRecord] = {}
    options: Options = Options()  # type: ignore[valid-type]
    tfs: list[TF]
    ships: list[ShipOverride] = []
    air: list[Air] = []
    reinforcements: list[Reinforcement] = []
    grounded_formations: dict[Formation, list[str]] = {}
    formations: list[Formation] = ["1AF", "2AF", "USAAF"]
    whatif_air_ob: bool = False
    variable_air_ob: VariableAirOB = VariableAirOB()
    special_rules: SpecialRules = SpecialRules()
    ijn_carrier_aircraft_return: bool = False
    all_ijn_air_ready: bool = False
    kamikazes: Kamikazes = 0  # markers waiting (11.1)
    pt_hex: str | None = None
    sonar: list[Sonar] = []
    vp: list[VPAward] = []
    start: Start = Start()

    _last = field_validator("last_turn")(_check_last)

    @field_validator("turn")
    @classmethod
    def _turn(cls, v: int, info: ValidationInfo) -> int:
        first, last = info.data.get("first_turn"), info.data.get("last_turn")
        if first is not None and last is not None and not first <= v <= last:
            raise PydanticCustomError("turn", "the starting turn must lie within first_turn {first} .. last_turn "
                                      "{last} (3.0)", {"first": first, "last": last})
        return v

    @field_validator("turn_record_key")
    @classmethod
    def _record(cls, v: str, info: ValidationInfo) -> str:
        if v not in _data(info).turn_record:
            raise PydanticCustomError("turn_record", "no turn record '{key}' in turn_record.csv ({known})",
                                      {"key": v, "known": ", ".join(sorted(_data(info).turn_record))})
        return v

    @field_validator("turn_record")
    @classmethod
    def _record_turns(cls, v: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        for k in v:
            if not k.isdigit() or not 1 <= int(k) <= _max_turn(info):
                raise PydanticCustomError("turn_record", "not a turn number 1..{n}", {"at": k, "n": _max_turn(info)})
        return v

    @field_validator("pt_hex")
    @classmethod
    def _pt(cls, v: str | None, info: ValidationInfo) -> str | None:
        return None if v is None else _sea_hex(v, info, "11.2")


class FileAirGroup(BaseModel):
    """A carrier's air group in a scenario file: its units by box."""

    model_config = ConfigDict(extra="allow", strict=True)
    carrier: str
    ready: list[str] = []
    flown: list[str] = []


class FileAirFormation(BaseModel):
    """A land-based air formation in a scenario file (6.5.9): its units by box."""

    model_config = ConfigDict(extra="allow", strict=True)
    id: Formation
    ready: list[str] = []
    flown: list[str] = []


class FileEntry(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)
    turn: Annotated[int, Field(ge=1)]
    hexes: Annotated[list[str], Field(min_length=1)]


class FileSetupZone(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)
    centre: str
    radius: Annotated[int, Field(ge=0, le=10)]


class FileTaskForce(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)
    id: str
    name: str
    side: Side
    fleet: Literal["", "3rd", "7th"] = ""
    case: str = "13.1"
    ships: list[str]
    detected: bool = False
    hits: dict[str, Count] = {}
    # May be absent, never null: the conversion asks whether the key is there (None marks "absent" and is unused).
    start_hex: str = None  # type: ignore[assignment]
    setup_zone: FileSetupZone = None  # type: ignore[assignment]
    default_hex: str = None  # type: ignore[assignment]
    entry: FileEntry = None  # type: ignore[assignment]
    air: list[FileAirGroup] = []


class ScenarioFile(BaseModel):
    """A scenarios/imperial-sunset/scenarios/*.toml file: the fields ``scenario_files.to_position`` reads are typed
    strictly; the descriptive ones the file format also carries (notes, provenance, limits) are left to it."""

    model_config = ConfigDict(extra="allow", strict=True)

    id: str = ""  # defaults: the file's name, the id, the id (a default is never checked or used)
    name: str = ""
    first_turn: Annotated[int, Field(ge=1)] = 1
    last_turn: Annotated[int, Field(ge=1)] = 12
    turn_record: str = ""
    task_forces: list[FileTaskForce]
    air_formations: list[FileAirFormation] = []
    special_rules: dict[str, FileRule] = {}
    variable_air_ob: VariableAirOB = VariableAirOB()

    _last = field_validator("last_turn")(_check_last)


# -- turning pydantic's errors into ScenarioError -----------------------------------------------------------------

FIELD_RULES = {"turn": "3.0", "first_turn": "3.0", "last_turn": "3.0", "hits": "6.3", "mp_markers": "6.2.4",
               "kamikazes": "11.1", "radius": "13.1.3.1", "missions_today": "6.5", "box": "6.5", "side": "5.1",
               "fleet": "5.3.1", "identity": "10.1", "destination": "6.4", "options": "14", "time": "3.0"}


CHECK = SchemaChecker(FIELD_RULES, "scenarios/imperial-sunset/notes/position-format.md")
error_from = CHECK.error


def check_position(pos: Any, D: ISData, where: str) -> None:
    """Raise ScenarioError unless ``pos`` fits the schema and its entries agree with each other."""
    model = CHECK.validate(Position, pos, where, what="a position", context={"data": D})
    seen: dict[str, str] = {}
    markers: dict[str, int] = {}
    for i, tf in enumerate(model.tfs):
        loc = f"{where}: tfs[{i}]"
        if tf.marker is not None:
            if not tf.marker.startswith(tf.side):
                raise ScenarioError(f"{loc}.marker = {tf.marker!r}: a {tf.side} TF needs a {tf.side} marker (5.1)")
            if tf.marker in markers:
                raise ScenarioError(f"{loc}.marker = {tf.marker!r}: also the marker of tfs[{markers[tf.marker]}]")
            markers[tf.marker] = i
        if tf.fleet is not None and tf.side != "USN":
            raise ScenarioError(f"{loc}.fleet = {tf.fleet!r}: only USN TFs belong to a fleet (5.3.1)")
        for j, sid in enumerate(tf.ships):
            if sid in seen:
                raise ScenarioError(f"{loc}.ships[{j}] = {sid!r}: {sid} is in two TFs (also {seen[sid]})")
            seen[sid] = f"tfs[{i}]"
        if not tf.ships and not tf.dummy:
            raise ScenarioError(f"{loc}.ships: a real TF needs ships (or set dummy = true) (5.1)")
        if tf.dummy and tf.ships:
            raise ScenarioError(f"{loc}.ships: a dummy TF carries no ships (5.4)")
    for i, r in enumerate(model.reinforcements):
        for j, sid in enumerate(r.ships):
            if sid in seen:
                raise ScenarioError(f"{where}: reinforcements[{i}].ships[{j}] = {sid!r}: also in {seen[sid]}")
            seen[sid] = f"reinforcements[{i}]"
    air_seen: set[str] = set()
    for i, a in enumerate(model.air):
        if a.id in air_seen:
            raise ScenarioError(f"{where}: air[{i}].id = {a.id!r}: listed twice")
        air_seen.add(a.id)
    start = model.start.activate
    if start is not None and start not in markers and start not in AIR_FORMATIONS \
            and not (start.startswith(f"{KAMIKAZE}-") and start[len(KAMIKAZE) + 1:].isdigit()):
        raise ScenarioError(f"{where}: start.activate = {start!r}: no TF marker, air formation or kamikaze marker "
                            "of that name in the position")
    for k, on in model.options.model_dump().items():
        if k in OPTIONAL_NOT_BUILT and on:
            raise NotYetImplemented(OPTIONAL_NOT_BUILT[k], f"optional rule {k} (its text is cut off in the rulebook)")


def check_scenario_file(raw: Any, D: ISData, where: str) -> None:
    """Raise ScenarioError unless a scenario file has the sections and fields ``to_position`` reads."""
    CHECK.validate(ScenarioFile, raw, where, what="a scenario file", context={"data": D})


def check_options(options: Any, where: str = "options") -> None:
    """The options given to new_game: known names, on/off values as bools; unbuilt optional rules refused."""
    try:
        model = Options.model_validate(dict(options))
    except ValidationError as e:
        raise error_from(where, e) from None
    for k, on in model.model_dump().items():
        if k in OPTIONAL_NOT_BUILT and on:
            raise NotYetImplemented(OPTIONAL_NOT_BUILT[k], f"optional rule {k} (its text is cut off in the rulebook)")
