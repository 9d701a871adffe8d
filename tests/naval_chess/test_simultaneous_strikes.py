"""Same-hex air strikes when both sides have carriers in the hex are simultaneous (VI.B.1.b.2.b, RULINGS R-42):
every strike is launched before any lands, so a carrier sunk by the enemy's strike still has its own strike in the
air, and that air unit does not go down with its carrier."""

from __future__ import annotations

import leyte


def _pick(g: leyte.Game, kind: str, **params: str) -> list[leyte.Event]:
    d = g.decision
    for o in d.options:
        if o.kind == kind and all(o.get(k) == v for k, v in params.items()):
            return g.apply(o)
    raise AssertionError(f"{d.player}'s {d.kind} offers no {kind} {params}: {[o.text for o in d.options]}")


def test_a_carrier_sunk_by_the_first_strike_still_strikes_back() -> None:
    pos = {"id": "r42", "setup": False, "start": "morning_combat",
           "allied": {"tg38_3": "F5"}, "damaged": ["tg38_3"],
           "ijn": {"task_forces": [{"units": ["zuikaku"], "at": "F5"}], "air": {"cv1": "zuikaku"}}}
    # CV1 (weak) rolls 5, +1 against the Damaged TG 38.3 = row 6: DS, which sinks it; the Third Fleet's strong air
    # group rolls 4: row 4, D on Zuikaku.
    g = leyte.new_game("naval-chess", scenario=pos, dice=[5, 4], seed=1)
    assert (g.decision.player, g.decision.kind) == ("IJN", "strike")
    ev = _pick(g, "strike", air="cv1", target="tg38_3")
    assert not [e for e in ev if e.kind == "hit"], "nothing lands until both sides have launched"
    ev += _pick(g, "done")
    assert (g.decision.player, g.decision.kind) == ("Third Fleet", "strike")
    assert not any(e.kind == "strike_declared" for e in g.log("Third Fleet")), "the IJN's launch is secret"
    ev = _pick(g, "strike", air="air_38_3", target="zuikaku")
    ev += _pick(g, "done")
    hits = [e.data for e in ev if e.kind == "hit" and "target" in e.data]
    assert [(h["target"], h["outcome"]) for h in hits] == [("tg38_3", "sunk"), ("zuikaku", "damaged")]
    v = g.view(None)["units"]
    assert v["tg38_3"]["loc"] == "sunk" and v["zuikaku"]["damaged"] is True
    # the Third Fleet's air group was in the air when its carrier sank; with no free deck or field within 2 hexes it
    # is lost afterwards, not with the carrier
    assert not any("goes down with its carrier" in e.text for e in ev)
    assert v["air_38_3"]["loc"] == "sunk" and not v["air_38_3"].get("airborne")
    assert any(e.kind == "air_lost" and "finds no friendly deck" in e.text for e in ev)


def test_one_side_alone_strikes_as_before() -> None:
    pos = {"id": "r42b", "setup": False, "start": "morning_combat", "allied": {"tg38_3": "F5"},
           "ijn": {"task_forces": [{"units": ["musashi"], "at": "F5"}]}}
    g = leyte.new_game("naval-chess", scenario=pos, dice=[4], seed=1)
    ev = _pick(g, "strike", air="air_38_3", target="musashi")
    assert [e.data["outcome"] for e in ev if e.kind == "hit" and "target" in e.data] == ["damaged"]
