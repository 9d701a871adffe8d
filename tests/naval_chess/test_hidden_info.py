"""Hidden information for three seats (issue 16, item 2): what each seat's view and log hold, checked through the
public API on the historical set-up and on positions built for one point each. The conformance suite's leak test
(tests/conformance/test_leaks.py) checks every decision of whole games against ``hidden_names``; these tests pin
the rules behind it."""

from __future__ import annotations

import re

import leyte
from leyte.bots import make_bot
from leyte.core.game import canonical

ALLIES = ("Third Fleet", "Seventh Fleet")


def _play_until(g: leyte.Game, stop, seed: int = 3, limit: int = 5000) -> None:
    bots = {p: make_bot("heuristic", "naval-chess", p, seed) for p in g.players}
    for _ in range(limit):
        if g.over or stop(g):
            return
        d = g.decision
        g.apply(bots[d.player].choose(g.view(d.player), d))
    raise AssertionError("the stop condition never came")


def test_the_ijn_plot_is_in_no_allied_view_until_carried_out() -> None:
    g = leyte.new_game("naval-chess", seed=11)
    _play_until(g, lambda g: g.decision.kind == "move" and g.decision.player == "Third Fleet")
    plots = [e for e in g.events if e.kind == "plot"]
    assert plots and all(e.visible == ("IJN",) for e in plots)
    ijn = g.view("IJN")
    assert any(m["plot"] for m in ijn["markers"].values()), "the IJN sees its own plots"
    for seat in ALLIES:
        v = g.view(seat)
        assert all(set(m) <= {"label", "hex", "moved", "units"} for m in v["markers"].values())
        assert not any(e["kind"] in ("plot", "organise", "draw") for e in v["log"])
        text = canonical({k: v[k] for k in v if k != "decision"})
        for e in plots:
            assert e.text not in text


def test_new_markers_read_the_same_whether_dummy_or_split_task_force() -> None:
    """R-15: a dummy laid from a task force and a ship detached from it appear to the Allies with the same event
    kind, the same words and the same data keys; only the (random) label and the hex differ."""
    g = leyte.new_game("naval-chess", seed=5)
    _play_until(g, lambda g: g.decision.kind == "organise")
    d = g.decision
    split = next(o for o in d.options if o.kind == "split")
    dummy = next(o for o in d.options if o.kind == "dummy" and o["marker"] == split["marker"])
    a, b = g.fork(), g.fork()
    ev_split = [e for e in a.apply(split) if e.seen_by("Third Fleet")]
    ev_dummy = [e for e in b.apply(dummy) if e.seen_by("Third Fleet")]

    def shape(evs: list[leyte.Event]) -> list[tuple[str, str, tuple[str, ...]]]:
        return [(e.kind, re.sub(r"J\d+", "J?", e.text), tuple(sorted(e.data))) for e in evs]

    assert shape(ev_split) == shape(ev_dummy) and len(ev_split) == 1
    for seat in ALLIES:
        new = [m for m in a.view(seat)["markers"].values() if m["label"] not in g.view(seat)["markers"]]
        new_d = [m for m in b.view(seat)["markers"].values() if m["label"] not in g.view(seat)["markers"]]
        assert [sorted(m) for m in new] == [sorted(m) for m in new_d] == [["hex", "label", "moved"]]


def test_each_allied_seat_sees_only_its_own_finds() -> None:
    """A search by one Allied fleet's planes is reported to that fleet alone; the other's view of the marker stays
    a bare marker (R-29)."""
    g = leyte.new_game("naval-chess", seed=3)

    def found(g: leyte.Game) -> bool:
        return any(e.kind == "detected" and e.visible in (("Third Fleet",), ("Seventh Fleet",)) for e in g.events)

    _play_until(g, found)
    e = next(e for e in g.events if e.kind == "detected" and e.visible in (("Third Fleet",), ("Seventh Fleet",)))
    finder = e.visible[0]
    other = next(s for s in ALLIES if s != finder)
    label = e.data.get("marker")
    fv, ov = g.view(finder), g.view(other)
    assert all(x["text"] != e.text for x in ov["log"])
    if label and label in fv["markers"] and label not in ov["detected"]:
        assert "units" in fv["markers"][label] and "units" not in ov["markers"][label]


def test_the_ijn_sees_allied_counters_not_names_until_it_detects_them() -> None:
    g = leyte.new_game("naval-chess", seed=1)
    v = g.view("IJN")
    assert not any(u["seat"] in ALLIES and u["kind"] != "air" for u in v["units"].values())
    assert sum(v["allied_counters"].values()) == 19  # every Allied ship and submarine unit, face down
    assert "iowa" not in canonical({k: v[k] for k in v if k != "log"})
    for seat in ALLIES:  # both Allied seats share the table: each sees every Allied counter
        assert {"iowa", "taffy_3", "darter"} <= set(g.view(seat)["units"])
