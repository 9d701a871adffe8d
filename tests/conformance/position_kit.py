"""Shared by the games' position-schema tests: every path inside a position, and the junk hypothesis puts there."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st


def paths_in(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a position a value sits, containers included."""
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths_in(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += paths_in(v, (*prefix, i))
    return out


def junk(near_misses: Sequence[str]) -> st.SearchStrategy[Any]:
    """Values of every JSON type, plus strings from the game that are nearly right somewhere (ids, hexes)."""
    return st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True),
                     st.text(max_size=6), st.lists(st.integers(), max_size=2),
                     st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
                     st.sampled_from(list(near_misses)))


def set_at(doc: Any, path: Sequence[Any], value: Any) -> Any:
    """Put ``value`` at ``path`` inside ``doc`` (changed in place) and return ``doc``."""
    target = doc
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    return doc
