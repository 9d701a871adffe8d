"""A game state as plain data and back: the to_dict / from_dict / copy every dataclass-built state needs.

A frame-driven game keeps its position in one dataclass whose fields are plain values plus a few dicts of smaller
dataclasses (ships, task forces, aircraft). Saving, digests, ``fork`` and undo all go through the plain-data form,
so it is written once here: every field in order, each named collection turned into a dict of dicts, the
not-saved fields (a cache slot, the game's shared static data) left out, and a damaged dict refused as a
``SaveError`` that names the game.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import asdict, fields, is_dataclass
from typing import Any, TypeVar

from leyte.core.errors import SaveError

__all__ = ["state_to_dict", "state_from_dict", "clone_state"]

T = TypeVar("T")


def state_to_dict(state: Any, collections: Iterable[str], skip: Iterable[str] = ("asked",)) -> dict[str, Any]:
    """Every field of ``state`` but ``skip``, in field order, with each of ``collections`` (dicts of dataclasses)
    as a dict of plain dicts; a deep copy, so the result shares nothing with the state."""
    coll, left_out = set(collections), set(skip)
    d: dict[str, Any] = {}
    for f in fields(state):
        if f.name in left_out:
            continue
        v = getattr(state, f.name)
        d[f.name] = {k: asdict(x) for k, x in v.items()} if f.name in coll else v
    return copy.deepcopy(d)


def state_from_dict(cls: type[T], d: Mapping[str, Any], collections: Mapping[str, type], game: str,
                    **extra: Any) -> T:
    """Rebuild a state of class ``cls`` from ``state_to_dict`` output; ``collections`` names each collection's
    item class and ``extra`` gives the fields that are never saved (the game's data)."""
    try:
        plain = copy.deepcopy(dict(d))
        built = {name: {k: item(**v) for k, v in plain.pop(name).items()} for name, item in collections.items()}
        return cls(**built, **extra, **plain)
    except (KeyError, TypeError, AttributeError) as e:
        raise SaveError(f"{game} state is malformed: {e}") from None


# Values a state may hold that never change in place, so a copy may share them.
_ATOMS = frozenset({str, int, float, bool, type(None)})
# Per dataclass: (names of the fields that are the position, names of the fields that are not: compare=False,
# whether its instances have a __dict__ that may hold attributes besides the fields).
_LAYOUT: dict[type, tuple[tuple[str, ...], tuple[str, ...], bool]] = {}


def _layout(cls: type) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    got = _LAYOUT.get(cls)
    if got is None:
        fs = fields(cls)
        got = _LAYOUT[cls] = (tuple(f.name for f in fs if f.compare), tuple(f.name for f in fs if not f.compare),
                              "__slots__" not in cls.__dict__)
    return got


def _clone(v: Any) -> Any:
    t = type(v)
    if t in _ATOMS:
        return v
    if t is dict:
        return {k: x if type(x) in _ATOMS else _clone(x) for k, x in v.items()}
    if t is list:
        return [x if type(x) in _ATOMS else _clone(x) for x in v]
    if t is tuple:
        return tuple(x if type(x) in _ATOMS else _clone(x) for x in v)
    if is_dataclass(v) and not isinstance(v, type):
        if t.__dataclass_params__.frozen:  # type: ignore[attr-defined]  # immutable values (a Hex): share them
            return v
        new = object.__new__(t)
        own, extra, has_dict = _layout(t)
        for name in own:
            x = getattr(v, name)
            object.__setattr__(new, name, x if type(x) in _ATOMS else _clone(x))
        for name in extra:
            object.__setattr__(new, name, getattr(v, name))
        if has_dict:  # attributes set on the object beyond its fields (a class without slots) are copied too
            for name, x in vars(v).items():
                if name not in own and name not in extra:
                    object.__setattr__(new, name, _clone(x))
        return new
    return copy.deepcopy(v)


def clone_state(state: T, reset: Iterable[str] = ("asked",)) -> T:
    """An independent copy of a dataclass-built state, for ``Game.fork`` and for search, which copies a position
    thousands of times.

    The plain-data round trip (``state_to_dict`` then ``state_from_dict``) deep-copies the position twice through
    ``copy.deepcopy``; this walks it once, copying dicts, lists and the unfrozen dataclasses inside them and sharing
    what cannot change (strings, numbers, frozen values). Fields declared ``compare=False`` are not part of the
    position (the game's shared static data): the copy points at the same object. The ``reset`` fields (the
    engine's cached question, which names frames of the original's stack) start empty.

    It keeps no record of objects met twice, so a mutable object reachable from two places in the state would
    become two objects; the states are plain trees (saved as JSON, where sharing cannot exist), and
    tests/core/test_search_model.py checks that the games' states stay so.
    """
    new = _clone(state)
    for name in reset:
        object.__setattr__(new, name, None)
    return new
