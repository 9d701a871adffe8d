"""Placing the forces by hand (V.A-V.C, the option ``free_setup``; RULINGS R-60), through the public API."""

from __future__ import annotations

import pytest

import leyte
from leyte.core.errors import IllegalAction

ALLIES = ("Third Fleet", "Seventh Fleet")


def _setup(seed: int = 1) -> leyte.Game:
    return leyte.new_game("naval-chess", options={"free_setup": True}, seed=seed)


def _place_all(g: leyte.Game, pick) -> None:
    while g.decision.kind == "setup":
        g.apply(pick(g.decision))


def _picture(g: leyte.Game) -> dict:
    """Where everything stands, markers by their contents (labels are drawn at random)."""
    v = g.view(None)
    ships = {u: x["loc"] for u, x in v["units"].items() if x["kind"] != "air"}
    # each IJN unit's place (the set-up puts one marker per place; the IJN splits them when it organises)
    tfs = sorted((m["hex"], x["id"]) for m in v["markers"].values() for x in m["units"])
    air = {u: x["base"] for u, x in v["units"].items() if x["kind"] == "air" and x["loc"] == "ready"}
    return {"ships": ships, "tfs": tfs, "air": air}


def test_the_1944_places_are_offered_first_and_taking_them_gives_the_historical_set_up() -> None:
    g = _setup()
    assert (g.decision.player, g.decision.kind, g.decision.rule) == ("Third Fleet", "setup", "V")
    seats = []
    while g.decision.kind == "setup":
        d = g.decision
        seats.append(d.player)
        assert d.options[0]["to"] == d.data["default"]
        g.apply(d.options[0])
    # the Allies place first, in the open, then the IJN behind its screen
    assert seats == sorted(seats, key=("Third Fleet", "Seventh Fleet", "IJN").index)
    assert _picture(g) == _picture(leyte.new_game("naval-chess", seed=1))


def test_allied_ships_go_on_h5_to_h9_and_submarines_anywhere_at_sea() -> None:
    g = _setup()
    d = g.decision
    assert {o["to"] for o in d.options} == {"H5", "H6", "H7", "H8", "H9"}
    while g.decision.data["unit"] != "darter":
        g.apply(g.decision.options[0])
    seas = {o["to"] for o in g.decision.options}
    assert {"C7", "A4", "G10"} <= seas and "B10" not in seas  # B10 is Borneo's interior (land)


def test_at_least_seven_ijn_ships_start_in_the_west() -> None:
    """V.B: choosing the north or the harbors for every ship the rule allows leaves only west places at the end."""
    g = _setup()
    _place_all_allies(g)
    west_only = 0
    while g.decision.kind == "setup" and g.decision.player == "IJN":
        d = g.decision
        tos = [o["to"] for o in d.options]
        far = [o for o in d.options if o["to"] in ("off:north", "B2", "D5")]
        if "B9" in tos and not far:
            west_only += 1
        g.apply(far[0] if far else d.options[0])
    ijn = [m for m in g.view("IJN")["markers"].values() if m["units"] and m["units"][0]["class"] != "SS"]
    west = sum(len(m["units"]) for m in ijn if m["hex"] in ("B9", "off:west"))
    assert west == 7 and west_only == 7


def _place_all_allies(g: leyte.Game) -> None:
    while g.decision.player in ALLIES and g.decision.kind == "setup":
        g.apply(g.decision.options[0])


def test_the_ijn_places_behind_its_screen_and_sees_allied_counters_only() -> None:
    g = _setup()
    ev = []
    while g.decision.kind == "setup":
        ev += g.apply(g.decision.options[-1])
    seen_by_ijn = [e for e in ev if e.seen_by("IJN") and e.kind.startswith("setup")]
    assert seen_by_ijn and all("Iowa" not in e.text for e in seen_by_ijn if e.kind == "setup_seen")
    for seat in ALLIES:
        assert not any(e.kind == "setup" and e.visible == ("IJN",) for e in g.log(seat))
        assert all(set(m) <= {"label", "hex", "moved", "units"} for m in g.view(seat)["markers"].values())


def test_a_place_outside_the_zones_is_refused_and_changes_nothing() -> None:
    g = _setup()
    before = g.state_digest()
    with pytest.raises(IllegalAction):
        g.apply({"kind": "place", "unit": "iowa", "to": "E7"})
    assert g.state_digest() == before
