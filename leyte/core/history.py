"""What really happened: a game's ``history.csv``, one row per force per turn, checked and handed out as a table.

Every game keeps the real battle beside the rules (issue 15 item 5) so a notebook can lay ghost markers on the map
and compare a played game with the real one. The file is plain data; this module only checks it: each row's turn
must be one of the game's turns, its hex a hex of the game's map with water in it, its position a real latitude and
longitude, and its provenance one of the project's tags. A broken row is a ``ScenarioError`` naming the file, the
row and the field.

pandas is imported only by :func:`frame`, never at ``import leyte``.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Any

from leyte.core.datafiles import Row, rows
from leyte.core.errors import LeyteError
from leyte.core.hexgrid import HexMap

__all__ = ["COLUMNS", "frame", "load_history"]

COLUMNS = ("turn", "date", "time", "force", "side", "hex", "lat", "lon", "event", "provenance", "source")


def _float(r: Row, fld: str, lo: float, hi: float) -> float:
    v = r.str(fld)
    try:
        x = float(v)
    except ValueError:
        raise r.err(fld, f"{v!r} is not a number") from None
    if not lo <= x <= hi:
        raise r.err(fld, f"{x} is outside {lo}..{hi}")
    return x


def load_history(path: Path, hexmap: HexMap, turns: Collection[int], sides: Collection[str]) -> list[dict[str, Any]]:
    """The checked rows of ``path``: turn in ``turns``, side in ``sides``, hex on ``hexmap``, a provenance tag.

    The hex is stored in the map's own spelling, so a table written "e7" still matches the map's "E7".
    """
    out: list[dict[str, Any]] = []
    seen: set[tuple[int, str]] = set()
    for r in rows(path):
        turn = r.int("turn")
        if turn not in turns:
            raise r.err("turn", f"{turn} is not a turn of this game ({min(turns)}-{max(turns)})")
        force = r.str("force")
        if (turn, force) in seen:
            raise r.err("force", f"{force!r} already has a row for turn {turn}")
        seen.add((turn, force))
        side = r.str("side")
        if side not in sides:
            raise r.err("side", f"{side!r} is not one of {', '.join(sorted(sides))}")
        try:
            h = hexmap.hex(r.str("hex"))
        except LeyteError as e:
            raise r.err("hex", str(e)) from None
        label = hexmap.label(h)
        if hexmap.terrain(h) == "land":
            raise r.err("hex", f"{label} is all land; a naval force's position must be a hex with water in it")
        out.append({
            "turn": turn, "date": r.str("date"), "time": r.str("time"), "force": force, "side": side, "hex": label,
            "lat": _float(r, "lat", -90.0, 90.0), "lon": _float(r, "lon", -180.0, 180.0),
            "event": r.str("event", ""), "provenance": r.prov(), "source": r.str("source"),
        })
    return out


def frame(records: list[dict[str, Any]]) -> Any:
    """The rows as a pandas DataFrame with the columns in :data:`COLUMNS` order (pandas imported here only)."""
    import pandas as pd

    return pd.DataFrame.from_records(records, columns=list(COLUMNS))
