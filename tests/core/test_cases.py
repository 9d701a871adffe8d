"""CaseMap and CaseContext: a sister game cites its own rulebook in events, rolls, decisions and refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from leyte.core.cases import CaseContext, CaseMap, own
from leyte.core.dice import Dice
from leyte.core.errors import IllegalAction, LeyteError, ScenarioError
from leyte.core.game import Context, Decision

CM = CaseMap("base", "sister", {"8.1": "8.0", "6.2.2": "15.3", "11.1": None})


def test_translation_rules() -> None:
    assert CM("8.1") == "8.0"
    assert CM("4.4") == "4.4"  # unknown: the sister game's own number
    assert CM(own("8.1")) == "8.1" and type(CM(own("8.1"))) is str
    with pytest.raises(LeyteError, match="base case 11.1 has no counterpart"):
        CM("11.1")


def test_events_and_rolls_are_renumbered() -> None:
    events: list = []
    ctx = CaseContext(Context(Dice(3, [7, 4]), events), CM)
    ctx.emit("8.1", "strike")
    ctx.emit(own("8.1"), "own case")
    rec = ctx.roll("d10", purpose="launch", rule="6.2.2")
    ctx.roll("d10", purpose="other", rule="5.5")
    assert [e.rule for e in events] == ["8.0", "8.1", "15.3", "5.5"]
    assert rec.rule == "15.3" and events[2].data["roll"]["rule"] == "15.3"
    assert all(type(e.rule) is str for e in events)


def test_decisions_and_refusals_are_renumbered() -> None:
    d = Decision("IJN", "strike", "Strike?", "8.1", ())
    assert CM.decision(d).rule == "8.0"
    same = Decision("IJN", "move", "Move?", "6.1", ())
    assert CM.decision(same) is same
    e = CM.refusal(IllegalAction("6.2.2", "no MP", state="turn 3"))
    assert (e.rule, e.reason, e.state) == ("15.3", "no MP", "turn 3") and "(15.3)" in str(e)


def test_read_checks_the_file(tmp_path: Path) -> None:
    p = tmp_path / "cases.csv"
    p.write_text("base_case,case,note\n8.1,8.0,air strikes\n11.1,,kamikazes: none in this game\n")
    cm = CaseMap.read(p, "base", "sister")
    assert cm.cases == {"8.1": "8.0", "11.1": None}
    p.write_text("base_case,case,note\n8.1,8.0,x\n8.1,8.2,y\n")
    with pytest.raises(ScenarioError, match="appears twice"):
        CaseMap.read(p, "base", "sister")
