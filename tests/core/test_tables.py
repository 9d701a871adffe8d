"""Tables: column choice by factor band and by odds, roll clamping, provenance, validation (core, issue 2)."""

from __future__ import annotations

import pytest

from leyte.core.errors import LeyteError, ScenarioError
from leyte.core.tables import Band, Table

META = {
    "id": "dmg",
    "name": "Damage",
    "die": "d10",
    "provenance": "reconstructed",
    "source": "test",
    "fields": {"hits": "int", "critical": "bool"},
    "columns": {"by": "factor", "below": "error", "above": "clamp"},
    "rolls": {"below": "clamp", "above": "clamp"},
}


def rows() -> list[dict]:
    out = []
    for col, base in (("1-2", 0), ("3-5", 1), ("6", 2), ("7+", 3)):
        for roll, extra in (("0-", 0), ("1-5", 0), ("6-9", 1), ("10+", 2)):
            out.append({"column": col, "roll": roll, "hits": base + extra, "critical": str(roll == "10+").lower(),
                        "provenance": "printed" if col == "6" else "", "source": ""})
    return out


def test_column_by_factor_band_and_clamping() -> None:
    t = Table.from_rows(META, rows())
    assert [t.column_for(f) for f in (1, 2, 3, 5, 6, 7, 40)] == ["1-2", "1-2", "3-5", "3-5", "6", "7+", "7+"]
    with pytest.raises(LeyteError, match="below the lowest column"):
        t.column_for(0)


def test_modified_roll_clamps_at_both_edges() -> None:
    t = Table.from_rows(META, rows())
    assert t.lookup(6, -5).roll == "0-"
    assert t.lookup(6, 15).result == {"hits": 4, "critical": True}
    assert t.lookup(6, 7).result == {"hits": 3, "critical": False}


def test_roll_error_edges_when_header_says_so() -> None:
    meta = dict(META, rolls={"below": "error", "above": "error"})
    rs = [r for r in rows() if r["roll"] in ("1-5", "6-9")]
    t = Table.from_rows(meta, rs)
    with pytest.raises(LeyteError, match="below the table"):
        t.lookup(3, 0)
    with pytest.raises(LeyteError, match="above the table"):
        t.lookup(3, 10)


def test_ratio_columns_round_in_the_defenders_favour() -> None:
    meta = {"id": "crt", "die": "d6", "fields": {"r": "str"}, "columns": {"by": "ratio", "below": "clamp"},
            "provenance": "reconstructed"}
    rs = [{"column": c, "roll": str(n), "r": f"{c}/{n}"} for c in ("1:2", "1:1", "3:2", "2:1") for n in range(1, 7)]
    t = Table.from_rows(meta, rs)
    assert t.column_for((5, 4)) == "1:1"
    assert t.column_for((3, 2)) == "3:2"
    assert t.column_for((9, 2)) == "2:1"
    assert t.column_for((1, 5)) == "1:2"


def test_provenance_per_cell_and_summary() -> None:
    t = Table.from_rows(META, rows())
    assert t.lookup(6, 3).provenance == "printed"
    assert t.lookup(3, 3).provenance == "reconstructed"
    assert t.provenance == "mixed"
    assert t.provenance_counts() == {"printed": 4, "reconstructed": 12}


def test_to_frame_long_and_grid() -> None:
    t = Table.from_rows(META, rows())
    long = t.to_frame()
    assert len(long) == 16 and {"column", "roll", "hits", "critical", "provenance", "source"} <= set(long.columns)
    grid = t.to_frame("hits")
    assert grid.loc["6-9", "6"] == 3 and list(grid.columns) == ["1-2", "3-5", "6", "7+"]


@pytest.mark.parametrize(
    "mutate,msg",
    [
        (lambda rs: rs[0].update(hits="x"), "row 2, field 'hits'"),
        (lambda rs: rs[3].update(roll="ten"), "row 5, field 'roll'"),
        (lambda rs: rs[5].update(provenance="guessed"), "row 7, field 'provenance'"),
        (lambda rs: rs.append(dict(rs[0])), "appears twice"),
        (lambda rs: rs[1].update(roll="1-6"), "overlap"),
    ],
)
def test_bad_rows_name_row_and_field(mutate, msg) -> None:
    rs = rows()
    mutate(rs)
    with pytest.raises(ScenarioError, match=msg):
        Table.from_rows(META, rs, where="dmg.csv")


def test_band_parsing() -> None:
    assert (Band.parse("9+").lo, Band.parse("0-").hi, Band.parse("-3--1").lo) == (9, 0, -3)
    assert 5 in Band.parse("1-5") and 6 not in Band.parse("1-5")
    with pytest.raises(LeyteError):
        Band.parse("5-1")


def test_load_from_files(tmp_path) -> None:
    (tmp_path / "t.toml").write_text('id = "t"\ndie = "d6"\nprovenance = "printed"\n[fields]\nn = "int"\n'
                                     '[columns]\nby = "none"\n')
    (tmp_path / "t.csv").write_text("column,roll,n\n-,1-3,5\n-,4-6,4\n")
    t = Table.load(tmp_path / "t.toml")
    assert t.lookup(None, 2).result["n"] == 5 and t.provenance == "printed"
    (tmp_path / "t.csv").write_text("column,roll,n\n-,1-3,5\n-,4-6,\n")
    with pytest.raises(ScenarioError, match=r"t.csv, row 3, field 'n'"):
        Table.load(tmp_path / "t.toml")


def test_a_remembered_read_gives_the_same_cell_and_errors_are_never_remembered() -> None:
    # lookup_label keeps the cells it has read (speed, issue 7): a second read must be the same cell, and a roll
    # off an "error" edge must raise every time, not once.
    t = Table.from_rows(META, rows())
    first = [t.lookup(f, r) for f in (1, 4, 6, 9) for r in range(-3, 14)]
    again = [t.lookup(f, r) for f in (1, 4, 6, 9) for r in range(-3, 14)]
    assert again == first and all(a is b for a, b in zip(first, again))
    fresh = Table.from_rows(META, rows())
    assert [fresh.lookup(f, r) for f in (1, 4, 6, 9) for r in range(-3, 14)] == first
    meta = dict(META, rolls={"below": "error", "above": "error"})
    strict = Table.from_rows(meta, [r for r in rows() if r["roll"] in ("1-5", "6-9")])
    for _ in range(2):
        with pytest.raises(LeyteError, match="above the table"):
            strict.lookup(3, 10)
