"""The teacher's companion (docs/teachers/leyte-gulf.md) agrees with the game: its turn-to-clock table matches the
historical scenario's turn record, and every timeline row with a clock time sits in the turn(s) that table gives."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "teachers" / "leyte-gulf.md"
TURN_RECORD = ROOT / "scenarios" / "imperial-sunset" / "turn_record.csv"
DATES = {"24 Oct": "1944-10-24", "25 Oct": "1944-10-25", "26 Oct": "1944-10-26"}


def _rows(heading: str) -> list[list[str]]:
    """The body rows of the first markdown table after ``heading``."""
    text = DOC.read_text(encoding="utf-8").split(heading, 1)[1]
    rows = [ln for ln in text.splitlines() if ln.startswith("|")]
    table = []
    for ln in rows:
        cells = [c.strip() for c in ln.strip("|").split("|")]
        if set("".join(cells)) <= set("-: "):
            continue
        table.append(cells)
        if ln is rows[-1]:
            break
    return table[1:]  # without the header row


def _clock_table() -> dict[str, tuple[int, int, dict[str, int]]]:
    """turn name -> (start hour, end hour, {date: turn number}) from the companion's clock table."""
    out = {}
    for name, clock, *turns in _rows("## The clock and the game turns")[:4]:
        start, end = (int(t.split(":")[0]) for t in clock.split("–"))
        out[name] = (start, end, dict(zip(DATES.values(), map(int, turns), strict=True)))
    return out


def _turn_at(date: str, hour: float) -> int:
    for start, end, turns in _clock_table().values():
        if start <= hour < end:
            return turns[date]
    raise AssertionError(f"no turn holds {hour}")


def test_clock_table_matches_the_turn_record() -> None:
    table = _clock_table()
    assert list(table) == ["night", "day 1", "day 2", "day 3"]
    assert [table[k][:2] for k in table] == [(0, 6), (6, 10), (10, 14), (14, 24)]  # the whole day, no gap
    with TURN_RECORD.open(encoding="utf-8") as f:
        record = [r for r in csv.DictReader(f) if r["scenario"] == "historical"]
    assert len(record) == 12
    for r in record:
        name = "night" if r["time"] == "night" else f"day {r['day_turn']}"
        assert table[name][2][r["date"]] == int(r["turn"]), r


def _hours(clock: str) -> list[float]:
    return [int(h) + int(m) / 60 for h, m in re.findall(r"(\d\d):(\d\d)", clock)]


TIMELINE = _rows("## Timeline, 20–26 October 1944")


@pytest.mark.parametrize("row", [r for r in TIMELINE if r[0] in DATES and _hours(r[1])], ids=lambda r: r[1])
def test_timeline_rows_sit_in_their_turns(row: list[str]) -> None:
    date, clock, _what, turn = row
    hours = _hours(clock)
    first, last = _turn_at(DATES[date], hours[0]), _turn_at(DATES[date], hours[-1])
    want = str(first) if first == last else f"{first}–{last}"
    assert turn == want, f"{date} {clock}: the clock table puts this in turn {want}, the timeline says {turn}"


def test_timeline_is_in_order_and_before_the_game_has_no_turn() -> None:
    order = ["20 Oct", "22 Oct", "23 Oct", "24 Oct", "25 Oct", "26 Oct"]
    keys = [(order.index(r[0]), (_hours(r[1]) or [0.0])[0]) for r in TIMELINE if _hours(r[1])]
    assert keys == sorted(keys)
    assert all(r[3] == "–" for r in TIMELINE if r[0] not in DATES)
    assert len(TIMELINE) >= 25
