"""Parts every chart generator shares (Imperial Sunset, Clash of the Carriers).

Both games lost their charts in OCR, and both tools rebuild them the same way: a chart is printed rows, worked-example
constraints or a named formula with a few parameters, and each cell carries a provenance tag. The cell type, the label
reading, the formula families both games use, the monotonicity check, the table writers (``tables/<id>.toml`` +
``<id>.csv`` in the format of scenarios/README.md) and the write-or-check command line live here once, so the two
games' tables cannot drift apart in format. Each tool keeps its own table list, its own formulas where the games
differ, and its own extra files (modifiers, constants, turn record).

Build time only: the engine never imports this module.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: The provenance tags a cell or a named value may carry (scenarios/README.md).
PROVENANCE_TAGS = ("printed", "example", "reconstructed")

Cells = dict[tuple[str, str], "CellOut"]


class BuildError(Exception):
    """The source asks for something inconsistent (an example the formula misses, a non-monotone chart, a missing
    tag, a duplicate id)."""


@dataclass
class CellOut:
    """One cell being built: its result fields and, when not the header default, its provenance and source."""

    result: dict[str, Any]
    provenance: str = ""
    source: str = ""


def label_value(label: str) -> int:
    """The number a formula reads for a row or column label: ``7`` -> 7, ``11+`` -> 11, ``0-`` -> 0.

    Open-ended bands read at their closed end, which is where the band starts to apply; closed bands such as
    ``2-3`` are only used as factor columns whose formula works on the band index instead.
    """
    t = label.strip()
    if t.endswith("+") or (t.endswith("-") and t[:-1].lstrip("-").isdigit()):
        return int(t[:-1])
    if t.lstrip("-").isdigit():
        return int(t)
    raise BuildError(f"label {label!r} has no single value for a formula")


def series_value(n: int, free: int, per: int) -> int:
    """Range penalty: nothing up to ``free``, then -1 for every ``per`` areas or hexes (or part) beyond."""
    return -math.ceil(max(0, n - free) / per) if n > free else 0


# -- formula families both games use ------------------------------------------------------------------------------


def factor_grid(spec: Mapping[str, Any], cell: Callable[[int, int], dict[str, Any]]) -> Cells:
    """A chart with a column per factor and a row per roll: ``cell(factor, roll)`` gives each cell's fields, read
    from the labels' values; cells come column by column, the order the CSV is written in."""
    return {
        (col, roll): CellOut(cell(label_value(col), label_value(roll)))
        for col in spec["columns"]
        for roll in spec["rolls"]
    }


def damage_linear(spec: Mapping[str, Any], *, result: Callable[[int, int], dict[str, Any]] | None = None) -> Cells:
    """Damage Table: one more hit every ``step`` points of (roll + factor), none at a modified roll of 0 or less.

    ``result(hits, roll)`` spells a cell's fields (a game may add its own, such as a critical-hit flag); by default
    the cell holds only ``hits``.
    """
    off, step = int(spec["offset"]), int(spec["step"])

    def cell(f: int, r: int) -> dict[str, Any]:
        hits = 0 if r <= 0 else max(0, (r + f - off) // step)
        return result(hits, r) if result else {"hits": hits}

    return factor_grid(spec, cell)


def aa_linear(spec: Mapping[str, Any], *, result: Callable[[int, bool], dict[str, Any]]) -> Cells:
    """AA Table: a DRM on the bombing roll that deepens with roll and AA factor, capped; at a deep enough DRM on a
    high enough roll the fire also destroys (a step of) the attacker. ``result(m, destroyed)`` spells a cell's
    fields from the DRM's size ``m`` (the DRM is ``-m``), as each game names its results."""
    rw, cw, off, step, cap = (int(spec[k]) for k in ("roll_weight", "column_weight", "offset", "step", "cap"))
    dm, dfrom = int(spec["destroy_m"]), int(spec["destroy_from"])

    def cell(f: int, r: int) -> dict[str, Any]:
        m = min(cap, max(0, (rw * r + cw * f - off) // step))
        return result(m, m >= dm and r >= dfrom)

    return factor_grid(spec, cell)


def air_to_air_bands(spec: Mapping[str, Any]) -> Cells:
    """Air-to-Air Table: steps grow with the roll and with the factor band's index (bands widen as factors grow)."""
    w, off, step = int(spec["band_weight"]), int(spec["offset"]), int(spec["step"])
    cells = {}
    for i, col in enumerate(spec["columns"]):
        for roll in spec["rolls"]:
            cells[(col, roll)] = CellOut({"steps": max(0, (label_value(roll) + w * i - off) // step)})
    return cells


def placement(spec: Mapping[str, Any], *, place: str = "area") -> Cells:
    """Surface display placement: each side's group lands on its roll plus a fixed offset (1-25); ``place`` is what
    the game's rulebook calls one of the 25 spaces, for the error message."""
    cells = {}
    for roll in spec["rolls"]:
        r = label_value(roll)
        ijn, usn = r + int(spec["ijn_offset"]), r + int(spec["usn_offset"])
        if not (1 <= ijn <= 25 and 1 <= usn <= 25):
            raise BuildError(f"{spec['name']}: roll {roll} places off the 25-{place} display ({ijn}, {usn})")
        cells[("-", roll)] = CellOut({"ijn_area": ijn, "usn_area": usn})
    return cells


# -- checks -------------------------------------------------------------------------------------------------------


def apply_examples(tid: str, spec: Mapping[str, Any], cells: Cells) -> None:
    """Tag the cells a worked example forces, after checking the formula already gives the forced values."""
    for ex in spec.get("example", []):
        key = (str(ex.get("column", "-")), str(ex["roll"]))
        if key not in cells:
            raise BuildError(f"{tid}: example names a cell that does not exist: column {key[0]}, roll {key[1]}")
        cell = cells[key]
        for f, want in ex.items():
            if f in ("column", "roll", "source"):
                continue
            if f not in cell.result:
                raise BuildError(f"{tid}: example sets unknown field {f!r}")
            if cell.result[f] != want:
                raise BuildError(
                    f"{tid}: the formula gives {f}={cell.result[f]!r} at column {key[0]}, roll {key[1]} but "
                    f"{ex['source']!r} forces {want!r}; change the parameters, not the example"
                )
        cell.provenance, cell.source = "example", str(ex["source"])


def check_monotone(
    tid: str,
    spec: Mapping[str, Any],
    cells: Mapping[tuple[str, str], CellOut],
    order: Mapping[str, Callable[[Mapping[str, Any]], tuple[int, ...]]],
) -> None:
    """Refuse a chart where a better roll or a bigger factor gives a worse result; ``order`` says, per table id,
    how "better" is read from a cell (tables not named are not checked)."""
    if tid not in order:
        return
    key, cols, rolls = order[tid], spec["columns"], spec["rolls"]
    for col in cols:
        vals = [key(cells[(col, r)].result) for r in rolls]
        for a, b, r in zip(vals, vals[1:], rolls[1:], strict=False):
            if any(y < x for x, y in zip(a, b, strict=True)):
                raise BuildError(f"{tid}: column {col} gets worse at roll {r}")
    for roll in rolls:
        vals = [key(cells[(c, roll)].result) for c in cols]
        for a, b, c in zip(vals, vals[1:], cols[1:], strict=False):
            if any(y < x for x, y in zip(a, b, strict=True)):
                raise BuildError(f"{tid}: roll {roll} gets worse at column {c}")


# -- writers ------------------------------------------------------------------------------------------------------


def toml_str(s: str) -> str:
    """A TOML basic string (JSON's escaping is a subset TOML reads), ASCII only so the bytes never depend on locale."""
    return json.dumps(s, ensure_ascii=True)


def fmt(v: Any) -> str:
    """A CSV cell for a result value: booleans as TOML/CSV ``true``/``false``, the rest as Python prints them."""
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def csv_text(header: list[str], rows: list[list[str]]) -> str:
    """CSV text with ``\\n`` line ends and quoting only where needed."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return buf.getvalue()


Methods = Mapping[str, Callable[[Mapping[str, Any]], Cells]]
Order = Mapping[str, Callable[[Mapping[str, Any]], tuple[int, ...]]]


def build_tables(src: Mapping[str, Any], table_ids: tuple[str, ...], methods: Methods, order: Order, note: str
                 ) -> dict[str, str]:
    """Every table in ``table_ids``, as {``tables/<id>.toml`` / ``.csv``: text}: each built by its source
    section's method, checked against its worked examples and for monotonicity, then written."""
    out: dict[str, str] = {}
    for tid in table_ids:
        if tid not in src:
            raise BuildError(f"source has no [{tid}] section")
        spec = src[tid]
        method = spec["method"]
        if method not in methods:
            raise BuildError(f"{tid}: unknown method {method!r}")
        cells = methods[method](spec)
        apply_examples(tid, spec, cells)
        check_monotone(tid, spec, cells, order)
        tags = {c.provenance for c in cells.values() if c.provenance}
        if method == "rows":
            default_prov = "printed" if tags == {"printed"} else "reconstructed"
            default_src = str(spec["default_source"])
        else:
            default_prov, default_src = "reconstructed", str(spec["formula"])
        out[f"tables/{tid}.toml"], out[f"tables/{tid}.csv"] = table_files(
            tid, spec, cells, note, default_prov, default_src
        )
    return out


def table_files(
    tid: str, spec: Mapping[str, Any], cells: Mapping[tuple[str, str], CellOut], note: str, default_prov: str,
    default_src: str,
) -> tuple[str, str]:
    """The (toml, csv) text of one built table: the header names the table, its lookup rules and fields, and the
    CSV lists every cell column by column with its own provenance where it differs from the header's."""
    fields: dict[str, str] = dict(spec["fields"])
    by = "factor" if "columns" in spec else "none"
    head = [
        note.rstrip("\n"),
        f"id = {toml_str(tid)}",
        f"name = {toml_str(spec['name'])}",
        f"case = {toml_str(spec['case'])}",
        f"die = {toml_str(spec['die'])}",
        f"provenance = {toml_str(default_prov)}",
        f"source = {toml_str(default_src)}",
        "",
        "[columns]",
        f"by = {toml_str(by)}",
        f"below = {toml_str(spec.get('column_below', 'error' if by == 'factor' else 'clamp'))}",
        f"above = {toml_str(spec.get('column_above', 'clamp'))}",
        "",
        "[rolls]",
        f"below = {toml_str(spec.get('roll_below', 'clamp'))}",
        f"above = {toml_str(spec.get('roll_above', 'clamp'))}",
        "",
        "[fields]",
        *(f"{f} = {toml_str(ty)}" for f, ty in fields.items()),
    ]
    rows = []
    rolls = spec.get("rolls") or [str(r["roll"]) for r in spec["row"]]
    for col in spec.get("columns", ["-"]):
        for roll in rolls:
            c = cells[(col, roll)]
            rows.append([col, roll, *(fmt(c.result[f]) for f in fields), c.provenance, c.source])
    return "\n".join(head) + "\n", csv_text(["column", "roll", *fields, "provenance", "source"], rows)


# -- command line -------------------------------------------------------------------------------------------------


def run_table_tool(
    argv: list[str] | None,
    doc: str | None,
    name: str,
    source: Path,
    out: Path,
    build: Callable[[Path], dict[str, str]],
    report: Callable[[Path], str] | None = None,
) -> int:
    """A chart tool's command line (``doc`` is the tool's docstring, ``name`` its file name for error messages):
    build every file from ``--source`` and write the ones that changed under ``--out``, or with ``--check`` only
    compare (exit 1 naming the stale files). A refused source exits 2."""
    ap = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    ap.add_argument("--source", type=Path, default=source)
    ap.add_argument("--out", type=Path, default=out, help="game data folder (default: %(default)s)")
    ap.add_argument("--check", action="store_true", help="compare with the files on disk, write nothing")
    if report is not None:
        ap.add_argument("--report", action="store_true", help="print expected results per column")
    args = ap.parse_args(argv)
    try:
        files = build(args.source)
    except BuildError as e:
        print(f"{name}: {e}", file=sys.stderr)
        return 2
    if report is not None and args.report:
        print(report(args.source))
        return 0
    stale = []
    for rel, text in files.items():
        path = args.out / rel
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            stale.append(rel)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8", newline="\n")
    if args.check:
        if stale:
            print("out of date: " + ", ".join(stale), file=sys.stderr)
            return 1
        print(f"{len(files)} files up to date")
        return 0
    print(f"wrote {len(stale)} of {len(files)} files under {args.out}")
    return 0
