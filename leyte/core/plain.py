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
from dataclasses import asdict, fields
from typing import Any, TypeVar

from leyte.core.errors import SaveError

__all__ = ["state_to_dict", "state_from_dict"]

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
