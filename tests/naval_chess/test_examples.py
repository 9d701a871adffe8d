"""The Naval Chess Game's worked examples and table notes, driven through the public API with scripted dice.

Every number an example or note of the rulebook states is asserted here: the rolls, the rows read, the results,
who sees what. The positions and scripts are the shared ones of ``leyte.rulebooks.naval_chess.examples`` (the
notebooks play the same ones); a test that needs another die or another ship builds a variant of one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

import leyte
from leyte import Game


def new(pos: Mapping[str, Any], dice: list[int] | tuple[int, ...]) -> Game:
    return leyte.new_game("naval-chess", scenario=dict(pos), dice=list(dice), seed=1)


def matches(o: Any, want: Mapping[str, Any]) -> bool:
    if "kind" in want and o.kind != want["kind"]:
        return False
    if "text" in want and str(want["text"]) not in o.text:
        return False
    return all(o.get(k) == v for k, v in want.items() if k not in ("kind", "text"))


def choose(g: Game, **want: Any) -> None:
    """Apply the first option of the current decision that fits ``want`` (kind, text substring, parameters)."""
    d = g.decision
    assert d is not None, f"the game is over; wanted {want}"
    found = [o for o in d.options if matches(o, want)]
    assert found, f"{d.player}'s {d.kind} decision offers no {want}: {[o.text for o in d.options]}"
    g.apply(found[0])


def drive(g: Game, script: Any) -> Game:
    for want in script:
        choose(g, **want)
    return g


def events(g: Game, kind: str, seat: str | None = None) -> list[Any]:
    return [e for e in g.events if e.kind == kind and (seat is None or e.seen_by(seat))]


def hits(g: Game) -> list[dict[str, Any]]:
    return [e.data for e in events(g, "hit")]


def rolls(g: Game) -> list[dict[str, Any]]:
    return [e.data["roll"] for e in events(g, "roll")]


def offered(g: Game, kind: str) -> list[Any]:
    d = g.decision
    return [o for o in d.options if o.kind == kind] if d else []


def sub_position(target: str, *, start: str = "morning_combat", damaged: tuple[str, ...] = (),
                 posture: str = "passive", sub: str = "i_boats_1", extra: Mapping[str, str] | None = None
                 ) -> dict[str, Any]:
    """A submarine and one enemy force in F6 (a sea hex outside Surigao Strait)."""
    allied = dict(extra or {})
    ijn: dict[str, Any] = {}
    if sub == "darter":
        allied["darter"] = "F6"
        ijn["task_forces"] = [{"units": [target], "at": "F6"}]
    else:
        allied[target] = "F6"
        ijn["subs"] = {sub: "F6"}
    owner = "Seventh Fleet" if sub == "darter" else "IJN"
    return {"id": "sub-test", "setup": False, "start": start, "allied": allied, "ijn": ijn, "damaged": list(damaged),
            "posture": {owner: posture}}


# -- the engine counts the defences as the attack found them ----------------------------------------------------


def test_vi_b_1_b_2_a_a_carrier_the_sub_damages_still_counts_for_the_anti_sub_roll() -> None:
    """An Active IJN sub rolls 3 against a lone Undamaged fleet carrier by day: the bracketed row 3 is D with XX.
    The carrier was Undamaged when attacked, so the task force had 2 anti-sub factors and the sub is lost, though
    the same roll damaged the carrier."""
    g = new(sub_position("tg38_1", posture="active"), [3])
    choose(g, kind="target", unit="tg38_1")
    (hit,) = hits(g)
    assert (hit["result"], hit["outcome"], hit["loss"], hit["factors"]) == ("D", "damaged", "XX", 2)
    assert g.view()["units"]["tg38_1"]["damaged"] is True
    (lost,) = events(g, "sub_lost")
    assert "XX against 2 anti-sub factors" in lost.text
    assert g.view()["units"]["i_boats_1"]["loc"] == "sunk"


def test_vi_b_1_b_2_b_a_carrier_sunk_by_the_strike_still_fired_its_anti_air() -> None:
    """On 25 October (day 6) the Kamikaze rolls 3 at extended range (3 hexes) against the Damaged Taffy 1 alone:
    +1 against a Damaged ship reads row 4, DS, and the Damaged carrier sinks; the unaltered row 3 is XXX. The task
    force met the strike with 1 + 1 carrier + 1 for the extended range = 3 factors, so the Kamikaze is shot down:
    the carrier's sinking by the same strike does not take its guns out of the count."""
    pos = {"id": "aa-test", "setup": False, "day": 6, "start": "morning_combat", "allied": {"taffy_1": "G5"},
           "ijn": {"air": {"kamikaze_1": "D5"}}, "damaged": ["taffy_1"]}
    g = new(pos, [5, 3])  # the land-based search at 3 hexes (5+), then the strike
    choose(g, kind="strike", air="kamikaze_1", target="taffy_1", range="extended")
    (hit,) = hits(g)
    assert (hit["raw"], hit["row"], hit["cell"], hit["outcome"]) == (3, 4, "DS", "sunk")
    assert (hit["loss"], hit["factors"]) == ("XXX", 3)
    assert [e.text for e in events(g, "air_lost") if "Anti-aircraft" in e.text] == [
        "Anti-aircraft fire destroys an IJN Kamikaze air unit (XXX against 3 factors)"]


# -- positions may hold dummies (for the 5th Air Force example) ---------------------------------------------------


def test_vi_b_1_a_a_position_may_lay_dummies_and_a_bad_one_is_refused_with_its_field() -> None:
    pos = {"id": "dummy-test", "setup": False, "allied": {"tr_south": "E7"}, "ijn": {"dummies": ["G9", "off:north"]}}
    g = new(pos, [])
    markers = g.view("IJN")["markers"]
    assert sorted(m["hex"] for m in markers.values()) == ["G9", "off:north"]
    assert all(m["dummy"] and m["units"] == [] for m in markers.values())
    assert all("units" not in m for m in g.view("Seventh Fleet")["markers"].values())
    with pytest.raises(leyte.LeyteError, match=r"ijn\.dummies\[0\].*A1 is land.*VI\.B\.1\.a"):
        new({**pos, "ijn": {"dummies": ["A1"]}}, [])
    with pytest.raises(leyte.LeyteError, match=r"15 IJN markers but only 14 labels"):
        new({**pos, "ijn": {"dummies": ["G9"] * 14}, "options": {"unryu": True}}, [])
