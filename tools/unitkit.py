"""Parts every unit-counter generator shares (Imperial Sunset, Clash of the Carriers).

Both games write their counters in one format (notes/units-format.md): ``ships.csv``, ``damage_tracks.csv``,
``air_units.csv``, ``value_provenance.csv`` (one row per value with its provenance tag and source) and scenario TOML
files. The CSV and TOML writers, the folding of per-value tags into a row's summary tag, the provenance rows of a
counter and its damage track, and the write-or-check command line live here once, so the two games' files cannot
drift apart in format. Each tool keeps its own sources, formulas and scenarios.

Build time only: the engine never imports this module.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import re
import sys
import tomllib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

Prov = tuple[str, str]  # (provenance tag, source note)


class Inline(dict):  # type: ignore[type-arg]
    """A dict written as a TOML inline table."""


# ----------------------------------------------------------------------------------------------------------------
# Writers
# ----------------------------------------------------------------------------------------------------------------


def cell(v: Any) -> str:
    """A CSV cell: booleans as ``true``/``false`` (what the loaders read), the rest as Python prints them."""
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def write_csv(columns: list[str], rows: list[dict[str, Any]]) -> str:
    """CSV text of ``rows`` in ``columns`` order (missing keys empty), ``\\n`` line ends."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=columns, lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: cell(r.get(k, "")) for k in columns})
    return buf.getvalue()


_BARE = re.compile(r"[A-Za-z0-9_-]+")


def tkey(k: str) -> str:
    return k if _BARE.fullmatch(k) else json.dumps(k)


def tval(v: Any, indent: int = 0) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{tkey(k)} = {tval(x)}" for k, x in v.items()) + " }"
    if isinstance(v, list):
        one = "[" + ", ".join(tval(x) for x in v) + "]"
        if len(one) + indent <= 110:
            return one
        pad = " " * 4
        lines, cur = [], ""
        for x in v:
            item = tval(x) + ","
            if cur and len(cur) + 1 + len(item) > 110:
                lines.append(pad + cur)
                cur = item
            else:
                cur = f"{cur} {item}" if cur else item
        if cur:
            lines.append(pad + cur)
        return "[\n" + "\n".join(lines) + "\n]"
    raise TypeError(f"cannot write {v!r} as TOML")


def _is_table(v: Any) -> bool:
    return isinstance(v, dict) and not isinstance(v, Inline)


def _is_aot(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(_is_table(e) for e in v)


def emit(d: dict[str, Any], path: list[str], header: str | None, out: list[str]) -> None:
    """Write ``d`` as TOML: its plain keys first, then its tables and arrays of tables in insertion order."""
    simple = [(k, v) for k, v in d.items() if k != "#" and not _is_table(v) and not _is_aot(v)]
    comment = d.get("#")
    implicit = header is not None and not simple and not comment and header.startswith("[") \
        and not header.startswith("[[")
    if header is not None and not implicit:
        out.append("")
        for line in ([comment] if isinstance(comment, str) else comment or []):
            out.append(f"# {line}")
        out.append(header)
    elif header is None and comment:
        for line in [comment] if isinstance(comment, str) else comment:
            out.append(f"# {line}")
    for k, v in simple:
        out.append(f"{tkey(k)} = {tval(v, len(k) + 3)}")
    for k, v in d.items():
        if k == "#":
            continue
        p = path + [k]
        if _is_table(v):
            emit(v, p, "[" + ".".join(tkey(x) for x in p) + "]", out)
        elif _is_aot(v):
            for e in v:
                emit(e, p, "[[" + ".".join(tkey(x) for x in p) + "]]", out)


def write_toml(doc: dict[str, Any]) -> str:
    """TOML text of ``doc`` in insertion order, checked to parse back."""
    out: list[str] = []
    emit(doc, [], None, out)
    text = "\n".join(out) + "\n"
    tomllib.loads(text)  # the output must parse
    return text


# ----------------------------------------------------------------------------------------------------------------
# Provenance rows
# ----------------------------------------------------------------------------------------------------------------


def summary_tag(tags: set[str]) -> str:
    """A row's own tag: the one tag all its values share, or ``mixed``."""
    return tags.pop() if len(tags) == 1 else "mixed"


def value_rows(unit_id: str, values: Mapping[str, Any], prov: Mapping[str, Prov], columns: Iterable[str]
               ) -> list[dict[str, Any]]:
    """value_provenance.csv rows for one unit's columns (its id, provenance and source columns carry none)."""
    out = []
    for fld in columns:
        if fld in ("id", "provenance", "source"):
            continue
        tag, note = prov[fld]
        out.append({"unit_id": unit_id, "field": fld, "value": cell(values[fld]), "provenance": tag, "source": note})
    return out


def track_rows(unit_id: str, track: list[dict[str, Any]], track_prov: Mapping[tuple[int, str], Prov],
               fields: tuple[str, ...]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A ship's damage track as (damage_tracks.csv rows, value_provenance.csv rows): each box row is tagged with
    its values' common tag and, when they share one note, that note."""
    rows, prov_rows = [], []
    for row in track:
        k = row["box"]
        notes = sorted({track_prov[(k, f_)][1] for f_ in fields})
        rows.append(dict(row, provenance=summary_tag({track_prov[(k, f_)][0] for f_ in fields}),
                         source=notes[0] if len(notes) == 1 else "see value_provenance.csv"))
        for f_ in fields:
            tag, note = track_prov[(k, f_)]
            prov_rows.append({"unit_id": unit_id, "field": f"track.{k}.{f_}", "value": cell(row[f_]),
                              "provenance": tag, "source": note})
    return rows, prov_rows


# ----------------------------------------------------------------------------------------------------------------
# Command line
# ----------------------------------------------------------------------------------------------------------------


def run_units_tool(argv: list[str] | None, doc: str | None, out: Path, build: Callable[[], dict[str, str]]) -> int:
    """A units tool's command line (``doc`` is its docstring): write every file ``build`` makes under ``--out``,
    or with ``--check`` only compare and exit 1 naming the stale or missing ones."""
    ap = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the files on disk differ from a fresh build")
    ap.add_argument("--out", type=Path, default=out, help="output folder (default: %(default)s)")
    args = ap.parse_args(argv)
    files = build()
    stale = []
    for rel, text in files.items():
        path = args.out / rel
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(rel)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
    if stale:
        print("stale or missing: " + ", ".join(stale), file=sys.stderr)
        return 1
    if not args.check:
        print(f"wrote {len(files)} files to {args.out}")
    return 0
