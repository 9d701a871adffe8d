"""Samar's charts (``leyte.rulebooks.samar.charts``): the exact odds behind the gunnery and panic notebooks, checked
against brute-force enumeration of the dice, and the ship table read from a view."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from itertools import product

import leyte
from leyte.rulebooks.samar.charts import dice_total, hit_chance_per_die, panic_chance, pool_hits, ships_frame


def test_5_6_per_die_hit_chance_is_read_from_the_firing_throw_table() -> None:
    t = leyte.rules("samar").tables["firing_throw"]
    hits = [f for f in range(1, 7) if t.lookup("-", f).result.get("hit")]
    assert hits and hit_chance_per_die() == Fraction(len(hits), 6)


def test_5_5_pool_hits_match_enumerating_every_throw() -> None:
    q = hit_chance_per_die()
    for n in range(0, 5):
        counts: dict[int, Fraction] = {}
        for faces in product((True, False), repeat=n):
            p = Fraction(1)
            for hit in faces:
                p *= q if hit else 1 - q
            counts[sum(faces)] = counts.get(sum(faces), Fraction(0)) + p
        assert pool_hits(n) == counts
    assert pool_hits(-2) == {0: 1}  # a pool cut below one die makes no attack (5.5)


def test_6_5_panic_chance_matches_enumerating_the_faces() -> None:
    r = leyte.rules("samar")
    step = int(r.c("panic.per_panicked_friend"))
    for side in ("IJN", "USN"):
        limit = int(r.c(f"panic.threshold.{side}"))
        for dice, armor, friends in ((3, 0, 0), (4, 2, 1), (5, 3, 2)):
            hit = sum(1 for faces in product(range(1, 7), repeat=dice) if sum(faces) - armor + step * friends > limit)
            assert panic_chance(dice, armor, side, friends) == Fraction(hit, 6**dice), (side, dice, armor)
    assert sum(dice_total(4).values()) == 1 and min(dice_total(4)) == 4 and max(dice_total(4)) == 24


def test_ships_frame_lists_every_ship_of_a_view_and_only_those_on_the_map_by_default() -> None:
    view = leyte.new_game("samar", seed=1).view(None)  # the start: Taffy Three on the map, everyone else in a pool
    frame = ships_frame(view, on_map=False)
    assert set(frame.index) == set(view["ships"]) and len(frame) == len(view["ships"])
    assert frame.loc["st_lo", "name"] == "St. Lo" and frame.loc["st_lo", "side"] == "USN"
    assert {"hex", "hits", "armor", "panic"} <= set(frame.columns)
    on_map = ships_frame(view)
    assert len(on_map) == 13 and set(on_map["side"]) == {"USN"} and on_map.loc["st_lo", "hex"] == "1312"
    by_hand = leyte.new_game("samar", seed=1, options={"setup_by_hand": True}).view(None)  # nobody placed yet
    assert ships_frame(by_hand).empty


def test_importing_the_charts_loads_neither_pandas_nor_bokeh() -> None:
    code = ("import sys, leyte.rulebooks.samar.charts; "
            "print(','.join(m for m in ('pandas', 'bokeh', 'ipywidgets') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""
