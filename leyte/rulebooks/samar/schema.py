"""The declared schema of a Samar position and scenario file (notes/position-format.md), checked with pydantic.

Why pydantic (v2) rather than hand-written checks: it is widely used and well kept, its models say in one place what
each field is (type, range, default), its strict mode refuses the near-misses hand-written ``int(...)`` calls let
through (a bool, a float, the string "3"), and every error carries the exact location (``ships[2].hits``), the input
and the rule broken, which is what a ``ScenarioError`` must name. Checks that need the game's data (a ship id in
ships.csv, a hex on the map and not land, hits within the counter's armor) run as validators reading the data from
the validation context, so they report the same field path.

This module imports pydantic at the top; ``scenario.py`` imports it only when a position is checked, so
``import leyte`` stays light.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from leyte.core.errors import ScenarioError
from leyte.core.schema import SchemaChecker, StrictModel, check_entry
from leyte.rulebooks.samar.data import SamarData

Side = Literal["IJN", "USN"]
Count = Annotated[int, Field(ge=0)]
# Markers that make the rules roll once each (fire 6.3, smoke 4.5) or count against a rating (Torpedoes Out 7.3):
# capped well above anything play produces, so a typo cannot start an endless run of rolls.
Markers = Annotated[int, Field(ge=0, le=10)]
Facing = Annotated[int, Field(ge=0, le=5)]


def _data(info: ValidationInfo) -> SamarData:
    return info.context["data"]  # type: ignore[index]


def _turns(info: ValidationInfo) -> int:
    return int(_data(info).c("turns"))


def _sea_hex(label: str, info: ValidationInfo, rule: str) -> str:
    """A printed label of a hex on the Samar map that is not land."""
    m = _data(info).map
    try:
        h = m.hex(label)
    except ValueError as e:
        raise PydanticCustomError("hex", "not a hex of the Samar map ({reason})", {"reason": str(e)}) from None
    if m.terrain(h) == "land":
        raise PydanticCustomError("hex", "{label} is land; ships stay at sea ({rule})", {"label": label, "rule": rule})
    return label


def _ship_id(sid: str, info: ValidationInfo) -> str:
    if sid not in _data(info).ships:
        raise PydanticCustomError("ship", "no ship with this id in ships.csv")
    return sid


def _turn_within(t: int, info: ValidationInfo, what: str) -> int:
    if t > _turns(info):
        raise PydanticCustomError("turn", "{what} must lie within the game's {n} turns (3.0)",
                                  {"what": what, "n": _turns(info)})
    return t




class Ship(StrictModel):
    """One ship taking part: its id plus any ShipState field (state.py). Fields are declared in an order where each
    validator can read the ones it depends on (hits needs the id and the flipped side)."""

    id: str
    side: Side = "IJN"  # default: the side in ships.csv (a default is never checked or used)
    where: Literal["pool", "map", "hulk", "sunk", "exited"] = "pool"  # default: map when a hex is given
    hex: str | None = None
    facing: Facing = 0
    speed: Literal["battle", "cruise", "flank", "evasive"] = "battle"
    speed_since: Count = 0
    waterline: Annotated[int, Field(ge=0, le=2)] = 0  # 6.3: 1 slowed, 2 dead in the water
    flipped: bool = False
    hits: Count = 0
    fires: Markers = 0
    panic: bool = False
    torps_out: Markers = 0
    beached: bool = False
    lost_turn: Count = 0
    exited_turn: Count = 0
    exit_counted: bool = False
    entry_mp: Markers = 0

    @field_validator("id")
    @classmethod
    def _known(cls, v: str, info: ValidationInfo) -> str:
        return _ship_id(v, info)

    @field_validator("side")
    @classmethod
    def _own_side(cls, v: str, info: ValidationInfo) -> str:
        sid = info.data.get("id")
        if sid is not None and _data(info).ships[sid].side != v:
            own = _data(info).ships[sid].side
            raise PydanticCustomError("side", "{sid} is a {side} ship", {"sid": sid, "side": own})
        return v

    @field_validator("hex")
    @classmethod
    def _on_map(cls, v: str | None, info: ValidationInfo) -> str | None:
        return None if v is None else _sea_hex(v, info, "2.1")

    @field_validator("speed_since", "lost_turn", "exited_turn")
    @classmethod
    def _a_turn(cls, v: int, info: ValidationInfo) -> int:
        return _turn_within(v, info, str(info.field_name))

    @field_validator("hits")
    @classmethod
    def _within_armor(cls, v: int, info: ValidationInfo) -> int:
        sid = info.data.get("id")
        if sid is None or "flipped" not in info.data:
            return v
        armor = _data(info).ships[sid].face(info.data["flipped"]).armor
        if v > armor:
            side = "reduced" if info.data["flipped"] else "full-strength"
            raise PydanticCustomError("hits", "more hit markers than the {side} armor {armor} holds (6.2)",
                                      {"side": side, "armor": armor})
        return v


class Air(StrictModel):
    id: str
    where: Literal["pool", "available", "placed", "used"] = "pool"
    target: str | None = None

    @field_validator("id")
    @classmethod
    def _known(cls, v: str, info: ValidationInfo) -> str:
        if v not in _data(info).air:
            raise PydanticCustomError("air", "no air unit with this id in air_units.csv")
        return v

    @field_validator("target")
    @classmethod
    def _target(cls, v: str | None, info: ValidationInfo) -> str | None:
        return None if v is None else _ship_id(v, info)


class Pools(StrictModel):
    ijn: list[str] = []
    ijn_bb: list[str] = []
    taffy2: list[str] = []
    bombardment: list[str] = []


class Setup(StrictModel):
    """Taffy Three's placement still to do (3.1): ships within ``radius`` of ``centre``, all facing ``facing``."""

    todo: list[str]
    centre: str
    radius: Annotated[int, Field(ge=0, le=20)]
    facing: Facing = 0
    default: dict[str, str] = {}

    @field_validator("todo")
    @classmethod
    def _ships(cls, v: list[str], info: ValidationInfo) -> list[str]:
        for j, sid in enumerate(v):
            check_entry(j, _ship_id, sid, info)
        return v

    @field_validator("centre")
    @classmethod
    def _centre(cls, v: str, info: ValidationInfo) -> str:
        return _sea_hex(v, info, "3.1")

    @field_validator("default")
    @classmethod
    def _default(cls, v: dict[str, str], info: ValidationInfo) -> dict[str, str]:
        for sid, h in v.items():
            check_entry(sid, _ship_id, sid, info)
            check_entry(sid, _sea_hex, h, info, "3.1")
        return v


class Options(StrictModel):
    alternate_movement: bool = False  # 3.5
    setup_by_hand: bool = False  # 3.1: place Taffy Three hex by hex instead of at the default (historical) hexes


class Position(StrictModel):
    """A whole position. ``last_turn`` comes before ``turn`` so the turn can be checked against it."""

    id: str = "custom"
    name: str = "custom"
    last_turn: Annotated[int, Field(ge=1)] = 16
    turn: Annotated[int, Field(ge=1)] = 1
    start: Literal["turn", "combat", "movement"] = "turn"
    ships: list[Ship]
    pools: Pools = Pools()
    air: list[Air] = []
    smoke: dict[str, Markers] = {}  # markers pile up; 4.5 removes them
    cleared: bool = False
    exited_armor: Annotated[int, Field(ge=0, le=1000)] = 0
    setup: Setup | None = None
    options: Options = Options()

    @field_validator("last_turn")
    @classmethod
    def _last(cls, v: int, info: ValidationInfo) -> int:
        return _turn_within(v, info, "last_turn")

    @field_validator("turn")
    @classmethod
    def _turn(cls, v: int, info: ValidationInfo) -> int:
        last = info.data.get("last_turn")
        if last is not None and v > last:
            raise PydanticCustomError("turn", "the starting turn comes after last_turn {last} (3.0)", {"last": last})
        return v

    @field_validator("smoke")
    @classmethod
    def _smoke_hexes(cls, v: dict[str, int], info: ValidationInfo) -> dict[str, int]:
        for h in v:
            check_entry(h, _sea_hex, h, info, "4.5")
        return v


class ScenarioFile(StrictModel):
    """A scenarios/samar/scenarios/*.toml file (3.1, 3.2): who starts where and who enters later."""

    class Taffy3(StrictModel):
        case: str = "3.1"
        centre: str
        radius: Annotated[int, Field(ge=0, le=20)]
        facing: Literal["N", "NE", "SE", "S", "SW", "NW"] = "N"
        ships: list[str]
        default: dict[str, str] = {}

    class Group(StrictModel):
        case: str = "3.1"
        ships: list[str]

    class CenterForce(StrictModel):
        case: str = "3.2"
        ships: list[str]
        battleships: list[str]

    class AirSection(StrictModel):
        case: str = "3.1"
        taffy: list[str]
        kamikaze: list[str]

    id: str = ""
    name: str = ""
    first_turn: Annotated[int, Field(ge=1)] = 1
    last_turn: Annotated[int, Field(ge=1)] = 16
    taffy3: Taffy3
    taffy2: Group
    bombardment: Group
    center_force: CenterForce
    air: AirSection

    @field_validator("last_turn")
    @classmethod
    def _last(cls, v: int, info: ValidationInfo) -> int:
        first = info.data.get("first_turn")
        if first is not None and v < first:
            raise PydanticCustomError("turn", "last_turn comes before first_turn {first} (3.0)", {"first": first})
        return _turn_within(v, info, "last_turn")


# -- turning pydantic's errors into ScenarioError -----------------------------------------------------------------

FIELD_RULES = {"turn": "3.0", "last_turn": "3.0", "first_turn": "3.0", "facing": "4.2", "speed": "4.1",
               "waterline": "6.3", "hits": "6.2", "fires": "6.3", "torps_out": "7.3", "panic": "4.7",
               "smoke": "4.5", "radius": "3.1", "where": "3.0", "side": "3.1", "alternate_movement": "3.5",
               "setup_by_hand": "3.1"}


CHECK = SchemaChecker(FIELD_RULES, "scenarios/samar/notes/position-format.md")
error_from = CHECK.error


def check_position(pos: Any, D: SamarData, where: str) -> None:
    """Raise ScenarioError unless ``pos`` fits the position schema and names ships, units and hexes that exist."""
    model = CHECK.validate(Position, pos, where, what="a position", context={"data": D})
    seen: dict[str, int] = {}
    for i, s in enumerate(model.ships):
        if s.id in seen:
            raise ScenarioError(f"{where}: ships[{i}].id = {s.id!r}: listed twice (also ships[{seen[s.id]}])")
        seen[s.id] = i
        where_ = pos["ships"][i].get("where", "map" if s.hex else "pool")
        if where_ in ("map", "hulk") and s.hex is None:
            raise ScenarioError(f"{where}: ships[{i}].hex: a ship whose where is {where_!r} needs a hex")
    for name, lst in model.pools.model_dump().items():
        for j, sid in enumerate(lst):
            if sid not in seen:
                raise ScenarioError(f"{where}: pools.{name}[{j}] = {sid!r}: not among the ships")
    air_seen: set[str] = set()
    for i, a in enumerate(model.air):
        if a.id in air_seen:
            raise ScenarioError(f"{where}: air[{i}].id = {a.id!r}: listed twice")
        air_seen.add(a.id)
        if a.where == "placed" and a.target is None:
            raise ScenarioError(f"{where}: air[{i}].target: a placed air unit needs a target ship (8.2)")
    if model.setup is not None:
        for j, sid in enumerate(model.setup.todo):
            if sid not in seen:
                raise ScenarioError(f"{where}: setup.todo[{j}] = {sid!r}: not among the ships")
        m, su = D.map, model.setup
        for sid, h in su.default.items():
            if sid not in su.todo:
                raise ScenarioError(f"{where}: setup.default.{sid}: not among the ships to set up (setup.todo)")
            if m.distance(m.hex(h), m.hex(su.centre)) > su.radius:
                raise ScenarioError(f"{where}: setup.default.{sid} = {h!r}: more than {su.radius} hexes from "
                                    f"{su.centre}, outside Taffy Three's set-up area (3.1)")


def check_scenario_file(raw: Any, D: SamarData, where: str) -> None:
    """Raise ScenarioError unless a scenario file has the sections and fields ``from_scenario_file`` reads."""
    CHECK.validate(ScenarioFile, raw, where, what="a scenario file", context={"data": D})


def check_options(options: Any, where: str = "options") -> None:
    """The options given to new_game: known names, on/off values as bools."""
    try:
        Options.model_validate(dict(options))
    except ValidationError as e:
        raise error_from(where, e) from None
