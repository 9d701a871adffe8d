"""The declared schema of a Naval Chess position (the same shape as a scenario file), checked with pydantic for the
reasons given in ``leyte/rulebooks/samar/schema.py``: strict types, field paths in every error, one place that says
what each field is. The set-up zones of V.A-V.C are checked when ``setup`` is true (the default); a position for a
worked example sets it false and may put forces anywhere at sea.

A position::

    {"id": "demo", "day": 1, "last_day": 7, "setup": true,
     "allied": {"tg38_1": "H6", ...},                        # Allied ship, sub and PT units -> hex
     "ijn": {"task_forces": [{"units": ["yamato", ...], "at": "B9"}], "subs": {"i_boats_1": "F6"},
             "air": {"betty_1": "D5", "cv1": "zuikaku"},      # air: a hex (airfield, harbor) or a carrier id
             "dummies": ["G9"]},                               # empty markers (VI.B.1.a), at sea or off the map
     "damaged": ["musashi"], "options": {"unryu": false},
     "start": "day", "posture": {"Seventh Fleet": "active"}}

A worked example may start later in the day (``start``: an impulse's movement such as ``"afternoon"``, its combat
such as ``"morning_combat"``, or ``"fifth_af"``) and give task forces a plot already written (``"plot":
{"afternoon": "E7"}``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator
from pydantic_core import PydanticCustomError

from leyte.core.schema import SchemaChecker, StrictModel, check_entry
from leyte.rulebooks.naval_chess.data import MARKER_LABELS, Data

OFF_MAP = ("off:north", "off:west")
CHECKER = SchemaChecker(
    {"allied": "V.A", "task_forces": "V.B", "subs": "V.C", "air": "V.B", "day": "VI", "last_day": "VI",
     "damaged": "VI.B.1.b.2", "options": "V.B", "units": "VI.B.1.a", "at": "V.B", "plot": "VI.B.1.a",
     "start": "VI", "posture": "VI.A", "dummies": "VI.B.1.a", "markers": "VI.B.1.a"},
    "leyte/rulebooks/naval_chess/schema.py")


def _data(info: ValidationInfo) -> Data:
    return info.context["data"]  # type: ignore[index]


def _sea(label: str, info: ValidationInfo, rule: str) -> str:
    D = _data(info)
    try:
        h = D.map.hex(label)
    except Exception as e:  # noqa: BLE001 - hexgrid raises LeyteError or ValueError for a bad label
        raise PydanticCustomError("hex", "not a hex of the map ({reason})", {"reason": str(e)}) from None
    if D.map.terrain(h) == "land":
        raise PydanticCustomError("hex", "{label} is land; ships stay at sea ({rule})", {"label": label, "rule": rule})
    return label


def _unit(uid: str, info: ValidationInfo, seats: tuple[str, ...], kinds: tuple[str, ...]) -> str:
    u = _data(info).units.get(uid)
    if u is None:
        raise PydanticCustomError("unit", "no unit {uid} in units.csv", {"uid": uid})
    if u.seat not in seats or u.kind not in kinds:
        raise PydanticCustomError("unit", "{uid} is a {seat} {kind} unit, not one that belongs here",
                                  {"uid": uid, "seat": u.seat, "kind": u.kind})
    return uid


_entry = check_entry
_Strict = StrictModel


class TaskForce(_Strict):
    units: Annotated[list[str], Field(min_length=1, max_length=20)]
    at: str
    plot: dict[Literal["morning", "afternoon", "before_midnight", "after_midnight"], str] = {}

    @field_validator("plot")
    @classmethod
    def _plot(cls, v: dict[str, str], info: ValidationInfo) -> dict[str, str]:
        for imp, h in v.items():
            if h != "exit":
                _entry(imp, _sea, h, info, "VI.B.1.a")
        return v

    @field_validator("units")
    @classmethod
    def _ships(cls, v: list[str], info: ValidationInfo) -> list[str]:
        for j, uid in enumerate(v):
            _entry(j, _unit, uid, info, ("IJN",), ("ship",))
        if len(set(v)) != len(v):
            raise PydanticCustomError("units", "a unit is listed twice")
        return v

    @field_validator("at")
    @classmethod
    def _where(cls, v: str, info: ValidationInfo) -> str:
        return v if v in OFF_MAP else _sea(v, info, "V.B")


class Ijn(_Strict):
    task_forces: Annotated[list[TaskForce], Field(max_length=12)] = []
    subs: dict[str, str] = {}
    air: dict[str, str] = {}
    dummies: Annotated[list[str], Field(max_length=14)] = []  # the pool has 14 marker labels (RULINGS R-37)

    @field_validator("dummies")
    @classmethod
    def _dummies(cls, v: list[str], info: ValidationInfo) -> list[str]:
        for j, h in enumerate(v):
            if h not in OFF_MAP:
                _entry(j, _sea, h, info, "VI.B.1.a")
        return v

    @field_validator("subs")
    @classmethod
    def _subs(cls, v: dict[str, str], info: ValidationInfo) -> dict[str, str]:
        for uid, h in v.items():
            _entry(uid, _unit, uid, info, ("IJN",), ("sub",))
            _entry(uid, _sea, h, info, "V.C")
        return v

    @field_validator("air")
    @classmethod
    def _air(cls, v: dict[str, str], info: ValidationInfo) -> dict[str, str]:
        D = _data(info)
        for uid, base in v.items():
            _entry(uid, _unit, uid, info, ("IJN",), ("air",))
            if base in D.units:
                if not D.units[base].carrier and D.units[base].cls != "CVB":
                    raise PydanticCustomError("air", "{base} is not a carrier", {"base": base, "at": uid})
            else:
                _entry(uid, _sea_or_field, base, info)
        return v


def _sea_or_field(label: str, info: ValidationInfo) -> str:
    D = _data(info)
    try:
        D.map.hex(label)
    except Exception as e:  # noqa: BLE001
        raise PydanticCustomError("hex", "not a hex of the map or a carrier id ({reason})",
                                  {"reason": str(e)}) from None
    if not (D.has(label, "airfield") or D.has(label, "harbor")):
        raise PydanticCustomError("hex", "{label} has no airfield or harbor (V.B)", {"label": label})
    return label


class Options(_Strict):
    unryu: bool = False  # V.B: the second carrier, both air groups Strong, two more Bettys, +15 VP to the Allies
    free_setup: bool = False  # V: each seat places its forces by hand (historical places offered first)


class Position(_Strict):
    id: Annotated[str, Field(min_length=1, max_length=80)] = "custom"
    name: Annotated[str, Field(max_length=200)] = ""
    provenance: Annotated[str, Field(max_length=40)] = ""
    source: Annotated[str, Field(max_length=400)] = ""
    last_day: Annotated[int, Field(ge=1, le=7)] = 7
    day: Annotated[int, Field(ge=1, le=7)] = 1
    setup: bool = True
    start: Literal["day", "morning", "afternoon", "fifth_af", "before_midnight", "after_midnight", "morning_combat",
                   "afternoon_combat", "before_midnight_combat", "after_midnight_combat"] = "day"
    posture: dict[Literal["IJN", "Third Fleet", "Seventh Fleet"], Literal["active", "passive"]] = {}
    allied: dict[str, str]
    ijn: Ijn
    damaged: list[str] = []
    options: Options = Options()

    @field_validator("day")
    @classmethod
    def _day(cls, v: int, info: ValidationInfo) -> int:
        if v > info.data.get("last_day", 7):
            raise PydanticCustomError("day", "the first day comes after the last day")
        return v

    @field_validator("allied")
    @classmethod
    def _allied(cls, v: dict[str, str], info: ValidationInfo) -> dict[str, str]:
        D = _data(info)
        for uid, h in v.items():
            _entry(uid, _unit, uid, info, ("Third Fleet", "Seventh Fleet"), ("ship", "sub", "pt"))
            if D.units[uid].kind == "pt":
                if h not in D.units or D.units[h].cls != "TR":
                    _entry(uid, _sea, h, info, "V.A")
            else:
                _entry(uid, _sea, h, info, "V.A")
        return v

    @field_validator("damaged")
    @classmethod
    def _damaged(cls, v: list[str], info: ValidationInfo) -> list[str]:
        D = _data(info)
        for j, uid in enumerate(v):
            if uid not in D.units or D.units[uid].kind not in ("ship", "sub", "pt"):
                raise PydanticCustomError("unit", "{uid} is not a ship unit", {"uid": uid, "at": j})
        return v

    @model_validator(mode="after")
    def _whole(self, info: ValidationInfo) -> Position:
        D = _data(info)
        seen: set[str] = set()
        ijn_ships = [(u, tf.at) for tf in self.ijn.task_forces for u in tf.units]
        for uid in [u for u, _ in ijn_ships] + list(self.ijn.subs) + list(self.allied):
            if uid in seen:
                raise PydanticCustomError("unit", "{uid} is placed twice", {"uid": uid})
            seen.add(uid)
        n_markers = len(self.ijn.task_forces) + len(self.ijn.subs) + len(self.ijn.dummies) + int(self.options.unryu)
        if n_markers > len(MARKER_LABELS):
            raise PydanticCustomError("markers", "{n} IJN markers but only {pool} labels (RULINGS R-37)",
                                      {"n": n_markers, "pool": len(MARKER_LABELS)})
        for uid in self.damaged:
            if uid not in seen:
                raise PydanticCustomError("unit", "{uid} is damaged but not placed", {"uid": uid})
        opt_units = {u.id for u in D.units.values() if u.option == "unryu"}
        if not self.options.unryu and opt_units & (seen | set(self.ijn.air)):
            raise PydanticCustomError("option", "the Unryu units take part only with the unryu option (V.B)")
        if self.setup:
            for uid, h in self.allied.items():
                if D.units[uid].kind == "ship" and not D.has(h, "setup", "Allies"):
                    raise PydanticCustomError("setup", "{uid} starts at {h}: Allied ships start on H5-H9 (V.A)",
                                              {"uid": uid, "h": h})
            west = sum(1 for _, at in ijn_ships
                       if at == "off:west" or (at not in OFF_MAP and D.has(at, "harbor", "Brunei")))
            need = D.constant("ijn_west_minimum")
            if west < need:
                raise PydanticCustomError("setup", "only {n} IJN ship units start at Brunei or off the west edge; "
                                          "at least {need} must (V.B)", {"n": west, "need": need})
            for uid, at in ijn_ships:
                ok = at in OFF_MAP or any(D.has(at, "harbor", n) for n in ("Brunei", "Hong Kong", "Manila"))
                if not ok:
                    raise PydanticCustomError("setup", "{uid} starts at {at}: IJN ships start at Brunei, Hong Kong, "
                                              "Manila or off the north or west edge (V.B)", {"uid": uid, "at": at})
        return self


def check_position(pos: Any, data: Data, where: str) -> Position:
    return CHECKER.validate(Position, pos, where, what="a position", context={"data": data})
