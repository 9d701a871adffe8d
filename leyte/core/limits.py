"""Limits on untrusted values (saves, action dicts, position dicts): how deep, how long, how large.

Everything a user or a file hands the engine is plain JSON-like data; these checks refuse what no real game holds
(a value nested hundreds of levels deep, a 5,000-digit integer, a 50 MB string) before any rule looks at it, with a
``LeyteError`` (or the caller's subclass) that names where the value was and quotes at most a short excerpt of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from leyte.core.errors import LeyteError

__all__ = ["MAX_DEPTH", "MAX_STR", "MAX_INT", "MAX_ITEMS", "excerpt", "check_plain"]

MAX_DEPTH = 40  # nesting of lists and objects
MAX_STR = 10_000  # characters in one string
MAX_INT = 2**63  # magnitude of an integer (seeds are 64-bit)
MAX_ITEMS = 1_000_000  # items in one list or object (a long game's action list has tens of thousands)


def excerpt(value: Any, limit: int = 40) -> str:
    """A short, safe quotation of a bad value for an error message (never the whole of a huge value)."""
    if isinstance(value, str):
        text = value if len(value) <= limit else value[:limit] + f"... ({len(value)} characters)"
        return repr(text)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= MAX_INT:
        return f"an integer of {len(str(abs(value))) if abs(value) < 10**4000 else 'thousands of'} digits"
    text = repr(value) if isinstance(value, (int, float, bool)) or value is None else type(value).__name__
    return text if len(text) <= limit else text[:limit] + "..."


def check_plain(value: Any, where: str, *, error: type[LeyteError] = LeyteError, depth: int = 0) -> None:
    """Refuse a value that is not plain JSON-like data within the limits above; ``where`` names the field path."""
    if depth > MAX_DEPTH:
        raise error(f"{where}: nested more than {MAX_DEPTH} levels deep")
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, int):
        if abs(value) >= MAX_INT:
            raise error(f"{where}: {excerpt(value)} is too large (integers are at most 2**63 in size)")
        return
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise error(f"{where}: {value!r} is not a number a game can use")
        return
    if isinstance(value, str):
        if len(value) > MAX_STR:
            raise error(f"{where}: a string of {len(value)} characters is longer than {MAX_STR} ({excerpt(value)})")
        return
    if isinstance(value, (list, tuple)):
        if len(value) > MAX_ITEMS:
            raise error(f"{where}: a list of {len(value)} items is longer than {MAX_ITEMS}")
        for i, v in enumerate(value):
            check_plain(v, f"{where}[{i}]", error=error, depth=depth + 1)
        return
    if isinstance(value, Mapping):
        if len(value) > MAX_ITEMS:
            raise error(f"{where}: an object of {len(value)} keys is larger than {MAX_ITEMS}")
        for k, v in value.items():
            if not isinstance(k, str):
                raise error(f"{where}: keys must be strings, not {type(k).__name__}")
            check_plain(k, f"{where} key", error=error, depth=depth + 1)
            check_plain(v, f"{where}.{k[:40]}", error=error, depth=depth + 1)
        return
    raise error(f"{where}: {type(value).__name__} is not a JSON value (strings, numbers, booleans, null, lists, "
                "objects)")
